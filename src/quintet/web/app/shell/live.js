// What a table page knows, as signals: the latest welcome/update merged into one state,
// the latest update's events, and the game log. Fed by the socket's messages.
import { signal, batch } from '@preact/signals';

let nextId = 1;

/** The seats as received, each seat that is away with `zombie_due`: when (on
 * performance.now()'s clock) a bot takes it over, from the server's `zombie_in`. */
function withDeadlines(seats) {
  const now = performance.now();
  return seats.map((seat) => (seat.zombie_in === null || seat.zombie_in === undefined
    ? seat
    : { ...seat, zombie_due: now + seat.zombie_in }));
}

export function createLive() {
  const live = {
    state: signal({
      game: null,
      seat: null,
      seats: [],
      status: 'connecting',
      view: null,
      seq: 0,
      outcome: null,
      receivedAt: performance.now(),
    }),
    /** The latest update's events (a board animates from these). */
    events: signal([]),
    /** Log entries: {id, seq, event} | {id, seq, note: {key, args}} | {id, seq, text}. */
    log: signal([]),
    welcomed: signal(false),
    /** The next table this finished one's people are offered ({table, by}), or null. */
    again: signal(null),
  };

  function add(entries) {
    if (entries.length) live.log.value = [...live.log.value, ...entries].slice(-500);
  }

  // Seats this page has seen connected: a seat's first connection after the start is an
  // arrival ("is at the table"), only a later one a return ("is back").
  const seenConnected = new Set();
  function noteConnected(seats) {
    (seats ?? []).forEach((seat, index) => { if (seat?.connected) seenConnected.add(index); });
  }

  function seatNotes(before, after, seq, status) {
    // Comings and goings as log lines (only after the first welcome: not on load). Before
    // the start the waiting room shows who is connected, so only sitting down is logged;
    // the server reports a seat as gone only after a short grace, so a connection that is
    // merely replaced (a reload, the lobby page opening the table page) logs nothing.
    const notes = [];
    after.forEach((now, index) => {
      const was = before[index];
      if (!was) return;
      const args = { seat: index };
      if (was.nickname !== now.nickname && now.nickname) notes.push({ key: 'log.joined', args });
      else if (now.kind === 'human' && now.nickname && status !== 'open') {
        if (!was.zombie && now.zombie) notes.push({ key: 'log.zombie', args });
        else if (was.zombie && !now.zombie) notes.push({ key: 'log.back', args });
        else if (was.connected && !now.connected) {
          notes.push(now.zombie_due === undefined
            ? { key: 'log.left', args }
            : { key: 'log.left_zombie', args });
        } else if (!was.connected && now.connected) {
          notes.push({ key: seenConnected.has(index) ? 'log.returned' : 'log.arrived', args });
        }
      }
    });
    noteConnected(after);
    return notes.map((note) => ({ id: nextId++, seq, note }));
  }

  /** Log entries for a welcome's `log` (the events this seat may see, by seq), those
   * after `seq` only: a reconnect keeps what the log already shows. */
  function history(log, after) {
    const entries = [];
    for (const { seq, events } of log ?? []) {
      if (seq <= after) continue;
      for (const event of events) entries.push({ id: nextId++, seq, event });
    }
    return entries;
  }

  live.receive = (message) => {
    const old = live.state.value;
    if (message.type === 'welcome') {
      noteConnected(message.seats);
      batch(() => {
        live.state.value = {
          game: message.game,
          seat: message.seat,
          seats: withDeadlines(message.seats),
          status: message.status,
          view: message.view,
          seq: message.seq,
          outcome: message.outcome ?? null,
          receivedAt: performance.now(),
        };
        // The log comes back whole after a reload; a reconnect adds what it missed.
        const missed = history(message.log, live.welcomed.value ? old.seq : -1);
        if (!live.welcomed.value) {
          live.welcomed.value = true;
          add([...missed, { id: nextId++, seq: message.seq, note: { key: 'log.welcome', args: {} } }]);
        } else {
          add([...missed, { id: nextId++, seq: message.seq, note: { key: 'log.reconnected', args: {} } }]);
        }
      });
    } else if (message.type === 'again') {
      live.again.value = { table: message.table, by: message.by };
    } else if (message.type === 'update') {
      batch(() => {
        const seats = message.seats ? withDeadlines(message.seats) : old.seats;
        const entries = message.seats && live.welcomed.value ? seatNotes(old.seats, seats, message.seq, message.status) : [];
        if (old.status === 'open' && message.status === 'running') {
          entries.push({ id: nextId++, seq: message.seq, note: { key: 'log.started', args: {} } });
        }
        for (const event of message.events ?? []) entries.push({ id: nextId++, seq: message.seq, event });
        live.state.value = {
          ...old,
          seats,
          status: message.status,
          view: message.view ?? old.view,
          seq: message.seq,
          outcome: message.outcome ?? old.outcome,
          receivedAt: message.view ? performance.now() : old.receivedAt,
        };
        live.events.value = message.events ?? [];
        add(entries);
      });
    }
  };

  live.note = (key, args = {}) => add([{ id: nextId++, seq: live.state.value.seq, note: { key, args } }]);
  live.text = (text) => add([{ id: nextId++, seq: live.state.value.seq, text }]);
  return live;
}
