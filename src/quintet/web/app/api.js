// The server's HTTP API (docs/server.md). Every refusal becomes an ApiError carrying the
// server's stable code and its detail, which the UI shows.

import { playerKey } from './store.js';

export class ApiError extends Error {
  constructor(status, code, detail) {
    super(detail || code);
    this.status = status;
    this.code = code;
    this.detail = detail;
  }
}

async function call(method, path, body, token, extra = {}) {
  const headers = { ...extra };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  let response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (error) {
    throw new ApiError(0, 'network', String(error.message || error));
  }
  const text = await response.text();
  let data = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!response.ok) {
    let detail = data?.detail ?? text;
    if (Array.isArray(detail)) {
      // FastAPI's own validation errors: a list of {loc, msg}.
      detail = detail.map((d) => `${(d.loc || []).slice(1).join('.')}: ${d.msg}`).join('; ');
    }
    throw new ApiError(response.status, data?.code ?? `http_${response.status}`, String(detail));
  }
  return data;
}

let gamesPromise = null;

/** This browser's player key {key_id, key}, created at the server on first need (null when
 * the server would not make one now: the join then goes unrated). */
export async function ensurePlayerKey() {
  const known = playerKey.value;
  if (known) return known;
  try {
    const made = await call('POST', '/api/players');
    playerKey.value = { key_id: made.key_id, key: made.key };
    return playerKey.value;
  } catch {
    return null;
  }
}

export function forgetPlayerKey() {
  playerKey.value = null;
}

export const api = {
  games() {
    gamesPromise ??= call('GET', '/api/games').catch((error) => {
      gamesPromise = null;
      throw error;
    });
    return gamesPromise;
  },
  createTable: (body) => call('POST', '/api/tables', body),
  // The first page of open tables (the listing is paged: {tables, next}).
  openTables: () => call('GET', '/api/tables?status=open').then((page) => page.tables),
  table: (id) => call('GET', `/api/tables/${encodeURIComponent(id)}`),
  // With this browser's player key (X-Player-Key), so the seat is rated under it; a key
  // the server refuses (another server's, or lost) is dropped and the join goes on without.
  async join(id, seat, nickname) {
    const where = `/api/tables/${encodeURIComponent(id)}/seats/${seat}/join`;
    const key = await ensurePlayerKey();
    if (!key) return call('POST', where, { nickname });
    try {
      return await call('POST', where, { nickname }, undefined, { 'x-player-key': key.key });
    } catch (error) {
      if (!String(error.code).startsWith('player_key/')) throw error;
      forgetPlayerKey();
      return call('POST', where, { nickname });
    }
  },
  newPlayer: () => call('POST', '/api/players'),
  // One page of the game's leaderboard: {game, total, offset, limit, ratings}.
  ratings: (game, offset = 0, limit = 100) =>
    call('GET', `/api/ratings/${encodeURIComponent(game)}?offset=${offset}&limit=${limit}`),
  player: (keyId) => call('GET', `/api/players/${encodeURIComponent(keyId)}`),
  checkPlayer: (key) => call('POST', '/api/players/check', undefined, undefined, { 'x-player-key': key }),
  start: (id, token) => call('POST', `/api/tables/${encodeURIComponent(id)}/start`, undefined, token),
  result: (id) => call('GET', `/api/tables/${encodeURIComponent(id)}/result`),
  replay: (id, viewer) =>
    call('GET', `/api/tables/${encodeURIComponent(id)}/replay?viewer=${encodeURIComponent(viewer)}`),
  // A finished table's person takes the same seat at the next table (made by the first).
  again: (id, token) => call('POST', `/api/tables/${encodeURIComponent(id)}/again`, undefined, token),
  hint: (id, token) => call('POST', `/api/tables/${encodeURIComponent(id)}/hint`, undefined, token),
  startTutorial: (game, nickname) => call('POST', `/api/tutorials/${encodeURIComponent(game)}`, { nickname }),
  sample: (id, token) => call('POST', `/api/tables/${encodeURIComponent(id)}/sample`, undefined, token),
};

/** The game's description from /api/games, or null. */
export async function gameInfo(name) {
  const games = await api.games();
  return games.find((g) => g.name === name) ?? null;
}
