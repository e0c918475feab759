"""The leaderboard and player pages in the browser, in English and German: a rated game's
people and bot levels on the board, the player's history chart, and the player's own key
shown on their own page only."""

from __future__ import annotations

import json

from playwright.sync_api import Page, expect
from tests.server.live import RandomLegal, connect_table, create_table, play_to_end, start
from tests.web.browser import Web


def rated_game(web: Web, nickname: str) -> tuple[str, str]:
    """A Quashars table of a keyed person and two bots, played to the end; (key_id, key)."""
    with web.http() as http:
        made = http.post("/api/players").json()
        table = create_table(http, "quashars", ["human", "basic", "random"], {"pause_ms": 0})
        joined = http.post(
            f"/api/tables/{table['id']}/seats/0/join",
            json={"nickname": nickname},
            headers={"X-Player-Key": made["key"]},
        )
        token = joined.json()["token"]
        start(http, table["id"], token)
    with connect_table(web.server, table["id"], token) as ws:
        assert play_to_end(ws, RandomLegal(seed=4)).last["status"] == "finished"
    return made["key_id"], made["key"]


def test_the_leaderboard_and_player_pages_in_english_and_german(page: Page, web: Web) -> None:
    key_id, key = rated_game(web, "Rita")
    page.goto("/ratings/quashars")
    expect(page.get_by_role("heading", name="Leaderboard: Quashars")).to_be_visible()
    board = page.locator("table.leaderboard")
    expect(board.get_by_role("link", name="Rita")).to_be_visible()
    expect(board.get_by_text("bot: basic")).to_be_visible()
    expect(board.get_by_text("bot: random")).to_be_visible()
    page.locator("[data-lang=de]").click()
    expect(page.get_by_role("heading", name="Bestenliste: Quashars")).to_be_visible()
    expect(board.get_by_text("Bot: basic")).to_be_visible()
    expect(board.get_by_role("columnheader", name="Wertung")).to_be_visible()

    board.get_by_role("link", name="Rita").click()
    expect(page).to_have_url(f"{web.base_url}/players/{key_id}")
    expect(page.get_by_role("heading", name="Rita")).to_be_visible()
    expect(page.get_by_text("1 Spiel", exact=False)).to_be_visible()
    expect(page.locator("svg.rating-chart circle")).to_have_count(1)
    # Not this browser's key: the key is not shown.
    expect(page.locator("input.key")).to_have_count(0)

    own = web.open_page()
    stored = json.dumps(json.dumps({"key_id": key_id, "key": key}))
    own.add_init_script(f"localStorage.setItem('quintet.player', {stored})")
    own.goto(f"/players/{key_id}")
    expect(own.locator("input.key")).to_have_value(key)
    expect(own.get_by_role("heading", name="Your player key")).to_be_visible()


def test_an_unknown_player_and_an_empty_board(page: Page, web: Web) -> None:
    web.allow_console("404")
    page.goto("/players/nobody")
    expect(page.get_by_role("alert")).to_have_text("There is no such player.")
    page.goto("/")
    page.get_by_role("link", name="Leaderboard: Quashars").click()
    expect(page).to_have_url(f"{web.base_url}/ratings/quashars")
    page.get_by_role("navigation", name="Leaderboards of the games").get_by_role(
        "link", name="Quick", exact=True
    ).click()
    expect(page).to_have_url(f"{web.base_url}/ratings/quick")
    expect(page.get_by_text("No rated games yet.")).to_be_visible()


def test_a_seat_taken_in_the_browser_is_rated_under_its_player_key(page: Page, web: Web) -> None:
    with web.http() as http:
        table = create_table(http, "quashars", ["human", "human", "basic"], {"pause_ms": 0})
    page.goto(f"/t/{table['id']}")
    page.locator("#join-name").fill("Pia")
    page.locator("li.waiting-seat[data-seat='1']").get_by_role("button").click()
    expect(page.locator("li.waiting-seat[data-seat='1'] .you-tag")).to_be_visible()
    stored = page.evaluate("JSON.parse(localStorage.getItem('quintet.player'))")
    assert set(stored) == {"key_id", "key"}
    with web.http() as http:
        player = http.get(f"/api/players/{stored['key_id']}").json()
    assert player["nickname"] == "Pia"  # the join carried the key: the seat is linked


def test_a_key_from_another_browser_is_checked_then_kept(page: Page, web: Web) -> None:
    """A browser without a key takes one made elsewhere: a forged one is refused (and not
    kept), the real one is kept and leads to its player page, which then shows it."""
    web.allow_console("401")
    with web.http() as http:
        made = http.post("/api/players").json()
    page.goto("/ratings/quiclo")
    field = page.get_by_label("Have a player key from another browser? Paste it here:")
    forged = made["key"][:-1] + ("A" if made["key"][-1] != "A" else "B")
    field.fill(forged)
    page.get_by_role("button", name="Use this key").click()
    expect(page.get_by_role("alert")).to_have_text("That is not a player key of this server.")
    assert page.evaluate("localStorage.getItem('quintet.player')") in (None, "null")
    field.fill(made["key"])
    page.get_by_role("button", name="Use this key").click()
    expect(page).to_have_url(f"{web.base_url}/players/{made['key_id']}")
    expect(page.get_by_label("Your player key")).to_have_value(made["key"])
    stored = page.evaluate("JSON.parse(localStorage.getItem('quintet.player'))")
    assert stored == {"key_id": made["key_id"], "key": made["key"]}
    page.goto("/ratings/quiclo")
    page.get_by_role("link", name="Your player page").click()
    expect(page).to_have_url(f"{web.base_url}/players/{made['key_id']}")
