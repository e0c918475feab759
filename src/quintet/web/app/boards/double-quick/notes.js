// What the board says back: a refused action or press with its reasons, a note about a
// gesture, and the question a wild tile asks (which letter it stands for).
import { html } from 'htm/preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { reasonText } from './words.js';

export function ActionNote({ note, refusal, t, errorText }) {
  return html`<div class="dq-notes" aria-live="polite">
    ${refusal
      ? html`<div class="dq-refused" role="alert">
          <strong>${t(refusal.challenge ? 'double-quick.challenged' : 'double-quick.refused', { penalty: refusal.penalty })}</strong>
          <ul class="dq-reasons">${refusal.reasons.map((r) => html`<li key=${r}>${reasonText(r, t)}</li>`)}</ul>
        </div>`
      : null}
    ${note?.error ? html`<p class="dq-note dq-error" role="alert">${errorText(note.error)}</p>` : null}
    ${note?.reasons
      ? html`<div class="dq-note" role="alert"><strong>${t('double-quick.why_not')}</strong>
          <ul class="dq-reasons">${note.reasons.map((r) => html`<li key=${r}>${reasonText(r, t)}</li>`)}</ul></div>`
      : null}
    ${note?.key ? html`<p class="dq-note" role="status">${t(note.key, note.args ?? {})}</p>` : null}
  </div>`;
}

/** The letter a wild tile stands for: one letter a-z, Enter to place, Escape to cancel. */
export function WildAsk({ t, onLetter, onCancel }) {
  const [value, setValue] = useState('');
  const [wrong, setWrong] = useState(false);
  const input = useRef(null);
  useEffect(() => input.current?.focus(), []);
  const submit = (event) => {
    event.preventDefault();
    const letter = value.trim().toLowerCase();
    if (!/^[a-z]$/.test(letter)) {
      setWrong(true);
      return;
    }
    onLetter(letter);
  };
  return html`<form class="dq-ask" onSubmit=${submit} role="group" aria-label=${t('double-quick.wild_title')}>
    <label for="dq-wild-letter">${t('double-quick.wild_question')}</label>
    <input id="dq-wild-letter" ref=${input} value=${value} maxlength="1" autocomplete="off" autocapitalize="characters"
      spellcheck="false" aria-invalid=${wrong ? 'true' : 'false'}
      onInput=${(e) => {
        setValue(e.currentTarget.value);
        setWrong(false);
      }}
      onKeyDown=${(e) => {
        if (e.key === 'Escape') {
          e.preventDefault();
          onCancel();
        }
      }} />
    <button type="submit" class="small primary">${t('double-quick.wild_place')}</button>
    <button type="button" class="small" onClick=${onCancel}>${t('double-quick.cancel')}</button>
    ${wrong ? html`<p class="dq-note dq-error" role="alert">${t('double-quick.wild_wrong')}</p>` : null}
  </form>`;
}
