"""The HTTP API's request and answer models (pydantic), and how a table is shown.

Requests are validated in strict mode: no coercion ("12" is not a number, "yes" not a
boolean), no unknown fields, every number within bounds.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any, Final, Literal

from pydantic import BaseModel, ConfigDict, Field

from quintet.core import registry, tutorial
from quintet.server.checks import (
    MAX_NICKNAME_INPUT,
    SEED_RANGE,
    held_until,
    host_seat,
    next_table,
    public_seed,
)
from quintet.server.hub import TableInfo
from quintet.server.protocol import SeatInfo


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
    #: False for a game whose moves can't be listed: its views carry no `legal` list, and
    #: the generic board offers an action editor and `POST /api/tables/{id}/sample`.
    lists_actions: bool
    options: list[GameOption]
    #: The bot levels offered at tables, weakest first (the lobby lists them so).
    bots: list[str]
    #: The game has a guided first game (`POST /api/tutorials/{game}`).
    tutorial: bool = False
    #: The level a new bot seat gets: one a newcomer can beat. None: the game has no bots.
    default_bot: str | None
    #: Test-only levels (not offered in the lobby), accepted at new tables only by a server
    #: started with QUINTET_TEST_BOTS=1.
    test_bots: list[str]


class SeatRequest(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    kind: Literal["human", "bot"]
    level: str | None = Field(None, max_length=64, description="The bot's level (bots only)")


#: Bounds of the numbers a table is created with (the game checks its own options).
MAX_ZOMBIE_AFTER_S: Final = 86_400.0
MAX_SEATS: Final = 16


class CreateTable(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    game: str = Field(max_length=64)
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
    rated: bool | None = Field(
        None,
        description="Whether its result updates ratings; unset: yes when a person plays."
        " Never for practice tables",
    )


class TableOut(BaseModel):
    id: str
    game: str
    options: dict[str, Any]
    players: int
    status: str
    seats: list[SeatInfo]
    free_seats: list[int] = Field(
        description="The human seats anyone may join now (a seat kept for its player from "
        "the finished table is in held_seats instead)"
    )
    held_seats: list[int] = Field(
        default_factory=list,
        description="Open seats a play-again table keeps for its players from the finished "
        "table until held_until (only POST /api/tables/{finished}/again takes them)",
    )
    held_until: datetime | None = Field(
        None, description="Until when held_seats are kept; null when none are"
    )
    seq: int
    created_at: datetime
    started_at: datetime | None
    finished_at: datetime | None
    invite: str
    practice: bool = Field(False, description="Hints allowed (created with practice: true)")
    tutorial: bool = Field(False, description="A guided first game (POST /api/tutorials/{game})")
    seed: int | None = Field(
        None,
        description="The deal's seed when the creator chose it (shown to all from the "
        "start); a seed the server drew only once the game is finished, null before",
    )
    host: int | None = Field(
        None,
        description="The seat of the person who sat down first (the creator), who starts "
        "the game; null before anyone sits",
    )
    again: str | None = Field(
        None,
        description="A finished table: the table its people were offered to play again at "
        "(POST .../again), null until one of them asks",
    )


class TablePage(BaseModel):
    """One page of the table listing."""

    tables: list[TableOut]
    next: str | None = Field(description="`after` for the next page; null: the last page")


class JoinRequest(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

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


class SeatedAgain(Joined):
    """A seat at the table the people of a finished table play again at."""

    table: str = Field(description="The new table's id")


class Hint(BaseModel):
    """What the game's strongest bot would do now from the asking seat's own view."""

    level: str = Field(description="The bot level that answered")
    action: dict[str, Any] | None = Field(description="The action; null: nothing to do now")


class Sample(BaseModel):
    """One random legal action for the asking seat."""

    action: dict[str, Any] = Field(description="An action the rules accept from that seat now")


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
    now = datetime.now(UTC)
    kept = {seat: held_until(row, seat, now) for seat in row.free_seats}
    held = {seat: until for seat, until in kept.items() if until is not None}
    return TableOut(
        id=row.id,
        game=row.game,
        options=row.options,
        players=row.players,
        status=info.status,
        seats=info.seats,
        free_seats=[seat for seat in row.free_seats if seat not in held],
        held_seats=sorted(held),
        held_until=max(held.values(), default=None),
        seq=info.seq,
        created_at=row.created_at,
        started_at=row.started_at,
        finished_at=row.finished_at,
        invite=invite(row.id),
        practice=bool(row.settings.get("practice", False)),
        tutorial=bool(row.settings.get("tutorial", False)),
        seed=public_seed(row),
        host=host_seat(row),
        again=next_table(row),
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
        lists_actions=game.lists_actions,
        options=options,
        bots=list(found.bots.shown),
        default_bot=found.bots.default,
        test_bots=list(found.bots.hidden),
        tutorial=tutorial.find(name) is not None,
    )


def _type_of(schema: dict[str, Any]) -> str:
    """The JSON type(s) of an option, e.g. "integer" or "integer | null"."""
    if "type" in schema:
        return str(schema["type"])
    kinds = [str(part.get("type", "any")) for part in schema.get("anyOf", [])]
    return " | ".join(kinds) or "any"
