"""`check_fields`: unknown fields, then missing ones, then wrong types, each named with its
action; codes plain or under a game's prefix."""

from __future__ import annotations

import pytest

from quintet.core import BadInput
from quintet.core.fields import check_fields

CLAIM = {"stack": int, "operands": list}


def refused(action: dict[str, object], *fragments: str, codes: str | None = None) -> str:
    with pytest.raises(BadInput) as caught:
        check_fields(action, CLAIM, {"order": list, "note": str}, codes=codes)
    for fragment in fragments:
        assert fragment in caught.value.message, (fragment, caught.value.message)
    return caught.value.code


def test_a_well_formed_action_passes() -> None:
    check_fields({"type": "claim", "stack": 0, "operands": [3, 4]}, CLAIM, {"order": list})
    check_fields({"type": "claim", "stack": 0, "operands": [], "order": []}, CLAIM, {"order": list})
    check_fields({"type": "tick"})


def test_an_unknown_field_is_named_with_what_the_action_takes() -> None:
    code = refused(
        {"type": "claim", "stack": 0, "operands": [], "x": 1},
        "unknown field(s) in 'claim': x",
        "it takes 'stack', 'operands' and optionally 'order', 'note'",
    )
    assert code == "input/malformed"
    with pytest.raises(BadInput, match="unknown field\\(s\\) in 'tick': stack; it takes no"):
        check_fields({"type": "tick", "stack": 0})


def test_unknown_fields_come_before_missing_ones() -> None:
    refused({"type": "claim", "x": 1}, "unknown field(s)")


def test_a_missing_field_is_named_in_order() -> None:
    refused({"type": "claim", "operands": []}, "'claim' needs the field 'stack' (a whole number)")
    refused({"type": "claim", "stack": 1}, "'claim' needs the field 'operands' (a list)")


@pytest.mark.parametrize(
    ("action", "fragment"),
    [
        ({"stack": True, "operands": []}, "'stack' in 'claim' must be a whole number, not True"),
        ({"stack": "0", "operands": []}, "'stack' in 'claim' must be a whole number, not '0'"),
        ({"stack": 1.0, "operands": []}, "not 1.0"),
        ({"stack": 0, "operands": "3,4"}, "'operands' in 'claim' must be a list"),
        ({"stack": 0, "operands": [], "note": 5}, "'note' in 'claim' must be a string, not 5"),
    ],
)
def test_a_field_of_the_wrong_type_is_named(action: dict[str, object], fragment: str) -> None:
    refused({"type": "claim", **action}, fragment)


def test_a_game_prefix_gives_each_failure_its_code() -> None:
    assert refused({"type": "claim", "x": 1}, codes="quiclo") == "quiclo/unknown_field"
    assert refused({"type": "claim", "stack": 0}, codes="quiclo") == "quiclo/missing_field"
    bad = {"type": "claim", "stack": "0", "operands": []}
    assert refused(bad, codes="quiclo") == "quiclo/bad_field"


def test_object_takes_anything_and_a_long_value_is_cut() -> None:
    check_fields({"type": "play", "card": None}, {"card": object})
    with pytest.raises(BadInput, match=r"needs the field 'card'$"):
        check_fields({"type": "play"}, {"card": object})
    with pytest.raises(BadInput) as caught:
        check_fields({"type": "play", "card": "x" * 500}, {"card": int})
    assert len(caught.value.message) < 120 and caught.value.message.endswith("...")
