"""Bot levels against each other: every pair head to head, and the table as a whole.

Levels are given weakest first. Every pair plays `games` games at `players`
seats, the seats split between the two levels alternately (ABAB...), in every
rotation of that seating and with the levels swapped; every deal (game seed) is
played once in each of those seatings, so each level sits in every seat equally
often on the same deals. When there are no more levels than seats, the table as a
whole plays `games` games with the levels seated round robin (repeated to fill
the seats) in every rotation, each deal again in each seating.

A game's win goes to the level of its first-placed seat; a shared first place
splits the win among the seats in it. A pair is separated when the stronger
level's win-share interval (95%, see `quintet.sim.stats`) lies above 0.5. The
levels are also rated over every game played, in order (`quintet.sim.ratings`).

All seatings are played through `play_games`, so game `i` of every seating has
the deal of `derive_seed(seed, i)` and `jobs` changes only the speed.

>>> result = tournament("quashars", ["random", "basic"], games=4, players=3, seed=1)
>>> [(pair.weaker, pair.stronger, pair.games) for pair in result.pairs]
[('random', 'basic', 6)]
"""

from __future__ import annotations

import itertools
import math
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from quintet.core import JSONDict, Options, Outcome, RuleError, registry
from quintet.core.registry import AnyGame
from quintet.sim.ratings import PlayedGame, Ratings, rate_levels
from quintet.sim.runner import BadSetup, Progress, check_setup, play_games
from quintet.sim.stats import LEVEL, Estimate, mean_of_deals, share_of_deals

#: One level per seat, in seat order.
Seating = tuple[str, ...]
#: The fair share that a separated pair's stronger level must beat.
EVEN = 0.5

INTERVALS = (
    f"{LEVEL:.0%} intervals. Win share: the Wilson score interval on the games joined with "
    "the normal interval on the deals' means (a deal is one game seed played in all its "
    "seatings). Score lead and mean score: the normal interval on the deals' means."
)


@dataclass(frozen=True)
class PairResult:
    """Two levels head to head: the stronger one's win share and score lead, with intervals."""

    weaker: str
    stronger: str
    games: int
    deals: int
    seatings: tuple[Seating, ...]
    #: The stronger level's share of the wins (the weaker one has the rest).
    stronger_share: Estimate
    #: Per game, the stronger level's mean seat score minus the weaker level's.
    score_difference: Estimate
    #: Whether the levels are next to each other in the order given.
    adjacent: bool

    @property
    def separated(self) -> bool:
        """Whether the stronger level's win-share interval lies above 0.5."""
        return self.stronger_share.above(EVEN)

    def to_json(self) -> JSONDict:
        return {
            "weaker": self.weaker,
            "stronger": self.stronger,
            "games": self.games,
            "deals": self.deals,
            "seatings": [list(seating) for seating in self.seatings],
            "win_share": {
                self.weaker: self.stronger_share.complement().to_json(),
                self.stronger: self.stronger_share.to_json(),
            },
            "score_difference": self.score_difference.to_json(),
            "adjacent": self.adjacent,
            "separated": self.separated,
        }


@dataclass(frozen=True)
class LevelResult:
    """One level at the whole table: its seats, win share and mean seat score."""

    level: str
    #: Seats it holds in every game (more than one when levels repeat to fill the table).
    seats: int
    #: Its share of the wins if all seats were equal: seats / players.
    fair_share: float
    win_share: Estimate
    mean_score: Estimate

    def to_json(self) -> JSONDict:
        return {
            "level": self.level,
            "seats": self.seats,
            "fair_share": self.fair_share,
            "win_share": self.win_share.to_json(),
            "mean_score": self.mean_score.to_json(),
        }


@dataclass(frozen=True)
class TableResult:
    """All levels at one table, seated round robin and rotated."""

    games: int
    deals: int
    seatings: tuple[Seating, ...]
    levels: tuple[LevelResult, ...]

    def to_json(self) -> JSONDict:
        return {
            "games": self.games,
            "deals": self.deals,
            "seatings": [list(seating) for seating in self.seatings],
            "levels": [level.to_json() for level in self.levels],
        }


@dataclass(frozen=True)
class TournamentResult:
    """What `tournament` returns. Everything but `seconds` depends only on the arguments."""

    game: str
    players: int
    seed: int
    levels: tuple[str, ...]
    pairs: tuple[PairResult, ...]
    #: None when there are more levels than seats.
    table: TableResult | None
    #: Games played in all (a seating the table shares with a pair is played once).
    played: int
    seconds: float
    #: Every game played, seating by seating, deal by deal (the order the ratings use).
    record: tuple[PlayedGame, ...]
    ratings: Ratings

    @property
    def unseparated(self) -> tuple[PairResult, ...]:
        """The adjacent pairs whose stronger level is not shown to be stronger."""
        return tuple(pair for pair in self.pairs if pair.adjacent and not pair.separated)

    def to_json(self) -> JSONDict:
        return {
            "game": self.game,
            "players": self.players,
            "seed": self.seed,
            "levels": list(self.levels),
            "intervals": INTERVALS,
            "pairs": [pair.to_json() for pair in self.pairs],
            "table": None if self.table is None else self.table.to_json(),
            "ordered": not self.unseparated,
            "games_played": self.played,
            "ratings": self.ratings.to_json(),
            "seconds": self.seconds,
        }


def rotations(seating: Seating) -> list[Seating]:
    """Every rotation of a seating, the seating itself first.

    >>> rotations(("a", "b", "c"))
    [('a', 'b', 'c'), ('b', 'c', 'a'), ('c', 'a', 'b')]
    """
    return [seating[shift:] + seating[:shift] for shift in range(len(seating))]


def pair_seatings(weaker: str, stronger: str, players: int) -> tuple[Seating, ...]:
    """The seatings of a head-to-head: alternate seats, every rotation, both ways round.

    >>> pair_seatings("a", "b", 4)
    (('a', 'b', 'a', 'b'), ('b', 'a', 'b', 'a'))
    >>> len(pair_seatings("a", "b", 3))
    6
    """
    base = tuple(stronger if seat % 2 else weaker for seat in range(players))
    swapped = tuple(weaker if level == stronger else stronger for level in base)
    both = itertools.chain.from_iterable(zip(rotations(base), rotations(swapped), strict=True))
    return tuple(dict.fromkeys(both))


def table_seatings(levels: Sequence[str], players: int) -> tuple[Seating, ...]:
    """The seatings of the whole table: levels round robin, repeated to fill it, rotated.

    >>> table_seatings(["a", "b", "c"], 4)
    (('a', 'b', 'c', 'a'), ('b', 'c', 'a', 'a'), ('c', 'a', 'a', 'b'), ('a', 'a', 'b', 'c'))
    """
    base = tuple(levels[seat % len(levels)] for seat in range(players))
    return tuple(dict.fromkeys(rotations(base)))


def win_shares(outcome: Outcome, seating: Seating) -> dict[str, float]:
    """Each level's share of one game's win: its seats among the first placed, over their number.

    >>> win_shares(Outcome.from_scores([5, 5, 1]), ("a", "b", "a"))
    {'a': 0.5, 'b': 0.5}
    """
    winners = outcome.winners
    return {
        level: sum(seating[seat] == level for seat in winners) / len(winners)
        for level in dict.fromkeys(seating)
    }


def mean_scores(outcome: Outcome, seating: Seating) -> dict[str, float]:
    """Each level's mean score over its seats in one game.

    >>> mean_scores(Outcome.from_scores([5, 2, 1]), ("a", "b", "a"))
    {'a': 3.0, 'b': 2.0}
    """
    scores: dict[str, list[int]] = {}
    for level, score in zip(seating, outcome.scores, strict=True):
        scores.setdefault(level, []).append(score)
    return {level: math.fsum(values) / len(values) for level, values in scores.items()}


def deals_for(games: int, seatings: int) -> int:
    """Deals that give at least `games` games when each is played in every seating."""
    return -(-games // seatings)


def head_to_head(
    weaker: str, stronger: str, seatings: Sequence[Seating], played: Sequence[Sequence[Outcome]]
) -> tuple[Estimate, Estimate]:
    """The stronger level's win share and score lead; `played[d][k]` is deal d in seating k.

    Raises `ValueError` for no deals.
    """
    games = _per_game(seatings, played)
    shares = [[share[stronger] for share, _ in deal] for deal in games]
    leads = [[mean[stronger] - mean[weaker] for _, mean in deal] for deal in games]
    return share_of_deals(shares), mean_of_deals(leads)


def whole_table(
    levels: Sequence[str], seatings: Sequence[Seating], played: Sequence[Sequence[Outcome]]
) -> tuple[LevelResult, ...]:
    """Each level's win share and mean score at the whole table (`played` as in `head_to_head`).

    Raises `ValueError` for no deals.
    """
    players = len(seatings[0])
    games = _per_game(seatings, played)
    results = []
    for level in levels:
        shares = [[share[level] for share, _ in deal] for deal in games]
        scores = [[mean[level] for _, mean in deal] for deal in games]
        seats = seatings[0].count(level)
        results.append(
            LevelResult(
                level, seats, seats / players, share_of_deals(shares), mean_of_deals(scores)
            )
        )
    return tuple(results)


def _per_game(
    seatings: Sequence[Seating], played: Sequence[Sequence[Outcome]]
) -> list[list[tuple[dict[str, float], dict[str, float]]]]:
    """Each game's win shares and mean scores by level, deal by deal."""
    return [
        [
            (win_shares(outcome, seating), mean_scores(outcome, seating))
            for outcome, seating in zip(deal, seatings, strict=True)
        ]
        for deal in played
    ]


def check_tournament(  # noqa: PLR0917 - the positional order of `tournament`
    game: str,
    levels: Sequence[str],
    games: int,
    players: int,
    jobs: int = 1,
    options: Options | JSONDict | None = None,
) -> AnyGame:
    """Check a tournament's arguments before any game starts; return the game.

    Raises `BadSetup` naming the first argument that does not fit ("game",
    "players", "bots", "games", "jobs" or "options") and why.
    """
    try:
        registry.entry(game)
    except RuleError as error:
        raise BadSetup("game", error.message, error.code) from None
    if len(levels) < 2:
        raise BadSetup(
            "bots",
            f"a tournament needs at least 2 bot levels (comma separated, weakest first), "
            f"not {len(levels)}",
        )
    twice = [level for level, count in Counter(levels).items() if count > 1]
    if twice:
        raise BadSetup("bots", f"each bot level may be listed once; {twice[0]!r} is listed twice")
    if players < 2:
        raise BadSetup("players", f"a head-to-head needs at least 2 players, not {players}")
    checked = [
        check_setup(game, players, [level] * players, games=games, jobs=jobs, options=options)
        for level in levels
    ]
    return checked[0]


@dataclass(frozen=True)
class Stage:
    """Games to play: each of `deals` deals in every seating. `pair` is (weaker, stronger),
    or None for the whole table."""

    pair: tuple[str, str] | None
    seatings: tuple[Seating, ...]
    deals: int

    @property
    def games(self) -> int:
        return self.deals * len(self.seatings)


def plan(levels: Sequence[str], games: int, players: int) -> tuple[Stage, ...]:
    """The stages of a tournament: every pair (weaker, stronger) in order, then the whole
    table when there are no more levels than seats. Each plays at least `games` games,
    as few more as whole deals need.

    >>> [(stage.pair, stage.deals, stage.games) for stage in plan("ab", 5, 2)]
    [(('a', 'b'), 3, 6), (None, 3, 6)]
    """
    stages = []
    for weaker, stronger in itertools.combinations(levels, 2):
        seatings = pair_seatings(weaker, stronger, players)
        stages.append(Stage((weaker, stronger), seatings, deals_for(games, len(seatings))))
    if players >= len(levels):
        seatings = table_seatings(levels, players)
        stages.append(Stage(None, seatings, deals_for(games, len(seatings))))
    return tuple(stages)


def seatings_to_play(stages: Sequence[Stage]) -> dict[Seating, int]:
    """Each seating once, with the most deals a stage needs in it.

    A stage reads a prefix of a seating's games (game i is deal i in every seating),
    so a seating two stages share (the whole table of two levels is their pair) is
    played once: the same deal in the same seating would only repeat a game.
    """
    needed: dict[Seating, int] = {}
    for stage in stages:
        for seating in stage.seatings:
            needed[seating] = max(needed.get(seating, 0), stage.deals)
    return needed


def games_to_play(levels: Sequence[str], games: int, players: int) -> int:
    """How many games `tournament` plays (for a progress bar)."""
    return sum(seatings_to_play(plan(levels, games, players)).values())


def tournament(  # noqa: PLR0917 - the CLI's arguments, in its order
    game: str,
    levels: Sequence[str],
    games: int,
    players: int = 2,
    seed: int = 0,
    jobs: int = 1,
    options: Options | JSONDict | None = None,
    progress: Progress | None = None,
) -> TournamentResult:
    """Play every pair of `levels` (weakest first) head to head, and the whole table.

    `games` is per pair (and for the table), rounded up to whole deals. Raises
    `BadSetup` for arguments that do not fit and `SimulationError` when a game
    cannot end.
    """
    levels = tuple(levels)
    check_tournament(game, levels, games, players, jobs, options)
    started = time.perf_counter()
    stages = plan(levels, games, players)
    outcomes: dict[Seating, list[Outcome]] = {}
    needed = seatings_to_play(stages)
    for seating, deals in needed.items():
        runs = play_games(game, deals, players, seating, seed, jobs, options, progress)
        outcomes[seating] = [outcome for outcome, _ in runs]

    pairs = []
    table = None
    for stage in stages:
        by_deal = [
            [outcomes[seating][deal] for seating in stage.seatings] for deal in range(stage.deals)
        ]
        if stage.pair is None:
            rows = whole_table(levels, stage.seatings, by_deal)
            table = TableResult(stage.games, stage.deals, stage.seatings, rows)
            continue
        weaker, stronger = stage.pair
        share, lead = head_to_head(weaker, stronger, stage.seatings, by_deal)
        adjacent = levels.index(stronger) == levels.index(weaker) + 1
        pairs.append(
            PairResult(
                weaker, stronger, stage.games, stage.deals, stage.seatings, share, lead, adjacent
            )
        )
    record = tuple(
        (seating, outcome) for seating, games_in in outcomes.items() for outcome in games_in
    )
    # The clock times the games (and their tables), not the rating after them.
    seconds = time.perf_counter() - started
    ratings = rate_levels(levels, record)
    played = sum(needed.values())
    return TournamentResult(
        game, players, seed, levels, tuple(pairs), table, played, seconds, record, ratings
    )
