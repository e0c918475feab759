// What the Double Quick! board's pieces share: cells, tiles, the grid's extent, and the
// server's reasons (English sentences from crossword.problems) read back into keys and
// arguments, so that every reason is shown in the reader's language.

export const MIN_CELL = -60;
export const MAX_CELL = 60;
export const LAST_TURN = 9;
// Empty cells shown around the crossword on every side, so it can grow any way.
const MARGIN = 2;

export const cellKey = (row, col) => `${row},${col}`;

/** The tile's letter as shown: capital; a wild tile without a letter is a star. */
export function shownLetter(tile) {
  return tile.letter ? tile.letter.toUpperCase() : tile.wild ? '★' : '?';
}

/** The rows and columns to draw: the crossword and the cursor, MARGIN around them. */
export function extent(crossword, cursor, minRows = 7, minCols = 9) {
  const rows = crossword.map((tile) => tile.row);
  const cols = crossword.map((tile) => tile.col);
  if (cursor) {
    rows.push(cursor.row);
    cols.push(cursor.col);
  }
  if (!rows.length) {
    rows.push(0);
    cols.push(0);
  }
  const span = (values, least) => {
    let low = Math.min(...values) - MARGIN;
    let high = Math.max(...values) + MARGIN;
    while (high - low + 1 < least) {
      low -= 1;
      if (high - low + 1 < least) high += 1;
    }
    return [Math.max(MIN_CELL, low), Math.min(MAX_CELL, high)];
  };
  const [top, bottom] = span(rows, minRows);
  const [left, right] = span(cols, minCols);
  return { top, bottom, left, right };
}

const REASONS = [
  [/^the crossword holds (\d+) tiles?; the press needs (\d+)$/, (m) => ({ key: 'count', args: { count: +m[1], needed: +m[2] } })],
  [/^the tiles are not connected: they lie in (\d+) separate parts$/, (m) => ({ key: 'parts', args: { count: +m[1] } })],
  [/^a single tile is no word$/, () => ({ key: 'single', args: {} })],
  [
    /^([A-Z]+) \((across|down) from row (-?\d+), column (-?\d+)\) is not a word$/,
    (m) => ({ key: 'not_word', args: { word: m[1], across: m[2] === 'across', row: +m[3], col: +m[4] } }),
  ],
];

/** A reason of the server as {key, args}, or {text} when it is none of the known ones. */
export function readReason(text) {
  for (const [pattern, make] of REASONS) {
    const match = pattern.exec(text);
    if (match) return make(match);
  }
  return { text };
}

/** A reason of the server in the reader's language. */
export function reasonText(text, t) {
  const reason = readReason(text);
  if (reason.text !== undefined) return reason.text;
  if (reason.key === 'not_word') {
    const { word, across, row, col } = reason.args;
    return t('double-quick.reason.not_word', {
      word,
      where: t(across ? 'double-quick.where.across' : 'double-quick.where.down', { row, col }),
    });
  }
  return t(`double-quick.reason.${reason.key}`, reason.args);
}

/** The cells of the runs that are not words, from the view's `problems`. */
export function badCells(problems) {
  const cells = new Set();
  for (const text of problems ?? []) {
    const reason = readReason(text);
    if (reason.key !== 'not_word') continue;
    const { word, across, row, col } = reason.args;
    for (let i = 0; i < word.length; i += 1) {
      cells.add(across ? cellKey(row, col + i) : cellKey(row + i, col));
    }
  }
  return cells;
}

/** Seconds left until `until` (game ms), never below 0. */
export function secondsLeft(until, now) {
  return until === null || until === undefined ? null : Math.max(0, Math.ceil((until - now) / 1000));
}

export function clock(seconds) {
  if (seconds === null) return '';
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return `${m}:${String(s).padStart(2, '0')}`;
}
