// Under the chain being typed: chips telling each number's role, and the preview of
// what the chain claims or which rule it breaks.
import { html } from 'htm/preact';
import { SIGNS, formatChain, reasonText } from './arith.js';
import { chipTokens } from './chain.js';
import { stackNo } from './words.js';

export function Chips({ text, info, view, seen, t }) {
  const found = chipTokens(text);
  if (!found || !found.length) return null;
  const tops = view.tops ?? [];
  const hand = view.hand ?? [];
  let afterEquals = false;
  return html`<div class="qc-chips" aria-hidden="true">
    ${found.map((token, i) => {
      if (token.kind === '=') {
        afterEquals = true;
        return html`<span key=${i} class="qc-chip-op qc-eq">=</span>`;
      }
      if (token.kind !== 'n') return html`<span key=${i} class="qc-chip-op">${SIGNS[token.kind]}</span>`;
      const card = Number(token.value);
      let role = 'unknown';
      let tag = t('quiclo.role.unknown');
      const at = tops.indexOf(card);
      if (afterEquals) {
        if (at >= 0) [role, tag] = ['result', t('quiclo.role.result', { n: stackNo(at) })];
        else if (seen.has(card)) [role, tag] = ['covered', t('quiclo.role.covered')];
      } else if (hand.includes(card)) [role, tag] = ['own', t('quiclo.role.own')];
      else if (at >= 0) [role, tag] = [info?.stack === at ? 'result' : 'top', t('quiclo.role.top', { n: stackNo(at) })];
      else if (seen.has(card)) [role, tag] = ['covered', t('quiclo.role.covered')];
      return html`<span key=${i} class=${`qc-chip qc-role-${role}`}>
        <span class="qc-chip-num">${token.text}</span><span class="qc-chip-tag">${tag}</span></span>`;
    })}
  </div>`;
}

// A card of the chain has just been covered: the server answers "too late" before it
// judges the arithmetic, so that is all the preview says (no penalty can follow).
const LATE = new Set(['quiclo.preview.covered_result', 'quiclo.preview.covered_operand']);

export function Preview({ info, t }) {
  let tone = 'info';
  let mark = '…';
  let lines = [];
  const late = info?.warnings?.filter((w) => LATE.has(w.key)) ?? [];
  if (!info || info.empty) {
    lines = [t('quiclo.chain_help')];
  } else if (info.syntax) {
    tone = 'pending';
    lines = [t('quiclo.preview.not_a_chain', { reason: reasonText(info.syntax.reason, t) })];
  } else if (late.length) {
    tone = 'late';
    mark = '⏱';
    lines = late.map((w) => t(w.key, w.args));
  } else if (info.verdict && !info.verdict.valid && info.verdict.reason) {
    tone = 'bad';
    mark = '✗';
    lines = [t('quiclo.preview.not_valid', { reason: reasonText(info.verdict.reason, t) })];
    // Only a claim the server judges costs a sit-out: not one it refuses first.
    if (!info.blocking.length && !info.warnings.length) lines.push(t('quiclo.preview.penalty'));
    // The claim could not even be sent: say why too (a result that is no top card).
    lines.push(...info.blocking.filter((p) => p.key !== 'quiclo.preview.need_result').map((p) => t(p.key, p.args)));
  } else if (info.blocking.length) {
    tone = 'bad';
    mark = '✗';
    lines = info.blocking.map((p) => t(p.key, p.args));
  } else {
    tone = info.warnings.length ? 'warn' : 'good';
    mark = info.warnings.length ? '⚠' : '✓';
    const chain = formatChain(info.parsed.operands, info.parsed.operators, info.result);
    lines = [
      info.auto
        ? t('quiclo.preview.makes_top', { value: String(info.verdict.value), n: stackNo(info.stack) })
        : t('quiclo.preview.valid', { chain, n: stackNo(info.stack) }),
    ];
  }
  const warnings = info?.warnings?.length && !info.syntax && !late.length ? info.warnings : [];
  return html`<div id="qc-preview" class=${`qc-preview qc-tone-${tone}`} role="status" aria-live="polite" data-tone=${tone}>
    <span class="qc-preview-mark" aria-hidden="true">${mark}</span>
    <div class="qc-preview-text">
      ${lines.map((line, i) => html`<p key=${i} class=${i ? 'qc-sub' : 'qc-main'}>${line}</p>`)}
      ${warnings.map((w, i) => html`<p key=${`w${i}`} class="qc-warning">⚠ ${t(w.key, w.args)}</p>`)}
    </div>
  </div>`;
}
