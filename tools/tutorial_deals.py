"""Search fixed deals for the tutorials: seeds whose first game (or round) shows the main ideas.

Each game's tutorial (`quintet/games/<game>/tutorial.py`) plays one seed, its moves
written out. This tool finds such seeds and prints their moves, so a tutorial's deal can
be chosen again (after a change of the rules or the deck) the same way:

    .venv/bin/python tools/tutorial_deals.py quashars [--seeds 400]
    .venv/bin/python tools/tutorial_deals.py quiddler [--seeds 400]

Quashars (3 players, seat 1 leads): in trick 1 the person must follow suit while
holding other colours, and wins the trick; the person's prediction is exactly what they
meet (predictions of 1 to 4 are tried). Quiddler (2 players, the person first, round 1):
the discard pile's card makes no word with the person's hand, so they draw from the
deck and discard a card that fits no word of theirs; the bot then discards a card that
completes a word of the person's, who takes it and goes out with a three-card word; the
bot's last turn lays down a shorter word and keeps a card.
"""

from __future__ import annotations

import argparse
import itertools
import json
from collections.abc import Iterator
from typing import Any

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
