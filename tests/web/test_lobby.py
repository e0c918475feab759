"""The lobby in a real browser: a nickname, a new table with a friend's seat and a bot,
the friend joining through the invite link in a second browser, the start; the open
tables list; the language switch; screenshots of the lobby (desktop and phone)."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect
from tests.web.browser import PHONE, Web


def test_create_invite_join_and_start(web: Web, page: Page) -> None:
    page.goto("/")
    page.get_by_label("Your nickname").fill("Anna")
    page.get_by_role("radio", name=re.compile("Quiddler")).check()
    page.get_by_label("Players", exact=True).select_option("3")
    # Seat 2 for a friend, seat 3 a bot at a chosen level.
    page.get_by_label("Seat 2").select_option("friend")
    page.get_by_label("Seat 3").select_option("easy")
    # Every option shows its default and its one-line description.
    page.get_by_role("button", name="Options").click()
    option = page.locator('[data-option="pause_ms"]')
    expect(option).to_contain_text("Pause between rounds")
    expect(option).to_contain_text("(default: 5 s)")
    expect(option).to_contain_text("Pause after each round")
    page.locator("#opt-pause_ms").fill("0")
    web.shot(page, "lobby-create", full_page=True)
    page.get_by_role("button", name="Create table").click()

    # The waiting room: the invite link, and Start waits for the friend.
    expect(page).to_have_url(re.compile(r"/t/[\w-]+$"))
    invite = page.get_by_label("Invite link").input_value()
    assert invite == page.url
    start = page.get_by_role("button", name="Start the game")
    expect(start).to_be_disabled()
    expect(page.get_by_role("status").filter(has_text="Waiting for 1 more player")).to_be_visible()
    web.shot(page, "waiting-room")
    web.publish("waiting-room")

    # The open tables list shows the table to a second person, who joins by the link.
    friend = web.open_page()
    friend.goto("/")
    row = friend.locator(f'[data-table="{invite.rsplit("/", 1)[1]}"]')
    expect(row).to_contain_text("1 free seat")
    web.shot(friend, "lobby")
    web.publish("lobby")
    friend.goto(invite)
    friend.get_by_label("Your nickname").fill("Ben")
    friend.get_by_role("button", name="Sit here").click()
    expect(friend.locator(".waiting-seat.me")).to_contain_text("Ben")

    # Anna sees Ben arrive and starts; both get the table with all three seats.
    expect(page.locator(".waiting-seats")).to_contain_text("Ben")
    expect(start).to_be_enabled()
    start.click()
    for someone, me in ((page, "Anna"), (friend, "Ben")):
        seats = someone.locator(".seat-list .seat")
        expect(seats).to_have_count(3)
        expect(someone.locator(".seat.me")).to_contain_text(me)
        expect(seats.nth(2)).to_contain_text("Bot (easy)")
    # The shell's options reached the server: the table has pause_ms 0.
    with web.http() as http:
        table = http.get(f"/api/tables/{invite.rsplit('/', 1)[1]}").json()
    assert table["options"]["pause_ms"] == 0
    assert [s["kind"] for s in table["seats"]] == ["human", "human", "bot"]


def test_every_option_is_an_input_of_its_type(web: Web, page: Page) -> None:
    page.goto("/")
    page.get_by_role("radio", name=re.compile("Quiddler")).check()
    page.get_by_role("button", name="Options").click()
    expect(page.locator("#opt-challenge")).to_have_attribute("type", "checkbox")
    expect(page.locator("#opt-two_player_bonus")).to_have_js_property("tagName", "SELECT")
    expect(page.locator("#opt-reshuffles")).to_have_attribute("type", "number")
    expect(page.locator("#opt-extra_words")).to_have_attribute("type", "text")
    # A bad value is refused in words naming the option, before anything is sent.
    page.get_by_label("Your nickname").fill("Anna")
    # A seat is picked by its number from 1 (test_lobby_choices.py).
    expect(page.locator("#opt-first_dealer")).to_have_js_property("tagName", "SELECT")
    page.locator("#opt-reshuffles").fill("1.5")
    page.get_by_role("button", name="Create table").click()
    expect(page.get_by_role("alert")).to_contain_text("Reshuffles per round")
    expect(page.get_by_role("alert")).to_contain_text("whole number")


def test_a_nickname_is_needed(web: Web, page: Page) -> None:
    page.goto("/")
    page.get_by_label("Your nickname").fill("")
    page.get_by_role("button", name="Create table").click()
    expect(page.get_by_role("alert")).to_contain_text("nickname")
    expect(page).to_have_url(re.compile(r"/$"))


def test_the_language_switches_at_any_time_and_is_remembered(web: Web, page: Page) -> None:
    page.goto("/")
    expect(page.get_by_role("heading", level=1)).to_have_text("Five fast card games")
    page.get_by_role("button", name="DE", exact=True).click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Fünf schnelle Kartenspiele")
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page.get_by_role("button", name="Tisch eröffnen")).to_be_visible()
    page.get_by_role("button", name="Optionen").click()
    # The options' labels, descriptions and defaults are German too.
    page.get_by_role("radio", name="Quiddler").check()
    option = page.locator('[data-option="challenge"]')
    expect(option).to_contain_text("Anfechtungsmodus")
    expect(option).to_contain_text("Wörter werden nur geprüft")
    expect(option).to_contain_text("(Standard: aus)")
    page.reload()
    expect(page.get_by_role("heading", level=1)).to_have_text("Fünf schnelle Kartenspiele")
    # On a table page too, mid-game.
    table = web.table("quiddler", ["human", "easy"], {"pause_ms": 0})
    web.seat_page(page, table, 0)
    seats = page.locator(".seats-panel .panel-title")
    expect(seats).to_have_text("Mitspieler")
    page.get_by_role("button", name="EN", exact=True).click()
    expect(seats).to_have_text("Players")
    assert page.evaluate("[...window.__quintetMissingMessages]") == []


def test_every_message_has_both_languages(web: Web, page: Page) -> None:
    # The shell's files and every game's pair (the page's manifest lists them).
    page.goto("/")
    gaps = page.evaluate(
        r"""async () => {
          const manifest = JSON.parse(document.getElementById('manifest').textContent);
          const games = Object.keys(manifest).filter((g) => manifest[g].messages.length);
          const gaps = [];
          for (const game of ['quashars', 'quiclo', 'quiddler']) {
            if (!games.includes(game)) gaps.push(`the manifest lists no messages for ${game}`);
          }
          for (const folder of ['messages/', ...games.map((g) => `boards/${g}/messages.`)]) {
            const load = async (lang) => (await import(`/static/app/${folder}${lang}.js`)).default;
            const [en, de] = [await load('en'), await load('de')];
            // A game's summary and option labels are in its own folder, not the shell's.
            const game = folder.split('/')[1];
            for (const key of Object.keys(en)) {
              const owner = /^(?:game|option)\.(\w+)\./.exec(key)?.[1];
              if (owner && owner !== game) gaps.push(`${folder}en.js holds ${key}`);
            }
            if (game && !(`game.${game}.summary` in en)) gaps.push(`${folder}en.js: no summary`);
            for (const key of Object.keys(en)) if (!(key in de)) gaps.push(`de lacks ${key}`);
            for (const key of Object.keys(de)) {
              // German may translate an option's description the server gives in English.
              if (!(key in en) && !/^option\..*\.description$/.test(key)) {
                gaps.push(`en lacks ${key}`);
              }
            }
          }
          return gaps;
        }"""
    )
    assert gaps == []


def test_the_lobby_on_a_phone(web: Web) -> None:
    phone = web.open_page(PHONE)
    phone.goto("/")
    expect(phone.get_by_role("button", name="Create table")).to_be_visible()
    # Nothing sticks out sideways: a phone never scrolls horizontally.
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the lobby is {width} px wide on a {PHONE['width']} px phone"
    # The leaderboard links at the bottom are indented like the cards' text above them,
    # not flush with the screen's edge (the page's margin of 10 px).
    links = phone.locator(".lobby-boards a")
    expect(links).to_have_count(5)
    edges = links.evaluate_all(
        "links => links.flatMap((a) => [...a.getClientRects()].map((r) => [r.left, r.right]))"
    )
    for left, right in edges:
        assert left >= 24 and right <= PHONE["width"] - 24, f"a leaderboard link at {left}..{right}"
    web.shot(phone, "lobby-phone", full_page=True)
    web.publish("lobby-phone")


def test_the_tagline_names_every_game_in_both_languages(web: Web, page: Page) -> None:
    """After "Five fast card games", all five by name, not three of them."""
    with web.http() as http:
        titles = [game["title"] for game in http.get("/api/games").json()]
    assert len(titles) == 5
    page.goto("/")
    tagline = page.locator(".tagline")
    for title in titles:
        expect(tagline).to_contain_text(title)
    page.get_by_role("button", name="DE", exact=True).click()
    expect(tagline).to_contain_text("Spiele")
    for title in titles:
        expect(tagline).to_contain_text(title)
