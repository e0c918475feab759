// The word rack: the words you build from your hand, each checked against the table's
// dictionary as you build it (wordcheck.js), and the buttons that go out or lay down.
// Click a word to make it the one cards go to; click a card on the rack to take it back.
import { html } from 'htm/preact';
import { Face, cardLabel, points, spell } from './cards.js';
import { dragStart, dropTarget } from './hand.js';

/** A word's state in words for its badge: "QUIT: a word, 18 points". */
export function wordStatus(check, t) {
  if (check.state === 'short') return t('quiddler.word.short');
  if (check.state === 'pending') return t('quiddler.word.checking');
  if (check.state === 'failed') return t('quiddler.word.unchecked');
  if (check.state === 'valid') return t('quiddler.word.valid', { count: check.points });
  return t('quiddler.word.invalid');
}

export function Rack({ words, checks, current, t, onSelect, onTakeBack, onDropWord, onNewWord, children }) {
  return html`
    <section class="qd-rack" aria-labelledby="qd-rack-title">
      <h2 id="qd-rack-title" class="qd-title">${t('quiddler.rack.title')}</h2>
      <p class="qd-help">${t('quiddler.rack.help')}</p>
      <ol class="qd-words">
        ${words.map((word, i) => {
          const check = checks[i];
          const letters = spell(word.map((c) => c.card));
          return html`<li key=${i} class=${`qd-word qd-word-${check.state} ${i === current ? 'qd-current' : ''}`}
            data-word=${letters.toLowerCase()} data-state=${check.state} ...${dropTarget((id) => onDropWord(i, id))}>
            <button type="button" class="qd-word-pick" aria-pressed=${i === current ? 'true' : 'false'}
              onClick=${() => onSelect(i)}
              aria-label=${t('quiddler.rack.word_label', { n: i + 1, word: letters || '\u2013', status: wordStatus(check, t) })}>
              ${t('quiddler.rack.word_n', { n: i + 1 })}</button>
            <span class="qd-word-cards">
              ${word.length
                ? word.map((c) => html`<button type="button" key=${c.id} class="qd-rack-card" data-card=${c.card}
                    draggable="true" onDragStart=${dragStart(c.id)} onClick=${() => onTakeBack(c.id)}
                    aria-label=${t('quiddler.rack.take_back', { card: cardLabel(c.card, t) })}>
                    <${Face} card=${c.card} small=${true} /></button>`)
                : html`<span class="qd-word-empty">${t('quiddler.rack.empty_word')}</span>`}
            </span>
            ${word.length ? html`<span class="qd-badge" aria-live="polite">${wordStatus(check, t)}</span>` : null}
          </li>`;
        })}
      </ol>
      <div class="qd-rack-tools">
        <button type="button" class="small qd-new-word" onClick=${onNewWord} aria-keyshortcuts="n"
          ...${dropTarget((id) => onDropWord(words.length, id))}>${t('quiddler.rack.new_word')}</button>
        ${children}
      </div>
    </section>`;
}

/** Each word's check: {state: 'short' | 'pending' | 'failed' | 'valid' | 'invalid', points}. */
export function checkWords(words, verdictOf) {
  return words.map((word) => {
    const cards = word.map((c) => c.card);
    if (cards.length < 2) return { state: 'short', points: points(cards) };
    const answer = verdictOf(cards.join(''));
    const state = answer === true ? 'valid' : answer === false ? 'invalid' : answer;
    return { state, points: points(cards) };
  });
}
