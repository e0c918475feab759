"""Quashars (RULINGS §4): registered with its bots when imported."""

from quintet.games.quashars.rules import GAME, QuasharsGame, QuasharsOptions, QuasharsState

__all__ = ["GAME", "QuasharsGame", "QuasharsOptions", "QuasharsState"]
