"""Random legal play of any registered game, for tests, smoke runs and benchmarks.

The driver asks only the public contract (`can_act`, `legal_actions`,
`next_deadline`), so every game that registers is playable by it, real-time
races included: when several seats can act at once it picks the seat too.
Each choice goes through one `choose(n) -> 0..n-1` function, so a test can hand
the choices to hypothesis (which then shrinks a failing game) and anything else
can use a seeded `Rng`.

Below the driver are the conformance kit's checks that are more than a few
lines (`tests/core/test_conformance.py` runs them on every registered game):
hidden information by scrambling (`check_scramble`, `walk_scrambles`, ADR 0006)
and real-time inputs (`walk_real_time`: stale inputs, simultaneous inputs,
deadlines). They live here so that a game's own tests, and the tests that show
each check can fail, run the very same code. They raise AssertionError.

>>> from quintet.core import registry
>>> game = registry.get("quashars")
>>> state = game.new(seed=3, players=3)
>>> inputs = RandomDriver.seeded(game, 3).play(state)
>>> game.is_over(state)
True
"""

from __future__ import annotations

import copy
import json
import math
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from quintet.core.errors import RuleError
from quintet.core.events import Event, events_for
from quintet.core.game import Game, State
from quintet.core.inputs import Input
from quintet.core.jsonutil import canonical
from quintet.core.record import Record, replay
from quintet.core.registry import get
from quintet.core.rng import Rng
from quintet.core.types import JSONDict
from quintet.core.viewer import HOST, SPECTATOR, Viewer, describe

#: Picks one of `n` choices (n >= 1): returns a value in 0 .. n-1.
Choose = Callable[[int], int]

#: More inputs than any game of the five needs; a game still running after this
#: many random inputs is taken to be stuck in a loop.
MAX_INPUTS = 20_000


class RandomDriver:
    """Chooses random legal inputs for a game's state.

    Each step chooses uniformly among the seats that can act and have a legal
    action, plus the host's tick when the rules have a deadline (so a race can
    still time out); then uniformly among that seat's legal actions. An action
    is stamped between now and `max_step_ms` later, always before the next
    deadline, because a host delivers a due tick before any later input.
    A deadline already reached is always ticked first.
    """

    def __init__(self, game: Game[Any, Any], choose: Choose, max_step_ms: int = 1000) -> None:
        if max_step_ms < 0:
            raise ValueError(f"max_step_ms must be >= 0, not {max_step_ms}")
        self.game = game
        self.choose = choose
        self.max_step_ms = max_step_ms
        #: The seats and legal actions the last `next_input` chose among, so a test can
        #: reuse them without asking `legal_actions` again (a solver in some games);
        #: None when it did not ask (a due tick, or the game over).
        self.offered: list[tuple[int, list[JSONDict]]] | None = None

    @classmethod
    def seeded(cls, game: Game[Any, Any], seed: int | Rng, max_step_ms: int = 1000) -> RandomDriver:
        """A driver whose choices come from `Rng(seed)` (or the given `Rng`, which it advances)."""
        rng = seed if isinstance(seed, Rng) else Rng(seed)
        return cls(game, rng.below, max_step_ms)

    def _pick(self, n: int) -> int:
        index = self.choose(n)
        if not 0 <= index < n:
            raise ValueError(f"choose({n}) returned {index}, outside 0..{n - 1}")
        return index

    def next_input(self, state: State) -> Input | None:
        """A random legal input for `state`, or None when the game is over or nothing can happen."""
        game = self.game
        self.offered = None
        if game.is_over(state):
            return None
        now = state.now
        deadline: int | None = game.next_deadline(state)
        if deadline is not None and deadline <= now:
            return Input.tick(now)
        movers = self.offered = movers_of(game, state)
        choices = len(movers) + (deadline is not None)
        if choices == 0:
            return None
        pick = self._pick(choices)
        if pick == len(movers):
            assert deadline is not None  # the tick is only offered with a deadline
            return Input.tick(deadline)
        seat, actions = movers[pick]
        action = copy.deepcopy(actions[self._pick(len(actions))])
        step = self.max_step_ms if deadline is None else min(self.max_step_ms, deadline - 1 - now)
        return Input(seat, action, now + self._pick(step + 1))

    def steps(
        self, state: State, max_inputs: int = MAX_INPUTS
    ) -> Iterator[tuple[Input, list[Event]]]:
        """Apply random inputs to `state` until the game is over, yielding each with its events.

        Raises AssertionError when the game can go no further before its end
        (no seat can act and no deadline is set) or runs past `max_inputs`.
        """
        for _ in range(max_inputs):
            inp = self.next_input(state)
            if inp is None:
                if self.game.is_over(state):
                    return
                raise AssertionError(
                    f"{self.game.title} is stuck at {state.now} ms: no seat can act, "
                    "no deadline is set and the game is not over"
                )
            yield inp, self.game.apply(state, inp)
        if not self.game.is_over(state):
            raise AssertionError(f"{self.game.title} did not end within {max_inputs} random inputs")

    def play(self, state: State, max_inputs: int = MAX_INPUTS) -> list[Input]:
        """Play `state` to its end; returns the inputs applied (see `steps` for what it raises)."""
        return [inp for inp, _ in self.steps(state, max_inputs)]


def random_record(
    game_name: str,
    seed: int,
    players: int,
    options: JSONDict | None = None,
    choices_seed: int | None = None,
) -> Record:
    """The record of a random game to its end; choices come from `choices_seed` (default: seed)."""
    game = get(game_name)
    state = game.new(seed, players, options)
    driver = RandomDriver.seeded(game, seed if choices_seed is None else choices_seed)
    return Record(game_name, seed, players, dict(options or {}), tuple(driver.play(state)))


def movers_of(game: Game[Any, Any], state: State) -> list[tuple[int, list[JSONDict]]]:
    """The seats that can act now, each with its legal actions (seats with none left out)."""
    movers: list[tuple[int, list[JSONDict]]] = []
    for seat in range(state.players):
        if game.can_act(state, seat):
            actions = game.legal_actions(state, seat)
            if actions:
                movers.append((seat, actions))
    return movers


# ------------------------------------------------------------ JSON and strings


def json_ready_problem(value: Any, path: str = "$") -> str | None:
    """Where `value` is not plain JSON data (None when it is)."""
    if value is None or isinstance(value, str | bool | int):
        return None
    if isinstance(value, float):
        return None if math.isfinite(value) else f"{path} is {value!r}"
    if isinstance(value, list | tuple):
        for i, item in enumerate(value):
            found = json_ready_problem(item, f"{path}[{i}]")
            if found:
                return found
        return None
    if isinstance(value, dict):
        for key, item in value.items():
            if not isinstance(key, str):
                return f"{path} has the non-string key {key!r}"
            found = json_ready_problem(item, f"{path}.{key}")
            if found:
                return found
        return None
    return f"{path} is a {type(value).__name__}"


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 80 else text[:77] + "..."


def first_difference(one: Any, two: Any, path: str = "$") -> str | None:
    """Where two JSON values first differ, as "path: one != two" (None when they are equal).

    >>> first_difference({"hand": ["R1", "Y9"]}, {"hand": ["R1", "G2"]})
    "$.hand[1]: 'Y9' != 'G2'"
    """
    if isinstance(one, dict) and isinstance(two, dict):
        for key in sorted(set(one) | set(two), key=str):
            if key not in one or key not in two:
                return f"{path}.{key} is only on one side"
            found = first_difference(one[key], two[key], f"{path}.{key}")
            if found:
                return found
        return None
    if isinstance(one, list | tuple) and isinstance(two, list | tuple):
        for i, (a, b) in enumerate(zip(one, two, strict=False)):
            found = first_difference(a, b, f"{path}[{i}]")
            if found:
                return found
        if len(one) != len(two):
            return f"{path} has {len(one)} items, not {len(two)}"
        return None
    # `type` too: True == 1 in Python, yet they are different JSON.
    if type(one) is not type(two) or one != two:
        return f"{path}: {_short(one)} != {_short(two)}"
    return None


def strings_in(value: Any) -> Iterator[str]:
    """Every string leaf and every dict key, at any depth."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from strings_in(key)
            yield from strings_in(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from strings_in(item)


def string_leaks(value: Any, hidden: frozenset[str]) -> list[str]:
    """The hidden card names found as whole strings anywhere in `value`, sorted."""
    return sorted({s for s in strings_in(value) if s in hidden})


# ------------------------------------------------- hidden information (ADR 0006)


def check_string_walk(game: Game[Any, Any], state: State, events: list[Event], after: str) -> None:
    """The string walk at one step: no view or event a seat or the spectator gets holds,
    as a string, a card that `hidden_cards` says it may not know.

    It sees a card only where the game writes it as a string; `check_scramble`
    sees any dependence on hidden information, whatever its form.
    """
    if game.hidden_cards(state, HOST) != frozenset():
        raise AssertionError("the host must see every card: hidden_cards(state, HOST) is not empty")
    spectator_hidden = game.hidden_cards(state, SPECTATOR)
    for viewer in [*range(state.players), SPECTATOR]:
        who = describe(viewer)
        hidden = game.hidden_cards(state, viewer)
        if not all(isinstance(card, str) for card in hidden):
            raise AssertionError(f"hidden_cards for {who} holds a card that is not a string")
        if not hidden <= spectator_hidden:
            raise AssertionError(f"{who} may not see something a spectator sees")
        for what, value in (
            ("the view", game.view(state, viewer)),
            ("the events", events_for(events, viewer)),
        ):
            problem = json_ready_problem(value)
            if problem:
                raise AssertionError(f"{after}: {what} of {who} is not JSON-ready: {problem}")
            leaked = string_leaks(value, hidden)
            if leaked:
                raise AssertionError(f"{after}: {what} of {who} shows hidden cards {leaked}")


def _round_trip(game: Game[Any, Any], state: State, what: str) -> None:
    text = json.dumps(state.to_json(), allow_nan=False)
    try:
        rebuilt = game.state_from_json(json.loads(text))
    except Exception as error:
        raise AssertionError(
            f"{what}: state_from_json(to_json()) raised {type(error).__name__}: {error}"
        ) from error
    # Both sides through JSON text, so a tuple and a list of the same items agree.
    found = first_difference(json.loads(json.dumps(rebuilt.to_json())), json.loads(text))
    if found:
        raise AssertionError(f"{what}: to_json() did not survive a round trip: {found}")


def check_scramble(game: Game[Any, Any], state: State, viewer: Viewer, rng: Rng) -> State:
    """Non-interference at one position: what the viewer may not know, dealt anew,
    changes nothing the viewer gets.

    `game.scramble_hidden(state, viewer, rng)` must return a new state of the
    same class (for the host, equal to the original). For a seat or the
    spectator, its view must be the same in the copy; for a seat, `can_act` and
    `legal_actions` too (a seat receives them); and `is_over`, `next_deadline`
    and the cards hidden from the viewer (the same cards, dealt anew) must not
    change. The copy must survive JSON. Returns the copy.
    """
    title, who = game.title, describe(viewer)
    scrambled = game.scramble_hidden(state, viewer, rng)
    if scrambled is state or type(scrambled) is not type(state):
        raise AssertionError(
            f"{title}.scramble_hidden for {who} must return a new {type(state).__name__}, "
            f"not {'the state itself' if scrambled is state else type(scrambled).__name__}"
        )
    if viewer == HOST:
        found = first_difference(scrambled.to_json(), state.to_json())
        if found:
            raise AssertionError(
                f"{title}.scramble_hidden for the host, who knows everything, must be a plain "
                f"clone, yet the state differs at {found}"
            )
        return scrambled
    view, seen = game.view(state, viewer), game.view(scrambled, viewer)
    if canonical(view) != canonical(seen):
        raise AssertionError(
            f"{title}: the view of {who} changes when what {who} may not know is dealt anew "
            f"(scramble_hidden), so the view depends on hidden information: "
            f"{first_difference(view, seen)} (original != scrambled)"
        )
    if viewer >= 0:
        if game.can_act(scrambled, viewer) != game.can_act(state, viewer):
            raise AssertionError(f"{title}: can_act of {who} depends on hidden information")
        legal, offered = game.legal_actions(state, viewer), game.legal_actions(scrambled, viewer)
        if canonical(legal) != canonical(offered):
            raise AssertionError(
                f"{title}: the legal actions of {who} depend on hidden information: "
                f"{first_difference(legal, offered)} (original != scrambled)"
            )
    for what, one, two in (
        ("is_over", game.is_over(state), game.is_over(scrambled)),
        ("next_deadline", game.next_deadline(state), game.next_deadline(scrambled)),
    ):
        if one != two:
            raise AssertionError(f"{title}: scrambling for {who} changed {what}: {one} -> {two}")
    hidden, rehidden = game.hidden_cards(state, viewer), game.hidden_cards(scrambled, viewer)
    if hidden != rehidden:
        raise AssertionError(
            f"{title}.scramble_hidden for {who} must deal the same hidden cards anew, yet "
            f"{sorted(hidden - rehidden)[:5]} went and {sorted(rehidden - hidden)[:5]} came"
        )
    _round_trip(game, scrambled, f"{title}: a state scrambled for {who}")
    return scrambled


@dataclass
class ScrambleTally:
    """What `walk_scrambles` saw: the (position, viewer) pairs where the viewer had
    hidden cards, and how many of their scrambles changed the state's JSON and the
    host's view (a scramble that never does is a no-op that proves nothing)."""

    hidden: int = 0
    state_changed: int = 0
    host_view_changed: int = 0

    def add(self, other: ScrambleTally) -> None:
        self.hidden += other.hidden
        self.state_changed += other.state_changed
        self.host_view_changed += other.host_view_changed


def walk_scrambles(game: Game[Any, Any], state: State, choose: Choose, rng: Rng) -> ScrambleTally:
    """Play `state` to its end with random legal inputs, scrambling at every position.

    At each position: `check_scramble` for every seat, the spectator and the
    host, and the original must be untouched. Then, for one position and viewer
    drawn from `rng`: the same `rng` seed gives the same scrambled copy, and
    random play goes on from it to a valid end (`check_scrambled_plays_on`).
    """
    tally = ScrambleTally()
    viewers = [*range(state.players), SPECTATOR]
    kept: list[State] = []

    def at_position() -> None:
        before = state.to_json()
        host_view = canonical(game.view(state, HOST))
        for viewer in viewers:
            scrambled = check_scramble(game, state, viewer, rng)
            if game.hidden_cards(state, viewer):
                tally.hidden += 1
                tally.state_changed += scrambled.to_json() != before
                tally.host_view_changed += canonical(game.view(scrambled, HOST)) != host_view
        check_scramble(game, state, HOST, rng)
        found = first_difference(state.to_json(), before)
        if found:
            raise AssertionError(f"{game.title}.scramble_hidden changed the original at {found}")
        kept.append(state.clone())

    at_position()
    for _ in RandomDriver(game, choose).steps(state):
        at_position()
    check_scrambled_plays_on(
        game, kept[rng.below(len(kept))], viewers[rng.below(len(viewers))], rng
    )
    return tally


def check_scrambling_moves_hidden_cards(game: Game[Any, Any]) -> ScrambleTally:
    """`scramble_hidden` is no no-op: over one seeded random game per player count
    (fewest and most) and example option set, with every check of `walk_scrambles`,
    most scrambles of a viewer with hidden cards change the state, and at least one
    changes what the host sees (so cards moved, not only the PRNG).

    Summed over the option sets because some hide nothing worth moving (Quiclo's
    open hands hide only the cards out of play, a set that a redeal leaves as it is).
    """
    tally = ScrambleTally()
    for players in sorted({game.min_players, game.max_players}):
        for number, options in enumerate(game.option_examples):
            try:
                state = game.new(1000 + number, players, options)
            except RuleError:
                continue  # these options do not fit this player count
            rng = Rng(10 * number + players)
            tally.add(walk_scrambles(game, state, rng.below, rng))
    title = game.title
    if not tally.hidden:
        raise AssertionError(f"{title}: no seat or spectator ever had a hidden card")
    if tally.state_changed * 2 <= tally.hidden:
        raise AssertionError(
            f"{title}.scramble_hidden changed the state in only {tally.state_changed} of "
            f"{tally.hidden} scrambles for a viewer with hidden cards: it must deal them anew"
        )
    if not tally.host_view_changed:
        raise AssertionError(
            f"{title}.scramble_hidden never changed what the host sees in {tally.hidden} "
            "scrambles for a viewer with hidden cards: it moves no card"
        )
    return tally


def check_scrambled_plays_on(game: Game[Any, Any], state: State, viewer: Viewer, rng: Rng) -> None:
    """A state scrambled for `viewer` is a real state: the same rng seed gives the same
    copy, and random legal play goes on from it to an end with a valid outcome,
    without touching the state it was scrambled from (no shared lists)."""
    who = describe(viewer)
    before = state.to_json()
    seed = rng.next64()
    one = game.scramble_hidden(state, viewer, Rng(seed))
    two = game.scramble_hidden(state, viewer, Rng(seed))
    found = first_difference(one.to_json(), two.to_json())
    if found:
        raise AssertionError(
            f"{game.title}.scramble_hidden for {who} gave two states for one rng seed: {found}"
        )
    try:
        for _ in RandomDriver.seeded(game, rng.fork()).steps(one):
            pass
    except RuleError as error:
        raise AssertionError(
            f"{game.title}: random play from a state scrambled for {who} was refused: {error!r}"
        ) from error
    if game.outcome(one) is None:
        raise AssertionError(f"{game.title}: a game played on from a scramble has no outcome")
    found = first_difference(state.to_json(), before)
    if found:
        raise AssertionError(
            f"{game.title}: playing on a copy scrambled for {who} changed the state it "
            f"was scrambled from, at {found}: the copy shares data with it"
        )


# -------------------------------------------------------------- real-time inputs


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
        found = first_difference(probe.to_json(), before)
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
    turn-based game one that applies must be a legal action of its seat now;
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
            legal = {canonical(a) for a in game.legal_actions(state, seat)}
            if canonical(action) not in legal:
                raise AssertionError(
                    f"{game.title}: the stale {inp} was accepted, yet it is not among "
                    f"seat {seat}'s legal actions now"
                )
        _round_trip(game, probe, f"{game.title}: after the stale {inp}")
    return sent, refused


def check_simultaneous_inputs(
    game: Game[Any, Any],
    state: State,
    movers: list[tuple[int, list[JSONDict]]],
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
        found = first_difference(again.to_json(), probe.to_json())
        if found:
            raise AssertionError(
                f"{what}: replaying the accepted inputs gives another state: {found}"
            )
        made.append((accepted, probe))
    return made


def _reversed_list(
    game: Game[Any, Any], state: State, movers: list[tuple[int, list[JSONDict]]], rng: Rng
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
            movers = [] if game.is_over(state) else movers_of(game, state)
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
            found = first_difference(rebuilt.to_json(), result.to_json())
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
