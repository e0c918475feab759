"""The registry of games and their bots, found through entry points (ADR 0013).

A game is a module that exposes `GAME` (its `Game`) and `BOTS` (bot level ->
`BotFactory`; a `BotLevels` also gives their order, weakest first, the level a new
seat gets and the test-only levels). Installed packages declare it in the
`quintet.games` entry-point group, the built-in games included (`quashars =
"quintet.games.quashars"`); the environment variable `QUINTET_GAMES` names more
modules, comma-separated, for a game that is not installed (development, tests, a
server started on an example).
The core imports no game by name: an entry point's module is imported the first
time its game is asked for, so `names()` imports nothing but the modules named in
`QUINTET_GAMES` (their game names are only known once imported).

A module that fails to import, or exposes no proper `GAME` and `BOTS`, raises
`GameNotLoaded`, a `RuleError` whose message names the entry point or the module.
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Mapping
from dataclasses import dataclass
from importlib.metadata import EntryPoint, entry_points
from typing import Any, Final

from quintet.core.bot import Bot, BotFactory
from quintet.core.errors import BadInput, quoted
from quintet.core.game import Game
from quintet.core.levels import BotLevels

AnyGame = Game[Any, Any]

#: The entry-point group games register in.
GROUP: Final = "quintet.games"
#: Comma-separated modules to load besides the entry points (like PYTEST_PLUGINS).
ENV_VAR: Final = "QUINTET_GAMES"


class GameNotLoaded(BadInput):
    """A game plugin could not be loaded; the message names its entry point or module."""

    code = "game/not_loaded"


@dataclass(frozen=True)
class Entry:
    game: AnyGame
    #: Weakest first, with the level a new seat gets and the test-only levels.
    bots: BotLevels
    #: The module that exposes GAME and BOTS (its `cli` submodule, if any, adds verbs).
    module: str | None = None


_ENTRIES: dict[str, Entry] = {}
#: Entry points found but not imported yet, by game name.
_PENDING: dict[str, EntryPoint] = {}
_scanned = False


def register(game: AnyGame, bots: Mapping[str, BotFactory], module: str | None = None) -> None:
    """Add a game and its bot levels by hand (tests register games that exist only there).

    Registering is all a game needs to be playable from the CLI and simulator
    and to be checked by the conformance kit.
    """
    _ENTRIES[game.name] = Entry(game, BotLevels.of(bots), module)
    _PENDING.pop(game.name, None)


def _entry_from(module: Any, origin: str) -> Entry:
    """The GAME and BOTS a plugin module exposes; raises `GameNotLoaded` naming `origin`."""
    game = getattr(module, "GAME", None)
    bots = getattr(module, "BOTS", None)
    if not isinstance(game, Game):
        raise GameNotLoaded(f"{origin} exposes no GAME (a quintet.core.Game instance)")
    if not isinstance(bots, Mapping) or not all(
        isinstance(level, str) and callable(factory) for level, factory in bots.items()
    ):
        raise GameNotLoaded(f"{origin} exposes no BOTS (a mapping of level name to bot factory)")
    return Entry(game, BotLevels.of(bots), module.__name__)


def _import(module_name: str, origin: str) -> Any:
    try:
        return importlib.import_module(module_name)
    except Exception as error:
        raise GameNotLoaded(
            f"{origin} could not be imported: {type(error).__name__}: {error}"
        ) from error


def _scan() -> None:
    """Find the entry points (not imported) and import the modules of `QUINTET_GAMES`, once."""
    global _scanned
    if _scanned:
        return
    _scanned = True
    for point in entry_points(group=GROUP):
        if point.name not in _ENTRIES:
            _PENDING.setdefault(point.name, point)
    for module_name in filter(None, (m.strip() for m in os.environ.get(ENV_VAR, "").split(","))):
        origin = f"the module {module_name!r} named in {ENV_VAR}"
        found = _entry_from(_import(module_name, origin), origin)
        _ENTRIES[found.game.name] = found
        _PENDING.pop(found.game.name, None)


def _load(name: str) -> Entry | None:
    found = _ENTRIES.get(name)
    if found is not None:
        return found
    point = _PENDING.get(name)
    if point is None:
        return None
    origin = f"the {GROUP} entry point {point.name!r} ({point.value})"
    found = _entry_from(_import(point.module, origin), origin)
    if found.game.name != name:
        raise GameNotLoaded(
            f"{origin} loads a game named {found.game.name!r}; the entry point must "
            "carry the game's name"
        )
    # Left in _PENDING too: a test that swaps _ENTRIES for a copy must not lose it.
    _ENTRIES[name] = found
    return found


def reset() -> None:
    """Forget every game, so the next call finds the entry points and QUINTET_GAMES again."""
    global _scanned
    _ENTRIES.clear()
    _PENDING.clear()
    _scanned = False


def names() -> list[str]:
    """The names of every game: entry points and QUINTET_GAMES (see the module's docstring)."""
    _scan()
    return sorted({*_ENTRIES, *_PENDING})


def entry(name: str) -> Entry:
    """The game called `name`, loaded on first use.

    Raises `BadInput` naming the known games, or `GameNotLoaded` when its plugin is broken.
    """
    _scan()
    found = _load(name)
    if found is None:
        raise BadInput(
            f"unknown game {quoted(name)}; the games are: {', '.join(names())}",
            "game/unknown",
        )
    return found


def get(name: str) -> AnyGame:
    return entry(name).game


def make_bot(game_name: str, level: str, seat: int, seed: int) -> Bot:
    """A bot of the given level; raises `BadInput` naming the known levels."""
    found = entry(game_name)
    try:
        factory = found.bots[level]
    except KeyError:
        raise BadInput(
            f"unknown bot {quoted(level)} for {found.game.title};"
            f" the bots are: {found.bots.listing()}",
            "bot/unknown",
        ) from None
    return factory(found.game, seat, seed)
