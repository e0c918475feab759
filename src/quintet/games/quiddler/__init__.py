"""Quiddler, the word rummy (RULINGS §5): the game (`GAME`) and its bot levels (`BOTS`);
its cards, rules, the exact best-hand solver and its CLI verbs are the modules beside."""

from quintet.games.quiddler.bots import BOTS
from quintet.games.quiddler.rules import GAME, QuiddlerGame
from quintet.games.quiddler.state import QuiddlerOptions, QuiddlerState

__all__ = ["BOTS", "GAME", "QuiddlerGame", "QuiddlerOptions", "QuiddlerState"]
