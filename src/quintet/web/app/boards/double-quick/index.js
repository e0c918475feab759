// The Double Quick! board: your crossword on an open grid, your rack of face-up tiles, the
// tile you will pass, the red button (and the yellow one in challenge mode), the
// Pacesetter's clock, the others' tables (open, small) and the scores at the end
// (docs/rules/double-quick.md). The game lists no moves: each action is built from the
// player's gestures: a tile clicked then a cell, a drag with mouse or touch, or the
// keyboard (arrows move a cursor and set across/down, a letter places a matching rack
// tile or a wild one, Backspace lifts the last, Space presses the red button).
//
// The pieces: tiles.js (tiles, the grids), drag.js (pointer dragging), others.js (the
// others' tables, the scores), words.js (cells, the server's reasons read back into
// messages), log.js (the log); the look is board.css, the words messages.<lang>.js.
import { html } from 'htm/preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { errorText } from '../../ui.js';
import { play } from '../../shell/sounds.js';
import { useDrag } from './drag.js';
import { OtherSeat, Results } from './others.js';
import { Grid, RackTile, TileFace, tileClass } from './tiles.js';
import { LAST_TURN, MAX_CELL, MIN_CELL, badCells, cellKey, clock, reasonText, secondsLeft } from './words.js';
import { ActionNote, WildAsk } from './notes.js';

export { describeEvent, deadlineLabel } from './log.js';
export const showsRefusals = true;

const STEP = { across: [0, 1], down: [1, 0] };
const ARROWS = { ArrowLeft: [0, -1, 'across'], ArrowRight: [0, 1, 'across'], ArrowUp: [-1, 0, 'down'], ArrowDown: [1, 0, 'down'] };
const clamp = (n) => Math.max(MIN_CELL, Math.min(MAX_CELL, n));

export function Board(props) {
  const { view, seat, status, events, send, t, now, names, replay } = props;
  const [selected, setSelected] = useState(null);
  const [cursor, setCursor] = useState(null);
  const [inFlight, setInFlight] = useState(() => new Set());
  const [ask, setAsk] = useState(null);
  const [note, setNote] = useState(null);
  const [refusal, setRefusal] = useState(null);
  const [answered, setAnswered] = useState(0);
  const [zoom, setZoom] = useState(2);
  const [, setTick] = useState(0);
  const typed = useRef([]);
  const gridRef = useRef(null);
  const live = useRef({});
  const focusGrid = useRef(false);

  const seats = view.seats ?? [];
  const builds = seat !== null && seat !== undefined && !replay && Boolean(seats[seat]) && view.viewer === seat;
  const mine = builds ? seats[seat] : null;
  const playing = status === 'running' && view.phase === 'play';
  const canBuild = builds && playing;
  const gameNow = now();
  const challengeMode = Boolean(view.options?.challenge_mode);
  const problems = mine?.problems ?? [];
  const canPress = canBuild && (challengeMode ? mine.crossword.length > 0 : problems.length === 0);
  const lastTurn = (view.turn ?? 1) >= (view.last_turn ?? LAST_TURN);

  // Countdowns redraw four times a second while the game runs.
  useEffect(() => {
    if (status !== 'running' || replay) return undefined;
    const timer = setInterval(() => setTick((n) => n + 1), 250);
    return () => clearInterval(timer);
  }, [status, replay]);

  // The Pacesetter's sounds (through the shell, when sounds are on) and my refused press.
  const latest = events.value;
  useEffect(() => {
    if (replay) return;
    for (const event of latest) {
      if (event.type === 'bong') {
        play('turn');
        typed.current = [];
        setSelected(null);
        setRefusal(null);
      } else if (event.type === 'beep') play('start');
      else if (event.type === 'buzzer') play('end');
      else if (event.type === 'press_refused' && event.seat === seat) {
        setRefusal({ penalty: event.penalty, reasons: event.reasons ?? [] });
        play('refused');
      } else if (event.type === 'challenge' && (event.presser === seat || event.challenger === seat)) {
        setRefusal(event.guilty === seat ? { penalty: event.penalty, reasons: event.reasons ?? [], challenge: true } : null);
      }
    }
  }, [latest]);

  const tileAt = (row, col) => mine?.crossword.find((tile) => tile.row === row && tile.col === col) ?? null;
  const findTile = (code) => mine?.crossword.find((x) => x.tile === code) ?? mine?.rack.find((x) => x.tile === code) ?? null;

  /** Send an action; a refusal is shown with its reason. */
  const act = async (action) => {
    const tile = action.tile ?? null;
    if (tile) setInFlight((old) => new Set(old).add(tile));
    setNote(null);
    const answer = await send(action);
    if (tile) setInFlight((old) => {
      const next = new Set(old);
      next.delete(tile);
      return next;
    });
    setAnswered((n) => n + 1);
    if (!answer.ok) {
      setNote({ error: answer });
      play('refused');
    }
    return answer.ok;
  };

  const place = (tile, row, col, letter) => {
    if (tile.wild && !letter) {
      setAsk({ tile: tile.tile, row, col, type: 'place' });
      return null;
    }
    setSelected(null);
    return act({ type: 'place', tile: tile.tile, row, col, ...(tile.wild ? { letter } : {}) });
  };
  const move = (tile, row, col) => {
    setSelected(null);
    return act({ type: 'move', tile: tile.tile, row, col });
  };
  const lift = (tile) => {
    setSelected(null);
    typed.current = typed.current.filter((x) => x.tile !== tile.tile);
    return act({ type: 'lift', tile: tile.tile });
  };
  const choosePass = (code) => {
    setSelected(null);
    return act({ type: 'pass', tile: code });
  };
  const press = () => {
    if (!canPress) {
      setNote({ reasons: problems });
      return;
    }
    setRefusal(null);
    act({ type: 'press' });
  };

  const drop = (code, from, target) => {
    const tile = findTile(code);
    if (!tile || !canBuild) return;
    if (target.rack) {
      if (from === 'grid') lift(tile);
      return;
    }
    const there = tileAt(target.row, target.col);
    if (there?.tile === code) return;
    setCursor((c) => ({ row: target.row, col: target.col, dir: c?.dir ?? 'across' }));
    if (there) {
      setNote({ key: 'double-quick.note.cell_taken' });
      return;
    }
    if (from === 'rack') place(tile, target.row, target.col);
    else move(tile, target.row, target.col);
  };
  const drag = useDrag(drop, canBuild);

  const onCell = (row, col, tile, event) => {
    if (drag.swallowed() || !canBuild) return;
    const chosen = selected ? findTile(selected) : null;
    const inRack = chosen && mine.rack.some((x) => x.tile === chosen.tile);
    const same = cursor && cursor.row === row && cursor.col === col;
    setCursor({ row, col, dir: same && !tile && !chosen ? (cursor.dir === 'across' ? 'down' : 'across') : cursor?.dir ?? 'across' });
    if (chosen && !tile) {
      if (inRack) place(chosen, row, col);
      else move(chosen, row, col);
    } else if (tile) {
      setSelected(selected === tile.tile ? null : tile.tile);
    }
    if (event?.detail > 0) event.currentTarget.focus();
  };
  const onRackTile = (tile) => {
    if (drag.swallowed() || !canBuild) return;
    setSelected(selected === tile.tile ? null : tile.tile);
  };

  // Where the cursor starts: the first tile of the crossword, or the middle of the table.
  const home = () => {
    const first = mine?.crossword[0];
    return first ? { row: first.row, col: first.col } : { row: 0, col: 0 };
  };

  // The keyboard: letters, arrows, Backspace/Delete, Space, Escape (not in form fields).
  const typeLetter = (letter) => {
    const c = cursor ?? { ...home(), dir: 'across' };
    const there = tileAt(c.row, c.col);
    const [dr, dc] = STEP[c.dir];
    const next = { row: clamp(c.row + dr), col: clamp(c.col + dc), dir: c.dir };
    if (there) {
      if ((there.letter ?? '').toLowerCase() === letter) setCursor(next);
      else setNote({ key: 'double-quick.note.cell_taken' });
      return;
    }
    const free = mine.rack.filter((x) => !inFlight.has(x.tile));
    const plain = free.filter((x) => !x.wild && (x.letter ?? '').toLowerCase() === letter);
    const tile = plain.find((x) => x.tile !== view.passing) ?? plain[0] ?? free.find((x) => x.wild);
    if (!tile) {
      setNote({ key: 'double-quick.note.no_tile', args: { letter: letter.toUpperCase() } });
      return;
    }
    typed.current.push({ tile: tile.tile, row: c.row, col: c.col });
    setCursor(next);
    place(tile, c.row, c.col, tile.wild ? letter : undefined);
    if (tile.wild) setNote({ key: 'double-quick.note.wild_used', args: { letter: letter.toUpperCase() } });
  };
  const backspace = () => {
    const c = cursor ?? { ...home(), dir: 'across' };
    let last = typed.current.pop();
    while (last && !tileAt(last.row, last.col)) last = typed.current.pop();
    if (last) {
      setCursor({ row: last.row, col: last.col, dir: c.dir });
      lift(findTile(last.tile));
      return;
    }
    const [dr, dc] = STEP[c.dir];
    const here = tileAt(c.row, c.col) ?? tileAt(c.row - dr, c.col - dc);
    if (here) {
      setCursor({ row: here.row, col: here.col, dir: c.dir });
      lift(here);
    }
  };
  const onKey = (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
    if (event.target.closest?.('input, textarea, select, [contenteditable], .dialog, .dq-ask')) return;
    const key = event.key;
    if (key in ARROWS) {
      event.preventDefault();
      const [dr, dc, dir] = ARROWS[key];
      setCursor((c) => (c ? { row: clamp(c.row + dr), col: clamp(c.col + dc), dir } : { ...home(), dir }));
      focusGrid.current = true;
    } else if (/^[a-zA-Z]$/.test(key)) {
      event.preventDefault();
      typeLetter(key.toLowerCase());
    } else if (key === 'Backspace') {
      event.preventDefault();
      backspace();
    } else if (key === 'Delete') {
      const here = cursor && tileAt(cursor.row, cursor.col);
      if (here) lift(here);
    } else if (key === ' ' && (event.target === document.body || event.target.closest?.('.dq-grid'))) {
      // Space on the grid (or nowhere): the red button; on any other button, that button.
      event.preventDefault();
      press();
    } else if (key === 'Escape') {
      setSelected(null);
    }
  };
  live.current.onKey = onKey;
  useEffect(() => {
    if (!canBuild) return undefined;
    const listener = (event) => live.current.onKey?.(event);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, [canBuild]);
  // The cursor's cell takes the focus when the arrows moved it (roving tabindex).
  useEffect(() => {
    if (!focusGrid.current || !cursor) return;
    focusGrid.current = false;
    gridRef.current?.querySelector(`[data-cell="${cellKey(cursor.row, cursor.col)}"]`)?.focus();
  }, [cursor]);

  const ended = view.phase === 'between' || view.phase === 'over';
  const turnLeft = secondsLeft(view.turn_end, gameNow);
  const reviewLeft = view.phase === 'review' ? secondsLeft(view.challenge_until, gameNow) : null;
  const beeping = lastTurn && turnLeft !== null && turnLeft <= 30;
  const others = seats.filter((entry) => entry.seat !== seat || !builds);
  const selectedTile = selected ? findTile(selected) : null;
  const selectedInRack = selectedTile && mine?.rack.some((x) => x.tile === selected);
  const bad = badCells(problems);

  return html`
    <div class=${`dq-board ${ended ? 'dq-ended' : ''}`} data-phase=${view.phase} data-turn=${view.turn}
      data-can-press=${canPress ? 'true' : 'false'} data-answered=${answered} data-in-flight=${inFlight.size}
      data-penalties=${mine?.penalties ?? 0} data-cursor=${cursor ? `${cursor.row},${cursor.col},${cursor.dir}` : ''}>
      <div class="dq-status" role="group" aria-label=${t('double-quick.pacesetter')}>
        <span class="dq-turn">${view.games > 1 ? `${t('double-quick.game_of', { game: view.game_no, games: view.games })} · ` : ''}${t('double-quick.turn', { turn: view.turn, last: view.last_turn ?? LAST_TURN })}</span>
        ${!ended && view.phase !== 'review'
          ? html`<span class=${`dq-clock ${beeping ? 'dq-beeping' : ''}`} role="timer" aria-live="off">
              ${t(lastTurn ? 'double-quick.buzzer_in' : 'double-quick.bong_in', { time: clock(turnLeft) })}</span>`
          : null}
        ${mine && !ended
          ? html`<span class="dq-needed" data-needed=${mine.needed}>${t('double-quick.needed', { count: mine.needed, have: mine.crossword.length })}</span>`
          : null}
        ${mine?.penalties ? html`<span class="dq-penalty">${t('double-quick.your_penalties', { count: mine.penalties })}</span>` : null}
        ${reviewLeft !== null ? html`<span class="dq-review" role="status">${t('double-quick.review', { who: names[view.presser] ?? '', seconds: reviewLeft })}</span>` : null}
      </div>

      ${ended ? html`<${Results} view=${view} names=${names} t=${t} seat=${builds ? seat : null} />` : null}

      <div class="dq-layout">
        ${mine && !ended
          ? html`<section class="dq-mine" aria-label=${t('double-quick.your_table')}>
              <${Grid} crossword=${mine.crossword} cursor=${canBuild ? cursor : null} selected=${selected} bad=${bad} t=${t}
                gridRef=${gridRef} label=${t('double-quick.your_crossword')} busyTiles=${inFlight}
                zoom=${zoom} onCell=${onCell} onTileDown=${(tile, from, e) => drag.begin(tile.tile, from, e)} />
              <div class="dq-zoom" role="group" aria-label=${t('double-quick.zoom')}>
                <button type="button" class="small" disabled=${zoom <= 0} aria-label=${t('double-quick.zoom_out')}
                  onClick=${() => setZoom(zoom - 1)}>−</button>
                <button type="button" class="small" disabled=${zoom >= 3} aria-label=${t('double-quick.zoom_in')}
                  onClick=${() => setZoom(zoom + 1)}>+</button>
              </div>
              ${ask
                ? html`<${WildAsk} t=${t} onCancel=${() => setAsk(null)} onLetter=${(letter) => {
                    const tile = findTile(ask.tile);
                    setAsk(null);
                    if (!tile) return;
                    if (ask.type === 'place') place(tile, ask.row, ask.col, letter);
                    else act({ type: 'move', tile: tile.tile, row: ask.row, col: ask.col, letter });
                  }} />`
                : null}
              <div class="dq-rack-zone" aria-label=${t('double-quick.your_rack')} role="group"
                onClick=${(e) => {
                  if (e.target === e.currentTarget && selectedTile && !selectedInRack && canBuild) lift(selectedTile);
                }}>
                <h2 class="dq-rack-title">${t('double-quick.your_rack')} <span class="dq-count">${t('double-quick.rack_count', { count: mine.rack.length, down: mine.face_down })}</span></h2>
                <div class="dq-rack">
                  ${mine.rack.map((tile) => html`<${RackTile} key=${tile.tile} tile=${tile} t=${t} selected=${selected === tile.tile}
                    passing=${view.passing === tile.tile} inFlight=${inFlight.has(tile.tile)}
                    onClick=${() => onRackTile(tile)} onPointerDown=${(e) => drag.begin(tile.tile, 'rack', e)} />`)}
                  ${mine.rack.length ? null : html`<span class="dq-rack-empty">${t('double-quick.rack_empty')}</span>`}
                </div>
              </div>
              <div class="dq-controls">
                ${selectedTile && !selectedInRack && canBuild
                  ? html`<button type="button" class="small dq-lift" onClick=${() => lift(selectedTile)}>${t('double-quick.lift', { letter: (selectedTile.letter ?? '').toUpperCase() })}</button>`
                  : null}
                ${selectedTile?.wild && !selectedInRack && canBuild
                  ? html`<button type="button" class="small dq-reletter"
                      onClick=${() => setAsk({ tile: selectedTile.tile, row: selectedTile.row, col: selectedTile.col, type: 'move' })}>${t('double-quick.change_letter')}</button>`
                  : null}
                ${selectedInRack && canBuild && !lastTurn && view.passing !== selected
                  ? html`<button type="button" class="small dq-choose-pass" onClick=${() => choosePass(selected)}>${t('double-quick.pass_this')}</button>`
                  : null}
                ${view.passing && canBuild
                  ? html`<span class="dq-passing-note">${t('double-quick.passing', { letter: (findTile(view.passing)?.letter ?? '★').toUpperCase() })}
                      <button type="button" class="small dq-keep" onClick=${() => choosePass(null)}>${t('double-quick.keep')}</button></span>`
                  : null}
                ${canBuild ? html`<span class="dq-help">${t('double-quick.help')}</span>` : null}
              </div>
              <${ActionNote} note=${note} refusal=${refusal} t=${t} errorText=${errorText} />
              <div class="dq-press-row">
                <button type="button" class="dq-press" disabled=${!canPress} onClick=${press}
                  aria-describedby="dq-press-why" aria-keyshortcuts="Space">
                  ${t('double-quick.press')} <kbd>${t('double-quick.press_key')}</kbd></button>
                <div id="dq-press-why" class="dq-why">
                  ${canBuild && problems.length
                    ? html`<p class="dq-why-title">${t(challengeMode ? 'double-quick.why_challenge' : 'double-quick.why_not')}</p>
                        <ul class="dq-reasons">${problems.map((p) => html`<li key=${p}>${reasonText(p, t)}</li>`)}</ul>`
                    : canPress ? html`<p class="dq-ready">${t('double-quick.ready')}</p>` : null}
                </div>
              </div>
            </section>`
          : null}
        ${ended ? null : html`<section class="dq-others" aria-label=${builds ? t('double-quick.others') : t('double-quick.players')}>
          <ul class="dq-other-list">
            ${others.map((entry) => html`<${OtherSeat} key=${entry.seat} entry=${entry} name=${names[entry.seat] ?? ''} t=${t}
              bot=${props.seats?.[entry.seat]?.kind === 'bot'} presser=${view.phase === 'review' && view.presser === entry.seat}
              canChallenge=${builds && view.phase === 'review' && status === 'running'} busy=${false}
              onChallenge=${() => act({ type: 'challenge' })} />`)}
          </ul>
        </section>`}
      </div>
      ${drag.ghost
        ? html`<div class=${`dq-ghost ${tileClass(findTile(drag.ghost.tile) ?? {})}`} style=${`left:${drag.ghost.x}px;top:${drag.ghost.y}px`} aria-hidden="true">
            ${findTile(drag.ghost.tile) ? html`<${TileFace} tile=${findTile(drag.ghost.tile)} />` : null}</div>`
        : null}
    </div>`;
}
