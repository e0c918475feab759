// Quiddler in English: the lobby's words and the game log's (Quiddler has no board of its
// own: the generic board shows it, and these turn its events into sentences; docs/rules/quiddler.md "Views").
const card = (c) => String(c).toUpperCase();
const words = (list) => (list.length ? list.map((w) => w.map(card).join('')).join(', ') : 'no words');

export default {
  // The lobby: the game's summary and its options' labels.
  'game.quiddler.summary': 'Make words from letter cards, round by round, with growing hands.',
  'option.quiddler.first_dealer.label': 'First dealer (seat number from 0)',
  'option.quiddler.two_player_bonus.label': 'Two-player bonus',
  'option.quiddler.two_player_bonus.longest': 'longest word',
  'option.quiddler.two_player_bonus.most': 'most words',
  'option.quiddler.challenge.label': 'Challenge mode',
  'option.quiddler.challenge_ms.label': 'Challenge window',
  'option.quiddler.reshuffles.label': 'Reshuffles per round',
  'option.quiddler.pause_ms.label': 'Pause between rounds',
  'option.quiddler.extra_words.label': 'Extra words',
  'option.quiddler.replace_words.label': 'Only the extra words',

  // The generic board: the view's fields in words (docs/rules/quiddler.md "Views").
  'quiddler.field.phase': 'Phase',
  'quiddler.field.round': 'Round',
  'quiddler.field.rounds': 'Rounds',
  'quiddler.field.hand_size': 'Cards this round',
  'quiddler.field.dealer': 'Dealer (seat)',
  'quiddler.field.to_act': 'To act (seat)',
  'quiddler.field.step': 'Step',
  'quiddler.field.went_out': 'Went out (seat)',
  'quiddler.field.last_call': 'Last call',
  'quiddler.field.reshuffled': 'Reshuffles',
  'quiddler.field.done': 'Laid down',
  'quiddler.field.challenge': 'Challenge',
  'quiddler.field.deadline': 'Deadline',
  'quiddler.field.hand_sizes': 'Cards in hand',
  'quiddler.field.hands': 'Hands',
  'quiddler.field.draw_pile': 'Draw pile',
  'quiddler.field.discard_pile': 'Discard pile',
  'quiddler.field.discard_top': 'Top of the discard pile',
  'quiddler.field.known': 'Known cards',
  'quiddler.field.words': 'Words',
  'quiddler.field.unused': 'Unused cards',
  'quiddler.field.challenges': 'Challenges',
  'quiddler.field.scores': 'Scores by round',
  'quiddler.field.last_round': 'Last round',
  'quiddler.field.totals': 'Total',

  'quiddler.event.round_started': (a) =>
    `Round ${a.round}: ${a.names[a.dealer]} deals ${a.hand_size} cards each; ${a.names[a.to_act]} plays first.`,
  'quiddler.event.dealt': (a) => `You are dealt ${a.hand.map(card).join(' ')}.`,
  'quiddler.event.drew': (a) =>
    a.source === 'discard'
      ? `${a.who} takes ${card(a.card)} from the discard pile.`
      : `${a.who} draws from the deck.`,
  'quiddler.event.drew_card': (a) => `You draw ${card(a.card)}.`,
  'quiddler.event.discarded': (a) => `${a.who} discards ${card(a.card)}.`,
  'quiddler.event.went_out': (a) =>
    `${a.who} goes out with ${words(a.words)} and discards ${card(a.discard)}!`,
  'quiddler.event.laid_down': (a) =>
    `${a.who} lays down ${words(a.words)}${a.unused.length ? `, keeps ${a.unused.map(card).join(' ')}` : ''} and discards ${card(a.discard)}.`,
  'quiddler.event.reshuffled': (a) =>
    `The draw pile ran out: the discard pile is shuffled into a new one (${a.draw_pile} cards).`,
  'quiddler.event.last_call': 'The draw pile ran out for good: everyone takes a last turn.',
  'quiddler.event.challenge_window': (a) => `${a.names[a.challenger]} may challenge ${a.who}'s words.`,
  'quiddler.event.challenged': (a) => {
    const loser = a.valid ? a.challenger : a.seat;
    return `${a.names[a.challenger]} challenges ${a.who}'s word ${a.cards.map(card).join('')}: it is ${a.valid ? '' : 'not '}in the dictionary; ${a.names[loser]} loses ${a.points} points.`;
  },
  'quiddler.event.accepted': (a) =>
    a.timed_out ? `${a.who} lets the words stand (time ran out).` : `${a.who} accepts the words.`,
  'quiddler.event.round_scored': (a) =>
    `Round ${a.round} scored: ${a.scores.total.map((p, s) => `${a.names[s]} ${p > 0 ? '+' : ''}${p}`).join(', ')}.`,
  'quiddler.event.game_over': 'The game is over.',
};
