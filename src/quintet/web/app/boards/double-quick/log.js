// The Double Quick! game log: a sentence for each event, in the reader's language, and
// the table bar's countdown label.
import { num } from '../../i18n.js';
import { reasonText } from './words.js';

function tileText(code) {
  return code ? code.replace(/\d+$/, '').replace('WILD', '★') : '';
}

/** An event as a sentence for the game log (null: the shell's generic sentence). */
export function describeEvent(event, t, names) {
  const who = names[event.seat] ?? '';
  switch (event.type) {
    case 'deal':
      return t('double-quick.event.deal', { game: event.game ?? 1 });
    case 'placed':
    case 'moved':
      return t(`double-quick.event.${event.type}`, { who, letter: (event.letter ?? tileText(event.tile)).toUpperCase() });
    case 'lifted':
      return t('double-quick.event.lifted', { who, letter: tileText(event.tile) });
    case 'pass_chosen':
      return event.tile ? t('double-quick.event.pass_chosen', { letter: tileText(event.tile) }) : t('double-quick.event.pass_cleared');
    case 'bong':
      return event.pressed_by === null || event.pressed_by === undefined
        ? t('double-quick.event.bong_time', { turn: event.turn })
        : t('double-quick.event.bong_press', { turn: event.turn, who: names[event.pressed_by] ?? '' });
    case 'beep':
      return t('double-quick.event.beep', { seconds: Math.round((event.left_ms ?? 0) / 1000) });
    case 'press':
      return t('double-quick.event.press', { who });
    case 'press_refused':
      return t('double-quick.event.press_refused', {
        who,
        penalty: event.penalty,
        reasons: (event.reasons ?? []).map((r) => reasonText(r, t)).join('; '),
      });
    case 'challenge':
      return t(event.guilty === event.presser ? 'double-quick.event.challenge_won' : 'double-quick.event.challenge_lost', {
        who: names[event.challenger] ?? '',
        presser: names[event.presser] ?? '',
        penalty: event.penalty,
      });
    case 'unchallenged':
      return t('double-quick.event.unchallenged', { who });
    case 'buzzer':
      return t('double-quick.event.buzzer');
    case 'game_over':
      return t('double-quick.event.game_over', {
        game: event.game ?? 1,
        scores: (event.scores ?? []).map((s) => `${names[s.seat] ?? ''} ${num(s.total)}`).join(', '),
      });
    default:
      return null;
  }
}

/** The table bar's countdown: the bong, the buzzer, a challenge's end or the next deal. */
export function deadlineLabel(view, t) {
  if (view?.phase === 'review') return t('double-quick.deadline.challenge');
  if (view?.phase === 'between') return t('double-quick.deadline.next_game');
  return view?.turn >= (view?.last_turn ?? 9) ? t('double-quick.deadline.buzzer') : t('double-quick.deadline.bong');
}
