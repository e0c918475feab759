// Small pieces every page uses: the header, the language switch, dialogs, seat names.
import { html } from 'htm/preact';
import { useEffect, useRef } from 'preact/hooks';
import { t, has, lang, setLanguage, LANGUAGES } from './i18n.js';

export function LanguageSwitch() {
  return html`
    <div class="lang-switch" role="group" aria-label=${t('app.language')}>
      ${Object.entries(LANGUAGES).map(
        ([code, name]) => html`
          <button
            type="button"
            class=${lang.value === code ? 'on' : ''}
            aria-pressed=${lang.value === code ? 'true' : 'false'}
            lang=${code}
            title=${name}
            data-lang=${code}
            onClick=${() => setLanguage(code)}
          >${code.toUpperCase()}</button>`,
      )}
    </div>`;
}

export function Header({ children }) {
  return html`
    <header class="topbar">
      <a class="brand" href="/" data-nav aria-label=${t('app.home')}>
        <span class="brand-mark" aria-hidden="true"></span>
        <span class="brand-name">Quintet</span>
      </a>
      <div class="topbar-slot">${children}</div>
      <${LanguageSwitch} />
    </header>`;
}

/** A modal dialog: focus moves in on open and Escape closes it. */
export function Dialog({ title, onClose, children, className = '' }) {
  const box = useRef(null);
  useEffect(() => {
    const before = document.activeElement;
    const first = box.current?.querySelector('[autofocus], button, [href], input, select');
    (first || box.current)?.focus();
    return () => before?.focus?.();
  }, []);
  const onKey = (event) => {
    if (event.key === 'Escape' && onClose) {
      event.stopPropagation();
      onClose();
    }
  };
  return html`
    <div class="dialog-backdrop" onKeyDown=${onKey}>
      <div class=${`dialog ${className}`} role="dialog" aria-modal="true" aria-label=${title}
        ref=${box} tabindex="-1">
        <h2 class="dialog-title">${title}</h2>
        ${children}
      </div>
    </div>`;
}

export function ErrorNote({ error }) {
  if (!error) return null;
  const text = typeof error === 'string' ? error : errorText(error);
  return html`<p class="error-note" role="alert">${text}</p>`;
}

/** An error from the API or the socket in words: the message for its code when the
 * message files have one, else the server's own detail. */
export function errorText(error) {
  const code = error.code;
  if (code) {
    const key = `error.${code}`;
    if (has(key)) return t(key, { detail: error.detail ?? error.message ?? '' });
  }
  return error.detail || error.message || String(error);
}

/** The name shown for a seat: the nickname, a bot's level, or "open seat". */
export function seatName(info, index) {
  if (!info) return t('seat.number', { n: index + 1 });
  if (info.kind === 'bot') return t('seat.bot', { level: botLevel(info.level) });
  return info.nickname || t('seat.open');
}

export function botLevel(level) {
  const key = `bot.${level}`;
  return has(key) ? t(key) : level;
}

export function Spinner({ label }) {
  return html`<div class="spinner" role="status"><span class="spinner-dot" aria-hidden="true"></span>${label ?? t('app.loading')}</div>`;
}

export async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

// Inline icons (no emoji: not every system has a font for them).
const ICONS = {
  bot: 'M9 2h6v2h-2v2h4a3 3 0 0 1 3 3v8a3 3 0 0 1-3 3H7a3 3 0 0 1-3-3V9a3 3 0 0 1 3-3h4V4H9V2zm0 9a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3zm6 0a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3zM1 11h2v5H1v-5zm20 0h2v5h-2v-5z',
  'sound-on': 'M3 9h4l5-4v14l-5-4H3V9zm13.5 3a4.5 4.5 0 0 0-2.5-4v8a4.5 4.5 0 0 0 2.5-4zM14 3.2v2.1a7 7 0 0 1 0 13.4v2.1a9 9 0 0 0 0-17.6z',
  'sound-off': 'M3 9h4l5-4v14l-5-4H3V9zm13.3-.7L18 10l1.7-1.7 1.4 1.4L19.4 11.4l1.7 1.7-1.4 1.4L18 12.8l-1.7 1.7-1.4-1.4 1.7-1.7-1.7-1.7 1.4-1.4z',
  trophy: 'M6 2h12v2h4v3a5 5 0 0 1-5 5h-.3A6 6 0 0 1 13 15.9V19h4v3H7v-3h4v-3.1A6 6 0 0 1 7.3 12H7a5 5 0 0 1-5-5V4h4V2zm0 4H4v1a3 3 0 0 0 2 2.8V6zm12 0v3.8A3 3 0 0 0 20 7V6h-2z',
  first: 'M6 5h2v14H6V5zm3.5 7L19 5v14l-9.5-7z',
  last: 'M16 5h2v14h-2V5zm-1.5 7L5 19V5l9.5 7z',
  prev: 'M15.5 5v14L6 12l9.5-7z',
  next: 'M8.5 5v14L18 12 8.5 5z',
  play: 'M7 4.5v15L19.5 12 7 4.5z',
  pause: 'M6 5h4v14H6V5zm8 0h4v14h-4V5z',
  clock: 'M12 2a10 10 0 1 1 0 20 10 10 0 0 1 0-20zm0 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16zm1 3v5.4l3.5 2.1-1 1.7L11 13.5V7h2z',
};

export function Icon({ name, className = '' }) {
  return html`<svg class=${`icon ${className}`} viewBox="0 0 24 24" width="1em" height="1em"
    aria-hidden="true" focusable="false"><path fill="currentColor" d=${ICONS[name]} /></svg>`;
}

/** A game's one-line summary in the current language (the server's English otherwise). */
export function gameSummary(info) {
  if (!info) return '';
  const key = `game.${info.name}.summary`;
  return has(key) ? t(key) : info.summary;
}
