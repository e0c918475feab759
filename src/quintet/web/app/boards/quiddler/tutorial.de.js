// Deutsche Texte der Quiddler-Einführung (quintet/games/quiddler/tutorial.py): ein Hinweis
// je Schritt, die Erklärung eines falschen Zugs und die Wertung der ersten Runde.
export default {
  'tutorial.quiddler.title': 'Quiddler lernen',
  'tutorial.quiddler.draw': (a) =>
    `Runde 1: Jeder hält 3 Karten. Ein Zug heißt: eine Karte ziehen, dann eine abwerfen. Deine Hand ist ${a.hand}, und auf dem Ablagestapel liegt ${a.top.toUpperCase()}: Damit ergeben deine Karten ein Wort. Nimm das ${a.top.toUpperCase()}: Klicke auf den Ablagestapel.`,
  'tutorial.quiddler.draw_wrong': (a) =>
    `Der Nachziehstapel ist verdeckt; das ${a.top.toUpperCase()} auf dem Ablagestapel ist die Karte, die du brauchst. Klicke auf den Ablagestapel.`,
  'tutorial.quiddler.go_out': (a) =>
    `Du hast die Buchstaben von ${a.word}. Wähle „Klick baut Wörter“, klicke die Karten ${a.word.split('').join(', ')}, um ${a.word} auf die Wortleiste zu legen, und drücke „Auslegen und beenden“: Dein anderes ${a.discard} ist deine Abwurfkarte. Liegen alle Karten außer der Abwurfkarte in Wörtern, gehst du hinaus und beendest die Runde.`,
  'tutorial.quiddler.go_out_wrong': (a) =>
    `Lege ${a.word} auf die Wortleiste und behalte das ${a.discard} als Abwurfkarte, dann drücke „Auslegen und beenden“.`,
  'tutorial.quiddler.last_turn': 'Du bist hinausgegangen! Alle anderen haben jetzt einen letzten Zug: Sie ziehen, legen aus, was sie an Wörtern finden, und werfen ab.',
  'tutorial.quiddler.end': (a) =>
    `Runde 1 ist gewertet. Dein Wort zählt die Werte auf seinen Karten: ${a.words} Punkte, und das längste Wort der Runde bringt ${a.longest} dazu: ${a.total} insgesamt. Dein Gegner fand kein Wort: Die Karten in seiner Hand zählen gegen ihn (${a.unused}), also bekommt er ${a.other}. Das Spiel geht über 8 Runden, jede mit einer Karte mehr.`,
};
