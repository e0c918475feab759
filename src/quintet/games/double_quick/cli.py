"""Double Quick!'s command-line verbs: the solver and the referee, as tools for a real table.

- `quintet double-quick solve --tiles "AEEIRSTTNDLOMBC*"`: a crossword of every tile
  (`*` a wild tile), the first complete one found and then the best-scoring one found
  in `--seconds` (default 0.2).
- `quintet double-quick score --grid "CAT/O../W.."`: the score by RULINGS §2, the words
  and the runs that are not words; `/` separates rows, `.` is an empty cell, lower case
  marks a wild tile.

Both print plain lines, or one JSON object with `--json`. A mistake in the arguments
exits 2 with a message naming the argument, never a traceback.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Annotated, Final

import typer

from quintet.games.double_quick.components import LETTER, WILD, cell_of
from quintet.games.double_quick.crossword import problems, runs, score
from quintet.games.double_quick.solver import LETTER_POINTS, parse_tiles, solve
from quintet.words import default_words

GAME_NAME: Final = "double-quick"
#: How many tiles of each letter the bag holds ("*" the wild tiles).
BAG: Final = Counter(LETTER)

app = typer.Typer(
    name=GAME_NAME,
    help="Double Quick! tools for a real table: the crossword solver and the referee.",
    no_args_is_help=True,
    add_completion=False,
)


@app.callback()
def _double_quick() -> None:
    """Double Quick! tools for a real table: the crossword solver and the referee."""


def _check_bag(letters: list[str], option: str) -> None:
    for letter, count in sorted(Counter(letters).items()):
        if count > BAG[letter]:
            name = "wild tiles (*)" if letter == WILD else f"{letter.upper()} tiles"
            raise typer.BadParameter(
                f"{count} {name} given, but the bag holds only {BAG[letter]}",
                param_hint=option,
            )


@app.command("solve")
def solve_command(
    tiles: Annotated[
        str,
        typer.Option(
            "--tiles",
            help='The tiles, e.g. "AEEIRSTTNDLOMBC*": letters A-Z, * for a wild tile.',
            show_default=False,
        ),
    ],
    seconds: Annotated[
        float,
        typer.Option("--seconds", min=0.001, max=600.0, help="Time to search for a higher score."),
    ] = 0.2,
    as_json: Annotated[
        bool,
        typer.Option(
            "--json",
            help='Print only {"complete", "tiles_used", "score", "grid", "words"}.',
        ),
    ] = False,
) -> None:
    """A crossword of all the tiles: the first complete one found, then the best score
    found in the time left; without a complete one, the one that scores most."""
    try:
        hand = parse_tiles(tiles)
    except ValueError as error:
        raise typer.BadParameter(str(error), param_hint="--tiles") from None
    _check_bag(hand, "--tiles")
    found = solve(hand, seconds)
    if as_json:
        typer.echo(json.dumps(found.to_json()))
        return
    for row in found.grid:
        typer.echo(row)
    state = "complete" if found.complete else "not complete"
    typer.echo(f"{state}: {found.tiles_used} of {len(hand)} tiles, {found.score} points")
    typer.echo("words: " + ", ".join(found.words))


def _grid(text: str) -> dict[int, tuple[str, int]]:
    rows = text.strip().split("/")
    grid: dict[int, tuple[str, int]] = {}
    for r, row in enumerate(rows):
        for c, ch in enumerate(row.strip()):
            if ch == ".":
                continue
            if not (ch.isascii() and ch.isalpha()):
                raise typer.BadParameter(
                    f"row {r + 1} holds {ch!r}: use letters (lower case for a wild tile), "
                    "'.' for an empty cell and '/' between rows",
                    param_hint="--grid",
                )
            points = LETTER_POINTS[WILD] if ch.islower() else LETTER_POINTS[ch.lower()]
            grid[cell_of(r, c)] = (ch.lower(), points)
    if not grid:
        raise typer.BadParameter("the grid holds no tile", param_hint="--grid")
    letters = [WILD if ch.islower() else ch.lower() for ch in text if ch.isalpha()]
    _check_bag(letters, "--grid")
    return grid


@app.command("score")
def score_command(
    grid: Annotated[
        str,
        typer.Option(
            "--grid",
            help='The crossword, e.g. "CAT/O../W..": / between rows, . an empty cell, '
            "lower case a wild tile.",
            show_default=False,
        ),
    ],
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
) -> None:
    """The referee: a crossword's score by the rules, its words and its non-words."""
    cells = _grid(grid)
    words = default_words()
    scored = score(cells, words.__contains__)
    found = problems(cells, words.__contains__)
    every = runs(cells)
    result = {
        "score": scored.points,
        "tiles": len(cells),
        "tiles_counted": scored.tiles,
        "valid": not found,
        "words": [run.word.upper() for run in every if run.word in words],
        "non_words": [run.word.upper() for run in every if run.word not in words],
        "doubled": len(scored.doubled),
        "problems": found,
    }
    if as_json:
        typer.echo(json.dumps(result))
        return
    typer.echo(f"score: {scored.points} points ({scored.tiles} of {len(cells)} tiles counted)")
    typer.echo(
        "words: " + (", ".join(run.word.upper() for run in every if run.word in words) or "none")
    )
    typer.echo(
        "not words: "
        + (", ".join(run.word.upper() for run in every if run.word not in words) or "none")
    )
    typer.echo("valid crossword" if not found else "not valid: " + "; ".join(found))
