"""A tournament's report as a folder: index.html and the PNG plots beside it.

The page needs nothing but its folder (no script, no font, no address outside it):
the ratings, the head-to-head win shares and score leads with their intervals, the
whole table, and two plots drawn with matplotlib's Agg canvas (no display): each
level's rating over the games (mu with a band of one sigma either side), and each
pair's score differences game by game.
"""

from __future__ import annotations

import html
import tempfile
from collections.abc import Sequence
from pathlib import Path

from matplotlib.figure import Figure

from quintet.sim.ratings import MODEL_NAME, PlayedGame, RatingPoint, Ratings
from quintet.sim.tournament import INTERVALS, TournamentResult, mean_scores
from quintet.sim.tournament_report import points_text, share_text

INDEX = "index.html"
RATINGS_PLOT = "ratings.png"
DIFFERENCES_PLOT = "score-differences.png"


class ReportError(Exception):
    """The report's folder cannot be used or written; the message says why."""


def check_report_directory(directory: Path) -> None:
    """Make `directory` if it is missing and make sure a file can be written in it.

    Raises `ReportError` when it is a file, cannot be made, or cannot be written to.
    """
    if directory.exists() and not directory.is_dir():
        raise ReportError(f"{str(directory)!r} is a file, not a folder for the report")
    try:
        directory.mkdir(parents=True, exist_ok=True)
        # Writing a file is the only sure test (permissions, read-only mounts, quotas).
        with tempfile.TemporaryFile(dir=directory):
            pass
    except OSError as error:
        reason = error.strerror or str(error)
        raise ReportError(f"cannot write the report in {str(directory)!r}: {reason}") from None


def write_report(result: TournamentResult, directory: Path, title: str) -> Path:
    """Write index.html and its plots into `directory` (made if missing); return the page.

    Raises `ReportError` when the folder cannot be made or written to.
    """
    check_report_directory(directory)
    try:
        plot_ratings(result.ratings, directory / RATINGS_PLOT)
        plot_score_differences(result.levels, result.record, directory / DIFFERENCES_PLOT)
        page = directory / INDEX
        page.write_text(report_html(result, title), encoding="utf-8")
    except OSError as error:
        reason = error.strerror or str(error)
        raise ReportError(f"cannot write the report in {str(directory)!r}: {reason}") from None
    return page


def score_differences(
    levels: Sequence[str], record: Sequence[PlayedGame]
) -> dict[tuple[str, str], list[float]]:
    """Per pair (weaker, stronger), in each game only they played: the stronger level's
    mean seat score minus the weaker one's. Games of three levels or more are left out.

    >>> from quintet.core import Outcome
    >>> score_differences(["a", "b"], [(("b", "a", "b"), Outcome.from_scores([4, 1, 2]))])
    {('a', 'b'): [2.0]}
    """
    order = {level: index for index, level in enumerate(levels)}
    differences: dict[tuple[str, str], list[float]] = {}
    for seating, outcome in record:
        seated = sorted(set(seating), key=order.__getitem__)
        if len(seated) != 2:
            continue
        weaker, stronger = seated
        means = mean_scores(outcome, seating)
        differences.setdefault((weaker, stronger), []).append(means[stronger] - means[weaker])
    return differences


def plot_ratings(ratings: Ratings, path: Path) -> None:
    """Each level's mu over the games, with a band of one sigma either side, as a PNG."""
    figure = Figure(figsize=(8, 4.5), layout="constrained")
    axes = figure.add_subplot()
    for level, history in ratings.history.items():
        # A level's rating holds after its last game: draw it to the end of the tournament.
        points = list(history)
        if points[-1].game < ratings.games:
            points.append(RatingPoint(ratings.games, points[-1].mu, points[-1].sigma))
        games = [point.game for point in points]
        mus = [point.mu for point in points]
        # The rating holds until the level's next game: steps, not slopes.
        line = axes.step(games, mus, where="post", label=level)[0]
        axes.fill_between(
            games,
            [point.mu - point.sigma for point in points],
            [point.mu + point.sigma for point in points],
            step="post",
            alpha=0.2,
            color=line.get_color(),
        )
    axes.set_xlabel("games played")
    axes.set_ylabel("rating mu (band: ± sigma)")
    axes.set_title(f"Ratings over the games ({MODEL_NAME})")
    axes.legend()
    figure.savefig(path, format="png", dpi=100)


def plot_score_differences(levels: Sequence[str], record: Sequence[PlayedGame], path: Path) -> None:
    """A histogram per pair of its games' score differences (stronger minus weaker), as a PNG."""
    differences = score_differences(levels, record)
    count = max(1, len(differences))
    columns = min(3, count)
    rows = -(-count // columns)
    figure = Figure(figsize=(4 * columns, 3 * rows), layout="constrained")
    if not differences:
        axes = figure.add_subplot()
        axes.text(0.5, 0.5, "no game of two levels alone", ha="center", va="center")
        axes.set_axis_off()
    for index, ((weaker, stronger), values) in enumerate(differences.items(), start=1):
        axes = figure.add_subplot(rows, columns, index)
        axes.hist(values, bins=min(20, max(5, len(values) // 5)))
        axes.axvline(0, color="black", linewidth=0.8)
        axes.set_title(f"{stronger} - {weaker} ({len(values)} games)")
        axes.set_xlabel("score difference per game")
        axes.set_ylabel("games")
    figure.savefig(path, format="png", dpi=100)


def report_html(result: TournamentResult, title: str) -> str:
    """The report page: ratings, head-to-head, the whole table, and the two plots."""
    e = _text
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>{e(title)} tournament</title>",
        "<style>body{font-family:sans-serif;margin:2em;max-width:60em}"
        "table{border-collapse:collapse;margin:1em 0}"
        "th,td{border:1px solid #999;padding:.3em .6em}td.n{text-align:right}"
        "img{max-width:100%}</style></head><body>",
        f"<h1>{e(title)}: bot levels by tournament</h1>",
        f"<p>{result.players} players, seed {result.seed}, levels "
        f"{e(', '.join(result.levels))} (weakest first), {result.played} games played.</p>",
        f"<h2>Ratings</h2><p>{e(MODEL_NAME)}, every level rated over the "
        f"{result.ratings.games} games in the order played; a level's rank in a game is "
        "its best seat's, so a shared place is a shared rank. Conservative rating: "
        "mu - 3 sigma.</p>",
        _table(
            ["Rank", "Level", "mu", "sigma", "mu - 3 sigma", "Games"],
            [
                [
                    str(rank),
                    row.level,
                    *(f"{value:.2f}" for value in (row.mu, row.sigma, row.ordinal)),
                    str(row.games),
                ]
                for rank, row in enumerate(result.ratings.table, start=1)
            ],
        ),
        f'<img src="{RATINGS_PLOT}" alt="Each level\'s rating mu over the games, '
        'with a band of one sigma">',
        "<h2>Head to head</h2>",
        _table(
            ["Weaker", "Stronger", "Games", "Stronger's win share", "Score lead", "Separated"],
            [
                [
                    pair.weaker,
                    pair.stronger,
                    str(pair.games),
                    share_text(pair.stronger_share),
                    points_text(pair.score_difference),
                    "yes" if pair.separated else "no",
                ]
                for pair in result.pairs
            ],
        ),
        f'<img src="{DIFFERENCES_PLOT}" alt="Histograms of the score differences per game, '
        'stronger level minus weaker, pair by pair">',
    ]
    if result.table is not None:
        parts += [
            f"<h2>The whole table</h2><p>{result.table.games} games.</p>",
            _table(
                ["Level", "Seats", "Fair share", "Win share", "Mean score"],
                [
                    [
                        row.level,
                        str(row.seats),
                        f"{row.fair_share:.2f}",
                        share_text(row.win_share),
                        points_text(row.mean_score),
                    ]
                    for row in result.table.levels
                ],
            ),
        ]
    parts += [
        "<p>Score lead: the stronger level's mean seat score minus the weaker one's, per "
        f"game. {e(INTERVALS)}</p>",
        "</body></html>",
    ]
    return "\n".join(parts) + "\n"


def _table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    """An HTML table; every cell escaped, the cells after the first two right-aligned."""
    head = "".join(f"<th>{_text(cell)}</th>" for cell in header)
    body = "".join(
        "<tr>"
        + "".join(
            f"<td{' class=n' if index >= 2 else ''}>{_text(cell)}</td>"
            for index, cell in enumerate(row)
        )
        + "</tr>"
        for row in rows
    )
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def _text(text: str) -> str:
    """`text` escaped for an element's content (quotes need no escape there)."""
    return html.escape(text, quote=False)
