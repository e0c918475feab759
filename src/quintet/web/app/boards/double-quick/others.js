// The others' tables (open: crosswords and face-up tiles, small) and the scores at the
// end of a game: the part that counted, valid words, doubled tiles, bonuses, the match.
import { html } from 'htm/preact';
import { num, signed } from '../../i18n.js';
import { Icon } from '../../ui.js';
import { MiniGrid, tileClass } from './tiles.js';
import { cellKey, shownLetter } from './words.js';

function runCells(runs) {
  const cells = new Set();
  for (const run of runs ?? []) {
    for (let i = 0; i < run.word.length; i += 1) {
      cells.add(run.across ? cellKey(run.row, run.col + i) : cellKey(run.row + i, run.col));
    }
  }
  return cells;
}

export function OtherSeat({ entry, name, bot, t, presser, canChallenge, onChallenge, busy }) {
  const count = entry.crossword.length;
  return html`<li class=${`dq-other ${presser ? 'dq-pressed' : ''}`} data-seat=${entry.seat}
    aria-label=${t('double-quick.other_label', { who: name, count, needed: entry.needed })}>
    <div class="dq-other-head">
      <span class=${`avatar dq-avatar seat-color-${entry.seat % 8}`} aria-hidden="true">${bot ? html`<${Icon} name="bot" />` : (name || '?').slice(0, 1).toUpperCase()}</span>
      <span class="dq-other-name">${name}</span>
      <span class="dq-count" data-count=${count}>${t('double-quick.in_crossword', { count, needed: entry.needed })}</span>
      ${entry.penalties ? html`<span class="dq-penalty">${t('double-quick.penalties', { count: entry.penalties })}</span>` : null}
    </div>
    <${MiniGrid} crossword=${entry.crossword} t=${t} label=${t('double-quick.crossword_of', { who: name })} />
    <div class="dq-other-rack" aria-label=${t('double-quick.rack_of', { who: name })}>
      ${entry.rack.map((tile) => html`<span key=${tile.tile} class=${`${tileClass(tile)} dq-small`} data-tile=${tile.tile}>${shownLetter(tile)}</span>`)}
      <span class="dq-face-down">${t('double-quick.face_down', { count: entry.face_down })}</span>
    </div>
    ${presser
      ? html`<p class="dq-press-note">${t('double-quick.pressed', { who: name })}
          ${canChallenge
            ? html`<button type="button" class="dq-challenge" disabled=${busy} onClick=${onChallenge}>${t('double-quick.challenge')}</button>`
            : null}</p>`
      : null}
  </li>`;
}

export function Results({ view, names, t, seat }) {
  const game = view.game_no ?? 1;
  const scores = view.scores?.[game - 1] ?? [];
  return html`<section class="dq-results" aria-label=${t('double-quick.results')}>
    <h2>${view.games > 1 ? t('double-quick.results_game', { game, games: view.games }) : t('double-quick.results')}</h2>
    <p class="dq-ended-by">${view.ended_by === null || view.ended_by === undefined
      ? t('double-quick.ended_buzzer')
      : t('double-quick.ended_press', { who: names[view.ended_by] ?? '' })}</p>
    <ul class="dq-result-list">
      ${view.seats.map((entry) => {
        const result = entry.result;
        if (!result) return null;
        const total = scores[entry.seat] ?? result.points - entry.penalties;
        const bonus = total - result.points + entry.penalties;
        const who = names[entry.seat] ?? '';
        return html`<li class=${`dq-result ${entry.seat === seat ? 'dq-mine' : ''}`} key=${entry.seat} data-seat=${entry.seat}>
          <h3>${who} <span class="dq-total" data-total=${total}>${t('double-quick.points', { count: total })}</span></h3>
          <${MiniGrid} crossword=${entry.crossword} t=${t} label=${t('double-quick.crossword_of', { who })}
            good=${runCells(result.words)} bad=${runCells(result.non_words)}
            doubled=${new Set((result.doubled ?? []).map(([r, c]) => cellKey(r, c)))} />
          <dl class="dq-score-lines">
            <dt>${t('double-quick.score.tiles')}</dt><dd>${result.tiles}</dd>
            <dt>${t('double-quick.score.doubled')}</dt><dd>${(result.doubled ?? []).length}</dd>
            <dt>${t('double-quick.score.points')}</dt><dd>${num(result.points)}</dd>
            ${bonus ? html`<dt>${t('double-quick.score.bonus')}</dt><dd>${signed(bonus)}</dd>` : null}
            ${entry.penalties ? html`<dt>${t('double-quick.score.penalties')}</dt><dd>${signed(-entry.penalties)}</dd>` : null}
            ${view.games > 1 ? html`<dt>${t('double-quick.score.match')}</dt><dd>${num(view.totals?.[entry.seat] ?? 0)}</dd>` : null}
          </dl>
          <p class="dq-word-list"><span class="dq-word-title">${t('double-quick.score.words')}</span>
            ${result.words.map((w) => html`<span class="dq-word" key=${`${w.word}${w.row}${w.col}${w.across}`}>${w.word.toUpperCase()}</span>`)}
            ${result.words.length ? null : '–'}</p>
          ${result.non_words.length
            ? html`<p class="dq-word-list"><span class="dq-word-title">${t('double-quick.score.non_words')}</span>
                ${result.non_words.map((w) => html`<span class="dq-word dq-not-word" key=${`${w.word}${w.row}${w.col}${w.across}`}>${w.word.toUpperCase()}</span>`)}</p>`
            : null}
        </li>`;
      })}
    </ul>
    <p class="dq-legend"><span class="dq-key dq-good"></span>${t('double-quick.legend.word')}
      <span class="dq-key dq-doubled"></span>${t('double-quick.legend.doubled')}
      <span class="dq-key dq-bad"></span>${t('double-quick.legend.non_word')}</p>
  </section>`;
}
