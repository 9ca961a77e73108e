"""The yardstick of the Chomp! engine benchmark, measured on this machine: OpenSpiel's pure-Python
Kuhn poker (``python_kuhn_poker``), with the same two loops as ``engine_chomp.py`` (a script, not a
test; OpenSpiel is not a dependency of rulecheck).

* playout: legal actions (or chance outcomes) + a seeded random choice + apply, whole games;
* apply-only: the recorded games replayed through ``apply_action`` alone.

OpenSpiel's states are mutable and record no provenance; the Chomp! engine's are immutable and
every step records the clauses and rulings it used. Run it in a separate virtual environment:

    python3 -m venv /tmp/os && /tmp/os/bin/pip install open_spiel && /tmp/os/bin/python benchmarks/kuhn_reference.py

``--instructions`` counts instead the instructions per action of both loops under valgrind
(``PYTHONHASHSEED=0``; each loop's run minus a run that only records), as
``engine_instructions.py`` does for the Chomp! engine: a figure that does not move with the
machine's load.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from pathlib import Path
from typing import Any


def _game() -> Any:
    try:
        import pyspiel
        from open_spiel.python.games import kuhn_poker  # noqa: F401 - registers python_kuhn_poker
    except ImportError:
        sys.exit("OpenSpiel is not installed here: pip install open_spiel (in a separate virtual environment)")
    return pyspiel.load_game("python_kuhn_poker")


def _play(game: Any, rng: random.Random) -> list[int]:
    """One seeded random game: its actions."""
    state, actions = game.new_initial_state(), []
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            action = rng.choices(outcomes, probs)[0]
        else:
            action = rng.choice(state.legal_actions())
        actions.append(action)
        state.apply_action(action)
    return actions


def _replay(game: Any, games: list[list[int]]) -> None:
    for actions in games:
        state = game.new_initial_state()
        for action in actions:
            state.apply_action(action)


def _child(loop: str, games: int) -> None:
    """Record ``games`` seeded games, then run ``loop`` (or nothing); print the actions it applied."""
    game = _game()
    rng = random.Random(1)
    recorded = [_play(game, rng) for _ in range(games)]
    actions = 0
    if loop == "apply-only":
        _replay(game, recorded)
        actions = sum(map(len, recorded))
    elif loop == "playout":
        actions = sum(len(_play(game, rng)) for _ in range(games))
    print("ACTIONS", actions)


def _count(loop: str, games: int) -> tuple[int, int]:
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from engine_instructions import callgrind_count  # stdlib only: importable beside OpenSpiel

    return callgrind_count([sys.executable, __file__, "--child", loop, "--games", str(games)], dict(os.environ))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU time for the recorded playouts")
    parser.add_argument("--instructions", action="store_true", help="instructions per action under valgrind")
    parser.add_argument("--games", type=int, default=2000, help="games per loop with --instructions")
    parser.add_argument("--child", choices=("none", "apply-only", "playout"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        _child(args.child, args.games)
        return
    if args.instructions:
        base, _ = _count("none", args.games)
        for loop in ("apply-only", "playout"):
            total, actions = _count(loop, args.games)
            print(f"python_kuhn_poker, {loop}: {(total - base) / actions:,.0f} instructions/action "
                  f"({actions} actions, valgrind)", flush=True)
        return
    game = _game()
    clock = time.process_time
    rng = random.Random(1)
    games: list[list[int]] = []
    start = clock()
    while clock() - start < args.seconds:
        games.append(_play(game, rng))
    playout = sum(map(len, games)) / (clock() - start)
    start = clock()
    _replay(game, games)
    apply_only = sum(map(len, games)) / (clock() - start)
    print(f"python_kuhn_poker, CPU time: playout {playout:,.0f} actions/s, apply-only {apply_only:,.0f} actions/s "
          f"({len(games)} games)")


if __name__ == "__main__":
    main()
