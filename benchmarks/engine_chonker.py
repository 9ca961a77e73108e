"""Benchmark: Chonker Party random playouts (full deck) for 2 to 6 players.

Run ``python benchmarks/engine_chonker.py [--seconds S] [--ruleset R]``; prints playouts/s and
actions/s per player count (chance, War windows and every choice count as actions).
"""

from __future__ import annotations

import argparse
import random
import time

from rulecheck.engine import playout
from rulecheck.games import load_game


def bench(players: int, seconds: float, ruleset: str) -> tuple[int, int, float]:
    game = load_game("chonker-party", None, players, ruleset, "full")
    rng = random.Random(players)
    games = actions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        n, _ = playout(game, rng)
        games += 1
        actions += n
    return games, actions, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--ruleset", default="recommended")
    args = parser.parse_args()
    print(f"chonker-party, full deck, ruleset {args.ruleset}")
    print(f"{'players':>7} {'playouts/s':>11} {'actions/s':>10} {'actions/game':>13}")
    for players in range(2, 7):
        games, actions, elapsed = bench(players, args.seconds, args.ruleset)
        print(f"{players:>7} {games / elapsed:>11.1f} {actions / elapsed:>10.0f} {actions / games:>13.1f}")


if __name__ == "__main__":
    main()
