"""Every valid Quiclo claim of a hand against the three tops (RULINGS §3), fast.

A claim for stack ``s`` is a chain of 2-4 distinct operands, each an own card or one of the
other two tops (never ``tops[s]`` itself), at least one of them own, whose value under the
Quiclo arithmetic (``*`` and ``/`` before ``+`` and ``-``, every division exact, no negative
value on the way; see `arithmetic`) is ``tops[s]``. Distinct claims are distinct
(stack, operand sequence, operator sequence).

Order: claims come by stack, then by number of operands, then by operand sequence, then by
operator sequence (in the order of ``OPERATORS``: ``+ - * /``).

>>> [str(claim) for claim in solve([2, 3], [5, 7, 101])]
['2 + 3 = 5', '3 + 2 = 5', '7 - 2 = 5', '2 + 5 = 7', '5 + 2 = 7', '2 * 5 - 3 = 7', '5 * 2 - 3 = 7']
>>> solve([2, 3], [5, 7, 101])[2].own  # 7 is the top of stack 1
(2,)
>>> has_claim([2, 3], [7, 6, 101]), count([2, 3], [7, 6, 101]), has_claim([2, 3], [50, 61, 71])
(True, 9, False)

How it is fast. A plain brute force tries about 4.6 million chains per hand (seconds); a full
table here, 6 hands of 12 cards with about 7,000 claims in all, takes about 7 ms
(docs/benchmarks.md):

- One search per hand serves all three stacks. Its pool is the hand plus all three tops; a
  chain for stack ``s`` just may not use ``tops[s]`` (a bit mask test), and only 2-operand
  chains can lack an own card (a pool has two usable tops), so that is tested there alone.
- Nothing loops over the last operand: it is solved for. ``x`` in ``a + x``, ``a - x``,
  ``a * x``, ``a / x`` is ``t - a``, ``a - t``, ``t / a``, ``a / t``: a dict lookup.
- The pieces of 2 operands are built once per search and indexed by value: every valid
  2-operand chain, every 2-operand term (``a * b``, exact ``a / b``) and every signed pair
  (``c + d``, ``c - d`` of either sign). Sums and products are built per unordered pair,
  both orders at once. A search up to 3 operands builds only the chains and terms (the
  signed pairs and the 3-operand terms serve 4-operand chains alone), and finds a 3-operand
  term worth the target by solving for its last card.
- A chain is split where its value is a sum, so each side is looked up by the value the other
  needs (a meet in the middle). The 4-operand chains, by where the terms break:
  ``(a o b) +- c +- d`` (about 80% of all claims) is a 2-operand chain worth ``h`` meeting a
  signed pair worth ``t - h`` (for ``+ c``) or ``h - t`` (for ``- c``, the sign of ``d`` read
  flipped); ``(a o b) +- (c o d)``, ``a +- (b o c) +- d`` meet the term table; a term of 3
  operands can only be used whole if it is small (``t``, ``|t - a|``, ``t +- a``,
  ``t / a``), so only 3-operand terms up to ``max(tops) + max(card)`` are built, by value;
  ``a +- T``, ``T +- a`` and ``T * a`` look them up; a 4-operand term ``(x o y) * z / w`` or
  ``(x o y) / z / w`` is a 2-operand term worth ``t * w / z`` or ``t * w * z``.
- The only checks left per candidate are integer ones: disjoint card masks, and for ``- c``
  that the running total stays at or above zero.
- `has_claim` first tries ``a + b +- x`` over pairs (a dealt hand has one within a few pairs,
  so it needs no tables), then searches the cheapest kinds first and stops at the first claim.
- A claim is kept as one int, its *key* (its operands and operators packed, see
  `_solver_engine`): cheap to make, to sort, and untouched by the garbage collector. Keys
  are sorted only when read in order, and `Claim` objects built only when read:
  `solve_table` and `claim_keys` return `Claims`, a sequence that builds them all on first
  access, or one at a time from its keys.
- A position (hand, tops) is searched once while it is kept: what was searched is kept per
  stack and number of operands (keys only; the tables go when the call returns), so
  `has_claim` (the rules ask it for every player after every claim) and a bot's search of
  the same position share the work, a bot asked again for the same position finds it done,
  and a search up to 3 operands is extended, not redone, when 4 are asked for. The cache is
  small and least recently used (`POSITIONS_KEPT` positions, a few MB at most);
  `clear_caches` empties it (the benchmark times cold searches). Results never depend on
  it: every call gives what a fresh search gives. (Keeping a hand's own pieces for the
  next tops was measured and not kept: in a game about half the searches meet a hand new
  since the last claim, and merging the pieces cost about what it saved.)

A bot that reads a few claims out of a thousand uses `claim_keys`: the keys per number of
operands (`Claims.sizes`, `Claims.at`) and `Claims.claim` to read the ones it picks.

>>> found = claim_keys([2, 3], [5, 7, 101], max_operands=3)
>>> found.sizes, len(found)
((0, 0, 5, 2, 0), 7)
>>> stack, key = found.at(2, 2)
>>> str(found.claim(stack, key)), found[2] == found.claim(stack, key)
('7 - 2 = 5', True)

Cross-checked in the tests against a brute force over every operand and operator sequence.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, fields
from itertools import product
from threading import Lock
from typing import Any, Final, overload

from quintet.core.errors import BadInput
from quintet.games.quiclo import _solver_engine as engine
from quintet.games.quiclo.arithmetic import OPERATORS

#: Cards are the ints 1..144.
LOWEST, HIGHEST = 1, 144
MIN_OPERANDS, MAX_OPERANDS = 2, 4
STACKS = (0, 1, 2)
#: Positions (hand, tops) whose searches are kept (least recently used first out). The
#: rules' end check and the bots meet a position within a few claims of each other.
POSITIONS_KEPT: Final = 64

#: The operator tuple of each record code, per number of operands (see `_solver_engine`).
_OPERATOR_TUPLES: tuple[tuple[tuple[str, ...], ...], ...] = tuple(
    tuple(product(OPERATORS, repeat=max(n - 1, 0))) if n >= MIN_OPERANDS else ()
    for n in range(MAX_OPERANDS + 1)
)


@dataclass(frozen=True, slots=True)
class Claim:
    """A valid claim: ``operands`` joined by ``operators`` make ``result``, the top of ``stack``."""

    stack: int
    result: int
    operands: tuple[int, ...]
    operators: tuple[str, ...]
    #: The claimer's own cards among the operands, in chain order.
    own: tuple[int, ...]

    def to_action(self) -> dict[str, Any]:
        """The claim action; ``order`` is the default one, own cards in chain order."""
        return {
            "type": "claim",
            "stack": self.stack,
            "expect": self.result,
            "operands": list(self.operands),
            "operators": list(self.operators),
            "order": list(self.own),
        }

    def to_json(self) -> dict[str, Any]:
        return {
            "stack": self.stack,
            "result": self.result,
            "operands": list(self.operands),
            "operators": list(self.operators),
            "own": list(self.own),
        }

    def __str__(self) -> str:
        parts = [str(self.operands[0])]
        for op, card in zip(self.operators, self.operands[1:], strict=True):
            parts += [op, str(card)]
        return " ".join([*parts, "=", str(self.result)])


class Claims(Sequence[Claim]):
    """Every valid claim of one hand (on the stacks and up to the length asked), found at once
    and kept as keys; `Claim` objects are built when read.

    As a sequence, the claims in the module's order: ``len`` needs no building, and reading
    any claim by index or by iterating builds (and keeps) them all, once.

    Without building them all, for a caller that reads a few out of a thousand: `sizes`
    counts the claims per number of operands, `at` gives the stack and key of one of them,
    and `claim` reads a key as its `Claim`. A key is an int packing a claim's operands and
    operators (the packing is the search's own: read keys with `claim`, never take them
    apart). `keys` gives one stack's keys of one length, in the module's order.
    """

    __slots__ = ("_built", "_longest", "_position", "_size", "_stacks", "sizes", "tops")

    def __init__(self, position: engine.Position, stacks: tuple[int, ...], longest: int) -> None:
        """The claims of a `_solver_engine.Position` on ``stacks`` (sorted) with up to
        ``longest`` operands; searches what the position has not searched yet."""
        position.search(stacks, longest)
        self._position = position
        self._stacks = stacks
        self._longest = longest
        self.tops = position.tops
        #: How many claims have 0, 1, 2, 3 and 4 operands (index = operands), all stacks.
        sizes = [0] * (MAX_OPERANDS + 1)
        for stack in stacks:
            for length in range(MIN_OPERANDS, longest + 1):
                sizes[length] += position.size(stack, length)
        self.sizes: tuple[int, ...] = tuple(sizes)
        self._size = sum(self.sizes)
        self._built: list[Claim] | None = None

    def keys(self, stack: int, length: int) -> engine.Keys:
        """The keys of the claims on ``stack`` with ``length`` operands, in the module's order
        (empty for a stack or length that was not asked for)."""
        if stack in self._stacks and MIN_OPERANDS <= length <= self._longest:
            return self._position.keys(stack, length)
        return ()

    def at(self, length: int, index: int) -> tuple[int, int]:
        """(stack, key) of claim ``index`` among those with ``length`` operands, counting the
        stacks in order (so index ``i`` is the ``i``-th of `sizes[length]`)."""
        if index >= 0:
            for stack in self._stacks:
                keys = self.keys(stack, length)
                if index < len(keys):
                    return stack, keys[index]
                index -= len(keys)
        raise IndexError(f"no claim {index} with {length} operands")

    def claim(self, stack: int, key: int) -> Claim:
        """The `Claim` of a key of these claims, on ``stack`` (as `at` gives them)."""
        result = self.tops[stack]
        other = tuple(top for top in self.tops if top != result)
        length = (key.bit_length() - 1) // engine.WIDTH
        return _new_claim(
            stack, result, other, _OPERANDS_OF[length](key), _OPERATOR_TUPLES[length][key & 255]
        )

    def __len__(self) -> int:
        return self._size

    @overload
    def __getitem__(self, index: int) -> Claim: ...

    @overload
    def __getitem__(self, index: slice) -> list[Claim]: ...

    def __getitem__(self, index: int | slice) -> Claim | list[Claim]:
        return self._claims()[index]

    def __iter__(self) -> Iterator[Claim]:
        return iter(self._claims())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Claims):
            return self._claims() == other._claims()
        if isinstance(other, Sequence) and not isinstance(other, str | bytes):
            return self._claims() == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # equal to lists, so unhashable like them

    def __repr__(self) -> str:
        return f"Claims({self._size} claims of hand {list(self._position.hand)})"

    def _claims(self) -> list[Claim]:
        if self._built is None:
            self._built = list(_build(self))
        return self._built


#: The operands of a search key, per number of operands (see `_solver_engine`).
_OPERANDS_OF: dict[int, Callable[[int], tuple[int, ...]]] = {
    2: lambda key: (key >> 16, (key >> 8) & 255),
    3: lambda key: (key >> 24, (key >> 16) & 255, (key >> 8) & 255),
    4: lambda key: (key >> 32, (key >> 24) & 255, (key >> 16) & 255, (key >> 8) & 255),
}
#: Claim's slot setters, in field order: see `_build`.
_SETTERS = tuple(getattr(Claim, field.name).__set__ for field in fields(Claim))


def _new_claim(
    stack: int,
    result: int,
    other: tuple[int, ...],
    operands: tuple[int, ...],
    operators: tuple[str, ...],
) -> Claim:
    """A `Claim` with its slots set directly (see `_build`); ``other``: the two usable tops."""
    claim = object.__new__(Claim)
    set_stack, set_result, set_operands, set_operators, set_own = _SETTERS
    set_stack(claim, stack)
    set_result(claim, result)
    set_operands(claim, operands)
    set_operators(claim, operators)
    set_own(claim, tuple([card for card in operands if card not in other]))
    return claim


def _build(claims: Claims) -> Iterator[Claim]:
    """The `Claim` of each key of ``claims``, in the module's order.

    A search yields thousands of claims, and a frozen dataclass's ``__init__`` sets each field
    through ``object.__setattr__``; setting the slots directly is three times as fast and
    gives an equal object (a test checks it against the constructor).
    """
    new = object.__new__
    set_stack, set_result, set_operands, set_operators, set_own = _SETTERS
    tops = claims.tops
    for stack in claims._stacks:
        result = tops[stack]
        # Only the two other tops can be operands that are not own cards.
        other = tuple(top for top in tops if top != result)
        first_top, second_top = other
        for length in range(MIN_OPERANDS, MAX_OPERANDS + 1):
            names = _OPERATOR_TUPLES[length]
            operands_of = _OPERANDS_OF[length]
            for key in claims.keys(stack, length):
                operands = operands_of(key)
                claim = new(Claim)
                set_stack(claim, stack)
                set_result(claim, result)
                set_operands(claim, operands)
                set_operators(claim, names[key & 255])
                if first_top in operands or second_top in operands:
                    set_own(claim, tuple([card for card in operands if card not in other]))
                else:
                    set_own(claim, operands)
                yield claim


# ------------------------------------------------------------------- the positions kept


class _Kept:
    """The positions searched lately, least recently used first out; safe to share between
    threads (a position's own lazy search at worst runs twice with the same result)."""

    def __init__(self, size: int) -> None:
        self._size = size
        self._items: OrderedDict[tuple[tuple[int, ...], tuple[int, ...]], engine.Position] = (
            OrderedDict()
        )
        self._lock = Lock()

    def get(self, hand: tuple[int, ...], tops: tuple[int, ...]) -> engine.Position | None:
        with self._lock:
            found = self._items.get((hand, tops))
            if found is not None:
                self._items.move_to_end((hand, tops))
            return found

    def add(self, position: engine.Position) -> None:
        with self._lock:
            self._items[position.hand, position.tops] = position
            if len(self._items) > self._size:
                self._items.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._items.clear()


_kept = _Kept(POSITIONS_KEPT)


def _position(hand: tuple[int, ...], tops: tuple[int, int, int]) -> engine.Position:
    """The kept position of a checked hand (sorted) and tops, or a new one, then kept."""
    position = _kept.get(hand, tops)
    if position is None:
        position = engine.Position(hand, tops)
        _kept.add(position)
    return position


def clear_caches() -> None:
    """Forget every kept position: the next searches run cold.

    Results never depend on the cache; this is for timing searches (the benchmark) and for
    freeing its memory (a few MB at most).
    """
    _kept.clear()


# ------------------------------------------------------------------------- checks


def _checked(
    hand: Iterable[int], tops: Iterable[int]
) -> tuple[tuple[int, ...], tuple[int, int, int]]:
    """The hand (sorted) and the tops, or a `BadInput` naming what is wrong."""
    cards = tuple(hand)
    top3 = tuple(tops)
    if len(top3) != len(STACKS):
        raise BadInput(f"tops must be 3 cards, one per stack, not {len(top3)}", "quiclo/bad_tops")
    for name, group in (("hand", cards), ("tops", top3)):
        for card in group:
            # bool is an int to Python, but True is no card.
            if type(card) is not int or not LOWEST <= card <= HIGHEST:
                raise BadInput(
                    f"{name}: {card!r} is not a card (cards are the whole numbers 1..144)",
                    "quiclo/not_a_card",
                )
        if len(set(group)) != len(group):
            twice = next(card for card in group if group.count(card) > 1)
            raise BadInput(f"{name}: card {twice} appears twice", "quiclo/duplicate_card")
    both = set(cards) & set(top3)
    if both:
        raise BadInput(
            f"card {min(both)} is both in the hand and on a stack", "quiclo/duplicate_card"
        )
    first, second, third = top3
    return tuple(sorted(cards)), (first, second, third)


def _checked_stacks(stacks: Iterable[int]) -> tuple[int, ...]:
    wanted = tuple(stacks)
    for stack in wanted:
        if type(stack) is not int or stack not in STACKS:
            raise BadInput(f"stacks: {stack!r} is not a stack (0, 1 or 2)", "quiclo/bad_stack")
    return tuple(sorted(set(wanted)))


def _checked_max_operands(max_operands: int) -> int:
    if type(max_operands) is not int or not MIN_OPERANDS <= max_operands <= MAX_OPERANDS:
        raise BadInput(
            f"max_operands must be {MIN_OPERANDS}..{MAX_OPERANDS}, not {max_operands!r}",
            "quiclo/bad_max_operands",
        )
    return max_operands


# ------------------------------------------------------------------------- the API


def claim_keys(
    hand: Iterable[int],
    tops: Iterable[int],
    *,
    max_operands: int = MAX_OPERANDS,
    stacks: Iterable[int] = STACKS,
) -> Claims:
    """Every valid claim on ``stacks`` with at most ``max_operands`` operands, as `Claims`.

    The search runs at the call; no `Claim` is built until one is read (see `Claims`: for a
    caller that picks a few claims by their number of operands, `sizes`, `at` and `claim`).
    As a sequence it equals ``list(iter_claims(hand, tops, ...))`` with the same arguments.

    Raises `BadInput` as `iter_claims` does.
    """
    cards, top3 = _checked(hand, tops)
    longest = _checked_max_operands(max_operands)
    wanted = _checked_stacks(stacks)
    return Claims(_position(cards, top3), wanted, longest)


def iter_claims(
    hand: Iterable[int],
    tops: Iterable[int],
    *,
    max_operands: int = MAX_OPERANDS,
    stacks: Iterable[int] = STACKS,
) -> Iterator[Claim]:
    """Every valid claim on ``stacks`` with at most ``max_operands`` operands, in order.

    The search runs at the call (a few ms for a full hand; less with fewer operands or
    stacks); `Claim` objects are built one by one as the iterator is read.

    Raises `BadInput` for a card outside 1..144, a repeated card, tops that are not three,
    a stack not 0-2, or ``max_operands`` not 2-4.
    """
    cards, top3 = _checked(hand, tops)
    longest = _checked_max_operands(max_operands)
    wanted = _checked_stacks(stacks)
    return _build(Claims(_position(cards, top3), wanted, longest))


def solve(hand: Iterable[int], tops: Iterable[int], *, limit: int | None = None) -> list[Claim]:
    """Every valid claim (only the first ``limit`` if given), in the module's order.

    Raises `BadInput` as `iter_claims` does, and for a negative ``limit``.
    """
    if limit is not None and (type(limit) is not int or limit < 0):
        raise BadInput(f"limit must be a whole number 0 or more, not {limit!r}", "quiclo/bad_limit")
    claims = iter_claims(hand, tops)
    if limit is None:
        return list(claims)
    return [claim for claim, _ in zip(claims, range(limit), strict=False)]


def count(hand: Iterable[int], tops: Iterable[int]) -> int:
    """How many distinct valid claims (stack, operand sequence, operator sequence) there are."""
    cards, top3 = _checked(hand, tops)
    return len(Claims(_position(cards, top3), STACKS, MAX_OPERANDS))


def has_claim(hand: Iterable[int], tops: Iterable[int]) -> bool:
    """Whether the hand has any valid claim; the cheapest kinds first, stopping at the first."""
    cards, top3 = _checked(hand, tops)
    # The quick try needs no tables and mostly finds one within a few pairs: cheaper than
    # even a look into the cache. Otherwise the position is searched, or read if kept.
    if engine.quick_claim(cards, top3) is not None:
        return True
    return _position(cards, top3).any_claim()


def solve_table(hands: Sequence[Iterable[int]], tops: Iterable[int]) -> list[Claims]:
    """Every valid claim of every hand at one table: a `Claims` sequence per hand.

    The search runs now; each hand's `Claim` objects are built when first read.
    Raises `BadInput` as `solve` does, and for a card in two hands.
    """
    checked = [_checked(hand, tops) for hand in hands]
    seen: set[int] = set()
    for seat, (cards, _) in enumerate(checked):
        if seen.intersection(cards):
            raise BadInput(
                f"hands: card {min(seen.intersection(cards))} is in hand {seat} and an earlier one",
                "quiclo/duplicate_card",
            )
        seen.update(cards)
    return [Claims(_position(cards, top3), STACKS, MAX_OPERANDS) for cards, top3 in checked]
