"""Game-agnostic bot machinery: what bots of any game share.

Each game's bots live in its own package (`quintet.games.<name>.bots`); this
package holds only what they have in common, so far the think-time model.
"""

from quintet.bots.timing import THINK_TIMES, ThinkTime, think_time

__all__ = ["THINK_TIMES", "ThinkTime", "think_time"]
