"""Quiclo: the real-time arithmetic race (RULINGS §3): `GAME` and `BOTS`, found through the
`quintet.games` entry point."""

from quintet.games.quiclo.bots import BOTS
from quintet.games.quiclo.rules import GAME, QuicloGame, QuicloOptions, QuicloState

__all__ = ["BOTS", "GAME", "QuicloGame", "QuicloOptions", "QuicloState"]
