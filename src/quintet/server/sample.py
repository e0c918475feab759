"""One random legal action for a seat: what `POST /api/tables/{id}/sample` answers (the
generic board's "suggest a move")."""

from __future__ import annotations

import secrets
from typing import Any

from quintet.core import JSONDict, Rng
from quintet.core.registry import AnyGame
from quintet.server.served import served_sample


def sample_action(game: AnyGame, state: Any, seat: int) -> JSONDict | None:
    """A random legal action for `seat` now, drawn by the game's own `sample_action` from a
    fresh `secrets` seed (so nobody can predict it); None when the seat has none.

    The game draws it from what the seat may know (the core's contract), so the answer
    reveals nothing the seat's own view does not; the rules' help (Quiddler's best way
    out) is never drawn (`quintet.server.served`).
    """
    return served_sample(game, state, seat, Rng(secrets.randbits(64)))
