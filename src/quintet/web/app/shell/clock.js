// Time on the table: a quarter-second tick that redraws the countdowns, the estimate of
// game time between updates, and the deadline display.
import { html } from 'htm/preact';
import { signal } from '@preact/signals';
import { t } from '../i18n.js';
import { Icon } from '../ui.js';

export const tick = signal(performance.now());
setInterval(() => {
  tick.value = performance.now();
}, 250);

/** Estimated game time (ms) now: the view's `now` (the last accepted input's time) plus
 * what has passed since it arrived. While the game runs, the server's clock moves on
 * with the wall clock, so this tracks it. */
export function gameNow(state, running = state.status === 'running') {
  const base = state.view?.now ?? 0;
  // A tutorial's hint may stop a race's clock while the person reads (docs/server.md).
  const paused = state.view?.tutorial?.pause === true;
  return running && !paused ? base + (performance.now() - state.receivedAt) : base;
}

/** Seconds left until game time `deadline` (never below 0). */
export function secondsLeft(deadline, now) {
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}

export function formatSeconds(seconds) {
  if (seconds < 60) return t('clock.seconds', { count: seconds });
  const m = Math.floor(seconds / 60);
  const s = String(seconds % 60).padStart(2, '0');
  return `${m}:${s}`;
}

/** The table's next deadline as a countdown with a bar (hidden without one). */
export function DeadlineClock({ state, label }) {
  void tick.value;
  const view = state.view;
  if (!view || view.deadline === null || view.deadline === undefined || state.status !== 'running') {
    return null;
  }
  const now = gameNow(state);
  const left = secondsLeft(view.deadline, now);
  const span = Math.max(1, view.deadline - (view.now ?? 0));
  const part = Math.max(0, Math.min(1, (view.deadline - now) / span));
  return html`
    <div class=${`deadline ${left <= 5 ? 'urgent' : ''}`} role="timer"
      aria-label=${`${label || t('clock.deadline')}: ${formatSeconds(left)}`}>
      <${Icon} name="clock" className="deadline-icon" />
      <span class="deadline-label">${label || t('clock.deadline')}</span>
      <span class="deadline-time">${formatSeconds(left)}</span>
      <span class="deadline-bar" aria-hidden="true"><span style=${`width:${part * 100}%`}></span></span>
    </div>`;
}
