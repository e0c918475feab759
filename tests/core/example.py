"""The example game (examples/blotto), loaded as a game that is not installed would be.

`QUINTET_GAMES` names its module and its folder goes on the import path, here for
this process and in `ENV` for a subprocess; `registered` makes the registry find it
for as long as a test needs it, and leaves the registry as it was afterwards.
"""

from __future__ import annotations

import importlib
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from quintet.core import registry

FOLDER = Path(__file__).resolve().parents[2] / "examples" / "blotto"
MODULE = "quintet_blotto"
NAME = "blotto"

if str(FOLDER) not in sys.path:
    sys.path.append(str(FOLDER))

#: The environment of a subprocess that must find the example game.
ENV = {
    **os.environ,
    registry.ENV_VAR: MODULE,
    "PYTHONPATH": os.pathsep.join(filter(None, [str(FOLDER), os.environ.get("PYTHONPATH")])),
}


def load() -> Any:
    """The example game's package (its `GAME`, `BOTS`, `BlottoGame`, `BlottoState`...)."""
    return importlib.import_module(MODULE)


@contextmanager
def registered() -> Iterator[None]:
    """The registry finds the example game (through QUINTET_GAMES) inside the block."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv(registry.ENV_VAR, MODULE)
        patch.setattr(registry, "_ENTRIES", {})
        patch.setattr(registry, "_PENDING", {})
        patch.setattr(registry, "_scanned", False)
        yield
