// The server's HTTP API (docs/server.md). Every refusal becomes an ApiError carrying the
// server's stable code and its detail, which the UI shows.

export class ApiError extends Error {
  constructor(status, code, detail) {
    super(detail || code);
    this.status = status;
    this.code = code;
    this.detail = detail;
  }
}

async function call(method, path, body, token) {
  const headers = {};
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
  join: (id, seat, nickname) =>
    call('POST', `/api/tables/${encodeURIComponent(id)}/seats/${seat}/join`, { nickname }),
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
