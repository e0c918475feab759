// The leaderboard of a game (`/ratings/{game}`) and a player's page (`/players/{key_id}`)
// with the rating history as an SVG chart drawn here (docs/ratings.md).
import { html } from 'htm/preact';
import { useEffect, useState } from 'preact/hooks';
import { api } from './api.js';
import { t } from './i18n.js';
import { navigate } from './router.js';
import { playerKey } from './store.js';

const fixed = (x) => x.toFixed(1);

function useLoad(load, deps) {
  const [state, setState] = useState({ data: null, error: null });
  useEffect(() => {
    let live = true;
    load().then(
      (data) => live && setState({ data, error: null }),
      (error) => live && setState({ data: null, error }),
    );
    return () => {
      live = false;
    };
  }, deps);
  return state;
}

function who(row) {
  if (row.bot) return t('ratings.bot', { level: row.bot });
  const name = row.subject || t('ratings.unnamed');
  return html`<a href=${`/players/${row.key_id}`} data-nav>${name}</a>`;
}

/** Links to every game's leaderboard, the shown one marked. */
function GameNav({ game }) {
  const { data } = useLoad(() => api.games(), []);
  if (!data) return null;
  return html`<nav class="board-games" aria-label=${t('ratings.games_nav')}>
    ${data.map((g) => html`<a href=${`/ratings/${g.name}`} data-nav
      aria-current=${g.name === game ? 'page' : null}>${g.title}</a> `)}
  </nav>`;
}

/** The game's title (its id until the list of games has come). */
function useTitle(game) {
  const { data } = useLoad(() => api.games(), []);
  return data?.find((g) => g.name === game)?.title ?? game;
}

/** Take a player key made in another browser: checked at the server, then kept here. */
function KeyImport() {
  const [text, setText] = useState('');
  const [error, setError] = useState(null);
  const submit = async (event) => {
    event.preventDefault();
    const key = text.trim();
    try {
      const { key_id } = await api.checkPlayer(key);
      playerKey.value = { key_id, key };
      setError(null);
      setText('');
      navigate(`/players/${key_id}`);
    } catch (failure) {
      setError(failure.code === 'rate_limited' ? failure.detail : t('ratings.key_refused'));
    }
  };
  return html`<form class="key-import" onSubmit=${submit}>
    <label>${t('ratings.key_import')}
      <input class="key-entry" value=${text} autocomplete="off" spellcheck="false"
        onInput=${(e) => setText(e.target.value)} /></label>
    <button type="submit" disabled=${!text.trim()}>${t('ratings.key_use')}</button>
    ${error ? html`<p class="error" role="alert">${error}</p>` : null}
  </form>`;
}

/** A link to this browser's own player page, or the form to take a key (none yet). */
function KeyLine() {
  const mine = playerKey.value;
  if (!mine) return html`<${KeyImport} />`;
  return html`<p class="key-line"><a href=${`/players/${mine.key_id}`} data-nav>${t('ratings.your_page')}</a></p>`;
}

export function LeaderboardPage({ game }) {
  const { data, error } = useLoad(() => api.ratings(game), [game]);
  const title = useTitle(game);
  let body;
  if (error) body = html`<p class="error" role="alert">${error.detail || error.code}</p>`;
  else if (!data) body = html`<p>${t('app.loading')}</p>`;
  else if (!data.ratings.length) body = html`<p class="empty">${t('ratings.empty')}</p>`;
  else {
    body = html`
      <table class="leaderboard">
        <thead><tr>
          <th scope="col">${t('ratings.rank')}</th><th scope="col">${t('ratings.player')}</th>
          <th scope="col">${t('ratings.rating')}</th><th scope="col">${t('ratings.games')}</th>
        </tr></thead>
        <tbody>${data.ratings.map(
          (row) => html`<tr class=${row.bot ? 'bot-row' : 'player-row'}>
            <td>${row.rank}</td><td>${who(row)}</td>
            <td>${fixed(row.mu)} ± ${fixed(3 * row.sigma)}</td><td>${row.games}</td>
          </tr>`,
        )}</tbody>
      </table>
      <p class="note">${t('ratings.explain')}</p>`;
  }
  return html`<main class="page narrow">
    <h1>${t('ratings.title', { game: title })}</h1><${GameNav} game=${game} />${body}
    <${KeyLine} /></main>`;
}

/** A line of mu with its ±3 sigma band, one point per rated table (SVG, no library). */
function HistoryChart({ points }) {
  if (points.length === 0) return null;
  const width = 480, height = 200, pad = 24;
  const lows = points.map((p) => p.mu - 3 * p.sigma);
  const highs = points.map((p) => p.mu + 3 * p.sigma);
  const min = Math.min(...lows), max = Math.max(...highs);
  const x = (i) => pad + (points.length === 1 ? (width - 2 * pad) / 2 : (i * (width - 2 * pad)) / (points.length - 1));
  const y = (v) => height - pad - ((v - min) * (height - 2 * pad)) / (max - min || 1);
  const line = points.map((p, i) => `${x(i)},${y(p.mu)}`).join(' ');
  const band = [...points.map((p, i) => `${x(i)},${y(p.mu + 3 * p.sigma)}`),
    ...points.map((p, i) => `${x(i)},${y(p.mu - 3 * p.sigma)}`).reverse()].join(' ');
  return html`<svg class="rating-chart" viewBox=${`0 0 ${width} ${height}`} role="img"
      aria-label=${t('ratings.chart', { count: points.length })}>
    <polygon points=${band} fill="currentColor" opacity="0.15" />
    <polyline points=${line} fill="none" stroke="currentColor" stroke-width="2" />
    ${points.map((p, i) => html`<circle cx=${x(i)} cy=${y(p.mu)} r="3" fill="currentColor" />`)}
  </svg>`;
}

export function PlayerPage({ id }) {
  const { data, error } = useLoad(() => api.player(id), [id]);
  if (error) {
    return html`<main class="page narrow"><h1>${t('ratings.player_title')}</h1>
      <p class="error" role="alert">${error.code === 'no_player' ? t('ratings.no_player') : error.detail}</p></main>`;
  }
  if (!data) return html`<main class="page narrow"><p>${t('app.loading')}</p></main>`;
  const mine = playerKey.value?.key_id === id ? playerKey.value : null;
  const games = Object.keys(data.ratings);
  return html`<main class="page narrow">
    <h1>${data.nickname || t('ratings.unnamed')}</h1>
    ${games.length === 0 ? html`<p class="empty">${t('ratings.no_games')}</p>` : null}
    ${games.map((game) => {
      const row = data.ratings[game];
      return html`<section class="player-game">
        <h2><a href=${`/ratings/${game}`} data-nav>${game}</a></h2>
        <p>${t('ratings.summary', { rank: row.rank, rating: `${fixed(row.mu)} ± ${fixed(3 * row.sigma)}`, count: row.games })}</p>
        <${HistoryChart} points=${data.history.filter((h) => h.game === game)} />
      </section>`;
    })}
    ${mine ? html`<section class="player-key"><h2>${t('ratings.your_key')}</h2>
      <p>${t('ratings.key_note')}</p>
      <input readonly class="key" value=${mine.key} aria-label=${t('ratings.your_key')}
        onFocus=${(e) => e.target.select()} /></section>` : null}
    ${playerKey.value ? null : html`<${KeyImport} />`}
  </main>`;
}
