"""The generic board end to end: a game that cannot list its moves (the example game,
Colonel Blotto, loaded through QUINTET_GAMES into a real server) played in a real browser
with the JSON action editor and "Suggest a move" (POST /api/tables/{id}/sample), a
refusal's reason shown on the board, and the game played to its result."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect
from tests.core.example import FOLDER, MODULE
from tests.server.live import LiveServer, running_server
from tests.web.browser import WEB_BOT_PACE, Web

from quintet.core import registry

#: How the generic board shows a field with no value (an en dash).
NOTHING = "\u2013"
#: Two rounds over two fields with four troops: a short game. A round's time is far
#: longer than the test, so every round ends because both seats sent their split.
OPTIONS = {"rounds": 2, "troops": 4, "fields": 2, "round_ms": 600_000}


@pytest.fixture(scope="module")
def web_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """A live server that also loads the example game (this module's `web` uses it)."""
    folder = tmp_path_factory.mktemp("web-blotto")
    url = f"sqlite+aiosqlite:///{folder / 'quintet.sqlite3'}"
    path = os.pathsep.join(filter(None, [str(FOLDER), os.environ.get("PYTHONPATH")]))
    env = {registry.ENV_VAR: MODULE, "PYTHONPATH": path}
    with running_server(url, folder, bot_pace=WEB_BOT_PACE, env=env) as server:
        yield server


def field(board: Locator, name: str) -> Locator:
    """The value of the view's field `name` in the board's details list."""
    return board.locator(f'[data-field="{name}"] dd')


def suggest(page: Page, board: Locator, table_id: str) -> dict[str, Any]:
    """Press "Suggest a move"; returns the action the server sampled, now in the editor."""
    editor = board.get_by_label("Your action (JSON)")
    expect(editor).to_have_value("")
    with page.expect_response(
        lambda r: r.url.endswith(f"/api/tables/{table_id}/sample") and r.request.method == "POST"
    ) as asked:
        board.get_by_role("button", name="Suggest a move").click()
    sampled: dict[str, Any] = asked.value.json()["action"]
    expect(editor).not_to_have_value("")
    assert json.loads(editor.input_value()) == sampled
    return sampled


def assert_legal(action: dict[str, Any]) -> None:
    """A Blotto split of OPTIONS' troops over its fields."""
    assert action["type"] == "deploy"
    troops = action["troops"]
    assert len(troops) == OPTIONS["fields"]
    assert all(isinstance(n, int) and n >= 0 for n in troops)
    assert sum(troops) == OPTIONS["troops"]


def test_a_game_without_listed_moves_is_played_to_its_end(web: Web, page: Page) -> None:
    table = web.table("blotto", ["human", "random"], OPTIONS)
    web.seat_page(page, table, 0)
    board = page.locator(".generic-board")
    # No list of moves: no move buttons, the JSON editor and a suggestion instead.
    expect(board).to_have_attribute("data-lists-actions", "false")
    expect(board.locator(".action-buttons")).to_have_count(0)
    editor = board.get_by_label("Your action (JSON)")
    send = board.get_by_role("button", name="Send")
    expect(editor).to_be_visible()
    expect(board.get_by_role("button", name="Suggest a move")).to_be_visible()
    expect(send).to_be_disabled()
    expect(field(board, "round")).to_have_text("1")
    expect(field(board, "can_deploy")).to_have_text("✓")

    # Round 1: the suggested split, sent as it stands, is accepted: the view shows it.
    first = suggest(page, board, table.id)
    assert_legal(first)
    send.click()
    expect(editor).to_have_value("")
    expect(board.get_by_role("alert")).to_have_count(0)
    expect(field(board, "round")).to_have_text("2")  # the bot sent too: round 2
    history = field(board, "history")
    expect(history).to_contain_text(" ".join(str(n) for n in first["troops"]))

    # Round 2: a split that does not add up is refused, and the board says why.
    editor.fill('{"type": "deploy", "troops": [4, 4]}')
    send.click()
    expect(board.get_by_role("alert")).to_have_text("Refused: the troops must add up to 4, not 8")
    expect(page.locator(".refusal")).to_have_count(0)
    expect(field(board, "split")).to_have_text(NOTHING)  # nothing was deployed
    expect(field(board, "can_deploy")).to_have_text("✓")

    # The player clears it and takes a suggestion: the last round, then the result.
    editor.fill("")
    last = suggest(page, board, table.id)
    assert_legal(last)
    send.click()
    results = page.locator(".results-dialog")
    expect(results).to_be_visible()
    expect(results.get_by_role("heading", name="Game over")).to_be_visible()
    with web.http() as http:
        outcome = http.get(f"/api/tables/{table.id}/result").raise_for_status().json()
    # The ranking has both seats, Anna's row with her score as the server counted it.
    expect(results.locator("tbody tr")).to_have_count(2)
    mine = results.locator("tbody tr.me")
    expect(mine.get_by_role("rowheader")).to_contain_text("Anna")
    expect(mine.locator("td.num")).to_have_text(str(outcome["scores"][0]))
    expect(field(board, "over")).to_have_text("✓")
    web.shot(page, "generic-board-blotto-over")
