"""An abandoned tutorial in the browser (docs/server.md, "Limits and security"): its person
coming back finds the table ended, told why, with the way back to the lobby, not a board
that waits for ever. The module's server ends such tables as soon as it looks."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest
from playwright.sync_api import Page, expect
from tests.server.live import RECEIVE_TIMEOUT, LiveServer, running_server
from tests.web.browser import WEB_BOT_PACE, Web


@pytest.fixture(scope="module")
def web_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """This module's server: a table nobody is at is abandoned at the first look."""
    folder = tmp_path_factory.mktemp("web-abandoned")
    url = f"sqlite+aiosqlite:///{folder / 'quintet.sqlite3'}"
    env = {"QUINTET_ABANDON_AFTER": "0.01"}
    with running_server(url, folder, bot_pace=WEB_BOT_PACE, env=env) as server:
        yield server


def test_a_person_back_at_an_abandoned_tutorial_is_told_it_ended(web: Web, page: Page) -> None:
    with web.server.http() as http:
        started = http.post("/api/tutorials/quiddler", json={"nickname": "Anna"}).json()
        table_id = started["table"]["id"]
        give_up = time.monotonic() + RECEIVE_TIMEOUT  # only turns a hang into a failure
        while http.get(f"/api/tables/{table_id}").json()["status"] != "aborted":
            assert time.monotonic() < give_up, "the tutorial was not abandoned"
            time.sleep(0.1)
    seat = {"token": started["token"], "seat": 0, "nickname": "Anna"}
    page.goto("/")
    page.evaluate(
        "([key, value]) => localStorage.setItem(key, JSON.stringify(value))",
        [f"quintet.seat.{table_id}", seat],
    )
    page.goto(f"/t/{table_id}")
    expect(page.locator(".status-pill.status-aborted")).to_have_text("Aborted")
    ended = page.locator(".table-ended")
    expect(ended).to_contain_text("nobody played it for a long time")
    assert ended.evaluate("e => getComputedStyle(e).color") != "rgb(244, 250, 246)", (
        "felt text on paper"
    )
    web.shot(page, "tutorial-abandoned")
    ended.get_by_role("link", name="Back to the lobby").click()
    expect(
        page.get_by_role("button", name="Learn to play Quiddler: a guided first game")
    ).to_be_visible()
