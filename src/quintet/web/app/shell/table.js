// The table page /t/{id}: take a seat, wait for the others (invite link, start), then the
// shell around the game's board: seats, clocks, log, sounds, results.
import { html } from 'htm/preact';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { effect } from '@preact/signals';
import { t } from '../i18n.js';
import { api } from '../api.js';
import { seatAt, saveSeat, forgetSeat, nickname } from '../store.js';
import { TableSocket } from '../socket.js';
import { loadGame } from '../games.js';
import { ErrorNote, Spinner, copyText, botLevel, errorText, gameSummary, Icon } from '../ui.js';
import { createLive } from './live.js';
import { SeatList, seatNames, activeSeats } from './seats.js';
import { GameLog } from './log.js';
import { DeadlineClock, gameNow } from './clock.js';
import { SoundToggle, play } from './sounds.js';
import { Results, AgainOffer } from './results.js';
import { RulesPanel } from '../rules.js';
import { TutorialPanel, tutorialRefusal } from '../tutorial/index.js';

export function TablePage({ id }) {
  const [table, setTable] = useState(null);
  const [error, setError] = useState(null);
  const [mine, setMine] = useState(() => seatAt(id));
  const [game, setGame] = useState(null);
  const live = useMemo(() => createLive(), [id]);
  const socketRef = useRef(null);

  const refresh = () =>
    api.table(id).then(setTable, (err) => setError(err));

  useEffect(() => {
    refresh();
  }, [id]);

  useEffect(() => {
    if (!table) return undefined;
    let cancelled = false;
    loadGame(table.game).then(
      (loaded) => !cancelled && setGame(loaded),
      (err) => !cancelled && setError(err),
    );
    return () => {
      cancelled = true;
    };
  }, [table?.game]);

  // One socket per table and token: joining a seat reconnects with the token.
  useEffect(() => {
    if (!table) return undefined;
    let lastStatus = table.status;
    const socket = new TableSocket(id, mine?.token ?? null, (message) => {
      live.receive(message);
      // The table's description (seats, start time) changes with its status: fetch it
      // again then, not on every update.
      if ((message.type === 'update' || message.type === 'welcome') && message.status !== lastStatus) {
        lastStatus = message.status;
        refresh();
      } else if (message.type === 'update' && message.status === 'open' && message.seats) {
        // Someone sat down: the description names the host (who sat down first).
        refresh();
      }
    });
    socketRef.current = socket;
    // A token the server no longer knows (its database was reset): watch instead.
    const stop = effect(() => {
      if (socket.state.value === 'bad_token') {
        forgetSeat(id);
        setMine(null);
      }
    });
    return () => {
      stop();
      socket.close();
    };
  }, [id, mine?.token, Boolean(table)]);

  if (error) {
    return html`<main class="page narrow"><h1>${t('table.unavailable')}</h1>
      <${ErrorNote} error=${error} /><p><a href="/" data-nav>${t('app.to_lobby')}</a></p></main>`;
  }
  if (!table || !game) return html`<main class="page narrow"><${Spinner} /></main>`;

  const state = live.state.value;
  const status = live.welcomed.value ? state.status : table.status;
  const socket = socketRef.current;
  if (status === 'open' || status === 'connecting') {
    return html`<${WaitingRoom} id=${id} table=${table} game=${game} state=${state}
      mine=${mine} onJoined=${(seat) => {
        saveSeat(id, seat);
        setMine(seat);
        refresh();
      }} />`;
  }
  return html`<${Shell} id=${id} table=${table} game=${game} live=${live} socket=${socket} mine=${mine} />`;
}

function WaitingRoom({ id, table, game, state, mine, onJoined }) {
  const [name, setName] = useState(nickname.value);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState(null);
  const [copied, setCopied] = useState(false);
  const seats = state.seats.length ? state.seats : table.seats;
  const empty = seats.filter((s) => s.kind === 'human' && !s.nickname).map((s) => s.seat);
  // A play-again table keeps its people's seats for them a while: nobody else may sit
  // there (the server says `seat_held`), so they are not offered.
  const heldUntil = table.held_until ? Date.parse(table.held_until) : 0;
  const held = (seat) => (table.held_seats ?? []).includes(seat) && Date.now() < heldUntil;
  const free = empty.filter((seat) => !held(seat));
  const link = `${location.origin}/t/${id}`;
  // One person starts the game: the host, who sat down first (the table's creator). If
  // the host has left the waiting room, any seated person may, so nobody is stuck.
  const host = table.host ?? null;
  const hostHere = host !== null && seats[host]?.connected;
  const starts = mine && (host === null || host === mine.seat || !hostHere);
  const hostName = host !== null ? seats[host]?.nickname : null;

  const join = async (seat) => {
    const trimmed = name.trim();
    if (!trimmed) {
      setError(t('lobby.nickname_needed'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      nickname.value = trimmed;
      const joined = await api.join(id, seat, trimmed);
      onJoined({ token: joined.token, seat, nickname: trimmed });
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  const start = async () => {
    setBusy(true);
    setError(null);
    try {
      await api.start(id, mine.token);
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  const copy = async () => {
    setCopied(await copyText(link));
  };

  return html`
    <main class="page waiting" aria-labelledby="waiting-title">
      <div class="waiting-card">
        <p class="eyebrow">${t('waiting.eyebrow')}</p>
        <h1 id="waiting-title">${game.info?.title ?? table.game}</h1>
        <p class="muted">${gameSummary(game.info)}</p>
        ${!mine && free.length
          ? html`<div class="field">
              <label for="join-name">${t('lobby.nickname')}</label>
              <input id="join-name" maxlength="24" value=${name} autocomplete="nickname"
                onInput=${(e) => setName(e.currentTarget.value)} />
            </div>`
          : null}
        <ol class="waiting-seats" aria-label=${t('seats.title')}>
          ${seats.map((s) => html`
            <li class=${`waiting-seat ${s.seat === mine?.seat ? 'me' : ''}`} data-seat=${s.seat}>
              <span class=${`avatar seat-color-${s.seat % 8}`} aria-hidden="true">${s.kind === 'bot' ? html`<${Icon} name="bot" />` : (s.nickname || '?').slice(0, 1).toUpperCase()}</span>
              <span class="seat-main">
                <span class="seat-name">${s.kind === 'bot'
                  ? t('seat.bot', { level: botLevel(s.level) })
                  : s.nickname || (held(s.seat) ? t('seat.held') : t('seat.open'))}
                  ${s.seat === mine?.seat ? html` <span class="you-tag">${t('seats.you')}</span>` : null}</span>
                <span class="seat-sub">${t('seat.number', { n: s.seat + 1 })}${s.kind === 'human' && s.nickname
                  ? ` · ${s.connected ? t('seats.connected') : t('seats.away')}` : ''}</span>
              </span>
              ${!mine && free.includes(s.seat)
                ? html`<button type="button" class="primary small" disabled=${busy}
                    onClick=${() => join(s.seat)}>${t('waiting.sit_here')}</button>`
                : null}
            </li>`)}
        </ol>
        ${!mine && !free.length ? html`<p class="muted">${t('waiting.full')}</p>` : null}
        <div class="invite">
          <label for="invite-link">${t('waiting.invite')}</label>
          <div class="invite-row">
            <input id="invite-link" readonly value=${link} onFocus=${(e) => e.currentTarget.select()} />
            <button type="button" onClick=${copy}>${copied ? t('waiting.copied') : t('waiting.copy')}</button>
          </div>
          <p class="hint">${t('waiting.invite_hint')}</p>
        </div>
        <${ErrorNote} error=${error} />
        ${mine
          ? html`<div class="waiting-actions">
              ${starts
                ? html`<button type="button" class="primary big" disabled=${busy || empty.length > 0}
                    onClick=${start}>${t('waiting.start')}</button>`
                : html`<p class="host-note" role="status">${t('waiting.host_starts', { who: hostName })}</p>`}
              ${empty.length ? html`<p class="muted" role="status">${t('waiting.waiting_for', { count: empty.length })}</p>` : null}
            </div>`
          : hostName ? html`<p class="host-note muted">${t('waiting.host_starts', { who: hostName })}</p>` : null}
        <p><a href="/" data-nav>${t('app.to_lobby')}</a></p>
      </div>
    </main>`;
}

function ConnectionBadge({ socket }) {
  const value = socket?.state.value ?? 'connecting';
  const key = `conn.${value}`;
  return html`<span class=${`conn conn-${value}`} role="status">${t(key)}</span>`;
}

function Shell({ id, table, game, live, socket, mine }) {
  const state = live.state.value;
  const board = game.board;
  const names = seatNames(state.seats);
  if (mine && state.seat === mine.seat && mine.nickname && !state.seats[mine.seat]?.nickname) {
    names[mine.seat] = mine.nickname;
  }
  // A tutorial's end is explained in its own panel: the results dialog would cover it,
  // so there it waits behind the "show results" button.
  const [showResults, setShowResults] = useState(!table.tutorial);
  const [refusal, setRefusal] = useState(null);
  const [showRules, setShowRules] = useState(false);
  const running = state.status === 'running';
  const finished = state.status === 'finished';
  // The next table, when one of this table's people set it up (told live, or known
  // from the description when the page opened later).
  const again = live.again.value ?? (table.again ? { table: table.again, by: null } : null);

  // Sounds and notices for the key moments.
  const before = useRef({ active: false, status: state.status });
  useEffect(() => {
    const mySeat = state.seat;
    const active = mySeat !== null && activeSeats(board, state.view, game.info, state.status).includes(mySeat);
    if (active && !before.current.active && !game.info?.real_time) play('turn');
    if (state.status === 'finished' && before.current.status !== 'finished') {
      const won = state.outcome?.winners?.includes(mySeat);
      play(won ? 'win' : 'end');
      setShowResults(!table.tutorial);
    }
    before.current = { active, status: state.status };
  }, [state.seq, state.status]);
  useEffect(() => {
    if (live.events.value.length) play('event');
  }, [live.events.value]);

  const send = async (action) => {
    if (!socket) return { ok: false, code: 'connection_lost', message: 'connection_lost' };
    const answer = await socket.send(action);
    if (table.tutorial) tutorialRefusal.value = answer.ok ? null : answer;
    if (!answer.ok) {
      play('refused');
      // A board that explains refusals itself (`showsRefusals`) gets no second notice.
      if (!board.showsRefusals) setRefusal(answer);
    } else setRefusal(null);
    return answer;
  };
  const Board = board.Board;
  const props = {
    view: state.view,
    seat: state.seat,
    seats: state.seats,
    status: state.status,
    events: live.events,
    send,
    t,
    now: () => gameNow(state),
    log: (text) => live.text(text),
    names,
    game: table.game,
    info: game.info,
    table,
    replay: false,
    // Not at a tutorial: the bot's hint could name another chain than the tutorial's.
    hint: table.practice && !table.tutorial && mine ? () => api.hint(id, mine.token) : null,
    // One legal action, for the generic board of a game that does not list its moves.
    sample: mine ? () => api.sample(id, mine.token) : null,
  };
  const mySeat = state.seat;
  return html`
    <main class=${`table-page ${showRules ? 'with-rules' : ''}`} aria-label=${game.info?.title ?? table.game}>
      <div class="table-bar">
        <h1 class="table-title">${game.info?.title ?? table.game}</h1>
        <span class=${`status-pill status-${state.status}`}>${t(`status.${state.status}`)}</span>
        ${mySeat === null ? html`<span class="status-pill watching">${t('table.watching')}</span>` : null}
        <${DeadlineClock} state=${state} label=${board.deadlineLabel?.(state.view, t)} />
        <span class="bar-spacer"></span>
        <${ConnectionBadge} socket=${socket} />
        <${SoundToggle} />
        <button type="button" class="rules-button" aria-expanded=${showRules ? 'true' : 'false'}
          aria-controls="rules-panel" onClick=${() => setShowRules(!showRules)}>${t('rules.button')}</button>
        ${finished && !showResults
          ? html`<button type="button" onClick=${() => setShowResults(true)}>${t('results.show')}</button>`
          : null}
        ${finished ? html`<a class="button" href=${`/replay/${id}`} data-nav>${t('results.replay')}</a>` : null}
      </div>
      ${finished && !showResults
        ? html`<${AgainOffer} again=${again} names=${names} tableId=${id} mine=${mine} compact=${true} />`
        : null}
      <div class="table-main">
        <section class="felt board-area" aria-label=${t('table.board')}>
          ${state.view
            ? html`<${Board} ...${props} />`
            : state.status === 'aborted'
              ? html`<p class="table-ended panel">${t('table.aborted')} <a href="/" data-nav>${t('app.to_lobby')}</a></p>`
              : html`<${Spinner} />`}
          ${refusal
            ? html`<div class="refusal" role="alert">
                <span>${errorText(refusal)}</span>
                <button type="button" class="ghost small" aria-label=${t('app.dismiss')}
                  onClick=${() => setRefusal(null)}>✕</button></div>`
            : null}
        </section>
        <aside class="side-panel">
          ${table.tutorial ? html`<${TutorialPanel} game=${table.game} view=${state.view} names=${names} />` : null}
          <${SeatList} state=${state} board=${board} info=${game.info} names=${names} />
          <${GameLog} entries=${live.log.value} board=${board} game=${table.game} names=${names} />
        </aside>
      </div>
      ${showRules
        ? html`<${RulesPanel} game=${table.game} title=${game.info?.title ?? table.game}
            onClose=${() => setShowRules(false)} />`
        : null}
      ${finished && showResults && state.outcome
        ? html`<${Results} outcome=${state.outcome} names=${names} mySeat=${mySeat}
            table=${table} tableId=${id} mine=${mine} again=${again}
            ending=${board.endLine?.(state.view, t, names) ?? null}
            onClose=${() => setShowResults(false)} />`
        : null}
    </main>`;
}
