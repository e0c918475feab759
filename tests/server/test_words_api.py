"""`POST /api/words/check` over a real server: answers per word (the shipped list, a
table's own words), a strict body with clear refusals, and the rate limit per address."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from tests.server.live import (
    LiveServer,
    create_table,
    live_module_fixture,  # noqa: F401 (the live_module fixture)
    running_server,
)


def check(live: LiveServer, body: Any) -> tuple[int, Any]:
    with live.http() as http:
        response = http.post("/api/words/check", json=body)
    return response.status_code, response.json()


def test_each_word_gets_its_answer_in_order(live_module: LiveServer) -> None:
    status, answer = check(live_module, {"words": ["quit", "tk", "Quite", "xq"]})
    assert status == 200, answer
    assert answer == {"valid": [True, False, True, False]}


def test_a_tables_extra_words_count_and_replace_words_drops_the_shipped_list(
    live_module: LiveServer,
) -> None:
    with live_module.http() as http:
        added = create_table(http, "quiddler", ["human", "easy"], {"extra_words": ["zyxq"]})
        alone = create_table(
            http, "quiddler", ["human", "easy"], {"extra_words": ["ZYXQ"], "replace_words": True}
        )
    assert check(live_module, {"words": ["zyxq", "quit"]})[1] == {"valid": [False, True]}
    assert check(live_module, {"words": ["zyxq", "quit"], "table": added["id"]})[1] == {
        "valid": [True, True]
    }
    assert check(live_module, {"words": ["zyxq", "quit"], "table": alone["id"]})[1] == {
        "valid": [True, False]
    }


@pytest.mark.parametrize(
    ("body", "named"),
    [
        ({}, "words"),
        ({"words": []}, "words"),
        ({"words": ["ok"] * 13}, "words"),
        ({"words": ["ex-wife"]}, "words"),
        ({"words": [""]}, "words"),
        ({"words": ["a" * 23]}, "words"),
        ({"words": [7]}, "words"),
        ({"words": "quit"}, "words"),
        ({"words": ["quit"], "extra": 1}, "extra"),
        ({"words": ["quit"], "table": 5}, "table"),
    ],
)
def test_a_bad_body_is_refused_naming_the_field(
    live_module: LiveServer, body: Any, named: str
) -> None:
    status, answer = check(live_module, body)
    assert status == 422, answer
    assert answer["code"] == "bad_request"
    assert named in answer["detail"]


def test_an_unknown_table_or_another_games_table_is_refused(live_module: LiveServer) -> None:
    status, answer = check(live_module, {"words": ["quit"], "table": "nosuchtable"})
    assert (status, answer["code"]) == (404, "no_table")
    with live_module.http() as http:
        other = create_table(http, "quashars", ["human"] * 3)
    status, answer = check(live_module, {"words": ["quit"], "table": other["id"]})
    assert (status, answer["code"]) == (422, "bad_request")
    assert "quashars" in answer["detail"]


def test_word_checks_are_rate_limited_per_address(db_url: str, tmp_path: Path) -> None:
    # A burst of 3, then one more a thousand minutes later: the 4th is refused.
    env = {"QUINTET_WORDS_PER_MINUTE": "0.001", "QUINTET_WORDS_BURST": "3"}
    with running_server(db_url, tmp_path, env=env) as server, server.http() as http:
        for _ in range(3):
            assert http.post("/api/words/check", json={"words": ["at"]}).status_code == 200
        response = http.post("/api/words/check", json={"words": ["at"]})
        assert response.status_code == 429, response.text
        assert response.json()["code"] == "rate_limited"
        assert "3 word checks at once" in response.json()["detail"]
