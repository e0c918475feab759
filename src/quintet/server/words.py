"""`POST /api/words/check`: whether a few words are in a Quiddler table's dictionary.

The Quiddler board checks each word a player builds on its rack; the dictionary stays on
the server (issue 13: a request per rack change carries a few dozen bytes, where the
list itself is megabytes; docs/server.md gives the figures). The body is strict: at most
`MAX_WORDS` words of letters a-z (any case), each at most `MAX_LETTERS` long, and
optionally the `table` whose dictionary to use (its `extra_words` and `replace_words`);
without it, the shipped list. Each client address may ask `CHECK_BURST` times at once,
then `CHECK_PER_MINUTE` times a minute (429 `rate_limited` beyond); the environment's
`QUINTET_WORDS_PER_MINUTE` and `QUINTET_WORDS_BURST` change both (0 a minute: no limit).
"""

from __future__ import annotations

import os
from typing import Annotated, Final

from fastapi import Request
from pydantic import BaseModel, ConfigDict, Field, StringConstraints

from quintet.games.quiddler.dictionary import table_words
from quintet.games.quiddler.state import QuiddlerOptions
from quintet.server.errors import ErrorCode, HubError
from quintet.server.limits import RateLimit

#: Words one request may ask about: a rack holds at most 11 cards, so 5 words.
MAX_WORDS: Final = 12
#: Letters a word may have: 11 cards, two letters at most each.
MAX_LETTERS: Final = 22
#: Table ids are short; a longer one is refused before the store is asked.
MAX_TABLE_ID: Final = 64
#: The rate limit per client address: a board asks once per change of its rack.
CHECK_PER_MINUTE: Final = 240.0
CHECK_BURST: Final = 60

Word = Annotated[
    str, StringConstraints(pattern=r"^[A-Za-z]+$", min_length=1, max_length=MAX_LETTERS)
]


class WordCheck(BaseModel):
    """Words to look up, and the table whose dictionary to use (none: the shipped list)."""

    model_config = ConfigDict(extra="forbid", strict=True)

    words: list[Word] = Field(min_length=1, max_length=MAX_WORDS, description="Letters a-z")
    table: str | None = Field(default=None, max_length=MAX_TABLE_ID, description="A table id")


class WordVerdicts(BaseModel):
    """One answer per word asked, in the same order."""

    valid: list[bool] = Field(description="Whether each word is in the dictionary")


def limit_of(request: Request) -> RateLimit | None:
    """The app's word-check limiter, made on first use (one per app); None: no limit.

    Raises ValueError on a setting that is no number (the server then answers 500)."""
    state = request.app.state
    if not hasattr(state, "words_limit"):
        per_minute = float(os.environ.get("QUINTET_WORDS_PER_MINUTE", CHECK_PER_MINUTE))
        burst = int(os.environ.get("QUINTET_WORDS_BURST", CHECK_BURST))
        state.words_limit = RateLimit(per_minute, max(1, burst)) if per_minute > 0 else None
    limit: RateLimit | None = state.words_limit
    return limit


async def check_words(body: WordCheck, request: Request) -> WordVerdicts:
    """Whether each word is in the dictionary (the table's, when `table` is given).

    Raises `HubError` rate_limited (too many checks from this address), no_table, or
    bad_request (the table plays another game)."""
    client = request.client.host if request.client is not None else "unknown"
    limit = limit_of(request)
    if limit is not None and not limit.take(client):
        raise HubError(
            ErrorCode.RATE_LIMITED,
            f"at most {limit.burst:g} word checks at once and {limit.rate * 60:g} a minute"
            " from one address; try again later",
        )
    extra: tuple[str, ...] = ()
    replace = False
    if body.table is not None:
        row = await request.app.state.hub.row(body.table)
        if row.game != "quiddler":
            raise HubError(
                ErrorCode.BAD_REQUEST,
                f"table: the table plays {row.game}, and only Quiddler tables have words",
            )
        # The stored options passed the game's checks; reading them again lowercases words.
        options = QuiddlerOptions.model_validate(row.options)
        extra = tuple(options.extra_words)
        replace = options.replace_words
    dictionary = table_words(extra, replace)
    return WordVerdicts(valid=[dictionary.is_word([w.lower()]) for w in body.words])
