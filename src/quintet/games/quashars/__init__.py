"""Quashars (RULINGS §4): `GAME` and `BOTS`, found through the `quintet.games` entry point."""

from quintet.games.quashars.bots import BOTS
from quintet.games.quashars.rules import GAME, QuasharsGame, QuasharsOptions, QuasharsState

__all__ = ["BOTS", "GAME", "QuasharsGame", "QuasharsOptions", "QuasharsState"]
