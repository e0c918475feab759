"""The simulator: games among bots, headless, under a virtual clock.

>>> from quintet.sim import simulate
>>> summary = simulate("quashars", games=2, players=4, bots=["random"] * 4, seed=7)
>>> summary.games, len(summary.seats)
(2, 4)
"""

from quintet.sim.engine import MAX_STEPS, GameRun, SimulationError, make_bots, play_game
from quintet.sim.runner import BadSetup, Played, Progress, check_setup, play_games, simulate
from quintet.sim.summary import SeatSummary, Summary, summarize

__all__ = [
    "MAX_STEPS",
    "BadSetup",
    "GameRun",
    "Played",
    "Progress",
    "SeatSummary",
    "SimulationError",
    "Summary",
    "check_setup",
    "make_bots",
    "play_game",
    "play_games",
    "simulate",
    "summarize",
]
