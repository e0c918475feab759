"""Browser test helpers: Playwright (sync API) driving Debian's Chromium on a live server.

The fixtures are in conftest.py (`browser`, `web_server`, `web`, `page`); this module holds
what tests import: `Web` (the `web` fixture's type), `Table`, and the constants.

Seat tokens live in the page's localStorage under `quintet.seat.<table id>` as
`{"token", "seat", "nickname"}`: that is how a reload keeps its seat, and how
`Web.seat_page` opens a table as a seated player.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, Page
from tests.server.live import (
    LiveServer,
    connect_table,
    create_table,
    join,
    receive,
    receive_until,
    send,
    start,
)
from websockets.sync.client import ClientConnection

CHROMIUM = Path(os.environ.get("QUINTET_CHROMIUM", "/usr/bin/chromium"))
SKIP_ENV = "QUINTET_SKIP_BROWSER"
INSTALL_HINT = "install it with: sudo apt-get install chromium"
SCREENSHOTS = Path(__file__).parent / "screenshots"
PUBLISH_ENV = "QUINTET_PUBLISH_SCREENSHOTS"
#: Bot think times x this: fast, yet slow enough that a person's turn comes round.
WEB_BOT_PACE = 0.02
#: How long a test waits for something to appear (ms). Generous: it only turns a hang
#: into a failure; no test asserts how long anything takes.
WAIT_MS = 20_000
DESKTOP = {"width": 1280, "height": 820}
PHONE = {"width": 390, "height": 800}

#: Stands in for WebAudio: records the frequency of every tone the page starts.
TONE_RECORDER = """
window.__tones = [];
window.AudioContext = class {
  get currentTime() { return 0; }
  get destination() { return {}; }
  createGain() {
    return { gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} }, connect: (x) => x };
  }
  createOscillator() {
    const osc = { type: '', frequency: { value: 0 }, connect: (x) => x, stop() {} };
    osc.start = () => window.__tones.push(osc.frequency.value);
    return osc;
  }
};
localStorage.setItem('quintet.sound', 'true');
"""
#: The first tone of the shell's sounds (shell/sounds.js): "start" (e.g. QUICK!), "turn"
#: (the shell plays it when a turn-based game comes to this seat; Quick's board for a KLAAR).
START_TONE, TURN_TONE = 392, 660

#: Seconds between two actions a test sends through the API: under the server's rate of
#: 20 messages a second per seat (shared with the seat's page), so none is dropped.
API_STEP_S = 0.06


@dataclass
class Table:
    """A table made through the API: its id and the tokens of the seats joined."""

    id: str
    game: str
    tokens: dict[int, str] = field(default_factory=dict)
    nicknames: dict[int, str] = field(default_factory=dict)


class SeatSocket:
    """A second connection of a page's seat, for the parts of a game a test plays through
    the API while the page only shows them (`Web.seat_socket`): each action is sent once
    the one before is answered."""

    def __init__(self, socket: ClientConnection, welcome: dict[str, Any]) -> None:
        self.socket = socket
        self.sent = 0
        self.last = 0.0
        #: The newest view this connection got.
        self.view: dict[str, Any] = welcome["view"]

    def _next(self) -> dict[str, Any]:
        message = receive(self.socket)
        if message.get("view") is not None:
            self.view = message["view"]
        return message

    def act(self, action: dict[str, Any]) -> dict[str, Any]:
        """Send `action` and wait for its answer, the update that carries the new view;
        a refusal or an error fails the test."""
        time.sleep(max(0.0, self.last + API_STEP_S - time.monotonic()))
        self.last = time.monotonic()
        self.sent += 1
        ref = f"api{self.sent}"
        send(self.socket, {"type": "act", "action": action, "ref": ref})
        while True:
            message = self._next()
            if message.get("ref") == ref:
                assert message["type"] == "update", f"{action} was not accepted: {message}"
                return message

    def wait_for(self, check: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
        """Read messages until the newest view passes `check`; returns it."""
        while not check(self.view):
            self._next()
        return self.view


@dataclass
class Web:
    """What a browser test needs besides the page: see the module docstring."""

    server: LiveServer
    browser: Browser
    contexts: list[BrowserContext] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    allowed: list[re.Pattern[str]] = field(default_factory=list)

    @property
    def base_url(self) -> str:
        return self.server.base_url

    def http(self) -> httpx.Client:
        return self.server.http()

    # ------------------------------------------------------------ pages

    def open_page(
        self, viewport: dict[str, int] | None = None, *, touch: bool = False, motion: bool = False
    ) -> Page:
        """A page in a new browser context (its own localStorage: another person),
        watched for console errors; `touch`: a touch screen too.

        The page asks for reduced motion unless `motion`: the style sheets then drop their
        transitions and endless pulses, so a click need not wait for an element to come to
        rest and Chromium does not repaint a spinner 60 times a second beside the test (on
        2 cores that CPU came out of the servers and bots under test). `test_shell` keeps
        one whole table with motion, the way most people see it."""
        context = self.browser.new_context(
            base_url=self.base_url,
            viewport=viewport or DESKTOP,
            locale="en-US",  # type: ignore[arg-type]
            has_touch=touch,
            reduced_motion="no-preference" if motion else "reduce",
        )
        context.set_default_timeout(WAIT_MS)
        self.contexts.append(context)
        page = context.new_page()
        self.watch(page)
        return page

    def watch(self, page: Page) -> None:
        """Record the page's console errors and uncaught errors."""

        def console(message: ConsoleMessage) -> None:
            if message.type == "error":
                self.errors.append(f"console error on {page.url}: {message.text}")

        page.on("console", console)
        page.on("pageerror", lambda error: self.errors.append(f"page error on {page.url}: {error}"))

    def allow_console(self, pattern: str) -> None:
        """Let console errors matching `pattern` pass (a test that provokes a 4xx)."""
        self.allowed.append(re.compile(pattern))

    def unexpected_errors(self) -> list[str]:
        return [e for e in self.errors if not any(p.search(e) for p in self.allowed)]

    # ----------------------------------------------------------- tables

    def table(
        self,
        game: str,
        seats: list[str],
        options: dict[str, Any] | None = None,
        *,
        seed: int | None = 1,
        join_seats: dict[int, str] | None = None,
        begin: bool = True,
        **extra: Any,
    ) -> Table:
        """Create a table (`seats`: "human" or a bot level each), join the human seats
        (`join_seats`: seat -> nickname; default every human seat as Anna, Ben, ...) and,
        when `begin`, start it."""
        with self.http() as http:
            made = create_table(http, game, seats, options, seed=seed, **extra)
            table = Table(made["id"], game)
            humans = [i for i, kind in enumerate(seats) if kind == "human"]
            names = ["Anna", "Ben", "Cleo", "Dan", "Eva", "Finn", "Gus", "Hana"]
            wanted = join_seats if join_seats is not None else {s: names[s] for s in humans}
            for seat, nickname in wanted.items():
                table.tokens[seat] = join(http, table.id, seat, nickname)
                table.nicknames[seat] = nickname
            if begin:
                token = next(iter(table.tokens.values()), None)
                start(http, table.id, token)
        return table

    def seat_page(self, page: Page, table: Table, seat: int | None, query: str = "") -> Page:
        """Open the table's page holding `seat`'s token (None: as a spectator), as if this
        browser had joined it; waits until the page shows the table. `query`, e.g.
        "?board=generic", is added to the address."""
        if seat is not None:
            key = f"quintet.seat.{table.id}"
            value = json.dumps(
                {"token": table.tokens[seat], "seat": seat, "nickname": table.nicknames[seat]}
            )
            page.context.add_init_script(
                f"window.localStorage.setItem({json.dumps(key)}, {json.dumps(value)});"
            )
        page.goto(f"/t/{table.id}{query}")
        page.locator(".table-page, .waiting").first.wait_for()
        return page

    @contextlib.contextmanager
    def seat_socket(self, table: Table, seat: int) -> Iterator[SeatSocket]:
        """A WebSocket holding `seat`'s token, to act through the API (see SeatSocket)."""
        with connect_table(self.server, table.id, table.tokens[seat]) as socket:
            yield SeatSocket(socket, receive_until(socket, "welcome"))

    # ------------------------------------------------------------ files

    def shot(self, page: Page, name: str, *, full_page: bool = False) -> Path:
        """Save a screenshot as screenshots/<name>.png; returns its path."""
        SCREENSHOTS.mkdir(exist_ok=True)
        path = SCREENSHOTS / f"{name}.png"
        if full_page:
            # From the top: a sticky header would otherwise be drawn mid-page.
            page.evaluate("window.scrollTo(0, 0)")
        page.screenshot(path=str(path), full_page=full_page)
        return path

    def publish(self, name: str) -> None:
        """Copy screenshots/<name>.png to docs/screenshots/ (the README shows those), only
        when QUINTET_PUBLISH_SCREENSHOTS=1: a plain test run leaves the docs alone."""
        if os.environ.get(PUBLISH_ENV) != "1":
            return
        target = Path(__file__).parents[2] / "docs" / "screenshots"
        target.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(SCREENSHOTS / f"{name}.png", target / f"{name}.png")
