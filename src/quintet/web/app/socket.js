// The WebSocket client of protocol v1 (docs/server.md): one per table page.
//
// It reconnects with backoff when the connection drops (the server answers a reconnect
// with a fresh `welcome`, so a reload or a network blip keeps the seat), pings so idle
// proxies do not close it, and gives every action a `ref`: `send(action)` resolves once
// the server answered that action, with {ok: true} on the update carrying the ref, or
// {ok: false, code, message} on `refused` or `error`.
import { signal } from '@preact/signals';

const PING_MS = 20000;
const BACKOFF_MS = [250, 500, 1000, 2000, 4000, 8000];
// Close codes after which reconnecting cannot help (docs/server.md).
const FINAL = { 4001: 'bad_token', 4003: 'bad_origin', 4004: 'no_table' };

export class TableSocket {
  /**
   * @param {string} tableId
   * @param {string|null} token  the seat's token; null watches as a spectator
   * @param {(message: object) => void} onMessage  every welcome, update and pong
   */
  constructor(tableId, token, onMessage) {
    this.tableId = tableId;
    this.token = token;
    this.onMessage = onMessage;
    /** 'connecting' | 'open' | 'retrying' | 'closed' | a FINAL code name */
    this.state = signal('connecting');
    this.pending = new Map();
    this.counter = 0;
    this.attempt = 0;
    this.stopped = false;
    this.ws = null;
    this.timer = null;
    this.pinger = null;
    this.open();
  }

  url() {
    const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
    return `${scheme}://${location.host}/ws/tables/${encodeURIComponent(this.tableId)}`;
  }

  // The token travels as a subprotocol, never in the URL (URLs end up in logs).
  protocols() {
    return this.token ? ['quintet.v1', `quintet.token.${this.token}`] : ['quintet.v1'];
  }

  open() {
    if (this.stopped) return;
    this.state.value = this.attempt === 0 ? 'connecting' : 'retrying';
    const ws = new WebSocket(this.url(), this.protocols());
    this.ws = ws;
    ws.onmessage = (event) => this.receive(event.data);
    ws.onclose = (event) => this.closed(ws, event.code);
    // Errors are followed by a close, which does the work.
    ws.onerror = () => {};
  }

  receive(text) {
    let message;
    try {
      message = JSON.parse(text);
    } catch {
      return;
    }
    if (message.type === 'welcome') {
      this.attempt = 0;
      this.state.value = 'open';
      clearInterval(this.pinger);
      this.pinger = setInterval(() => this.raw({ type: 'ping' }), PING_MS);
    }
    const ref = message.ref;
    if (ref && this.pending.has(ref)) {
      const resolve = this.pending.get(ref);
      if (message.type === 'update') {
        this.pending.delete(ref);
        resolve({ ok: true });
      } else if (message.type === 'refused' || message.type === 'error') {
        this.pending.delete(ref);
        resolve({ ok: false, code: message.code, message: message.message });
      }
    }
    this.onMessage(message);
  }

  closed(ws, code) {
    if (ws !== this.ws) return;
    clearInterval(this.pinger);
    this.failPending('connection_lost');
    if (this.stopped) {
      this.state.value = 'closed';
      return;
    }
    if (FINAL[code]) {
      this.state.value = FINAL[code];
      this.stopped = true;
      return;
    }
    const delay = BACKOFF_MS[Math.min(this.attempt, BACKOFF_MS.length - 1)];
    this.attempt += 1;
    this.state.value = 'retrying';
    this.timer = setTimeout(() => this.open(), delay);
  }

  failPending(code) {
    for (const resolve of this.pending.values()) resolve({ ok: false, code, message: code });
    this.pending.clear();
  }

  raw(message) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify({ v: 1, ...message }));
      return true;
    }
    return false;
  }

  /** Send an action for this seat; resolves with the server's answer to it. */
  send(action) {
    this.counter += 1;
    const ref = `a${this.counter}`;
    return new Promise((resolve) => {
      if (!this.raw({ type: 'act', action, ref })) {
        resolve({ ok: false, code: 'connection_lost', message: 'connection_lost' });
        return;
      }
      this.pending.set(ref, resolve);
    });
  }

  close() {
    this.stopped = true;
    clearTimeout(this.timer);
    clearInterval(this.pinger);
    this.failPending('connection_lost');
    if (this.ws) this.ws.close(1000);
  }
}
