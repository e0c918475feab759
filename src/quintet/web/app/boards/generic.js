// The generic board: any game's view as readable lists, and a way to act, so a game
// without a board of its own (Quiddler) is playable. It knows no rules: everything comes
// from the view the server sent for this seat.
//
// A game that lists its moves (the view's `legal`) gets one button per move. A game that
// does not (`lists_actions: false` in /api/games: its views carry no `legal`) gets a JSON
// action editor, and a "suggest a move" button that asks the server for one legal action
// (`sample`, POST /api/tables/{id}/sample) and puts it in the editor to send or change.
// Field names are worded by the game's messages (`<game>.field.<name>`) when it has them.
import { html } from 'htm/preact';
import { useState } from 'preact/hooks';
import { has } from '../i18n.js';
import { errorText } from '../ui.js';

const SKIP = new Set(['legal', 'hand', 'options', 'game', 'viewer', 'players', 'now']);

// The board states refused actions next to the action that was refused (the shell then
// shows no second notice).
export const showsRefusals = true;

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

/** A view field's name in words: the game's `<game>.field.<name>` message when it has
 * one, else the name with spaces. */
export function fieldLabel(game, name, t) {
  const key = `${game}.field.${name}`;
  return has(key) ? t(key) : name.replaceAll('_', ' ');
}

/** An action as the editor shows it: JSON on one line, readable spacing. */
function actionText(action) {
  return JSON.stringify(action, null, 1).replace(/\n\s*/g, ' ');
}

function Cards({ cards, label }) {
  return html`<ul class="generic-cards" aria-label=${label}>
    ${cards.map((card, i) => html`<li key=${i} class="generic-card" aria-label=${String(card)}>${compact(card)}</li>`)}
  </ul>`;
}

/** The JSON action editor: type an action (or have one suggested) and send it. */
function ActionEditor({ t, busy, act, sample, wide }) {
  const [text, setText] = useState('');
  const [problem, setProblem] = useState(null);
  const [suggesting, setSuggesting] = useState(false);

  const submit = async (event) => {
    event.preventDefault();
    let action;
    try {
      action = JSON.parse(text);
    } catch (error) {
      setProblem(t('generic.bad_json', { error: error.message }));
      return;
    }
    if (action === null || typeof action !== 'object' || Array.isArray(action)) {
      setProblem(t('generic.not_an_object'));
      return;
    }
    setProblem(null);
    const answer = await act(action);
    if (answer.ok) setText('');
    else setProblem(t('generic.refused', { reason: errorText(answer) }));
  };
  const suggest = async () => {
    setSuggesting(true);
    setProblem(null);
    try {
      const answer = await sample();
      if (answer?.action) setText(actionText(answer.action));
      else setProblem(t('generic.no_suggestion'));
    } catch (error) {
      setProblem(errorText(error));
    } finally {
      setSuggesting(false);
    }
  };

  // Enter starts a new line in the editor; Ctrl+Enter (or Cmd+Enter) sends.
  const sendOnCtrlEnter = (event) => {
    if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey)) return;
    event.preventDefault();
    event.currentTarget.form?.requestSubmit();
  };
  const field = wide
    ? html`<textarea id="custom-action" rows="3" value=${text} spellcheck="false" aria-describedby="custom-action-help"
        placeholder='{"type": "..."}' onInput=${(e) => setText(e.currentTarget.value)} onKeyDown=${sendOnCtrlEnter} />`
    : html`<input id="custom-action" value=${text} spellcheck="false"
        placeholder='{"type": "..."}' onInput=${(e) => setText(e.currentTarget.value)} />`;
  return html`
    <form class=${`custom-action ${wide ? 'custom-action-wide' : ''}`} onSubmit=${submit}>
      <label for="custom-action">${wide ? t('generic.editor') : t('generic.custom')}</label>
      ${wide ? html`<p id="custom-action-help" class="custom-action-help">${t('generic.editor_help')}</p>` : null}
      <div class="invite-row">
        ${field}
        <button type="submit" class=${wide ? 'primary' : ''} disabled=${busy || !text.trim()}>${t('generic.send')}</button>
        ${sample
          ? html`<button type="button" class="generic-suggest" disabled=${busy || suggesting} onClick=${suggest}>
              ${suggesting ? t('generic.suggesting') : t('generic.suggest')}</button>`
          : null}
      </div>
      ${problem ? html`<p class="error-note" role="alert">${problem}</p>` : null}
    </form>`;
}

export function Board({ view, seat, status, send, t, names, replay, game, info, sample }) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState(null);
  const players = view.players ?? names.length;
  const lists = info?.lists_actions !== false;
  const legal = Array.isArray(view.legal) ? view.legal : [];
  const canAct = !replay && seat !== null && seat !== undefined && status === 'running';

  const act = async (action) => {
    setBusy(true);
    setProblem(null);
    const answer = await send(action);
    setBusy(false);
    return answer;
  };
  const press = async (action) => {
    const answer = await act(action);
    if (!answer.ok) setProblem(t('generic.refused', { reason: errorText(answer) }));
  };

  // Whose move it is: the listed moves say so; without them the view's `to_act` may.
  let heading = 'generic.your_action';
  if (lists) heading = legal.length ? 'generic.your_move' : 'generic.waiting';
  else if (Number.isInteger(view.to_act)) heading = view.to_act === seat ? 'generic.your_move' : 'generic.waiting';

  // Fields with one entry per seat go into a table, the rest into a list.
  const perSeat = [];
  const other = [];
  for (const [key, value] of Object.entries(view)) {
    if (SKIP.has(key)) continue;
    if (Array.isArray(value) && value.length === players && players > 0 && key !== 'tops') {
      perSeat.push([key, value]);
    } else other.push([key, value]);
  }
  const label = (key) => fieldLabel(game, key, t);

  return html`
    <div class="generic-board" data-lists-actions=${lists ? 'true' : 'false'}>
      ${canAct
        ? html`<section class="generic-actions" aria-label=${t('generic.actions')}>
            <h2>${t(heading)}</h2>
            ${lists
              ? html`<div class="action-buttons">
                  ${legal.map(
                    (action, i) => html`<button key=${i} type="button" class=${i === 0 ? 'primary' : ''}
                      disabled=${busy} data-action=${JSON.stringify(action)}
                      onClick=${() => press(action)}>${actionLabel(action, t)}</button>`,
                  )}
                </div>
                ${problem ? html`<p class="error-note" role="alert">${problem}</p>` : null}`
              : null}
            <${ActionEditor} t=${t} busy=${busy} act=${act} sample=${lists ? null : sample} wide=${!lists} />
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
              <tbody>${perSeat.map(([key, values]) => html`<tr data-field=${key}><th scope="row">${label(key)}</th>
                ${values.map((v) => html`<td>${compact(v)}</td>`)}</tr>`)}</tbody>
            </table></div></section>`
        : null}
      <section><h2>${t('generic.details')}</h2>
        <dl class="generic-details">
          ${other.map(([key, value]) => html`<div data-field=${key}><dt>${label(key)}</dt><dd>${compact(value)}</dd></div>`)}
        </dl>
      </section>
    </div>`;
}
