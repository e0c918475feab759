"""Quick's command-line verbs (`deck`, `order`, `check`) and terminal play."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

from quintet.games.quick import GAME
from quintet.games.quick.cli import app
from quintet.games.quick.terminal import QuickTable, read_command
from quintet.games.terminal import Quit, seat_bots

RUNNER = CliRunner()


def flat(text: str) -> str:
    """The text without rich's box drawing and line wrapping, so messages read as one line."""
    return " ".join(re.sub(r"[│╭╮╰╯─]", " ", text).split())


def run(*args: str) -> Any:
    return RUNNER.invoke(app, list(args))


def test_deck_lists_the_72_cards() -> None:
    result = run("deck", "--json")
    assert result.exit_code == 0
    cards = json.loads(result.output)["cards"]
    assert len(cards) == 72
    assert cards[12] == {"number": 13, "letter": "A", "colour": "purple", "flames": 6}
    text = run("deck")
    assert text.output.splitlines()[1] == "2 F yellow 2"


def test_order_prints_the_stack_from_the_top() -> None:
    result = run("order", "--cards", "70,4,33,65,22", "--json")
    assert json.loads(result.output) == {"order": [4, 22, 33, 65, 70]}
    turned = run("order", "--cards", "70,4,33,65,22", "--criteria", "-number", "--json")
    assert json.loads(turned.output) == {"order": [70, 65, 33, 22, 4]}


def test_order_with_several_criteria() -> None:
    # By the formula: 4 D orange, 22 J yellow, 33 E purple, 65 I blue, 70 J blue. Letters
    # first; 22 and 70 share J, and the turned colour card puts blue before yellow.
    result = run(
        "order", "--cards", "4,22,33,65,70", "--criteria", "letter,-colour,number", "--json"
    )
    assert json.loads(result.output) == {"order": [4, 33, 65, 70, 22]}


def test_simplified_order_groups_equal_cards() -> None:
    # Cards 1 and 13 are both A; 22 and 70 share a letter too.
    result = run(
        "order", "--cards", "4,22,33,65,70,1,13", "--criteria", "letter", "--simplified", "--json"
    )
    assert result.exit_code == 0
    groups = json.loads(result.output)["order"]
    assert groups[0] == [1, 13]
    assert all(isinstance(g, list) for g in groups)


def test_check_a_correct_and_a_wrong_stack() -> None:
    good = run("check", "--cards", "4,22,33,65,70", "--stack", "4,22,33,65,70", "--json")
    assert good.exit_code == 0
    assert json.loads(good.output) == {"correct": True, "first_wrong": None, "reason": None}
    bad = run("check", "--cards", "4,22,33,65,70", "--stack", "70,65,33,22,4", "--json")
    assert bad.exit_code == 1
    verdict = json.loads(bad.output)
    assert verdict["correct"] is False and verdict["first_wrong"] == 1
    assert "65" in verdict["reason"] and "70" in verdict["reason"]


@pytest.mark.parametrize(
    ("args", "names"),
    [
        (["order", "--cards", "4,73"], "'--cards'"),
        (["order", "--cards", "4,x"], "'--cards'"),
        (["order", "--cards", "4,4"], "'--cards'"),
        (["order", "--cards", "4,5", "--criteria", "size,number"], "'--criteria'"),
        (["order", "--cards", "4,5", "--criteria", "number,letter"], "'--criteria'"),
        (["order", "--cards", "4,5", "--criteria", "number", "--simplified"], "'--criteria'"),
        (["check", "--cards", "4,5", "--stack", "4,6"], "'--stack'"),
        (["check", "--cards", "4,5", "--stack", "4"], "'--stack'"),
    ],
)
def test_wrong_arguments_exit_2_naming_the_argument(args: list[str], names: str) -> None:
    result = run(*args)
    assert result.exit_code == 2
    assert names in flat(result.output)


# --------------------------------------------------------------------- terminal


def test_commands_read_as_actions() -> None:
    view: Any = {}
    assert read_command("t 2", view) == {"type": "take", "pile": 1}
    assert read_command("t", view) == {"type": "take", "pile": 0}
    assert read_command("o 1", view) == {"type": "place", "pile": 0, "end": "top"}
    assert read_command("u 3", view) == {"type": "place", "pile": 2, "end": "bottom"}
    assert read_command("n 1", view) == {"type": "new_pile", "at": 0}
    assert read_command("k", view) == {"type": "klaar"}
    assert read_command("c letter, -colour, number", view) == {
        "type": "criteria",
        "criteria": ["letter", "-colour", "number"],
    }
    assert read_command("h", view) is None
    with pytest.raises(Quit):
        read_command("q", view)
    with pytest.raises(ValueError, match="unknown command"):
        read_command("x", view)


def test_a_whole_game_at_the_terminal_against_bots() -> None:
    # The person calls KLAAR at once each round; the bots sort. A fake clock: each
    # command takes the person one second.
    state = GAME.new(5, 3, {})
    ticks = iter(range(10_000))
    answers = iter(["t 1", "o 1", "k"] + ["k", ""] * 200)
    console = Console(record=True, width=120)
    table = QuickTable(
        GAME,
        state,
        seat_bots("quick", "hard", 5, 3),
        lambda prompt: next(answers),
        console,
        clock=lambda: float(next(ticks)),
    )
    outcome = table.run()
    assert GAME.is_over(state) and outcome.scores == tuple(state.chips)
    text = console.export_text()
    assert "QUICK!" in text and "You see" in text and "Game over" in text


def test_quintet_games_lists_quick_with_every_option_described_and_defaulted() -> None:
    from quintet.cli import build_app

    result = RUNNER.invoke(build_app(), ["games", "--json"])
    assert result.exit_code == 0
    quick = next(g for g in json.loads(result.output) if g["name"] == "quick")
    assert (quick["min_players"], quick["max_players"], quick["real_time"]) == (2, 6, True)
    assert quick["bots"] == ["random", "easy", "medium", "hard"]
    assert quick["default_bot"] == "easy"
    options = {o["name"]: o for o in quick["options"]}
    assert options["criteria"]["default"] == ["number"]
    assert options["chooser"]["default"] == "fixed"
    assert options["round_end"]["default"] == "all"
    assert options["simplified"]["default"] is False
    assert all(o["description"] for o in options.values())


def test_quintet_play_quick_is_mounted() -> None:
    from quintet.cli import build_app

    result = RUNNER.invoke(build_app(), ["play", "quick", "--level", "nobody"])
    assert result.exit_code == 2 and "'--level'" in flat(result.output)
    result = RUNNER.invoke(build_app(), ["play", "quick", "--criteria", "number,letter"])
    assert result.exit_code == 2 and "'--criteria'" in flat(result.output)
