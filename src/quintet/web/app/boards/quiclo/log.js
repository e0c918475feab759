// The Quiclo game log: a sentence for each event (a wrong claim's reason in the reader's
// language), and the table bar's countdown label.
import { explain, formatChain, reasonText } from './arith.js';
import { claimResult, joinNames, stackNo } from './words.js';

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
    case 'voted':
      return t('quiclo.event.voted', { who });
    case 'votes_withdrawn': {
      const voters = joinNames((event.seats ?? []).map((s) => names[s] ?? ''), t);
      return t(event.by === 'claim' ? 'quiclo.event.votes_withdrawn_claim' : 'quiclo.event.votes_withdrawn_wrong', { names: voters });
    }
    case 'hand_chosen':
      return t(event.open ? 'quiclo.event.hand_open' : 'quiclo.event.hand_hidden', { who });
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
export function localReason(event, t) {
  // The event names the top the claim aimed at (`expect`), so the referee's verdict can
  // be rebuilt here in the reader's language; the server's English words are the fallback.
  const verdict = explain(event.operands, event.operators, event.expect);
  return verdict.reason ? reasonText(verdict.reason, t) : event.reason ?? '';
}

/** How the game ended, for the results dialog (the rule that ended it: a hand emptied,
 * no claim left, the stall, or everyone's vote), or null while it goes on. */
export function endLine(view, t, names) {
  if (!view?.over || !view.end) return null;
  const winners = view.winners ?? [];
  return t(`quiclo.end.${view.end}`, {
    names: joinNames(winners.map((s) => names[s] ?? ''), t),
    count: winners.length,
  });
}

/** The table bar's countdown: a sit-out's end, or the stall. */
export function deadlineLabel(view, t) {
  if (view && view.deadline !== null && view.deadline === view.stall_at) return t('quiclo.deadline.stall');
  return t('quiclo.deadline.sit_out');
}
