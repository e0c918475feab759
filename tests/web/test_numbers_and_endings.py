"""Numbers and endings in a real browser: one minus sign (U+2212, never "-") for negative
scores on two boards and in the shell, written by the shared i18n `num`/`signed`; and the
Quashars board after the last game of a match (no promise of new cards).

The games are played by bots alone, then read in the replay viewer at their last move as
seat 0 sees them, so the scores on the page can be compared with the server's."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from playwright.sync_api import Page, expect
from tests.server.live import LiveServer, running_server
from tests.web.browser import Table, Web

from quintet.games.quiddler.components import CARDS

MINUS = "\u2212"
#: How long a bots-only game may take to finish at the tests' bot pace (a failure guard).
FINISH_WITHIN_S = 120.0
#: Bot think times x this: no person plays here, so the bots need not wait for one; the
#: games only have to finish (at conftest's pace they took 5 to 7 s each).
BOTS_ONLY_PACE = 0.002


@pytest.fixture(scope="module")
def web_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """This module's live server: conftest's, with bots at BOTS_ONLY_PACE."""
    folder = tmp_path_factory.mktemp("web-numbers")
    url = f"sqlite+aiosqlite:///{folder / 'quintet.sqlite3'}"
    with running_server(url, folder, bot_pace=BOTS_ONLY_PACE) as server:
        yield server


def written(number: int) -> str:
    """A number as the page must write it: "\u22124" for -4, "0", "7"."""
    return f"{MINUS}{-number}" if number < 0 else str(number)


def finished(web: Web, table: Table) -> dict[str, Any]:
    """Wait until the bots have finished the table; returns /api/tables/{id}/result."""
    give_up = time.monotonic() + FINISH_WITHIN_S
    with web.http() as http:
        while True:
            status = http.get(f"/api/tables/{table.id}").json()["status"]
            if status == "finished":
                result: dict[str, Any] = http.get(f"/api/tables/{table.id}/result").json()
                return result
            assert time.monotonic() < give_up, f"table {table.id} still {status}"
            time.sleep(0.2)


def last_view(web: Web, table: Table, seat: int) -> dict[str, Any]:
    """Seat `seat`'s view after the last input, from the replay API."""
    with httpx.Client(base_url=web.base_url, timeout=30) as http:
        frames = http.get(f"/api/tables/{table.id}/replay", params={"viewer": seat}).json()
    view: dict[str, Any] = frames[-1]["view"]
    return view


def replay_end(page: Page, table: Table) -> None:
    """Open the replay as seat 0 and go to its last move."""
    page.goto(f"/replay/{table.id}")
    page.get_by_label("Seen by").select_option("0")
    page.get_by_role("button", name="Last move").click()


def no_hyphen_minus(texts: list[str]) -> None:
    hyphens = [text for text in texts if re.search(r"-\d", text)]
    assert not hyphens, f"numbers written with a hyphen-minus: {hyphens}"


def test_quashars_after_the_last_game_and_its_minus_signs(web: Web, page: Page) -> None:
    table = web.table("quashars", ["basic", "basic", "basic"], {"pause_ms": 0}, seed=3)
    result = finished(web, table)
    view = last_view(web, table, 0)
    replay_end(page, table)
    board = page.locator(".qs-board")
    expect(board).to_have_attribute("data-phase", "over")
    # The empty hand says the match is over, not that new cards are coming.
    empty = page.locator(".qs-empty")
    expect(empty).to_have_text("No cards in your hand: that was the last game of the match.")
    expect(board).not_to_contain_text("the next game deals new ones")
    # Every game's points and the totals, negative ones with U+2212.
    points = [p for game in view["scores"] for p in game]
    assert any(p < 0 for p in points), "this seed's match has no negative points to show"
    for number, game in enumerate(view["scores"], start=1):
        cells = page.locator(f'.qs-score-table tr[data-game="{number}"] td')
        expect(cells).to_have_text([f"+{p}" if p > 0 else written(p) for p in game])
    totals = page.locator(".qs-score-table .qs-total-row td")
    expect(totals).to_have_text([written(score) for score in result["scores"]])
    no_hyphen_minus(page.locator(".qs-board td").all_inner_texts())
    # The shell's seat list writes the totals the same way.
    expect(page.locator(".seat-list .seat-score")).to_have_text(
        [written(score) for score in result["scores"]]
    )
    page.get_by_role("button", name="DE", exact=True).click()
    expect(empty).to_have_text("Keine Karten auf der Hand: Das war die letzte Partie des Matches.")


def bonus_holder(parts: dict[str, list[int]], kind: str, names: list[str]) -> str:
    """Who took a bonus by the round's points, as the sheet names them: the one seat with
    its 10 points, "tie: nobody" when words were laid but none took it."""
    holders = [seat for seat, points in enumerate(parts[kind]) if points > 0]
    assert len(holders) <= 1, f"{kind}: two seats took one bonus: {parts}"
    if holders:
        return names[holders[0]]
    return "tie: nobody" if any(parts["words"]) else "nobody (no words)"


def test_quiddler_sheet_bonuses_and_a_negative_round_with_the_same_minus(
    web: Web, page: Page
) -> None:
    # Three players, so that round 8's sheet shows both bonuses.
    table = web.table("quiddler", ["easy", "medium", "hard"], {"pause_ms": 0}, seed=2)
    result = finished(web, table)
    view = last_view(web, table, 0)
    replay_end(page, table)
    # The last round's sheet: both bonuses with who took them, each player's words with
    # their points and the cards left over.
    names = ["Bot 1", "Bot 2", "Bot 3"]  # several bots: by their seats
    parts = view["last_round"]
    sheet = page.locator('.qd-sheet[data-round="8"]')
    expect(sheet.locator(".qd-bonus")).to_have_text(
        [
            f"Longest word (+10): {bonus_holder(parts, 'longest', names)}",
            f"Most words (+10): {bonus_holder(parts, 'most', names)}",
        ]
    )
    for seat in range(3):
        player = sheet.locator(f'.qd-sheet-player[data-seat="{seat}"]')
        expect(player.locator("h3")).to_contain_text(names[seat])
        words = view["words"][seat]
        word_points = [sum(CARDS[c][0] for c in word) for word in words]
        expect(player.locator("li:has(.qd-sheet-word) .qd-num")).to_have_text(
            [f"+{p}" for p in word_points]
        )
        left = view["unused"][seat]
        expect(player.locator("li", has_text="Left over:")).to_have_count(1 if left else 0)
        if left:
            expect(player.locator("li", has_text="Left over:")).to_contain_text(
                " ".join(c.upper() for c in left)
            )
    rounds = view["scores"]
    assert any(p < 0 for game in rounds for p in game), "no negative round with this seed"
    rows = page.locator(".qd-score-table tbody tr")
    for number, round_scores in enumerate(rounds):
        expect(rows.nth(number).locator("td")).to_have_text(
            [f"+{p}" if p > 0 else written(p) for p in round_scores]
        )
    expect(page.locator(".qd-score-table [data-total]")).to_have_text(
        [written(score) for score in result["scores"]]
    )
    no_hyphen_minus(page.locator(".qd-score-table td").all_inner_texts())
    # The log's round scores too (a spectator's page at the finished table: its log comes
    # whole with the welcome).
    web.seat_page(page, table, None)
    scored = page.locator(".game-log li", has_text="scored:")
    expect(scored).to_have_count(len(rounds))
    no_hyphen_minus(scored.all_inner_texts())
    assert any("\u2212" in text for text in scored.all_inner_texts())


def test_the_shell_writes_negative_scores_with_the_minus_sign(web: Web, page: Page) -> None:
    # Quiclo scores minus the cards left: everyone but the winner ends below zero.
    table = web.table("quiclo", ["hard", "easy", "easy"], seed=5)
    result = finished(web, table)
    assert any(score < 0 for score in result["scores"])
    web.seat_page(page, table, None)
    expect(page.locator(".seat-list .seat-score")).to_have_text(
        [written(score) for score in result["scores"]]
    )
    expect(page.locator(".ranking td.num")).to_have_text(
        [written(score) for score in sorted(result["scores"], reverse=True)]
    )
