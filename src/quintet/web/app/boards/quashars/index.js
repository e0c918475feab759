// The Quashars board: your hand, the four revealed conditions, predictions with their
// chips, the trick on the table, tricks won, chips returned and taken, and the scores.
//
// It holds no rules the view already gives: which cards are playable comes from the
// view's `legal`; the only thing it works out is *why* a card is not playable, from what
// the view shows (whose turn it is, the phase, the colour that was led). Everything is
// playable by keyboard: the hand is one tab stop (arrow keys move between cards, Enter or
// Space plays), and the prediction is a number field with Enter to confirm.
//
// The pieces sit next to this module: words.js (cards and conditions in words), log.js
// (the game log), pictures.js (symbols and card faces), seats.js, trick.js,
// conditions.js, scores.js and predict.js; the look is board.css (the shell adds it with
// the board) and the words are messages.<lang>.js.
import { html } from 'htm/preact';
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { Conditions } from './conditions.js';
import { CardFace, TableCard } from './pictures.js';
import { PredictForm } from './predict.js';
import { GameResult, Scores } from './scores.js';
import { Pod } from './seats.js';
import { TrickArea } from './trick.js';
import { cardName, colourName, parseCard } from './words.js';

export { describeEvent, deadlineLabel } from './log.js';

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

  // After the last game no new cards come: the empty hand must not promise them.
  const matchOver = status === 'finished' || view.phase === 'over';
  let statusText;
  if (matchOver) statusText = t('quashars.status.over');
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
              : html`<p class="qs-empty">${t(matchOver ? 'quashars.hand_empty_over' : 'quashars.hand_empty')}</p>`}
            ${problem
              ? html`<p id="qs-refusal" class="qs-problem" role="alert">
                  ${t(`quashars.refused.${problem.key}`, reasonArgs(problem.card))}</p>`
              : null}
          </section>`
        : null}
      <${Scores} view=${view} t=${t} names=${names} seat=${seat} />
    </div>`;
}
