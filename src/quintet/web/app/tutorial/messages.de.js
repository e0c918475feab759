// Deutsche Texte des Einführungsfelds und des „Spielen lernen“ der Lobby (die Hinweise
// jedes Spiels stehen in boards/<game>/tutorial.de.js).
export default {
  'lobby.learn': 'Spielen lernen',
  'lobby.learn_label': '{game} spielen lernen: ein geführtes erstes Spiel',
  'tutorial.heading': 'Einführung',
  'tutorial.progress': 'Dein Zug {step} von {steps}',
  'tutorial.wait': 'Schau zu: {who} ist als Nächstes dran.',
  'tutorial.wrong': 'Nicht diese',
  'tutorial.paused': 'Die Uhr steht, während du liest.',
  'tutorial.more': 'Mehr',
  'tutorial.less': 'Weniger',
  'tutorial.done': 'Einführung geschafft',
  'tutorial.lost': 'Diese Einführung hat sich geändert, seit der Tisch begann: Spiele als Übungsspiel weiter oder starte die Einführung in der Lobby neu.',
  'tutorial.to_lobby': 'Zurück zur Lobby',
  'tutorial.real_game': 'Ein echtes Spiel',
  'tutorial.again': 'Noch einmal',
  'tutorial.default_name': 'Spieler',
  'error.tutorial/off_script': 'Nicht der Zug, den die Einführung hier möchte: Sieh dir den Hinweis an.',
  'error.tutorial/wait': 'Warte: In dieser Einführung ist erst jemand anders dran.',
  'error.no_tutorial': 'Für dieses Spiel gibt es noch keine Einführung.',
};
