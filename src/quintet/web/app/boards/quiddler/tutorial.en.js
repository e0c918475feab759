// English texts of the Quiddler tutorial (quintet/games/quiddler/tutorial.py): one hint per
// step, the explanation of a wrong move, and round 1's scoring explained.
const up = (card) => card.toUpperCase();

export default {
  'tutorial.quiddler.title': 'Learn Quiddler',
  'tutorial.quiddler.draw_deck': (a) =>
    `Round 1: everyone holds 3 cards. A turn is: draw a card, then discard one; whoever can lay down all their other cards in words goes out. Your hand is ${a.hand}. The ${up(a.top)} on the discard pile makes no word with your cards, so take a hidden card instead: click the draw pile.`,
  'tutorial.quiddler.draw_deck_wrong': (a) =>
    `The ${up(a.top)} makes no word with your cards. The draw pile may give you a better one: click the draw pile.`,
  'tutorial.quiddler.discard': (a) =>
    `You drew a card: your hand is ${a.hand}. Now discard one. The ${up(a.card)} fits no word with your other cards, and a card still in your hand when the round ends counts against you: the ${up(a.card)} would cost ${a.value} points. Keep ${a.keep}: with one vowel more they make words. Click the ${up(a.card)} to discard it.`,
  'tutorial.quiddler.discard_wrong': (a) =>
    `Keep ${a.keep}: they make words with one vowel more. The ${up(a.card)} fits none of them and would cost ${a.value} points. Click the ${up(a.card)}.`,
  'tutorial.quiddler.bot_turn': 'Your opponent’s turn: they draw a card (the top of the discard pile is open to them too) and discard one.',
  'tutorial.quiddler.take': (a) =>
    `Your opponent took your discard and threw away a ${up(a.top)}. With the ${up(a.top)}, your cards ${a.hand} spell a word. Take it: click the discard pile.`,
  'tutorial.quiddler.take_wrong': (a) =>
    `The ${up(a.top)} on the discard pile is the card you need, and you know it is there; the draw pile is a gamble. Click the discard pile.`,
  'tutorial.quiddler.go_out': (a) =>
    `You hold the letters of ${a.word}. Choose “Click builds words” and click ${a.letters.split(' ').join(', ')} to lay ${a.word} on the word rack: your ${up(a.discard)} is left as your discard. Then press “Go out”. When every card but the discard lies in words, you go out and end the round.`,
  'tutorial.quiddler.go_out_wrong': (a) =>
    `Only words of the dictionary count. Lay ${a.word} (${a.letters.split(' ').join(', ')}) on the word rack, keep the ${up(a.discard)} as your discard, and press “Go out”.`,
  'tutorial.quiddler.last_turn': 'You went out! Everyone else now takes one last turn: they draw, lay down what words they can, and discard. The cards they cannot use count against them.',
  'tutorial.quiddler.end': (a) =>
    `Round 1 is scored. ${a.word} scores the values printed on its cards: ${a.words} points, and the longest word of the round earns ${a.longest} more: ${a.total} in all. Your opponent laid down ${a.other_word} for ${a.other_words} points, but the ${a.left} left in their hand counts against them (−${a.unused}): ${a.other}. Had you kept the ${up(a.misfit)}, it would have cost you ${a.misfit_value}. With two players one bonus is played, for the longest word or, as an option, for the most words. The game goes on for 8 rounds, each with one card more.`,
};
