"""Bot levels as the games declare them (`BotLevels`): the games API lists them weakest
first with the level a new seat gets, keeps test bots apart, and the server refuses a
test bot at a table unless it was started with QUINTET_TEST_BOTS=1."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.server.live import create_table, running_server

from quintet.core import registry
from quintet.core.levels import BotLevels
from quintet.server.errors import ErrorCode, HubError
from quintet.server.lobby import SeatSpec, seat_rows

#: Weakest first, as docs/benchmarks.md measures them; the default is one a newcomer can beat.
EXPECTED = {
    "quashars": (["random", "basic", "expert"], "basic", []),
    "quiclo": (["random", "beginner", "easy", "medium", "hard"], "beginner", ["perfect"]),
    "quiddler": (["random", "easy", "medium", "hard"], "easy", []),
    "quick": (["random", "easy", "medium", "hard"], "easy", []),
    "double-quick": (["random", "easy", "medium", "hard"], "easy", []),
}


def _bot(game: object, seat: int, seed: int) -> object:
    raise AssertionError("never made")


def test_bot_levels_keep_their_order_and_refuse_a_bad_declaration() -> None:
    levels = BotLevels({"hard": _bot, "random": _bot, "easy": _bot})
    assert list(levels) == ["hard", "random", "easy"]
    assert levels.default == "hard"  # the first that is not random, when none is named
    assert BotLevels({"random": _bot}).default == "random"
    assert BotLevels({}).default is None
    with pytest.raises(ValueError, match="'wizard' is not a level"):
        BotLevels({"easy": _bot}, default="wizard")
    with pytest.raises(ValueError, match="'easy' is hidden"):
        BotLevels({"easy": _bot, "hard": _bot}, default="easy", hidden=["easy"])
    with pytest.raises(ValueError, match=r"hidden bot level.*wizard"):
        BotLevels({"easy": _bot}, hidden=["wizard"])


@pytest.mark.parametrize("game", sorted(EXPECTED))
def test_each_game_declares_its_levels_weakest_first_with_a_beatable_default(game: str) -> None:
    shown, default, hidden = EXPECTED[game]
    levels = registry.entry(game).bots
    assert (list(levels.shown), levels.default, list(levels.hidden)) == (shown, default, hidden)


def test_a_test_bot_is_refused_at_a_table_unless_the_server_allows_it() -> None:
    found = registry.entry("quiclo")
    seats = [SeatSpec("human"), SeatSpec("bot", "perfect")]
    with pytest.raises(HubError) as refused:
        seat_rows(found, seats)
    assert refused.value.code == ErrorCode.BOT_UNKNOWN
    assert "seat 1" in refused.value.message and "'perfect' is a test bot" in refused.value.message
    assert "random, beginner, easy, medium, hard" in refused.value.message
    assert [row.level for row in seat_rows(found, seats, test_bots=True)] == [None, "perfect"]
    every = "random, beginner, easy, medium, hard"
    with pytest.raises(HubError, match=rf"unknown bot level 'wizard'.*{every}$"):
        seat_rows(found, [SeatSpec("bot", "wizard")], test_bots=True)


def test_the_games_api_lists_levels_in_order_and_refuses_test_bots(tmp_path: Path) -> None:
    db_url = f"sqlite+aiosqlite:///{tmp_path / 'levels.sqlite3'}"
    with running_server(db_url, tmp_path, env={"QUINTET_TEST_BOTS": "0"}) as server:
        http = server.http()
        games = {game["name"]: game for game in http.get("/api/games").json()}
        refused = http.post(
            "/api/tables",
            json={
                "game": "quiclo",
                "options": {},
                "seats": [{"kind": "human"}, {"kind": "bot", "level": "perfect"}],
            },
        )
        allowed = create_table(http, "quiclo", ["human", "easy"])
        http.close()
    for game, (shown, default, hidden) in EXPECTED.items():
        listed = games[game]
        assert (listed["bots"], listed["default_bot"], listed["test_bots"]) == (
            shown,
            default,
            hidden,
        ), game
    assert refused.status_code == 422, refused.text
    body = refused.json()
    assert body["code"] == "bot/unknown"
    assert "'perfect' is a test bot of Quiclo" in body["detail"]
    assert "QUINTET_TEST_BOTS=1" in body["detail"]
    assert [seat["level"] for seat in allowed["seats"]] == [None, "easy"]
