"""The WebSocket protocol, version 1: one pydantic model per message.

Every message is a JSON object with `"v": 1` and a `"type"`.

Client -> server:
    {"v": 1, "type": "act", "action": {...}, "ref": "c17"}   ref: optional, <= 64 chars
    {"v": 1, "type": "ping"}

Server -> client:
    welcome   once, on connect: table, game, seat (null: spectator), seats, status, view, seq,
              log (the events this connection may see so far, by seq)
    update    after every change: seq, status, view, events; `ref` only in the copy sent to
              the client whose action it acknowledges; `seats` when they changed; `outcome`
              once the game is over. Views are whole snapshots, never diffs.
    refused   to the sender only: the rule's stable `code` and `message`, with the `ref`
    error     a message the server could not take (`errors.ErrorCode`), with its `ref` when known
    pong      the answer to ping
    again     to a finished table's connections: its people may sit at a new table, in
              their own seats (`table`), which seat `by` set up

A message the server cannot take gets an `error` and changes nothing.
"""

from __future__ import annotations

import json
import reprlib
from typing import Annotated, Any, ClassVar, Final, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError
from pydantic_core import to_json

from quintet.server.errors import ErrorCode, quoted

VERSION: Final = 1
#: Longest `ref` a client may attach to an action (it is echoed back).
MAX_REF: Final = 64


class CloseCode:
    """WebSocket close codes the server uses (4000-4999 are the application's)."""

    BAD_TOKEN: Final = 4001
    BAD_ORIGIN: Final = 4003
    NO_TABLE: Final = 4004
    TOO_SLOW: Final = 4008
    TOO_MANY: Final = 4029
    GOING_AWAY: Final = 1001
    SERVER_ERROR: Final = 1011
    #: The table moved to (or is moving between) server processes: connect again.
    RECONNECT: Final = 1012


class ProtocolError(ValueError):
    """A client message the server cannot take; becomes an `error` message."""

    def __init__(self, code: ErrorCode, message: str, ref: str | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.ref = ref


# ---------------------------------------------------------------- client -> server


class _ClientMessage(BaseModel):
    # strict: no coercion ("1" is not 1, true is not a number).
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    v: Literal[1]


class Act(_ClientMessage):
    """An action for the sender's own seat (the seat comes from the token, never the message)."""

    type: Literal["act"]
    action: dict[str, Any]
    ref: Annotated[str | None, Field(max_length=MAX_REF)] = None


class Ping(_ClientMessage):
    type: Literal["ping"]


ClientMessage = Act | Ping
CLIENT_TYPES: Final[dict[str, type[Act] | type[Ping]]] = {"act": Act, "ping": Ping}


def _not_json(constant: str) -> Any:
    raise ValueError(f"{constant} is not a JSON number")


def parse_client(text: str | bytes) -> ClientMessage:
    """Parse one client message; raises `ProtocolError` naming what is wrong.

    >>> parse_client('{"v": 1, "type": "ping"}')
    Ping(v=1, type='ping')
    >>> parse_client('{"v": 1, "type": "jump"}')
    Traceback (most recent call last):
    ...
    quintet.server.protocol.ProtocolError: unknown message type 'jump'; the types are: act, ping
    """
    try:
        data = json.loads(text, parse_constant=_not_json)
    except (ValueError, UnicodeDecodeError) as error:
        raise ProtocolError(ErrorCode.BAD_JSON, f"the message is not JSON: {error}") from None
    except RecursionError:
        raise ProtocolError(ErrorCode.BAD_JSON, "the message is nested too deeply") from None
    if not isinstance(data, dict):
        raise ProtocolError(
            ErrorCode.BAD_JSON, f"a message is a JSON object, not {type(data).__name__}"
        )
    raw_ref = data.get("ref")
    ref = raw_ref if isinstance(raw_ref, str) and len(raw_ref) <= MAX_REF else None
    kind = data.get("type")
    model = CLIENT_TYPES.get(kind) if isinstance(kind, str) else None
    if model is None:
        known = ", ".join(CLIENT_TYPES)
        what = (
            f"unknown message type {quoted(kind)}"
            if isinstance(kind, str)
            else "the message has no string 'type'"
        )
        raise ProtocolError(ErrorCode.UNKNOWN_TYPE, f"{what}; the types are: {known}", ref)
    version = data.get("v")
    if version != VERSION or isinstance(version, bool):
        raise ProtocolError(
            ErrorCode.BAD_VERSION,
            f'protocol version {reprlib.repr(version)} is not supported; send "v": {VERSION}',
            ref,
        )
    try:
        return model.model_validate(data)
    except ValidationError as error:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in e['loc']) or 'message'}: {e['msg']}" for e in error.errors()
        )
        raise ProtocolError(
            ErrorCode.BAD_MESSAGE, f"bad {kind!r} message: {problems}", ref
        ) from None


# ---------------------------------------------------------------- server -> client


class _ServerMessage(BaseModel):
    model_config = ConfigDict(frozen=True)

    #: Fields left out of the JSON when None (e.g. `ref` in other clients' updates).
    OMIT_NONE: ClassVar[frozenset[str]] = frozenset()

    v: Literal[1] = VERSION


class SeatInfo(BaseModel):
    """A seat as every client may see it (never its token)."""

    model_config = ConfigDict(frozen=True)

    seat: int
    kind: Literal["human", "bot"]
    level: str | None = None
    nickname: str | None = None
    connected: bool = False
    #: A bot plays this human seat while its player is away (zombie mode).
    zombie: bool = False
    #: Milliseconds from this message until a bot takes over this seat that is away; null
    #: when none will (connected, already a zombie, zombies off, the game not running).
    zombie_in: int | None = None


class LogEntry(BaseModel):
    """The events one input caused that a viewer may see, with its seq."""

    model_config = ConfigDict(frozen=True)

    seq: int
    events: list[dict[str, Any]]


class Welcome(_ServerMessage):
    type: Literal["welcome"] = "welcome"
    table: str
    game: str
    seat: int | None
    seats: list[SeatInfo]
    status: str
    view: dict[str, Any] | None
    seq: int
    outcome: dict[str, Any] | None = None
    #: The events this connection may see since the start (the latest `LOG_LIMIT`).
    log: list[LogEntry] = Field(default_factory=list)


class Update(_ServerMessage):
    OMIT_NONE: ClassVar[frozenset[str]] = frozenset({"ref", "seats", "outcome"})

    type: Literal["update"] = "update"
    seq: int
    status: str
    view: dict[str, Any] | None
    events: list[dict[str, Any]] = Field(default_factory=list)
    ref: str | None = None
    seats: list[SeatInfo] | None = None
    outcome: dict[str, Any] | None = None


class Refused(_ServerMessage):
    type: Literal["refused"] = "refused"
    ref: str | None
    code: str
    message: str


class Error(_ServerMessage):
    OMIT_NONE: ClassVar[frozenset[str]] = frozenset({"ref"})

    type: Literal["error"] = "error"
    code: ErrorCode
    message: str
    ref: str | None = None


class Pong(_ServerMessage):
    type: Literal["pong"] = "pong"


class Again(_ServerMessage):
    """To every connection of a finished table: its people may take their own seats at
    `table`, which the person at seat `by` has just set up (POST .../again)."""

    type: Literal["again"] = "again"
    table: str
    by: int


ServerMessage = Welcome | Update | Refused | Error | Pong | Again


def encode(message: ServerMessage) -> str:
    """The message as JSON text, without the optional fields that are None."""
    omit = {name for name in message.OMIT_NONE if getattr(message, name) is None}
    return message.model_dump_json(exclude=omit or None)


def update_text(
    *,
    seq: int,
    status: str,
    view: dict[str, Any] | None,
    events: list[dict[str, Any]],
    ref: str | None = None,
    seats: list[SeatInfo] | None = None,
    outcome: dict[str, Any] | None = None,
) -> str:
    """An `update` as `encode(Update(...))` writes it, byte for byte, without building the
    model: the server sends one per viewer per input, and the model's construction and
    validation cost as much as the encoding (pydantic-core's serializer writes both)."""
    message: dict[str, Any] = {
        "v": VERSION,
        "type": "update",
        "seq": seq,
        "status": status,
        "view": view,
        "events": events,
    }
    if ref is not None:
        message["ref"] = ref
    if seats is not None:
        message["seats"] = seats
    if outcome is not None:
        message["outcome"] = outcome
    return to_json(message, inf_nan_mode="null").decode()  # as the models write NaN


def error_text(code: ErrorCode, message: str, ref: str | None = None) -> str:
    """An encoded `error` message."""
    return encode(Error(code=code, message=message, ref=ref))
