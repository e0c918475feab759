// Quiddlers Spielverlauf auf Deutsch (das allgemeine Brett zeigt Quiddler; diese Sätze
// beschreiben seine Ereignisse).
const card = (c) => String(c).toUpperCase();
const words = (list) => (list.length ? list.map((w) => w.map(card).join('')).join(', ') : 'keinen Wörtern');

export default {
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
