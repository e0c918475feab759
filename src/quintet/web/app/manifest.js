// Which per-game modules the server has (boards/<game>.js, messages/<game>.<lang>.js):
// the page carries the list (see quintet/server/web.py), so nothing is imported that
// does not exist (a failed import would be a 404 in the console).
const element = document.getElementById('manifest');
const data = element ? JSON.parse(element.textContent) : { boards: [], messages: [] };

export const boards = new Set(data.boards);
export const messageFiles = new Set(data.messages);
