"""Bot levels rated over a tournament's games with openskill's Plackett-Luce model.

Each level is one player. A game rates the levels seated at it, each ranked by its
best-placed seat (so a shared first place is a shared rank, as it shares the win in
the win shares), one game at a time in the order the games were played. openskill
draws no random numbers, so the same games in the same order give the same ratings.

>>> from quintet.core import Outcome
>>> games = [(("a", "b"), Outcome.from_scores([1, 5]))] * 5
>>> [row.level for row in rate_levels(["a", "b"], games).table]
['b', 'a']
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

from quintet.core import JSONDict, Outcome

#: One game as played: the level at each seat, and how the seats finished.
PlayedGame = tuple[tuple[str, ...], Outcome]

MODEL_NAME = "openskill PlackettLuce"


@dataclass(frozen=True)
class RatingPoint:
    """A level's rating after game `game` (1-based; 0 is the rating before any game)."""

    game: int
    mu: float
    sigma: float


@dataclass(frozen=True)
class LevelRating:
    """A level's rating after the whole tournament."""

    level: str
    mu: float
    sigma: float
    #: The conservative rating openskill orders by: mu - 3 sigma.
    ordinal: float
    games: int

    def to_json(self) -> JSONDict:
        return {
            "level": self.level,
            "mu": self.mu,
            "sigma": self.sigma,
            "ordinal": self.ordinal,
            "games": self.games,
        }


@dataclass(frozen=True)
class Ratings:
    """Every level's final rating, best first, and its rating after each game it played."""

    table: tuple[LevelRating, ...]
    #: Per level (in the order given), its rating before the first game and after each of its games.
    history: dict[str, tuple[RatingPoint, ...]]
    games: int

    def to_json(self) -> JSONDict:
        return {
            "model": MODEL_NAME,
            "order": "games in the order played; a level's rank is its best seat's",
            "games": self.games,
            "table": [row.to_json() for row in self.table],
        }


def level_ranks(seating: Sequence[str], outcome: Outcome) -> dict[str, int]:
    """Each level's rank in one game: the best rank among its seats.

    >>> level_ranks(("a", "b", "a"), Outcome.from_scores([1, 5, 5]))
    {'a': 1, 'b': 1}
    """
    ranks: dict[str, int] = {}
    for level, rank in zip(seating, outcome.ranks, strict=True):
        ranks[level] = min(rank, ranks.get(level, rank))
    return ranks


def rate_levels(levels: Sequence[str], games: Iterable[PlayedGame]) -> Ratings:
    """Rate `levels` over `games`, in their order; every level starts at openskill's default.

    Raises `KeyError` for a game that seats a level not in `levels`.
    """
    model = PlackettLuce()
    ratings = {level: model.rating(name=level) for level in levels}
    history = {level: [RatingPoint(0, ratings[level].mu, ratings[level].sigma)] for level in levels}
    count = 0
    for count, (seating, outcome) in enumerate(games, start=1):
        ranks = level_ranks(seating, outcome)
        seated = [level for level in levels if level in ranks]
        missing = set(ranks) - set(seated)
        if missing:
            raise KeyError(f"a game seats {sorted(missing)[0]!r}, which is not a rated level")
        if len(seated) < 2:
            continue  # one level against itself teaches nothing about the levels
        teams = model.rate(
            [[ratings[level]] for level in seated], ranks=[float(ranks[level]) for level in seated]
        )
        for level, (rated,) in zip(seated, teams, strict=True):
            ratings[level] = rated
            history[level].append(RatingPoint(count, rated.mu, rated.sigma))
    table = sorted(
        (
            LevelRating(
                level,
                ratings[level].mu,
                ratings[level].sigma,
                ratings[level].ordinal(),
                len(history[level]) - 1,
            )
            for level in levels
        ),
        key=lambda row: -row.ordinal,
    )
    return Ratings(tuple(table), {level: tuple(points) for level, points in history.items()}, count)
