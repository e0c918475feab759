"""The lobby's checks and rules that need no hub: nicknames, strict options, seeds, seat
tokens, the hint level."""

from __future__ import annotations

import hmac
import json
import re
from collections.abc import Sequence
from datetime import datetime
from typing import Final

from pydantic import BaseModel, ValidationError

from quintet.core import BadOptions, JSONDict
from quintet.server.errors import ErrorCode, HubError, quoted
from quintet.server.storage import TableRow, hash_token

#: Seeds stay below 2**53, so a browser's JSON numbers hold them exactly.
SEED_RANGE: Final = 2**53
#: The table setting that marks a seed the creator chose: it is public (see `public_seed`).
SEED_CHOSEN: Final = "seed_chosen"
MAX_NICKNAME: Final = 24
#: The longest nickname field read at all (spaces around it are trimmed before the check).
MAX_NICKNAME_INPUT: Final = 64


def check_nickname(nickname: str) -> str:
    """The nickname trimmed; raises `HubError` unless it is 1-24 printable characters."""
    name = nickname.strip()
    if not 1 <= len(name) <= MAX_NICKNAME or not name.isprintable():
        raise HubError(
            ErrorCode.BAD_NICKNAME,
            f"a nickname is 1 to {MAX_NICKNAME} printable characters, not {quoted(nickname)}",
        )
    return name


def strict_options(model: type[BaseModel], options: JSONDict) -> None:
    """Raises `BadOptions` unless `options` fit the game's options model without coercion
    ("yes" is not a boolean, "12" not a number): validated as JSON in pydantic's strict
    mode, before the game's own (lax) parsing."""
    try:
        model.model_validate_json(json.dumps(options, allow_nan=False), strict=True)
    except ValidationError as error:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in e['loc']) or 'options'}: {e['msg']}" for e in error.errors()
        )
        raise BadOptions(f"invalid options: {problems}") from None
    except ValueError as error:
        raise BadOptions(f"invalid options: {error}") from None


def public_seed(row: TableRow) -> int | None:
    """The seed as the table's description shows it: a seed its creator chose is shown to
    everyone from the start (so every player knows what the creator knows); a seed the
    server drew only once the game is over (None before)."""
    if row.settings.get(SEED_CHOSEN) or row.status == "finished":
        return row.seed
    return None


#: A finished table's setting that names the table its people meet at next (`again.py`).
AGAIN: Final = "again"


def next_table(row: TableRow) -> str | None:
    """The table the people of this finished table were offered next, if any."""
    found = row.settings.get(AGAIN)
    return found if isinstance(found, str) else None


#: A next table's setting: the seats kept for the finished table's people, until when,
#: and that table (`again.py`), as `{"seats": [0, 1], "until": <ISO time>, "from": id}`.
HELD: Final = "held"


def held_until(row: TableRow, seat: int, now: datetime) -> datetime | None:
    """Until when `seat` of this table is kept for its player from the finished table
    (only `POST .../again` with that player's token takes it), or None: anyone may join."""
    held = row.settings.get(HELD)
    if not isinstance(held, dict) or seat not in held.get("seats", ()):
        return None
    until = datetime.fromisoformat(str(held["until"]))
    return until if now < until else None


def host_seat(row: TableRow) -> int | None:
    """The table's host: the person who sat down first (in the lobby, its creator), who
    starts it; None before anyone has."""
    seated = [s for s in row.seats if s.kind == "human" and s.joined_at is not None]
    if not seated:
        return None
    return min(seated, key=lambda s: (s.joined_at, s.seat)).seat


def seat_for_token(row: TableRow, token: str) -> int | None:
    """The seat whose token this is, or None. Compares every seat in constant time."""
    digest = hash_token(token)
    found = None
    for seat in row.seats:
        if seat.token_hash is not None and hmac.compare_digest(seat.token_hash, digest):
            found = seat.seat
    return found


def hint_level(levels: Sequence[str]) -> str:
    """The bot level that gives hints: "perfect", else "hard", else the last registered.

    >>> hint_level(["random", "basic"]), hint_level(["easy", "hard", "perfect", "random"])
    ('basic', 'perfect')
    """
    for wanted in ("perfect", "hard"):
        if wanted in levels:
            return wanted
    return levels[-1]


def list_seats(seats: Sequence[int]) -> str:
    """Seat numbers for a message: "0, 2", or "none".

    >>> list_seats([0, 2]), list_seats([])
    ('0, 2', 'none')
    """
    return ", ".join(str(s) for s in seats) or "none"


#: What a table id can look like (`new_table_id`: 12 url-safe characters); anything else
#: is no table, answered without asking the database (which may refuse, e.g., a NUL byte).
_TABLE_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")


def check_table_id(table_id: str) -> None:
    """Raises `HubError` no_table for an id no table can have."""
    if not _TABLE_ID.fullmatch(table_id):
        raise HubError(ErrorCode.NO_TABLE, f"there is no table {quoted(table_id)}")
