"""The search behind `quintet.games.quiclo.solver`: every valid chain of one hand, fast.

Unchecked: the caller passes distinct cards 1..144. See the solver's docstring for how it
works; in short, a chain of 2-4 operands is split where its value is a sum, and a dictionary
keyed by value finds the part the other part needs, so no loop runs over the last operands.

A found chain is one int, its *key*: the operands from the first, 8 bits each (cards are below
256), then 8 bits of operator code, the operator indices (0 ``+``, 1 ``-``, 2 ``*``, 3 ``/``, as
in ``OPERATORS``) read as a base-4 number. So ``7 * 3 + 12`` is
``7 << 24 | 3 << 16 | 12 << 8 | (2 * 4 + 0)``. Keys of one length sort in the solver's order as
plain ints, a key is made from precomputed parts with one or two additions, and ints (unlike
tuples) are never tracked by the garbage collector, which thousands of new tuples per search
would otherwise wake up.

A `Position` (one hand against one set of tops) searches what it is asked for, per stack and
number of operands, and keeps the sorted keys (the solver keeps positions). Its tables are
built per search call and in two stages, so a search up to 3 operands (a bot that looks no
further, or the end check that finds a short claim) does not pay for what only 4-operand
chains need: the signed pairs and the table of small 3-operand terms (about half of the
tables' cost). A 3-operand claim uses a 3-operand term only whole, worth the target, and that
is solved for from the 2-operand terms instead.
"""

from __future__ import annotations

from bisect import bisect_left
from collections import defaultdict
from collections.abc import Sequence
from itertools import combinations
from typing import TypeAlias

ADD, SUB, MUL, DIV = 0, 1, 2, 3
#: Each operand takes 8 bits of a key, above the 8 bits of operator code.
WIDTH = 8
CARD_BITS = (1 << WIDTH) - 1
MIN_LENGTH, MAX_LENGTH = 2, 4
STACKS = (0, 1, 2)

#: A valid 2-operand chain ``a o1 b``: (mask, key as the head of 4, key as the head of 3),
#: the operator of the operand after it left as 0. A mask has a bit per card used.
Chain: TypeAlias = tuple[int, int, int]
#: A signed pair ``c o d`` (o in + -): (c, mask, key of ``+ c o d`` as the last two operands
#: of 4, the same for ``- c o' d`` with + and - swapped in o', key of ``c ... o d`` as the
#: first and last operands of 4).
SignedPair: TypeAlias = tuple[int, int, int, int, int]
#: A 2-operand term ``x o y`` (o in * /): (mask, key as the last two of 3 or 4, key as the
#: middle two of 4 (also operands 1-2 of 3), key as the head of 4).
Term: TypeAlias = tuple[int, int, int, int]
#: A 3-operand term ``x o1 y o2 z``: (mask, key as the last three of 4 or as all 3, key as
#: the first three of 4).
Triple: TypeAlias = tuple[int, int, int]
#: The sorted keys of one stack and number of operands.
Keys: TypeAlias = tuple[int, ...]


def decode(key: int, length: int) -> tuple[tuple[int, ...], int]:
    """The operands and the operator code of a key of ``length`` operands."""
    operands = tuple((key >> (WIDTH * (length - i))) & CARD_BITS for i in range(length))
    return operands, key & CARD_BITS


class _Tables:
    """What every target of one position shares: its pieces, indexed by value.

    The three stacks' targets are searched with the same tables; only the card excluded
    (the target itself, which may not be an operand of its own claim) differs. Built in two
    stages: `chains` and `terms` at once, `pairs` and `small_terms` with them (``fours``) or
    later, by `for_fours`, only if 4-operand chains are searched after all.
    """

    __slots__ = (
        "bit",
        "bound",
        "cards",
        "chains",
        "fours",
        "heads",
        "pairs",
        "small_terms",
        "terms",
    )

    def __init__(self, bit: dict[int, int], bound: int, *, fours: bool) -> None:
        cards = sorted(bit)
        # chains: every valid 2-operand chain (a + b, a - b >= 0, a * b, a / b exact) by value.
        # terms: every 2-operand term (a * b, a / b exact) by value.
        chains: defaultdict[int, list[Chain]] = defaultdict(list)
        terms: defaultdict[int, list[Term]] = defaultdict(list)
        # Each unordered pair once: sums and products hold for both orders at once.
        for low, high in combinations(cards, 2):
            mask = bit[low] | bit[high]
            lo_hi = (low << 24) | (high << 16)  # the pair at operands 1-2 of 3
            hi_lo = (high << 24) | (low << 16)
            lo_hi_4 = lo_hi << WIDTH  # at operands 1-2 of 4
            hi_lo_4 = hi_lo << WIDTH
            chains[low + high] += (mask, lo_hi_4, lo_hi), (mask, hi_lo_4, hi_lo)
            chains[high - low].append((mask, hi_lo_4 + (SUB << 4), hi_lo + (SUB << 2)))
            product = low * high
            chains[product] += (
                (mask, lo_hi_4 + (MUL << 4), lo_hi + (MUL << 2)),
                (mask, hi_lo_4 + (MUL << 4), hi_lo + (MUL << 2)),
            )
            tail_lo_hi = (low << 16) | (high << 8)  # at the last two operands
            tail_hi_lo = (high << 16) | (low << 8)
            terms[product] += (
                (mask, tail_lo_hi + MUL, lo_hi + (MUL << 2), lo_hi_4 + (MUL << 4)),
                (mask, tail_hi_lo + MUL, hi_lo + (MUL << 2), hi_lo_4 + (MUL << 4)),
            )
            if high % low == 0:
                quotient = high // low
                chains[quotient].append((mask, hi_lo_4 + (DIV << 4), hi_lo + (DIV << 2)))
                terms[quotient].append(
                    (mask, tail_hi_lo + DIV, hi_lo + (DIV << 2), hi_lo_4 + (DIV << 4))
                )
        self.bit = bit
        self.cards = cards
        #: The largest value a 3-operand term is looked up by: a top plus a card.
        self.bound = bound
        self.chains = dict(chains)
        self.terms = dict(terms)
        self.fours = False
        self.pairs: dict[int, list[SignedPair]] = {}
        #: The chains that can head ``(a o b) +- c +- d``: see `for_fours`.
        self.heads: list[tuple[int, list[Chain]]] = []
        self.small_terms: dict[int, list[Triple]] = {}
        if fours:
            self._add_fours()

    def for_fours(self) -> _Tables:
        """Add what only 4-operand chains need, unless there: signed pairs and the rest."""
        if not self.fours:
            self._add_fours()
        return self

    def _add_fours(self) -> None:
        """The signed pairs, the small 3-operand terms, and the chains that can head a
        signed pair."""
        bit = self.bit
        # c + d and c - d (of any sign) by value: the signed tail `+- c +- d`.
        pairs: defaultdict[int, list[SignedPair]] = defaultdict(list)
        for low, high in combinations(self.cards, 2):
            mask = bit[low] | bit[high]
            tail_lo_hi = (low << 16) | (high << 8)  # at the last two operands
            tail_hi_lo = (high << 16) | (low << 8)
            end_lo_hi = (low << 32) | (high << 8)  # at operands 1 and 4 of 4
            end_hi_lo = (high << 32) | (low << 8)
            pairs[low + high] += (
                (low, mask, tail_lo_hi, tail_lo_hi + SUB, end_lo_hi),
                (high, mask, tail_hi_lo, tail_hi_lo + SUB, end_hi_lo),
            )
            pairs[high - low].append((high, mask, tail_hi_lo + SUB, tail_hi_lo, end_hi_lo + SUB))
            pairs[low - high].append((low, mask, tail_lo_hi + SUB, tail_lo_hi, end_lo_hi + SUB))
        self.pairs = dict(pairs)
        self.small_terms = self._small_terms()
        # A signed pair is worth -c..c, c the sum of the two highest cards, so a head worth
        # more than the highest top plus c meets none (most products of two cards). The
        # pool has the three tops at least.
        most = self.bound + self.cards[-2]
        self.heads = [(value, heads) for value, heads in self.chains.items() if value <= most]
        self.fours = True

    def _small_terms(self) -> dict[int, list[Triple]]:
        """Every 3-operand term ``x o1 y o2 z`` (o1, o2 in * /) whose value is at most `bound`.

        Small ones are all a claim can use whole: a 3-operand term either is the target, or
        meets a single card by + or -, or is the target divided by a card.
        """
        bit, bound, cards = self.bit, self.bound, self.cards
        small: defaultdict[int, list[Triple]] = defaultdict(list)
        for value, pieces in self.terms.items():
            if value <= bound:
                for z in cards:
                    product = value * z
                    if product > bound:
                        break
                    z_bit = bit[z]
                    # (x o1 y) * z: the term's keys as operands 1-2 of 3 and of 4, extended.
                    at_end, at_start = (z << 8) + MUL, (z << 16) + (MUL << 2)
                    for mask, _, middle, head in pieces:
                        if not mask & z_bit:
                            small[product].append((mask | z_bit, middle + at_end, head + at_start))
            # A quotient value // z <= bound needs z >= value / bound: start there.
            for z in cards[bisect_left(cards, -(-value // bound)) :]:
                if z > value:
                    break
                if value % z:
                    continue
                z_bit = bit[z]
                at_end, at_start = (z << 8) + DIV, (z << 16) + (DIV << 2)
                for mask, _, middle, head in pieces:
                    if not mask & z_bit:
                        small[value // z].append((mask | z_bit, middle + at_end, head + at_start))
        return dict(small)

    def small_at(self, target: int) -> Sequence[Triple]:
        """The 3-operand terms worth ``target``: from `small_terms` if built, else solved for
        by the last card ``z``: ``(x o y) * z`` needs ``x o y = target / z``, ``(x o y) / z``
        needs ``x o y = target * z``. For one value this is far cheaper than the table."""
        if self.fours:
            return self.small_terms.get(target, ())
        bit, terms = self.bit, self.terms
        found: list[Triple] = []
        for z in self.cards:
            z_bit = bit[z]
            for pieces, op in (
                (terms.get(target // z) if target % z == 0 else None, MUL),
                (terms.get(target * z), DIV),
            ):
                if pieces:
                    at_end, at_start = (z << 8) + op, (z << 16) + (op << 2)
                    for mask, _, middle, head in pieces:
                        if not mask & z_bit:
                            found.append((mask | z_bit, middle + at_end, head + at_start))
        return found


class Position:
    """One hand against one set of tops: the keys of its valid claims per stack and number
    of operands, each searched when first asked for and then kept; sorted when first read
    in order (`keys`), as counting (`size`) and the end check never need the order.

    ``hand`` and ``tops`` must be distinct cards (unchecked). Safe to share between threads:
    at worst two threads search (or sort) the same part, with the same result, and a kept
    part is replaced whole, never changed in place.
    """

    __slots__ = ("_bit", "_found", "hand", "pool", "tops")

    def __init__(self, hand: tuple[int, ...], tops: tuple[int, int, int]) -> None:
        self.hand = hand
        self.tops = tops
        self.pool = (*hand, *tops)
        self._bit = {card: 1 << index for index, card in enumerate(self.pool)}
        # None: not searched yet; a list: found, in the search's order; a tuple: sorted.
        # Lengths 0 and 1 have no claims.
        self._found: list[list[list[int] | Keys | None]] = [
            [(), (), None, None, None] for _ in STACKS
        ]

    def keys(self, stack: int, length: int) -> Keys:
        """The sorted keys of the claims on ``stack`` with ``length`` operands (0-4)."""
        found = self._found[stack][length]
        if found is None:
            self.search((stack,), length)
            found = self._found[stack][length]
        if isinstance(found, tuple):
            return found
        assert found is not None
        ordered = self._found[stack][length] = tuple(sorted(found))
        return ordered

    def size(self, stack: int, length: int) -> int:
        """How many claims on ``stack`` have ``length`` operands (0-4)."""
        found = self._found[stack][length]
        if found is None:
            self.search((stack,), length)
            found = self._found[stack][length]
        assert found is not None
        return len(found)

    def search(self, stacks: Sequence[int], max_length: int) -> None:
        """Search (and keep) every claim on ``stacks`` with 2 to ``max_length`` operands that
        is not kept yet, with one set of tables."""
        tables: _Tables | None = None
        for length in range(MIN_LENGTH, max_length + 1):
            for stack in stacks:
                if self._found[stack][length] is None:
                    if tables is None and length > MIN_LENGTH:
                        tables = self._tables(fours=max_length == MAX_LENGTH)
                    self._search(stack, length, tables)

    def any_claim(self) -> bool:
        """Whether there is any valid claim: the cheapest kinds first, stopping at the first.

        What it searches in full is kept; a search stopped early is not.
        """
        found = self._found
        tables: _Tables | None = None
        for length in (MIN_LENGTH, 3):
            for stack in STACKS:
                keys = found[stack][length]
                if keys is None:
                    if tables is None and length > MIN_LENGTH:
                        tables = self._tables(fours=False)
                    keys = self._search(stack, length, tables)
                if keys:
                    return True
        if any(found[stack][MAX_LENGTH] for stack in STACKS):
            return True
        left = [stack for stack in STACKS if found[stack][MAX_LENGTH] is None]
        if not left:
            return False
        tables = (tables or self._tables(fours=True)).for_fours()
        for stack in left:
            target, excluded = self._goal(stack)
            if _fours_additive(tables, target, excluded, [], True):
                return True
        for stack in left:
            # No `(a o b) +- c +- d` here (searched in full above): the other kinds are all.
            target, excluded = self._goal(stack)
            out: list[int] = []
            _fours_with_terms(tables, target, excluded, out)
            _fours_with_long_terms(self.pool, tables, target, excluded, out)
            if self._keep(stack, MAX_LENGTH, out):
                return True
        return False

    def _search(self, stack: int, length: int, tables: _Tables | None) -> list[int]:
        """Search and keep the claims on ``stack`` with ``length`` operands (``tables`` may be
        None for 2 operands, which need none)."""
        target, excluded = self._goal(stack)
        out: list[int] = []
        if length == MIN_LENGTH:
            _twos(self.pool, self._bit, target, excluded, out)
        elif tables is None:
            raise ValueError(f"a search of {length} operands needs tables")
        elif length == 3:
            _threes(self.pool, tables, target, excluded, out)
        else:
            tables.for_fours()
            _fours_additive(tables, target, excluded, out, False)
            _fours_with_terms(tables, target, excluded, out)
            _fours_with_long_terms(self.pool, tables, target, excluded, out)
        return self._keep(stack, length, out)

    def _goal(self, stack: int) -> tuple[int, int]:
        """The target of ``stack`` and the mask of the card it excludes (itself)."""
        return self.tops[stack], 1 << (len(self.hand) + stack)

    def _tables(self, *, fours: bool) -> _Tables:
        return _Tables(self._bit, max(self.tops) + max(self.pool), fours=fours)

    def _keep(self, stack: int, length: int, out: list[int]) -> list[int]:
        self._found[stack][length] = out
        return out


def _twos(
    pool: Sequence[int], bit: dict[int, int], target: int, excluded: int, out: list[int]
) -> None:
    """2-operand claims: the second operand follows from the first by algebra (no tables).

    ``pool`` is the hand then the three tops, ``bit`` their mask bits in that order.
    """
    add = out.append
    own = (1 << (len(pool) - len(STACKS))) - 1
    for a in pool:
        if a == target:
            continue
        a_bit = bit[a]
        busy = a_bit | excluded
        for b, op in (
            (target - a, ADD),
            (a - target, SUB),
            (target // a if target % a == 0 else 0, MUL),
            (a // target if a % target == 0 else 0, DIV),
        ):
            b_bit = bit.get(b, 0)
            if b_bit and not b_bit & busy and (a_bit | b_bit) & own:
                add((a << 16) + (b << 8) + op)


def _threes(
    pool: Sequence[int], tables: _Tables, target: int, excluded: int, out: list[int]
) -> None:
    """3-operand claims (always with an own card: only two tops can be operands)."""
    add = out.append
    bit, chains, terms = tables.bit, tables.chains, tables.terms
    for c in pool:
        if c == target:
            continue
        busy = bit[c] | excluded
        # (a o1 b) + c and (a o1 b) - c: a 2-operand chain worth target -+ c.
        for heads, op in ((chains.get(target - c), ADD), (chains.get(target + c), SUB)):
            if heads:
                last = (c << 8) + op
                for mask, _, head in heads:
                    if not mask & busy:
                        add(head + last)
        # c + (x o2 y) and c - (x o2 y): a 2-operand term worth |target - c|.
        if c < target:
            found, first = terms.get(target - c), (c << 24) + (ADD << 2)
        else:
            found, first = terms.get(c - target), (c << 24) + (SUB << 2)
        if found:
            for mask, tail, _, _ in found:
                if not mask & busy:
                    add(first + tail)
    for mask, whole, _ in tables.small_at(target):
        if not mask & excluded:
            add(whole)


def _fours_additive(
    tables: _Tables, target: int, excluded: int, out: list[int], first: bool
) -> bool:
    """4-operand chains ``(a o1 b) +- c +- d``: most claims. A meet in the middle.

    The head ``a o1 b`` is any 2-operand chain (value h); the tail is a signed pair from the
    ``pairs`` table: ``+ c o3 d`` worth target - h, or ``- c o3' d`` where ``c o3 d`` is worth
    h - target (the sign of d flips). The running total after ``- c`` must not be negative.
    """
    add = out.append
    pairs = tables.pairs
    for head, heads in tables.heads:
        if first and out:
            return True
        tails = pairs.get(target - head)
        if tails:
            for mask, key, _ in heads:
                if mask & excluded:
                    continue
                busy = mask | excluded
                for _, tail_mask, plus, _, _ in tails:
                    if not tail_mask & busy:
                        add(key + plus)
        tails = pairs.get(head - target)
        if tails:
            for mask, key, _ in heads:
                if mask & excluded:
                    continue
                busy = mask | excluded
                less = key + (SUB << 2)
                for c, tail_mask, _, minus, _ in tails:
                    if c <= head and not tail_mask & busy:
                        add(less + minus)
    return bool(out)


def _fours_with_terms(tables: _Tables, target: int, excluded: int, out: list[int]) -> None:
    """4-operand chains with a 2-operand term in the middle or at the end."""
    add = out.append
    chains, pairs = tables.chains, tables.pairs
    for value, terms in tables.terms.items():
        # (a o1 b) + (c o3 d) and (a o1 b) - (c o3 d): a 2-operand chain worth target -+ value.
        for heads, o2 in ((chains.get(target - value), ADD), (chains.get(target + value), SUB)):
            if heads:
                for mask, key, _ in heads:
                    if mask & excluded:
                        continue
                    busy = mask | excluded
                    head = key + (o2 << 2)
                    for term_mask, tail, _, _ in terms:
                        if not term_mask & busy:
                            add(head + tail)
        # a + (b o2 c) o3 d: the pair `a o3 d` is worth target - value.
        for _, mask, _, _, end in pairs.get(target - value, ()):
            if mask & excluded:
                continue
            busy = mask | excluded
            for term_mask, _, middle, _ in terms:
                if not term_mask & busy:
                    add(end + middle)
        # a - (b o2 c) o3 d: worth target + value, and a - (b o2 c) must not be negative.
        for a, mask, _, _, end in pairs.get(target + value, ()):
            if a < value or mask & excluded:
                continue
            busy = mask | excluded
            less = end + (SUB << 4)
            for term_mask, _, middle, _ in terms:
                if not term_mask & busy:
                    add(less + middle)


def _fours_with_long_terms(
    pool: Sequence[int], tables: _Tables, target: int, excluded: int, out: list[int]
) -> None:
    """4-operand chains with a term of 3 or 4 operands."""
    add = out.append
    bit, small, terms = tables.bit, tables.small_terms, tables.terms
    for a in pool:
        if a == target:
            continue
        busy = bit[a] | excluded
        # a + T and a - T, T a 3-operand term worth |target - a|.
        first = (a << 32) + ((ADD if a < target else SUB) << 4)
        for mask, low, _ in small.get(abs(target - a), ()):
            if not mask & busy:
                add(first + low)
        # T + a and T - a: T worth target -+ a; T * a: T worth target / a.
        for found, op in (
            (small.get(target - a), ADD),
            (small.get(target + a), SUB),
            (small.get(target // a) if target % a == 0 else None, MUL),
        ):
            if found:
                last = (a << 8) + op
                for mask, _, high in found:
                    if not mask & busy:
                        add(high + last)
    # (x o1 y) * z / w and (x o1 y) / z / w: the 2-operand term is target * w / z or
    # target * w * z; every division on the way is then exact.
    for w in pool:
        if w == target:
            continue
        scaled = target * w
        w_busy = bit[w] | excluded
        for z in pool:
            if z in (w, target):
                continue
            busy = w_busy | bit[z]
            last = (z << 16) + (w << 8)
            if scaled % z == 0:
                for mask, _, _, head in terms.get(scaled // z, ()):
                    if not mask & busy:
                        add(head + last + (MUL << 2) + DIV)
            for mask, _, _, head in terms.get(scaled * z, ()):
                if not mask & busy:
                    add(head + last + (DIV << 2) + DIV)


def quick_claim(hand: Sequence[int], tops: Sequence[int]) -> tuple[int, int] | None:
    """A claim ``a + b + x`` or ``a + b - x`` on some stack, if a cheap first try finds one.

    Returns (stack, key) or None, which proves nothing. 3 operands always include an own
    card (only two tops are usable). A dealt hand has one within its first few pairs, so
    `has_claim` mostly needs no tables at all.
    """
    pool = [*hand, *tops]
    for i, a in enumerate(pool):
        for b in pool[i + 1 :]:
            total = a + b
            for stack, target in enumerate(tops):
                if target in (a, b):
                    continue
                for x, op in ((target - total, ADD), (total - target, SUB)):
                    if x in pool and x not in (a, b, target):
                        return stack, (a << 24) + (b << 16) + (x << 8) + ADD * 4 + op
    return None
