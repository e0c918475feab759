// Guided first games (docs/server.md "Tutorials"): the lobby's "Learn to play" button,
// and the hint panel beside the board of a tutorial table.
//
// The server sends no script, only the current step in the person's own view
// (`view.tutorial`: step, whose move, the hint and the explanation of a wrong move, each a
// message key with parameters). Each game's texts are in boards/<game>/tutorial.<lang>.js,
// loaded here for a tutorial table; the panel's own texts in ./messages.<lang>.js.
import { html } from 'htm/preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { signal } from '@preact/signals';
import { t, addMessages, LANGUAGES } from '../i18n.js';
import { api } from '../api.js';
import { nickname, saveSeat, lastSetup } from '../store.js';
import { navigate } from '../router.js';
import { ErrorNote, errorText } from '../ui.js';
import en from './messages.en.js';
import de from './messages.de.js';

addMessages('en', en);
addMessages('de', de);

const style = document.createElement('link');
style.rel = 'stylesheet';
style.href = new URL('./tutorial.css', import.meta.url).href;
document.head.append(style);

/** The person's last refused move at a tutorial table ({code, message}), or null; the
 * shell sets it from the server's answer, the panel explains it. */
export const tutorialRefusal = signal(null);

const loading = new Map();

/** Load boards/<game>/tutorial.<lang>.js for every language (only games with a tutorial
 * have them: the server says so in /api/games). */
export function loadTutorialMessages(game) {
  if (!loading.has(game)) {
    const jobs = Object.keys(LANGUAGES).map(async (code) => {
      const module = await import(`../boards/${game}/tutorial.${code}.js`);
      addMessages(code, module.default);
    });
    loading.set(game, Promise.all(jobs));
  }
  return loading.get(game);
}

/** Start `game`'s tutorial for this browser's person and open its table. */
export async function startTutorial(game) {
  const name = nickname.value.trim() || t('tutorial.default_name');
  const started = await api.startTutorial(game, name);
  saveSeat(started.table.id, { token: started.token, seat: started.seat, nickname: name });
  navigate(`/t/${started.table.id}`);
}

/** The lobby tile's "Learn to play" button (for a game with a tutorial). */
export function LearnButton({ game }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState(null);
  const learn = async (event) => {
    event.preventDefault();
    event.stopPropagation();
    setBusy(true);
    setError(null);
    try {
      await startTutorial(game.name);
    } catch (err) {
      setError(err);
      setBusy(false);
    }
  };
  return html`<span class="tutorial-learn">
    <button type="button" class="small learn-button" disabled=${busy} data-learn=${game.name}
      aria-label=${t('lobby.learn_label', { game: game.title })} onClick=${learn}>${t('lobby.learn')}</button>
    <${ErrorNote} error=${error} /></span>`;
}

// ------------------------------------------------------------------ the hint panel

function text(hint) {
  return hint ? t(hint.key, hint.params ?? {}) : '';
}

/** Mark what the hint points at on the board: "<kind>:<name>" marks the elements with
 * data-<kind>="<name>" ("card:B9", "pile:discard", "gap:1", "cell:0,2", "tile:W1");
 * marks of earlier hints go. */
function useMarks(marks) {
  const key = (marks ?? []).join(' ');
  useEffect(() => {
    const area = document.querySelector('.board-area');
    if (!area) return undefined;
    const apply = () => {
      for (const old of area.querySelectorAll('.tutorial-mark')) old.classList.remove('tutorial-mark');
      for (const mark of marks ?? []) {
        const [kind, name] = [mark.slice(0, mark.indexOf(':')), mark.slice(mark.indexOf(':') + 1)];
        if (!/^[a-z]+$/.test(kind)) continue;
        const selector = `[data-${kind}="${CSS.escape(name)}"]`;
        for (const element of area.querySelectorAll(selector)) element.classList.add('tutorial-mark');
      }
    };
    apply();
    // The board re-renders on its own (a card chosen, a word built): keep the marks on.
    const observer = new MutationObserver(() => {
      observer.disconnect();
      apply();
      observer.observe(area, { childList: true, subtree: true });
    });
    observer.observe(area, { childList: true, subtree: true });
    return () => {
      observer.disconnect();
      for (const old of area.querySelectorAll('.tutorial-mark')) old.classList.remove('tutorial-mark');
    };
  }, [key]);
}

/** The panel beside the board of a tutorial table: the step's hint, a wrong move
 * explained, and at the end the first scoring explained with the ways on. */
export function TutorialPanel({ game, view, names }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    loadTutorialMessages(game).then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, [game]);
  const info = view?.tutorial;
  const step = info ? `${info.step}:${info.done}:${info.turn}` : '';
  // A new step clears the last refusal's explanation.
  useEffect(() => {
    tutorialRefusal.value = null;
  }, [step]);
  useMarks(ready && info?.turn === 'you' ? info.hint?.marks : []);
  const refusal = tutorialRefusal.value;
  // On a phone the panel is a short strip that scrolls inside itself (tutorial.css): a
  // wrong move's explanation, added below the hint, is scrolled into that strip's view.
  const panelRef = useRef(null);
  useEffect(() => {
    const panel = panelRef.current;
    if (refusal && panel && panel.scrollHeight > panel.clientHeight) panel.scrollTop = panel.scrollHeight;
  }, [refusal]);
  if (!info || !ready) return null;
  const title = t(`tutorial.${game}.title`);
  const again = async () => {
    try {
      await startTutorial(game);
    } catch {
      navigate('/');
    }
  };
  const realGame = (event) => {
    event.preventDefault();
    lastSetup.value = { game };
    navigate('/');
  };
  return html`
    <section ref=${panelRef} class=${`panel tutorial-panel ${info.done ? 'tutorial-done' : ''}`} aria-labelledby="tutorial-title"
      data-step=${info.step} data-steps=${info.steps} data-turn=${info.turn ?? ''} data-done=${info.done ? 'true' : 'false'}>
      <h2 class="panel-title" id="tutorial-title">${t('tutorial.heading')} · ${title}</h2>
      ${info.done
        ? html`<p class="tutorial-finished">${t('tutorial.done')}</p>`
        : info.lost ? null
          : html`<p class="tutorial-progress">${t('tutorial.progress', { step: Math.min(info.step + 1, info.steps), steps: info.steps })}</p>`}
      <p class="tutorial-hint" role="status" aria-live="polite">${info.turn === 'bot' && !info.hint
        ? t('tutorial.wait', { who: names?.[info.seat] ?? '' })
        : text(info.hint)}</p>
      ${info.pause ? html`<p class="tutorial-paused muted">${t('tutorial.paused')}</p>` : null}
      ${refusal && info.turn === 'you'
        ? html`<div class="tutorial-wrong" role="alert">
            <strong>${t('tutorial.wrong')}</strong>
            ${refusal.code !== 'tutorial/off_script' ? html`<span class="tutorial-rule">${errorText(refusal)}</span>` : null}
            <span class="tutorial-why">${text(info.wrong)}</span>
          </div>`
        : null}
      ${info.done || info.lost
        ? html`<div class="tutorial-ways">
            <a class="button primary" href="/" data-nav onClick=${realGame}>${t('tutorial.real_game')}</a>
            <a class="button" href="/" data-nav>${t('tutorial.to_lobby')}</a>
            <button type="button" onClick=${again}>${t('tutorial.again')}</button>
          </div>`
        : null}
    </section>`;
}
