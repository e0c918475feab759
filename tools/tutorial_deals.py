"""Search fixed deals for the tutorials: seeds whose first game (or round) shows the main ideas.

Each game's tutorial (`quintet/games/<game>/tutorial.py`) plays one seed, its moves
written out. This tool finds such seeds and prints their moves, so a tutorial's deal can
be chosen again (after a change of the rules or the deck) the same way:

    .venv/bin/python tools/tutorial_deals.py quashars [--seeds 400]
    .venv/bin/python tools/tutorial_deals.py quiddler [--seeds 400]
    .venv/bin/python tools/tutorial_deals.py quick [--seeds 400]
    .venv/bin/python tools/tutorial_deals.py quiclo [--seeds 200]
    .venv/bin/python tools/tutorial_deals.py double-quick [--seeds 20] [--record SEED]

Quashars (3 players, seat 1 leads): in trick 1 the person must follow suit while
holding other colours, and wins the trick; the person's prediction is exactly what they
meet (predictions of 1 to 4 are tried). Quiddler (2 players, the person first, round 1):
the discard pile's card makes no word with the person's hand, so they draw from the
deck and discard a card that fits no word of theirs; the bot then discards a card that
completes a word of the person's, who takes it and goes out with a three-card word; the
bot's last turn lays down a shorter word and keeps a card.

The races (2 players, the person at seat 0):
- Quick (criteria colour, then 1-72): the person's five cards split into warm colours
  (red, orange, yellow: three) and cool ones (two), each pile built with top and bottom
  placements only (each new card the smallest or the largest of its pile), both ends
  used; the cool pile then goes under the warm one. The bot's dealt stack is wrong
  from its third card on, so its early KLAAR wins nothing. The tutorial plays seed 54,
  the first hit whose first two cards start both piles (warm, then cool) and whose red
  card goes on top of an orange one: colour before number.
- Quiclo: the person claims a + b (own cards), the bot a two-card claim, the person a
  three-card chain with * and + (* first), then x - y + t (x < y: below zero on the way,
  t the top of another stack) on purpose, the bot a claim on the third stack (ending the
  sit-out), the person x + t - y; then both vote and the person, with fewer cards, wins.
- Double Quick!: two common 3-letter words from 5 of the person's 6 first tiles,
  crossing at a green tile if possible; after the person's press the `hard` bot plays
  turns 2 to 9 against the idle person until it presses with all 22 tiles (`--record`
  prints its moves for `double_quick/tutorial_moves.py`).
"""

from __future__ import annotations

import argparse
import itertools
import json
from collections.abc import Callable, Iterator
from typing import Any

from quintet.core import Input, JSONDict, RuleError, derive_seed, registry

QUASHARS_OPTIONS: JSONDict = {
    "conditions": ["odd", "blue", "first_or_last", "three_tricks"],
    "flex_chip": False,
    "first_player": 1,
    "pause_ms": 600_000,
}
QUIDDLER_OPTIONS: JSONDict = {"first_dealer": 1, "pause_ms": 600_000}


def quashars_game(seed: int, prediction: int) -> list[Input] | None:
    """Game 1 of `seed` among basic bots, the person (seat 0) predicting `prediction`;
    the inputs when it fits the tutorial, else None."""
    game = registry.get("quashars")
    state = game.new(seed, 3, QUASHARS_OPTIONS)
    bots = {s: registry.make_bot("quashars", "basic", s, derive_seed(seed, s)) for s in range(3)}
    inputs: list[Input] = []
    while game.view(state, -2)["phase"] in ("predict", "play"):
        seat = game.view(state, -2)["to_act"]
        view = game.view(state, seat)
        plan = bots[seat].plan(view, state.now)
        assert plan is not None
        action = plan.action
        if seat == 0 and action["type"] == "predict":
            action = {"type": "predict", "chips": prediction}
        inp = Input(seat, action, state.now)
        game.apply(state, inp)
        inputs.append(inp)
        if len(inputs) == 6:  # three predictions, then trick 1
            first = game.view(state, 0)["tricks"][0]
            led = first["cards"][0][0]
            person_card = first["cards"][2]
            hand = game.view(state, -2)["hands"][0] + [person_card]
            if first["winner"] != 0 or led == "R" or not any(c[0] != led for c in hand):
                return None
            if sum(c[0] == led for c in hand) < 2:
                return None
    view = game.view(state, 0)
    return inputs if view["met"][0] == prediction else None


def quashars(seeds: int) -> Iterator[tuple[int, list[Input]]]:
    for seed in range(seeds):
        for prediction in (2, 3, 4):
            found = quashars_game(seed, prediction)
            if found is not None:
                yield seed, found


def _words_of(cards: list[str], words: frozenset[str] | Any) -> set[tuple[str, ...]]:
    """Every word (its cards in order) spelled by two or more of `cards`."""
    from quintet.games.quiddler.components import spell

    return {
        perm
        for size in range(2, len(cards) + 1)
        for perm in itertools.permutations(cards, size)
        if spell(perm) in words
    }


def quiddler_round(seed: int) -> Iterator[JSONDict]:
    """Round 1 of `seed` played as the tutorial wants it, every way it can be: the cards
    that matter of each (the person is seat 0 and plays first)."""
    from quintet.games.quiddler.dictionary import table_words

    table = table_words()
    game = registry.get("quiddler")
    state = game.new(seed, 2, QUIDDLER_OPTIONS)
    start = game.view(state, -2)
    hand, top = start["hands"][0], start["discard_top"]
    # 1. The discard pile's card makes no word with the hand: the person draws from the deck.
    if any(top in word for word in _words_of([*hand, top], table.words)):
        return
    game.apply(state, Input(0, {"type": "draw", "source": "deck"}))
    drawn = game.view(state, 0)["hand"]
    if table.go_out(tuple(drawn)):
        return
    # 2. A card that fits no word of the hand, the only one of its name, is discarded.
    for misfit in sorted(set(drawn)):
        keep = [c for c in drawn if c != misfit]
        if len(keep) != 3 or any(misfit in w for w in _words_of(drawn, table.words)):
            continue
        after_discard = state.clone()
        game.apply(after_discard, Input(0, {"type": "discard", "card": misfit}))
        # 3. The bot draws (either pile) and discards a card that completes a word of the
        # person's, without going out itself.
        for source in ("discard", "deck"):
            bot_turn = after_discard.clone()
            game.apply(bot_turn, Input(1, {"type": "draw", "source": source}))
            bot_hand = game.view(bot_turn, 1)["hand"]
            if table.go_out(tuple(bot_hand)):
                continue
            for given in sorted(set(bot_hand)):
                if table.go_out(tuple(sorted([*keep, given]))) is None:
                    continue
                for end in _quiddler_end(bot_turn, given):
                    yield {"hand": hand, "top": top, "misfit": misfit, "bot_draws": source,
                           "gives": given, **end}  # fmt: skip


def _quiddler_end(state: Any, given: str) -> Iterator[JSONDict]:
    """4. The person takes `given` and goes out with a three-card word; 5. the bot's last
    turn lays down a shorter word and keeps a card (it counts against it)."""
    from quintet.games.quiddler.components import letters
    from quintet.games.quiddler.dictionary import table_words

    table = table_words()
    game = registry.get("quiddler")
    state = state.clone()
    game.apply(state, Input(1, {"type": "discard", "card": given}))
    game.apply(state, Input(0, {"type": "draw", "source": "discard"}))
    hand = game.view(state, 0)["hand"]
    for discard in sorted(set(hand)):
        rest = list(hand)
        rest.remove(discard)
        for word in sorted(w for w in _words_of(rest, table.words) if len(w) == 3):
            last = state.clone()
            go_out = {"type": "go_out", "words": [list(word)], "discard": discard}
            game.apply(last, Input(0, go_out))
            game.apply(last, Input(1, {"type": "draw", "source": "deck"}))
            lay = table.best_lay_down(tuple(game.view(last, 1)["hand"]))
            if lay.words and lay.unused and max(map(letters, lay.words)) < letters(word):
                yield {"word": list(word), "discard": discard, "bot_lays": lay.to_json()}


def quiddler(seeds: int) -> Iterator[tuple[int, JSONDict]]:
    for seed in range(seeds):
        for found in quiddler_round(seed):
            yield seed, found


QUICK_OPTIONS: JSONDict = {"criteria": ["colour", "number"], "pause_ms": 120_000}
QUICLO_OPTIONS: JSONDict = {"sit_out_ms": 3000}
DOUBLE_QUICK_OPTIONS: JSONDict = {"turn_seconds": 600, "final_seconds": 1800}


def quick_moves(stack: list[int]) -> list[JSONDict] | None:
    """The person's moves sorting `stack` (top first) by warm and cool piles, or None."""
    from quintet.games.quick.components import parse_criteria, sort_key

    criteria = parse_criteria(QUICK_OPTIONS["criteria"])
    piles: list[tuple[str, list[int]]] = [("stack", list(stack))]
    moves: list[JSONDict] = []
    for card in stack:
        moves.append({"type": "take", "pile": 0})
        piles[0][1].pop(0)
        if not piles[0][1]:
            piles.pop(0)
        names = [name for name, _ in piles]
        name = "warm" if sort_key(card, criteria)[0] < 3 else "cool"
        if name not in names:
            at = names.index("cool") if name == "warm" and "cool" in names else len(piles)
            piles.insert(at, (name, [card]))
            moves.append({"type": "new_pile", "at": at})
            continue
        index = names.index(name)
        pile, key = piles[index][1], sort_key(card, criteria)
        if key < sort_key(pile[0], criteria):
            pile.insert(0, card)
            moves.append({"type": "place", "pile": index, "end": "top"})
        elif key > sort_key(pile[-1], criteria):
            pile.append(card)
            moves.append({"type": "place", "pile": index, "end": "bottom"})
        else:
            return None
    if [name for name, _ in piles] != ["warm", "cool"] or len(piles[1][1]) != 2:
        return None
    for _ in piles[1][1]:
        moves += [{"type": "take", "pile": 1}, {"type": "place", "pile": 0, "end": "bottom"}]
    return [*moves, {"type": "klaar"}]


def quick(seeds: int) -> Iterator[tuple[int, list[JSONDict]]]:
    from quintet.games.quick.components import first_wrong, parse_criteria

    criteria = parse_criteria(QUICK_OPTIONS["criteria"])
    game = registry.get("quick")
    for seed in range(seeds):
        state = game.new(seed, 2, QUICK_OPTIONS)
        mine, bots = (stack[0] for stack in game.view(state, -2)["stacks"])
        wrong = first_wrong(bots, criteria)
        moves = quick_moves(mine)
        if moves is None or wrong is None or wrong < 2:
            continue
        ends = {move.get("end") for move in moves[:10]}
        if {"top", "bottom"} <= ends:
            yield seed, moves


def _claims(game: Any, state: Any, seat: int, fits: Callable[..., bool]) -> list[JSONDict]:
    view = game.view(state, seat)
    found = []
    for claim in game.legal_actions(state, seat):
        if claim["type"] == "claim":
            claim.pop("order", None)
            own = [card for card in claim["operands"] if card in view["hand"]]
            if fits(claim, own, view["hand"], view["tops"]):
                found.append(claim)
    return found


def _after(game: Any, state: Any, seat: int, action: JSONDict) -> Any:
    later = state.clone()
    game.apply(later, Input(seat, action, state.now + 1000))
    return later


def quiclo_game(seed: int) -> list[JSONDict] | None:
    """The six claims of Quiclo's tutorial in `seed` (see the module's doc), or None."""
    game = registry.get("quiclo")
    s0 = game.new(seed, 2, QUICLO_OPTIONS)
    for c1 in _claims(game, s0, 0, lambda c, own, h, t: c["operators"] == ["+"] and len(own) == 2)[
        :6
    ]:
        s1 = _after(game, s0, 0, c1)
        pairs = _claims(game, s1, 1, lambda c, own, h, t: len(own) == 2 == len(c["operands"]))
        for b1 in pairs[:4]:
            s2 = _after(game, s1, 1, b1)
            times = _claims(
                game,
                s2,
                0,
                lambda c, own, h, t: (
                    c["operators"] in (["*", "+"], ["+", "*"])
                    and len(own) >= 2
                    and 1 not in c["operands"]
                ),
            )
            for c3 in times[:4]:
                s3 = _after(game, s2, 0, c3)
                goods = _claims(
                    game,
                    s3,
                    0,
                    lambda c, own, h, t: (
                        c["operators"] == ["+", "-"]
                        and len(c["operands"]) == 3
                        and c["operands"][0] in h
                        and c["operands"][2] in h
                        and c["operands"][1] in t
                        and c["operands"][0] < c["operands"][2]
                    ),
                )
                for good in goods[:4]:
                    x, top, y = good["operands"]
                    wrong = {**good, "operands": [x, y, top], "operators": ["-", "+"]}
                    s4 = _after(game, s3, 0, wrong)
                    other = game.view(s4, 0)["tops"].index(top)
                    thirds = _claims(
                        game,
                        s4,
                        1,
                        lambda c, own, h, t, busy=(good["stack"], other): (
                            c["stack"] not in busy and len(own) == 2 == len(c["operands"])
                        ),
                    )
                    for b2 in thirds[:3]:
                        s6 = _after(game, _after(game, s4, 1, b2), 0, good)
                        if game.view(s6, 0)["over"]:
                            continue
                        vote = {"type": "no_more_claims"}
                        end = game.view(_after(game, _after(game, s6, 1, vote), 0, vote), 0)
                        if end["over"] and end["winners"] == [0]:
                            return [c1, b1, c3, wrong, b2, good]
    return None


def quiclo(seeds: int) -> Iterator[tuple[int, list[JSONDict]]]:
    for seed in range(seeds):
        found = quiclo_game(seed)
        if found is not None:
            yield seed, found


def crossings(rack: list[JSONDict]) -> list[tuple[str, str, JSONDict, list[tuple[str, int, int]]]]:
    """Two common 3-letter words from 5 tiles of `rack`: one across from (0, 0), one down
    through one of its letters; each with the crossing tile and every tile's cell."""
    from quintet.words import default_words

    common = {word for word in default_words().words(20) if len(word) == 3}
    plain = [tile for tile in rack if tile["letter"]]
    found = []
    for across in itertools.permutations(plain, 3):
        word = "".join(tile["letter"] for tile in across)
        if word not in common:
            continue
        rest = [tile for tile in plain if tile not in across]
        for i, pair, j in itertools.product(range(3), itertools.permutations(rest, 2), range(3)):
            letters = [tile["letter"] for tile in pair]
            down = "".join([*letters[:j], across[i]["letter"], *letters[j:]])
            if down in common:
                cells = [(tile["tile"], 0, k) for k, tile in enumerate(across)]
                rows = [row for row in range(-j, 3 - j) if row != 0]
                cells += [(tile["tile"], row, i) for tile, row in zip(pair, rows, strict=True)]
                found.append((word, down, across[i], cells))
    return found


def double_quick_bot(seed: int, cells: list[tuple[str, int, int]]) -> list[JSONDict] | None:
    """The `hard` bot's moves in turns 2 to 9 after the person built `cells` and pressed,
    until it ends the game with a press; None when a turn would end by its clock."""
    game = registry.get("double-quick")
    state = game.new(seed, 2, DOUBLE_QUICK_OPTIONS)
    for tile, row, col in cells:
        game.apply(state, Input(0, {"type": "place", "tile": tile, "row": row, "col": col}))
    game.apply(state, Input(0, {"type": "press"}))
    bot = registry.make_bot("double-quick", "hard", 1, derive_seed(seed, 1))
    moves: list[JSONDict] = []
    while not game.is_over(state) and len(moves) < 200:
        plan = bot.plan(game.view(state, 1), state.now)
        deadline = game.next_deadline(state)
        if plan is None or (deadline is not None and plan.time >= deadline):
            return None
        try:
            game.apply(state, Input(1, plan.action, max(state.now, plan.time)))
        except RuleError as error:
            bot.refused(error, state.now)
            continue
        moves.append(plan.action)
    return moves if game.is_over(state) else None


def double_quick(seeds: int) -> Iterator[tuple[int, JSONDict]]:
    game = registry.get("double-quick")
    for seed in range(seeds):
        rack = game.view(game.new(seed, 2, DOUBLE_QUICK_OPTIONS), 0)["seats"][0]["rack"]
        found = crossings(rack)
        green = [one for one in found if one[2]["points"] > 1]
        if not found:
            continue
        across, down, crossing, cells = (green or found)[0]
        moves = double_quick_bot(seed, cells)
        if moves is not None:
            yield (
                seed,
                {
                    "words": [across, down],
                    "crossing": crossing["tile"],
                    "cells": cells,
                    "bot_moves": len(moves),
                },
            )


def record(moves: list[JSONDict]) -> Iterator[str]:
    """The bot's moves as `double_quick/tutorial_moves.py` writes them."""
    for move in moves:
        kind = move["type"]
        if kind in ("press", "lift", "pass"):
            tile = move.get("tile", "-") or "-"
            yield kind if kind == "press" else f"{kind} {tile}"
        else:
            letter = f" {move['letter']}" if move.get("letter") else ""
            yield f"{kind} {move['tile']} {move['row']} {move['col']}{letter}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=["quashars", "quiddler", "quick", "quiclo", "double-quick"])
    parser.add_argument("--seeds", type=int, default=400)
    parser.add_argument("--record", type=int, help="double-quick: print this seed's bot moves")
    args = parser.parse_args()
    if args.game == "quashars":
        for seed, inputs in quashars(args.seeds):
            print(seed, json.dumps([[i.seat, i.action] for i in inputs]))
    elif args.game == "double-quick" and args.record is not None:
        rack = registry.get("double-quick").new(args.record, 2, DOUBLE_QUICK_OPTIONS)
        first = crossings(registry.get("double-quick").view(rack, 0)["seats"][0]["rack"])
        green = [one for one in first if one[2]["points"] > 1]
        moves = double_quick_bot(args.record, (green or first)[0][3]) or []
        for line in record(moves):
            print(f'    "{line}",')
    else:
        search = {
            "quiddler": quiddler,
            "quick": quick,
            "quiclo": quiclo,
            "double-quick": double_quick,
        }
        for seed, found in search[args.game](args.seeds):
            print(seed, json.dumps(found))


if __name__ == "__main__":
    main()
