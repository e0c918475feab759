"""Race the Quashars fast path of a git revision against the working tree, in one process.

    .venv/bin/python -m bench.compare 5ae3345 [--rounds 7] [--games 3000]

The revision's whole ``quintet`` package is read with ``git show`` (nothing in the repository
changes) and imported under another name, its own imports pointed at itself, so its rules run
on its own core and RNG. Both versions then play the same random playouts
(``bench.quashars_playouts.random_games``), alternating round by round because a shared
machine's speed drifts. Prints one JSON line with the medians.
"""

from __future__ import annotations

import argparse
import importlib
import json
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from types import ModuleType

from bench.quashars_playouts import GAME_UNIT, random_games
from quintet.games.quashars import fast as current_rules

_PACKAGE = "_quintet_at_revision"
#: `from quintet...` and `import quintet...` at the start of a line (module level or indented).
_IMPORTS = re.compile(r"^(\s*(?:from|import) )quintet\b", re.MULTILINE)


def _git(root: Path, *args: str) -> str:
    done = subprocess.run(["git", *args], check=False, cwd=root, capture_output=True, text=True)
    if done.returncode != 0:
        raise ValueError(f"git {' '.join(args)} failed: {done.stderr.strip()}")
    return done.stdout


def load_revision(revision: str, directory: Path) -> ModuleType:
    """Import the Quashars fast-path module of ``revision`` under another name, in ``directory``.

    Raises ValueError when git cannot list or show the revision's files.
    """
    root = Path(__file__).resolve().parent.parent
    for path in _git(root, "ls-tree", "-r", "--name-only", revision, "src/quintet").split():
        if not path.endswith(".py"):
            continue
        source = _IMPORTS.sub(rf"\g<1>{_PACKAGE}", _git(root, "show", f"{revision}:{path}"))
        target = directory / _PACKAGE / Path(path).relative_to("src/quintet")
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(source)
    quashars = directory / _PACKAGE / "games" / "quashars"
    # The fast path has its own module since the games share one layout; before, rules.py.
    module = "fast" if (quashars / "fast.py").exists() else "rules"
    if not (quashars / f"{module}.py").exists():
        raise ValueError(f"revision {revision} has no src/quintet/games/quashars/rules.py")
    for loaded in [m for m in sys.modules if m == _PACKAGE or m.startswith(f"{_PACKAGE}.")]:
        del sys.modules[loaded]  # an earlier revision loaded in this process
    importlib.invalidate_caches()
    sys.path.insert(0, str(directory))
    try:
        return importlib.import_module(f"{_PACKAGE}.games.quashars.{module}")
    finally:
        sys.path.remove(str(directory))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m bench.compare", description=(__doc__ or "").split("\n\n")[0]
    )
    parser.add_argument("revision", help="git revision to race against the working tree")
    parser.add_argument("--rounds", type=int, default=7, help="rounds of each (default 7)")
    parser.add_argument("--games", type=int, default=3000, help="deals per round (default 3000)")
    args = parser.parse_args(argv)
    if args.rounds < 1 or args.games < 1:
        parser.error("--rounds and --games must be at least 1")
    with tempfile.TemporaryDirectory() as directory:
        try:
            old_rules = load_revision(args.revision, Path(directory))
        except ValueError as error:
            parser.error(str(error))
        random_games(200, seed=1, rules=old_rules)  # warm-up
        random_games(200, seed=1, rules=current_rules)
        # Games per second of wall time, and of the process's CPU time, per round.
        before: list[tuple[float, float]] = []
        after: list[tuple[float, float]] = []
        for round_no in range(args.rounds):
            # Alternate which goes first, so drift within a round hits both alike.
            pair = [(before, old_rules), (after, current_rules)]
            for rates, rules in pair if round_no % 2 == 0 else pair[::-1]:
                cpu = time.process_time()
                seconds = random_games(args.games, seed=round_no + 2, rules=rules)
                cpu = max(time.process_time() - cpu, 1e-9)
                rates.append((args.games / seconds, args.games / cpu))
    old, new = (statistics.median(wall for wall, _ in rates) for rates in (before, after))
    old_cpu, new_cpu = (statistics.median(cpu for _, cpu in rates) for rates in (before, after))
    line = {
        "benchmark": "quashars_random_games_vs_revision",
        "revision": args.revision,
        "players": 4,
        "game_unit": GAME_UNIT,
        "games": args.games,
        "repeats": args.rounds,
        "games_per_second_revision": round(old, 1),
        "games_per_second_working_tree": round(new, 1),
        "speedup": round(new / old, 3),
        "games_per_cpu_second_revision": round(old_cpu, 1),
        "games_per_cpu_second_working_tree": round(new_cpu, 1),
        "speedup_by_cpu_time": round(new_cpu / old_cpu, 3),
    }
    print(json.dumps(line), flush=True)


if __name__ == "__main__":
    main()
