// The Quashars game log: a sentence for each event, and the table bar's countdown label.
import { cardName, condName, joinList, signed } from './words.js';

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
