"""Quick's round flow (RULINGS §1): deal, countdown, sorting moves, the round's end,
checking card by card, the next round. Unchecked: `rules.QuickGame.apply` checks
every input first; these only change the state and add events.

Checking is a phase of its own, driven by the host's ticks: every `reveal_ms` one card
of the stack being checked is turned face up (a public "revealed" event), so every
player and the board see it happen card by card. A stack stops being turned at its
first wrong card (a card that sorts before the card above it); a stack whose last card
is turned without fault takes a chip. The next stack follows while chips remain.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final

from quintet.core import Event, Outcome, Rng
from quintet.core.events import public
from quintet.games.quick.components import CARDS, Criteria, card_json, parse_criteria, sort_key
from quintet.games.quick.state import (
    ALL_BUT_ONE,
    CHECK,
    CHIP,
    CHOOSE,
    CLOCK,
    OVER,
    READY,
    SCORED,
    SIXTH_CHIP,
    SORT,
    STALLED,
    UNCHECKED,
    UNFINISHED,
    WRONG,
    QuickOptions,
    QuickState,
    Table,
)

#: Every player is dealt this many cards, plus one per chip won.
BASE_CARDS: Final = 5
#: The game ends at once when a player wins this many chips.
CHIPS_TO_WIN: Final = 6


def chips_per_round(players: int) -> int:
    """Two fewer than the players; one with two players."""
    return max(players - 2, 1)


@lru_cache(maxsize=256)
def criteria_of(texts: tuple[str, ...], simplified: bool) -> Criteria:
    """The parsed criteria of a state (checked when they were set)."""
    return parse_criteria(texts, simplified=simplified)


def new_state(seed: int, players: int, options: QuickOptions) -> QuickState:
    state = QuickState(players)
    state.options = options
    state.rng = Rng(seed)
    state.round = 1
    state.dealer = 0
    state.criteria = options.criteria
    state.chips = [0] * players
    state.stall = 0
    state.end = None
    start_round(state, 0, [])
    return state


def start_round(state: QuickState, now: int, events: list[Event]) -> None:
    """Deal 5 + chips cards to each seat as one face-down stack; then the dealer's choice
    (option) or the countdown to "QUICK!"."""
    players = state.players
    deck = list(CARDS)
    state.rng.shuffle(deck)
    tables: list[Table] = []
    start = 0
    for seat in range(players):
        size = BASE_CARDS + state.chips[seat]
        tables.append((tuple(deck[start : start + size]),))
        start += size
    state.tables = tables
    state.stock = tuple(sorted(deck[start:]))
    state.hand = [None] * players
    state.klaar = []
    state.stopped = None
    state.queue = []
    state.checking = None
    state.shown = [0] * players
    state.verdict = [None] * players
    state.pot = chips_per_round(players)
    events.append(
        public(
            "round",
            round=state.round,
            dealer=state.dealer,
            cards=[len(t[0]) for t in tables],
            pot=state.pot,
            criteria=list(state.criteria),
        )
    )
    if state.options.chooser == "dealer":
        state.phase = CHOOSE
        state.deadline = now + state.options.choose_ms
    else:
        start_countdown(state, now)


def start_countdown(state: QuickState, now: int) -> None:
    state.phase = READY
    state.deadline = now + state.options.countdown_ms


def set_criteria(
    state: QuickState, criteria: tuple[str, ...], now: int, events: list[Event], default: bool
) -> None:
    state.criteria = criteria
    events.append(public("criteria", seat=state.dealer, criteria=list(criteria), default=default))
    start_countdown(state, now)


def start_sorting(state: QuickState, events: list[Event]) -> None:
    state.phase = SORT
    state.deadline = None
    events.append(public("quick", round=state.round, criteria=list(state.criteria)))


# ---------------------------------------------------------------------- moves


def _mine(seat: int, kind: str, **data: object) -> Event:
    # A move is told only to its maker: the others see the pile sizes change in their views.
    return Event(kind, {"seat": seat, **data}, frozenset((seat,)))


def take(state: QuickState, seat: int, pile: int, events: list[Event]) -> None:
    table = state.tables[seat]
    card, rest = table[pile][0], table[pile][1:]
    state.tables[seat] = table[:pile] + ((rest,) if rest else ()) + table[pile + 1 :]
    state.hand[seat] = card
    events.append(_mine(seat, "took", pile=pile, card=card_json(card)))


def place(state: QuickState, seat: int, pile: int, bottom: bool, events: list[Event]) -> None:
    card = state.hand[seat]
    assert card is not None
    table = state.tables[seat]
    old = table[pile]
    new = (*old, card) if bottom else (card, *old)
    state.tables[seat] = (*table[:pile], new, *table[pile + 1 :])
    state.hand[seat] = None
    end = "bottom" if bottom else "top"
    events.append(_mine(seat, "placed", pile=pile, end=end))


def new_pile(state: QuickState, seat: int, at: int, events: list[Event]) -> None:
    card = state.hand[seat]
    assert card is not None
    table = state.tables[seat]
    state.tables[seat] = (*table[:at], (card,), *table[at:])
    state.hand[seat] = None
    events.append(_mine(seat, "new_pile", at=at))


def klaar(state: QuickState, seat: int, now: int, events: list[Event]) -> None:
    """KLAAR: the seat is done; the round's sorting may end (by the `round_end` option)."""
    state.klaar.append(seat)
    events.append(public("klaar", seat=seat, place=len(state.klaar)))
    players = state.players
    rule = state.options.round_end
    if len(state.klaar) == players:
        end_sorting(state, now, events)
    elif len(state.klaar) == players - 1 and rule in (ALL_BUT_ONE, CLOCK):
        last = next(s for s in range(players) if s not in state.klaar)
        if rule == ALL_BUT_ONE:
            stop(state, last, "all_but_one", events)
            end_sorting(state, now, events)
        else:
            state.deadline = now + state.options.last_player_ms
            events.append(public("clock", seat=last, until=state.deadline))


def stop(state: QuickState, seat: int, reason: str, events: list[Event]) -> None:
    state.stopped = seat
    events.append(public("stopped", seat=seat, reason=reason))


def clock_runs_out(state: QuickState, now: int, events: list[Event]) -> None:
    last = next(s for s in range(state.players) if s not in state.klaar)
    stop(state, last, "clock", events)
    end_sorting(state, now, events)


# ------------------------------------------------------------------- checking


def end_sorting(state: QuickState, now: int, events: list[Event]) -> None:
    """Sorting is over: check the stacks in KLAAR order. A seat stopped by the clock is
    checked last when its cards lie in one pile with an empty hand; any other seat that
    did not finish takes nothing."""
    queue = state.klaar[:]
    last = state.stopped
    if last is not None:
        finished = len(state.tables[last]) == 1 and state.hand[last] is None
        if state.options.round_end == CLOCK and finished:
            queue.append(last)
        else:
            state.verdict[last] = UNFINISHED
    state.queue = queue
    state.phase = CHECK
    events.append(public("checking", order=queue[:]))
    next_stack(state, now, events)


def next_stack(state: QuickState, now: int, events: list[Event]) -> None:
    if state.pot > 0 and state.queue:
        state.checking = state.queue.pop(0)
        state.deadline = now + state.options.reveal_ms
        return
    state.checking = None
    for seat in state.queue:
        state.verdict[seat] = UNCHECKED
    state.queue = []
    end_round(state, now, events)


def reveal(state: QuickState, now: int, events: list[Event]) -> None:
    """Turn the next card of the stack being checked; decide the stack at its first wrong
    card or at its last card."""
    seat = state.checking
    assert seat is not None
    stack = state.tables[seat][0]
    place = state.shown[seat]
    card = stack[place]
    state.shown[seat] = place + 1
    events.append(public("revealed", seat=seat, place=place, card=card_json(card)))
    criteria = criteria_of(state.criteria, state.options.simplified)
    if place > 0 and sort_key(card, criteria) < sort_key(stack[place - 1], criteria):
        state.verdict[seat] = WRONG
        events.append(public("checked", seat=seat, correct=False, first_wrong=place, chip=False))
        next_stack(state, now, events)
        return
    if place + 1 < len(stack):
        state.deadline = now + state.options.reveal_ms
        return
    state.verdict[seat] = CHIP
    state.pot -= 1
    state.chips[seat] += 1
    events.append(
        public(
            "checked", seat=seat, correct=True, first_wrong=None, chip=True, chips=state.chips[seat]
        )
    )
    if state.chips[seat] >= CHIPS_TO_WIN:
        finish(state, SIXTH_CHIP, events)
        return
    next_stack(state, now, events)


def end_round(state: QuickState, now: int, events: list[Event]) -> None:
    won = [s for s in range(state.players) if state.verdict[s] == CHIP]
    state.stall = 0 if won else state.stall + 1
    events.append(
        public(
            "round_over",
            round=state.round,
            winners=won,
            chips=state.chips[:],
            verdicts=state.verdict[:],
            left=state.pot,
        )
    )
    limit = state.options.stall_rounds
    if limit and state.stall >= limit:
        finish(state, STALLED, events)
        return
    state.phase = SCORED
    state.deadline = now + state.options.pause_ms


def next_round(state: QuickState, now: int, events: list[Event]) -> None:
    state.round += 1
    state.dealer = (state.dealer + 1) % state.players
    start_round(state, now, events)


def finish(state: QuickState, end: str, events: list[Event]) -> None:
    state.phase = OVER
    state.end = end
    state.deadline = None
    state.checking = None
    result = outcome_of(state)
    events.append(public("game_over", end=end, **result.to_json()))


def outcome_of(state: QuickState) -> Outcome:
    """Chips are the scores: the sixth chip wins; a stalled game is won by the most chips."""
    return Outcome.from_scores(state.chips)


def tick(state: QuickState, now: int, events: list[Event]) -> None:
    """The host's tick at the deadline: what happens depends on the phase."""
    phase = state.phase
    if phase == CHOOSE:
        set_criteria(state, state.criteria, now, events, default=True)
    elif phase == READY:
        start_sorting(state, events)
    elif phase == SORT:
        clock_runs_out(state, now, events)
    elif phase == CHECK:
        reveal(state, now, events)
    elif phase == SCORED:
        next_round(state, now, events)
