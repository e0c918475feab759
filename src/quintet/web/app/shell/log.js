// The game log: events turned into sentences by the board's `describeEvent(event, t,
// names)` (a generic sentence when it has none), shell notes, and boards' own lines.
// Rendered at display time, so switching the language rewrites the whole log.
import { html } from 'htm/preact';
import { useEffect, useRef } from 'preact/hooks';
import { t, has } from '../i18n.js';

function genericDetail(event) {
  return Object.entries(event)
    .filter(([key]) => key !== 'type' && key !== 'seat')
    .map(([key, value]) => `${key}: ${typeof value === 'object' ? JSON.stringify(value) : value}`)
    .join(', ');
}

/** An event as a sentence. */
export function describe(board, game, event, names) {
  const described = board?.describeEvent?.(event, t, names);
  if (described) return described;
  const args = { ...event, who: names[event.seat] ?? '', names };
  const key = `${game}.event.${event.type}`;
  if (has(key)) return t(key, args);
  const detail = genericDetail(event);
  const what = event.type.replaceAll('_', ' ');
  return event.seat !== undefined && names[event.seat] !== undefined
    ? t('log.generic_seat', { who: names[event.seat], what, detail })
    : t('log.generic', { what, detail });
}

export function entryText(entry, board, game, names) {
  if (entry.text) return entry.text;
  if (entry.note) {
    const args = { ...entry.note.args };
    if (args.seat !== undefined) args.who = names[args.seat];
    return t(entry.note.key, args);
  }
  return describe(board, game, entry.event, names);
}

export function GameLog({ entries, board, game, names }) {
  const list = useRef(null);
  useEffect(() => {
    const el = list.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [entries.length]);
  return html`
    <section class="panel log-panel" aria-label=${t('log.title')}>
      <h2 class="panel-title">${t('log.title')}</h2>
      <ol class="game-log" ref=${list} aria-live="polite" aria-relevant="additions" tabindex="0">
        ${entries.map(
          (entry) => html`<li key=${entry.id} class=${entry.event ? 'log-event' : 'log-note'}>
            ${entryText(entry, board, game, names)}</li>`,
        )}
      </ol>
    </section>`;
}
