"""A game's bot levels as it declares them once: their order, a new seat's level, test bots.

Each game's `bots.py` exports `BOTS`, a `BotLevels`: the levels from the weakest to the
strongest, the level a new bot seat gets (one a newcomer can beat), and the levels that
exist only for tests (kept out of the lobby). The registry, the server's games API, the
lobby and the CLI read all three from here, so no list of levels is kept anywhere else.

>>> def bot(game, seat, seed): ...
>>> levels = BotLevels({"random": bot, "easy": bot, "hard": bot, "perfect": bot},
...                    default="easy", hidden=["perfect"])
>>> levels.shown, levels.default, levels.hidden
(('random', 'easy', 'hard'), 'easy', ('perfect',))
>>> list(levels) == ["random", "easy", "hard", "perfect"]
True
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Final

from quintet.core.bot import BotFactory

#: The shared baseline bot (a uniformly random legal action); never a plain default.
RANDOM: Final = "random"


class BotLevels(Mapping[str, BotFactory]):
    """Bot level -> factory, in the order given (weakest first), with a default and test bots.

    Raises `ValueError` when `default` or a `hidden` level is not a level, or when the
    default is hidden.
    """

    def __init__(
        self,
        factories: Mapping[str, BotFactory],
        *,
        default: str | None = None,
        hidden: Iterable[str] = (),
    ) -> None:
        self._factories = dict(factories)
        hidden_set = set(hidden)
        unknown = sorted(hidden_set - set(self._factories))
        if unknown:
            raise ValueError(f"hidden bot level(s) {', '.join(unknown)} are not levels")
        #: Levels for tests only, in the declared order (not offered in the lobby).
        self.hidden: tuple[str, ...] = tuple(n for n in self._factories if n in hidden_set)
        #: The levels offered to people, weakest first.
        self.shown: tuple[str, ...] = tuple(n for n in self._factories if n not in hidden_set)
        if default is None:
            default = next((n for n in self.shown if n != RANDOM), None)
            default = default or next(iter(self.shown), None)
        elif default not in self._factories:
            raise ValueError(f"the default bot level {default!r} is not a level")
        elif default in hidden_set:
            raise ValueError(f"the default bot level {default!r} is hidden (a test bot)")
        #: The level a new bot seat gets; None only when there are no levels.
        self.default: str | None = default

    @classmethod
    def of(cls, bots: Mapping[str, BotFactory]) -> BotLevels:
        """`bots` itself when it is a `BotLevels`, else its levels in their order, none
        hidden, the first that is not random as the default."""
        return bots if isinstance(bots, BotLevels) else cls(bots)

    def __getitem__(self, level: str) -> BotFactory:
        return self._factories[level]

    def __iter__(self) -> Iterator[str]:
        return iter(self._factories)

    def __len__(self) -> int:
        return len(self._factories)

    def __repr__(self) -> str:
        return f"BotLevels({list(self)!r}, default={self.default!r}, hidden={list(self.hidden)!r})"

    def listing(self) -> str:
        """The levels for a message, weakest first, test bots named apart.

        >>> def bot(game, seat, seed): ...
        >>> BotLevels({"easy": bot, "perfect": bot}, hidden=["perfect"]).listing()
        'easy (for tests also: perfect)'
        """
        shown = ", ".join(self.shown) or "none"
        return f"{shown} (for tests also: {', '.join(self.hidden)})" if self.hidden else shown
