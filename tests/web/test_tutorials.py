"""The guided first games in a real browser: from the lobby's "Learn to play", the person
plays each tutorial to its first scoring by mouse, doing what the hints say (clicking the
cards and piles the hint marks on the board); one wrong move in each is refused and
explained, and the person tries again. Quiddler is played once in English and once in
German; a reload in the middle continues at the same step.

The hint panel marks itself for tests: `.tutorial-panel[data-step]` (the person's moves
done), `data-turn` ("you" or "bot") and `data-done`; what a hint points at carries the
class `tutorial-mark`.
"""

from __future__ import annotations

import re

from playwright.sync_api import Locator, Page, expect
from tests.web.browser import PHONE, Web

#: Milliseconds to wait for the person's next step (a failure guard, not a measurement).
STEP_WAIT_MS = 30_000


def panel(page: Page) -> Locator:
    return page.locator(".tutorial-panel")


def learn(page: Page, game: str, title: str) -> None:
    """Open the lobby and start `game`'s tutorial from its tile."""
    page.goto("/")
    page.get_by_label("Your nickname").fill("Anna")
    page.get_by_role("button", name=f"Learn to play {title}: a guided first game").click()
    expect(page).to_have_url(re.compile(r"/t/[\w-]+$"))


def my_step(page: Page, done: int) -> None:
    """Wait until the tutorial waits for the person's move number `done` + 1."""
    page.locator(f'.tutorial-panel[data-step="{done}"][data-turn="you"]').wait_for(
        timeout=STEP_WAIT_MS
    )


def no_missing_messages(page: Page) -> None:
    missing = page.evaluate("[...window.__quintetMissingMessages]")
    assert missing == [], f"message keys without a text: {missing}"


# ------------------------------------------------------------------ Quashars


def test_the_quashars_tutorial_by_mouse(web: Web, page: Page) -> None:
    learn(page, "quashars", "Quashars")
    my_step(page, 0)
    hint = page.locator(".tutorial-hint")
    expect(hint).to_contain_text("predict 4")
    expect(panel(page)).to_have_attribute("data-steps", "13")
    # The prediction, as the hint says: one chip more until it shows 4.
    chips = page.locator("#qs-predict-chips")
    while chips.input_value() != "4":
        page.get_by_role("button", name="One chip more").click()
    page.locator(".qs-predict-go").click()
    # Trick 1: blue was led. A blue card the hint does not mark is allowed by the rules,
    # but not the tutorial's: refused, explained, nothing played.
    my_step(page, 1)
    expect(hint).to_contain_text("you must follow suit")
    marked = page.locator(".qs-hand .tutorial-mark")
    expect(marked).to_have_count(1)
    expect(marked).to_have_attribute("data-card", "B9")
    cards = page.locator(".qs-hand .qs-card").count()
    other = page.locator(".qs-hand .qs-legal:not(.tutorial-mark)").first
    other.click()
    wrong = page.locator(".tutorial-wrong")
    expect(wrong).to_contain_text("this tutorial plays the blue 9 here")
    expect(page.locator(".qs-hand .qs-card")).to_have_count(cards)
    web.shot(page, "tutorial-quashars-wrong")
    # Then every card as the hints mark them, to the end of the first game.
    for done in range(1, 13):
        my_step(page, done)
        page.locator(".qs-hand .tutorial-mark").click()
        if done < 12:
            expect(panel(page)).not_to_have_attribute("data-step", str(done), timeout=STEP_WAIT_MS)
    expect(panel(page)).to_have_attribute("data-done", "true", timeout=STEP_WAIT_MS)
    end = page.locator(".tutorial-hint")
    expect(end).to_contain_text("The first game is scored. You predicted 4 and met 4 conditions")
    expect(end).to_contain_text("your prediction was exact: 2 points")
    expect(page.locator(".qs-hand .tutorial-mark")).to_have_count(0)
    web.shot(page, "tutorial-quashars-end")
    no_missing_messages(page)
    # On to a real game: the lobby, with Quashars chosen.
    page.get_by_role("link", name="Play a real game").click()
    expect(page).to_have_url(re.compile(r"/$"))
    expect(page.get_by_role("radio", name=re.compile("Quashars"))).to_be_checked()


# ------------------------------------------------------------------ Quiddler


def quiddler_tutorial(web: Web, page: Page, german: bool) -> None:
    learn(page, "quiddler", "Quiddler")
    if german:
        page.get_by_role("button", name="DE").click()
    my_step(page, 0)
    hint = page.locator(".tutorial-hint")
    expect(hint).to_contain_text("Ablagestapel" if german else "discard pile")
    # The hint points at the discard pile; the draw pile is a wrong move here.
    discard = page.locator('.qd-pile-button[data-pile="discard"]')
    expect(discard).to_have_class(re.compile("tutorial-mark"))
    page.locator('.qd-pile-button[data-pile="deck"]').click()
    wrong = page.locator(".tutorial-wrong")
    expect(wrong).to_contain_text(
        "das U auf dem Ablagestapel ist die Karte" if german else "the U on the discard pile"
    )
    expect(panel(page)).to_have_attribute("data-step", "0")
    web.shot(page, f"tutorial-quiddler-wrong{'-de' if german else ''}")
    discard.click()
    # Go out: the hint names the word; build it on the rack, then go out.
    my_step(page, 1)
    expect(wrong).to_have_count(0)
    word = re.search(r"(?:Buchstaben von|letters of) ([A-Z]+)", hint.inner_text())
    assert word, hint.inner_text()
    page.locator('.qd-mode [data-mode="words"]').click()
    for letter in word.group(1).lower():
        page.locator(f'.qd-hand .qd-card[data-card="{letter}"]').first.click()
    expect(page.locator(f'.qd-word[data-word="{word.group(1).lower()}"]')).to_have_attribute(
        "data-state", "valid"
    )
    page.locator(".qd-finish").click()
    # The bot's last turn comes by itself, then round 1 is scored and explained.
    expect(panel(page)).to_have_attribute("data-done", "true", timeout=STEP_WAIT_MS)
    expect(hint).to_contain_text("Runde 1 ist gewertet" if german else "Round 1 is scored")
    web.shot(page, f"tutorial-quiddler-end{'-de' if german else ''}")
    no_missing_messages(page)


def test_the_quiddler_tutorial_by_mouse(web: Web, page: Page) -> None:
    quiddler_tutorial(web, page, german=False)


def test_the_quiddler_tutorial_in_german(web: Web, page: Page) -> None:
    quiddler_tutorial(web, page, german=True)
    page.get_by_role("link", name="Zurück zur Lobby", exact=True).click()
    expect(page).to_have_url(re.compile(r"/$"))


def test_a_reload_continues_the_tutorial_at_the_same_step(web: Web, page: Page) -> None:
    learn(page, "quiddler", "Quiddler")
    my_step(page, 0)
    page.locator('.qd-pile-button[data-pile="discard"]').click()
    my_step(page, 1)
    page.reload()
    my_step(page, 1)
    expect(page.locator(".tutorial-hint")).to_contain_text("letters of MUD")


def test_on_a_phone_the_hint_comes_above_the_board(web: Web) -> None:
    page = web.open_page(PHONE)
    learn(page, "quiddler", "Quiddler")
    my_step(page, 0)
    hint = panel(page).bounding_box()
    board = page.locator(".board-area").bounding_box()
    assert hint is not None and board is not None
    assert hint["y"] + hint["height"] <= board["y"], "the hint is not above the board"
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    web.shot(page, "tutorial-quiddler-phone")
