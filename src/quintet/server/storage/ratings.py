"""Player keys and ratings: the store's queries for ratings on the server (docs/ratings.md).

A player key is `<key_id>.<secret>`: the browser keeps it, the store keeps `key_id` (public)
and the sha256 hex of the whole key, compared in constant time. A rating belongs to a
game and a subject: a player's `key_id`, or `bot:<level>` for a bot level.

`finish_rated` stores a table's result AND its rating updates in ONE transaction, and
inserts the table into `rated_tables` in it too: a kill before the commit loses both
(the replay on restart finishes the table again), a kill after keeps both, and a second
finish finds the table in `rated_tables` and leaves the ratings alone.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
import sqlite3
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from openskill.models import PlackettLuce
from sqlalchemy import Connection, func, select, update
from sqlalchemy.ext.asyncio import AsyncConnection

from quintet.core.types import JSON
from quintet.server.storage import models
from quintet.server.storage.engine import ConstraintFailed, Database
from quintet.server.storage.rows import StorageError
from quintet.server.storage.sqlite_writes import NAME_PLAYER

#: A key as handed out: a 12-character id, a dot, a 43-character secret (url-safe base64).
KEY_PATTERN = re.compile(r"([A-Za-z0-9_-]{12})\.([A-Za-z0-9_-]{43})")
#: The subject a bot level is rated as.
BOT_PREFIX = "bot:"


def name_player(c: Connection, key_id: str, nickname: str) -> None:
    """Make `nickname` the player's last one (in a join's transaction, `Store.claim_seat`)."""
    p = models.players
    c.execute(update(p).where(p.c.key_id == key_id).values(nickname=nickname))


def name_player_sqlite(c: sqlite3.Connection, key_id: str, nickname: str) -> None:
    """`name_player` on SQLite's lobby write thread (`sqlite_writes.py`)."""
    c.execute(NAME_PLAYER, (nickname, key_id))


class BadPlayerKey(StorageError):
    """A player key that is malformed (`malformed` True) or fits no stored key."""

    def __init__(self, message: str, *, malformed: bool) -> None:
        super().__init__(message)
        self.malformed = malformed


@dataclass(frozen=True, slots=True)
class Rating:
    """A subject's rating in one game; `ordinal` (mu - 3 sigma) is what ranks it."""

    subject: str
    mu: float
    sigma: float
    games: int
    #: The last nickname used with the key (players only; None for bots and the unnamed).
    nickname: str | None = None

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma


@dataclass(frozen=True, slots=True)
class RatingStep:
    """A subject's rating after one rated table."""

    game: str
    table_id: str
    mu: float
    sigma: float
    at: datetime


def _hash(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


def new_player_key() -> tuple[str, str]:
    """A fresh (key_id, key): 72 random bits of public id, 256 of secret."""
    key_id = secrets.token_urlsafe(9)
    return key_id, f"{key_id}.{secrets.token_urlsafe(32)}"


def rate(
    current: Mapping[str, tuple[float, float] | None], ranks: Mapping[str, int]
) -> dict[str, tuple[float, float]]:
    """The new (mu, sigma) of each subject in `ranks` (1 is first; equal ranks are shared
    places), from its `current` one (None: openskill's default), with openskill's
    Plackett-Luce model as the simulator uses (quintet.sim.ratings)."""
    model = PlackettLuce()
    subjects = sorted(ranks)
    before = []
    for subject in subjects:
        found = current.get(subject)
        before.append(
            model.rating(name=subject)
            if found is None
            else model.rating(mu=found[0], sigma=found[1], name=subject)
        )
    teams = model.rate([[r] for r in before], ranks=[float(ranks[s]) for s in subjects])
    return {s: (team[0].mu, team[0].sigma) for s, team in zip(subjects, teams, strict=True)}


def seat_subjects(seats: Sequence[Any], ranks: Sequence[int]) -> dict[str, int]:
    """Each rated subject at the table and its rank (its best seat's): a bot seat rates its
    level, a person's seat its player key; a person's seat without a key is not rated."""
    found: dict[str, int] = {}
    for seat in seats:
        if seat.kind == "bot":
            subject = f"{BOT_PREFIX}{seat.level}"
        elif seat.player_key_id is not None:
            subject = seat.player_key_id
        else:
            continue
        rank = ranks[seat.seat]
        found[subject] = min(rank, found.get(subject, rank))
    return found


class RatingQueries:
    """The player and rating methods of `Store` (a mixin: it uses the store's `_db`)."""

    _db: Database

    async def create_player(self) -> tuple[str, str]:
        """Store a new player key; returns (key_id, key). The key is not stored, only its
        hash: this is the one time anyone sees it."""
        key_id, key = new_player_key()
        row = {"key_id": key_id, "key_hash": _hash(key), "created_at": datetime.now(UTC)}
        async with self._db.transaction("creating a player key", write=True) as c:
            await c.execute(models.players.insert().values(**row))
        return key_id, key

    async def verify_player(self, key: str) -> str:
        """The key_id of a stored player `key`. Raises `BadPlayerKey` for a key that is not
        of the form `<12-character id>.<43-character secret>` (malformed) or that fits no
        stored key (forged, or from another server)."""
        match = KEY_PATTERN.fullmatch(key)
        if match is None:
            raise BadPlayerKey(
                "the player key is malformed: it must be '<12-character id>.<43-character"
                " secret>' of letters, digits, '-' and '_', as POST /api/players gave it",
                malformed=True,
            )
        p = models.players
        statement = select(p.c.key_hash).where(p.c.key_id == match[1])
        async with self._db.transaction("checking a player key") as c:
            stored = (await c.execute(statement)).scalar_one_or_none()
        # Compare even when the id is unknown, so the time taken does not tell which.
        if not hmac.compare_digest(stored or "0" * 64, _hash(key)) or stored is None:
            raise BadPlayerKey(
                "the player key fits no player of this server: use the key POST /api/players"
                " gave, or ask for a new one",
                malformed=False,
            )
        return match[1]

    async def link_seat(self, table_id: str, seat: int, key_id: str) -> None:
        """Record that the seat was joined with the player key `key_id` (its ratings follow
        the key), and make the seat's nickname the key's last one."""
        s, p = models.seats, models.players
        at_seat = (s.c.table_id == table_id) & (s.c.seat == seat)
        async with self._db.transaction(f"linking seat {seat} of {table_id!r}", write=True) as c:
            await c.execute(update(s).where(at_seat).values(player_key_id=key_id))
            nickname = select(s.c.nickname).where(at_seat).scalar_subquery()
            await c.execute(update(p).where(p.c.key_id == key_id).values(nickname=nickname))

    async def seat_key(self, table_id: str, seat: int) -> str | None:
        """The player key_id the seat was joined with (None: none, or no such seat)."""
        s = models.seats
        statement = select(s.c.player_key_id).where(s.c.table_id == table_id, s.c.seat == seat)
        async with self._db.transaction(f"reading seat {seat} of {table_id!r}") as c:
            found: str | None = (await c.execute(statement)).scalar_one_or_none()
        return found

    async def finish_rated(
        self, table_id: str, result: JSON, ranks: Sequence[int], finished_at: datetime
    ) -> bool:
        """Set the table finished with `result` and, in the same transaction, rate its seats
        by `ranks` (by seat) once: returns False (ratings untouched) when the table was
        already rated. Raises `StorageError` for an unknown table (nothing stored)."""
        what = f"finishing rated table {table_id!r}"
        for attempt in range(2):
            try:
                async with self._db.transaction(what, write=True) as c:
                    return await self._finish_rated(c, table_id, result, ranks, finished_at)
            except ConstraintFailed as error:
                # Two tables rating a new subject at once: one inserted its row first; the
                # second try reads and updates it.
                if attempt:
                    raise StorageError(str(error)) from error.__cause__
        raise AssertionError("unreachable")  # pragma: no cover

    async def _finish_rated(
        self,
        c: AsyncConnection,
        table_id: str,
        result: JSON,
        ranks: Sequence[int],
        at: datetime,
    ) -> bool:
        t, r, h = models.tables, models.ratings, models.rating_history
        finish = (
            update(t)
            .where(t.c.id == table_id)
            .values(status="finished", finished_at=at, result=result)
            .returning(t.c.game)
        )
        game = (await c.execute(finish)).scalar_one_or_none()
        if game is None:
            raise StorageError(f"no table {table_id!r}")
        done = select(models.rated_tables.c.table_id).where(
            models.rated_tables.c.table_id == table_id
        )
        if (await c.execute(done)).first() is not None:
            return False
        await c.execute(models.rated_tables.insert().values(table_id=table_id))
        seats = (
            await c.execute(select(models.seats).where(models.seats.c.table_id == table_id))
        ).all()
        subjects = seat_subjects(seats, ranks)
        if len(subjects) < 2:
            return True  # nobody to be measured against: rated, nothing changes
        look = (
            select(r.c.subject, r.c.mu, r.c.sigma, r.c.games)
            .where(r.c.game == game, r.c.subject.in_(list(subjects)))
            .with_for_update()  # a table rating the same subjects waits for our commit
        )
        found = {row.subject: row for row in await c.execute(look)}
        after = rate({s: (row.mu, row.sigma) for s, row in found.items()}, subjects)
        for subject, (mu, sigma) in after.items():
            if subject in found:
                await c.execute(
                    update(r)
                    .where(r.c.game == game, r.c.subject == subject)
                    .values(mu=mu, sigma=sigma, games=found[subject].games + 1, updated_at=at)
                )
            else:
                values = {"mu": mu, "sigma": sigma, "games": 1, "updated_at": at}
                await c.execute(r.insert().values(game=game, subject=subject, **values))
            history = {"mu": mu, "sigma": sigma, "at": at}
            await c.execute(
                h.insert().values(game=game, subject=subject, table_id=table_id, **history)
            )
        return True

    async def ratings(self, game: str, limit: int = 100, offset: int = 0) -> list[Rating]:
        """The game's ratings, best first (by mu - 3 sigma, then subject): at most `limit`
        of them, after the first `offset`."""
        return (await self.board(game, limit, offset))[1]

    async def board(self, game: str, limit: int, offset: int = 0) -> tuple[int, list[Rating]]:
        """(how many subjects the game rates, its ratings from place `offset + 1`, at most
        `limit`), read in one transaction, so the count fits the page."""
        r, p = models.ratings, models.players
        ordinal = r.c.mu - 3 * r.c.sigma
        statement = (
            select(r.c.subject, r.c.mu, r.c.sigma, r.c.games, p.c.nickname)
            .select_from(r.outerjoin(p, p.c.key_id == r.c.subject))
            .where(r.c.game == game)
            .order_by(ordinal.desc(), r.c.subject)
            .limit(limit)
            .offset(offset)
        )
        count = select(func.count()).select_from(r).where(r.c.game == game)
        async with self._db.transaction(f"reading the ratings of {game!r}") as c:
            total = int((await c.execute(count)).scalar_one())
            rows = [
                Rating(row.subject, row.mu, row.sigma, row.games, row.nickname)
                for row in await c.execute(statement)
            ]
        return total, rows

    async def rank(self, game: str, rating: Rating) -> int:
        """The rating's place on the game's leaderboard (1 is first; ordered as `ratings`)."""
        r = models.ratings
        ordinal = r.c.mu - 3 * r.c.sigma
        mine = rating.mu - 3 * rating.sigma
        ahead = (ordinal > mine) | ((ordinal == mine) & (r.c.subject < rating.subject))
        statement = select(func.count()).select_from(r).where(r.c.game == game, ahead)
        async with self._db.transaction(f"placing {rating.subject!r} in {game!r}") as c:
            return 1 + int((await c.execute(statement)).scalar_one())

    async def player(
        self, key_id: str
    ) -> tuple[str | None, dict[str, Rating], list[RatingStep]] | None:
        """A player's last nickname, ratings (by game) and history (oldest first), or None
        for an unknown key_id."""
        p, r, h = models.players, models.ratings, models.rating_history
        async with self._db.transaction(f"reading player {key_id!r}") as c:
            found = (await c.execute(select(p.c.nickname).where(p.c.key_id == key_id))).first()
            if found is None:
                return None
            rows = await c.execute(select(r).where(r.c.subject == key_id).order_by(r.c.game))
            ratings = {x.game: Rating(key_id, x.mu, x.sigma, x.games, found.nickname) for x in rows}
            steps = await c.execute(
                select(h).where(h.c.subject == key_id).order_by(h.c.at, h.c.table_id)
            )
            history = [RatingStep(x.game, x.table_id, x.mu, x.sigma, x.at) for x in steps]
        return found.nickname, ratings, history
