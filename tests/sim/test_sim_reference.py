"""The fast simulator plays exactly the games the old one did, and its lazy views are the views.

`reference.play_reference` is the event loop as it was before views were built on demand
(full `game.view` for every decision, the plain scheduling rules). For every registered
game and bot level, a few seeds must give the same record (and the same refusals) both
ways; and a lazy view read completely must equal `game.view` at every step of whole games.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from tests.sim.reference import play_reference

from quintet.core import HOST, SPECTATOR, LazyView, canonical, registry
from quintet.sim import play_game

GAMES = sorted(registry.names())


def _levels(game: str) -> list[str]:
    return list(registry.entry(game).bots)


def _cases() -> list[Any]:
    cases = []
    for game in GAMES:
        rules = registry.get(game)
        levels = _levels(game)
        for players in sorted({rules.min_players, min(rules.max_players, 4)}):
            for seed in (1, 2):
                # Every level in turn, each seat a different one, so each is played.
                seats = [levels[(seed + seat) % len(levels)] for seat in range(players)]
                cases.append(
                    pytest.param(game, players, seed, seats, id=f"{game}-{players}-{seed}")
                )
        cases.append(
            pytest.param(
                game, rules.min_players, 3, ["random"] * rules.min_players, id=f"{game}-random"
            )
        )
    return cases


@pytest.mark.parametrize(("game", "players", "seed", "levels"), _cases())
def test_the_same_seed_gives_the_same_record_as_the_reference_loop(
    game: str, players: int, seed: int, levels: list[str]
) -> None:
    expected, refused = play_reference(game, seed, players, levels)
    run = play_game(game, seed, players, levels)
    assert run.record.to_json() == expected.to_json()
    assert run.refused == refused


@pytest.mark.parametrize("game", GAMES)
def test_a_lazy_view_read_completely_is_the_view_at_every_step(game: str) -> None:
    rules = registry.get(game)
    players = rules.min_players
    run = play_game(game, 4, players, ["random"] * players)
    state = rules.new(run.record.seed, players, run.record.options)
    checked = 0
    for inp in (*run.record.inputs, None):
        for viewer in (HOST, SPECTATOR, *range(players)):
            full = rules.view(state, viewer)
            # Read a few parts first, then the rest: the order must not matter.
            lazy = rules.lazy_view(state, viewer)
            for key in list(full)[::3]:
                assert lazy[key] == full[key]
            assert lazy == full
            assert list(lazy) == list(full)
            assert json.dumps(lazy) == json.dumps(full)
            assert canonical(rules.lazy_view(state, viewer)) == canonical(full)
            checked += 1
        if inp is not None:
            rules.apply(state, inp)
    assert checked > players


def test_only_the_parts_read_are_built() -> None:
    rules = registry.get("quashars")
    state = rules.new(1, 4)
    lazy = rules.lazy_view(state, 0)
    assert isinstance(lazy, LazyView)
    assert lazy.get("phase") == "predict"
    assert "legal" in lazy and "hands" not in lazy
    assert lazy.get("hands", "none") == "none"
    built = set(dict.keys(lazy))
    assert built == {"game", "phase"}  # the first part is always built
    with pytest.raises(KeyError):
        lazy["hands"]
