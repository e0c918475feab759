"""Every game package has the one layout and exports `GAME` and `BOTS` from its root, and
no game package imports another (shared code lives in `quintet.core` or
`quintet.games.terminal`)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

import quintet

GAMES_DIR = Path(quintet.__file__).parent / "games"
GAMES = ("quashars", "quiclo", "quiddler")
#: The modules every game has (`fast.py` and `terminal.py` where a game has them).
LAYOUT = {"__init__.py", "components.py", "state.py", "rules.py", "bots.py", "cli.py"}

#: Imports the package alone, as an entry point would, without `quintet.games`' own
#: `__init__` (which imports every game), and lists the game modules that came with it.
_PROBE = """
import importlib, json, sys, types
import quintet
games = types.ModuleType("quintet.games")
games.__path__ = [quintet.__path__[0] + "/games"]
sys.modules["quintet.games"] = games
package = importlib.import_module("quintet.games." + sys.argv[1])
print(json.dumps({
    "game": package.GAME.name,
    "bots": sorted(package.BOTS),
    "loaded": sorted(n for n in sys.modules if n.startswith("quintet.games.")),
}))
"""


@pytest.mark.parametrize("name", GAMES)
def test_a_game_package_exports_game_and_bots_alone(name: str) -> None:
    done = subprocess.run(
        [sys.executable, "-c", _PROBE, name], capture_output=True, text=True, check=True
    )
    found = json.loads(done.stdout)
    assert found["game"] == name
    assert "random" in found["bots"]
    others = [m for m in found["loaded"] if m.split(".")[2] not in (name, "terminal")]
    assert others == [], f"importing {name} loaded {others}"


@pytest.mark.parametrize("name", GAMES)
def test_a_game_package_has_the_shared_layout(name: str) -> None:
    modules = {path.name for path in (GAMES_DIR / name).glob("*.py")}
    assert modules >= LAYOUT, LAYOUT - modules
    others = "|".join(g for g in GAMES if g != name)
    imports_another = re.compile(rf"quintet\.games(\.| import )({others})\b")
    for path in sorted((GAMES_DIR / name).glob("*.py")):
        assert not imports_another.search(path.read_text()), f"{path.name} imports another game"
