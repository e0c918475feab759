// Quashars cards, conditions and seats in words: the names the board, its labels and the
// game log share.

export const COLOURS = ['red', 'yellow', 'green', 'blue'];
const COLOUR_OF_LETTER = { R: 0, Y: 1, G: 2, B: 3 };

// ------------------------------------------------------------------- cards in words

/** "Y9" -> {code, colour: 1, number: 9}; null for anything else. */
export function parseCard(code) {
  const match = /^([RYGB])(\d{1,2})$/.exec(String(code));
  if (!match) return null;
  return { code, colour: COLOUR_OF_LETTER[match[1]], number: Number(match[2]) };
}

export function colourName(colour, t) {
  return t(`quashars.colour.${COLOURS[colour]}`);
}

/** A card in words: "yellow 9"; with `trump`, red cards say so: "red 9 (trump)". */
export function cardName(code, t, trump = false) {
  const card = parseCard(code);
  if (!card) return String(code);
  const args = { colour: colourName(card.colour, t), number: card.number };
  return trump && card.colour === 0 ? t('quashars.card_trump', args) : t('quashars.card', args);
}

export function condName(id, t) {
  return t(`quashars.cond.${id}.short`);
}

// Points with their sign ("+4", "−4"), as every board and the shell write them.
export { signed } from '../../i18n.js';

export function joinList(items) {
  return items.join(', ');
}

/** A seat's badge: its name's initial; when another seat shares it, the number a
 * numbered name ends with ("Bot 3" is B3), else its first two letters (Ben beside the
 * bots is Be, not B2), else its seat number. */
export function initial(names, seat) {
  const name = (names[seat] ?? '?').trim();
  const letter = name.slice(0, 1).toUpperCase();
  const others = names.filter((_, s) => s !== seat).map((n) => (n ?? '?').trim());
  if (!others.some((n) => n.slice(0, 1).toUpperCase() === letter)) return letter;
  const number = name.match(/(\d+)$/);
  if (number) return `${letter}${number[1]}`;
  const two = letter + name.slice(1, 2).toLowerCase();
  if (name.length > 1 && !others.some((n) => (n.slice(0, 1).toUpperCase() + n.slice(1, 2).toLowerCase()) === two)) return two;
  return `${letter}${seat + 1}`;
}
