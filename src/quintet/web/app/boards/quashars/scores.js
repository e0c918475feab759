// The score sheet of the match, and the result of the game just scored.
import { html } from 'htm/preact';
import { predictionText } from './seats.js';
import { num } from '../../i18n.js';
import { initial, signed } from './words.js';

// ------------------------------------------------------------------------ scores

export function Scores({ view, t, names, seat }) {
  const games = view.games ?? view.players;
  const scores = view.scores ?? [];
  const players = view.players;
  const seats = Array.from({ length: players }, (_, s) => s);
  return html`
    <section class="qs-scores" aria-labelledby="qs-scores-title">
      <h2 id="qs-scores-title" class="qs-title">${t('quashars.scores')}</h2>
      <div class="qs-scroll">
        <table class="qs-score-table">
          <thead><tr><th scope="col">${t('quashars.game')}</th>
            ${seats.map((s) => html`<th scope="col" class=${s === seat ? 'qs-mine' : ''}>
              <span class="qs-name-long">${names[s]}</span><abbr class="qs-name-short" title=${names[s]}>${initial(names, s)}</abbr></th>`)}</tr></thead>
          <tbody>
            ${Array.from({ length: games }, (_, g) => html`
              <tr class=${g + 1 === view.game_no && !scores[g] ? 'qs-now' : ''} data-game=${g + 1}>
                <th scope="row">${t('quashars.game_n', { n: g + 1 })}</th>
                ${seats.map((s) => html`<td class=${s === seat ? 'qs-mine' : ''}>${scores[g] ? signed(scores[g][s]) : '\u2013'}</td>`)}
              </tr>`)}
          </tbody>
          <tfoot><tr class="qs-total-row"><th scope="row">${t('quashars.total')}</th>
            ${seats.map((s) => html`<td class=${s === seat ? 'qs-mine' : ''}>${num(view.totals?.[s] ?? 0)}</td>`)}</tr></tfoot>
        </table>
      </div>
    </section>`;
}

export function GameResult({ view, t, names, seat }) {
  const points = view.scores?.[view.game_no - 1];
  if (!points) return null;
  return html`
    <section class="qs-result" aria-labelledby="qs-result-title">
      <h2 id="qs-result-title" class="qs-title">${t('quashars.result.title', { n: view.game_no })}</h2>
      <table class="qs-result-table">
        <thead><tr><th scope="col">${t('quashars.result.player')}</th><th scope="col">${t('quashars.stat.prediction')}</th>
          <th scope="col">${t('quashars.stat.met')}</th><th scope="col">${t('quashars.result.points')}</th></tr></thead>
        <tbody>
          ${points.map((p, s) => html`<tr class=${s === seat ? 'qs-mine' : ''}>
            <th scope="row">${names[s]}</th>
            <td>${predictionText(view.predictions?.[s], t) ?? '\u2013'}</td>
            <td>${view.met?.[s] ?? 0}</td>
            <td class=${p > 0 ? 'qs-plus' : p < 0 ? 'qs-minus' : ''}>${signed(p)}</td></tr>`)}
        </tbody>
      </table>
    </section>`;
}
