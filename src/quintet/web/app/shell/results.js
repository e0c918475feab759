// The end of a game: the ranking, who won, and what next (play again, replay, lobby).
import { html } from 'htm/preact';
import { useState } from 'preact/hooks';
import { num, t } from '../i18n.js';
import { Dialog, ErrorNote, Icon } from '../ui.js';
import { api } from '../api.js';
import { saveSeat, seatAt, nickname } from '../store.js';
import { navigate } from '../router.js';

export function Ranking({ outcome, names, mySeat }) {
  const order = outcome.ranks
    .map((rank, seat) => ({ rank, seat, score: outcome.scores[seat] }))
    .sort((a, b) => a.rank - b.rank || a.seat - b.seat);
  return html`
    <table class="ranking">
      <caption class="sr-only">${t('results.ranking')}</caption>
      <thead><tr><th scope="col">${t('results.rank')}</th><th scope="col">${t('results.player')}</th>
        <th scope="col" class="num">${t('results.score')}</th></tr></thead>
      <tbody>
        ${order.map(
          (row) => html`<tr class=${`${row.rank === 1 ? 'winner' : ''} ${row.seat === mySeat ? 'me' : ''}`}>
            <td>${row.rank === 1 ? html`<${Icon} name="trophy" className="trophy" /> ` : null}${row.rank}</td>
            <th scope="row">${names[row.seat]}${row.seat === mySeat ? html` <span class="you-tag">${t('seats.you')}</span>` : null}</th>
            <td class="num">${num(row.score)}</td></tr>`,
        )}
      </tbody>
    </table>`;
}

export function winnersLine(outcome, names, mySeat) {
  const winners = outcome.winners ?? outcome.ranks.flatMap((r, s) => (r === 1 ? [s] : []));
  if (mySeat !== null && mySeat !== undefined && winners.includes(mySeat)) {
    return winners.length > 1 ? t('results.you_share') : t('results.you_win');
  }
  const list = new Intl.ListFormat(document.documentElement.lang || 'en', { type: 'conjunction' })
    .format(winners.map((s) => names[s]));
  return t('results.winners', { names: list, count: winners.length });
}

/** Take my seat at the next table of this finished one (the server makes it for the
 * first to ask: same game, options and seats, bots at the same levels; every connection
 * of this table is told), then go there. The host (the first to sit there) starts it at
 * once when nobody else is to come (every other seat a bot). */
export async function playAgain(tableId, mine) {
  const seated = await api.again(tableId, mine.token);
  const next = await api.table(seated.table);
  const name = next.seats[seated.seat]?.nickname ?? mine.nickname ?? nickname.value;
  saveSeat(seated.table, { token: seated.token, seat: seated.seat, nickname: name });
  const waiting = next.free_seats.length + (next.held_seats ?? []).length;
  if (next.status === 'open' && waiting === 0 && next.host === seated.seat) {
    await api.start(seated.table, seated.token);
  }
  navigate(`/t/${seated.table}`);
}

/** `playAgain` behind a button: [busy, error, run]; busy from the click until the page
 * moves on, the error shown when it fails (the button is enabled again). */
function usePlayAgain(tableId, mine) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState(null);
  const run = async () => {
    setBusy(true);
    setError(null);
    try {
      await playAgain(tableId, mine);
    } catch (err) {
      setError(err);
      setBusy(false);
    }
  };
  return [busy, error, run];
}

/** The offer of the next table (`again`: {table, by}, by null when not known): take my
 * seat there, go there when I already have, or watch it (a spectator). */
export function AgainOffer({ again, names, tableId, mine, compact = false }) {
  const [busy, error, take] = usePlayAgain(tableId, mine);
  if (!again) return null;
  const have = seatAt(again.table);
  const text = again.by !== null && again.by !== undefined && again.by !== mine?.seat
    ? t('again.offer', { who: names[again.by] })
    : t('again.offer_mine');
  let action;
  if (!mine) {
    action = html`<a class="button" href=${`/t/${again.table}`} data-nav>${t('again.watch')}</a>`;
  } else if (have) {
    action = html`<a class="button primary" href=${`/t/${again.table}`} data-nav>${t('again.go')}</a>`;
  } else {
    action = html`<button type="button" class="primary" disabled=${busy} onClick=${take}>${t('again.take_seat')}</button>`;
  }
  return html`<div class=${`again-offer ${compact ? 'compact' : ''}`} role="status">
    <span>${mine ? text : t('again.next_game')}</span> ${action}
    <${ErrorNote} error=${error} /></div>`;
}

export function Results({ outcome, names, mySeat, table, tableId, onClose, mine, again, ending }) {
  const [busy, error, start] = usePlayAgain(tableId, mine);
  return html`
    <${Dialog} title=${t('results.title')} onClose=${onClose} className="results-dialog">
      <p class="results-headline">${winnersLine(outcome, names, mySeat)}</p>
      ${ending ? html`<p class="results-ending">${ending}</p>` : null}
      <${Ranking} outcome=${outcome} names=${names} mySeat=${mySeat} />
      <${AgainOffer} again=${again} names=${names} tableId=${tableId} mine=${mine} />
      <${ErrorNote} error=${error} />
      <div class="dialog-actions">
        ${table && mine && !again
          ? html`<button type="button" class="primary" disabled=${busy} onClick=${start} autofocus>${t('results.play_again')}</button>`
          : null}
        <a class="button" href=${`/replay/${tableId}`} data-nav>${t('results.replay')}</a>
        <a class="button" href="/" data-nav>${t('app.to_lobby')}</a>
        <button type="button" class="ghost" onClick=${onClose}>${t('results.close')}</button>
      </div>
    </${Dialog}>`;
}
