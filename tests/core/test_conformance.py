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
import json
import os
import subprocess
import sys
from collections.abc import Callable, Iterator
from typing import Any, TypeVar

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from tests.core import example
from tests.core.bad_inputs import (
    Known,
    Prober,
    assert_json_ready,
    garbage_action,
    garbage_input,
    named_in,
    probe_bad_inputs,
    words_sent,
)

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
    canonical,
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
    listed_movers,
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
    assert_json_ready(outcome.to_json(), "Outcome.to_json()")


# ------------------------------------------------------------- the kit's own tests


def test_the_walk_finds_hidden_cards_anywhere() -> None:
    hidden = frozenset({"Y9", "B2"})
    assert string_leaks({"a": [{"b": ("x", "Y9")}]}, hidden) == ["Y9"]
    assert string_leaks({"B2": 1}, hidden) == ["B2"]
    assert string_leaks({"a": "Y9 "}, hidden) == []
    assert named_in("you do not hold Y9.", hidden) == ["Y9"]
    assert named_in("you do not hold Y90", hidden) == []
    assert words_sent({"card": "Y9", "cards": [72, True], "x": "a b", ">1\\O5": 0}) == {
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
    assert_json_ready(data, "state.to_json()")
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
        assert_json_ready(inp.to_json(), "Input.to_json()")
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


@pytest.mark.parametrize("name", NAMES)
@kit(15)
@given(data=st.data())
def test_bad_inputs_are_refused_and_change_nothing(name: str, data: Any) -> None:
    game = registry.get(name)
    _, players, _, state = _new_game(data, game)
    rng = Rng(data.draw(st.integers(0, 2**64 - 1), label="seed of the bad inputs"))
    garbage = data.draw(st.lists(garbage_action, max_size=5), label="garbage actions")
    garbage_inputs = data.draw(st.lists(garbage_input, max_size=3), label="garbage inputs")
    known = Known()
    driver = RandomDriver.seeded(game, rng.fork())
    while not game.is_over(state):
        movers = probe_bad_inputs(Prober(game, state), rng, known, garbage, garbage_inputs)
        inp = driver.next_input(state, movers)
        assert inp is not None, "random play is stuck"
        game.apply(state, inp)

    # After the end, everything is refused as "game over", even what was legal before.
    probe = Prober(game, state)
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
    probe = Prober(game, state)
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
        # What the state hands out must be a snapshot, not a window into it.
        data_out = state.to_json()
        views_out = [game.view(state, v) for v in _viewers(players)]
        views_text = [canonical(v) for v in views_out]
        for viewer, text in zip(_viewers(players), views_text, strict=True):
            assert canonical(game.view(clone, viewer)) == text, f"the clone's view of {viewer}"

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
    garbage = data.draw(st.lists(garbage_action, max_size=5), label="garbage actions")
    known = Known()
    driver = RandomDriver.seeded(game, rng.fork())
    scrambles = rng.fork()
    leaks: list[str] = []
    while not game.is_over(state):
        movers = probe_bad_inputs(Prober(game, state, leaks, scrambles), rng, known, garbage, [])
        inp = driver.next_input(state, movers)
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
    Prober(game, state, by_name).refused(inp, "another seat's card")
    assert by_name == [], "the sender named the card itself, so the name search must pass it"
    caught: list[str] = []
    for seed in range(5):
        Prober(game, state, caught, Rng(seed)).refused(inp, "another seat's card")
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
        legal = {seat: game.legal_actions(state, seat) for seat in range(players)}
        for seat in range(players):
            actions = legal[seat]
            if not game.can_act(state, seat):
                assert actions == [], f"seat {seat} cannot act, yet has legal actions {actions}"
                continue
            if not game.real_time:
                assert actions, f"seat {seat} can act in a turn game but has no legal action"
            texts = [canonical(a) for a in actions]
            assert len(set(texts)) == len(texts), f"seat {seat} is offered an action twice"
            assert_json_ready(actions, "the legal actions")
            # Every one when they are few; a sample when there are hundreds (Quiclo's
            # claims), which would cost seconds a game and add little.
            if len(actions) > _APPLIED_ACTIONS:
                actions = [actions[rng.below(len(actions))] for _ in range(_APPLIED_ACTIONS)]
            for action in actions:
                try:
                    game.apply(state.clone(), Input(seat, copy.deepcopy(action), state.now))
                except RuleError as error:
                    pytest.fail(f"seat {seat}'s legal action {action} was refused: {error!r}")
        inp = driver.next_input(state, listed_movers(game, state, legal))
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
            assert_json_ready(action, "a sampled action")
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
