// English texts of the Quashars tutorial (quintet/games/quashars/tutorial.py): one hint
// per step, the explanation of a wrong move, and the first scoring explained. Cards come
// as codes ("B9") and are written with the board's own words for colours.
import { t } from '../../i18n.js';

const COLOURS = { R: 'red', Y: 'yellow', G: 'green', B: 'blue' };
const card = (code) => t('quashars.card', { colour: t(`quashars.colour.${COLOURS[code[0]]}`), number: code.slice(1) });
const colour = (code) => t(`quashars.colour.${COLOURS[code[0]]}`);
// A hint that begins with a colour begins with a capital ("Blue was led"), as any sentence.
const Colour = (code) => { const name = colour(code); return name.charAt(0).toUpperCase() + name.slice(1); };

export default {
  'tutorial.quashars.title': 'Learn Quashars',
  'tutorial.quashars.predict': (a) =>
    `Four condition cards lie face up: win a trick with an odd number, win with blue, win the first or the last trick, and win exactly 3 tricks in the game. Before the first card, everyone predicts how many times they will meet them. Your blue and red cards are strong: predict ${a.chips}. Press + (“One chip more”) until it shows ${a.chips}, then “Predict ${a.chips}”.`,
  'tutorial.quashars.predict_wrong': (a) => `For this tutorial, predict exactly ${a.chips} chips, without the flex chip.`,
  'tutorial.quashars.first_trick': (a) =>
    `Blue was led, and you hold blue: you must follow suit, so only your blue cards can be played. Play the ${card(a.card)}: it beats the blue 8 and wins the first trick with an odd blue card. That meets three conditions at once: odd, blue, and the first trick.`,
  'tutorial.quashars.lead_trump': (a) =>
    `You won the trick, so you lead the next one. Red is trump: a red card beats every other colour. Lead the ${card(a.card)}.`,
  'tutorial.quashars.lead': (a) => `You won the previous trick, so you lead: any card may start a trick. Play the ${card(a.card)}.`,
  'tutorial.quashars.follow': (a) => `${Colour(a.led)} was led: follow suit with the ${card(a.card)}.`,
  'tutorial.quashars.void': (a) =>
    `${Colour(a.led)} was led, but you have none left: you may play any card. Play the ${card(a.card)}.`,
  'tutorial.quashars.keep_three': (a) =>
    `You have won 3 tricks, exactly what the fourth condition asks: try not to win another. Play the ${card(a.card)}.`,
  'tutorial.quashars.last_trick': (a) => `The last trick: play the ${card(a.card)}. Then the game is scored.`,
  'tutorial.quashars.play_wrong': (a) => `That card is allowed, but this tutorial plays the ${card(a.card)} here. Try again with the ${card(a.card)}.`,
  'tutorial.quashars.end': (a) =>
    `The first game is scored. You predicted ${a.chips} and met ${a.met} conditions: odd, blue and the first trick with your blue 9, and exactly 3 tricks (you won ${a.tricks}). Every condition met gave back a chip; with none left and none taken, your prediction was exact: ${a.points} points (2 × the game number). Each chip left over or taken would have cost a point instead. A match has as many games as players.`,
};
