// Deutsche Texte der Quiclo-Einführung (quintet/games/quiclo/tutorial.py): ein Hinweis je
// Schritt, die Erklärung eines falschen Zugs und das Ende des ersten Spiels.
export default {
  'tutorial.quiclo.title': 'Quiclo lernen',
  'tutorial.quiclo.sum': (a) =>
    `Alle spielen gleichzeitig: Verbinde eigene Karten mit + − × ÷ zur obersten Karte eines der drei Stapel und rufe QUICLO! Jede verwendete Karte kommt auf diesen Stapel, deine Hand wird kleiner. Deine Kette ${a.chain} ergibt ${a.top}, die oberste Karte von Stapel ${a.stack}: Klicke ${a.chain.split(' ').join(', ')} (Karten und Zeichen), dann QUICLO!`,
  'tutorial.quiclo.bot_claims': 'Schau: Dein Gegner ruft auch QUICLO! Mit jeder Kette ändern sich die obersten Karten.',
  'tutorial.quiclo.times': (a) =>
    `× und ÷ kommen vor + und −: ${a.chain} ist ${a.chain.split(' ')[0]} + (${a.chain.split(' ').slice(2).join(' ')}), das ergibt ${a.top}, die oberste Karte von Stapel ${a.stack}. Die 9 oben auf einem anderen Stapel darf in deiner Kette vorkommen (sie bleibt liegen). Klicke ${a.chain.split(' ').join(', ')}, dann QUICLO!`,
  'tutorial.quiclo.try_wrong': (a) =>
    `Jetzt mit Absicht eine falsche Kette: ${a.chain} = ${a.top}. Am Ende kommt ${a.top} heraus, aber das Zwischenergebnis darf nie unter null fallen, und ${a.chain.split(' ').slice(0, 3).join(' ')} tut es (auch eine Division mit Rest ist falsch). Klicke ${a.chain.split(' ').join(', ')}, = und die ${a.top} auf Stapel ${a.stack}, dann QUICLO!: Der Schiedsrichter sagt, warum sie falsch ist, und du setzt kurz aus.`,
  'tutorial.quiclo.try_wrong_again': (a) =>
    `Rufe in diesem Schritt genau ${a.chain} = ${a.top} (mit = und der obersten Karte), um zu sehen, was mit einer falschen Kette geschieht.`,
  'tutorial.quiclo.sitting_out':
    'Falsch: Du setzt aus, bis ein anderer Spieler eine richtige Kette legt oder die Auszeit endet (hier 3 Sekunden, im echten Spiel 15). Dein Gegner legt sofort eine, also bist du wieder dabei.',
  'tutorial.quiclo.other_top': (a) =>
    `Dieselben Karten in richtiger Reihenfolge: ${a.chain} fällt nie unter null und ergibt ${a.top}, die oberste Karte von Stapel ${a.stack}; die 44 liegt oben auf einem anderen Stapel, deine eigenen Karten kommen auf Stapel ${a.stack}. Klicke ${a.chain.split(' ').join(', ')}, dann QUICLO!`,
  'tutorial.quiclo.claim_wrong': (a) =>
    `Das ist nicht die Kette dieses Schritts (eine falsche Kette kostet dich hier nichts: Die Einführung hält sie auf). Lösche deine Kette und klicke ${a.chain}, dann QUICLO!`,
  'tutorial.quiclo.bot_votes':
    'Dein Gegner findet keine Kette mehr und stimmt für „Keine Kette mehr“.',
  'tutorial.quiclo.vote':
    'Ein Spiel endet, wenn jemand nur noch eine Karte oder keine hat, wenn niemand mehr eine Kette hat oder wenn alle für „Keine Kette mehr“ stimmen. Beende dieses erste Spiel und stimme auch: Drücke „Keine Kette mehr“. Dann gewinnen die wenigsten Karten.',
  'tutorial.quiclo.vote_wrong': 'Drücke „Keine Kette mehr“, um dieses erste Spiel zu beenden.',
  'tutorial.quiclo.end': (a) =>
    `Alle haben gestimmt: Das Spiel ist vorbei, die wenigsten Karten gewinnen. Du hältst ${a.mine} Karten, dein Gegner ${a.other}: Du gewinnst. Im echten Spiel ginge es weiter: Wer zuerst nur noch eine Karte oder keine hat, gewinnt sofort.`,
};
