"""Presence and zombie mode: since when each person's seat has had no connection, when the
others are told it is away, and when a bot stands in.

A seat whose last connection closes is shown as away only after a short grace, so a
connection that is merely replaced (a reload, the lobby page opening the table page) is
no coming and going for the others. A seat left without a connection for the table's
zombie time is played by a bot (a "zombie") until its person connects again. Times are
game times in ms; no clock here.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

#: Added to a seat number to seed its zombie bot, so it differs from a bot seat's seed.
ZOMBIE_SEED: Final = 1_000_003


def zombie_level(levels: Iterable[str]) -> str:
    """The bot level that plays an absent person's seat: "medium" when the game has it,
    else its first level that is not "random" (a fair stand-in, not a pushover)."""
    ordered = list(levels)
    if "medium" in ordered:
        return "medium"
    serious = [level for level in ordered if level != "random"]
    return (serious or ordered)[0]


class Absences:
    """The people's seats of one table: who is away since when, who is shown away, and
    whose zombie plays.

    Every person's seat starts away and shown away (at `now`, when the table is built:
    nobody was there to leave); `after_ms` 0 means no zombies, `grace_ms` 0 shows a seat
    away as soon as its last connection closes.
    """

    def __init__(self, humans: Iterable[int], now: int, after_ms: int, grace_ms: int = 0) -> None:
        self.after_ms = after_ms
        self.grace_ms = grace_ms
        #: Since when (game ms) each person's seat has had no connection; None while it has.
        self.since: dict[int, int | None] = dict.fromkeys(humans, now)
        #: The seats the others are told are away (their grace is over).
        self.shown: set[int] = set(self.since)
        self.zombies: set[int] = set()

    def back(self, seat: int) -> bool:
        """The seat has a connection again; True when the others were told it was away or a
        zombie played it (its zombie, if any, leaves: the caller removes the bot)."""
        if self.since.get(seat) is None:
            return False
        told = seat in self.shown or seat in self.zombies
        self.since[seat] = None
        self.shown.discard(seat)
        self.zombies.discard(seat)
        return told

    def gone(self, seat: int, now: int, *, at_once: bool = False) -> bool:
        """The seat's last connection closed at `now`; True when the others are to be told
        now (no grace, or `at_once`: e.g. the game is over and nothing waits for it)."""
        if seat not in self.since:
            return False
        self.since[seat] = now
        if at_once or not self.grace_ms:
            self.shown.add(seat)
            return True
        return False

    def away(self, seat: int) -> bool:
        """Whether the others see this person's seat as away."""
        return seat in self.shown

    def zombie_at(self, seat: int) -> int | None:
        """When a bot takes over this seat shown away (None: no zombies, or it already has)."""
        since = self.since.get(seat)
        if not self.after_ms or since is None or seat in self.zombies:
            return None
        return since + self.after_ms

    def next_due(self) -> int | None:
        """When the next seat is to be shown away or its zombie is due, or None."""
        times = []
        for seat, since in self.since.items():
            if since is None:
                continue
            if seat not in self.shown:
                times.append(since + self.grace_ms)
            if self.after_ms and seat not in self.zombies:
                times.append(since + self.after_ms)
        return min(times, default=None)

    def take_shown(self, now: int) -> list[int]:
        """The seats whose grace ends now: from here on the others see them away."""
        due = [
            seat
            for seat, since in self.since.items()
            if since is not None and seat not in self.shown and now >= since + self.grace_ms
        ]
        self.shown.update(due)
        return due

    def take_due(self, now: int) -> list[int]:
        """The seats whose zombie starts now (they count as zombies, and away, from here)."""
        if not self.after_ms:
            return []
        due = [
            seat
            for seat, since in self.since.items()
            if since is not None and seat not in self.zombies and now >= since + self.after_ms
        ]
        self.zombies.update(due)
        self.shown.update(due)
        return due
