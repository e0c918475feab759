// Cards as they look on the table: a sorting card's face (its number, its big letter on
// its colour, its flames), a card back, and the instruction cards in play, drawn upside
// down where they lie turned. Colour is never the only cue: every face names its colour.
import { html } from 'htm/preact';
import { COLOURS, LETTERS, MAX_FLAMES, cardText, criterion } from './words.js';

const FLAME_PATH = 'M12 2c.6 3.3 4.9 5.6 4.9 10.7A4.9 4.9 0 0 1 7.1 13c0-2.5 1.3-3.9 2.3-5.4.3 1.6.9 2.6 1.9 3.3.5-3.1.1-6 .7-8.9z';

export function Flame({ className = '' }) {
  return html`<svg class=${`qk-flame ${className}`} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
    <path d=${FLAME_PATH} /></svg>`;
}

function Flames({ count }) {
  return html`<span class="qk-flames" aria-hidden="true">
    ${Array.from({ length: count }, (_, i) => html`<${Flame} key=${i} />`)}</span>`;
}

/** A sorting card face up. `size`: '' (hand), 'qk-small' (checking), 'qk-mini'. */
export function CardFace({ card, t, size = '', extra = '', label = null }) {
  return html`<span class=${`qk-card qk-col-${card.colour} ${size} ${extra}`} role="img"
    aria-label=${label ?? cardText(card, t)} data-card=${card.number}>
    <span class="qk-card-num" aria-hidden="true">${card.number}</span>
    <span class="qk-card-colour" aria-hidden="true">${t(`quick.colour_short.${card.colour}`)}</span>
    <span class="qk-card-letter" aria-hidden="true">${card.letter}</span>
    <${Flames} count=${card.flames} />
  </span>`;
}

export function CardBack({ size = '' }) {
  return html`<span class=${`qk-back ${size}`} aria-hidden="true"></span>`;
}

/** What one instruction card shows, from its first value to its last. */
function Scale({ name }) {
  if (name === 'letter') {
    return html`<span class="qk-scale"><b>${LETTERS[0]}</b><i>→</i><b>${LETTERS[LETTERS.length - 1]}</b></span>`;
  }
  if (name === 'colour') {
    return html`<span class="qk-scale qk-swatches">
      ${COLOURS.map((c) => html`<span key=${c} class=${`qk-swatch qk-col-${c}`}></span>`)}</span>`;
  }
  if (name === 'flames') {
    return html`<span class="qk-scale"><${Flame} /><i>→</i><span class="qk-flames-n"><${Flame} />×${MAX_FLAMES}</span></span>`;
  }
  return html`<span class="qk-scale"><b>1</b><i>→</i><b>72</b></span>`;
}

/** The instruction cards in play, left to right: OBEN/UNTEN, then the criteria. */
export function Instructions({ criteria, t, simplified }) {
  const cards = (criteria ?? []).map(criterion);
  return html`
    <ol class="qk-instructions" aria-label=${t('quick.instructions')}>
      <li class="qk-icard qk-oben" aria-label=${t('quick.oben_label')}>
        <span class="qk-icard-face" aria-hidden="true">
          <span class="qk-oben-word">OBEN</span>
          <span class="qk-oben-mid">${t('quick.oben_small')}</span>
          <span class="qk-oben-word qk-unten">UNTEN</span>
        </span>
      </li>
      ${cards.map(({ name, turned }) => html`
        <li key=${name} class=${`qk-icard qk-i-${name} ${turned ? 'qk-turned' : ''}`} data-criterion=${name}
          data-turned=${turned ? 'true' : 'false'}
          aria-label=${t(turned ? 'quick.criterion_turned' : 'quick.criterion_label', { name: t(`quick.criterion.${name}`), order: t(`quick.order.${name}.${turned ? 'down' : 'up'}`) })}>
          <span class="qk-icard-face" aria-hidden="true">
            <span class="qk-icard-name">${t(`quick.criterion.${name}`)}</span>
            <${Scale} name=${name} />
          </span>
          ${turned ? html`<span class="qk-icard-note" aria-hidden="true">${t('quick.turned_note', { order: t(`quick.order_short.${name}`) })}</span>` : null}
        </li>`)}
      ${simplified ? html`<li class="qk-icard qk-i-none" aria-label=${t('quick.simplified_label')}>
          <span class="qk-icard-face" aria-hidden="true"><span class="qk-icard-name">${t('quick.simplified')}</span></span></li>` : null}
    </ol>`;
}
