"""Play again: the people of a finished table meet at a new one, each in their own seat.

The first of them to ask creates the new table (same game, options and seats: bots at
the same levels, people's seats open; a new secret seed) and sits in their own seat; every
connection of the finished table is then told (`again`), and each of its people may take
their own seat the same way: for `HOLD_S` the new table keeps each person's seat for them
(joining it otherwise is refused with `seat_held`), since the new table is public. The
finished table remembers the new one (its settings' `again`), so later askers, and anyone
who opens the finished table, find the same one.

A person's token at the next table is derived from their token at the finished one
(`next_seat_token`), not drawn: asking again (the first answer lost on its way, or a
second tab) gives the same seat and token back instead of "seat taken". Only the holder of
the finished table's token can derive it, and that holder could ask anyway.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Final

from quintet.server.checks import AGAIN, HELD, next_table, seat_for_token
from quintet.server.errors import ErrorCode, HubError
from quintet.server.hub import Hub
from quintet.server.lobby import SeatSpec
from quintet.server.protocol import Again, encode
from quintet.server.storage.rows import TableRow, hash_token

#: Seconds the next table keeps each person's seat for them (others get `seat_held`);
#: after that a seat nobody took is open to anyone with the invite link.
HOLD_S: Final = 300


def next_seat_token(token: str, table_id: str, seat: int) -> str:
    """The seat token at next table `table_id` of the person whose finished-table token is
    `token`: 24 bytes of an HMAC keyed by that token, URL-safe like a drawn one."""
    digest = hmac.new(token.encode(), f"again:{table_id}:{seat}".encode(), hashlib.sha256)
    return base64.urlsafe_b64encode(digest.digest()[:24]).decode()


def _holds(row: TableRow, seat: int, token: str) -> bool:
    """Whether `seat` of `row` is already claimed with `token` (compared in constant time)."""
    stored = row.seats[seat].token_hash
    return stored is not None and hmac.compare_digest(stored, hash_token(token))


@dataclass(frozen=True)
class Seated:
    """A seat taken at the next table."""

    table: str
    seat: int
    token: str


async def play_again(hub: Hub, table_id: str, token: str | None) -> Seated:
    """Seat the token's person in the same seat at the next table, creating it first
    when nobody has; the finished table's connections are told of a new one.

    Raises `HubError`: no_token or bad_token without a token of a seat here, no_table,
    not_finished before the end (or for an aborted table), seat_taken or not_open when
    the seat, or the table, is no longer free.
    """
    if not token:
        raise HubError(
            ErrorCode.NO_TOKEN, "playing again needs 'Authorization: Bearer <seat token>'"
        )
    row = await hub.row(table_id)
    seat = seat_for_token(row, token)
    if seat is None:
        raise HubError(ErrorCode.BAD_TOKEN, f"that token is no seat's at table {table_id}")
    if row.status == "aborted":
        # It has ended, but without a result (abandoned, say): "once it ends" would be wrong.
        raise HubError(
            ErrorCode.NOT_FINISHED,
            f"table {table_id} was ended without a result (aborted); playing again follows "
            "a finished game only: start a new table instead",
        )
    if row.status != "finished":
        raise HubError(
            ErrorCode.NOT_FINISHED, f"table {table_id} is {row.status}; play again once it ends"
        )
    created = False
    async with hub.lock(table_id):
        row = await hub.row(table_id)
        new_id = next_table(row)
        if new_id is not None and await hub.store.table(new_id) is None:
            new_id = None  # it expired, nobody having sat there: make another
        if new_id is None:
            zombie = row.settings.get("zombie_after_s")
            # Each person's seat is kept for them a while: the new table is public (the
            # finished table names it, the lobby lists it), and a stranger must not take
            # the seat of a player who has not yet answered.
            until = datetime.now(UTC) + timedelta(seconds=HOLD_S)
            people = [s.seat for s in row.seats if s.kind == "human"]
            held = {"seats": people, "until": until.isoformat(), "from": table_id}
            new = await hub.create_table(
                row.game,
                row.options,
                [SeatSpec(s.kind, s.level) for s in row.seats],
                zombie_after_s=float(zombie) if isinstance(zombie, int | float) else None,
                practice=bool(row.settings.get("practice")),
                extra_settings={HELD: held},
            )
            await hub.store.set_settings(table_id, {**row.settings, AGAIN: new.id})
            new_id, created = new.id, True
    nickname = row.seats[seat].nickname or f"Player {seat + 1}"
    new_token = next_seat_token(token, new_id, seat)
    try:
        if not created and _holds(await hub.row(new_id), seat, new_token):
            return Seated(new_id, seat, new_token)  # asked before: the same seat again
        try:
            await hub.join(new_id, seat, nickname, held_ok=True, token=new_token)
        except HubError as error:
            # Two asks at once: the other one seated this person first.
            if error.code != ErrorCode.SEAT_TAKEN or not _holds(
                await hub.row(new_id), seat, new_token
            ):
                raise
    finally:
        # Told once the asker sits there (the others then see who), and even if that
        # failed: the table exists and is linked, so the others may still take theirs.
        if created:
            hub.tell_finished(table_id, encode(Again(table=new_id, by=seat)))
    return Seated(new_id, seat, new_token)
