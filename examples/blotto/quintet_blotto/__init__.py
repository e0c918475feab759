"""Colonel Blotto, the example game: what Quintet's registry loads (`GAME` and `BOTS`)."""

from quintet_blotto.bots import BOTS
from quintet_blotto.rules import GAME, BlottoGame
from quintet_blotto.state import BlottoOptions, BlottoState

__all__ = ["BOTS", "GAME", "BlottoGame", "BlottoOptions", "BlottoState"]
