"""Many games among bots, in one process or several, with the same results either way.

Game `i` of a run with seed `s` is played with seed `derive_seed(s, i)`; its
outcome depends on nothing else, and outcomes are summed in game order, so
`jobs` changes only how fast a run goes.
"""

from __future__ import annotations

import multiprocessing
import signal
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from multiprocessing.context import BaseContext

from quintet.core import BadOptions, JSONDict, Options, Outcome, RuleError, derive_seed, registry
from quintet.core.registry import AnyGame
from quintet.sim.engine import MAX_STEPS, play_game
from quintet.sim.summary import Summary, summarize

#: Called with the number of games just finished (so it can drive a progress bar).
Progress = Callable[[int], None]
#: What one game sends back: its outcome and its virtual end time in ms.
Played = tuple[Outcome, int]

#: Chunks per worker: enough to balance uneven chunks and move a progress bar,
#: few enough that sending work to a process costs next to nothing.
_CHUNKS_PER_JOB = 8
_MAX_CHUNK = 50


class BadSetup(BadOptions):
    """A simulation's arguments do not fit: `field` names the argument
    ("game", "players", "bots", "games", "jobs" or "options")."""

    def __init__(self, field: str, message: str, code: str | None = None) -> None:
        super().__init__(message, code)
        self.field = field

    def __reduce__(self) -> tuple[type[BadSetup], tuple[str, str, str]]:
        return type(self), (self.field, self.message, self.code)


def check_setup(
    game: str,
    players: int,
    bots: Sequence[str],
    *,
    games: int = 1,
    jobs: int = 1,
    options: Options | JSONDict | None = None,
) -> AnyGame:
    """Check a simulation's arguments before any game starts; return the game.

    Raises `BadSetup` naming the first argument that does not fit and why.
    """
    try:
        found = registry.entry(game)
    except RuleError as error:
        raise BadSetup("game", error.message, error.code) from None
    rules = found.game
    if not rules.min_players <= players <= rules.max_players:
        raise BadSetup(
            "players",
            f"{rules.title} takes {rules.min_players} to {rules.max_players} players, "
            f"not {players}",
        )
    if len(bots) != players:
        raise BadSetup(
            "bots",
            f"{players} players need {players} bots (one per seat, comma separated), "
            f"not {len(bots)}",
        )
    for level in bots:
        if level not in found.bots:
            raise BadSetup(
                "bots",
                f"unknown bot {level!r} for {rules.title}; the bots are: {found.bots.listing()}",
                "bot/unknown",
            )
    if games < 1:
        raise BadSetup("games", f"the number of games must be at least 1, not {games}")
    if jobs < 1:
        raise BadSetup("jobs", f"the number of processes must be at least 1, not {jobs}")
    try:
        rules.check_options(rules.parse_options(options), players)
    except RuleError as error:
        raise BadSetup("options", error.message, error.code) from None
    return rules


# The positional order is the documented contract (`simulate(game, games,
# players, bots, seed, jobs, options, progress)`), hence the noqa.
def simulate(  # noqa: PLR0917
    game: str,
    games: int,
    players: int,
    bots: Sequence[str],
    seed: int,
    jobs: int = 1,
    options: Options | JSONDict | None = None,
    progress: Progress | None = None,
    *,
    max_steps: int = MAX_STEPS,
) -> Summary:
    """Play `games` games of `game` among `bots` (one level per seat) and summarize.

    `jobs > 1` spreads the games over that many processes. Raises `BadSetup`
    for arguments that do not fit and `SimulationError` when a game cannot end.

    >>> summary = simulate("quashars", games=3, players=3, bots=["random"] * 3, seed=1)
    >>> summary.games, [seat.bot for seat in summary.seats]
    (3, ['random', 'random', 'random'])
    """
    started = time.perf_counter()
    played = play_games(
        game, games, players, bots, seed, jobs, options, progress, max_steps=max_steps
    )
    outcomes = [outcome for outcome, _ in played]
    end_times = [end for _, end in played]
    return summarize(bots, outcomes, time.perf_counter() - started, end_times)


def play_games(  # noqa: PLR0917 - the positional order of `simulate`
    game: str,
    games: int,
    players: int,
    bots: Sequence[str],
    seed: int,
    jobs: int = 1,
    options: Options | JSONDict | None = None,
    progress: Progress | None = None,
    *,
    max_steps: int = MAX_STEPS,
) -> list[Played]:
    """Play the games `simulate` plays and return each one's outcome and end time, in game order.

    For callers that need every game, not only the totals (`quintet.sim.tournament`).
    Raises `BadSetup` for arguments that do not fit and `SimulationError` when a game
    cannot end.
    """
    levels = tuple(bots)
    check_setup(game, players, levels, games=games, jobs=jobs, options=options)
    opts = options.to_json() if isinstance(options, Options) else options
    task = _Task(game, players, levels, seed, opts, max_steps)
    if jobs == 1 or games == 1:
        played = []
        for index in range(games):
            played.append(task.play(index))
            if progress is not None:
                progress(1)
        return played
    return _in_processes(task, games, jobs, progress)


@dataclass(frozen=True)
class _Task:
    """Everything a worker process needs to play game `i` of a run (small, picklable)."""

    game: str
    players: int
    bots: tuple[str, ...]
    seed: int
    options: JSONDict | None
    max_steps: int

    def play(self, index: int) -> Played:
        seed = derive_seed(self.seed, index)
        run = play_game(
            self.game, seed, self.players, self.bots, self.options, max_steps=self.max_steps
        )
        return run.outcome, run.end_time

    def play_chunk(self, chunk: tuple[int, int, int]) -> tuple[int, list[Played]]:
        """Games `start` to `stop - 1`, tagged with the chunk's number `i`."""
        i, start, stop = chunk
        return i, [self.play(index) for index in range(start, stop)]


def _in_processes(task: _Task, games: int, jobs: int, progress: Progress | None) -> list[Played]:
    size = max(1, min(_MAX_CHUNK, -(-games // (jobs * _CHUNKS_PER_JOB))))
    chunks = [(i, start, min(start + size, games)) for i, start in enumerate(range(0, games, size))]
    results: list[list[Played]] = [[] for _ in chunks]
    # multiprocessing's Pool rather than concurrent.futures: Ctrl-C must end a
    # run at once, and Pool has a public `terminate` (its `with` ends with it)
    # and daemonic workers, which the interpreter ends on exit whatever
    # happened. A ProcessPoolExecutor interrupted while it starts its workers
    # leaves them waiting for work, and its exit waits for them for ever.
    with _interrupts_held():
        pool = _context().Pool(min(jobs, len(chunks)), initializer=_start_worker)
    with pool:
        for i, outcomes in pool.imap_unordered(task.play_chunk, chunks):
            results[i] = outcomes
            if progress is not None:
                progress(len(outcomes))
    return [outcome for chunk in results for outcome in chunk]


@contextmanager
def _interrupts_held() -> Iterator[None]:
    """Hold Ctrl-C back while worker processes are made; it arrives right after.

    A worker forked before it could ignore SIGINT would die of it with a
    traceback; the workers inherit the held mask and drop the signal instead.
    """
    if not hasattr(signal, "pthread_sigmask"):  # Windows: no signal masks, no fork
        yield
        return
    held = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)


def _context() -> BaseContext:
    # On Linux, fork starts a worker in milliseconds with everything already
    # imported; spawn and forkserver import the package again in each worker
    # (a quarter of a second each), which a run of a few hundred games feels.
    # Fork is unsafe with threads running, so callers (the CLI's progress bar)
    # start none. Elsewhere (macOS, Windows) the platform's default is the safe one.
    if sys.platform == "linux":
        return multiprocessing.get_context("fork")
    return multiprocessing.get_context()


def _start_worker() -> None:
    # Ctrl-C reaches the whole process group. The parent alone handles it (it
    # ends the workers and exits 130); a worker that also raised would print a
    # traceback of its own. Ignoring it also drops one held back at the fork.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
