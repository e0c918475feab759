"""One clone and one JSON form for every game's state, from a declaration of its fields.

A state class lists its slots once, in `FIELDS`, each with a `Field` saying how a clone
copies it and how it is written to and read from JSON; `SerialState` builds the rest:

>>> from quintet.core.serial import INT, INTS, SerialState
>>> FIELDS = {"score": INT, "hand": INTS}
>>> class Table(SerialState):
...     __slots__ = tuple(FIELDS)
...     FIELDS = FIELDS
>>> table = Table(2)
>>> table.score, table.hand = 7, [3, 4]
>>> copy = table.clone()
>>> copy.hand.append(5)
>>> table.to_json()
{'players': 2, 'now': 0, 'score': 7, 'hand': [3, 4]}
>>> Table.from_json(table.to_json()).hand
[3, 4]

Search bots clone a state thousands of times per decision, so `clone` is compiled for each
class into the straight-line function one would write by hand (one assignment per slot,
as `dataclasses` does for `__init__`); the `quashars_clone` benchmark measures it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Final, Literal, Self

from quintet.core.game import State
from quintet.core.options import Options
from quintet.core.rng import Rng
from quintet.core.types import JSONDict

#: How a clone copies a slot: shares it (an immutable value), copies the list, copies the
#: list and each list in it, or calls the value's own `copy()` (the `Rng`).
Copy = Literal["share", "list", "lists", "copy"]

_COPY_CODE: Final[Mapping[str, str]] = {
    "share": "self.{0}",
    "list": "self.{0}[:]",
    "lists": "[inner[:] for inner in self.{0}]",
    "copy": "self.{0}.copy()",
}


def _same(value: Any) -> Any:
    return value


@dataclass(frozen=True, slots=True)
class Field:
    """How one slot is cloned (`copy`), written to JSON (`dump`) and read back (`load`);
    `key` is its JSON name when that is not the slot's."""

    copy: Copy = "share"
    dump: Callable[[Any], Any] = _same
    load: Callable[[Any], Any] = _same
    key: str | None = None

    def named(self, key: str) -> Field:
        """The same field under another JSON name."""
        return Field(self.copy, self.dump, self.load, key)


def _optional(read: Callable[[Any], Any]) -> Callable[[Any], Any]:
    def load(value: Any) -> Any:
        return None if value is None else read(value)

    return load


INT: Final = Field(load=int)
BOOL: Final = Field(load=bool)
OPTIONAL_INT: Final = Field(load=_optional(int))
OPTIONAL_STR: Final = Field(load=_optional(str))
INTS: Final = Field("list", list, lambda value: [int(x) for x in value])
BOOLS: Final = Field("list", list, lambda value: [bool(x) for x in value])
OPTIONAL_INTS: Final = Field("list", list, lambda value: [_optional(int)(x) for x in value])
INT_LISTS: Final = Field(
    "lists",
    lambda value: [inner[:] for inner in value],
    lambda value: [[int(x) for x in inner] for inner in value],
)
RNG: Final = Field("copy", lambda rng: rng.state, lambda value: Rng(int(value)))


def names(table: tuple[str, ...]) -> Field:
    """A small int written as its name in `table` (a phase: 0 is "predict")."""
    return Field(dump=table.__getitem__, load=table.index)


def options(model: type[Options]) -> Field:
    """A game's options, shared by clones (they are frozen)."""
    return Field(dump=lambda value: value.to_json(), load=model.parse)


class SerialState(State):
    """A `State` whose `clone`, `to_json` and `from_json` come from its `FIELDS`.

    `FIELDS` names every slot the class adds to `State`'s `players` and `now`, in the
    order `to_json` writes them; a class whose slots and `FIELDS` differ is refused
    when it is defined (`TypeError`).
    """

    __slots__ = ()

    FIELDS: ClassVar[Mapping[str, Field]] = {}
    _LOADS: ClassVar[tuple[tuple[str, str, Callable[[Any], Any]], ...]] = ()
    _DUMPS: ClassVar[tuple[tuple[str, str, Callable[[Any], Any]], ...]] = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        fields = cls.FIELDS
        slots = [
            slot
            for klass in reversed(cls.__mro__)
            if klass not in (State, SerialState)
            for slot in klass.__dict__.get("__slots__", ())
        ]
        if sorted(slots) != sorted(fields):
            raise TypeError(
                f"{cls.__name__}: FIELDS must declare every slot; "
                f"slots without a field: {sorted(set(slots) - set(fields))}, "
                f"fields without a slot: {sorted(set(fields) - set(slots))}"
            )
        every = [("players", INT), ("now", INT), *fields.items()]
        cls._DUMPS = tuple((f.key or name, name, f.dump) for name, f in every)
        cls._LOADS = tuple((f.key or name, name, f.load) for name, f in every)
        cls.clone = _compile_clone(cls, fields)  # type: ignore[method-assign]

    def clone(self) -> Self:
        """An independent copy (compiled for each class from its `FIELDS`)."""
        raise NotImplementedError  # pragma: no cover - replaced in every subclass

    def to_json(self) -> JSONDict:
        return {key: dump(getattr(self, name)) for key, name, dump in self._DUMPS}

    @classmethod
    def from_json(cls, data: JSONDict) -> Self:
        """Rebuild a state from `to_json()`; raises `KeyError`/`ValueError` for other data."""
        state = cls.__new__(cls)
        for key, name, load in cls._LOADS:
            setattr(state, name, load(data[key]))
        return state


def _compile_clone(cls: type[SerialState], fields: Mapping[str, Field]) -> Callable[..., Any]:
    lines = [
        "def clone(self):",
        "    other = _new(_cls)",
        "    other.players = self.players",
        "    other.now = self.now",
    ]
    lines += [f"    other.{name} = {_COPY_CODE[f.copy].format(name)}" for name, f in fields.items()]
    lines.append("    return other")
    namespace: dict[str, Any] = {"_new": cls.__new__, "_cls": cls}
    exec("\n".join(lines), namespace)
    clone: Callable[..., Any] = namespace["clone"]
    clone.__qualname__ = f"{cls.__qualname__}.clone"
    clone.__doc__ = SerialState.clone.__doc__
    return clone
