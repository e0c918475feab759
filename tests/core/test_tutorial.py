"""The tutorial script runner (quintet.core.tutorial) and every game's tutorial.

Each tutorial is played through its game's rules (with the host's ticks a race needs:
Quick's countdown and checking): every step applies, the first scoring comes with the
last step and not before, every hint's key has a text in English and
German, and no hint names anything the person's own view does not show. The runner: a
wrong move is refused and changes nothing, the bots wait for the person, and a reload
(the run derived from the stored inputs) stands at the same step.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path
from typing import Any

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
TUTORIALS = ["double-quick", "quashars", "quick", "quiclo", "quiddler"]
#: The races: everyone acts at once, and the clock must stop while a hint is read.
RACES = ["double-quick", "quick", "quiclo"]


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
    """The first scoring: a round scored, or (Quiclo, Double Quick!) the game over."""
    if game == "quiclo":
        return bool(view["over"])
    return bool(view["phase"] in ("scored", "over"))


def message_keys(game: str, lang: str) -> set[str]:
    text = (BOARDS / game / f"tutorial.{lang}.js").read_text(encoding="utf-8")
    return set(re.findall(r"^\s*'(tutorial\.[\w.-]+)':", text, re.MULTILINE))


def tick_until_able(rules: Any, state: Any, seat: int) -> None:
    """The host's ticks a race needs before `seat` can act (Quick's countdown, a sit-out),
    as the server would send them at each deadline."""
    while not rules.can_act(state, seat):
        deadline = rules.next_deadline(state)
        assert deadline is not None, f"seat {seat} can never act"
        rules.apply(state, Input.tick(max(deadline, state.now)))


def apply_step(rules: Any, state: Any, inp: Input) -> None:
    """Apply a script's input at the state's time (after any tick it needs)."""
    assert inp.seat is not None
    tick_until_able(rules, state, inp.seat)
    rules.apply(state, Input(inp.seat, inp.action, state.now))


def test_every_game_has_a_tutorial() -> None:
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
        assert not scored(game, view), f"scored before step {number}"
        # The hint before the host's ticks this step needs (a countdown) and after them.
        for when in ("before", "after"):
            if when == "after":
                assert inp.seat is not None
                tick_until_able(rules, state, inp.seat)
                view = rules.view(state, tut.person)
            info = run.info(view)
            for shown in ("hint", "wrong"):
                if shown in info:
                    keys.add(info[shown]["key"])
                    check_no_leak(info[shown], view, number)
        assert info["turn"] == ("you" if inp.seat == tut.person else "bot")
        run.check(inp)  # the script's own move is never off it
        apply_step(rules, state, inp)
        run.advance(inp)
    view = rules.view(state, tut.person)
    # A race's checking may still run: the end's text follows it (the host's ticks).
    while not scored(game, view):
        deadline = rules.next_deadline(state)
        assert deadline is not None, "the last step does not reach the first scoring"
        keys.add(run.info(view)["hint"]["key"])
        check_no_leak(run.info(view)["hint"], view, len(tut.steps))
        # Not "complete" while the scoring it explains is still on its way.
        assert run.info(view)["done"] is False
        rules.apply(state, Input.tick(deadline))
        view = rules.view(state, tut.person)
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


def own_letters(view: JSONDict) -> Counter[str]:
    """The letters the person holds: a Quiddler hand, or Double Quick! tiles turned up."""
    hand = view.get("hand")
    if isinstance(hand, list) and all(isinstance(card, str) for card in hand):
        return Counter("".join(hand).lower())
    if "seats" in view:
        mine = view["seats"][view["viewer"]]
        tiles = [*mine["rack"], *mine["crossword"]]
        return Counter("".join(tile["letter"] or "" for tile in tiles))
    return Counter()


def check_no_leak(hint: JSONDict, view: JSONDict, number: int) -> None:
    """Every card a hint names is in the person's own view, a number it writes (a Quiclo
    chain) is a number of that view, and a word it names is spelled from the cards or
    tiles the person holds or that lie on the table (compared in lower case: hints may write
    capitals)."""
    seen = json.dumps(view).lower()
    numbers = set(re.findall(r"-?\d+", seen))
    if "tops" in view:  # Quiclo: a chain names the person's own cards and the tops
        numbers = {str(card) for card in [*view["hand"], *view["tops"]]}
    held = own_letters(view)
    laid = {"".join(word) for words in view.get("words", []) for word in words}
    for name, value in hint["params"].items():
        if isinstance(value, str):
            for part in value.lower().split():
                if part in ("+", "\u2212", "\u00d7", "\u00f7", "="):
                    continue
                assert (
                    f'"{part}"' in seen
                    or (part.isdigit() and part in numbers)
                    or (part.isalpha() and (Counter(part) <= held or part in laid))
                ), f"step {number}: hint parameter {name}={value!r} is not in the person's view"
    for mark in hint["marks"]:
        kind, _, what = mark.partition(":")
        if kind in ("card", "tile"):
            assert f'"{what.lower()}"' in seen or what in numbers, (
                f"step {number}: mark {mark} is not in the view"
            )


@pytest.mark.parametrize("game", TUTORIALS)
def test_a_wrong_move_is_refused_and_changes_nothing(game: str) -> None:
    tut = tutorial(game)
    rules = registry.get(game)
    state = rules.new(tut.seed, tut.players, tut.options)
    run = ScriptRun(tut)
    inputs = inputs_of(tut)
    first = next(n for n, step in enumerate(tut.steps) if isinstance(step, You))
    for inp in inputs[:first]:
        apply_step(rules, state, inp)
        run.advance(inp)
    tick_until_able(rules, state, tut.person)
    expected, step = inputs[first], tut.steps[first]
    assert isinstance(step, You)
    # A move the rules allow that is not the script's.
    if rules.lists_actions:
        others = [a for a in rules.legal_actions(state, tut.person) if not step.allows(a)]
    else:  # Double Quick!: the tile the hint names, on another cell
        others = [{**step.action, "col": 5}]
    assert others, "the person has no legal move besides the script's"
    rules.apply(state.clone(), Input(tut.person, others[0], state.now))  # the rules take it
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


# ------------------------------------------------------------------ the races


@pytest.mark.parametrize("game", RACES)
def test_every_step_of_a_race_stops_its_clock_while_the_hint_is_read(game: str) -> None:
    tut = tutorial(game)
    mine = [step for step in tut.steps if isinstance(step, You)]
    assert mine and all(step.pause for step in mine)
    run = ScriptRun(tut)
    while not isinstance(run.current, You):
        run.index += 1
    assert run.paused


def quiclo_at_the_wrong_chain() -> tuple[Any, Any, ScriptRun]:
    """Quiclo's tutorial played up to the step that asks for a wrong chain on purpose."""
    tut = tutorial("quiclo")
    rules = registry.get("quiclo")
    state = rules.new(tut.seed, tut.players, tut.options)
    run = ScriptRun(tut)
    at = next(n for n, s in enumerate(tut.steps) if isinstance(s, You) and "-" in str(s.action))
    for inp in inputs_of(tut)[:at]:
        apply_step(rules, state, inp)
        run.advance(inp)
    return rules, state, run


def test_a_quiclo_chain_off_the_script_costs_no_sit_out() -> None:
    rules, state, run = quiclo_at_the_wrong_chain()
    tops = rules.view(state, 0)["tops"]
    # 59 + 96 - 44 makes 111, not the top 7: the rules would take it as a wrong claim.
    off = {"type": "claim", "stack": 2, "expect": tops[2], "operands": [59, 96, 44]}
    off["operators"] = ["+", "-"]
    events = rules.apply(state.clone(), Input(0, off, state.now))
    assert events[0].type == "wrong_claim"
    with pytest.raises(OffScript):
        run.check(Input(0, off, state.now))
    wrong = run.info(rules.view(state, 0))["wrong"]
    assert wrong["key"] == "tutorial.quiclo.try_wrong_again"
    assert wrong["params"]["chain"] == "59 \u2212 96 + 44"


def test_the_quiclo_wrong_chain_on_purpose_sits_out_briefly() -> None:
    rules, state, run = quiclo_at_the_wrong_chain()
    step = run.current
    assert isinstance(step, You) and step.pause
    events = rules.apply(state, Input(0, step.action, state.now))
    reason = next(e for e in events if e.type == "wrong_claim_reason")
    assert "\u221237" in reason.data["reason"], "59 - 96 goes below zero"
    assert rules.view(state, 0)["sitting_out"][0] == state.now + 3000
    run.advance(Input(0, step.action, state.now))
    # The bot's next move is a valid claim: it ends the sit-out at once.
    bot = run.current
    assert isinstance(bot, BotMove)
    rules.apply(state, Input(bot.seat, bot.action, state.now))
    assert rules.can_act(state, 0)


def test_the_quick_tutorial_keeps_explaining_round_1_once_round_2_is_dealt() -> None:
    tut = tutorial("quick")
    rules = registry.get("quick")
    state = rules.new(tut.seed, tut.players, tut.options)
    run = ScriptRun(tut)
    for inp in inputs_of(tut):
        apply_step(rules, state, inp)
        run.advance(inp)
    seen = []
    while rules.view(state, 0)["round"] == 1:
        view = rules.view(state, 0)
        seen.append(run.info(view)["hint"])
        deadline = rules.next_deadline(state)
        assert deadline is not None, "the results stay only `pause_ms`"
        rules.apply(state, Input.tick(deadline))
    after = run.info(rules.view(state, 0))["hint"]
    assert after == seen[-1] and after["key"] == "tutorial.quick.end"
