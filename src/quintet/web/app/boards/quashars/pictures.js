// The pictures: a colour's symbol, a condition card's glyph and a card's face, drawn as
// inline SVG and text (no font or image needed).
import { html } from 'htm/preact';
import { COLOURS, cardName, parseCard } from './words.js';

// ------------------------------------------------------------------------ symbols

const RAYS = Array.from({ length: 8 }, (_, k) => {
  const a = (k * Math.PI) / 4;
  const r1 = 7.8;
  const r2 = 10.8;
  return [12 + r1 * Math.cos(a), 12 + r1 * Math.sin(a), 12 + r2 * Math.cos(a), 12 + r2 * Math.sin(a)]
    .map((x) => x.toFixed(2));
});

// One shape per colour, drawn inline (no font needed): ♦ red, ☀ yellow, ♣ green, ♠ blue.
function SuitShape({ colour }) {
  switch (colour) {
    case 0:
      return html`<path d="M12 1.5 20.5 12 12 22.5 3.5 12z" />`;
    case 1:
      return html`<circle cx="12" cy="12" r="5.4" />
        <g stroke="currentColor" stroke-width="2.3" stroke-linecap="round">
          ${RAYS.map(([x1, y1, x2, y2]) => html`<line x1=${x1} y1=${y1} x2=${x2} y2=${y2} />`)}
        </g>`;
    case 2:
      return html`<circle cx="12" cy="7.3" r="4.7" /><circle cx="6.9" cy="14" r="4.7" />
        <circle cx="17.1" cy="14" r="4.7" /><path d="M12 10.5 14.8 22.5H9.2z" />`;
    default:
      return html`<path d="M12 1.5C9.2 6 3 9.4 3 14.3 3 17 5 18.9 7.5 18.9c1.5 0 2.8-.7 3.6-1.8L9.5 22.5h5l-1.6-5.4c.8 1.1 2.1 1.8 3.6 1.8 2.5 0 4.5-1.9 4.5-4.6C21 9.4 14.8 6 12 1.5z" />`;
  }
}

export function Suit({ colour, className = '' }) {
  return html`<svg class=${`qs-suit qs-ink-${colour} ${className}`} viewBox="0 0 24 24" aria-hidden="true"
    focusable="false" fill="currentColor"><${SuitShape} colour=${colour} /></svg>`;
}

/** A condition card's picture: the colour's symbol, a number range, or a short sign. */
export function CondGlyph({ id }) {
  const colour = COLOURS.indexOf(id);
  if (colour >= 0) return html`<${Suit} colour=${colour} className="qs-glyph-suit" />`;
  if (id === 'no_red') {
    return html`<span class="qs-glyph-stack"><${Suit} colour=${0} className="qs-glyph-suit" />
      <svg class="qs-glyph-strike" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <line x1="3" y1="21" x2="21" y2="3" stroke="currentColor" stroke-width="2.6" stroke-linecap="round" /></svg></span>`;
  }
  if (id === 'all_colours') {
    return html`<span class="qs-glyph-four">${[0, 1, 2, 3].map((c) => html`<${Suit} colour=${c} />`)}</span>`;
  }
  const text = {
    odd: '1 3 5',
    even: '2 4 6',
    low: '1\u20133',
    high: '10\u201312',
    in_a_row: '\u00bb\u00bb',
    first_or_last: '1\u202612',
    three_tricks: '=3',
    four_tricks: '=4',
    no_tricks: '=0',
    most_tricks: 'max',
  }[id] ?? '?';
  return html`<span class="qs-glyph-text">${text}</span>`;
}

// -------------------------------------------------------------------------- cards

export function CardFace({ card }) {
  return html`
    <span class="qs-corner" aria-hidden="true"><span class="qs-num">${card.number}</span><${Suit} colour=${card.colour} /></span>
    <span class="qs-pip" aria-hidden="true"><${Suit} colour=${card.colour} /></span>
    <span class="qs-corner qs-corner-end" aria-hidden="true"><span class="qs-num">${card.number}</span><${Suit} colour=${card.colour} /></span>`;
}

/** A card on the table (not a control): a picture with its name. */
export function TableCard({ code, t, className = '' }) {
  const card = parseCard(code);
  if (!card) return null;
  return html`<div class=${`qs-card qs-c-${card.colour} ${className}`} role="img" data-card=${code}
    aria-label=${cardName(code, t, true)}><${CardFace} card=${card} /></div>`;
}
