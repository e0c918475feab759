// Reading the chain being typed: what it would claim (for the preview and for QUICLO!),
// and the small text edits the buttons make.
import { check, evaluate, explain, tokens } from './arith.js';
import { HIGHEST_CARD, LOWEST_CARD, MAX_CLAIM, MIN_CLAIM, stackNo } from './words.js';

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
export function chipTokens(text) {
  try {
    return tokens(text);
  } catch {
    return null;
  }
}

/** The text with `piece` appended, spaced the way the referee writes chains. */
export function appendText(text, piece) {
  const trimmed = text.replace(/\s+$/, '');
  return trimmed ? `${trimmed} ${piece}` : piece;
}

/** What the chain text ends with: 'n' (a number), '=', 'op', or null (nothing). */
export function lastKind(text) {
  const trimmed = text.replace(/\s+$/, '');
  if (!trimmed) return null;
  const last = trimmed[trimmed.length - 1];
  if (last >= '0' && last <= '9') return 'n';
  if (last === '=') return '=';
  return 'op';
}

/** The text without its last number or sign. */
export function dropLast(text) {
  return text.replace(/\s*(\d+|\S)\s*$/u, '');
}
