"""The one check of an action's fields: which it needs, which it may have, and their types.

Every game reads its actions from JSON that may come straight from a network, so each
first checks the fields' shape with `check_fields`, then their meaning (a card that is
not in the hand) with its own rules.

>>> check_fields({"type": "predict", "chips": "3"}, {"chips": int}, {"flex": bool})
Traceback (most recent call last):
...
quintet.core.errors.BadInput: 'chips' in 'predict' must be a whole number, not '3'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from quintet.core.errors import BadInput
from quintet.core.types import JSONDict

#: What a field may hold, by the Python type its JSON is read as; `object` takes anything
#: (the game checks it itself, with its own message and code).
_KINDS: Final[Mapping[type, str]] = {
    int: "a whole number",
    bool: "true or false",
    str: "a string",
    list: "a list",
    dict: "a JSON object",
}

_NONE: Final[Mapping[str, type]] = {}


def _fits(value: object, kind: type) -> bool:
    # JSON true and false are Python bools, which are also ints: a whole number is never one.
    if kind is int:
        return type(value) is int
    return isinstance(value, kind)


def _listed(names: list[str]) -> str:
    return ", ".join(repr(name) for name in names) or "no fields"


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def check_fields(
    action: JSONDict,
    required: Mapping[str, type] = _NONE,
    optional: Mapping[str, type] = _NONE,
    *,
    codes: str | None = None,
) -> None:
    """Check an action's fields besides "type": no field outside `required` and `optional`,
    every `required` field present, and every field present of its type (`int`, `bool`,
    `str`, `list`, `dict`, or `object` for anything).

    Raises `BadInput` naming the action and the field, checked in that order (unknown,
    missing, wrong type; fields in the order given). Its code is "input/malformed", or with
    `codes="quiclo"` "quiclo/unknown_field", "quiclo/missing_field" and
    "quiclo/bad_field".
    """
    # The usual case first, in one pass: every field known and of its type, none missing.
    for field, value in action.items():
        if field != "type":
            wanted = required.get(field) or optional.get(field)
            if wanted is None or not _fits(value, wanted):
                break
    else:
        if all(field in action for field in required):
            return
    kind = action.get("type")
    unknown = [str(f) for f in action if f != "type" and f not in required and f not in optional]
    if unknown:
        takes = _listed(list(required))
        if optional:
            takes += f" and optionally {_listed(list(optional))}"
        raise BadInput(
            f"unknown field(s) in {kind!r}: {', '.join(sorted(unknown))}; it takes {takes}",
            None if codes is None else f"{codes}/unknown_field",
        )
    for field in required:
        if field not in action:
            wanted = required[field]
            raise BadInput(
                f"{kind!r} needs the field {field!r}"
                + ("" if wanted is object else f" ({_KINDS[wanted]})"),
                None if codes is None else f"{codes}/missing_field",
            )
    for fields in (required, optional):
        for field, wanted in fields.items():
            if field in action and not _fits(action[field], wanted):
                raise BadInput(
                    f"{field!r} in {kind!r} must be {_KINDS[wanted]}, not {_short(action[field])}",
                    None if codes is None else f"{codes}/bad_field",
                )
