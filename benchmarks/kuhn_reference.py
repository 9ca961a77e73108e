"""The yardstick of the Chomp! engine benchmark, measured on this machine: OpenSpiel's pure-Python
Kuhn poker (``python_kuhn_poker``), with the same two loops as ``engine_chomp.py`` (a script, not a
test; OpenSpiel is not a dependency of rulecheck).

* playout: legal actions (or chance outcomes) + a seeded random choice + apply, whole games;
* apply-only: the recorded games replayed through ``apply_action`` alone.

OpenSpiel's states are mutable and record no provenance; the Chomp! engine's are immutable and
every step records the clauses and rulings it used. Run it in a separate virtual environment:

    python3 -m venv /tmp/os && /tmp/os/bin/pip install open_spiel && /tmp/os/bin/python benchmarks/kuhn_reference.py
"""

from __future__ import annotations

import argparse
import random
import sys
import time


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU time for the recorded playouts")
    args = parser.parse_args()
    try:
        import pyspiel
        from open_spiel.python.games import kuhn_poker  # noqa: F401 - registers python_kuhn_poker
    except ImportError:
        sys.exit("OpenSpiel is not installed here: pip install open_spiel (in a separate virtual environment)")
    game = pyspiel.load_game("python_kuhn_poker")
    clock = time.process_time
    rng = random.Random(1)
    games: list[list[int]] = []
    start = clock()
    while clock() - start < args.seconds:
        state, actions = game.new_initial_state(), []
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                action = rng.choices(outcomes, probs)[0]
            else:
                action = rng.choice(state.legal_actions())
            actions.append(action)
            state.apply_action(action)
        games.append(actions)
    playout = sum(map(len, games)) / (clock() - start)
    start = clock()
    for actions in games:
        state = game.new_initial_state()
        for action in actions:
            state.apply_action(action)
    apply_only = sum(map(len, games)) / (clock() - start)
    print(f"python_kuhn_poker, CPU time: playout {playout:,.0f} actions/s, apply-only {apply_only:,.0f} actions/s "
          f"({len(games)} games)")


if __name__ == "__main__":
    main()
