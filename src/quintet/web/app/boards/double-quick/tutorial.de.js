// Deutsche Texte der Double-Quick!-Einführung (quintet/games/double_quick/tutorial.py): ein
// Hinweis je Schritt, die Erklärung eines falschen Zugs und die erste Wertung.
const L = (a) => a.letter.toUpperCase();

export default {
  'tutorial.double-quick.title': 'Double Quick! lernen',
  'tutorial.double-quick.first': (a) =>
    `Jeder baut gleichzeitig ein Kreuzworträtsel aus seinen eigenen Steinen: Wörter waagerecht und senkrecht, alle verbunden. Du hast 6 Steine aufgedeckt; deine Buchstaben ergeben WED und COW (englische Wörter). Beginne mit WED waagerecht: Klicke auf das ${L(a)} in deiner Ablage, dann auf das markierte Feld.`,
  'tutorial.double-quick.across': (a) => `Der nächste Buchstabe von WED: Klicke auf das ${L(a)}, dann auf das markierte Feld rechts daneben.`,
  'tutorial.double-quick.across_done': (a) => `Und das ${L(a)}: WED liegt waagerecht.`,
  'tutorial.double-quick.cross': (a) =>
    `Jetzt eine Kreuzung: COW geht senkrecht durch das W von WED. Lege das ${L(a)} auf das markierte Feld über dem W.`,
  'tutorial.double-quick.cross_done': (a) =>
    `Und das ${L(a)} obendrauf: COW senkrecht, WED waagerecht, und das W gehört zu beiden Wörtern.`,
  'tutorial.double-quick.place_wrong': (a) =>
    `Lege das ${L(a)} auf das markierte Feld: Klicke auf den Stein in deiner Ablage, dann auf dieses Feld. Jeder Stein lässt sich später verschieben, aber diese Einführung baut WED und COW.`,
  'tutorial.double-quick.press':
    'Dein Kreuzworträtsel ist gültig und hat 5 Steine: alle aufgedeckten bis auf einen, den du weitergibst. Drücke den roten Knopf! Ein gültiges Drücken beendet die Runde für alle (der Gong): Jeder gibt einen Stein nach rechts weiter und deckt 2 neue auf.',
  'tutorial.double-quick.press_wrong':
    'Drücke jetzt den roten Knopf. (Drücken mit einem ungültigen oder zu kleinen Kreuzworträtsel kostet 10 Punkte.)',
  'tutorial.double-quick.watch': (a) =>
    `Runde ${a.turn}: Schau deinem Gegner beim Bauen zu. Zum Drücken braucht ein Kreuzworträtsel alle aufgedeckten Steine bis auf einen (jetzt ${a.needed}) in gültigen Wörtern; die letzte Runde braucht alle 22. Dein WED und COW bleiben liegen.`,
  'tutorial.double-quick.last': (a) =>
    `Runde ${a.turn}, die letzte: Alle Steine sind aufgedeckt. Ein gültiges Drücken mit allen 22 Steinen beendet das Spiel sofort, sonst der Schlussgong.`,
  'tutorial.double-quick.end': (a) =>
    `Das Spiel ist gewertet. Jeder Stein in einem gültigen Wort zählt seine Punkte (schwarz 1, grün 5, rot 10); ein Stein in einem Wort waagerecht und einem senkrecht zählt doppelt. Dein W (grün, 5) liegt in WED und COW: ${a.doubled} Stein doppelt gezählt. WED und COW zählen ${a.points}. Dein Gegner drückte mit allen 22 Steinen und bekam dafür 20 dazu: ${a.other}. Nur der größte zusammenhängende Teil eines Kreuzworträtsels zählt.`,
};
