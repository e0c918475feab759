// English texts of the Double Quick! tutorial (quintet/games/double_quick/tutorial.py): one
// hint per step, the explanation of a wrong move, and the first scoring explained.
const L = (a) => a.letter.toUpperCase();

export default {
  'tutorial.double-quick.title': 'Learn Double Quick!',
  'tutorial.double-quick.first': (a) =>
    `Everyone builds one crossword from their own tiles, all at once: words across and down, all connected. You turned up 6 tiles; your letters make WED and COW. Start with WED across: click the ${L(a)} in your rack, then the marked cell.`,
  'tutorial.double-quick.across': (a) => `Next letter of WED: click the ${L(a)}, then the marked cell right of it.`,
  'tutorial.double-quick.across_done': (a) => `And the ${L(a)}: WED lies across.`,
  'tutorial.double-quick.cross': (a) =>
    `Now a crossing: COW goes down through the W of WED. Put the ${L(a)} on the marked cell above the W.`,
  'tutorial.double-quick.cross_done': (a) =>
    `And the ${L(a)} on top: COW reads down, WED across, and the W belongs to both words.`,
  'tutorial.double-quick.place_wrong': (a) =>
    `Put the ${L(a)} on the marked cell: click the tile in your rack, then that cell. Any tile may be moved later, but this tutorial builds WED and COW.`,
  'tutorial.double-quick.press':
    'Your crossword is valid and holds 5 tiles: all your face-up tiles but one, which you will pass on. Press the red button! A valid press ends the turn for everyone (the bong): each passes a tile to the right and turns up 2 more.',
  'tutorial.double-quick.press_wrong':
    'Press the red button now. (A press whose crossword is not valid or too small costs 10 points.)',
  'tutorial.double-quick.watch': (a) =>
    `Turn ${a.turn}: watch your opponent build. To press, a crossword needs all face-up tiles but one (${a.needed} now) in valid words; the last turn needs all 22. Your WED and COW stay as they are.`,
  'tutorial.double-quick.last': (a) =>
    `Turn ${a.turn}, the last: every tile is face up. A valid press with all 22 tiles ends the game at once; otherwise the final buzzer does.`,
  'tutorial.double-quick.end': (a) =>
    `The game is scored. Each tile in a valid word scores its points (black 1, green 5, red 10); a tile in a word across and a word down counts twice. Your W (green, 5) lies in WED and COW: ${a.doubled} tile counted twice. WED and COW score ${a.points}. Your opponent pressed with all 22 tiles and earned 20 more for it: ${a.other}. Only the largest connected part of a crossword counts.`,
};
