"""The options model every game extends: validated, frozen, each with a default
and a one-line description (the lobby and `quintet games` show both)."""

from __future__ import annotations

from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError
from pydantic_core import to_jsonable_python

from quintet.core.errors import BadOptions
from quintet.core.types import JSONDict

OptionsT = TypeVar("OptionsT", bound="Options")

#: `json_schema_extra` of an option whose value is a seat (from 0): the lobby offers the
#: seats as people see them, numbered from 1.
SEAT_OPTION: JSONDict = {"seat": True}


class Options(BaseModel):
    """Base of every game's options. Subclasses declare fields with
    `Field(default, description="one line")`."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    @classmethod
    def parse(cls: type[OptionsT], data: Any) -> OptionsT:
        """Validate JSON-ready data; raises `BadOptions` naming the field and the rule."""
        if data is None:
            data = {}
        if isinstance(data, cls):
            return data
        try:
            return cls.model_validate(data)
        except ValidationError as error:
            problems = "; ".join(
                f"{'.'.join(str(p) for p in e['loc']) or 'options'}: {e['msg']}"
                for e in error.errors()
            )
            raise BadOptions(f"invalid options: {problems}") from None

    def to_json(self) -> JSONDict:
        return self.model_dump(mode="json")

    @classmethod
    def describe(cls) -> list[JSONDict]:
        """Each option's name, default and one-line description."""
        described = []
        for name, info in cls.model_fields.items():
            # As JSON, like `to_json`: a tuple default is a list on the wire and in the lobby.
            default = to_jsonable_python(info.get_default(call_default_factory=True))
            described.append(
                {"name": name, "default": default, "description": info.description or ""}
            )
        return described
