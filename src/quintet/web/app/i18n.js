// Every string the UI shows comes from the message files: messages/en.js and de.js for
// the shell, boards/<game>/messages.<lang>.js for each game (its lobby summary, option
// labels, board and log; merged here when the game is loaded). The server sends codes and arguments; this turns them into words.
//
// A message is a string with {name} arguments, or {one, other, ...} picked by the
// language's plural rule on the argument `count`, or a function of the arguments.
import { signal } from '@preact/signals';
import en from './messages/en.js';
import de from './messages/de.js';
import { gameFiles } from './manifest.js';
import { readPref, writePref } from './store.js';

export const LANGUAGES = { en: 'English', de: 'Deutsch' };
const dictionaries = { en: { ...en }, de: { ...de } };

function initialLanguage() {
  const saved = readPref('lang', null);
  if (saved in LANGUAGES) return saved;
  const browser = (navigator.language || 'en').slice(0, 2).toLowerCase();
  return browser in LANGUAGES ? browser : 'en';
}

export const lang = signal(initialLanguage());
// Bumped when a game's messages arrive, so components that showed raw keys re-render.
const loaded = signal(0);
/** Keys asked for that no file has (the tests check it stays empty). */
export const missing = new Set();
window.__quintetMissingMessages = missing;

document.documentElement.lang = lang.value;

export function setLanguage(code) {
  if (!(code in LANGUAGES)) return;
  lang.value = code;
  writePref('lang', code);
  document.documentElement.lang = code;
}

// A negative number argument is written as num() writes it ("−4"), like the boards' own.
function format(text, args) {
  return text.replace(/\{(\w+)\}/g, (whole, name) => {
    const value = args[name];
    if (value === undefined || value === null) return whole;
    return typeof value === 'number' && value < 0 ? num(value) : String(value);
  });
}

/** The message `key` in the current language (English when German lacks it). */
export function t(key, args = {}) {
  const code = lang.value;
  void loaded.value;
  let message = dictionaries[code][key] ?? dictionaries.en[key];
  if (message === undefined) {
    missing.add(key);
    return key;
  }
  // A message written as a function gets the shared number formats, so that its numbers
  // read as everywhere else (the minus sign U+2212).
  if (typeof message === 'function') return message(args, code, { num, signed });
  if (typeof message === 'object') {
    const count = Number(args.count ?? 0);
    const form = new Intl.PluralRules(code).select(count);
    message = message[count === 0 && 'zero' in message ? 'zero' : form] ?? message.other;
  }
  return format(message, args);
}

/** Add messages to a language (a module's own texts, such as the tutorials'). */
export function addMessages(code, messages) {
  Object.assign(dictionaries[code], messages);
  loaded.value += 1;
}

/** Whether a key exists (a board may fall back to its own wording). */
export function has(key) {
  void loaded.value;
  return key in dictionaries[lang.value] || key in dictionaries.en;
}

const gamePromises = new Map();

/** Load boards/<game>/messages.<lang>.js for every language that has one. */
export function loadGameMessages(game) {
  if (!gamePromises.has(game)) {
    const jobs = Object.keys(LANGUAGES)
      .filter((code) => gameFiles(game).messages.includes(code))
      .map(async (code) => {
        const module = await import(`./boards/${game}/messages.${code}.js`);
        Object.assign(dictionaries[code], module.default);
      });
    gamePromises.set(
      game,
      Promise.all(jobs).then(() => {
        loaded.value += 1;
      }),
    );
  }
  return gamePromises.get(game);
}

const MINUS = '\u2212';

/** A number for display, as the language writes it (no grouping: scores, not sums of
 * money), a negative one with the minus sign U+2212: "−4", never "-4". Every board and
 * the shell show numbers that may be negative through this (or `signed`). */
export function num(value) {
  return new Intl.NumberFormat(lang.value, { useGrouping: false }).format(value).replace('-', MINUS);
}

/** A number with its sign, for points won or lost: "+7", "−4", "0". */
export function signed(value) {
  return value > 0 ? `+${num(value)}` : num(value);
}
