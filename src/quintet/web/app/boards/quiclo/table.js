// The pieces on the table: cards, the other players' plates and the three stacks.
import { html } from 'htm/preact';
import { Icon } from '../../ui.js';
import { continent, stackNo } from './words.js';

export function Card({ card, t, size = '', pressed, onClick, yours, extra = '', disabled }) {
  const c = continent(card);
  const name = t(`quiclo.continent.${c}`);
  const label = [
    t(yours ? 'quiclo.card_yours' : 'quiclo.card_label', { card, continent: name }),
    pressed ? t('quiclo.card_in_chain') : '',
  ].filter(Boolean).join(', ');
  const body = html`
    <span class="qc-band" aria-hidden="true">${t(`quiclo.continent_short.${c}`)}</span>
    <span class="qc-num" aria-hidden="true">${card}</span>
    ${pressed ? html`<span class="qc-tick" aria-hidden="true">✓</span>` : null}`;
  const cls = `qc-card qc-c${c} ${size} ${pressed ? 'qc-pressed' : ''} ${extra}`;
  if (!onClick) {
    return html`<span class=${cls} role="img" aria-label=${label} data-card=${card}>${body}</span>`;
  }
  return html`<button type="button" class=${cls} aria-label=${label} aria-pressed=${pressed ? 'true' : 'false'}
    data-card=${card} disabled=${disabled} onClick=${onClick}>${body}</button>`;
}

function Backs({ count }) {
  const shown = Math.min(count, 12);
  return html`<span class="qc-backs" aria-hidden="true">
    ${Array.from({ length: shown }, (_, i) => html`<span key=${i} class="qc-back"></span>`)}</span>`;
}

export function seconds(until, now) {
  return Math.max(0, Math.ceil((until - now) / 1000));
}

export function Plate({ seat, view, names, now, t, me, bot, voted }) {
  const count = view.hand_counts?.[seat] ?? 0;
  const out = view.sitting_out?.[seat];
  const cards = view.hands?.[seat];
  const running = !view.over;
  const left = out !== null && out !== undefined && running ? seconds(out, now) : null;
  return html`
    <li class=${`qc-plate ${left !== null ? 'qc-out' : ''} ${me ? 'qc-me' : ''}`} data-seat=${seat}
      data-voted=${voted ? 'true' : 'false'}
      aria-label=${`${names[seat]}: ${t('quiclo.hand_count', { count })}${left !== null ? `, ${t('quiclo.sits_out_label', { seconds: left })}` : ''}${voted ? `, ${t('quiclo.voted_badge')}` : ''}`}>
      <div class="qc-plate-head">
        <span class=${`avatar qc-avatar seat-color-${seat % 8}`} aria-hidden="true">${bot ? html`<${Icon} name="bot" />` : (names[seat] || '?').slice(0, 1).toUpperCase()}</span>
        <span class="qc-plate-name">${names[seat]}</span>
        <span class="qc-count" data-count=${count}>${t('quiclo.hand_count', { count })}</span>
        ${left !== null
          ? html`<span class="qc-out-badge" role="timer"><${Icon} name="clock" /> ${t('quiclo.sits_out', { seconds: left })}</span>`
          : null}
        ${voted ? html`<span class="qc-voted-badge">${t('quiclo.voted_badge')}</span>` : null}
      </div>
      ${Array.isArray(cards)
        ? html`<div class="qc-plate-cards">${cards.map((card) => html`<${Card} key=${card} card=${card} t=${t} size="qc-mini" />`)}</div>`
        : html`<div class="qc-plate-cards" title=${t('quiclo.hidden_hand', { count })}><${Backs} count=${count} />
            <span class="sr-only">${t('quiclo.hidden_hand', { count })}</span></div>`}
    </li>`;
}

export function Stack({ stack, view, t, target, inChain, flash, onTop, onTarget, canBuild }) {
  const top = view.tops[stack];
  const height = view.heights?.[stack] ?? 1;
  const layers = Math.min(Math.max(height - 1, 0), 6);
  const depth = Array.from({ length: layers }, (_, i) => `${(i + 1) * 2}px ${(i + 1) * 3}px 0 -1px #d8ccb3, ${(i + 1) * 2}px ${(i + 1) * 3}px 0 0 #a8997c`).join(', ');
  const label = t('quiclo.stack_label', {
    n: stackNo(stack),
    card: top,
    continent: t(`quiclo.continent.${continent(top)}`),
    height: t('quiclo.stack_height', { count: height }),
  });
  return html`
    <div class=${`qc-stack ${target ? 'qc-target' : ''} ${flash ? 'qc-flash' : ''}`} data-stack=${stack} data-top=${top}
      role="group" aria-label=${label}>
      <div class="qc-stack-head">
        <span class="qc-stack-name">${t('quiclo.stack', { n: stackNo(stack) })}</span>
        <span class="qc-stack-height">${t('quiclo.stack_height', { count: height })}</span>
      </div>
      <div class="qc-pile" style=${depth ? `--depth: ${depth}` : ''}>
        <${Card} card=${top} t=${t} size="qc-big" pressed=${inChain} onClick=${canBuild ? onTop : null}
          extra=${target ? 'qc-is-target' : ''} />
        ${target ? html`<span class="qc-target-tag">${t('quiclo.stack_target')}</span>` : null}
      </div>
      ${canBuild
        ? html`<button type="button" class="small qc-as-result" onClick=${onTarget}
            aria-label=${t('quiclo.use_as_result_label', { card: top, n: stackNo(stack) })}>${t('quiclo.use_as_result', { card: top })}</button>`
        : null}
    </div>`;
}
