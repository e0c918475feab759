// The prediction form: a number of chips (a stepper and a field), and the flex chip.
import { html } from 'htm/preact';
import { useState } from 'preact/hooks';

// --------------------------------------------------------------------- predicting

export function PredictForm({ view, t, onPredict, busy, inputRef }) {
  const [draft, setDraft] = useState('0');
  const [flex, setFlex] = useState(false);
  const [problem, setProblem] = useState(null);
  const value = /^\d{1,2}$/.test(draft.trim()) ? Number(draft.trim()) : null;
  const flexAllowed = view.flex_chip !== false;
  const useFlex = flexAllowed && flex;
  const shown = value ?? 0;
  const step = (d) => {
    setDraft(String(Math.max(0, Math.min(MAX_SHOWN, shown + d))));
    setProblem(null);
  };
  const submit = async (event) => {
    event.preventDefault();
    if (value === null) {
      setProblem(t('quashars.predict.not_number'));
      inputRef.current?.focus();
      return;
    }
    setProblem(null);
    await onPredict(value, useFlex);
  };
  return html`
    <form class="qs-predict" onSubmit=${submit} aria-labelledby="qs-predict-title">
      <h2 id="qs-predict-title" class="qs-predict-title">${t('quashars.predict.title')}</h2>
      <div class="qs-stepper">
        <button type="button" class="qs-step" aria-label=${t('quashars.predict.less')} disabled=${busy || shown <= 0}
          onClick=${() => step(-1)}>\u2212</button>
        <input id="qs-predict-chips" ref=${inputRef} type="number" inputmode="numeric" min="0" max=${MAX_SHOWN} step="1"
          value=${draft} aria-label=${t('quashars.predict.chips')} aria-describedby="qs-predict-help"
          onInput=${(e) => { setDraft(e.currentTarget.value); setProblem(null); }} />
        <button type="button" class="qs-step" aria-label=${t('quashars.predict.more')} disabled=${busy || shown >= MAX_SHOWN}
          onClick=${() => step(1)}>+</button>
      </div>
      ${flexAllowed
        ? html`<label class=${`qs-flex-toggle ${useFlex ? 'on' : ''}`}>
            <input type="checkbox" checked=${flex} onChange=${(e) => setFlex(e.currentTarget.checked)} />
            <span class="qs-chip qs-chip-flex qs-chip-out" aria-hidden="true">+1</span>
            <span>${t('quashars.predict.flex')}</span>
          </label>`
        : null}
      <button type="submit" class="primary qs-predict-go" disabled=${busy}>
        ${useFlex
          ? t('quashars.predict.submit_flex', { chips: shown, next: shown + 1 })
          : t('quashars.predict.submit', { chips: shown, count: shown })}
      </button>
      ${problem ? html`<p class="qs-problem" role="alert">${problem}</p>` : null}
    </form>`;
}

// The stepper's top: the most conditions one seat can meet in a game (three a trick,
// plus the pile-4 card); the server refuses more with its own message anyway.
const MAX_SHOWN = 37;
