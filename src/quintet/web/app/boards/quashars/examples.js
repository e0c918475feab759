// The rules page's pictures (app/rules.js): revealed conditions and a trick, drawn with
// the board's own cards and condition glyphs from a small JSON example in rules.<lang>.md:
//   {"kind": "conditions", "cards": ["odd", "yellow", "in_a_row", "three_tricks"]}
//   {"kind": "trick", "cards": [["Anna", "B7"], ...], "winner": 2, "met": ["red", "even"]}
// (the first card is the lead; `met`: the conditions the winner meets with it).
import { html } from 'htm/preact';
import { CondGlyph, TableCard } from './pictures.js';
import { cardName, condName } from './words.js';

const PILE = {
  odd: 1, even: 1, low: 1, high: 1, yellow: 2, green: 2, blue: 2, red: 2,
  in_a_row: 3, first_or_last: 3, no_red: 3, all_colours: 3,
  three_tricks: 4, four_tricks: 4, no_tricks: 4, most_tricks: 4,
};

function Conditions({ cards, t }) {
  return html`<ol class="qs-cond-list">
    ${cards.map((id) => html`<li class=${`qs-cond qs-pile-${PILE[id]}`} data-cond=${id}>
      <span class="qs-cond-pile" aria-hidden="true">${PILE[id]}</span>
      <span class="qs-cond-glyph" aria-hidden="true"><${CondGlyph} id=${id} /></span>
      <span class="qs-cond-body">
        <strong class="qs-cond-name">${t(`quashars.cond.${id}.name`)}</strong>
        <span class="qs-cond-text">${t(`quashars.cond.${id}.text`)}</span>
      </span></li>`)}
  </ol>`;
}

function Trick({ cards, winner, met, t }) {
  return html`<div class="rx-row" role="list">
      ${cards.map(([who, code], i) => html`<div role="listitem" class=${`rx-item ${i === winner ? 'rx-won qs-slot-won' : ''}`}
        aria-label=${`${who}: ${cardName(code, t, true)}${i === winner ? ' ★' : ''}`}>
        <${TableCard} code=${code} t=${t} className="qs-small" />
        <span class="rx-tag" aria-hidden="true">${i === winner ? '★ ' : ''}${who}</span>
      </div>`)}
    </div>
    ${met?.length
      ? html`<div class="rx-row rx-met">${met.map((id) => html`<span class=${`rx-chip qs-pile-${PILE[id]}`} data-cond=${id}>
          <span class="qs-cond-glyph rx-glyph" aria-hidden="true"><${CondGlyph} id=${id} /></span>${condName(id, t)}</span>`)}</div>`
      : null}`;
}

export function Example({ data, t }) {
  return html`<div class="qs-board rx-example">
    ${data.kind === 'conditions'
      ? html`<${Conditions} cards=${data.cards} t=${t} />`
      : html`<${Trick} cards=${data.cards} winner=${data.winner} met=${data.met} t=${t} />`}
  </div>`;
}
