"""The crossword solver and the referee CLI (`quintet double-quick solve|score`)."""

from __future__ import annotations

import itertools
import json
from collections import Counter
from types import SimpleNamespace

import pytest
from typer.testing import CliRunner

from quintet.games.double_quick import solver
from quintet.games.double_quick.cli import app
from quintet.games.double_quick.components import LETTER, cell_of
from quintet.games.double_quick.crossword import problems, score
from quintet.games.double_quick.solver import LETTER_POINTS, parse_tiles, solve
from quintet.words import default_words

from .helpers import new

RUNNER = CliRunner()


def _cells(rows: list[str]) -> dict[int, tuple[str, int]]:
    return {
        cell_of(r, c): (ch.lower(), LETTER_POINTS["*" if ch.islower() else ch.lower()])
        for r, row in enumerate(rows)
        for c, ch in enumerate(row)
        if ch != "."
    }


def _tiles_in(rows: list[str]) -> Counter[str]:
    return Counter("*" if ch.islower() else ch.lower() for row in rows for ch in row if ch != ".")


@pytest.mark.parametrize("seed", range(6))
def test_the_solver_lays_a_dealt_hand_in_one_valid_crossword(seed: int) -> None:
    state = new(2, seed)
    hand = [LETTER[t] for t in state.up[0] + state.down[0]]
    found = solve(hand, 2.0, until_complete=True)
    assert found.complete and found.tiles_used == 22
    assert _tiles_in(found.grid) == Counter(hand)
    words = default_words()
    assert problems(_cells(found.grid), words.__contains__) == []
    assert found.score == score(_cells(found.grid), words.__contains__).points
    assert sorted(found.words) == found.words and found.words


def test_without_a_complete_crossword_it_returns_the_best_it_built() -> None:
    found = solve(parse_tiles("QXZJCAT"), 0.3)
    assert not found.complete
    assert _tiles_in(found.grid) <= Counter("qxzjcat")
    assert found.tiles_used == sum(_tiles_in(found.grid).values()) >= 3
    assert problems(_cells(found.grid), default_words().__contains__) == []


def test_parse_tiles_refuses_what_is_no_tile() -> None:
    assert parse_tiles("ab*C") == ["a", "b", "*", "c"]
    with pytest.raises(ValueError, match="'1' is no tile"):
        parse_tiles("AB1")


def test_solve_cli_prints_the_json_the_issue_names() -> None:
    done = RUNNER.invoke(app, ["solve", "--tiles", "AEEIRSTTNDLOMBC*", "--json"])
    assert done.exit_code == 0, done.output
    found = json.loads(done.output)
    assert set(found) == {"complete", "tiles_used", "score", "grid", "words"}
    assert found["complete"] and found["tiles_used"] == 16
    assert _tiles_in(found["grid"]) == Counter(parse_tiles("AEEIRSTTNDLOMBC*"))


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["solve", "--tiles", "QQ"], "2 Q tiles given, but the bag holds only 1"),
        (["solve", "--tiles", "A#"], "'#' is no tile"),
        (["score", "--grid", "C1T"], "row 1 holds '1'"),
        (["score", "--grid", "..."], "the grid holds no tile"),
        (["score", "--grid", "abc"], "3 wild tiles (*) given"),
    ],
)
def test_bad_arguments_exit_2_naming_them(args: list[str], message: str) -> None:
    done = RUNNER.invoke(app, args)
    assert done.exit_code == 2
    assert message in " ".join(done.output.replace("│", " ").split())


def test_score_cli_is_the_referee() -> None:
    done = RUNNER.invoke(app, ["score", "--grid", "CAT/O../W..", "--json"])
    assert done.exit_code == 0, done.output
    result = json.loads(done.output)
    assert result["score"] == 5 * 2 + 1 + 1 + 1 + 5
    assert result["words"] == ["CAT", "COW"] and result["valid"]
    done = RUNNER.invoke(app, ["score", "--grid", "cAT/O../W....QX"])
    assert "score: 28 points (5 of 7 tiles counted)" in done.output
    assert "not words: QX" in done.output
    assert "not valid: the tiles are not connected" in done.output


def test_the_benchmark_deals_real_hands_and_checks_every_crossword() -> None:
    import sys
    from pathlib import Path

    root = str(Path(__file__).resolve().parents[3])
    if root not in sys.path:
        sys.path.insert(0, root)
    from bench import double_quick_solver

    hands = double_quick_solver.dealt_hands(5, seed=1)
    assert all(len(hand) == 22 for hand in hands)
    assert Counter(hands[0] + hands[1] + hands[2] + hands[3]) == Counter(LETTER)
    line = double_quick_solver.measure(2, seed=1, score_hands=1)
    assert line["benchmark"] == "double_quick_solver" and line["hands"] == 2
    assert 0 <= line["complete_share"] <= 1 and line["score_hands"] == 1
    assert line["first_max_ms"] >= line["first_median_ms"] > 0
    bad = double_quick_solver.Solution(True, 2, 2, ["AB"], ["AB"])
    with pytest.raises(AssertionError, match="does not hold the hand"):
        double_quick_solver.check(["a", "c"], bad)


def test_without_a_time_limit_the_steps_end_the_search_and_the_clock_is_not_asked(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    hand = parse_tiles("AEEIRSTTNDLOMBCQ")
    calm = solve(hand, None, max_nodes=300)
    ticks = itertools.count()
    monkeypatch.setattr(solver, "time", SimpleNamespace(perf_counter=lambda: 1e6 * next(ticks)))
    loaded = solve(hand, None, max_nodes=300)
    assert next(ticks) > 0
    assert (loaded.grid, loaded.score, loaded.nodes) == (calm.grid, calm.score, calm.nodes)
    # With a time limit the same clock ends the search at once: the limit is real.
    assert solve(hand, 5.0, max_nodes=300).nodes < calm.nodes


def test_a_solve_without_a_time_limit_needs_a_step_budget() -> None:
    with pytest.raises(ValueError, match="needs max_nodes"):
        solve(parse_tiles("CAT"), None)
