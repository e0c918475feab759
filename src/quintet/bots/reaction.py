"""How long a person takes to act in a race: a reaction, then a search.

In a real-time game nobody waits for a turn, so what decides who is first is
how quickly each player notices a change and then finds a move. A
`ReactionTime` draws both parts with the same log-normal scatter as the
think-time model (`quintet.bots.timing.scatter`), in whole milliseconds from a
seeded `Rng`:

- the reaction: `reaction_ms` (median) after anything changes;
- the search: `search_ms + per_step_ms * steps + per_item_ms * items` (median),
  where `steps` is the size of what was found (in Quiclo, the operands of the
  chain) and `items` how much there was to scan (the cards in hand). Longer
  finds and fuller hands take longer, as they do for people.

The sum is kept within `min_ms`..`max_ms`. The model knows nothing of any game.

>>> from quintet.core import Rng
>>> model = REACTION_TIMES["steady"]
>>> rng = Rng(1)
>>> model.median(steps=2, items=12) < model.median(steps=4, items=12)
True
>>> REACTION_TIMES["instant"].sample(rng, steps=4, items=12)
0
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from quintet.bots.timing import scatter
from quintet.core import Rng


@dataclass(frozen=True, slots=True)
class ReactionTime:
    """A reaction-then-search model; every field is a median or a bound in ms."""

    reaction_ms: int
    search_ms: int
    per_step_ms: int
    per_item_ms: int
    min_ms: int = 0
    max_ms: int = 120_000

    def __post_init__(self) -> None:
        parts = (self.reaction_ms, self.search_ms, self.per_step_ms, self.per_item_ms)
        if min(parts) < 0 or not 0 <= self.min_ms <= self.max_ms:
            raise ValueError(
                f"a reaction time needs medians >= 0 and 0 <= min_ms <= max_ms, got {self}"
            )

    def median_search(self, steps: int, items: int) -> int:
        """The median time to find something of `steps` steps among `items` items."""
        return self.search_ms + self.per_step_ms * max(steps, 0) + self.per_item_ms * max(items, 0)

    def median(self, steps: int, items: int) -> int:
        """The reaction's and the search's medians added: where the model is centred."""
        return self.reaction_ms + self.median_search(steps, items)

    def reaction(self, rng: Rng) -> int:
        """One reaction time (one draw)."""
        return scatter(rng, self.reaction_ms)

    def search(self, rng: Rng, steps: int, items: int) -> int:
        """One search time (one draw)."""
        return scatter(rng, self.median_search(steps, items))

    def sample(self, rng: Rng, steps: int, items: int) -> int:
        """A reaction then a search, in ms, within the bounds (two draws, or none when
        every median is 0)."""
        total = self.reaction(rng) + self.search(rng, steps, items)
        return min(max(total, self.min_ms), self.max_ms)


#: Models by name, fastest first. "instant" acts at once (for tests and bulk runs).
REACTION_TIMES: Final[dict[str, ReactionTime]] = {
    "instant": ReactionTime(0, 0, 0, 0, 0, 0),
    "quick": ReactionTime(450, 500, 700, 60, 300),
    "steady": ReactionTime(700, 900, 1_100, 110, 500),
    "slow": ReactionTime(1_000, 1_400, 1_600, 160, 800),
    # Twice slow: a person still learning the game (Quiclo's beginner).
    "leisurely": ReactionTime(2_000, 2_800, 3_200, 320, 1_600),
}


def reaction_time(name: str) -> ReactionTime:
    """The reaction-time model called `name`; raises `ValueError` naming the known ones."""
    try:
        return REACTION_TIMES[name]
    except KeyError:
        raise ValueError(
            f"unknown reaction time {name!r}; the known ones are: {', '.join(REACTION_TIMES)}"
        ) from None
