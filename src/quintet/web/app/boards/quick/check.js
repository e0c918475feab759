// Checking: the stacks turned over card by card in KLAAR order, as the view shows them
// (each table's `shown` cards, from the top, its verdict and `first_wrong`). A wrong
// stack stops at its first wrong card, which is marked; the rest stays face down.
import { html } from 'htm/preact';
import { CardBack, CardFace } from './cards.js';
import { KlaarBadge, Verdict } from './others.js';
import { cardText, checkOrder, nameOf } from './words.js';

function StackRow({ view, seat, names, t, me }) {
  const table = view.tables[seat];
  const shown = table.shown ?? [];
  const size = table.piles?.[0] ?? shown.length;
  // A wrong stack stops at its first wrong card: the view names its place (the last
  // card turned).
  const firstWrong = table.verdict === 'wrong' ? table.first_wrong ?? shown.length - 1 : null;
  const checking = view.checking === seat;
  const hidden = Math.max(0, size - shown.length);
  return html`<li class=${`qk-check-row ${checking ? 'qk-checking' : ''} ${me ? 'qk-me' : ''}`} data-seat=${seat}
    data-shown=${shown.length} data-verdict=${table.verdict ?? ''}>
    <span class="qk-check-who"><${KlaarBadge} place=${table.klaar} t=${t} /> ${nameOf(names, seat, t)}</span>
    <span class="qk-check-cards">
      ${shown.map((card, i) => {
        const first = i === firstWrong;
        const label = first ? t('quick.first_wrong_label', { card: cardText(card, t) }) : cardText(card, t);
        return html`<${CardFace} key=${i} card=${card} t=${t} size="qk-small" extra=${first ? 'qk-wrong' : ''} label=${label} />`;
      })}
      ${Array.from({ length: Math.min(hidden, 10) }, (_, i) => html`<${CardBack} key=${`b${i}`} size="qk-small" />`)}
    </span>
    <${Verdict} verdict=${table.verdict} t=${t} />
  </li>`;
}

export function Checking({ view, seat, names, t }) {
  const order = checkOrder(view);
  if (!['check', 'scored', 'over'].includes(view.phase) || !order.length) return null;
  return html`<section class="qk-check" aria-label=${t('quick.checking_title')}>
    <h2 class="qk-check-title">${t('quick.checking_title')}</h2>
    <ol class="qk-check-list">
      ${order.map((s) => html`<${StackRow} key=${s} view=${view} seat=${s} names=${names} t=${t} me=${s === seat} />`)}
    </ol>
  </section>`;
}
