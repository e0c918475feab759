// Quiclo's arithmetic in the browser: a port of quintet/games/quiclo/arithmetic.py (see
// docs/rules/quiclo-arithmetic.md) for the board's live preview only. The server's
// referee decides every claim; this only tells a player, while typing, what the chain
// makes and the first rule it breaks. tests/web/test_quiclo.py checks that it agrees with
// the Python referee, word for word in English, on a few hundred chains.
//
// Values are BigInts: the referee takes operands of up to 100 digits, and a preview that
// rounded would disagree with it. Problems come back as {key, args}: message keys of
// messages.<lang>.js, so the board words them in the page's language.

export const OPERATORS = ['+', '-', '*', '/'];
/** The typographic signs people read (the wire uses + - * /). */
export const SIGNS = { '+': '+', '-': '−', '*': '×', '/': '÷' };
export const MIN_OPERANDS = 2;
export const MAX_DIGITS = 100;
export const MAX_NUMBERS = 40;

/** Every accepted spelling of each operator (x in either case is times). */
export const SPELLINGS = {
  '+': '+',
  '-': '-',
  '−': '-', // U+2212 minus sign
  '–': '-', // U+2013 en dash, which word processors put in for "-"
  '*': '*',
  x: '*',
  X: '*',
  '×': '*',
  '/': '/',
  ':': '/',
  '÷': '/',
};

// Python's str.isspace, exactly (JavaScript's \s differs: it has U+FEFF and lacks
// U+001C-U+001F and U+0085).
const SPACE = /^[\t\n\v\f\r\x1c-\x1f \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]$/;
// Python's str.isprintable is false for these categories (the plain space excepted).
const UNPRINTABLE = /^[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}]$/u;
const LETTER = /^\p{L}$/u;

/** A number as the referee writes it: a negative one with the typographic minus. */
export function numberText(value) {
  return value < 0n ? `−${-value}` : String(value);
}

/** The chain as people write it: `12 + 7 × 3 = 33`. */
export function formatChain(operands, operators, result = null) {
  const parts = [numberText(BigInt(operands[0]))];
  operators.forEach((op, i) => parts.push(SIGNS[op], numberText(BigInt(operands[i + 1]))));
  if (result !== null && result !== undefined) parts.push('=', numberText(BigInt(result)));
  return parts.join(' ');
}

const problem = (key, args = {}) => ({ key, args });

/**
 * The value of the chain under Quiclo's rules: {value} (a BigInt), or {reason} naming the
 * first rule broken left to right (a division with a remainder, a negative running
 * total). Operands are positive whole numbers (BigInt or number), operators + - * /.
 */
export function evaluate(operandsIn, operators) {
  const operands = operandsIn.map((o) => BigInt(o));
  let total = 0n; // the running total of the completed terms
  let sign = '+'; // the operator in front of the term in progress
  let term = operands[0]; // the value of the term in progress
  let start = 0; // the index of its first operand
  for (let index = 0; index < operators.length; index += 1) {
    const op = operators[index];
    const operand = operands[index + 1];
    if (op === '*') term *= operand;
    else if (op === '/') {
      if (term % operand !== 0n) {
        return { reason: remainder(operands, operators, start, index, term) };
      }
      term /= operand;
    } else {
      const closed = close(operands, operators, total, sign, term, index);
      if (closed.reason) return closed;
      total = closed.value;
      sign = op;
      term = operand;
      start = index + 1;
    }
  }
  return close(operands, operators, total, sign, term, operators.length);
}

// The running total once the term ending at operands[end] is complete.
function close(operands, operators, total, sign, term, end) {
  if (sign === '+') return { value: total + term };
  if (term <= total) return { value: total - term };
  // Name the place in the chain (its prefix up to this term) and, when that prefix is
  // longer than "a − b", the two numbers that were subtracted.
  const prefix = formatChain(operands.slice(0, end + 1), operators.slice(0, end));
  const numbers = `${total} − ${term}`;
  const args = { total: numberText(total - term), prefix, numbers };
  return { reason: problem(prefix === numbers ? 'quiclo.arith.negative' : 'quiclo.arith.negative_in', args) };
}

// Why `term ÷ operands[index + 1]` fails, the term having begun at operands[start].
function remainder(operands, operators, start, index, term) {
  const args = { dividend: String(term), divisor: String(operands[index + 1]) };
  if (index === start) return problem('quiclo.arith.remainder', args);
  // The dividend is a partial product or quotient: show the term it comes from.
  args.term = formatChain(operands.slice(start, index + 2), operators.slice(start, index + 1));
  return problem('quiclo.arith.remainder_in', args);
}

/**
 * The referee's verdict: {valid, value (BigInt or null), reason ({key, args} or null)}.
 * Without a result a chain is valid when it evaluates.
 */
export function explain(operands, operators, result = null) {
  const found = evaluate(operands, operators);
  if (found.reason) return { valid: false, value: null, reason: found.reason };
  const value = found.value;
  if (result === null || result === undefined || value === BigInt(result)) {
    return { valid: true, value, reason: null };
  }
  return {
    valid: false,
    value,
    reason: problem('quiclo.arith.mismatch', { value: numberText(value), result: numberText(BigInt(result)) }),
  };
}

// ----------------------------------------------------------------------------- parse

function shownChar(char) {
  const printable = char === ' ' || !UNPRINTABLE.test(char);
  return printable ? `'${char}'` : `U+${char.codePointAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
}

/** A token as an argument of a message: {token} is worded by `reasonText`. */
const tokenArg = (token) => ({ token: { kind: token.kind, value: String(token.value), text: token.text } });

/**
 * The tokens of a chain: {kind: 'n' | '=' | an operator, value (BigInt), position
 * (1-based, in characters as Python counts them: code points), text}. Throws
 * ChainSyntaxError like the referee's.
 */
export function tokens(text) {
  const chars = Array.from(text);
  const found = [];
  let index = 0;
  while (index < chars.length) {
    const char = chars[index];
    const position = index + 1;
    if (char >= '0' && char <= '9') {
      let end = index;
      while (end < chars.length && chars[end] >= '0' && chars[end] <= '9') end += 1;
      if (end - index > MAX_DIGITS) {
        throw syntax('quiclo.parse.too_many_digits', { position, digits: end - index, max: MAX_DIGITS }, position);
      }
      const digits = chars.slice(index, end).join('');
      found.push({ kind: 'n', value: BigInt(digits), position, text: digits });
      index = end;
      continue;
    }
    if (SPACE.test(char)) {
      // skipped
    } else if (char in SPELLINGS) {
      found.push({ kind: SPELLINGS[char], value: 0n, position, text: char });
    } else if (char === '=') {
      found.push({ kind: '=', value: 0n, position, text: char });
    } else if (char === '.' || char === ',') {
      throw syntax('quiclo.parse.decimal', { char: shownChar(char), position }, position);
    } else if ('()[]{}'.includes(char)) {
      throw syntax('quiclo.parse.parenthesis', { char: shownChar(char), position }, position);
    } else if (LETTER.test(char)) {
      throw syntax('quiclo.parse.letter', { char: shownChar(char), position }, position);
    } else {
      throw syntax('quiclo.parse.character', { char: shownChar(char), position }, position);
    }
    index += 1;
  }
  return found;
}

/** A malformed chain: `reason` ({key, args}) and the 1-based `position` (or null). */
export class ChainSyntaxError extends Error {
  constructor(reason, position) {
    super(reason.key);
    this.reason = reason;
    this.position = position;
  }
}

function syntax(key, args, position = null) {
  return new ChainSyntaxError(problem(key, args), position);
}

/**
 * Read a chain like `12 + 7 x 3 = 33` (the `= result` part optional): {operands,
 * operators, result} with BigInt numbers (result null without one). Throws
 * ChainSyntaxError naming the problem and its position, as the referee does.
 */
export function parse(text) {
  const all = tokens(text);
  if (!all.length) throw syntax('quiclo.parse.empty', {});
  const operands = [];
  const operators = [];
  let result = null;
  let equals = null;
  // Numbers and operators alternate, so each token is checked against the one before it.
  let previous = null;
  for (const token of all) {
    if (equals !== null) {
      if (result !== null) {
        throw syntax('quiclo.parse.only_result', { equals: equals.position, ...tokenArg(token), position: token.position }, token.position);
      }
      if (token.kind !== 'n') {
        throw syntax('quiclo.parse.result_not_number', { equals: equals.position, ...tokenArg(token), position: token.position }, token.position);
      }
      result = token.value;
    } else if (token.kind === 'n') {
      if (previous !== null && previous.kind === 'n') {
        throw syntax('quiclo.parse.no_operator', { a: String(previous.value), b: String(token.value), position: token.position }, token.position);
      }
      if (token.value === 0n) throw syntax('quiclo.parse.zero', { position: token.position }, token.position);
      operands.push(token.value);
      if (operands.length > MAX_NUMBERS) {
        throw syntax('quiclo.parse.too_many_operands', { max: MAX_NUMBERS, position: token.position }, token.position);
      }
    } else if (previous === null) {
      throw syntax('quiclo.parse.starts_with', { ...tokenArg(token), position: token.position }, token.position);
    } else if (previous.kind !== 'n' && token.kind === '=') {
      throw syntax('quiclo.parse.nothing_after', { ...tokenArg(previous), position: previous.position }, previous.position);
    } else if (previous.kind !== 'n') {
      throw syntax('quiclo.parse.two_operators', {
        first: tokenArg(previous).token,
        first_position: previous.position,
        ...tokenArg(token),
        position: token.position,
      }, token.position);
    } else if (token.kind === '=') {
      equals = token;
    } else {
      operators.push(token.kind);
    }
    previous = token;
  }
  if (equals !== null && result === null) {
    throw syntax('quiclo.parse.no_result', { position: equals.position }, equals.position);
  }
  if (previous.kind !== 'n' && previous.kind !== '=') {
    throw syntax('quiclo.parse.ends_with', { ...tokenArg(previous), position: previous.position }, previous.position);
  }
  if (operands.length < MIN_OPERANDS) {
    throw syntax('quiclo.parse.too_few', { min: MIN_OPERANDS, numbers: operands.length });
  }
  return { operands, operators, result };
}

/**
 * A problem ({key, args}) in words: `t(key, args)` with token arguments worded first
 * ("number 12" or "'+'"). Works with the shell's `t` or any function of that shape.
 */
export function reasonText(reason, t) {
  const args = {};
  for (const [name, value] of Object.entries(reason.args)) {
    if (value && typeof value === 'object' && 'kind' in value) args[name] = tokenText(value, t);
    else if (value && typeof value === 'object' && 'token' in value) args[name] = tokenText(value.token, t);
    else args[name] = value;
  }
  return t(reason.key, args);
}

function tokenText(token, t) {
  return token.kind === 'n' ? t('quiclo.parse.number_token', { value: token.value }) : `'${token.text}'`;
}

/**
 * The referee's answer to a text, for the preview and the tests: {syntax: {reason,
 * position}} for text that is no chain, else {parsed, verdict}.
 */
export function check(text) {
  let parsed;
  try {
    parsed = parse(text);
  } catch (error) {
    if (error instanceof ChainSyntaxError) return { syntax: { reason: error.reason, position: error.position } };
    throw error;
  }
  return { parsed, verdict: explain(parsed.operands, parsed.operators, parsed.result) };
}
