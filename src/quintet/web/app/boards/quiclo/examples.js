// The rules page's pictures (app/rules.js): a chain of cards, drawn with the board's own
// cards and judged by the board's own referee (arith.js), from a JSON example in
// rules.<lang>.md:
//   {"kind": "chain", "operands": [20, 7, 3], "operators": ["+", "+"], "result": 30,
//    "stacks": {"7": 1, "30": 2}}
// `stacks`: the cards that are the top of a stack (the result always is), with its number.
import { html } from 'htm/preact';
import { Card } from './table.js';
import { SIGNS, explain, reasonText } from './arith.js';

export function Example({ data, t }) {
  const { operands, operators, result, stacks = {} } = data;
  const verdict = explain(operands.map(BigInt), operators, BigInt(result));
  const tag = (card) => (card in stacks ? t('quiclo.stack', { n: stacks[card] }) : '\u00a0');
  const pieces = [];
  operands.forEach((card, i) => {
    if (i > 0) pieces.push(html`<span class="rx-sign" aria-hidden="true">${SIGNS[operators[i - 1]]}</span>`);
    pieces.push(html`<span class="rx-item"><${Card} card=${card} t=${t} /><span class="rx-tag">${tag(card)}</span></span>`);
  });
  const spoken = `${operands.map((c, i) => (i ? `${SIGNS[operators[i - 1]]} ${c}` : c)).join(' ')} = ${result}`;
  return html`<div class="qc-board rx-example">
    <div class="rx-row" role="img" aria-label=${spoken}>
      ${pieces}
      <span class="rx-sign" aria-hidden="true">=</span>
      <span class="rx-item"><${Card} card=${result} t=${t} size="qc-big" /><span class="rx-tag">${tag(result)}</span></span>
      <span class=${`rx-verdict ${verdict.valid ? 'rx-ok' : 'rx-bad'}`} data-valid=${String(verdict.valid)}>
        ${verdict.valid ? '✓' : `✗ ${reasonText(verdict.reason, t)}`}</span>
    </div>
  </div>`;
}
