"""The table's life in a real browser (issue 13, part 3): the invite flow's log and who
starts, a reload that keeps the whole log, no coming and going for a reload, the
countdown to the bot when someone leaves, readable seat labels on a phone, play again
for everyone, and a replay without live presence."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect
from tests.server.live import LiveServer, running_server, start
from tests.web.browser import PHONE, WEB_BOT_PACE, Web

#: Quiclo's perfect bot ends this race by a short stall while the people do nothing.
QUICLO_QUICK = {"stall_ms": 1500}
NOISE = re.compile("left the table|is back")


def log_texts(page: Page) -> list[str]:
    texts: list[str] = page.locator(".game-log li.log-event").all_inner_texts()
    return [text.strip() for text in texts]


def test_the_invite_flow_logs_no_noise_and_one_person_starts(web: Web, page: Page) -> None:
    table = web.table(
        "quashars",
        ["human", "human", "basic"],
        {"pause_ms": 0},
        join_seats={0: "Anna"},
        begin=False,
    )
    web.seat_page(page, table, 0)
    start_button = page.get_by_role("button", name="Start the game")
    expect(start_button).to_be_disabled()
    # Ben opens the invite link and sits down.
    ben = web.open_page(PHONE)
    ben.goto(f"/t/{table.id}")
    ben.get_by_label("Your nickname").fill("Ben")
    ben.get_by_role("button", name="Sit here").click()
    expect(ben.locator(".waiting-seat.me")).to_contain_text("Ben")
    # Only the host (Anna, who sat down first) starts; Ben is told who will.
    expect(ben.locator(".host-note").first).to_have_text(
        "Anna starts the game once every seat is taken."
    )
    expect(ben.get_by_role("button", name="Start the game")).to_have_count(0)
    expect(start_button).to_be_enabled()
    start_button.click()
    for person in (page, ben):
        expect(person.locator(".table-page .seat.me")).to_be_visible()
    log = page.locator(".game-log")
    expect(log).to_contain_text("Ben sits down.")
    expect(log).to_contain_text("The game starts.")
    # Both were seated before the start was told: nobody left and came back.
    expect(log).not_to_contain_text(NOISE)
    expect(ben.locator(".game-log")).not_to_contain_text(NOISE)


def test_a_first_connection_after_the_start_is_an_arrival_not_a_return(
    web: Web, page: Page
) -> None:
    # Both have sat down, the table started, and only Anna has the page open; Ben opens it
    # later: he arrives, he does not come back. Once he reloads, he is back (grace 0 here).
    table = web.table("quashars", ["human", "human", "basic"], {"pause_ms": 0})
    web.seat_page(page, table, 0)
    log = page.locator(".game-log")
    ben = web.seat_page(web.open_page(PHONE), table, 1)
    expect(log).to_contain_text("Ben is at the table.")
    expect(log).not_to_contain_text("Ben is back.")
    ben.close()
    expect(log).to_contain_text("Ben left the table")
    web.seat_page(web.open_page(PHONE), table, 1)
    expect(log).to_contain_text("Ben is back.")


def test_seat_labels_stay_readable_and_distinct_on_a_phone(web: Web) -> None:
    table = web.table(
        "quashars", ["human", "basic", "basic", "basic"], {"pause_ms": 0}, join_seats={0: "Ben"}
    )
    page = web.open_page(PHONE)
    web.seat_page(page, table, 0)
    names = page.locator(".seat-list .seat-name")
    expect(names).to_have_count(4)
    assert [n.strip() for n in names.all_inner_texts()][1:] == ["Bot 2", "Bot 3", "Bot 4"]
    # No name is cut short, in the seat list nor at the board's seats.
    overflowing = "els => els.filter(e => e.scrollWidth > e.clientWidth).length"
    assert names.evaluate_all(overflowing) == 0
    pods = page.locator(".qs-pod-name")
    expect(pods).to_have_count(4)
    assert pods.evaluate_all(overflowing) == 0
    badges = [page.locator(f'.qs-pod[data-seat="{s}"] .qs-avatar').inner_text() for s in range(4)]
    assert badges == ["Be", "B2", "B3", "B4"]


def test_a_reload_brings_back_the_whole_log(web: Web, page: Page) -> None:
    table = web.table("quiddler", ["human", "easy"], {"pause_ms": 0, "first_dealer": 1})
    web.seat_page(page, table, 0, query="?board=generic")
    buttons = page.locator(".action-buttons button")
    for _ in range(4):
        expect(buttons.last).to_be_enabled()
        count = len(log_texts(page))
        buttons.last.click()
        expect(page.locator(".game-log li.log-event")).not_to_have_count(count)
    before = log_texts(page)
    assert len(before) >= 4
    page.reload()
    expect(page.locator(".conn")).to_have_text("Connected")
    after = log_texts(page)
    assert after[: len(before)] == before, "the log lost entries on the reload"


def test_a_player_who_leaves_shows_a_countdown_to_the_bot(web: Web, page: Page) -> None:
    # This server shows a seat away as soon as its last connection closes.
    table = web.table("quashars", ["human", "human", "basic"], {"pause_ms": 0}, zombie_after_s=600)
    web.seat_page(page, table, 0)
    ben = web.open_page()
    web.seat_page(ben, table, 1)
    seat = page.locator(".seat-list .seat").nth(1)
    expect(seat).to_contain_text("online")
    ben.context.close()
    expect(seat.get_by_role("timer")).to_have_text(re.compile(r"a bot plays in (9|10):\d\d$"))
    expect(page.locator(".game-log")).to_contain_text(
        "Ben left the table; a bot plays for them unless they are back in time."
    )


def test_play_again_seats_everyone_and_the_replay_shows_no_presence(web: Web, page: Page) -> None:
    table = web.table("quiclo", ["human", "human", "perfect"], QUICLO_QUICK)
    web.seat_page(page, table, 0, query="?board=generic")
    ben = web.open_page()
    web.seat_page(ben, table, 1, query="?board=generic")
    spectator = web.seat_page(web.open_page(), table, None, query="?board=generic")
    anna_dialog = page.get_by_role("dialog", name="Game over")
    ben_dialog = ben.get_by_role("dialog", name="Game over")
    expect(anna_dialog).to_be_visible(timeout=60_000)
    expect(ben_dialog).to_be_visible(timeout=60_000)
    anna_dialog.get_by_role("button", name="Play again").click()
    expect(page.locator(".waiting-seat.me")).to_contain_text("Anna")
    new_id = page.url.rsplit("/", 1)[1]
    assert new_id != table.id
    # Ben is told, and takes his own seat there.
    expect(ben_dialog.locator(".again-offer")).to_contain_text(
        "Anna set up another game at this table: your seat is kept for you."
    )
    # A spectator is told too, and may watch; it has no seat to take.
    offer = spectator.locator(".again-offer")
    expect(offer).to_contain_text("Another game is set up at this table.")
    expect(offer.get_by_role("link", name="Watch the next game")).to_have_attribute(
        "href", f"/t/{new_id}"
    )
    expect(offer.get_by_role("button", name="Take my seat")).to_have_count(0)
    ben_dialog.get_by_role("button", name="Take my seat").click()
    expect(ben).to_have_url(re.compile(new_id))
    expect(ben.locator(".waiting-seat.me")).to_contain_text("Ben")
    expect(page.locator('.waiting-seat[data-seat="1"]')).to_contain_text("Ben")
    expect(page.locator('.waiting-seat[data-seat="2"]')).to_contain_text("Bot")
    expect(ben.get_by_role("button", name="Start the game")).to_have_count(0)
    page.get_by_role("button", name="Start the game").click()
    expect(ben.locator(".table-page .seat.me")).to_contain_text("Ben")
    # The finished table's replay shows who sat where, not who is online now.
    replay = web.open_page()
    replay.goto(f"/replay/{table.id}?board=generic")
    seats = replay.locator(".seat-list .seat")
    expect(seats).to_have_count(3)
    expect(seats.first).to_contain_text("Anna")
    expect(replay.locator(".seat-list")).not_to_contain_text(re.compile("online|away"))
    expect(replay.locator(".seat-list .presence")).to_have_count(0)


# ------------------------------------------------------- with the presence grace


@pytest.fixture(scope="module")
def grace_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """A server with a presence grace far longer than a reload takes."""
    folder = tmp_path_factory.mktemp("web-grace")
    url = f"sqlite+aiosqlite:///{folder / 'quintet.sqlite3'}"
    env = {"QUINTET_PRESENCE_GRACE": "120"}
    with running_server(url, folder, bot_pace=WEB_BOT_PACE, env=env) as server:
        yield server


def test_a_reload_is_no_leaving_and_coming_back(grace_server: LiveServer, browser: Browser) -> None:
    web = Web(grace_server, browser)
    try:
        # Both wait at the table before it starts, as people do.
        table = web.table("quashars", ["human", "human", "basic"], {"pause_ms": 0}, begin=False)
        anna = web.seat_page(web.open_page(), table, 0)
        ben = web.seat_page(web.open_page(), table, 1)
        expect(anna.locator('.waiting-seat[data-seat="1"]')).to_contain_text("online")
        with web.http() as http:
            start(http, table.id, table.tokens[0])
        expect(anna.locator(".seat-list .seat").nth(1)).to_contain_text("online")
        ben.reload()
        expect(ben.locator(".conn")).to_have_text("Connected")
        ben.reload()
        expect(ben.locator(".conn")).to_have_text("Connected")
        expect(anna.locator(".seat-list .seat").nth(1)).to_contain_text("online")
        expect(anna.locator(".game-log")).not_to_contain_text(NOISE)
    finally:
        for context in web.contexts:
            context.close()
    assert not web.unexpected_errors()
