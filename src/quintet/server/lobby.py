"""Tables before they start: the seats asked for at creation, and the connections waiting
for a start (what they are told of who sits where)."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from quintet.core.registry import Entry
from quintet.server.errors import ErrorCode, HubError, quoted
from quintet.server.messages import Watcher
from quintet.server.protocol import SeatInfo, Update, Welcome, encode
from quintet.server.storage import SeatRow, TableRow


@dataclass(frozen=True)
class SeatSpec:
    """A seat asked for at creation: open for a human, or a bot at a level."""

    kind: str
    level: str | None = None


@dataclass
class Lobby:
    """A table that has not started, with the connections waiting for it."""

    row: TableRow
    watchers: list[Watcher]


def with_claim(row: TableRow, seat: int, nickname: str, token_hash: str, at: datetime) -> TableRow:
    """`row` with `seat` claimed as `Store.claim_seat` stores it."""
    claimed = dataclasses.replace(
        row.seats[seat], nickname=nickname, token_hash=token_hash, joined_at=at
    )
    return dataclasses.replace(row, seats=(*row.seats[:seat], claimed, *row.seats[seat + 1 :]))


def seat_rows(found: Entry, seats: Sequence[SeatSpec], *, test_bots: bool = False) -> list[SeatRow]:
    """The seats to store for a new table of `found`'s game; a test-only bot level is
    accepted only with `test_bots` (the server's setting).

    Raises `HubError` bot_unknown or seat_invalid, naming the seat.
    """
    rows = []
    levels = found.bots
    for number, spec in enumerate(seats):
        if spec.kind == "bot":
            if spec.level not in levels:
                raise HubError(
                    ErrorCode.BOT_UNKNOWN,
                    f"seat {number}: unknown bot level {quoted(str(spec.level))} for "
                    f"{found.game.title}; "
                    f"the levels are: {', '.join(levels.shown)}",
                )
            if spec.level in levels.hidden and not test_bots:
                raise HubError(
                    ErrorCode.BOT_UNKNOWN,
                    f"seat {number}: the bot level {spec.level!r} is a test bot of "
                    f"{found.game.title}, not offered at tables (a server started with "
                    f"QUINTET_TEST_BOTS=1 accepts it); the levels are: {', '.join(levels.shown)}",
                )
        elif spec.kind != "human" or spec.level is not None:
            raise HubError(
                ErrorCode.SEAT_INVALID,
                f'seat {number}: a seat is {{"kind": "human"}} or '
                f'{{"kind": "bot", "level": ...}}, not kind {quoted(spec.kind)} with level '
                f"{quoted(str(spec.level))}",
            )
        rows.append(
            SeatRow(seat=number, kind="bot" if spec.kind == "bot" else "human", level=spec.level)
        )
    return rows


def lobby_seats(row: TableRow, waiting: Sequence[Watcher]) -> list[SeatInfo]:
    """The seats of a table not started: a bot is always connected, a person when waiting."""
    return [
        SeatInfo(
            seat=s.seat,
            kind=s.kind,
            level=s.level,
            nickname=s.nickname,
            connected=s.kind == "bot" or any(w.seat == s.seat for w in waiting),
        )
        for s in row.seats
    ]


def lobby_welcome(lobby: Lobby, watcher: Watcher) -> Welcome:
    row = lobby.row
    return Welcome(
        table=row.id,
        game=row.game,
        seat=watcher.seat,
        seats=lobby_seats(row, lobby.watchers),
        status=row.status,
        view=None,
        seq=0,
    )


def lobby_changed(lobby: Lobby, skip: Watcher | None = None) -> None:
    """Tell the waiting connections who sits where and who is connected."""
    row = lobby.row
    text = encode(
        Update(seq=0, status=row.status, view=None, seats=lobby_seats(row, lobby.watchers))
    )
    for watcher in list(lobby.watchers):
        if watcher is not skip:
            watcher.send(text)
