// The seats around the table: each one's prediction chips, its stats and whether it is to
// act, with a summary in words for screen readers.
import { html } from 'htm/preact';
import { initial } from './words.js';

// --------------------------------------------------------------------------- chips

const CHIPS_DRAWN = 8;

/** Prediction chips in front of a seat: those still out, those returned (hollow), the
 * flex chip (a different shape) and chips taken (marked with a minus). Shapes and marks,
 * not only colours, tell them apart; the seat's summary says it in words. */
function Chips({ prediction, chips }) {
  if (!prediction) return null;
  const total = prediction.chips;
  const left = chips?.left ?? total;
  const taken = chips?.taken ?? 0;
  const flexLeft = chips?.flex_left ?? prediction.flex;
  const items = [];
  if (total <= CHIPS_DRAWN) {
    for (let i = 0; i < total; i += 1) items.push(i < left ? 'out' : 'back');
  } else {
    if (left) items.push(['out', left]);
    if (total - left) items.push(['back', total - left]);
  }
  return html`<span class="qs-chips" aria-hidden="true">
    ${items.map((item) => {
      const [kind, count] = Array.isArray(item) ? item : [item, null];
      return html`<span class=${`qs-chip qs-chip-${kind}`}>${count !== null ? `\u00d7${count}` : kind === 'back' ? '\u2713' : ''}</span>`;
    })}
    ${prediction.flex ? html`<span class=${`qs-chip qs-chip-flex ${flexLeft ? 'qs-chip-out' : 'qs-chip-back'}`}>+1</span>` : null}
    ${taken > 0 && taken <= CHIPS_DRAWN
      ? Array.from({ length: taken }, () => html`<span class="qs-chip qs-chip-taken">\u2212</span>`)
      : null}
    ${taken > CHIPS_DRAWN ? html`<span class="qs-chip qs-chip-taken">\u2212${taken}</span>` : null}
    ${total === 0 && !prediction.flex && taken === 0 ? html`<span class="qs-chip qs-chip-none">0</span>` : null}
  </span>`;
}

export function predictionText(prediction, t) {
  if (!prediction) return null;
  return prediction.flex
    ? t('quashars.pred_flex', { chips: prediction.chips, next: prediction.chips + 1 })
    : String(prediction.chips);
}

function chipsText(prediction, chips, t) {
  if (!prediction || !chips) return '';
  const parts = [t('quashars.chips.left', { count: chips.left })];
  if (prediction.flex) parts.push(chips.flex_left ? t('quashars.chips.flex_left') : t('quashars.chips.flex_back'));
  if (chips.taken) parts.push(t('quashars.chips.taken', { count: chips.taken }));
  return parts.join(', ');
}

// ---------------------------------------------------------------------- the seats

export function Pod({ view, seat, position, me, t, names, active }) {
  const prediction = view.predictions?.[seat] ?? null;
  const chips = view.chips?.[seat] ?? null;
  const tricks = view.tricks_won?.[seat] ?? 0;
  const met = view.met?.[seat] ?? 0;
  const name = names[seat];
  const predicting = view.phase === 'predict' && view.to_act === seat;
  const leads = view.phase === 'play' && view.leader === seat;
  const summary = [
    me ? t('quashars.you_are', { who: name }) : name,
    prediction
      ? t('quashars.pod.predicted', { value: predictionText(prediction, t) })
      : predicting ? t('quashars.predicting') : t('quashars.no_prediction'),
    t('quashars.pod.met', { count: met }),
    chipsText(prediction, chips, t),
    t('quashars.tricks', { count: tricks }),
    t('quashars.pod.cards', { count: view.hand_sizes?.[seat] ?? 0 }),
    active ? t('quashars.pod.to_act') : '',
  ].filter(Boolean).join('; ');
  return html`
    <div role="group" class=${`qs-pod qs-at-${position} ${me ? 'qs-me' : ''} ${active ? 'qs-active' : ''}`}
      data-seat=${seat} aria-label=${summary}>
      <div class="qs-pod-head" aria-hidden="true">
        <span class=${`avatar qs-avatar seat-color-${seat % 8}`}>${initial(names, seat)}</span>
        <span class="qs-pod-name">${name}${me ? html` <span class="qs-you">${t('quashars.you')}</span>` : null}</span>
        ${active ? html`<span class="qs-turn">${predicting ? t('quashars.turn_predict') : t('quashars.turn_play')}</span>` : null}
        ${leads && !active ? html`<span class="qs-lead">${t('quashars.leads')}</span>` : null}
      </div>
      <div class="qs-pod-chips" aria-hidden="true">
        ${prediction
          ? html`<${Chips} prediction=${prediction} chips=${chips} />`
          : html`<span class="qs-pending">${predicting ? t('quashars.predicting') : t('quashars.no_prediction')}</span>`}
      </div>
      <dl class="qs-stats" aria-hidden="true">
        <div><dt><span class="qs-stat-long">${t('quashars.stat.prediction')}</span><span class="qs-stat-short">${t('quashars.stat.prediction_short')}</span></dt><dd class="qs-stat-pred">${prediction ? predictionText(prediction, t) : '\u2013'}</dd></div>
        <div><dt>${t('quashars.stat.met')}</dt><dd class="qs-stat-met">${met}</dd></div>
        <div><dt>${t('quashars.stat.tricks')}</dt><dd class="qs-stat-tricks">${tricks}</dd></div>
      </dl>
    </div>`;
}
