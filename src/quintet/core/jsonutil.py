"""Canonical JSON: one byte string per value, for comparing views and states."""

import json

from quintet.core.types import JSON


def canonical(value: JSON) -> str:
    """Sorted keys, no spaces: equal values give equal strings."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
