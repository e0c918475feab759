// A game's board module and messages: boards/<game>.js when the server has one (the
// page's manifest says), else the generic board that shows any view as lists.
import { boards } from './manifest.js';
import { loadGameMessages } from './i18n.js';
import { gameInfo } from './api.js';

const modules = new Map();

/** {board, info}: the board module (Board, and optionally describeEvent, activeSeats)
 * and the game's entry from /api/games. */
export function loadGame(name) {
  // `?board=generic` shows any game on the generic board (its raw view and actions).
  const own = boards.has(name) && new URLSearchParams(location.search).get('board') !== 'generic';
  const key = own ? name : `${name}:generic`;
  if (!modules.has(key)) {
    const file = own ? `./boards/${name}.js` : './boards/generic.js';
    const job = Promise.all([import(file), gameInfo(name), loadGameMessages(name)]).then(
      ([board, info]) => ({ board, info, generic: !own }),
    );
    job.catch(() => modules.delete(key));
    modules.set(key, job);
  }
  return modules.get(key);
}
