// Your side of the table: the draw pile, the discard pile with its top card, and your
// hand. Cards are buttons (one tab stop for the hand: the arrow keys move along it) that
// can also be dragged: onto another card of the hand (to reorder), onto the discard
// pile, or onto the word rack (rack.js).
import { html } from 'htm/preact';
import { Back, Face, cardLabel } from './cards.js';

const DRAG_TYPE = 'text/plain';

/** Drag start for a card of the hand or the rack: carries the card's id. */
export function dragStart(id) {
  return (event) => {
    event.dataTransfer.setData(DRAG_TYPE, String(id));
    event.dataTransfer.effectAllowed = 'move';
  };
}

/** Props that make an element a drop target: `onDrop(id)` gets the dragged card's id. */
export function dropTarget(onDrop) {
  return {
    onDragOver: (event) => {
      event.preventDefault();
      event.dataTransfer.dropEffect = 'move';
    },
    onDrop: (event) => {
      event.preventDefault();
      event.stopPropagation();
      const id = Number(event.dataTransfer.getData(DRAG_TYPE));
      if (Number.isInteger(id) && id > 0) onDrop(id);
    },
  };
}

/** The two piles. `canDraw`: this seat may draw now; `chosen`: the card picked to
 * discard (shown on the pile, not yet sent). */
export function Piles({ view, t, canDraw, onDraw, chosen, onDropDiscard, onUnchoose }) {
  const top = view.discard_top;
  const drawLabel = t('quiddler.pile.draw', { count: view.draw_pile });
  const pileLabel = top
    ? t('quiddler.pile.discard', { card: cardLabel(top, t), count: view.discard_pile?.length ?? 0 })
    : t('quiddler.pile.discard_empty');
  return html`
    <div class="qd-piles">
      <div class="qd-pile">
        <button type="button" class=${`qd-pile-button ${canDraw ? 'qd-can' : ''}`} data-pile="deck"
          aria-label=${canDraw ? t('quiddler.pile.draw_now', { label: drawLabel }) : drawLabel}
          aria-disabled=${canDraw ? 'false' : 'true'} aria-keyshortcuts="d" onClick=${() => onDraw('deck')}>
          ${view.draw_pile > 0 ? html`<${Back} />` : html`<span class="qd-slot"></span>`}
        </button>
        <span class="qd-pile-caption">${t('quiddler.pile.draw_caption', { count: view.draw_pile })}</span>
      </div>
      <div class="qd-pile" ...${dropTarget(onDropDiscard)}>
        <button type="button" class=${`qd-pile-button ${canDraw && top ? 'qd-can' : ''}`} data-pile="discard"
          aria-label=${canDraw && top ? t('quiddler.pile.draw_now', { label: pileLabel }) : pileLabel}
          aria-disabled=${canDraw && top ? 'false' : 'true'} aria-keyshortcuts="p" onClick=${() => onDraw('discard')}>
          ${top ? html`<${Face} card=${top} />` : html`<span class="qd-slot"></span>`}
        </button>
        ${chosen
          ? html`<button type="button" class="qd-chosen" data-chosen=${chosen.card} onClick=${onUnchoose}
              aria-label=${t('quiddler.chosen_label', { card: cardLabel(chosen.card, t) })}>
              <${Face} card=${chosen.card} small=${true} /></button>`
          : null}
        <span class="qd-pile-caption">${chosen ? t('quiddler.pile.chosen_caption') : t('quiddler.pile.discard_caption')}</span>
      </div>
    </div>`;
}

/** Your hand: the cards not on the rack, in your order. */
export function Hand({ cards, t, cursor, fresh, handRef, onCard, onKey, onFocusCard, onDropOn, label, replay }) {
  if (!cards.length) return html`<p class="qd-empty">${t('quiddler.hand_empty')}</p>`;
  return html`
    <div class="qd-hand" role=${replay ? 'group' : 'toolbar'} ref=${handRef} aria-label=${label}
      onKeyDown=${onKey} ...${dropTarget((id) => onDropOn(id, null))}>
      ${cards.map((c, i) => replay
        ? html`<span class="qd-card" key=${c.id}><${Face} card=${c.card} /></span>`
        : html`<button type="button" key=${c.id} class=${`qd-card ${c.id === fresh ? 'qd-fresh' : ''}`}
          data-card=${c.card} data-id=${c.id} tabindex=${i === cursor ? 0 : -1} draggable="true"
          aria-label=${cardLabel(c.card, t)} onClick=${() => onCard(c.id)} onFocus=${() => onFocusCard(i)}
          onDragStart=${dragStart(c.id)} ...${dropTarget((id) => onDropOn(id, c.id))}>
          <${Face} card=${c.card} />
        </button>`)}
    </div>`;
}
