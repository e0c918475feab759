// The front end's entry: a router by path (`/` lobby, `/t/{id}` a table, `/replay/{id}`
// a finished game's replay, `/rules/{game}` a game's rules) under one header with the
// language switch.
import { render } from 'preact';
import { html } from 'htm/preact';
import { path } from './router.js';
import { t } from './i18n.js';
import { Header } from './ui.js';
import { Lobby } from './lobby.js';
import { TablePage } from './shell/table.js';
import { ReplayPage } from './shell/replay.js';
import { RulesPage } from './rules.js';
import { LeaderboardPage, PlayerPage } from './ratings.js';

function route(where) {
  let match = where.match(/^\/t\/([\w-]+)\/?$/);
  if (match) return html`<${TablePage} key=${match[1]} id=${match[1]} />`;
  match = where.match(/^\/replay\/([\w-]+)\/?$/);
  if (match) return html`<${ReplayPage} key=${match[1]} id=${match[1]} />`;
  match = where.match(/^\/rules\/([\w-]+)\/?$/);
  if (match) return html`<${RulesPage} key=${match[1]} game=${match[1]} />`;
  match = where.match(/^\/ratings\/([\w-]+)\/?$/);
  if (match) return html`<${LeaderboardPage} key=${match[1]} game=${match[1]} />`;
  match = where.match(/^\/players\/([\w-]+)\/?$/);
  if (match) return html`<${PlayerPage} key=${match[1]} id=${match[1]} />`;
  if (where === '/' || where === '') return html`<${Lobby} />`;
  return html`<main class="page narrow"><h1>${t('app.not_found')}</h1>
    <p><a href="/" data-nav>${t('app.to_lobby')}</a></p></main>`;
}

function App() {
  return html`
    <a class="skip-link" href="#main">${t('app.skip')}</a>
    <${Header} />
    <div id="main" tabindex="-1">${route(path.value)}</div>
  `;
}

render(html`<${App} />`, document.getElementById('app'));
