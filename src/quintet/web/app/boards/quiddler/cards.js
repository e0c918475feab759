// Quiddler cards: their points, how they are drawn (like the real cards: the letters big
// in the middle, the points in two corners) and how they are named aloud.
import { html } from 'htm/preact';

/** Each card's points, as src/quintet/games/quiddler/components.py deals them (a test
 * compares the two). */
export const VALUES = {
  a: 2, b: 8, c: 8, d: 5, e: 2, f: 6, g: 6, h: 7, i: 2, j: 13, k: 8, l: 3, m: 5,
  n: 5, o: 2, p: 6, q: 15, r: 5, s: 3, t: 3, u: 4, v: 11, w: 10, x: 12, y: 4, z: 14,
  er: 7, cl: 10, in: 7, th: 9, qu: 9,
};

export const value = (card) => VALUES[card] ?? 0;
export const points = (cards) => cards.reduce((sum, c) => sum + value(c), 0);
/** The letters cards spell, shown in capitals: ["qu", "i", "t"] -> "QUIT". */
export const spell = (cards) => cards.join('').toUpperCase();
/** A signed number with a real minus sign: "+7", "−4", "0" (the shared one). */
export { signed } from '../../i18n.js';

/** A card's name for a screen reader: "QU, 9 points". */
export function cardLabel(card, t) {
  return t('quiddler.card', { letters: card.toUpperCase(), count: value(card) });
}

/** The face of a card (no control): letters and points. `small` for piles and racks. */
export function Face({ card, small = false }) {
  const v = value(card);
  return html`<span class=${`qd-face ${card.length > 1 ? 'qd-two' : ''} ${small ? 'qd-small' : ''}`} aria-hidden="true">
    <span class="qd-pts qd-pts-top">${v}</span>
    <span class="qd-letters">${card.toUpperCase()}</span>
    <span class="qd-pts qd-pts-bottom">${v}</span>
  </span>`;
}

/** The back of a card (the draw pile, the others' hands). */
export function Back({ small = false }) {
  return html`<span class=${`qd-back ${small ? 'qd-small' : ''}`} aria-hidden="true"><span class="qd-back-mark">Q</span></span>`;
}
