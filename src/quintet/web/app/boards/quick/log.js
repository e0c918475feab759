// The Quick game log (a sentence per event, in the reader's language), the table bar's
// countdown label, and who is acting.
import { cardText, criterion, joinNames, nameOf, pileNo } from './words.js';

/** The criteria in words: "letter, colour (turned), 1-72". */
export function criteriaText(list, t) {
  return (list ?? []).map((text) => {
    const { name, turned } = criterion(text);
    const word = t(`quick.criterion.${name}`);
    return turned ? t('quick.criterion_turned_short', { name: word }) : word;
  }).join(', ');
}

/** A log sentence for each Quick event (the shell's log and the replay use it). */
export function describeEvent(event, t, names) {
  const who = nameOf(names, event.seat, t);
  switch (event.type) {
    case 'round':
      return t('quick.event.round', {
        n: event.round,
        dealer: nameOf(names, event.dealer, t),
        criteria: criteriaText(event.criteria, t),
        pot: event.pot,
      });
    case 'criteria':
      return t(event.default ? 'quick.event.criteria_default' : 'quick.event.criteria', {
        who,
        criteria: criteriaText(event.criteria, t),
      });
    case 'quick':
      return t('quick.event.quick', { n: event.round });
    case 'took':
      return t('quick.event.took', { n: pileNo(event.pile), card: cardText(event.card, t) });
    case 'placed':
      return t(`quick.event.placed_${event.end === 'bottom' ? 'bottom' : 'top'}`, { n: pileNo(event.pile) });
    case 'new_pile':
      return t('quick.event.new_pile', { n: pileNo(event.at) });
    case 'klaar':
      return t('quick.event.klaar', { who, place: event.place });
    case 'clock':
      return t('quick.event.clock', { who });
    case 'stopped':
      return t(`quick.event.stopped_${event.reason === 'clock' ? 'clock' : 'all_but_one'}`, { who });
    case 'checking':
      return t('quick.event.checking', {
        names: joinNames((event.order ?? []).map((s) => nameOf(names, s, t)), t),
        count: (event.order ?? []).length,
      });
    case 'revealed':
      return t('quick.event.revealed', { who, n: event.place + 1, card: cardText(event.card, t) });
    case 'checked':
      return event.correct
        ? t('quick.event.checked_chip', { who, chips: event.chips ?? 0 })
        : t('quick.event.checked_wrong', { who, n: (event.first_wrong ?? 0) + 1 });
    case 'round_over':
      return (event.winners ?? []).length
        ? t('quick.event.round_over', { n: event.round, names: joinNames(event.winners.map((s) => nameOf(names, s, t)), t) })
        : t('quick.event.round_over_none', { n: event.round });
    case 'game_over':
      return t(`quick.event.game_over.${event.end === 'stalled' ? 'stalled' : 'sixth_chip'}`, {
        names: joinNames((event.winners ?? []).map((s) => nameOf(names, s, t)), t),
        count: (event.winners ?? []).length,
      });
    default:
      return null;
  }
}

/** The table bar's countdown, by phase. */
export function deadlineLabel(view, t) {
  const phase = view?.phase;
  if (phase === 'choose') return t('quick.deadline.choose');
  if (phase === 'ready') return t('quick.deadline.ready');
  if (phase === 'sort') return t('quick.deadline.clock');
  if (phase === 'check') return t('quick.deadline.check');
  if (phase === 'scored') return t('quick.deadline.scored');
  return null;
}

/** Who acts now: the sorters who have not called KLAAR, or the choosing dealer. */
export function activeSeats(view) {
  if (!view || view.over) return [];
  if (view.phase === 'choose') return [view.dealer];
  if (view.phase !== 'sort') return [];
  return (view.tables ?? []).map((table, seat) => (table.klaar || table.stopped ? null : seat)).filter((s) => s !== null);
}
