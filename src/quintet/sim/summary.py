"""What a simulation reports: wins and mean score per seat, the mean game length on
the virtual clock, and the speed."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from quintet.core import JSONDict, Outcome


@dataclass(frozen=True)
class SeatSummary:
    """One seat over all games: its bot level, its wins and its mean final score.

    A shared first place is a win for every seat in it, so the wins of all
    seats may add up to more than the number of games.
    """

    bot: str
    wins: int
    mean_score: float

    def to_json(self) -> JSONDict:
        return {"bot": self.bot, "wins": self.wins, "mean_score": self.mean_score}


@dataclass(frozen=True)
class Summary:
    """The result of `simulate`. Everything but `seconds` and `games_per_second`
    depends only on the game, the seats, the options and the seed."""

    games: int
    seconds: float
    seats: tuple[SeatSummary, ...]
    #: The virtual time of all games added up (each game's last input), in ms.
    game_ms: int = 0

    @property
    def mean_game_seconds(self) -> float:
        """How long a game lasted on the average, on the virtual clock (bots' think
        and reaction times), in seconds."""
        return self.game_ms / (self.games * 1000) if self.games else 0.0

    @property
    def games_per_second(self) -> float:
        # A run too short for the clock to tick reports its games as done in one tick.
        return self.games / self.seconds if self.seconds > 0 else float(self.games)

    def to_json(self) -> JSONDict:
        return {
            "games": self.games,
            "seconds": self.seconds,
            "games_per_second": self.games_per_second,
            "seats": [seat.to_json() for seat in self.seats],
            "mean_game_seconds": self.mean_game_seconds,
        }


def summarize(
    bots: Sequence[str],
    outcomes: Iterable[Outcome],
    seconds: float,
    game_ms: Iterable[int] = (),
) -> Summary:
    """Count wins (rank 1, shared or not) and average the scores, seat by seat;
    add up the games' virtual end times `game_ms` (one per outcome, or none).

    >>> ones = [Outcome.from_scores([5, 5, 1]), Outcome.from_scores([0, 2, 1])]
    >>> [(s.wins, s.mean_score) for s in summarize("abc", ones, 1.0).seats]
    [(1, 2.5), (2, 3.5), (0, 1.0)]
    >>> summarize("abc", ones, 1.0, [4_000, 5_000]).mean_game_seconds
    4.5
    """
    wins = [0] * len(bots)
    totals = [0] * len(bots)
    games = 0
    times = list(game_ms)
    for outcome in outcomes:
        if len(outcome.scores) != len(bots):
            raise ValueError(f"an outcome has {len(outcome.scores)} seats, not {len(bots)}")
        games += 1
        for seat, (score, rank) in enumerate(zip(outcome.scores, outcome.ranks, strict=True)):
            totals[seat] += score
            wins[seat] += rank == 1
    if times and len(times) != games:
        raise ValueError(f"{len(times)} game times for {games} games")
    # Sums of ints, divided once: the same means in whatever order games finish.
    seats = tuple(
        SeatSummary(bot, wins[seat], totals[seat] / games if games else 0.0)
        for seat, bot in enumerate(bots)
    )
    return Summary(games, seconds, seats, sum(times))
