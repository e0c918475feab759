// Deutsche Texte der Quick-Einführung (quintet/games/quick/tutorial.py): ein Hinweis je
// Schritt, die Erklärung eines falschen Zugs, das Prüfen und die erste Wertung. Eine Karte
// kommt als Zahl und Farbe (mit dem Farbwort des Spielbretts).
import { t } from '../../i18n.js';

const card = (a) => `Karte „${t(`quick.colour.${a.colour}`)} ${a.number}“`;

export default {
  'tutorial.quick.title': 'Quick lernen',
  'tutorial.quick.countdown':
    'Jeder hat einen verdeckten Stapel aus 5 Karten. Sortiere deinen, die kleinste oben, nach den Anweisungskarten: zuerst die Farbe (rot, orange, gelb, grün, blau, lila), dann die Zahl 1-72. Warte auf „QUICK!“: Die Uhr steht still, solange du einen Hinweis liest.',
  'tutorial.quick.first_take':
    'Sortiere deine 5 verdeckten Karten, die kleinste oben, nach den Anweisungskarten: zuerst die Farbe (rot, orange, gelb, grün, blau, lila), dann die Zahl. Du siehst eine Karte nur, solange du sie hältst, immer nur eine. Nimm die oberste Karte deines Stapels: Klicke auf Stapel 1.',
  'tutorial.quick.warm_pile': (a) =>
    `Du hältst die ${card(a)}. Ein Plan: warme Farben (rot, orange, gelb) auf einen Stapel, kühle (grün, blau, lila) auf einen anderen. Beginne den warmen Stapel: Klicke auf das markierte + rechts von deinem Stapel (es wird Stapel ${a.pile}).`,
  'tutorial.quick.take': 'Nimm die nächste Karte deines Stapels: Klicke auf Stapel 1.',
  'tutorial.quick.cool_pile': (a) =>
    `Die ${card(a)} hat eine kühle Farbe: Beginne mit ihr den kühlen Stapel ganz rechts (das markierte +, Stapel ${a.pile}).`,
  'tutorial.quick.place_top': (a) =>
    `Die ${card(a)}: Rot kommt vor Orange, also gehört sie vor die Karte des warmen Stapels, egal welche Zahlen. Lege sie oben drauf: Klicke bei Stapel ${a.pile} auf „oben“.`,
  'tutorial.quick.place_bottom': (a) =>
    `Die ${card(a)}: orange wie die untere Karte des warmen Stapels, also entscheidet die Zahl, und ${a.number} ist die höchste: Lege sie unter Stapel ${a.pile}.`,
  'tutorial.quick.take_last': 'Nimm die letzte Karte deines Stapels: Klicke auf Stapel 1. Ein leerer Stapel verschwindet, die anderen rücken nach links.',
  'tutorial.quick.place_bottom_same': (a) =>
    `Die ${card(a)}: blau wie die Karte des kühlen Stapels, und eine höhere Zahl: Lege sie unter Stapel ${a.pile}.`,
  'tutorial.quick.merge_take': (a) =>
    `Lege die Stapel zusammen: Jede Karte von Stapel ${a.pile} (kühl) gehört hinter jede Karte von Stapel 1 (warm). Lege sie einzeln, von oben, unter Stapel 1. Nimm die oberste Karte von Stapel ${a.pile}.`,
  'tutorial.quick.merge_place': (a) => `Lege sie unter Stapel ${a.pile}.`,
  'tutorial.quick.merge_take_last': (a) => `Und die letzte Karte von Stapel ${a.pile}: Nimm sie.`,
  'tutorial.quick.klaar':
    'Ein Stapel, sortiert, und deine Hand ist leer: Rufe KLAAR! Die KLAAR-Reihenfolge bestimmt, wessen Stapel zuerst geprüft wird.',
  'tutorial.quick.wrong_take': 'Nimm die Karte, die der Hinweis nennt: Klicke auf den markierten Stapel.',
  'tutorial.quick.wrong_place': (a) =>
    `Folge dem Hinweis für die ${card(a)}: der markierte Stapel, das genannte Ende. Eine Karte am falschen Platz macht deinen Stapel falsch, und ein falscher Stapel gewinnt nichts.`,
  'tutorial.quick.wrong_new_pile': (a) => `Beginne mit der ${card(a)} einen neuen Stapel am markierten +.`,
  'tutorial.quick.wrong_klaar': 'Rufe KLAAR mit dem Knopf.',
  'tutorial.quick.bot_klaar':
    'Schau: Dein Gegner ruft schon KLAAR! Wer zuerst ruft, hat damit noch nicht gewonnen: Die Stapel werden in KLAAR-Reihenfolge geprüft, und ein falscher Stapel bekommt nichts.',
  'tutorial.quick.checking':
    'Das Sortieren ist vorbei. Die Stapel werden Karte für Karte umgedreht, in KLAAR-Reihenfolge. Ein Stapel endet an seiner ersten Karte, die vor die Karte darüber gehört. Schau auf den Tisch: Das Ergebnis der Runde folgt in wenigen Sekunden.',
  'tutorial.quick.end': (a) =>
    `Die erste Runde ist gewertet. Dein Gegner rief zuerst KLAAR, aber sein Stapel endete bei Karte ${a.wrong_place}: falsch, kein Chip. Deiner war von oben bis unten richtig: Du bekommst den Chip dieser Runde (zu zweit gibt es einen je Runde). Du hast ${a.chips}; wer zuerst ${a.to_win} Chips hat, gewinnt. In der nächsten Runde sortiert jeder eine Karte mehr je gewonnenem Chip.`,
};
