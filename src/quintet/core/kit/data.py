"""Comparing JSON data: where a value is not plain JSON, where two values differ,
which strings it holds, and whether a state survives its JSON round trip.

The conformance kit's messages name the first difference they find, so a failure
points at a field, not at two dumps to compare by eye.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterator
from typing import Any

from quintet.core.game import Game, State
from quintet.core.jsonutil import canonical


def json_ready_problem(value: Any, path: str = "$") -> str | None:
    """Where `value` is not plain JSON data (None when it is)."""
    if value is None or isinstance(value, str | bool | int):
        return None
    if isinstance(value, float):
        return None if math.isfinite(value) else f"{path} is {value!r}"
    if isinstance(value, list | tuple):
        for i, item in enumerate(value):
            found = json_ready_problem(item, f"{path}[{i}]")
            if found:
                return found
        return None
    if isinstance(value, dict):
        for key, item in value.items():
            if not isinstance(key, str):
                return f"{path} has the non-string key {key!r}"
            found = json_ready_problem(item, f"{path}.{key}")
            if found:
                return found
        return None
    return f"{path} is a {type(value).__name__}"


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 80 else text[:77] + "..."


def first_difference(one: Any, two: Any, path: str = "$") -> str | None:
    """Where two JSON values first differ, as "path: one != two" (None when they are equal).

    >>> first_difference({"hand": ["R1", "Y9"]}, {"hand": ["R1", "G2"]})
    "$.hand[1]: 'Y9' != 'G2'"
    """
    if isinstance(one, dict) and isinstance(two, dict):
        for key in sorted(set(one) | set(two), key=str):
            if key not in one or key not in two:
                return f"{path}.{key} is only on one side"
            found = first_difference(one[key], two[key], f"{path}.{key}")
            if found:
                return found
        return None
    if isinstance(one, list | tuple) and isinstance(two, list | tuple):
        for i, (a, b) in enumerate(zip(one, two, strict=False)):
            found = first_difference(a, b, f"{path}[{i}]")
            if found:
                return found
        if len(one) != len(two):
            return f"{path} has {len(one)} items, not {len(two)}"
        return None
    # `type` too: True == 1 in Python, yet they are different JSON.
    if type(one) is not type(two) or one != two:
        return f"{path}: {_short(one)} != {_short(two)}"
    return None


def json_difference(one: Any, two: Any) -> str | None:
    """`first_difference`, fast when the values are equal (most calls in the kit): their
    canonical texts are compared first, and the walk runs only when they differ."""
    try:
        if canonical(one) == canonical(two):
            return None
    except (TypeError, ValueError):
        pass  # not JSON-ready: the walk says where
    return first_difference(one, two)


def strings_in(value: Any) -> Iterator[str]:
    """Every string leaf and every dict key, at any depth."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from strings_in(key)
            yield from strings_in(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from strings_in(item)


def string_leaks(value: Any, hidden: frozenset[str]) -> list[str]:
    """The hidden card names found as whole strings anywhere in `value`, sorted."""
    return sorted({s for s in strings_in(value) if s in hidden})


def check_round_trip(game: Game[Any, Any], state: State, what: str) -> None:
    """`state_from_json(to_json())` rebuilds the same state; raises AssertionError naming `what`."""
    text = json.dumps(state.to_json(), allow_nan=False)
    try:
        rebuilt = game.state_from_json(json.loads(text))
    except Exception as error:
        raise AssertionError(
            f"{what}: state_from_json(to_json()) raised {type(error).__name__}: {error}"
        ) from error
    # Both sides through JSON text, so a tuple and a list of the same items agree.
    found = json_difference(json.loads(json.dumps(rebuilt.to_json())), json.loads(text))
    if found:
        raise AssertionError(f"{what}: to_json() did not survive a round trip: {found}")
