// English texts of the Quiddler tutorial (quintet/games/quiddler/tutorial.py): one hint per
// step, the explanation of a wrong move, and round 1's scoring explained.
export default {
  'tutorial.quiddler.title': 'Learn Quiddler',
  'tutorial.quiddler.draw': (a) =>
    `Round 1: everyone holds 3 cards. A turn is: draw a card, then discard one. Your hand is ${a.hand}, and the discard pile shows ${a.top.toUpperCase()}: with it your cards make a word. Take the ${a.top.toUpperCase()}: click the discard pile.`,
  'tutorial.quiddler.draw_wrong': (a) =>
    `The draw pile hides its cards; the ${a.top.toUpperCase()} on the discard pile is the one you need. Click the discard pile.`,
  'tutorial.quiddler.go_out': (a) =>
    `You hold the letters of ${a.word}. Choose “Click builds words”, click the cards ${a.word.split('').join(', ')} to lay ${a.word} on the word rack, then press “Go out”: your other ${a.discard} is your discard. When every card but the discard lies in words, you go out and end the round.`,
  'tutorial.quiddler.go_out_wrong': (a) =>
    `Lay ${a.word} on the word rack and keep the ${a.discard} as your discard, then press “Go out”.`,
  'tutorial.quiddler.last_turn': 'You went out! Everyone else now takes one last turn: they draw, lay down what words they can, and discard.',
  'tutorial.quiddler.end': (a) =>
    `Round 1 is scored. Your word scores the values printed on its cards: ${a.words} points, and the longest word of the round earns ${a.longest} more: ${a.total} in all. Your opponent found no word: the cards left in their hand count against them (${a.unused}), so they score ${a.other}. The game goes on for 8 rounds, each with one card more.`,
};
