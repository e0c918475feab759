"""The conformance kit: random play and the checks every game must pass.

`tests/core/test_conformance.py` runs them on every registered game; a game's own
tests, and the tests that show each check can fail, run the very same code.

- `driver`: `RandomDriver`, random legal play through the public contract, for a
  game that lists its actions and one that only samples them;
- `data`: JSON comparisons (`first_difference`, `json_ready_problem`, ...);
- `hidden`: hidden information, by string walk and by scrambling (ADR 0006);
- `realtime`: stale and simultaneous inputs, deadlines.
"""

from quintet.core.kit.data import (
    check_round_trip,
    first_difference,
    json_difference,
    json_ready_problem,
    string_leaks,
    strings_in,
)
from quintet.core.kit.driver import (
    MAX_INPUTS,
    Choose,
    Mover,
    RandomDriver,
    movers_of,
    offered,
    random_record,
)
from quintet.core.kit.hidden import (
    ScrambleTally,
    check_scramble,
    check_scrambled_plays_on,
    check_scrambling_moves_hidden_cards,
    check_string_walk,
    walk_scrambles,
)
from quintet.core.kit.realtime import (
    RealTimeTally,
    check_deadline,
    check_real_time_coverage,
    check_simultaneous_inputs,
    check_stale_inputs,
    host_time,
    walk_real_time,
)

__all__ = [
    "MAX_INPUTS",
    "Choose",
    "Mover",
    "RandomDriver",
    "RealTimeTally",
    "ScrambleTally",
    "check_deadline",
    "check_real_time_coverage",
    "check_round_trip",
    "check_scramble",
    "check_scrambled_plays_on",
    "check_scrambling_moves_hidden_cards",
    "check_simultaneous_inputs",
    "check_stale_inputs",
    "check_string_walk",
    "first_difference",
    "host_time",
    "json_difference",
    "json_ready_problem",
    "movers_of",
    "offered",
    "random_record",
    "string_leaks",
    "strings_in",
    "walk_real_time",
    "walk_scrambles",
]
