"""Race the Quashars fast path of a git revision against the working tree, in one process.

    .venv/bin/python -m bench.compare 5ae3345 [--rounds 7] [--games 3000]
    .venv/bin/python -m bench.compare 100fac8 --rl [--rounds 7] [--steps 20000]

The revision's whole ``quintet`` package is read with ``git show`` (nothing in the repository
changes) and imported under another name, its own imports pointed at itself, so its rules run
on its own core and RNG. Both versions then play the same random playouts
(``bench.quashars_playouts.random_games``), alternating round by round because a shared
machine's speed drifts. Prints one JSON line with the medians.

With ``--rl`` the race is ``quintet.rl``'s Quashars AEC environment instead (4 agents, random
legal slots, driven as ``bench.rl_steps`` drives it), in steps per second: the revision's
``quintet.rl`` alone is imported under another name, on the working tree's rules (the
game registry holds one set of games).
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
_RL_PACKAGE = "_quintet_rl_at_revision"
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


def load_revision_rl(revision: str, directory: Path) -> ModuleType:
    """Import ``quintet.rl`` of ``revision`` under another name, in ``directory``, its
    imports of ``quintet.rl`` pointed at itself. Raises ValueError when git fails."""
    root = Path(__file__).resolve().parent.parent
    own = re.compile(r"\bquintet\.rl\b")
    for path in _git(root, "ls-tree", "-r", "--name-only", revision, "src/quintet/rl").split():
        if path.endswith(".py"):
            source = own.sub(_RL_PACKAGE, _git(root, "show", f"{revision}:{path}"))
            target = directory / _RL_PACKAGE / Path(path).relative_to("src/quintet/rl")
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(source)
    if not (directory / _RL_PACKAGE / "__init__.py").exists():
        raise ValueError(f"revision {revision} has no src/quintet/rl")
    for loaded in [m for m in sys.modules if m.startswith(_RL_PACKAGE)]:
        del sys.modules[loaded]
    importlib.invalidate_caches()
    sys.path.insert(0, str(directory))
    try:
        return importlib.import_module(_RL_PACKAGE)
    finally:
        sys.path.remove(str(directory))


def race_rl(revision: str, rounds: int, steps: int) -> dict[str, object]:
    """Quashars AEC steps per second of the revision's `quintet.rl` and the working tree's,
    round by round in turn. Raises ValueError when git fails."""
    import quintet.rl
    from bench.rl_steps import drive

    with tempfile.TemporaryDirectory() as directory:
        old_rl = load_revision_rl(revision, Path(directory))

        def run(rl: ModuleType, count: int, seed: int) -> tuple[float, float]:
            cpu = time.process_time()
            seconds = drive(rl.env("quashars", players=4, seed=seed), count, seed)
            return count / seconds, count / max(time.process_time() - cpu, 1e-9)

        run(old_rl, 1000, 0)  # warm-up
        run(quintet.rl, 1000, 0)
        before: list[tuple[float, float]] = []
        after: list[tuple[float, float]] = []
        for round_no in range(rounds):
            pair = [(before, old_rl), (after, quintet.rl)]
            for rates, rl in pair if round_no % 2 == 0 else pair[::-1]:
                rates.append(run(rl, steps, round_no + 1))
    return {
        "benchmark": "rl_quashars_aec_steps_vs_revision",
        "revision": revision,
        "players": 4,
        "steps": steps,
        "repeats": rounds,
        **speeds("steps", before, after),
    }


def speeds(
    unit: str, before: list[tuple[float, float]], after: list[tuple[float, float]]
) -> dict[str, float]:
    """The medians of the rounds' (wall, CPU) rates of the revision and the working tree,
    and the speed-ups, as `<unit>_per_second_*` and `<unit>_per_cpu_second_*` figures."""
    old, new = (statistics.median(wall for wall, _ in rates) for rates in (before, after))
    old_cpu, new_cpu = (statistics.median(cpu for _, cpu in rates) for rates in (before, after))
    return {
        f"{unit}_per_second_revision": round(old, 1),
        f"{unit}_per_second_working_tree": round(new, 1),
        "speedup": round(new / old, 3),
        f"{unit}_per_cpu_second_revision": round(old_cpu, 1),
        f"{unit}_per_cpu_second_working_tree": round(new_cpu, 1),
        "speedup_by_cpu_time": round(new_cpu / old_cpu, 3),
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m bench.compare", description=(__doc__ or "").split("\n\n")[0]
    )
    parser.add_argument("revision", help="git revision to race against the working tree")
    parser.add_argument("--rounds", type=int, default=7, help="rounds of each (default 7)")
    parser.add_argument("--games", type=int, default=3000, help="deals per round (default 3000)")
    parser.add_argument(
        "--rl", action="store_true", help="race quintet.rl's Quashars AEC environment instead"
    )
    parser.add_argument("--steps", type=int, default=20000, help="with --rl: steps per round")
    args = parser.parse_args(argv)
    if args.rounds < 1 or args.games < 1 or args.steps < 1:
        parser.error("--rounds, --games and --steps must be at least 1")
    if args.rl:
        try:
            line = race_rl(args.revision, args.rounds, args.steps)
        except ValueError as error:
            parser.error(str(error))
        print(json.dumps(line), flush=True)
        return
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
    line = {
        "benchmark": "quashars_random_games_vs_revision",
        "revision": args.revision,
        "players": 4,
        "game_unit": GAME_UNIT,
        "games": args.games,
        "repeats": args.rounds,
        **speeds("games", before, after),
    }
    print(json.dumps(line), flush=True)


if __name__ == "__main__":
    main()
