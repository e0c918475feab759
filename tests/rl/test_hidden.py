"""No observation holds more than the seat's view: the conformance kit's redeal check
(`Game.scramble_hidden`, ADR 0006) applied to the encodings and the masks.

At positions along seeded episodes, whatever a seat may not know is dealt anew; the seat's
observation vector and action mask must come out identical. The check can fail: an encoder
that reads the state's hidden parts (shown below with a deliberately leaky encoder) does.
"""

from __future__ import annotations

import json
import zlib
from typing import Any

import numpy as np
import pytest

import quintet.rl
from quintet.core import registry
from quintet.core.rng import Rng
from quintet.games.quashars import fast as quashars_fast
from quintet.rl.codecs_turns import QUASHARS_IDS
from quintet.rl.setup import Episode

#: Quashars' action of each slot (slot 0, waiting, has none).
_ACTIONS: list[Any] = [None] + [quashars_fast.action_of_id(a) for a in range(QUASHARS_IDS)]
TABLES = [("quashars", 4), ("quiddler", 3), ("quiclo", 3), ("quick", 2), ("double-quick", 2)]


def observed(episode: Episode, state: Any, seat: int, draws: int) -> tuple[bytes, bytes]:
    """The seat's vector and mask in `state`, the sampled slots drawn from the same stream."""
    table = episode.table
    kept, kept_rng = table.state, episode.rng
    table.state, episode.rng = state, Rng(draws)
    try:
        observation, _ = episode.observe(seat, wait=True)
    finally:
        table.state, episode.rng = kept, kept_rng
    return observation["observation"].tobytes(), observation["action_mask"].tobytes()


def positions(game: str, players: int, steps: int) -> list[Episode]:
    """Snapshots of a seeded episode (every seat an agent, random legal actions)."""
    env = quintet.rl.parallel_env(game, players=players, seed=11)
    observations, _ = env.reset()
    pick = np.random.default_rng(11)
    seen: list[Any] = []
    for _ in range(steps):
        if not env.agents:
            break
        actions = {
            a: int(pick.choice(np.flatnonzero(observations[a]["action_mask"]))) for a in env.agents
        }
        observations, *_ = env.step(actions)
        assert env.episode is not None
        seen.append(env.episode.table.state.clone())
    assert env.episode is not None
    return [env.episode, *seen]  # type: ignore[list-item]


@pytest.mark.parametrize(("game", "players"), TABLES)
def test_redealing_what_a_seat_may_not_know_changes_none_of_its_observation(
    game: str, players: int
) -> None:
    rules = registry.get(game)
    episode, *states = positions(game, players, 30)
    rng = Rng(5)
    moved = 0
    for state in states[::3]:
        for seat in range(players):
            scrambled = rules.scramble_hidden(state, seat, rng)
            moved += scrambled.to_json() != state.to_json()
            draws = rng.next64()
            assert observed(episode, scrambled, seat, draws) == observed(
                episode, state, seat, draws
            ), f"{game}: the observation of seat {seat} depends on what it may not know"
    assert moved > 0  # the redeals changed hidden things, so the check had something to see


def test_the_check_catches_an_encoder_that_reads_hidden_cards() -> None:
    episode, *states = positions("quashars", 4, 5)
    codec = episode.setup.codec
    honest = codec.encode_state_and_mask

    def leaky(state: Any, seat: int, menu: Any, wait: bool) -> Any:
        vector, mask = honest(state, seat, menu, wait)
        hands = json.dumps(episode.table.state.to_json()["hands"])
        vector[0] = zlib.crc32(hands.encode()) % 997
        return vector, mask

    codec.encode_state_and_mask = leaky  # type: ignore[method-assign]
    try:
        state = states[-1]
        scrambled = registry.get("quashars").scramble_hidden(state, 0, Rng(1))
        assert observed(episode, scrambled, 0, 1) != observed(episode, state, 0, 1)
    finally:
        del codec.encode_state_and_mask


@pytest.mark.parametrize("players", [3, 4])
def test_quashars_encodes_the_state_exactly_as_it_encodes_the_view(players: int) -> None:
    """The shortcut that skips the JSON view gives the very numbers the view gives."""
    episode, *states = positions("quashars", players, 200)
    codec, rules = episode.setup.codec, registry.get("quashars")
    assert len(states) > 100  # a whole match: 3 or 4 deals
    for state in states:
        for seat in range(players):
            shortcut = codec.encode_state(state, seat)
            assert shortcut is not None
            view = rules.view(state, seat)
            from_view = codec.encode(view, players)
            assert shortcut.tobytes() == from_view.tobytes()
            # The mask built with the vector: 1 exactly for the view's legal actions.
            menu = codec.menu(rules, state, seat, Rng(0))
            slots = {
                slot: action for slot, action in enumerate(_ACTIONS) if action in view["legal"]
            }
            for wait in (False, True):
                vector, mask = codec.encode_state_and_mask(state, seat, menu, wait)
                assert vector.tobytes() == shortcut.tobytes() and mask.dtype == np.int8
                assert np.flatnonzero(mask).tolist() == [0] * wait + sorted(slots)
                assert {slot: menu[slot] for slot in menu} == slots
