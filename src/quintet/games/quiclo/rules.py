"""Quiclo: the real-time arithmetic race (RULINGS §3; docs/rules/quiclo.md).

The game's facts first, then reading a claim, then the checked entry point
`QuicloGame.apply` (for anything from a person or a network), views and hidden
information. Everyone plays at once: any seat may send a claim at any time, stamped by
the host. Time is an input: a wrong claim's sit-out is a deadline in the state, reported
by `next_deadline` and ended by the host's tick (or sooner, by another player's valid
claim). So is the optional stall: when no valid claim has been made for `stall_ms`, the
host's tick ends the game as if nobody had a claim left. By default only the rulebook's
endings apply, and the players' vote "no more claims" (`NO_MORE_CLAIMS`) ends a game
nobody can go on with; each seat also chooses to hold its hand open or hidden (`HAND`).

The options and the state are in `state`; the unchecked transitions (`claim`,
`play_claim` with a solver `Claim`, `wrong_claim`, `tick`: the fast path for bots and
playouts) in `fast`. The arithmetic is `arithmetic.py`'s (the one definition).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from quintet.core import (
    HOST,
    BadInput,
    Event,
    Game,
    IllegalAction,
    Input,
    JSONDict,
    Outcome,
    Rng,
    Seat,
    TooLate,
    Viewer,
)
from quintet.core.fields import check_fields
from quintet.core.game import check_seat
from quintet.games.quiclo.arithmetic import OPERATORS, explain
from quintet.games.quiclo.components import CARDS, STACK_COUNT, card_name, is_card
from quintet.games.quiclo.fast import (
    choose_hand,
    claim,
    deadline_of,
    legal_claims,
    new_state,
    outcome_of,
    start,
    tick,
    vote,
    wrong_claim,
)
from quintet.games.quiclo.state import STALLED, QuicloOptions, QuicloState

#: The actions a seat sends besides `claim`: the vote that nobody can claim any more, and
#: the choice to hold one's hand open or hidden.
NO_MORE_CLAIMS: Final = "no_more_claims"
HAND: Final = "hand"

# ------------------------------------------------------------------- game facts

MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 6
STACKS: Final = STACK_COUNT
#: A claim's chain has 2 to 4 operands (3 to 5 cards with the result).
MIN_OPERANDS: Final = 2
MAX_OPERANDS: Final = 4

#: A claim's fields and their types; each is checked further by `_read_claim`.
_CLAIM_FIELDS: Final = {"stack": object, "expect": object, "operands": object, "operators": object}

# Error messages name a card the sender may see as "card 33" (`card_name`, the form
# `hidden_cards` gives, so the leak checks find every card a message names), and
# quote the sender's own input as it was written, a bare number ("you wrote 33").


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
    return start(
        len(hands), parsed, Rng(0), hands=hands_, stacks=[tuple(s) for s in stacks], out=out
    )


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
    check_fields(action, _CLAIM_FIELDS, {"order": object}, codes="quiclo")
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
    # table with a stall deadline often ends stalled after a few claims. The defaults
    # have no stall (whole games, to the last claim or the votes); a short stall with a
    # short sit-out exercises it.
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
            check_fields(action, codes="quiclo")
            tick(state, inp.time, events)
            return events
        if kind not in ("claim", NO_MORE_CLAIMS, HAND):
            raise BadInput(
                f"unknown action {kind!r}: Quiclo takes 'claim', '{NO_MORE_CLAIMS}' and "
                f"'{HAND}' from a seat and 'tick' from the host",
                "input/unknown_action",
            )
        seat = inp.seat
        if seat is None:
            raise BadInput(
                f"the host cannot send {kind!r}; only seats claim, vote and choose their hand",
                "quiclo/host_cannot_claim",
            )
        if kind == HAND:
            self._choose_hand(state, seat, action, events)
            return events
        until = state.sit_out[seat]
        if until is not None:
            raise IllegalAction(
                f"you are sitting out after a wrong claim, until {until} ms or another "
                "player's valid claim, whichever comes first"
                + ("" if kind == "claim" else "; until then you cannot vote either"),
                "quiclo/sitting_out",
            )
        if kind == NO_MORE_CLAIMS:
            check_fields(action, codes="quiclo")
            if state.voted[seat]:
                raise IllegalAction(
                    "you have already voted that you find no more claims; the vote stands "
                    "until a valid claim changes the table",
                    "quiclo/already_voted",
                )
            vote(state, seat, events)
            return events
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

    @staticmethod
    def _choose_hand(state: QuicloState, seat: int, action: JSONDict, events: list[Event]) -> None:
        """Lay the hand open or keep it hidden; raises `BadInput`/`IllegalAction`."""
        check_fields(action, {"open": bool}, codes="quiclo")
        shown = action["open"]
        current = state.shown[seat]
        if current is True:
            raise IllegalAction(
                "your hand already lies open"
                + ("" if shown else ": the others have seen it, so it cannot be hidden again"),
                "quiclo/hand_open",
            )
        if current is False and not shown:
            raise IllegalAction(
                "your hand is already hidden; you may still lay it open",
                "quiclo/hand_hidden",
            )
        choose_hand(state, seat, shown, events)

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
            # Per seat: its hand lies open (true), is held hidden (false) or not chosen yet.
            "shown": state.shown[:],
            "voted": state.voted[:],
            "over": over,
            "end": state.end,
            "winners": [] if result is None else list(result.winners),
            "outcome": None if result is None else result.to_json(),
        }
        if viewer >= 0:
            view["hand"] = list(state.hands[viewer])
            view["can_claim"] = not over and state.sit_out[viewer] is None
            view["can_vote"] = view["can_claim"] and not state.voted[viewer]
        # Each hand the viewer may see (an open one, its own, all for the host), else null;
        # no `hands` at all for a spectator while every hand is hidden.
        hands = [
            list(hand) if _sees_hand(state, viewer, seat) else None
            for seat, hand in enumerate(state.hands)
        ]
        if any(hand is not None for hand in hands):
            view["hands"] = hands
        if viewer == HOST:
            view["stacks"] = [list(s) for s in state.stacks]
            view["out"] = list(state.out)
        return view

    def next_deadline(self, state: QuicloState) -> int | None:
        return deadline_of(state)

    def legal_actions(self, state: QuicloState, seat: Seat) -> list[JSONDict]:
        """Every valid claim of the seat, as claim actions (own cards in chain order), then
        the vote "no more claims" if it may vote, then the hand choices open to it."""
        check_seat(state, seat)
        actions = [found.to_action() for found in legal_claims(state, seat)]
        if state.end is not None:
            return actions
        if state.sit_out[seat] is None and not state.voted[seat]:
            actions.append({"type": NO_MORE_CLAIMS})
        shown = state.shown[seat]
        if shown is not True:
            actions.append({"type": HAND, "open": True})
        if shown is None:
            actions.append({"type": HAND, "open": False})
        return actions

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
        for seat, hand in enumerate(state.hands):
            if not _sees_hand(state, viewer, seat):
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
        redealt = [seat for seat in range(state.players) if not _sees_hand(state, viewer, seat)]
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
        return QuicloState.from_json(data)


def _sees_hand(state: QuicloState, viewer: Viewer, seat: int) -> bool:
    """Whether `viewer` may see `seat`'s cards: its own, an open hand, or the host."""
    return viewer in (seat, HOST) or state.shown[seat] is True


GAME: Final = QuicloGame()
