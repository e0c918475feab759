"""Type aliases shared by the rules core. Aliases only: no behaviour lives here."""

from typing import Any, TypeAlias

#: A value that `json.dumps` accepts as it is.
JSON: TypeAlias = Any
#: A JSON object, as views, actions and events are.
JSONDict: TypeAlias = dict[str, Any]
#: A seat number, 0 .. players - 1, in clockwise order.
Seat: TypeAlias = int
