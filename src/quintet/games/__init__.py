"""The built-in games. Importing this package registers each with its bots."""

from quintet.core import registry
from quintet.games.quashars import GAME as QUASHARS
from quintet.games.quashars.bots import BOTS as QUASHARS_BOTS
from quintet.games.quiclo import GAME as QUICLO
from quintet.games.quiclo.bots import BOTS as QUICLO_BOTS
from quintet.games.quiddler import GAME as QUIDDLER
from quintet.games.quiddler.bots import BOTS as QUIDDLER_BOTS

registry.register(QUASHARS, QUASHARS_BOTS)
registry.register(QUICLO, QUICLO_BOTS)
registry.register(QUIDDLER, QUIDDLER_BOTS)
