// Quiddler auf Deutsch: die Texte der Lobby und des Spielverlaufs (das allgemeine Brett
// zeigt Quiddler; diese Sätze beschreiben seine Ereignisse).
const card = (c) => String(c).toUpperCase();
const words = (list) => (list.length ? list.map((w) => w.map(card).join('')).join(', ') : 'keinen Wörtern');

export default {
  // Die Lobby: die Kurzbeschreibung des Spiels, Namen und Beschreibungen seiner Optionen.
  'game.quiddler.summary': 'Wörter aus Buchstabenkarten legen, Runde um Runde mit wachsender Hand.',
  'option.quiddler.first_dealer.label': 'Erster Geber (Platznummer ab 0)',
  'option.quiddler.first_dealer.description': 'Platz, der Runde 1 gibt; nicht gesetzt: aus dem Seed gezogen',
  'option.quiddler.two_player_bonus.label': 'Bonus zu zweit',
  'option.quiddler.two_player_bonus.description': 'Zu zweit gibt es nur einen Bonus: längstes Wort oder meiste Wörter',
  'option.quiddler.two_player_bonus.longest': 'längstes Wort',
  'option.quiddler.two_player_bonus.most': 'meiste Wörter',
  'option.quiddler.challenge.label': 'Anfechtungsmodus',
  'option.quiddler.challenge.description': 'Wörter werden nur geprüft, wenn jemand sie anficht',
  'option.quiddler.challenge_ms.label': 'Anfechtungsfenster',
  'option.quiddler.challenge_ms.description': 'Anfechtungsmodus: wie lange jede andere Person ein ausgelegtes Wort anfechten darf',
  'option.quiddler.reshuffles.label': 'Neumischen je Runde',
  'option.quiddler.reshuffles.description': 'Wie oft der Ablagestapel in einer Runde zum neuen Nachziehstapel werden darf; ist er danach leer, hat jeder einen letzten Zug (nicht gesetzt: unbegrenzt)',
  'option.quiddler.pause_ms.label': 'Pause zwischen den Runden',
  'option.quiddler.pause_ms.description': 'Pause nach der Wertung jeder Runde vor dem nächsten Geben (0: sofort)',
  'option.quiddler.extra_words.label': 'Zusätzliche Wörter',
  'option.quiddler.extra_words.description': 'Wörter, die für diesen Tisch zum Wörterbuch kommen (Buchstaben a–z, mindestens 2)',
  'option.quiddler.replace_words.label': 'Nur die zusätzlichen Wörter',
  'option.quiddler.replace_words.description': 'Nur mit den zusätzlichen Wörtern spielen statt mit der mitgelieferten Liste',

  // Das allgemeine Brett: die Felder der Ansicht in Worten.
  'quiddler.field.phase': 'Phase',
  'quiddler.field.round': 'Runde',
  'quiddler.field.rounds': 'Runden',
  'quiddler.field.hand_size': 'Karten in dieser Runde',
  'quiddler.field.dealer': 'Geber (Platz)',
  'quiddler.field.to_act': 'Am Zug (Platz)',
  'quiddler.field.step': 'Schritt',
  'quiddler.field.went_out': 'Ausgegangen (Platz)',
  'quiddler.field.last_call': 'Letzter Zug',
  'quiddler.field.reshuffled': 'Neu gemischt',
  'quiddler.field.done': 'Ausgelegt',
  'quiddler.field.challenge': 'Anfechtung',
  'quiddler.field.deadline': 'Frist',
  'quiddler.field.hand_sizes': 'Karten auf der Hand',
  'quiddler.field.hands': 'Hände',
  'quiddler.field.draw_pile': 'Nachziehstapel',
  'quiddler.field.discard_pile': 'Ablagestapel',
  'quiddler.field.discard_top': 'Oben auf dem Ablagestapel',
  'quiddler.field.known': 'Bekannte Karten',
  'quiddler.field.words': 'Wörter',
  'quiddler.field.unused': 'Übrige Karten',
  'quiddler.field.challenges': 'Anfechtungen',
  'quiddler.field.scores': 'Punkte je Runde',
  'quiddler.field.last_round': 'Letzte Runde',
  'quiddler.field.totals': 'Gesamt',

  'quiddler.event.round_started': (a) =>
    `Runde ${a.round}: ${a.names[a.dealer]} gibt je ${a.hand_size} Karten; ${a.names[a.to_act]} beginnt.`,
  'quiddler.event.dealt': (a) => `Du bekommst ${a.hand.map(card).join(' ')}.`,
  'quiddler.event.drew': (a) =>
    a.source === 'discard'
      ? `${a.who} nimmt ${card(a.card)} vom Ablagestapel.`
      : `${a.who} zieht vom Stapel.`,
  'quiddler.event.drew_card': (a) => `Du ziehst ${card(a.card)}.`,
  'quiddler.event.discarded': (a) => `${a.who} legt ${card(a.card)} ab.`,
  'quiddler.event.went_out': (a) =>
    `${a.who} geht mit ${words(a.words)} raus und legt ${card(a.discard)} ab!`,
  'quiddler.event.laid_down': (a) =>
    `${a.who} legt ${words(a.words)} aus${a.unused.length ? `, behält ${a.unused.map(card).join(' ')}` : ''} und legt ${card(a.discard)} ab.`,
  'quiddler.event.reshuffled': (a) =>
    `Der Stapel ist leer: Der Ablagestapel wird zu einem neuen gemischt (${a.draw_pile} Karten).`,
  'quiddler.event.last_call': 'Der Stapel ist endgültig leer: Alle haben einen letzten Zug.',
  'quiddler.event.challenge_window': (a) => `${a.names[a.challenger]} darf die Wörter von ${a.who} anfechten.`,
  'quiddler.event.challenged': (a) => {
    const loser = a.valid ? a.challenger : a.seat;
    return `${a.names[a.challenger]} ficht das Wort ${a.cards.map(card).join('')} von ${a.who} an: Es steht ${a.valid ? '' : 'nicht '}im Wörterbuch; ${a.names[loser]} verliert ${a.points} Punkte.`;
  },
  'quiddler.event.accepted': (a) =>
    a.timed_out ? `${a.who} lässt die Wörter gelten (Zeit abgelaufen).` : `${a.who} akzeptiert die Wörter.`,
  'quiddler.event.round_scored': (a) =>
    `Runde ${a.round} gewertet: ${a.scores.total.map((p, s) => `${a.names[s]} ${p > 0 ? '+' : ''}${p}`).join(', ')}.`,
  'quiddler.event.game_over': 'Das Spiel ist vorbei.',
};
