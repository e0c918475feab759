"""Browser test helpers: Playwright (sync API) driving Debian's Chromium on a live server.

The fixtures are in conftest.py (`browser`, `web_server`, `web`, `page`); this module holds
what tests import: `Web` (the `web` fixture's type), `Table`, and the constants.

Seat tokens live in the page's localStorage under `quintet.seat.<table id>` as
`{"token", "seat", "nickname"}`: that is how a reload keeps its seat, and how
`Web.seat_page` opens a table as a seated player.
"""

from __future__ import annotations

import json
import os
import re
import shutil
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, Page
from tests.server.live import LiveServer, create_table, join, start

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


@dataclass
class Table:
    """A table made through the API: its id and the tokens of the seats joined."""

    id: str
    game: str
    tokens: dict[int, str] = field(default_factory=dict)
    nicknames: dict[int, str] = field(default_factory=dict)


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

    def open_page(self, viewport: dict[str, int] | None = None, *, touch: bool = False) -> Page:
        """A page in a new browser context (its own localStorage: another person),
        watched for console errors; `touch`: a touch screen too."""
        context = self.browser.new_context(
            base_url=self.base_url,
            viewport=viewport or DESKTOP,
            locale="en-US",  # type: ignore[arg-type]
            has_touch=touch,
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
