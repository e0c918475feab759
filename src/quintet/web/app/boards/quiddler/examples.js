// The rules page's pictures (app/rules.js): words laid down, the cards kept and the
// discard, drawn with the board's own card faces from a JSON example in rules.<lang>.md:
//   {"kind": "go_out", "words": [["qu", "i", "t", "e"], ["a", "t"]], "unused": [], "discard": "k"}
// Under each word: its letters and points, counted with the board's own card values.
import { html } from 'htm/preact';
import { Face, cardLabel, points, signed, spell } from './cards.js';

function Cards({ cards, t }) {
  return html`<span class="rx-word" role="img" aria-label=${cards.map((c) => cardLabel(c, t)).join('; ')}>
    ${cards.map((card) => html`<${Face} card=${card} />`)}</span>`;
}

export function Example({ data, t }) {
  const { words = [], unused = [], discard = null } = data;
  return html`<div class="qd-board rx-example">
    <div class="rx-row">
      ${words.map((word) => html`<span class="rx-item" data-word=${spell(word)}>
        <${Cards} cards=${word} t=${t} />
        <span class="rx-tag">${spell(word)} ${signed(points(word))}</span></span>`)}
      ${unused.length
        ? html`<span class="rx-item rx-unused">
            <${Cards} cards=${unused} t=${t} />
            <span class="rx-tag">${t('quiddler.field.unused')} ${signed(-points(unused))}</span></span>`
        : null}
      ${discard
        ? html`<span class="rx-item rx-discard">
            <${Cards} cards=${[discard]} t=${t} />
            <span class="rx-tag">${t('quiddler.field.discard_pile')}</span></span>`
        : null}
    </div>
  </div>`;
}
