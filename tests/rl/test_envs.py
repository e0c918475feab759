"""quintet.rl: PettingZoo's own API tests for every game, seeded episodes that repeat, and
clear errors for masked actions and bad arguments."""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test, parallel_api_test

import quintet.rl
from quintet.core import registry
from quintet.core.errors import BadInput, BadOptions

#: Each game at a small table with one bot of the game's default level.
TABLES = [("quashars", 4), ("quiddler", 2), ("quiclo", 2), ("quick", 2), ("double-quick", 2)]
#: PettingZoo's advice that does not apply: a Dict observation with an action mask is the
#: convention its own classic games use.
ADVICE = {
    "Observation is not a NumPy array",
    "Observation space for each agent probably should be gymnasium.spaces.box or "
    "gymnasium.spaces.discrete",
}


def opponents(game: str) -> dict[int, str]:
    return {1: str(registry.entry(game).bots.default)}


def only_advice(caught: list[warnings.WarningMessage]) -> set[str]:
    return {str(w.message) for w in caught} - ADVICE


@pytest.mark.parametrize(("game", "players"), TABLES)
def test_the_aec_env_passes_pettingzoos_api_test(game: str, players: int) -> None:
    env = quintet.rl.env(game, players=players, opponents=opponents(game), seed=3)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(env, num_cycles=15)
    assert only_advice(caught) == set()


@pytest.mark.parametrize(("game", "players"), TABLES)
def test_the_parallel_env_passes_pettingzoos_api_test(game: str, players: int) -> None:
    env = quintet.rl.parallel_env(game, players=players, opponents=opponents(game), seed=3)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        parallel_api_test(env, num_cycles=15)
    assert only_advice(caught) == set()


def aec_episode(game: str, players: int, seed: int, steps: int) -> list[Any]:
    """Observations, masks and rewards of the first `steps` turns, with a seeded chooser."""
    env = quintet.rl.env(game, players=players, opponents=opponents(game))
    env.reset(seed=seed)
    pick = np.random.default_rng(seed)
    seen: list[Any] = []
    for agent in env.agent_iter(steps):
        observation, reward, terminated, truncated, info = env.last()
        seen.append((agent, observation["observation"].tobytes(), reward, info.get("view")))
        legal = np.flatnonzero(observation["action_mask"])
        env.step(None if terminated or truncated else int(pick.choice(legal)))
    return seen


def parallel_episode(game: str, players: int, seed: int, steps: int) -> list[Any]:
    env = quintet.rl.parallel_env(game, players=players, opponents=opponents(game))
    observations, infos = env.reset(seed=seed)
    pick = np.random.default_rng(seed)
    seen: list[Any] = []
    for _ in range(steps):
        if not env.agents:
            break
        actions = {
            agent: int(pick.choice(np.flatnonzero(observations[agent]["action_mask"])))
            for agent in env.agents
        }
        observations, rewards, _, _, infos = env.step(actions)
        seen.append(
            (
                {a: o["observation"].tobytes() for a, o in observations.items()},
                rewards,
                {a: i["view"] for a, i in infos.items()},
            )
        )
    return seen


@pytest.mark.parametrize(("game", "players"), TABLES)
def test_the_same_seed_gives_the_same_episode(game: str, players: int) -> None:
    steps = 12
    if registry.get(game).real_time:
        steps = 40  # 10 s of the clock: Quick's countdown alone is 3 s
        one, two = (parallel_episode(game, players, 5, steps) for _ in range(2))
        other = parallel_episode(game, players, 6, steps)
    else:
        one, two = (aec_episode(game, players, 5, steps) for _ in range(2))
        other = aec_episode(game, players, 6, steps)
    assert one == two
    assert 3 <= len(one) <= steps
    assert one != other  # the seed matters: the test can fail


def test_a_whole_quashars_match_ends_with_the_scores_as_rewards() -> None:
    env = quintet.rl.env("quashars", players=4, opponents={1: "basic", 2: "basic", 3: "basic"})
    env.reset(seed=2)
    total = 0.0
    for _agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        total += reward
        if terminated or truncated:
            env.step(None)
            continue
        env.step(int(np.flatnonzero(observation["action_mask"])[0]))
    assert env.agents == []
    state = env.unwrapped.episode.table.state  # type: ignore[attr-defined]
    assert registry.get("quashars").outcome(state).scores[0] == total


def test_a_masked_action_is_refused_by_name_and_changes_nothing() -> None:
    env = quintet.rl.env("quashars", players=4, opponents={1: "basic", 2: "basic", 3: "basic"})
    env.reset(seed=4)
    observation, *_ = env.last()
    masked = int(np.flatnonzero(observation["action_mask"] == 0)[-1])
    before = env.unwrapped.episode.table.state.to_json()  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match=rf"player_0: action {masked} is masked") as raised:
        env.step(masked)
    assert "legal" in str(raised.value)
    with pytest.raises(ValueError, match=r"action 0 \(wait\) is masked: in a turn-based game"):
        env.step(0)
    with pytest.raises(ValueError, match="action 9999 is not a slot; the slots are 0 to 124"):
        env.step(9999)
    with pytest.raises(ValueError, match="must be an integer slot"):
        env.step("R1")
    assert env.unwrapped.episode.table.state.to_json() == before  # type: ignore[attr-defined]
    assert np.array_equal(env.last()[0]["action_mask"], observation["action_mask"])


def test_a_race_refuses_a_masked_action_before_any_agent_acts() -> None:
    env = quintet.rl.parallel_env("quick", players=3, opponents={2: "easy"})
    observations, _ = env.reset(seed=1)
    mask = observations["player_1"]["action_mask"]
    masked = int(np.flatnonzero(mask == 0)[0])
    legal = int(np.flatnonzero(mask)[-1])  # only waiting, in the countdown
    before = env.episode.table.state.to_json()  # type: ignore[union-attr]
    with pytest.raises(ValueError, match=rf"player_1: action {masked} is masked"):
        env.step({"player_0": legal, "player_1": masked})
    assert env.episode.table.state.to_json() == before  # type: ignore[union-attr]
    assert env.episode.table.clock == 0  # type: ignore[union-attr]
    with pytest.raises(ValueError, match="no such live agent: player_2"):
        env.step({"player_2": 0})


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"game": "chess"}, BadInput, "unknown game 'chess'; the games are: "),
        ({"game": 3}, BadOptions, "game must be a game's name, not 3"),
        ({"game": "quashars", "players": 2}, BadOptions, "takes 3 to 4 players, not 2"),
        ({"game": "quashars", "players": "4"}, BadOptions, "players must be an integer"),
        (
            {"game": "quashars", "players": 4, "opponents": {1: "genius"}},
            BadOptions,
            "unknown bot 'genius' for seat 1 of Quashars",
        ),
        (
            {"game": "quashars", "players": 4, "opponents": {7: "basic"}},
            BadOptions,
            "opponent seat 7 is not a seat",
        ),
        (
            {"game": "quashars", "players": 3, "opponents": ["basic"] * 3},
            BadOptions,
            "every seat is a bot",
        ),
        (
            {"game": "quashars", "players": 4, "opponents": ["basic"]},
            BadOptions,
            "one entry per seat",
        ),
        ({"game": "quashars", "options": {"pause": 1}}, BadOptions, "pause"),
        ({"game": "quick", "step_ms": 0}, BadOptions, "step_ms must be"),
        ({"game": "quick", "seed": "x"}, BadOptions, "seed must be an integer"),
    ],
)
def test_bad_arguments_are_refused_by_name(
    kwargs: dict[str, Any], error: type[Exception], message: str
) -> None:
    for make in (quintet.rl.env, quintet.rl.parallel_env):
        with pytest.raises(error, match=message):
            make(**kwargs)
    assert issubclass(error, ValueError)


def test_in_a_race_the_lower_seat_wins_a_tie_and_the_other_hears_too_late() -> None:
    """Two agents claim on the same stack in the same step: the rules' time order (the
    scheduler's tie rule, lowest seat first) lets seat 0 claim; seat 1's claim names a top
    that has gone, so it is refused without harm and its info says so."""
    env = quintet.rl.parallel_env("quiclo", players=2, seed=1)
    env.reset(seed=0)
    assert env.episode is not None
    menus = env.episode.menus
    claims = [
        {action["stack"]: slot for slot, action in menus[seat].items() if action["type"] == "claim"}
        for seat in (0, 1)
    ]
    stack = min(set(claims[0]) & set(claims[1]))
    hands = [len(hand) for hand in env.episode.table.state.hands]
    _, rewards, _, _, infos = env.step({"player_0": claims[0][stack], "player_1": claims[1][stack]})
    assert "refused" not in infos["player_0"]
    assert infos["player_1"]["refused"]["code"] == "action/too_late"
    assert rewards["player_0"] > 0 and rewards["player_1"] == 0
    after = [len(hand) for hand in env.episode.table.state.hands]
    assert after[0] < hands[0] and after[1] == hands[1]


def test_opponents_as_a_list_or_a_mapping_leave_the_other_seats_to_agents() -> None:
    listed = quintet.rl.env("quashars", players=4, opponents=[None, "basic", None, "expert"])
    mapped = quintet.rl.parallel_env("quashars", players=4, opponents={1: "basic", 3: "expert"})
    assert listed.possible_agents == mapped.possible_agents == ["player_0", "player_2"]
    assert mapped.setup.levels == {1: "basic", 3: "expert"}
    everyone = quintet.rl.parallel_env("quiclo", players=3)
    assert everyone.possible_agents == ["player_0", "player_1", "player_2"]


def test_in_a_turn_based_parallel_step_only_the_seat_to_act_moves() -> None:
    env = quintet.rl.parallel_env("quashars", players=4, options={"first_player": 2})
    observations, _ = env.reset(seed=1)
    to_act = observations["player_2"]["action_mask"]
    assert to_act[0] == 0 and to_act.sum() > 1  # it must act: waiting is masked
    for agent in ("player_0", "player_1", "player_3"):
        assert observations[agent]["action_mask"].tolist() == [1] + [0] * 124  # only wait
    move = int(np.flatnonzero(to_act)[0])
    with pytest.raises(ValueError, match=rf"player_0: action {move} is masked .*may not act now"):
        env.step(dict.fromkeys(env.agents, 0) | {"player_0": move, "player_2": move})
    with pytest.raises(ValueError, match=r"player_2: action 0 \(wait\) is masked"):
        env.step(dict.fromkeys(env.agents, 0))
    _, _, _, _, infos = env.step({"player_2": move})  # the others may be left out: they wait
    assert infos["player_2"]["view"]["predictions"][2] is not None
