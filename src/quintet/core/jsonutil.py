"""Canonical JSON: one byte string per value, for comparing views and states."""

import copy
import json

from quintet.core.types import JSON


def canonical(value: JSON) -> str:
    """Sorted keys, no spaces: equal values give equal strings."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


#: Values that cannot change, so a copy may share them.
_SCALARS = frozenset({str, int, float, bool, type(None)})


def copy_json(value: JSON) -> JSON:
    """A deep copy of JSON-ready data: what `copy.deepcopy` gives, several times faster.

    Dicts and lists are copied all the way down, numbers, strings and None shared;
    anything else (a tuple holding a list) goes to `copy.deepcopy`.
    """
    kind = type(value)
    if kind is dict:
        scalars = _SCALARS
        for item in value.values():
            if type(item) not in scalars:
                return {key: copy_json(item) for key, item in value.items()}
        return value.copy()
    if kind is list:
        return [copy_json(item) for item in value]
    if kind in _SCALARS:
        return value
    return copy.deepcopy(value)
