// What the browser remembers between visits (localStorage): nickname, language,
// sound, and the seat token of each table joined here, so a reload keeps the seat.
import { signal, effect } from '@preact/signals';

const PREFIX = 'quintet.';

function read(key, fallback) {
  try {
    const raw = localStorage.getItem(PREFIX + key);
    return raw === null ? fallback : JSON.parse(raw);
  } catch {
    return fallback;
  }
}

function write(key, value) {
  try {
    if (value === null || value === undefined) localStorage.removeItem(PREFIX + key);
    else localStorage.setItem(PREFIX + key, JSON.stringify(value));
  } catch {
    // Private mode or a full store: the session still works, it is just not remembered.
  }
}

function persisted(key, fallback) {
  const s = signal(read(key, fallback));
  effect(() => write(key, s.value));
  return s;
}

export const nickname = persisted('nickname', '');
export const soundOn = persisted('sound', false);
export const lastSetup = persisted('setup', null);
// This browser's player key {key_id, key}: ratings follow it (docs/ratings.md). Shown on
// the player's own page, so it can be copied to another browser.
export const playerKey = persisted('player', null);

/** The seat this browser holds at a table: {token, seat, nickname} or null. */
export function seatAt(tableId) {
  return read(`seat.${tableId}`, null);
}

export function saveSeat(tableId, seat) {
  write(`seat.${tableId}`, seat);
}

export function forgetSeat(tableId) {
  write(`seat.${tableId}`, null);
}

export function readPref(key, fallback) {
  return read(key, fallback);
}

export function writePref(key, value) {
  write(key, value);
}
