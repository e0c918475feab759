"""Ratings on the server: which tables are rated, player keys on join, and the HTTP API
`POST /api/players`, `GET /api/ratings/{game}`, `GET /api/players/{key_id}`.

A table is rated unless created with `rated: false`, a practice or tutorial table, or
one without a person's seat; an aborted table never finishes, so it is never rated. A
person's seat joined with `X-Player-Key` is rated under that key; one joined without is
not; each bot level is one subject, `bot:<level>`. The store (storage/ratings.py) stores
the result and the ratings in one transaction, once per table.
"""

from __future__ import annotations

from datetime import datetime
from typing import Annotated

from fastapi import APIRouter, Query, Request
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field

from quintet.core import Outcome, RuleError, registry
from quintet.server.errors import ErrorCode, HubError
from quintet.server.limits import charge
from quintet.server.storage import Storage, TableRow
from quintet.server.storage.ratings import (
    BOT_PREFIX,
    BadPlayerKey,
    Rating,
    RatingQueries,
)

#: The request header a person's join may carry their player key in.
PLAYER_KEY_HEADER = "X-Player-Key"
#: Rows of a leaderboard answer, at most (and by default).
BOARD = 100
#: The largest `offset` a leaderboard request may ask for (far beyond any board).
MAX_OFFSET = 1_000_000_000


def is_rated(row: TableRow) -> bool:
    """Whether the table's result updates ratings: `rated` as created (default: it has a
    person's seat), never for practice or tutorial tables."""
    settings = row.settings
    if settings.get("practice") or settings.get("tutorial"):
        return False
    chosen = settings.get("rated")
    if isinstance(chosen, bool):
        return chosen
    return any(seat.kind == "human" for seat in row.seats)


async def store_result(
    store: Storage, row: TableRow, outcome: Outcome | None, finished_at: datetime
) -> None:
    """Set the table finished with its result; for a rated table, rate its seats in the
    same transaction (once: a replayed finish leaves the ratings). Raises `StorageError`."""
    result = None if outcome is None else outcome.to_json()
    if outcome is not None and is_rated(row) and isinstance(store, RatingQueries):
        await store.finish_rated(row.id, result, outcome.ranks, finished_at)
        return
    await store.set_status(row.id, "finished", finished_at=finished_at, result=result)


def _ratings_of(request: Request) -> RatingQueries:
    store = request.app.state.hub.store
    assert isinstance(store, RatingQueries)  # the server's Store has them
    return store


async def check_player_key(request: Request, key: str | None) -> str | None:
    """The key_id of the join's player key (None without one). Raises `HubError`:
    player_key/malformed or player_key/unknown, before anything changes."""
    if key is None:
        return None
    try:
        return await _ratings_of(request).verify_player(key)
    except BadPlayerKey as error:
        code = ErrorCode.BAD_PLAYER_KEY if error.malformed else ErrorCode.UNKNOWN_PLAYER_KEY
        raise HubError(code, f"header {PLAYER_KEY_HEADER}: {error}") from None


async def carry_key(request: Request, table_id: str, next_table: str, seat: int) -> None:
    """After "play again": the person's seat at the next table keeps their player key."""
    store = _ratings_of(request)
    key_id = await store.seat_key(table_id, seat)
    if key_id is not None and await store.seat_key(next_table, seat) is None:
        await store.link_seat(next_table, seat, key_id)


class PlayerCreated(BaseModel):
    key_id: str = Field(description="The key's public id (the player page's address)")
    key: str = Field(
        description="The secret player key: shown this once; send it as X-Player-Key on join"
    )


class RatingOut(BaseModel):
    rank: int
    subject: str = Field(description="The player's last nickname, or 'bot: <level>'")
    key_id: str | None = Field(description="The player's key_id; None for a bot level")
    bot: str | None = Field(description="The bot level; None for a player")
    mu: float
    sigma: float
    ordinal: float = Field(description="mu - 3 sigma: what the ranking orders by")
    games: int


class Leaderboard(BaseModel):
    game: str
    total: int = Field(description="How many people and bot levels the game rates")
    offset: int = Field(description="Places skipped: the first row's rank is offset + 1")
    limit: int = Field(description="Rows asked for: a page holds at most this many")
    ratings: list[RatingOut]


class RatingStepOut(BaseModel):
    game: str
    table_id: str
    mu: float
    sigma: float
    ordinal: float
    at: str


class PlayerOut(BaseModel):
    key_id: str
    nickname: str | None
    ratings: dict[str, RatingOut] = Field(description="By game; rank is the place in that game")
    history: list[RatingStepOut] = Field(description="After each rated table, oldest first")


def _out(rank: int, rating: Rating) -> RatingOut:
    bot = rating.subject.removeprefix(BOT_PREFIX) if rating.subject.startswith(BOT_PREFIX) else None
    name = f"bot: {bot}" if bot is not None else (rating.nickname or rating.subject)
    return RatingOut(
        rank=rank,
        subject=name,
        key_id=None if bot is not None else rating.subject,
        bot=bot,
        mu=rating.mu,
        sigma=rating.sigma,
        ordinal=rating.ordinal,
        games=rating.games,
    )


router = APIRouter(prefix="/api")


@router.post("/players", status_code=201)
async def create_player(request: Request) -> PlayerCreated:
    """A new player key. Each client address may create `create_burst` keys at once, then
    `create_per_minute` a minute (429 `rate_limited` beyond)."""
    client = request.client.host if request.client is not None else "unknown"
    charge(request.app.state.player_limit, client, "player keys")
    key_id, key = await _ratings_of(request).create_player()
    return PlayerCreated(key_id=key_id, key=key)


class PlayerChecked(BaseModel):
    key_id: str = Field(description="The public id of the key that was checked")


@router.post("/players/check")
async def check_player(request: Request) -> PlayerChecked:
    """Check the player key in `X-Player-Key` (a browser taking a key made elsewhere).
    Counted like key creation, per client address. Raises `HubError`: player_key/malformed
    (400), player_key/unknown (401), or no_player_key when the header is missing (400)."""
    client = request.client.host if request.client is not None else "unknown"
    charge(request.app.state.player_limit, client, "player key checks")
    key = request.headers.get(PLAYER_KEY_HEADER)
    if key is None:
        raise HubError(ErrorCode.BAD_PLAYER_KEY, f"send the key to check as {PLAYER_KEY_HEADER}")
    key_id = await check_player_key(request, key)
    assert key_id is not None  # a key was given
    return PlayerChecked(key_id=key_id)


def plain_numbers(request: Request, names: tuple[str, ...]) -> None:
    """Each of the query parameters `names` given at most once, as plain ASCII digits:
    int() would also take "+1", " 1" and "1_000", and a repeated parameter would be read
    as its last value. Raises `HubError` bad_request naming the parameter and the rule."""
    for name in names:
        given = request.query_params.getlist(name)
        if len(given) > 1:
            raise HubError(ErrorCode.BAD_REQUEST, f"{name}: give it at most once")
        if given and not (given[0].isascii() and given[0].isdigit()):
            raise HubError(
                ErrorCode.BAD_REQUEST, f"{name}: a whole number in plain digits 0-9 only"
            )


@router.get("/ratings/{game}", response_model=None)
async def leaderboard(
    game: str,
    request: Request,
    offset: Annotated[
        int, Query(ge=0, le=MAX_OFFSET, description="Places to skip (a page's first rank - 1)")
    ] = 0,
    limit: Annotated[int, Query(ge=1, le=BOARD, description="Rows, at most")] = BOARD,
) -> Leaderboard | JSONResponse:
    """The game's ratings, best first (by mu - 3 sigma), people and bot levels together,
    a page at a time: `limit` rows from place `offset + 1`, and the `total`. A bad
    `offset` or `limit` is refused (422 bad_request naming it); an offset past the end
    gives no rows."""
    plain_numbers(request, ("offset", "limit"))
    try:
        registry.entry(game)
    except RuleError as error:
        return JSONResponse({"code": error.code, "detail": error.message}, status_code=404)
    total, board = await _ratings_of(request).board(game, limit, offset)
    return Leaderboard(
        game=game,
        total=total,
        offset=offset,
        limit=limit,
        ratings=[_out(i, r) for i, r in enumerate(board, offset + 1)],
    )


@router.get("/players/{key_id}")
async def player(key_id: str, request: Request) -> PlayerOut:
    """A player's rating in each game they played rated, and its history."""
    store = _ratings_of(request)
    found = await store.player(key_id[:64])
    if found is None:
        raise HubError(ErrorCode.NO_PLAYER, "no player has that key_id")
    nickname, ratings, history = found
    rows = {}
    for game, rating in ratings.items():
        rows[game] = _out(await store.rank(game, rating), rating)
    steps = [
        RatingStepOut(
            game=h.game,
            table_id=h.table_id,
            mu=h.mu,
            sigma=h.sigma,
            ordinal=h.mu - 3 * h.sigma,
            at=h.at.isoformat(),
        )
        for h in history
    ]
    return PlayerOut(key_id=key_id, nickname=nickname, ratings=rows, history=steps)
