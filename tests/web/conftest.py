"""Browser tests: Playwright (sync API) driving Debian's Chromium against a live server.

Fixtures:
- `web_server` (module): a real `quintet serve` on SQLite with fast bots.
- `browser` (module): Chromium from /usr/bin/chromium (never `playwright install`).
  Missing Chromium FAILS the tests naming `apt-get install chromium`, unless
  QUINTET_SKIP_BROWSER=1 asks to skip them.
- `page`: a fresh browser context and page on the server; the test fails on any console
  error or uncaught page error (`web.allow_console(...)` lets a test expect one).
- `web`: helpers: `open_page()` (another context: a second person), `table()` (a table
  made through the API, seats joined), `seat_page()` (open a table page holding a seat's
  token, as after joining in this browser), `seat_socket()` (a second connection of a
  seat, to play parts of a game through the API), `shot()` (a screenshot under
  screenshots/).

Seat tokens live in the page's localStorage under `quintet.seat.<table id>` as
`{"token", "seat", "nickname"}`: that is how a reload keeps its seat.
"""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, sync_playwright
from tests.server.live import LiveServer, running_server
from tests.web.browser import CHROMIUM, INSTALL_HINT, SKIP_ENV, WEB_BOT_PACE, Web


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """One Chromium per test module. Not per session: Playwright's sync API keeps an
    asyncio loop running in this thread while it is open, so any test after it in the
    same process that calls `asyncio.run` (the server tests do) would fail: with test
    modules spread over workers (pytest -n), or in another order, that is any of them."""
    missing = None if CHROMIUM.exists() else f"Chromium is missing ({CHROMIUM})"
    if missing is not None:
        if os.environ.get(SKIP_ENV) == "1":
            pytest.skip(f"browser tests SKIPPED ({SKIP_ENV}=1): {missing}")
        pytest.fail(f"{missing}: {INSTALL_HINT}, or set {SKIP_ENV}=1 to skip", pytrace=False)
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(
            executable_path=str(CHROMIUM),
            # Containers often lack a usable /dev/shm; Chromium then crashes tabs.
            args=["--disable-dev-shm-usage", "--no-sandbox"],
        )
        try:
            yield launched
        finally:
            launched.close()


@pytest.fixture(scope="module")
def web_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """A live server for the module's tests (each makes its own tables)."""
    folder = tmp_path_factory.mktemp("web")
    url = f"sqlite+aiosqlite:///{folder / 'quintet.sqlite3'}"
    with running_server(url, folder, bot_pace=WEB_BOT_PACE) as server:
        yield server


@pytest.fixture
def web(web_server: LiveServer, browser: Browser) -> Iterator[Web]:
    """Helpers for one test; at its end every page is closed and the test fails when any
    page logged a console error or threw."""
    helper = Web(web_server, browser)
    yield helper
    for context in helper.contexts:
        context.close()
    unexpected = helper.unexpected_errors()
    assert not unexpected, "the browser logged errors:\n" + "\n".join(unexpected)


@pytest.fixture
def page(web: Web) -> Page:
    """A desktop-sized page on the server (its own browser context)."""
    return web.open_page()
