"""The conformance kit: the checks every registered game must pass.

A game gets them by registering: each test is parametrized over
`registry.names()` and the example game (examples/blotto, a game that only samples
its actions, loaded through QUINTET_GAMES while this module runs). Hypothesis
draws the seed, the player count and every choice of the random games, and each
test walks whole games through the public contract only. Shrinking is off unless
QUINTET_SHRINK=1 (see `kit`); HYPOTHESIS_PROFILE=thorough runs ten times the examples.
"""

from __future__ import annotations

import copy
import functools
import json
import os
import re
import subprocess
import sys
from collections.abc import Callable, Iterator
from typing import Any, TypeVar

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from tests.core import example

from quintet.core import (
    HOST,
    SPECTATOR,
    TICK,
    BadOptions,
    Event,
    GameOver,
    IllegalAction,
    Input,
    JSONDict,
    Outcome,
    Record,
    Rng,
    RuleError,
    TimeWentBack,
    canonical,
    describe,
    registry,
    replay,
)
from quintet.core.kit import (
    MAX_INPUTS,
    Choose,
    RandomDriver,
    check_real_time_coverage,
    check_scrambling_moves_hidden_cards,
    check_string_walk,
    json_ready_problem,
    offered,
    string_leaks,
    walk_real_time,
    walk_scrambles,
)
from quintet.games.quashars import QuasharsGame, QuasharsState
from quintet.games.quashars.components import CARD_BY_CODE, CODES, cards_of
from quintet.sim import play_game

NAMES = sorted({*registry.names(), example.NAME})


@pytest.fixture(scope="module", autouse=True)
def _with_the_example_game() -> Iterator[None]:
    with example.registered():
        yield


def _listing(name: str) -> bool:
    with example.registered():
        return registry.get(name).lists_actions


#: The games that list their legal actions (the rest only sample them).
LISTING = [name for name in NAMES if _listing(name)]
T = TypeVar("T")


def _scaled(examples: int) -> int:
    # The kit must stay fast in `make test`; HYPOTHESIS_PROFILE=thorough (see
    # conftest) scales every count up from hypothesis' usual 100.
    return max(1, examples * settings().max_examples // 100)


# Shrinking a whole random game can take hypothesis many minutes, which would
# stall `make test` on every failure; QUINTET_SHRINK=1 turns it on to debug one.
_PHASES = [p for p in Phase if p is not Phase.shrink or os.environ.get("QUINTET_SHRINK") == "1"]


def kit(examples: int) -> Callable[[T], T]:
    # Every choice of a whole game is drawn inside the test, which hypothesis
    # counts as slow data generation; that is the design here, not a problem.
    return settings(
        max_examples=_scaled(examples),
        deadline=None,
        phases=_PHASES,
        suppress_health_check=[HealthCheck.too_slow],
    )


# --------------------------------------------------------------------- drawing


def _chooser(data: st.DataObject) -> Choose:
    """Hands every choice of a random game to hypothesis, so a failing game shrinks."""

    def choose(n: int) -> int:
        return 0 if n == 1 else data.draw(st.integers(0, n - 1))

    return choose


def _new_game(data: st.DataObject, game: Any) -> tuple[int, int, JSONDict, Any]:
    """A new game: seed, player count and one of the game's example option sets, drawn."""
    # Seeds beyond 64 bits and below zero are accepted by `Game.new`, so draw them too.
    seed = data.draw(st.integers(-(2**65), 2**65), label="seed")
    players = data.draw(st.integers(game.min_players, game.max_players), label="players")
    fitting = [o for o in game.option_examples if _fits(game, players, o)]
    options = data.draw(st.sampled_from(fitting), label="options")
    return seed, players, options, game.new(seed, players, options)


def _fits(game: Any, players: int, options: JSONDict) -> bool:
    try:
        game.new(0, players, options)
    except BadOptions:
        return False
    return True


def _viewers(players: int) -> list[int]:
    return [*range(players), SPECTATOR, HOST]


# --------------------------------------------------------------------- walking


@functools.lru_cache(maxsize=4096)
def _as_word(card: str) -> re.Pattern[str]:
    # A card named inside prose: "R1" must not match inside "R12".
    return re.compile(rf"(?<!\w){re.escape(card)}(?!\w)")


def _named_in(text: str, cards: frozenset[str]) -> list[str]:
    return sorted(card for card in cards if card in text and _as_word(card).search(text))


def _words_sent(action: Any) -> set[str]:
    """Every whole-word string and every int in an action, as text: what the sender
    named itself (Quiclo's card 72 is the int 72 in a claim, "card 72" in prose)."""
    found: set[str] = set()
    stack = [action]
    while stack:
        value = stack.pop()
        if isinstance(value, dict):
            stack.extend(value.keys())
            stack.extend(value.values())
        elif isinstance(value, list | tuple):
            stack.extend(value)
        elif isinstance(value, int) and not isinstance(value, bool):
            found.add(str(value))
        elif isinstance(value, str):
            # Every word inside a string too: a refusal may echo a garbage key such as
            # ">1\\O5", and the "O5" in it is then the sender's own, not a leak.
            found.update(re.findall(r"\w+", value))
    return found


def _assert_json_ready(value: Any, what: str) -> None:
    problem = json_ready_problem(value)
    assert problem is None, f"{what} is not JSON-ready: {problem}"


def _event_key(event: Event) -> str:
    audience = None if event.audience is None else sorted(event.audience)
    return canonical({"type": event.type, "data": event.data, "audience": audience})


def _observe(
    game: Any, state: Any, events: list[Event], walk: str | None = None
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Everything anyone receives at one step, as canonical bytes; with `walk` (the step,
    for messages), the string walk checks those views and events first."""
    viewers = _viewers(state.players)
    views = {viewer: game.view(state, viewer) for viewer in viewers}
    if walk is not None:
        check_string_walk(game, state, events, walk, views)
    return tuple(canonical(views[v]) for v in viewers), tuple(_event_key(e) for e in events)


def _check_outcome(outcome: Any, players: int) -> None:
    assert isinstance(outcome, Outcome), f"outcome is {outcome!r}, not an Outcome"
    scores, ranks = outcome.scores, outcome.ranks
    assert len(scores) == players, f"{len(scores)} scores for {players} seats: {outcome}"
    assert len(ranks) == players, f"{len(ranks)} ranks for {players} seats: {outcome}"
    for value in (*scores, *ranks):
        assert isinstance(value, int) and not isinstance(value, bool), f"{value!r} in {outcome}"
    # Competition ranking: a seat's rank is 1 + the number of seats ranked above it.
    for rank in ranks:
        assert rank == 1 + sum(1 for r in ranks if r < rank), f"ranks {ranks} are not 1, 1, 3 style"
    # A better score never ranks lower, in one direction (higher wins or lower wins);
    # equal scores may still be split by a tie-break.
    pairs = [(a, b) for a in range(players) for b in range(players)]
    higher = all(ranks[a] < ranks[b] for a, b in pairs if scores[a] > scores[b])
    lower = all(ranks[a] < ranks[b] for a, b in pairs if scores[a] < scores[b])
    assert higher or lower, f"ranks {ranks} do not follow scores {scores}"
    _assert_json_ready(outcome.to_json(), "Outcome.to_json()")


# ------------------------------------------------------------- the kit's own tests


def test_the_walk_finds_hidden_cards_anywhere() -> None:
    hidden = frozenset({"Y9", "B2"})
    assert string_leaks({"a": [{"b": ("x", "Y9")}]}, hidden) == ["Y9"]
    assert string_leaks({"B2": 1}, hidden) == ["B2"]
    assert string_leaks({"a": "Y9 "}, hidden) == []
    assert _named_in("you do not hold Y9.", hidden) == ["Y9"]
    assert _named_in("you do not hold Y90", hidden) == []
    assert _words_sent({"card": "Y9", "cards": [72, True], "x": "a b", ">1\\O5": 0}) == {
        "Y9",
        "72",
        "card",
        "cards",
        "x",
        "a",
        "b",
        "1",
        "O5",
        "0",
    }


def test_the_outcome_check_rejects_bad_ranks() -> None:
    _check_outcome(Outcome((3, 3, 1), (1, 1, 3)), 3)
    _check_outcome(Outcome((1, 3, 3), (1, 2, 2)), 3)  # lower wins
    _check_outcome(Outcome((2, 2), (1, 2)), 2)  # a tie-break
    bad = [
        (Outcome((3, 1), (1, 1)), 2),
        (Outcome((3, 2, 1), (1, 3, 2)), 3),
        (Outcome((2, 2), (2, 2)), 2),
        (Outcome((1,), (1,)), 2),
    ]
    for outcome, players in bad:
        with pytest.raises(AssertionError):
            _check_outcome(outcome, players)


def test_at_least_one_game_is_registered() -> None:
    assert NAMES, "no game is registered, so the conformance kit checks nothing"
    # Both kinds are checked: the example game only samples its actions.
    assert LISTING and set(LISTING) != set(NAMES)


# ------------------------------------------------------------------ determinism


@pytest.mark.parametrize("name", NAMES)
@kit(15)
@given(data=st.data())
def test_same_seed_and_inputs_give_same_views_and_events(name: str, data: Any) -> None:
    # The first pass also runs the string walk on what each seat and the spectator get
    # (no view or event holds, as a string, a card `hidden_cards` says it may not
    # know), on the views built anyway. The walk sees cards written as strings; the
    # scramble tests below see the rest; that something is hidden at all is checked by
    # test_scrambling_deals_hidden_cards_anew (Blotto hides nothing until a split is sent).
    game = registry.get(name)
    seed, players, options, state = _new_game(data, game)
    first = [_observe(game, state, [], "at the deal")]
    inputs = []
    for inp, events in RandomDriver(game, _chooser(data)).steps(state):
        inputs.append(inp)
        first.append(_observe(game, state, events, f"after {inp}"))

    again = game.new(seed, players, options)
    second = [_observe(game, again, [])]
    for inp in inputs:
        sent = canonical(inp.to_json())
        second.append(_observe(game, again, game.apply(again, inp)))
        assert canonical(inp.to_json()) == sent, f"apply changed its input {sent}"
    assert len(first) == len(second)
    for step, (one, two) in enumerate(zip(first, second, strict=True)):
        for viewer, a, b in zip(_viewers(players), one[0], two[0], strict=True):
            assert a == b, f"after input {step}, the view of viewer {viewer} differs on replay"
        assert one[1] == two[1], f"input {step} gave different events on replay"
    assert canonical(again.to_json()) == canonical(state.to_json())

    replayed, history = replay(Record(name, seed, players, options, tuple(inputs)))
    assert canonical(replayed.to_json()) == canonical(state.to_json())
    assert [tuple(_event_key(e) for e in evs) for evs in history] == [o[1] for o in first[1:]]


_SAME_IN_EVERY_PROCESS = """
import hashlib, sys
from quintet.core import SPECTATOR, HOST, canonical, registry
from quintet.core.kit import RandomDriver
game = registry.get(sys.argv[1])
for players in sorted({game.min_players, game.max_players}):
    state = game.new(20240601, players)
    digest = hashlib.sha256()
    for inp, events in RandomDriver.seeded(game, 7).steps(state):
        for viewer in [*range(players), SPECTATOR, HOST]:
            digest.update(canonical(game.view(state, viewer)).encode())
        for event in events:
            audience = None if event.audience is None else sorted(event.audience)
            digest.update(canonical([event.type, event.data, audience]).encode())
    print(players, digest.hexdigest())
"""


@pytest.mark.parametrize("name", NAMES)
def test_a_replay_is_the_same_in_another_process(name: str) -> None:
    # Python salts str hashes per process: a game that iterates a set of strings
    # replays the same within one process yet differently on another server.
    outputs = []
    for hash_seed in ("1", "4242"):
        env = {**example.ENV, "PYTHONHASHSEED": hash_seed}
        done = subprocess.run(
            [sys.executable, "-c", _SAME_IN_EVERY_PROCESS, name],
            env=env,
            capture_output=True,
            text=True,
            check=False,
        )
        assert done.returncode == 0, done.stderr
        outputs.append(done.stdout)
    assert outputs[0], "the replay script printed nothing"
    assert outputs[0] == outputs[1], f"{name} plays differently under another PYTHONHASHSEED"


# ------------------------------------------------------------------- round trips


def _round_trip_state(game: Any, state: Any) -> str:
    """The state's JSON, checked to rebuild the same state; returns it as canonical text."""
    data = state.to_json()
    _assert_json_ready(data, "state.to_json()")
    rebuilt = game.state_from_json(json.loads(json.dumps(data, allow_nan=False)))
    text = canonical(data)
    assert canonical(rebuilt.to_json()) == text, "state JSON did not survive"
    return text


@pytest.mark.parametrize("name", NAMES)
@kit(20)
@given(data=st.data())
def test_states_inputs_and_records_survive_json_and_play_reaches_a_valid_end(
    name: str, data: Any
) -> None:
    game = registry.get(name)
    seed, players, options, state = _new_game(data, game)
    assert not game.is_over(state), "a new game is already over"
    assert game.outcome(state) is None
    snapshots = [_round_trip_state(game, state)]
    inputs: list[Input] = []
    events: list[tuple[str, ...]] = []
    # `steps` fails if no one can act and no deadline is set before the end,
    # or if the game runs past MAX_INPUTS.
    for inp, happened in RandomDriver(game, _chooser(data)).steps(state, MAX_INPUTS):
        if not game.is_over(state):
            count = len(inputs) + 1
            assert game.outcome(state) is None, f"an outcome before the end, after {count} inputs"
        _assert_json_ready(inp.to_json(), "Input.to_json()")
        assert Input.from_json(json.loads(json.dumps(inp.to_json()))) == inp
        inputs.append(inp)
        events.append(tuple(_event_key(e) for e in happened))
        snapshots.append(_round_trip_state(game, state))
    _check_valid_end(game, state, players)

    # A state rebuilt from JSON at any point must go on exactly as the original did.
    at = data.draw(st.integers(0, len(inputs)), label="rebuild after this many inputs")
    original = game.new(seed, players, options)
    for inp in inputs[:at]:
        game.apply(original, inp)
    rebuilt = game.state_from_json(json.loads(snapshots[at]))
    for viewer in _viewers(players):
        assert canonical(game.view(rebuilt, viewer)) == canonical(game.view(original, viewer))
    for seat in range(players):
        assert game.can_act(rebuilt, seat) == game.can_act(original, seat)
        if game.lists_actions:
            assert game.legal_actions(rebuilt, seat) == game.legal_actions(original, seat)
        else:
            assert game.sample_action(rebuilt, seat, Rng(at)) == game.sample_action(
                original, seat, Rng(at)
            ), f"seat {seat} draws other actions from a state rebuilt from JSON"
    assert game.next_deadline(rebuilt) == game.next_deadline(original)
    assert game.is_over(rebuilt) == game.is_over(original)
    for step, inp in enumerate(inputs[at:], start=at):
        again = tuple(_event_key(e) for e in game.apply(rebuilt, inp))
        assert again == events[step], f"rebuilt at {at}: input {step} gave other events"
        assert canonical(rebuilt.to_json()) == snapshots[step + 1]

    record = Record(name, seed, players, options, tuple(inputs))
    text = json.dumps(record.to_json(), allow_nan=False)
    assert Record.from_json(json.loads(text)) == record
    replayed, _ = replay(Record.from_json(json.loads(text)))
    assert canonical(replayed.to_json()) == snapshots[-1]


# ------------------------------------------------------------------- random play


def _check_valid_end(game: Any, state: Any, players: int) -> None:
    assert game.is_over(state)
    _check_outcome(game.outcome(state), players)
    for seat in range(players):
        assert not game.can_act(state, seat), f"seat {seat} can act after the end"
        if game.lists_actions:
            assert game.legal_actions(state, seat) == [], f"seat {seat} has actions after the end"
        assert game.sample_action(state, seat, Rng(seat)) is None, f"seat {seat} draws an action"
    assert game.next_deadline(state) is None, "a finished game still asks for a tick"


# -------------------------------------------------------------------- bad input

#: Values of the wrong kind for any field.
_WRONG_VALUES: tuple[Any, ...] = (
    None,
    True,
    False,
    0,
    -1,
    1.5,
    2**70,
    "",
    "x",
    [],
    {},
    [0],
    {"a": 1},
)
_NOT_A_TYPE: tuple[Any, ...] = (None, 0, 1, True, 1.5, [], {}, ["tick"], {"type": "tick"})
_UNKNOWN_FIELD = "zz_no_such_field"

_leaf = (
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=6)
)


def _nest(inner: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    # A named function, not a lambda: hypothesis reads the source to check that
    # `extend` uses its argument, and a multi-line lambda's source is not always found.
    return st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3)


_json = st.recursive(_leaf, _nest, max_leaves=6)
# A garbage action is built at each step from what the game has shown so far: an
# int picks a known action type, field name or value, so garbage is often nearly
# legal, which is where checks tend to be missing.
_garbage_action = st.tuples(
    st.integers(0, 63) | _json,
    st.dictionaries(
        st.integers(0, 63) | st.text(max_size=6), st.integers(0, 63) | _json, max_size=3
    ),
)
_garbage_input = (
    st.fixed_dictionaries(
        {},
        optional={
            "seat": st.integers(-3, 6) | _json,
            "action": _json,
            "time": st.integers(-5, 10**9) | _json,
            "extra": _json,
        },
    )
    | _json
)


class _Known:
    """Action types, field names and values the game has offered so far."""

    def __init__(self) -> None:
        self.actions: dict[str, dict[str, Any]] = {}
        self.types: list[str] = ["tick"]
        self.fields: list[str] = []
        self.values: list[Any] = []

    def learn(self, action: dict[str, Any]) -> None:
        # Full first: Quiclo offers thousands of actions a step, and canonical costs.
        if len(self.actions) > 400:
            return
        key = canonical(action)
        if key in self.actions:
            return
        self.actions[key] = action
        for field, value in action.items():
            if field == "type":
                if value not in self.types:
                    self.types.append(value)
            else:
                if field not in self.fields:
                    self.fields.append(field)
                if value not in self.values and len(self.values) < 200:
                    self.values.append(value)

    @staticmethod
    def pick(items: list[Any], index: int, otherwise: Any) -> Any:
        return items[index % len(items)] if items else otherwise

    def build(self, garbage: tuple[Any, dict[Any, Any]]) -> Any:
        kind, fields = garbage
        action: dict[str, Any] = {
            "type": self.pick(self.types, kind, kind) if isinstance(kind, int) else kind
        }
        for field, value in fields.items():
            key = self.pick(self.fields, field, f"f{field}") if isinstance(field, int) else field
            action[key] = self.pick(self.values, value, value) if isinstance(value, int) else value
        return action


class _Prober:
    """Sends inputs that must be refused, and checks how each is refused.

    With `leaks` given, it checks instead that no error message names a card
    hidden from the sender, and lists each one it finds there; with `rng` too,
    that each refusal is the same once what its sender may not know is dealt
    anew (`scramble_hidden`), which finds cards that are bare numbers.
    """

    def __init__(
        self, game: Any, state: Any, leaks: list[str] | None = None, rng: Rng | None = None
    ) -> None:
        self.game = game
        self.state = state
        self.leaks = leaks
        # With `rng` too, each refusal is also sent to a scrambled copy (one per viewer).
        self.rng = rng
        self.scrambled: dict[int, Any] = {}
        # Compared as data, not bytes: it is checked after every probe, and
        # to_json() builds fresh lists each time, so == is exact and cheaper.
        self.before = state.to_json()

    def _check_error(self, inp: Input, error: RuleError, probed: Any, what: str) -> None:
        if self.leaks is not None:
            self._check_message(inp, error, what)
            return
        assert isinstance(error.code, str) and error.code, f"{what}: empty code for {inp}"
        assert isinstance(error.message, str) and error.message, f"{what}: empty message"
        _assert_json_ready(error.to_json(), f"{what}: error.to_json()")
        changed = probed.to_json() != self.before
        assert not changed, f"{what}: refused {inp} ({error.code}) but changed the state"

    def _check_message(self, inp: Input, error: RuleError, what: str) -> None:
        seat = inp.seat
        if seat is None or self.leaks is None:  # the host sees everything
            return
        viewer = seat if isinstance(seat, int) and 0 <= seat < self.state.players else SPECTATOR
        hidden = self.game.hidden_cards(self.state, viewer)
        # A card named as a word ("Y9") is found in prose; a card that is a bare number
        # (Quiclo's "17") cannot be told from a seat, a time or a count there, so for it
        # only the scramble below speaks.
        words = frozenset(card for card in hidden if not card.isdigit())
        # A card the sender named itself may be echoed back; any other hidden one may not.
        sent = _words_sent(inp.action)
        named = frozenset(c for c in words if any(_as_word(w).search(c) for w in sent if w in c))
        leaked = _named_in(error.message, words - named)
        if leaked:
            self.leaks.append(f"{what}: {inp} -> {error.code}: {error.message!r} names {leaked}")
        if self.rng is not None and hidden:
            self._check_refusal_ignores_hidden(inp, error, viewer, what)

    def _check_refusal_ignores_hidden(
        self, inp: Input, error: RuleError, viewer: int, what: str
    ) -> None:
        """The same input is refused the same way once what the sender may not know
        is dealt anew: a refusal that depends on it tells the sender something hidden."""
        assert self.leaks is not None and self.rng is not None
        scrambled = self.scrambled.get(viewer)
        if scrambled is None:
            scrambled = self.game.scramble_hidden(self.state, viewer, self.rng)
            self.scrambled[viewer] = scrambled
        other = scrambled.clone()
        anew = f"once what {describe(viewer)} may not know is dealt anew"
        try:
            self.game.apply(other, inp)
        except RuleError as again:
            if (again.code, again.message) != (error.code, error.message):
                self.leaks.append(
                    f"{what}: {inp} -> {error.code}: {error.message!r}, but "
                    f"{again.code}: {again.message!r} {anew}"
                )
        except Exception as again:
            self.leaks.append(f"{what}: {inp} raised {type(again).__name__}: {again} {anew}")
        else:
            self.leaks.append(f"{what}: {inp} was refused ({error.code}) but accepted {anew}")

    def refused(self, inp: Input, what: str, expected: type[RuleError] = RuleError) -> None:
        """`inp` must be refused with `expected`, and change nothing."""
        try:
            self.game.apply(self.state, inp)
        except RuleError as error:
            assert isinstance(error, expected), f"{what}: {inp} raised {error!r}, not {expected}"
            self._check_error(inp, error, self.state, what)
        except Exception as error:
            pytest.fail(f"{what}: {inp} raised {type(error).__name__}: {error}, not a RuleError")
        else:
            pytest.fail(f"{what}: {inp} was accepted")

    def refused_or_legal(self, inp: Input, what: str) -> None:
        """`inp` is refused and changes nothing, or does exactly what a legal input does.

        For inputs that a lenient game may read as a legal one (a missing
        optional field, "y9" for "Y9").
        """
        probe = self.state.clone()
        try:
            events = self.game.apply(probe, inp)
        except RuleError as error:
            self._check_error(inp, error, probe, what)
            return
        except Exception as error:
            pytest.fail(f"{what}: {inp} raised {type(error).__name__}: {error}, not a RuleError")
        seat = inp.seat
        if seat is None:
            candidates = [dict(TICK)]
        else:
            assert isinstance(seat, int) and 0 <= seat < self.state.players, f"{what}: took {inp}"
            if not self.game.lists_actions:
                # No list to hold it against: the seat must at least be one that may act.
                cannot = f"{what}: took {inp} from a seat that cannot act"
                assert self.game.can_act(self.state, seat), cannot
                return
            candidates = self.game.legal_actions(self.state, seat)
        sent = canonical(inp.action)
        if any(canonical(action) == sent for action in candidates):
            return
        if any(event.type in self.game.penalty_events for event in events):
            # Accepted only to punish its sender (a wrong claim): it must say so publicly.
            assert any(e.audience is None for e in events), f"{what}: silent penalty for {inp}"
            return
        after = probe.to_json()
        for action in candidates:
            other = self.state.clone()
            try:
                self.game.apply(other, Input(seat, copy.deepcopy(action), inp.time))
            except RuleError:
                continue
            if other.to_json() == after:
                return
        pytest.fail(f"{what}: {inp} was accepted, yet no legal input of that seat does the same")


def _probe_bad_inputs(
    probe: _Prober, rng: Rng, known: _Known, garbage: list[Any], inputs: list[Any]
) -> None:
    game, state = probe.game, probe.state
    players: int = state.players
    now: int = state.now
    legal = {seat: offered(game, state, seat, rng, samples=3) for seat in range(players)}
    acting = [seat for seat in range(players) if game.can_act(state, seat)]
    shown = [a for actions in legal.values() for a in actions]
    for action in shown:
        known.learn(action)
    pool = shown or list(known.actions.values())
    deadline = game.next_deadline(state)

    def some(items: list[Any]) -> Any:
        return copy.deepcopy(items[rng.below(len(items))])

    def later() -> int:
        # Stamped before the next deadline, as a host sends a due tick before anything later.
        span = 1000 if deadline is None else max(1, deadline - now)
        return now + rng.below(span)

    if pool:
        for seat in (players, players + 1 + rng.below(9), SPECTATOR, HOST, -3 - rng.below(9)):
            probe.refused(Input(seat, some(pool), later()), "a seat that does not exist")
        probe.refused(Input(None, some(pool), later()), "the host playing for a seat")
        # Only a list says what another seat may not do (any seat may send any split in Blotto).
        for seat in range(players) if game.lists_actions else ():
            # A few draws, not a filtered list: with thousands of actions a step
            # (Quiclo) comparing every pair of them costs seconds.
            for _ in range(5):
                action = pool[rng.below(len(pool))]
                if action not in legal[seat]:
                    probe.refused(
                        Input(seat, copy.deepcopy(action), later()), "another seat's action"
                    )
                    break
        if now > 0:
            probe.refused(
                Input(rng.below(players), some(pool), rng.below(now)),
                "time went back",
                TimeWentBack,
            )
    if now > 0:
        probe.refused(Input.tick(rng.below(now)), "a tick back in time", TimeWentBack)
    if deadline is None:
        probe.refused(Input.tick(now + rng.below(10**6)), "a tick with no deadline")
    elif deadline > now:
        probe.refused(Input.tick(now + rng.below(deadline - now)), "a tick before the deadline")
    else:
        odd_tick = {**TICK, _UNKNOWN_FIELD: 1}
        probe.refused(Input(None, odd_tick, now), "a tick with an unknown field")
    tick_time = now if deadline is None else max(now, deadline)
    probe.refused(Input(rng.below(players), dict(TICK), tick_time), "a tick from a seat")

    for seat in range(players):
        unknown_type = {"type": f"no_such_action_{rng.below(1000)}"}
        if pool:
            unknown_type = {**some(pool), **unknown_type}
        probe.refused(Input(seat, unknown_type, later()), "an unknown action type")
    for seat in acting:
        if not legal[seat]:
            continue
        action = some(legal[seat])
        bad_type = dict(action)
        bad_type["type"] = _NOT_A_TYPE[rng.below(len(_NOT_A_TYPE))]
        probe.refused(Input(seat, bad_type, later()), "a type that is not a string")
        no_type = {k: v for k, v in action.items() if k != "type"}
        probe.refused(Input(seat, no_type, later()), "an action without a type")
        extra = {**action, _UNKNOWN_FIELD: _WRONG_VALUES[rng.below(len(_WRONG_VALUES))]}
        probe.refused(Input(seat, extra, later()), "an action with an unknown field")

        fields = [k for k in action if k != "type"]
        if fields:
            field = fields[rng.below(len(fields))]
            missing = {k: v for k, v in action.items() if k != field}
            probe.refused_or_legal(Input(seat, missing, later()), f"no {field!r}")
            wrong = {**action, field: _WRONG_VALUES[rng.below(len(_WRONG_VALUES))]}
            probe.refused_or_legal(Input(seat, wrong, later()), f"a wrong {field!r}")
        texts = [k for k in fields if isinstance(action[k], str)]
        if texts:
            field = texts[rng.below(len(texts))]
            value = action[field]
            hidden = sorted(game.hidden_cards(state, seat))
            odd = ["", "ZZ", "R99", "0", value.lower(), f"{value} ", value * 2, "🂡"]
            if hidden:
                odd.append(hidden[rng.below(len(hidden))])
            for text in (odd[rng.below(len(odd))], odd[-1]):
                probe.refused_or_legal(Input(seat, {**action, field: text}, later()), "an odd card")

    senders: list[int | None] = [None, *range(players)]
    for item in garbage:
        action = known.build(item)
        probe.refused_or_legal(Input(senders[rng.below(len(senders))], action, later()), "garbage")
    for item in inputs:
        try:
            inp = Input.from_json(item)
        except RuleError:
            continue
        except Exception as error:
            pytest.fail(f"Input.from_json({item!r}) raised {type(error).__name__}: {error}")
        if isinstance(inp.seat, int) and not 0 <= inp.seat < players:
            probe.refused(inp, "a garbage input from no seat")
        else:
            probe.refused_or_legal(inp, "a garbage input")


@pytest.mark.parametrize("name", NAMES)
@kit(15)
@given(data=st.data())
def test_bad_inputs_are_refused_and_change_nothing(name: str, data: Any) -> None:
    game = registry.get(name)
    _, players, _, state = _new_game(data, game)
    rng = Rng(data.draw(st.integers(0, 2**64 - 1), label="seed of the bad inputs"))
    garbage = data.draw(st.lists(_garbage_action, max_size=5), label="garbage actions")
    garbage_inputs = data.draw(st.lists(_garbage_input, max_size=3), label="garbage inputs")
    known = _Known()
    driver = RandomDriver.seeded(game, rng.fork())
    while not game.is_over(state):
        _probe_bad_inputs(_Prober(game, state), rng, known, garbage, garbage_inputs)
        inp = driver.next_input(state)
        assert inp is not None, "random play is stuck"
        game.apply(state, inp)

    # After the end, everything is refused as "game over", even what was legal before.
    probe = _Prober(game, state)
    late = state.now + rng.below(10**6)
    for action in [*list(known.actions.values())[:20], dict(TICK), {"type": "no_such_action"}]:
        for seat in (None, *range(players), players):
            probe.refused(
                Input(seat, copy.deepcopy(action), late), "acting after the end", GameOver
            )
    for item in garbage:
        probe.refused(Input(0, known.build(item), late), "garbage after the end", GameOver)


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("action", [None, "tick", 3, [], ["tick"], [{"type": "tick"}]])
def test_an_action_that_is_not_an_object_is_refused(name: str, action: Any) -> None:
    # `Input` says its action "may come straight from a network", so `apply` itself
    # must refuse one that is not a JSON object, from a seat and from the host.
    game = registry.get(name)
    state = game.new(5, game.min_players)
    probe = _Prober(game, state)
    for seat in (None, *range(state.players)):
        inp = Input(seat, action, 0)
        try:
            game.apply(state, inp)
        except RuleError as error:
            probe._check_error(inp, error, state, "a non-object action")
            probe._check_message(inp, error, "a non-object action")
        except Exception as error:
            pytest.fail(
                f"CORE BUG (quintet/core/game.py, Game.apply): the action {action!r} from "
                f"{seat} raised {type(error).__name__}: {error}; it must raise BadInput"
            )
        else:
            pytest.fail(f"the non-object action {action!r} from {seat} was accepted")


# ------------------------------------------------------------------------ clones


@pytest.mark.parametrize("name", NAMES)
@kit(10)
@given(data=st.data())
def test_a_clone_is_equal_and_independent(name: str, data: Any) -> None:
    game = registry.get(name)
    _, players, _, state = _new_game(data, game)
    driver = RandomDriver(game, _chooser(data))
    aside = RandomDriver.seeded(game, data.draw(st.integers(0, 2**64 - 1), label="clone seed"))
    while True:
        before = canonical(state.to_json())
        clone = state.clone()
        assert canonical(clone.to_json()) == before, "a clone differs from its original"
        assert canonical(clone.clone().to_json()) == before, "a clone of a clone differs"
        for viewer in _viewers(players):
            assert canonical(game.view(clone, viewer)) == canonical(game.view(state, viewer))
        # What the state hands out must be a snapshot, not a window into it.
        data_out = state.to_json()
        views_out = [game.view(state, v) for v in _viewers(players)]
        views_text = [canonical(v) for v in views_out]

        side = aside.next_input(clone)
        if side is not None:
            game.apply(clone, side)
            assert canonical(state.to_json()) == before, f"{side} on a clone changed the original"
        clone_text = canonical(clone.to_json())

        inp = driver.next_input(state)
        if inp is None:
            break
        game.apply(state, inp)
        assert canonical(clone.to_json()) == clone_text, f"{inp} on the original changed a clone"
        assert canonical(data_out) == before, f"to_json() shares data with the state ({inp})"
        for viewer, view, text in zip(_viewers(players), views_out, views_text, strict=True):
            assert canonical(view) == text, f"the view of {viewer} changed with the state ({inp})"
    assert game.is_over(state)


# ------------------------------------------------------------------------- leaks


@pytest.mark.parametrize("name", NAMES)
@kit(8)
@given(data=st.data())
def test_no_error_message_names_a_hidden_card(name: str, data: Any) -> None:
    # The same refusals as the bad-input test, read for what their messages tell
    # the sender (errors.py: "Messages never mention a card that the player who
    # sent the input may not know"). A refusal leaks as surely as a view, and as
    # with views, the names are checked where cards are words, the rest by scrambling.
    game = registry.get(name)
    _, _, _, state = _new_game(data, game)
    rng = Rng(data.draw(st.integers(0, 2**64 - 1), label="seed of the bad inputs"))
    garbage = data.draw(st.lists(_garbage_action, max_size=5), label="garbage actions")
    known = _Known()
    driver = RandomDriver.seeded(game, rng.fork())
    scrambles = rng.fork()
    leaks: list[str] = []
    while not game.is_over(state):
        _probe_bad_inputs(_Prober(game, state, leaks, scrambles), rng, known, garbage, [])
        inp = driver.next_input(state)
        assert inp is not None, "random play is stuck"
        game.apply(state, inp)
    assert not leaks, f"{len(leaks)} refusals tell of hidden cards, e.g. " + "; ".join(leaks[:3])


class _WhoHoldsIt(QuasharsGame):
    """A refusal that leaks without naming a hidden card: who holds the card you named."""

    name = "quashars_who_holds_it"

    def _apply(self, state: QuasharsState, inp: Input) -> list[Event]:
        try:
            return super()._apply(state, inp)
        except IllegalAction as error:
            if error.code != "quashars/not_in_hand":
                raise
            card = CARD_BY_CODE[inp.action["card"].upper()]
            holder = next(s for s in range(state.players) if state.hands[s] >> card & 1)
            raise IllegalAction(f"{error.message} (seat {holder} holds it)", error.code) from None


def test_a_refusal_that_tells_who_holds_a_card_is_caught_by_the_scramble_only() -> None:
    game = _WhoHoldsIt()
    state = game.new(3, 4)
    driver = RandomDriver.seeded(game, 3)
    while game.view(state, HOST)["phase"] != "play":
        inp = driver.next_input(state)
        assert inp is not None
        game.apply(state, inp)
    seat = state.to_act
    held = next(c for c in cards_of(state.hands[(seat + 1) % 4]))
    inp = Input(seat, {"type": "play", "card": CODES[held]}, state.now)
    by_name: list[str] = []
    _Prober(game, state, by_name).refused(inp, "another seat's card")
    assert by_name == [], "the sender named the card itself, so the name search must pass it"
    caught: list[str] = []
    for seed in range(5):
        _Prober(game, state, caught, Rng(seed)).refused(inp, "another seat's card")
    assert caught, "no scramble moved the card to another holder in 5 tries"
    assert "once what seat" in caught[0] and "may not know is dealt anew" in caught[0]


# ------------------------------------------------------ hidden information, dealt anew


@pytest.mark.parametrize("name", NAMES)
@kit(6)
@given(data=st.data())
def test_nothing_a_viewer_gets_depends_on_what_it_may_not_know(name: str, data: Any) -> None:
    # The string walk above cannot see a card written as an int (Quiclo's 1..144,
    # among all the other ints of a view), nor a count or a sum of hidden cards.
    # Non-interference sees any of it: deal anew what a viewer may not know
    # (`scramble_hidden`), and nothing the viewer gets may change (ADR 0006).
    game = registry.get(name)
    _, _, _, state = _new_game(data, game)
    rng = Rng(data.draw(st.integers(0, 2**64 - 1), label="seed of the scrambles"))
    walk_scrambles(game, state, _chooser(data), rng)


@pytest.mark.parametrize("name", NAMES)
def test_scrambling_deals_hidden_cards_anew(name: str) -> None:
    # A scramble that changes nothing, or only the PRNG, passes the test above
    # whatever the views show. One seeded game per player count and example options.
    check_scrambling_moves_hidden_cards(registry.get(name))


# ------------------------------------------------------------------- real time


@pytest.mark.parametrize("name", NAMES)
@kit(6)
@given(data=st.data())
def test_stale_simultaneous_and_deadline_inputs(name: str, data: Any) -> None:
    # Races are where a server meets inputs computed on a state that has moved
    # on: claims that name an old top, two seats at the same millisecond, a host
    # tick at the edge of a deadline. Turn-based games get the same checks.
    game = registry.get(name)
    seed, players, options, _ = _new_game(data, game)
    rng = Rng(data.draw(st.integers(0, 2**64 - 1), label="seed of the probes"))
    walk_real_time(game, seed, players, options, choose=_chooser(data), rng=rng)


@pytest.mark.parametrize("name", NAMES)
def test_the_real_time_checks_meet_what_they_check(name: str) -> None:
    # The walk above checks what random play meets; this makes sure it meets
    # stale inputs and simultaneous ones, and that `real_time` tells the truth:
    # a turn-based game never lets two seats act at once.
    check_real_time_coverage(registry.get(name))


# ----------------------------------------------------------------- legal actions


#: At most this many of a seat's legal actions are applied at each step.
_APPLIED_ACTIONS = 24


@pytest.mark.parametrize("name", LISTING)
@kit(10)
@given(data=st.data())
def test_legal_actions_fit_can_act_and_all_apply(name: str, data: Any) -> None:
    game = registry.get(name)
    _, players, _, state = _new_game(data, game)
    driver = RandomDriver(game, _chooser(data))
    rng = Rng(data.draw(st.integers(0, 2**64 - 1), label="seed of the sampled actions"))
    while True:
        for seat in range(players):
            actions = game.legal_actions(state, seat)
            if not game.can_act(state, seat):
                assert actions == [], f"seat {seat} cannot act, yet has legal actions {actions}"
                continue
            if not game.real_time:
                assert actions, f"seat {seat} can act in a turn game but has no legal action"
            texts = [canonical(a) for a in actions]
            assert len(set(texts)) == len(texts), f"seat {seat} is offered an action twice"
            _assert_json_ready(actions, "the legal actions")
            # Every one when they are few; a sample when there are hundreds (Quiclo's
            # claims), which would cost seconds a game and add little.
            if len(actions) > _APPLIED_ACTIONS:
                actions = [actions[rng.below(len(actions))] for _ in range(_APPLIED_ACTIONS)]
            for action in actions:
                try:
                    game.apply(state.clone(), Input(seat, copy.deepcopy(action), state.now))
                except RuleError as error:
                    pytest.fail(f"seat {seat}'s legal action {action} was refused: {error!r}")
        inp = driver.next_input(state)
        if inp is None:
            break
        game.apply(state, inp)
    assert game.is_over(state)


@pytest.mark.parametrize("name", NAMES)
@kit(5)
@given(data=st.data())
def test_sampled_actions_fit_can_act_and_apply(name: str, data: Any) -> None:
    # `sample_action` is the way in for a game that cannot list its actions, and the
    # default (a draw from `legal_actions`) for one that can: at every position of a
    # random game, a seat's draw is None exactly when it cannot act (a race may leave
    # a seat that can act without an action), is JSON, is the same for the same seed,
    # is a fresh dict, changes nothing, and applies; for a listing game, it is listed.
    game = registry.get(name)
    _, players, _, state = _new_game(data, game)
    driver = RandomDriver(game, _chooser(data))
    seeds = Rng(data.draw(st.integers(0, 2**64 - 1), label="seed of the sampled actions"))
    while True:
        before = canonical(state.to_json())
        for seat in range(players):
            seed = seeds.next64()
            action = game.sample_action(state, seat, Rng(seed))
            if not game.can_act(state, seat):
                assert action is None, f"seat {seat} cannot act, yet draws {action}"
                continue
            if action is None:
                assert game.real_time, f"seat {seat} can act in a turn game but draws no action"
                continue
            _assert_json_ready(action, "a sampled action")
            text = canonical(action)
            action["type"] = "changed by the caller"
            again = game.sample_action(state, seat, Rng(seed))
            assert canonical(again) == text, f"seat {seat} drew {again} from one seed, then {text}"
            assert canonical(state.to_json()) == before, "sample_action changed the state"
            if game.lists_actions:
                listed = {canonical(a) for a in game.legal_actions(state, seat)}
                assert text in listed, f"seat {seat} drew {text}, which is not listed"
            try:
                game.apply(state.clone(), Input(seat, json.loads(text), state.now))
            except RuleError as error:
                pytest.fail(f"seat {seat}'s sampled action {text} was refused: {error!r}")
        inp = driver.next_input(state)
        if inp is None:
            break
        game.apply(state, inp)
    assert game.is_over(state)


@pytest.mark.parametrize("name", NAMES)
def test_the_random_bot_plays_whole_games(name: str) -> None:
    # Every game's "random" level is the shared bot (quintet.bots.random); it must play
    # from its views alone to a valid end, with nothing refused, at either table size.
    game = registry.get(name)
    assert "random" in registry.entry(name).bots, f"{name} has no 'random' bot level"
    for players in sorted({game.min_players, game.max_players}):
        run = play_game(name, 11 + players, players, ["random"] * players)
        assert game.is_over(run.state)
        _check_outcome(game.outcome(run.state), players)
