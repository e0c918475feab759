"""Quiddler, the word rummy (RULINGS §5): cards, rules, the exact best-hand solver, its CLI
verbs and bots; registered with its bots when `quintet.games` is imported."""

from quintet.games.quiddler.rules import GAME, QuiddlerGame
from quintet.games.quiddler.state import QuiddlerOptions, QuiddlerState

__all__ = ["GAME", "QuiddlerGame", "QuiddlerOptions", "QuiddlerState"]
