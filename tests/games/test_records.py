"""Every stored record (tests/games/<game>/records, written by `records.py`) replays to the
outcome, final state and events it had when it was stored: moving or rewriting the rules'
code must not change what a game does."""

from __future__ import annotations

from pathlib import Path

import pytest

from quintet.core import canonical, replay

from .records import HERE, load, replay_stored, sha256

STORED = sorted(HERE.glob("*/records/*.json"))


def test_every_game_has_stored_records() -> None:
    games = {path.parent.parent.name for path in STORED}
    assert games == {"quashars", "quiclo", "quiddler"}
    assert sum(path.stat().st_size for path in STORED) < 400_000


@pytest.mark.parametrize("path", STORED, ids=lambda p: f"{p.parent.parent.name}/{p.stem}")
def test_record_replays_to_the_same_end(path: Path) -> None:
    record, refused, expected = load(path)
    assert replay_stored(record, refused) == expected
    # The plain replay (no refused inputs) reaches the same state.
    state, _ = replay(record)
    assert sha256(state.to_json()) == expected.state_sha256
    assert canonical(state.to_json()) == canonical(state.clone().to_json())
