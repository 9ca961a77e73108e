"""Full-deck playouts under random rulesets, each step checked against the clause specification
(and, for Chonker Party, the exact Z3 encoding): a script, not a test; it reports what it finds.

Each game draws a ruleset: a random option for every ruling point (Chonker Party: every one the
engine consults), seeded by the player count and the game's seed. Chonker Party's games are played
with seeded random actions; every step is checked against the exact encoding
(:func:`check_engine_step`: the same successor and the same rulings consulted), and every
``--spec-every``-th step against the specification (the clauses and the ruleset's options determine
one outcome, and it is the engine's). Chomp!'s games are the audit's seeded playouts
(:func:`rulecheck.check.determinacy.check_playouts`), every step checked against the specification
(the 3+ player game may switch to a 2-player game when two players are left). The default plan's
searches check only ``raw``, ``recommended`` and one option changed at a time on reduced decks
(``scripts/check_each_option.py``); this looks where they do not: long full-deck games under many
options at once.

    python scripts/cross_check_rulesets.py --games 30 --players 2,3,4
    python scripts/cross_check_rulesets.py --game chomp --variant doble-chomp --players 2
"""

from __future__ import annotations

import argparse
import random
import sys
from typing import Any

from rulecheck.check.symbolic.chonker_decode import check_engine_step
from rulecheck.check.symbolic.chonker_exact import CONSULTED, exact_encoding
from rulecheck.core.rulings import Ruleset, load_ruleset, load_ruling_points
from rulecheck.core.spec import determinacy
from rulecheck.games import load_game
from rulecheck.games.chonker_party import spec_engine as bridge
from rulecheck.games.chonker_party.spec import SPEC

GAME = "chonker-party"


ADDED_LATER = ("cp.steal_stealer_draws", "cp.war_held_as_chonk", "cp.next_player_empty_handed", "cp.war_draw_when")
"""Chonker Party ruling points added after games of this script were pinned in the tests: their
options are drawn from a generator of their own (seeded by the ruleset's name), so that the other
options and the game's moves (drawn from ``rng``) stay as they were; a pinned game takes their
recommended options instead, and so stays the game it was pinned as (``vary_later`` False)."""


def random_ruleset(rng: random.Random, name: str, vary_later: bool = True) -> Ruleset:
    """A random option for every ruling point the engine consults (in name order; those of
    :data:`ADDED_LATER` from ``random.Random(name)``, in the order they were added, or their
    recommended option)."""
    points = load_ruling_points(GAME)
    later = random.Random(name)
    choices = {rid: rng.choice(points[rid].option_ids) for rid in CONSULTED if rid not in ADDED_LATER}
    for rid in (r for r in ADDED_LATER if r in CONSULTED):  # (in the order they were added)
        choices[rid] = later.choice(points[rid].option_ids) if vary_later else points[rid].recommended
    return load_ruleset(GAME, {"game": GAME, "name": name, "base": "recommended", "choices": choices})


def spec_problem(game: Any, state: Any, action: tuple[Any, ...]) -> str | None:
    """What is wrong with the step against the specification under the game's ruleset, or None."""
    sit, new = bridge.situation_in(game, state, action)
    verdict, _ = determinacy(SPEC, sit, choices=game._choices)
    if verdict.kind == "conflict":
        return f"the clauses and the ruleset allow no outcome (core: {', '.join(verdict.core)})"
    if verdict.kind == "gap":
        return f"the clauses and the ruleset leave it open (on: {', '.join(verdict.differ)})"
    (_, key), = bridge.engine_outcomes(game, state, action)
    want, got = dict(bridge.rename(key, new)), dict(SPEC.key(dict(verdict.outcome)))
    differ = {k: (want.get(k), got.get(k)) for k in sorted(set(want) | set(got)) if want.get(k) != got.get(k)}
    return f"the engine's outcome is not the text's (engine, text): {differ}" if differ else None


def play(players: int, seed: int, max_steps: int, spec_every: int, vary_later: bool = True) -> tuple[int, list[str]]:
    """One game: the steps checked and what went wrong (at most one line per step)."""
    rng = random.Random(1000 * players + seed)
    ruleset = random_ruleset(rng, f"random-{players}p-{seed}", vary_later)
    game, enc = load_game(GAME, None, players, ruleset), exact_encoding(players, ruleset)
    state, problems, k = game.new_initial_state(seed=seed), [], 0
    while not game.is_terminal(state) and k < max_steps:
        action = game.sample_chance(state, rng) if game.is_chance_node(state) else rng.choice(
            game.legal_actions(state))
        step = game.apply(state, action)
        where = f"{players}p seed {seed} step {k} {list(action)}"
        wrong = check_engine_step(enc, state, action, step.state, rulings=step.provenance.rulings)
        if wrong:
            problems.append(f"{where}: exact encoding: {wrong}")
        elif k % spec_every == 0:
            found = spec_problem(game, state, action)
            if found:
                problems.append(f"{where}: specification: {found}")
        state, k = step.state, k + 1
    return k, problems


CHOMP_ADDED_LATER = ("chomp.chained_replay_cards",)
"""Chomp! ruling points added after games of this script were pinned in the tests: they draw their
option after the others, so that a pinned game's seed keeps the ruleset it was pinned with."""


def chomp_random_ruleset(rng: random.Random, name: str) -> Ruleset:
    """A random option for every ruling point of Chomp! (in name order, then
    :data:`CHOMP_ADDED_LATER`)."""
    points = load_ruling_points("chomp")
    order = [rid for rid in sorted(points) if rid not in CHOMP_ADDED_LATER] + list(CHOMP_ADDED_LATER)
    choices = {rid: rng.choice(points[rid].option_ids) for rid in order}
    return load_ruleset("chomp", {"game": "chomp", "name": name, "base": "recommended", "choices": choices})


def play_chomp(variant: str, players: int, seed: int, max_steps: int) -> tuple[int, list[str]]:
    """One Chomp! game (the audit's seeded playout ``seed``) under a random ruleset: the steps
    checked and what went wrong (one line per kind of situation, with its first step)."""
    from rulecheck.check.determinacy import check_playouts

    name = f"random-{players}p-{seed}"
    game = load_game("chomp", variant, players, chomp_random_ruleset(random.Random(1000 * players + seed), name))
    run = check_playouts(game, 1, seed, max_steps, None, name)
    if run is None:
        return 0, []
    problems = []
    for label, found in (("the engine's outcome is not the text's", run.disagreements),
                         ("the clauses and the ruleset do not decide one outcome", run.silent)):
        for key, entry in sorted(found.items()):
            node = entry["node"]
            where = f"{variant} {players}p seed {seed} step {node[2]} {list(entry['action'])}"
            problems.append(f"{where}: specification: {label} ({key})")
    return run.steps, problems


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", choices=(GAME, "chomp"), default=GAME, help="the game (default chonker-party)")
    ap.add_argument("--variant", default="standard", help="Chomp!'s variant (default standard)")
    ap.add_argument("--games", type=int, default=30, help="games per player count (seeds FIRST..FIRST+N-1)")
    ap.add_argument("--first-seed", type=int, default=0, help="the first game's seed")
    ap.add_argument("--players", default="2,3,4", help="player counts, comma-separated")
    ap.add_argument("--max-steps", type=int, default=400, help="actions per game at most")
    ap.add_argument("--spec-every", type=int, default=10, help="check every N-th step against the specification")
    args = ap.parse_args(argv)
    total, found = 0, []
    for players in (int(x) for x in args.players.split(",")):
        for seed in range(args.first_seed, args.first_seed + args.games):
            steps, problems = (play(players, seed, args.max_steps, args.spec_every) if args.game == GAME
                               else play_chomp(args.variant, players, seed, args.max_steps))
            total += steps
            found += problems
            print(f"{players}p seed {seed}: {steps} steps, {len(problems)} problem(s)", file=sys.stderr, flush=True)
    for line in found:
        print(line)
    print(f"{total} steps checked; {len(found)} problem(s)")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
