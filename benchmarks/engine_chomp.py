"""Benchmark: seeded random Chomp! playouts per second and actions per second (a script, not a test).

Every configuration plays full-deck games under the recommended ruleset with provenance on
(every action goes through ``Game.apply_unchecked``, which records the clauses and rulings
used), choosing uniformly among legal actions and sampling chance nodes: the *playout* rate
(legal actions + random choice + apply). The *apply-only* rate replays pre-recorded seeded
action sequences through ``apply_unchecked`` alone, which is what "applies ... actions per
second" measures: many distinct games, each replayed once after the engine's caches were
cleared, so that neither a whole-state cache nor the recording's warm caches can inflate it (see
:func:`bench_apply`). The issue's yardstick is OpenSpiel's python_kuhn_poker at about 225k
actions/s applied from a Python loop.

    python benchmarks/engine_chomp.py [--seconds 3] [--max-steps 20000] [--ruleset recommended] [--cpu]
"""

from __future__ import annotations

import argparse
import random
import time

from rulecheck import ENGINE_BUILD
from rulecheck.core.game import Action, Game
from rulecheck.engine import playout, random_policy
from rulecheck.games import load_game
from rulecheck.games.chomp import clear_caches

CLOCK = [time.perf_counter]
"""The clock the rates are measured with: wall time, or with ``--cpu`` this process's CPU time
(steadier on a machine shared with other jobs)."""

CONFIGS: tuple[tuple[str, int], ...] = (
    ("standard", 3),
    ("standard", 4),
    ("standard", 5),
    ("underwater-war", 2),
    ("chomp-rapido", 2),
    ("doble-chomp", 2),
)


def bench(variant: str, players: int, seconds: float, max_steps: int, ruleset: str, seed: int) -> dict[str, float]:
    """Play seeded random games for about ``seconds`` from empty engine caches; return games/s,
    actions/s and game length."""
    game = load_game("chomp", variant, players, ruleset, "full")
    clear_caches()
    rng = random.Random(seed)
    games = actions = capped = 0
    start = CLOCK[0]()
    while CLOCK[0]() - start < seconds:
        n, state = playout(game, rng, max_steps)
        games += 1
        actions += n
        capped += not game.is_terminal(state)
    elapsed = CLOCK[0]() - start
    return {
        "games_per_s": games / elapsed,
        "actions_per_s": actions / elapsed,
        "mean_length": actions / games,
        "games": games,
        "capped": capped,
    }


def record(game: Game, seed: int, games: int, max_steps: int) -> list[list[Action]]:
    """The action sequences of ``games`` seeded random playouts (the deal included)."""
    rng = random.Random(seed)
    out = []
    for _ in range(games):
        state = game.root_state()
        actions: list[Action] = []
        while len(actions) < max_steps and not game.is_terminal(state):
            action = random_policy(game, state, rng)
            actions.append(action)
            state = game.apply_unchecked(state, action).state
        out.append(actions)
    return out


def bench_apply(variant: str, players: int, seconds: float, max_steps: int, ruleset: str,
                seed: int) -> tuple[float, int]:
    """Actions/s of ``apply_unchecked`` alone over recorded seeded games, each replayed once.

    Games, each from its own seed, are recorded for about ``3 * seconds`` (playouts are slower
    than applying, so that is one to two times ``seconds`` of replay), then the engine's caches are
    cleared (:func:`rulecheck.games.chomp.clear_caches`) and every recorded game is replayed
    exactly once, the whole set timed. So no game and no cache entry from the recording is
    reused: a cache keyed on whole states (or state and action) would never hit, and caches keyed
    on summaries of states only hit when different games (or different points of one game) share
    a summary, as in a fresh process. Returns the rate and how many games were replayed.
    """
    game = load_game("chomp", variant, players, ruleset, "full")
    games: list[list[Action]] = []
    rng_seed = seed * 1_000_003
    start = CLOCK[0]()
    while CLOCK[0]() - start < 3 * seconds:
        games.extend(record(game, rng_seed + len(games), 1, max_steps))
    clear_caches()
    root = game.root_state()
    apply = game.apply_unchecked
    actions = 0
    start = CLOCK[0]()
    for seq in games:
        state = root
        for action in seq:
            state = apply(state, action).state
        actions += len(seq)
    return actions / (CLOCK[0]() - start), len(games)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per configuration")
    parser.add_argument("--max-steps", type=int, default=20_000, help="step limit per game")
    parser.add_argument("--ruleset", default="recommended")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--cpu", action="store_true", help="measure this process's CPU time, not wall time")
    args = parser.parse_args()
    if args.cpu:
        CLOCK[0] = time.process_time
    print(f"Chomp! random playouts, full deck, ruleset {args.ruleset}, provenance on, "
          f"{args.seconds:g} s {'CPU time' if args.cpu else 'wall time'} per configuration; engine {ENGINE_BUILD}")
    header = (f"{'variant':<16}{'players':>8}{'games/s':>10}{'actions/s':>12}{'apply-only/s':>14}"
              f"{'mean len':>10}{'games':>8}{'capped':>8}{'replayed':>10}")
    print(header)
    print("-" * len(header))
    for variant, players in CONFIGS:
        r = bench(variant, players, args.seconds, args.max_steps, args.ruleset, args.seed)
        a, replayed = bench_apply(variant, players, args.seconds, args.max_steps, args.ruleset, args.seed)
        print(f"{variant:<16}{players:>8}{r['games_per_s']:>10.1f}{r['actions_per_s']:>12,.0f}{a:>14,.0f}"
              f"{r['mean_length']:>10.1f}{r['games']:>8}{r['capped']:>8}{replayed:>10}")
    print("reference: OpenSpiel python_kuhn_poker ~225,000 actions/s")


if __name__ == "__main__":
    main()
