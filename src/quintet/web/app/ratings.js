// The leaderboard of a game (`/ratings/{game}`) and a player's page (`/players/{key_id}`)
// with the rating history as an SVG chart drawn here (docs/ratings.md).
import { html } from 'htm/preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { api } from './api.js';
import { lang, t } from './i18n.js';
import { navigate } from './router.js';
import { playerKey } from './store.js';
import { botLevel } from './ui.js';

/** Rows on one page of a leaderboard (the API's largest page). */
const PAGE = 100;

/** A rating with one decimal, as the language writes it ("25.3", "25,3"). */
function fixed(x) {
  const format = new Intl.NumberFormat(lang.value, {
    useGrouping: false, minimumFractionDigits: 1, maximumFractionDigits: 1,
  });
  return format.format(x).replace('-', '\u2212');
}

const rating = (row) => `${fixed(row.mu)} ± ${fixed(3 * row.sigma)}`;

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
  if (row.bot) return t('ratings.bot', { level: botLevel(row.bot) });
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

/** This browser's player's rating in `game` ({rank, ...}), or null: no key, not rated. */
function useMyRating(game) {
  const mine = playerKey.value;
  const { data } = useLoad(
    () => (mine ? api.player(mine.key_id).catch(() => null) : Promise.resolve(null)),
    [mine?.key_id],
  );
  return (mine && data?.key_id === mine.key_id && data.ratings[game]) || null;
}

/** Previous and next page, which places are shown, and a jump to this browser's place. */
function Pager({ board, offset, setOffset, myRank }) {
  const { total } = board;
  const last = Math.min(total, offset + PAGE);
  const mine = myRank ? Math.floor((myRank - 1) / PAGE) * PAGE : null;
  return html`<nav class="pager" aria-label=${t('ratings.pages')}>
    <button type="button" class="pager-previous" disabled=${offset === 0}
      onClick=${() => setOffset(Math.max(0, offset - PAGE))}>${t('ratings.previous')}</button>
    <span class="pager-places" aria-live="polite">${
      t('ratings.places', { first: total ? offset + 1 : 0, last, count: total })}</span>
    <button type="button" class="pager-next" disabled=${last >= total}
      onClick=${() => setOffset(offset + PAGE)}>${t('ratings.next')}</button>
    ${mine === null ? null : html`<button type="button" class="pager-mine"
      onClick=${() => setOffset(mine, true)}>${
      t('ratings.my_place', { rank: myRank })}</button>`}
  </nav>`;
}

/** The page the address asks for (`?from=101`: the page of place 101), else the first. */
function offsetInAddress() {
  const from = Number(new URLSearchParams(location.search).get('from'));
  return Number.isInteger(from) && from > 1 ? Math.floor((from - 1) / PAGE) * PAGE : 0;
}

export function LeaderboardPage({ game }) {
  const [offset, setOffsetNow] = useState(offsetInAddress);
  const { data, error } = useLoad(() => api.ratings(game, offset, PAGE), [game, offset]);
  const title = useTitle(game);
  const mine = useMyRating(game);
  const myId = playerKey.value?.key_id;
  // "My place" shows the player's row once its page is there (it may be far down).
  const findMe = useRef(false);
  // Each page is an entry of the browser's history (?from=101), so Back and a reload
  // keep the place; the router itself follows only the path.
  const setOffset = (value, me = false) => {
    findMe.current = me;
    if (value !== offset) {
      history.pushState(null, '', value ? `${location.pathname}?from=${value + 1}` : location.pathname);
    }
    setOffsetNow(value);
  };
  useEffect(() => {
    const back = () => setOffsetNow(offsetInAddress());
    window.addEventListener('popstate', back);
    return () => window.removeEventListener('popstate', back);
  }, []);
  useEffect(() => {
    if (!findMe.current || data?.offset !== offset) return;
    const row = document.querySelector('tr.my-row');
    if (row) {
      findMe.current = false;
      row.scrollIntoView({ block: 'center' });
      row.querySelector('a')?.focus({ preventScroll: true });
    }
  }, [data, offset]);
  let body;
  if (error) body = html`<p class="error" role="alert">${error.detail || error.code}</p>`;
  else if (!data) body = html`<p>${t('app.loading')}</p>`;
  else if (!data.total) body = html`<p class="empty">${t('ratings.empty')}</p>`;
  else {
    const pager = data.total > PAGE || mine
      ? html`<${Pager} board=${data} offset=${offset} setOffset=${setOffset}
          myRank=${mine?.rank} />`
      : null;
    body = html`
      ${pager}
      <div class="table-scroll"><table class="leaderboard">
        <thead><tr>
          <th scope="col">${t('ratings.rank')}</th><th scope="col">${t('ratings.player')}</th>
          <th scope="col">${t('ratings.rating')}</th><th scope="col">${t('ratings.games')}</th>
        </tr></thead>
        <tbody>${data.ratings.map((row) => {
          const me = myId && row.key_id === myId;
          const kind = row.bot ? 'bot-row' : 'player-row';
          return html`<tr class=${me ? `${kind} my-row` : kind} aria-current=${me ? 'true' : null}>
            <td>${row.rank}</td>
            <td>${who(row)}${me ? html` <span class="you-tag">${t('ratings.you')}</span>` : null}</td>
            <td>${rating(row)}</td><td>${row.games}</td>
          </tr>`;
        })}</tbody>
      </table></div>
      ${data.ratings.length ? null : html`<p class="empty">${t('ratings.past_end')}</p>`}
      <p class="note">${t('ratings.explain')}</p>`;
  }
  const hint = mine ? null : html`<p class="note">${t('ratings.how', { game: title })}</p>`;
  return html`<main class="page narrow">
    <h1>${t('ratings.title', { game: title })}</h1><${GameNav} game=${game} />${body}
    ${hint}<${KeyLine} /></main>`;
}

/** A line of mu with its ±3 sigma band, one point per rated table (SVG, no library): the
 * band's range is written at the left, each point has its ±3 sigma bar (so that a first
 * game shows more than a dot), and a caption says what is drawn. */
function HistoryChart({ points }) {
  if (points.length === 0) return null;
  const width = 480, height = 200, pad = 24, left = 56;
  const lows = points.map((p) => p.mu - 3 * p.sigma);
  const highs = points.map((p) => p.mu + 3 * p.sigma);
  const min = Math.min(...lows), max = Math.max(...highs);
  const span = width - left - pad;
  const x = (i) => left + (points.length === 1 ? span / 2 : (i * span) / (points.length - 1));
  const y = (v) => height - pad - ((v - min) * (height - 2 * pad)) / (max - min || 1);
  const line = points.map((p, i) => `${x(i)},${y(p.mu)}`).join(' ');
  const band = [...points.map((p, i) => `${x(i)},${y(p.mu + 3 * p.sigma)}`),
    ...points.map((p, i) => `${x(i)},${y(p.mu - 3 * p.sigma)}`).reverse()].join(' ');
  return html`<figure class="rating-figure">
    <svg class="rating-chart" viewBox=${`0 0 ${width} ${height}`} role="img"
        aria-label=${t('ratings.chart', { count: points.length })}>
      <line class="axis" x1=${left - 8} y1=${pad} x2=${left - 8} y2=${height - pad}
        stroke="currentColor" opacity="0.4" />
      <text x=${left - 12} y=${pad + 4} text-anchor="end" font-size="12" fill="currentColor">${fixed(max)}</text>
      <text x=${left - 12} y=${height - pad + 4} text-anchor="end" font-size="12" fill="currentColor">${fixed(min)}</text>
      <polygon points=${band} fill="currentColor" opacity="0.15" />
      ${points.map((p, i) => html`<line x1=${x(i)} x2=${x(i)} y1=${y(p.mu - 3 * p.sigma)}
        y2=${y(p.mu + 3 * p.sigma)} stroke="currentColor" opacity="0.35" />`)}
      <polyline points=${line} fill="none" stroke="currentColor" stroke-width="2" />
      ${points.map((p, i) => html`<circle cx=${x(i)} cy=${y(p.mu)} r="3" fill="currentColor" />`)}
    </svg>
    <figcaption class="note">${t('ratings.chart_caption')}</figcaption>
  </figure>`;
}

export function PlayerPage({ id }) {
  const { data, error } = useLoad(() => api.player(id), [id]);
  const { data: known } = useLoad(() => api.games(), []);
  const titleOf = (game) => known?.find((g) => g.name === game)?.title ?? game;
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
        <h2><a href=${`/ratings/${game}?from=${row.rank}`} data-nav>${titleOf(game)}</a></h2>
        <p>${t('ratings.summary', { rank: row.rank, rating: rating(row), count: row.games })}</p>
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
