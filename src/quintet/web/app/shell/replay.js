// The replay viewer /replay/{id}: a finished game stepped through move by move, from any
// seat's view or the spectator's (GET /api/tables/{id}/replay?viewer=...).
import { html } from 'htm/preact';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { signal } from '@preact/signals';
import { t } from '../i18n.js';
import { api } from '../api.js';
import { seatAt } from '../store.js';
import { loadGame } from '../games.js';
import { ErrorNote, Icon, Spinner } from '../ui.js';
import { SeatList, seatNames } from './seats.js';
import { describe } from './log.js';
import { Ranking, winnersLine } from './results.js';

const SPEED_MS = 700;

export function ReplayPage({ id }) {
  const [table, setTable] = useState(null);
  const [game, setGame] = useState(null);
  const [error, setError] = useState(null);
  const [viewer, setViewer] = useState(() => {
    const mine = seatAt(id);
    return mine ? String(mine.seat) : 'spectator';
  });
  const [frames, setFrames] = useState(null);
  const [step, setStep] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [outcome, setOutcome] = useState(null);
  const events = useMemo(() => signal([]), [id]);
  const moves = useRef(null);

  useEffect(() => {
    api.table(id).then(
      (found) => {
        setTable(found);
        if (found.status === 'finished') api.result(id).then(setOutcome, () => {});
        return loadGame(found.game).then(setGame);
      },
    ).catch(setError);
  }, [id]);

  useEffect(() => {
    if (!table || table.status !== 'finished') return;
    let cancelled = false;
    setFrames(null);
    api.replay(id, viewer).then(
      (list) => {
        if (cancelled) return;
        setFrames(list);
        setStep((s) => Math.min(s, list.length - 1));
      },
      (err) => !cancelled && setError(err),
    );
    return () => {
      cancelled = true;
    };
  }, [table, viewer]);

  const last = frames ? frames.length - 1 : 0;
  useEffect(() => {
    if (!playing) return undefined;
    if (step >= last) {
      setPlaying(false);
      return undefined;
    }
    const timer = setTimeout(() => setStep((s) => Math.min(last, s + 1)), SPEED_MS);
    return () => clearTimeout(timer);
  }, [playing, step, last]);

  useEffect(() => {
    if (frames) events.value = frames[step]?.events ?? [];
    // Keep the latest move in sight.
    if (moves.current) moves.current.scrollTop = moves.current.scrollHeight;
  }, [frames, step]);

  // Arrow keys, Home and End step through the game wherever the focus is (a button that
  // becomes disabled, like "First" at the first move, drops the focus to the page).
  useEffect(() => {
    if (!frames) return undefined;
    const onKey = (event) => {
      if (event.target.closest?.('input, select, textarea') || event.altKey || event.ctrlKey || event.metaKey) return;
      // Functional updates: a key pressed before this effect re-runs must not use an
      // old step.
      const moves = { ArrowLeft: (s) => s - 1, ArrowRight: (s) => s + 1, Home: () => 0, End: () => last };
      const move = moves[event.key];
      if (move) {
        event.preventDefault();
        setPlaying(false);
        setStep((s) => Math.max(0, Math.min(last, move(s))));
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [frames, last]);

  if (error) {
    return html`<main class="page narrow"><h1>${t('replay.title')}</h1><${ErrorNote} error=${error} />
      <p><a href="/" data-nav>${t('app.to_lobby')}</a></p></main>`;
  }
  if (!table || !game) return html`<main class="page narrow"><${Spinner} /></main>`;
  if (table.status !== 'finished') {
    return html`<main class="page narrow"><h1>${t('replay.title')}</h1>
      <p>${t('replay.not_finished')}</p>
      <p><a href=${`/t/${id}`} data-nav>${t('replay.to_table')}</a></p></main>`;
  }

  const names = seatNames(table.seats);
  const seatNumber = viewer === 'spectator' ? null : Number(viewer);
  const go = (n) => {
    setPlaying(false);
    setStep(Math.max(0, Math.min(last, n)));
  };
  const frame = frames?.[step];
  const Board = game.board.Board;
  const state = frame
    ? {
        seats: table.seats,
        view: frame.view,
        seat: seatNumber,
        status: step === last ? 'finished' : 'running',
        receivedAt: performance.now(),
      }
    : null;

  return html`
    <main class="table-page replay-page" aria-label=${t('replay.title')}>
      <div class="table-bar">
        <h1 class="table-title">${t('replay.heading', { game: game.info?.title ?? table.game })}</h1>
        <label class="inline-field">
          <span>${t('replay.viewer')}</span>
          <select value=${viewer} onChange=${(e) => setViewer(e.currentTarget.value)} aria-label=${t('replay.viewer')}>
            <option value="spectator">${t('replay.spectator')}</option>
            ${table.seats.map((s, i) => html`<option value=${String(i)}>${names[i]}</option>`)}
          </select>
        </label>
        <span class="bar-spacer"></span>
        <a class="button" href=${`/t/${id}`} data-nav>${t('replay.to_table')}</a>
      </div>
      ${frames
        ? html`
          <div class="replay-controls" role="toolbar" aria-label=${t('replay.controls')}>
            <button type="button" onClick=${() => go(0)} disabled=${step === 0} aria-label=${t('replay.first')}><${Icon} name="first" /></button>
            <button type="button" onClick=${() => go(step - 1)} disabled=${step === 0} aria-label=${t('replay.previous')}><${Icon} name="prev" /></button>
            <button type="button" class="primary" onClick=${() => (step >= last ? go(0) : setPlaying(!playing))}
              aria-label=${playing ? t('replay.pause') : t('replay.play')}><${Icon} name=${playing ? 'pause' : 'play'} /></button>
            <button type="button" onClick=${() => go(step + 1)} disabled=${step >= last} aria-label=${t('replay.next')}><${Icon} name="next" /></button>
            <button type="button" onClick=${() => go(last)} disabled=${step >= last} aria-label=${t('replay.last')}><${Icon} name="last" /></button>
            <input type="range" min="0" max=${last} value=${step} aria-label=${t('replay.position')}
              onInput=${(e) => go(Number(e.currentTarget.value))} />
            <span class="replay-step" role="status" aria-live="polite">${t('replay.step', { n: step, total: last })}</span>
          </div>
          <div class="table-main">
            <section class="felt board-area" aria-label=${t('table.board')}>
              <${Board} view=${frame.view} seat=${seatNumber} seats=${table.seats} status=${state.status}
                events=${events} send=${async () => ({ ok: false, code: 'replay', message: t('replay.no_actions') })}
                t=${t} now=${() => frame.view?.now ?? frame.time} log=${() => {}} names=${names}
                game=${table.game} info=${game.info} table=${table} replay=${true} hint=${null}
                sample=${null} />
              ${step === last && outcome
                ? html`<div class="replay-outcome"><p class="results-headline">${winnersLine(outcome, names, seatNumber)}</p>
                    <${Ranking} outcome=${outcome} names=${names} mySeat=${seatNumber} /></div>`
                : null}
            </section>
            <aside class="side-panel">
              <${SeatList} state=${state} board=${game.board} info=${game.info} names=${names} viewer=${true}
                presence=${false} />
              <section class="panel log-panel" aria-label=${t('replay.moves')}>
                <h2 class="panel-title">${t('replay.moves')}</h2>
                <ol class="game-log replay-log" tabindex="0" ref=${moves}>
                  ${frames.slice(1, step + 1).map((f) => f.events.map((event, k) => html`
                    <li key=${`${f.seq}-${k}`} class=${f.seq === step ? 'current' : ''}>
                      <span class="log-seq">${f.seq}</span> ${describe(game.board, table.game, event, names)}</li>`))}
                </ol>
              </section>
            </aside>
          </div>`
        : html`<${Spinner} />`}
    </main>`;
}
