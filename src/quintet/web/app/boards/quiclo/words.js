// What the Quiclo board's pieces share: the deck's numbers, a card's continent, stack
// numbers and names in words, and what a claim's chain makes.
import { evaluate } from './arith.js';

export const STACKS = [0, 1, 2];
export const LOWEST_CARD = 1;
export const HIGHEST_CARD = 144;
const CONTINENT_SIZE = 24;
export const MIN_CLAIM = 2;
export const MAX_CLAIM = 4;

/** A card's continent, 0 (Europe, 1-24) to 5 (Australia/Oceania, 121-144). */
export function continent(card) {
  return Math.floor((card - 1) / CONTINENT_SIZE);
}

export function stackNo(stack) {
  return stack + 1;
}

export function joinNames(list, t) {
  return list.join(t('quiclo.and'));
}

/** The result of a valid claim: what its chain makes (null if it does not evaluate). */
export function claimResult(claim) {
  const found = evaluate(claim.operands, claim.operators);
  return found.reason ? null : Number(found.value);
}
