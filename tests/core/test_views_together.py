"""`Game.views`: several viewers' views of one state at once (the server's broadcast) are
each exactly that viewer's `view`, byte for byte as JSON, in every game, at every step of
a game played at random; a game that shares parts (Quashars) shares only public ones."""

from __future__ import annotations

import json

import pytest

from quintet.core import HOST, SPECTATOR, BadInput, Input, Rng, registry


def _viewers(players: int) -> list[int]:
    return [*range(players), SPECTATOR, HOST]


@pytest.mark.parametrize("name", registry.names())
def test_views_together_are_each_viewers_own_view(name: str) -> None:
    game = registry.get(name)
    players = game.min_players
    state = game.new(7, players, game.parse_options({}))
    rng = Rng(7)
    for step in range(120):
        viewers = _viewers(players)
        together = game.views(state, viewers)
        assert list(together) == viewers
        for viewer in viewers:
            alone = game.view(state, viewer)
            # As JSON, key order included: what a connection is sent.
            assert json.dumps(together[viewer]) == json.dumps(alone), (name, step, viewer)
        if game.is_over(state):
            break
        acted = False
        for seat in range(players):
            action = game.sample_action(state, seat, rng)
            if action is not None:
                game.apply(state, Input(seat, action, state.now))
                acted = True
                break
        if not acted:
            deadline = game.next_deadline(state)
            if deadline is None:
                break
            game.apply(state, Input.tick(max(deadline, state.now)))


def test_a_seat_of_another_game_is_refused_in_views() -> None:
    game = registry.get("quashars")
    state = game.new(1, 4, game.parse_options({}))
    with pytest.raises(BadInput):
        game.views(state, [0, 4])


def test_quashars_shares_only_the_public_parts() -> None:
    game = registry.get("quashars")
    state = game.new(3, 4, game.parse_options({}))
    together = game.views(state, [0, 1, SPECTATOR])
    seat0, seat1 = together[0], together[1]
    assert seat0["hand"] is not seat1["hand"] and seat0["hand"] != seat1["hand"]
    assert seat0["totals"] is seat1["totals"]  # public: built once
    assert "hand" not in together[SPECTATOR] and together[SPECTATOR]["viewer"] == SPECTATOR
