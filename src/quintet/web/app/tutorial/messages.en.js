// English texts of the tutorial panel and the lobby's "Learn to play" (every game's own
// hints are in boards/<game>/tutorial.en.js).
export default {
  'lobby.learn': 'Learn to play',
  'lobby.learn_label': 'Learn to play {game}: a guided first game',
  'tutorial.heading': 'Tutorial',
  'tutorial.progress': 'Your move {step} of {steps}',
  'tutorial.wait': 'Watch: {who} plays next.',
  'tutorial.wrong': 'Not this one',
  'tutorial.paused': 'The clock is stopped while you read.',
  'tutorial.more': 'More',
  'tutorial.less': 'Less',
  'tutorial.done': 'Tutorial complete',
  'tutorial.lost': 'This tutorial has changed since this table began: play on as a practice game, or start the tutorial again from the lobby.',
  'tutorial.to_lobby': 'Back to the lobby',
  'tutorial.real_game': 'Play a real game',
  'tutorial.again': 'Start again',
  'tutorial.default_name': 'Player',
  'error.tutorial/off_script': 'Not the move this tutorial asks for here: see the hint.',
  'error.tutorial/wait': 'Wait: another player moves first in this tutorial.',
  'error.no_tutorial': 'This game has no tutorial yet.',
};
