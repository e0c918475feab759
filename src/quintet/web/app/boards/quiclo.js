// The Quiclo board: your cards, the three stacks, the other players, and a chain builder
// (click cards and operators, or type `12+7*3=33`) with a live preview that names the
// exact rule a chain breaks. Enter calls QUICLO! (the `claim` action of
// docs/rules/quiclo.md). The preview's arithmetic is a port of the referee
// (./quiclo/arith.js); the server judges every claim.
//
// What the board knows comes from the view: `hand`, `tops`, `heights`, `hand_counts`,
// `hands` (open hands), `sitting_out`, `can_claim`, `last_claim`, `over`/`end`/`winners`.
// It remembers one thing the view does not hold: which cards it has seen on top of which
// stack, so that a chain typed against a top that has just been covered is still sent
// (the server answers "too late", as at a real table) instead of being called nonsense.
import { html } from 'htm/preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { Icon, errorText } from '../ui.js';
import { check, evaluate, explain, formatChain, reasonText, tokens, SIGNS } from './quiclo/arith.js';

const STACKS = [0, 1, 2];
const LOWEST_CARD = 1;
const HIGHEST_CARD = 144;
const CONTINENT_SIZE = 24;
const MIN_CLAIM = 2;
const MAX_CLAIM = 4;
const TOO_LATE_MS = 4000;
const FLASH_MS = 1600;
// Keys that start or extend a chain when pressed anywhere on the table page.
const CHAIN_KEY = /^[0-9+\-*/xX:=×÷−–]$/;

/** A card's continent, 0 (Europe, 1-24) to 5 (Australia/Oceania, 121-144). */
export function continent(card) {
  return Math.floor((card - 1) / CONTINENT_SIZE);
}

function stackNo(stack) {
  return stack + 1;
}

function joinNames(list, t) {
  return list.join(t('quiclo.and'));
}

/** The result of a valid claim: what its chain makes (null if it does not evaluate). */
function claimResult(claim) {
  const found = evaluate(claim.operands, claim.operators);
  return found.reason ? null : Number(found.value);
}

// ---------------------------------------------------------------- the game log

/** An event as a sentence for the game log. */
export function describeEvent(event, t, names) {
  const who = names[event.seat] ?? '';
  switch (event.type) {
    case 'claimed': {
      const result = claimResult(event);
      return t('quiclo.event.claimed', {
        who,
        chain: formatChain(event.operands, event.operators, result),
        n: stackNo(event.stack),
        top: event.top,
      });
    }
    case 'wrong_claim':
      return t('quiclo.event.wrong_claim', { who });
    case 'wrong_claim_reason': {
      const reason = localReason(event, t);
      return t('quiclo.event.wrong_claim_reason', {
        chain: formatChain(event.operands, event.operators),
        reason,
      });
    }
    case 'sit_out_over':
      return t(event.by === 'claim' ? 'quiclo.event.sit_out_over_claim' : 'quiclo.event.sit_out_over_time', { who });
    case 'game_over': {
      const winners = joinNames((event.winners ?? []).map((s) => names[s] ?? ''), t);
      return t(`quiclo.event.game_over.${event.end}`, { names: winners, count: (event.winners ?? []).length });
    }
    default:
      return null;
  }
}

/**
 * Why a wrong claim was wrong, in the page's language: the preview's referee on the
 * chain (and the result, when the board knows which top the claim expected); the
 * server's own words when the port cannot tell (a mismatch without the result).
 */
function localReason(event, t) {
  // The event names the top the claim aimed at (`expect`), so the referee's verdict can
  // be rebuilt here in the reader's language; the server's English words are the fallback.
  const verdict = explain(event.operands, event.operators, event.expect);
  return verdict.reason ? reasonText(verdict.reason, t) : event.reason ?? '';
}

/** The table bar's countdown: a sit-out's end, or the stall. */
export function deadlineLabel(view, t) {
  if (view && view.deadline !== null && view.deadline === view.stall_at) return t('quiclo.deadline.stall');
  return t('quiclo.deadline.sit_out');
}

// ------------------------------------------------------------ reading a chain

/**
 * What the typed chain would claim, for the preview and for QUICLO!: the referee's
 * verdict, the stack, the role of each number, the problems that stop a claim from
 * being sent (`blocking`: no stack to claim on) and the ones the server will refuse
 * (`warnings`), and the action itself when one can be formed.
 */
export function analyse(text, view, seen, topChoice) {
  if (!text.trim()) return { empty: true };
  const checked = check(text);
  if (checked.syntax) return { syntax: checked.syntax };
  const { parsed } = checked;
  const tops = view.tops ?? [];
  const hand = view.hand ?? [];
  const blocking = [];
  const warnings = [];
  const isCard = (big) => big >= BigInt(LOWEST_CARD) && big <= BigInt(HIGHEST_CARD);

  let result = parsed.result;
  let auto = false;
  let verdict = null;
  if (result === null) {
    // No "= result" typed: a chain that makes a top card claims on its stack.
    const found = evaluate(parsed.operands, parsed.operators);
    if (!found.reason && tops.some((top) => BigInt(top) === found.value)) {
      result = found.value;
      auto = true;
    } else {
      verdict = { valid: !found.reason, value: found.value ?? null, reason: found.reason ?? null };
    }
  }
  if (verdict === null) verdict = explain(parsed.operands, parsed.operators, result);

  let stack = null;
  let covered = false;
  if (result === null) {
    if (verdict.valid) blocking.push({ key: 'quiclo.preview.makes_no_top', args: { value: String(verdict.value) } });
    else blocking.push({ key: 'quiclo.preview.need_result', args: {} });
  } else if (!isCard(result)) {
    blocking.push({ key: 'quiclo.preview.not_a_top', args: { card: String(result) } });
  } else {
    const card = Number(result);
    stack = tops.indexOf(card);
    if (stack < 0 && seen.has(card)) {
      stack = seen.get(card);
      covered = true;
      warnings.push({ key: 'quiclo.preview.covered_result', args: { card, n: stackNo(stack) } });
    } else if (stack < 0) {
      stack = null;
      blocking.push({ key: 'quiclo.preview.not_a_top', args: { card } });
    }
  }

  const roles = [];
  const cards = [];
  const counted = new Set();
  for (const big of parsed.operands) {
    if (!isCard(big)) {
      blocking.push({ key: 'quiclo.preview.not_a_card', args: { card: String(big) } });
      roles.push({ role: 'unknown' });
      continue;
    }
    const card = Number(big);
    cards.push(card);
    if (counted.has(card)) warnings.push({ key: 'quiclo.preview.duplicate', args: { card } });
    counted.add(card);
    const at = tops.indexOf(card);
    if (hand.includes(card)) roles.push({ role: 'own' });
    else if (at >= 0 && at === stack) {
      roles.push({ role: 'result', stack: at });
      warnings.push({ key: 'quiclo.preview.result_as_operand', args: { card } });
    } else if (at >= 0) roles.push({ role: 'top', stack: at });
    else if (seen.has(card)) {
      roles.push({ role: 'covered', stack: seen.get(card) });
      warnings.push({ key: 'quiclo.preview.covered_operand', args: { card } });
    } else {
      roles.push({ role: 'unknown' });
      warnings.push({ key: 'quiclo.preview.not_yours', args: { card } });
    }
  }
  const count = parsed.operands.length;
  if (count < MIN_CLAIM || count > MAX_CLAIM) warnings.unshift({ key: 'quiclo.preview.length', args: { count } });
  const own = [];
  for (const card of cards) if (hand.includes(card) && !own.includes(card)) own.push(card);
  if (!own.length && cards.length) warnings.push({ key: 'quiclo.preview.no_own_card', args: {} });

  let action = null;
  let order = own;
  if (!blocking.length) {
    if (topChoice !== null && own.includes(topChoice) && own[own.length - 1] !== topChoice) {
      order = [...own.filter((c) => c !== topChoice), topChoice];
    }
    action = {
      type: 'claim',
      stack,
      expect: Number(result),
      operands: cards,
      operators: parsed.operators,
    };
    if (order !== own) action.order = order;
  }
  return { parsed, verdict, result, auto, stack, covered, roles, blocking, warnings, action, own, order };
}

/** The roles of the numbers typed so far (for the chips), even in an unfinished chain. */
function chipTokens(text) {
  try {
    return tokens(text);
  } catch {
    return null;
  }
}

/** The text with `piece` appended, spaced the way the referee writes chains. */
function appendText(text, piece) {
  const trimmed = text.replace(/\s+$/, '');
  return trimmed ? `${trimmed} ${piece}` : piece;
}

/** What the chain text ends with: 'n' (a number), '=', 'op', or null (nothing). */
function lastKind(text) {
  const trimmed = text.replace(/\s+$/, '');
  if (!trimmed) return null;
  const last = trimmed[trimmed.length - 1];
  if (last >= '0' && last <= '9') return 'n';
  if (last === '=') return '=';
  return 'op';
}

/** The text without its last number or sign. */
function dropLast(text) {
  return text.replace(/\s*(\d+|\S)\s*$/u, '');
}

// ------------------------------------------------------------------- pieces

function Card({ card, t, size = '', pressed, onClick, yours, extra = '', disabled }) {
  const c = continent(card);
  const name = t(`quiclo.continent.${c}`);
  const label = [
    t(yours ? 'quiclo.card_yours' : 'quiclo.card_label', { card, continent: name }),
    pressed ? t('quiclo.card_in_chain') : '',
  ].filter(Boolean).join(', ');
  const body = html`
    <span class="qc-band" aria-hidden="true">${t(`quiclo.continent_short.${c}`)}</span>
    <span class="qc-num" aria-hidden="true">${card}</span>
    ${pressed ? html`<span class="qc-tick" aria-hidden="true">✓</span>` : null}`;
  const cls = `qc-card qc-c${c} ${size} ${pressed ? 'qc-pressed' : ''} ${extra}`;
  if (!onClick) {
    return html`<span class=${cls} role="img" aria-label=${label} data-card=${card}>${body}</span>`;
  }
  return html`<button type="button" class=${cls} aria-label=${label} aria-pressed=${pressed ? 'true' : 'false'}
    data-card=${card} disabled=${disabled} onClick=${onClick}>${body}</button>`;
}

function Backs({ count }) {
  const shown = Math.min(count, 12);
  return html`<span class="qc-backs" aria-hidden="true">
    ${Array.from({ length: shown }, (_, i) => html`<span key=${i} class="qc-back"></span>`)}</span>`;
}

function seconds(until, now) {
  return Math.max(0, Math.ceil((until - now) / 1000));
}

function Plate({ seat, view, names, now, t, me, bot }) {
  const count = view.hand_counts?.[seat] ?? 0;
  const out = view.sitting_out?.[seat];
  const cards = view.hands?.[seat];
  const running = !view.over;
  const left = out !== null && out !== undefined && running ? seconds(out, now) : null;
  return html`
    <li class=${`qc-plate ${left !== null ? 'qc-out' : ''} ${me ? 'qc-me' : ''}`} data-seat=${seat}
      aria-label=${`${names[seat]}: ${t('quiclo.hand_count', { count })}${left !== null ? `, ${t('quiclo.sits_out_label', { seconds: left })}` : ''}`}>
      <div class="qc-plate-head">
        <span class=${`avatar qc-avatar seat-color-${seat % 8}`} aria-hidden="true">${bot ? html`<${Icon} name="bot" />` : (names[seat] || '?').slice(0, 1).toUpperCase()}</span>
        <span class="qc-plate-name">${names[seat]}</span>
        <span class="qc-count" data-count=${count}>${t('quiclo.hand_count', { count })}</span>
        ${left !== null
          ? html`<span class="qc-out-badge" role="timer"><${Icon} name="clock" /> ${t('quiclo.sits_out', { seconds: left })}</span>`
          : null}
      </div>
      ${Array.isArray(cards)
        ? html`<div class="qc-plate-cards">${cards.map((card) => html`<${Card} key=${card} card=${card} t=${t} size="qc-mini" />`)}</div>`
        : html`<div class="qc-plate-cards" title=${t('quiclo.hidden_hand', { count })}><${Backs} count=${count} />
            <span class="sr-only">${t('quiclo.hidden_hand', { count })}</span></div>`}
    </li>`;
}

function Stack({ stack, view, t, target, inChain, flash, onTop, onTarget, canBuild }) {
  const top = view.tops[stack];
  const height = view.heights?.[stack] ?? 1;
  const layers = Math.min(Math.max(height - 1, 0), 6);
  const depth = Array.from({ length: layers }, (_, i) => `${(i + 1) * 2}px ${(i + 1) * 3}px 0 -1px #d8ccb3, ${(i + 1) * 2}px ${(i + 1) * 3}px 0 0 #a8997c`).join(', ');
  const label = t('quiclo.stack_label', {
    n: stackNo(stack),
    card: top,
    continent: t(`quiclo.continent.${continent(top)}`),
    height: t('quiclo.stack_height', { count: height }),
  });
  return html`
    <div class=${`qc-stack ${target ? 'qc-target' : ''} ${flash ? 'qc-flash' : ''}`} data-stack=${stack} data-top=${top}
      role="group" aria-label=${label}>
      <div class="qc-stack-head">
        <span class="qc-stack-name">${t('quiclo.stack', { n: stackNo(stack) })}</span>
        <span class="qc-stack-height">${t('quiclo.stack_height', { count: height })}</span>
      </div>
      <div class="qc-pile" style=${depth ? `--depth: ${depth}` : ''}>
        <${Card} card=${top} t=${t} size="qc-big" pressed=${inChain} onClick=${canBuild ? onTop : null}
          extra=${target ? 'qc-is-target' : ''} />
        ${target ? html`<span class="qc-target-tag">${t('quiclo.stack_target')}</span>` : null}
      </div>
      ${canBuild
        ? html`<button type="button" class="small qc-as-result" onClick=${onTarget}
            aria-label=${t('quiclo.use_as_result_label', { card: top, n: stackNo(stack) })}>${t('quiclo.use_as_result', { card: top })}</button>`
        : null}
    </div>`;
}

function Chips({ text, info, view, seen, t }) {
  const found = chipTokens(text);
  if (!found || !found.length) return null;
  const tops = view.tops ?? [];
  const hand = view.hand ?? [];
  let afterEquals = false;
  return html`<div class="qc-chips" aria-hidden="true">
    ${found.map((token, i) => {
      if (token.kind === '=') {
        afterEquals = true;
        return html`<span key=${i} class="qc-chip-op qc-eq">=</span>`;
      }
      if (token.kind !== 'n') return html`<span key=${i} class="qc-chip-op">${SIGNS[token.kind]}</span>`;
      const card = Number(token.value);
      let role = 'unknown';
      let tag = t('quiclo.role.unknown');
      const at = tops.indexOf(card);
      if (afterEquals) {
        if (at >= 0) [role, tag] = ['result', t('quiclo.role.result', { n: stackNo(at) })];
        else if (seen.has(card)) [role, tag] = ['covered', t('quiclo.role.covered')];
      } else if (hand.includes(card)) [role, tag] = ['own', t('quiclo.role.own')];
      else if (at >= 0) [role, tag] = [info?.stack === at ? 'result' : 'top', t('quiclo.role.top', { n: stackNo(at) })];
      else if (seen.has(card)) [role, tag] = ['covered', t('quiclo.role.covered')];
      return html`<span key=${i} class=${`qc-chip qc-role-${role}`}>
        <span class="qc-chip-num">${token.text}</span><span class="qc-chip-tag">${tag}</span></span>`;
    })}
  </div>`;
}

function Preview({ info, t }) {
  let tone = 'info';
  let mark = '…';
  let lines = [];
  if (!info || info.empty) {
    lines = [t('quiclo.chain_help')];
  } else if (info.syntax) {
    tone = 'pending';
    lines = [t('quiclo.preview.not_a_chain', { reason: reasonText(info.syntax.reason, t) })];
  } else if (info.verdict && !info.verdict.valid && info.verdict.reason) {
    tone = 'bad';
    mark = '✗';
    lines = [t('quiclo.preview.not_valid', { reason: reasonText(info.verdict.reason, t) })];
    if (!info.blocking.length) lines.push(t('quiclo.preview.penalty'));
    // The claim could not even be sent: say why too (a result that is no top card).
    lines.push(...info.blocking.filter((p) => p.key !== 'quiclo.preview.need_result').map((p) => t(p.key, p.args)));
  } else if (info.blocking.length) {
    tone = 'bad';
    mark = '✗';
    lines = info.blocking.map((p) => t(p.key, p.args));
  } else {
    tone = info.warnings.length ? 'warn' : 'good';
    mark = info.warnings.length ? '⚠' : '✓';
    const chain = formatChain(info.parsed.operands, info.parsed.operators, info.result);
    lines = [
      info.auto
        ? t('quiclo.preview.makes_top', { value: String(info.verdict.value), n: stackNo(info.stack) })
        : t('quiclo.preview.valid', { chain, n: stackNo(info.stack) }),
    ];
  }
  const warnings = info?.warnings?.length && !info.syntax ? info.warnings : [];
  return html`<div id="qc-preview" class=${`qc-preview qc-tone-${tone}`} role="status" aria-live="polite" data-tone=${tone}>
    <span class="qc-preview-mark" aria-hidden="true">${mark}</span>
    <div class="qc-preview-text">
      ${lines.map((line, i) => html`<p key=${i} class=${i ? 'qc-sub' : 'qc-main'}>${line}</p>`)}
      ${warnings.map((w, i) => html`<p key=${`w${i}`} class="qc-warning">⚠ ${t(w.key, w.args)}</p>`)}
    </div>
  </div>`;
}

// ------------------------------------------------------------------- the board

export function Board(props) {
  const { view, seat, status, events, send, t, now, names, replay, hint } = props;
  injectStyle();
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
    }
  };
  claimRef.current = claim;

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

  return html`
    <div class="qc-board" data-answered=${answered} data-can-claim=${view.can_claim ? 'true' : 'false'}>
    <div class=${`qc-layout ${builds && running ? 'qc-with-builder' : ''} ${Array.isArray(view.hand) ? 'qc-with-hand' : ''}`}>
      <section class="qc-others" aria-label=${builds ? t('quiclo.others') : t('quiclo.players')}>
        <ul class="qc-plates">
          ${others.map((s) => html`<${Plate} key=${s} seat=${s} view=${view} names=${names} now=${gameNow} t=${t} me=${s === seat}
            bot=${props.seats?.[s]?.kind === 'bot'} />`)}
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
        ${view.over && view.end
          ? html`<p class="qc-over" role="status">${t(`quiclo.end.${view.end}`, {
              names: joinNames((view.winners ?? []).map((s) => names[s] ?? ''), t),
              count: (view.winners ?? []).length,
            })}</p>`
          : null}
      </section>

      ${Array.isArray(view.hand)
        ? html`<section class="qc-hand" aria-label=${t('quiclo.your_hand')}>
            <h2 class="qc-hand-title">${t('quiclo.your_hand')} <span class="qc-count" data-count=${hand.length}>${t('quiclo.hand_count', { count: hand.length })}</span></h2>
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
            ${tooLate
              ? html`<div class="qc-too-late" role="alert"><strong>${t('quiclo.too_late')}</strong>
                  <span>${t('quiclo.too_late_detail')}</span></div>`
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
            <${Preview} info=${info} t=${t} />
            ${note ? html`<p class="qc-note" role="alert">${t(note.key, note.args)}</p>` : null}
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

// ------------------------------------------------------------------- the look

let styled = false;

function injectStyle() {
  if (styled) return;
  styled = true;
  const style = document.createElement('style');
  style.id = 'qc-style';
  style.textContent = CSS;
  document.head.append(style);
}

const CSS = `
.qc-board { container-type: inline-size; color: #f4faf6; }
.qc-board h2 { margin: 0; }
/* Narrow: everything in one column, your cards just under the stacks. Wide: the chain
   builder and your cards side by side, so the whole table fits one screen. */
.qc-layout {
  display: grid; gap: 14px; grid-template-columns: minmax(0, 1fr);
  grid-template-areas: "others" "table" "hand" "builder";
}
.qc-others { grid-area: others; } .qc-table { grid-area: table; }
.qc-hand { grid-area: hand; } .qc-builder { grid-area: builder; }
@container (min-width: 760px) {
  .qc-layout.qc-with-builder.qc-with-hand {
    grid-template-columns: minmax(0, 1fr) minmax(0, 1.15fr); align-items: start;
    grid-template-areas: "others others" "table table" "hand builder";
  }
}

/* cards */
.qc-card {
  position: relative; display: inline-flex; flex-direction: column; align-items: stretch;
  width: 56px; height: 80px; padding: 0; border-radius: 8px; overflow: hidden; flex: none;
  background: linear-gradient(170deg, #fffef9, #f3ead8); color: #1d232a;
  border: 1px solid #cdbf9f; box-shadow: 0 1px 0 #0002, 0 3px 8px #0003;
  font-weight: 800; min-height: 0; gap: 0; justify-content: flex-start;
  transition: transform .12s, box-shadow .12s;
}
button.qc-card:hover:not(:disabled) { transform: translateY(-3px); box-shadow: 0 6px 14px #0004; background: linear-gradient(170deg, #fff, #f7efdf); }
.qc-band {
  display: block; height: 17px; line-height: 17px; font-size: 10px; letter-spacing: .08em;
  text-align: center; color: #fff; font-weight: 700; background: var(--qc-cont);
}
.qc-num { flex: 1; display: grid; place-items: center; font-size: 1.45em; font-variant-numeric: tabular-nums; letter-spacing: -.02em; }
.qc-c0 { --qc-cont: #2563c9; } .qc-c1 { --qc-cont: #b45309; } .qc-c2 { --qc-cont: #b91c1c; }
.qc-c3 { --qc-cont: #15803d; } .qc-c4 { --qc-cont: #7e22ce; } .qc-c5 { --qc-cont: #0e7490; }
.qc-card::after {
  content: ""; position: absolute; left: 0; right: 0; bottom: 0; height: 4px; background: var(--qc-cont); opacity: .55;
}
.qc-pressed { transform: translateY(-8px); outline: 3px solid var(--gold); outline-offset: 1px; box-shadow: 0 8px 16px #0005; }
button.qc-pressed:hover:not(:disabled) { transform: translateY(-10px); }
.qc-tick {
  position: absolute; right: 3px; top: 19px; width: 16px; height: 16px; border-radius: 50%;
  background: var(--gold); color: #3a2a07; font-size: 11px; line-height: 16px; text-align: center;
}
.qc-big { width: 84px; height: 120px; border-radius: 10px; }
.qc-big .qc-band { height: 22px; line-height: 22px; font-size: 12px; }
.qc-big .qc-num { font-size: 2.3em; }
.qc-big .qc-tick { top: 26px; }
.qc-mini { width: 30px; height: 40px; border-radius: 5px; box-shadow: 0 1px 3px #0004; }
.qc-mini .qc-band { height: 9px; line-height: 9px; font-size: 0; }
.qc-mini .qc-num { font-size: .8em; }
.qc-mini::after { height: 2px; }

/* the other players */
.qc-plates { list-style: none; margin: 0; padding: 0; display: flex; flex-wrap: wrap; justify-content: center; gap: 10px; }
.qc-plate {
  display: flex; flex-wrap: wrap; align-items: center; gap: 6px 12px;
  flex: 0 1 auto; min-width: 0; padding: 6px 12px 6px 8px; border-radius: 999px 14px 14px 999px;
  background: #00000030; border: 1px solid #ffffff24;
}
.qc-plate.qc-out { border-color: #fca5a5; background: #7f1d1d55; }
.qc-plate-head { display: flex; align-items: center; gap: 8px; flex-wrap: wrap; }
.qc-avatar { width: 28px; height: 28px; font-size: .9em; }
.qc-plate-name { font-weight: 700; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; max-width: 10em; }
.qc-count {
  font-size: .8em; font-weight: 700; padding: 1px 8px; border-radius: 999px;
  background: #ffffffde; color: #1d232a; font-variant-numeric: tabular-nums; white-space: nowrap;
}
.qc-out-badge {
  display: inline-flex; align-items: center; gap: 4px; font-size: .8em; font-weight: 800;
  padding: 1px 8px; border-radius: 999px; background: #fee2e2; color: #991b1b;
}
.qc-plate-cards { display: flex; flex-wrap: wrap; gap: 3px; align-items: center; }
.qc-backs { display: inline-flex; padding-left: 14px; }
.qc-back {
  width: 26px; height: 38px; margin-left: -14px; border-radius: 5px; border: 2px solid #fff;
  background: repeating-linear-gradient(45deg, #c2410c 0 4px, #ea580c 4px 8px); box-shadow: 1px 1px 3px #0005;
}

/* the stacks */
.qc-table { display: grid; gap: 8px; justify-items: center; }
.qc-stacks { display: flex; justify-content: center; gap: clamp(12px, 5vw, 48px); flex-wrap: wrap; }
.qc-stack { position: relative; display: flex; flex-direction: column; align-items: center; gap: 6px; padding: 8px 10px 10px; border-radius: 14px; border: 2px dashed #ffffff30; }
.qc-stack.qc-target { border: 2px solid var(--gold); background: #e8b64c1f; }
.qc-stack-head { display: flex; flex-direction: column; align-items: center; line-height: 1.15; }
.qc-stack-name { font-size: .78em; font-weight: 800; letter-spacing: .1em; text-transform: uppercase; color: #e4f2ea; }
.qc-stack-height { font-size: .75em; color: #c9e3d5; }
.qc-pile { position: relative; margin: 6px 12px 16px 0; }
.qc-pile > .qc-card { box-shadow: var(--depth, 0 0 0 transparent), 0 6px 16px #0005; }
.qc-pile > .qc-card.qc-pressed { box-shadow: var(--depth, 0 0 0 transparent), 0 6px 16px #0005; }
.qc-is-target { outline: 3px solid var(--gold); outline-offset: 2px; }
.qc-target-tag {
  position: absolute; left: 50%; bottom: -12px; transform: translateX(-50%);
  background: var(--gold); color: #3a2a07; font-size: .7em; font-weight: 800; padding: 0 8px; border-radius: 999px;
  text-transform: uppercase; letter-spacing: .06em; white-space: nowrap;
}
.qc-as-result { min-height: 28px; font-variant-numeric: tabular-nums; }
.qc-flash { animation: qc-glow 1.5s ease-out; }
@keyframes qc-glow { 0% { box-shadow: 0 0 0 0 #fde68a; background: #fde68a44; } 100% { box-shadow: 0 0 0 18px #fde68a00; } }
.qc-last { margin: 0; font-size: .9em; color: #d9ece2; text-align: center; }
.qc-over {
  margin: 0; padding: 8px 14px; border-radius: 10px; background: #fffbeb; color: #78350f; font-weight: 700;
}

/* the chain builder */
.qc-builder {
  position: relative; display: grid; grid-template-columns: minmax(0, 1fr); gap: 10px; padding: 14px; border-radius: 16px;
  background: linear-gradient(#0b2f22cc, #0b2f22e6); border: 1px solid #ffffff26; box-shadow: inset 0 1px 0 #ffffff14;
}
.qc-chips { display: flex; flex-wrap: wrap; align-items: center; gap: 6px; min-height: 46px; }
.qc-chips-empty { color: #ffffff66; font-style: italic; font-family: ui-monospace, monospace; }
.qc-chip {
  display: inline-flex; flex-direction: column; align-items: center; min-width: 40px; padding: 2px 7px 1px;
  border-radius: 8px; background: #fffdf6; color: #1d232a; border: 2px solid transparent; line-height: 1.1;
}
.qc-chip-num { font-weight: 800; font-size: 1.15em; font-variant-numeric: tabular-nums; }
.qc-chip-tag { font-size: .62em; font-weight: 700; text-transform: uppercase; letter-spacing: .04em; color: #6b7280; white-space: nowrap; }
.qc-role-own { border-color: #93c5fd; }
.qc-role-top { border-color: #c4b5fd; }
.qc-role-result { border-color: var(--gold); background: #fff4d6; }
.qc-role-covered, .qc-role-unknown { border-style: dashed; border-color: #f87171; background: #fff1f1; }
.qc-role-covered .qc-chip-tag, .qc-role-unknown .qc-chip-tag { color: #b91c1c; }
.qc-chip-op { font-size: 1.5em; font-weight: 800; color: #fde68a; min-width: 18px; text-align: center; }
.qc-form { display: flex; gap: 10px; align-items: stretch; }
.qc-input {
  flex: 1; min-width: 0; font: 600 1.35em/1.2 ui-monospace, "DejaVu Sans Mono", monospace; letter-spacing: .02em;
  padding: .35em .6em; border-radius: 10px; border: 2px solid #ffffff40; background: #fffdf8; color: #1d232a;
}
.qc-input:focus { border-color: var(--gold); outline: none; box-shadow: 0 0 0 3px #e8b64c55; }
.qc-claim {
  min-width: 150px; font-size: 1.15em; font-weight: 900; letter-spacing: .06em;
  background: linear-gradient(#ffd877, #f0a92a); border-color: #b9751a; box-shadow: 0 3px 0 #9a5f12, 0 6px 14px #0004;
}
.qc-claim:disabled { box-shadow: none; }
.qc-claim kbd {
  font: 700 .6em/1 var(--font); padding: 3px 5px; border-radius: 4px; border: 1px solid #9a5f1280; background: #ffffff80; letter-spacing: 0;
}
.qc-pad { display: flex; flex-wrap: wrap; gap: 6px; align-items: center; }
.qc-op { width: 42px; height: 42px; min-height: 0; padding: 0; border-radius: 50%; font-size: 1.35em; font-weight: 800; }
.qc-clear, .qc-hint { margin-left: 2px; }
.qc-hint { background: linear-gradient(#e0f2fe, #bae6fd); border-color: #7dd3fc; color: #0c4a6e; }
.qc-preview {
  display: flex; gap: 10px; align-items: flex-start; padding: 8px 12px; border-radius: 10px;
  background: #ffffff12; border-left: 5px solid #ffffff55;
}
.qc-preview p { margin: 0; }
.qc-preview .qc-sub { font-size: .88em; opacity: .85; }
.qc-preview-mark { font-weight: 900; font-size: 1.2em; width: 1.2em; text-align: center; }
.qc-tone-good { border-left-color: #4ade80; background: #14532d88; }
.qc-tone-good .qc-preview-mark { color: #4ade80; }
.qc-tone-bad { border-left-color: #f87171; background: #7f1d1d88; }
.qc-tone-bad .qc-preview-mark { color: #fca5a5; }
.qc-tone-warn { border-left-color: #fbbf24; background: #78350f88; }
.qc-tone-pending { border-left-color: #fbbf24; }
.qc-warning { font-size: .88em; color: #fde68a; }
.qc-note { margin: 0; font-size: .9em; color: #fde68a; font-weight: 600; }
.qc-hint-text { margin: 0; padding: 6px 10px; border-radius: 8px; background: #e0f2fe; color: #0c4a6e; font-weight: 600; }
.qc-hint-error { background: #fee2e2; color: #991b1b; }
.qc-order { display: flex; flex-wrap: wrap; align-items: center; gap: 6px; border: 0; padding: 0; margin: 0; }
.qc-order legend { float: left; font-size: .85em; font-weight: 700; margin-right: 6px; color: #d9ece2; }
.qc-order-choice {
  display: inline-flex; align-items: center; gap: 4px; padding: 2px 10px; border-radius: 999px;
  background: #ffffff1c; border: 1px solid #ffffff33; font-weight: 700; cursor: pointer; font-variant-numeric: tabular-nums;
}
.qc-order-choice.on { background: var(--gold); color: #3a2a07; border-color: var(--gold-dark); }
.qc-order-choice input { accent-color: #3a2a07; margin: 0; width: 14px; height: 14px; min-height: 0; }
.qc-sitout {
  display: grid; grid-template-columns: auto 1fr; gap: 4px 12px; align-items: start;
  padding: 10px 14px; border-radius: 12px; background: #fef2f2; color: #7f1d1d; border: 2px solid #f87171;
}
.qc-sitout p { margin: 0; }
.qc-sitout-icon { font-size: 2em; color: #dc2626; }
.qc-sitout-title { font-weight: 800; font-size: 1.05em; }
.qc-sitout-time { margin-left: .4em; font-variant-numeric: tabular-nums; color: #b91c1c; }
.qc-sitout-reason { font-size: .92em; }
.qc-sitout-note { font-size: .82em; color: #991b1b; }
.qc-sitout-bar { grid-column: 1 / -1; height: 6px; border-radius: 3px; background: #fecaca; overflow: hidden; }
.qc-sitout-bar span { display: block; height: 100%; background: #dc2626; transition: width .25s linear; }
.qc-too-late {
  display: flex; flex-wrap: wrap; align-items: baseline; gap: 4px 10px; padding: 10px 14px; border-radius: 12px;
  background: #fff7ed; color: #7c2d12; border: 2px solid #fb923c; animation: qc-shake .4s;
}
.qc-too-late strong { font-size: 1.25em; letter-spacing: .04em; text-transform: uppercase; }
@keyframes qc-shake { 25% { transform: translateX(-6px); } 75% { transform: translateX(6px); } }

/* your cards */
.qc-hand { padding: 12px 14px 16px; border-radius: 16px; background: #00000026; border: 1px solid #ffffff1f; }
.qc-hand-title { display: flex; align-items: center; gap: 8px; font-size: .85rem; text-transform: uppercase; letter-spacing: .08em; color: #d5eadf; margin-bottom: 10px !important; }
.qc-hand-cards { display: flex; flex-wrap: wrap; gap: 8px; padding-top: 8px; }

@media (max-width: 600px) {
  .qc-board { gap: 12px; }
  .qc-card { width: 44px; height: 64px; }
  .qc-num { font-size: 1.15em; }
  .qc-band { height: 14px; line-height: 14px; font-size: 9px; }
  .qc-tick { top: 15px; }
  .qc-big { width: 66px; height: 94px; }
  .qc-big .qc-num { font-size: 1.7em; }
  .qc-mini { width: 24px; height: 34px; }
  .qc-mini .qc-num { font-size: .72em; }
  .qc-mini .qc-band { height: 8px; font-size: 0; }
  .qc-stack { padding: 6px 4px 8px; }
  .qc-stacks { gap: 6px; flex-wrap: nowrap; }
  .qc-pile { margin: 0 8px 12px 0; }
  .qc-form { flex-wrap: wrap; }
  .qc-input { flex-basis: 100%; }
  .qc-claim { flex: 1; }
  .qc-op { width: 38px; height: 38px; font-size: 1.2em; }
  .qc-hand-cards { gap: 6px; }
  .qc-plate { flex-basis: 100%; border-radius: 14px; }
}
`;
