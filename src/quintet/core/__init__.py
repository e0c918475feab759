"""The rules contract shared by every game: no I/O, no clock, no asyncio.

>>> from quintet.core import registry, Input
>>> game = registry.get("quashars")
>>> state = game.new(seed=1, players=4)
>>> game.view(state, 0)["phase"]
'predict'
"""

from quintet.core.bot import Bot, BotFactory, Observer, Plan, observes
from quintet.core.errors import (
    BadInput,
    BadOptions,
    GameOver,
    IllegalAction,
    NotYourTurn,
    RuleError,
    TimeWentBack,
    TooLate,
)
from quintet.core.events import Event, events_for, private, public
from quintet.core.fast_lane import FastLane, FastPick
from quintet.core.game import Game, State
from quintet.core.inputs import TICK, Input
from quintet.core.jsonutil import canonical
from quintet.core.levels import BotLevels
from quintet.core.options import Options
from quintet.core.outcome import Outcome
from quintet.core.record import Record, replay
from quintet.core.rng import Rng, derive_seed
from quintet.core.types import JSON, JSONDict, Seat
from quintet.core.view import LazyView, ViewPart
from quintet.core.viewer import HOST, SPECTATOR, Viewer, describe

__all__ = [
    "HOST",
    "JSON",
    "SPECTATOR",
    "TICK",
    "BadInput",
    "BadOptions",
    "Bot",
    "BotFactory",
    "BotLevels",
    "Event",
    "FastLane",
    "FastPick",
    "Game",
    "GameOver",
    "IllegalAction",
    "Input",
    "JSONDict",
    "LazyView",
    "NotYourTurn",
    "Observer",
    "Options",
    "Outcome",
    "Plan",
    "Record",
    "Rng",
    "RuleError",
    "Seat",
    "State",
    "TimeWentBack",
    "TooLate",
    "ViewPart",
    "Viewer",
    "canonical",
    "derive_seed",
    "describe",
    "events_for",
    "observes",
    "private",
    "public",
    "replay",
]
