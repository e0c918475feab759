// What the Quick board's pieces share: the colours in the order of the colour card, the
// instruction cards read from the view's criteria ("-colour" lies turned), and cards,
// piles and names in words.

/** The colour card's order: red first, purple last (docs/rules/quick.md). */
export const COLOURS = ['red', 'orange', 'yellow', 'green', 'blue', 'purple'];
export const LETTERS = 'ABCDEFGHIJKL';
export const MAX_FLAMES = 6;
export const CHIPS_TO_WIN = 6;
/** The criterion cards that may lie between OBEN/UNTEN and the 1-72 card. */
export const PROPERTIES = ['letter', 'colour', 'flames'];

/** "-colour" -> {name: "colour", turned: true}. */
export function criterion(text) {
  const turned = text.startsWith('-');
  return { name: turned ? text.slice(1) : text, turned };
}

/** A card in words: "33, J, green, 1 flame". */
export function cardText(card, t) {
  return t('quick.card', {
    number: card.number,
    letter: card.letter,
    colour: t(`quick.colour.${card.colour}`),
    flames: t('quick.flames', { count: card.flames }),
  });
}

/** Pile numbers as people count them (and as the digit keys pick them): from 1. */
export function pileNo(index) {
  return index + 1;
}

/** The digit key of a pile: 1..9, then 0 for the tenth. */
export function pileKey(index) {
  return index === 9 ? '0' : String(index + 1);
}

export function joinNames(list, t) {
  if (list.length < 2) return list.join('');
  return `${list.slice(0, -1).join(', ')}${t('quick.and')}${list[list.length - 1]}`;
}

/** The name of a seat (the shell's names tell two bots of one level apart). */
export function nameOf(names, seat, t) {
  return names?.[seat] ?? t('quick.seat_n', { n: seat + 1 });
}

/** The seats whose stacks are checked, in that order: the KLAAR callers, then a seat the
 * clock stopped whose stack is checked after them (it has cards shown or a verdict). */
export function checkOrder(view) {
  const order = [...(view.klaar ?? [])];
  (view.tables ?? []).forEach((table, seat) => {
    if (!order.includes(seat) && table.stopped && (table.shown?.length || table.verdict === 'chip' || table.verdict === 'wrong')) {
      order.push(seat);
    }
  });
  return order;
}
