"""tools/tutorial_deals.py: the search finds the deal the Quiddler tutorial plays, the
Quashars game it prints for the tutorial's seed is the tutorial's script, and for the
races it finds the person's moves (Quick), the claims (Quiclo) and the crossword (Double
Quick!) of each tutorial."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

from quintet.core.tutorial import BotMove, find

TOOL = Path(__file__).parents[2] / "tools" / "tutorial_deals.py"


def tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("tutorial_deals", TOOL)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("tutorial_deals", module)
    spec.loader.exec_module(module)
    return module


def test_the_quiddler_search_finds_the_tutorials_deal() -> None:
    from quintet.games.quiddler import tutorial as script

    tutorial = find("quiddler")
    assert tutorial is not None
    assert tutorial.options == tool().QUIDDLER_OPTIONS
    found = [found for seed, found in tool().quiddler(tutorial.seed + 1) if seed == tutorial.seed]
    lay = script.BOT_LAY_DOWN
    played = {
        "top": script.FIRST_TOP,
        "misfit": script.MISFIT,
        "bot_draws": "discard",
        "gives": script.BOT_DISCARD,
        "word": list(script.WORD),
        "discard": script.DISCARD,
        "bot_lays": (lay["words"], lay["unused"], lay["discard"]),
    }
    ways = [
        {
            **way,
            "bot_lays": (
                way["bot_lays"]["words"],
                way["bot_lays"]["unused"],
                way["bot_lays"]["discard"],
            ),
        }
        for way in found
    ]
    assert any(all(way[key] == value for key, value in played.items()) for way in ways), ways


def test_the_quashars_search_prints_the_tutorials_script() -> None:
    tutorial = find("quashars")
    assert tutorial is not None
    assert tutorial.options == tool().QUASHARS_OPTIONS
    inputs = tool().quashars_game(tutorial.seed, 4)
    assert inputs is not None, "the tutorial's seed no longer fits the search"
    script = [
        (step.seat if isinstance(step, BotMove) else tutorial.person, step.action)
        for step in tutorial.steps
    ]
    # The search's person predicts without naming the flex chip; the script names it.
    played = [
        (inp.seat, {**inp.action, "flex": False} if inp.action["type"] == "predict" else inp.action)
        for inp in inputs
    ]
    assert played == script


def test_the_quick_search_finds_the_tutorials_moves() -> None:
    tutorial = find("quick")
    assert tutorial is not None
    assert tutorial.options == tool().QUICK_OPTIONS
    found = dict(tool().quick(tutorial.seed + 1))
    mine = [step.action for step in tutorial.steps if not isinstance(step, BotMove)]
    assert found[tutorial.seed] == mine


def test_the_quiclo_search_finds_the_tutorials_claims() -> None:
    tutorial = find("quiclo")
    assert tutorial is not None
    assert tutorial.options == tool().QUICLO_OPTIONS
    claims = [step.action for step in tutorial.steps if step.action["type"] == "claim"]
    assert tool().quiclo_game(tutorial.seed) == claims


def test_the_double_quick_search_finds_the_tutorials_crossword() -> None:
    from quintet.core import registry

    tutorial = find("double-quick")
    assert tutorial is not None
    assert tutorial.options == tool().DOUBLE_QUICK_OPTIONS
    game = registry.get("double-quick")
    rack = game.view(game.new(tutorial.seed, 2, tutorial.options), 0)["seats"][0]["rack"]
    words = [found for found in tool().crossings(rack) if found[2]["points"] > 1]
    placed = {
        (step.action["tile"], step.action["row"], step.action["col"])
        for step in tutorial.steps
        if step.action["type"] == "place" and not isinstance(step, BotMove)
    }
    assert words[0][:2] == ("wed", "cow") and set(words[0][3]) == placed
