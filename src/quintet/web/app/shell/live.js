// What a table page knows, as signals: the latest welcome/update merged into one state,
// the latest update's events, and the game log. Fed by the socket's messages.
import { signal, batch } from '@preact/signals';

let nextId = 1;

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
  };

  function add(entries) {
    if (entries.length) live.log.value = [...live.log.value, ...entries].slice(-500);
  }

  function seatNotes(before, after, seq) {
    // Comings and goings as log lines (only after the first welcome: not on load).
    const notes = [];
    after.forEach((now, index) => {
      const was = before[index];
      if (!was) return;
      const args = { seat: index };
      if (was.nickname !== now.nickname && now.nickname) notes.push({ key: 'log.joined', args });
      else if (now.kind === 'human' && now.nickname) {
        if (!was.zombie && now.zombie) notes.push({ key: 'log.zombie', args });
        else if (was.zombie && !now.zombie) notes.push({ key: 'log.back', args });
        else if (was.connected && !now.connected) notes.push({ key: 'log.left', args });
        else if (!was.connected && now.connected) notes.push({ key: 'log.returned', args });
      }
    });
    return notes.map((note) => ({ id: nextId++, seq, note }));
  }

  live.receive = (message) => {
    const old = live.state.value;
    if (message.type === 'welcome') {
      batch(() => {
        live.state.value = {
          game: message.game,
          seat: message.seat,
          seats: message.seats,
          status: message.status,
          view: message.view,
          seq: message.seq,
          outcome: message.outcome ?? null,
          receivedAt: performance.now(),
        };
        if (!live.welcomed.value) {
          live.welcomed.value = true;
          add([{ id: nextId++, seq: message.seq, note: { key: 'log.welcome', args: {} } }]);
        } else {
          add([{ id: nextId++, seq: message.seq, note: { key: 'log.reconnected', args: {} } }]);
        }
      });
    } else if (message.type === 'update') {
      batch(() => {
        const seats = message.seats ?? old.seats;
        const entries = message.seats && live.welcomed.value ? seatNotes(old.seats, seats, message.seq) : [];
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
