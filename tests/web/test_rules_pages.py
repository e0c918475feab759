"""The rules pages in a real browser (issue 18, part 1): every game's page in English and
German with every option and every example drawn (the one issue 18 names for the game
checked piece by piece), reached from its tile in the lobby and from the Rules button at a
table, where the rules open beside the board and play goes on; the table's rules start the
tutorial too.
The `web` fixture fails a test on any console error (an option mark the game does not
register logs one, app/rules.js). tests/web/test_rules_sources.py checks the Markdown.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Locator, Page, Route, expect
from tests.web.browser import PHONE, Web
from tests.web.test_rules_sources import EXAMPLE, source

GAMES = ["quashars", "quiclo", "quiddler", "quick", "double-quick"]
TITLES = {
    "quashars": "Quashars",
    "quiclo": "Quiclo",
    "quiddler": "Quiddler",
    "quick": "Quick",
    "double-quick": "Double Quick!",
}
#: A table that starts at once: the person in seat 0, bots elsewhere.
SEATS = {
    "quashars": ["human", "basic", "basic"],
    "quiclo": ["human", "easy"],
    "quiddler": ["human", "easy"],
    "quick": ["human", "easy", "easy"],
    "double-quick": ["human", "easy"],
}


def option_names(web: Web, game: str) -> list[str]:
    with web.http() as http:
        games = http.get("/api/games").json()
    return [option["name"] for option in next(g for g in games if g["name"] == game)["options"]]


def example_count(game: str) -> int:
    return len(EXAMPLE.findall(source(game, "en")))


def check_rules(web: Web, text: Locator, game: str, language: str) -> None:
    """`text` (a .rules-text) shows `game`'s rules in `language`: every option with its
    label and default, every example drawn by the board."""
    expect(text).to_have_attribute("lang", language)
    expect(text).to_have_attribute("data-rules", game)
    default = "Default:" if language == "en" else "Voreinstellung:"
    for name in option_names(web, game):
        heading = text.locator(f'[data-option="{name}"]')
        expect(heading).to_be_visible()
        expect(heading).not_to_have_text(name)  # the lobby's label, not the raw name
        expect(heading.locator("xpath=following-sibling::p[1]")).to_contain_text(default)
    figures = text.locator("figure.rules-example")
    expect(figures).to_have_count(example_count(game))
    # Each example drawn with the board's own pieces (not left as a spinner).
    expect(text.locator("figure.rules-example .rx-example")).to_have_count(example_count(game))


def check_drawn(text: Locator, game: str) -> None:
    """The example issue 18 names for `game` is drawn with the board's own pieces: a
    Quashars trick, a Quiclo chain, a Quiddler go-out, a Quick stack turned over, a Double
    Quick! crossing that counts double."""
    if game == "quashars":
        trick = text.locator('figure[data-example="trick"]')
        expect(trick.locator(".qs-card")).to_have_count(4)
        expect(trick.locator(".rx-won .qs-card")).to_have_attribute("data-card", "R2")
    elif game == "quiclo":
        chain = text.locator('figure[data-example="chain"]').first
        expect(chain.locator(".qc-card")).to_have_count(4)  # 20 + 7 + 3 = 30
        expect(chain.locator(".rx-verdict")).to_have_attribute("data-valid", "true")
    elif game == "quiddler":
        out = text.locator('figure[data-example="go_out"]').first
        expect(out.locator('[data-word="QUITE"] .qd-face')).to_have_count(4)  # QU is one card
        expect(out.locator(".rx-discard .qd-face")).to_have_count(1)
    elif game == "quick":
        wrong = text.locator('figure[data-example="stack"]').nth(1)
        # Turned over down to its first wrong card (marked); the rest stays face down.
        expect(wrong.locator(".qk-card")).to_have_count(4)
        expect(wrong.locator(".qk-card.qk-wrong")).to_have_attribute("data-card", "4")
        expect(wrong.locator(".qk-back")).to_have_count(1)
    else:
        crossing = text.locator('figure[data-example="crossword"]').first
        # BOX across, BED down: the B in both counts twice, 5 x 2 + 1 + 10 + 1 + 1.
        expect(crossing.locator(".dq-doubled")).to_have_count(1)
        expect(crossing.locator(".dq-doubled")).to_have_attribute("data-cell", "0,0")
        expect(crossing.locator(".rx-sum")).to_have_attribute("data-total", "23")


def no_missing_messages(page: Page) -> None:
    missing = page.evaluate("[...window.__quintetMissingMessages]")
    assert missing == [], f"message keys without a text: {missing}"


@pytest.mark.parametrize("game", GAMES)
def test_the_rules_page_in_both_languages(web: Web, page: Page, game: str) -> None:
    page.goto(f"/rules/{game}")
    expect(page.get_by_role("heading", level=1)).to_have_text(f"How to play {TITLES[game]}")
    text = page.locator(".rules-text")
    check_rules(web, text, game, "en")
    check_drawn(text, game)
    expect(text.get_by_role("heading", name="The goal")).to_be_visible()
    page.get_by_role("button", name="DE", exact=True).click()
    expect(page.get_by_role("heading", level=1)).to_have_text(f"So spielt man {TITLES[game]}")
    check_rules(web, text, game, "de")
    check_drawn(text, game)
    expect(text.get_by_role("heading", name="Ziel des Spiels")).to_be_visible()
    no_missing_messages(page)
    web.shot(page, f"rules-{game}", full_page=True)


def test_the_label_and_default_come_from_the_lobby(web: Web, page: Page) -> None:
    page.goto("/rules/quiddler")
    heading = page.locator('.rules-text [data-option="pause_ms"]')
    expect(heading).to_have_text("Pause between rounds")
    expect(heading.locator("xpath=following-sibling::p[1]")).to_have_text("Default: 5 s.")
    page.get_by_role("button", name="DE", exact=True).click()
    expect(heading).to_have_text("Pause zwischen den Runden")
    expect(heading.locator("xpath=following-sibling::p[1]")).to_have_text("Voreinstellung: 5 s.")


def test_a_mark_for_an_unknown_option_is_reported(web: Web, page: Page) -> None:
    # A source whose option mark names no option of the game: the page says so in the
    # console (the fixture would fail any page test that does this).
    source_url = "**/static/app/boards/quick/rules.en.md"

    def with_a_stray_mark(route: Route) -> None:
        text = route.fetch().text()
        route.fulfill(body=text + "\n### {option=no_such_option}\n\nAn option that is gone.\n")

    page.route(source_url, with_a_stray_mark)
    web.allow_console('no option "no_such_option"')
    with page.expect_console_message(lambda m: "no_such_option" in m.text):
        page.goto("/rules/quick")
    assert any('rules of quick: no option "no_such_option"' in e for e in web.errors)


def test_each_lobby_tile_links_to_its_rules(web: Web, page: Page) -> None:
    page.goto("/")
    for game in GAMES:
        link = page.get_by_role("link", name=f"Rules of {TITLES[game]}")
        link.click()
        expect(page).to_have_url(re.compile(rf"/rules/{re.escape(game)}$"))
        check_rules(web, page.locator(".rules-text"), game, "en")
        page.go_back()
        expect(page.get_by_role("heading", name="New table")).to_be_visible()
    no_missing_messages(page)


def test_the_rules_page_starts_the_tutorial(web: Web, page: Page) -> None:
    page.goto("/rules/quiddler")
    page.locator('button[data-learn="quiddler"]').click()
    expect(page).to_have_url(re.compile(r"/t/"))
    expect(page.locator(".tutorial-hint")).to_be_visible()


def test_an_unknown_game_has_no_rules_page(page: Page) -> None:
    page.goto("/rules/nosuchgame")
    expect(page.get_by_role("heading", level=1)).to_have_text("There is no such page")


def overlaps(a: Locator, b: Locator) -> bool:
    first, second = a.bounding_box(), b.bounding_box()
    assert first is not None and second is not None
    return not (
        first["x"] + first["width"] <= second["x"]
        or second["x"] + second["width"] <= first["x"]
        or first["y"] + first["height"] <= second["y"]
        or second["y"] + second["height"] <= first["y"]
    )


@pytest.mark.parametrize("game", GAMES)
def test_the_tables_rules_button_opens_them_beside_the_board(
    web: Web, page: Page, game: str
) -> None:
    table = web.table(game, SEATS[game], seed=5)
    web.seat_page(page, table, 0)
    board = page.locator(".board-area")
    expect(board.locator(f".{board_class(game)}")).to_be_visible()
    button = page.get_by_role("button", name="Rules", exact=True)
    expect(button).to_have_attribute("aria-expanded", "false")
    button.click()
    expect(button).to_have_attribute("aria-expanded", "true")
    expect(page.get_by_role("complementary", name=f"How to play {TITLES[game]}")).to_be_visible()
    panel = page.locator("aside#rules-panel")
    check_rules(web, panel.locator(".rules-text"), game, "en")
    # The guided first game is reachable from the table too, beside its rules.
    expect(panel.locator(f'button[data-learn="{game}"]')).to_be_visible()
    # Beside the board, not over it: the whole board stays in view and usable.
    expect(board.locator(f".{board_class(game)}")).to_be_visible()
    assert not overlaps(panel, board)
    # ...and as wide as the page beside the drawer allows (at 1280 px the seats and the
    # log go under the board rather than squeeze it to some 500 px).
    width = board.evaluate("e => e.getBoundingClientRect().width")
    assert width >= 1280 - 440 - 60, f"the board is {width} px wide beside the rules"
    web.shot(page, f"rules-at-table-{game}")
    if game == "quashars":
        web.publish(f"rules-at-table-{game}")
    page.get_by_role("button", name="DE", exact=True).click()
    check_rules(web, panel.locator(".rules-text"), game, "de")
    no_missing_messages(page)
    panel.get_by_role("button", name="Regeln schließen").click()
    expect(panel).to_have_count(0)
    expect(board.locator(f".{board_class(game)}")).to_be_visible()


def board_class(game: str) -> str:
    return {
        "quashars": "qs-board",
        "quiclo": "qc-board",
        "quiddler": "qd-board",
        "quick": "qk-board",
        "double-quick": "dq-board",
    }[game]


def test_play_goes_on_while_the_rules_are_open(web: Web, page: Page) -> None:
    # Seat 1 deals, so the person (seat 0) draws first: with the rules open beside the
    # board, the draw pile is clicked and the server takes the draw.
    table = web.table("quiddler", ["human", "easy"], {"first_dealer": 1, "pause_ms": 0}, seed=3)
    web.seat_page(page, table, 0)
    page.get_by_role("button", name="Rules", exact=True).click()
    panel = page.get_by_role("complementary", name="How to play Quiddler")
    expect(panel.locator(".rules-text")).to_be_visible()
    # The table's board (the examples in the rules are drawn with its class too).
    board = page.locator(".board-area .qd-board")
    expect(board).to_have_attribute("data-turn", "me")
    expect(board).to_have_attribute("data-step", "draw")
    page.locator('.qd-pile-button[data-pile="deck"]').click()
    expect(board).not_to_have_attribute("data-step", "draw")
    expect(panel).to_be_visible()
    # Escape closes the rules; the game is where it was.
    panel.locator("#rules-panel-title").focus()
    page.keyboard.press("Escape")
    expect(panel).to_have_count(0)
    expect(board).to_be_visible()
    # The guided first game starts from the table's rules too: a tutorial table of its own.
    at_table = page.url
    page.get_by_role("button", name="Rules", exact=True).click()
    panel.get_by_role("button", name="Learn to play Quiddler: a guided first game").click()
    expect(page).not_to_have_url(at_table)
    expect(page).to_have_url(re.compile(r"/t/[\w-]+$"))
    expect(page.locator(".tutorial-hint")).to_contain_text("click the draw pile")


def test_on_a_phone_the_rules_cover_the_board_until_closed(web: Web) -> None:
    page = web.open_page(PHONE, touch=True)
    table = web.table("quick", SEATS["quick"], seed=5)
    web.seat_page(page, table, 0)
    page.get_by_role("button", name="Rules", exact=True).click()
    panel = page.get_by_role("complementary", name="How to play Quick")
    check_rules(web, panel.locator(".rules-text"), "quick", "en")
    box = panel.bounding_box()
    assert box is not None and box["width"] == PHONE["width"]
    web.shot(page, "rules-at-table-phone")
    # Nothing in the drawer's bar is cut off, in either language: the title, its links
    # and ✕ all lie inside the drawer, and the drawer does not scroll sideways.
    drawer = page.locator("aside#rules-panel")  # its name changes with the language
    for language in ("DE", "EN"):
        page.get_by_role("button", name=language, exact=True).click()
        expect(drawer.locator(".rules-panel-bar > *")).to_have_count(4)
        inside = drawer.evaluate(
            "(p) => { const r = p.getBoundingClientRect();"
            " return [...p.querySelectorAll('.rules-panel-bar > *')].every((e) => {"
            " const b = e.getBoundingClientRect();"
            " return b.left >= r.left && b.right <= r.right; })"
            " && p.scrollWidth <= p.clientWidth; }"
        )
        assert inside, f"the rules drawer's bar is cut off in {language}"
    panel.get_by_role("button", name="Close the rules").click()
    expect(page.locator(".board-area .qk-board")).to_be_visible()


@pytest.mark.parametrize("language", ["EN", "DE"])
def test_on_a_phone_no_rules_page_scrolls_sideways(web: Web, language: str) -> None:
    """A wide table (Quiddler's German score table) scrolls inside itself, not the page."""
    page = web.open_page(PHONE, touch=True)
    page.goto("/")
    page.get_by_role("button", name=language, exact=True).click()
    for game in GAMES:
        page.goto(f"/rules/{game}")
        expect(page.locator("figure.rules-example .rx-example")).to_have_count(example_count(game))
        overflow = page.evaluate(
            "document.documentElement.scrollWidth - document.documentElement.clientWidth"
        )
        assert overflow == 0, f"/rules/{game} in {language} scrolls sideways by {overflow}px"
