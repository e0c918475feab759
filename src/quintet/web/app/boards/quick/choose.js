// The dealer's choice of criteria (option chooser "dealer"): up to three criterion cards
// in the order they will lie, each turned or not, and the 1-72 card turned or not
// (none in the simplified game). The server judges the choice.
import { html } from 'htm/preact';
import { useState } from 'preact/hooks';
import { PROPERTIES, criterion } from './words.js';

function initial(criteria, simplified) {
  const cards = (criteria ?? []).map(criterion);
  const slots = cards.filter((c) => c.name !== 'number');
  while (slots.length < PROPERTIES.length) slots.push({ name: '', turned: false });
  const number = cards.find((c) => c.name === 'number');
  return { slots, numberTurned: simplified ? false : Boolean(number?.turned) };
}

export function chosenCriteria(choice, simplified) {
  const list = choice.slots.filter((s) => s.name).map((s) => (s.turned ? `-${s.name}` : s.name));
  if (!simplified) list.push(choice.numberTurned ? '-number' : 'number');
  return list;
}

export function Chooser({ view, t, onChoose, busy }) {
  const simplified = Boolean(view.simplified);
  const [choice, setChoice] = useState(() => initial(view.criteria, simplified));
  const setSlot = (i, change) => setChoice((old) => ({
    ...old,
    slots: old.slots.map((s, j) => (j === i ? { ...s, ...change } : s)),
  }));
  return html`<form class="qk-chooser" aria-label=${t('quick.choose_title')} onSubmit=${(e) => {
    e.preventDefault();
    onChoose(chosenCriteria(choice, simplified));
  }}>
    <h2 class="qk-chooser-title">${t('quick.choose_title')}</h2>
    <p class="qk-chooser-help">${t(simplified ? 'quick.choose_help_simplified' : 'quick.choose_help')}</p>
    <ol class="qk-chooser-slots">
      ${choice.slots.map((slot, i) => html`<li key=${i} class="qk-chooser-slot">
        <label>${t('quick.choose_slot', { n: i + 1 })}
          <select value=${slot.name} data-slot=${i} onChange=${(e) => setSlot(i, { name: e.currentTarget.value })}>
            <option value="">${t('quick.choose_none')}</option>
            ${PROPERTIES.map((p) => html`<option key=${p} value=${p}>${t(`quick.criterion.${p}`)}</option>`)}
          </select></label>
        <label class="qk-turn"><input type="checkbox" checked=${slot.turned} disabled=${!slot.name}
          onChange=${(e) => setSlot(i, { turned: e.currentTarget.checked })} /> ${t('quick.turned')}</label>
      </li>`)}
      ${simplified
        ? null
        : html`<li class="qk-chooser-slot"><span>${t('quick.criterion.number')} (${t('quick.always_last')})</span>
            <label class="qk-turn"><input type="checkbox" checked=${choice.numberTurned} data-slot="number"
              onChange=${(e) => setChoice((old) => ({ ...old, numberTurned: e.currentTarget.checked }))} /> ${t('quick.turned')}</label></li>`}
    </ol>
    <button type="submit" class="primary qk-choose" disabled=${busy}>${t('quick.choose_send')}</button>
  </form>`;
}
