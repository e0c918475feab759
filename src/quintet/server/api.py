"""The HTTP API under /api: games, the lobby (create, join, start), status, results, replays.

Refusals answer `{"code": ..., "detail": "..."}`; the status comes from the code, in one
table (`STATUS`: 404 unknown, 409 wrong moment, 401/403 token, 422 bad input). FastAPI's
request validation too (`bad_request`, naming each field and rule, never echoing input).
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable, Coroutine
from typing import Annotated, Any, Final, Literal

from fastapi import APIRouter, Header, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from fastapi.routing import APIRoute
from starlette.exceptions import HTTPException as StarletteHTTPException

from quintet import __version__
from quintet.core import SPECTATOR, Record, events_for, registry
from quintet.server.again import play_again
from quintet.server.errors import ErrorCode, HubError, quoted
from quintet.server.hub import Hub
from quintet.server.limits import charge
from quintet.server.lobby import SeatSpec
from quintet.server.ratings import PLAYER_KEY_HEADER, carry_key, check_player_key
from quintet.server.schemas import (
    CreateTable,
    Frame,
    GameInfo,
    Health,
    Hint,
    Joined,
    JoinRequest,
    Sample,
    SeatedAgain,
    TableOut,
    TablePage,
    game_info,
    invite,
    table_out,
)
from quintet.server.served import served_view
from quintet.server.tutorials_api import start_tutorial_route
from quintet.server.words import WordVerdicts, check_words

log = logging.getLogger(__name__)

#: Tables per page of `GET /api/tables`, by default and at most.
PAGE: Final = 50
MAX_PAGE: Final = 100


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
    ErrorCode.BAD_PLAYER_KEY: 400,
    ErrorCode.UNKNOWN_PLAYER_KEY: 401,
    ErrorCode.NO_PLAYER: 404,
    ErrorCode.NO_TOKEN: 401,
    ErrorCode.BAD_TOKEN: 403,
    ErrorCode.BAD_ORIGIN: 403,
    ErrorCode.SPECTATOR: 403,
    ErrorCode.NOT_PRACTICE: 403,
    ErrorCode.NO_TABLE: 404,
    ErrorCode.NO_TUTORIAL: 404,
    ErrorCode.NOT_FOUND: 404,
    ErrorCode.BAD_METHOD: 405,
    ErrorCode.NO_SEAT: 404,
    ErrorCode.SEAT_IS_BOT: 409,
    ErrorCode.SEAT_TAKEN: 409,
    ErrorCode.SEAT_HELD: 409,
    ErrorCode.SEATS_OPEN: 409,
    ErrorCode.NOT_OPEN: 409,
    ErrorCode.NOT_STARTED: 409,
    ErrorCode.NOT_RUNNING: 409,
    ErrorCode.CANNOT_ACT: 409,
    ErrorCode.NOT_FINISHED: 409,
    ErrorCode.STOPPED: 409,
    ErrorCode.KEY_SEATED: 409,
    ErrorCode.TOO_BIG: 413,
    ErrorCode.RATE_LIMITED: 429,
    ErrorCode.SERVER_ERROR: 500,
    ErrorCode.STORAGE_FAILED: 503,
    ErrorCode.CLUSTER_UNAVAILABLE: 503,
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
        if problem["type"] == "json_invalid":
            # Its location is ("body", <character offset>): the offset is no field name.
            reason = problem.get("ctx", {}).get("error")
            problems.append(f"body: {problem['msg']}" + (f": {reason}" if reason else ""))
            continue
        where = ".".join(_short(part) for part in problem["loc"][1:] or problem["loc"])
        problems.append(f"{where or 'body'}: {problem['msg']}")
    return refusal(ErrorCode.BAD_REQUEST, "; ".join(problems)[:MAX_DETAIL])


async def http_error(request: Request, error: Exception) -> JSONResponse:
    """Starlette's own refusals (no such route, wrong method) in the same JSON shape."""
    assert isinstance(error, StarletteHTTPException)
    code = {404: ErrorCode.NOT_FOUND, 405: ErrorCode.BAD_METHOD}.get(
        error.status_code, ErrorCode.BAD_REQUEST
    )
    response = refusal(code, str(error.detail))
    response.status_code = error.status_code
    if error.headers:
        response.headers.update(error.headers)
    return response


async def storage_error(request: Request, error: Exception) -> JSONResponse:
    """The database failed (disk full, read-only, down): 503, nothing was changed."""
    log.warning("%s %s: storage failed: %s", request.method, request.url.path, error)
    return refusal(
        ErrorCode.STORAGE_FAILED,
        "the server's storage failed; nothing was changed: try again later",
    )


async def server_error(request: Request, error: Exception) -> JSONResponse:
    """Any other failure (a bug): 500 in the same JSON shape (the traceback is logged)."""
    return refusal(ErrorCode.SERVER_ERROR, "the server failed on this request")


class StrictJSONRequest(Request):
    """A request whose JSON body refuses what Python's json module lets through: NaN and
    Infinity (not JSON), and nesting deep enough to exhaust the recursion limit."""

    async def json(self) -> Any:
        if not hasattr(self, "_json"):
            body = await self.body()
            try:
                self._json = json.loads(body, parse_constant=_not_json)
            except RecursionError:
                raise json.JSONDecodeError("the JSON is nested too deeply", "", 0) from None
        return self._json


def _not_json(constant: str) -> Any:
    raise json.JSONDecodeError(f"{constant} is not a JSON number", "", 0)


class StrictJSONRoute(APIRoute):
    """A route that reads its body with `StrictJSONRequest`."""

    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        handler = super().get_route_handler()

        async def strict(request: Request) -> Response:
            return await handler(StrictJSONRequest(request.scope, request.receive))

        return strict


def _short(part: object) -> str:
    text = str(part)
    return text if len(text) <= 32 else text[:32] + "..."


router = APIRouter(prefix="/api", route_class=StrictJSONRoute)


# ------------------------------------------------------------------------ routes
# The lobby's own routes come first: a request is matched against the routes in order
# (FastAPI's matching costs a few microseconds a route), and these are the most asked.


@router.post("/tables", status_code=201)
async def create_table(body: CreateTable, request: Request) -> TableOut:
    """A new open table. Seats: `{"kind": "human"}` or `{"kind": "bot", "level": ...}`.
    Each client address may create `create_burst` tables at once, then
    `create_per_minute` a minute (429 `rate_limited` beyond)."""
    hub = hub_of(request)
    client = request.client.host if request.client is not None else "unknown"
    charge(request.app.state.create_limit, client, "tables")
    row = await hub.create_table(
        body.game,
        body.options,
        [SeatSpec(s.kind, s.level) for s in body.seats],
        body.seed,
        body.zombie_after_s,
        practice=body.practice,
        extra_settings=None if body.rated is None else {"rated": body.rated},
    )
    return table_out(await hub.describe(row))


@router.post("/tables/{table_id}/seats/{seat}/join")
async def join(
    table_id: str,
    seat: int,
    body: JoinRequest,
    request: Request,
    player_key: Annotated[str | None, Header(alias=PLAYER_KEY_HEADER)] = None,
) -> Joined:
    """Claim a seat; with an `X-Player-Key` header its ratings follow that player key
    (400 player_key/malformed, 401 player_key/unknown, before anything changes; at a
    rated table one key takes one seat: 409 player_key/seated)."""
    key_id = await check_player_key(request, player_key)
    token = await hub_of(request).join(table_id, seat, body.nickname, key_id=key_id)
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
    row = await hub.start(table_id, token)
    return table_out(await hub.describe(row))


@router.get("/health")
async def health(request: Request) -> Health:
    return Health(status="ok", version=__version__, db=hub_of(request).store.backend)


@router.get("/games")
async def games() -> list[GameInfo]:
    """Every game with its player counts, options (type, default, description) and bots."""
    return [game_info(name) for name in registry.names()]


@router.get("/tables")
async def list_tables(
    request: Request,
    status: Annotated[Literal["open", "running"], Query()] = "open",
    game: Annotated[str | None, Query(max_length=64)] = None,
    limit: Annotated[int, Query(ge=1, le=MAX_PAGE)] = PAGE,
    after: Annotated[
        str | None, Query(max_length=64, description="The previous page's `next`")
    ] = None,
) -> TablePage:
    """Open tables with free seats (or running ones), oldest first, a page at a time:
    `next` is the `after` of the next page (null: this was the last)."""
    hub = hub_of(request)
    rows = await hub.store.page(
        status, game=game, free_only=status == "open", limit=limit + 1, after=after
    )
    more = len(rows) > limit
    rows = rows[:limit]
    return TablePage(
        tables=[table_out(await hub.describe(row)) for row in rows],
        next=rows[-1].id if more else None,
    )


@router.get("/tables/{table_id}")
async def table_status(table_id: str, request: Request) -> TableOut:
    return table_out(await hub_of(request).info(table_id))


@router.post("/tables/{table_id}/again")
async def again(
    table_id: str,
    request: Request,
    authorization: Annotated[str | None, Header()] = None,
) -> SeatedAgain:
    """A finished table's person takes the same seat at a new table like it (bots at the
    same levels), created by the first to ask; the table's connections are told."""
    seated = await play_again(hub_of(request), table_id, bearer(authorization))
    await carry_key(request, table_id, seated.table, seated.seat)
    return SeatedAgain(
        table=seated.table, token=seated.token, seat=seated.seat, invite=invite(seated.table)
    )


def bearer(authorization: str | None) -> str | None:
    """The token of an `Authorization: Bearer <token>` header (None without a header)."""
    if authorization is None:
        return None
    scheme, _, value = authorization.partition(" ")
    if scheme.lower() != "bearer" or not value.strip():
        raise HubError(ErrorCode.NO_TOKEN, "the Authorization header must be 'Bearer <token>'")
    return value.strip()


# The Quiddler board's word check (words.py holds the body, the limit and the answer).
router.add_api_route("/words/check", check_words, methods=["POST"], response_model=WordVerdicts)
# A game's guided first game (tutorials_api.py holds the body and the answer).
router.add_api_route("/tutorials/{game}", start_tutorial_route, methods=["POST"], status_code=201)


@router.post("/tables/{table_id}/hint")
async def hint(
    table_id: str,
    request: Request,
    authorization: Annotated[str | None, Header()] = None,
) -> Hint:
    """On a practice table: what the game's strongest bot would do now in the asking
    seat's place (from that seat's own view only). Needs the seat's Bearer token. Each
    client address may ask `hints_burst` at once, then `hints_per_minute` a minute (429
    `rate_limited` beyond): a hint runs the strongest bot."""
    client = request.client.host if request.client is not None else "unknown"
    charge(request.app.state.hint_limit, client, "hints")
    level, action = await hub_of(request).hint(table_id, bearer(authorization))
    return Hint(level=level, action=action)


@router.post("/tables/{table_id}/sample")
async def sample(
    table_id: str,
    request: Request,
    authorization: Annotated[str | None, Header()] = None,
) -> Sample:
    """One random legal action for the asking seat, now (any running table; the seat's
    Bearer token). 409 `cannot_act` when it has none, or the game lists none (real time)."""
    action = await hub_of(request).sample(table_id, bearer(authorization))
    return Sample(action=action)


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
    frames = [Frame(seq=0, time=0, view=served_view(game, game.view(state, seat)), events=[])]
    for number, inp in enumerate(record.inputs, 1):
        events = game.apply(state, inp)
        frames.append(
            Frame(
                seq=number,
                time=inp.time,
                view=served_view(game, game.view(state, seat)),
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
