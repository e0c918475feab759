"""The checks `Game.apply` and `Game.new` make for every game, and the registry.

They run on a tiny game defined here (so a failure points at the core, not at
a game's rules) and on every registered game.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from pydantic import Field

from quintet.core import (
    HOST,
    SPECTATOR,
    BadInput,
    BadOptions,
    Event,
    Game,
    GameOver,
    IllegalAction,
    Input,
    JSONDict,
    NotYourTurn,
    Options,
    Outcome,
    Rng,
    RuleError,
    State,
    TimeWentBack,
    Viewer,
    canonical,
    public,
    registry,
)
from quintet.core.testing import RandomDriver

# ------------------------------------------------------------------- a tiny game


class CountOptions(Options):
    target: int = Field(6, ge=1, description="The total that ends the game")
    turn_ms: int = Field(1000, ge=1, description="Time per turn before the host skips it")


class CountState(State):
    __slots__ = ("deadline", "options", "points", "to_act", "total")

    def __init__(self, players: int, options: CountOptions) -> None:
        super().__init__(players)
        self.options = options
        self.total = 0
        self.to_act = 0
        self.points = [0] * players
        self.deadline: int | None = options.turn_ms

    def clone(self) -> CountState:
        other = CountState(self.players, self.options)
        other.now, other.total, other.to_act = self.now, self.total, self.to_act
        other.points, other.deadline = self.points[:], self.deadline
        return other

    def to_json(self) -> JSONDict:
        return {
            "players": self.players,
            "now": self.now,
            "options": self.options.to_json(),
            "total": self.total,
            "to_act": self.to_act,
            "points": self.points[:],
            "deadline": self.deadline,
        }


class CountGame(Game[CountState, CountOptions]):
    """Seats take turns adding 1 or 2 to a total; a turn not taken in time is skipped."""

    name = "count"
    title = "Count"
    summary = "Add 1 or 2 in turn until the total reaches the target."
    min_players = 2
    max_players = 3
    options_model = CountOptions

    def _new(self, seed: int, players: int, options: CountOptions) -> CountState:
        return CountState(players, options)

    def _apply(self, state: CountState, inp: Input) -> list[Event]:
        if inp.action["type"] == "tick":
            state.to_act = (state.to_act + 1) % state.players
            state.deadline = inp.time + state.options.turn_ms
            return [public("skipped")]
        if inp.action["type"] != "add":
            raise BadInput(f"unknown action {inp.action['type']!r}", "input/unknown_action")
        if inp.seat != state.to_act:
            raise NotYourTurn(f"it is seat {state.to_act}'s turn")
        n = inp.action.get("n")
        if n not in (1, 2) or isinstance(n, bool):
            raise IllegalAction(f"add 1 or 2, not {n!r}")
        state.total += n
        state.points[state.to_act] += n
        state.to_act = (state.to_act + 1) % state.players
        state.deadline = None if self.is_over(state) else inp.time + state.options.turn_ms
        return [public("added", seat=inp.seat, n=n)]

    def _view(self, state: CountState, viewer: Viewer) -> JSONDict:
        return state.to_json()

    def next_deadline(self, state: CountState) -> int | None:
        return state.deadline

    def legal_actions(self, state: CountState, seat: int) -> list[JSONDict]:
        if not self.can_act(state, seat):
            return []
        return [{"type": "add", "n": 1}, {"type": "add", "n": 2}]

    def can_act(self, state: CountState, seat: int) -> bool:
        return not self.is_over(state) and seat == state.to_act

    def is_over(self, state: CountState) -> bool:
        return state.total >= state.options.target

    def outcome(self, state: CountState) -> Outcome | None:
        return Outcome.from_scores(state.points) if self.is_over(state) else None

    def hidden_cards(self, state: CountState, viewer: Viewer) -> frozenset[str]:
        return frozenset()

    def state_from_json(self, data: JSONDict) -> CountState:
        state = CountState(data["players"], CountOptions.parse(data["options"]))
        state.now, state.total, state.to_act = data["now"], data["total"], data["to_act"]
        state.points, state.deadline = list(data["points"]), data["deadline"]
        return state


COUNT = CountGame()
GAMES: list[Any] = [COUNT, *(registry.get(name) for name in registry.names())]


def _ids(game: Any) -> str:
    return str(game.name)


# --------------------------------------------------------------------- helpers


def _a_move(game: Any, state: Any) -> tuple[int, JSONDict]:
    """A seat that can act, with one of its legal actions. A game that opens with a timed
    phase (Quick's countdown) is first ticked through its deadlines until a seat can act."""
    for _ in range(20):
        for seat in range(state.players):
            if game.can_act(state, seat):
                # A game that can't list its moves draws one (Double Quick!'s tile on any cell).
                actions = (
                    game.legal_actions(state, seat)
                    if game.lists_actions
                    else [game.sample_action(state, seat, Rng(seat))]
                )
                if actions and actions[0] is not None:
                    return seat, actions[0]
        deadline = game.next_deadline(state)
        if deadline is None:
            break
        game.apply(state, Input.tick(deadline))
    raise AssertionError(f"no seat of {game.title} can act near the start")


def _refused(game: Any, state: Any, inp: Input, expected: type[RuleError]) -> RuleError:
    """Apply `inp`, which must raise `expected` and change nothing; returns the error."""
    before = canonical(state.to_json())
    with pytest.raises(expected) as refused:
        game.apply(state, inp)
    assert canonical(state.to_json()) == before, f"{inp} was refused but changed the state"
    assert refused.value.code and refused.value.message
    return refused.value


# ------------------------------------------------------------------------- time


@pytest.mark.parametrize("game", GAMES, ids=_ids)
def test_time_going_back_is_refused(game: Any) -> None:
    state = game.new(1, game.min_players)
    seat, action = _a_move(game, state)
    start = state.now  # after any opening countdown
    game.apply(state, Input(seat, action, start + 100))
    assert state.now == start + 100
    seat, action = _a_move(game, state)
    error = _refused(game, state, Input(seat, action, start + 99), TimeWentBack)
    assert error.code == "input/time_went_back"
    assert str(start + 99) in error.message and str(start + 100) in error.message
    _refused(game, state, Input.tick(start), TimeWentBack)
    game.apply(state, Input(seat, action, start + 100))  # the same time is not going back


@pytest.mark.parametrize("game", GAMES, ids=_ids)
def test_a_refused_input_does_not_move_the_clock(game: Any) -> None:
    state = game.new(1, game.min_players)
    seat, action = _a_move(game, state)
    start = state.now
    _refused(game, state, Input(seat, {"type": "no_such_action"}, start + 500), RuleError)
    assert state.now == start
    game.apply(state, Input(seat, action, start + 10))  # 10 ms on is still in the future


@pytest.mark.parametrize("game", GAMES, ids=_ids)
@pytest.mark.parametrize("time", ["5", 1.5, None, True, [5]])
def test_a_time_that_is_not_whole_ms_is_refused(game: Any, time: Any) -> None:
    # Input.from_json checks this, but `apply` is the one way in and a host may
    # build an Input itself; a float would make `now` 1.5 and break the JSON round trip.
    state = game.new(1, game.min_players)
    seat, action = _a_move(game, state)
    before = canonical(state.to_json())
    try:
        game.apply(state, Input(seat, action, time))
    except RuleError:
        assert canonical(state.to_json()) == before
        return
    except Exception as error:
        pytest.fail(
            f"CORE BUG (quintet/core/game.py, Game.apply): time {time!r} raised "
            f"{type(error).__name__}: {error}; it must raise BadInput"
        )
    pytest.fail(
        f"CORE BUG (quintet/core/game.py, Game.apply): time {time!r} was accepted "
        f"(now is {state.now!r}); it must raise BadInput"
    )


# ------------------------------------------------------------------------ seats


@pytest.mark.parametrize("game", GAMES, ids=_ids)
def test_a_seat_that_does_not_exist_is_refused(game: Any) -> None:
    state = game.new(1, game.min_players)
    seat, action = _a_move(game, state)
    players = state.players
    for bad in (players, players + 3, SPECTATOR, HOST, -7, 10**9):
        error = _refused(game, state, Input(bad, action, state.now), BadInput)
        assert str(bad) in error.message
    not_ints: list[Any] = [True, False, "0", 0.0, [0], str(seat)]
    for bad in not_ints:
        _refused(game, state, Input(bad, action, state.now), BadInput)


@pytest.mark.parametrize("game", GAMES, ids=_ids)
def test_an_action_that_is_not_an_object_or_has_no_type_is_refused(game: Any) -> None:
    state = game.new(1, game.min_players)
    seat, action = _a_move(game, state)
    not_objects: list[Any] = [None, "add", 3, [], [action]]
    for bad in not_objects:
        _refused(game, state, Input(seat, bad, state.now), BadInput)
    for bad in ({}, {"n": 1}, {"type": None}, {"type": 3}, {"type": ["tick"]}):
        _refused(game, state, Input(seat, bad, state.now), BadInput)


# ------------------------------------------------------------------------ ticks


@pytest.mark.parametrize("game", GAMES, ids=_ids)
def test_only_the_host_ticks(game: Any) -> None:
    state = game.new(1, game.min_players)
    for seat in range(state.players):
        error = _refused(game, state, Input(seat, {"type": "tick"}, 10**6), BadInput)
        assert "tick" in error.message


@pytest.mark.parametrize("game", GAMES, ids=_ids)
def test_a_tick_before_the_deadline_is_refused(game: Any) -> None:
    state = game.new(1, game.min_players)
    deadline = game.next_deadline(state)
    if deadline is None:
        error = _refused(game, state, Input.tick(10**6), IllegalAction)
    else:
        error = _refused(game, state, Input.tick(deadline - 1), IllegalAction)
        assert str(deadline) in error.message
    assert error.code == "time/no_deadline"


def test_a_tick_at_the_deadline_is_taken() -> None:
    state = COUNT.new(1, 2)
    assert COUNT.next_deadline(state) == 1000
    _refused(COUNT, state, Input.tick(999), IllegalAction)
    assert [e.type for e in COUNT.apply(state, Input.tick(1000))] == ["skipped"]
    assert state.now == 1000
    assert state.to_act == 1
    assert COUNT.next_deadline(state) == 2000
    COUNT.apply(state, Input.tick(2500))  # late is fine: the host may be slow


# -------------------------------------------------------------------- game over


@pytest.mark.parametrize("game", GAMES, ids=_ids)
def test_after_the_end_every_input_is_game_over(game: Any) -> None:
    state = game.new(2, game.min_players)
    moves: list[Input] = RandomDriver.seeded(game, 2).play(state)
    assert game.is_over(state)
    late = state.now + 10
    tries = [
        *(Input(inp.seat, inp.action, late) for inp in moves[-5:]),
        Input.tick(late),
        Input(0, {"type": "no_such_action"}, late),
        Input(state.players, {"type": "tick"}, late),
        Input(0, moves[-1].action, 0),  # even back in time: the end comes first
    ]
    for inp in tries:
        error = _refused(game, state, inp, GameOver)
        assert error.code == "game/over"


# ------------------------------------------------------------------------- views


@pytest.mark.parametrize("game", GAMES, ids=_ids)
def test_a_view_for_no_such_viewer_is_refused(game: Any) -> None:
    state = game.new(1, game.min_players)
    for viewer in (*range(state.players), SPECTATOR, HOST):
        json.dumps(game.view(state, viewer))
    for bad in (state.players, -3, True, "0", None):
        with pytest.raises(BadInput):
            game.view(state, bad)


# ---------------------------------------------------------------------- creating


@pytest.mark.parametrize("game", GAMES, ids=_ids)
def test_a_seed_must_be_an_integer(game: Any) -> None:
    for seed in (True, "1", 1.0, None):
        with pytest.raises(BadOptions):
            game.new(seed, game.min_players)
    game.new(-5, game.min_players)
    game.new(2**80, game.min_players)


@pytest.mark.parametrize("game", GAMES, ids=_ids)
def test_a_player_count_out_of_range_is_refused_naming_the_range(game: Any) -> None:
    for players in (game.min_players - 1, game.max_players + 1, 0, -1):
        with pytest.raises(BadOptions) as refused:
            game.new(1, players)
        message = refused.value.message
        assert str(game.min_players) in message and str(game.max_players) in message
        assert str(players) in message


@pytest.mark.parametrize("game", GAMES, ids=_ids)
@pytest.mark.parametrize("players", ["3", 3.0, None, [3]])
def test_a_player_count_that_is_not_an_integer_is_refused(game: Any, players: Any) -> None:
    try:
        state = game.new(1, players)
    except BadOptions:
        return
    except Exception as error:
        pytest.fail(
            f"CORE BUG (quintet/core/game.py, Game.new): players={players!r} raised "
            f"{type(error).__name__}: {error}; it must raise BadOptions like a bad seed"
        )
    pytest.fail(
        f"CORE BUG (quintet/core/game.py, Game.new): players={players!r} was accepted "
        f"(state.players is {state.players!r}); it must raise BadOptions"
    )


def test_describe_lists_the_games_facts() -> None:
    assert COUNT.describe() == {
        "name": "count",
        "title": "Count",
        "summary": "Add 1 or 2 in turn until the total reaches the target.",
        "min_players": 2,
        "max_players": 3,
        "real_time": False,
        "lists_actions": True,
        "options": [
            {"name": "target", "default": 6, "description": "The total that ends the game"},
            {
                "name": "turn_ms",
                "default": 1000,
                "description": "Time per turn before the host skips it",
            },
        ],
    }


# ---------------------------------------------------------------------- registry


def test_an_unknown_game_is_refused_naming_the_known_ones() -> None:
    with pytest.raises(BadInput) as refused:
        registry.get("chess")
    assert refused.value.code == "game/unknown"
    assert "chess" in refused.value.message
    for name in registry.names():
        assert name in refused.value.message
    with pytest.raises(BadInput):
        registry.make_bot("chess", "random", 0, 1)


@pytest.mark.parametrize("name", registry.names())
def test_an_unknown_bot_level_is_refused_naming_the_known_ones(name: str) -> None:
    levels = sorted(registry.entry(name).bots)
    assert levels, f"{name} has no bot"
    with pytest.raises(BadInput) as refused:
        registry.make_bot(name, "grandmaster", 0, 1)
    assert refused.value.code == "bot/unknown"
    assert "grandmaster" in refused.value.message
    for level in levels:
        assert level in refused.value.message
    for level in levels:
        bot = registry.make_bot(name, level, 0, 1)
        assert callable(bot.plan) and callable(bot.refused)


def test_every_registered_game_is_found_by_its_name() -> None:
    names = registry.names()
    assert names == sorted(names)
    for name in names:
        assert registry.get(name).name == name
