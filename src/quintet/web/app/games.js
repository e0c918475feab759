// A game's board and messages, from its folder boards/<game>/ (docs/web.md "The board
// folder"): index.js and board.css when the server has them (the page's manifest says),
// else the generic board that shows any view as lists.
import { gameFiles } from './manifest.js';
import { loadGameMessages } from './i18n.js';
import { gameInfo } from './api.js';

const modules = new Map();
const styles = new Map();

/** Add the board's style sheet to the page once; resolves when it has loaded, so a board
 * is never drawn unstyled. A sheet that fails to load leaves the board unstyled (the
 * browser's console names the file) rather than unplayable. */
function loadStyle(name) {
  if (!styles.has(name)) {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = new URL(`./boards/${name}/board.css`, import.meta.url).href;
    link.dataset.board = name;
    styles.set(
      name,
      new Promise((resolve) => {
        link.addEventListener('load', resolve, { once: true });
        link.addEventListener('error', resolve, { once: true });
      }),
    );
    document.head.append(link);
  }
  return styles.get(name);
}

/** {board, info, generic}: the board module (Board, and optionally describeEvent,
 * activeSeats, deadlineLabel, endLine, showsRefusals) and the game's entry from /api/games. */
export function loadGame(name) {
  const files = gameFiles(name);
  // `?board=generic` shows any game on the generic board (its raw view and actions).
  const own = files.board && new URLSearchParams(location.search).get('board') !== 'generic';
  const key = own ? name : `${name}:generic`;
  if (!modules.has(key)) {
    const file = own ? `./boards/${name}/index.js` : './boards/generic.js';
    const style = own && files.style ? loadStyle(name) : null;
    const job = Promise.all([import(file), gameInfo(name), loadGameMessages(name), style]).then(
      ([board, info]) => ({ board, info, generic: !own }),
    );
    job.catch(() => modules.delete(key));
    modules.set(key, job);
  }
  return modules.get(key);
}
