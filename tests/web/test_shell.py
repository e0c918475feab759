"""The table shell in a real browser: seats, clocks, log, the generic board (Quiddler is
played through it), reload keeping the seat, spectators, results and play again, the
replay viewer, and the console-error guard itself."""

from __future__ import annotations

import json
import re
import time

import pytest
from playwright.sync_api import Page, expect
from tests.server.live import LiveServer
from tests.web.browser import PHONE, Table, Web

#: Seconds to wait for a bots' table to finish (a failure guard, not a measurement).
FINISH_TIMEOUT = 60.0
#: How the game log tells a Quiddler move (boards/quiddler/messages.en.js).
MOVES = "(draws|takes|discards|goes out|lays down)"


def wait_finished(web: Web, table: Table) -> None:
    give_up = time.monotonic() + FINISH_TIMEOUT
    with web.http() as http:
        while http.get(f"/api/tables/{table.id}").json()["status"] != "finished":
            assert time.monotonic() < give_up, f"table {table.id} did not finish"
            time.sleep(0.2)


def test_quiddler_is_playable_on_the_generic_board(web: Web, page: Page) -> None:
    table = web.table("quiddler", ["human", "easy"], {"pause_ms": 0, "first_dealer": 1})
    web.seat_page(page, table, 0, query="?board=generic")
    seats = page.locator(".seat-list .seat")
    expect(seats).to_have_count(2)
    expect(seats.nth(0)).to_contain_text("Anna")
    expect(seats.nth(1)).to_contain_text("Bot (easy)")
    # Seat 0 is to act first (the dealer is seat 1): the seat shows it.
    expect(seats.nth(0)).to_have_attribute("aria-current", "true")
    buttons = page.locator(".action-buttons button")
    mine = page.locator(".game-log li", has_text=re.compile(rf"^\s*Anna {MOVES}"))
    bots = page.locator(".game-log li", has_text=re.compile(rf"^\s*Bot \(easy\) {MOVES}"))
    for move in range(5):
        # The last legal action each time: a draw from the discard pile, then a plain
        # discard (or, once the bot went out, the last turn's lay-down).
        expect(buttons.last).to_be_enabled()
        buttons.last.click()
        # The move is in the log, in words, once the server accepted it.
        expect(mine.nth(move)).to_be_visible()
        if move == 1:
            web.shot(page, "generic-board-quiddler")
            web.publish("generic-board-quiddler")
    # The bot played in between, and the log told that too.
    expect(bots.first).to_be_visible()


def test_a_reload_keeps_the_seat_and_spectators_watch(web: Web, page: Page) -> None:
    table = web.table("quiddler", ["human", "easy"], {"pause_ms": 0, "first_dealer": 1})
    web.seat_page(page, table, 0, query="?board=generic")
    expect(page.locator(".seat.me")).to_contain_text("Anna")
    expect(page.locator(".action-buttons button").first).to_be_enabled()
    page.locator(".action-buttons button").first.click()
    expect(page.locator(".action-buttons button").last).to_contain_text("discard")
    page.reload()
    # Same seat, same turn: the discard step survives the reload.
    expect(page.locator(".seat.me")).to_contain_text("Anna")
    expect(page.locator(".action-buttons button").last).to_contain_text("discard")
    expect(page.locator(".conn")).to_have_text("Connected")
    # Another browser without the token watches: no actions, a "Watching" mark.
    watcher = web.open_page(PHONE)
    watcher.goto(f"/t/{table.id}")
    expect(watcher.locator(".status-pill.watching")).to_be_visible()
    expect(watcher.locator(".seat-list .seat")).to_have_count(2)
    expect(watcher.locator(".action-buttons")).to_have_count(0)
    width = watcher.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the table is {width} px wide on a phone"
    web.shot(watcher, "shell-phone-spectator")


def test_an_absent_player_is_played_by_a_bot_meanwhile(web: Web, page: Page) -> None:
    # Ben never connects: after half a second a bot plays his seat (zombie mode).
    table = web.table("quiddler", ["human", "human"], {"pause_ms": 0}, zombie_after_s=0.5)
    web.seat_page(page, table, 0)
    ben = page.locator(".seat-list .seat").nth(1)
    expect(ben).to_contain_text("Ben")
    # Said once, as the seat's status (it once read "away; a bot plays for now · bot stands in").
    expect(ben.locator(".zombie-tag")).to_have_text("away; a bot plays for now")
    expect(ben.locator(".seat-sub")).to_have_text("away; a bot plays for now")
    expect(ben).to_have_attribute("aria-label", re.compile("a bot plays for now"))


def test_results_and_play_again(web: Web, page: Page) -> None:
    # Quiclo against the perfect bot, ended by a short stall: the person never acts.
    table = web.table("quiclo", ["human", "perfect"], {"stall_ms": 1500})
    web.seat_page(page, table, 0, query="?board=generic")
    dialog = page.get_by_role("dialog", name="Game over")
    expect(dialog).to_be_visible(timeout=FINISH_TIMEOUT * 1000)
    expect(dialog.locator(".ranking tbody tr")).to_have_count(2)
    expect(dialog).to_contain_text("Anna")
    web.shot(page, "results")
    # Play again: a new table with the same game, options and seats, started at once.
    dialog.get_by_role("button", name="Play again").click()
    expect(page).not_to_have_url(re.compile(table.id))
    expect(page.locator(".table-page .seat.me")).to_contain_text("Anna")
    new_id = page.url.rsplit("/", 1)[1]
    with web.http() as http:
        again = http.get(f"/api/tables/{new_id}").json()
    assert again["game"] == "quiclo"
    assert again["options"]["stall_ms"] == 1500
    assert [(s["kind"], s["level"]) for s in again["seats"]] == [
        ("human", None),
        ("bot", "perfect"),
    ]


def test_the_replay_steps_to_the_last_move(web: Web, page: Page) -> None:
    table = web.table("quiclo", ["perfect", "hard"], {"stall_ms": 1500})
    wait_finished(web, table)
    with web.http() as http:
        frames = http.get(f"/api/tables/{table.id}/replay?viewer=spectator").json()
    page.goto(f"/replay/{table.id}?board=generic")
    status = page.locator(".replay-step")
    expect(status).to_have_text(f"Move 0 of {len(frames) - 1}")
    page.get_by_role("button", name="Next move").click()
    expect(status).to_have_text(f"Move 1 of {len(frames) - 1}")
    page.get_by_role("button", name="Last move").click()
    expect(status).to_have_text(f"Move {len(frames) - 1} of {len(frames) - 1}")
    expect(page.locator(".replay-outcome .ranking tbody tr")).to_have_count(2)
    # The keyboard steps too, and another viewer's frames load at the same move.
    page.locator(".replay-controls").get_by_role("button", name="First").focus()
    page.keyboard.press("Home")
    expect(status).to_have_text(f"Move 0 of {len(frames) - 1}")
    page.keyboard.press("ArrowRight")
    expect(status).to_have_text(f"Move 1 of {len(frames) - 1}")
    page.get_by_label("Seen by").select_option("0")
    expect(status).to_have_text(f"Move 1 of {len(frames) - 1}")
    web.shot(page, "replay")
    web.publish("replay")


def test_clock_and_sound_toggle(web: Web, page: Page) -> None:
    # Quiclo's stall deadline is a minute away: the table bar counts it down.
    table = web.table("quiclo", ["human", "human"], {"stall_ms": 60000})
    web.seat_page(page, table, 0, query="?board=generic")
    clock = page.get_by_role("timer").filter(has_text="Next step in")
    expect(clock).to_contain_text(re.compile(r"(1:00|\d{1,2} s)$"))
    # Sounds are off until switched on, and the choice is remembered.
    sound = page.get_by_role("button", name="Turn sounds on")
    expect(sound).to_have_attribute("aria-pressed", "false")
    sound.click()
    expect(page.get_by_role("button", name="Turn sounds off")).to_have_attribute(
        "aria-pressed", "true"
    )
    page.reload()
    expect(page.get_by_role("button", name="Turn sounds off")).to_be_visible()


def tab_to(page: Page, name: str, limit: int = 60) -> None:
    """Press Tab until the focused element's text or label is `name`."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        focused = page.evaluate(
            "(() => { const e = document.activeElement;"
            " return (e.getAttribute('aria-label') || e.textContent || '').trim(); })()"
        )
        if focused == name:
            return
    raise AssertionError(f"Tab never reached {name!r}")


def test_a_table_by_keyboard_alone(web: Web) -> None:
    # With motion, as most people see the site (every other page asks for reduced motion).
    page = web.open_page(motion=True)
    page.goto("/")
    # The games arrive by a request after the page: until they are drawn, Tab from the
    # nickname has no radio to land on (a loaded machine once tabbed before they came).
    radios = page.locator('input[type="radio"][name="game"]')
    expect(radios.first).to_be_visible()
    tab_to(page, "Skip to the content")
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    expect(page.get_by_label("Your nickname")).to_be_focused()
    page.keyboard.type("Anna")
    # The games are a radio group: the arrow keys choose. Step from the first game to
    # Quiddler one arrow at a time, each step waited for (the list grows with the games).
    page.keyboard.press("Tab")
    expect(radios.first).to_be_focused()
    values: list[str] = radios.evaluate_all("els => els.map(e => e.value)")
    for value in values[1 : values.index("quiddler") + 1]:
        page.keyboard.press("ArrowRight")
        expect(page.locator(f'input[name="game"][value="{value}"]')).to_be_checked()
    expect(page.get_by_role("radio", name="Quiddler")).to_be_checked()
    # Each game's tile links to its rules page, and a game with a tutorial offers
    # "Learn to play" after it (Tab goes on from Quiddler's tile to the tiles after it);
    # then comes the number of players.
    for value in values[values.index("quiddler") :]:
        page.keyboard.press("Tab")
        expect(page.locator(f'a[href="/rules/{value}"]')).to_be_focused()
        if page.locator(f'button[data-learn="{value}"]').count():
            page.keyboard.press("Tab")
            expect(page.locator(f'button[data-learn="{value}"]')).to_be_focused()
    assert page.locator('button[data-learn="quiddler"]').count() == 1
    page.keyboard.press("Tab")
    expect(page.get_by_label("Players", exact=True)).to_be_focused()
    tab_to(page, "Create table")
    page.keyboard.press("Enter")
    # Only bots besides Anna: the table starts at once; she plays a move by keyboard.
    expect(page.locator(".seat.me")).to_contain_text("Anna")
    # Quiddler's board: "d" draws from the draw pile when it is her turn.
    page.locator('.qd-board[data-turn="me"]').wait_for(timeout=30_000)
    page.keyboard.press("d")
    expect(
        page.locator(".game-log li", has_text=re.compile(rf"^\s*Anna {MOVES}")).first
    ).to_be_visible()


def test_the_server_serves_the_page_and_its_modules(web_server: LiveServer) -> None:
    with web_server.http() as http:
        for path in ("/", "/t/abc", "/replay/abc", "/rules/quick"):
            page = http.get(path)
            assert page.status_code == 200
            assert page.headers["content-type"].startswith("text/html")
            assert page.headers["cache-control"] == "no-cache"
            assert '<script type="importmap">' in page.text
        manifest = json.loads(page.text.split('id="manifest">')[1].split("</script>")[0])
        # Each game's folder: its board, style sheet, messages and rules pages.
        full = {"board": True, "style": True, "messages": ["de", "en"], "rules": ["de", "en"]}
        assert manifest["quiddler"] == full
        assert manifest["quashars"] == full
        assert "generic" not in manifest
        for path in ("/static/app/main.js", "/static/vendor/preact/dist/preact.mjs"):
            module = http.get(path)
            assert module.status_code == 200
            assert module.headers["content-type"].startswith("text/javascript")
        assert http.get("/static/app/nothing.js").status_code == 404
        # The API keeps its own 404s in JSON.
        assert http.get("/api/tables/nosuchtable1").json()["code"] == "no_table"


def test_the_console_guard_catches_errors(web: Web, page: Page) -> None:
    # The fixture fails a test whose page logs an error: check that it hears one.
    page.goto("/")
    expect(page.get_by_role("heading", level=1)).to_be_visible()
    # Each waits for its own event (the guard's handler, set first, has heard it then):
    # an uncaught error in a timer reaches the test whenever the busy browser sends it.
    with page.expect_console_message(lambda message: "deliberate" in message.text):
        page.evaluate("console.error('deliberate')")
    with page.expect_event("pageerror"):
        page.evaluate("setTimeout(() => { throw new Error('thrown on purpose') })")
    assert any("deliberate" in e for e in web.errors)
    assert any("thrown on purpose" in e for e in web.errors)
    web.allow_console("deliberate|thrown on purpose")


@pytest.mark.parametrize("path", ["/t/nosuchtable1", "/replay/nosuchtable1"])
def test_an_unknown_table_says_so(web: Web, page: Page, path: str) -> None:
    web.allow_console("status of 404")
    page.goto(path)
    expect(page.get_by_role("alert")).to_contain_text("There is no such table")
