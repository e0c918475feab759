"""Blotto's bots: only the shared `random` level, which draws from the seat's view."""

from __future__ import annotations

from typing import Final

from quintet.bots.random import RandomBot
from quintet.core import BotFactory, JSONDict, Rng
from quintet_blotto.components import random_split


def random_deploy(view: JSONDict, rng: Rng) -> JSONDict | None:
    """A random split, every one as likely, when the view says this seat may deploy."""
    if not view.get("can_deploy"):
        return None
    return {"type": "deploy", "troops": random_split(view["troops"], len(view["values"]), rng)}


BOTS: Final[dict[str, BotFactory]] = {"random": RandomBot.using(random_deploy)}
