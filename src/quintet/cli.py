"""The `quintet` command: one Typer app; each game adds its own verbs.

Built-in verbs: `quintet games`, `quintet simulate`, `quintet tournament` and `quintet serve`. For
every registered game whose package has a `cli` module, its `app` is mounted as
`quintet <game>` and its `play` command as `quintet play <game>`; a game without
one is simply not mounted. This module only parses arguments and prints: the work is done by
`quintet.sim` and the game packages.
"""

from __future__ import annotations

import importlib
import json
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from types import ModuleType
from typing import Annotated, Any, Final, TypeVar

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from quintet import __version__
from quintet.core import JSONDict, RuleError, registry
from quintet.sim import BadSetup, SimulationError, Summary, check_setup, simulate
from quintet.sim.tournament import TournamentResult, check_tournament, games_to_play, tournament
from quintet.sim.tournament_report import print_tournament, share_text
from quintet.words.cli import app as words_app

#: The level every seat gets when `--bots` is left out.
DEFAULT_BOT: Final = "random"
#: Verbs of the top-level app; a game cannot take one of these names.
BUILTIN_VERBS: Final = frozenset({"games", "simulate", "tournament", "play", "serve"})

#: How `BadSetup.field` is written on the command line.
_PARAM_HINTS: Final = {
    "game": "'GAME'",
    "players": "'--players'",
    "bots": "'--bots'",
    "games": "'--games'",
    "jobs": "'--jobs'",
    "options": "'--options'",
    "report": "'--report'",
}
#: The progress bar is redrawn at most this often (s), so drawing never slows a fast run.
_REFRESH_EVERY: Final = 0.1
#: Players per game in a tournament when `--players` is left out (or the game's least).
TOURNAMENT_PLAYERS: Final = 2

_Result = TypeVar("_Result")


def _version(value: bool) -> None:
    if value:
        typer.echo(f"quintet {__version__}")
        raise typer.Exit()


def _root(
    version: Annotated[
        bool,
        typer.Option(
            "--version", callback=_version, is_eager=True, help="Print the version and exit."
        ),
    ] = False,
) -> None:
    """Quintet: five fast card and tile games with exact rules, bots and a simulator."""


# ------------------------------------------------------------------------- games


def game_facts() -> list[JSONDict]:
    """Every registered game's facts (`Game.describe()`) with its bot levels: `bots` weakest
    first, `default_bot` (a new table's bot seat) and `test_bots` (for tests only)."""
    facts = []
    for name in registry.names():
        found = registry.entry(name)
        levels = found.bots
        facts.append(
            {
                **found.game.describe(),
                "bots": list(levels.shown),
                "default_bot": levels.default,
                "test_bots": list(levels.hidden),
            }
        )
    return facts


def levels_text(fact: JSONDict, *, mark_default: bool = True) -> str:
    """A game's bot levels for a line of text: weakest first, the lobby's default marked.

    >>> levels_text({"bots": ["random", "easy"], "default_bot": "easy", "test_bots": ["perfect"]})
    'random, easy (lobby default); tests: perfect'
    """
    shown = ", ".join(
        f"{level} (lobby default)" if mark_default and level == fact["default_bot"] else level
        for level in fact["bots"]
    )
    return f"{shown}; tests: {', '.join(fact['test_bots'])}" if fact["test_bots"] else shown


def games_command(
    as_json: Annotated[
        bool, typer.Option("--json", help="Print a JSON list of objects instead of a table.")
    ] = False,
) -> None:
    """List the games: players, real time or turns, bot levels (weakest first) and a
    one-line summary."""
    facts = game_facts()
    if as_json:
        typer.echo(json.dumps(facts))
        return
    table = Table(title="Quintet games")
    for column in ("Game", "Players", "Real time", "Bots, weakest first", "Summary"):
        table.add_column(column, overflow="fold")
    for fact in facts:
        table.add_row(
            fact["name"],
            f"{fact['min_players']}-{fact['max_players']}",
            "yes" if fact["real_time"] else "no (turns)",
            levels_text(fact),
            fact["summary"],
        )
    Console().print(table)


# ---------------------------------------------------------------------- simulate


#: The options `simulate` and `tournament` share: how many processes, and the game's options.
JobsOption = Annotated[
    int,
    typer.Option(
        "--jobs", "-j", help="Processes to spread the games over (results do not change)."
    ),
]
GameOptionsOption = Annotated[
    str | None,
    typer.Option("--options", help="Game options as a JSON object; see `quintet games --json`."),
]


def _bad(field: str, message: str) -> typer.BadParameter:
    return typer.BadParameter(message, param_hint=_PARAM_HINTS[field])


def _parse_options(text: str | None) -> JSONDict | None:
    if text is None:
        return None
    try:
        options = json.loads(text)
    except json.JSONDecodeError as error:
        raise _bad("options", f"not JSON ({error.msg} at character {error.pos})") from None
    if not isinstance(options, dict):
        raise _bad("options", "must be a JSON object, like '{\"pause_ms\": 0}'")
    return options


# Typer turns each parameter into an option, so their number is the CLI's, hence the noqa.
def simulate_command(  # noqa: PLR0917
    game: Annotated[
        str,
        typer.Argument(metavar="GAME", help="The game to simulate, as `quintet games` lists it."),
    ],
    games: Annotated[int, typer.Option("--games", "-n", help="How many games to play.")] = 100,
    players: Annotated[
        int | None,
        typer.Option("--players", "-p", help="Players per game. Default: the game's maximum."),
    ] = None,
    bots: Annotated[
        str | None,
        typer.Option(
            "--bots",
            "-b",
            help="One bot level per seat, comma separated, in seat order (e.g. "
            "basic,random,random,random); each game's levels, weakest first, are below. "
            "Default: random in every seat.",
        ),
    ] = None,
    seed: Annotated[
        int,
        typer.Option("--seed", "-s", help="Seed of the run; game i gets a seed derived from it."),
    ] = 0,
    jobs: JobsOption = 1,
    options: GameOptionsOption = None,
    as_json: Annotated[
        bool,
        typer.Option(
            "--json",
            help="Print one JSON object (games, seconds, games_per_second, seats, "
            "mean_game_seconds) and no progress bar.",
        ),
    ] = False,
) -> None:
    """Play many games among bots, headless, and report wins and mean scores per seat.

    The same seed gives the same wins and scores, whatever --jobs is. A shared
    first place counts as a win for each seat in it.
    """
    parsed_options = _parse_options(options)
    try:
        found = registry.entry(game)
    except RuleError as error:
        raise _bad("game", error.message) from None
    count = found.game.max_players if players is None else players
    if bots is None:
        if DEFAULT_BOT not in found.bots:
            raise _bad("bots", f"required for {found.game.title}, which has no {DEFAULT_BOT} bot")
        levels = [DEFAULT_BOT] * count
    else:
        levels = [level.strip() for level in bots.split(",")]
    try:
        check_setup(game, count, levels, games=games, jobs=jobs, options=parsed_options)
    except BadSetup as error:
        raise _bad(error.field, error.message) from None

    def run(progress: Callable[[int], None] | None) -> Summary:
        return simulate(game, games, count, levels, seed, jobs, parsed_options, progress)

    try:
        summary = run(None) if as_json else _with_progress(run, found.game.title, games)
    except SimulationError as error:
        Console(stderr=True).print(f"[bold red]The simulation stopped:[/] {error}", markup=True)
        raise typer.Exit(1) from None
    if as_json:
        typer.echo(json.dumps(summary.to_json()))
        return
    _print_summary(summary, found.game.title, count, seed, jobs)


def _with_progress(
    run: Callable[[Callable[[int], None] | None], _Result], title: str, total: int
) -> _Result:
    # No auto-refresh: that would start a thread, and worker processes are
    # forked (see quintet.sim.runner); the bar is redrawn from the callback.
    bar = Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=Console(stderr=True),
        auto_refresh=False,
    )
    last = 0.0

    def advance(done: int) -> None:
        nonlocal last
        bar.advance(task, done)
        now = time.monotonic()
        if now - last >= _REFRESH_EVERY:
            last = now
            bar.refresh()

    with bar:
        task = bar.add_task(f"{title} games", total=total)
        result = run(advance)
        bar.refresh()
    return result


def _print_summary(summary: Summary, title: str, players: int, seed: int, jobs: int) -> None:
    table = Table(title=f"{title}: {summary.games} games, {players} players, seed {seed}")
    table.add_column("Seat", justify="right")
    table.add_column("Bot")
    table.add_column("Wins", justify="right")
    table.add_column("Win %", justify="right")
    table.add_column("Mean score", justify="right")
    for seat, result in enumerate(summary.seats):
        table.add_row(
            str(seat),
            result.bot,
            str(result.wins),
            f"{100 * result.wins / summary.games:.1f}",
            f"{result.mean_score:.2f}",
        )
    console = Console()
    console.print(table)
    processes = "1 process" if jobs == 1 else f"{jobs} processes"
    console.print(
        f"{summary.games} games in {summary.seconds:.2f} s: "
        f"{summary.games_per_second:.1f} games per second ({processes})"
    )
    console.print(
        f"A game lasted {summary.mean_game_seconds:.1f} s on the virtual clock, on average"
    )


# -------------------------------------------------------------------- tournament


# Typer turns each parameter into an option, so their number is the CLI's, hence the noqa.
def tournament_command(  # noqa: PLR0917
    game: Annotated[
        str,
        typer.Argument(metavar="GAME", help="The game to play, as `quintet games` lists it."),
    ],
    bots: Annotated[
        str | None,
        typer.Option(
            "--bots",
            "-b",
            help="The bot levels to compare, comma separated, weakest first (e.g. "
            "random,easy,medium,hard). Default: the game's levels as `quintet games` lists them.",
        ),
    ] = None,
    games: Annotated[
        int,
        typer.Option(
            "--games",
            "-n",
            help="Games per pair of levels, and for the whole table (rounded up so every "
            "deal is played in all its seatings).",
        ),
    ] = 100,
    players: Annotated[
        int | None,
        typer.Option(
            "--players",
            "-p",
            help=f"Players per game. Default: {TOURNAMENT_PLAYERS}, or the game's least if more.",
        ),
    ] = None,
    seed: Annotated[
        int,
        typer.Option("--seed", "-s", help="Seed of the run; deal i gets a seed derived from it."),
    ] = 0,
    jobs: JobsOption = 1,
    options: GameOptionsOption = None,
    as_json: Annotated[
        bool,
        typer.Option("--json", help="Print one JSON object and no progress bar."),
    ] = False,
    check_order: Annotated[
        bool,
        typer.Option(
            "--check-order",
            help="Exit with status 1 when a level is not separated from the one before it.",
        ),
    ] = False,
    report: Annotated[
        Path | None,
        typer.Option(
            "--report",
            metavar="DIR",
            help="Also write an HTML report into DIR (made if missing): ratings, win shares "
            "and PNG plots of the ratings over the games and the score differences.",
        ),
    ] = None,
) -> None:
    """Rank bot levels: every pair head to head and the whole table, with 95% intervals.

    Each pair plays N games with the seats split between its two levels alternately,
    in every rotation and both ways round on the same deals. A game's win goes to the
    level of the first-placed seat (a shared first place splits it). A pair is
    separated when the stronger level's win-share interval lies above 0.5.
    """
    parsed_options = _parse_options(options)
    try:
        found = registry.entry(game)
    except RuleError as error:
        raise _bad("game", error.message) from None
    count = max(TOURNAMENT_PLAYERS, found.game.min_players) if players is None else players
    levels = list(found.bots.shown) if bots is None else [b.strip() for b in bots.split(",")]
    try:
        check_tournament(game, levels, games, count, jobs, parsed_options)
    except BadSetup as error:
        raise _bad(error.field, error.message) from None
    if report is not None:
        # matplotlib is imported only for a report: it takes a while to load.
        from quintet.sim import tournament_html

        try:
            tournament_html.check_report_directory(report)
        except tournament_html.ReportError as error:
            raise _bad("report", str(error)) from None

    def run(progress: Callable[[int], None] | None) -> TournamentResult:
        return tournament(game, levels, games, count, seed, jobs, parsed_options, progress)

    total = games_to_play(levels, games, count)
    try:
        result = run(None) if as_json else _with_progress(run, found.game.title, total)
    except SimulationError as error:
        Console(stderr=True).print(f"[bold red]The tournament stopped:[/] {error}", markup=True)
        raise typer.Exit(1) from None
    if as_json:
        typer.echo(json.dumps(result.to_json()))
    else:
        print_tournament(Console(), result, found.game.title, jobs)
    if report is not None:
        try:
            page = tournament_html.write_report(result, report, found.game.title)
        except tournament_html.ReportError as error:
            raise _bad("report", str(error)) from None
        if not as_json:
            # soft_wrap: a path broken over lines cannot be copied.
            Console().print(f"Report: {page}", markup=False, highlight=False, soft_wrap=True)
    if check_order and result.unseparated:
        lines = [
            f"{pair.stronger} is not separated from {pair.weaker}: its win share "
            f"{share_text(pair.stronger_share)} does not lie above 0.5"
            for pair in result.unseparated
        ]
        Console(stderr=True).print(
            "Error: the levels are not strictly ordered. " + "; ".join(lines) + ".",
            markup=False,
            highlight=False,
        )
        raise typer.Exit(1)


# ------------------------------------------------------------------------- serve


# Typer turns each parameter into an option, so their number is the CLI's, hence the noqa.
def serve_command(  # noqa: PLR0917
    host: Annotated[str, typer.Option("--host", help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", help="Port to listen on.")] = 8000,
    db: Annotated[
        str | None,
        typer.Option(
            "--db",
            help="Database URL (sqlite+aiosqlite:///path or postgresql+asyncpg://...). "
            "Default: $QUINTET_DB, else an SQLite file in your data directory.",
        ),
    ] = None,
    bot_pace: Annotated[
        float | None,
        typer.Option(
            "--bot-pace",
            help="Multiplies bot think times (0.05: twenty times faster). "
            "Default: $QUINTET_BOT_PACE, else 1.",
        ),
    ] = None,
    zombie_after: Annotated[
        float | None,
        typer.Option(
            "--zombie-after",
            help="Seconds before a bot plays a seat left empty (0: never). "
            "Default: $QUINTET_ZOMBIE_AFTER, else 60.",
        ),
    ] = None,
    allowed_origins: Annotated[
        list[str] | None,
        typer.Option(
            "--allow-origin",
            help="Another origin (scheme://host:port) whose pages may connect; repeatable.",
        ),
    ] = None,
    public_url: Annotated[
        str | None,
        typer.Option(
            "--public-url",
            help="The address people open (e.g. https://play.example behind a proxy): its "
            "pages may open WebSockets. Default: $QUINTET_PUBLIC_URL, else this machine "
            "only (127.0.0.1, localhost, [::1] on --port).",
        ),
    ] = None,
    create_per_minute: Annotated[
        float | None,
        typer.Option(
            "--create-per-minute",
            help="Tables one client address may create a minute, after a burst of 10 "
            "(0: no limit). Default: $QUINTET_CREATE_PER_MINUTE, else 30.",
        ),
    ] = None,
    open_table_ttl: Annotated[
        float | None,
        typer.Option(
            "--open-table-ttl",
            help="Seconds before an open table nobody joins is deleted (0: never). "
            "Default: $QUINTET_OPEN_TABLE_TTL, else 3600.",
        ),
    ] = None,
    abandon_after: Annotated[
        float | None,
        typer.Option(
            "--abandon-after",
            help="Seconds before a tutorial or practice table without zombies, none of "
            "whose players is connected, is ended as abandoned (0: never). "
            "Default: $QUINTET_ABANDON_AFTER, else 3600.",
        ),
    ] = None,
    redis: Annotated[
        str | None,
        typer.Option(
            "--redis",
            help="Join a cluster of servers through this Redis (redis://[:password@]host:"
            "port/db; needs a PostgreSQL --db shared by all of them; docs/scaling.md). "
            "Default: $QUINTET_REDIS, else none: this server runs alone.",
        ),
    ] = None,
    process_name: Annotated[
        str | None,
        typer.Option(
            "--process-name",
            help="This server's unique name in the cluster. Default: "
            "$QUINTET_PROCESS_NAME, else hostname-pid-random.",
        ),
    ] = None,
    log_level: Annotated[
        str, typer.Option("--log-level", help="debug, info, warning or error.")
    ] = "info",
    open_browser: Annotated[
        bool,
        typer.Option(
            "--open",
            help="Open the address in a web browser once the server listens, if one "
            "is available (a desktop session).",
        ),
    ] = False,
) -> None:
    """Run the game server: the HTTP API (docs at /docs) and live tables over WebSockets.

    Stops cleanly on Ctrl-C or SIGTERM; unfinished games resume on the next start.
    """
    from quintet.server.main import check_database, serve
    from quintet.server.settings import Settings, SettingsError
    from quintet.server.storage import StorageError

    try:
        settings = Settings.build(
            db_url=db,
            host=host,
            port=port,
            bot_pace=bot_pace,
            zombie_after_s=zombie_after,
            allowed_origins=tuple(allowed_origins or ()),
            public_url=public_url,
            create_per_minute=create_per_minute,
            open_table_ttl_s=open_table_ttl,
            abandon_after_s=abandon_after,
            redis_url=redis,
            process_name=process_name,
        )
    except SettingsError as error:
        raise typer.BadParameter(str(error)) from None
    try:
        check_database(settings.db_url)
    except StorageError as error:
        typer.echo(f"Error: cannot use the database: {error}", err=True)
        raise typer.Exit(2) from None
    if settings.redis_url is not None:
        from quintet.server.errors import HubError
        from quintet.server.main import check_redis

        try:
            check_redis(settings.redis_url, settings.process_name)
        except HubError as error:
            typer.echo(f"Error: --redis: {error.message}", err=True)
            raise typer.Exit(2) from None
    typer.echo(f"Quintet server starting; database: {settings.db_url}", err=True)
    serve(settings, log_level.lower(), open_browser=open_browser)


# ------------------------------------------------------------------ the app


def _game_cli(name: str) -> ModuleType | None:
    """The `cli` module of the game's package (`quintet.games.<name>.cli` for a built-in
    game), or None when the game has none or is unknown."""
    try:
        package = registry.entry(name).module
    except registry.GameNotLoaded:
        raise
    except RuleError:
        return None  # not a game
    if package is None:
        return None
    module_name = f"{package}.cli"
    try:
        return importlib.import_module(module_name)
    except ModuleNotFoundError as missing:
        # Only the absence of the cli module itself (or of its package) means
        # "no verbs"; a missing import inside an existing module is a bug to show.
        if missing.name is not None and (module_name + ".").startswith(missing.name + "."):
            return None
        raise


def _levels_epilog() -> str:
    """Each game's bot levels, weakest first, for `quintet simulate --help` and `tournament`.

    Raises `GameNotLoaded` for a broken game plugin (`main` prints it).
    """
    lines = [f"{fact['name']}: {levels_text(fact, mark_default=False)}" for fact in game_facts()]
    # "\b" keeps Click from rewrapping the lines into one paragraph.
    return "Bot levels, weakest first:\n\b\n" + "\n".join(lines)


def build_app() -> typer.Typer:
    """The `quintet` app with the built-in verbs and every game's own verbs mounted."""
    app = typer.Typer(
        name="quintet",
        no_args_is_help=True,
        add_completion=False,
        pretty_exceptions_show_locals=False,
    )
    app.callback()(_root)
    app.command("games")(games_command)
    app.command("simulate", epilog=_levels_epilog())(simulate_command)
    app.command("tournament", epilog=_levels_epilog())(tournament_command)
    app.command("serve")(serve_command)
    app.add_typer(words_app, name="words")
    play_app = typer.Typer(
        name="play",
        help="Play a game in the terminal against bots.",
        no_args_is_help=True,
    )
    playable = False
    for name in registry.names():
        if name in BUILTIN_VERBS:
            continue  # a game may not hide a built-in verb
        module = _game_cli(name)
        if module is None:
            continue
        sub_app: Any = getattr(module, "app", None)
        if isinstance(sub_app, typer.Typer):
            app.add_typer(sub_app, name=name)
        play: Any = getattr(module, "play", None)
        if callable(play):
            play_app.command(name)(play)
            playable = True
    if playable:
        app.add_typer(play_app, name="play")
    return app


_built: typer.Typer | None = None


def _app() -> typer.Typer:
    """The app, built on first use: building it loads the games, and a broken game
    plugin must reach `main` as an error message, not as a traceback at import."""
    global _built
    if _built is None:
        _built = build_app()
    return _built


def __getattr__(name: str) -> Any:
    # `from quintet.cli import app` still works; the app is built then.
    if name == "app":
        return _app()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def main(argv: Sequence[str] | None = None, *, application: typer.Typer | None = None) -> int:
    """Run the command line and return its exit code.

    Usage errors exit 2 (Typer); a `RuleError` that escapes a command was caused
    by the user's input, so it exits 2 with its message; Ctrl-C exits 130
    without a traceback. `application` lets tests run another app the same way.
    """
    try:
        (application or _app())(args=argv, prog_name="quintet")
    except SystemExit as done:
        code = done.code
        if code is None or isinstance(code, int):
            return code or 0
        print(code, file=sys.stderr)
        return 1
    except RuleError as error:
        Console(stderr=True).print(f"Error: {error.message}", markup=False, highlight=False)
        return 2
    except KeyboardInterrupt:
        print("Interrupted.", file=sys.stderr)
        return 130
    return 0
