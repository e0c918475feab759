// Asking the server whether words are in the table's dictionary (POST /api/words/check):
// the dictionary stays on the server. Answers are kept for the page's life, and a request
// goes only once no new word was asked for during a short moment, so building a word
// card by card quickly asks once, not once per card. A check that failed (the network,
// or the rate limit) is asked again a few seconds later.
import { signal } from '@preact/signals';

const ASK_AFTER_MS = 150;
const RETRY_MS = 3000;
// At most this many words per request (the server's MAX_WORDS).
const MAX_WORDS = 12;

// "<table>:<word>" -> true (a word), false (not a word), 'pending' or 'failed'.
const verdicts = new Map();
const waiting = new Set();
let timer;
/** Bumped whenever an answer comes: components that read it redraw. */
export const answers = signal(0);

const keyOf = (table, word) => `${table ?? ''}:${word}`;

async function ask(table, words) {
  try {
    const response = await fetch('/api/words/check', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(table ? { words, table } : { words }),
    });
    const data = response.ok ? await response.json() : null;
    words.forEach((word, i) => {
      const valid = data?.valid?.[i];
      if (typeof valid === 'boolean') verdicts.set(keyOf(table, word), valid);
      else failed(keyOf(table, word));
    });
  } catch {
    words.forEach((word) => failed(keyOf(table, word)));
  }
  answers.value += 1;
}

function failed(key) {
  verdicts.set(key, 'failed');
  setTimeout(() => {
    if (verdicts.get(key) !== 'failed') return;
    verdicts.delete(key);
    answers.value += 1;
  }, RETRY_MS);
}

function flush() {
  timer = null;
  const byTable = new Map();
  for (const key of waiting) {
    const cut = key.indexOf(':');
    const table = key.slice(0, cut) || null;
    if (!byTable.has(table)) byTable.set(table, []);
    byTable.get(table).push(key.slice(cut + 1));
  }
  waiting.clear();
  for (const [table, words] of byTable) {
    for (let i = 0; i < words.length; i += MAX_WORDS) ask(table, words.slice(i, i + MAX_WORDS));
  }
}

/** What is known of a word (lowercase letters): true, false, 'pending' or 'failed'.
 * Asks the server when nothing is known yet. */
export function verdict(table, word) {
  void answers.value;
  const key = keyOf(table, word);
  const known = verdicts.get(key);
  if (known !== undefined) return known;
  verdicts.set(key, 'pending');
  waiting.add(key);
  clearTimeout(timer);
  timer = setTimeout(flush, ASK_AFTER_MS);
  return 'pending';
}
