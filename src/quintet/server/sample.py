"""One random legal action for a seat: what `POST /api/tables/{id}/sample` answers (the
generic board's "play something for me")."""

from __future__ import annotations

import secrets
from typing import Any

from quintet.core import JSONDict, Rng
from quintet.core.registry import AnyGame


def sample_action(game: AnyGame, state: Any, seat: int) -> JSONDict | None:
    """A uniformly random legal action for `seat` now, from a fresh `secrets` seed (so
    nobody can predict it); None when the seat has none. Raises NotImplementedError for a
    game that lists no legal actions (a real-time game's validator and solver).

    (The core's `Game.sample_action(state, seat, rng)` will replace the body: its default
    is this same choice among `legal_actions`.)
    """
    legal = game.legal_actions(state, seat)
    if not legal:
        return None
    rng = Rng(secrets.randbits(64))
    return legal[rng.below(len(legal))]
