"""The rules pages' sources (app/boards/<game>/rules.<lang>.md, rendered by app/rules.js):
every game with its own board has one per language, and each explains every option the
game registers under a heading `{option=name}`, so a new option without its explanation
fails here. Each page holds the six parts issue 18 asks for (goal, step by step, what is
legal, scoring with a worked example, the end, options) and draws the example it names.
No browser: the Markdown is read as text (tests/web/test_rules_pages.py opens the pages)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from quintet.core import registry
from quintet.server.web import WEB_DIR, manifest

LANGUAGES = ("en", "de")
BOARDS = WEB_DIR / "app" / "boards"
#: Games with their own board folder: each must have its rules pages.
GAMES = sorted(name for name, files in manifest().items() if files["board"])
#: The option mark, as app/rules.js reads it: a heading holding only `{option=name}`.
OPTION_MARK = re.compile(r"^#{1,6}[ \t]+\{option=([a-z0-9_]+)\}[ \t]*$", re.MULTILINE)
HEADING = re.compile(r"^#{1,6}[ \t]", re.MULTILINE)
EXAMPLE = re.compile(r"^```example\n(.*?)^```$", re.MULTILINE | re.DOTALL)
#: Fewer words than this under an option's heading is no explanation.
MIN_WORDS = 6
#: The five games of issue 18: each must have its page (a board folder) and be checked here.
ISSUE_GAMES = {"quashars", "quiclo", "quiddler", "quick", "double-quick"}
#: The parts every page holds (issue 18), each under a heading of its own (`## ...`),
#: matched in each language: the goal, a round or turn step by step, what is legal, how
#: scoring works, the end, and the lobby's options.
PARTS = {
    "en": {
        "goal": r"The goal",
        "step by step": r".*step by step",
        "legal": r"What is legal.*",
        "scoring": r"Scoring",
        "end": r"The end",
        "options": r"Options",
    },
    "de": {
        "goal": r"Ziel des Spiels",
        "step by step": r".*Schritt für Schritt",
        "legal": r"Was erlaubt ist.*",
        "scoring": r"Wertung|Abrechnung",
        "end": r"Das Ende",
        "options": r"Optionen",
    },
}
SECTION = re.compile(r"^## (.+)$", re.MULTILINE)
#: A worked example in prose (a drawn example counts too).
WORKED = {"en": re.compile(r"\bWorked examples?\b"), "de": re.compile(r"\bRechenbeispiele?\b")}
#: The example each page draws with its board's own pieces (issue 18's list): a Quashars
#: trick, a Quiclo chain, a Quiddler go-out, a Quick stack turned over, a Double Quick!
#: crossing (checked below to count double).
DRAWN = {
    "quashars": "trick",
    "quiclo": "chain",
    "quiddler": "go_out",
    "quick": "stack",
    "double-quick": "crossword",
}


def source(game: str, language: str) -> str:
    return (BOARDS / game / f"rules.{language}.md").read_text(encoding="utf-8")


def registered_options(game: str) -> list[str]:
    return [str(option["name"]) for option in registry.entry(game).game.options_model.describe()]


def option_sections(text: str) -> dict[str, list[str]]:
    """Each option mark's explanation: the words up to the next heading (a list per mark,
    so a mark written twice shows as two)."""
    sections: dict[str, list[str]] = {}
    for match in OPTION_MARK.finditer(text):
        following = HEADING.search(text, match.end())
        body = text[match.end() : following.start() if following else len(text)]
        sections.setdefault(match.group(1), []).append(body.strip())
    return sections


def unexplained(options: list[str], text: str) -> list[str]:
    """The problems with `text`'s option sections for a game registering `options`."""
    sections = option_sections(text)
    problems = [f"{name}: no section" for name in options if name not in sections]
    problems += [f"{name}: not an option of the game" for name in sections if name not in options]
    for name, bodies in sections.items():
        if len(bodies) > 1:
            problems.append(f"{name}: explained {len(bodies)} times")
        short = [body for body in bodies if len(body.split()) < MIN_WORDS]
        problems += [f"{name}: too short ({body!r})" for body in short]
    return problems


def test_the_check_fails_on_a_missing_or_empty_section() -> None:
    text = "## Options\n\n### {option=speed}\n\nHow fast the bots play, from slow to quick.\n"
    assert unexplained(["speed"], text) == []
    assert unexplained(["speed", "colour"], text) == ["colour: no section"]
    assert unexplained([], text) == ["speed: not an option of the game"]
    short = "### {option=speed}\n\nFast.\n\n## The end\n\nIt ends when it ends, as always.\n"
    assert unexplained(["speed"], short) == ["speed: too short ('Fast.')"]
    twice = text + "\n### {option=speed}\n\nThe same option again, written a second time.\n"
    assert unexplained(["speed"], twice) == ["speed: explained 2 times"]


def test_every_game_with_a_board_is_registered() -> None:
    # Otherwise the parametrised tests below would silently skip a game.
    assert GAMES, "no game has a board folder"
    assert set(GAMES) <= set(registry.names())
    assert set(GAMES) >= ISSUE_GAMES, f"no board folder for {sorted(ISSUE_GAMES - set(GAMES))}"


def sections(text: str) -> dict[str, str]:
    """Each `## ` heading's text and what follows it, up to the next one."""
    found = list(SECTION.finditer(text))
    ends = [m.start() for m in found[1:]] + [len(text)]
    return {m.group(1).strip(): text[m.end() : end] for m, end in zip(found, ends, strict=True)}


def missing_parts(text: str, language: str) -> list[str]:
    """The parts of a rules page that `text` lacks, and a scoring without a worked example."""
    parts = sections(text)
    problems = []
    for part, pattern in PARTS[language].items():
        if not any(re.fullmatch(pattern, heading) for heading in parts):
            problems.append(f"no section for {part} (a heading matching {pattern!r})")
    scoring = [body for h, body in parts.items() if re.fullmatch(PARTS[language]["scoring"], h)]
    if scoring and not any(EXAMPLE.search(b) or WORKED[language].search(b) for b in scoring):
        problems.append("scoring without a worked example")
    return problems


def test_the_parts_check_fails_on_a_missing_part() -> None:
    whole = "\n\n".join(
        [
            "## The goal\n\nWin.",
            "## A turn, step by step\n\n1. Play.",
            "## What is legal\n\nAnything.",
            "## Scoring\n\nWorked example: 3 points.",
            "## The end\n\nAfter 3 rounds.",
            "## Options\n",
        ]
    )
    assert missing_parts(whole, "en") == []
    assert missing_parts(whole.replace("## What is legal", "## Legality"), "en") == [
        "no section for legal (a heading matching 'What is legal.*')"
    ]
    unworked = whole.replace("Worked example: 3 points.", "Points.")
    assert missing_parts(unworked, "en") == ["scoring without a worked example"]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_every_page_holds_every_part(game: str, language: str) -> None:
    problems = missing_parts(source(game, language), language)
    assert not problems, f"{game}/rules.{language}.md: " + "; ".join(problems)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_every_option_is_explained(game: str, language: str) -> None:
    path = BOARDS / game / f"rules.{language}.md"
    assert path.is_file(), f"{game} has no rules page in {language}: add {path}"
    problems = unexplained(registered_options(game), source(game, language))
    assert not problems, f"{path}: " + "; ".join(problems)
    # The game registering one more option would fail here until the page explains it.
    more = [*registered_options(game), "a_new_option"]
    assert unexplained(more, source(game, language)) == ["a_new_option: no section"]


@pytest.mark.parametrize("game", GAMES)
def test_the_languages_have_the_same_parts(game: str) -> None:
    # A page translated in full: the same headings, options and pictures in each language.
    shapes = {}
    for language in LANGUAGES:
        text = source(game, language)
        shapes[language] = (
            [len(m.group(0).strip()) for m in HEADING.finditer(text)],
            [m.group(1) for m in OPTION_MARK.finditer(text)],
            [
                {k: v for k, v in json.loads(m.group(1)).items() if k != "caption"}
                for m in EXAMPLE.finditer(text)
            ],
        )
    first = shapes[LANGUAGES[0]]
    for language in LANGUAGES[1:]:
        assert shapes[language] == first, f"{game}: rules.{language}.md differs in its parts"


@pytest.mark.parametrize("game", GAMES)
def test_the_examples_are_json_drawn_by_the_board(game: str) -> None:
    examples = [m.group(1) for m in EXAMPLE.finditer(source(game, "en"))]
    assert examples, f"{game}'s rules page has no example drawn with its cards"
    for text in examples:
        assert isinstance(json.loads(text), dict)
    assert Path(BOARDS / game / "examples.js").is_file()
    if game in DRAWN:
        kinds = [json.loads(text).get("kind") for text in examples]
        assert DRAWN[game] in kinds, f"{game}'s rules page draws no {DRAWN[game]}: {kinds}"


def crossings(grid: list[str]) -> list[tuple[int, int]]:
    """The cells of a Double Quick! example grid in a run across and a run down."""

    def filled(row: int, col: int) -> bool:
        return 0 <= row < len(grid) and 0 <= col < len(grid[row]) and grid[row][col] != "."

    return [
        (row, col)
        for row, line in enumerate(grid)
        for col in range(len(line))
        if filled(row, col)
        and (filled(row, col - 1) or filled(row, col + 1))
        and (filled(row - 1, col) or filled(row + 1, col))
    ]


def test_a_double_quick_example_shows_a_crossing_that_counts_double() -> None:
    assert crossings(["AT", ".O"]) == [(0, 1)] and crossings(["AT", "O."]) == [(0, 0)]
    assert crossings(["AT", "..", "O."]) == []
    for language in LANGUAGES:
        grids = [
            json.loads(m.group(1))["grid"]
            for m in EXAMPLE.finditer(source("double-quick", language))
        ]
        assert any(crossings(grid) for grid in grids), f"rules.{language}.md: no crossing"


#: How each page says that the discard pile is reshuffled as often as the rulebook needs.
AS_OFTEN_AS_NEEDED = {"en": "as often as needed", "de": "so oft wie nötig"}


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_quiddler_page_tells_the_default_reshuffles_and_the_turn_limit(language: str) -> None:
    """The page says what a table does by default: reshuffle as often as needed (the
    option's default), a round ended only by the server's turn limit, which it names."""
    from quintet.games.quiddler.state import ROUND_TURN_LIMIT, QuiddlerOptions

    assert QuiddlerOptions().reshuffles is None
    text = " ".join(source("quiddler", language).split())
    assert AS_OFTEN_AS_NEEDED[language] in text
    assert "limited number of times" not in text and "nur begrenzt oft" not in text
    assert f"{ROUND_TURN_LIMIT} " in text
