"""Quiddler, the word rummy (RULINGS §5): cards, rules, the exact best-hand solver, its CLI
verbs and bots; `GAME` and `BOTS` are found through the `quintet.games` entry point."""

from quintet.games.quiddler.bots import BOTS
from quintet.games.quiddler.rules import GAME, QuiddlerGame
from quintet.games.quiddler.state import QuiddlerOptions, QuiddlerState

__all__ = ["BOTS", "GAME", "QuiddlerGame", "QuiddlerOptions", "QuiddlerState"]
