"""The races' guided first games in a real browser: from the lobby's "Learn to play", the
person plays each race's tutorial to its first scoring by mouse, clicking what each hint
marks on the board (a pile, a gap, a card, a tile, a cell); one wrong move in each is
refused and explained, and the person tries again. Quiclo is played in German. Every hint
says the clock stands still; a reload in the middle of Double Quick! continues it.

The moves clicked are the tutorial's own steps (`quintet.games.<game>.tutorial`): each
step's target must carry the hint's mark (`tutorial-mark`) before it is clicked, so the
test follows the hints and fails when a hint points elsewhere. Bots move at the web
tests' pace (`WEB_BOT_PACE`); the only real waits are the races' own public phases
(Quick's countdown and checking).
"""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect
from tests.web.browser import PHONE, Web
from tests.web.test_tutorials import STEP_WAIT_MS, learn, my_step, no_missing_messages, panel

from quintet.core import JSONDict
from quintet.core.tutorial import You, find

SIGNS = {"+": "+", "-": "-", "*": "*", "/": "/"}


def my_moves(game: str) -> list[JSONDict]:
    tutorial = find(game)
    assert tutorial is not None
    return [step.action for step in tutorial.steps if isinstance(step, You)]


def wrong_shown(page: Page, text: str, step: int) -> None:
    """The wrong move is refused and explained; the tutorial stays at the same step."""
    expect(page.locator(".tutorial-wrong")).to_contain_text(text)
    expect(panel(page)).to_have_attribute("data-step", str(step))


def finished(page: Page, text: str) -> None:
    expect(panel(page)).to_have_attribute("data-done", "true", timeout=STEP_WAIT_MS)
    # Quick's checking (cards turned at the game's real pace, some 5 s) comes between the
    # last step and the scoring: the guard is the step's, not expect's default 5 s.
    expect(page.locator(".tutorial-hint")).to_contain_text(text, timeout=STEP_WAIT_MS)
    no_missing_messages(page)


# ------------------------------------------------------------------ Quick


def quick_move(page: Page, action: JSONDict) -> None:
    marked = page.locator(".qk-board .tutorial-mark")
    if action["type"] == "take":
        pile = page.locator(f'.qk-pile[data-pile="{action["pile"]}"]')
        expect(pile).to_have_class(re.compile("tutorial-mark"))
        pile.locator(".qk-take").click()
    elif action["type"] == "place":
        pile = page.locator(f'.qk-pile[data-pile="{action["pile"]}"]')
        expect(pile).to_have_class(re.compile("tutorial-mark"))
        pile.locator(f'.qk-end[data-end="{action["end"]}"]').click()
    elif action["type"] == "new_pile":
        expect(marked).to_have_attribute("data-gap", str(action["at"]))
        marked.click()
    else:
        page.locator(".qk-klaar").click()


def test_the_quick_tutorial_by_mouse(web: Web, page: Page) -> None:
    learn(page, "quick", "Quick")
    hint = page.locator(".tutorial-hint")
    for done, action in enumerate(my_moves("quick")):
        my_step(page, done)
        # After the countdown ("QUICK!") the person can act, and the clock stops.
        page.locator('.qk-board[data-can-act="true"]').wait_for(timeout=STEP_WAIT_MS)
        expect(page.locator(".tutorial-paused")).to_be_visible()
        if done == 1:
            expect(hint).to_contain_text("warm colours")
            # A new pile left of the stack: allowed, but not the plan: refused, explained.
            page.locator('.qk-gap[data-gap="0"]').click()
            wrong_shown(page, "Start a new pile with the orange 9 at the marked +", done)
            # The board's own line says the same, without calling the move "allowed".
            expect(page.locator(".qk-board")).to_contain_text("Not the move this tutorial asks for")
            web.shot(page, "tutorial-quick-wrong")
        quick_move(page, action)
    expect(hint).to_contain_text("turned over card by card")
    # While the checking runs the hint says to wait, and the tutorial is not yet complete.
    # (Both read in one frame: the checking lasts seconds, but no longer than that.)
    page.wait_for_function(
        """() => {
          const hint = document.querySelector('.tutorial-hint');
          const panel = document.querySelector('.tutorial-panel');
          return Boolean(hint?.textContent.includes("the round's result follows in a few seconds")
            && panel.dataset.done === 'false' && !document.querySelector('.tutorial-finished'));
        }""",
        timeout=STEP_WAIT_MS,
    )
    finished(page, "Your opponent called KLAAR first, but its stack stopped at card 3")
    expect(hint).to_contain_text("you take this round's chip")
    web.shot(page, "tutorial-quick-end")


# ------------------------------------------------------------------ Quiclo


def quiclo_chain(page: Page, claim: JSONDict) -> None:
    """Click the chain's cards and signs, then the target top, then QUICLO!"""
    page.locator(".qc-clear").click()
    for number, card in enumerate(claim["operands"]):
        if number:
            sign = SIGNS[claim["operators"][number - 1]]
            page.locator(f'.qc-op[data-op="{sign}"]').click()
        own = page.locator(f'.qc-hand button[data-card="{card}"]')
        target = own if own.count() else page.locator(f'.qc-stack button[data-card="{card}"]')
        expect(target).to_have_class(re.compile("tutorial-mark"))
        target.click()
    page.locator(f'.qc-stack[data-stack="{claim["stack"]}"] button[data-card]').click()
    page.locator(".qc-claim").click()


def test_the_quiclo_tutorial_by_mouse_in_german(web: Web, page: Page) -> None:
    learn(page, "quiclo", "Quiclo")
    page.get_by_role("button", name="DE", exact=True).click()
    hint = page.locator(".tutorial-hint")
    for done, action in enumerate(my_moves("quiclo")):
        my_step(page, done)
        page.locator('.qc-board[data-can-claim="true"]').wait_for(timeout=STEP_WAIT_MS)
        # Each hint stops the race's clock while it is read, and says so.
        expect(page.locator(".tutorial-paused")).to_have_text("Die Uhr steht, während du liest.")
        if done == 0:
            expect(hint).to_contain_text("Alle spielen gleichzeitig")
            # 72 - 9 is not 81: the rules would make the person sit out; the tutorial
            # refuses the chain before it counts and explains.
            quiclo_chain(page, {**action, "operators": ["-"]})
            wrong_shown(page, "eine falsche Kette kostet dich hier nichts", done)
            # The board says the chain is not valid; its line about the tutorial must not
            # call the same chain "allowed".
            board = page.locator(".qc-board").first
            expect(board).to_contain_text("Nicht der Zug, den die Einführung hier möchte")
            expect(board).not_to_contain_text("erlaubt")
            expect(page.locator(".qc-sitout")).to_have_count(0)
            web.shot(page, "tutorial-quiclo-wrong-de")
        if action["type"] == "claim":
            quiclo_chain(page, action)
        else:
            expect(hint).to_contain_text("Keine Kette mehr")
            page.locator(".qc-vote").click()
    finished(page, "Alle haben gestimmt")
    expect(page.locator(".tutorial-hint")).to_contain_text("Du hältst 6 Karten, dein Gegner 8")
    web.shot(page, "tutorial-quiclo-end-de")


# ------------------------------------------------------------------ Double Quick!


def test_the_double_quick_tutorial_by_mouse(web: Web, page: Page) -> None:
    learn(page, "double-quick", "Double Quick!")
    hint = page.locator(".tutorial-hint")
    moves = my_moves("double-quick")
    for done, action in enumerate(moves):
        my_step(page, done)
        if done == 2:
            # A reload in the middle of the race continues it at the same step, the tiles
            # laid where they were (the table is stored like any other).
            page.reload()
            my_step(page, done)
            for laid in moves[:done]:
                cell = page.locator(f'.dq-cell[data-cell="{laid["row"]},{laid["col"]}"]')
                expect(cell).to_have_attribute("data-tile", laid["tile"])
        # Each hint stops the race's clock while it is read, and says so.
        expect(page.locator(".tutorial-paused")).to_be_visible()
        if action["type"] == "press":
            expect(hint).to_contain_text("Press the red button")
            page.locator(".dq-press").click()
            continue
        tile = page.locator(f'.dq-rack [data-tile="{action["tile"]}"]')
        cell = page.locator(f'.dq-cell[data-cell="{action["row"]},{action["col"]}"]')
        expect(tile).to_have_class(re.compile("tutorial-mark"))
        expect(cell).to_have_class(re.compile("tutorial-mark"))
        if done == 0:
            # The hint's mark is sky blue and dashed, never the board's own gold (the
            # selected tile, the cursor): a selected marked tile shows both.
            style = "e => [getComputedStyle(e).outlineColor, getComputedStyle(e).outlineStyle,"
            style += " getComputedStyle(e).boxShadow]"
            assert cell.evaluate(style)[:2] == ["rgb(14, 165, 233)", "dashed"]
            tile.click()
            expect(tile).to_have_class(re.compile("dq-selected"))
            outline, _, glow = tile.evaluate(style)
            assert outline == "rgb(232, 182, 76)", outline  # the board's --gold
            assert "rgba(56, 189, 248" in glow, glow  # the mark's glow stays
            expect(hint).to_contain_text("Start with WED across")
            # The W (selected) on another cell: allowed by the rules, not the tutorial's.
            page.locator('.dq-cell[data-cell="2,3"]').click()
            wrong_shown(page, "Put the W on the marked cell", done)
            web.shot(page, "tutorial-double-quick-wrong")
        if tile.get_attribute("aria-pressed") != "true":
            tile.click()
        cell.click()
    finished(page, "The game is scored")
    expect(page.locator(".tutorial-hint")).to_contain_text("WED and COW score 18")
    # The game is over: its results wait behind their button, not over the explanation.
    expect(page.locator(".results-headline")).to_have_count(0)
    web.shot(page, "tutorial-double-quick-end")
    page.get_by_role("button", name="Results", exact=True).click()
    expect(page.locator(".results-headline")).to_contain_text("wins")


#: Every element `marked` (the hint's marks on the board, then the claim's input and button)
#: in the viewport (to a pixel's rounding) and not covered (by the hint or anything else):
#: its centre hits it.
ALL_IN_VIEW = """(marked) => marked.every((e) => {
  const r = e.getBoundingClientRect();
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return r.top >= 0 && r.bottom <= window.innerHeight + 1 && e.contains(hit);
})"""


def test_on_a_phone_a_wrong_move_is_explained_in_view(web: Web) -> None:
    """On a phone the hint comes above the board; scrolled down to the claim's input, it
    is a two-line strip under the top bar that covers neither the cards and stacks it
    marks nor the input: all are in view together (in German, whose hints are longer).
    The explanation of a wrong chain takes the hint's place in the strip. The practice
    tables' hint button is not offered (the bot could suggest another chain than the
    tutorial's)."""
    page = web.open_page(PHONE, touch=True)
    learn(page, "quiclo", "Quiclo")
    page.get_by_role("button", name="DE", exact=True).click()
    my_step(page, 0)
    page.locator('.qc-board[data-can-claim="true"]').wait_for(timeout=STEP_WAIT_MS)
    expect(page.locator(".qc-clear")).to_be_visible()
    expect(page.locator(".qc-hint")).to_have_count(0)
    page.locator(".qc-claim").evaluate("e => e.scrollIntoView({block: 'end'})")
    marks = ".qc-board .tutorial-mark, .qc-input, .qc-claim"
    assert page.locator(".qc-board .tutorial-mark").count() >= 2
    page.wait_for_function(f"() => ({ALL_IN_VIEW})([...document.querySelectorAll({marks!r})])")
    strip = page.locator(".tutorial-strip")
    expect(strip).to_contain_text("Dein Zug 1 von")
    web.shot(page, "tutorial-quiclo-phone-claim-de")
    # "Mehr" (more) unfolds the whole hint, "Weniger" (less) folds it again.
    page.get_by_role("button", name="Mehr", exact=True).click()
    expect(strip).to_have_class(re.compile("tutorial-strip-open"))
    page.get_by_role("button", name="Weniger", exact=True).click()
    expect(strip).not_to_have_class(re.compile("tutorial-strip-open"))
    claim = my_moves("quiclo")[0]
    quiclo_chain(page, {**claim, "operators": ["-"]})
    wrong_shown(page, "eine falsche Kette kostet dich hier nichts", 0)
    page.locator(".qc-claim").evaluate("e => e.scrollIntoView({block: 'end'})")
    explained = page.locator(".tutorial-strip-wrong")
    expect(explained).to_contain_text("eine falsche Kette kostet dich hier nichts")
    expect(explained).to_be_in_viewport(ratio=1)
    page.wait_for_function(f"() => ({ALL_IN_VIEW})([...document.querySelectorAll({marks!r})])")
    web.shot(page, "tutorial-quiclo-wrong-phone-de")
