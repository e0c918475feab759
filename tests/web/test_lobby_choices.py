"""The lobby's choices in a real browser: each game's bot levels weakest first with the
level a newcomer can beat preselected and no test bot offered, and an option of known
values (Quashars' fixed conditions) as a picker that creates a table with them."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect
from tests.web.browser import Web

#: What /api/games declares (the games' BotLevels): shown levels weakest first, default.
LEVELS = {
    "Quashars": (["random", "basic", "expert"], "basic"),
    "Quiclo": (["random", "beginner", "easy", "medium", "hard"], "beginner"),
    "Quiddler": (["random", "easy", "medium", "hard"], "easy"),
    "Quick": (["random", "easy", "medium", "hard"], "easy"),
    "Double Quick!": (["random", "easy", "medium", "hard"], "easy"),
}
#: The conditions picked, one per pile, and how the picker names them.
PICKED = ["even", "blue", "no_red", "no_tricks"]
PICKED_TEXT = [
    "Win with an even number",
    "Win with blue",
    "Win a trick that holds no red card",
    "Win no trick in the whole game",
]


def test_the_api_declares_what_the_lobby_is_checked_against(web: Web) -> None:
    with web.http() as http:
        games = {game["title"]: game for game in http.get("/api/games").json()}
    assert {title: (games[title]["bots"], games[title]["default_bot"]) for title in LEVELS} == (
        LEVELS
    )


@pytest.mark.parametrize("title", sorted(LEVELS))
def test_bot_levels_go_weakest_first_with_a_newcomers_default(
    web: Web, page: Page, title: str
) -> None:
    levels, default = LEVELS[title]
    page.goto("/")
    page.get_by_role("radio", name=re.compile(f"^{re.escape(title)}")).check()
    seat = page.get_by_label("Seat 2")
    # The values in order: a friend first, then every level from the weakest up.
    values = seat.locator("option").evaluate_all("options => options.map(o => o.value)")
    assert values == ["friend", *levels]
    expect(seat).to_have_value(default)
    expect(seat.locator("option:checked")).to_have_text(f"Bot ({default})")
    assert "perfect" not in values


def test_the_quiclo_test_bot_is_not_offered_and_a_new_seat_gets_beginner(
    web: Web, page: Page
) -> None:
    page.goto("/")
    page.get_by_label("Your nickname").fill("Anna")
    page.get_by_role("radio", name=re.compile("^Quiclo")).check()
    page.get_by_label("Players", exact=True).select_option("3")
    for seat in ("Seat 2", "Seat 3"):
        expect(page.get_by_label(seat)).to_have_value("beginner")
        expect(page.get_by_label(seat).locator('option[value="perfect"]')).to_have_count(0)
    page.get_by_role("button", name="Create table").click()
    expect(page).to_have_url(re.compile(r"/t/[\w-]+$"))
    table_id = page.url.rsplit("/", 1)[1]
    with web.http() as http:
        table = http.get(f"/api/tables/{table_id}").json()
    assert [(s["kind"], s["level"]) for s in table["seats"]] == [
        ("human", None),
        ("bot", "beginner"),
        ("bot", "beginner"),
    ]


def test_quashars_fixed_conditions_are_picked_by_name(web: Web, page: Page) -> None:
    page.goto("/")
    page.get_by_label("Your nickname").fill("Anna")
    page.get_by_role("radio", name=re.compile("^Quashars")).check()
    page.get_by_label("Players", exact=True).select_option("4")
    page.get_by_role("button", name="Options").click()
    picker = page.get_by_role("group", name="Fixed conditions")
    expect(picker).to_contain_text("(default: unset)")
    # One choice per pile, each offering that pile's cards by name, or none fixed.
    piles = [picker.get_by_label(f"Pile {n}") for n in range(1, 5)]
    first = piles[0].locator("option").evaluate_all("o => o.map(x => x.textContent)")
    assert first == [
        "(not fixed)",
        "Win with an odd number",
        "Win with an even number",
        "Win with a 1, 2 or 3",
        "Win with a 10, 11 or 12 (4 players only)",
    ]
    # Only some piles chosen: refused in words before anything is sent.
    piles[0].select_option(label=PICKED_TEXT[0])
    page.get_by_role("button", name="Create table").click()
    expect(page.get_by_role("alert")).to_have_text(
        "Fixed conditions: choose one for each of the 4, or none."
    )
    expect(page).to_have_url(re.compile(r"/$"))
    for pile, text in zip(piles[1:], PICKED_TEXT[1:], strict=True):
        pile.select_option(label=text)
    # Changing an option takes the old complaint away.
    expect(page.get_by_role("alert")).to_have_count(0)
    web.shot(page, "lobby-conditions-picker", full_page=True)
    # The first player is picked by seat as the lobby numbers them (from 1), one for each
    # of the 4 players, and sent as the seat from 0.
    first_player = page.get_by_label("First player", exact=True)
    texts = first_player.locator("option").evaluate_all("o => o.map(x => x.textContent)")
    assert texts == ["Random", "Seat 1", "Seat 2", "Seat 3", "Seat 4"]
    expect(page.locator('[data-option="first_player"]')).to_contain_text("(default: Random)")
    first_player.select_option(label="Seat 2")
    page.get_by_role("button", name="Create table").click()
    expect(page).to_have_url(re.compile(r"/t/[\w-]+$"))
    table_id = page.url.rsplit("/", 1)[1]
    with web.http() as http:
        table = http.get(f"/api/tables/{table_id}").json()
    assert table["options"]["conditions"] == PICKED
    assert table["options"]["first_player"] == 1
    # The board shows the fixed conditions of game 1.
    board = page.locator(".qs-board")
    expect(board).to_be_visible()
    for name in ("Even number", "Blue", "No red", "No tricks"):
        expect(page.locator(".qs-conditions")).to_contain_text(name)


def test_the_picker_speaks_german(web: Web, page: Page) -> None:
    page.goto("/")
    page.get_by_role("button", name="DE", exact=True).click()
    page.get_by_role("radio", name=re.compile("^Quashars")).check()
    page.get_by_role("button", name="Optionen").click()
    picker = page.get_by_role("group", name="Feste Bedingungen")
    expect(picker.get_by_label("Stapel 3")).to_contain_text("(nicht festgelegt)")
    expect(picker.get_by_label("Stapel 2").locator("option").nth(3)).to_have_text(
        "Mit Blau gewinnen"
    )
    first_player = page.get_by_label("Startspieler", exact=True)
    expect(first_player.locator("option").first).to_have_text("Zufällig")
    expect(first_player.locator("option").nth(1)).to_have_text("Platz 1")
    assert page.evaluate("[...window.__quintetMissingMessages]") == []


def test_options_of_known_values_are_told_apart_by_their_schema(web: Web, page: Page) -> None:
    # Every schema the lobby can meet for a known set, and what is not one.
    page.goto("/")
    kinds = page.evaluate(
        """async () => {
          const { optionKind } = await import('/static/app/lobby.js');
          const picks = {anyOf: [{type: 'array', minItems: 2, maxItems: 2,
            prefixItems: [{type: 'string', enum: ['a', 'b']}, {type: 'string', enum: ['c']}]},
            {type: 'null'}]};
          return {
            picks: optionKind(picks),
            multi: optionKind({type: 'array', items: {type: 'string', enum: ['x', 'y']}}),
            list: optionKind({type: 'array', items: {type: 'string'}}),
            open_place: optionKind({type: 'array', prefixItems: [{type: 'string'}]}),
            choice: optionKind({type: 'string', enum: ['fixed', 'dealer']}),
          };
        }"""
    )
    assert {name: (kind["kind"], kind["nullable"]) for name, kind in kinds.items()} == {
        "picks": ("picks", True),
        "multi": ("multi", False),
        "list": ("list", False),
        "open_place": ("list", False),
        "choice": ("choice", False),
    }


def test_signed_numbers_share_one_minus_sign(web: Web, page: Page) -> None:
    page.goto("/")
    # The lobby shows the games once every game's messages are in.
    expect(page.get_by_role("radio", name="Quiddler")).to_be_visible()
    written = page.evaluate(
        """async () => {
          const { num, signed, t } = await import('/static/app/i18n.js');
          return [num(-4), num(0), num(12), signed(-4), signed(0), signed(7),
                  t('quiddler.points', {count: -6})];
        }"""
    )
    assert written == ["\u22124", "0", "12", "\u22124", "0", "+7", "\u22126 points"]


#: Each option's label and description as the lobby shows them (the unit and the default
#: left out).
OPTION_TEXTS = """() => [...document.querySelectorAll('[data-option]')].map((option) => {
  const words = (el, drop) => {
    const copy = el.cloneNode(true);
    copy.querySelectorAll(drop).forEach((e) => e.remove());
    return copy.textContent.replace(/\\s+/g, ' ').trim();
  };
  return [option.dataset.option, words(option.querySelector('legend, label'), '.unit'),
          words(option.querySelector('.option-help'), '.option-default')];
})"""


def test_no_option_description_repeats_its_label(web: Web, page: Page) -> None:
    page.goto("/")
    page.get_by_role("button", name="Options").click()
    seen: dict[str, str] = {}
    repeats: list[str] = []
    for language in ("EN", "DE"):
        page.get_by_role("button", name=language, exact=True).click()
        for title in LEVELS:
            page.get_by_role("radio", name=re.compile(f"^{re.escape(title)}")).check()
            for name, label, help_text in page.evaluate(OPTION_TEXTS):
                assert label and help_text, f"{title} {name}: no label or no description"
                if help_text.lower().startswith(label.lower()):
                    repeats.append(f"{language} {title} {name}: {label!r} / {help_text!r}")
                # Nor names another option by its id (Quiddler's "with extra_words alone").
                if re.search(r"\b[a-z]+_[a-z_]+\b", help_text):
                    repeats.append(f"{language} {title} {name}: an option id in {help_text!r}")
                seen[f"{language} {title} {name}"] = help_text
    assert not repeats, "descriptions that repeat their label or name an id:\n" + "\n".join(repeats)
    # Quiclo's sit-out, which did, says what it does.
    assert seen["EN Quiclo sit_out_ms"].startswith("How long a player who calls a wrong chain")
    assert seen["DE Quiclo sit_out_ms"].startswith("So lange darf nicht anlegen")
