"""Options (validated, described) and outcomes (scores and ranks)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import Field, ValidationError

from quintet.core import BadOptions, Options, Outcome, registry

NAMES = registry.names()


class Sample(Options):
    size: int = Field(3, ge=1, le=9, description="How many of a thing")
    label: str = Field("plain", description="What to call it")
    fast: bool = Field(False, description="Whether to hurry")


# --------------------------------------------------------------------- options


def test_no_options_means_the_defaults() -> None:
    nothing: list[Any] = [None, {}]
    for given_ in nothing:
        assert Sample.parse(given_) == Sample()
    assert Sample.parse(None).to_json() == {"size": 3, "label": "plain", "fast": False}


def test_parsed_options_are_returned_as_they_are() -> None:
    options = Sample(size=5)
    assert Sample.parse(options) is options


@pytest.mark.parametrize(
    ("data", "named"),
    [
        ({"size": 0}, "size"),
        ({"size": 10}, "size"),
        ({"size": "many"}, "size"),
        ({"size": [3]}, "size"),
        ({"label": 3}, "label"),
        ({"fast": "very"}, "fast"),
        ({"colour": "red"}, "colour"),
        ({"size": 0, "fast": "very"}, "fast"),
        ([1, 2], "options"),
        ("size=3", "options"),
        (7, "options"),
    ],
)
def test_bad_options_are_refused_naming_the_field(data: Any, named: str) -> None:
    with pytest.raises(BadOptions) as refused:
        Sample.parse(data)
    assert named in refused.value.message
    assert refused.value.code == "options/invalid"


def test_options_are_frozen() -> None:
    options = Sample()
    with pytest.raises(ValidationError):
        options.size = 4  # type: ignore[misc]


def test_describe_gives_name_default_and_description() -> None:
    assert Sample.describe() == [
        {"name": "size", "default": 3, "description": "How many of a thing"},
        {"name": "label", "default": "plain", "description": "What to call it"},
        {"name": "fast", "default": False, "description": "Whether to hurry"},
    ]


@pytest.mark.parametrize("name", NAMES)
def test_every_option_of_every_game_is_described(name: str) -> None:
    game = registry.get(name)
    described = game.options_model.describe()
    assert [o["name"] for o in described] == list(game.options_model.model_fields)
    defaults = game.options_model.parse({}).to_json()
    for option in described:
        text = option["description"]
        assert isinstance(text, str) and text.strip(), (
            f"{name}: {option['name']} has no description"
        )
        assert "\n" not in text, f"{name}: the description of {option['name']} is not one line"
        assert option["default"] == defaults[option["name"]], f"{name}: {option['name']}"
    json.dumps(game.describe())  # the lobby sends it as it is


@pytest.mark.parametrize("name", NAMES)
def test_every_game_refuses_bad_options_naming_them(name: str) -> None:
    game = registry.get(name)
    with pytest.raises(BadOptions) as refused:
        game.new(1, game.min_players, {"no_such_option": 1})
    assert "no_such_option" in refused.value.message
    for option in game.options_model.describe():
        # A nested list fits no option of a card game; the message must say which one.
        with pytest.raises(BadOptions) as refused:
            game.options_model.parse({option["name"]: [[[{}]]]})
        assert option["name"] in refused.value.message


@pytest.mark.parametrize("name", NAMES)
def test_every_game_takes_its_defaults_spelled_out(name: str) -> None:
    game = registry.get(name)
    defaults = {o["name"]: o["default"] for o in game.options_model.describe()}
    assert game.options_model.parse(defaults) == game.options_model.parse(None)


# --------------------------------------------------------------------- outcome


def test_ties_share_a_rank_and_the_next_rank_is_skipped() -> None:
    assert Outcome.from_scores([5, 5, 3]).ranks == (1, 1, 3)
    assert Outcome.from_scores([3, 5, 5]).ranks == (3, 1, 1)
    assert Outcome.from_scores([2, 9, 2, 1]).ranks == (2, 1, 2, 4)
    assert Outcome.from_scores([4, 4, 4]).ranks == (1, 1, 1)


def test_lower_scores_can_win() -> None:
    assert Outcome.from_scores([1, 1, 3], higher_wins=False).ranks == (1, 1, 3)
    assert Outcome.from_scores([7, -2, 0], higher_wins=False).ranks == (3, 1, 2)


def test_winners_and_json() -> None:
    outcome = Outcome.from_scores([4, 9, 9, -1])
    assert outcome.scores == (4, 9, 9, -1)
    assert outcome.winners == (1, 2)
    assert outcome.to_json() == {
        "scores": [4, 9, 9, -1],
        "ranks": [3, 1, 1, 4],
        "winners": [1, 2],
    }


@given(scores=st.lists(st.integers(-50, 50), min_size=1, max_size=6), higher=st.booleans())
def test_ranks_are_competition_ranks(scores: list[int], higher: bool) -> None:
    ranks = Outcome.from_scores(scores, higher_wins=higher).ranks
    sign = 1 if higher else -1
    for seat, score in enumerate(scores):
        better = sum(1 for other in scores if sign * other > sign * score)
        assert ranks[seat] == 1 + better
    assert min(ranks) == 1
