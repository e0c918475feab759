"""Double Quick! (RULINGS §2): the game (`GAME`) and its bot levels (`BOTS`)."""

from quintet.games.double_quick.bots import BOTS
from quintet.games.double_quick.rules import GAME, DoubleQuickGame
from quintet.games.double_quick.state import DoubleQuickOptions, DoubleQuickState

__all__ = ["BOTS", "GAME", "DoubleQuickGame", "DoubleQuickOptions", "DoubleQuickState"]
