"""Instructions per action of the Chomp! engine, counted by valgrind (a script, not a test).

Deterministic where timings are not (a shared machine's CPU-time figures differ by up to 30 %
from run to run): for each configuration it records ``--games`` seeded random games, clears the
engine's caches, then either replays every recorded game once (``apply-only``) or plays as many
seeded random playouts from empty caches (``playout``). Each is run under ``valgrind
--tool=callgrind`` twice, with that loop and without it, and the difference is divided by the
actions of the loop, with ``PYTHONHASHSEED=0`` so that two runs count the same. ``--pure`` runs
the source (``RULECHECK_PURE_PYTHON=1``) where the compiled engine is installed, for a
before/after of the build.

    python benchmarks/engine_instructions.py [--games 60] [--pure] [--configs standard:3 underwater-war:2]
"""

from __future__ import annotations

import argparse
import os
import random
import re
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
CONFIGS = ("standard:3", "standard:4", "standard:5", "underwater-war:2", "chomp-rapido:2", "doble-chomp:2")
LOOPS = ("apply-only", "playout")


def run_loop(variant: str, players: int, loop: str, games: int, measured: bool) -> int:
    """Record, clear the caches, then run ``loop`` if ``measured``; the actions it applied."""
    sys.path.insert(0, str(HERE))
    import engine_chomp

    from rulecheck.engine import playout
    from rulecheck.games import load_game
    from rulecheck.games.chomp import clear_caches

    game = load_game("chomp", variant, players, "recommended", "full")
    recorded = engine_chomp.record(game, 4242, games, 20_000)
    clear_caches()
    if loop == "apply-only":
        if measured:
            root, apply = game.root_state(), game.apply_unchecked
            for seq in recorded:
                state = root
                for action in seq:
                    state = apply(state, action).state
        return sum(map(len, recorded))
    rng = random.Random(99)
    return sum(playout(game, rng, 20_000)[0] for _ in range(games)) if measured else 0


def callgrind_count(argv: list[str], env: dict[str, str]) -> tuple[int, int]:
    """(instructions, actions) of the command ``argv`` run under callgrind, which prints its
    actions as ``ACTIONS n``; with ``PYTHONHASHSEED=0``, since string hashes vary by process
    otherwise, and so the counts."""
    out = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *argv],
        env=dict(env, PYTHONHASHSEED="0"), capture_output=True, text=True, check=True,
    )
    refs = re.search(r"refs:\s+([\d,]+)", out.stderr)
    actions = re.search(r"ACTIONS (\d+)", out.stdout)
    if refs is None or actions is None:
        sys.exit(f"could not read valgrind's count: {out.stderr[-500:]}")
    return int(refs.group(1).replace(",", "")), int(actions.group(1))


def count(args: list[str], pure: bool) -> tuple[int, int]:
    """(instructions, actions) of this script's ``--child`` run under callgrind."""
    env = dict(os.environ)
    env.pop("RULECHECK_PURE_PYTHON", None)
    if pure:
        env["RULECHECK_PURE_PYTHON"] = "1"
    return callgrind_count([sys.executable, __file__, "--child", *args], env)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--pure", action="store_true", help="run the source, not the compiled build")
    parser.add_argument("--configs", nargs="+", default=list(CONFIGS), metavar="VARIANT:PLAYERS")
    parser.add_argument("--child", nargs=4, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        variant, players, loop, measured = args.child
        print("ACTIONS", run_loop(variant, int(players), loop, args.games, measured == "1"))
        return
    build = "source" if args.pure else "installed build"
    print(f"{'variant':<16}{'players':>8}{'loop':>12}{'actions':>9}{'Ir/action':>11}   ({build})")
    for config in args.configs:
        variant, players = config.split(":")
        for loop in LOOPS:
            without, _ = count([variant, players, loop, "0", "--games", str(args.games)], args.pure)
            with_loop, actions = count([variant, players, loop, "1", "--games", str(args.games)], args.pure)
            per_action = (with_loop - without) / actions
            print(f"{variant:<16}{players:>8}{loop:>12}{actions:>9}{per_action:>11,.0f}", flush=True)


if __name__ == "__main__":
    main()
