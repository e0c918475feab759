// The rules page's pictures (app/rules.js): the instruction cards in play and a stack
// turned over card by card, drawn with the board's own cards from a JSON example in
// rules.<lang>.md:
//   {"kind": "stack", "criteria": ["colour", "number"], "cards": [1, 25, 2], "first_wrong": 2}
// `cards` from the top down; `first_wrong` (optional): the first card out of order,
// where checking stops (the cards below it stay face down).
import { html } from 'htm/preact';
import { CardBack, CardFace, Instructions } from './cards.js';
import { COLOURS, LETTERS } from './words.js';

/** Card n of the deck, as docs/rules/quick.md defines it (RULINGS §1). */
function card(n) {
  const i = ((n - 1) * 29) % 72;
  const twelve = i % 12;
  const six = Math.floor(i / 12);
  return { number: n, letter: LETTERS[twelve], colour: COLOURS[six], flames: ((twelve + six) % 6) + 1 };
}

export function Example({ data, t }) {
  const { criteria, cards, first_wrong: wrong = null, simplified = false } = data;
  return html`<div class="qk-board rx-example">
    <${Instructions} criteria=${criteria} t=${t} simplified=${simplified} />
    <ol class="rx-row rx-stack">
      ${cards.map((n, i) => html`<li class="rx-item" data-card=${n}>
        ${wrong !== null && i > wrong
          ? html`<${CardBack} size="qk-small" />`
          : html`<${CardFace} card=${card(n)} t=${t} size="qk-small" extra=${i === wrong ? 'qk-wrong' : ''} />`}
        <span class="rx-tag">${i + 1}.</span></li>`)}
    </ol>
  </div>`;
}
