// The Quiddler board: your hand of letter cards, the two piles, a word rack on which you
// build your own words (each checked with the server as you build it), the other
// players with their laid-down words, the challenge window, and the scores.
//
// The board keeps one thing the view does not: your arrangement. Cards are given local
// ids (a hand may hold two of a letter), kept in your order across updates; the rack's
// words and the chosen discard hold those ids. Nothing here knows the solver, and the
// server never sends its best way out (docs/server.md).
//
// Keyboard: the hand is one tab stop (arrows move, Shift+arrows move the card, Enter
// does what a click does, `w` puts the card on the rack, `x` picks it as the discard);
// anywhere on the page `d` draws from the draw pile, `p` takes the discard pile's top,
// `n` starts a new word, `g` goes out (or lays down), Backspace takes back the current
// word's last card, Escape clears the rack.
//
// The pieces sit next to this module: cards.js (faces, points), hand.js (hand, piles,
// dragging), rack.js, wordcheck.js (the server's word check), others.js (players,
// challenges), scores.js; the look is board.css and the words are messages.<lang>.js.
import { html } from 'htm/preact';
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { errorText } from '../../ui.js';
import { cardLabel } from './cards.js';
import { Hand, Piles } from './hand.js';
import { ChallengePanel, Seats } from './others.js';
import { Rack, checkWords } from './rack.js';
import { RoundSheet, Ranking, ScoreTable } from './scores.js';
import { verdict } from './wordcheck.js';

export const showsRefusals = true;

/** The table bar's countdown: the challenge window's end, or the next round's deal. */
export function deadlineLabel(view, t) {
  return view?.phase === 'challenge' ? t('quiddler.deadline.challenge') : t('quiddler.deadline.next_round');
}

/** Keep `prev`'s cards (and order) that are still in `hand`; new ones go at the end. */
function reconcile(prev, hand, nextId) {
  const left = [...hand];
  const kept = [];
  for (const c of prev) {
    const i = left.indexOf(c.card);
    if (i >= 0) {
      left.splice(i, 1);
      kept.push(c);
    }
  }
  return kept.concat(left.map((card) => ({ id: nextId(), card })));
}

export function Board({ view, seat, status, send, t, now, names: shellNames, replay, table, events }) {
  const ids = useRef(0);
  const cardsRef = useRef([]);
  const roundRef = useRef(null);
  const freshRef = useRef(null);
  const handRef = useRef(null);
  const [rack, setRack] = useState({ words: [[]], current: 0, discard: null });
  const [mode, setMode] = useState('discard');
  const [cursor, setCursor] = useState(0);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState(null);
  const [sheet, setSheet] = useState(null);
  const [, setTick] = useState(0);

  const players = view.players;
  const names = Array.from({ length: players }, (_, s) => shellNames?.[s] ?? t('quiddler.seat_n', { n: s + 1 }));
  const mine = seat !== null && seat !== undefined && Array.isArray(view.hand);
  const running = status === 'running' && !replay;
  const myTurn = running && mine && view.phase === 'play' && view.to_act === seat;
  const step = myTurn ? view.step : null;
  const challengeMode = Boolean(view.options?.challenge);
  const tableId = table?.id ?? null;

  // Your cards in your order; a new round starts a new arrangement.
  if (roundRef.current !== view.round) {
    roundRef.current = view.round;
    cardsRef.current = [];
  }
  const known = cardsRef.current.length;
  const cards = mine ? reconcile(cardsRef.current, view.hand, () => (ids.current += 1)) : [];
  cardsRef.current = cards;
  const byId = new Map(cards.map((c) => [c.id, c]));
  // The card just drawn is marked until the hand is back to its size.
  if (known && cards.length > known) freshRef.current = ids.current;
  if (cards.length <= (view.hand_size ?? 0)) freshRef.current = null;
  const fresh = freshRef.current;

  // The rack holds ids; cards that left the hand leave it too.
  const rackWords = rack.words.map((w) => w.filter((id) => byId.has(id)));
  const chosen = rack.discard !== null && byId.has(rack.discard) ? rack.discard : null;
  const placed = new Set([...rackWords.flat(), ...(chosen === null ? [] : [chosen])]);
  const handCards = cards.filter((c) => !placed.has(c.id));
  const words = rackWords.map((w) => w.map((id) => byId.get(id)));
  const current = Math.min(rack.current, words.length - 1);
  const checks = checkWords(words, (letters) => verdict(tableId, letters));
  const filled = words.map((w, i) => ({ w, check: checks[i] })).filter((x) => x.w.length > 0);
  const wordsOk = filled.every((x) => x.check.state === 'valid' || (challengeMode && x.check.state === 'invalid'));
  const discardCard = chosen !== null ? byId.get(chosen) : handCards.length === 1 && filled.length ? handCards[0] : null;
  const unused = handCards.filter((c) => c !== discardCard);
  const canGoOut = step === 'discard' && filled.length > 0 && wordsOk && discardCard && unused.length === 0;
  const canLayDown = step === 'lay_down' && wordsOk && discardCard !== null;

  // A new round or turn clears a refusal; a last turn opens the rack.
  useEffect(() => setProblem(null), [view.round, view.to_act, view.step, view.phase]);
  useEffect(() => {
    if (step === 'lay_down') setMode('words');
  }, [step]);
  useEffect(() => setRack({ words: [[]], current: 0, discard: null }), [view.round]);

  // Keep the last scored round's words and challenges (the next deal clears them from
  // the view), in the order the events came. A layout effect runs after every render,
  // so every update's events are read: a plain effect waits for the next frame, and an
  // update that came before it (a fast bot's draw after the deal) replaced the events
  // that scored the round, leaving the sheet without its words.
  const challenged = useRef([]);
  useLayoutEffect(() => {
    for (const e of events?.value ?? []) {
      if (e.type === 'challenged') challenged.current.push(e);
      if (e.type === 'round_scored') {
        setSheet({ round: e.round, words: e.words, unused: e.unused, parts: e.scores, challenges: challenged.current });
        challenged.current = [];
      }
    }
  }, [events?.value]);
  const shownSheet = (view.phase === 'scored' || view.phase === 'over') && view.last_round
    ? { round: view.round, words: view.words, unused: view.unused, parts: view.last_round }
    : sheet ?? (view.last_round ? { round: view.round - 1, words: null, unused: null, parts: view.last_round } : null);

  // The challenge countdown redraws while a window is open.
  useEffect(() => {
    if (view.phase !== 'challenge' || replay) return undefined;
    const timer = setInterval(() => setTick((n) => n + 1), 250);
    return () => clearInterval(timer);
  }, [view.phase, replay]);

  const act = async (action) => {
    if (busy) return false;
    setBusy(true);
    setProblem(null);
    const answer = await send(action);
    setBusy(false);
    if (!answer.ok) setProblem({ code: answer.code, message: answer.message });
    return answer.ok;
  };

  const whyNot = () => {
    if (!running || !mine) return 'watching';
    if (view.phase === 'challenge') return 'challenge';
    if (view.phase !== 'play') return 'between';
    if (!myTurn) return 'wait';
    return view.step === 'draw' ? 'draw_first' : null;
  };

  const draw = (source) => {
    if (step !== 'draw') {
      setProblem({ key: whyNot() ?? 'drawn' });
      return;
    }
    if (source === 'discard' && !view.discard_top) return;
    act({ type: 'draw', source });
  };

  const update = (fn) => setRack((old) => fn({ words: rackWords.map((w) => [...w]), current, discard: chosen, old }));
  const removeEverywhere = (r, id) => ({
    ...r,
    words: r.words.map((w) => w.filter((x) => x !== id)),
    discard: r.discard === id ? null : r.discard,
  });
  const addToWord = (id, index = null) => update((r) => {
    const next = removeEverywhere(r, id);
    const at = index ?? next.current;
    if (at >= next.words.length) next.words.push([]);
    next.words[at].push(id);
    return { ...next, current: at };
  });
  const takeBack = (id) => update((r) => removeEverywhere(r, id));
  const newWord = () => update((r) => {
    const last = r.words.length - 1;
    if (!r.words[last].length) return { ...r, current: last };
    return { ...r, words: [...r.words, []], current: r.words.length };
  });
  const clearRack = () => setRack({ words: [[]], current: 0, discard: null });
  const backspace = () => update((r) => {
    const word = r.words[r.current];
    if (word?.length) word.pop();
    else if (r.words.length > 1) {
      r.words.splice(r.current, 1);
      return { ...r, current: Math.max(0, r.current - 1) };
    }
    return r;
  });

  // Discard a card now (a plain turn with an empty rack), or pick it as the discard.
  const discardCardId = (id) => {
    const c = byId.get(id);
    if (!c) return;
    if (step === 'discard' && filled.length === 0) {
      takeBack(id);
      act({ type: 'discard', card: c.card });
      return;
    }
    if (step === 'discard' || step === 'lay_down') {
      update((r) => ({ ...removeEverywhere(r, id), discard: id }));
      return;
    }
    setProblem({ key: whyNot() ?? 'drawn' });
  };
  const clickCard = (id) => (mode === 'words' ? addToWord(id) : discardCardId(id));

  const goOut = () => {
    if (!canGoOut) return;
    act({ type: 'go_out', words: filled.map((x) => x.w.map((c) => c.card)), discard: discardCard.card });
  };
  const layDown = () => {
    if (!canLayDown) return;
    act({
      type: 'lay_down',
      words: filled.map((x) => x.w.map((c) => c.card)),
      unused: unused.map((c) => c.card),
      discard: discardCard.card,
    });
  };
  const plainDiscard = () => {
    if (step === 'discard' && discardCard) act({ type: 'discard', card: discardCard.card });
  };
  const finish = () => (step === 'lay_down' ? layDown() : goOut());

  // Dropping a card: onto a hand card (before it) or the hand (at the end) reorders it
  // and takes it off the rack.
  const dropOnHand = (id, beforeId) => {
    if (!byId.has(id)) return;
    takeBack(id);
    if (beforeId === id) return;
    const order = cardsRef.current.filter((c) => c.id !== id);
    const at = beforeId === null ? order.length : order.findIndex((c) => c.id === beforeId);
    order.splice(at < 0 ? order.length : at, 0, byId.get(id));
    cardsRef.current = order;
  };
  const moveCard = (index, delta) => {
    const target = index + delta;
    if (target < 0 || target >= handCards.length) return;
    const a = handCards[index].id;
    const b = handCards[target].id;
    const order = [...cardsRef.current];
    const ia = order.findIndex((c) => c.id === a);
    const ib = order.findIndex((c) => c.id === b);
    [order[ia], order[ib]] = [order[ib], order[ia]];
    cardsRef.current = order;
    setCursor(target);
  };

  const at = Math.max(0, Math.min(cursor, handCards.length - 1));
  const focusCard = (i) => handRef.current?.querySelectorAll('.qd-card')[i]?.focus();
  const onHandKey = (event) => {
    if (!handCards.length || event.ctrlKey || event.metaKey || event.altKey) return;
    const moves = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };
    const c = handCards[at];
    if (event.key in moves) {
      event.preventDefault();
      if (event.shiftKey) moveCard(at, moves[event.key]);
      else setCursor((at + moves[event.key] + handCards.length) % handCards.length);
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      setCursor(event.key === 'Home' ? 0 : handCards.length - 1);
    } else if (event.key === 'w') {
      event.preventDefault();
      addToWord(c.id);
    } else if (event.key === 'x') {
      event.preventDefault();
      discardCardId(c.id);
    } else return;
  };
  // The hand's tab stop follows the cursor; the focus follows it while it is in the hand,
  // and comes back to it when the card it was on left the hand (onto the rack, or played).
  const keepFocus = useRef(false);
  useLayoutEffect(() => {
    const active = document.activeElement;
    const lost = !active || active === document.body;
    if (handRef.current?.contains(active) || (keepFocus.current && lost)) focusCard(at);
  });

  // Page-wide keys (not while typing in a field or with a dialog open).
  const keys = useRef(null);
  keys.current = { draw, newWord, finish, backspace, clearRack };
  useEffect(() => {
    if (!mine || replay) return undefined;
    const onKey = (event) => {
      if (event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
      if (event.target.closest?.('input, textarea, select, [contenteditable], .dialog')) return;
      const k = keys.current;
      const actions = { d: () => k.draw('deck'), p: () => k.draw('discard'), n: k.newWord, g: k.finish,
        Backspace: k.backspace, Escape: k.clearRack };
      const action = actions[event.key];
      if (!action) return;
      event.preventDefault();
      action();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [mine, replay]);

  let statusText;
  if (status === 'finished' || view.phase === 'over') statusText = t('quiddler.status.over');
  else if (view.phase === 'scored') statusText = t('quiddler.status.scored', { n: view.round });
  else if (view.phase === 'challenge') statusText = t('quiddler.status.challenge', { who: names[view.challenge?.challenger] });
  else if (step === 'draw') statusText = t(view.went_out !== null || view.last_call ? 'quiddler.status.draw_last' : 'quiddler.status.draw_me');
  else if (step === 'discard') statusText = t('quiddler.status.discard_me');
  else if (step === 'lay_down') statusText = t('quiddler.status.lay_down_me');
  else statusText = t('quiddler.status.other', { who: names[view.to_act] ?? '' });
  // "Everyone else has one last turn" only while those turns are still to come.
  const roundOn = status !== 'finished' && (view.phase === 'play' || view.phase === 'challenge');
  const outNote = !roundOn ? null
    : view.went_out !== null ? t('quiddler.status.went_out', { who: names[view.went_out] })
      : view.last_call ? t('quiddler.status.last_call') : null;

  const problemText = problem
    ? problem.key ? t(`quiddler.refused.${problem.key}`, { who: names[view.to_act] ?? '' }) : errorText(problem)
    : null;
  const finishLabel = step === 'lay_down' ? t('quiddler.lay_down') : t('quiddler.go_out');
  const finishHelp = discardCard
    ? t(step === 'lay_down' ? 'quiddler.lay_down_help' : 'quiddler.go_out_help', {
      card: discardCard.card.toUpperCase(), count: unused.length,
    })
    : t('quiddler.pick_discard');

  return html`
    <div class="qd-board" onFocusIn=${(e) => { keepFocus.current = Boolean(handRef.current?.contains(e.target)); }}
      data-phase=${view.phase} data-round=${view.round} data-step=${step ?? ''}
      data-turn=${myTurn ? 'me' : 'other'} data-mode=${mode}>
      <div class=${`qd-bar ${myTurn ? 'qd-bar-me' : ''}`}>
        <span class="qd-pill">${t('quiddler.round_of', { n: view.round, total: view.rounds, count: view.hand_size })}</span>
        <p class="qd-status">${statusText}</p>
        ${outNote ? html`<p class="qd-out-note">${outNote}</p>` : null}
        <p class="sr-only" role="status">${myTurn ? statusText : ''}</p>
      </div>
      <${Seats} view=${view} seat=${mine ? seat : null} t=${t} names=${names} />
      <${ChallengePanel} view=${view} seat=${seat} t=${t} names=${names} now=${now} busy=${busy}
        onChallenge=${(owner, word) => act({ type: 'challenge', seat: owner, word })} onAccept=${() => act({ type: 'accept' })} />
      <section class="qd-mine" aria-labelledby="qd-hand-title">
        <h2 id="qd-hand-title" class="sr-only">${t('quiddler.hand')}</h2>
        <${Piles} view=${view} t=${t} canDraw=${step === 'draw'} onDraw=${draw}
          chosen=${chosen !== null ? byId.get(chosen) : null} onDropDiscard=${discardCardId}
          onUnchoose=${() => chosen !== null && takeBack(chosen)} />
        ${mine && !replay
          ? html`<div class="qd-mode" role="group" aria-label=${t('quiddler.mode.label')}>
              <button type="button" class="small" aria-pressed=${mode === 'discard' ? 'true' : 'false'} data-mode="discard"
                onClick=${() => setMode('discard')}>${t('quiddler.mode.discard')}</button>
              <button type="button" class="small" aria-pressed=${mode === 'words' ? 'true' : 'false'} data-mode="words"
                onClick=${() => setMode('words')}>${t('quiddler.mode.words')}</button>
            </div>`
          : null}
        ${mine
          ? html`<${Hand} cards=${handCards} t=${t} cursor=${at} fresh=${fresh} handRef=${handRef} replay=${replay}
              label=${replay ? t('quiddler.hand') : t(mode === 'words' ? 'quiddler.hand_label_words' : 'quiddler.hand_label_discard', { count: handCards.length })}
              onCard=${clickCard} onKey=${onHandKey} onFocusCard=${setCursor} onDropOn=${dropOnHand} />
            ${problemText ? html`<p class="qd-problem" role="alert">${problemText}</p>` : null}`
          : null}
      </section>
      ${mine && !replay
        ? html`<${Rack} words=${words} checks=${checks} current=${current} t=${t}
            onSelect=${(i) => update((r) => ({ ...r, current: i }))} onTakeBack=${takeBack}
            onDropWord=${(i, id) => addToWord(id, i)} onNewWord=${newWord}>
            ${step === 'discard' || step === 'lay_down'
              ? html`<p class="qd-finish-help">${finishHelp}</p>
                <button type="button" class="primary qd-finish" disabled=${busy || !(canGoOut || canLayDown)}
                  aria-keyshortcuts="g" onClick=${finish}>${finishLabel}</button>
                ${step === 'discard' && discardCard && chosen !== null
                  ? html`<button type="button" class="qd-plain-discard" disabled=${busy} onClick=${plainDiscard}>
                      ${t('quiddler.discard_only', { card: cardLabel(discardCard.card, t) })}</button>`
                  : null}`
              : null}
            <button type="button" class="small qd-clear" onClick=${clearRack}>${t('quiddler.rack.clear')}</button>
          </${Rack}>`
        : null}
      ${view.phase === 'over' ? html`<${Ranking} view=${view} seat=${seat} t=${t} names=${names} />` : null}
      <${RoundSheet} sheet=${shownSheet} view=${view} seat=${seat} t=${t} names=${names} />
      <${ScoreTable} view=${view} seat=${seat} t=${t} names=${names} />
    </div>`;
}
