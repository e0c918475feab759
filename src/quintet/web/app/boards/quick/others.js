// The players' cards: name, chips, piles as counts, whether they hold a card, their
// KLAAR place and, after checking, their verdict.
import { html } from 'htm/preact';
import { Icon } from '../../ui.js';
import { CardBack } from './cards.js';
import { CHIPS_TO_WIN, nameOf } from './words.js';

export function Chips({ count, t }) {
  return html`<span class="qk-chips" role="img" aria-label=${t('quick.chips', { count })} data-chips=${count}>
    ${Array.from({ length: CHIPS_TO_WIN }, (_, i) => html`<span key=${i} class=${`qk-chip ${i < count ? 'qk-chip-won' : ''}`}></span>`)}
  </span>`;
}

export function Verdict({ verdict, t }) {
  if (!verdict) return null;
  return html`<span class=${`qk-verdict qk-v-${verdict}`} data-verdict=${verdict}>${t(`quick.verdict.${verdict}`)}</span>`;
}

export function KlaarBadge({ place, t }) {
  if (!place) return null;
  return html`<span class="qk-klaar-badge" data-klaar=${place}>${t('quick.klaar_place', { place })}</span>`;
}

function PlayerCard({ view, seat, names, t, me, bot, acting }) {
  const table = view.tables[seat];
  const name = nameOf(names, seat, t);
  const piles = table.piles ?? [];
  const cards = piles.reduce((a, b) => a + b, 0) + (table.holding ? 1 : 0);
  const label = [
    name,
    t('quick.chips', { count: table.chips }),
    t('quick.piles_label', { count: piles.length, sizes: piles.join(', ') }),
    table.holding ? t('quick.holds_card') : t('quick.holds_none'),
    table.klaar ? t('quick.klaar_place', { place: table.klaar }) : '',
    table.verdict ? t(`quick.verdict.${table.verdict}`) : '',
  ].filter(Boolean).join(', ');
  return html`<li class=${`qk-player ${me ? 'qk-me' : ''} ${acting ? 'qk-acting' : ''} ${table.klaar ? 'qk-done' : ''}`}
    data-seat=${seat} data-piles=${piles.join(',')} data-holding=${table.holding ? 'true' : 'false'} aria-label=${label}>
    <div class="qk-player-head">
      <span class=${`avatar qk-avatar seat-color-${seat % 8}`} aria-hidden="true">${bot ? html`<${Icon} name="bot" />` : name.slice(0, 1).toUpperCase()}</span>
      <span class="qk-player-name">${name}${me ? html` <span class="qk-you">${t('quick.you')}</span>` : null}</span>
      <${Chips} count=${table.chips} t=${t} />
    </div>
    <div class="qk-player-table" aria-hidden="true">
      ${piles.map((size, i) => html`<span key=${i} class="qk-mini-pile"><${CardBack} size="qk-mini" /><b>${size}</b></span>`)}
      ${table.holding ? html`<span class="qk-holding-mark" title=${t('quick.holds_card')}><${CardBack} size="qk-mini qk-in-hand" /></span>` : null}
      <span class="qk-player-count">${t('quick.cards', { count: cards })}</span>
    </div>
    <div class="qk-player-foot">
      <${KlaarBadge} place=${table.klaar} t=${t} />
      ${table.stopped ? html`<span class="qk-stopped">${t('quick.stopped')}</span>` : null}
      <${Verdict} verdict=${table.verdict} t=${t} />
    </div>
  </li>`;
}

/** Every player but you (a spectator sees everyone). */
export function Players({ view, seat, names, seats, t, active }) {
  const all = Array.from({ length: view.players }, (_, s) => s);
  const shown = all.filter((s) => s !== seat);
  if (!shown.length) return null;
  return html`<section class="qk-others" aria-label=${t(seat === null || seat === undefined ? 'quick.players' : 'quick.others')}>
    <ul class="qk-players">
      ${shown.map((s) => html`<${PlayerCard} key=${s} view=${view} seat=${s} names=${names} t=${t}
        bot=${seats?.[s]?.kind === 'bot'} acting=${active.includes(s)} />`)}
    </ul>
  </section>`;
}
