"""Presence and the log, without a server: `absence.Absences` (the grace before a seat shows
away, the zombie's time) and `messages.log_for` (the events a late connection gets)."""

from __future__ import annotations

from quintet.core import Event, private
from quintet.server.absence import Absences
from quintet.server.messages import LOG_LIMIT, log_for

GRACE, ZOMBIE = 5_000, 60_000


def test_every_person_starts_away_and_shown_away() -> None:
    absent = Absences([0, 2], now=0, after_ms=ZOMBIE, grace_ms=GRACE)
    assert absent.away(0) and absent.away(2) and not absent.away(1)
    assert absent.zombie_at(0) == ZOMBIE
    assert absent.back(0) is True, "the others were told seat 0 was away"
    assert not absent.away(0) and absent.zombie_at(0) is None


def test_a_connection_back_within_the_grace_is_told_nothing() -> None:
    absent = Absences([0], now=0, after_ms=ZOMBIE, grace_ms=GRACE)
    absent.back(0)
    assert absent.gone(0, 1_000) is False, "nothing to tell during the grace"
    assert not absent.away(0) and absent.next_due() == 1_000 + GRACE
    assert absent.take_shown(1_000 + GRACE - 1) == []
    assert absent.back(0) is False, "back within the grace: no coming and going"
    assert absent.next_due() is None


def test_past_the_grace_the_seat_is_away_with_its_zombie_time() -> None:
    absent = Absences([0], now=0, after_ms=ZOMBIE, grace_ms=GRACE)
    absent.back(0)
    absent.gone(0, 1_000)
    assert absent.take_shown(1_000 + GRACE) == [0]
    assert absent.away(0) and absent.zombie_at(0) == 1_000 + ZOMBIE
    assert absent.next_due() == 1_000 + ZOMBIE
    assert absent.take_due(1_000 + ZOMBIE) == [0]
    assert absent.zombie_at(0) is None and absent.away(0)
    assert absent.back(0) is True


def test_without_a_grace_or_once_the_game_is_over_a_seat_is_away_at_once() -> None:
    none = Absences([0], now=0, after_ms=0, grace_ms=0)
    none.back(0)
    assert none.gone(0, 10) is True and none.away(0) and none.zombie_at(0) is None
    over = Absences([0], now=0, after_ms=ZOMBIE, grace_ms=GRACE)
    over.back(0)
    assert over.gone(0, 10, at_once=True) is True and over.away(0)


def test_the_log_holds_only_what_the_viewer_may_see() -> None:
    history = [
        (1, [Event("dealt"), private(0, "hand", cards=[1, 2])]),
        (2, [private(1, "hand", cards=[3])]),
        (3, [Event("played", {"seat": 1})]),
    ]
    assert [(e.seq, e.events) for e in log_for(history, 0)] == [
        (1, [{"type": "dealt"}, {"type": "hand", "cards": [1, 2]}]),
        (3, [{"type": "played", "seat": 1}]),
    ]
    assert [(e.seq, e.events) for e in log_for(history, 1)][1] == (
        2,
        [{"type": "hand", "cards": [3]}],
    )


def test_the_log_keeps_the_latest_events_up_to_its_limit() -> None:
    kinds = ("tick", "tock", "tack")
    history = [(seq, [Event(kind) for kind in kinds]) for seq in range(1, LOG_LIMIT + 1)]
    entries = log_for(history, 0)
    events = [event for entry in entries for event in entry.events]
    assert len(events) == LOG_LIMIT
    assert entries[-1].seq == LOG_LIMIT and events[-1] == {"type": "tack"}
    # The oldest input kept is cut at its start: only its last events fit.
    whole, part = divmod(LOG_LIMIT, len(kinds))
    assert entries[0].seq == LOG_LIMIT - whole
    assert entries[0].events == [{"type": kind} for kind in kinds[len(kinds) - part :]]
