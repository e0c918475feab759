"""Zombie mode: since when each person's seat has had no connection, and when a bot stands in.

A seat left without a connection for the table's zombie time is played by a bot (a
"zombie") until its person connects again. Times are game times in ms; no clock here.
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
    """The people's seats of one table: who is away since when, and whose zombie plays.

    Every person's seat starts away (at `now`, when the table is built); `after_ms` 0
    means no zombies.
    """

    def __init__(self, humans: Iterable[int], now: int, after_ms: int) -> None:
        self.after_ms = after_ms
        #: Since when (game ms) each person's seat has had no connection; None while it has.
        self.since: dict[int, int | None] = dict.fromkeys(humans, now)
        self.zombies: set[int] = set()

    def back(self, seat: int) -> bool:
        """The seat has a connection again; True when it had none (its zombie, if any,
        leaves: the caller removes the bot)."""
        if self.since.get(seat) is None:
            return False
        self.since[seat] = None
        self.zombies.discard(seat)
        return True

    def gone(self, seat: int, now: int) -> bool:
        """The seat's last connection closed at `now`; True for a person's seat."""
        if seat not in self.since:
            return False
        self.since[seat] = now
        return True

    def next_due(self) -> int | None:
        """When the next zombie is due to take a seat, or None."""
        if not self.after_ms:
            return None
        times = [
            since + self.after_ms
            for seat, since in self.since.items()
            if since is not None and seat not in self.zombies
        ]
        return min(times, default=None)

    def take_due(self, now: int) -> list[int]:
        """The seats whose zombie starts now (they count as zombies from here on)."""
        if not self.after_ms:
            return []
        due = [
            seat
            for seat, since in self.since.items()
            if since is not None and seat not in self.zombies and now >= since + self.after_ms
        ]
        self.zombies.update(due)
        return due
