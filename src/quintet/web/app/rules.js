// The rules pages: `/rules/<game>`, and the same text in a panel beside a table's board
// (the "Rules" button; play goes on behind it). docs/web.md "Rules pages".
//
// Each game's folder holds one Markdown source per language, boards/<game>/rules.<lang>.md
// (the page's manifest lists them), rendered by marked. Two marks of our own:
// - a heading `### {option=name}` explains the lobby option `name`: the page writes the
//   option's label and its default from /api/games under it, so neither is written twice
//   (tests/web/test_rules_sources.py checks that every option has one);
// - a fenced block ```example holds a small JSON example that boards/<game>/examples.js
//   draws with the board's own card and tile components (`Example({ data, t })`);
//   its `caption`, when given, is Markdown too.
import { html } from 'htm/preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { Marked } from 'marked';
import { t, lang, loadGameMessages } from './i18n.js';
import { gameFiles } from './manifest.js';
import { loadGame } from './games.js';
import { gameInfo } from './api.js';
import { defaultText, optionLabel } from './lobby.js';
import { ErrorNote, Spinner } from './ui.js';
import { LearnButton } from './tutorial/index.js';

const OPTION_MARK = /^\{option=([a-z0-9_]+)\}$/;
// Our own sources only (no user text): raw HTML in them is kept as written.
const markdown = new Marked({ gfm: true });
const sources = new Map();
const exampleModules = new Map();

/** The language the page is shown in: the current one when the game has it, else English. */
function sourceLanguage(game, code) {
  const have = gameFiles(game).rules ?? [];
  if (have.includes(code)) return code;
  return have.includes('en') ? 'en' : (have[0] ?? null);
}

function loadSource(game, code) {
  const key = `${game}.${code}`;
  if (!sources.has(key)) {
    const url = new URL(`./boards/${game}/rules.${code}.md`, import.meta.url);
    const job = fetch(url).then((response) => {
      if (!response.ok) throw new Error(`${url.pathname}: ${response.status}`);
      return response.text();
    });
    job.catch(() => sources.delete(key));
    sources.set(key, job);
  }
  return sources.get(key);
}

function loadExamples(game) {
  if (!exampleModules.has(game)) exampleModules.set(game, import(`./boards/${game}/examples.js`));
  return exampleModules.get(game);
}

/** The source as blocks: {html} runs of plain Markdown, {option} marks and {example}s;
 * `shift` moves every heading that many levels down (the panel's title is an h2). */
export function blocks(text, shift = 0) {
  const tokens = markdown.lexer(text);
  const out = [];
  let run = [];
  const flush = () => {
    if (!run.length) return;
    run.links = tokens.links;
    out.push({ html: markdown.parser(run) });
    run = [];
  };
  for (const token of tokens) {
    if (token.type === 'heading') token.depth = Math.min(6, token.depth + shift);
    const option = token.type === 'heading' && token.text.trim().match(OPTION_MARK);
    if (option) {
      flush();
      out.push({ option: option[1], depth: token.depth });
    } else if (token.type === 'code' && token.lang === 'example') {
      flush();
      out.push({ example: JSON.parse(token.text) });
    } else run.push(token);
  }
  flush();
  return out;
}

function OptionHeading({ name, depth, info, game }) {
  const option = info?.options.find((o) => o.name === name);
  useEffect(() => {
    // A mark for an option the game does not register: the browser tests hear this.
    if (info && !option) console.error(`rules of ${game}: no option "${name}"`);
  }, [info, option]);
  const Tag = `h${Math.min(6, depth)}`;
  if (!option) return html`<${Tag} class="rules-option" id=${`option-${name}`}>${name}</${Tag}>`;
  return html`
    <${Tag} class="rules-option" id=${`option-${name}`} data-option=${name}>${optionLabel(option, game)}</${Tag}>
    <p class="rules-default">${t('rules.default', { value: defaultText({ ...option, game }) })}</p>`;
}

function Figure({ data, module }) {
  const Example = module?.Example;
  return html`<figure class="rules-example" data-example=${data.kind ?? ''}>
    <div class="felt rules-felt">${Example ? html`<${Example} data=${data} t=${t} />` : html`<${Spinner} />`}</div>
    ${data.caption
      ? html`<figcaption dangerouslySetInnerHTML=${{ __html: markdown.parseInline(data.caption) }} />`
      : null}
  </figure>`;
}

/** A game's rules in the current language: its Markdown with the options and examples. */
export function RulesText({ game, shift = 0 }) {
  const code = sourceLanguage(game, lang.value);
  const [loaded, setLoaded] = useState(null);
  const [error, setError] = useState(null);
  useEffect(() => {
    let stopped = false;
    setError(null);
    if (!code) {
      setError(t('rules.missing'));
      return undefined;
    }
    const examplesWanted = (text) => (/^```example/m.test(text) ? loadExamples(game) : null);
    loadSource(game, code)
      .then((text) =>
        Promise.all([
          blocks(text, shift),
          gameInfo(game),
          loadGameMessages(game),
          // The board's style sheet: the examples are drawn with its classes.
          gameFiles(game).board ? loadGame(game) : null,
          examplesWanted(text),
        ]),
      )
      .then(([parts, info, , , examples]) => !stopped && setLoaded({ game, code, parts, info, examples }))
      .catch((err) => !stopped && setError(err));
    return () => {
      stopped = true;
    };
  }, [game, code, shift]);
  if (error) return html`<${ErrorNote} error=${error} />`;
  if (!loaded || loaded.game !== game || loaded.code !== code) return html`<${Spinner} />`;
  return html`<div class="rules-text" lang=${code} data-rules=${game}>
    ${loaded.parts.map((part, i) => {
      if (part.option) {
        return html`<${OptionHeading} key=${i} name=${part.option} depth=${part.depth} info=${loaded.info} game=${game} />`;
      }
      if (part.example) return html`<${Figure} key=${i} data=${part.example} module=${loaded.examples} />`;
      return html`<div key=${i} class="rules-prose" dangerouslySetInnerHTML=${{ __html: part.html }} />`;
    })}
  </div>`;
}

function useInfo(game) {
  const [info, setInfo] = useState(null);
  useEffect(() => {
    gameInfo(game).then(setInfo, () => setInfo(null));
  }, [game]);
  return info;
}

/** "Learn to play" beside the rules, for a game with a guided first game. */
function Learn({ info }) {
  return info?.tutorial ? html`<${LearnButton} game=${info} />` : null;
}

/** The page /rules/<game>. */
export function RulesPage({ game }) {
  const info = useInfo(game);
  const title = info?.title ?? game;
  if (!gameFiles(game).rules?.length) {
    return html`<main class="page narrow"><h1>${t('app.not_found')}</h1>
      <p><a href="/" data-nav>${t('app.to_lobby')}</a></p></main>`;
  }
  return html`<main class="page rules-page" aria-labelledby="rules-title">
    <p><a href="/" data-nav>${t('app.to_lobby')}</a></p>
    <h1 id="rules-title">${t('rules.title', { game: title })}</h1>
    <${Learn} info=${info} />
    <${RulesText} game=${game} />
  </main>`;
}

/** The rules beside a table's board: a drawer that leaves the board playable (an overlay
 * on a phone). Not modal: focus moves in on open, Escape or ✕ closes it. */
export function RulesPanel({ game, title, onClose }) {
  const box = useRef(null);
  const info = useInfo(game);
  useEffect(() => {
    const before = document.activeElement;
    box.current?.querySelector('#rules-panel-title')?.focus();
    return () => before?.focus?.();
  }, []);
  const onKey = (event) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
    }
  };
  return html`<aside class="rules-panel" id="rules-panel" ref=${box} onKeyDown=${onKey} aria-labelledby="rules-panel-title">
    <div class="rules-panel-bar">
      <h2 id="rules-panel-title" tabindex="-1">${t('rules.title', { game: title })}</h2>
      <a class="button small" href=${`/rules/${game}`} target="_blank" rel="noopener">${t('rules.own_page')}</a>
      <${Learn} info=${info} />
      <button type="button" class="ghost small" aria-label=${t('rules.close')} onClick=${onClose}>✕</button>
    </div>
    <${RulesText} game=${game} shift=${1} />
  </aside>`;
}
