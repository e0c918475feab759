"""The Quick board in a real browser: whole games against a bot by mouse (clicks and drag
and drop) and by keyboard only, two people at one table (the others' tables, checking in
KLAAR order, a wrong stack's first wrong card), a reload in the middle of a round, the
dealer's choice of criteria, refusals in English and German, and the phone layout.

A person sorts the way the board lets anyone sort: one card at a time, seeing a card only
once it is in the hand (read from the page). The method: take each card of the dealt
stack and start a pile of its own for it, in order; then merge the single-card piles.

The board marks itself for tests: `.qk-board` carries data-phase, data-round, data-hand
(the number of the card held), data-piles (your pile sizes), data-selected (the pile
picked by a digit), data-can-act and data-answered (how many of your actions the server
has answered), so every step waits for a state, never for time.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterator
from typing import Any, Protocol

import pytest
from playwright.sync_api import Page, expect
from tests.server.live import LiveServer, running_server
from tests.web.browser import PHONE, START_TONE, TONE_RECORDER, TURN_TONE, SeatSocket, Web

#: Bot think times x this: a bot sorts a round in about a second, a race the scripted
#: person wins some of the time and loses some of the time; neither outcome is assumed.
QUICK_BOT_PACE = 0.05
#: Short countdowns and checking, so whole games stay short (only the wall time between
#: states: nothing here waits for a time).
FAST = {"countdown_ms": 200, "reveal_ms": 30, "pause_ms": 200}
#: Milliseconds to wait for a state (a failure guard against a hang, not a measurement).
STATE_WAIT_MS = 30_000
#: A game ends by the sixth chip, or after three chipless rounds: 6 + 5 rounds at most.
MAX_ROUNDS = 11
BASE_CARDS = 5
#: The rounds a whole-game test sorts through the API (the page only shows them): the
#: page sorts the first (every gesture of its hand) and the last ones. One chip is won a
#: round at most, so no game ends before round 6. The rounds between only repeat the
#: gestures, about 20 to 40 actions a round at a few tenths of a second each.
API_ROUNDS = range(2, 6)


@pytest.fixture(scope="module")
def web_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """This module's live server: conftest's, with bots at QUICK_BOT_PACE."""
    folder = tmp_path_factory.mktemp("web-quick")
    url = f"sqlite+aiosqlite:///{folder / 'quintet.sqlite3'}"
    with running_server(url, folder, bot_pace=QUICK_BOT_PACE) as server:
        yield server


# ------------------------------------------------------------------ reading the page


def state(page: Page) -> dict[str, Any]:
    """What the board shows of this seat's table."""
    found: dict[str, Any] = page.evaluate(
        """() => {
          const b = document.querySelector('.qk-board');
          if (!b) return null;
          const chips = document.querySelector('.qk-mine .qk-chips');
          return {
            phase: b.dataset.phase, round: +b.dataset.round,
            hand: b.dataset.hand ? +b.dataset.hand : null,
            piles: b.dataset.piles ? b.dataset.piles.split(',').map(Number) : [],
            answered: +b.dataset.answered, canAct: b.dataset.canAct === 'true',
            chips: chips ? +chips.dataset.chips : null,
          };
        }"""
    )
    assert found is not None, "the page shows no Quick board"
    return found


def board(page: Page) -> Any:
    return page.locator(".qk-board")


def answered(page: Page, before: int) -> None:
    """Wait until the server has answered this seat's next action."""
    expect(board(page)).to_have_attribute("data-answered", str(before + 1), timeout=STATE_WAIT_MS)


def sorting_or_over(page: Page) -> bool:
    """Wait until this seat may sort (True) or the game is over (False)."""
    page.locator('.qk-board[data-can-act="true"], .qk-board[data-phase="over"]').first.wait_for(
        timeout=STATE_WAIT_MS
    )
    return bool(state(page)["phase"] != "over")


# ------------------------------------------------------------------ the two hands


class Driver(Protocol):
    def take(self, pile: int) -> None: ...
    def place(self, pile: int, end: str) -> None: ...
    def new_pile(self, at: int) -> None: ...
    def klaar(self) -> None: ...


class Mouse:
    """Clicks, and drag and drop for some moves: `drags` says which."""

    def __init__(self, page: Page, drags: bool = False) -> None:
        self.page = page
        self.drags = drags

    def _do(self, action: Any) -> None:
        before = state(self.page)["answered"]
        action()
        answered(self.page, before)

    def take(self, pile: int, drag: bool = False) -> None:
        stack = self.page.locator(f'.qk-pile[data-pile="{pile}"] .qk-take')
        if drag:
            self._do(lambda: stack.drag_to(self.page.locator(".qk-hand")))
        else:
            self._do(stack.click)

    def place(self, pile: int, end: str, drag: bool = False) -> None:
        target = self.page.locator(f'.qk-pile[data-pile="{pile}"] .qk-end-{end}')
        if drag:
            self._do(lambda: self.page.locator(".qk-hand-card").drag_to(target))
        else:
            self._do(target.click)

    def new_pile(self, at: int, drag: bool = False) -> None:
        gap = self.page.locator(f'.qk-gap[data-gap="{at}"]')
        if drag:
            self._do(lambda: self.page.locator(".qk-hand-card").drag_to(gap))
        else:
            self._do(gap.click)

    def klaar(self) -> None:
        self._do(self.page.locator(".qk-klaar").click)


class Keys:
    """The keyboard only: digits pick piles, t / b / n put the card down, Enter is KLAAR."""

    def __init__(self, page: Page) -> None:
        self.page = page

    @staticmethod
    def digit(pile: int) -> str:
        return "0" if pile == 9 else str(pile + 1)

    def _press(self, key: str) -> None:
        before = state(self.page)["answered"]
        self.page.keyboard.press(key)
        answered(self.page, before)

    def pick(self, pile: int) -> None:
        self.page.keyboard.press(self.digit(pile))
        expect(board(self.page)).to_have_attribute("data-selected", str(pile))

    def take(self, pile: int) -> None:
        self._press(self.digit(pile))

    def place(self, pile: int, end: str) -> None:
        self.pick(pile)
        self._press("t" if end == "top" else "b")

    def new_pile(self, at: int) -> None:
        if at < len(state(self.page)["piles"]):
            self.pick(at)
        self._press("n")

    def klaar(self) -> None:
        self._press("Enter")


def sort_round(
    page: Page, hand: Driver, *, descending: bool = False, merge: str = "bottom"
) -> list[int]:
    """Sort this round's dealt stack and call KLAAR; returns the stack from the top down.
    `descending` sorts it the wrong way round (a wrong stack, on purpose). `merge`: the
    single-card piles are merged onto the bottom of the first, or onto the top of the last."""
    start = state(page)
    assert start["hand"] is None and len(start["piles"]) == 1, start
    count = start["piles"][0]
    singles: list[int] = []  # the piles' cards (one each), by sort key, left to right
    mouse = hand if isinstance(hand, Mouse) and hand.drags else None
    for index in range(count):
        # The dealt stack is the last pile, right of the single-card piles.
        if mouse and index == 0:
            mouse.take(len(singles), drag=True)
        else:
            hand.take(len(singles))
        card = state(page)["hand"]
        assert card is not None, "a take shows the card in the hand"
        key = -card if descending else card
        at = bisect.bisect(singles, key)
        if mouse and index == 1:
            mouse.new_pile(at, drag=True)
        else:
            hand.new_pile(at)
        singles.insert(at, key)
        expect(board(page)).to_have_attribute("data-hand", "")
    assert state(page)["piles"] == [1] * count
    for step in range(count - 1):
        piles = len(state(page)["piles"])
        if merge == "bottom":
            hand.take(1)
            hand.place(0, "bottom")
        else:
            hand.take(piles - 2)
            if mouse and step == 0:
                mouse.place(piles - 2, "top", drag=True)
            else:
                hand.place(piles - 2, "top")
    assert state(page)["piles"] == [count]
    hand.klaar()
    return [abs(k) for k in singles]


def sort_round_through_api(api: SeatSocket, count: int, *, klaar_last: bool) -> None:
    """Sort a dealt stack of `count` cards as `sort_round` does (merging onto the bottom of
    the first pile), with the actions sent through the API, and call KLAAR; with
    `klaar_last`, only once every other seat has called it (the API is faster than any
    hand: a game against a bot would otherwise turn on these rounds, and grow longer)."""
    singles: list[int] = []
    for _ in range(count):
        card = api.act({"type": "take", "pile": len(singles)})["view"]["hand"]["number"]
        at = bisect.bisect(singles, card)
        api.act({"type": "new_pile", "at": at})
        singles.insert(at, card)
    for _ in range(count - 1):
        api.act({"type": "take", "pile": 1})
        api.act({"type": "place", "pile": 0, "end": "bottom"})
    if klaar_last:
        api.wait_for(lambda view: len(view["klaar"]) == view["players"] - 1)
    api.act({"type": "klaar"})


def play_whole_game(
    page: Page, hand: Driver, merge: str, api: SeatSocket | None = None, klaar_last: bool = False
) -> list[int]:
    """Sort every round until the game is over (the API_ROUNDS through `api` when given,
    see `sort_round_through_api`); returns the cards dealt each round, each checked
    against the chips this seat had at the deal (5 + 1 per chip)."""
    dealt = []
    while sorting_or_over(page):
        now = state(page)
        assert now["piles"] and sum(now["piles"]) == BASE_CARDS + now["chips"], now
        dealt.append(sum(now["piles"]))
        if api is not None and len(dealt) in API_ROUNDS:
            assert now["hand"] is None and len(now["piles"]) == 1, now
            sort_round_through_api(api, now["piles"][0], klaar_last=klaar_last)
        else:
            sort_round(page, hand, merge=merge)
        # KLAAR ends this seat's sorting for the round. The state that shows it is brief
        # when the other seat has called KLAAR already: checking and the pause take well
        # under a second here and the next round then deals, so the wait accepts either
        # "can no longer act in this round" or "a later round" (both last).
        this_round = f'.qk-board[data-round="{now["round"]}"]'
        page.locator(
            f'{this_round}[data-can-act="false"], .qk-board:not([data-round="{now["round"]}"]),'
            ' .qk-board[data-phase="over"]'
        ).first.wait_for(timeout=STATE_WAIT_MS)
        assert len(dealt) <= MAX_ROUNDS, "the game did not end"
        page.locator(
            f'.qk-board:not([data-round="{now["round"]}"]), .qk-board[data-phase="over"]'
        ).first.wait_for(timeout=STATE_WAIT_MS)
    return dealt


def no_missing_messages(page: Page) -> None:
    missing = page.evaluate("[...window.__quintetMissingMessages]")
    assert missing == [], f"message keys without a text: {missing}"


def game_over(page: Page, table_id: str, web: Web) -> dict[str, Any]:
    """The results dialog shows; returns the table's outcome as the API tells it."""
    expect(page.locator(".results-dialog")).to_be_visible(timeout=STATE_WAIT_MS)
    with web.http() as http:
        table = http.get(f"/api/tables/{table_id}").json()
    assert table["status"] == "finished"
    return dict(table)


# ------------------------------------------------------------------------- the tests


def test_a_whole_game_against_a_bot_by_mouse(web: Web, page: Page) -> None:
    # Against the hard bot, which never sorts wrongly and is quicker than this person:
    # a short game (the keyboard game below is the one this person wins chips in).
    table = web.table("quick", ["human", "hard"], {**FAST}, seed=3)
    web.seat_page(page, table, 0)
    expect(board(page)).to_be_visible()
    # The instruction cards in play: OBEN/UNTEN and the 1-72 card (the first game's).
    expect(page.locator(".qk-icard")).to_have_count(2)
    expect(page.locator('.qk-icard[data-criterion="number"]')).to_have_attribute(
        "data-turned", "false"
    )
    with web.seat_socket(table, 0) as api:
        dealt = play_whole_game(
            page, Mouse(page, drags=True), merge="top", api=api, klaar_last=True
        )
    game_over(page, table.id, web)
    expect(board(page)).to_have_attribute("data-phase", "over")
    # Each round dealt 5 cards plus one per chip this seat had won by then (checked at
    # every deal). Both sort correctly, so every round someone won a chip: the game
    # ended by a sixth chip, not by rounds without one.
    assert dealt[0] == BASE_CARDS and len(dealt) <= MAX_ROUNDS
    chips = page.locator(".qk-chips").evaluate_all("(e) => e.map((x) => +x.dataset.chips)")
    assert len(chips) == 2 and max(chips) == 6, chips
    expect(page.locator(".qk-status")).to_contain_text("wins with six chips")
    expect(page.locator(".game-log")).to_contain_text("You took")
    expect(page.locator(".game-log")).to_contain_text("calls KLAAR")
    no_missing_messages(page)
    # The replay shows the board too, from the spectator's seat: both tables as counts,
    # the last round's checking, no hand and no controls.
    page.goto(f"/replay/{table.id}")
    page.get_by_label("Seen by").select_option("spectator")
    page.get_by_role("button", name="Last move").click()
    expect(page.locator(".qk-player")).to_have_count(2)
    expect(page.locator(".qk-check-row").first).to_be_visible()
    expect(page.locator(".qk-mine, .qk-take, .qk-klaar")).to_have_count(0)


def test_a_whole_game_by_keyboard_only(web: Web, page: Page) -> None:
    table = web.table("quick", ["human", "random"], {**FAST}, seed=4)
    web.seat_page(page, table, 0)
    expect(board(page)).to_be_visible()
    with web.seat_socket(table, 0) as api:
        dealt = play_whole_game(page, Keys(page), merge="bottom", api=api)
    game_over(page, table.id, web)
    assert dealt[0] == BASE_CARDS
    # The person sorts every stack correctly, so every round in which this seat was
    # checked it won its chip, and its next deal grew by one card.
    with web.http() as http:
        frames = http.get(f"/api/tables/{table.id}/replay?viewer=spectator").json()
    checked = [e for f in frames for e in f["events"] if e["type"] == "checked" and e["seat"] == 0]
    assert checked and all(e["correct"] for e in checked), checked
    no_missing_messages(page)


def test_two_people_at_one_table(web: Web) -> None:
    # Ben calls KLAAR first on a stack sorted the wrong way round; Anna sorts hers right.
    # The results stay (a long pause) so both pages can be read at leisure.
    table = web.table("quick", ["human", "human"], {**FAST, "pause_ms": 120_000}, seed=5)
    anna = web.seat_page(web.open_page(), table, 0)
    ben = web.seat_page(web.open_page(PHONE, touch=True), table, 1)
    for page in (anna, ben):
        assert sorting_or_over(page)
    # The keys are told beside a mouse, not on Ben's touch screen, which has none.
    expect(anna.locator(".qk-keys")).to_be_visible()
    expect(ben.locator(".qk-keys")).to_be_hidden()
    ben_hand = Mouse(ben)
    ben_hand.take(0)
    ben_card = state(ben)["hand"]
    ben_hand.new_pile(0)
    ben_hand.take(1)
    # Anna sees Ben's table as counts: two piles of 1 and 3 cards, and a card in his hand.
    ben_on_anna = anna.locator('.qk-player[data-seat="1"]')
    expect(ben_on_anna).to_have_attribute("data-piles", "1,3")
    expect(ben_on_anna).to_have_attribute("data-holding", "true")
    web.shot(ben, "quick-two-phone", full_page=True)
    width = ben.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the Quick table is {width} px wide on a phone"
    # Ben puts both cards back on the dealt stack, then sorts it the wrong way round.
    ben_hand.place(1, "top")
    ben_hand.take(0)
    assert state(ben)["hand"] == ben_card, "the card taken first is the one put aside"
    ben_hand.place(0, "top")
    wrong = sort_round(ben, ben_hand, descending=True)
    expect(ben_on_anna.locator(".qk-klaar-badge")).to_have_text("KLAAR 1.")
    # Anna: KLAAR with her piles apart is refused, and the board says why.
    anna_hand = Mouse(anna, drags=True)
    anna_hand.take(0)
    anna_hand.new_pile(1)
    before = state(anna)["answered"]
    anna.keyboard.press("Enter")
    answered(anna, before)
    expect(anna.locator(".qk-note")).to_have_text(
        "KLAAR needs all your cards in one pile: merge your piles first."
    )
    web.shot(anna, "quick-two-refused")
    anna_hand.take(1)
    anna_hand.place(0, "top")
    right = sort_round(anna, anna_hand, merge="top")
    # Checking, in KLAAR order: Ben's stack stops at its second card (the first wrong
    # one, marked); Anna's is turned over card by card to the end and wins the chip.
    for page in (anna, ben):
        expect(board(page)).to_have_attribute("data-phase", "scored", timeout=STATE_WAIT_MS)
        rows = page.locator(".qk-check-row")
        expect(rows).to_have_count(2)
        expect(rows.nth(0)).to_have_attribute("data-seat", "1")
        expect(rows.nth(0)).to_have_attribute("data-verdict", "wrong")
        expect(rows.nth(0)).to_have_attribute("data-shown", "2")
        marked = rows.nth(0).locator(".qk-wrong")
        expect(marked).to_have_attribute("data-card", str(wrong[1]))
        expect(marked).to_have_attribute("aria-label", re.compile(r"the first wrong card$"))
        expect(rows.nth(1)).to_have_attribute("data-verdict", "chip")
        shown = rows.nth(1).locator(".qk-card").evaluate_all("(e) => e.map((x) => +x.dataset.card)")
        assert shown == right == sorted(right)
    expect(anna.locator(".qk-mine .qk-chips")).to_have_attribute("data-chips", "1")
    expect(ben.locator('.qk-player[data-seat="0"] .qk-chips')).to_have_attribute("data-chips", "1")
    expect(ben.locator(".qk-status")).to_have_text("Anna wins a chip.")
    web.shot(anna, "quick-checked", full_page=True)
    web.shot(ben, "quick-checked-phone", full_page=True)
    width = ben.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the checking is {width} px wide on a phone"
    for page in (anna, ben):
        no_missing_messages(page)


def test_a_reload_mid_round_gives_back_the_table_and_the_card(web: Web, page: Page) -> None:
    table = web.table("quick", ["human", "human"], {**FAST}, seed=6)
    web.seat_page(page, table, 0)
    assert sorting_or_over(page)
    hand = Mouse(page)
    hand.take(0)
    hand.new_pile(0)
    hand.take(1)
    held = state(page)
    assert held["hand"] is not None and held["piles"] == [1, 3]
    page.reload()
    expect(board(page)).to_have_attribute("data-hand", str(held["hand"]))
    expect(board(page)).to_have_attribute("data-piles", "1,3")
    expect(page.locator(f'.qk-hand [data-card="{held["hand"]}"]')).to_be_visible()
    expect(page.locator(".qk-pile .qk-size")).to_have_text(["1", "3"])
    # In German too, and a refused action says why in the reader's language.
    page.get_by_role("button", name="DE", exact=True).click()
    status = page.locator(".qk-status")
    expect(status).to_have_text("QUICK! Sortiere deinen Stapel, dann ruf KLAAR.")
    # Enter on the focused language button presses that button: give the page the keys.
    status.click()
    before = state(page)["answered"]
    page.keyboard.press("Enter")
    answered(page, before)
    note = page.locator(".qk-note")
    expect(note).to_have_text(
        "KLAAR geht nur mit leerer Hand: leg zuerst die Karte ab, die du hältst."
    )
    page.get_by_role("button", name="EN", exact=True).click()
    expect(note).to_have_text("KLAAR needs an empty hand: put down the card you hold first.")
    # A key the board answers itself: t with no pile picked among two.
    page.keyboard.press("t")
    expect(note).to_have_text("Pick a pile with its digit first, then t or b.")
    # The game goes on from where it was.
    Keys(page).place(0, "bottom")
    expect(board(page)).to_have_attribute("data-piles", "2,3")
    expect(board(page)).to_have_attribute("data-hand", "")
    # Tab and Enter work too: a pile's button pressed from the keyboard takes its top
    # card, and the focus moves on to that pile's "top" button; Enter there puts it back.
    take = page.locator('.qk-pile[data-pile="1"] .qk-take')
    take.focus()
    before = state(page)["answered"]
    page.keyboard.press("Enter")
    answered(page, before)
    expect(board(page)).to_have_attribute("data-piles", "2,2")
    top = page.locator('.qk-pile[data-pile="1"] .qk-end-top')
    expect(top).to_be_focused()
    page.keyboard.press("Enter")
    answered(page, before + 1)
    expect(board(page)).to_have_attribute("data-piles", "2,3")
    expect(page.locator('.qk-pile[data-pile="1"] .qk-take')).to_be_focused()
    no_missing_messages(page)


def test_the_dealer_chooses_the_criteria(web: Web) -> None:
    options = {**FAST, "chooser": "dealer", "choose_ms": 600_000}
    table = web.table("quick", ["human", "human"], options, seed=7)
    anna = web.seat_page(web.open_page(), table, 0)
    ben = web.seat_page(web.open_page(), table, 1)
    expect(ben.locator(".qk-status")).to_have_text("Anna chooses the criteria for this round…")
    expect(ben.locator(".qk-chooser")).to_have_count(0)
    chooser = anna.locator(".qk-chooser")
    expect(chooser).to_be_visible()
    web.shot(anna, "quick-chooser")
    # A card chosen twice is refused, and the board says why.
    chooser.locator('select[data-slot="0"]').select_option("colour")
    chooser.locator('select[data-slot="1"]').select_option("colour")
    before = state(anna)["answered"]
    chooser.get_by_role("button", name="Deal with these").click()
    answered(anna, before)
    expect(anna.locator(".qk-note")).to_contain_text("Those criteria do not fit the rules")
    # Colour turned, then letter, then the 1-72 card.
    chooser.locator('select[data-slot="1"]').select_option("letter")
    chooser.get_by_role("checkbox").first.check()
    chooser.get_by_role("button", name="Deal with these").click()
    for page in (anna, ben):
        cards = page.locator(".qk-icard[data-criterion]")
        expect(cards).to_have_count(3)
        names = cards.evaluate_all("(e) => e.map((x) => x.dataset.criterion + x.dataset.turned)")
        assert names == ["colourtrue", "letterfalse", "numberfalse"]
        expect(page.locator(".game-log")).to_contain_text(
            "Anna chose the criteria: Colour (turned), Letter, 1-72"
        )
        expect(board(page)).to_have_attribute("data-phase", "sort", timeout=STATE_WAIT_MS)
    web.shot(anna, "quick-criteria")


def test_the_board_at_four_players_on_desktop_and_phone(web: Web) -> None:
    # Three bots sort against the person under three criteria, one of them turned.
    options = {**FAST, "criteria": ["letter", "-colour", "number"]}
    table = web.table("quick", ["human", "hard", "medium", "easy"], options, seed=8)
    page = web.seat_page(web.open_page(), table, 0)
    assert sorting_or_over(page)
    cards = page.locator(".qk-icard[data-criterion]")
    expect(cards).to_have_count(3)
    expect(cards.nth(1)).to_have_attribute("data-turned", "true")
    expect(cards.nth(1)).to_have_attribute(
        "aria-label", "Colour, turned: purple, blue, green, yellow, orange, red"
    )
    hand = Mouse(page)
    hand.take(0)
    hand.new_pile(0)
    hand.take(1)
    hand.new_pile(2)
    hand.take(1)
    expect(page.locator(".qk-player")).to_have_count(3)
    # The others' tables as counts; each holds at most one card.
    for seat in (1, 2, 3):
        other = page.locator(f'.qk-player[data-seat="{seat}"]')
        expect(other).to_have_attribute("data-piles", re.compile(r"^\d+(,\d+)*$"))
    # A still picture: every bot has called KLAAR and the last "KLAAR!" notice is gone.
    expect(page.locator(".qk-player .qk-klaar-badge")).to_have_count(3, timeout=STATE_WAIT_MS)
    expect(page.locator(".qk-flash")).to_have_count(0)
    web.shot(page, "quick-board")
    web.publish("quick-board")
    phone = web.seat_page(web.open_page(PHONE), table, 0)
    expect(board(phone)).to_have_attribute("data-piles", ",".join(map(str, state(page)["piles"])))
    expect(phone.locator(".qk-player .qk-klaar-badge")).to_have_count(3)
    expect(phone.locator(".qk-flash")).to_have_count(0)
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the Quick table is {width} px wide on a phone"
    web.shot(phone, "quick-phone", full_page=True)
    web.publish("quick-phone")
    # German words are longer: still nothing wider than the phone.
    phone.get_by_role("button", name="DE", exact=True).click()
    expect(phone.locator(".qk-mine-title")).to_have_text("Dein Tisch")
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the German Quick table is {width} px wide on a phone"
    web.shot(phone, "quick-phone-de", full_page=True)
    no_missing_messages(phone)
    no_missing_messages(page)


def test_quick_and_klaar_are_heard(web: Web, page: Page) -> None:
    # The dealer chooses first, so the page is on the board before "QUICK!" sounds.
    options = {**FAST, "chooser": "dealer", "choose_ms": 600_000}
    table = web.table("quick", ["human", "hard"], options, seed=9)
    page.context.add_init_script(TONE_RECORDER)
    web.seat_page(page, table, 0)
    page.locator(".qk-chooser").get_by_role("button", name="Deal with these").click()
    expect(board(page)).to_have_attribute("data-phase", "sort", timeout=STATE_WAIT_MS)
    page.wait_for_function(f"window.__tones.includes({START_TONE})")
    # The bot sorts its five cards and calls KLAAR.
    expect(page.locator('.qk-player[data-seat="1"] .qk-klaar-badge')).to_have_text("KLAAR 1.")
    page.wait_for_function(f"window.__tones.includes({TURN_TONE})")
