"""The leaderboard and player pages in the browser, in English and German: a rated game's
people and bot levels on the board, the player's history chart, and the player's own key
shown on their own page only."""

from __future__ import annotations

import json
import re

from playwright.sync_api import Page, expect
from tests.server.live import RandomLegal, connect_table, create_table, play_to_end, start
from tests.server.ratings_seed import seed_board
from tests.web.browser import PHONE, Web


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
    expect(board.get_by_text("Bot: einfach")).to_be_visible()  # the level's German name
    expect(board.get_by_role("columnheader", name="Wertung")).to_be_visible()

    board.get_by_role("link", name="Rita").click()
    expect(page).to_have_url(f"{web.base_url}/players/{key_id}")
    expect(page.get_by_role("heading", name="Rita")).to_be_visible()
    expect(page.get_by_text("1 Spiel", exact=False)).to_be_visible()
    expect(page.locator("svg.rating-chart circle")).to_have_count(1)
    # Not this browser's key: the key is not shown.
    expect(page.locator("input.key")).to_have_count(0)
    # The game's title leads to the player's place on its leaderboard.
    page.get_by_role("link", name="Quashars").click()
    expect(page).to_have_url(re.compile(r"/ratings/quashars\?from=[1-3]$"))
    expect(board.get_by_role("link", name="Rita")).to_be_visible()

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
    # A newcomer is told how to get onto the board.
    expect(page.get_by_text("To get a place here, finish a rated table of Quick")).to_be_visible()


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


def test_the_leaderboard_pages_and_finds_the_players_own_place(web: Web) -> None:
    """230 people and 2 bot levels: pages of 100 with previous and next, and "my place"
    for a browser whose player is rated, in English and German, on a phone too."""
    subjects = seed_board(web.server.db_url, "double-quick", 230, prefix="pager")
    order = [s for s, _ in sorted(subjects, key=lambda one: (-one[1], one[0]))]
    mine = order[137]  # place 138: the second page
    nickname = f"p{int(mine.removeprefix('pager'))}"
    page = web.open_page()
    stored = json.dumps(json.dumps({"key_id": mine, "key": f"{mine}.{'k' * 43}"}))
    page.add_init_script(f"localStorage.setItem('quintet.player', {stored})")
    page.goto("/ratings/double-quick")
    places = page.locator(".pager-places")
    dash = "\N{EN DASH}"
    rows = page.locator("table.leaderboard tbody tr")
    expect(places).to_have_text(f"Places 1{dash}100 of 232")
    expect(rows).to_have_count(100)
    expect(rows.first.locator("td").first).to_have_text("1")
    expect(page.get_by_role("button", name="Previous")).to_be_disabled()
    expect(page.locator("tr.my-row")).to_have_count(0)  # not on this page

    page.get_by_role("button", name="Next").click()
    expect(places).to_have_text(f"Places 101{dash}200 of 232")
    expect(rows.first.locator("td").first).to_have_text("101")
    expect(page).to_have_url(f"{web.base_url}/ratings/double-quick?from=101")
    page.go_back()  # each page is a step of the browser's history
    expect(places).to_have_text(f"Places 1{dash}100 of 232")
    page.go_forward()
    expect(places).to_have_text(f"Places 101{dash}200 of 232")
    page.get_by_role("button", name="Next").click()
    expect(places).to_have_text(f"Places 201{dash}232 of 232")
    page.reload()  # the address keeps the page
    expect(places).to_have_text(f"Places 201{dash}232 of 232")
    expect(rows).to_have_count(32)
    expect(rows.last.locator("td").first).to_have_text("232")
    expect(page.get_by_role("button", name="Next")).to_be_disabled()

    page.get_by_role("button", name="My place (138)").click()
    expect(places).to_have_text(f"Places 101{dash}200 of 232")
    me = page.locator("tr.my-row")
    expect(me).to_have_count(1)
    expect(me).to_contain_text(f"138{nickname} (you)")
    expect(me).to_be_in_viewport()  # scrolled to, though far down the page
    expect(me.get_by_role("link", name=nickname)).to_be_focused()

    page.locator("[data-lang=de]").click()
    expect(places).to_have_text(f"Plätze 101{dash}200 von 232")
    expect(page.get_by_role("button", name="Mein Platz (138)")).to_be_visible()
    expect(me).to_contain_text(f"{nickname} (du)")
    page.get_by_role("button", name="Zurück").click()
    expect(places).to_have_text(f"Plätze 1{dash}100 von 232")
    hard = order.index("bot:hard") + 1
    assert hard <= 100  # on the first page
    expect(rows.nth(hard - 1)).to_contain_text(f"{hard}Bot: schwer")

    assert page.evaluate("[...window.__quintetMissingMessages]") == []

    phone = web.open_page(PHONE)
    phone.add_init_script(f"localStorage.setItem('quintet.player', {stored})")
    phone.goto("/ratings/double-quick")
    phone.get_by_role("button", name="My place (138)").click()
    expect(phone.locator("tr.my-row")).to_be_in_viewport()
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the leaderboard is {width} px wide on a phone"
