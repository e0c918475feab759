"""The Quiddler board in a real browser: a person plays whole games against a bot, building
every word on the word rack by mouse (in English, on a desktop) and by keyboard (in German,
on a phone), with the others' hands, last turns, left-over cards and the score sheets
checked on the way; challenge mode with a wrong word challenged; a reload in the middle of
a round; the phone layout (and "Go out" only for valid words); cards and piles named
aloud; the turn's sound. Screenshots: screenshots/quiddler-*.png; two are published to
docs/screenshots/.

The test finds its words with the solver in this process (a person would find their own);
the page never offers them. The board marks itself for tests: `.qd-board[data-turn="me"]`
while this seat is to act, `data-step` (draw, discard, lay_down; empty when not this seat's
turn), `data-phase` and `data-round`; the rack's words carry `data-word` and `data-state`
(valid, invalid, pending, ...).
"""

from __future__ import annotations

import itertools
import random
import re
from collections.abc import Callable

from playwright.sync_api import Locator, Page, expect
from tests.web.browser import PHONE, TONE_RECORDER, TURN_TONE, Web

from quintet.games.quiddler.components import CARDS
from quintet.games.quiddler.dictionary import table_words
from quintet.games.quiddler.solver import Best, best, can_go_out

SEATS = ["human", "easy"]
#: Seat 1 deals round 1, so the person (seat 0) plays first; no pause between rounds.
OPTIONS = {"pause_ms": 0, "first_dealer": 1}
#: Milliseconds to wait for the person's next turn (a failure guard, not a measurement).
TURN_WAIT_MS = 60_000
WORDS = table_words().words


def board(page: Page) -> Locator:
    return page.locator(".qd-board")


def step(page: Page) -> str:
    return board(page).get_attribute("data-step") or ""


def my_turn_or_over(page: Page) -> bool:
    """Wait until this seat is to act (True) or the game is over (False)."""
    either = page.locator('.qd-board[data-turn="me"], .qd-board[data-phase="over"]')
    either.first.wait_for(timeout=TURN_WAIT_MS)
    return board(page).get_attribute("data-phase") != "over"


def hand_cards(page: Page) -> list[str]:
    return [c.get_attribute("data-card") or "" for c in page.locator(".qd-hand .qd-card").all()]


def no_missing_messages(page: Page) -> None:
    missing = page.evaluate("[...window.__quintetMissingMessages]")
    assert missing == [], f"message keys without a text: {missing}"


def no_solver_offer(page: Page, play: Best) -> None:
    """No control on the page offers the solver's play: no raw action, and no button's
    text or label names a word of 3 letters or more of its best play of this hand (a
    card's own label names at most 2 letters)."""
    texts = " ".join(page.locator(".qd-board button").all_inner_texts()).lower()
    assert "go_out" not in texts and "lay_down" not in texts and "{" not in texts
    labels = page.locator(".qd-board button").evaluate_all(
        "els => els.map(e => `${e.innerText} ${e.getAttribute('aria-label') ?? ''}`)"
    )
    for word in ("".join(w).upper() for w in play.words):
        if len(word) >= 3:
            named = [text for text in labels if re.search(rf"\b{word}\b", text)]
            assert not named, f"a button names the solver's word {word}: {named}"


def left_step(page: Page, was: str) -> None:
    """Wait until the server took this seat's action made at step `was`."""
    if was == "draw":
        expect(board(page)).not_to_have_attribute("data-step", "draw", timeout=TURN_WAIT_MS)
    else:
        page.locator('.qd-board:not([data-step="discard"]):not([data-step="lay_down"])').wait_for(
            timeout=TURN_WAIT_MS
        )


# ------------------------------------------------------------------ mouse and keyboard


def drag(page: Page, source: Locator, target: Locator) -> None:
    """Drag `source` onto `target` with the mouse, in several moves as a hand would."""
    # Both in view, clear of the page's sticky top bar.
    source.evaluate("(e) => e.scrollIntoView({block: 'center'})")
    start = source.bounding_box()
    end = target.bounding_box()
    assert start is not None
    page.mouse.move(start["x"] + start["width"] / 2, start["y"] + start["height"] / 2)
    page.mouse.down()
    assert end is not None
    page.mouse.move(end["x"] + end["width"] / 2, end["y"] + end["height"] / 2, steps=6)
    page.mouse.up()


def build_by_mouse(
    page: Page, words: list[tuple[str, ...]], rng: random.Random, shut: Locator | None = None
) -> None:
    """Lay `words` on the rack: click or drag each card, "New word" between words.
    `shut`: a button that must stay disabled until the last word is on the rack."""
    page.locator('.qd-mode [data-mode="words"]').click()
    for number, word in enumerate(words):
        if shut is not None and number:
            expect(shut).to_be_disabled()
        for card in word:
            source = page.locator(f'.qd-hand .qd-card[data-card="{card}"]').first
            if rng.random() < 0.3:
                drag(page, source, page.locator(".qd-word.qd-current"))
            else:
                source.click()
        letters = "".join(word)
        expect(page.locator(f'.qd-word[data-word="{letters}"]').first).to_have_attribute(
            "data-state", "valid"
        )
        page.locator(".qd-new-word").click()


def choose_discard_by_mouse(page: Page, card: str, rng: random.Random) -> None:
    source = page.locator(f'.qd-hand .qd-card[data-card="{card}"]').first
    if rng.random() < 0.5:
        drag(page, source, page.locator('.qd-pile-button[data-pile="discard"]'))
    else:
        page.locator('.qd-mode [data-mode="discard"]').click()
        source.click()


def mouse_turn(
    page: Page, rng: random.Random, ready: Callable[[], None] | None = None
) -> list[str] | None:
    """This seat's turn by mouse: draw, then go out, lay down or discard; `ready` is called
    when the words are on the rack, before they are sent. A last turn lays down all the
    best play's words but its last (as many as the player wants) and returns the cards
    left over, which count against the player; other turns return None."""
    if step(page) == "draw":
        pile = "discard" if rng.random() < 0.2 else "deck"
        page.locator(f'.qd-pile-button[data-pile="{pile}"]').click()
        left_step(page, "draw")
    now = step(page)
    hand = hand_cards(page)
    play = best(hand, WORDS, discard=True)
    no_solver_offer(page, play)
    finish = page.locator(".qd-finish")
    left_over: list[str] | None = None
    if now == "discard":
        out = can_go_out(hand, WORDS)
        if out is None:
            choose_discard_by_mouse(page, play.discard or hand[0], rng)
        else:
            # "Go out" only once every card but the discard lies in a valid word.
            expect(finish).to_be_disabled()
            build_by_mouse(page, [tuple(w) for w in out.words], rng, finish)
            expect(finish).to_be_enabled()
            if ready:
                ready()
            finish.click()
    else:
        laid = [tuple(w) for w in play.words[:-1]]
        build_by_mouse(page, laid, rng)
        assert play.discard is not None
        choose_discard_by_mouse(page, play.discard, rng)
        left_over = list(hand)
        for card in [*itertools.chain.from_iterable(laid), play.discard]:
            left_over.remove(card)
        expect(finish).to_be_enabled()
        if ready:
            ready()
        finish.click()
    left_step(page, now)
    return left_over


def focused_card(page: Page) -> str | None:
    card = page.evaluate("document.activeElement?.dataset?.card ?? null")
    return None if card is None else str(card)


def key_to(page: Page, card: str) -> None:
    """Move the hand's focus with the arrow keys to a card named `card`."""
    for _ in range(len(hand_cards(page)) + 1):
        if focused_card(page) == card:
            return
        page.keyboard.press("ArrowRight")
    raise AssertionError(f"no {card!r} in the hand {hand_cards(page)}")


def enter_hand(page: Page) -> None:
    """Tab into the hand (its one tab stop) when the focus is not there yet."""
    for _ in range(40):
        if focused_card(page) is not None:
            return
        page.keyboard.press("Tab")
    raise AssertionError("Tab never reached the hand")


def keyboard_turn(page: Page) -> None:
    """This seat's turn by keyboard only."""
    if step(page) == "draw":
        page.keyboard.press("d")
        left_step(page, "draw")
    now = step(page)
    hand = hand_cards(page)
    enter_hand(page)
    out = can_go_out(hand, WORDS) if now == "discard" else None
    play = out if out is not None else best(hand, WORDS, discard=True)
    if now == "discard" and out is None:
        key_to(page, play.discard or hand[0])
        page.keyboard.press("x")
    else:
        for word in play.words:
            for card in word:
                key_to(page, card)
                page.keyboard.press("w")
            letters = "".join(word)
            expect(page.locator(f'.qd-word[data-word="{letters}"]').first).to_have_attribute(
                "data-state", "valid"
            )
            page.keyboard.press("n")
        if now == "lay_down":
            assert play.discard is not None
            key_to(page, play.discard)
            page.keyboard.press("x")
        expect(page.locator(".qd-finish")).to_be_enabled()
        page.keyboard.press("g")
    left_step(page, now)


def play_game(page: Page, turn: Callable[[Page], None]) -> None:
    rounds_seen: set[int] = set()
    while my_turn_or_over(page):
        rounds_seen.add(int(board(page).get_attribute("data-round") or "0"))
        turn(page)
    assert rounds_seen == set(range(1, 9))


def check_final(page: Page) -> None:
    expect(page.locator(".qd-ranking li")).to_have_count(2)
    expect(page.locator(".qd-score-table tbody tr")).to_have_count(8)
    expect(page.locator(".qd-sheet")).to_have_attribute("data-round", "8")
    expect(page.locator(".qd-sheet .qd-bonus")).to_have_count(1)  # 2 players: one bonus
    no_missing_messages(page)


# ---------------------------------------------------------------------------- tests


def test_the_card_values_are_the_rules(web: Web, page: Page) -> None:
    page.goto("/")
    values = page.evaluate("import('/static/app/boards/quiddler/cards.js').then((m) => m.VALUES)")
    assert values == {name: value for name, (value, _) in CARDS.items()}


def the_others_at_my_draw(page: Page) -> bool:
    """At this seat's draw: whose turn it is, the bot's cards in hand, or the words it laid
    down when it went out and that this is this seat's last turn. True in a last turn."""
    me = page.locator('.qd-seat[data-seat="0"]')
    bot = page.locator('.qd-seat[data-seat="1"]')
    expect(me).to_have_attribute("aria-current", "true")
    expect(me.locator(".qd-seat-state")).to_have_text("to draw")
    expect(bot).not_to_have_attribute("aria-current", "true")
    if bot.locator(".qd-seat-state", has_text="went out").count():
        expect(bot.locator(".qd-laid-word").first).to_be_visible()
        expect(page.locator(".qd-out-note")).to_have_text(
            "Bot (easy) went out: everyone else has one last turn."
        )
        expect(page.locator(".qd-status")).to_contain_text("Your last turn")
        return True
    cards = int(board(page).get_attribute("data-round") or "0") + 2
    expect(bot.locator(".qd-count")).to_have_text(str(cards))
    expect(bot.locator(".qd-backs")).to_have_attribute("aria-label", f"{cards} cards in hand")
    return False


def left_over_on_the_sheet(page: Page, round_no: int, cards: list[str]) -> None:
    """The round's sheet counts `cards`, left over in seat 0's last turn, against it."""
    line = page.locator(
        f'.qd-sheet[data-round="{round_no}"] .qd-sheet-player[data-seat="0"] li',
        has_text="Left over:",
    )
    expect(line).to_have_count(1)
    shown = line.locator("span").first.inner_text().removeprefix("Left over:").split()
    assert sorted(shown) == sorted(c.upper() for c in cards)
    expect(line.locator(".qd-num")).to_have_text(f"\u2212{sum(CARDS[c][0] for c in cards)}")


#: Renders a round's sheet of three players: Cleo's word is the longest, Anna and Ben tie
#: for the most words (two each); returns the bonus lines.
TIED_SHEET = """async () => {
  const { render } = await import('preact');
  const { html } = await import('htm/preact');
  const { RoundSheet } = await import('/static/app/boards/quiddler/scores.js');
  const { t } = await import('/static/app/i18n.js');
  const sheet = {
    round: 3,
    words: [[['c', 'a', 't'], ['d', 'o', 'g']], [['o', 'x'], ['a', 't']], [['qu', 'i', 't', 'e']]],
    unused: [[], ['z'], []],
    parts: { words: [26, 21, 22], unused: [0, -14, 0], longest: [0, 0, 10], most: [0, 0, 0],
             total: [26, 7, 32] },
  };
  const box = document.createElement('div');
  document.body.append(box);
  render(html`<${RoundSheet} sheet=${sheet} view=${{ players: 3, options: {} }} seat=${0}
    t=${t} names=${['Anna', 'Ben', 'Cleo']} />`, box);
  return [...box.querySelectorAll('.qd-bonus')].map((line) => line.textContent);
}"""


def test_the_sheet_names_who_took_each_bonus_or_a_tie(web: Web, page: Page) -> None:
    page.goto("/")
    # The lobby shows the games once every game's messages are in.
    expect(page.get_by_role("radio", name="Quiddler")).to_be_visible()
    assert page.evaluate(TIED_SHEET) == [
        "Longest word (+10): Cleo",
        "Most words (+10): tie: nobody",
    ]


#: Renders the board in round 2, then gives it two updates within one frame, as a fast
#: bot's draw right after the deal: the one that scored round 1, then the draw. Returns
#: the score sheet's round and text.
TWO_UPDATES_IN_ONE_FRAME = """async () => {
  const { render } = await import('preact');
  const { html } = await import('htm/preact');
  const { signal } = await import('@preact/signals');
  const { Board } = await import('/static/app/boards/quiddler/index.js');
  const { t } = await import('/static/app/i18n.js');
  const parts = { words: [7, 0], unused: [0, -14], longest: [10, 0], most: [0, 0],
                  invalid: [0, 0], challenges: [0, 0], total: [17, -14] };
  const view = {
    players: 2, rounds: 8, round: 2, hand_size: 4, phase: 'play', to_act: 1, step: 'draw',
    hand: ['a', 'b', 'c', 'd'], hand_sizes: [4, 4], dealer: 0, draw_pile: 30,
    discard_top: 'e', discard_pile: ['e'], went_out: null, last_call: false,
    words: [[], []], unused: [[], []], done: [false, false], known: [[], []],
    challenge: null, challenges: [], options: {}, deadline: null,
    totals: [17, -14], scores: [[17, -14]], last_round: parts,
  };
  const events = signal([]);
  const box = document.createElement('div');
  document.body.append(box);
  render(html`<${Board} view=${view} seat=${0} status="running" send=${async () => ({ ok: true })}
    t=${t} now=${() => 0} names=${['Anna', 'Ben']} replay=${false} table=${{ id: 'x' }}
    events=${events} />`, box);
  const settle = () => new Promise((done) => setTimeout(done, 300));
  // Microtasks only: each update renders (Preact renders in a microtask), no frame passes.
  const renders = async () => { for (let i = 0; i < 20; i += 1) await Promise.resolve(); };
  await settle();
  events.value = [{ type: 'round_scored', round: 1, words: [[['c', 'a', 't']], []],
                    unused: [[], ['z']], scores: parts }];
  await renders();
  events.value = [{ type: 'drew', seat: 1, source: 'deck' }];
  await renders();
  await settle();
  const sheet = box.querySelector('.qd-sheet');
  return [sheet?.dataset.round, sheet?.textContent];
}"""


def test_the_sheet_keeps_a_rounds_cards_when_the_next_update_comes_at_once(
    web: Web, page: Page
) -> None:
    page.goto("/")
    expect(page.get_by_role("radio", name="Quiddler")).to_be_visible()
    round_no, text = page.evaluate(TWO_UPDATES_IN_ONE_FRAME)
    assert round_no == "1"
    # The cards, not only the points: Ben's left-over Z.
    assert "Left over: Z" in text, text


#: Renders the players in a last turn: Cleo went out, Anna has laid down (`done` holds a
#: flag per seat), Ben is to draw. Returns each seat's state as shown.
LAST_TURNS = """async () => {
  const { render } = await import('preact');
  const { html } = await import('htm/preact');
  const { Seats } = await import('/static/app/boards/quiddler/others.js');
  const { t } = await import('/static/app/i18n.js');
  const view = {
    players: 3, phase: 'play', to_act: 1, step: 'draw', went_out: 2, last_call: false,
    done: [true, false, false], hand_sizes: [2, 5, 0], dealer: 0, totals: [0, 0, 0],
    words: [[['p', 'in', 's']], [], [['d', 'r', 'y']]], unused: [['m', 'u'], [], []],
    known: [[], [], []], challenges: [],
  };
  const box = document.createElement('div');
  document.body.append(box);
  render(html`<${Seats} view=${view} seat=${1} t=${t} names=${['Anna', 'Ben', 'Cleo']} />`, box);
  return [0, 1, 2].map((s) => box.querySelector(`.qd-seat[data-seat="${s}"] .qd-seat-state`)
    ?.textContent);
}"""


def test_a_seat_that_laid_down_its_last_turn_is_not_still_to_come(web: Web, page: Page) -> None:
    page.goto("/")
    expect(page.get_by_role("radio", name="Quiddler")).to_be_visible()
    assert page.evaluate(LAST_TURNS) == ["laid down", "to draw", "went out"]


def test_a_whole_game_by_mouse_with_own_words(web: Web, page: Page) -> None:
    table = web.table("quiddler", SEATS, OPTIONS)
    web.seat_page(page, table, 0)
    rng = random.Random(13)
    shots: list[str] = []

    def ready() -> None:
        # A screenshot of a rack full of words, once a score sheet shows too.
        if not shots and page.locator(".qd-sheet").count():
            shots.append(str(web.shot(page, "quiddler-board", full_page=True)))
            web.publish("quiddler-board")

    rounds_seen: set[int] = set()
    last_turns = 0
    # A last turn's left-over cards, checked on the round's sheet once it is scored.
    left_over: tuple[int, list[str]] | None = None
    while my_turn_or_over(page):
        round_no = int(board(page).get_attribute("data-round") or "0")
        if left_over is not None and round_no > left_over[0]:
            left_over_on_the_sheet(page, *left_over)
            left_over = None
        rounds_seen.add(round_no)
        last_turns += the_others_at_my_draw(page)
        cards = mouse_turn(page, rng, ready)
        if cards is not None:
            left_over = (round_no, cards)
    assert rounds_seen == set(range(1, 9))
    assert shots, "the person never went out after round 1"
    assert last_turns, "the bot never went out first: no last turn was played"
    if left_over is not None:
        left_over_on_the_sheet(page, *left_over)
    check_final(page)
    web.shot(page, "quiddler-over", full_page=True)


def two_letter_cards_drawn(page: Page, seen: set[str]) -> None:
    """Each two-letter card in the hand not `seen` yet is drawn as the real one: both
    letters in the middle, its points in two corners, named aloud (in German here)."""
    for card in {c for c in hand_cards(page) if len(c) == 2} - seen:
        value = CARDS[card][0]
        button = page.locator(f'.qd-hand .qd-card[data-card="{card}"]').first
        expect(button.locator(".qd-face")).to_have_class(re.compile(r"\bqd-two\b"))
        expect(button.locator(".qd-letters")).to_have_text(card.upper())
        expect(button.locator(".qd-pts")).to_have_text([str(value), str(value)])
        expect(button).to_have_attribute("aria-label", f"{card.upper()}, {value} Punkte")
        seen.add(card)


def test_a_whole_game_by_keyboard_in_german_on_a_phone(web: Web) -> None:
    # The desktop game (by mouse, in English) is the test above; this one is German at a
    # phone's width, every turn without a horizontal scroll.
    page = web.open_page(PHONE)
    table = web.table("quiddler", SEATS, OPTIONS, seed=7)
    web.seat_page(page, table, 0)
    page.get_by_role("button", name="DE", exact=True).click()
    expect(page.locator(".qd-rack .qd-title")).to_have_text("Wortleiste")
    two_letters: set[str] = set()
    widest = 0

    def turn(page: Page) -> None:
        nonlocal widest
        two_letter_cards_drawn(page, two_letters)
        keyboard_turn(page)
        widest = max(widest, page.evaluate("document.documentElement.scrollWidth"))

    play_game(page, turn)
    assert two_letters, "no two-letter card was dealt to the person in 8 rounds"
    assert widest <= PHONE["width"], f"the page was {widest} px wide on a 390 px screen"
    check_final(page)
    expect(page.locator(".qd-status")).to_have_text("Das Spiel ist vorbei.")
    expect(page.locator(".qd-ranking .qd-title")).to_have_text("Endstand")
    expect(page.locator(".qd-sheet .qd-bonus")).to_contain_text("Längstes Wort (+10)")


def test_challenge_mode_a_wrong_word_is_challenged(web: Web, page: Page) -> None:
    # A long pause after scoring keeps the round's verdicts in view until the test reads them.
    options = {**OPTIONS, "challenge": True, "challenge_ms": 600_000, "pause_ms": 600_000}
    table = web.table("quiddler", SEATS, options, seed=3)
    web.seat_page(page, table, 0)
    assert my_turn_or_over(page)
    page.locator('.qd-pile-button[data-pile="deck"]').click()
    left_step(page, "draw")
    hand = hand_cards(page)
    # Three cards in an order that spells no word, the fourth discarded.
    wrong = next(p for p in itertools.permutations(hand[:3]) if "".join(p) not in WORDS)
    page.locator('.qd-mode [data-mode="words"]').click()
    for card in wrong:
        page.locator(f'.qd-hand .qd-card[data-card="{card}"]').first.click()
    letters = "".join(wrong)
    expect(page.locator(f'.qd-word[data-word="{letters}"]')).to_have_attribute(
        "data-state", "invalid"
    )
    # Challenge mode: a word not in the dictionary may still be laid down.
    page.locator(".qd-finish").click()
    points = sum(CARDS[c][0] for c in wrong)
    verdict = f"Anna loses {points} points for \u2018{letters.upper()}\u2019"
    expect(page.locator(".qd-board")).to_contain_text(verdict, timeout=TURN_WAIT_MS)
    expect(board(page)).to_have_attribute("data-phase", "scored", timeout=TURN_WAIT_MS)
    expect(page.locator(".qd-board")).to_contain_text(verdict)
    sheet = page.locator('.qd-sheet[data-round="1"] .qd-sheet-player[data-seat="0"]')
    expect(sheet).to_contain_text("Words found invalid")
    no_missing_messages(page)


def test_challenge_mode_the_person_challenges_a_bots_word(web: Web, page: Page) -> None:
    options = {**OPTIONS, "challenge": True, "challenge_ms": 600_000}
    table = web.table("quiddler", SEATS, options, seed=4)
    web.seat_page(page, table, 0)
    rng = random.Random(4)
    window = page.locator('.qd-challenge[data-challenger="0"]')
    turn_or_window = page.locator('.qd-board[data-turn="me"], .qd-challenge[data-challenger="0"]')
    # Play until the bot lays words down (going out, or in its last turn).
    while True:
        turn_or_window.first.wait_for(timeout=TURN_WAIT_MS)
        if window.count():
            break
        mouse_turn(page, rng)
    expect(page.locator(".qd-countdown")).to_contain_text("seconds left")
    words = page.locator(".qd-challenge-words li")
    expect(page.locator(".qd-challenge-button")).to_have_count(words.count())
    web.shot(page, "quiddler-challenge", full_page=True)
    word = words.first.get_attribute("data-word") or ""
    valid = word in WORDS
    page.locator(".qd-challenge-button").first.click()
    loser = "Anna" if valid else "Bot (easy)"
    # The board says it: in the window while the round lasts, then in the round's sheet
    # (the round may end with this window).
    expect(page.locator(".qd-board")).to_contain_text(f"{loser} loses", timeout=TURN_WAIT_MS)
    if window.count() and page.locator(".qd-accept").count():
        page.locator(".qd-accept").click()
    no_missing_messages(page)


def test_a_reload_in_the_middle_of_a_round(web: Web, page: Page) -> None:
    table = web.table("quiddler", SEATS, OPTIONS, seed=5)
    web.seat_page(page, table, 0)
    rng = random.Random(5)
    # Into round 2, so that the reload also brings back the last round's sheet.
    while my_turn_or_over(page) and board(page).get_attribute("data-round") == "1":
        mouse_turn(page, rng)
    if step(page) != "draw":
        mouse_turn(page, rng)
        assert my_turn_or_over(page)
    page.locator('.qd-pile-button[data-pile="deck"]').click()
    left_step(page, "draw")
    before = sorted(hand_cards(page))
    round_no = board(page).get_attribute("data-round")
    now = step(page)  # discard, or lay_down when the bot went out first
    page.reload()
    expect(board(page)).to_have_attribute("data-step", now)
    expect(board(page)).to_have_attribute("data-round", round_no or "")
    assert sorted(hand_cards(page)) == before
    # The view keeps the last round's points (its cards were in that round's events).
    sheet = page.locator('.qd-sheet[data-round="1"]')
    expect(sheet.locator(".qd-sheet-player")).to_have_count(2)
    expect(sheet).to_contain_text("Words")
    # In German too: every label of the board has its German words.
    page.get_by_role("button", name="DE", exact=True).click()
    expect(page.locator(".qd-rack .qd-title")).to_have_text("Wortleiste")
    german = {"discard": "Wirf eine Karte ab", "lay_down": "Dein letzter Zug"}[now]
    expect(page.locator(".qd-status")).to_contain_text(german)
    no_missing_messages(page)
    mouse_turn(page, rng)
    page.get_by_role("button", name="EN", exact=True).click()
    no_missing_messages(page)


def test_the_phone_layout_has_no_horizontal_scroll(web: Web) -> None:
    page = web.open_page(PHONE)
    table = web.table("quiddler", SEATS, OPTIONS, seed=11)
    web.seat_page(page, table, 0)
    rng = random.Random(11)
    widest = 0
    states: set[str] = set()
    # Into round 2 or later, so that the score sheet shows; a rack with words on it.
    while my_turn_or_over(page) and board(page).get_attribute("data-round") in ("1", "2"):
        if step(page) == "draw":
            page.locator('.qd-pile-button[data-pile="deck"]').click()
            left_step(page, "draw")
        page.locator('.qd-mode [data-mode="words"]').click()
        for card in hand_cards(page)[:-1]:
            page.locator(f'.qd-hand .qd-card[data-card="{card}"]').first.click()
        widest = max(widest, page.evaluate("document.documentElement.scrollWidth"))
        # All cards but one (the discard) in one word: "Go out" (or "Lay down") is offered
        # exactly when the server says that word is in the dictionary.
        word = page.locator(".qd-word").first
        expect(word).not_to_have_attribute("data-state", "pending")
        state = word.get_attribute("data-state") or ""
        states.add(state)
        finish = page.locator(".qd-finish")
        if state == "valid":
            expect(finish).to_be_enabled()
        else:
            expect(finish).to_be_disabled()
        if board(page).get_attribute("data-round") == "2" and page.locator(".qd-sheet").count():
            web.shot(page, "quiddler-phone", full_page=True)
        page.locator(".qd-clear").click()
        mouse_turn(page, rng)
    assert widest <= PHONE["width"], f"the page is {widest} px wide on a 390 px screen"
    assert "invalid" in states, f"no word on the rack was ever invalid ({states})"
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    web.publish("quiddler-phone")


def test_the_replay_and_a_spectator_see_the_board(web: Web, page: Page) -> None:
    table = web.table("quiddler", ["easy", "easy"], OPTIONS, seed=2)
    watcher = web.open_page()
    watcher.goto(f"/t/{table.id}")
    # A spectator: the piles and both players, no hand, no rack.
    expect(watcher.locator(".qd-seats .qd-seat")).to_have_count(2)
    expect(watcher.locator(".qd-rack")).to_have_count(0)
    expect(watcher.locator(".qd-hand")).to_have_count(0)
    expect(watcher.locator(".qd-board")).to_have_attribute("data-phase", "over", timeout=60_000)
    expect(watcher.locator(".qd-ranking li")).to_have_count(2)
    page.goto(f"/replay/{table.id}")
    page.get_by_role("button", name="Last move").click()
    expect(page.locator(".qd-ranking li")).to_have_count(2)
    expect(page.locator('.qd-sheet[data-round="8"]')).to_be_visible()
    # Seen by seat 0: its hand as a picture, no controls.
    page.get_by_label("Seen by").select_option("0")
    page.get_by_role("button", name="First").click()
    expect(page.locator(".qd-hand .qd-card")).to_have_count(3)
    expect(page.locator(".qd-hand button, .qd-mode, .qd-rack")).to_have_count(0)
    no_missing_messages(page)


def test_cards_are_named_the_hand_reorders_p_draws_and_the_turn_is_heard(
    web: Web, page: Page
) -> None:
    table = web.table("quiddler", SEATS, OPTIONS, seed=9)
    page.context.add_init_script(TONE_RECORDER)  # sounds on, and heard by the test
    web.seat_page(page, table, 0)
    assert my_turn_or_over(page)
    # The game opened on this seat's turn: the turn's sound was played (as each time the
    # turn comes to it; this first one depends on no bot's speed).
    page.wait_for_function(f"window.__tones.includes({TURN_TONE})")
    top = page.locator('.qd-pile-button[data-pile="discard"]').get_attribute("aria-label") or ""
    enter_hand(page)
    order = hand_cards(page)
    # Cards and piles are named for a screen reader.
    deck = page.locator('.qd-pile-button[data-pile="deck"]')
    expect(deck).to_have_attribute(
        "aria-label", re.compile(r"^Draw pile, \d+ cards: take its top card$")
    )
    assert re.fullmatch(
        r"Discard pile, 1 card: [A-Z]{1,2}, \d+ points? on top: take its top card", top
    )
    expect(page.locator(".qd-hand")).to_have_attribute(
        "aria-label", f"Your hand, {len(order)} cards: click a card to discard it"
    )
    for card in order:
        named = f"{card.upper()}, {CARDS[card][0]} point{'s' if CARDS[card][0] > 1 else ''}"
        expect(page.get_by_role("button", name=named, exact=True).first).to_be_visible()
    # Shift+ArrowRight moves the focused card one place to the right, and it keeps the focus.
    page.keyboard.press("Home")
    page.keyboard.press("Shift+ArrowRight")
    moved = [order[1], order[0], *order[2:]]
    assert hand_cards(page) == moved
    assert focused_card(page) == order[0]
    # Dragging the last card onto the first puts it in front.
    cards = page.locator(".qd-hand .qd-card")
    drag(page, cards.last, cards.first)
    expect(cards.first).to_have_attribute("data-card", moved[-1])
    assert hand_cards(page) == [moved[-1], *moved[:-1]]
    # "p" takes the top of the discard pile: the new card goes at the end.
    page.keyboard.press("p")
    left_step(page, "draw")
    taken = hand_cards(page)[-1]
    assert f": {taken.upper()}, {CARDS[taken][0]} points on top" in top
    assert len(hand_cards(page)) == len(order) + 1
