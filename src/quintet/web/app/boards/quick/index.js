// The Quick board: your table (a row of face-down piles with their sizes, and your hand
// with the one card you hold), the instruction cards in play, the other players' tables
// as counts on their cards, the checking of the stacks in KLAAR order, and the dealer's
// choice of criteria when that option is on (docs/rules/quick.md).
//
// Mouse: click a pile to take its top card; with a card in hand click a pile's top or
// bottom, or a gap between piles for a new pile; or drag and drop the same. Keyboard:
// a digit picks a pile (with an empty hand: takes its top card), t / b put the card on
// the picked pile's top / bottom, n starts a new pile (before the picked pile, else at
// the right end), Enter calls KLAAR, Escape drops the pick. The server judges every
// action; a refusal is shown here in the reader's language (`showsRefusals`).
//
// For tests the board carries data-phase, data-round, data-hand (the number of the card
// held), data-piles (your pile sizes), data-selected and data-answered (how many of your
// actions the server has answered).
import { html } from 'htm/preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { errorText } from '../../ui.js';
import { play } from '../../shell/sounds.js';
import { Instructions } from './cards.js';
import { Checking } from './check.js';
import { Chooser } from './choose.js';
import { activeSeats } from './log.js';
import { Chips, KlaarBadge, Players, Verdict } from './others.js';
import { Hand, Piles } from './table.js';
import { joinNames, nameOf } from './words.js';

export { activeSeats, describeEvent, deadlineLabel } from './log.js';
export const showsRefusals = true;

const FLASH_MS = 1400;
const PILE_KEY = /^[0-9]$/;

/** The status line: what is happening and what you can do. */
function statusText(view, seat, names, t, mine) {
  const name = (s) => nameOf(names, s, t);
  const me = mine ? view.tables[seat] : null;
  switch (view.phase) {
    case 'choose':
      return mine && view.dealer === seat ? t('quick.status.choose_me') : t('quick.status.choose', { who: name(view.dealer) });
    case 'ready':
      return t('quick.status.ready');
    case 'sort':
      if (me?.klaar) return t('quick.status.klaar_me', { place: me.klaar });
      if (me?.stopped) return t(view.options?.round_end === 'all_but_one' ? 'quick.status.left_out_me' : 'quick.status.stopped_me');
      return mine ? t('quick.status.sort_me') : t('quick.status.sort');
    case 'check':
      return view.checking === null ? t('quick.status.check') : t('quick.status.checking', { who: name(view.checking) });
    case 'scored': {
      const won = (view.tables ?? []).map((tb, s) => (tb.verdict === 'chip' ? s : null)).filter((s) => s !== null);
      return won.length
        ? t('quick.status.scored', { names: joinNames(won.map(name), t), count: won.length })
        : t('quick.status.scored_none');
    }
    default:
      return view.over
        ? t(`quick.status.over_${view.end === 'stalled' ? 'stalled' : 'sixth_chip'}`, {
            names: joinNames((view.winners ?? []).map(name), t),
            count: (view.winners ?? []).length,
          })
        : '';
  }
}

export function Board(props) {
  const { view, seat, seats, status, events, send, t, names, replay } = props;
  const [answered, setAnswered] = useState(0);
  const [note, setNote] = useState(null);
  const [selected, setSelected] = useState(null);
  const [flash, setFlash] = useState(null);
  const [busy, setBusy] = useState(false);
  const drag = useRef(null);
  const root = useRef(null);
  const keys = useRef(null);

  const mine = typeof seat === 'number' && !replay && Array.isArray(view.tables) && Boolean(view.tables[seat]);
  const myTable = mine ? view.tables[seat] : null;
  const running = status === 'running' && !view.over && !replay;
  const canAct = running && mine && view.phase === 'sort' && Boolean(view.can_act);
  const hand = mine ? view.hand ?? null : null;
  const piles = myTable?.piles ?? [];
  const active = activeSeats(view);
  const choosing = running && mine && view.phase === 'choose' && view.dealer === seat && Boolean(view.can_act);

  // A pick, a shown refusal: gone once the round moves on.
  useEffect(() => {
    setSelected(null);
    setNote(null);
  }, [view.round, view.phase]);
  useEffect(() => {
    if (!hand) setSelected(null);
  }, [hand?.number]);

  // Sounds and the "QUICK!" flash, from the latest update's events.
  const latest = events?.value ?? [];
  useEffect(() => {
    if (replay) return;
    for (const event of latest) {
      if (event.type === 'quick') {
        play('start');
        setFlash({ key: 'quick.flash.quick', big: true, at: Date.now() });
      } else if (event.type === 'klaar') {
        play('turn');
        if (event.seat !== seat) setFlash({ key: 'quick.flash.klaar', args: { who: nameOf(names, event.seat, t) }, at: Date.now() });
      }
    }
  }, [latest]);
  useEffect(() => {
    if (!flash) return undefined;
    const timer = setTimeout(() => setFlash(null), FLASH_MS);
    return () => clearTimeout(timer);
  }, [flash]);

  const act = async (action) => {
    setBusy(true);
    // The round goes with every move: one still on its way when the round ends is then
    // "too late" rather than a mistake on the next round's table.
    const answer = await send({ ...action, round: view.round });
    setBusy(false);
    setAnswered((n) => n + 1);
    if (answer.ok) setNote(null);
    else setNote({ error: answer });
    return answer;
  };
  // A pointer click gives the keyboard back to the page, so that Enter then calls KLAAR
  // instead of pressing the clicked control again; a keyboard press keeps its focus.
  const release = (event) => {
    if (event && event.detail > 0) event.currentTarget?.blur?.();
  };
  // A button pressed from the keyboard (Enter or Space: a click without a pointer) keeps
  // the keyboard on the table: the focus goes to where the next step is made, since the
  // pressed button itself changes or goes with the move.
  const focusAfter = (event, selectors) => {
    if (!event || event.detail !== 0) return;
    requestAnimationFrame(() => {
      for (const selector of selectors) {
        const found = root.current?.querySelector(selector);
        if (found) {
          found.focus();
          return;
        }
      }
    });
  };
  const take = async (pile, event) => {
    release(event);
    setSelected(null);
    await act({ type: 'take', pile });
    focusAfter(event, [`.qk-pile[data-pile="${pile}"] .qk-end-top`, '.qk-end-top']);
  };
  const place = async (pile, end, event) => {
    release(event);
    setSelected(null);
    await act({ type: 'place', pile, end });
    focusAfter(event, [`.qk-pile[data-pile="${pile}"] .qk-take`, '.qk-take']);
  };
  const newPile = async (at, event) => {
    release(event);
    setSelected(null);
    await act({ type: 'new_pile', at });
    focusAfter(event, [`.qk-pile[data-pile="${at}"] .qk-take`, '.qk-take']);
  };
  const klaar = () => act({ type: 'klaar' });

  // The keys: digits, t, b, n, Enter, Escape (see the module's comment).
  keys.current = (event) => {
    const key = event.key.toLowerCase();
    const local = (k, args = {}) => setNote({ key: k, args });
    if (PILE_KEY.test(key)) {
      const pile = key === '0' ? 9 : Number(key) - 1;
      if (pile >= piles.length) return local('quick.note.no_pile', { n: pile + 1, count: piles.length });
      if (!hand) return take(pile);
      setSelected(pile);
      return setNote(null);
    }
    if (key === 't' || key === 'b') {
      if (!hand) return local('quick.note.take_first');
      const pile = selected ?? (piles.length === 1 ? 0 : null);
      if (pile === null) return local('quick.note.pick_pile');
      return place(pile, key === 't' ? 'top' : 'bottom');
    }
    if (key === 'n') {
      if (!hand) return local('quick.note.take_first');
      return newPile(selected ?? piles.length);
    }
    if (key === 'enter') return klaar();
    if (key === 'escape') return setSelected(null);
    return undefined;
  };
  useEffect(() => {
    if (!canAct) return undefined;
    const onKey = (event) => {
      if (event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
      const target = event.target;
      if (target.closest?.('input, textarea, select, [contenteditable], .dialog')) return;
      if (event.key === 'Enter' && target.closest?.('button, a, summary')) return;
      if (!/^([0-9tbnTBN]|Enter|Escape)$/.test(event.key)) return;
      event.preventDefault();
      keys.current?.(event);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [canAct]);

  const line = statusText(view, seat, names, t, mine);
  const myCards = piles.reduce((a, b) => a + b, 0) + (hand ? 1 : 0);
  const noteText = note ? (note.error ? errorText(note.error) : t(note.key, note.args)) : '';
  return html`
    <div class=${`qk-board ${canAct ? 'qk-can-act' : ''}`} ref=${root} data-phase=${view.phase} data-round=${view.round}
      data-hand=${hand ? hand.number : ''} data-piles=${piles.join(',')} data-selected=${selected ?? ''}
      data-answered=${answered} data-can-act=${canAct ? 'true' : 'false'}>
      <div class="qk-bar">
        <span class="qk-pill qk-round">${t('quick.round', { n: view.round })}</span>
        <span class="qk-pill">${t('quick.dealer', { who: nameOf(names, view.dealer, t) })}</span>
        <span class="qk-pill qk-pot" data-pot=${view.pot}>${t('quick.pot', { count: view.pot, total: view.chips_per_round })}</span>
        <p class="qk-status" role="status" aria-live="polite">${line}</p>
      </div>
      ${flash ? html`<div class=${`qk-flash ${flash.big ? '' : 'qk-flash-small'}`} role="status" aria-live="assertive">${t(flash.key, flash.args ?? {})}</div>` : null}
      <${Players} view=${view} seat=${mine ? seat : null} names=${names} seats=${seats} t=${t} active=${active} />
      <section class="qk-rules" aria-label=${t('quick.instructions')}>
        <${Instructions} criteria=${view.criteria} t=${t} simplified=${view.simplified} />
      </section>
      ${choosing ? html`<${Chooser} key=${view.round} view=${view} t=${t} busy=${busy}
        onChoose=${(criteria) => act({ type: 'criteria', criteria })} />` : null}
      <${Checking} view=${view} seat=${mine ? seat : null} names=${names} t=${t} />
      ${mine
        ? html`<section class=${`qk-mine ${canAct ? 'qk-live' : ''}`} aria-label=${t('quick.your_table')}>
            <div class="qk-mine-head">
              <h2 class="qk-mine-title">${t('quick.your_table')}</h2>
              <span class="qk-mine-count" data-cards=${myCards}>${t('quick.cards', { count: myCards })}</span>
              <${Chips} count=${myTable.chips} t=${t} />
              <${KlaarBadge} place=${myTable.klaar} t=${t} />
              <${Verdict} verdict=${myTable.verdict} t=${t} />
            </div>
            <div class="qk-mine-body">
              <div class="qk-hand-area">
                <h3 class="qk-hand-title">${t('quick.hand')}</h3>
                <${Hand} card=${hand} canAct=${canAct} onTake=${take} drag=${drag} t=${t} />
                ${canAct
                  ? html`<button type="button" class="primary qk-klaar" onClick=${(e) => { release(e); klaar(); }}
                      aria-label=${t('quick.klaar_label')}>KLAAR <kbd>${t('quick.enter')}</kbd></button>`
                  : null}
              </div>
              <${Piles} piles=${piles} holding=${Boolean(hand)} canAct=${canAct} selected=${selected}
                onTake=${take} onPlace=${place} onNew=${newPile} drag=${drag} t=${t} />
            </div>
            ${noteText ? html`<p class="qk-note" role="alert">${noteText}</p>` : null}
            ${canAct ? html`<p class="qk-keys">${t(hand ? 'quick.keys_holding' : 'quick.keys_empty')}</p>` : null}
          </section>`
        : null}
    </div>`;
}
