"""The Quashars board in a real browser: a person plays whole matches against three bots by
mouse only and by keyboard only, a refused card says why (in English and German), and the
board works at phone size. Screenshots: screenshots/quashars-*.png; the best one is
published to docs/screenshots/ for the README.

The board marks itself for tests: `.qs-board[data-turn="me"]` while this seat is to act,
`data-phase` (predict, play, scored, over) and `data-moves`, the number of moves this seat
has made in the match (a prediction and twelve cards a game), which grows by one with each
move the server accepts.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable

from playwright.sync_api import Locator, Page, expect
from tests.web.browser import Table, Web

#: The person at seat 0 against three bots; seat 1 starts game 1, so the person follows
#: in the first trick. A short pause between games keeps the match quick.
SEATS = ["human", "basic", "basic", "basic"]
OPTIONS = {"pause_ms": 600, "first_player": 1}
#: A 4-player match: 4 games of a prediction and 12 cards.
MOVES_PER_GAME = 13
GAMES = 4
#: Milliseconds to wait for the person's next turn (a failure guard, not a measurement).
TURN_WAIT_MS = 30_000
TALL_DESKTOP = {"width": 1280, "height": 1000}
PHONE_844 = {"width": 390, "height": 844}
COLOUR = "(red|yellow|green|blue)"


def written(number: int) -> str:
    """A total as the board writes it: a negative one with the minus sign U+2212."""
    return f"\u2212{-number}" if number < 0 else str(number)


def board(page: Page) -> Locator:
    return page.locator(".qs-board")


def moves(page: Page) -> int:
    return int(board(page).get_attribute("data-moves") or "0")


def my_turn_or_end(page: Page) -> bool:
    """Wait until this seat is to act (True) or the results dialog shows (False)."""
    either = page.locator('.qs-board[data-turn="me"], .results-dialog')
    either.first.wait_for(timeout=TURN_WAIT_MS)
    return page.locator(".results-dialog").count() == 0


def acted(page: Page, before: int) -> None:
    """Wait until the server accepted this seat's move."""
    expect(board(page)).to_have_attribute("data-moves", str(before + 1), timeout=TURN_WAIT_MS)


def no_missing_messages(page: Page) -> None:
    missing = page.evaluate("[...window.__quintetMissingMessages]")
    assert missing == [], f"message keys without a text: {missing}"


def mouse_move(page: Page, rng: random.Random) -> None:
    """Make this seat's move with mouse clicks only."""
    before = moves(page)
    if board(page).get_attribute("data-phase") == "predict":
        for _ in range(rng.randrange(4)):
            page.get_by_role("button", name="One chip more").click()
        if rng.random() < 0.35:
            page.get_by_label("Add the flex chip").check()
        page.locator(".qs-predict-go").click()
    else:
        legal = page.locator(".qs-hand .qs-legal")
        legal.nth(rng.randrange(legal.count())).click()
    acted(page, before)


def focused(page: Page) -> str:
    """What has the keyboard focus: "input" (the prediction), a card code, or a tag."""
    return str(
        page.evaluate(
            """() => {
              const el = document.activeElement;
              if (!el) return '';
              if (el.id === 'qs-predict-chips') return 'input';
              return el.dataset.card || el.tagName.toLowerCase();
            }"""
        )
    )


def keyboard_move(page: Page, rng: random.Random) -> None:
    """Make this seat's move with the keyboard only, from where the board put the focus."""
    before = moves(page)
    if board(page).get_attribute("data-phase") == "predict":
        chips = page.locator("#qs-predict-chips")
        expect(chips).to_be_focused()
        for _ in range(rng.randrange(4)):
            page.keyboard.press("ArrowUp")
        if rng.random() < 0.35:
            # The flex chip: Tab past "+" to its checkbox, Space ticks it, Tab to the button.
            page.keyboard.press("Tab")
            page.keyboard.press("Tab")
            expect(page.get_by_label("Add the flex chip")).to_be_focused()
            page.keyboard.press("Space")
            expect(page.get_by_label("Add the flex chip")).to_be_checked()
            page.keyboard.press("Tab")
            expect(page.locator(".qs-predict-go")).to_be_focused()
        page.keyboard.press("Enter")
    else:
        codes = page.locator(".qs-hand .qs-card").evaluate_all(
            "cards => cards.map(c => c.dataset.card)"
        )
        playable = set(
            page.locator(".qs-hand .qs-legal").evaluate_all(
                "cards => cards.map(c => c.dataset.card)"
            )
        )
        legal = [c for c in codes if c in playable]
        # The board puts the focus on a card of the hand (a playable one as the turn starts).
        expect(page.locator(".qs-hand .qs-card:focus")).to_have_count(1)
        at = codes.index(focused(page))
        target = codes.index(rng.choice(legal))
        key = "ArrowRight" if target > at else "ArrowLeft"
        for _ in range(abs(target - at)):
            page.keyboard.press(key)
        assert focused(page) == codes[target]
        page.keyboard.press("Enter" if rng.random() < 0.7 else "Space")
    acted(page, before)


def play_match(
    web: Web, page: Page, move: Callable[[Page, random.Random], None], shoot: str | None
) -> Table:
    """Play seat 0 to the end of the match with `move`; returns the table."""
    table = web.table("quashars", SEATS, OPTIONS, seed=7)
    web.seat_page(page, table, 0)
    expect(board(page)).to_be_visible()
    rng = random.Random(11)
    made = 0
    shot = False
    while my_turn_or_end(page):
        if shoot and not shot and good_moment(page):
            # From the top, so the shot shows the table bar and the whole board.
            page.evaluate("window.scrollTo(0, 0)")
            web.shot(page, shoot)
            shot = True
        move(page, rng)
        made += 1
    assert made == GAMES * MOVES_PER_GAME
    assert shot or not shoot, "no moment for the screenshot came"
    return table


def good_moment(page: Page) -> bool:
    """A moment worth a screenshot: game 2 or later, a few tricks in (conditions met, chips
    returned), this seat to follow a trick of two cards or more, holding cards it may play
    and cards it may not."""
    return (
        board(page).get_attribute("data-game") != "1"
        and board(page).get_attribute("data-phase") == "play"
        and page.locator(".qs-hand .qs-card").count() <= 8
        and page.locator(".qs-trick:not(.qs-trick-done) .qs-slot .qs-card").count() >= 2
        and page.locator(".qs-hand .qs-refused").count() > 0
    )


def check_final(web: Web, page: Page, table: Table) -> None:
    """The results dialog and the board's score sheet agree with the server's result."""
    with web.http() as http:
        result = http.get(f"/api/tables/{table.id}/result").json()
    dialog = page.get_by_role("dialog", name="Game over")
    expect(dialog).to_be_visible()
    rows = dialog.locator(".ranking tbody tr")
    expect(rows).to_have_count(4)
    expect(dialog).to_contain_text("Anna")
    totals = page.locator(".qs-score-table .qs-total-row td")
    expect(totals).to_have_text([written(score) for score in result["scores"]])
    # Every game of the match has its points on the sheet.
    for game in range(1, GAMES + 1):
        row = page.locator(f'.qs-score-table tr[data-game="{game}"] td')
        for i in range(4):
            expect(row.nth(i)).to_have_text(re.compile(r"^(\+\d+|\u2212\d+|0)$"))
    assert moves(page) == GAMES * MOVES_PER_GAME
    log = page.locator(".game-log")
    expect(log).to_contain_text(re.compile(rf"wins the trick with {COLOUR} \d+"))
    expect(log).to_contain_text(re.compile(r"Anna predicts \d+"))
    expect(log).to_contain_text(re.compile(r"Game 4 scored: Anna [+\u22120]"))
    no_missing_messages(page)


def test_a_whole_match_by_mouse(web: Web) -> None:
    page = web.open_page(TALL_DESKTOP)
    # The mouse only: every move is a click (no key is pressed in this test).
    table = play_match(web, page, mouse_move, shoot="quashars-board")
    check_final(web, page, table)
    web.shot(page, "quashars-results")
    web.publish("quashars-board")
    # The replay viewer shows the match on this board too, to its last move.
    page.goto(f"/replay/{table.id}")
    # At the start, the person's hand is shown as pictures, not as cards to play.
    expect(page.locator(".qs-hand .qs-card")).to_have_count(12)
    expect(page.locator(".qs-hand button")).to_have_count(0)
    page.get_by_role("button", name="Last move").click()
    expect(page.locator(".qs-board")).to_have_attribute("data-phase", "over")
    with web.http() as http:
        scores = http.get(f"/api/tables/{table.id}/result").json()["scores"]
    expect(page.locator(".qs-score-table .qs-total-row td")).to_have_text(
        [written(s) for s in scores]
    )


def test_a_whole_match_by_keyboard(web: Web, page: Page) -> None:
    table = web.table("quashars", SEATS, OPTIONS, seed=7)
    web.seat_page(page, table, 0)
    expect(board(page)).to_be_visible()
    # Tab from the top of the page to the board: the prediction field or the hand.
    for _ in range(40):
        if focused(page) == "input" or page.locator(".qs-hand .qs-card:focus").count():
            break
        page.keyboard.press("Tab")
    else:
        raise AssertionError(f"Tab never reached the board (focus on {focused(page)!r})")
    rng = random.Random(5)
    made = 0
    # From here on the board keeps the focus where the person acts: no more Tabbing.
    while my_turn_or_end(page):
        keyboard_move(page, rng)
        made += 1
    assert made == GAMES * MOVES_PER_GAME
    check_final(web, page, table)
    # The results dialog took the focus, and Escape gives it back to the table.
    page.keyboard.press("Escape")
    expect(page.get_by_role("dialog", name="Game over")).to_have_count(0)


def test_a_refused_card_says_why(web: Web, page: Page) -> None:
    table = web.table("quashars", SEATS, OPTIONS, seed=3)
    web.seat_page(page, table, 0)
    rng = random.Random(2)
    # Play until a turn where the person must follow suit and holds other colours.
    while True:
        assert my_turn_or_end(page), "the match ended without a card to refuse"
        if page.locator(".qs-hand.qs-my-turn .qs-refused").count():
            break
        mouse_move(page, rng)
    status = page.locator(".qs-status")
    expect(status).to_have_text(re.compile(rf"Your turn: {COLOUR} was led; follow it if you can\."))
    led = re.search(COLOUR, status.inner_text())
    assert led
    refused = page.locator(".qs-hand .qs-refused").first
    code = refused.get_attribute("data-card")
    assert code and code[0] != led.group(1)[0].upper()
    expect(refused).to_have_attribute("aria-disabled", "true")
    expect(refused).to_have_attribute(
        "aria-label",
        re.compile(
            rf"^{COLOUR} \d+( \(trump\))?, not playable: "
            rf"you must follow suit \({led.group(1)} was led\)$"
        ),
    )
    expect(page.locator(".qs-hand .qs-legal").first).to_have_attribute(
        "aria-label", re.compile(rf"^{led.group(1)} \d+, playable$")
    )
    before = moves(page)
    cards = page.locator(".qs-hand .qs-card").count()
    # A click on it says why, and sends nothing: the hand and the move count stay.
    refused.click(force=True)
    reason = page.locator("#qs-refusal")
    expect(reason).to_have_text(
        re.compile(rf"is not playable: you must follow suit \({led.group(1)} was led, and you hold")
    )
    expect(reason).to_have_attribute("role", "alert")
    expect(page.locator(".qs-hand .qs-card")).to_have_count(cards)
    assert moves(page) == before
    expect(page.locator(".refusal")).to_have_count(0)
    # The keyboard gets the same answer: Enter on the refused card.
    page.locator(".qs-hand .qs-card.qs-refused").first.focus()
    page.keyboard.press("Enter")
    expect(reason).to_contain_text("you must follow suit")
    web.shot(page, "quashars-refused")
    # In German: the reason, the card's label, the conditions and the log.
    page.get_by_role("button", name="DE", exact=True).click()
    expect(reason).to_contain_text("Du musst Farbe bedienen")
    expect(page.locator(".qs-hand .qs-refused").first).to_have_attribute(
        "aria-label",
        re.compile(
            r"nicht spielbar: Du musst Farbe bedienen \((Rot|Gelb|Grün|Blau) wurde ausgespielt\)"
        ),
    )
    expect(page.locator(".qs-status")).to_contain_text("wurde ausgespielt")
    expect(page.locator(".game-log")).to_contain_text(re.compile(r"Anna tippt auf \d+"))
    expect(page.locator(".game-log")).to_contain_text(
        re.compile(r"spielt (Rot|Gelb|Grün|Blau) \d+")
    )
    web.shot(page, "quashars-refused-de")
    # Then the legal card is played as usual.
    page.locator(".qs-hand .qs-legal").first.click()
    acted(page, before)
    no_missing_messages(page)


def test_the_log_tells_tricks_and_conditions_in_words(web: Web, page: Page) -> None:
    # Fixed conditions make the sentence predictable in form: "... wins the trick with
    # yellow 9: odd number, yellow".
    options = {**OPTIONS, "conditions": ["odd", "yellow", "no_red", "most_tricks"]}
    table = web.table("quashars", SEATS, options, seed=5)
    web.seat_page(page, table, 0)
    names = page.locator(".qs-cond .qs-cond-name")
    expect(names).to_have_text(["Odd number", "Yellow", "No red", "Most tricks"])
    rng = random.Random(4)
    log = page.locator(".game-log")
    sentence = re.compile(rf"wins the trick with {COLOUR} \d+: (odd number|yellow|no red)")
    for _ in range(MOVES_PER_GAME):
        assert my_turn_or_end(page)
        if sentence.search(log.inner_text()):
            break
        mouse_move(page, rng)
    expect(log).to_contain_text(sentence)
    page.get_by_role("button", name="DE", exact=True).click()
    expect(names).to_have_text(["Ungerade Zahl", "Gelb", "Ohne Rot", "Die meisten Stiche"])
    expect(log).to_contain_text(
        re.compile(r"gewinnt den Stich mit (Rot|Gelb|Grün|Blau) \d+: (ungerade Zahl|Gelb|ohne Rot)")
    )
    no_missing_messages(page)
    # A spectator sees the table, the conditions and the trick, and no hand.
    watcher = web.open_page()
    watcher.goto(f"/t/{table.id}")
    expect(watcher.locator(".qs-pod")).to_have_count(4)
    expect(watcher.locator(".qs-pod.qs-me")).to_have_count(0)
    expect(watcher.locator(".qs-cond")).to_have_count(4)
    expect(watcher.locator(".qs-trick")).to_be_visible()
    expect(watcher.locator(".qs-hand-area")).to_have_count(0)
    no_missing_messages(watcher)


def test_the_board_fits_a_phone(web: Web) -> None:
    page = web.open_page(PHONE_844)
    table = web.table("quashars", SEATS, OPTIONS, seed=9)
    web.seat_page(page, table, 0)
    rng = random.Random(6)
    # Predict by tapping, then play until a trick is on the table at the person's turn.
    while True:
        assert my_turn_or_end(page)
        if (
            board(page).get_attribute("data-phase") == "play"
            and page.locator(".qs-trick .qs-slot .qs-card").count()
            and not page.locator(".qs-trick-done").count()
        ):
            break
        mouse_move(page, rng)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE_844["width"], f"the page is {width} px wide on a phone"
    cards = page.locator(".qs-hand .qs-card")
    for i in range(cards.count()):
        box = cards.nth(i).bounding_box()
        assert box is not None
        # Inside the screen, and big enough to tap.
        assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE_844["width"]
        assert box["width"] >= 44 and box["height"] >= 60
    for pod in page.locator(".qs-pod").all():
        box = pod.bounding_box()
        assert box is not None and box["x"] + box["width"] <= PHONE_844["width"]
    web.shot(page, "quashars-phone", full_page=True)
    no_missing_messages(page)
