"""Quiclo's fast path (RULINGS §3): the unchecked transitions, for bots and playouts.

These functions trust their caller: `claim` with an invalid claim corrupts the state
without an error. Use them with claims from the solver only; anything from a person or
a network goes through `rules.QuicloGame.apply`, which runs its checks and then this same
code. Whether any player still has a claim is `solver.has_claim`'s answer.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Final

from quintet.core import Event, Outcome, Rng, State, private, public
from quintet.games.quiclo import solver
from quintet.games.quiclo.components import deal
from quintet.games.quiclo.state import (
    EMPTIED,
    NO_CLAIMS,
    STALLED,
    VOTED,
    LastClaim,
    QuicloOptions,
    QuicloState,
)

#: A claimer left with this many cards or fewer wins at once.
WIN_AT: Final = 1


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
    return start(players, options, rng, hands=hands, stacks=[(t,) for t in tops], out=out)


def start(
    players: int,
    options: QuicloOptions,
    rng: Rng,
    *,
    hands: list[tuple[int, ...]],
    stacks: list[tuple[int, ...]],
    out: tuple[int, ...],
) -> QuicloState:
    """A table with these hands, stacks and cards out of play, as dealt (nothing claimed);
    over at once when no player has a claim. Unchecked."""
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
    state.voted = [False] * players
    state.shown = [None] * players
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
    moves to `now + stall_ms`, every "no more claims" vote is withdrawn, and a seat that
    has not chosen how to hold its hand takes the table's default.

    Warning: the claim must be valid for this seat and table (from the solver, or
    checked by `QuicloGame.apply`); anything else corrupts the state without an error.
    """
    placed = tuple(order)
    gone = set(placed)
    state.hands[seat] = tuple(c for c in state.hands[seat] if c not in gone)
    state.stacks[stack] = state.stacks[stack] + placed
    state.last = LastClaim(seat, stack, tuple(operands), tuple(operators), placed)
    state.stall_at = _stall_at(state.options, now)
    settle_hand(state, seat)
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
    # The table has changed, so every "no more claims" vote is void: the new top may give
    # anyone a claim.
    _withdraw_votes(state, [s for s, voted in enumerate(state.voted) if voted], "claim", events)
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
    settle_hand(state, seat)
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
    # Calling QUICLO! says the claimer still sees a claim: its own vote is void.
    if state.voted[seat]:
        _withdraw_votes(state, [seat], "wrong_claim", events)


def settle_hand(state: QuicloState, seat: int) -> None:
    """Unchecked: a seat that has not chosen how to hold its hand takes the table's
    default (`open_hands`) at its first claim or vote. No event: the views show it."""
    if state.shown[seat] is None:
        state.shown[seat] = state.options.open_hands


def choose_hand(
    state: QuicloState, seat: int, shown: bool, events: list[Event] | None = None
) -> None:
    """Unchecked: the seat lays its hand open (True) or keeps it hidden (False).

    The caller checks that the choice is allowed: a hidden or undecided hand may be laid
    open at any time; only an undecided one may be kept hidden (an open hand has been seen).
    """
    state.shown[seat] = shown
    if events is not None:
        events.append(public("hand_chosen", seat=seat, open=shown))


def vote(state: QuicloState, seat: int, events: list[Event] | None = None) -> None:
    """Unchecked: the seat votes "no more claims" (it has not voted since the last valid
    claim). When every seat has voted, the game ends, scored like "no claims left"."""
    state.voted[seat] = True
    settle_hand(state, seat)
    if events is not None:
        events.append(public("voted", seat=seat))
    if all(state.voted):
        _finish(state, VOTED, events)


def _withdraw_votes(
    state: QuicloState, seats: list[int], by: str, events: list[Event] | None
) -> None:
    if not seats:
        return
    for seat in seats:
        state.voted[seat] = False
    if events is not None:
        events.append(public("votes_withdrawn", seats=seats, by=by))


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
