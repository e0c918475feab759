"""Game-agnostic bot machinery: what bots of any game share.

Each game's bots live in its own package (`quintet.games.<name>.bots`); this
package holds only what they have in common: the think-time model for
turn-based games and the reaction-then-search model for races.
"""

from quintet.bots.reaction import REACTION_TIMES, ReactionTime, reaction_time
from quintet.bots.timing import THINK_TIMES, ThinkTime, scatter, think_time

__all__ = [
    "REACTION_TIMES",
    "THINK_TIMES",
    "ReactionTime",
    "ThinkTime",
    "reaction_time",
    "scatter",
    "think_time",
]
