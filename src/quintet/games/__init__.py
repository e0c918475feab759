"""The built-in games. Importing this package registers each with its bots."""

from quintet.core import registry
from quintet.games.quashars import GAME as QUASHARS
from quintet.games.quashars.bots import BOTS as QUASHARS_BOTS

registry.register(QUASHARS, QUASHARS_BOTS)
