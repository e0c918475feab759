"""The rules pages' sources (app/boards/<game>/rules.<lang>.md, rendered by app/rules.js):
every game with its own board has one per language, and each explains every option the
game registers under a heading `{option=name}`, so a new option without its explanation
fails here. No browser: the Markdown is read as text (tests/web/test_rules_pages.py opens
the pages)."""

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


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_every_option_is_explained(game: str, language: str) -> None:
    path = BOARDS / game / f"rules.{language}.md"
    assert path.is_file(), f"{game} has no rules page in {language}: add {path}"
    problems = unexplained(registered_options(game), source(game, language))
    assert not problems, f"{path}: " + "; ".join(problems)


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
