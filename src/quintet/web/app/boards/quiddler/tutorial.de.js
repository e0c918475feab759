// Deutsche Texte der Quiddler-Einführung (quintet/games/quiddler/tutorial.py): ein Hinweis
// je Schritt, die Erklärung eines falschen Zugs und die Wertung der ersten Runde.
const up = (card) => card.toUpperCase();

export default {
  'tutorial.quiddler.title': 'Quiddler lernen',
  'tutorial.quiddler.draw_deck': (a) =>
    `Runde 1: Jeder hält 3 Karten. Ein Zug heißt: eine Karte ziehen, dann eine abwerfen; wer alle übrigen Karten in Wörtern auslegen kann, geht hinaus. Deine Hand ist ${a.hand}. Das ${up(a.top)} auf dem Ablagestapel ergibt mit deinen Karten kein Wort, also nimm eine verdeckte Karte: Klicke auf den Nachziehstapel.`,
  'tutorial.quiddler.draw_deck_wrong': (a) =>
    `Das ${up(a.top)} ergibt mit deinen Karten kein Wort. Der Nachziehstapel bringt dir vielleicht eine bessere Karte: Klicke auf den Nachziehstapel.`,
  'tutorial.quiddler.discard': (a) =>
    `Du hast eine Karte gezogen: Deine Hand ist ${a.hand}. Wirf jetzt eine ab. Das ${up(a.card)} passt zu keinem Wort mit deinen anderen Karten, und eine Karte, die am Ende der Runde noch in deiner Hand ist, zählt gegen dich: Das ${up(a.card)} würde dich ${a.value} Punkte kosten. Behalte ${a.keep}: Mit einem Vokal mehr ergeben sie Wörter. Klicke auf das ${up(a.card)}, um es abzuwerfen.`,
  'tutorial.quiddler.discard_wrong': (a) =>
    `Behalte ${a.keep}: Mit einem Vokal mehr ergeben sie Wörter. Das ${up(a.card)} passt zu keiner von ihnen und würde dich ${a.value} Punkte kosten. Klicke auf das ${up(a.card)}.`,
  'tutorial.quiddler.bot_turn': 'Dein Gegner ist dran: Er zieht eine Karte (die oberste des Ablagestapels steht auch ihm offen) und wirft eine ab.',
  'tutorial.quiddler.take': (a) =>
    `Dein Gegner hat deine Abwurfkarte genommen und ein ${up(a.top)} abgeworfen. Mit dem ${up(a.top)} ergeben deine Karten ${a.hand} ein Wort. Nimm es: Klicke auf den Ablagestapel.`,
  'tutorial.quiddler.take_wrong': (a) =>
    `Das ${up(a.top)} auf dem Ablagestapel ist die Karte, die du brauchst, und du weißt, dass sie dort liegt; der Nachziehstapel ist Glückssache. Klicke auf den Ablagestapel.`,
  'tutorial.quiddler.go_out': (a) =>
    `Du hast die Buchstaben von ${a.word}. Wähle „Klick baut Wörter“ und klicke ${a.letters.split(' ').join(', ')}, um ${a.word} auf die Wortleiste zu legen: Dein ${up(a.discard)} bleibt als Abwurfkarte. Dann drücke „Auslegen und beenden“. Liegen alle Karten außer der Abwurfkarte in Wörtern, gehst du hinaus und beendest die Runde.`,
  'tutorial.quiddler.go_out_wrong': (a) =>
    `Nur Wörter aus dem Wörterbuch zählen. Lege ${a.word} (${a.letters.split(' ').join(', ')}) auf die Wortleiste, behalte das ${up(a.discard)} als Abwurfkarte und drücke „Auslegen und beenden“.`,
  'tutorial.quiddler.last_turn': 'Du bist hinausgegangen! Alle anderen haben jetzt einen letzten Zug: Sie ziehen, legen aus, was sie an Wörtern finden, und werfen ab. Karten, die sie nicht verwenden können, zählen gegen sie.',
  'tutorial.quiddler.end': (a) =>
    `Runde 1 ist gewertet. ${a.word} zählt die Werte auf seinen Karten: ${a.words} Punkte, und das längste Wort der Runde bringt ${a.longest} dazu: ${a.total} insgesamt. Dein Gegner legte ${a.other_word} für ${a.other_words} Punkte aus, aber das ${a.left} in seiner Hand zählt gegen ihn (−${a.unused}): ${a.other}. Hättest du das ${up(a.misfit)} behalten, hätte es dich ${a.misfit_value} Punkte gekostet. Zu zweit gibt es einen Bonus: für das längste Wort oder, als Option, für die meisten Wörter. Das Spiel geht über 8 Runden, jede mit einer Karte mehr.`,
};
