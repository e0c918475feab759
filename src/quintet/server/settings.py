"""The server's settings: one frozen dataclass, built from defaults, the environment and flags.

Precedence: an explicit value (a `quintet serve` flag) beats the environment
(`QUINTET_DB`, `QUINTET_BOT_PACE`, `QUINTET_ZOMBIE_AFTER`, `QUINTET_ECHO`,
`QUINTET_TEST_BOTS` and the limits' variables in `Settings.build`), which beats the
default. The environment exists so a test (or the benchmark) can start
`python -m quintet serve` with its own settings.

>>> Settings.build(env={"QUINTET_BOT_PACE": "0.05"}, db_url="sqlite+aiosqlite:///x").bot_pace
0.05
"""

from __future__ import annotations

import math
import os
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any, Final
from urllib.parse import urlsplit

import platformdirs

#: Environment variables that override the defaults (not explicit values).
ENV_DB: Final = "QUINTET_DB"
ENV_BOT_PACE: Final = "QUINTET_BOT_PACE"
ENV_ZOMBIE_AFTER: Final = "QUINTET_ZOMBIE_AFTER"
ENV_PRESENCE_GRACE: Final = "QUINTET_PRESENCE_GRACE"
#: "1" turns on the raw WebSocket echo at /ws/echo (the benchmark's baseline; off by default).
ENV_ECHO: Final = "QUINTET_ECHO"


class SettingsError(ValueError):
    """A setting has a value the server cannot run with; the message names it."""


def boolean(text: str) -> bool:
    """An environment flag: 1/true/yes/on or 0/false/no/off (any case).

    >>> boolean("1"), boolean("off")
    (True, False)
    """
    word = text.strip().lower()
    if word in ("1", "true", "yes", "on"):
        return True
    if word in ("0", "false", "no", "off"):
        return False
    raise ValueError(word)


def origin_of(url: str) -> str:
    """The origin (scheme://host[:port], lower case) of an http(s) URL; raises
    `SettingsError` for anything else.

    >>> origin_of("https://Play.Example/lobby")
    'https://play.example'
    """
    parts = urlsplit(url.strip())
    if parts.scheme.lower() not in ("http", "https") or not parts.netloc:
        raise SettingsError(f"public_url must be http(s)://host[:port], not {url!r}")
    return f"{parts.scheme}://{parts.netloc}".lower()


def default_db_url() -> str:
    """An SQLite file in the user's data directory (created if missing): nothing to set up."""
    folder = Path(platformdirs.user_data_dir("quintet"))
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite+aiosqlite:///{folder / 'quintet.sqlite3'}"


def check_cluster(redis_url: str, db_url: str, process_name: str | None) -> None:
    """Raises `SettingsError` unless these make a cluster: a redis:// (or rediss://) URL,
    a PostgreSQL database, a process name of letters, digits and `.-_`.

    >>> try:
    ...     check_cluster("redis://h:6379/0", "sqlite+aiosqlite:///x", None)
    ... except SettingsError as error:
    ...     print(str(error)[:60])
    --redis needs a PostgreSQL database (--db postgresql+asyncpg
    """
    if urlsplit(redis_url).scheme not in ("redis", "rediss", "unix"):
        raise SettingsError(
            f"--redis must be a redis://[:password@]host:port/db URL, not {redis_url[:40]!r}"
        )
    if not db_url.startswith(("postgresql", "postgres:")):
        raise SettingsError(
            "--redis needs a PostgreSQL database (--db postgresql+asyncpg://...): the "
            "processes of a cluster share one database, and SQLite is one machine's file"
        )
    if process_name is not None and not _NAME.fullmatch(process_name):
        raise SettingsError(
            f"--process-name must be 1 to 64 letters, digits, '.', '-' or '_', "
            f"not {process_name[:70]!r}"
        )


_NAME: Final = re.compile(r"[A-Za-z0-9._-]{1,64}")


@dataclass(frozen=True)
class Settings:
    """Everything the server is configured with; see the module docstring for precedence."""

    db_url: str
    host: str = "127.0.0.1"
    port: int = 8000
    #: The address people open (scheme://host[:port], e.g. https://play.example behind a
    #: proxy): pages from its origin may open WebSockets. None: this machine only
    #: (http://127.0.0.1, localhost and [::1] on `port`).
    public_url: str | None = None
    #: Other origins (scheme://host[:port]) allowed to open WebSockets. A missing Origin
    #: header (a non-browser client) is always allowed.
    allowed_origins: tuple[str, ...] = ()
    max_message_bytes: int = 16_384
    #: The largest HTTP request body read; a longer one is refused (413) unread.
    max_body_bytes: int = 4096
    #: Token bucket per connection: refill rate and capacity, in messages.
    rate_per_second: float = 20.0
    rate_burst: int = 40
    #: A human seat with no connection this long (s) while its game runs is played by a
    #: bot until its player comes back; 0 = never.
    zombie_after_s: float = 60.0
    #: A seat whose last connection closed is shown away only after this long (s), so a
    #: reload or a replaced connection is no leaving and coming back; 0 = at once.
    presence_grace_s: float = 5.0
    #: Multiplies bot think times (tests use e.g. 0.02 so games are fast); 0 = at once.
    bot_pace: float = 1.0
    #: WebSocket connections one seat may have open at once (tabs, devices), and the
    #: spectators one table may have.
    max_seat_connections: int = 8
    max_spectators: int = 100
    #: Connections uvicorn serves at once (HTTP and WebSocket); more get a 503.
    max_connections: int = 2000
    #: Seconds a client has to send a whole request, headers and body, once it connects
    #: (or after the previous answer) before the connection is closed (a late body: 408).
    header_timeout_s: float = 10.0
    #: Tables one client address may create: a minute's refill and the burst (0: no limit).
    create_per_minute: float = 30.0
    create_burst: int = 10
    #: Hints one client address may ask for, the same way (0: no limit). A hint runs the
    #: game's strongest bot on the seat's view: up to about a second of CPU (Quiddler's
    #: hard bot late in a game), and anyone can have a practice table (a tutorial is one
    #: request). A person asks once per move or so.
    hints_per_minute: float = 60.0
    hints_burst: int = 20
    #: An open table nobody has joined for this long (s) is deleted; 0: never.
    open_table_ttl_s: float = 3600.0
    #: A tutorial, or any table with zombie mode off, none of whose people has been
    #: connected this long (s) is ended as abandoned (server/idle.py); 0: never.
    abandon_after_s: float = 3600.0
    #: Serve `/ws/echo`, a WebSocket that sends back every message unchanged: the raw
    #: stack's baseline for `make bench` (bench/server_load.py). Off unless asked for.
    bench_echo: bool = False
    #: Accept the games' test-only bot levels (`BotLevels.hidden`, e.g. Quiclo's perfect)
    #: at new tables. Off: they are refused, as the lobby never offers them.
    test_bots: bool = False
    #: The cluster's Redis (redis://[:password@]host:port/db): with it this process joins
    #: the others on the same PostgreSQL database (docs/scaling.md); None: it runs alone.
    redis_url: str | None = None
    #: This process's name in the cluster, unique (None: hostname-pid-random).
    process_name: str | None = None
    #: Seconds a table's lease lasts unless renewed (renewed every third of it); a
    #: process that dies leaves its tables to the others after about this long.
    lease_ttl_s: float = 5.0

    def __post_init__(self) -> None:
        if not self.db_url:
            raise SettingsError("db_url must not be empty")
        if not 0 <= self.port <= 65535:
            raise SettingsError(f"port must be 0 to 65535, not {self.port}")
        if self.max_message_bytes < 64:
            raise SettingsError(f"max_message_bytes must be >= 64, not {self.max_message_bytes}")
        if not (math.isfinite(self.rate_per_second) and self.rate_per_second > 0):
            raise SettingsError(f"rate_per_second must be > 0, not {self.rate_per_second}")
        if self.max_body_bytes < 256:
            raise SettingsError(f"max_body_bytes must be >= 256, not {self.max_body_bytes}")
        for name in ("max_seat_connections", "max_spectators", "max_connections"):
            if getattr(self, name) < 1:
                raise SettingsError(f"{name} must be >= 1, not {getattr(self, name)}")
        if not (math.isfinite(self.header_timeout_s) and self.header_timeout_s > 0):
            raise SettingsError(f"header_timeout_s must be > 0, not {self.header_timeout_s}")
        if self.rate_burst < 1:
            raise SettingsError(f"rate_burst must be >= 1, not {self.rate_burst}")
        if not (math.isfinite(self.zombie_after_s) and self.zombie_after_s >= 0):
            raise SettingsError(
                f"zombie_after_s must be >= 0 (0 = never), not {self.zombie_after_s}"
            )
        if not (math.isfinite(self.presence_grace_s) and self.presence_grace_s >= 0):
            raise SettingsError(
                f"presence_grace_s must be >= 0 (0 = at once), not {self.presence_grace_s}"
            )
        if not (math.isfinite(self.create_per_minute) and self.create_per_minute >= 0):
            raise SettingsError(
                f"create_per_minute must be >= 0 (0 = no limit), not {self.create_per_minute}"
            )
        if self.create_burst < 1:
            raise SettingsError(f"create_burst must be >= 1, not {self.create_burst}")
        if not (math.isfinite(self.hints_per_minute) and self.hints_per_minute >= 0):
            raise SettingsError(
                f"hints_per_minute must be >= 0 (0 = no limit), not {self.hints_per_minute}"
            )
        if self.hints_burst < 1:
            raise SettingsError(f"hints_burst must be >= 1, not {self.hints_burst}")
        if not (math.isfinite(self.open_table_ttl_s) and self.open_table_ttl_s >= 0):
            raise SettingsError(
                f"open_table_ttl_s must be >= 0 (0 = never), not {self.open_table_ttl_s}"
            )
        if not (math.isfinite(self.abandon_after_s) and self.abandon_after_s >= 0):
            raise SettingsError(
                f"abandon_after_s must be >= 0 (0 = never), not {self.abandon_after_s}"
            )
        if not (math.isfinite(self.bot_pace) and self.bot_pace >= 0):
            raise SettingsError(f"bot_pace must be >= 0, not {self.bot_pace}")
        if self.redis_url is not None:
            check_cluster(self.redis_url, self.db_url, self.process_name)
        if not (math.isfinite(self.lease_ttl_s) and self.lease_ttl_s > 0):
            raise SettingsError(f"lease_ttl_s must be > 0, not {self.lease_ttl_s}")
        if self.public_url is not None:
            object.__setattr__(self, "public_url", origin_of(self.public_url))
        object.__setattr__(
            self,
            "allowed_origins",
            tuple(o.strip().rstrip("/").lower() for o in self.allowed_origins),
        )

    @property
    def trusted_origins(self) -> frozenset[str]:
        """The page origins that may open WebSockets: the public URL's (or, without one,
        this machine's on `port`) and the allowed ones.

        >>> sorted(Settings(db_url="x", port=8000).trusted_origins)
        ['http://127.0.0.1:8000', 'http://[::1]:8000', 'http://localhost:8000']
        """
        if self.public_url is not None:
            own = {self.public_url}
        else:
            own = {f"http://{host}:{self.port}" for host in ("127.0.0.1", "localhost", "[::1]")}
        return frozenset(own | set(self.allowed_origins))

    @classmethod
    def build(cls, env: Mapping[str, str] | None = None, **given: Any) -> Settings:
        """Settings from explicit values (None = not given), then the environment, then defaults.

        Raises `SettingsError` naming the variable or field that is wrong.
        """
        env = os.environ if env is None else env
        known = {f.name for f in fields(cls)}
        unknown = set(given) - known
        if unknown:
            raise SettingsError(f"unknown setting(s): {', '.join(sorted(unknown))}")
        values = {name: value for name, value in given.items() if value is not None}
        from_env: dict[str, tuple[str, Callable[[str], Any]]] = {
            "db_url": (ENV_DB, str),
            "bot_pace": (ENV_BOT_PACE, float),
            "zombie_after_s": (ENV_ZOMBIE_AFTER, float),
            "presence_grace_s": (ENV_PRESENCE_GRACE, float),
            "bench_echo": (ENV_ECHO, boolean),
            "test_bots": ("QUINTET_TEST_BOTS", boolean),
            "create_per_minute": ("QUINTET_CREATE_PER_MINUTE", float),
            "create_burst": ("QUINTET_CREATE_BURST", int),
            "hints_per_minute": ("QUINTET_HINTS_PER_MINUTE", float),
            "hints_burst": ("QUINTET_HINTS_BURST", int),
            "open_table_ttl_s": ("QUINTET_OPEN_TABLE_TTL", float),
            "abandon_after_s": ("QUINTET_ABANDON_AFTER", float),
            "max_body_bytes": ("QUINTET_MAX_BODY", int),
            "rate_per_second": ("QUINTET_RATE_PER_SECOND", float),
            "rate_burst": ("QUINTET_RATE_BURST", int),
            "max_seat_connections": ("QUINTET_MAX_SEAT_CONNECTIONS", int),
            "max_spectators": ("QUINTET_MAX_SPECTATORS", int),
            "max_connections": ("QUINTET_MAX_CONNECTIONS", int),
            "header_timeout_s": ("QUINTET_HEADER_TIMEOUT", float),
            "public_url": ("QUINTET_PUBLIC_URL", str),
            "redis_url": ("QUINTET_REDIS", str),
            "process_name": ("QUINTET_PROCESS_NAME", str),
            "lease_ttl_s": ("QUINTET_LEASE_TTL", float),
        }
        for name, (variable, kind) in from_env.items():
            text = env.get(variable)
            if name in values or text is None or not text.strip():
                continue
            try:
                values[name] = kind(text.strip())
            except ValueError:
                raise SettingsError(f"{variable}={text!r} is not a {kind.__name__}") from None
        if "db_url" not in values:
            values["db_url"] = default_db_url()
        return cls(**values)
