"""Quiclo, the real-time arithmetic race (RULINGS §3): the game (`GAME`) and its bot
levels (`BOTS`)."""

from quintet.games.quiclo.bots import BOTS
from quintet.games.quiclo.rules import GAME, QuicloGame
from quintet.games.quiclo.state import QuicloOptions, QuicloState

__all__ = ["BOTS", "GAME", "QuicloGame", "QuicloOptions", "QuicloState"]
