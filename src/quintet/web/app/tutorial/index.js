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

function progressText(info) {
  return t('tutorial.progress', { step: Math.min(info.step + 1, info.steps), steps: info.steps });
}

function hintText(info, names) {
  return info.turn === 'bot' && !info.hint ? t('tutorial.wait', { who: names?.[info.seat] ?? '' }) : text(info.hint);
}

/** One column (the shell's breakpoint, tutorial.css): the panel sits above the board. */
function oneColumn() {
  return window.matchMedia('(max-width: 900px)').matches;
}

/** Whether the page has scrolled past the panel's hint (one column only): then the hint
 * strip stands in for it under the top bar. */
function useScrolledPast(panelRef, shown) {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const hint = panelRef.current?.querySelector('.tutorial-hint');
    if (!shown || !hint) return undefined;
    const topbar = parseFloat(getComputedStyle(document.documentElement).getPropertyValue('--topbar-h')) || 0;
    const observer = new IntersectionObserver(
      ([entry]) => setPast(oneColumn() && entry.intersectionRatio < 1 && entry.boundingClientRect.top < entry.rootBounds.top),
      { rootMargin: `-${topbar}px 0px 0px 0px`, threshold: [0, 0.25, 0.5, 0.75, 1] },
    );
    observer.observe(hint);
    return () => observer.disconnect();
  }, [shown]);
  return past;
}

/** On one column, once the page is scrolled past the panel (to the cards, the piles, a
 * claim's input): the hint folded to two lines under the top bar, so it never covers what
 * it marks; "More" unfolds it, "Less" folds it again. A wrong move's explanation takes the
 * hint's place, whole (the person has read the hint, not yet the explanation). Not a live region: the panel is one. */
function HintStrip({ info, refusal, hint }) {
  const [open, setOpen] = useState(false);
  const state = open ? 'tutorial-strip-open' : refusal ? 'tutorial-strip-refused' : '';
  return html`<div class=${`tutorial-strip ${state}`} role="region" aria-label=${t('tutorial.heading')}>
    <p class="tutorial-strip-text">
      ${info.lost ? null : html`<strong class="tutorial-strip-step">${progressText(info)}:</strong> `}
      ${refusal
        ? html`<span class="tutorial-strip-wrong"><strong>${t('tutorial.wrong')}.</strong> ${text(info.wrong)}</span>`
        : hint}
    </p>
    ${open && refusal ? html`<p class="tutorial-strip-more">${hint}</p>` : null}
    <button type="button" class="small tutorial-strip-toggle" aria-expanded=${open ? 'true' : 'false'}
      onClick=${() => setOpen(!open)}>${open ? t('tutorial.less') : t('tutorial.more')}</button>
  </div>`;
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
  const panelRef = useRef(null);
  const stuck = useScrolledPast(panelRef, Boolean(info && ready));
  // At the end the first scoring is explained in the panel: bring it back into view.
  useEffect(() => {
    if (info?.done && panelRef.current && oneColumn()) panelRef.current.scrollIntoView({ block: 'start' });
  }, [info?.done]);
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
          : html`<p class="tutorial-progress">${progressText(info)}</p>`}
      <p class="tutorial-hint" role="status" aria-live="polite">${hintText(info, names)}</p>
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
    </section>
    ${stuck && !info.done
      ? html`<${HintStrip} key=${step} info=${info} refusal=${info.turn === 'you' ? refusal : null} hint=${hintText(info, names)} />`
      : null}`;
}
