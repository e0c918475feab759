"""Quiddler at a terminal (`quintet play quiddler`): whole games through the command line,
words typed as text and mapped onto the cards, bad inputs, and what the player is shown."""

from __future__ import annotations

import io
import re
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest
import typer
from rich.console import Console
from typer.testing import CliRunner

from quintet.core import Input, JSONDict, derive_seed, registry
from quintet.games.quiddler import GAME, QuiddlerState
from quintet.games.quiddler.cli import play, table_options
from quintet.games.quiddler.components import CARDS, DECK, spell
from quintet.games.quiddler.state import table_of
from quintet.games.quiddler.terminal import (
    CHALLENGE_PROMPT,
    CHOOSE_PROMPT,
    DISCARD_PROMPT,
    DRAW_PROMPT,
    LAST_PROMPT,
    QuiddlerTable,
    map_words,
    parse_draw,
    parse_play,
    spellings,
)

RUNNER = CliRunner()
_HAND_LINE = re.compile(r"Your hand \((\d+) cards?, (\d+) points\): (.*)")
_CARD = re.compile(r"([a-z]+)\((\d+)\)")


def play_app() -> typer.Typer:
    """A stand-in for the top-level CLI: `play` mounted as `quiddler`."""
    mounted = typer.Typer()
    mounted.command("quiddler")(play)

    @mounted.callback()
    def _root() -> None:
        """Keeps `quiddler` a subcommand."""

    return mounted


def new_console() -> Console:
    return Console(file=io.StringIO(), width=200, highlight=False, color_system=None)


def printed(console: Console) -> str:
    file = console.file
    assert isinstance(file, io.StringIO)
    return file.getvalue()


def position(
    hands: Sequence[Sequence[str]],
    *,
    step: str,
    went_out: int = -1,
    words: Sequence[Sequence[Sequence[str]]] | None = None,
    pile: Sequence[str] = ("o",),
    options: JSONDict | None = None,
) -> QuiddlerState:
    """A round-1 state where seat 0 is at `step` with these hands (every other card of the
    118 in the draw pile); `words[s]`: what seat s laid down (it is then done)."""
    state = GAME.new(1, len(hands), {"pause_ms": 100, **(options or {})})
    data = state.to_json()
    laid = words or [[] for _ in hands]
    left = Counter(DECK)
    left.subtract([c for h in hands for c in h])
    left.subtract([c for ws in laid for w in ws for c in w])
    left.subtract(pile)
    data.update(
        step=step,
        to_act=0,
        hands=[" ".join(sorted(h)) for h in hands],
        deck=" ".join(sorted(left.elements())),
        pile=" ".join(pile),
        went_out=went_out,
        done=[bool(ws) for ws in laid],
        words=[[" ".join(w) for w in ws] for ws in laid],
    )
    return GAME.state_from_json(data)


def scripted(answers: Sequence[str], prompts: list[str] | None = None) -> Callable[[str], str]:
    """An `ask` that gives `answers` in turn, then ends the input (EOF)."""
    left = list(answers)

    def ask(prompt: str) -> str:
        if prompts is not None:
            prompts.append(prompt)
        if not left:
            raise EOFError
        return left.pop(0)

    return ask


# ----------------------------------------------------------- reading what is typed


def test_spellings_finds_every_way_to_make_a_word() -> None:
    hand = Counter(["q", "u", "qu", "i", "t", "in", "n"])
    assert spellings("quit", hand) == [("q", "u", "i", "t"), ("qu", "i", "t")]
    assert spellings("tin", hand) == [("t", "i", "n"), ("t", "in")]
    assert spellings("quiet", hand) == []


@pytest.mark.parametrize(
    ("typed", "expected"),
    [("d", "deck"), (" Deck ", "deck"), ("p", "discard"), ("PILE", "discard")],
)
def test_parse_draw_reads_the_piles(typed: str, expected: str) -> None:
    assert parse_draw(typed) == {"type": "draw", "source": expected}


@pytest.mark.parametrize(
    ("typed", "last", "expected"),
    [
        ("qu", False, (None, "qu")),
        (" E ", False, (None, "e")),
        ("go quit then / e", False, (["quit", "then"], "e")),
        ("go quit then/e", False, (["quit", "then"], "e")),
        ("GO Quit / x", False, (["quit"], "x")),
        ("quit then / e", True, (["quit", "then"], "e")),
        ("/ e", True, ([], "e")),
        ("e", True, ([], "e")),
        ("lay quit / e", True, (["quit"], "e")),
    ],
)
def test_parse_play_reads_discards_and_words(
    typed: str, last: bool, expected: tuple[Any, str]
) -> None:
    assert parse_play(typed, last) == expected


@pytest.mark.parametrize(
    ("typed", "last", "message"),
    [
        ("", False, "Nothing typed: type a card to discard"),
        ("quit", False, "Cannot read 'quit': type a card to discard"),
        ("go quit", False, "Put / and the card to discard after the words"),
        ("quit then", True, "Put / and the card to discard after the words"),
        ("quit / e", False, "To go out, start with go"),
        ("go / e", False, "Going out needs words before the /"),
        ("go quit / e x", False, "Give exactly one card after /"),
        ("go quit /", False, "Give exactly one card after /"),
        ("go quit / ae", False, "'ae' is not a Quiddler card"),
        ("go qu1t / e", False, "'qu1t' is not a word: use the letters a-z only"),
        ("go a / e", False, "'a' is too short"),
    ],
)
def test_parse_play_says_what_to_type(typed: str, last: bool, message: str) -> None:
    answer = parse_play(typed, last)
    assert isinstance(answer, str)
    assert answer.startswith(message), answer


def test_map_words_asks_only_when_the_cards_differ() -> None:
    asked: list[tuple[str, list[tuple[str, ...]]]] = []

    def choose(word: str, ways: list[tuple[str, ...]]) -> tuple[str, ...]:
        asked.append((word, ways))
        return ways[-1]

    hand = Counter(["q", "u", "qu", "i", "i", "t", "t"])
    # The first "quit" may take either; the second then has only the other way.
    placed = map_words(["quit", "quit"], hand, choose)
    assert placed == [("qu", "i", "t"), ("q", "u", "i", "t")]
    assert asked == [("quit", [("q", "u", "i", "t"), ("qu", "i", "t")])]
    asked.clear()
    # "um" needs the only u, so "quit" can only be qu-i-t: no question.
    placed = map_words(["quit", "um"], Counter(["q", "u", "qu", "i", "t", "m"]), choose)
    assert placed == [("qu", "i", "t"), ("u", "m")]
    assert asked == []


@pytest.mark.parametrize(
    ("words", "hand", "message"),
    [
        (["cat"], ["a", "t", "e"], "You cannot make 'cat' from your cards (a e t)"),
        (["at", "ta"], ["a", "t", "e"], "Your cards (a e t) cannot make all of these words"),
        (["quit", "qi"], ["q", "u", "i", "t", "qu"], "cannot make all of these words at once"),
    ],
)
def test_map_words_says_why_the_cards_do_not_fit(
    words: list[str], hand: list[str], message: str
) -> None:
    answer = map_words(words, Counter(hand), lambda word, ways: ways[0])
    assert isinstance(answer, str)
    assert message in answer


# ------------------------------------------------------- whole games, by the CLI


class Player:
    """Answers every prompt from seat 0's own view: draws from the deck (the pile every
    third draw), goes out whenever the solver says it can, else drops the solver's discard,
    and lays down the solver's best in a last turn. Keeps every answer it gave."""

    def __init__(self) -> None:
        self.table: QuiddlerTable | None = None
        self.answers: list[str] = []
        self.prompts: Counter[str] = Counter()
        self.draws = 0
        self.last_prompt = ""
        self.repeats = 0

    def __call__(self, prompt: str) -> str:
        assert self.table is not None
        self.prompts[prompt] += 1
        # A refused answer is asked again with the same prompt; this player would give the
        # same answer for ever, so a few refusals in a row are a failure, not a loop.
        self.repeats = self.repeats + 1 if prompt == self.last_prompt else 0
        self.last_prompt = prompt
        turn = prompt in (DRAW_PROMPT, DISCARD_PROMPT, LAST_PROMPT)
        assert self.repeats < 3 or not turn, (prompt, self.answers[-3:])
        answer = self.answer(prompt, GAME.view(self.table.state, 0))
        self.answers.append(answer)
        return answer

    def answer(self, prompt: str, view: JSONDict) -> str:
        if prompt.startswith("Press Enter"):
            return ""
        if prompt == CHALLENGE_PROMPT:
            return ""  # accept every word
        if prompt == CHOOSE_PROMPT:
            return "1"
        if prompt == DRAW_PROMPT:
            self.draws += 1
            return "p" if self.draws % 3 == 0 else "d"
        words = table_of(self.table.state) if self.table is not None else None
        assert words is not None
        hand = tuple(view["hand"])
        if prompt == DISCARD_PROMPT:
            out = words.go_out(hand)
            if out is None:
                return str(words.best_lay_down(hand).discard)
            return f"go {' '.join(spell(w) for w in out.words)} / {out.discard}"
        assert prompt == LAST_PROMPT, prompt
        play_ = words.best_lay_down(hand)
        return f"{' '.join(spell(w) for w in play_.words)} / {play_.discard}"


def played_by_player(seed: int, players: int, level: str) -> tuple[list[int], Player, str]:
    """The game `Player` plays at a terminal table with the bots the CLI makes."""
    player = Player()
    state = GAME.new(seed, players, {})
    bots = {
        seat: registry.make_bot("quiddler", level, seat, derive_seed(seed, seat))
        for seat in range(1, players)
    }
    console = new_console()
    table = QuiddlerTable(GAME, state, bots, player, console)
    player.table = table
    outcome = table.run()
    return list(outcome.scores), player, printed(console)


def test_a_whole_solo_game_through_the_command_line() -> None:
    seed = 3
    scores, player, _ = played_by_player(seed, 1, "easy")
    assert player.prompts["Press Enter to deal round 8 > "] == 1
    result = RUNNER.invoke(
        play_app(),
        ["quiddler", "--players", "1", "--seed", str(seed)],
        input="\n".join(player.answers) + "\n",
    )
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Traceback" not in out and "left the table" not in out
    assert "1 player(s), 8 rounds, you are seat 0, alone" in out
    for round_no in range(1, 9):
        assert f"Round {round_no} scored" in out
    assert out.count("You go out:") == 8
    assert f"Game over: you scored {scores[0]} in eight rounds." in out
    assert "Seat 1" not in out


def test_a_whole_two_player_game_through_the_command_line() -> None:
    seed = 8
    scores, player, _ = played_by_player(seed, 2, "hard")
    result = RUNNER.invoke(
        play_app(),
        ["quiddler", "--players", "2", "--seed", str(seed), "--level", "hard"],
        input="\n".join(player.answers) + "\n",
    )
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Traceback" not in out
    assert "bots: hard" in out
    assert out.count("Press Enter to deal round") == 7
    for round_no in range(1, 9):
        assert f"Round {round_no} scored" in out
    ranking = out[out.index("Final ranking") :]
    rows = re.findall(r"│\s+(\d)\s+│\s+(You|Seat 1)\s+│\s+(-?\d+)\s+│", ranking)
    assert {who: int(points) for _, who, points in rows} == {"You": scores[0], "Seat 1": scores[1]}
    assert ("You win" in out) == (scores[0] >= scores[1])


def test_every_round_shows_everyones_words_and_scores() -> None:
    _, _, out = played_by_player(5, 3, "medium")
    scored = re.findall(r"Round \d scored.*?\n└[^\n]*\n", out, re.DOTALL)
    assert len(scored) == 8
    for block in scored:
        for who in ("You", "Seat 1", "Seat 2"):
            assert re.search(rf"│ {who}\s+│", block), block
        # Every row lists words with their cards and points, or says it has none.
        assert re.search(r"\w+ \([a-z-]+, \d+\)", block)


def test_hand_lines_show_only_my_cards_with_their_values() -> None:
    checked = 0
    player = Player()
    state = GAME.new(4, 3, {})
    bots = {s: registry.make_bot("quiddler", "easy", s, derive_seed(4, s)) for s in (1, 2)}
    console = new_console()

    def ask(prompt: str) -> str:
        nonlocal checked
        if prompt in (DRAW_PROMPT, DISCARD_PROMPT, LAST_PROMPT):
            line = _HAND_LINE.findall(printed(console))[-1]
            shown = _CARD.findall(line[2])
            assert sorted(name for name, _ in shown) == state.hands[0]
            assert all(int(worth) == CARDS[name][0] for name, worth in shown)
            assert int(line[0]) == len(state.hands[0])
            assert int(line[1]) == sum(CARDS[name][0] for name in state.hands[0])
            checked += 1
        return player(prompt)

    table = QuiddlerTable(GAME, state, bots, ask, console)
    player.table = table
    table.run()
    assert checked >= 16


# ------------------------------------------------------------- words and cards


def test_a_word_made_two_ways_is_asked_about_and_the_choice_is_played() -> None:
    state = position(
        [["q", "u", "qu", "i", "t", "x"], []],
        step="lay_down",
        went_out=1,
        words=[[], [["a", "t", "e"]]],
    )
    prompts: list[str] = []
    console = new_console()
    table = QuiddlerTable(GAME, state, {}, scripted(["quit / x", "7", "2"], prompts), console)
    with pytest.raises(EOFError):
        table.run()
    out = printed(console)
    assert "'quit' can be made from your cards in 2 ways:" in out
    assert "1) q-u-i-t (24 points)" in out and "2) qu-i-t (14 points)" in out
    assert "Type a number from 1 to 2, the way to make 'quit'." in out
    assert prompts[:3] == [LAST_PROMPT, CHOOSE_PROMPT, CHOOSE_PROMPT]
    # The round is scored with the cards chosen; q and u were left unused.
    assert "quit (qu-i-t, 14)" in out
    assert "q(15) u(4)  [-19]" in out
    assert prompts[3] == "Press Enter to deal round 2 > "


def test_the_choice_can_be_typed_as_the_cards() -> None:
    state = position(
        [["q", "u", "qu", "i", "t", "x"], []],
        step="lay_down",
        went_out=1,
        words=[[], [["a", "t", "e"]]],
    )
    console = new_console()
    table = QuiddlerTable(GAME, state, {}, scripted(["quit / x", "q-u-i-t"]), console)
    with pytest.raises(EOFError):
        table.run()
    out = printed(console)
    assert "quit (q-u-i-t, 24)" in out
    assert "qu(9)  [-9]" in out


def test_bad_inputs_get_a_clear_message_and_a_new_prompt() -> None:
    state = position([["a", "t", "e", "x"], ["o", "n", "e"]], step="discard")
    answers = [
        "blah",  # not a card, no go
        "go at",  # no discard
        "go at / zz",  # not a card
        "go at / q",  # not in hand
        "go cat / x",  # cannot be made from the hand
        "go a / x",  # too short
        "go aet / x",  # the rules: not a word
        "go at / x",  # the rules: e left over
        "z",  # discard a card not held
        "help",
        "go eat / x",
    ]
    prompts: list[str] = []
    console = new_console()
    bots = {1: registry.make_bot("quiddler", "hard", 1, 1)}
    table = QuiddlerTable(GAME, state, bots, scripted(answers, prompts), console)
    with pytest.raises(EOFError):
        table.run()
    out = printed(console)
    for message in (
        "Cannot read 'blah': type a card to discard (like: qu), or go out like: go quit then / e.",
        "Put / and the card to discard after the words, like: go quit then / e.",
        "'zz' is not a Quiddler card; the cards are a b c cl d",
        "You have no 'q' card to discard; your hand: a(2) e(2) t(3) x(12).",
        "You cannot make 'cat' from your cards (a e t).",
        "'a' is too short",
        "Not allowed: word 1, 'aet' (a-e-t), is not in the table's dictionary.",
        "Not allowed: going out lays down every card but the discard in words; these are "
        "left over: e.",
        "You have no 'z' card to discard",
        "go quit then / e",  # the help
        "You go out: eat (e-a-t, 7); discard x(12).",
    ):
        assert message in out, message
    # One prompt per answer: every refusal was followed by a new prompt.
    assert prompts.count(DISCARD_PROMPT) == len(answers)


def test_bad_draw_inputs_through_the_command_line() -> None:
    result = RUNNER.invoke(
        play_app(), ["quiddler", "--players", "1", "--seed", "2"], input="x\n\nexit\n"
    )
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Cannot read 'x': type d to draw from the deck, or p for the discard pile." in out
    assert "Nothing typed: type d to draw from the deck" in out
    assert out.count(DRAW_PROMPT) == 3
    assert "You left the table." in out


# ------------------------------------------------------------- leaving, options


def test_end_of_input_leaves_cleanly() -> None:
    result = RUNNER.invoke(play_app(), ["quiddler", "--players", "3", "--seed", "1"], input="")
    assert result.exit_code == 0, result.output
    assert "No more input: you left the table." in result.output
    assert "Traceback" not in result.output


def test_ctrl_c_exits_130_without_traceback(monkeypatch: pytest.MonkeyPatch) -> None:
    def interrupted(*args: Any, **kwargs: Any) -> str:
        raise KeyboardInterrupt

    monkeypatch.setattr(Console, "input", interrupted)
    result = RUNNER.invoke(play_app(), ["quiddler", "--players", "2", "--seed", "1"])
    assert result.exit_code == 130, result.output
    assert "Interrupted: you left the table." in result.output
    assert "Traceback" not in result.output


def test_unknown_level_exits_2_naming_level() -> None:
    result = RUNNER.invoke(play_app(), ["quiddler", "--level", "grandmaster"])
    assert result.exit_code == 2, result.output
    assert "'--level'" in result.output and "random, easy, medium, hard" in result.output


@pytest.mark.parametrize("players", ["0", "9", "two"])
def test_bad_player_count_exits_2_naming_players(players: str) -> None:
    result = RUNNER.invoke(play_app(), ["quiddler", "--players", players])
    assert result.exit_code == 2, result.output
    assert "'--players'" in result.output


def test_words_files_fill_the_tables_options(tmp_path: Path) -> None:
    listed = tmp_path / "mine.txt"
    listed.write_text("# my words\nquit\nQWXZ\n\nzzq\n", encoding="utf-8")
    # Only what the shipped list lacks is added; with --replace, everything.
    assert table_options([listed], False) == {
        "extra_words": ["qwxz", "zzq"],
        "replace_words": False,
    }
    assert table_options([listed], True) == {
        "extra_words": ["quit", "qwxz", "zzq"],
        "replace_words": True,
    }
    assert table_options(None, False) == {}


def test_bad_words_arguments_exit_2_naming_them(tmp_path: Path) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text("quit\nnot a word\n", encoding="utf-8")
    result = RUNNER.invoke(play_app(), ["quiddler", "--words", str(bad)], env={"COLUMNS": "300"})
    assert result.exit_code == 2, result.output
    assert "'--words'" in result.output and "line 2" in result.output
    result = RUNNER.invoke(play_app(), ["quiddler", "--replace"])
    assert result.exit_code == 2, result.output
    assert "'--replace'" in result.output


def test_a_replaced_dictionary_is_the_one_the_table_checks(tmp_path: Path) -> None:
    # A solo seed whose hand goes out with shipped words after one draw from the deck.
    for seed in range(50):
        state = GAME.new(seed, 1, {})
        GAME.apply(state, Input(0, {"type": "draw", "source": "deck"}, 0))
        out = table_of(state).go_out(tuple(state.hands[0]))
        if out is not None:
            break
    assert out is not None
    going = f"go {' '.join(spell(w) for w in out.words)} / {out.discard}"
    listed = tmp_path / "mine.txt"
    listed.write_text("qwxz\n", encoding="utf-8")
    replaced = RUNNER.invoke(
        play_app(),
        ["quiddler", "--players", "1", "--seed", str(seed), "--words", str(listed), "--replace"],
        input=f"d\n{going}\n",
    )
    assert replaced.exit_code == 0, replaced.output
    assert "is not in the table's dictionary" in replaced.output
    added = RUNNER.invoke(
        play_app(),
        ["quiddler", "--players", "1", "--seed", str(seed), "--words", str(listed)],
        input=f"d\n{going}\n",
    )
    assert added.exit_code == 0, added.output
    assert "You go out:" in added.output and "Round 1 scored" in added.output


# ------------------------------------------------------------------- challenge mode


def test_in_challenge_mode_a_bluff_goes_down_and_a_bot_challenges_it() -> None:
    # "qat" is not in the table's list: the table takes it unchecked, the bot challenges it.
    options = {"challenge": True, "extra_words": ["tea"], "replace_words": True}
    state = position([["q", "a", "t", "e"], ["x", "z", "j"]], step="discard", options=options)
    bots = {1: registry.make_bot("quiddler", "hard", 1, 7)}
    console = new_console()
    table = QuiddlerTable(GAME, state, bots, scripted(["go qat / e"]), console)
    with pytest.raises(EOFError):
        table.run()
    out = printed(console)
    assert "You go out: qat" in out
    assert "Seat 1 challenges your word 'qat': it is not in the dictionary; you lose its" in out
    challenged = [c for c in state.challenges if c[1] == 0]
    assert challenged == [(1, 0, 0, False)], "the bot challenged the bluff and it failed"


def test_in_challenge_mode_the_person_may_challenge_a_bots_words() -> None:
    options = {"challenge": True, "extra_words": ["tea", "at"], "replace_words": True}
    state = position(
        [["x", "z", "j"], ["t", "e", "a", "o"]], step="discard", options=options, pile=("o",)
    )
    data = state.to_json()
    data["to_act"] = 1
    state = GAME.state_from_json(data)
    prompts: list[str] = []
    console = new_console()

    class GoesOut:
        """Seat 1 goes out with "tea", then has nothing more to do."""

        def plan(self, view: JSONDict, now: int) -> Any:
            from quintet.core import Plan

            return Plan(now, {"type": "go_out", "words": [["t", "e", "a"]], "discard": "o"})

        def refused(self, error: Any, now: int) -> None:
            raise AssertionError(error)

    answers = ["9", "1"]
    table = QuiddlerTable(GAME, state, {1: GoesOut()}, scripted(answers, prompts), console)
    with pytest.raises(EOFError):
        table.run()
    out = printed(console)
    assert "You may challenge Seat 1's words:" in out
    assert "1) tea (t-e-a, 7 points)" in out
    assert "Type the number of a word to challenge (1), or Enter." in out, "9 is refused"
    assert prompts[:2] == [CHALLENGE_PROMPT, CHALLENGE_PROMPT]
    assert state.challenges == [(0, 1, 0, True)], "the challenge of a good word was played"
    assert (
        "You challenge Seat 1's word 'tea': it is in the dictionary; you lose its 7 points." in out
    )


def test_challenge_mode_needs_two_players_at_the_terminal() -> None:
    result = RUNNER.invoke(
        play_app(), ["quiddler", "--players", "1", "--challenge"], env={"COLUMNS": "300"}
    )
    assert result.exit_code == 2
    assert "--challenge" in result.output and "nobody would challenge" in result.output


def test_a_whole_challenge_mode_game_through_the_command_line() -> None:
    seed = 4
    player = Player()
    state = GAME.new(seed, 2, {"challenge": True})
    # Without --level the command seats the game's default level.
    level = registry.entry("quiddler").bots.default
    assert level is not None
    bots = {1: registry.make_bot("quiddler", level, 1, derive_seed(seed, 1))}
    table = QuiddlerTable(GAME, state, bots, player, new_console())
    player.table = table
    scores = list(table.run().scores)
    assert player.prompts[CHALLENGE_PROMPT] >= 1, "the player was asked to challenge"
    result = RUNNER.invoke(
        play_app(),
        ["quiddler", "--players", "2", "--seed", str(seed), "--challenge"],
        input="\n".join(player.answers) + "\n",
    )
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Traceback" not in out
    assert out.count("You may challenge Seat 1's words:") == player.prompts[CHALLENGE_PROMPT]
    ranking = out[out.index("Final ranking") :]
    rows = re.findall(r"│\s+(\d)\s+│\s+(You|Seat 1)\s+│\s+(-?\d+)\s+│", ranking)
    assert {who: int(points) for _, who, points in rows} == {"You": scores[0], "Seat 1": scores[1]}
