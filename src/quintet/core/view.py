"""Views on demand: a seat's view built part by part as a bot reads it.

A bot asked for a plan reads a few parts of its view (the random bot only `legal`),
yet a full JSON view costs more than the rules' own step. `Game.lazy_view` hands a
bot a `LazyView` instead: a `dict` whose parts are built the first time they are
read, each by the game's builder for it (`Game.view_parts`); a game that gives no
builders hands out its plain `_view`. Read completely, a lazy
view equals `Game.view(state, viewer)`, key order included; the server still sends
the plain JSON view.

A lazy view reads the live state, so it is valid only until the state changes. The
host that made it checks, once the bot has answered, whether the bot kept it (a weak
reference still alive) and then calls `fill`: the view is built completely from the
state it was made for, and stays a plain snapshot (`quintet.sim.engine`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any

from quintet.core.types import JSONDict
from quintet.core.viewer import Viewer

#: Builds one part of a view: (state, viewer) -> JSON-ready data, fresh each call
#: (never an object the state keeps, since the bot may change what it is given).
ViewPart = Callable[[Any, Viewer], Any]

_MISSING: Any = object()


class LazyView(dict[str, Any]):
    """A view whose parts are built when first read; a `dict` to its readers.

    `view["x"]`, `view.get("x")` and `"x" in view` build only what they need; anything
    that sees the whole view (iterating, `len`, `==`, `copy`, JSON encoding, any change)
    builds it completely first. Raises `KeyError` as a dict does for a part the view
    does not have.
    """

    __slots__ = ("__weakref__", "_parts", "_state", "_viewer")

    def __init__(self, state: Any, viewer: Viewer, parts: Mapping[str, ViewPart]) -> None:
        # No `dict.__init__`: the dict is empty as made, and this runs for every decision.
        self._state = state
        self._viewer = viewer
        #: None once every part is built.
        self._parts: Mapping[str, ViewPart] | None = parts
        # The first part is built at once: C code that reads a dict's size directly (the
        # JSON encoder: an empty dict is written "{}" without asking for its items) must
        # never see an empty dict. It is the view's first key, cheap in every game.
        for key, part in parts.items():
            self[key] = part(state, viewer)
            break

    # ------------------------------------------------------------ reading one part

    def __missing__(self, key: str) -> Any:
        parts = self._parts
        part = None if parts is None else parts.get(key)
        if part is None:
            raise KeyError(key)
        value = self[key] = part(self._state, self._viewer)
        return value

    def get(self, key: str, default: Any = None) -> Any:
        value = dict.get(self, key, _MISSING)
        if value is not _MISSING:
            return value
        parts = self._parts
        part = None if parts is None else parts.get(key)
        if part is None:
            return default
        value = self[key] = part(self._state, self._viewer)
        return value

    def __contains__(self, key: object) -> bool:
        if dict.__contains__(self, key):
            return True
        parts = self._parts
        return parts is not None and key in parts

    # ------------------------------------------------------------- the whole view

    def fill(self) -> None:
        """Build every part not built yet, in the view's own key order."""
        parts = self._parts
        if parts is None:
            return
        state, viewer = self._state, self._viewer
        built = dict(dict.items(self))
        dict.clear(self)
        for key, part in parts.items():
            value = built.get(key, _MISSING)
            self[key] = part(state, viewer) if value is _MISSING else value
        # Parts the reader added are kept, after the view's own.
        for key, value in built.items():
            if key not in parts:
                self[key] = value
        self._parts = self._state = None

    def __iter__(self) -> Iterator[str]:
        self.fill()
        return dict.__iter__(self)

    def __len__(self) -> int:
        self.fill()
        return dict.__len__(self)

    def __repr__(self) -> str:
        self.fill()
        return dict.__repr__(self)

    def __eq__(self, other: object) -> bool:
        self.fill()
        if isinstance(other, LazyView):
            other.fill()
        return dict.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        return not self == other

    __hash__ = None

    def keys(self) -> Any:
        self.fill()
        return dict.keys(self)

    def values(self) -> Any:
        self.fill()
        return dict.values(self)

    def items(self) -> Any:
        self.fill()
        return dict.items(self)

    def copy(self) -> JSONDict:
        """A plain dict of the whole view."""
        self.fill()
        return dict(dict.items(self))

    def __copy__(self) -> JSONDict:
        return self.copy()

    def __deepcopy__(self, memo: dict[int, Any]) -> JSONDict:
        import copy

        return copy.deepcopy(self.copy(), memo)

    def __reduce__(self) -> tuple[Any, ...]:
        return dict, (self.copy(),)

    def __or__(self, other: Any) -> Any:
        return self.copy() | other

    def __ror__(self, other: Any) -> Any:
        return other | self.copy()

    # ------------------------------------------------------------------- changes
    # Setting a key is a dict's own (a value set before a part is built wins over it);
    # anything else that changes the view builds it completely first.

    def __delitem__(self, key: str) -> None:
        self.fill()
        dict.__delitem__(self, key)

    def pop(self, key: str, *default: Any) -> Any:
        self.fill()
        return dict.pop(self, key, *default)

    def popitem(self) -> tuple[str, Any]:
        self.fill()
        return dict.popitem(self)

    def setdefault(self, key: str, default: Any = None) -> Any:
        self.fill()
        return dict.setdefault(self, key, default)

    def update(self, *args: Any, **kwargs: Any) -> None:
        self.fill()
        dict.update(self, *args, **kwargs)

    def clear(self) -> None:
        self.fill()
        dict.clear(self)
