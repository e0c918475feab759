// Deutsche Texte der Quashars-Einführung (quintet/games/quashars/tutorial.py): ein Hinweis
// je Schritt, die Erklärung eines falschen Zugs und die erste Wertung erklärt.
import { t } from '../../i18n.js';

const COLOURS = { R: 'red', Y: 'yellow', G: 'green', B: 'blue' };
const card = (code) => t('quashars.card', { colour: t(`quashars.colour.${COLOURS[code[0]]}`), number: code.slice(1) });
const colour = (code) => t(`quashars.colour.${COLOURS[code[0]]}`);

export default {
  'tutorial.quashars.title': 'Quashars lernen',
  'tutorial.quashars.predict': (a) =>
    `Vier Bedingungskarten liegen offen: einen Stich mit ungerader Zahl gewinnen, mit Blau gewinnen, den ersten oder letzten Stich gewinnen und genau 3 Stiche in der Partie gewinnen. Vor der ersten Karte sagt jeder voraus, wie oft er sie erfüllen wird. Deine blauen und roten Karten sind stark: Tippe ${a.chips}. Drücke + („Ein Chip mehr“), bis ${a.chips} dasteht, dann „Tipp: ${a.chips}“.`,
  'tutorial.quashars.predict_wrong': (a) => `Tippe in dieser Einführung genau ${a.chips} Chips, ohne Flex-Chip.`,
  'tutorial.quashars.first_trick': (a) =>
    `Blau wurde ausgespielt, und du hast Blau: Du musst Farbe bedienen, also kannst du nur blaue Karten spielen. Spiele ${card(a.card)}: Sie schlägt die Blau 8 und gewinnt den ersten Stich mit einer ungeraden blauen Karte. Das erfüllt drei Bedingungen auf einmal: ungerade, Blau und der erste Stich.`,
  'tutorial.quashars.lead_trump': (a) =>
    `Du hast den Stich gewonnen, also spielst du den nächsten aus. Rot ist Trumpf: Eine rote Karte schlägt jede andere Farbe. Spiele ${card(a.card)} aus.`,
  'tutorial.quashars.lead': (a) => `Du hast den vorigen Stich gewonnen und spielst aus: Jede Karte darf einen Stich beginnen. Spiele ${card(a.card)}.`,
  'tutorial.quashars.follow': (a) => `${colour(a.led)} wurde ausgespielt: Bediene mit ${card(a.card)}.`,
  'tutorial.quashars.void': (a) =>
    `${colour(a.led)} wurde ausgespielt, aber du hast keine mehr: Du darfst jede Karte spielen. Spiele ${card(a.card)}.`,
  'tutorial.quashars.keep_three': (a) =>
    `Du hast 3 Stiche gewonnen, genau was die vierte Bedingung verlangt: Versuche, keinen weiteren zu gewinnen. Spiele ${card(a.card)}.`,
  'tutorial.quashars.last_trick': (a) => `Der letzte Stich: Spiele ${card(a.card)}. Danach wird die Partie gewertet.`,
  'tutorial.quashars.play_wrong': (a) => `Diese Karte ist erlaubt, aber die Einführung spielt hier ${card(a.card)}. Versuche es noch einmal mit ${card(a.card)}.`,
  'tutorial.quashars.end': (a) =>
    `Die erste Partie ist gewertet. Du hast ${a.chips} getippt und ${a.met} Bedingungen erfüllt: ungerade, Blau und erster Stich mit deiner Blau 9, dazu genau 3 Stiche (du hast ${a.tricks} gewonnen). Jede erfüllte Bedingung gab einen Chip zurück; keiner blieb übrig, keiner wurde genommen, dein Tipp war genau: ${a.points} Punkte (2 × die Nummer der Partie). Jeder übrige oder genommene Chip hätte stattdessen einen Punkt gekostet. Gespielt werden so viele Partien, wie Personen am Tisch sitzen.`,
};
