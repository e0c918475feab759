"""Quiddler's facts, options and state (RULINGS §5), and the table's dictionary.

Cards are their names ("qu", "e"): cards of one name are interchangeable, so a hand is a
sorted list of names (a multiset). Piles are lists whose last item is the top. The state
changes only through `flow` (unchecked) and `rules.QuiddlerGame.apply` (checked).
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Final, Literal

from pydantic import Field, field_validator, model_validator

from quintet.core import JSONDict, Options, Rng, State
from quintet.games.quiddler.scoring import Challenge, RoundScore, Word
from quintet.games.quiddler.table import TableWords, table_words
from quintet.words.wordlist import word_problem

MIN_PLAYERS: Final = 1
MAX_PLAYERS: Final = 8

PLAY, CHALLENGE, SCORED, OVER = 0, 1, 2, 3
PHASES: Final = ("play", "challenge", "scored", "over")
#: The steps of a turn: draw, then discard (or go out); in a last turn, draw, then lay down.
DRAW, DISCARD, LAY_DOWN = 0, 1, 2
STEPS: Final = ("draw", "discard", "lay_down")
ACTIONS: Final = ("draw", "discard", "go_out", "lay_down", "challenge", "accept")
SOURCES: Final = ("deck", "discard")


class QuiddlerOptions(Options):
    first_dealer: int | None = Field(
        None,
        ge=0,
        le=MAX_PLAYERS - 1,
        description="Seat that deals round 1; unset draws it from the seed",
    )
    two_player_bonus: Literal["longest", "most"] = Field(
        "longest",
        description="With 2 players only one bonus is played: longest word or most words",
    )
    challenge: bool = Field(
        False,
        description="Challenge mode: words are not checked unless another player challenges them",
    )
    challenge_ms: int = Field(
        10_000,
        ge=1,
        le=600_000,
        description="Challenge mode: how long each other player may challenge a lay-down (ms)",
    )
    reshuffles: int | None = Field(
        2,
        ge=0,
        le=1000,
        description=(
            "How often the discard pile may become a new draw pile in one round; when the "
            "draw pile runs out after that, everyone takes a last turn (unset: no limit)"
        ),
    )
    pause_ms: int = Field(
        5000,
        ge=0,
        le=600_000,
        description="Pause after each round's scoring before the next deal (ms; 0 deals at once)",
    )
    # A list, not a tuple, so that its described default is the JSON it is sent as ([]).
    extra_words: list[str] = Field(
        default_factory=list,
        description="Words added to the dictionary for this table (letters a-z, 2 or more)",
    )
    replace_words: bool = Field(
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


class QuiddlerState(State):
    """The whole table. Hands, piles and words hold card names; the top of a pile is its end."""

    __slots__ = (
        "challenger",
        "challenges",
        "deadline",
        "dealer",
        "deck",
        "done",
        "hands",
        "known",
        "last_call",
        "options",
        "owner",
        "phase",
        "pile",
        "reshuffled",
        "results",
        "rng",
        "round_no",
        "step",
        "to_act",
        "unused",
        "went_out",
        "words",
    )

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
    #: The draw pile ran out with no reshuffle left (option `reshuffles`): every seat takes
    #: a last turn, as after going out, but nobody went out.
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

    def clone(self) -> QuiddlerState:
        other = QuiddlerState.__new__(QuiddlerState)
        other.players = self.players
        other.now = self.now
        other.options = self.options
        other.rng = self.rng.copy()
        other.round_no = self.round_no
        other.dealer = self.dealer
        other.phase = self.phase
        other.step = self.step
        other.to_act = self.to_act
        other.hands = [h[:] for h in self.hands]
        other.known = [k[:] for k in self.known]
        other.deck = self.deck[:]
        other.pile = self.pile[:]
        other.went_out = self.went_out
        other.reshuffled = self.reshuffled
        other.last_call = self.last_call
        other.done = self.done[:]
        other.words = [w[:] for w in self.words]
        other.unused = [u[:] for u in self.unused]
        other.challenges = self.challenges[:]
        other.owner = self.owner
        other.challenger = self.challenger
        other.deadline = self.deadline
        other.results = self.results[:]
        return other

    def to_json(self) -> JSONDict:
        # Card lists as one string of names ("a cl e"): the deck alone holds up to 108
        # cards, and a saved state (or a test comparing thousands of them) reads one
        # string faster than a hundred.
        return {
            "players": self.players,
            "now": self.now,
            "options": options_json(self.options),
            "rng": self.rng.state,
            "round": self.round_no,
            "dealer": self.dealer,
            "phase": PHASES[self.phase],
            "step": STEPS[self.step],
            "to_act": self.to_act,
            "hands": [" ".join(h) for h in self.hands],
            "known": [" ".join(k) for k in self.known],
            "deck": " ".join(self.deck),
            "pile": " ".join(self.pile),
            "went_out": self.went_out,
            "reshuffled": self.reshuffled,
            "last_call": self.last_call,
            "done": self.done[:],
            "words": [[" ".join(w) for w in ws] for ws in self.words],
            "unused": [" ".join(u) for u in self.unused],
            "challenges": [list(c) for c in self.challenges],
            "owner": self.owner,
            "challenger": self.challenger,
            "deadline": self.deadline,
            "results": [[s.to_list() for s in r] for r in self.results],
        }


def state_from_json(data: JSONDict) -> QuiddlerState:
    """Rebuild a state from `QuiddlerState.to_json()`."""
    state = QuiddlerState.__new__(QuiddlerState)
    state.players = int(data["players"])
    state.now = int(data["now"])
    state.options = QuiddlerOptions.parse(data["options"])
    state.rng = Rng(int(data["rng"]))
    state.round_no = int(data["round"])
    state.dealer = int(data["dealer"])
    state.phase = PHASES.index(data["phase"])
    state.step = STEPS.index(data["step"])
    state.to_act = int(data["to_act"])
    state.hands = [sorted(h.split()) for h in data["hands"]]
    state.known = [sorted(k.split()) for k in data["known"]]
    state.deck = data["deck"].split()
    state.pile = data["pile"].split()
    state.went_out = int(data["went_out"])
    state.reshuffled = int(data["reshuffled"])
    state.last_call = bool(data["last_call"])
    state.done = [bool(d) for d in data["done"]]
    state.words = [[tuple(w.split()) for w in ws] for ws in data["words"]]
    state.unused = [sorted(u.split()) for u in data["unused"]]
    state.challenges = [(int(c), int(o), int(i), bool(v)) for c, o, i, v in data["challenges"]]
    state.owner = int(data["owner"])
    state.challenger = int(data["challenger"])
    state.deadline = None if data["deadline"] is None else int(data["deadline"])
    state.results = [tuple(RoundScore.from_list(s) for s in r) for r in data["results"]]
    return state


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


def last_turns(state: QuiddlerState) -> bool:
    """Whether the round is in its last turns: someone went out, or the draw pile ran out."""
    return state.went_out >= 0 or state.last_call


def totals(state: QuiddlerState) -> list[int]:
    return [sum(r[seat].total for r in state.results) for seat in range(state.players)]
