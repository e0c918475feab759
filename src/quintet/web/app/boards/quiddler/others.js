// The players: cards in each hand (backs), the cards everyone knows they hold, the words
// laid down this round (with challenge verdicts), who went out, who still has a last
// turn, and whose turn it is; and the challenge window with its countdown.
import { html } from 'htm/preact';
import { Back, Face, cardLabel, points, signed, spell } from './cards.js';

/** A verdict in words: "Ben loses 7 points for 'TK'." */
export function verdictText(c, view, names, t) {
  const word = view.words?.[c.seat]?.[c.word] ?? [];
  const args = { word: spell(word), points: points(word), owner: names[c.seat], challenger: names[c.challenger] };
  return c.valid ? t('quiddler.verdict.valid', args) : t('quiddler.verdict.invalid', args);
}

function seatState(view, s, t) {
  if (view.phase === 'challenge' && view.challenge?.challenger === s) return t('quiddler.seat.challenging');
  if (view.phase === 'play' && view.to_act === s) {
    return view.step === 'draw' ? t('quiddler.seat.drawing') : t('quiddler.seat.playing');
  }
  if (view.went_out === s) return t('quiddler.seat.went_out');
  // `done` holds one flag per seat: this seat has laid down in its last turn.
  if (view.done?.[s]) return t('quiddler.seat.laid_down');
  if (view.phase === 'play' && (view.went_out !== null || view.last_call)) return t('quiddler.seat.last_turn');
  return '';
}

/** The laid-down words of a seat, each with its points and its challenge mark. */
export function LaidWords({ view, s, t, names }) {
  const words = view.words?.[s] ?? [];
  const unused = view.unused?.[s] ?? [];
  if (!words.length && !unused.length) return null;
  const verdictOf = (i) => (view.challenges ?? []).find((c) => c.seat === s && c.word === i);
  return html`<ul class="qd-laid" aria-label=${t('quiddler.laid_label', { who: names[s] })}>
    ${words.map((w, i) => {
      const v = verdictOf(i);
      return html`<li key=${i} class=${`qd-laid-word ${v ? (v.valid ? 'qd-upheld' : 'qd-struck') : ''}`} data-word=${w.join('')}>
        ${w.map((c, j) => html`<${Face} key=${j} card=${c} small=${true} />`)}
        <span class="qd-laid-pts">${points(w)}</span></li>`;
    })}
    ${unused.length
      ? html`<li class="qd-laid-unused" aria-label=${t('quiddler.unused_label', { cards: unused.map((c) => cardLabel(c, t)).join(', ') })}>
          ${unused.map((c, j) => html`<${Face} key=${j} card=${c} small=${true} />`)}
          <span class="qd-laid-pts">${signed(-points(unused))}</span></li>`
      : null}
  </ul>`;
}

export function Seats({ view, seat, t, names }) {
  const players = view.players;
  const base = seat ?? 0;
  const order = Array.from({ length: players }, (_, i) => (base + i) % players);
  return html`<ul class="qd-seats" aria-label=${t('quiddler.players')}>
    ${order.map((s) => {
      const acting = (view.phase === 'play' && view.to_act === s) || (view.phase === 'challenge' && view.challenge?.challenger === s);
      const count = view.hand_sizes?.[s] ?? 0;
      const state = seatState(view, s, t);
      return html`<li key=${s} class=${`qd-seat ${acting ? 'qd-acting' : ''} ${s === seat ? 'qd-me' : ''}`} data-seat=${s}
        aria-current=${acting ? 'true' : undefined}>
        <div class="qd-seat-head">
          <span class="qd-seat-name">${s === seat ? t('quiddler.you', { name: names[s] }) : names[s]}</span>
          ${view.dealer === s ? html`<span class="qd-tag">${t('quiddler.seat.dealer')}</span>` : null}
          <span class="qd-seat-total">${t('quiddler.points', { count: view.totals?.[s] ?? 0 })}</span>
        </div>
        <div class="qd-seat-line">
          <span class="qd-backs" aria-label=${t('quiddler.seat.cards', { count })}>
            ${Array.from({ length: Math.min(count, 11) }, (_, i) => html`<${Back} key=${i} small=${true} />`)}
            <span class="qd-count">${count}</span>
          </span>
          ${state ? html`<span class="qd-seat-state">${state}</span>` : null}
        </div>
        ${view.known?.[s]?.length && s !== seat
          ? html`<p class="qd-known">${t('quiddler.seat.known', { cards: view.known[s].map((c) => c.toUpperCase()).join(' ') })}</p>`
          : null}
        <${LaidWords} view=${view} s=${s} t=${t} names=${names} />
      </li>`;
    })}
  </ul>`;
}

/** The open challenge window: whose words, who may challenge, the countdown, and (for
 * the challenger) a challenge button beside each open word and "Accept". */
export function ChallengePanel({ view, seat, t, names, now, busy, onChallenge, onAccept }) {
  const window = view.challenge;
  const verdicts = (view.challenges ?? []).map((c, i) => html`<li key=${i}>${verdictText(c, view, names, t)}</li>`);
  if (!window) {
    return verdicts.length
      ? html`<section class="qd-verdicts" aria-label=${t('quiddler.challenge.verdicts')}><ul>${verdicts}</ul></section>`
      : null;
  }
  const mine = window.challenger === seat;
  const left = view.deadline === null ? null : Math.max(0, Math.ceil((view.deadline - now()) / 1000));
  const words = view.words?.[window.seat] ?? [];
  return html`<section class="qd-challenge" aria-labelledby="qd-challenge-title" data-challenger=${window.challenger}>
    <h2 id="qd-challenge-title" class="qd-title">
      ${mine ? t('quiddler.challenge.yours', { who: names[window.seat] }) : t('quiddler.challenge.other', { who: names[window.challenger], owner: names[window.seat] })}
    </h2>
    ${left !== null ? html`<p class="qd-countdown" role="timer">${t('quiddler.challenge.left', { count: left })}</p>` : null}
    <ul class="qd-challenge-words">
      ${words.map((w, i) => {
        const open = window.open.includes(i);
        return html`<li key=${i} data-word=${w.join('')}>
          <span class="qd-challenge-word">${spell(w)}</span> <span class="qd-laid-pts">${points(w)}</span>
          ${mine && open
            ? html`<button type="button" class="small qd-challenge-button" disabled=${busy} onClick=${() => onChallenge(window.seat, i)}
                aria-label=${t('quiddler.challenge.button_label', { word: spell(w), points: points(w) })}>${t('quiddler.challenge.button')}</button>`
            : null}
        </li>`;
      })}
    </ul>
    ${mine ? html`<button type="button" class="qd-accept" disabled=${busy} onClick=${onAccept}>${t('quiddler.challenge.accept')}</button>` : null}
    ${verdicts.length ? html`<ul class="qd-verdict-list">${verdicts}</ul>` : null}
  </section>`;
}
