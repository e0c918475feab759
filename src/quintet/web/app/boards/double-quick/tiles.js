// The pieces: a letter tile (colour, points; a wild tile's star), and a crossword grid,
// interactive for your own table (cells are buttons, a cursor with a direction) or small
// and read-only for the others' and for the scores at the end.
import { html } from 'htm/preact';
import { cellKey, extent, shownLetter } from './words.js';

export function tileLabel(tile, t) {
  const letter = tile.letter ? tile.letter.toUpperCase() : '';
  const colour = t(`double-quick.colour.${tile.wild ? 'wild' : tile.colour}`);
  const base = tile.wild
    ? letter
      ? t('double-quick.tile_wild_as', { letter, points: tile.points })
      : t('double-quick.tile_wild', { points: tile.points })
    : t('double-quick.tile', { letter, colour, count: tile.points });
  return base;
}

/** A tile's face: its letter and points. */
export function TileFace({ tile }) {
  return html`<span class="dq-letter" aria-hidden="true">${shownLetter(tile)}</span><span class="dq-points" aria-hidden="true">${tile.points}</span>`;
}

export function tileClass(tile) {
  return `dq-tile dq-${tile.wild ? 'wild' : tile.colour}`;
}

/** A rack tile: a button (select it, drag it to the grid). */
export function RackTile({ tile, t, selected, passing, inFlight, onClick, onPointerDown }) {
  const label = [tileLabel(tile, t), passing ? t('double-quick.to_pass') : '', selected ? t('double-quick.selected') : '']
    .filter(Boolean).join(', ');
  return html`<button type="button" class=${`${tileClass(tile)} ${selected ? 'dq-selected' : ''} ${passing ? 'dq-passing' : ''} ${inFlight ? 'dq-in-flight' : ''}`}
    data-tile=${tile.tile} data-letter=${tile.letter ?? ''} data-wild=${tile.wild ? 'true' : 'false'}
    aria-pressed=${selected ? 'true' : 'false'} aria-label=${label}
    onClick=${onClick} onPointerDown=${onPointerDown}>
    <${TileFace} tile=${tile} />
    ${passing ? html`<span class="dq-pass-mark" aria-hidden="true">⇢</span>` : null}
  </button>`;
}

function range(low, high) {
  return Array.from({ length: high - low + 1 }, (_, i) => low + i);
}

/**
 * Your crossword: every cell a button (roving tabindex on the cursor). `bad` holds the
 * cells of runs that are not words; `marks` cells to mark (doubled at the end).
 */
export function Grid({ crossword, cursor, selected, bad, t, onCell, onTileDown, gridRef, label, busyTiles, zoom }) {
  const box = extent(crossword, cursor);
  const byCell = new Map(crossword.map((tile) => [cellKey(tile.row, tile.col), tile]));
  const rows = range(box.top, box.bottom);
  const cols = range(box.left, box.right);
  // The one cell in the tab order: the cursor's, else the first tile's, else the middle.
  const cursorKey = cursor
    ? cellKey(cursor.row, cursor.col)
    : crossword.length ? cellKey(crossword[0].row, crossword[0].col) : cellKey(0, 0);
  return html`
    <div class=${`dq-grid-box dq-zoom-${zoom}`} ref=${gridRef}>
      <div class="dq-grid" role="grid" aria-label=${label} style=${`--cols: ${cols.length}`}
        data-top=${box.top} data-left=${box.left}>
        ${rows.map((row) => html`<div class="dq-row" role="row" key=${row}>
          ${cols.map((col) => {
            const key = cellKey(row, col);
            const tile = byCell.get(key);
            const isCursor = cursor && key === cursorKey;
            const cls = [
              'dq-cell',
              tile ? tileClass(tile) : 'dq-empty',
              isCursor ? `dq-cursor dq-dir-${cursor.dir}` : '',
              tile && selected === tile.tile ? 'dq-selected' : '',
              tile && bad.has(key) ? 'dq-bad' : '',
              tile && busyTiles?.has(tile.tile) ? 'dq-in-flight' : '',
            ].join(' ');
            const where = t('double-quick.cell', { row, col });
            const what = tile ? `${tileLabel(tile, t)}${bad.has(key) ? `, ${t('double-quick.in_non_word')}` : ''}` : t('double-quick.empty');
            return html`<button type="button" role="gridcell" key=${key} class=${cls} data-cell=${key}
              data-row=${row} data-col=${col} data-tile=${tile?.tile ?? null} data-letter=${tile?.letter ?? null}
              tabindex=${key === cursorKey ? 0 : -1}
              aria-label=${`${where}: ${what}${isCursor ? `, ${t(`double-quick.dir.${cursor.dir}`)}` : ''}`}
              onClick=${(e) => onCell(row, col, tile, e)}
              onPointerDown=${tile ? (e) => onTileDown(tile, 'grid', e) : null}>
              ${tile ? html`<${TileFace} tile=${tile} />` : null}
            </button>`;
          })}
        </div>`)}
      </div>
    </div>`;
}

/** A small read-only crossword (the others', the scores): `words` cells and `doubled` marked. */
export function MiniGrid({ crossword, t, label, good, doubled, bad }) {
  if (!crossword.length) return html`<p class="dq-mini-empty">${t('double-quick.no_tiles_yet')}</p>`;
  const box = extent(crossword, null, 1, 1);
  const byCell = new Map(crossword.map((tile) => [cellKey(tile.row, tile.col), tile]));
  const rows = range(box.top + 2, box.bottom - 2);
  const cols = range(box.left + 2, box.right - 2);
  return html`<div class="dq-mini-box"><div class="dq-mini" role="img" aria-label=${label} style=${`--cols: ${cols.length}`}>
    ${rows.map((row) => cols.map((col) => {
      const key = cellKey(row, col);
      const tile = byCell.get(key);
      if (!tile) return html`<span class="dq-mini-cell dq-empty" key=${key}></span>`;
      const cls = [
        'dq-mini-cell', tileClass(tile),
        good?.has(key) ? 'dq-good' : '', doubled?.has(key) ? 'dq-doubled' : '', bad?.has(key) ? 'dq-bad' : '',
      ].join(' ');
      return html`<span class=${cls} key=${key} data-cell=${key}><span class="dq-letter">${shownLetter(tile)}</span></span>`;
    }))}
  </div></div>`;
}
