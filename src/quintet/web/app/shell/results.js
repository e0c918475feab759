// The end of a game: the ranking, who won, and what next (play again, replay, lobby).
import { html } from 'htm/preact';
import { useState } from 'preact/hooks';
import { num, t } from '../i18n.js';
import { Dialog, ErrorNote, Icon } from '../ui.js';
import { api } from '../api.js';
import { saveSeat, nickname } from '../store.js';
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

/** Create a table like this one (same game, options and seats: bots at the same levels,
 * the other people's seats open for them) and sit at the same seat. */
export async function playAgain(table, mySeat) {
  const body = {
    game: table.game,
    options: table.options,
    seats: table.seats.map((s) => (s.kind === 'bot' ? { kind: 'bot', level: s.level } : { kind: 'human' })),
  };
  if (table.practice) body.practice = true;
  const created = await api.createTable(body);
  const seat = mySeat ?? created.free_seats[0];
  const name = nickname.value || table.seats[seat]?.nickname || 'Player';
  const joined = await api.join(created.id, seat, name);
  saveSeat(created.id, { token: joined.token, seat, nickname: name });
  const humansLeft = created.free_seats.filter((s) => s !== seat);
  if (humansLeft.length === 0) await api.start(created.id, joined.token);
  navigate(`/t/${created.id}`);
}

export function Results({ outcome, names, mySeat, table, tableId, onClose }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState(null);
  const again = async () => {
    setBusy(true);
    setError(null);
    try {
      await playAgain(table, mySeat);
    } catch (err) {
      setError(err);
      setBusy(false);
    }
  };
  return html`
    <${Dialog} title=${t('results.title')} onClose=${onClose} className="results-dialog">
      <p class="results-headline">${winnersLine(outcome, names, mySeat)}</p>
      <${Ranking} outcome=${outcome} names=${names} mySeat=${mySeat} />
      <${ErrorNote} error=${error} />
      <div class="dialog-actions">
        ${table && mySeat !== null && mySeat !== undefined
          ? html`<button type="button" class="primary" disabled=${busy} onClick=${again} autofocus>${t('results.play_again')}</button>`
          : null}
        <a class="button" href=${`/replay/${tableId}`} data-nav>${t('results.replay')}</a>
        <a class="button" href="/" data-nav>${t('app.to_lobby')}</a>
        <button type="button" class="ghost" onClick=${onClose}>${t('results.close')}</button>
      </div>
    </${Dialog}>`;
}
