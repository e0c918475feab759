// Scoring: the sheet of the last scored round (per player: words with their points,
// unused cards, both bonuses with who took them, challenges, the round's total), the
// running totals over the eight rounds, and the final ranking.
import { html } from 'htm/preact';
import { num } from '../../i18n.js';
import { Face, points, signed, spell } from './cards.js';

/** Which bonuses the table plays: none solo, one with 2 players (the option), else both. */
function bonuses(view) {
  if (view.players === 1) return [];
  if (view.players === 2) return [view.options?.two_player_bonus === 'most' ? 'most' : 'longest'];
  return ['longest', 'most'];
}

function bonusLine(kind, sheet, view, t, names) {
  const holder = (sheet.parts[kind] ?? []).findIndex((p) => p > 0);
  const anyWords = sheet.words
    ? sheet.words.some((ws) => ws.length > 0)
    : (sheet.parts.words ?? []).some((p) => p > 0);
  const who = holder >= 0 ? names[holder] : anyWords ? t('quiddler.sheet.tie') : t('quiddler.sheet.no_words');
  return html`<li class="qd-bonus" data-bonus=${kind}>${t(`quiddler.sheet.${kind}`, { who })}</li>`;
}

/** The sheet of one scored round; `sheet`: {round, words, unused, parts}. After a reload
 * in a later round the view holds only the points (`words` and `unused` null): the sheet
 * then gives the words' and the left-over cards' points without the cards. */
export function RoundSheet({ sheet, view, seat, t, names }) {
  if (!sheet) return null;
  const seats = Array.from({ length: view.players }, (_, s) => s);
  return html`<section class="qd-sheet" aria-labelledby="qd-sheet-title" data-round=${sheet.round}>
    <h2 id="qd-sheet-title" class="qd-title">${t('quiddler.sheet.title', { n: sheet.round })}</h2>
    <ul class="qd-bonuses">${bonuses(view).map((kind) => bonusLine(kind, sheet, view, t, names))}</ul>
    ${sheet.challenges?.length
      ? html`<ul class="qd-sheet-verdicts">${sheet.challenges.map((c, i) => html`<li key=${i}>${t(c.valid ? 'quiddler.verdict.valid' : 'quiddler.verdict.invalid', {
          word: spell(c.cards), points: c.points, owner: names[c.seat], challenger: names[c.challenger],
        })}</li>`)}</ul>`
      : null}
    <div class="qd-sheet-grid">
      ${seats.map((s) => {
        const part = (name) => sheet.parts[name]?.[s] ?? 0;
        if (!sheet.words) {
          return html`<article key=${s} class=${`qd-sheet-player ${s === seat ? 'qd-me' : ''}`} data-seat=${s}>
            <h3>${names[s]} <span class=${`qd-round-total ${part('total') < 0 ? 'qd-minus' : ''}`}>${signed(part('total'))}</span></h3>
            <ul class="qd-sheet-lines">
              ${['words', 'unused', 'longest', 'most', 'invalid', 'challenges'].filter((p) => part(p) !== 0).map((p) => html`<li key=${p}>
                <span>${t(`quiddler.sheet.part.${p}`)}</span><span class=${`qd-num ${part(p) < 0 ? 'qd-minus' : ''}`}>${signed(part(p))}</span></li>`)}
            </ul>
          </article>`;
        }
        const words = sheet.words[s] ?? [];
        const unused = sheet.unused[s] ?? [];
        return html`<article key=${s} class=${`qd-sheet-player ${s === seat ? 'qd-me' : ''}`} data-seat=${s}>
          <h3>${names[s]} <span class=${`qd-round-total ${part('total') < 0 ? 'qd-minus' : ''}`}>${signed(part('total'))}</span></h3>
          <ul class="qd-sheet-lines">
            ${words.length
              ? words.map((w, i) => html`<li key=${i}><span class="qd-sheet-word">${w.map((c, j) => html`<${Face} key=${j} card=${c} small=${true} />`)}</span>
                  <span class="sr-only">${spell(w)}</span><span class="qd-num">${signed(points(w))}</span></li>`)
              : html`<li class="qd-muted">${t('quiddler.sheet.no_word')}</li>`}
            ${unused.length
              ? html`<li><span>${t('quiddler.sheet.unused', { cards: unused.map((c) => c.toUpperCase()).join(' ') })}</span>
                  <span class="qd-num qd-minus">${signed(part('unused'))}</span></li>`
              : null}
            ${['longest', 'most', 'invalid', 'challenges'].filter((p) => part(p) !== 0).map((p) => html`<li key=${p}>
              <span>${t(`quiddler.sheet.part.${p}`)}</span><span class=${`qd-num ${part(p) < 0 ? 'qd-minus' : ''}`}>${signed(part(p))}</span></li>`)}
          </ul>
        </article>`;
      })}
    </div>
  </section>`;
}

/** Ranks with ties sharing a place: totals [30, 50, 30] -> [2, 1, 2]. */
export function ranks(totals) {
  return totals.map((v) => 1 + totals.filter((w) => w > v).length);
}

export function ScoreTable({ view, seat, t, names }) {
  const seats = Array.from({ length: view.players }, (_, s) => s);
  const scores = view.scores ?? [];
  return html`<section class="qd-scores" aria-labelledby="qd-scores-title">
    <h2 id="qd-scores-title" class="qd-title">${t('quiddler.scores')}</h2>
    <div class="qd-scroll">
      <table class="qd-score-table">
        <thead><tr><th scope="col">${t('quiddler.round')}</th>
          ${seats.map((s) => html`<th scope="col" class=${s === seat ? 'qd-me' : ''}>${names[s]}</th>`)}</tr></thead>
        <tbody>
          ${Array.from({ length: view.rounds ?? 8 }, (_, r) => html`<tr key=${r} class=${r + 1 === view.round && !scores[r] ? 'qd-now' : ''}>
            <th scope="row">${r + 1}</th>
            ${seats.map((s) => html`<td class=${s === seat ? 'qd-me' : ''}>${scores[r] ? signed(scores[r][s]) : '\u2013'}</td>`)}</tr>`)}
        </tbody>
        <tfoot><tr><th scope="row">${t('quiddler.total')}</th>
          ${seats.map((s) => html`<td class=${s === seat ? 'qd-me' : ''} data-total=${s}>${num(view.totals?.[s] ?? 0)}</td>`)}</tr></tfoot>
      </table>
    </div>
  </section>`;
}

export function Ranking({ view, seat, t, names }) {
  const totals = view.totals ?? [];
  const place = ranks(totals);
  const order = totals.map((_, s) => s).sort((a, b) => place[a] - place[b] || a - b);
  return html`<section class="qd-ranking" aria-labelledby="qd-ranking-title">
    <h2 id="qd-ranking-title" class="qd-title">${t('quiddler.ranking')}</h2>
    <ol>${order.map((s) => html`<li key=${s} class=${s === seat ? 'qd-me' : ''} data-rank=${place[s]}>
      ${t('quiddler.rank_line', { rank: place[s], who: names[s], count: totals[s] })}</li>`)}</ol>
  </section>`;
}
