"""Quick, the real-time sorting race (RULINGS §1): the game (`GAME`) and its bot
levels (`BOTS`)."""

from quintet.games.quick.bots import BOTS
from quintet.games.quick.rules import GAME, QuickGame
from quintet.games.quick.state import QuickOptions, QuickState

__all__ = ["BOTS", "GAME", "QuickGame", "QuickOptions", "QuickState"]
