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
    # The button the hint names is drawn as "+": the hint says so.
    expect(hint).to_contain_text("Press + (“One chip more”)")
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
    # The other blue cards are playable too, and lifted: the marked one stands higher.
    others = page.locator(".qs-hand .qs-legal:not(.tutorial-mark)")
    expect(others).not_to_have_count(0)
    page.wait_for_function(
        "() => { const m = document.querySelector('.qs-hand .tutorial-mark');"
        " return [...document.querySelectorAll('.qs-hand .qs-legal:not(.tutorial-mark)')]"
        ".every((c) => c.getBoundingClientRect().top - m.getBoundingClientRect().top >= 8); }"
    )
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
        if done == 3:
            # A hint that begins with a colour begins with a capital, like any sentence.
            expect(hint).to_have_text("Blue was led: follow suit with the blue 6.")
        if done == 9:
            # Not "the last trick": a condition of this deal is the first or the last trick.
            expect(hint).to_contain_text("You won the previous trick, so you lead")
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
    # In German the explanation names a game of the match as the board does: a "Partie".
    page.get_by_role("button", name="DE", exact=True).click()
    expect(page.locator(".qs-board")).to_contain_text("Partie 1 ist gewertet")
    expect(end).to_contain_text("Die erste Partie ist gewertet")
    expect(end).to_contain_text("so viele Partien, wie Personen am Tisch sitzen")
    page.get_by_role("button", name="EN", exact=True).click()
    # On to a real game: the lobby, with Quashars chosen.
    page.get_by_role("link", name="Play a real game").click()
    expect(page).to_have_url(re.compile(r"/$"))
    expect(page.get_by_role("radio", name=re.compile("Quashars"))).to_be_checked()


# ------------------------------------------------------------------ Quiddler


def quiddler_tutorial(web: Web, page: Page, german: bool) -> None:
    """Round 1 by mouse: draw from the draw pile, discard the X (a wrong move first: the
    discard pile in German, a card the hint says to keep in English), take the U from the
    discard pile, build HUB on the word rack and go out; the bot's last turn; the scoring."""
    learn(page, "quiddler", "Quiddler")
    if german:
        page.get_by_role("button", name="DE", exact=True).click()
    my_step(page, 0)
    hint = page.locator(".tutorial-hint")
    wrong = page.locator(".tutorial-wrong")
    expect(hint).to_contain_text("Nachziehstapel" if german else "click the draw pile")
    expect(panel(page)).to_have_attribute("data-steps", "4")
    deck = page.locator('.qd-pile-button[data-pile="deck"]')
    discard = page.locator('.qd-pile-button[data-pile="discard"]')
    expect(deck).to_have_class(re.compile("tutorial-mark"))
    if german:
        # The D on the discard pile makes no word here: refused, explained, nothing drawn.
        discard.click()
        expect(wrong).to_contain_text("Das D ergibt mit deinen Karten kein Wort")
        expect(panel(page)).to_have_attribute("data-step", "0")
        web.shot(page, "tutorial-quiddler-wrong-de")
    deck.click()
    # An ordinary turn's discard: the hint marks the X.
    my_step(page, 1)
    expect(hint).to_contain_text("passt zu keinem Wort" if german else "fits no word")
    marked = page.locator(".qd-hand .tutorial-mark")
    expect(marked).to_have_count(1)
    expect(marked).to_have_attribute("data-card", "x")
    # The S just drawn is ringed in gold too: the marked X stands higher than it.
    page.wait_for_function(
        "() => { const top = (c) => document.querySelector(`.qd-hand .qd-card[data-card=${c}]`)"
        ".getBoundingClientRect().top; return top('s') - top('x') >= 6; }"
    )
    if not german:
        # Discarding a card the hint says to keep: refused, explained, the hand unchanged.
        page.locator('.qd-hand .qd-card[data-card="b"]').click()
        expect(wrong).to_contain_text("Keep B H S")
        expect(page.locator(".qd-hand .qd-card")).to_have_count(4)
        expect(panel(page)).to_have_attribute("data-step", "1")
        web.shot(page, "tutorial-quiddler-wrong")
    marked.click()
    # The bot takes the X and discards a U: the person takes the U from the discard pile.
    my_step(page, 2)
    expect(wrong).to_have_count(0)
    expect(discard).to_have_class(re.compile("tutorial-mark"))
    discard.click()
    # Go out: the hint names the word; build it on the rack, then go out.
    my_step(page, 3)
    word = re.search(r"(?:Buchstaben von|letters of) ([A-Z]+)", hint.inner_text())
    assert word and word.group(1) == "HUB", hint.inner_text()
    page.locator('.qd-mode [data-mode="words"]').click()
    for letter in word.group(1).lower():
        page.locator(f'.qd-hand .qd-card[data-card="{letter}"]').first.click()
    expect(page.locator('.qd-word[data-word="hub"]')).to_have_attribute("data-state", "valid")
    page.locator(".qd-finish").click()
    # The bot's last turn comes by itself, then round 1 is scored and explained.
    expect(panel(page)).to_have_attribute("data-done", "true", timeout=STEP_WAIT_MS)
    expect(hint).to_contain_text("Runde 1 ist gewertet" if german else "Round 1 is scored")
    expect(hint).to_contain_text("29")
    expect(hint).to_contain_text("EX")
    # The round is over: no "everyone else has one last turn" left beside "Round 1 is scored".
    expect(page.locator(".qd-status")).to_contain_text("Runde 1" if german else "Round 1")
    expect(page.locator(".qd-out-note")).to_have_count(0)
    # The long pause before round 2 is labelled as such (not the generic "Next step in").
    expect(page.locator(".deadline-label")).to_have_text(
        "Nächste Runde in" if german else "Next round in"
    )
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
    page.locator('.qd-pile-button[data-pile="deck"]').click()
    my_step(page, 1)
    page.locator(".qd-hand .tutorial-mark").click()
    my_step(page, 2)
    page.locator('.qd-pile-button[data-pile="discard"]').click()
    my_step(page, 3)
    page.reload()
    my_step(page, 3)
    expect(page.locator(".tutorial-hint")).to_contain_text("letters of HUB")


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
    # Scrolled down to the cards, the hint is still in view, folded to a strip under the
    # top bar, and what it marks can still be clicked.
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    page.wait_for_function("window.scrollY > 0")
    strip = page.locator(".tutorial-strip")
    expect(strip).to_contain_text("click the draw pile")
    expect(strip).to_be_in_viewport(ratio=1)
    page.locator('.qd-pile-button[data-pile="deck"]').click()
    my_step(page, 1)
    web.shot(page, "tutorial-quiddler-phone-scrolled")
    # On to the end: the scoring explained and the ways on fit the hint, still in view.
    page.locator(".qd-hand .tutorial-mark").click()
    my_step(page, 2)
    page.locator('.qd-pile-button[data-pile="discard"]').click()
    my_step(page, 3)
    page.locator('.qd-mode [data-mode="words"]').click()
    for letter in "hub":
        page.locator(f'.qd-hand .qd-card[data-card="{letter}"]').first.click()
    page.locator(".qd-finish").click()
    expect(panel(page)).to_have_attribute("data-done", "true", timeout=STEP_WAIT_MS)
    expect(page.locator(".tutorial-hint")).to_contain_text("Round 1 is scored")
    expect(page.get_by_role("link", name="Play a real game")).to_be_in_viewport(ratio=1)
    web.shot(page, "tutorial-quiddler-phone-end")
