"""Quick bots (placeholder: random only)."""

from __future__ import annotations

from typing import Final

from quintet.bots.random import RandomBot
from quintet.core import BotFactory

BOTS: Final[dict[str, BotFactory]] = {"random": RandomBot.using()}
