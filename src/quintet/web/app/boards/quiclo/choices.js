// The player's two choices besides claims: how to hold the cards (open or hidden, each
// player's own, docs/rules/quiclo.md "Open or hidden hands") and the vote "no more
// claims" that ends a game nobody can go on with.
import { html } from 'htm/preact';

/** Above the hand: how the others see it now, and the choices still open. */
export function HandChoice({ shown, view, busy, act, t }) {
  const fallback = view.options?.open_hands === false ? 'quiclo.hand.default_hidden' : 'quiclo.hand.default_open';
  const state = shown === null
    ? t('quiclo.hand.undecided', { default: t(fallback) })
    : t(shown ? 'quiclo.hand.is_open' : 'quiclo.hand.is_hidden');
  return html`<div class="qc-hand-choice" data-shown=${String(shown)}>
    <span class="qc-hand-state">${state}</span>
    ${shown !== true
      ? html`<button type="button" class="small qc-show-hand" disabled=${busy}
          onClick=${() => act({ type: 'hand', open: true })}>${t('quiclo.hand.open')}</button>`
      : null}
    ${shown === null
      ? html`<button type="button" class="small qc-hide-hand" disabled=${busy}
          onClick=${() => act({ type: 'hand', open: false })}>${t('quiclo.hand.hidden')}</button>`
      : null}
  </div>`;
}

/** In the chain builder: the vote button, and whether this player has voted. */
export function VoteRow({ view, seat, busy, act, t }) {
  const voted = Boolean(view.voted?.[seat]);
  return html`<div class="qc-vote-row">
    <button type="button" class="small qc-vote" disabled=${!view.can_vote || busy}
      aria-pressed=${voted ? 'true' : 'false'} aria-label=${t('quiclo.vote_label')}
      onClick=${() => act({ type: 'no_more_claims' })}>${t('quiclo.vote')}</button>
    <span class="qc-vote-note">${voted ? t('quiclo.voted_you') : t('quiclo.vote_help')}</span>
  </div>`;
}
