// Asking the server whether words are in the table's dictionary (POST /api/words/check):
// the dictionary stays on the server. Answers are kept for the page's life, and words
// asked for within a short moment go in one request, so building a word card by card
// asks once, not once per card.
import { signal } from '@preact/signals';

const ASK_AFTER_MS = 150;
// At most this many words per request (the server's MAX_WORDS).
const MAX_WORDS = 12;

// "<table>:<word>" -> true (a word), false (not a word), 'pending' or 'failed'.
const verdicts = new Map();
const waiting = new Set();
let timer = null;
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
      verdicts.set(keyOf(table, word), typeof valid === 'boolean' ? valid : 'failed');
    });
  } catch {
    words.forEach((word) => verdicts.set(keyOf(table, word), 'failed'));
  }
  answers.value += 1;
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
 * Asks the server when nothing is known yet (or the last ask failed and `retry`). */
export function verdict(table, word, retry = false) {
  void answers.value;
  const key = keyOf(table, word);
  const known = verdicts.get(key);
  if (known === true || known === false || known === 'pending') return known;
  if (known === 'failed' && !retry) return known;
  verdicts.set(key, 'pending');
  waiting.add(key);
  timer ??= setTimeout(flush, ASK_AFTER_MS);
  return 'pending';
}
