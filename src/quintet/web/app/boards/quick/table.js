// Your table: the row of face-down piles with their sizes, the gaps between them (a new
// pile), and your hand. With an empty hand a pile is one button: take its top card.
// With a card in hand each pile offers its top and its bottom, and every gap a new
// pile. Dragging does the same: a pile's top card onto the hand, or the hand's card
// onto a pile's top or bottom half or into a gap.
import { html } from 'htm/preact';
import { CardBack, CardFace } from './cards.js';
import { cardText, pileKey, pileNo } from './words.js';

const DRAG_TYPE = 'text/x-quick';
const MAX_BACKS = 10;

/** Drag and drop: what is dragged is told through `drag` (a ref shared by the pieces). */
function dropZone(drag, kind, onDrop) {
  return {
    onDragOver: (e) => {
      if (drag.current?.kind !== kind) return;
      e.preventDefault();
      e.dataTransfer.dropEffect = 'move';
      e.currentTarget.classList.add('qk-drop');
    },
    onDragLeave: (e) => e.currentTarget.classList.remove('qk-drop'),
    onDrop: (e) => {
      e.currentTarget.classList.remove('qk-drop');
      if (drag.current?.kind !== kind) return;
      e.preventDefault();
      const what = drag.current;
      drag.current = null;
      onDrop(what, e);
    },
  };
}

function dragSource(drag, what) {
  return {
    draggable: true,
    onDragStart: (e) => {
      drag.current = what;
      e.dataTransfer.effectAllowed = 'move';
      e.dataTransfer.setData(DRAG_TYPE, JSON.stringify(what));
    },
    onDragEnd: () => {
      drag.current = null;
    },
  };
}

function Backs({ count }) {
  const shown = Math.min(count, MAX_BACKS);
  return html`<span class="qk-backs" style=${`--layers: ${shown}`} aria-hidden="true">
    ${Array.from({ length: shown }, (_, i) => html`<${CardBack} key=${i} />`)}</span>`;
}

function Gap({ at, piles, holding, canAct, onNew, drag, t }) {
  if (!holding || !canAct) return html`<span class="qk-gap qk-gap-idle" aria-hidden="true"></span>`;
  const label = at === piles
    ? t('quick.new_pile_end')
    : t('quick.new_pile_before', { n: pileNo(at) });
  return html`<button type="button" class="qk-gap" data-gap=${at} aria-label=${label} title=${label}
    onClick=${(e) => onNew(at, e)} ...${dropZone(drag, 'place', () => onNew(at))}>
    <span aria-hidden="true">+</span></button>`;
}

function Pile({ index, size, holding, canAct, selected, onTake, onPlace, drag, t }) {
  const n = pileNo(index);
  const count = t('quick.cards', { count: size });
  const key = pileKey(index);
  const head = html`<span class="qk-pile-head"><kbd class="qk-key">${key}</kbd> <span class="qk-pile-word">${t('quick.pile', { n })}</span></span>`;
  const stack = html`<${Backs} count=${size} /><span class="qk-size" data-size=${size}>${size}</span>`;
  if (!canAct) {
    return html`<div class="qk-pile" data-pile=${index} data-size=${size} role="group"
      aria-label=${t('quick.pile_label', { n, count })}>${head}<span class="qk-stack">${stack}</span></div>`;
  }
  if (!holding) {
    return html`<div class="qk-pile" data-pile=${index} data-size=${size}>${head}
      <button type="button" class="qk-stack qk-take" aria-label=${t('quick.take_label', { n, count, key })}
        onClick=${(e) => onTake(index, e)} ...${dragSource(drag, { kind: 'take', pile: index })}>${stack}</button></div>`;
  }
  // Dropped on the stack itself: its upper half is the top, its lower half the bottom.
  const onStackDrop = (_, e) => {
    const box = e.currentTarget.getBoundingClientRect();
    onPlace(index, e.clientY < box.top + box.height / 2 ? 'top' : 'bottom');
  };
  return html`<div class=${`qk-pile qk-holding ${selected ? 'qk-selected' : ''}`} data-pile=${index} data-size=${size}
      role="group" aria-label=${t('quick.pile_label', { n, count })}>
    ${head}
    <button type="button" class="qk-end qk-end-top" data-end="top" aria-label=${t('quick.place_top_label', { n })}
      onClick=${(e) => onPlace(index, 'top', e)} ...${dropZone(drag, 'place', () => onPlace(index, 'top'))}>
      <span class="qk-arrow" aria-hidden="true">▲</span> ${t('quick.top')}</button>
    <span class="qk-stack" ...${dropZone(drag, 'place', onStackDrop)}>${stack}</span>
    <button type="button" class="qk-end qk-end-bottom" data-end="bottom" aria-label=${t('quick.place_bottom_label', { n })}
      onClick=${(e) => onPlace(index, 'bottom', e)} ...${dropZone(drag, 'place', () => onPlace(index, 'bottom'))}>
      <span class="qk-arrow" aria-hidden="true">▼</span> ${t('quick.bottom')}</button>
  </div>`;
}

/** The row of piles (a table of anyone: `canAct` only on your own while sorting). */
export function Piles({ piles, holding, canAct, selected, onTake, onPlace, onNew, drag, t }) {
  const items = [];
  piles.forEach((size, index) => {
    items.push(html`<${Gap} key=${`g${index}`} at=${index} piles=${piles.length} holding=${holding} canAct=${canAct}
      onNew=${onNew} drag=${drag} t=${t} />`);
    items.push(html`<${Pile} key=${`p${index}`} index=${index} size=${size} holding=${holding} canAct=${canAct}
      selected=${selected === index} onTake=${onTake} onPlace=${onPlace} drag=${drag} t=${t} />`);
  });
  items.push(html`<${Gap} key="gend" at=${piles.length} piles=${piles.length} holding=${holding} canAct=${canAct}
    onNew=${onNew} drag=${drag} t=${t} />`);
  return html`<div class="qk-piles" role="group" aria-label=${t('quick.your_piles', { count: piles.length })}>
    ${items}</div>`;
}

/** Your hand: the one card you hold (draggable onto a pile), or an empty slot that takes
 * a pile's top card dropped on it. */
export function Hand({ card, canAct, onTake, drag, t }) {
  if (card) {
    const source = canAct ? dragSource(drag, { kind: 'place' }) : {};
    return html`<div class="qk-hand" data-holding="true" aria-label=${t('quick.hand_label', { card: cardText(card, t) })}>
      <span class=${`qk-hand-card ${canAct ? 'qk-draggable' : ''}`} ...${source}>
        <${CardFace} card=${card} t=${t} label=${t('quick.hand_label', { card: cardText(card, t) })} /></span>
    </div>`;
  }
  const zone = canAct ? dropZone(drag, 'take', (what) => onTake(what.pile)) : {};
  return html`<div class="qk-hand qk-hand-empty" data-holding="false" ...${zone}>
    <span class="qk-slot">${t(canAct ? 'quick.hand_empty_act' : 'quick.hand_empty')}</span></div>`;
}
