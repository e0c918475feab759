"""A tournament's result as text: the head-to-head table, the whole table, the ratings and
the verdict."""

from __future__ import annotations

from rich.console import Console
from rich.table import Table

from quintet.sim.ratings import MODEL_NAME, Ratings
from quintet.sim.stats import Estimate
from quintet.sim.tournament import INTERVALS, TournamentResult


def share_text(estimate: Estimate) -> str:
    """A win share and its interval.

    >>> share_text(Estimate(0.812, 0.771, 0.853))
    '0.81 [0.77, 0.85]'
    """
    return _with_interval(estimate, ".2f")


def points_text(estimate: Estimate) -> str:
    """A mean score and its interval.

    >>> points_text(Estimate(4.3, 3.2, 5.4))
    '+4.3 [+3.2, +5.4]'
    """
    return _with_interval(estimate, "+.1f")


def _with_interval(estimate: Estimate, spec: str) -> str:
    """The value and its interval, each in the format `spec` ("n/a" without an interval)."""
    if estimate.low is None or estimate.high is None:
        return f"{estimate.value:{spec}} [n/a]"
    return f"{estimate.value:{spec}} [{estimate.low:{spec}}, {estimate.high:{spec}}]"


def print_tournament(console: Console, result: TournamentResult, title: str, jobs: int) -> None:
    """Print the pairs, the whole table (if played), which adjacent levels are separated,
    how the intervals are made and how long it took."""
    # Every pair plays the same number of games (whole deals in the same number of seatings).
    games = result.pairs[0].games
    pairs = Table(
        title=f"{title}, head to head: {result.players} players, {games} games a pair, "
        f"seed {result.seed}"
    )
    # Names and intervals read as one figure each: never broken over two lines.
    for column in ("Weaker", "Stronger"):
        pairs.add_column(column, no_wrap=True)
    for column in ("Stronger's win share", "Score lead"):
        pairs.add_column(column, justify="right", no_wrap=True)
    pairs.add_column("Separated")
    for pair in result.pairs:
        pairs.add_row(
            pair.weaker,
            pair.stronger,
            share_text(pair.stronger_share),
            points_text(pair.score_difference),
            "yes" if pair.separated else "no",
        )
    console.print(pairs)
    if result.table is not None:
        whole = Table(
            title=f"{title}, the whole table: {result.players} players, {result.table.games} games"
        )
        whole.add_column("Level", no_wrap=True)
        for column in ("Seats", "Fair share"):
            whole.add_column(column, justify="right")
        for column in ("Win share", "Mean score"):
            whole.add_column(column, justify="right", no_wrap=True)
        for level in result.table.levels:
            whole.add_row(
                level.level,
                str(level.seats),
                f"{level.fair_share:.2f}",
                share_text(level.win_share),
                points_text(level.mean_score),
            )
        console.print(whole)
    console.print(ratings_table(result.ratings, title))
    adjacent = [pair for pair in result.pairs if pair.adjacent]
    separated = [f"{pair.weaker} < {pair.stronger}" for pair in adjacent if pair.separated]
    console.print(
        "Adjacent levels separated (the stronger one's win-share interval above 0.5): "
        + (", ".join(separated) or "none")
        + "."
    )
    if result.unseparated:
        missing = [f"{pair.weaker} and {pair.stronger}" for pair in result.unseparated]
        console.print("Not separated: " + ", ".join(missing) + ".")
    console.print(
        "Score lead: the stronger level's mean seat score minus the weaker one's, per game. "
        + INTERVALS
    )
    processes = "1 process" if jobs == 1 else f"{jobs} processes"
    console.print(
        f"{result.played} games in {result.seconds:.1f} s ({processes}): "
        f"{result.seconds / result.played:.3f} s per game"
    )


def ratings_table(ratings: Ratings, title: str) -> Table:
    """The levels' ratings, best first: mu, sigma, the conservative rating and games played."""
    table = Table(
        title=f"{title}, ratings over {ratings.games} games in the order played",
        caption=f"{MODEL_NAME}; a level's rank in a game is its best seat's. "
        "Conservative rating: mu - 3 sigma.",
    )
    table.add_column("Rank", justify="right")
    table.add_column("Level", no_wrap=True)
    for column in ("mu", "sigma", "mu - 3 sigma", "Games"):
        table.add_column(column, justify="right")
    for rank, row in enumerate(ratings.table, start=1):
        table.add_row(
            str(rank),
            row.level,
            f"{row.mu:.2f}",
            f"{row.sigma:.2f}",
            f"{row.ordinal:.2f}",
            str(row.games),
        )
    return table
