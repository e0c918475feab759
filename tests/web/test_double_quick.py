"""The Double Quick! board in a real browser: a whole game against a bot built by mouse
(clicks and drags), one built by keyboard (in both, some middle turns go through the API
while the page shows them), an invalid press refused with its reasons in English and
German, a reload mid-turn that gives the crossword back, and the phone layout.

The person finds a crossword the way a player might: from what the page shows (their
tiles), here with the game's solver; the page builds every action from the gestures.
The bot plays at a pace so slow that it never presses first, and turns last 600 s: the
person's presses end every turn, so the game is the same on a fast or a slow machine.
"""

# The messages use the minus sign (U+2212) before a penalty, as the page shows them.
# ruff: noqa: RUF001

from __future__ import annotations

import re
import time
from collections import Counter, deque
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from tests.server.live import (
    LiveServer,
    connect_table,
    receive,
    receive_until,
    running_server,
    send,
)
from tests.web.browser import PHONE, SeatSocket, Web

from quintet.games.double_quick.components import row_col
from quintet.games.double_quick.solver import solve

#: Bot think times x this: a bot's tile takes minutes, so the person always presses first.
SLOW_BOT_PACE = 200.0
#: The longest turns the options allow: only presses end them.
LONG_TURNS = {"turn_seconds": 600, "final_seconds": 1800}
#: Seconds a game may take before the test gives up (a guard against a hang).
GAME_TIMEOUT = 240.0
#: Hard letters first: the tile to leave out (and pass) when a turn needs all but one.
PASS_ORDER = "qjxzvkwyfbhmpgc"

Cell = tuple[int, int]
Target = dict[Cell, str]


@pytest.fixture(scope="module")
def web_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """This module's live server: conftest's, with very slow bots."""
    folder = tmp_path_factory.mktemp("web-double-quick")
    url = f"sqlite+aiosqlite:///{folder / 'quintet.sqlite3'}"
    with running_server(url, folder, bot_pace=SLOW_BOT_PACE) as server:
        yield server


# ---------------------------------------------------------------- what the page shows


def board_state(page: Page) -> dict[str, Any]:
    """The page's own table: rack, crossword, the tiles a press needs, turn and phase."""
    state: dict[str, Any] = page.evaluate(
        """() => {
          const board = document.querySelector('.dq-board');
          if (!board) return null;
          const tile = (e) => ({tile: e.dataset.tile, letter: e.dataset.letter || null,
                                wild: e.dataset.wild === 'true'});
          return {
            phase: board.dataset.phase, turn: +board.dataset.turn,
            canPress: board.dataset.canPress === 'true', cursor: board.dataset.cursor,
            inFlight: +board.dataset.inFlight,
            needed: +(document.querySelector('.dq-needed')?.dataset.needed ?? 0),
            rack: [...document.querySelectorAll('.dq-rack [data-tile]')].map(tile),
            grid: [...document.querySelectorAll('.dq-grid [data-tile]')].map((e) => ({
              ...tile(e), row: +e.dataset.row, col: +e.dataset.col})),
          };
        }"""
    )
    assert state is not None, "the page shows no Double Quick! board"
    return state


def letter_of(code: str) -> str:
    """A tile code's letter ("E3" -> "e"), "*" for a wild tile."""
    return "*" if code.startswith("WILD") else code.rstrip("0123456789").lower()


def pass_rank(letter: str) -> tuple[int, bool, str]:
    """Hard letters first, wild tiles last: the order to try leaving a letter out."""
    return (
        PASS_ORDER.find(letter) if letter in PASS_ORDER else len(PASS_ORDER),
        letter == "*",
        letter,
    )


def find_target(codes: list[str], needed: int) -> tuple[Target, str | None]:
    """A valid crossword of `needed` of the tiles (cell -> letter) and the letter left out."""
    letters = [letter_of(c) for c in codes]
    tries: list[str | None] = [None]
    if needed < len(letters):
        counts: Counter[str] = Counter(letters)
        tries = [*sorted(counts, key=pass_rank)]
    for left in tries:
        rest = list(letters)
        if left is not None:
            rest.remove(left)
        found = solve(rest, 2.0, until_complete=True)
        if found.complete:
            return {row_col(c): letter for c, (letter, _) in found.letters.items()}, left
    raise AssertionError(f"the solver found no crossword for {letters} ({needed} tiles)")


def aligned(target: Target, grid: list[dict[str, Any]]) -> Target:
    """The target moved to keep as many tiles where they lie (else around 0, 0)."""
    votes: Counter[Cell] = Counter()
    for tile in grid:
        for (r, c), letter in target.items():
            if letter.lower() == (tile["letter"] or "").lower():
                votes[(tile["row"] - r, tile["col"] - c)] += 1
    if votes:
        dr, dc = max(sorted(votes), key=lambda o: votes[o])
    else:
        rows = [r for r, _ in target]
        cols = [c for _, c in target]
        dr, dc = -(min(rows) + max(rows)) // 2, -(min(cols) + max(cols)) // 2
    return {(r + dr, c + dc): letter for (r, c), letter in target.items()}


def plan(state: dict[str, Any]) -> tuple[Target, list[dict[str, Any]], list[Cell], str | None]:
    """This turn's target, the grid tiles to lift, the cells to fill (each next to one
    already filled, so the grid has drawn it) and the letter to pass."""
    codes = [t["tile"] for t in state["rack"] + state["grid"]]
    target, left = find_target(codes, state["needed"])
    target = aligned(target, state["grid"])
    keep = {
        (t["row"], t["col"])
        for t in state["grid"]
        if target.get((t["row"], t["col"]), "").lower() == (t["letter"] or "").lower()
    }
    lifts = [t for t in state["grid"] if (t["row"], t["col"]) not in keep]
    todo = set(target) - keep
    order: list[Cell] = []
    queue = deque(sorted(keep) or [min(todo)])
    seen = set(queue)
    while queue:
        r, c = queue.popleft()
        if (r, c) in todo:
            order.append((r, c))
        for nxt in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if nxt in target and nxt not in seen:
                seen.add(nxt)
                queue.append(nxt)
    assert len(order) == len(todo), "the target is not connected"
    return target, lifts, order, left


def rack_tile_for(state: dict[str, Any], letter: str, used: set[str]) -> dict[str, Any]:
    """A rack tile to lay as `letter` (lower case: plain, else a wild tile)."""
    for tile in state["rack"]:
        if tile["tile"] not in used and not tile["wild"] and tile["letter"] == letter.lower():
            return tile  # type: ignore[no-any-return]
    for tile in state["rack"]:
        if tile["tile"] not in used and tile["wild"]:
            return tile  # type: ignore[no-any-return]
    raise AssertionError(f"no tile for {letter} in {state['rack']}")


def cell(page: Page, row: int, col: int) -> Any:
    return page.locator(f'.dq-grid [data-cell="{row},{col}"]')


def settled(page: Page) -> None:
    """Wait until no action of the page waits for the server's answer."""
    expect(page.locator(".dq-board")).to_have_attribute("data-in-flight", "0")


# ---------------------------------------------------------------- gestures


def drag(page: Page, source: Any, target: Any) -> None:
    """Drag with the mouse: press on `source`, move in steps, release over `target`."""
    source.scroll_into_view_if_needed()
    start = source.bounding_box()
    target.scroll_into_view_if_needed()
    start = source.bounding_box() or start
    end = target.bounding_box()
    assert start and end
    page.mouse.move(start["x"] + start["width"] / 2, start["y"] + start["height"] / 2)
    page.mouse.down()
    page.mouse.move(end["x"] + end["width"] / 2, end["y"] + end["height"] / 2, steps=6)
    page.mouse.up()


def touch_drag(page: Page, source: Any, target: Any) -> None:
    """Drag with a finger (touch events through the DevTools protocol: Chromium turns them
    into the pointer events the board listens to)."""
    source.scroll_into_view_if_needed()
    start, end = source.bounding_box(), target.bounding_box()
    assert start and end
    x0, y0 = start["x"] + start["width"] / 2, start["y"] + start["height"] / 2
    x1, y1 = end["x"] + end["width"] / 2, end["y"] + end["height"] / 2
    cdp = page.context.new_cdp_session(page)
    cdp.send(
        "Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x0, "y": y0}]}
    )
    for step in range(1, 7):
        x, y = x0 + (x1 - x0) * step / 6, y0 + (y1 - y0) * step / 6
        cdp.send(
            "Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y}]}
        )
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    cdp.detach()


def answer_wild(page: Page, letter: str) -> None:
    """The wild tile asks for its letter: type it and place."""
    page.locator("#dq-wild-letter").fill(letter.upper())
    page.locator("#dq-wild-letter").press("Enter")


def build_by_mouse(page: Page, step: int) -> tuple[int, str | None]:
    """Lift what does not fit this turn's target and lay the rest, alternating clicks
    (tile, then cell) and drags; returns the next step number and the letter to pass."""
    state = board_state(page)
    target, lifts, order, left = plan(state)
    for tile in lifts:
        source = cell(page, tile["row"], tile["col"])
        if step % 2:
            drag(page, source, page.locator(".dq-rack-title"))
        else:
            source.click()
            page.locator(".dq-lift").click()
        step += 1
        expect(page.locator(f'.dq-rack [data-tile="{tile["tile"]}"]')).to_have_count(1)
    for row, col in order:
        state = board_state(page)
        tile = rack_tile_for(state, target[(row, col)], set())
        source = page.locator(f'.dq-rack [data-tile="{tile["tile"]}"]')
        if step % 2:
            drag(page, source, cell(page, row, col))
        else:
            source.click()
            expect(source).to_have_attribute("aria-pressed", "true")
            cell(page, row, col).click()
        step += 1
        if tile["wild"]:
            answer_wild(page, target[(row, col)])
        expect(cell(page, row, col)).to_have_attribute("data-tile", tile["tile"])
    settled(page)
    return step, left


def choose_pass(page: Page) -> None:
    """Pass the one tile left on the rack (before the last turn), chosen by mouse."""
    rack = page.locator(".dq-rack [data-tile]")
    expect(rack).to_have_count(1)
    rack.first.click()
    page.locator(".dq-choose-pass").click()
    expect(rack.first).to_have_class(re.compile(r"dq-passing"))


def press_and_wait(page: Page, turn: int, *, keyboard: bool = False) -> None:
    """Press the red button (click or Space) and wait for the next turn or the end."""
    board = page.locator(".dq-board")
    expect(board).to_have_attribute("data-can-press", "true")
    if keyboard:
        page.keyboard.press("Space")
    else:
        page.locator(".dq-press").click()
    if turn < 9:
        expect(board).to_have_attribute("data-turn", str(turn + 1))
    else:
        expect(board).to_have_attribute("data-phase", "over")


def navigate(page: Page, row: int, col: int) -> None:
    """Move the keyboard cursor to (row, col) with the arrow keys."""
    now = board_state(page)["cursor"]
    if not now:
        page.keyboard.press("ArrowRight")  # the first arrow shows the cursor where it starts
        board = page.locator(".dq-board")
        expect(board).to_have_attribute("data-cursor", re.compile(r"^-?\d+,-?\d+,across$"))
        now = board.get_attribute("data-cursor") or ""
    r, c, direction = now.split(",")
    r0, c0 = int(r), int(c)
    keys = ["ArrowDown" if row > r0 else "ArrowUp"] * abs(row - r0)
    keys += ["ArrowRight" if col > c0 else "ArrowLeft"] * abs(col - c0)
    for key in keys:
        page.keyboard.press(key)
    if keys:
        direction = "across" if "Left" in keys[-1] or "Right" in keys[-1] else "down"
        expect(page.locator(".dq-board")).to_have_attribute(
            "data-cursor", f"{row},{col},{direction}"
        )


def build_by_keyboard(page: Page) -> None:
    """Lift with Delete what does not fit; type the rest letter by letter at the cursor."""
    state = board_state(page)
    target, lifts, order, _ = plan(state)
    for tile in lifts:
        navigate(page, tile["row"], tile["col"])
        page.keyboard.press("Delete")
        left_cell = cell(page, tile["row"], tile["col"])
        expect(left_cell).not_to_have_attribute("data-tile", tile["tile"])
    settled(page)
    for row, col in order:
        navigate(page, row, col)
        page.keyboard.press(target[(row, col)].lower())
        expect(cell(page, row, col)).to_have_attribute("data-letter", target[(row, col)].lower())
    settled(page)


def pass_by_keyboard(page: Page) -> None:
    """Tab to the tile left on the rack, Enter selects it, then the pass button."""
    rack = page.locator(".dq-rack [data-tile]")
    expect(rack).to_have_count(1)
    rack.first.focus()
    page.keyboard.press("Enter")
    page.locator(".dq-choose-pass").focus()
    page.keyboard.press("Enter")
    expect(rack.first).to_have_class(re.compile(r"dq-passing"))
    # Back to the grid, so Space presses the red button.
    page.locator(".dq-grid [tabindex='0']").focus()


# ---------------------------------------------------------------- the API


def turn_through_api(page: Page, api: SeatSocket, turn: int) -> None:
    """Play a turn as `build_by_mouse`, `choose_pass` and `press_and_wait` do, with the
    actions sent through the API; waits until the page shows the next turn."""
    state = board_state(page)
    target, lifts, order, _ = plan(state)
    for tile in lifts:
        api.act({"type": "lift", "tile": tile["tile"]})
    # A lifted wild tile forgets its letter (the grid does not mark it wild: its code does).
    rack = state["rack"] + [
        {"tile": t["tile"], "letter": t["letter"], "wild": False}
        if not t["tile"].startswith("WILD")
        else {"tile": t["tile"], "letter": None, "wild": True}
        for t in lifts
    ]
    used: set[str] = set()
    for row, col in order:
        letter = target[(row, col)]
        tile = rack_tile_for({"rack": rack}, letter, used)
        used.add(tile["tile"])
        wild = {"letter": letter.lower()} if tile["wild"] else {}
        api.act({"type": "place", "tile": tile["tile"], "row": row, "col": col, **wild})
    if turn < 9:
        left = [t["tile"] for t in rack if t["tile"] not in used]
        assert len(left) == 1, left
        api.act({"type": "pass", "tile": left[0]})
    api.act({"type": "press"})
    board = page.locator(".dq-board")
    if turn < 9:
        expect(board).to_have_attribute("data-turn", str(turn + 1))
    else:
        expect(board).to_have_attribute("data-phase", "over")


# ---------------------------------------------------------------- the tests


#: The turns the mouse game plays through the API: the mouse builds the first three
#: (placing by click and by drag, lifting both ways, passing, pressing) and the last (the
#: game's end by the person's press); the turns between only repeat those gestures, 15
#: to 30 a turn at a few tenths of a second each.
MOUSE_API_TURNS = range(4, 9)


def test_a_game_built_by_mouse(web: Web) -> None:
    table = web.table("double-quick", ["human", "easy"], LONG_TURNS, seed=3)
    page = web.seat_page(web.open_page(), table, 0)
    expect(page.locator(".dq-rack [data-tile]")).to_have_count(6)
    give_up = time.monotonic() + GAME_TIMEOUT
    step = 0
    with web.seat_socket(table, 0) as api:
        for turn in range(1, 10):
            assert time.monotonic() < give_up, "the game did not end"
            expect(page.locator(".dq-board")).to_have_attribute("data-turn", str(turn))
            if turn in MOUSE_API_TURNS:
                turn_through_api(page, api, turn)
                continue
            step, _ = build_by_mouse(page, step)
            if turn < 9:
                choose_pass(page)
            if turn == 3:
                web.shot(page, "double-quick-turn-3")
            press_and_wait(page, turn)
    # The scores: every crossword, my press's bonus, the words of mine.
    results = page.locator(".dq-results")
    expect(results).to_be_visible()
    mine = results.locator('.dq-result[data-seat="0"]')
    expect(mine.locator(".dq-score-lines")).to_contain_text("Bonus")
    expect(mine.locator(".dq-score-lines")).to_contain_text("+20")
    expect(results).to_contain_text("Anna pressed with a complete crossword")
    page.get_by_role("dialog", name="Game over").get_by_role(
        "button", name="Look at the table"
    ).click()
    web.shot(page, "double-quick-end", full_page=True)
    assert page.evaluate("window.__quintetMissingMessages.size") == 0
    with web.http() as http:
        result = http.get(f"/api/tables/{table.id}").json()
        assert result["status"] == "finished"


#: The keyboard game's turns through the API (as MOUSE_API_TURNS): the keyboard builds
#: turns 1 to 4 (turn 4's rack holds a wild tile) and the last.
KEYBOARD_API_TURNS = range(5, 9)


def test_a_game_built_by_keyboard(web: Web) -> None:
    table = web.table("double-quick", ["human", "easy"], LONG_TURNS, seed=4)
    page = web.seat_page(web.open_page(), table, 0)
    expect(page.locator(".dq-rack [data-tile]")).to_have_count(6)
    page.locator(".dq-grid [tabindex='0']").focus()
    give_up = time.monotonic() + GAME_TIMEOUT
    with web.seat_socket(table, 0) as api:
        for turn in range(1, 10):
            assert time.monotonic() < give_up, "the game did not end"
            expect(page.locator(".dq-board")).to_have_attribute("data-turn", str(turn))
            if turn in KEYBOARD_API_TURNS:
                turn_through_api(page, api, turn)
                # The keys go to the grid again, as at the start.
                page.locator(".dq-grid [tabindex='0']").focus()
                continue
            build_by_keyboard(page)
            if turn < 9:
                pass_by_keyboard(page)
            press_and_wait(page, turn, keyboard=True)
    expect(page.locator(".dq-results")).to_be_visible()
    # The replay shows the board too: every table open, nothing to build with.
    page.goto(f"/replay/{table.id}")
    expect(page.get_by_role("button", name="First", exact=True)).to_be_disabled()  # at the start
    expect(page.locator(".dq-other")).to_have_count(2)
    expect(page.locator(".dq-mine, .dq-press")).to_have_count(0)
    page.get_by_role("button", name="Last move").click()
    expect(page.locator('.dq-result[data-seat="0"] .dq-total')).to_have_attribute(
        "data-total", re.compile(r"^[1-9]\d*$")
    )


def test_backspace_lifts_what_was_typed_and_space_explains(web: Web) -> None:
    table = web.table("double-quick", ["human", "easy"], LONG_TURNS, seed=5)
    page = web.seat_page(web.open_page(), table, 0)
    expect(page.locator(".dq-rack [data-tile]")).to_have_count(6)
    state = board_state(page)
    letters = [t["letter"] or "" for t in state["rack"] if not t["wild"]][:3]
    page.locator(".dq-grid [tabindex='0']").focus()
    page.keyboard.press("ArrowRight")
    for letter in letters:
        page.keyboard.press(letter)
    expect(page.locator(".dq-grid [data-tile]")).to_have_count(len(letters))
    settled(page)
    page.keyboard.press("Backspace")
    expect(page.locator(".dq-grid [data-tile]")).to_have_count(len(letters) - 1)
    # Space with too few tiles: the reasons, and nothing sent (no penalty).
    page.keyboard.press("Space")
    expect(page.locator(".dq-notes")).to_contain_text(
        f"the crossword holds {len(letters) - 1} tiles; the press needs 5"
    )
    expect(page.locator(".dq-press")).to_be_disabled()
    expect(page.locator(".dq-board")).to_have_attribute("data-penalties", "0")


def test_an_invalid_press_is_refused_with_its_reasons(web: Web) -> None:
    table = web.table("double-quick", ["human", "easy"], LONG_TURNS, seed=6)
    page = web.seat_page(web.open_page(), table, 0)
    expect(page.locator(".dq-rack [data-tile]")).to_have_count(6)
    # Five tiles in two parts: three in a row and two apart.
    state = board_state(page)
    cells = [(0, 0), (0, 1), (0, 2), (3, 0), (3, 1)]
    for (row, col), tile in zip(cells, state["rack"], strict=False):
        page.locator(f'.dq-rack [data-tile="{tile["tile"]}"]').click()
        cell(page, row, col).click()
        if tile["wild"]:
            answer_wild(page, "q")
        expect(cell(page, row, col)).to_have_attribute("data-tile", tile["tile"])
    settled(page)
    why = page.locator("#dq-press-why")
    expect(page.locator(".dq-press")).to_be_disabled()
    expect(why).to_contain_text("the tiles are not connected: they lie in 2 separate parts")
    # A press that reaches the server anyway (as from a page a moment behind) is refused:
    # the page shows why and the penalty.
    with connect_table(web.server, table.id, table.tokens[0]) as socket:
        receive(socket)
        send(socket, {"type": "act", "action": {"type": "press"}, "ref": "x1"})
        refusal = page.locator(".dq-refused")
        expect(refusal).to_contain_text("Your press was refused (−10 points)")
        expect(refusal).to_contain_text("they lie in 2 separate parts")
    expect(page.locator(".game-log")).to_contain_text("Anna's press is refused (−10)")
    expect(page.locator(".dq-board")).to_have_attribute("data-penalties", "10")
    web.shot(page, "double-quick-refused")
    page.get_by_role("button", name="DE", exact=True).click()
    expect(refusal).to_contain_text("Dein Drücken wurde abgelehnt (−10 Punkte)")
    expect(refusal).to_contain_text("sie liegen in 2 getrennten Teilen")
    expect(why).to_contain_text("Du kannst noch nicht drücken")
    web.shot(page, "double-quick-refused-de", full_page=True)
    assert page.evaluate("[...window.__quintetMissingMessages]") == []


def test_a_reload_mid_turn_gives_the_crossword_back(web: Web) -> None:
    table = web.table("double-quick", ["human", "easy"], LONG_TURNS, seed=7)
    page = web.seat_page(web.open_page(), table, 0)
    expect(page.locator(".dq-rack [data-tile]")).to_have_count(6)
    build_by_mouse(page, 0)
    before = sorted((t["tile"], t["row"], t["col"], t["letter"]) for t in board_state(page)["grid"])
    assert len(before) == 5
    page.reload()
    expect(page.locator(".dq-grid [data-tile]")).to_have_count(5)
    after = sorted((t["tile"], t["row"], t["col"], t["letter"]) for t in board_state(page)["grid"])
    assert after == before
    expect(page.locator(".dq-board")).to_have_attribute("data-can-press", "true")


def test_the_phone_layout(web: Web) -> None:
    table = web.table("double-quick", ["human", "easy", "easy"], LONG_TURNS, seed=8)
    phone = web.seat_page(web.open_page(PHONE, touch=True), table, 0)
    expect(phone.locator(".dq-rack [data-tile]")).to_have_count(6)
    # A finger drags a plain tile onto the grid and back to the rack.
    code = next(t["tile"] for t in board_state(phone)["rack"] if not t["wild"])
    touch_drag(phone, phone.locator(f'.dq-rack [data-tile="{code}"]'), cell(phone, 1, 1))
    expect(cell(phone, 1, 1)).to_have_attribute("data-tile", code)
    touch_drag(phone, cell(phone, 1, 1), phone.locator(".dq-rack-title"))
    expect(phone.locator(f'.dq-rack [data-tile="{code}"]')).to_have_count(1)
    settled(phone)
    build_by_mouse(phone, 0)
    expect(phone.locator(".dq-other")).to_have_count(2)
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the Double Quick! table is {width} px wide on a phone"
    web.shot(phone, "double-quick-phone", full_page=True)
    web.publish("double-quick-phone")


def test_two_people_and_a_challenged_press(web: Web) -> None:
    options = {**LONG_TURNS, "challenge_mode": True, "challenge_seconds": 120}
    table = web.table("double-quick", ["human", "human"], options, seed=9)
    anna = web.seat_page(web.open_page(), table, 0)
    ben = web.seat_page(web.open_page(), table, 1)
    expect(anna.locator(".dq-rack [data-tile]")).to_have_count(6)
    # Ben builds a crossword of five (he does not press).
    build_by_mouse(ben, 0)
    # Anna lays five tiles in two parts and presses anyway: challenge mode lets her.
    state = board_state(anna)
    cells = [(0, 0), (0, 1), (0, 2), (2, 0), (2, 1)]
    for (row, col), tile in zip(cells, state["rack"], strict=False):
        anna.locator(f'.dq-rack [data-tile="{tile["tile"]}"]').click()
        cell(anna, row, col).click()
        if tile["wild"]:
            answer_wild(anna, "q")
        expect(cell(anna, row, col)).to_have_attribute("data-tile", tile["tile"])
    settled(anna)
    expect(anna.locator("#dq-press-why")).to_contain_text("A press now could be challenged")
    expect(anna.locator('.dq-other[data-seat="1"] .dq-mini [data-cell]')).to_have_count(5)
    web.shot(anna, "double-quick-board")
    web.publish("double-quick-board")
    # Ben sees Anna's crossword, open, as it grows.
    expect(ben.locator('.dq-other[data-seat="0"] .dq-mini [data-cell]')).to_have_count(5)
    anna.locator(".dq-press").click()
    expect(ben.locator(".dq-board")).to_have_attribute("data-phase", "review")
    expect(anna.locator(".dq-press")).to_be_disabled()
    yellow = ben.locator('.dq-other[data-seat="0"] .dq-challenge')
    expect(yellow).to_be_visible()
    web.shot(ben, "double-quick-challenge")
    yellow.click()
    expect(anna.locator(".dq-board")).to_have_attribute("data-phase", "play")
    refusal = anna.locator(".dq-refused")
    expect(refusal).to_contain_text("Your press was challenged and found invalid")
    expect(refusal).to_contain_text("they lie in 2 separate parts")
    expect(anna.locator(".dq-board")).to_have_attribute("data-penalties", "10")
    expect(ben.locator(".game-log")).to_contain_text("Ben challenged Anna: the press was invalid")
    expect(ben.locator(".dq-board")).to_have_attribute("data-penalties", "0")
    # A spectator sees both tables, open, and nothing to build with.
    watcher = web.seat_page(web.open_page(), table, None)
    expect(watcher.locator(".dq-other")).to_have_count(2)
    expect(watcher.locator('.dq-other[data-seat="1"] .dq-mini [data-cell]')).to_have_count(5)
    expect(watcher.locator(".dq-mine, .dq-press, .dq-challenge")).to_have_count(0)


def wild_table(web: Web) -> Any:
    """The first table (seeds from 20 up) whose first six tiles for seat 0 hold a wild."""
    for seed in range(20, 120):
        table = web.table("double-quick", ["human", "human"], LONG_TURNS, seed=seed)
        with connect_table(web.server, table.id, table.tokens[0]) as socket:
            welcome = receive_until(socket, "welcome")
        rack = welcome["view"]["seats"][0]["rack"]
        if any(tile["wild"] for tile in rack):
            return table
    raise AssertionError("no deal from seed 20 to 119 turns up a wild tile first")


def test_a_wild_tile_asks_for_its_letter(web: Web) -> None:
    table = wild_table(web)
    page = web.seat_page(web.open_page(), table, 0)
    wild = page.locator('.dq-rack [data-wild="true"]').first
    expect(wild).to_have_attribute("aria-label", re.compile("Wild tile, any letter"))
    code = wild.get_attribute("data-tile")
    wild.click()
    cell(page, 0, 0).click()
    letter = page.locator("#dq-wild-letter")
    expect(letter).to_be_focused()
    letter.fill("7")
    letter.press("Enter")
    expect(page.locator(".dq-ask")).to_contain_text("Type one letter, A to Z.")
    letter.fill("q")
    letter.press("Enter")
    placed = cell(page, 0, 0)
    expect(placed).to_have_attribute("data-tile", code or "")
    expect(placed).to_have_attribute("data-letter", "q")
    expect(placed).to_have_attribute("aria-label", re.compile("Wild tile as Q"))
    # Selected on the grid, it can change its letter in place.
    placed.click()
    page.locator(".dq-reletter").click()
    letter.fill("z")
    letter.press("Enter")
    expect(placed).to_have_attribute("data-letter", "z")
    # Lifted back by a drag to the rack, it forgets its letter.
    drag(page, placed, page.locator(".dq-rack-title"))
    expect(page.locator(f'.dq-rack [data-tile="{code}"]')).to_have_attribute("data-letter", "")
