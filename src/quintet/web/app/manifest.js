// What each game's folder boards/<game>/ holds: {board, style, messages} per game, where
// `board` says there is an index.js, `style` a board.css and `messages` lists the
// languages of its messages.<lang>.js. The server derives it from the folders and puts it
// in the page (quintet/server/web.py), so a new game needs no line here, and nothing is
// imported that does not exist (a failed import would be a 404 in the console).
const element = document.getElementById('manifest');
const games = element ? JSON.parse(element.textContent) : {};

const NOTHING = Object.freeze({ board: false, style: false, messages: [] });

/** The files of `game`'s folder (none when it has no folder). */
export function gameFiles(game) {
  return Object.hasOwn(games, game) ? games[game] : NOTHING;
}
