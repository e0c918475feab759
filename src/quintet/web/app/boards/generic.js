// The generic board: any game's view as readable lists, and its `legal` actions as
// buttons, so a game without a board of its own (Quiddler) is playable. It knows no
// rules: everything comes from the view the server sent for this seat.
import { html } from 'htm/preact';
import { useState } from 'preact/hooks';

const SKIP = new Set(['legal', 'hand', 'options', 'game', 'viewer', 'players', 'now']);

function compact(value) {
  if (value === null || value === undefined) return '–';
  if (typeof value === 'boolean') return value ? '✓' : '✗';
  if (Array.isArray(value)) {
    if (value.every((v) => typeof v !== 'object' || v === null)) return value.map(compact).join(' ');
    return value.map(compact).join(' | ');
  }
  if (typeof value === 'object') {
    return Object.entries(value).map(([k, v]) => `${k}: ${compact(v)}`).join(', ');
  }
  return String(value);
}

/** An action as words: its type, then its fields. */
export function actionLabel(action, t) {
  const what = String(action.type ?? '?').replaceAll('_', ' ');
  const rest = Object.entries(action)
    .filter(([key]) => key !== 'type')
    .map(([key, value]) => `${key.replaceAll('_', ' ')}: ${compact(value)}`)
    .join(', ');
  return rest ? t('generic.action', { what, rest }) : what;
}

function Cards({ cards, label }) {
  return html`<ul class="generic-cards" aria-label=${label}>
    ${cards.map((card, i) => html`<li key=${i} class="generic-card" aria-label=${String(card)}>${compact(card)}</li>`)}
  </ul>`;
}

export function Board({ view, seat, status, send, t, names, replay }) {
  const [busy, setBusy] = useState(false);
  const [custom, setCustom] = useState('');
  const [problem, setProblem] = useState(null);
  const players = view.players ?? names.length;
  const legal = Array.isArray(view.legal) ? view.legal : [];
  const canAct = !replay && seat !== null && status === 'running';

  const act = async (action) => {
    setBusy(true);
    setProblem(null);
    const answer = await send(action);
    setBusy(false);
    if (!answer.ok) setProblem(answer.message);
    return answer;
  };
  const sendCustom = async (event) => {
    event.preventDefault();
    let action;
    try {
      action = JSON.parse(custom);
    } catch (error) {
      setProblem(t('generic.bad_json', { error: error.message }));
      return;
    }
    if ((await act(action)).ok) setCustom('');
  };

  // Fields with one entry per seat go into a table, the rest into a list.
  const perSeat = [];
  const other = [];
  for (const [key, value] of Object.entries(view)) {
    if (SKIP.has(key)) continue;
    if (Array.isArray(value) && value.length === players && players > 0 && key !== 'tops') {
      perSeat.push([key, value]);
    } else other.push([key, value]);
  }
  const label = (key) => key.replaceAll('_', ' ');

  return html`
    <div class="generic-board">
      ${canAct
        ? html`<section class="generic-actions" aria-label=${t('generic.actions')}>
            <h2>${legal.length ? t('generic.your_move') : t('generic.waiting')}</h2>
            <div class="action-buttons">
              ${legal.map(
                (action, i) => html`<button key=${i} type="button" class=${i === 0 ? 'primary' : ''}
                  disabled=${busy} data-action=${JSON.stringify(action)}
                  onClick=${() => act(action)}>${actionLabel(action, t)}</button>`,
              )}
            </div>
            <form class="custom-action" onSubmit=${sendCustom}>
              <label for="custom-action">${t('generic.custom')}</label>
              <div class="invite-row">
                <input id="custom-action" value=${custom} spellcheck="false"
                  placeholder='{"type": "..."}' onInput=${(e) => setCustom(e.currentTarget.value)} />
                <button type="submit" disabled=${busy || !custom.trim()}>${t('generic.send')}</button>
              </div>
            </form>
            ${problem ? html`<p class="error-note" role="alert">${problem}</p>` : null}
          </section>`
        : null}
      ${Array.isArray(view.hand)
        ? html`<section aria-label=${t('generic.hand')}>
            <h2>${t('generic.hand')}</h2><${Cards} cards=${view.hand} label=${t('generic.hand')} /></section>`
        : null}
      ${perSeat.length
        ? html`<section><h2>${t('generic.table')}</h2>
            <div class="table-scroll"><table class="generic-table">
              <thead><tr><th scope="col"></th>${names.slice(0, players).map((n) => html`<th scope="col">${n}</th>`)}</tr></thead>
              <tbody>${perSeat.map(([key, values]) => html`<tr><th scope="row">${label(key)}</th>
                ${values.map((v) => html`<td>${compact(v)}</td>`)}</tr>`)}</tbody>
            </table></div></section>`
        : null}
      <section><h2>${t('generic.details')}</h2>
        <dl class="generic-details">
          ${other.map(([key, value]) => html`<div><dt>${label(key)}</dt><dd>${compact(value)}</dd></div>`)}
        </dl>
      </section>
    </div>`;
}
