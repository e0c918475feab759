"""Quiclo: the real-time arithmetic race (RULINGS §3).

Facts first, then the state, the fast path and the game. Everyone plays at
once: any seat may send a claim at any time, stamped by the host. Time is an
input: a wrong claim's sit-out is a deadline in the state, reported by
`next_deadline` and ended by the host's tick (or sooner, by another player's
valid claim). So is the stall: when no valid claim has been made for
`stall_ms`, the host's tick ends the game as if nobody had a claim left.

Two entry points change a state: `QuicloGame.apply` (checked, for anything from
a person or a network) and the unchecked fast path `claim` (or `play_claim`
with a solver `Claim`), `wrong_claim` and `tick` (for bots and playouts; they
trust their caller). The checked
path runs its checks and then the same fast-path code.

The arithmetic is `arithmetic.py`'s (the one definition); whether any player
still has a claim is `solver.has_claim`'s.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Final

from pydantic import Field

from quintet.core import (
    HOST,
    BadInput,
    Event,
    Game,
    IllegalAction,
    Input,
    JSONDict,
    Options,
    Outcome,
    Rng,
    Seat,
    State,
    TooLate,
    Viewer,
    private,
    public,
)
from quintet.games.quiclo import solver
from quintet.games.quiclo.arithmetic import OPERATORS, explain
from quintet.games.quiclo.components import (
    CARD_COUNT,
    CARDS,
    HAND_SIZE,
    STACK_COUNT,
    card_name,
    deal,
    is_card,
)

# ------------------------------------------------------------------- game facts

MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 6
#: 144 cards; 12 per player (two per continent); three result stacks.
DECK_SIZE: Final = CARD_COUNT
CARDS_PER_PLAYER: Final = HAND_SIZE
STACKS: Final = STACK_COUNT
#: A claim's chain has 2 to 4 operands (3 to 5 cards with the result).
MIN_OPERANDS: Final = 2
MAX_OPERANDS: Final = 4
#: A claimer left with this many cards or fewer wins at once.
WIN_AT: Final = 1

#: How a game ended: a claimer kept one card or none, no player had a claim left, or
#: nobody made a valid claim for `stall_ms` (claims may exist that nobody finds).
EMPTIED: Final = "emptied"
NO_CLAIMS: Final = "no_claims"
STALLED: Final = "stalled"

CLAIM_FIELDS: Final = frozenset({"type", "stack", "expect", "operands", "operators", "order"})
_REQUIRED: Final = ("stack", "expect", "operands", "operators")

# Error messages name a card the sender may see as "card 33" (`card_name`, the form
# `hidden_cards` gives, so the leak checks find every card a message names), and
# quote the sender's own input as it was written, a bare number ("you wrote 33").


class QuicloOptions(Options):
    sit_out_ms: int = Field(
        15_000,
        ge=0,
        le=600_000,
        description="Sit-out after a wrong claim (ms); another player's valid claim ends it sooner",
    )
    open_hands: bool = Field(
        True,
        description="Every view shows every hand; off: others see only how many cards each holds",
    )
    stall_ms: int = Field(
        180_000,
        ge=0,
        le=3_600_000,
        description=(
            "End the game when no valid claim has been made for this long (ms; 0: never); "
            "fewest cards win"
        ),
    )


# ------------------------------------------------------------------------- state


@dataclass(frozen=True, slots=True)
class LastClaim:
    """The last valid claim: what every view shows as the latest play."""

    seat: int
    stack: int
    operands: tuple[int, ...]
    operators: tuple[str, ...]
    #: The claimer's cards in the order they went onto the stack; the last is the new top.
    order: tuple[int, ...]

    def to_json(self) -> JSONDict:
        return {
            "seat": self.seat,
            "stack": self.stack,
            "operands": list(self.operands),
            "operators": list(self.operators),
            "order": list(self.order),
            "top": self.order[-1],
        }

    @classmethod
    def from_json(cls, data: JSONDict) -> LastClaim:
        return cls(
            int(data["seat"]),
            int(data["stack"]),
            tuple(int(c) for c in data["operands"]),
            tuple(str(o) for o in data["operators"]),
            tuple(int(c) for c in data["order"]),
        )


class QuicloState(State):
    """The whole table. Hands and stacks are tuples, so a clone copies only the lists."""

    __slots__ = ("end", "hands", "last", "options", "out", "rng", "sit_out", "stacks", "stall_at")

    options: QuicloOptions
    #: The generator after the deal; the rules draw nothing more, but it is part of the
    #: state so a table built from JSON is the same table.
    rng: Rng
    #: Each seat's cards, ascending.
    hands: list[tuple[int, ...]]
    #: Each result stack from the bottom up; the last card is its top.
    stacks: list[tuple[int, ...]]
    #: The cards out of play, ascending.
    out: tuple[int, ...]
    #: Per seat: the time (ms) its sit-out ends, or None when it may claim.
    sit_out: list[int | None]
    #: None while the game runs, else EMPTIED, NO_CLAIMS or STALLED.
    end: str | None
    last: LastClaim | None
    #: When the game stalls: the last valid claim's time (0 before the first) plus
    #: `stall_ms`; None with `stall_ms` 0. Kept as it was once the game is over.
    stall_at: int | None

    def clone(self) -> QuicloState:
        other = QuicloState.__new__(QuicloState)
        other.players = self.players
        other.now = self.now
        other.options = self.options
        other.rng = self.rng.copy()
        other.hands = self.hands[:]
        other.stacks = self.stacks[:]
        other.out = self.out
        other.sit_out = self.sit_out[:]
        other.end = self.end
        other.last = self.last
        other.stall_at = self.stall_at
        return other

    def tops(self) -> tuple[int, int, int]:
        first, second, third = self.stacks
        return first[-1], second[-1], third[-1]

    def to_json(self) -> JSONDict:
        return {
            "players": self.players,
            "now": self.now,
            "options": self.options.to_json(),
            "rng": self.rng.state,
            "hands": [list(h) for h in self.hands],
            "stacks": [list(s) for s in self.stacks],
            "out": list(self.out),
            "sit_out": self.sit_out[:],
            "end": self.end,
            "last": None if self.last is None else self.last.to_json(),
            "stall_at": self.stall_at,
        }


def _from_json(data: JSONDict) -> QuicloState:
    state = QuicloState.__new__(QuicloState)
    state.players = int(data["players"])
    state.now = int(data["now"])
    state.options = QuicloOptions.parse(data["options"])
    state.rng = Rng(int(data["rng"]))
    state.hands = [tuple(int(c) for c in h) for h in data["hands"]]
    state.stacks = [tuple(int(c) for c in s) for s in data["stacks"]]
    state.out = tuple(int(c) for c in data["out"])
    state.sit_out = [None if u is None else int(u) for u in data["sit_out"]]
    end = data["end"]
    state.end = None if end is None else str(end)
    last = data["last"]
    state.last = None if last is None else LastClaim.from_json(last)
    stall_at = data["stall_at"]
    state.stall_at = None if stall_at is None else int(stall_at)
    return state


# --------------------------------------------------------------------- fast path
#
# These functions trust their caller: `claim` with an invalid claim corrupts the
# state without an error. Use them with claims from the solver only; anything
# from a person or a network goes through `QuicloGame.apply`.


@lru_cache(maxsize=1 << 14)
def _has_claim(hand: tuple[int, ...], tops: tuple[int, int, int]) -> bool:
    # The end check asks this for every player after every claim, and a player's
    # hand meets the same tops again and again (every clone a search bot or the
    # conformance kit tries): a pure function of its arguments, so memoised.
    return solver.has_claim(hand, tops)


@lru_cache(maxsize=16)
def _claims(hand: tuple[int, ...], tops: tuple[int, int, int]) -> tuple[solver.Claim, ...]:
    # `legal_actions` is asked for the same seat and table many times between
    # inputs (simulator, kit, server hints); claims are frozen, so they can be shared.
    return tuple(solver.iter_claims(hand, tops))


def new_state(seed: int, players: int, options: QuicloOptions) -> QuicloState:
    """A new table, dealt; unchecked (`QuicloGame.new` checks the player count and options).

    If no player has a claim at the deal, the game is over at once (see `_check_claims_left`).
    """
    rng = Rng(seed)
    hands, tops, out = deal(rng, players)
    return _start(players, options, rng, hands=hands, stacks=[(t,) for t in tops], out=out)


def position(
    hands: Sequence[Sequence[int]],
    stacks: Sequence[Sequence[int]],
    options: QuicloOptions | JSONDict | None = None,
) -> QuicloState:
    """A table with the given hands and stacks (bottom up; the last card is the top), for
    tests, puzzles and bots. Every other card is out of play. Like a deal, it ends at once
    if no player has a claim.

    Raises `ValueError` for a card outside 1..144, a card in two places, fewer than two
    or more than six hands, or not three non-empty stacks.

    >>> state = position([[3, 4], [50, 60]], [[7], [20], [99]])
    >>> state.tops(), state.end
    ((7, 20, 99), None)
    """
    if not MIN_PLAYERS <= len(hands) <= MAX_PLAYERS:
        raise ValueError(f"Quiclo takes 2 to 6 hands, not {len(hands)}")
    if len(stacks) != STACKS or not all(stacks):
        raise ValueError("a table has three result stacks, each with at least its top card")
    placed = [c for group in (*hands, *stacks) for c in group]
    for card in placed:
        if not is_card(card):
            raise ValueError(f"{card!r} is not a card (cards are 1..144)")
    if len(set(placed)) != len(placed):
        raise ValueError("a card appears in two places")
    used = set(placed)
    out = tuple(c for c in CARDS if c not in used)
    parsed = QuicloOptions.parse(options)
    hands_ = [tuple(sorted(h)) for h in hands]
    return _start(
        len(hands), parsed, Rng(0), hands=hands_, stacks=[tuple(s) for s in stacks], out=out
    )


def _start(
    players: int,
    options: QuicloOptions,
    rng: Rng,
    *,
    hands: list[tuple[int, ...]],
    stacks: list[tuple[int, ...]],
    out: tuple[int, ...],
) -> QuicloState:
    state = QuicloState.__new__(QuicloState)
    State.__init__(state, players)
    state.options = options
    state.rng = rng
    state.hands = hands
    state.stacks = stacks
    state.out = out
    state.sit_out = [None] * players
    state.end = None
    state.last = None
    state.stall_at = _stall_at(options, 0)
    # A table may have no claim at all from the start (never seen in practice: it
    # would take hands and tops with no chain among 14 cards or more). The game is
    # then over at creation, and with twelve cards each every player shares the win.
    _check_claims_left(state, None)
    return state


def _stall_at(options: QuicloOptions, since: int) -> int | None:
    """The stall deadline for a table whose last valid claim (or start) was at `since`."""
    return since + options.stall_ms if options.stall_ms else None


def _check_claims_left(state: QuicloState, events: list[Event] | None) -> None:
    """End the game when no player has a valid claim (exactly, by the solver)."""
    tops = state.tops()
    if not any(_has_claim(hand, tops) for hand in state.hands):
        _finish(state, NO_CLAIMS, events)


def _finish(state: QuicloState, end: str, events: list[Event] | None) -> None:
    state.end = end
    if events is not None:
        result = outcome_of(state)
        events.append(public("game_over", end=end, **result.to_json()))


def outcome_of(state: QuicloState) -> Outcome:
    """Scores are minus the cards left: the fewest cards win and ties share.

    After an instant win the claimer is the only seat with one card or none
    (everyone else still has two or more, or the game would have ended sooner).
    """
    return Outcome.from_scores([-len(hand) for hand in state.hands])


def claim(
    state: QuicloState,
    seat: int,
    stack: int,
    operands: Sequence[int],
    operators: Sequence[str],
    *,
    order: Sequence[int],
    now: int,
    events: list[Event] | None = None,
) -> None:
    """Unchecked: apply a valid claim made at `now`; `order` is the seat's own operand cards
    in the order they go onto the stack (the last becomes the top). The stall deadline
    moves to `now + stall_ms`.

    Warning: the claim must be valid for this seat and table (from the solver, or
    checked by `QuicloGame.apply`); anything else corrupts the state without an error.
    """
    placed = tuple(order)
    gone = set(placed)
    state.hands[seat] = tuple(c for c in state.hands[seat] if c not in gone)
    state.stacks[stack] = state.stacks[stack] + placed
    state.last = LastClaim(seat, stack, tuple(operands), tuple(operators), placed)
    state.stall_at = _stall_at(state.options, now)
    if events is not None:
        events.append(
            public(
                "claimed",
                seat=seat,
                stack=stack,
                operands=list(operands),
                operators=list(operators),
                order=list(placed),
                top=placed[-1],
            )
        )
    # A valid claim ends every sit-out (the claimer was not sitting out: it could not claim).
    for other, until in enumerate(state.sit_out):
        if until is not None:
            state.sit_out[other] = None
            if events is not None:
                events.append(public("sit_out_over", seat=other, by="claim"))
    if len(state.hands[seat]) <= WIN_AT:
        _finish(state, EMPTIED, events)
    else:
        _check_claims_left(state, events)


def play_claim(
    state: QuicloState,
    seat: int,
    found: solver.Claim,
    now: int,
    events: list[Event] | None = None,
) -> None:
    """Unchecked: apply a claim from the solver made at `now`, own cards in chain order."""
    claim(
        state,
        seat,
        found.stack,
        found.operands,
        found.operators,
        order=found.own,
        now=now,
        events=events,
    )


def wrong_claim(
    state: QuicloState,
    seat: int,
    now: int,
    *,
    reason: str,
    stack: int,
    expect: int,
    operands: Sequence[int],
    operators: Sequence[str],
    events: list[Event] | None = None,
) -> None:
    """Unchecked: a wrong claim (well formed, but the arithmetic fails): nothing moves and
    the seat sits out until `now + sit_out_ms` or another player's next valid claim.
    The stall deadline stays: only a valid claim keeps the game alive."""
    until = now + state.options.sit_out_ms
    state.sit_out[seat] = until
    if events is not None:
        events.append(public("wrong_claim", seat=seat, until=until))
        # Only the claimer hears why: with hidden hands the chain would show its cards.
        events.append(
            private(
                seat,
                "wrong_claim_reason",
                reason=reason,
                stack=stack,
                expect=expect,
                operands=list(operands),
                operators=list(operators),
            )
        )


def end_sit_outs(state: QuicloState, now: int, events: list[Event] | None = None) -> None:
    """Unchecked: end every sit-out due by `now` (the first half of the host's `tick`)."""
    for seat, until in enumerate(state.sit_out):
        if until is not None and until <= now:
            state.sit_out[seat] = None
            if events is not None:
                events.append(public("sit_out_over", seat=seat, by="time"))


def tick(state: QuicloState, now: int, events: list[Event] | None = None) -> None:
    """Unchecked: the host's tick at `now` (at or after `deadline_of`).

    It first ends every sit-out due by `now`, then, if the stall deadline has come,
    ends the game (`STALLED`, scored like `NO_CLAIMS`). In that order so a tick does
    what every tick does and then what only this one does, and a stalled game shows
    nobody still sitting out for a time already past. A sit-out due later than `now`
    stays as it is: the game is over, so it no longer matters.

    Like a sit-out, the stall acts at this tick, which a host delivers before any
    input stamped later; a claim that reaches the table first is judged as usual
    (a valid one moves the stall deadline on).
    """
    end_sit_outs(state, now, events)
    if state.stall_at is not None and now >= state.stall_at:
        _finish(state, STALLED, events)


def deadline_of(state: QuicloState) -> int | None:
    """The earliest of the sit-out ends and the stall deadline, or None (also once the
    game is over)."""
    if state.end is not None:
        return None
    due = [until for until in state.sit_out if until is not None]
    if state.stall_at is not None:
        due.append(state.stall_at)
    return min(due) if due else None


def legal_claims(state: QuicloState, seat: int) -> tuple[solver.Claim, ...]:
    """Every valid claim of the seat (none while it sits out or after the end)."""
    if state.end is not None or state.sit_out[seat] is not None:
        return ()
    return _claims(state.hands[seat], state.tops())


# ------------------------------------------------------------------ reading input


@dataclass(frozen=True, slots=True)
class _Claim:
    stack: int
    expect: int
    operands: tuple[int, ...]
    operators: tuple[str, ...]
    order: tuple[int, ...] | None


def _card_list(value: Any, field: str) -> tuple[int, ...]:
    if not isinstance(value, list):
        raise BadInput(
            f"'{field}' must be a list of card numbers, not {value!r}", f"quiclo/bad_{field}"
        )
    for card in value:
        if not is_card(card):
            raise BadInput(
                f"'{field}' holds {card!r}, which is not a card: "
                "cards are the whole numbers 1 to 144",
                "quiclo/not_a_card",
            )
    return tuple(value)


def _read_claim(action: JSONDict) -> _Claim:
    """The claim's fields, checked for shape; raises `BadInput`/`IllegalAction` naming the field."""
    extra = set(action) - CLAIM_FIELDS
    if extra:
        raise BadInput(
            f"unknown field(s) in 'claim': {', '.join(sorted(map(str, extra)))}; a claim has "
            "'stack', 'expect', 'operands', 'operators' and optionally 'order'",
            "quiclo/unknown_field",
        )
    for field in _REQUIRED:
        if field not in action:
            raise BadInput(f"a claim needs '{field}'", "quiclo/missing_field")
    stack = action["stack"]
    if type(stack) is not int or not 0 <= stack < STACKS:
        raise BadInput(
            f"'stack' must be 0, 1 or 2 (the three result stacks), not {stack!r}",
            "quiclo/bad_stack",
        )
    expect = action["expect"]
    if not is_card(expect):
        raise BadInput(
            f"'expect' must be the card you expect on top of stack {stack}, not {expect!r}",
            "quiclo/bad_expect",
        )
    operands = _card_list(action["operands"], "operands")
    if not MIN_OPERANDS <= len(operands) <= MAX_OPERANDS:
        raise BadInput(
            f"'operands' holds {len(operands)} cards: a claim's chain has 2 to 4 operands",
            "quiclo/chain_length",
        )
    seen: set[int] = set()
    for card in operands:
        if card in seen:
            raise IllegalAction(
                f"{card} appears twice among your operands; each card is used once",
                "quiclo/duplicate_card",
            )
        seen.add(card)
    operators = action["operators"]
    if not isinstance(operators, list) or len(operators) != len(operands) - 1:
        raise BadInput(
            f"'operators' must be a list of {len(operands) - 1} operator(s) for "
            f"{len(operands)} operands, not {operators!r}",
            "quiclo/bad_operators",
        )
    for op in operators:
        if not isinstance(op, str) or op not in OPERATORS:
            raise BadInput(
                f"unknown operator {op!r}: the operators are '+', '-', '*' and '/'",
                "quiclo/unknown_operator",
            )
    order = action.get("order")
    if "order" in action:
        if not isinstance(order, list):
            raise BadInput(
                f"'order' must be a list of your own operand cards, not {order!r}",
                "quiclo/bad_order",
            )
        order = _card_list(order, "order")
    return _Claim(stack, expect, operands, tuple(operators), order)


def _own_cards(state: QuicloState, seat: int, parsed: _Claim) -> tuple[int, ...]:
    """The seat's own operands in chain order, after checking every card of the claim.

    Raises `IllegalAction` for the result card used as an operand, a card that is
    neither the seat's own nor the top of another stack, a claim without an own
    card, or an `order` that is not the own cards; `TooLate` for an operand that was
    a top but has since been covered (someone was faster).
    """
    hand = state.hands[seat]
    tops = state.tops()
    result = tops[parsed.stack]
    others = [tops[s] for s in range(STACKS) if s != parsed.stack]
    own: list[int] = []
    for card in parsed.operands:
        if card == result:
            raise IllegalAction(
                f"{card_name(card)} is the top of stack {parsed.stack}, the claim's result; "
                "it cannot also be an operand",
                "quiclo/result_as_operand",
            )
        if card in hand:
            own.append(card)
        elif card not in others:
            if any(card in pile for pile in state.stacks):
                raise TooLate(
                    f"too late: {card_name(card)} has been covered and is no longer the top of "
                    "its stack; nothing happened, try again with the new tops"
                )
            raise IllegalAction(
                f"the operand {card} is neither in your hand nor on top of another stack",
                "quiclo/not_your_card",
            )
    if not own:
        raise IllegalAction(
            "a claim must use at least one of your own cards; these operands are all "
            "tops of the other stacks",
            "quiclo/no_own_card",
        )
    if parsed.order is not None and sorted(parsed.order) != sorted(own):
        raise IllegalAction(
            "'order' must hold each of your own operand cards once, in the order they go "
            f"onto the stack: here {', '.join(map(card_name, own))}; got {list(parsed.order)}",
            "quiclo/bad_order",
        )
    return tuple(own)


# --------------------------------------------------------------------- the game


class QuicloGame(Game[QuicloState, QuicloOptions]):
    name = "quiclo"
    title = "Quiclo"
    summary = (
        "Everyone at once: chain your cards with plus, minus, times and divide to hit a "
        "stack's top card and "
        "empty your hand first."
    )
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    options_model = QuicloOptions
    real_time = True
    penalty_events = frozenset({"wrong_claim"})
    # The kit's random driver ticks at any deadline it is offered, however far off, so a
    # table with a stall deadline often ends stalled after a few claims. Two sets turn
    # the stall off to keep whole games (to the last claim) in the kit's diet; the
    # defaults and a short stall with a short sit-out exercise it.
    option_examples = (
        {},
        {"open_hands": False, "stall_ms": 0},
        {"open_hands": False, "sit_out_ms": 250, "stall_ms": 2000},
        {"sit_out_ms": 0, "stall_ms": 0},
    )

    def _new(self, seed: int, players: int, options: QuicloOptions) -> QuicloState:
        return new_state(seed, players, options)

    def _apply(self, state: QuicloState, inp: Input) -> list[Event]:
        action = inp.action
        kind = action["type"]
        events: list[Event] = []
        if kind == "tick":
            extra = set(action) - {"type"}
            if extra:
                raise BadInput(
                    f"the host's tick takes no fields, got {', '.join(sorted(map(str, extra)))}",
                    "quiclo/unknown_field",
                )
            tick(state, inp.time, events)
            return events
        if kind != "claim":
            raise BadInput(
                f"unknown action {kind!r}: Quiclo takes 'claim' from a seat and 'tick' from "
                "the host",
                "input/unknown_action",
            )
        seat = inp.seat
        if seat is None:
            raise BadInput("the host cannot claim; only seats can", "quiclo/host_cannot_claim")
        until = state.sit_out[seat]
        if until is not None:
            raise IllegalAction(
                f"you are sitting out after a wrong claim, until {until} ms or another "
                "player's valid claim, whichever comes first",
                "quiclo/sitting_out",
            )
        parsed = _read_claim(action)
        own = _own_cards(state, seat, parsed)
        top = state.stacks[parsed.stack][-1]
        if parsed.expect != top:
            raise TooLate(
                f"too late: the top of stack {parsed.stack} is now {card_name(top)}, not the "
                f"{parsed.expect} you expected; nothing happened, try again with the new top"
            )
        verdict = explain(parsed.operands, parsed.operators, top)
        if verdict.valid:
            order = own if parsed.order is None else parsed.order
            claim(
                state,
                seat,
                parsed.stack,
                parsed.operands,
                parsed.operators,
                order=order,
                now=inp.time,
                events=events,
            )
        else:
            assert verdict.reason is not None  # an invalid verdict names its rule
            wrong_claim(
                state,
                seat,
                inp.time,
                reason=verdict.reason,
                stack=parsed.stack,
                expect=parsed.expect,
                operands=parsed.operands,
                operators=parsed.operators,
                events=events,
            )
        return events

    # ---------------------------------------------------------------- the way out

    def _view(self, state: QuicloState, viewer: Viewer) -> JSONDict:
        over = state.end is not None
        result = outcome_of(state) if over else None
        view: JSONDict = {
            "game": self.name,
            "viewer": viewer,
            "players": state.players,
            "now": state.now,
            "options": state.options.to_json(),
            "tops": list(state.tops()),
            "heights": [len(s) for s in state.stacks],
            "hand_counts": [len(h) for h in state.hands],
            "sitting_out": state.sit_out[:],
            "deadline": deadline_of(state),
            # While the game runs, when it will stall; after a stalled end, when it did.
            "stall_at": state.stall_at if state.end in (None, STALLED) else None,
            "last_claim": None if state.last is None else state.last.to_json(),
            "over": over,
            "end": state.end,
            "winners": [] if result is None else list(result.winners),
            "outcome": None if result is None else result.to_json(),
        }
        if viewer >= 0:
            view["hand"] = list(state.hands[viewer])
            view["can_claim"] = not over and state.sit_out[viewer] is None
        if state.options.open_hands or viewer == HOST:
            view["hands"] = [list(h) for h in state.hands]
        if viewer == HOST:
            view["stacks"] = [list(s) for s in state.stacks]
            view["out"] = list(state.out)
        return view

    def next_deadline(self, state: QuicloState) -> int | None:
        return deadline_of(state)

    def legal_actions(self, state: QuicloState, seat: Seat) -> list[JSONDict]:
        """Every valid claim of the seat, as claim actions (own cards in chain order)."""
        self._check_seat(state, seat)
        return [found.to_action() for found in legal_claims(state, seat)]

    def can_act(self, state: QuicloState, seat: Seat) -> bool:
        return state.end is None and state.sit_out[seat] is None

    def is_over(self, state: QuicloState) -> bool:
        return state.end is not None

    def outcome(self, state: QuicloState) -> Outcome | None:
        return None if state.end is None else outcome_of(state)

    def hidden_cards(self, state: QuicloState, viewer: Viewer) -> frozenset[str]:
        """The out-of-play cards (for every seat and the spectator) and, with hidden
        hands, every hand but the viewer's own, named as in text ("card 33")."""
        if viewer == HOST:
            return frozenset()
        hidden = [*state.out]
        if not state.options.open_hands:
            for seat, hand in enumerate(state.hands):
                if seat != viewer:
                    hidden += hand
        return frozenset(map(card_name, hidden))

    def _scramble_hidden(self, state: QuicloState, viewer: Viewer, rng: Rng) -> QuicloState:
        """A copy with every card this viewer may not know redealt at random.

        The out-of-play cards and (with hidden hands) the other seats' hands are
        pooled, shuffled and redealt with the same sizes; the PRNG is replaced. The
        stacks and every hand the viewer sees stay. The host knows everything: a
        plain clone.
        """
        other = state.clone()
        if viewer == HOST:
            return other
        redealt = (
            []
            if state.options.open_hands
            else [seat for seat in range(state.players) if seat != viewer]
        )
        pool = [*state.out]
        for seat in redealt:
            pool += state.hands[seat]
        rng.shuffle(pool)
        start = 0
        for seat in redealt:
            size = len(state.hands[seat])
            other.hands[seat] = tuple(sorted(pool[start : start + size]))
            start += size
        other.out = tuple(sorted(pool[start:]))
        other.rng = rng.fork()
        return other

    def state_from_json(self, data: JSONDict) -> QuicloState:
        return _from_json(data)

    @staticmethod
    def _check_seat(state: QuicloState, seat: Seat) -> None:
        if type(seat) is not int or not 0 <= seat < state.players:
            raise BadInput(f"there is no seat {seat!r}; seats are 0 to {state.players - 1}")


GAME: Final = QuicloGame()
