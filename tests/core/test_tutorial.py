"""The tutorial script runner (quintet.core.tutorial) and every game's tutorial.

Each tutorial is played through its game's rules: every step applies, the first scoring
comes with the last step and not before, every hint's key has a text in English and
German, and no hint names anything the person's own view does not show. The runner: a
wrong move is refused and changes nothing, the bots wait for the person, and a reload
(the run derived from the stored inputs) stands at the same step.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest

from quintet.core import Input, JSONDict, registry
from quintet.core.tutorial import (
    LOST_KEY,
    OFF_SCRIPT,
    BotMove,
    Hint,
    OffScript,
    ScriptRun,
    Tutorial,
    You,
    find,
    hint_of,
)

BOARDS = Path(__file__).parents[2] / "src" / "quintet" / "web" / "app" / "boards"
TUTORIALS = ["quashars", "quiddler"]


def tutorial(game: str) -> Tutorial:
    found = find(game)
    assert found is not None, f"{game} has no tutorial"
    return found


def inputs_of(tut: Tutorial) -> list[Input]:
    """The script's moves as inputs, one second apart."""
    return [
        Input(tut.person if isinstance(step, You) else step.seat, step.action, 1000 * number)
        for number, step in enumerate(tut.steps)
    ]


def scored(game: str, view: JSONDict) -> bool:
    return bool(view["phase"] == "scored")


def message_keys(game: str, lang: str) -> set[str]:
    text = (BOARDS / game / f"tutorial.{lang}.js").read_text(encoding="utf-8")
    return set(re.findall(r"^\s*'(tutorial\.[\w.]+)':", text, re.MULTILINE))


def test_games_without_a_tutorial_have_none() -> None:
    assert find("quick") is None
    assert [g for g in registry.names() if find(g) is not None] == TUTORIALS


@pytest.mark.parametrize("game", TUTORIALS)
def test_the_script_plays_to_the_first_scoring_and_every_hint_has_a_text(game: str) -> None:
    tut = tutorial(game)
    rules = registry.get(game)
    state = rules.new(tut.seed, tut.players, tut.options)
    run = ScriptRun(tut)
    keys = set()
    for number, inp in enumerate(inputs_of(tut)):
        view = rules.view(state, tut.person)
        info = run.info(view)
        assert not scored(game, view), f"scored before step {number}"
        if "hint" in info:
            keys.add(info["hint"]["key"])
            check_no_leak(info["hint"], view, number)
        if "wrong" in info:
            keys.add(info["wrong"]["key"])
            check_no_leak(info["wrong"], view, number)
        assert info["turn"] == ("you" if inp.seat == tut.person else "bot")
        run.check(inp)  # the script's own move is never off it
        rules.apply(state, inp)
        run.advance(inp)
    view = rules.view(state, tut.person)
    assert scored(game, view), "the last step does not reach the first scoring"
    assert run.done and run.current is None
    end = run.info(view)
    assert end["done"] and end["step"] == end["steps"] > 0
    keys.add(end["hint"]["key"])
    check_no_leak(end["hint"], view, len(tut.steps))
    keys.add(LOST_KEY)
    for lang in ("en", "de"):
        without = keys - message_keys(game, lang) - shell_keys(lang)
        assert not without, f"{game} tutorial keys without a {lang} text: {sorted(without)}"
        # Each of the game's hints is reached (the panel's title aside): no dead text.
        unused = message_keys(game, lang) - keys - {f"tutorial.{game}.title"}
        assert not unused, f"{game} tutorial texts no step reaches ({lang}): {sorted(unused)}"


def shell_keys(lang: str) -> set[str]:
    text = (BOARDS.parent / "tutorial" / f"messages.{lang}.js").read_text(encoding="utf-8")
    return set(re.findall(r"^\s*'(tutorial\.[\w.]+)':", text, re.MULTILINE))


def check_no_leak(hint: JSONDict, view: JSONDict, number: int) -> None:
    """Every card a hint names is in the person's own view, and a word it names is spelled
    from the cards the person holds or lies on the table (compared in lower case: hints
    may write capitals)."""
    seen = json.dumps(view).lower()
    held = Counter("".join(view.get("hand", [])).lower())
    laid = {"".join(word) for words in view.get("words", []) for word in words}
    for name, value in hint["params"].items():
        if isinstance(value, str):
            for part in value.lower().split():
                assert f'"{part}"' in seen or Counter(part) <= held or part in laid, (
                    f"step {number}: hint parameter {name}={value!r} is not in the person's view"
                )
    for mark in hint["marks"]:
        kind, _, what = mark.partition(":")
        if kind == "card":
            assert f'"{what.lower()}"' in seen, f"step {number}: mark {mark} is not in the view"


@pytest.mark.parametrize("game", TUTORIALS)
def test_a_wrong_move_is_refused_and_changes_nothing(game: str) -> None:
    tut = tutorial(game)
    rules = registry.get(game)
    state = rules.new(tut.seed, tut.players, tut.options)
    run = ScriptRun(tut)
    inputs = inputs_of(tut)
    first = next(n for n, step in enumerate(tut.steps) if isinstance(step, You))
    for inp in inputs[:first]:
        rules.apply(state, inp)
        run.advance(inp)
    expected, step = inputs[first], tut.steps[first]
    assert isinstance(step, You)
    # A move the rules allow that is not the script's.
    others = [a for a in rules.legal_actions(state, tut.person) if not step.allows(a)]
    assert others, "the person has no legal move besides the script's"
    wrong = Input(tut.person, others[0], expected.time)
    with pytest.raises(OffScript) as refused:
        run.check(wrong)
    assert refused.value.code == OFF_SCRIPT
    assert run.index == first and not run.lost
    assert run.info(rules.view(state, tut.person))["wrong"]["key"].startswith("tutorial.")
    run.check(expected)


def test_the_bots_wait_for_the_person() -> None:
    tut = tutorial("quashars")
    run = ScriptRun(tut)
    inputs = inputs_of(tut)
    person_step = next(n for n, step in enumerate(tut.steps) if isinstance(step, You))
    for inp in inputs[:person_step]:
        run.advance(inp)
    assert all(run.bot_action(seat) is None for seat in range(tut.players))
    run.advance(inputs[person_step])
    step = tut.steps[person_step + 1]
    assert isinstance(step, BotMove)
    assert run.bot_action(step.seat) is step
    assert all(run.bot_action(s) is None for s in range(tut.players) if s != step.seat)


@pytest.mark.parametrize("game", TUTORIALS)
def test_a_reload_continues_at_the_same_step(game: str) -> None:
    tut = tutorial(game)
    inputs = inputs_of(tut)
    live = ScriptRun(tut)
    for count, inp in enumerate(inputs):
        # A host's tick stored among the inputs is never a step.
        stored = [*inputs[:count], Input.tick(inp.time)]
        reloaded = ScriptRun.replayed(tut, stored)
        assert (reloaded.index, reloaded.lost) == (live.index, False)
        live.advance(inp)
    assert ScriptRun.replayed(tut, inputs).done


def test_inputs_off_the_script_lose_it_and_say_so() -> None:
    tut = tutorial("quiddler")
    run = ScriptRun.replayed(tut, [Input(0, {"type": "draw", "source": "discard"})])
    assert run.lost and run.current is None and not run.done
    assert run.bot_action(1) is None
    assert run.info({})["hint"]["key"] == LOST_KEY
    run.check(Input(0, {"type": "discard", "card": "d"}))  # lost: anything goes


def test_a_hint_is_built_from_the_view_it_is_given() -> None:
    def built(view: JSONDict) -> Hint:
        return Hint("k", {"n": view["n"]})

    assert hint_of(built, {"n": 3}) == Hint("k", {"n": 3})
    assert hint_of(Hint("fixed"), {"n": 3}).to_json() == {"key": "fixed", "params": {}, "marks": []}


def test_a_bot_step_must_be_a_bot_seat() -> None:
    with pytest.raises(ValueError, match="seat 0 is not a bot seat"):
        Tutorial("quiddler", 1, 2, {}, (BotMove(0, {"type": "draw"}),), Hint("end"), "easy")


def test_the_quiddler_round_shows_the_main_ideas() -> None:
    """An ordinary turn (the discard pile's card fits nothing, a misfit is discarded), a
    draw from the discard pile that completes a word, a go-out, the bot's last turn with a
    word and a card left over, and a scoring with the longest-word bonus."""
    from quintet.games.quiddler import tutorial as quiddler
    from quintet.games.quiddler.dictionary import table_words
    from quintet.games.quiddler.solver import best

    tut = tutorial("quiddler")
    rules = registry.get("quiddler")
    words = table_words().words
    state = rules.new(tut.seed, tut.players, tut.options)
    inputs = inputs_of(tut)
    start = rules.view(state, 0)
    # The first top of the discard pile makes no word with the hand (the hint says so).
    first_top = start["discard_top"]
    assert first_top == quiddler.FIRST_TOP
    assert best([*start["hand"], first_top], words).words == ()
    rules.apply(state, inputs[0])
    hand = rules.view(state, 0)["hand"]
    # The misfit is in no word of the hand; the cards kept are.
    assert quiddler.MISFIT not in {c for w in best(hand, words).words for c in w}
    assert Counter(hand) - Counter(quiddler.KEEP) == Counter({quiddler.MISFIT: 1})
    for inp in inputs[1:4]:
        rules.apply(state, inp)
    taken = rules.view(state, 0)["discard_top"]
    assert inputs[4].action == {"type": "draw", "source": "discard"}
    assert taken == quiddler.BOT_DISCARD and taken in quiddler.WORD
    assert "".join(quiddler.WORD) in words
    for inp in inputs[4:]:
        rules.apply(state, inp)
    view = rules.view(state, 0)
    parts = view["last_round"]
    assert view["went_out"] == 0 and view["words"][1] and view["unused"][1]
    assert parts["longest"] == [10, 0] and parts["unused"][1] < 0


def test_any_word_the_rules_accept_goes_out_in_the_quiddler_tutorial() -> None:
    tut = tutorial("quiddler")
    run = ScriptRun.replayed(tut, inputs_of(tut)[:5])
    step = run.current
    assert isinstance(step, You)
    sub = {"type": "go_out", "words": [["s", "u", "b"]], "discard": "h"}
    run.check(Input(0, sub))
    run.advance(Input(0, sub))
    assert not run.lost and run.bot_action(1) is tut.steps[6]
