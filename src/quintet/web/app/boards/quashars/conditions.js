// The four revealed conditions, with who met each one how often this game.
import { html } from 'htm/preact';
import { CondGlyph } from './pictures.js';
import { initial, joinList } from './words.js';

// -------------------------------------------------------------------- conditions

function metCounts(view) {
  // Per condition id, per seat: how often it was met this game. Piles 1-3 come from the
  // finished tricks; the pile-4 card is what the view's `met` holds beyond them.
  const counts = {};
  const fromTricks = new Array(view.players).fill(0);
  for (const trick of view.tricks ?? []) {
    for (const id of trick.met) {
      counts[id] ??= new Array(view.players).fill(0);
      counts[id][trick.winner] += 1;
      fromTricks[trick.winner] += 1;
    }
  }
  const totals = view.conditions?.find((c) => c.pile === 4);
  if (totals) {
    counts[totals.id] = (view.met ?? []).map((m, s) => Math.max(0, m - fromTricks[s]));
  }
  return counts;
}

export function Conditions({ view, t, names }) {
  const counts = metCounts(view);
  return html`
    <section class="qs-conditions" aria-labelledby="qs-cond-title">
      <h2 id="qs-cond-title" class="sr-only">${t('quashars.conditions')}</h2>
      <ol class="qs-cond-list">
        ${(view.conditions ?? []).map((cond) => {
          const perSeat = counts[cond.id] ?? [];
          const total = perSeat.reduce((a, b) => a + b, 0);
          const who = perSeat
            .map((n, s) => (n ? { n, s } : null))
            .filter(Boolean);
          const metText = who.length
            ? t('quashars.met_by', { list: joinList(who.map(({ n, s }) => `${names[s]} ${n}\u00d7`)) })
            : t('quashars.not_met');
          return html`
            <li class=${`qs-cond qs-pile-${cond.pile}`} data-cond=${cond.id}
>
              <span class="sr-only">${`${t('quashars.pile', { n: cond.pile })}: ${t(`quashars.cond.${cond.id}.name`)}. ${t(`quashars.cond.${cond.id}.text`)}. ${metText}`}</span>
              <span class="qs-cond-pile" aria-hidden="true">${cond.pile}</span>
              <span class="qs-cond-glyph" aria-hidden="true"><${CondGlyph} id=${cond.id} /></span>
              <span class="qs-cond-body" aria-hidden="true">
                <strong class="qs-cond-name">${t(`quashars.cond.${cond.id}.name`)}</strong>
                <span class="qs-cond-text">${t(`quashars.cond.${cond.id}.text`)}</span>
                <span class="qs-cond-met">${total
                  ? who.map(({ n, s }) => html`<span class=${`qs-met-dot seat-color-${s % 8}`} title=${names[s]}>${initial(names, s)}${n > 1 ? ` \u00d7${n}` : ''}</span>`)
                  : html`<span class="qs-met-none">${t('quashars.not_met_short')}</span>`}</span>
              </span>
            </li>`;
        })}
      </ol>
    </section>`;
}
