"""Quashars scoring (RULINGS §4), on its own so the table tool can use it."""

from __future__ import annotations


def score(game_no: int, predicted: int, flex: bool, met: int) -> int:
    """Points for one player in game `game_no` (1-based).

    Correct without flex (met == predicted): 2 x game. Correct with flex
    (met is predicted or predicted + 1): 1 x game. Otherwise -1 per chip left
    (the flex chip excepted) or per chip taken.

    >>> score(1, 2, False, 2), score(1, 2, True, 3), score(1, 2, False, 0), score(1, 1, False, 3)
    (2, 1, -2, -2)
    """
    if game_no < 1 or predicted < 0 or met < 0:
        raise ValueError("game number must be >= 1; predicted and met must be >= 0")
    if met == predicted and not flex:
        return 2 * game_no
    if flex and predicted <= met <= predicted + 1:
        return game_no
    if met < predicted:
        return met - predicted
    return predicted + int(flex) - met


def chips(predicted: int, flex: bool, met: int) -> tuple[int, bool, int]:
    """The chips in front of a player: (prediction chips left, flex chip left, chips taken).

    Each condition met returns one chip, prediction chips first and the flex
    chip last; once none are left, each further condition takes one.
    """
    returned = min(met, predicted)
    flex_left = flex and met <= predicted
    taken = max(0, met - predicted - int(flex))
    return predicted - returned, flex_left, taken
