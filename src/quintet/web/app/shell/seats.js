// The players around the table: name, bot level, connection, zombie, whose turn it is
// (or who is still playing, in a real-time game) and per-seat countdowns.
import { html } from 'htm/preact';
import { num, t } from '../i18n.js';
import { seatName, botLevel, Icon } from '../ui.js';
import { tick, gameNow, secondsLeft, formatSeconds } from './clock.js';

/** The seats that may act now: the board's own `activeSeats(view)` when it has one,
 * else the view's `to_act` (a seat or a list), else, in a real-time game, every seat
 * that is not sitting out. */
export function activeSeats(board, view, info, status) {
  if (!view || status !== 'running') return [];
  if (board?.activeSeats) return board.activeSeats(view) ?? [];
  if (Array.isArray(view.to_act)) return view.to_act;
  if (typeof view.to_act === 'number') return [view.to_act];
  if (info?.real_time && !view.over) {
    const players = view.players ?? view.hand_sizes?.length ?? 0;
    return Array.from({ length: players }, (_, s) => s).filter((s) => !view.sitting_out?.[s]);
  }
  return [];
}

function initials(name) {
  return (name || '?').trim().slice(0, 1).toUpperCase();
}

/** A seat's presence in words: open, a bot standing in, online, or away (with the
 * countdown to the bot that takes over, while the game runs). */
function presenceText(seat, status) {
  if (!seat.nickname && seat.kind === 'human') return t('seats.open');
  if (seat.zombie) return t('seats.zombie');
  if (seat.connected) return t('seats.connected');
  if (status === 'running' && seat.zombie_due !== undefined) {
    return t('seats.zombie_in', { time: formatSeconds(secondsLeft(seat.zombie_due, performance.now())) });
  }
  return t('seats.away');
}

/** The players: with `presence` false (a replay) nobody's connection is shown, only who
 * sat where. */
export function SeatList({ state, board, info, names, viewer = false, presence = true }) {
  // In a replay the highlighted seat is the one whose view is shown, not "you".
  const youTag = viewer ? t('seats.viewer') : t('seats.you');
  void tick.value;
  const { seats, view, seat: mySeat, status } = state;
  const active = new Set(activeSeats(board, view, info, status));
  const realTime = Boolean(info?.real_time);
  const now = gameNow(state);
  const scores = view?.totals ?? view?.outcome?.scores ?? null;
  return html`
    <section class="panel seats-panel" aria-label=${t('seats.title')}>
      <h2 class="panel-title">${t('seats.title')}</h2>
      <ol class="seat-list">
        ${seats.map((info_, index) => {
          const me = index === mySeat;
          const on = active.has(index);
          const out = view?.sitting_out?.[index];
          const statusText = presence ? presenceText(info_, status) : '';
          const counting = presence && !info_.connected && !info_.zombie && status === 'running'
            && info_.zombie_due !== undefined;
          const turn = on ? (realTime ? t('seats.playing') : t('seats.to_act')) : '';
          const label = [
            names[index],
            me ? youTag : '',
            info_.kind === 'bot' ? t('seats.bot_level', { level: botLevel(info_.level) }) : '',
            statusText,
            turn,
          ].filter(Boolean).join(', ');
          return html`
            <li class=${`seat ${me ? 'me' : ''} ${on ? 'active' : ''} ${presence ? (info_.connected ? 'online' : 'offline') : ''} ${info_.zombie ? 'zombie' : ''}`}
              aria-label=${label} aria-current=${on && !realTime ? 'true' : undefined} data-seat=${index}>
              <span class=${`avatar seat-color-${index % 8}`} aria-hidden="true">
                ${info_.kind === 'bot' ? html`<${Icon} name="bot" />` : initials(names[index])}
                ${presence ? html`<span class="presence" title=${statusText}></span>` : null}
              </span>
              <span class="seat-main">
                <span class="seat-name">${names[index]}${me ? html` <span class="you-tag">${youTag}</span>` : null}</span>
                <span class="seat-sub">
                  ${info_.kind === 'bot' ? t('seats.bot_level', { level: botLevel(info_.level) }) : counting
                    ? html`<span class="zombie-countdown" role="timer">${statusText}</span>`
                    : presence && info_.zombie
                      ? html`<span class="zombie-tag">${statusText}</span>`
                      : statusText}
                </span>
              </span>
              ${out !== null && out !== undefined && status === 'running'
                ? html`<span class="seat-clock" role="timer">${t('seats.sitting_out', { time: formatSeconds(secondsLeft(out, now)) })}</span>`
                : null}
              ${scores ? html`<span class="seat-score" title=${t('seats.score')}>${num(scores[index])}</span>` : null}
              ${on ? html`<span class="turn-marker" aria-hidden="true">${realTime ? '●' : '▶'}</span>` : null}
            </li>`;
        })}
      </ol>
    </section>`;
}

/** Names that tell the seats apart and stay short enough for a phone: at a table with
 * several bots each is "Bot 3" by its seat (its level is in the seat list); two people
 * who chose the same nickname get their seat numbers, "Ben #2". */
export function seatNames(seats) {
  const bots = seats.filter((info) => info?.kind === 'bot').length;
  const names = seats.map((info, index) => (info?.kind === 'bot' && bots > 1
    ? t('seat.bot_n', { n: index + 1 })
    : seatName(info, index)));
  const count = {};
  for (const name of names) count[name] = (count[name] ?? 0) + 1;
  return names.map((name, index) => (count[name] > 1 ? t('seat.name_seat', { name, n: index + 1 }) : name));
}
