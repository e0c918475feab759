// The rules page's pictures (app/rules.js): a crossword with its score, drawn with the
// board's own small grid from a JSON example in rules.<lang>.md:
//   {"kind": "crossword", "grid": ["BOX", "E..", "D.."]}
// Rows of letters, "." for an empty cell, a lower-case letter for a wild tile. Every run
// of 2 or more is taken to be a word; a tile in a word across and a word down is marked
// and counts double, as the board marks it at the end of a game.
import { html } from 'htm/preact';
import { MiniGrid } from './tiles.js';
import { cellKey } from './words.js';

// The tile colours and points (docs/rules/double-quick.md, RULINGS §2).
const GREEN = 'BCFGHMPWYKV';
const RED = 'JQXZ';
const POINTS = { black: 1, green: 5, red: 10, wild: 10 };

function tileOf(char, row, col) {
  const wild = char === char.toLowerCase();
  const letter = char.toUpperCase();
  const colour = wild ? 'wild' : RED.includes(letter) ? 'red' : GREEN.includes(letter) ? 'green' : 'black';
  return { tile: `${letter}${row}${col}`, row, col, letter: letter.toLowerCase(), wild, colour, points: POINTS[colour] };
}

/** The cells in runs of 2 or more along one direction. */
function runs(byCell, tiles, step) {
  const inRun = new Set();
  for (const tile of tiles) {
    const [dr, dc] = step;
    if (byCell.has(cellKey(tile.row - dr, tile.col - dc))) continue; // not a run's start
    const run = [];
    for (let r = tile.row, c = tile.col; byCell.has(cellKey(r, c)); r += dr, c += dc) run.push(cellKey(r, c));
    if (run.length > 1) run.forEach((key) => inRun.add(key));
  }
  return inRun;
}

export function Example({ data, t }) {
  const tiles = [];
  data.grid.forEach((line, row) => [...line].forEach((char, col) => {
    if (char !== '.') tiles.push(tileOf(char, row, col));
  }));
  const byCell = new Map(tiles.map((tile) => [cellKey(tile.row, tile.col), tile]));
  const across = runs(byCell, tiles, [0, 1]);
  const down = runs(byCell, tiles, [1, 0]);
  const good = new Set([...across, ...down]);
  const doubled = new Set([...across].filter((key) => down.has(key)));
  const counted = tiles.filter((tile) => good.has(cellKey(tile.row, tile.col)));
  const terms = counted.map((tile) => {
    const key = cellKey(tile.row, tile.col);
    const letter = tile.letter.toUpperCase();
    return doubled.has(key) ? `${letter} ${tile.points}×2` : `${letter} ${tile.points}`;
  });
  const total = counted.reduce((sum, tile) => sum + tile.points * (doubled.has(cellKey(tile.row, tile.col)) ? 2 : 1), 0);
  return html`<div class="dq-board rx-example">
    <div class="rx-row">
      <${MiniGrid} crossword=${tiles} t=${t} label=${t('double-quick.your_crossword')} good=${good} doubled=${doubled} bad=${new Set()} />
      <span class="rx-label rx-sum" data-total=${total}>${terms.join(' + ')} = <strong>${total}</strong></span>
    </div>
  </div>`;
}
