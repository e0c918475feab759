"""Double Quick!'s scoring (RULINGS §2) against an independent reference written here.

The reference reads a crossword as rows of text (upper case a tile, lower case a wild
tile showing that letter, "." an empty cell), finds parts with a union-find and counts,
per tile, the valid words through it: a different route to the same rules.
"""

from __future__ import annotations

import random

import pytest

from quintet.games.double_quick import GAME
from quintet.games.double_quick.components import CODES, cell_of
from quintet.games.double_quick.crossword import score

from .helpers import act, give, new, tick, to_turn

VALUE = {
    **{ch: 1 for ch in "AEIOUDLNRST"},
    **{ch: 5 for ch in "BCFGHMPWYKV"},
    **{ch: 10 for ch in "JQXZ"},
}
WORDS = {"cat", "cow", "cab", "taxi", "at", "ox", "ax", "to", "we", "be", "zoo", "ta", "ab"}


def reference(rows: list[str], words: set[str]) -> int:
    """The score of the rows by the rulebook, computed independently."""
    tiles = {(r, c): ch for r, row in enumerate(rows) for c, ch in enumerate(row) if ch != "."}
    parent = {cell: cell for cell in tiles}

    def find(cell: tuple[int, int]) -> tuple[int, int]:
        while parent[cell] != cell:
            cell = parent[cell]
        return cell

    for r, c in tiles:
        for other in ((r + 1, c), (r, c + 1)):
            if other in tiles:
                parent[find(other)] = find((r, c))
    groups: dict[tuple[int, int], list[tuple[int, int]]] = {}
    for cell in tiles:
        groups.setdefault(find(cell), []).append(cell)
    best: tuple[int, int] = (0, 0)
    for group in groups.values():
        inside = set(group)
        count = dict.fromkeys(inside, 0)
        for dr, dc in ((0, 1), (1, 0)):
            for r, c in inside:
                if (r - dr, c - dc) in inside:
                    continue
                line = [(r, c)]
                while (line[-1][0] + dr, line[-1][1] + dc) in inside:
                    line.append((line[-1][0] + dr, line[-1][1] + dc))
                word = "".join(tiles[x].lower() for x in line)
                if len(line) >= 2 and word in words:
                    for x in line:
                        count[x] += 1
        points = sum((10 if tiles[x].islower() else VALUE[tiles[x]]) * n for x, n in count.items())
        best = max(best, (len(group), points))
    return best[1]


def grid_of(rows: list[str]) -> dict[int, tuple[str, int]]:
    return {
        cell_of(r, c): (ch.lower(), 10 if ch.islower() else VALUE[ch])
        for r, row in enumerate(rows)
        for c, ch in enumerate(row)
        if ch != "."
    }


CASES = {
    # CAT across, COW down: C is in two words, so it counts twice.
    "crossing": (["CAT", "O..", "W.."], 5 * 2 + 1 + 1 + 1 + 5),
    # A wild tile as the C of both words: it carries one letter, and counts double.
    "wild in the crossing": (["cAT", "O..", "W.."], 10 * 2 + 1 + 1 + 1 + 5),
    # Two parts of 3 tiles: CAT (7) and ZOO (12); only the one that scores more counts.
    "two equal parts": (["CAT.ZOO"], 12),
    # CAX is no word: its tiles score only in OX, the valid word down.
    "a non-word": (["CAX", "..O"], 0),
    # TOX down is no word: only CAT scores.
    "a non-word beside a word": (["CAT", "..O", "..X"], 7),
    "a larger part beats a better one": (["TAXI..ZOO"], 1 + 1 + 10 + 1),
    "a lone tile": (["Q"], 0),
}


@pytest.mark.parametrize("name", CASES)
def test_scoring_cases(name: str) -> None:
    rows, expected = CASES[name]
    assert reference(rows, WORDS) == expected
    assert score(grid_of(rows), WORDS.__contains__).points == expected


def test_scoring_agrees_with_the_reference_on_random_crosswords() -> None:
    rng = random.Random(7)
    letters = "CATOWBXIZE"
    for _ in range(400):
        height, width = rng.randint(1, 5), rng.randint(1, 6)
        rows = [
            "".join(
                "." if rng.random() < 0.35 else rng.choice(letters + letters.lower()[:2])
                for _ in range(width)
            )
            for _ in range(height)
        ]
        assert score(grid_of(rows), WORDS.__contains__).points == reference(rows, WORDS), rows


def test_plus_10_for_every_other_player_with_all_22_in_a_valid_crossword() -> None:
    state = new(3)
    to_turn(state, 9)
    words = []
    for seat in (0, 1):
        give(state, seat, [])
        for i, tile in enumerate(state.up[seat]):
            action = {"type": "place", "tile": CODES[tile], "row": 0, "col": i}
            if CODES[tile].startswith("WILD"):
                action["letter"] = "e"
            act(state, seat, action)
        words.append(
            "".join(t["letter"] for t in GAME.view(state, seat)["seats"][seat]["crossword"])
        )
    state.options = state.options.model_copy(update={"extra_words": words})
    events = act(state, 1, {"type": "press"})
    table = {row["seat"]: row for row in events[-1].data["scores"]}
    assert table[1]["bonus"] == 20 and table[0]["bonus"] == 10 and table[2]["bonus"] == 0
    assert table[0]["points"] == 2 * 0 + sum(
        10 if CODES[t].startswith("WILD") else VALUE[CODES[t][0]] for t in state.up[0]
    )


def test_the_buzzer_scores_without_the_ender_bonus() -> None:
    state = new(2, extra_words=["ca"])
    give(state, 0, ["C1", "A1"])
    act(state, 0, {"type": "place", "tile": "C1", "row": 0, "col": 0})
    act(state, 0, {"type": "place", "tile": "A1", "row": 0, "col": 1})
    to_turn(state, 9)
    while not GAME.is_over(state):
        tick(state)
    assert state.scores == [[6, 0]]
    result = GAME.view(state, 1)["seats"][0]["result"]
    assert result["words"] == [{"word": "ca", "row": 0, "col": 0, "across": True}]
