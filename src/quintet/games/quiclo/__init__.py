"""Quiclo: the real-time arithmetic race (RULINGS §3); registered with its bots when imported."""

from quintet.games.quiclo.rules import GAME, QuicloGame, QuicloOptions, QuicloState

__all__ = ["GAME", "QuicloGame", "QuicloOptions", "QuicloState"]
