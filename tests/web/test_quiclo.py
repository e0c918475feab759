"""The Quiclo board in a real browser: two people and a bot play a game to the end, a
wrong claim sits its claimer out, a claim on a covered top is too late, the hint on a
practice table, the phone layout, and the board's arithmetic preview against the Python
referee on a few hundred chains.

People find their claims the way a person at the table would: from what their page shows
(their cards and the three tops, read from the board), here with the Python solver, and
type or click them in.
"""

# The chains are about the typographic signs × ÷ − and the en dash, which people type.
# ruff: noqa: RUF001, RUF003

from __future__ import annotations

import random
import re
import time
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from tests.server.live import LiveServer, running_server, start
from tests.web.browser import Web

from quintet.games.quiclo import solver
from quintet.games.quiclo.arithmetic import ChainSyntaxError, parse

#: Seconds a game may take before the test gives up (a guard against a hang, not a timer
#: under test).
GAME_TIMEOUT = 90.0
PHONE_TALL = {"width": 390, "height": 844}

#: Bot think times x this. Slower than the other browser tests' pace: at that pace an
#: easy bot empties its hand before two scripted people have read the table.
QUICLO_BOT_PACE = 0.25

#: Every way the referee accepts to write each operator, so the typed claims use them all.
SPELLINGS = {"+": ["+"], "-": ["-", "−", "–"], "*": ["*", "x", "X", "×"], "/": ["/", ":", "÷"]}


@pytest.fixture(scope="module")
def web_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """This module's live server: conftest's, with bots at QUICLO_BOT_PACE."""
    folder = tmp_path_factory.mktemp("web-quiclo")
    url = f"sqlite+aiosqlite:///{folder / 'quintet.sqlite3'}"
    with running_server(url, folder, bot_pace=QUICLO_BOT_PACE) as server:
        yield server


def board_state(page: Page) -> dict[str, Any]:
    """What the page shows: its cards, the three tops, whether it may claim, how many of
    its claims have been answered, and the other hands when they are open."""
    state: dict[str, Any] = page.evaluate(
        """() => {
          const board = document.querySelector('.qc-board');
          if (!board) return null;
          const cards = (root) =>
            [...root.querySelectorAll('[data-card]')].map((e) => +e.dataset.card);
          const hand = document.querySelector('.qc-hand');
          return {
            hand: hand ? cards(hand) : [],
            tops: [...document.querySelectorAll('.qc-stack')].map((e) => +e.dataset.top),
            can: board.dataset.canClaim === 'true',
            answered: +board.dataset.answered,
            others: Object.fromEntries([...document.querySelectorAll('.qc-plate')]
              .map((p) => [p.dataset.seat, cards(p)])),
          };
        }"""
    )
    assert state is not None, "the page shows no Quiclo board"
    return state


def chain_text(claim: solver.Claim, rng: random.Random, *, spaced: bool = True) -> str:
    """The claim as a person types it, with any accepted spelling of each operator."""
    parts = [str(claim.operands[0])]
    for op, card in zip(claim.operators, claim.operands[1:], strict=True):
        parts += [rng.choice(SPELLINGS[op]), str(card)]
    parts += ["=", str(claim.result)]
    return " ".join(parts) if spaced else "".join(parts)


def best_claim(hand: list[int], tops: list[int]) -> solver.Claim | None:
    """The claim that sheds the most cards (the game ends sooner), the first such."""
    claims = solver.solve(hand, tops)
    return max(claims, key=lambda c: len(c.own), default=None)


def claim_by_typing(page: Page, text: str) -> bool:
    """Type `text` into the chain and press Enter; wait for the server's answer. False
    when the game ended first: in a race another seat's last claim can end it at any
    moment, and the chain field goes with it, or stays a moment without sending (the
    only reasons no answer comes: checked)."""
    before = board_state(page)["answered"]
    chain = page.locator("#qc-chain")
    try:
        chain.fill(text)
        chain.press("Enter")
    except PlaywrightTimeoutError:
        expect(page.get_by_role("dialog", name="Game over")).to_be_visible()
        return False
    # The answer, or the end: a game that ended between the typing and the Enter sends
    # nothing (the page claims only while the game runs), so no answer will come.
    answered = f".qc-board[data-answered='{before + 1}']"
    expect(page.locator(f"{answered}, .qc-over").first).to_be_visible()
    if board_state(page)["answered"] == before + 1:
        return True
    expect(page.locator(".qc-over")).to_be_visible()
    return False


def claim_by_clicking(page: Page, claim: solver.Claim) -> None:
    """Build the claim with the mouse only: cards, operator buttons, the result's stack."""
    before = board_state(page)["answered"]
    signs = {"+": "+", "-": "−", "*": "×", "/": "÷"}
    for index, card in enumerate(claim.operands):
        if index:
            page.locator(f'.qc-op[data-op="{claim.operators[index - 1]}"]').click()
        if card in claim.own:
            page.locator(f'.qc-hand [data-card="{card}"]').click()
        else:
            page.locator(f'.qc-stack [data-card="{card}"]').click()
    page.locator(f'.qc-stack[data-stack="{claim.stack}"] [data-card="{claim.result}"]').click()
    typed = " ".join(
        [str(claim.operands[0])]
        + [f"{signs[o]} {c}" for o, c in zip(claim.operators, claim.operands[1:], strict=True)]
        + ["=", str(claim.result)]
    )
    expect(page.locator("#qc-chain")).to_have_value(typed)
    expect(page.locator(".qc-preview")).to_have_attribute("data-tone", "good")
    page.locator(".qc-claim").click()
    expect(page.locator(".qc-board")).to_have_attribute("data-answered", str(before + 1))


def test_two_people_and_a_bot_play_to_the_end(web: Web) -> None:
    table = web.table(
        "quiclo", ["human", "human", "easy"], {"stall_ms": 30_000}, seed=6, begin=False
    )
    # Both pages wait at the table before it starts: a race begun while they still load
    # would be the bot's alone.
    anna = web.seat_page(web.open_page(), table, 0)
    ben = web.seat_page(web.open_page(PHONE_TALL), table, 1)
    with web.http() as http:
        start(http, table.id, table.tokens[0])
    people = {0: anna, 1: ben}
    for page in people.values():
        expect(page.locator(".qc-stack")).to_have_count(3)
        expect(page.locator(".qc-hint")).to_have_count(0)  # not a practice table
    rng = random.Random(6)
    dialogs = [page.get_by_role("dialog", name="Game over") for page in people.values()]
    claims = {0: 0, 1: 0}
    give_up = time.monotonic() + GAME_TIMEOUT
    # Each person claims what their page shows, as fast as they can; the bot races them.
    # A claim the bot beat is refused as too late, without penalty, as at the table.
    while not any(dialog.is_visible() for dialog in dialogs):
        assert time.monotonic() < give_up, "the game did not end"
        for seat, page in people.items():
            state = board_state(page)
            claim = best_claim(state["hand"], state["tops"]) if state["can"] else None
            if claim is not None:
                if not claim_by_typing(page, chain_text(claim, rng, spaced=rng.random() < 0.5)):
                    break
                claims[seat] += 1
                if claims[0] == 1 and seat == 0:
                    web.shot(anna, "quiclo-game", full_page=True)
    for dialog in dialogs:
        expect(dialog).to_be_visible()
    # The log tells the claims in words.
    log = anna.locator(".game-log")
    expect(log).to_contain_text(re.compile(r"(Anna|Ben): \d+ .* on stack \d; \d+ is the new top"))
    web.shot(anna, "quiclo-end")
    assert anna.evaluate("window.__quintetMissingMessages.size") == 0
    with web.http() as http:
        assert http.get(f"/api/tables/{table.id}").json()["status"] == "finished"
        frames = http.get(f"/api/tables/{table.id}/replay?viewer=spectator").json()
    # Both people's claims were laid down (not only tried).
    claimers = [e["seat"] for f in frames for e in f["events"] if e["type"] == "claimed"]
    assert {0, 1} <= set(claimers), f"claims laid by seat: {claimers} (tried: {claims})"
    # The replay shows the board too, from the spectator's seat: every player, no hand,
    # no chain builder.
    anna.goto(f"/replay/{table.id}")
    anna.get_by_label("Seen by").select_option("spectator")
    anna.get_by_role("button", name="Last move").click()
    expect(anna.locator(".qc-plate")).to_have_count(3)
    expect(anna.locator(".qc-stack")).to_have_count(3)
    expect(anna.locator(".qc-hand, .qc-builder")).to_have_count(0)
    expect(anna.locator(".replay-log")).to_contain_text(re.compile(r"won"))


def test_claims_by_mouse_and_by_keyboard(web: Web) -> None:
    table = web.table("quiclo", ["human", "human"], seed=7)
    anna = web.seat_page(web.open_page(), table, 0)
    ben = web.seat_page(web.open_page(), table, 1)
    state = board_state(anna)
    claim = best_claim(state["hand"], state["tops"])
    assert claim is not None
    claim_by_clicking(anna, claim)
    expect(anna.locator(".qc-hand .qc-count")).to_have_text(f"{12 - len(claim.own)} cards")
    anna_claimed = re.compile(rf"Anna: {claim.operands[0]} .* on stack {claim.stack + 1}")
    expect(anna.locator(".game-log")).to_contain_text(anna_claimed)
    # Ben's page has Anna's claim too before he reads his cards and the tops from it.
    expect(ben.locator(".game-log")).to_contain_text(anna_claimed)
    # Ben by keyboard: a card pressed with Enter goes into the chain, and typing anywhere
    # on the page continues it; Enter claims.
    state = board_state(ben)
    claim = best_claim(state["hand"], state["tops"])
    assert claim is not None and claim.operands[0] in claim.own
    ben.locator(f'.qc-hand [data-card="{claim.operands[0]}"]').focus()
    ben.keyboard.press("Enter")
    expect(ben.locator("#qc-chain")).to_have_value(str(claim.operands[0]))
    ben.locator(f'.qc-hand [data-card="{claim.operands[0]}"]').focus()
    rest = chain_text(claim, random.Random(7), spaced=False)[len(str(claim.operands[0])) :]
    ben.keyboard.type(rest)
    expect(ben.locator(".qc-preview")).to_have_attribute("data-tone", "good")
    ben.keyboard.press("Enter")
    expect(ben.locator(".qc-hand .qc-count")).to_have_text(f"{12 - len(claim.own)} cards")
    expect(ben.locator("#qc-chain")).to_have_value("")


def test_a_wrong_claim_shows_the_sit_out(web: Web, page: Page) -> None:
    # Hidden hands: the other player is only a count and card backs. The longest sit-out
    # the rules allow: it cannot end (and the page change) while the test looks at it.
    table = web.table(
        "quiclo", ["human", "human"], {"open_hands": False, "sit_out_ms": 600_000}, seed=3
    )
    web.seat_page(page, table, 0)
    state = board_state(page)
    assert state["others"] == {"1": []}, "a hidden hand showed its cards"
    expect(page.locator('.qc-plate[data-seat="1"] .qc-back')).to_have_count(12)
    expect(page.locator('.qc-plate[data-seat="1"] .qc-count')).to_have_text("12 cards")
    hand, tops = state["hand"], state["tops"]
    a, b = next((a, b) for a in hand for b in hand if a < b and a + b != tops[0])
    page.locator("#qc-chain").fill(f"{a}+{b}={tops[0]}")
    preview = page.locator(".qc-preview")
    expect(preview).to_have_attribute("data-tone", "bad")
    expect(preview).to_contain_text(f"Not valid: the chain makes {a + b}, not {tops[0]}")
    expect(preview).to_contain_text("Claiming it anyway makes you sit out.")
    page.keyboard.press("Enter")
    sitout = page.locator(".qc-sitout")
    expect(sitout).to_be_visible()
    expect(sitout).to_contain_text("Wrong claim: you sit out")
    expect(sitout).to_contain_text(re.compile(r"\d+ seconds"))
    expect(sitout).to_contain_text(f"The referee: the chain makes {a + b}, not {tops[0]}")
    expect(page.locator(".qc-claim")).to_be_disabled()
    expect(page.locator(".qc-claim")).to_contain_text(re.compile(r"Sitting out · \d+ s"))
    expect(page.locator(".seat.me .seat-clock")).to_contain_text("sits out")
    expect(page.locator(".game-log")).to_contain_text(
        "Anna called QUICLO! with a wrong chain and sits out"
    )
    # Nothing moved: the same cards, the same tops.
    after = board_state(page)
    assert (after["hand"], after["tops"]) == (hand, tops)
    assert after["can"] is False
    web.shot(page, "quiclo-sit-out")
    # In German, the referee's reason too.
    page.locator('.lang-switch [data-lang="de"]').click()
    expect(sitout).to_contain_text("Falsche Kette: du setzt aus")
    expect(sitout).to_contain_text(f"die Kette ergibt {a + b}, nicht {tops[0]}")
    expect(page.locator(".qc-claim")).to_contain_text("Aussetzen")
    expect(page.locator(".game-log")).to_contain_text(
        "Anna hat mit einer falschen Kette QUICLO! gerufen und setzt aus"
    )
    assert page.evaluate("window.__quintetMissingMessages.size") == 0
    web.shot(page, "quiclo-sit-out-de")


def test_a_claim_on_a_covered_top_is_too_late(web: Web) -> None:
    table = web.table("quiclo", ["human", "human"], seed=4)
    anna = web.seat_page(web.open_page(), table, 0)
    ben = web.seat_page(web.open_page(PHONE_TALL), table, 1)
    # Ben lays his cards open (the table's default, chosen at once): Anna sees them.
    ben.get_by_role("button", name="Lay them open").click()
    expect(anna.locator('.qc-plate[data-seat="1"] [data-card]')).to_have_count(12)
    state = board_state(anna)
    tops, mine, his = state["tops"], state["hand"], state["others"]["1"]
    assert len(his) == 12
    # A stack that Ben can claim on, and a claim of Anna's that needs its top.
    found = next(
        (mine_claim, his_claim)
        for his_claim in solver.solve(his, tops)
        for mine_claim in solver.solve(mine, tops, limit=400)
        if tops[his_claim.stack] in (mine_claim.result, *mine_claim.operands)
    )
    mine_claim, his_claim = found
    rng = random.Random(4)
    anna.locator("#qc-chain").fill(chain_text(mine_claim, rng))
    expect(anna.locator(".qc-preview")).to_have_attribute("data-tone", "good")
    expect(anna.locator(f'.qc-stack[data-stack="{mine_claim.stack}"]')).to_have_class(
        re.compile("qc-target")
    )
    web.shot(anna, "quiclo-board", full_page=True)
    web.publish("quiclo-board")
    assert claim_by_typing(ben, chain_text(his_claim, rng)), "the game ended before the claim"
    covered = tops[his_claim.stack]
    stack = anna.locator(f'.qc-stack[data-stack="{his_claim.stack}"]')
    expect(stack).not_to_have_attribute("data-top", str(covered))
    # Anna's page already says the card has gone, and only that: a wrong chain on the
    # covered card would be refused as too late, never judged, so no sit-out warning.
    preview = anna.locator(".qc-preview")
    expect(preview).to_contain_text("has just been covered")
    expect(preview).to_have_attribute("data-tone", "late")
    expect(preview).not_to_contain_text("sit out")
    typed = anna.locator("#qc-chain").input_value()
    anna.locator("#qc-chain").fill(f"{mine[0]} + {mine[1]} = {covered}")
    if mine[0] + mine[1] != covered:
        expect(preview).to_contain_text("has just been covered")
        expect(preview).not_to_contain_text("sit out")
        expect(preview).not_to_contain_text("Not valid")
    anna.locator("#qc-chain").fill(typed)
    # She claims anyway, as at the table: one notice, the board's own, where the preview
    # was; no toast over the page.
    before = board_state(anna)["answered"]
    anna.locator("#qc-chain").press("Enter")
    expect(anna.locator(".qc-board")).to_have_attribute("data-answered", str(before + 1))
    expect(anna.locator(".qc-too-late")).to_contain_text("Too late!")
    expect(anna.locator(".qc-too-late")).to_have_count(1)
    expect(anna.locator(".refusal")).to_have_count(0)
    expect(anna.locator(".qc-preview")).to_have_count(0)
    expect(anna.get_by_text(re.compile("too late", re.IGNORECASE))).to_have_count(1)
    # No penalty: Anna may claim at once.
    assert board_state(anna)["can"] is True
    expect(anna.locator(".qc-sitout")).to_have_count(0)
    web.shot(anna, "quiclo-too-late")


def test_the_phone_shows_the_stacks_the_cards_and_the_claim_button_together(web: Web) -> None:
    table = web.table("quiclo", ["human", "human", "human"], seed=8)
    ben = web.seat_page(web.open_page(PHONE_TALL), table, 1)
    state = board_state(ben)
    claim = best_claim(state["hand"], state["tops"])
    assert claim is not None
    rng = random.Random(8)
    ben.locator("#qc-chain").fill(chain_text(claim, rng))
    expect(ben.locator(".qc-preview")).to_have_attribute("data-tone", "good")
    # No horizontal scroll, the chain in the builder included.
    width = ben.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE_TALL["width"], f"the Quiclo table is {width} px wide on a phone"
    # With the QUICLO! button in view at the bottom, every stack's top card and every card
    # of the hand are wholly in view too, nothing over them (the sticky header included),
    # while the chain of four operands fills two rows of chips and the hand's choice shows.
    ben.locator(".qc-claim").evaluate("(button) => button.scrollIntoView({block: 'end'})")
    hidden = ben.evaluate(
        """() => {
          // What a sticky or fixed bar covers at the top of the window.
          let covered = 0;
          for (let el = document.elementFromPoint(innerWidth / 2, 1); el; el = el.parentElement) {
            const position = getComputedStyle(el).position;
            if (position === 'sticky' || position === 'fixed') {
              covered = el.getBoundingClientRect().bottom;
              break;
            }
          }
          // Whole: inside the window below that bar, and its centre shows the element.
          const seen = (el) => {
            const r = el.getBoundingClientRect();
            if (r.top < covered || r.left < 0 || r.bottom > innerHeight || r.right > innerWidth) {
              return false;
            }
            const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
            return hit !== null && (hit === el || el.contains(hit));
          };
          const wanted = [
            ...document.querySelectorAll('.qc-stack .qc-card'),
            ...document.querySelectorAll('.qc-hand [data-card]'),
            document.querySelector('.qc-claim'),
          ];
          return wanted.filter((el) => !seen(el)).map((el) => el.className);
        }"""
    )
    assert hidden == [], f"out of view on a 390x844 phone with the claim button: {hidden}"
    web.shot(ben, "quiclo-phone")
    web.publish("quiclo-phone")
    assert claim_by_typing(ben, chain_text(claim, rng)), "the game ended before the claim"
    expect(ben.locator(".qc-hand .qc-count")).to_have_text(f"{12 - len(claim.own)} cards")


def test_people_vote_no_more_claims_and_choose_their_own_hands(web: Web) -> None:
    # No timer ends this game (the default): only the players' votes do.
    table = web.table("quiclo", ["human", "human"], seed=9)
    anna = web.seat_page(web.open_page(), table, 0)
    ben = web.seat_page(web.open_page(), table, 1)
    watcher = web.seat_page(web.open_page(), table, None)
    expect(anna.locator(".qc-hand-choice")).to_contain_text("see your cards yet")
    # Each chooses: Anna keeps her cards hidden, Ben lays his open. Ben and the spectator
    # see only Anna's card backs; Anna and the spectator see Ben's cards.
    anna.get_by_role("button", name="Keep them hidden").click()
    expect(anna.locator(".qc-hand-choice")).to_contain_text("Hidden: only you see your cards.")
    ben.get_by_role("button", name="Lay them open").click()
    expect(ben.locator(".qc-hand-choice")).to_contain_text("Open: everyone sees your cards.")
    for page in (anna, watcher):
        expect(page.locator('.qc-plate[data-seat="1"] [data-card]')).to_have_count(12)
    for page in (ben, watcher):
        expect(page.locator('.qc-plate[data-seat="0"] .qc-back')).to_have_count(12)
        expect(page.locator('.qc-plate[data-seat="0"] [data-card]')).to_have_count(0)
    expect(anna.locator(".game-log")).to_contain_text("Ben lays their cards open")
    # Anna votes: everyone sees it.
    anna.get_by_role("button", name="Vote that you find no more claims").click()
    expect(anna.locator(".qc-vote-note")).to_contain_text("You voted: no more claims.")
    expect(anna.locator(".qc-vote")).to_be_disabled()
    expect(ben.locator('.qc-plate[data-seat="0"]')).to_have_attribute("data-voted", "true")
    expect(ben.locator(".qc-votes")).to_contain_text("Anna voted (1 of 2)")
    expect(watcher.locator(".game-log")).to_contain_text("Anna finds no more claims")
    # Ben still finds a claim: it changes the table and withdraws Anna's vote.
    state = board_state(ben)
    claim = best_claim(state["hand"], state["tops"])
    assert claim is not None
    assert claim_by_typing(ben, chain_text(claim, random.Random(9))), (
        "the game ended before the claim"
    )
    expect(anna.locator(".qc-vote")).to_be_enabled()
    expect(anna.locator(".qc-votes")).to_have_count(0)
    expect(anna.locator(".game-log")).to_contain_text("the votes of Anna are withdrawn")
    web.shot(ben, "quiclo-vote")
    # In German the button and the line too.
    ben.locator('.lang-switch [data-lang="de"]').click()
    anna.get_by_role("button", name="Vote that you find no more claims").click()
    expect(ben.locator(".qc-votes")).to_contain_text("Anna hat abgestimmt (1 von 2)")
    expect(ben.locator(".qc-vote")).to_have_text("Keine Kette mehr")
    assert ben.evaluate("window.__quintetMissingMessages.size") == 0
    ben.get_by_role("button", name="Abstimmen, dass du keine Kette mehr findest").click()
    # Everyone voted: the game is over, the fewest cards win (Ben laid some down).
    for page in (anna, ben):
        expect(page.get_by_role("dialog")).to_be_visible()
    expect(anna.locator(".qc-over")).to_contain_text("everyone voted “No more claims”")
    # The results dialog says so too, under who won.
    expect(anna.get_by_role("dialog").locator(".results-ending")).to_contain_text(
        "everyone voted “No more claims”"
    )
    expect(ben.get_by_role("dialog").locator(".results-ending")).to_contain_text(
        "alle haben „Keine Kette mehr“ gewählt"
    )
    expect(anna.locator(".qc-over")).to_contain_text("Ben")
    expect(ben.locator(".qc-over")).to_contain_text("alle haben „Keine Kette mehr“ gewählt")
    expect(anna.locator(".game-log")).to_contain_text("Everyone voted “No more claims”: Ben won")
    with web.http() as http:
        assert http.get(f"/api/tables/{table.id}").json()["status"] == "finished"
    assert anna.evaluate("window.__quintetMissingMessages.size") == 0


def test_the_hint_on_a_practice_table(web: Web, page: Page) -> None:
    table = web.table("quiclo", ["human", "human"], seed=5, practice=True)
    web.seat_page(page, table, 0)
    page.get_by_role("button", name="Ask the strongest bot for a claim").click()
    expect(page.locator(".qc-hint-text")).to_contain_text(re.compile(r"Hint from the \w+ bot:"))
    expect(page.locator("#qc-chain")).not_to_have_value("")
    expect(page.locator(".qc-preview")).to_have_attribute("data-tone", "good")
    web.shot(page, "quiclo-hint")
    hand = board_state(page)["hand"]
    page.locator("#qc-chain").press("Enter")
    expect(page.locator(".qc-hand .qc-count")).not_to_have_text(f"{len(hand)} cards")
    assert len(board_state(page)["hand"]) < len(hand)


# ------------------------------------------------------------- the preview's referee


def chains(count: int, seed: int) -> list[str]:
    """Chains as people might type them: mostly well formed (valid or breaking one rule),
    with results right or wrong, odd spellings and spaces, and some malformed text."""
    rng = random.Random(seed)
    noise = ["a", ".", ",", "(", ")", "=", "+", "×", "0", " ", "\u200b", "\x00", "é", "😀", "x"]
    found: list[str] = []
    while len(found) < count:
        size = rng.choice([2, 2, 3, 3, 4, 4, 5, 7])
        if rng.random() < 0.05:
            operands = [rng.randrange(10**29, 10**31) for _ in range(size)]
        else:
            operands = [rng.randint(1, rng.choice([12, 30, 144])) for _ in range(size)]
        operators = [rng.choice("+-*/") for _ in range(size - 1)]
        spaced = rng.random() < 0.6
        parts = [str(operands[0])]
        for op, number in zip(operators, operands[1:], strict=True):
            parts += [rng.choice(SPELLINGS[op]), str(number)]
        text = (" " if spaced else "").join(parts)
        roll = rng.random()
        if roll < 0.35:
            try:
                value = parse(text).explain().value
            except ChainSyntaxError:
                value = None
            if value is not None:
                text += f" = {value}"
        elif roll < 0.7:
            text += f"={rng.randint(0, 150)}"
        if rng.random() < 0.2:
            where = rng.randrange(len(text) + 1)
            text = text[:where] + rng.choice(noise) + text[where:]
        found.append(text)
    return [*found, "", "12", "12 +", "0 + 3", "1" * 101 + " + 1", "+".join(["2"] * 41)]


def referee(text: str) -> list[Any]:
    """The Python referee's answer in the shape the page gives: syntax errors with their
    message and position, verdicts with validity, value and reason."""
    try:
        verdict = parse(text).explain()
    except ChainSyntaxError as error:
        return ["syntax", str(error), error.position]
    value = None if verdict.value is None else str(verdict.value)
    return ["verdict", verdict.valid, value, verdict.reason]


def test_the_preview_agrees_with_the_referee(web: Web, page: Page) -> None:
    texts = chains(400, seed=6)
    page.goto("/")
    answers = page.evaluate(
        """async (texts) => {
          const arith = await import('/static/app/boards/quiclo/arith.js');
          const en = (await import('/static/app/boards/quiclo/messages.en.js')).default;
          const de = (await import('/static/app/boards/quiclo/messages.de.js')).default;
          const words = (dict) => (key, args) => {
            const message = dict[key];
            if (message === undefined) throw new Error(`missing message ${key}`);
            return message.replace(/\\{(\\w+)\\}/g, (whole, name) =>
              args[name] === undefined ? whole : String(args[name]));
          };
          return texts.map((text) => {
            const found = arith.check(text);
            if (found.syntax) {
              arith.reasonText(found.syntax.reason, words(de));  // German has it too
              const text = arith.reasonText(found.syntax.reason, words(en));
              return ['syntax', text, found.syntax.position];
            }
            const v = found.verdict;
            if (v.reason) arith.reasonText(v.reason, words(de));
            return ['verdict', v.valid, v.value === null ? null : String(v.value),
                    v.reason ? arith.reasonText(v.reason, words(en)) : null];
          });
        }""",
        texts,
    )
    expected = [referee(text) for text in texts]
    kinds = {(e[0], e[1] if e[0] == "verdict" else None) for e in expected}
    # The sample covers valid chains, broken rules and malformed text.
    assert kinds >= {("syntax", None), ("verdict", True), ("verdict", False)}
    differ = [(t, a, e) for t, a, e in zip(texts, answers, expected, strict=True) if a != e]
    assert not differ, f"{len(differ)} chains differ, e.g. {differ[:3]}"
