"""The HTTP API under /api: games, the lobby (create, join, start), status, results, replays.

Refusals answer `{"code": ..., "detail": "..."}`; the status comes from the code, in one
table (`STATUS`: 404 unknown, 409 wrong moment, 401/403 token, 422 bad input). FastAPI's
request validation too (`bad_request`, naming each field and rule, never echoing input).
"""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any, Final, Literal

from fastapi import APIRouter, Header, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ConfigDict, Field

from quintet import __version__
from quintet.core import SPECTATOR, Record, events_for, registry
from quintet.server.errors import ErrorCode, HubError, quoted
from quintet.server.hub import MAX_NICKNAME_INPUT, SEED_RANGE, Hub, SeatSpec, TableInfo, public_seed
from quintet.server.protocol import SeatInfo
from quintet.server.storage import TableRow

router = APIRouter(prefix="/api")


def hub_of(request: Request) -> Hub:
    hub: Hub = request.app.state.hub
    return hub


#: The HTTP status of each code; a code of the rules core (e.g. "options/invalid") is 422.
STATUS: Final[dict[str, int]] = {
    ErrorCode.BAD_JSON: 422,
    ErrorCode.BAD_MESSAGE: 422,
    ErrorCode.BAD_REQUEST: 422,
    ErrorCode.BAD_NICKNAME: 422,
    ErrorCode.BAD_VIEWER: 422,
    ErrorCode.BOT_UNKNOWN: 422,
    ErrorCode.SEAT_INVALID: 422,
    ErrorCode.NO_TOKEN: 401,
    ErrorCode.BAD_TOKEN: 403,
    ErrorCode.BAD_ORIGIN: 403,
    ErrorCode.SPECTATOR: 403,
    ErrorCode.NOT_PRACTICE: 403,
    ErrorCode.NO_TABLE: 404,
    ErrorCode.NO_SEAT: 404,
    ErrorCode.SEAT_IS_BOT: 409,
    ErrorCode.SEAT_TAKEN: 409,
    ErrorCode.SEATS_OPEN: 409,
    ErrorCode.NOT_OPEN: 409,
    ErrorCode.NOT_STARTED: 409,
    ErrorCode.NOT_RUNNING: 409,
    ErrorCode.NOT_FINISHED: 409,
    ErrorCode.STOPPED: 409,
    ErrorCode.TOO_BIG: 413,
    ErrorCode.RATE_LIMITED: 429,
    ErrorCode.SERVER_ERROR: 500,
    ErrorCode.STORAGE_FAILED: 503,
}


def status_of(code: str) -> int:
    """The HTTP status for an error code (422 for the rules core's own codes)."""
    return STATUS.get(code, 422)


def refusal(code: str, detail: str) -> JSONResponse:
    """The JSON answer `{"code", "detail"}` for a refused request, with its code's status."""
    return JSONResponse({"code": code, "detail": detail}, status_code=status_of(code))


async def hub_error(request: Request, error: Exception) -> JSONResponse:
    """How a `HubError` reaches the client (installed by `create_app`)."""
    assert isinstance(error, HubError)
    return refusal(error.code, error.message)


#: The longest `detail` of a validation refusal.
MAX_DETAIL: Final = 600


async def validation_error(request: Request, error: Exception) -> JSONResponse:
    """A request FastAPI could not validate: each field and rule, never the input itself
    (it may be huge); a field name the client made up is cut short."""
    assert isinstance(error, RequestValidationError)
    problems = []
    for problem in error.errors():
        where = ".".join(_short(part) for part in problem["loc"][1:] or problem["loc"])
        problems.append(f"{where or 'body'}: {problem['msg']}")
    return refusal(ErrorCode.BAD_REQUEST, "; ".join(problems)[:MAX_DETAIL])


def _short(part: object) -> str:
    text = str(part)
    return text if len(text) <= 32 else text[:32] + "..."


# ------------------------------------------------------------------------ models


class Health(BaseModel):
    status: Literal["ok"]
    version: str
    db: str


class GameOption(BaseModel):
    name: str
    type: str
    default: Any
    description: str
    #: The option's JSON schema (bounds, choices), as the game's options model gives it.
    json_schema: dict[str, Any] = Field(alias="schema")

    model_config = ConfigDict(populate_by_name=True, serialize_by_alias=True)


class GameInfo(BaseModel):
    name: str
    title: str
    summary: str
    min_players: int
    max_players: int
    real_time: bool
    options: list[GameOption]
    bots: list[str]


class SeatRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    kind: Literal["human", "bot"]
    level: str | None = Field(None, description="The bot's level (bots only)")


#: Bounds of the numbers a table is created with (the game checks its own options).
MAX_ZOMBIE_AFTER_S: Final = 86_400.0
MAX_SEATS: Final = 16


class CreateTable(BaseModel):
    model_config = ConfigDict(extra="forbid")

    game: str
    options: dict[str, Any] = Field(default_factory=dict)
    seats: list[SeatRequest] = Field(min_length=1, max_length=MAX_SEATS)
    seed: int | None = Field(
        None,
        ge=0,
        lt=SEED_RANGE,
        description="Unset: drawn by the server and kept secret until the end. A chosen "
        "seed is shown to everyone in the table's description (whoever knows it knows "
        "every hand)",
    )
    zombie_after_s: float | None = Field(
        None,
        ge=0,
        le=MAX_ZOMBIE_AFTER_S,
        description="A bot plays a seat left empty this long (s, at most a day); 0: never",
    )
    practice: bool = Field(
        False, description="A practice table: its players may ask for hints (POST .../hint)"
    )


class TableOut(BaseModel):
    id: str
    game: str
    options: dict[str, Any]
    players: int
    status: str
    seats: list[SeatInfo]
    free_seats: list[int]
    seq: int
    created_at: datetime
    started_at: datetime | None
    finished_at: datetime | None
    invite: str
    practice: bool = Field(False, description="Hints allowed (created with practice: true)")
    seed: int | None = Field(
        None,
        description="The deal's seed when the creator chose it (shown to all from the "
        "start); a seed the server drew only once the game is finished, null before",
    )


class JoinRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    nickname: str = Field(
        max_length=MAX_NICKNAME_INPUT, description="1 to 24 printable characters (trimmed)"
    )


class Joined(BaseModel):
    token: str = Field(
        description="The seat's secret: the WebSocket's 'quintet.token.<token>' subprotocol "
        "and the Bearer token"
    )
    seat: int
    invite: str = Field(description="Link for friends, relative to the server root")


class Hint(BaseModel):
    """What the game's strongest bot would do now from the asking seat's own view."""

    level: str = Field(description="The bot level that answered")
    action: dict[str, Any] | None = Field(description="The action; null: nothing to do now")


class Frame(BaseModel):
    """One step of a replay as one viewer saw it (seq 0: the deal)."""

    seq: int
    time: int
    view: dict[str, Any]
    events: list[dict[str, Any]]


def invite(table_id: str) -> str:
    return f"/t/{table_id}"


def table_out(info: TableInfo) -> TableOut:
    row = info.row
    return TableOut(
        id=row.id,
        game=row.game,
        options=row.options,
        players=row.players,
        status=info.status,
        seats=info.seats,
        free_seats=list(row.free_seats),
        seq=info.seq,
        created_at=row.created_at,
        started_at=row.started_at,
        finished_at=row.finished_at,
        invite=invite(row.id),
        practice=bool(row.settings.get("practice", False)),
        seed=public_seed(row),
    )


def game_info(name: str) -> GameInfo:
    found = registry.entry(name)
    game = found.game
    properties = game.options_model.model_json_schema().get("properties", {})
    options = []
    for option in game.options_model.describe():
        schema = properties.get(option["name"], {})
        options.append(GameOption(**option, type=_type_of(schema), schema=schema))
    return GameInfo(
        name=game.name,
        title=game.title,
        summary=game.summary,
        min_players=game.min_players,
        max_players=game.max_players,
        real_time=game.real_time,
        options=options,
        bots=sorted(found.bots),
    )


def _type_of(schema: dict[str, Any]) -> str:
    """The JSON type(s) of an option, e.g. "integer" or "integer | null"."""
    if "type" in schema:
        return str(schema["type"])
    kinds = [str(part.get("type", "any")) for part in schema.get("anyOf", [])]
    return " | ".join(kinds) or "any"


# ------------------------------------------------------------------------ routes


@router.get("/health")
async def health(request: Request) -> Health:
    return Health(status="ok", version=__version__, db=hub_of(request).store.backend)


@router.get("/games")
async def games() -> list[GameInfo]:
    """Every game with its player counts, options (type, default, description) and bots."""
    return [game_info(name) for name in registry.names()]


@router.post("/tables", status_code=201)
async def create_table(body: CreateTable, request: Request) -> TableOut:
    """A new open table. Seats: `{"kind": "human"}` or `{"kind": "bot", "level": ...}`."""
    hub = hub_of(request)
    row = await hub.create_table(
        body.game,
        body.options,
        [SeatSpec(s.kind, s.level) for s in body.seats],
        body.seed,
        body.zombie_after_s,
        practice=body.practice,
    )
    return table_out(await hub.info(row.id))


@router.get("/tables")
async def list_tables(
    request: Request,
    status: Annotated[Literal["open", "running"], Query()] = "open",
    game: str | None = None,
) -> list[TableOut]:
    """Open tables with free seats (or running ones), oldest first."""
    hub = hub_of(request)
    rows: list[TableRow]
    if status == "open":
        rows = [row for row in await hub.store.open_tables(game) if row.free_seats]
    else:
        rows = [row for row in await hub.store.unfinished() if game is None or row.game == game]
    return [table_out(await hub.describe(row)) for row in rows]


@router.get("/tables/{table_id}")
async def table_status(table_id: str, request: Request) -> TableOut:
    return table_out(await hub_of(request).info(table_id))


@router.post("/tables/{table_id}/seats/{seat}/join")
async def join(table_id: str, seat: int, body: JoinRequest, request: Request) -> Joined:
    token = await hub_of(request).join(table_id, seat, body.nickname)
    return Joined(token=token, seat=seat, invite=invite(table_id))


@router.post("/tables/{table_id}/start")
async def start(
    table_id: str,
    request: Request,
    authorization: Annotated[str | None, Header()] = None,
) -> TableOut:
    """Start once every human seat is claimed; needs a seated player's token."""
    token = bearer(authorization)
    hub = hub_of(request)
    await hub.start(table_id, token)
    return table_out(await hub.info(table_id))


def bearer(authorization: str | None) -> str | None:
    """The token of an `Authorization: Bearer <token>` header (None without a header)."""
    if authorization is None:
        return None
    scheme, _, value = authorization.partition(" ")
    if scheme.lower() != "bearer" or not value.strip():
        raise HubError(ErrorCode.NO_TOKEN, "the Authorization header must be 'Bearer <token>'")
    return value.strip()


@router.post("/tables/{table_id}/hint")
async def hint(
    table_id: str,
    request: Request,
    authorization: Annotated[str | None, Header()] = None,
) -> Hint:
    """On a practice table: what the game's strongest bot would do now in the asking
    seat's place (from that seat's own view only). Needs the seat's Bearer token."""
    level, action = await hub_of(request).hint(table_id, bearer(authorization))
    return Hint(level=level, action=action)


@router.get("/tables/{table_id}/result")
async def result(table_id: str, request: Request) -> dict[str, Any]:
    """The outcome (scores, ranks, winners) of a finished table."""
    row = await hub_of(request).row(table_id)
    if row.status != "finished" or row.result is None:
        raise HubError(ErrorCode.NOT_FINISHED, f"table {table_id} is {row.status}; no result yet")
    outcome: dict[str, Any] = row.result
    return outcome


@router.get("/tables/{table_id}/replay", response_model=None)
async def replay(
    table_id: str,
    request: Request,
    viewer: Annotated[
        str | None,
        Query(description="A seat number or 'spectator': that viewer's views and events"),
    ] = None,
) -> dict[str, Any] | list[Frame]:
    """The record of a finished table (game, seed, players, options, inputs), or with
    `viewer` the views and events that viewer saw, one frame per input."""
    hub = hub_of(request)
    row = await hub.row(table_id)
    if row.status != "finished":
        raise HubError(
            ErrorCode.NOT_FINISHED,
            f"table {table_id} is {row.status}: its replay shows hidden cards, so it is "
            "given once the game is finished",
        )
    record = Record(
        row.game, row.seed, row.players, row.options, tuple(await hub.store.inputs(table_id))
    )
    if viewer is None:
        return record.to_json()
    seat = _viewer(viewer, row.players)
    game = registry.get(row.game)
    state = game.new(row.seed, row.players, row.options)
    frames = [Frame(seq=0, time=0, view=game.view(state, seat), events=[])]
    for number, inp in enumerate(record.inputs, 1):
        events = game.apply(state, inp)
        frames.append(
            Frame(
                seq=number,
                time=inp.time,
                view=game.view(state, seat),
                events=events_for(events, seat),
            )
        )
    return frames


def _viewer(text: str, players: int) -> int:
    if text == "spectator":
        return SPECTATOR
    if text.isdigit() and int(text) < players:
        return int(text)
    raise HubError(
        ErrorCode.BAD_VIEWER,
        f"viewer must be a seat 0 to {players - 1} or 'spectator', not {quoted(text)}",
    )
