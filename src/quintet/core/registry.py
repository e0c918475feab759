"""The registry of games and their bots."""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from quintet.core.bot import Bot, BotFactory
from quintet.core.errors import BadInput
from quintet.core.game import Game

AnyGame = Game[Any, Any]


@dataclass(frozen=True)
class Entry:
    game: AnyGame
    bots: Mapping[str, BotFactory]


_ENTRIES: dict[str, Entry] = {}
_loaded = False


def register(game: AnyGame, bots: Mapping[str, BotFactory]) -> None:
    """Add a game and its bot levels. Registering is all a game needs to be
    playable from the CLI and simulator and to be checked by the conformance kit."""
    _ENTRIES[game.name] = Entry(game, dict(bots))


def _load_builtin() -> None:
    # The built-in games register themselves when `quintet.games` is imported.
    # Importing by name keeps the core below the games in the layering.
    global _loaded
    if not _loaded:
        _loaded = True
        importlib.import_module("quintet.games")


def names() -> list[str]:
    _load_builtin()
    return sorted(_ENTRIES)


def entry(name: str) -> Entry:
    """The registered game called `name`; raises `BadInput` naming the known games."""
    _load_builtin()
    try:
        return _ENTRIES[name]
    except KeyError:
        raise BadInput(
            f"unknown game {name!r}; the games are: {', '.join(sorted(_ENTRIES))}",
            "game/unknown",
        ) from None


def get(name: str) -> AnyGame:
    return entry(name).game


def make_bot(game_name: str, level: str, seat: int, seed: int) -> Bot:
    """A bot of the given level; raises `BadInput` naming the known levels."""
    found = entry(game_name)
    try:
        factory = found.bots[level]
    except KeyError:
        raise BadInput(
            f"unknown bot {level!r} for {found.game.title}; "
            f"the bots are: {', '.join(sorted(found.bots))}",
            "bot/unknown",
        ) from None
    return factory(found.game, seat, seed)
