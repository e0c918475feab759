// The trick on the table: each seat's card on its side, or the trick just won with its
// winning card marked.
import { html } from 'htm/preact';
import { TableCard } from './pictures.js';
import { cardName, condName, initial, joinList } from './words.js';

// --------------------------------------------------------------------- the trick

export function TrickArea({ view, order, positions, t, names }) {
  const current = view.trick ?? [];
  const finished = view.tricks ?? [];
  // Between tricks the one just won stays on the table, its winning card marked.
  const last = current.length === 0 && finished.length > 0 ? finished[finished.length - 1] : null;
  const players = view.players;
  const cardAt = new Map();
  if (last) last.cards.forEach((code, i) => cardAt.set((last.leader + i) % players, code));
  else for (const played of current) cardAt.set(played.seat, played.card);
  const trickNo = last ? finished.length : finished.length + 1;
  let caption = '';
  if (last) {
    const args = { n: trickNo, who: names[last.winner], card: cardName(cardAt.get(last.winner), t) };
    caption = last.met.length
      ? t('quashars.last_trick_met', { ...args, met: joinList(last.met.map((id) => condName(id, t))) })
      : t('quashars.last_trick', args);
  } else if (view.phase === 'play') {
    caption = t('quashars.trick_led_by', { n: trickNo, who: names[view.leader] });
  } else if (view.phase === 'predict') {
    caption = t('quashars.trick_waiting', { who: names[view.start_player] });
  }
  if (view.phase === 'predict') {
    return html`<div class="qs-trick qs-trick-idle" role="group" aria-label=${t('quashars.trick')}>
      <p class="qs-trick-caption">${caption}</p></div>`;
  }
  return html`
    <div role="group" class=${`qs-trick ${last ? 'qs-trick-done' : ''}`} aria-label=${t('quashars.trick')}>
      <div class="qs-trick-box">
        ${order.map((seat) => {
          const code = cardAt.get(seat);
          const won = last && seat === last.winner;
          const label = code
            ? t(won ? 'quashars.won_by' : 'quashars.played_by', { who: names[seat], card: cardName(code, t, true) })
            : t('quashars.no_card', { who: names[seat] });
          return html`<div class=${`qs-slot qs-slot-${positions[seat]} ${won ? 'qs-slot-won' : ''}`} data-seat=${seat}
            role="group" aria-label=${label}>
            ${code
              ? html`<${TableCard} code=${code} t=${t} className="qs-small" />`
              : html`<div class="qs-slot-empty" aria-hidden="true"></div>`}
            <span class=${`qs-slot-tag avatar seat-color-${seat % 8}`} aria-hidden="true"
              title=${names[seat]}>${won ? '\u2605' : initial(names, seat)}</span>
          </div>`;
        })}
      </div>
      <p class="qs-trick-caption">${caption}</p>
    </div>`;
}
