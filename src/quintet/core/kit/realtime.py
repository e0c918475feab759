"""The conformance kit's real-time checks: stale inputs, simultaneous inputs, deadlines.

Races are where a host meets inputs computed on a state that has moved on: claims
that name an old top, two seats at the same millisecond, a tick at the edge of a
deadline. `walk_real_time` checks them at every position of a random game (they
hold for turn-based games too); `check_real_time_coverage` makes sure the walks
met them and that `real_time` tells the truth. They raise AssertionError, and work
the same for a game that lists its actions and one that only samples them.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from quintet.core.errors import RuleError
from quintet.core.events import Event
from quintet.core.game import Game, State
from quintet.core.inputs import Input
from quintet.core.jsonutil import canonical
from quintet.core.kit.data import check_round_trip, json_difference
from quintet.core.kit.driver import MAX_INPUTS, Choose, Mover, RandomDriver, movers_of
from quintet.core.record import Record, replay
from quintet.core.rng import Rng
from quintet.core.types import JSONDict


def host_time(game: Game[Any, Any], state: State, rng: Rng, span_ms: int = 1000) -> int | None:
    """A time a host may stamp on a seat's input now: `now` up to `span_ms` later and before
    the next deadline (a host sends a due tick first). None when a deadline is due."""
    now: int = state.now
    deadline = game.next_deadline(state)
    if deadline is not None and deadline <= now:
        return None
    span = span_ms if deadline is None else min(span_ms, deadline - 1 - now)
    return now + rng.below(span + 1)


def _attempt(
    game: Game[Any, Any], state: State, inp: Input, what: str
) -> tuple[State, list[Event] | None]:
    """`inp` applied to a clone of `state`: the clone and the events, or None for the
    events when it was refused, which must be a `RuleError` that changed nothing."""
    probe = state.clone()
    before = probe.to_json()
    try:
        events = game.apply(probe, inp)
    except RuleError as error:
        if not (isinstance(error.code, str) and error.code and error.message):
            raise AssertionError(f"{what}: {inp} was refused without a code or message") from None
        found = json_difference(probe.to_json(), before)
        if found:
            raise AssertionError(
                f"{what}: {inp} was refused ({error.code}: {error.message}) "
                f"but changed the state at {found}"
            ) from None
        return probe, None
    except Exception as error:
        raise AssertionError(
            f"{what}: {inp} raised {type(error).__name__}: {error}, not a RuleError"
        ) from error
    return probe, events


def check_deadline(game: Game[Any, Any], state: State) -> bool:
    """When `next_deadline` is set: a tick one ms before it is refused and changes
    nothing, a tick at it is accepted, and after that tick the next deadline is
    later or None (else the host would tick for ever). Returns whether one was set."""
    deadline = game.next_deadline(state)
    if deadline is None:
        return False
    title, now = game.title, state.now
    if isinstance(deadline, bool) or not isinstance(deadline, int):
        raise AssertionError(f"{title}: next_deadline is {deadline!r}, not a whole number of ms")
    if deadline - 1 >= now:
        _, events = _attempt(game, state, Input.tick(deadline - 1), "a tick 1 ms early")
        if events is not None:
            raise AssertionError(
                f"{title}: a tick at {deadline - 1} ms, 1 ms before the "
                f"deadline {deadline}, was accepted"
            )
    at = max(deadline, now)
    probe, events = _attempt(game, state, Input.tick(at), "a tick at the deadline")
    if events is None:
        raise AssertionError(f"{title}: the host's tick at the deadline ({at} ms) was refused")
    after = game.next_deadline(probe)
    if after is not None and after <= at:
        raise AssertionError(
            f"{title}: after the tick at {at} ms the next deadline is {after} ms, not later"
        )
    return True


def check_stale_inputs(
    game: Game[Any, Any],
    state: State,
    stale: Sequence[tuple[int | None, JSONDict]],
    rng: Rng,
    count: int = 3,
) -> tuple[int, int]:
    """Re-send `count` inputs drawn from `stale` (legal at earlier states) now, later.

    Each must apply or be refused with a `RuleError` that changes nothing. In a
    turn-based game one that applies must come from a seat that can act now and,
    when the game lists its actions, be one of them;
    in a real-time game it may not be (a wrong claim is accepted and costs its
    maker), so only the generic property holds there; a tick that applies must
    find a deadline reached. Returns how many were sent and how many refused.
    """
    sent = refused = 0
    for _ in range(min(count, len(stale))):
        seat, action = stale[rng.below(len(stale))]
        # A host that retries a tick retries it late; a seat's input comes before a due tick.
        time = state.now + rng.below(1000) if seat is None else host_time(game, state, rng)
        if time is None:
            continue
        inp = Input(seat, copy.deepcopy(action), time)
        probe, events = _attempt(game, state, inp, f"{game.title}: a stale input")
        sent += 1
        if events is None:
            refused += 1
            continue
        if seat is None:
            deadline = game.next_deadline(state)
            if deadline is None or deadline > time:
                raise AssertionError(f"{game.title}: {inp} was accepted before any deadline")
        elif not game.real_time:
            if not game.can_act(state, seat):
                raise AssertionError(
                    f"{game.title}: the stale {inp} was accepted, yet seat {seat} cannot act now"
                )
            listed = game.legal_actions(state, seat) if game.lists_actions else None
            if listed is not None and canonical(action) not in {canonical(a) for a in listed}:
                raise AssertionError(
                    f"{game.title}: the stale {inp} was accepted, yet it is not among "
                    f"seat {seat}'s legal actions now"
                )
        check_round_trip(game, probe, f"{game.title}: after the stale {inp}")
    return sent, refused


def check_simultaneous_inputs(
    game: Game[Any, Any],
    state: State,
    movers: list[Mover],
    rng: Rng,
) -> list[tuple[list[Input], State]]:
    """Inputs sent at the same moment, each computed on `state`, applied one after the other.

    Pairs: two seats' legal actions at one time stamp or 1 ms apart, in both
    orders; one seat's action sent twice (a retry); and, with a deadline set, the
    host's tick and a seat's action at the deadline, in both orders. The first of
    a pair stamped before the deadline is legal and must apply; every other input
    must apply or be refused with a `RuleError` that changes nothing; and
    applying the accepted inputs again to `state` must rebuild the same state.
    Returns each pair's accepted inputs with the state they made.
    """
    title = game.title
    pairs: list[tuple[Input, Input, bool]] = []  # (first, second, first must apply)

    def some(index: int) -> tuple[int, JSONDict]:
        seat, actions = movers[index]
        return seat, copy.deepcopy(actions[rng.below(len(actions))])

    time = host_time(game, state, rng)
    deadline = game.next_deadline(state)
    if time is not None and len(movers) >= 2:
        one = rng.below(len(movers))
        two = (one + 1 + rng.below(len(movers) - 1)) % len(movers)
        (seat_a, a), (seat_b, b) = some(one), some(two)
        later = time + rng.below(2)
        if deadline is not None and later >= deadline:
            later = time
        pairs.append((Input(seat_a, a, time), Input(seat_b, copy.deepcopy(b), later), True))
        pairs.append((Input(seat_b, b, time), Input(seat_a, copy.deepcopy(a), later), True))
    if time is not None and movers:
        seat, action = some(rng.below(len(movers)))
        pairs.append((Input(seat, action, time), Input(seat, copy.deepcopy(action), time), True))
    if deadline is not None and movers:
        at = max(deadline, state.now)
        seat, action = some(rng.below(len(movers)))
        pairs.append((Input.tick(at), Input(seat, action, at), True))
        pairs.append((Input(seat, copy.deepcopy(action), at), Input.tick(at), False))

    made: list[tuple[list[Input], State]] = []
    for first, second, must_apply in pairs:
        what = f"{title}: simultaneous inputs {first} then {second}"
        probe, events = _attempt(game, state, first, what)
        if events is None and must_apply:
            raise AssertionError(
                f"{what}: the first, legal at {state.now} ms and stamped before the next "
                "deadline, was refused"
            )
        accepted = [] if events is None else [first]
        probe, events = _attempt(game, probe, second, what)
        if events is not None:
            accepted.append(second)
        again = state.clone()
        for inp in accepted:
            try:
                game.apply(again, inp)
            except RuleError as error:
                raise AssertionError(f"{what}: replaying {inp} was refused: {error!r}") from error
        found = json_difference(again.to_json(), probe.to_json())
        if found:
            raise AssertionError(
                f"{what}: replaying the accepted inputs gives another state: {found}"
            )
        made.append((accepted, probe))
    return made


def _reversed_list(
    game: Game[Any, Any], state: State, movers: list[Mover], rng: Rng
) -> Input | None:
    """A legal action of a random mover with one of its list fields reversed, or None."""
    seat, actions = movers[rng.below(len(movers))]
    action = actions[rng.below(len(actions))]
    fields = [k for k, v in action.items() if isinstance(v, list) and len(v) >= 2]
    time = host_time(game, state, rng)
    if not fields or time is None:
        return None
    field = fields[rng.below(len(fields))]
    odd = {**copy.deepcopy(action), field: list(reversed(action[field]))}
    return None if odd == action else Input(seat, odd, time)


@dataclass
class RealTimeTally:
    """What `walk_real_time` did, so a test can see its checks had something to check."""

    positions: int = 0
    #: Positions where two seats or more could act at once (never in a turn-based game).
    two_seats: int = 0
    deadlines: int = 0
    stale_sent: int = 0
    stale_refused: int = 0
    pairs: int = 0
    replays: int = 0
    #: Legal actions with a list reversed that were accepted (wrong claims, most likely).
    perturbed: int = 0

    def add(self, other: RealTimeTally) -> None:
        for name in self.__dataclass_fields__:
            setattr(self, name, getattr(self, name) + getattr(other, name))


def walk_real_time(
    game: Game[Any, Any],
    seed: int,
    players: int,
    options: JSONDict,
    *,
    choose: Choose,
    rng: Rng,
    stale_per_step: int = 3,
) -> RealTimeTally:
    """Play a new game to its end with random legal inputs, checking real-time cases
    at every position (harmless for a turn-based game).

    At each position: `check_deadline`; `check_stale_inputs` with inputs that
    were legal (or sent) earlier; `check_simultaneous_inputs`; and once a game, the
    record of the inputs so far plus one pair's accepted inputs must replay
    (`replay`, through the registry, so the game must be registered) to the
    state the pair made. `choose` picks the random game, `rng` everything else.

    Random legal play never makes a wrong move, so in a real-time game a
    quarter of the steps try a legal action with one of its lists reversed
    instead (a chain read backwards): when the game accepts it (a wrong claim
    that costs its maker, most likely), play goes on from there, and penalties
    and their deadlines get checked too.
    """
    state = game.new(seed, players, options)
    driver = RandomDriver(game, choose)
    tally = RealTimeTally()
    history: list[Input] = []
    stale: list[tuple[int | None, JSONDict]] = []

    def learn(seat: int | None, action: JSONDict) -> None:
        # A bounded pool, refreshed at random, so old inputs stay in it for a while.
        item = (seat, copy.deepcopy(action))
        if len(stale) < 64:
            stale.append(item)
        else:
            stale[rng.below(len(stale))] = item

    for _ in range(MAX_INPUTS):
        inp = driver.next_input(state)
        if driver.offered is not None:
            movers = driver.offered
        else:
            movers = [] if game.is_over(state) else movers_of(game, state, rng)
        tally.positions += 1
        tally.deadlines += check_deadline(game, state)
        sent, refused = check_stale_inputs(game, state, stale, rng, stale_per_step)
        tally.stale_sent += sent
        tally.stale_refused += refused
        made = check_simultaneous_inputs(game, state, movers, rng)
        tally.pairs += len(made)
        if made and not tally.replays:
            accepted, result = made[0]
            rebuilt, _ = replay(Record(game.name, seed, players, options, (*history, *accepted)))
            found = json_difference(rebuilt.to_json(), result.to_json())
            if found:
                raise AssertionError(
                    f"{game.title}: the record with simultaneous inputs {accepted} "
                    f"replays to another state: {found}"
                )
            tally.replays += 1
        if inp is None:
            if not game.is_over(state):
                raise AssertionError(f"{game.title} is stuck at {state.now} ms")
            return tally
        tally.two_seats += len(movers) >= 2
        for seat, actions in movers:
            learn(seat, actions[rng.below(len(actions))])
        if game.real_time and movers and rng.below(4) == 0:
            odd = _reversed_list(game, state, movers, rng)
            if odd is not None and _attempt(game, state, odd, "a reversed list")[1] is not None:
                tally.perturbed += 1
                inp = odd
        learn(inp.seat, inp.action)
        game.apply(state, inp)
        history.append(inp)
    raise AssertionError(f"{game.title} did not end within {MAX_INPUTS} random inputs")


def check_real_time_coverage(game: Game[Any, Any], games: int = 1) -> RealTimeTally:
    """`walk_real_time` over `games` seeded games per player count (fewest and most) and
    example option set: it must have sent stale inputs and simultaneous ones, and
    `real_time` must tell the truth: in a real-time game two seats could act at
    once somewhere, in a turn-based game never. Returns what the walks did."""
    tally = RealTimeTally()
    for players in sorted({game.min_players, game.max_players}):
        for number, options in enumerate(game.option_examples):
            for seed in range(games):
                try:
                    game.new(seed, players, options)
                except RuleError:
                    break  # these options do not fit this player count
                rng = Rng(1000 * seed + 10 * number + players)
                choose = rng.fork().below
                tally.add(walk_real_time(game, seed, players, options, choose=choose, rng=rng))
    title = game.title
    if not tally.stale_sent:
        raise AssertionError(f"{title}: no stale input was ever sent")
    if not tally.pairs:
        raise AssertionError(f"{title}: no simultaneous inputs were ever sent")
    if game.real_time and not tally.two_seats:
        raise AssertionError(f"{title} is real-time, yet two seats never could act at once")
    if not game.real_time and tally.two_seats:
        raise AssertionError(
            f"{title} says it is turn-based (real_time = False), yet two seats could act "
            f"at once at {tally.two_seats} positions"
        )
    return tally
