// English texts of the Quick tutorial (quintet/games/quick/tutorial.py): one hint per
// step, the explanation of a wrong move, the checking and the first scoring explained.
// A card comes as its number and colour (the board's own word for the colour).
import { t } from '../../i18n.js';

const card = (a) => `${t(`quick.colour.${a.colour}`)} ${a.number}`;

export default {
  'tutorial.quick.title': 'Learn Quick',
  'tutorial.quick.countdown':
    'Everyone has a face-down stack of 5 cards. Sort yours, smallest on top, by the instruction cards: first the colour (red, orange, yellow, green, blue, purple), then the number 1-72. Wait for “QUICK!”: the clock stops whenever you read a hint.',
  'tutorial.quick.first_take':
    'Sort your 5 face-down cards, smallest on top, by the instruction cards: first the colour (red, orange, yellow, green, blue, purple), then the number. You see a card only while you hold it, one at a time. Take the top card of your stack: click pile 1.',
  'tutorial.quick.warm_pile': (a) =>
    `You hold the ${card(a)}. A plan: warm colours (red, orange, yellow) on one pile, cool ones (green, blue, purple) on another. Start the warm pile: click the marked + right of your stack (it becomes pile ${a.pile}).`,
  'tutorial.quick.take': 'Take the next card of your stack: click pile 1.',
  'tutorial.quick.cool_pile': (a) =>
    `The ${card(a)} is a cool colour: start the cool pile with it at the right end (the marked +, pile ${a.pile}).`,
  'tutorial.quick.place_top': (a) =>
    `The ${card(a)}: red comes before orange, so it sorts before the card of the warm pile, whatever the numbers. Put it on top: click “top” on pile ${a.pile}.`,
  'tutorial.quick.place_bottom': (a) =>
    `The ${card(a)}: orange, like the lower card of the warm pile, so the number decides, and ${a.number} is the highest: put it at the bottom of pile ${a.pile}.`,
  'tutorial.quick.take_last': 'Take the last card of your stack: click pile 1. An empty pile disappears, and the piles move left.',
  'tutorial.quick.place_bottom_same': (a) =>
    `The ${card(a)}: blue, like the card of the cool pile, and a higher number: put it at the bottom of pile ${a.pile}.`,
  'tutorial.quick.merge_take': (a) =>
    `Merge the piles: every card of pile ${a.pile} (cool) sorts after every card of pile 1 (warm). Move them one by one, from the top, to the bottom of pile 1. Take the top of pile ${a.pile}.`,
  'tutorial.quick.merge_place': (a) => `Put it at the bottom of pile ${a.pile}.`,
  'tutorial.quick.merge_take_last': (a) => `And the last card of pile ${a.pile}: take it.`,
  'tutorial.quick.klaar':
    'One pile, sorted, and your hand is empty: call KLAAR! KLAAR order decides whose stack is checked first.',
  'tutorial.quick.wrong_take': 'Take the card the hint names: click the marked pile.',
  'tutorial.quick.wrong_place': (a) =>
    `Follow the hint for the ${card(a)}: the marked pile, the end it names. A card in the wrong place makes your stack wrong, and a wrong stack wins nothing.`,
  'tutorial.quick.wrong_new_pile': (a) => `Start a new pile with the ${card(a)} at the marked +.`,
  'tutorial.quick.wrong_klaar': 'Call KLAAR with the button.',
  'tutorial.quick.bot_klaar':
    'Watch: your opponent calls KLAAR already! Calling first does not win by itself: the stacks are checked in KLAAR order, and a wrong stack takes nothing.',
  'tutorial.quick.checking':
    'Sorting is over. The stacks are turned over card by card, in KLAAR order. A stack stops at its first card that sorts before the card above it. Watch the board: the round\'s result follows in a few seconds.',
  'tutorial.quick.end': (a) =>
    `The first round is scored. Your opponent called KLAAR first, but its stack stopped at card ${a.wrong_place}: wrong, no chip. Yours was right from top to bottom: you take this round's chip (with 2 players there is one a round). You have ${a.chips}; the first to ${a.to_win} chips wins. Next round each player sorts one card more per chip won.`,
};
