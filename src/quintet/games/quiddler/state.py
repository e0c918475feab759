"""Quiddler's options and state (RULINGS §5): the whole table, its clone and its JSON, and
the table's dictionary.

Cards are their names ("qu", "e"): cards of one name are interchangeable, so a hand is a
sorted list of names (a multiset). Piles are lists whose last item is the top. The state
changes only through `fast` (unchecked) and `rules.QuiddlerGame.apply` (checked).
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any, Final, Literal

from pydantic import Field as OptionField
from pydantic import field_validator, model_validator

from quintet.core import JSONDict, Options, Rng
from quintet.core.options import SEAT_OPTION
from quintet.core.serial import BOOL, BOOLS, INT, OPTIONAL_INT, RNG, Field, SerialState, names
from quintet.games.quiddler.dictionary import TableWords, table_words
from quintet.games.quiddler.scoring import Challenge, RoundScore, Word
from quintet.words.wordlist import word_problem

PLAY, CHALLENGE, SCORED, OVER = 0, 1, 2, 3
PHASES: Final = ("play", "challenge", "scored", "over")
#: The steps of a turn: draw, then discard (or go out); in a last turn, draw, then lay down.
DRAW, DISCARD, LAY_DOWN = 0, 1, 2
STEPS: Final = ("draw", "discard", "lay_down")
ACTIONS: Final = ("draw", "discard", "go_out", "lay_down", "challenge", "accept")
SOURCES: Final = ("deck", "discard")
#: The most turns a round may last (all seats together) before the last call, whatever the
#: options: the safeguard that ends every game, since the rulebook reshuffles as often as
#: needed and players may take from the discard pile for ever. A real round needs a few
#: turns a seat; with the old default of 2 reshuffles a round could last at most about 345
#: turns drawing from the deck, so no game played under it reaches this.
ROUND_TURN_LIMIT: Final = 1000


class QuiddlerOptions(Options):
    first_dealer: int | None = OptionField(
        None,
        ge=0,
        le=7,  # a seat of at most 8 players (`rules.MAX_PLAYERS`); checked against the count
        description="Seat that deals round 1; unset draws it from the seed",
        json_schema_extra=SEAT_OPTION,
    )
    two_player_bonus: Literal["longest", "most"] = OptionField(
        "longest",
        description="With 2 players only one bonus is played: longest word or most words",
    )
    challenge: bool = OptionField(
        False,
        description="Challenge mode: words are not checked unless another player challenges them",
    )
    challenge_ms: int = OptionField(
        10_000,
        ge=1,
        le=600_000,
        description="Challenge mode: how long each other player may challenge a lay-down (ms)",
    )
    reshuffles: int | None = OptionField(
        None,
        ge=0,
        le=1000,
        description=(
            "How often the discard pile may become a new draw pile in one round; when the "
            "draw pile runs out after that, everyone takes a last turn (unset: as often as "
            "needed, as in the rulebook; a round still ends after 1000 turns)"
        ),
    )
    pause_ms: int = OptionField(
        5000,
        ge=0,
        le=600_000,
        description="Pause after each round's scoring before the next deal (ms; 0 deals at once)",
    )
    # A list, not a tuple, so that its described default is the JSON it is sent as ([]).
    extra_words: list[str] = OptionField(
        default_factory=list,
        description="Words added to the dictionary for this table (letters a-z, 2 or more)",
    )
    replace_words: bool = OptionField(
        False, description="Play with extra_words alone instead of the shipped word list"
    )

    @field_validator("extra_words")
    @classmethod
    def _words_are_words(cls, value: list[str]) -> list[str]:
        lowered = [word.lower() for word in value]
        for raw, word in zip(value, lowered, strict=True):
            problem = word_problem(word)
            if problem is not None:
                raise ValueError(f"{raw!r} is not a word: {problem}")
        return lowered

    @model_validator(mode="after")
    def _replace_needs_words(self) -> QuiddlerOptions:
        if self.replace_words and not self.extra_words:
            raise ValueError("replace_words needs at least one word in extra_words")
        return self


#: The last options objects seen, by identity, with their dictionary and JSON: a state's
#: options are shared by its clones, and a table's word list may be long (a whole Collins
#: list with `replace_words`), too long to hash or dump at every view.
_MEMO: Final[OrderedDict[int, tuple[QuiddlerOptions, TableWords | None, JSONDict]]] = OrderedDict()
_MEMO_SIZE: Final = 16


def _memo(options: QuiddlerOptions) -> tuple[QuiddlerOptions, TableWords | None, JSONDict]:
    key = id(options)
    hit = _MEMO.get(key)
    if hit is not None and hit[0] is options:
        _MEMO.move_to_end(key)
        return hit
    # Holding `options` keeps its id from being reused while the entry lives.
    entry = _MEMO[key] = (options, None, options.to_json())
    while len(_MEMO) > _MEMO_SIZE:
        _MEMO.popitem(last=False)
    return entry


def table_of(state: QuiddlerState) -> TableWords:
    """The table's dictionary (shipped list and/or the options' words), with solver memos."""
    options, table, data = _memo(state.options)
    if table is None:
        table = table_words(tuple(options.extra_words), options.replace_words)
        _MEMO[id(options)] = (options, table, data)
    return table


def options_json(options: QuiddlerOptions) -> JSONDict:
    """`options.to_json()`, made once per options object; a fresh copy each call."""
    data = _memo(options)[2]
    return {**data, "extra_words": data["extra_words"][:]}


def _names(cards: list[str]) -> str:
    return " ".join(cards)


def _sorted_names(text: str) -> list[str]:
    return sorted(text.split())


# Card lists are written as one string of names ("a cl e"): the deck alone holds up to 108
# cards, and a saved state (or a test comparing thousands of them) reads one string faster
# than a hundred.
_CARDS: Final = Field("list", _names, str.split)
_HANDS: Final = Field(
    "lists",
    lambda hands: [_names(h) for h in hands],
    lambda data: [_sorted_names(h) for h in data],
)


def _challenges(data: list[Any]) -> list[Challenge]:
    return [(int(c), int(o), int(i), bool(v)) for c, o, i, v in data]


#: The state's slots in JSON order: how each is cloned and written (see `core.serial`).
FIELDS: Final = {
    "options": Field(dump=options_json, load=QuiddlerOptions.parse),
    "rng": RNG,
    "round_no": INT.named("round"),
    "dealer": INT,
    "phase": names(PHASES),
    "step": names(STEPS),
    "to_act": INT,
    "hands": _HANDS,
    "known": _HANDS,
    "deck": _CARDS,
    "pile": _CARDS,
    "went_out": INT,
    "reshuffled": INT,
    "turns": INT,
    "last_call": BOOL,
    "done": BOOLS,
    "words": Field(
        "lists",
        lambda words: [[" ".join(w) for w in ws] for ws in words],
        lambda data: [[tuple(w.split()) for w in ws] for ws in data],
    ),
    "unused": _HANDS,
    "challenges": Field("list", lambda cs: [list(c) for c in cs], _challenges),
    "owner": INT,
    "challenger": INT,
    "deadline": OPTIONAL_INT,
    "results": Field(
        "list",
        lambda results: [[s.to_list() for s in r] for r in results],
        lambda data: [tuple(RoundScore.from_list(s) for s in r) for r in data],
    ),
}


class QuiddlerState(SerialState):
    """The whole table. Hands, piles and words hold card names; the top of a pile is its end."""

    __slots__ = tuple(FIELDS)
    FIELDS = FIELDS

    options: QuiddlerOptions
    rng: Rng
    round_no: int
    dealer: int
    phase: int
    step: int
    to_act: int
    #: Each seat's hand, sorted by name.
    hands: list[list[str]]
    #: Cards each seat is known by everyone to hold: taken from the discard pile and not
    #: discarded since (a lower bound; sorted). Public, so `scramble_hidden` keeps them.
    known: list[list[str]]
    #: The draw pile, face down.
    deck: list[str]
    #: The discard pile, face up (all of it is public).
    pile: list[str]
    #: The seat that went out this round, or -1.
    went_out: int
    #: How often the discard pile became the draw pile this round.
    reshuffled: int
    #: Turns begun this round (draws), all seats together; see `ROUND_TURN_LIMIT`.
    turns: int
    #: The draw pile ran out with no reshuffle left (option `reshuffles`), or the round
    #: reached `ROUND_TURN_LIMIT` turns: every seat takes a last turn, as after going out,
    #: but nobody went out.
    last_call: bool
    #: Seats that have laid down this round (the one that went out, then each last turn).
    done: list[bool]
    #: Words each seat laid down this round, in the order given.
    words: list[list[Word]]
    #: Cards each seat left unused in its last turn (sorted).
    unused: list[list[str]]
    #: This round's challenges: (challenger, owner, word index, valid).
    challenges: list[Challenge]
    #: In a challenge window: whose words are open to challenge, and who may challenge now.
    owner: int
    challenger: int
    deadline: int | None
    #: Each finished round's scores, per seat.
    results: list[tuple[RoundScore, ...]]


def last_turns(state: QuiddlerState) -> bool:
    """Whether the round is in its last turns: someone went out, or the draw pile ran out."""
    return state.went_out >= 0 or state.last_call


def turn_limit_reached(state: QuiddlerState) -> bool:
    """Whether the round has lasted `ROUND_TURN_LIMIT` turns."""
    return state.turns >= ROUND_TURN_LIMIT


def totals(state: QuiddlerState) -> list[int]:
    return [sum(r[seat].total for r in state.results) for seat in range(state.players)]
