"""The registry finds games through the `quintet.games` entry points and QUINTET_GAMES,
loads each on first use, and names the plugin when one is broken."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from collections.abc import Iterator
from importlib.metadata import EntryPoint
from pathlib import Path

import pytest
from tests.core import example

from quintet.core import BadInput, registry

QUINTET = Path(sys.executable).parent / "quintet"


@pytest.fixture
def fresh(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """An empty registry that scans again, put back as it was after the test."""
    monkeypatch.delenv(registry.ENV_VAR, raising=False)
    monkeypatch.setattr(registry, "_ENTRIES", {})
    monkeypatch.setattr(registry, "_PENDING", {})
    monkeypatch.setattr(registry, "_scanned", False)
    yield


def test_the_built_in_games_come_from_entry_points_and_load_on_first_use(fresh: None) -> None:
    names = registry.names()
    assert {"quashars", "quiclo", "quiddler"} <= set(names)
    assert registry._ENTRIES == {}, "names() must not import the games"
    found = registry.entry("quiclo")
    assert found.module == "quintet.games.quiclo"
    assert found.game.name == "quiclo" and "random" in found.bots
    assert set(registry._ENTRIES) == {"quiclo"}


def test_the_core_imports_no_game_by_name() -> None:
    # Neither an import statement nor a module name handed to a call (importlib).
    core = Path(registry.__file__).parent
    for path in core.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                named = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                named = [node.module or ""]
            elif isinstance(node, ast.Call):
                named = [a.value for a in node.args if isinstance(a, ast.Constant)]
            else:
                continue
            for name in named:
                assert not str(name).startswith("quintet.games."), f"{path}: {name}"


def test_quintet_games_adds_a_module_that_is_not_installed(
    fresh: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert example.NAME not in registry.names()
    registry.reset()
    monkeypatch.setenv(registry.ENV_VAR, f" {example.MODULE} ,")
    assert example.NAME in registry.names()
    found = registry.entry(example.NAME)
    assert found.module == example.MODULE and not found.game.lists_actions


def test_an_unknown_game_names_the_known_ones(fresh: None) -> None:
    with pytest.raises(BadInput, match=r"unknown game 'nope'; the games are: .*quashars"):
        registry.get("nope")


@pytest.mark.parametrize(
    ("module", "message"),
    [
        (
            "no_such_module_anywhere",
            r"'no_such_module_anywhere' named in QUINTET_GAMES could "
            r"not be imported: ModuleNotFoundError",
        ),
        ("json", r"'json' named in QUINTET_GAMES exposes no GAME"),
        ("quintet.games.quiclo.rules", r"'quintet.games.quiclo.rules' .* exposes no BOTS"),
    ],
)
def test_a_broken_module_in_quintet_games_is_named(
    fresh: None, monkeypatch: pytest.MonkeyPatch, module: str, message: str
) -> None:
    monkeypatch.setenv(registry.ENV_VAR, module)
    with pytest.raises(registry.GameNotLoaded, match=message):
        registry.names()


def test_a_broken_entry_point_is_named_when_its_game_is_asked_for(fresh: None) -> None:
    registry.names()
    registry._PENDING["broken"] = EntryPoint("broken", "no_such_pkg.game", registry.GROUP)
    registry._PENDING["alias"] = EntryPoint("alias", "quintet.games.quashars", registry.GROUP)
    assert "broken" in registry.names()
    with pytest.raises(
        registry.GameNotLoaded,
        match=r"the quintet.games entry point 'broken' \(no_such_pkg.game\) could not be imported",
    ):
        registry.get("broken")
    with pytest.raises(registry.GameNotLoaded, match=r"loads a game named 'quashars'"):
        registry.get("alias")
    assert registry.get("quiddler").name == "quiddler"  # the others still load


def test_the_cli_says_which_plugin_is_broken_without_a_traceback() -> None:
    env = {**example.ENV, registry.ENV_VAR: "no_such_module_anywhere"}
    done = subprocess.run(
        [str(QUINTET), "games"], env=env, capture_output=True, text=True, check=False
    )
    assert done.returncode == 2, done.stderr
    assert "no_such_module_anywhere" in done.stderr and "QUINTET_GAMES" in done.stderr
    assert "Traceback" not in done.stderr


def test_the_cli_lists_and_simulates_the_example_game() -> None:
    listed = subprocess.run(
        [str(QUINTET), "games", "--json"], env=example.ENV, capture_output=True, text=True,
        check=True,
    )  # fmt: skip
    facts = {game["name"]: game for game in json.loads(listed.stdout)}
    assert facts[example.NAME]["lists_actions"] is False
    assert facts["quashars"]["lists_actions"] is True
    simulated = subprocess.run(
        [str(QUINTET), "simulate", example.NAME, "--players", "3", "--games", "4", "--json"],
        env=example.ENV, capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert simulated.returncode == 0, simulated.stderr
