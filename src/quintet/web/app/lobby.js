// The lobby: a nickname, a new table (game, then its options and seats), and the open
// tables to join. Options are rendered from each option's JSON schema (/api/games).
import { html } from 'htm/preact';
import { useEffect, useState } from 'preact/hooks';
import { t, has, loadGameMessages } from './i18n.js';
import { api } from './api.js';
import { nickname, saveSeat, lastSetup } from './store.js';
import { navigate } from './router.js';
import { ErrorNote, Spinner, botLevel, gameSummary, seatName } from './ui.js';
import { LearnButton } from './tutorial/index.js';

const REFRESH_MS = 4000;

/** The level a new bot seat gets: the game's declared default (one a newcomer can beat;
 * /api/games `default_bot`), else its first level. `game.bots` is weakest first. */
export function defaultLevel(game) {
  return game.default_bot ?? game.bots[0];
}

function defaultPlayers(game) {
  return Math.min(game.max_players, Math.max(game.min_players, 4));
}

// ------------------------------------------------------------------ option inputs

/** What kind of input an option's JSON schema asks for. */
export function optionKind(schema) {
  const parts = schema.anyOf ?? [schema];
  const nullable = parts.some((p) => p.type === 'null');
  const main = parts.find((p) => p.type !== 'null') ?? {};
  let kind = 'text';
  if (main.type === 'boolean') kind = 'boolean';
  else if (main.enum) kind = 'choice';
  else if (main.type === 'integer' && schema.seat) kind = 'seat'; // a seat from 0, shown from 1
  else if (main.type === 'integer' || main.type === 'number') kind = 'number';
  else if (main.type === 'array' && main.prefixItems?.length && main.prefixItems.every((p) => p.enum)) {
    kind = 'picks'; // one known value per place (Quashars: a condition per pile)
  } else if (main.type === 'array' && main.items?.enum) kind = 'multi'; // any of a known set
  else if (main.type === 'array') kind = 'list';
  return { kind, nullable, main };
}

// Milliseconds are shown as seconds: "15" reads better than "15000".
function isMs(name) {
  return name.endsWith('_ms');
}

function toField(option, value) {
  const { kind } = optionKind(option.schema);
  if (kind === 'picks') return pickFields(option, value);
  if (kind === 'multi') return value ?? [];
  if (value === null || value === undefined) return '';
  if (kind === 'seat') return String(value);
  if (kind === 'number') return String(isMs(option.name) ? value / 1000 : value);
  if (kind === 'list') return value.join(', ');
  return value;
}

/** The field of a `picks` option: one value per place, '' for a place not chosen. */
function pickFields(option, value) {
  const { main } = optionKind(option.schema);
  return main.prefixItems.map((_, i) => (Array.isArray(value) ? value[i] ?? '' : ''));
}

/** The option's value from its field; throws a message naming the option when bad. */
function fromField(option, field) {
  const { kind, nullable, main } = optionKind(option.schema);
  if (kind === 'boolean' || kind === 'choice') return field;
  if (kind === 'picks') {
    const chosen = field.filter(Boolean).length;
    if (chosen === field.length) return [...field];
    if (chosen === 0 && nullable) return null;
    throw new Error(t('options.pick_each', { name: optionLabel(option, option.game), count: field.length }));
  }
  if (kind === 'multi') {
    const least = main.minItems ?? 0;
    const most = main.maxItems ?? main.items.enum.length;
    if (field.length < least || field.length > most) {
      throw new Error(t('options.pick_between', { name: optionLabel(option, option.game), min: least, max: most }));
    }
    return [...field];
  }
  if (field === '' || field === null) {
    if (nullable) return null;
    if (kind === 'list') return [];
    throw new Error(t('options.required', { name: optionLabel(option, option.game) }));
  }
  if (kind === 'seat') return Number(field);
  if (kind === 'number') {
    let number = Number(field);
    if (!Number.isFinite(number)) throw new Error(t('options.not_number', { name: optionLabel(option, option.game) }));
    if (isMs(option.name)) number = Math.round(number * 1000);
    if (main.type === 'integer' && !Number.isInteger(number)) {
      throw new Error(t('options.not_integer', { name: optionLabel(option, option.game) }));
    }
    return number;
  }
  if (kind === 'list') return String(field).split(/[\s,]+/).filter(Boolean);
  return field;
}

function optionKey(game, option, part) {
  return `option.${game}.${option.name}.${part}`;
}

export function optionLabel(option, game) {
  const key = game && optionKey(game, option, 'label');
  if (key && has(key)) return t(key);
  const words = option.name.replace(/_ms$/, '').replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function optionDescription(option, game) {
  const key = optionKey(game, option, 'description');
  if (has(key)) return t(key);
  // The field takes seconds (see isMs), so the server's "(ms)" would mislead.
  return isMs(option.name)
    ? option.description.replace(/ \(ms\)/, '').replace(/\(ms; /, '(')
    : option.description;
}

export function defaultText(option) {
  const { kind } = optionKind(option.schema);
  const value = option.default;
  if ((value === null || value === undefined) && kind === 'seat') return t('options.seat_random');
  if (value === null || value === undefined) return t('options.unset');
  if (kind === 'boolean') return value ? t('options.on') : t('options.off');
  if (kind === 'number' && isMs(option.name)) return t('clock.seconds', { count: value / 1000 });
  if (Array.isArray(value) && (kind === 'picks' || kind === 'multi')) {
    return value.length ? value.map((v) => choiceLabel(option, v)).join(', ') : t('options.none');
  }
  if (Array.isArray(value)) return value.length ? value.join(', ') : t('options.none');
  if (kind === 'choice') return choiceLabel(option, value);
  if (kind === 'seat') return t('seat.number', { n: value + 1 });
  return String(value);
}

function choiceLabel(option, value) {
  const key = `option.${option.game}.${option.name}.${value}`;
  return has(key) ? t(key) : String(value);
}

/** The name of place `n` (from 1) of a `picks` option: "Pile 1" from the game's
 * messages, else "No. 1". */
function placeLabel(game, option, n) {
  const key = `option.${game}.${option.name}.place.${n}`;
  return has(key) ? t(key) : t('options.place', { n });
}

/** An option whose values are a known set: a choice per place (`picks`) or a set of
 * check boxes (`multi`), every value by its name from the messages. */
function PickInput({ game, option, value, onChange, kind, main, nullable, label, describedBy }) {
  const id = `opt-${option.name}`;
  const named = { ...option, game };
  const help = html`<p class="option-help" id=${describedBy}>${optionDescription(option, game)}
    <span class="option-default"> ${t('options.default', { value: defaultText(named) })}</span></p>`;
  if (kind === 'multi') {
    return html`
      <fieldset class="option option-multi" data-option=${option.name} aria-describedby=${describedBy}>
        <legend>${label}</legend>
        <div class="option-picks">
          ${main.items.enum.map((v) => html`<label class="check" key=${v}>
            <input type="checkbox" name=${id} value=${v} checked=${value.includes(v)}
              onChange=${(e) => onChange(main.items.enum.filter((w) => (w === v ? e.currentTarget.checked : value.includes(w))))} />
            <span>${choiceLabel(named, v)}</span></label>`)}
        </div>
        ${help}
      </fieldset>`;
  }
  return html`
    <fieldset class="option option-picks" data-option=${option.name} aria-describedby=${describedBy}>
      <legend>${label}</legend>
      <div class="option-picks">
        ${main.prefixItems.map((place, i) => html`<div class="option-pick" key=${i}>
          <label for=${`${id}-${i + 1}`}>${placeLabel(game, option, i + 1)}</label>
          <select id=${`${id}-${i + 1}`} value=${value[i]}
            onChange=${(e) => onChange(value.map((v, k) => (k === i ? e.currentTarget.value : v)))}>
            <option value="">${nullable ? t('options.pick_unset') : t('options.pick_blank')}</option>
            ${place.enum.map((v) => html`<option value=${v}>${choiceLabel(named, v)}</option>`)}
          </select>
        </div>`)}
      </div>
      ${help}
    </fieldset>`;
}

function OptionInput({ game, option, value, onChange, players }) {
  const id = `opt-${option.name}`;
  const { kind, nullable, main } = optionKind(option.schema);
  const label = optionLabel(option, game);
  const describedBy = `${id}-help`;
  if (kind === 'picks' || kind === 'multi') {
    return html`<${PickInput} game=${game} option=${option} value=${value} onChange=${onChange}
      kind=${kind} main=${main} nullable=${nullable} label=${label} describedBy=${describedBy} />`;
  }
  let input;
  if (kind === 'boolean') {
    input = html`<input id=${id} type="checkbox" checked=${Boolean(value)} aria-describedby=${describedBy}
      onChange=${(e) => onChange(e.currentTarget.checked)} />`;
  } else if (kind === 'choice') {
    input = html`<select id=${id} value=${value} aria-describedby=${describedBy}
      onChange=${(e) => onChange(e.currentTarget.value)}>
      ${main.enum.map((v) => html`<option value=${v}>${choiceLabel({ ...option, game }, v)}</option>`)}
    </select>`;
  } else if (kind === 'seat') {
    // Seats as the lobby and the waiting room number them, from 1; the value sent is the
    // seat from 0. Unset (when the option allows it) is drawn at random by the game.
    const seats = Math.min(players ?? main.maximum + 1, main.maximum + 1);
    const shown = value !== '' && Number(value) >= seats ? Number(value) + 1 : seats;
    input = html`<select id=${id} value=${value} aria-describedby=${describedBy}
      onChange=${(e) => onChange(e.currentTarget.value)}>
      ${nullable ? html`<option value="">${t('options.seat_random')}</option>` : null}
      ${Array.from({ length: shown }, (_, i) => html`<option value=${String(i)}>${t('seat.number', { n: i + 1 })}</option>`)}
    </select>`;
  } else if (kind === 'number') {
    const scale = isMs(option.name) ? 1000 : 1;
    input = html`<input id=${id} type="number" inputmode="decimal" value=${value} aria-describedby=${describedBy}
      min=${main.minimum !== undefined ? main.minimum / scale : undefined}
      max=${main.maximum !== undefined ? main.maximum / scale : undefined}
      step=${scale === 1 && main.type === 'integer' ? 1 : 'any'}
      placeholder=${nullable ? t('options.unset') : ''}
      onInput=${(e) => onChange(e.currentTarget.value)} />`;
  } else {
    input = html`<input id=${id} type="text" value=${value} aria-describedby=${describedBy}
      placeholder=${nullable ? t('options.unset') : kind === 'list' ? t('options.list_placeholder') : ''}
      onInput=${(e) => onChange(e.currentTarget.value)} />`;
  }
  return html`
    <div class=${`option option-${kind}`} data-option=${option.name}>
      ${kind === 'boolean'
        ? html`<label class="check" for=${id}>${input}<span>${label}</span></label>`
        : html`<label for=${id}>${label}${isMs(option.name) ? html` <span class="unit">(${t('options.seconds_unit')})</span>` : null}</label>${input}`}
      <p class="option-help" id=${describedBy}>${optionDescription(option, game)}
        <span class="option-default"> ${t('options.default', { value: defaultText({ ...option, game }) })}</span></p>
    </div>`;
}

// ------------------------------------------------------------------ create a table

function NewTable({ games }) {
  const saved = lastSetup.value;
  const [gameName, setGameName] = useState(() =>
    saved && games.some((g) => g.name === saved.game) ? saved.game : games[0].name,
  );
  const game = games.find((g) => g.name === gameName);
  const [players, setPlayers] = useState(defaultPlayers(game));
  // Seat 0 is you; each other seat is 'friend' or a bot level.
  const [others, setOthers] = useState(() => Array(7).fill(defaultLevel(game)));
  const [fields, setFields] = useState({});
  const [practice, setPractice] = useState(false);
  const [showOptions, setShowOptions] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState(null);

  const pick = (name) => {
    const next = games.find((g) => g.name === name);
    setGameName(name);
    setPlayers(defaultPlayers(next));
    setOthers(Array(7).fill(defaultLevel(next)));
    setFields({});
    setError(null);
  };
  const field = (option) => (option.name in fields ? fields[option.name] : toField(option, option.default));

  const create = async (event) => {
    event.preventDefault();
    setError(null);
    const name = nickname.value.trim();
    if (!name) {
      setError(t('lobby.nickname_needed'));
      document.getElementById('nickname')?.focus();
      return;
    }
    const options = {};
    try {
      for (const option of game.options) {
        if (!(option.name in fields)) continue;
        const value = fromField({ ...option, game: game.name }, fields[option.name]);
        if (JSON.stringify(value) !== JSON.stringify(option.default)) options[option.name] = value;
      }
    } catch (err) {
      setError(err.message);
      return;
    }
    const seats = [{ kind: 'human' }];
    for (let i = 1; i < players; i += 1) {
      seats.push(others[i - 1] === 'friend' ? { kind: 'human' } : { kind: 'bot', level: others[i - 1] });
    }
    const body = { game: game.name, options, seats };
    if (practice) body.practice = true;
    setBusy(true);
    try {
      const table = await api.createTable(body);
      const joined = await api.join(table.id, 0, name);
      saveSeat(table.id, { token: joined.token, seat: 0, nickname: name });
      lastSetup.value = { game: game.name };
      if (seats.every((s, i) => i === 0 || s.kind === 'bot')) await api.start(table.id, joined.token);
      navigate(`/t/${table.id}`);
    } catch (err) {
      setError(err);
      setBusy(false);
    }
  };

  return html`
    <form class="card new-table" onSubmit=${create} aria-labelledby="new-table-title" novalidate>
      <h2 id="new-table-title">${t('lobby.new_table')}</h2>
      <fieldset class="game-picker">
        <legend>${t('lobby.choose_game')}</legend>
        <div class="game-tiles">
          ${games.map((g) => html`
            <label class=${`game-tile game-${g.name} ${g.name === gameName ? 'selected' : ''}`}>
              <input type="radio" name="game" value=${g.name} checked=${g.name === gameName}
                aria-labelledby=${`game-${g.name}-title`} aria-describedby=${`game-${g.name}-summary game-${g.name}-meta`}
                onChange=${() => pick(g.name)} />
              <span class="game-tile-title" id=${`game-${g.name}-title`}>${g.title}</span>
              <span class="game-tile-summary" id=${`game-${g.name}-summary`}>${gameSummary(g)}</span>
              <span class="game-tile-meta" id=${`game-${g.name}-meta`}>${t('lobby.players_range', { min: g.min_players, max: g.max_players })}
                ${g.real_time ? html` · <span class="badge">${t('lobby.real_time')}</span>` : null}</span>
              <a class="game-tile-rules" href=${`/rules/${g.name}`} data-nav
                aria-label=${t('rules.link_for', { game: g.title })}>${t('rules.link')}</a>
              ${g.tutorial ? html`<${LearnButton} game=${g} />` : null}
            </label>`)}
        </div>
      </fieldset>

      <fieldset class="seats-setup">
        <legend>${t('lobby.seats')}</legend>
        <div class="field inline">
          <label for="players">${t('lobby.players')}</label>
          <select id="players" value=${String(players)} onChange=${(e) => setPlayers(Number(e.currentTarget.value))}>
            ${Array.from({ length: game.max_players - game.min_players + 1 }, (_, i) => game.min_players + i)
              .map((n) => html`<option value=${String(n)}>${n}</option>`)}
          </select>
        </div>
        <ol class="seat-setup-list">
          <li><span class="seat-no">1</span><span class="seat-you">${nickname.value.trim() ? t('lobby.seat_you', { name: nickname.value.trim() }) : t('lobby.you')}</span></li>
          ${Array.from({ length: players - 1 }, (_, i) => html`
            <li>
              <label class="seat-no" for=${`seat-${i + 1}`}>${i + 2}</label>
              <select id=${`seat-${i + 1}`} value=${others[i]} aria-label=${t('seat.number', { n: i + 2 })}
                onChange=${(e) => setOthers(others.map((v, k) => (k === i ? e.currentTarget.value : v)))}>
                <option value="friend">${t('lobby.seat_friend')}</option>
                ${game.bots.map((level) => html`<option value=${level}>${t('seat.bot', { level: botLevel(level) })}</option>`)}
              </select>
            </li>`)}
        </ol>
        <p class="hint">${t('lobby.friend_hint')}</p>
      </fieldset>

      <fieldset class="options">
        <legend>
          <button type="button" class="disclosure" aria-expanded=${showOptions ? 'true' : 'false'}
            aria-controls="options-body" onClick=${() => setShowOptions(!showOptions)}>
            <span aria-hidden="true">${showOptions ? '▾' : '▸'}</span> ${t('lobby.options')}
          </button>
        </legend>
        <div id="options-body" hidden=${!showOptions}>
          ${game.options.map((option) => html`<${OptionInput} key=${`${game.name}-${option.name}`} game=${game.name}
            option=${option} value=${field(option)} players=${players}
            onChange=${(v) => {
              setFields({ ...fields, [option.name]: v });
              setError(null);
            }} />`)}
          <div class="option option-boolean" data-option="practice">
            <label class="check" for="opt-practice"><input id="opt-practice" type="checkbox" checked=${practice}
              aria-describedby="opt-practice-help" onChange=${(e) => setPractice(e.currentTarget.checked)} />
              <span>${t('lobby.practice')}</span></label>
            <p class="option-help" id="opt-practice-help">${t('lobby.practice_help')}
              <span class="option-default"> ${t('options.default', { value: t('options.off') })}</span></p>
          </div>
        </div>
      </fieldset>
      <${ErrorNote} error=${error} />
      <button type="submit" class="primary big" disabled=${busy}>${t('lobby.create')}</button>
    </form>`;
}

// ------------------------------------------------------------------ open tables

function OpenTables({ games }) {
  const [tables, setTables] = useState(null);
  const [error, setError] = useState(null);
  useEffect(() => {
    let stopped = false;
    const load = () =>
      api.openTables().then(
        (list) => {
          if (!stopped) {
            setTables(list);
            setError(null);
          }
        },
        (err) => !stopped && setError(err),
      );
    load();
    const timer = setInterval(load, REFRESH_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, []);
  const title = (name) => games.find((g) => g.name === name)?.title ?? name;
  return html`
    <section class="card open-tables" aria-labelledby="open-title">
      <h2 id="open-title">${t('lobby.open_tables')}</h2>
      <${ErrorNote} error=${error} />
      ${tables === null
        ? html`<${Spinner} />`
        : tables.length === 0
          ? html`<p class="muted">${t('lobby.no_open_tables')}</p>`
          : html`<ul class="table-list">
              ${tables.map((table) => html`
                <li class="table-row" data-table=${table.id}>
                  <span class="table-row-game">${title(table.game)}</span>
                  <span class="table-row-seats">
                    ${table.seats.map((s, i) => html`<span class=${`mini-seat ${s.kind} ${s.nickname ? 'taken' : ''}`}>${s.kind === 'bot' || s.nickname ? seatName(s, i) : t('seat.open')}</span>`)}
                  </span>
                  <span class="table-row-free">${t('lobby.free_seats', { count: table.free_seats.length })}</span>
                  <a class="button primary small" href=${`/t/${table.id}`} data-nav
                    aria-label=${t('lobby.join_table', { game: title(table.game) })}>${t('lobby.join')}</a>
                </li>`)}
            </ul>`}
    </section>`;
}

// ------------------------------------------------------------------ the page

export function Lobby() {
  const [games, setGames] = useState(null);
  const [error, setError] = useState(null);
  useEffect(() => {
    // Each game's summary and option labels live in its own message files: load them all
    // before the games are shown, so no tile flashes the server's English first.
    api
      .games()
      .then(async (list) => {
        await Promise.all(list.map((game) => loadGameMessages(game.name)));
        setGames(list);
      })
      .catch(setError);
  }, []);
  return html`
    <main class="page lobby">
      <section class="hero">
        <div class="hero-text">
          <h1>${t('lobby.title')}</h1>
          <p class="tagline">${t('lobby.tagline')}</p>
        </div>
        <div class="hero-cards" aria-hidden="true">
          <span class="hero-card c1">9</span><span class="hero-card c2">QU</span><span class="hero-card c3">+</span>
        </div>
      </section>
      <div class="card nickname-card">
        <label for="nickname">${t('lobby.nickname')}</label>
        <input id="nickname" maxlength="24" autocomplete="nickname" value=${nickname.value}
          placeholder=${t('lobby.nickname_placeholder')}
          onInput=${(e) => {
            nickname.value = e.currentTarget.value;
          }} />
      </div>
      <${ErrorNote} error=${error} />
      ${games
        ? html`<div class="lobby-grid">
            <${NewTable} games=${games} />
            <${OpenTables} games=${games} />
          </div>
          <nav class="lobby-boards" aria-label=${t('ratings.games_nav')}>
            ${games.map((g) => html`<a href=${`/ratings/${g.name}`} data-nav>${t('ratings.title', { game: g.title })}</a> `)}
          </nav>`
        : error ? null : html`<${Spinner} />`}
    </main>`;
}
