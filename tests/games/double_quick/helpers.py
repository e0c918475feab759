"""Shared helpers of Double Quick!'s tests: rigging a seat's tiles and driving the clock."""

from __future__ import annotations

from typing import Any

from quintet.core import Event, Input, JSONDict
from quintet.games.double_quick import GAME, DoubleQuickState
from quintet.games.double_quick.components import TILE_BY_CODE


def new(players: int = 2, seed: int = 1, **options: Any) -> DoubleQuickState:
    return GAME.new(seed, players, options)


def act(state: DoubleQuickState, seat: int, action: JSONDict, at: int | None = None) -> list[Event]:
    return GAME.apply(state, Input(seat, action, state.now if at is None else at))


def tick(state: DoubleQuickState) -> list[Event]:
    deadline = GAME.next_deadline(state)
    assert deadline is not None
    return GAME.apply(state, Input.tick(deadline))


def to_turn(state: DoubleQuickState, turn: int) -> None:
    """Let the Pacesetter end turns by itself until `turn` begins."""
    while state.turn < turn:
        tick(state)


def _where(state: DoubleQuickState, tile: int) -> tuple[list[int], int]:
    for pile in (*state.up, *state.down, state.out):
        if tile in pile:
            return pile, pile.index(tile)
    raise AssertionError(f"tile {tile} is nowhere")


def give(state: DoubleQuickState, seat: int, codes: list[str]) -> None:
    """Make these the first face-up tiles of `seat`, by swapping each with the tile in its
    place (wherever the wanted one lay), so every tile stays in exactly one place."""
    up = state.up[seat]
    assert len(codes) <= len(up), f"seat {seat} has only {len(up)} face-up tiles"
    for index, code in enumerate(codes):
        tile = TILE_BY_CODE[code]
        pile, at = _where(state, tile)
        old = up[index]
        up[index], pile[at] = tile, old
    for s in range(state.players):
        for tile in (*state.up[s], *state.down[s]):
            state.owner[tile] = s
    for tile in state.out:
        state.owner[tile] = -1


def lay(
    state: DoubleQuickState, seat: int, word: str, row: int, col: int, *, across: bool = True
) -> None:
    """Place face-up tiles of `seat` spelling `word` (its wild tiles fill letters it lacks),
    skipping cells where the seat's crossword already holds the right letter."""
    view = GAME.view(state, seat)["seats"][seat]
    have = {(t["row"], t["col"]): t["letter"] for t in view["crossword"]}
    rack = [t["tile"] for t in view["rack"]]
    for i, letter in enumerate(word):
        r, c = (row, col + i) if across else (row + i, col)
        if have.get((r, c)) == letter:
            continue
        plain = [code for code in rack if code[0].lower() == letter and not code.startswith("W")]
        if letter == "w":
            plain = [code for code in rack if code[0] == "W" and not code.startswith("WILD")]
        if plain:
            code = plain[0]
            act(state, seat, {"type": "place", "tile": code, "row": r, "col": c})
        else:
            code = next(code for code in rack if code.startswith("WILD"))
            act(state, seat, {"type": "place", "tile": code, "row": r, "col": c, "letter": letter})
        rack.remove(code)
