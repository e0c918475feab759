// The Quashars board: your hand, the four revealed conditions, predictions with their
// chips, the trick on the table, tricks won, chips returned and taken, and the scores.
//
// It holds no rules the view already gives: which cards are playable comes from the
// view's `legal`; the only thing it works out is *why* a card is not playable, from what
// the view shows (whose turn it is, the phase, the colour that was led). Everything is
// playable by keyboard: the hand is one tab stop (arrow keys move between cards, Enter or
// Space plays), and the prediction is a number field with Enter to confirm.
import { html } from 'htm/preact';
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';

const COLOURS = ['red', 'yellow', 'green', 'blue'];
const COLOUR_OF_LETTER = { R: 0, Y: 1, G: 2, B: 3 };

// ------------------------------------------------------------------- cards in words

/** "Y9" -> {code, colour: 1, number: 9}; null for anything else. */
export function parseCard(code) {
  const match = /^([RYGB])(\d{1,2})$/.exec(String(code));
  if (!match) return null;
  return { code, colour: COLOUR_OF_LETTER[match[1]], number: Number(match[2]) };
}

function colourName(colour, t) {
  return t(`quashars.colour.${COLOURS[colour]}`);
}

/** A card in words: "yellow 9"; with `trump`, red cards say so: "red 9 (trump)". */
export function cardName(code, t, trump = false) {
  const card = parseCard(code);
  if (!card) return String(code);
  const args = { colour: colourName(card.colour, t), number: card.number };
  return trump && card.colour === 0 ? t('quashars.card_trump', args) : t('quashars.card', args);
}

function condName(id, t) {
  return t(`quashars.cond.${id}.short`);
}

function signed(points) {
  if (points > 0) return `+${points}`;
  if (points < 0) return `\u2212${-points}`;
  return '0';
}

function joinList(items) {
  return items.join(', ');
}

/** A seat's letter for small badges: its name's initial, with the seat number when
 * another seat has the same initial (several bots). */
function initial(names, seat) {
  const letter = (names[seat] ?? '?').trim().slice(0, 1).toUpperCase();
  const shared = names.some((n, s) => s !== seat && (n ?? '?').trim().slice(0, 1).toUpperCase() === letter);
  return shared ? `${letter}${seat + 1}` : letter;
}

/** A log sentence for each Quashars event (the shell's log and the replay use it). */
export function describeEvent(event, t, names) {
  const who = names?.[event.seat] ?? t('quashars.seat_n', { n: (event.seat ?? 0) + 1 });
  switch (event.type) {
    case 'game_started':
      return t('quashars.event.game_started', {
        n: event.game_no,
        conditions: joinList((event.conditions ?? []).map((id) => condName(id, t))),
        who: names?.[event.start_player] ?? '',
      });
    case 'dealt':
      return t('quashars.event.dealt', { count: event.hand?.length ?? 0 });
    case 'predicted':
      return event.flex
        ? t('quashars.event.predicted_flex', { who, chips: event.chips, next: event.chips + 1 })
        : t('quashars.event.predicted', { who, chips: event.chips, count: event.chips });
    case 'played':
      return t('quashars.event.played', { who, card: cardName(event.card, t) });
    case 'trick_won': {
      const card = cardName(event.card, t);
      const met = event.met ?? [];
      return met.length
        ? t('quashars.event.trick_won_met', { who, card, met: joinList(met.map((id) => condName(id, t))) })
        : t('quashars.event.trick_won', { who, card });
    }
    case 'totals_met':
      return t('quashars.event.totals_met', {
        who,
        met: joinList((event.met ?? []).map((id) => condName(id, t))),
      });
    case 'game_scored':
      return t('quashars.event.game_scored', {
        n: event.game_no,
        points: joinList((event.points ?? []).map((p, s) => `${names?.[s] ?? s + 1} ${signed(p)}`)),
      });
    case 'match_over': {
      const winners = event.winners ?? [];
      const list = new Intl.ListFormat(document.documentElement.lang || 'en', { type: 'conjunction' })
        .format(winners.map((s) => names?.[s] ?? String(s + 1)));
      return t('quashars.event.match_over', {
        names: list,
        count: winners.length,
        score: winners.length ? event.scores?.[winners[0]] : 0,
      });
    }
    default:
      return null;
  }
}

export function deadlineLabel(view, t) {
  return view?.phase === 'scored' ? t('quashars.next_game_in') : null;
}

// ------------------------------------------------------------------------ symbols

const RAYS = Array.from({ length: 8 }, (_, k) => {
  const a = (k * Math.PI) / 4;
  const r1 = 7.8;
  const r2 = 10.8;
  return [12 + r1 * Math.cos(a), 12 + r1 * Math.sin(a), 12 + r2 * Math.cos(a), 12 + r2 * Math.sin(a)]
    .map((x) => x.toFixed(2));
});

// One shape per colour, drawn inline (no font needed): ♦ red, ☀ yellow, ♣ green, ♠ blue.
function SuitShape({ colour }) {
  switch (colour) {
    case 0:
      return html`<path d="M12 1.5 20.5 12 12 22.5 3.5 12z" />`;
    case 1:
      return html`<circle cx="12" cy="12" r="5.4" />
        <g stroke="currentColor" stroke-width="2.3" stroke-linecap="round">
          ${RAYS.map(([x1, y1, x2, y2]) => html`<line x1=${x1} y1=${y1} x2=${x2} y2=${y2} />`)}
        </g>`;
    case 2:
      return html`<circle cx="12" cy="7.3" r="4.7" /><circle cx="6.9" cy="14" r="4.7" />
        <circle cx="17.1" cy="14" r="4.7" /><path d="M12 10.5 14.8 22.5H9.2z" />`;
    default:
      return html`<path d="M12 1.5C9.2 6 3 9.4 3 14.3 3 17 5 18.9 7.5 18.9c1.5 0 2.8-.7 3.6-1.8L9.5 22.5h5l-1.6-5.4c.8 1.1 2.1 1.8 3.6 1.8 2.5 0 4.5-1.9 4.5-4.6C21 9.4 14.8 6 12 1.5z" />`;
  }
}

export function Suit({ colour, className = '' }) {
  return html`<svg class=${`qs-suit qs-ink-${colour} ${className}`} viewBox="0 0 24 24" aria-hidden="true"
    focusable="false" fill="currentColor"><${SuitShape} colour=${colour} /></svg>`;
}

/** A condition card's picture: the colour's symbol, a number range, or a short sign. */
function CondGlyph({ id }) {
  const colour = COLOURS.indexOf(id);
  if (colour >= 0) return html`<${Suit} colour=${colour} className="qs-glyph-suit" />`;
  if (id === 'no_red') {
    return html`<span class="qs-glyph-stack"><${Suit} colour=${0} className="qs-glyph-suit" />
      <svg class="qs-glyph-strike" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <line x1="3" y1="21" x2="21" y2="3" stroke="currentColor" stroke-width="2.6" stroke-linecap="round" /></svg></span>`;
  }
  if (id === 'all_colours') {
    return html`<span class="qs-glyph-four">${[0, 1, 2, 3].map((c) => html`<${Suit} colour=${c} />`)}</span>`;
  }
  const text = {
    odd: '1 3 5',
    even: '2 4 6',
    low: '1\u20133',
    high: '10\u201312',
    in_a_row: '\u00bb\u00bb',
    first_or_last: '1\u202612',
    three_tricks: '=3',
    four_tricks: '=4',
    no_tricks: '=0',
    most_tricks: 'max',
  }[id] ?? '?';
  return html`<span class="qs-glyph-text">${text}</span>`;
}

// -------------------------------------------------------------------------- cards

function CardFace({ card }) {
  return html`
    <span class="qs-corner" aria-hidden="true"><span class="qs-num">${card.number}</span><${Suit} colour=${card.colour} /></span>
    <span class="qs-pip" aria-hidden="true"><${Suit} colour=${card.colour} /></span>
    <span class="qs-corner qs-corner-end" aria-hidden="true"><span class="qs-num">${card.number}</span><${Suit} colour=${card.colour} /></span>`;
}

/** A card on the table (not a control): a picture with its name. */
function TableCard({ code, t, className = '' }) {
  const card = parseCard(code);
  if (!card) return null;
  return html`<div class=${`qs-card qs-c-${card.colour} ${className}`} role="img" data-card=${code}
    aria-label=${cardName(code, t, true)}><${CardFace} card=${card} /></div>`;
}

// --------------------------------------------------------------------------- chips

const CHIPS_DRAWN = 8;

/** Prediction chips in front of a seat: those still out, those returned (hollow), the
 * flex chip (a different shape) and chips taken (marked with a minus). Shapes and marks,
 * not only colours, tell them apart; the seat's summary says it in words. */
function Chips({ prediction, chips }) {
  if (!prediction) return null;
  const total = prediction.chips;
  const left = chips?.left ?? total;
  const taken = chips?.taken ?? 0;
  const flexLeft = chips?.flex_left ?? prediction.flex;
  const items = [];
  if (total <= CHIPS_DRAWN) {
    for (let i = 0; i < total; i += 1) items.push(i < left ? 'out' : 'back');
  } else {
    if (left) items.push(['out', left]);
    if (total - left) items.push(['back', total - left]);
  }
  return html`<span class="qs-chips" aria-hidden="true">
    ${items.map((item) => {
      const [kind, count] = Array.isArray(item) ? item : [item, null];
      return html`<span class=${`qs-chip qs-chip-${kind}`}>${count !== null ? `\u00d7${count}` : kind === 'back' ? '\u2713' : ''}</span>`;
    })}
    ${prediction.flex ? html`<span class=${`qs-chip qs-chip-flex ${flexLeft ? 'qs-chip-out' : 'qs-chip-back'}`}>+1</span>` : null}
    ${taken > 0 && taken <= CHIPS_DRAWN
      ? Array.from({ length: taken }, () => html`<span class="qs-chip qs-chip-taken">\u2212</span>`)
      : null}
    ${taken > CHIPS_DRAWN ? html`<span class="qs-chip qs-chip-taken">\u2212${taken}</span>` : null}
    ${total === 0 && !prediction.flex && taken === 0 ? html`<span class="qs-chip qs-chip-none">0</span>` : null}
  </span>`;
}

function predictionText(prediction, t) {
  if (!prediction) return null;
  return prediction.flex
    ? t('quashars.pred_flex', { chips: prediction.chips, next: prediction.chips + 1 })
    : String(prediction.chips);
}

function chipsText(prediction, chips, t) {
  if (!prediction || !chips) return '';
  const parts = [t('quashars.chips.left', { count: chips.left })];
  if (prediction.flex) parts.push(chips.flex_left ? t('quashars.chips.flex_left') : t('quashars.chips.flex_back'));
  if (chips.taken) parts.push(t('quashars.chips.taken', { count: chips.taken }));
  return parts.join(', ');
}

// ---------------------------------------------------------------------- the seats

function Pod({ view, seat, position, me, t, names, active }) {
  const prediction = view.predictions?.[seat] ?? null;
  const chips = view.chips?.[seat] ?? null;
  const tricks = view.tricks_won?.[seat] ?? 0;
  const met = view.met?.[seat] ?? 0;
  const name = names[seat];
  const predicting = view.phase === 'predict' && view.to_act === seat;
  const leads = view.phase === 'play' && view.leader === seat;
  const summary = [
    me ? t('quashars.you_are', { who: name }) : name,
    prediction
      ? t('quashars.pod.predicted', { value: predictionText(prediction, t) })
      : predicting ? t('quashars.predicting') : t('quashars.no_prediction'),
    t('quashars.pod.met', { count: met }),
    chipsText(prediction, chips, t),
    t('quashars.tricks', { count: tricks }),
    t('quashars.pod.cards', { count: view.hand_sizes?.[seat] ?? 0 }),
    active ? t('quashars.pod.to_act') : '',
  ].filter(Boolean).join('; ');
  return html`
    <div role="group" class=${`qs-pod qs-at-${position} ${me ? 'qs-me' : ''} ${active ? 'qs-active' : ''}`}
      data-seat=${seat} aria-label=${summary}>
      <div class="qs-pod-head" aria-hidden="true">
        <span class=${`avatar qs-avatar seat-color-${seat % 8}`}>${initial(names, seat)}</span>
        <span class="qs-pod-name">${name}${me ? html` <span class="qs-you">${t('quashars.you')}</span>` : null}</span>
        ${active ? html`<span class="qs-turn">${predicting ? t('quashars.turn_predict') : t('quashars.turn_play')}</span>` : null}
        ${leads && !active ? html`<span class="qs-lead">${t('quashars.leads')}</span>` : null}
      </div>
      <div class="qs-pod-chips" aria-hidden="true">
        ${prediction
          ? html`<${Chips} prediction=${prediction} chips=${chips} />`
          : html`<span class="qs-pending">${predicting ? t('quashars.predicting') : t('quashars.no_prediction')}</span>`}
      </div>
      <dl class="qs-stats" aria-hidden="true">
        <div><dt><span class="qs-stat-long">${t('quashars.stat.prediction')}</span><span class="qs-stat-short">${t('quashars.stat.prediction_short')}</span></dt><dd class="qs-stat-pred">${prediction ? predictionText(prediction, t) : '\u2013'}</dd></div>
        <div><dt>${t('quashars.stat.met')}</dt><dd class="qs-stat-met">${met}</dd></div>
        <div><dt>${t('quashars.stat.tricks')}</dt><dd class="qs-stat-tricks">${tricks}</dd></div>
      </dl>
    </div>`;
}

// --------------------------------------------------------------------- the trick

function TrickArea({ view, order, positions, t, names }) {
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

// -------------------------------------------------------------------- conditions

function metCounts(view) {
  // Per condition id, per seat: how often it was met this game. Piles 1-3 come from the
  // finished tricks; the pile-4 card is what the view's `met` holds beyond them.
  const counts = {};
  const fromTricks = new Array(view.players).fill(0);
  for (const trick of view.tricks ?? []) {
    for (const id of trick.met) {
      counts[id] ??= new Array(view.players).fill(0);
      counts[id][trick.winner] += 1;
      fromTricks[trick.winner] += 1;
    }
  }
  const totals = view.conditions?.find((c) => c.pile === 4);
  if (totals) {
    counts[totals.id] = (view.met ?? []).map((m, s) => Math.max(0, m - fromTricks[s]));
  }
  return counts;
}

function Conditions({ view, t, names }) {
  const counts = metCounts(view);
  return html`
    <section class="qs-conditions" aria-labelledby="qs-cond-title">
      <h2 id="qs-cond-title" class="sr-only">${t('quashars.conditions')}</h2>
      <ol class="qs-cond-list">
        ${(view.conditions ?? []).map((cond) => {
          const perSeat = counts[cond.id] ?? [];
          const total = perSeat.reduce((a, b) => a + b, 0);
          const who = perSeat
            .map((n, s) => (n ? { n, s } : null))
            .filter(Boolean);
          const metText = who.length
            ? t('quashars.met_by', { list: joinList(who.map(({ n, s }) => `${names[s]} ${n}\u00d7`)) })
            : t('quashars.not_met');
          return html`
            <li class=${`qs-cond qs-pile-${cond.pile}`} data-cond=${cond.id}
>
              <span class="sr-only">${`${t('quashars.pile', { n: cond.pile })}: ${t(`quashars.cond.${cond.id}.name`)}. ${t(`quashars.cond.${cond.id}.text`)}. ${metText}`}</span>
              <span class="qs-cond-pile" aria-hidden="true">${cond.pile}</span>
              <span class="qs-cond-glyph" aria-hidden="true"><${CondGlyph} id=${cond.id} /></span>
              <span class="qs-cond-body" aria-hidden="true">
                <strong class="qs-cond-name">${t(`quashars.cond.${cond.id}.name`)}</strong>
                <span class="qs-cond-text">${t(`quashars.cond.${cond.id}.text`)}</span>
                <span class="qs-cond-met">${total
                  ? who.map(({ n, s }) => html`<span class=${`qs-met-dot seat-color-${s % 8}`} title=${names[s]}>${initial(names, s)}${n > 1 ? ` \u00d7${n}` : ''}</span>`)
                  : html`<span class="qs-met-none">${t('quashars.not_met_short')}</span>`}</span>
              </span>
            </li>`;
        })}
      </ol>
    </section>`;
}

// ------------------------------------------------------------------------ scores

function Scores({ view, t, names, seat }) {
  const games = view.games ?? view.players;
  const scores = view.scores ?? [];
  const players = view.players;
  const seats = Array.from({ length: players }, (_, s) => s);
  return html`
    <section class="qs-scores" aria-labelledby="qs-scores-title">
      <h2 id="qs-scores-title" class="qs-title">${t('quashars.scores')}</h2>
      <div class="qs-scroll">
        <table class="qs-score-table">
          <thead><tr><th scope="col">${t('quashars.game')}</th>
            ${seats.map((s) => html`<th scope="col" class=${s === seat ? 'qs-mine' : ''}>
              <span class="qs-name-long">${names[s]}</span><abbr class="qs-name-short" title=${names[s]}>${initial(names, s)}</abbr></th>`)}</tr></thead>
          <tbody>
            ${Array.from({ length: games }, (_, g) => html`
              <tr class=${g + 1 === view.game_no && !scores[g] ? 'qs-now' : ''} data-game=${g + 1}>
                <th scope="row">${t('quashars.game_n', { n: g + 1 })}</th>
                ${seats.map((s) => html`<td class=${s === seat ? 'qs-mine' : ''}>${scores[g] ? signed(scores[g][s]) : '\u2013'}</td>`)}
              </tr>`)}
          </tbody>
          <tfoot><tr class="qs-total-row"><th scope="row">${t('quashars.total')}</th>
            ${seats.map((s) => html`<td class=${s === seat ? 'qs-mine' : ''}>${view.totals?.[s] ?? 0}</td>`)}</tr></tfoot>
        </table>
      </div>
    </section>`;
}

function GameResult({ view, t, names, seat }) {
  const points = view.scores?.[view.game_no - 1];
  if (!points) return null;
  return html`
    <section class="qs-result" aria-labelledby="qs-result-title">
      <h2 id="qs-result-title" class="qs-title">${t('quashars.result.title', { n: view.game_no })}</h2>
      <table class="qs-result-table">
        <thead><tr><th scope="col">${t('quashars.result.player')}</th><th scope="col">${t('quashars.stat.prediction')}</th>
          <th scope="col">${t('quashars.stat.met')}</th><th scope="col">${t('quashars.result.points')}</th></tr></thead>
        <tbody>
          ${points.map((p, s) => html`<tr class=${s === seat ? 'qs-mine' : ''}>
            <th scope="row">${names[s]}</th>
            <td>${predictionText(view.predictions?.[s], t) ?? '\u2013'}</td>
            <td>${view.met?.[s] ?? 0}</td>
            <td class=${p > 0 ? 'qs-plus' : p < 0 ? 'qs-minus' : ''}>${signed(p)}</td></tr>`)}
        </tbody>
      </table>
    </section>`;
}

// --------------------------------------------------------------------- predicting

function PredictForm({ view, t, onPredict, busy, inputRef }) {
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

// -------------------------------------------------------------------------- board

/** Where each seat sits around the table, seen from `base` (you, at the bottom):
 * clockwise, the next seat is on your left, then across, then on your right. */
function seatPositions(players, base) {
  const spots = players === 3 ? ['bottom', 'left', 'right'] : ['bottom', 'left', 'top', 'right'];
  const positions = {};
  for (let offset = 0; offset < players; offset += 1) positions[(base + offset) % players] = spots[offset];
  return positions;
}

export function Board({ view, seat, status, send, t, names: shellNames, replay }) {
  const root = useRef(null);
  const handRef = useRef(null);
  const inputRef = useRef(null);
  const keepFocus = useRef(false);
  const busy = useRef(false);
  const [busyShown, setBusyShown] = useState(false);
  const [problem, setProblem] = useState(null);
  // Bumped when the arrow keys move the hand's tab stop, to redraw its tabindex.
  const [, setMoved] = useState(0);
  const cursor = useRef({ code: null, index: 0 });
  const lastTurn = useRef('');

  const players = view.players;
  // The shell's names already tell seats apart (two bots of one level get seat numbers).
  const names = Array.from({ length: players }, (_, s) => shellNames?.[s] ?? t('quashars.seat_n', { n: s + 1 }));
  const mine = seat !== null && seat !== undefined;
  const hand = mine && Array.isArray(view.hand) ? view.hand : null;
  const legal = Array.isArray(view.legal) ? view.legal : [];
  const playable = new Set(legal.filter((a) => a.type === 'play').map((a) => a.card));
  const running = status === 'running' && !replay;
  const myTurn = running && mine && view.to_act === seat && legal.length > 0;
  const predicting = myTurn && view.phase === 'predict';
  const playing = myTurn && view.phase === 'play';
  const led = view.trick?.length ? parseCard(view.trick[0].card) : null;
  const base = mine ? seat : 0;
  const positions = seatPositions(players, base);
  const order = Array.from({ length: players }, (_, i) => (base + i) % players);
  // Every card is dealt, so a game has as many tricks as a full hand has cards.
  const tricksTotal = (view.tricks?.length ?? 0) + Math.max(0, ...(view.hand_sizes ?? [0]));
  // Moves this seat has made in the match (a prediction and a card per trick each game):
  // it only grows, so a test can wait for its move to be taken.
  const myMoves = hand
    ? (view.game_no - 1) * (tricksTotal + 1) + (view.predictions?.[seat] ? 1 : 0) + (tricksTotal - hand.length)
    : 0;

  // A shown refusal goes once the hand or the turn moves on.
  useEffect(() => setProblem(null), [view.game_no, hand?.length, view.phase, view.to_act]);

  // The hand's one tab stop stays on the card you were on; after a card is played it moves
  // to the card now in its place. When your turn to play starts on a card you may not
  // play, it moves to your first playable card.
  let index = hand ? hand.indexOf(cursor.current.code) : -1;
  if (hand && index < 0) index = Math.max(0, Math.min(cursor.current.index, hand.length - 1));
  const turnKey = myTurn ? `${view.phase}:${myMoves}` : '';
  if (hand && playing && turnKey !== lastTurn.current && !playable.has(hand[index])) {
    const first = hand.findIndex((c) => playable.has(c));
    if (first >= 0) index = first;
  }
  if (hand) cursor.current = { code: hand[index] ?? null, index: Math.max(0, index) };

  const focusTarget = () => {
    if (predicting && inputRef.current) {
      inputRef.current.focus();
      inputRef.current.select?.();
      return;
    }
    const card = handRef.current?.querySelectorAll('.qs-card')[cursor.current.index];
    if (card) card.focus();
    else root.current?.focus();
  };

  // Keep keyboard focus on the board once it is there: after a card leaves the hand (or
  // a new deal replaces it) focus would fall to the page, and when your turn starts it
  // moves to where you act. A layout effect: the focus moves before the turn is painted.
  useLayoutEffect(() => {
    const started = turnKey !== lastTurn.current;
    lastTurn.current = turnKey;
    if (!keepFocus.current || !root.current) return;
    const active = document.activeElement;
    const lost = !active || active === document.body;
    if (lost || (started && turnKey && root.current.contains(active))) focusTarget();
  });

  // Why a card cannot be played now, from what the view shows (a message key; its
  // arguments are worded when shown, so a language switch rewords it).
  const reasonFor = (code) => {
    if (!running || !mine) return null;
    if (view.phase === 'predict') return 'predict_first';
    if (view.phase !== 'play') return 'between';
    if (view.to_act !== seat) return 'wait';
    if (!playable.has(code) && led) return 'follow';
    return null;
  };
  const reasonArgs = (code) => ({
    card: cardName(code, t),
    who: names[view.to_act] ?? '',
    led: led ? colourName(led.colour, t) : '',
  });

  const act = async (action) => {
    busy.current = true;
    setBusyShown(true);
    await send(action);
    busy.current = false;
    setBusyShown(false);
  };

  const playCard = async (code, i) => {
    cursor.current = { code, index: i };
    if (!running || busy.current) return;
    if (!playable.has(code)) {
      const reason = reasonFor(code);
      if (reason) setProblem({ key: reason, card: code });
      return;
    }
    setProblem(null);
    await act({ type: 'play', card: code });
  };

  const predict = async (chips, flex) => {
    if (busy.current) return;
    await act(view.flex_chip === false ? { type: 'predict', chips } : { type: 'predict', chips, flex });
  };

  const onHandKey = (event) => {
    if (!hand?.length) return;
    const moves = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };
    let next = null;
    if (event.key in moves) next = (cursor.current.index + moves[event.key] + hand.length) % hand.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = hand.length - 1;
    if (next === null) return;
    event.preventDefault();
    cursor.current = { code: hand[next], index: next };
    handRef.current?.querySelectorAll('.qs-card')[next]?.focus();
    setMoved((n) => n + 1);
  };

  const cardLabel = (code) => {
    const name = cardName(code, t, true);
    if (playing) {
      return playable.has(code)
        ? t('quashars.card.playable', { card: name })
        : t('quashars.card.follow', { card: name, led: led ? colourName(led.colour, t) : '' });
    }
    const reason = reasonFor(code);
    return reason ? t(`quashars.card.${reason}`, { ...reasonArgs(code), card: name }) : name;
  };

  let statusText;
  if (status === 'finished' || view.phase === 'over') statusText = t('quashars.status.over');
  else if (view.phase === 'scored') statusText = t('quashars.status.scored', { n: view.game_no });
  else if (predicting) statusText = t('quashars.status.predict_me');
  else if (playing) {
    statusText = led
      ? t('quashars.status.follow_me', { led: colourName(led.colour, t) })
      : t('quashars.status.lead_me');
  } else if (view.phase === 'predict') statusText = t('quashars.status.predict_other', { who: names[view.to_act] });
  else statusText = t('quashars.status.play_other', { who: names[view.to_act] });

  const toAct = status === 'running' && (view.phase === 'predict' || view.phase === 'play') ? view.to_act : null;
  let lastColour = -1;

  return html`
    <div class=${`qs-board qs-players-${players}`} ref=${root} tabindex="-1"
      data-phase=${view.phase} data-game=${view.game_no} data-turn=${myTurn ? 'me' : 'other'} data-moves=${myMoves}
      onFocusIn=${() => { keepFocus.current = true; }}
      onFocusOut=${(e) => { if (e.relatedTarget && !root.current?.contains(e.relatedTarget)) keepFocus.current = false; }}>
      <div class=${`qs-bar ${myTurn ? 'qs-bar-me' : ''}`}>
        <div class="qs-bar-line">
          <span class="qs-pill qs-game-no">${t('quashars.game_of', { n: view.game_no, total: view.games })}</span>
          ${view.phase === 'play'
            ? html`<span class="qs-pill qs-trick-no">${t('quashars.trick_of', { n: (view.tricks?.length ?? 0) + 1, total: tricksTotal })}</span>`
            : null}
          <p class="qs-status">${statusText}</p>
          <p class="sr-only" role="status">${myTurn ? statusText : ''}</p>
        </div>
        ${predicting
          ? html`<p id="qs-predict-help" class="qs-bar-help">
              ${t('quashars.predict.help', { full: 2 * view.game_no, half: view.game_no })}</p>`
          : null}
      </div>
      <${Conditions} view=${view} t=${t} names=${names} />
      <div class=${`qs-table qs-table-${players}`}>
        ${order.map((s) => html`<${Pod} key=${s} view=${view} seat=${s} position=${positions[s]} me=${s === seat}
          t=${t} names=${names} active=${s === toAct} />`)}
        ${predicting
          ? html`<div class="qs-center"><${PredictForm} key=${view.game_no} view=${view} t=${t} busy=${busyShown}
              inputRef=${inputRef} onPredict=${predict} /></div>`
          : html`<${TrickArea} view=${view} order=${order} positions=${positions} t=${t} names=${names} />`}
      </div>
      ${view.phase === 'scored' || view.phase === 'over'
        ? html`<${GameResult} view=${view} t=${t} names=${names} seat=${seat} />`
        : null}
      ${hand
        ? html`<section class="qs-hand-area" aria-labelledby="qs-hand-title">
            <h2 id="qs-hand-title" class="sr-only">${t('quashars.hand')}</h2>
            ${hand.length
              ? html`<div class=${`qs-hand ${playing ? 'qs-my-turn' : ''}`} role=${replay ? 'group' : 'toolbar'} ref=${handRef}
                  aria-label=${t('quashars.hand_label', { count: hand.length })}
                  aria-describedby=${problem ? 'qs-refusal' : undefined} onKeyDown=${onHandKey}>
                  ${hand.map((code, i) => {
                    // In the replay viewer the hand is a picture, not controls.
                    if (replay) return html`<${TableCard} key=${code} code=${code} t=${t} />`;
                    const card = parseCard(code);
                    const ok = playing && playable.has(code);
                    const refused = playing && !playable.has(code);
                    const newGroup = i > 0 && card.colour !== lastColour;
                    lastColour = card.colour;
                    return html`<button type="button" key=${code}
                      class=${`qs-card qs-c-${card.colour} ${ok ? 'qs-legal' : ''} ${refused ? 'qs-refused' : ''} ${newGroup ? 'qs-group' : ''}`}
                      data-card=${code} tabindex=${i === cursor.current.index ? 0 : -1}
                      aria-label=${cardLabel(code)} aria-disabled=${ok ? 'false' : 'true'}
                      onClick=${() => playCard(code, i)}
                      onFocus=${() => { cursor.current = { code, index: i }; }}>
                      <${CardFace} card=${card} />
                    </button>`;
                  })}
                </div>`
              : html`<p class="qs-empty">${t('quashars.hand_empty')}</p>`}
            ${problem
              ? html`<p id="qs-refusal" class="qs-problem" role="alert">
                  ${t(`quashars.refused.${problem.key}`, reasonArgs(problem.card))}</p>`
              : null}
          </section>`
        : null}
      <${Scores} view=${view} t=${t} names=${names} seat=${seat} />
    </div>`;
}

// ------------------------------------------------------------------------- styles

const CSS = `
.qs-board { --qs-red: #c62828; --qs-yellow: #b7860b; --qs-green: #2e7d32; --qs-blue: #1f5fbf;
  container: qsboard / inline-size; display: grid; grid-template-columns: minmax(0, 1fr); gap: 12px; outline: none; }
.qs-title { font-size: .78rem; text-transform: uppercase; letter-spacing: .08em; color: #d5eadf; margin: 0 0 6px; font-weight: 700; }

/* The action bar: what is going on, and your prediction when it is your turn to make one. */
.qs-bar { background: var(--paper); color: var(--ink); border-radius: 12px; padding: 8px 12px;
  box-shadow: var(--shadow); border-left: 6px solid transparent; display: grid; gap: 8px; }
.qs-bar-me { border-left-color: var(--gold); box-shadow: 0 0 0 2px #e8b64c88, var(--shadow); }
.qs-bar-line { display: flex; align-items: center; gap: 8px; flex-wrap: wrap; }
.qs-pill { font-size: .78em; font-weight: 700; padding: 2px 9px; border-radius: 999px;
  background: var(--paper-2); border: 1px solid var(--line); color: var(--ink-2); white-space: nowrap; }
.qs-status { margin: 0; flex: 1; min-width: 12em; font-weight: 700; }
.qs-bar-me .qs-status::before { content: "\\25B6  "; color: var(--gold-dark); }
.qs-center { grid-area: trick; }
.qs-predict { display: grid; justify-items: center; gap: 8px; width: 270px; max-width: 100%; padding: 10px 12px 12px;
  background: var(--paper); color: var(--ink); border-radius: 14px; border: 2px solid var(--gold);
  box-shadow: 0 0 0 4px #e8b64c40, var(--shadow-lg); }
.qs-predict-title { font-size: 1rem; margin: 0; }
.qs-predict .qs-problem { box-shadow: none; padding: 0; font-size: .88em; text-align: center; }
.qs-trick-idle { min-height: 60px; align-content: center; }
.qs-stepper { display: inline-flex; align-items: center; gap: 4px; }
.qs-stepper input { width: 3.6em; text-align: center; font-size: 1.25em; font-weight: 800; min-height: 42px; padding: 0 .2em; }
.qs-step { width: 42px; min-height: 42px; padding: 0; font-size: 1.35em; }
.qs-flex-toggle { display: inline-flex; align-items: center; gap: 8px; padding: 6px 12px 6px 8px; border-radius: 999px;
  border: 1px solid #cbbfa8; background: #fff; cursor: pointer; min-height: 42px; }
.qs-flex-toggle.on { border-color: #7c3aed; background: #f3efff; }
.qs-predict-go { min-height: 42px; width: 100%; }
.qs-bar-help { margin: 0; font-size: .82em; color: var(--ink-2); }

.qs-suit { width: 1em; height: 1em; display: block; flex: none; }
.qs-ink-0 { color: var(--qs-red); } .qs-ink-1 { color: #e0a400; stroke: #9a6c00; stroke-width: .6px; }
.qs-ink-2 { color: var(--qs-green); } .qs-ink-3 { color: var(--qs-blue); }

/* The four conditions: cards in a row, their pile number in a corner. */
.qs-cond-list { list-style: none; margin: 0; padding: 0; display: grid; grid-template-columns: repeat(4, minmax(0, 1fr)); gap: 10px; }
.qs-cond { position: relative; display: flex; gap: 9px; align-items: center; min-width: 0;
  background: linear-gradient(#fffdf8, #f4eee2); color: var(--ink); border-radius: 10px; padding: 7px 9px 7px 11px;
  box-shadow: 0 2px 0 #0002, 0 6px 14px #0003; border-left: 5px solid var(--qs-pile); }
.qs-pile-1 { --qs-pile: #7c3aed; } .qs-pile-2 { --qs-pile: #0d9488; } .qs-pile-3 { --qs-pile: #ea580c; } .qs-pile-4 { --qs-pile: #475569; }
.qs-cond-pile { position: absolute; top: -7px; left: -7px; width: 20px; height: 20px; border-radius: 50%;
  background: var(--qs-pile); color: #fff; font-size: .72em; font-weight: 800; display: grid; place-items: center;
  box-shadow: 0 1px 3px #0005; }
.qs-cond-glyph { flex: none; width: 42px; height: 42px; border-radius: 8px; display: grid; place-items: center;
  background: #fff; border: 1px solid var(--line); font-size: 28px; font-weight: 800; color: var(--qs-pile); }
.qs-glyph-text { font-size: 14px; letter-spacing: -.02em; white-space: nowrap; }
.qs-glyph-stack { position: relative; width: 1em; height: 1em; display: block; }
.qs-glyph-strike { position: absolute; inset: 0; width: 1em; height: 1em; color: var(--ink); }
.qs-glyph-four { display: grid; grid-template-columns: 1fr 1fr; gap: 1px; font-size: 15px; }
.qs-cond-body { display: flex; flex-direction: column; min-width: 0; }
.qs-cond-name { font-size: .93em; line-height: 1.15; }
.qs-cond-text { font-size: .74em; color: var(--ink-2); line-height: 1.2; display: -webkit-box;
  -webkit-box-orient: vertical; -webkit-line-clamp: 2; overflow: hidden; }
.qs-cond-met { display: flex; flex-wrap: wrap; gap: 3px; margin-top: 3px; min-height: 17px; }
.qs-met-dot { font-size: .7em; font-weight: 800; color: #fff; border-radius: 999px; padding: 0 6px; line-height: 1.5; }
.qs-met-none { font-size: .72em; color: var(--muted); }

/* The table: the other seats around the trick, yours below it. */
.qs-table { display: grid; column-gap: 14px; row-gap: 8px; align-items: center; justify-items: center;
  grid-template-columns: minmax(0, 1fr) auto minmax(0, 1fr);
  grid-template-areas: ". top ." "left trick right" "bottom bottom bottom"; }
.qs-table-3 { grid-template-areas: "left trick right" "bottom bottom bottom"; }
.qs-at-top { grid-area: top; } .qs-at-left { grid-area: left; } .qs-at-right { grid-area: right; }
.qs-at-bottom { grid-area: bottom; }
.qs-pod { width: 100%; max-width: 270px; padding: 7px 9px; border-radius: 12px; background: #00000030;
  border: 2px solid #ffffff1f; display: grid; gap: 5px; transition: border-color .2s, box-shadow .2s; }
.qs-pod.qs-active { border-color: var(--gold); box-shadow: 0 0 0 3px #e8b64c55, 0 0 24px #e8b64c44; }
.qs-pod.qs-me { max-width: 620px; display: flex; flex-wrap: wrap; align-items: center; column-gap: 14px; background: #0000003d; }
.qs-pod.qs-me .qs-pod-head { flex: 0 1 auto; }
.qs-pod.qs-me .qs-stats { flex: 1 1 220px; }
.qs-pod-head { display: flex; align-items: center; gap: 7px; min-width: 0; }
.qs-avatar { width: 28px; height: 28px; font-size: .9em; }
.qs-pod-name { font-weight: 700; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; min-width: 0; flex: 1; }
.qs-you { color: #ffe08a; font-weight: 600; font-size: .85em; }
.qs-turn, .qs-lead { font-size: .72em; font-weight: 800; padding: 1px 7px; border-radius: 999px; white-space: nowrap; }
.qs-turn { background: var(--gold); color: #3a2a07; }
.qs-turn::before { content: "\\25B6  "; }
.qs-lead { background: #ffffff26; color: #eaf6ef; }
.qs-pod-chips { min-height: 22px; display: flex; align-items: center; }
.qs-pending { font-size: .8em; color: #cfe3d8; font-style: italic; }
.qs-chips { display: flex; flex-wrap: wrap; gap: 3px; align-items: center; }
.qs-chip { width: 20px; height: 20px; border-radius: 50%; display: inline-grid; place-items: center; flex: none;
  font-size: 10px; font-weight: 800; line-height: 1; }
.qs-chip-out { background: radial-gradient(circle at 35% 30%, #fde58a, #e8b64c 60%, #b9862a);
  border: 2px dashed #fff8; color: #5a3d00; box-shadow: 0 1px 2px #0006; }
.qs-chip-back { border: 2px dashed #ffffff80; color: #ffffffb0; background: transparent; }
.qs-chip-flex { border-radius: 4px; transform: rotate(45deg); width: 16px; height: 16px; margin: 0 3px; font-size: 8px; }
.qs-chip-flex.qs-chip-out { background: linear-gradient(135deg, #c4b5fd, #7c3aed); color: #fff; border: 2px solid #ffffff90; }
.qs-chip-taken { background: radial-gradient(circle at 35% 30%, #fca5a5, #dc2626 65%, #991b1b); color: #fff; border: 2px solid #fff8; font-size: 13px; }
.qs-chip-none { border: 2px solid #ffffff60; color: #fff; background: #ffffff14; }
.qs-stats { display: flex; flex-wrap: wrap; gap: 4px; margin: 0; }
.qs-stats div { flex: 1 1 auto; background: #ffffff12; border-radius: 6px; padding: 1px 6px; min-width: 0;
  display: flex; align-items: baseline; justify-content: space-between; gap: 5px; }
.qs-stats dt { font-size: .72em; color: #cfe3d8; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.qs-stats dd { margin: 0; font-weight: 800; font-variant-numeric: tabular-nums; line-height: 1.35; white-space: nowrap; }
.qs-stat-short, .qs-name-short { display: none; }

/* The trick: each seat's card on its side of the table. */
.qs-trick { grid-area: trick; display: grid; justify-items: center; gap: 4px; }
.qs-trick-box { --w: 54px; position: relative; width: calc(var(--w) * 3 + 40px); height: calc(var(--w) * 2.84 + 20px);
  border-radius: 50%; background: radial-gradient(ellipse at center, #ffffff18, transparent 70%); }
.qs-table-3 .qs-trick-box { height: calc(var(--w) * 2.2 + 20px); }
.qs-slot { position: absolute; }
.qs-slot-top { left: 50%; top: 0; transform: translateX(-50%); }
.qs-slot-bottom { left: 50%; bottom: 0; transform: translateX(-50%); }
.qs-slot-left { left: 0; top: 50%; transform: translateY(-50%); }
.qs-slot-right { right: 0; top: 50%; transform: translateY(-50%); }
.qs-table-3 .qs-slot-left, .qs-table-3 .qs-slot-right { top: 0; transform: none; }
.qs-slot-empty { width: var(--w); height: calc(var(--w) * 1.42); border-radius: 8px; border: 2px dashed #ffffff2e; }
.qs-slot-tag { position: absolute; right: -8px; bottom: -6px; width: 22px; height: 22px; font-size: .7em;
  border: 2px solid #ffffffcc; box-shadow: 0 1px 3px #0006; }
.qs-trick-done .qs-slot:not(.qs-slot-won) .qs-card { filter: brightness(.78) saturate(.7); }
.qs-slot-won .qs-card { box-shadow: 0 0 0 3px var(--gold), 0 6px 16px #0006; }
.qs-slot-won .qs-slot-tag { background: var(--gold); color: #3a2a07; }
.qs-trick-caption { margin: 0; font-size: .84em; text-align: center; color: #eaf6ef; min-height: 1.3em; max-width: 340px; }

/* Cards. */
.qs-card { --w: 68px; position: relative; flex: none; width: var(--w); height: calc(var(--w) * 1.42);
  padding: 0; border-radius: 8px; border: 1px solid #00000030; display: block; font: inherit;
  background: linear-gradient(160deg, #ffffff, var(--qs-tint) 140%); color: var(--qs-ink);
  box-shadow: 0 1px 0 #0002, 0 4px 10px #0004; cursor: default; text-align: left; min-height: 0;
  transition: transform .12s, box-shadow .12s, filter .12s; }
.qs-c-0 { --qs-ink: var(--qs-red); --qs-tint: #ffe1e1; } .qs-c-1 { --qs-ink: var(--qs-yellow); --qs-tint: #fff0bf; }
.qs-c-2 { --qs-ink: var(--qs-green); --qs-tint: #dcf2dc; } .qs-c-3 { --qs-ink: var(--qs-blue); --qs-tint: #dde8ff; }
/* Red is trump: a gold inner frame marks it, besides its diamond. */
.qs-c-0::after { content: ""; position: absolute; inset: 3px; border-radius: 6px; border: 1px solid #e8b64c; pointer-events: none; }
.qs-corner { position: absolute; top: 5px; left: 6px; display: flex; flex-direction: column; align-items: center; line-height: 1; }
.qs-corner .qs-suit { font-size: 13px; margin-top: 2px; }
.qs-corner-end { top: auto; left: auto; bottom: 5px; right: 6px; transform: rotate(180deg); }
.qs-num { font-weight: 800; font-size: 19px; letter-spacing: -.03em; }
.qs-pip { position: absolute; inset: 0; display: grid; place-items: center; font-size: 32px; }
.qs-card.qs-small { --w: 54px; }
.qs-small .qs-num { font-size: 15px; }
.qs-small .qs-pip { font-size: 24px; }
.qs-small .qs-corner .qs-suit { font-size: 11px; }

/* The hand: overlapping a little like cards held, the playable ones raised. */
.qs-hand-area { display: grid; gap: 4px; justify-items: center; }
.qs-hand-area .qs-title { justify-self: start; }
.qs-count { font-weight: 600; text-transform: none; letter-spacing: 0; color: #cfe3d8; margin-left: .4em; }
.qs-hand { display: flex; justify-content: center; padding: 16px 8px 6px; max-width: 100%; }
.qs-hand .qs-card { cursor: pointer; }
.qs-hand .qs-card + .qs-card { margin-left: -8px; }
.qs-hand .qs-card.qs-group { margin-left: 6px; }
.qs-hand .qs-card:hover { transform: translateY(-6px); z-index: 2; }
.qs-hand.qs-my-turn .qs-legal { transform: translateY(-12px); box-shadow: 0 0 0 3px var(--gold), 0 10px 18px #0006; }
.qs-hand.qs-my-turn .qs-legal:hover { transform: translateY(-18px); }
.qs-hand .qs-refused { filter: grayscale(.75) brightness(.7); cursor: not-allowed; }
.qs-hand .qs-refused:hover { transform: none; }
.qs-hand .qs-card:focus-visible { outline: 3px solid #fff; outline-offset: 2px; z-index: 3;
  box-shadow: 0 0 0 6px var(--gold-dark), 0 10px 18px #0006; }
.qs-problem { margin: 2px 0 0; padding: 6px 12px; border-radius: 8px; background: #fff; color: var(--danger);
  font-weight: 600; box-shadow: var(--shadow); max-width: 100%; }
.qs-empty { margin: 0; color: #cfe3d8; font-style: italic; }

/* A game's result and the score sheet. */
.qs-result, .qs-scores { background: var(--paper); color: var(--ink); border-radius: 12px; padding: 10px 12px; box-shadow: var(--shadow); }
.qs-result { justify-self: center; width: min(520px, 100%); border: 2px solid var(--gold); }
.qs-result .qs-title, .qs-scores .qs-title { color: var(--muted); }
.qs-scroll { overflow-x: auto; }
.qs-score-table, .qs-result-table { width: 100%; border-collapse: collapse; font-variant-numeric: tabular-nums; }
.qs-score-table th, .qs-score-table td, .qs-result-table th, .qs-result-table td { padding: 4px 8px; text-align: right; border-bottom: 1px solid var(--line); white-space: nowrap; }
.qs-score-table th:first-child, .qs-result-table th:first-child { text-align: left; }
.qs-score-table thead th, .qs-result-table thead th { font-size: .78em; color: var(--muted); font-weight: 700; }
.qs-score-table .qs-mine, .qs-result-table tr.qs-mine { background: #fff4d6; }
.qs-score-table tr.qs-now th { color: var(--felt); }
.qs-total-row th, .qs-total-row td { font-weight: 800; border-bottom: 0; border-top: 2px solid var(--ink-2); }
.qs-plus { color: var(--ok); font-weight: 800; } .qs-minus { color: var(--danger); font-weight: 800; }

@container qsboard (max-width: 760px) {
  .qs-cond-list { grid-template-columns: repeat(2, minmax(0, 1fr)); }
}
/* A phone: the other seats in a row above the trick, the hand in two rows. */
@container qsboard (max-width: 520px) {
  .qs-bar { padding: 7px 9px; }
  .qs-status { min-width: 0; flex-basis: 100%; font-size: .95em; }
  .qs-predict { width: 100%; }
  .qs-cond-list { gap: 8px; }
  .qs-cond { padding: 5px 6px 5px 9px; gap: 6px; }
  .qs-cond-glyph { width: 32px; height: 32px; font-size: 21px; }
  .qs-glyph-text { font-size: 11px; }
  .qs-glyph-four { font-size: 11px; }
  .qs-cond-text { display: none; }
  .qs-cond-name { font-size: .84em; }
  .qs-table { grid-template-columns: repeat(3, minmax(0, 1fr)); column-gap: 6px;
    grid-template-areas: "left top right" "trick trick trick" "bottom bottom bottom"; }
  .qs-table-3 { grid-template-columns: repeat(2, minmax(0, 1fr)); grid-template-areas: "left right" "trick trick" "bottom bottom"; }
  .qs-pod { padding: 5px 6px; gap: 3px; align-self: stretch; border-radius: 10px; }
  .qs-pod-head { gap: 5px; flex-wrap: wrap; }
  .qs-avatar { width: 22px; height: 22px; font-size: .75em; }
  .qs-pod-name { font-size: .85em; }
  .qs-chip { width: 15px; height: 15px; font-size: 8px; }
  .qs-chip-flex { width: 12px; height: 12px; }
  .qs-pod:not(.qs-me) .qs-stats { flex-direction: column; gap: 1px; }
  .qs-pod:not(.qs-me) .qs-pod-name { flex-basis: calc(100% - 30px); }
  .qs-name-long { display: none; }
  .qs-name-short { display: inline; }
  .qs-pod:not(.qs-me) .qs-stats div { display: flex; justify-content: space-between; gap: 4px; padding: 0 4px; background: none; }
  .qs-stats dt { font-size: .72em; }
  .qs-stat-long { display: none; }
  .qs-stat-short { display: inline; }
  .qs-stats dd { font-size: .85em; }
  .qs-card { --w: 48px; border-radius: 6px; }
  .qs-card.qs-small, .qs-trick-box { --w: 46px; }
  .qs-num, .qs-small .qs-num { font-size: 14px; }
  .qs-corner { top: 3px; left: 4px; }
  .qs-corner .qs-suit, .qs-small .qs-corner .qs-suit { font-size: 10px; }
  .qs-corner-end { display: none; }
  .qs-pip, .qs-small .qs-pip { font-size: 20px; padding-top: 12px; }
  .qs-slot-tag { width: 18px; height: 18px; font-size: .6em; }
  .qs-hand { flex-wrap: wrap; gap: 8px 5px; padding: 10px 0 4px; }
  .qs-hand .qs-card + .qs-card, .qs-hand .qs-card.qs-group { margin-left: 0; }
  .qs-hand.qs-my-turn .qs-legal { transform: translateY(-5px); }
  .qs-hand.qs-my-turn .qs-legal:hover { transform: translateY(-7px); }
  .qs-score-table th, .qs-score-table td { padding: 3px 5px; font-size: .88em; }
}
`;

if (!document.getElementById('qs-style')) {
  const style = document.createElement('style');
  style.id = 'qs-style';
  style.textContent = CSS;
  document.head.append(style);
}
