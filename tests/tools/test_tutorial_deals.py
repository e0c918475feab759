"""tools/tutorial_deals.py: the search finds the deal the Quiddler tutorial plays, and the
Quashars game it prints for the tutorial's seed is the tutorial's script."""

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
