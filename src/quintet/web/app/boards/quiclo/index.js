// The Quiclo board: your cards, the three stacks, the other players, and a chain builder
// (click cards and operators, or type `12+7*3=33`) with a live preview that names the
// exact rule a chain breaks. Enter calls QUICLO! (the `claim` action of
// docs/rules/quiclo.md). The preview's arithmetic is a port of the referee
// (arith.js); the server judges every claim.
//
// What the board knows comes from the view: `hand`, `tops`, `heights`, `hand_counts`,
// `hands` (open hands), `shown`, `voted`, `sitting_out`, `can_claim`, `can_vote`,
// `last_claim`, `over`/`end`/`winners`.
// It remembers one thing the view does not hold: which cards it has seen on top of which
// stack, so that a chain typed against a top that has just been covered is still sent
// (the server answers "too late", as at a real table) instead of being called nonsense.
//
// The pieces sit next to this module: words.js (shared numbers and words), log.js (the
// game log), chain.js (reading a chain), table.js (cards, plates, stacks), choices.js
// (the hand's open or hidden choice, the vote "no more claims"), preview.js and
// arith.js (the referee's port); the look is board.css (the shell adds it with the
// board) and the words are messages.<lang>.js.
import { html } from 'htm/preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { Icon, errorText } from '../../ui.js';
import { SIGNS, formatChain, reasonText } from './arith.js';
import { analyse, appendText, dropLast, lastKind } from './chain.js';
import { HandChoice, VoteRow } from './choices.js';
import { endLine, localReason } from './log.js';
import { Chips, Preview } from './preview.js';
import { Card, Plate, Stack, seconds } from './table.js';
import { STACKS, claimResult, joinNames, stackNo } from './words.js';

export { describeEvent, deadlineLabel, endLine } from './log.js';

// The board explains every refusal itself (a too-late claim in its own panel, others as a
// note under the chain), so the shell adds no second notice over it.
export const showsRefusals = true;

const TOO_LATE_MS = 4000;
const FLASH_MS = 1600;
// Keys that start or extend a chain when pressed anywhere on the table page.
const CHAIN_KEY = /^[0-9+\-*/xX:=×÷−–]$/;

export function Board(props) {
  const { view, seat, status, events, send, t, now, names, replay, hint } = props;
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [answered, setAnswered] = useState(0);
  const [note, setNote] = useState(null);
  const [tooLate, setTooLate] = useState(null);
  const [flash, setFlash] = useState(null);
  const [mistake, setMistake] = useState(null);
  const [topChoice, setTopChoice] = useState(null);
  const [hinted, setHinted] = useState(null);
  const [, setTick] = useState(0);
  const seen = useRef(new Map());
  const input = useRef(null);
  const claimRef = useRef(null);

  // Every card seen on top of a stack, and which stack: cards never move once laid.
  (view.tops ?? []).forEach((top, stack) => seen.current.set(top, stack));

  const running = status === 'running' && !view.over;
  const builds = seat !== null && seat !== undefined && !replay && Array.isArray(view.hand);
  const myOut = builds ? view.sitting_out?.[seat] ?? null : null;
  const gameNow = now();

  // Countdowns redraw four times a second while the game runs.
  useEffect(() => {
    if (!running || replay) return undefined;
    const timer = setInterval(() => setTick((n) => n + 1), 250);
    return () => clearInterval(timer);
  }, [running, replay]);

  // The latest update's events: flash a stack that was claimed on, keep my wrong
  // claim's reason for the sit-out panel.
  const latest = events.value;
  useEffect(() => {
    for (const event of latest) {
      if (event.type === 'claimed') {
        setFlash({ stack: event.stack, at: Date.now() });
      } else if (event.type === 'wrong_claim_reason') {
        setMistake({ event });
      }
    }
  }, [latest]);
  useEffect(() => {
    if (!flash) return undefined;
    const timer = setTimeout(() => setFlash(null), FLASH_MS);
    return () => clearTimeout(timer);
  }, [flash]);
  useEffect(() => {
    if (!tooLate) return undefined;
    const timer = setTimeout(() => setTooLate(null), TOO_LATE_MS);
    return () => clearTimeout(timer);
  }, [tooLate]);

  const info = builds ? analyse(text, view, seen.current, topChoice) : null;
  const chainCards = new Set(info?.parsed ? info.parsed.operands.map(Number) : []);

  const edit = (next) => {
    setText(next);
    setNote(null);
    setTooLate(null);
    setHinted(null);
  };

  const claim = async () => {
    if (!builds || busy || !running) return;
    if (myOut !== null) return;
    if (!info || info.empty) {
      setNote({ key: 'quiclo.preview.empty', args: {} });
      return;
    }
    if (!info.action) {
      setNote(info.syntax
        ? { key: 'quiclo.preview.not_a_chain', args: { reason: reasonText(info.syntax.reason, t) } }
        : info.blocking[0]);
      return;
    }
    setBusy(true);
    setNote(null);
    const answer = await send(info.action);
    setBusy(false);
    setAnswered((n) => n + 1);
    if (answer.ok) {
      // Accepted: a valid claim, or a wrong one (then the view shows the sit-out).
      setText('');
      setTopChoice(null);
      setHinted(null);
    } else if (answer.code === 'action/too_late') {
      setTooLate({ at: Date.now() });
    } else {
      setNote({ text: errorText(answer) });
    }
  };
  claimRef.current = claim;

  // The vote "no more claims" and the choice of how to hold one's hand: small actions
  // whose refusals are shown as a note too.
  const act = async (action) => {
    if (!builds || busy || !running) return;
    setBusy(true);
    const answer = await send(action);
    setBusy(false);
    setNote(answer.ok ? null : { text: errorText(answer) });
  };

  // Typing anywhere on the table page goes into the chain; Enter claims, Escape clears.
  useEffect(() => {
    if (!builds) return undefined;
    const onKey = (event) => {
      if (event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
      const target = event.target;
      if (target.closest?.('input, textarea, select, [contenteditable], .dialog')) return;
      if (CHAIN_KEY.test(event.key)) {
        event.preventDefault();
        setText((old) => old + event.key);
        setNote(null);
        input.current?.focus();
      } else if (event.key === 'Enter' && !target.closest?.('button, a')) {
        event.preventDefault();
        claimRef.current?.();
      } else if (event.key === 'Escape' && target.closest?.('.qc-board')) {
        setText('');
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [builds]);

  // A pointer click on a card hands the keyboard back to the chain, so that Enter then
  // claims (instead of pressing the card again); a keyboard press keeps its focus.
  const refocus = (event) => {
    if (event && event.detail > 0 && event.pointerType !== 'touch') input.current?.focus();
  };
  const addOwn = (card, event) => {
    refocus(event);
    const kind = lastKind(text);
    if (chainCards.has(card)) {
      if (kind === 'n' && new RegExp(`(^|\\D)${card}\\s*$`).test(text)) edit(dropLast(text));
      else setNote({ key: 'quiclo.note.already', args: { card } });
    } else if (kind === 'n') setNote({ key: 'quiclo.note.operator_first', args: {} });
    else if (kind === '=') setNote({ key: 'quiclo.note.result_is_top', args: {} });
    else edit(appendText(text, String(card)));
  };
  const setResult = (stack, event) => {
    refocus(event);
    const top = view.tops[stack];
    const base = text.includes('=') ? text.slice(0, text.indexOf('=')) : text;
    if (lastKind(base) !== 'n') {
      setNote({ key: 'quiclo.note.chain_first', args: {} });
      return;
    }
    edit(appendText(base, `= ${top}`));
  };
  const addTop = (stack, event) => {
    const top = view.tops[stack];
    const kind = lastKind(text);
    // After a number only "=" can follow a card: the top becomes the result.
    if (kind === 'n' || kind === '=') setResult(stack, event);
    else if (chainCards.has(top)) {
      refocus(event);
      setNote({ key: 'quiclo.note.already', args: { card: top } });
    } else {
      refocus(event);
      edit(appendText(text, String(top)));
    }
  };
  const addSign = (sign) => {
    input.current?.focus();
    if (sign === '=' && text.includes('=')) return;
    edit(appendText(text, sign));
  };

  const askHint = async () => {
    setHinted({ loading: true });
    try {
      const answer = await hint();
      const action = answer?.action;
      const level = answer?.level ?? '';
      if (!action || action.type !== 'claim') {
        setHinted({ text: t('quiclo.hint_none', { level }) });
        return;
      }
      setText(formatChain(action.operands, action.operators, action.expect));
      const order = action.order;
      setTopChoice(Array.isArray(order) && order.length ? order[order.length - 1] : null);
      setHinted({
        text: t('quiclo.hint_found', {
          level,
          chain: formatChain(action.operands, action.operators, action.expect),
          n: stackNo(action.stack),
        }),
      });
      input.current?.focus();
    } catch (error) {
      setHinted({ text: errorText(error), error: true });
    }
  };

  const players = view.players ?? names.length;
  const others = Array.from({ length: players }, (_, s) => s).filter((s) => s !== seat || !builds);
  const hand = view.hand ?? [];
  const lastClaim = view.last_claim;
  const outLeft = myOut !== null && running ? seconds(myOut, gameNow) : null;
  const canSend = builds && running && myOut === null && !busy && Boolean(text.trim());
  const voters = (view.voted ?? []).map((v, s) => (v ? s : null)).filter((s) => s !== null);
  const myShown = builds ? view.shown?.[seat] : undefined;

  return html`
    <div class="qc-board" data-answered=${answered} data-can-claim=${view.can_claim ? 'true' : 'false'}>
    <div class=${`qc-layout ${builds && running ? 'qc-with-builder' : ''} ${Array.isArray(view.hand) ? 'qc-with-hand' : ''}`}>
      <section class="qc-others" aria-label=${builds ? t('quiclo.others') : t('quiclo.players')}>
        <ul class="qc-plates">
          ${others.map((s) => html`<${Plate} key=${s} seat=${s} view=${view} names=${names} now=${gameNow} t=${t} me=${s === seat}
            bot=${props.seats?.[s]?.kind === 'bot'} voted=${Boolean(view.voted?.[s]) && !view.over} />`)}
        </ul>
      </section>

      <section class="qc-table" aria-label=${t('quiclo.stacks')}>
        <div class="qc-stacks">
          ${STACKS.map((stack) => html`<${Stack} key=${stack} stack=${stack} view=${view} t=${t}
            target=${info?.stack === stack && !info?.covered}
            inChain=${chainCards.has(view.tops[stack])}
            flash=${flash?.stack === stack}
            canBuild=${builds && running}
            onTop=${(e) => addTop(stack, e)} onTarget=${(e) => setResult(stack, e)} />`)}
        </div>
        <p class="qc-last" aria-live="polite">
          ${lastClaim
            ? t('quiclo.last_claim', {
                who: names[lastClaim.seat] ?? '',
                chain: formatChain(lastClaim.operands, lastClaim.operators, claimResult(lastClaim)),
                n: stackNo(lastClaim.stack),
              })
            : t('quiclo.no_claim_yet')}
        </p>
        ${running && voters.length
          ? html`<p class="qc-votes" role="status">${t('quiclo.votes', {
              names: joinNames(voters.map((s) => names[s] ?? ''), t),
              count: voters.length,
              total: players,
            })}</p>`
          : null}
        ${view.over && view.end
          ? html`<p class="qc-over" role="status">${endLine(view, t, names)}</p>`
          : null}
      </section>

      ${Array.isArray(view.hand)
        ? html`<section class="qc-hand" aria-label=${t('quiclo.your_hand')}>
            <h2 class="qc-hand-title">${t('quiclo.your_hand')} <span class="qc-count" data-count=${hand.length}>${t('quiclo.hand_count', { count: hand.length })}</span></h2>
            ${builds && running && myShown !== undefined
              ? html`<${HandChoice} shown=${myShown} view=${view} busy=${busy} act=${act} t=${t} />`
              : null}
            <div class="qc-hand-cards">
              ${hand.map((card) => html`<${Card} key=${card} card=${card} t=${t} yours=${true}
                pressed=${chainCards.has(card)} onClick=${builds && running ? (e) => addOwn(card, e) : null} />`)}
            </div>
          </section>`
        : null}

      ${builds && running
        ? html`<section class=${`qc-builder ${outLeft !== null ? 'qc-builder-out' : ''}`} aria-label=${t('quiclo.builder')}>
            ${outLeft !== null
              ? html`<div class="qc-sitout" role="timer" aria-live="polite">
                  <${Icon} name="clock" className="qc-sitout-icon" />
                  <div>
                    <p class="qc-sitout-title">${t('quiclo.sit_out_title')}
                      <strong class="qc-sitout-time">${t('quiclo.sit_out_time', { count: outLeft })}</strong></p>
                    ${mistake
                      ? html`<p class="qc-sitout-reason">${t('quiclo.your_claim', {
                          chain: formatChain(mistake.event.operands, mistake.event.operators, mistake.event.expect),
                        })}. ${t('quiclo.sit_out_reason', { reason: localReason(mistake.event, t) })}</p>`
                      : null}
                    <p class="qc-sitout-note">${t('quiclo.sit_out_detail')}</p>
                  </div>
                  <span class="qc-sitout-bar" aria-hidden="true"><span style=${`width:${Math.min(100, (outLeft * 1000 * 100) / Math.max(1, view.options?.sit_out_ms ?? 15000))}%`}></span></span>
                </div>`
              : null}
            <${Chips} text=${text} info=${info} view=${view} seen=${seen.current} t=${t} />
            <form class="qc-form" onSubmit=${(e) => {
              e.preventDefault();
              claim();
            }}>
              <label class="sr-only" for="qc-chain">${t('quiclo.chain_label')}</label>
              <input id="qc-chain" class="qc-input" ref=${input} value=${text} autocomplete="off" spellcheck="false"
                autocapitalize="off" inputmode="text" placeholder=${t('quiclo.chain_placeholder')}
                aria-describedby="qc-preview"
                onInput=${(e) => edit(e.currentTarget.value)}
                onKeyDown=${(e) => {
                  if (e.key === 'Escape') {
                    e.preventDefault();
                    edit('');
                  }
                }} />
              <button type="submit" class="primary qc-claim" disabled=${!canSend} aria-label=${t('quiclo.claim_label')}>
                ${outLeft !== null
                  ? t('quiclo.sitting_out_button', { seconds: outLeft })
                  : busy
                    ? t('quiclo.sending')
                    : html`${t('quiclo.claim')} <kbd>${t('quiclo.claim_key')}</kbd>`}
              </button>
            </form>
            <div class="qc-pad" role="group" aria-label=${t('quiclo.operators')}>
              ${['+', '-', '*', '/'].map((op) => html`<button key=${op} type="button" class="qc-op" data-op=${op}
                aria-label=${t(`quiclo.op.${op}`)} onClick=${() => addSign(SIGNS[op])}>${SIGNS[op]}</button>`)}
              <button type="button" class="qc-op" data-op="=" aria-label=${t('quiclo.op.=')} onClick=${() => addSign('=')}>=</button>
              <button type="button" class="qc-op qc-back-key" aria-label=${t('quiclo.backspace')}
                onClick=${() => {
                  input.current?.focus();
                  edit(dropLast(text));
                }}>⌫</button>
              <button type="button" class="small qc-clear" aria-label=${t('quiclo.clear')} onClick=${() => {
                input.current?.focus();
                edit('');
              }}>${t('quiclo.clear_short')}</button>
              ${hint
                ? html`<button type="button" class="small qc-hint" onClick=${askHint} disabled=${hinted?.loading}
                    aria-label=${t('quiclo.hint_label')}>${hinted?.loading ? t('quiclo.hint_loading') : t('quiclo.hint')}</button>`
                : null}
            </div>
            ${tooLate
              ? html`<div class="qc-too-late" role="alert"><strong>${t('quiclo.too_late')}</strong>
                  <span>${t('quiclo.too_late_detail')}</span></div>`
              : html`<${Preview} info=${info} t=${t} />`}
            ${note ? html`<p class="qc-note" role="alert">${note.text ?? t(note.key, note.args)}</p>` : null}
            <${VoteRow} view=${view} seat=${seat} busy=${busy} act=${act} t=${t} />
            ${hinted?.text ? html`<p class=${`qc-hint-text ${hinted.error ? 'qc-hint-error' : ''}`} role="status">${hinted.text}</p>` : null}
            ${info?.own && info.own.length > 1 && info.action
              ? html`<fieldset class="qc-order">
                  <legend>${t('quiclo.new_top')}</legend>
                  ${info.own.map((card) => {
                    const chosen = info.order[info.order.length - 1] === card;
                    return html`<label key=${card} class=${`qc-order-choice ${chosen ? 'on' : ''}`}>
                      <input type="radio" name="qc-top" value=${card} checked=${chosen}
                        onChange=${() => setTopChoice(card)} /> ${card}</label>`;
                  })}
                </fieldset>`
              : null}
          </section>`
        : null}
    </div>
    </div>`;
}
