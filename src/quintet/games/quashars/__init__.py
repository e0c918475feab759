"""Quashars (RULINGS §4): the game (`GAME`) and its bot levels (`BOTS`)."""

from quintet.games.quashars.bots import BOTS
from quintet.games.quashars.rules import GAME, QuasharsGame
from quintet.games.quashars.state import QuasharsOptions, QuasharsState

__all__ = ["BOTS", "GAME", "QuasharsGame", "QuasharsOptions", "QuasharsState"]
