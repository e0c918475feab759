"""Search fixed deals for the tutorials: seeds whose first game (or round) shows the main ideas.

Each game's tutorial (`quintet/games/<game>/tutorial.py`) plays one seed, its moves
written out. This tool finds such seeds and prints their moves, so a tutorial's deal can
be chosen again (after a change of the rules or the deck) the same way:

    .venv/bin/python tools/tutorial_deals.py quashars [--seeds 400]
    .venv/bin/python tools/tutorial_deals.py quiddler [--seeds 400]

Quashars (3 players, seat 1 leads): in trick 1 the person must follow suit while
holding other colours, and wins the trick; the person's prediction is exactly what they
meet (predictions of 1 to 4 are tried). Quiddler (2 players, the person first): the top
of the discard pile with two cards of the person's hand makes a word, so the person
draws it and goes out at once.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Iterator

from quintet.core import Input, JSONDict, derive_seed, registry

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


def quiddler(seeds: int) -> Iterator[tuple[int, JSONDict]]:
    from quintet.games.quiddler.dictionary import table_words
    from quintet.games.quiddler.solver import can_go_out

    words = table_words().words
    game = registry.get("quiddler")
    for seed in range(seeds):
        state = game.new(seed, 2, QUIDDLER_OPTIONS)
        view = game.view(state, 0)
        hand, top = view["hand"], view["discard_top"]
        if can_go_out(hand, words) is not None or top is None:
            continue
        out = can_go_out([*hand, top], words)
        if out is not None and len(out.words) == 1 and out.discard != top:
            yield seed, {"hand": hand, "top": top, "words": out.words, "discard": out.discard}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=["quashars", "quiddler"])
    parser.add_argument("--seeds", type=int, default=400)
    args = parser.parse_args()
    if args.game == "quashars":
        for seed, inputs in quashars(args.seeds):
            print(seed, json.dumps([[i.seat, i.action] for i in inputs]))
    else:
        for seed, found in quiddler(args.seeds):
            print(seed, json.dumps(found))


if __name__ == "__main__":
    main()
