// Sounds for the key moments, made with WebAudio (no files). Off by default; the
// toggle is remembered. Browsers allow audio only after a user gesture, which the
// toggle itself is.
import { html } from 'htm/preact';
import { soundOn } from '../store.js';
import { t } from '../i18n.js';
import { Icon } from '../ui.js';

let context = null;

const TUNES = {
  turn: [[660, 0.09], [880, 0.12]],
  event: [[520, 0.05]],
  refused: [[220, 0.16]],
  win: [[523, 0.12], [659, 0.12], [784, 0.2]],
  end: [[440, 0.14], [330, 0.2]],
  start: [[392, 0.08], [523, 0.12]],
};

/** Play a named sound when sounds are on. */
export function play(name) {
  if (!soundOn.value) return;
  const tune = TUNES[name];
  if (!tune) return;
  try {
    context ??= new AudioContext();
    let at = context.currentTime;
    for (const [frequency, length] of tune) {
      const osc = context.createOscillator();
      const gain = context.createGain();
      osc.type = 'sine';
      osc.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.18, at + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + length);
      osc.connect(gain).connect(context.destination);
      osc.start(at);
      osc.stop(at + length + 0.02);
      at += length;
    }
  } catch {
    // No audio device: silence is fine.
  }
}

export function SoundToggle() {
  const on = soundOn.value;
  return html`
    <button type="button" class=${`icon-button sound-toggle ${on ? 'on' : ''}`}
      aria-pressed=${on ? 'true' : 'false'}
      aria-label=${on ? t('sound.off_action') : t('sound.on_action')}
      title=${on ? t('sound.off_action') : t('sound.on_action')}
      onClick=${() => {
        soundOn.value = !on;
        if (!on) play('start');
      }}>
      <${Icon} name=${on ? 'sound-on' : 'sound-off'} />
      <span class="label">${on ? t('sound.on') : t('sound.off')}</span>
    </button>`;
}
