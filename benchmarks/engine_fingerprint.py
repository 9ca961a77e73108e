"""Fingerprint of an engine's behaviour (Chomp! or Chonker Party): a safety net for speed work and
the rules tests' strongest regression check (a script; the tests check its quick sample).

For every variant, several player counts, decks and rulesets (``recommended``, ``raw`` and
``alternative``, which picks each ruling point's last option), plays seeded games with
:func:`rulecheck.engine.play` and hashes every step: the actor, the action, its text, its
provenance (clauses, rulings, gap) and the state it leads to, and the legal actions at each
state. At the first states of each game it also applies every legal action (every race outcome,
every ruling option), and on the tiny deck it walks the first states after a few seeded deals
breadth-first, every shuffle enumerated. The digests of an optimised engine must equal those of the
reference one.

    python benchmarks/engine_fingerprint.py --write benchmarks/fingerprints/chomp.json
    python benchmarks/engine_fingerprint.py --check benchmarks/fingerprints/chomp.json
    python benchmarks/engine_fingerprint.py --quick --check benchmarks/fingerprints/chomp-quick.json
    python benchmarks/engine_fingerprint.py --game chonker-party --check benchmarks/fingerprints/chonker-party.json
    python benchmarks/engine_fingerprint.py --game chonker-party --quick --check \
        benchmarks/fingerprints/chonker-party-quick.json

The quick samples (about 2 s each) are checked by ``tests/test_engine_fingerprint.py`` (both
games); the full ones (Chomp!: about 30 s on a quiet machine, 55-70 s beside another job;
Chonker Party, which is not compiled: about 5 minutes) are for checking an optimisation by hand.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from collections import deque
from collections.abc import Hashable, Iterator
from typing import Any

import rulecheck
from rulecheck.core.errors import InvalidConfigError
from rulecheck.core.game import Game, Pending
from rulecheck.core.provenance import Provenance
from rulecheck.core.rulings import load_ruling_points
from rulecheck.engine import play
from rulecheck.games import load_game

PLAYOUT_CONFIGS: tuple[tuple[str, int, str], ...] = (
    ("standard", 3, "full"),
    ("standard", 4, "full"),
    ("standard", 5, "full"),
    ("standard", 7, "full"),
    ("standard", 3, "mini"),
    ("standard", 4, "shark=3,plankton=3,eel=2,octopus=2,seal=2"),
    ("underwater-war", 2, "full"),
    ("underwater-war", 2, "mini"),
    ("chomp-rapido", 2, "full"),
    ("chomp-rapido", 2, "shark=2,plankton=2,eel=1,octopus=2,seal=1"),
    ("doble-chomp", 2, "full"),
    ("doble-chomp", 2, "mini"),
)
"""(variant, players, deck) of the seeded playouts."""

BFS_CONFIGS: tuple[tuple[str, int, str], ...] = (
    ("standard", 3, "tiny"),
    ("underwater-war", 2, "tiny"),
    ("chomp-rapido", 2, "tiny"),
    ("doble-chomp", 2, "tiny"),
)
"""(variant, players, deck) walked breadth-first with chance outcomes enumerated."""

CONFIGS: dict[str, tuple[tuple[tuple[str, int, str], ...], tuple[tuple[str, int, str], ...]]] = {
    "chomp": (PLAYOUT_CONFIGS, BFS_CONFIGS),
    "chonker-party": (
        (("standard", 2, "full"), ("standard", 3, "full"), ("standard", 4, "full"), ("standard", 5, "full"),
         ("standard", 6, "full"), ("standard", 3, "mini"), ("standard", 4, "mini")),
        (("standard", 2, "tiny"), ("standard", 3, "tiny")),
    ),
}
"""Per game: its playout configurations and its breadth-first ones."""

RULESETS = ("recommended", "raw", "alternative")


def ruleset_spec(name: str, game: str = "chomp") -> Any:
    """``recommended``, ``raw``, or ``alternative``: every ruling point's last option."""
    if name != "alternative":
        return name
    points = load_ruling_points(game)
    return {"game": game, "name": "alternative", "base": "recommended",
            "choices": {rid: rp.option_ids[-1] for rid, rp in points.items()}}


def _norm(x: Any) -> Any:
    """Provenance and pending states as plain tuples, so the digest does not depend on their classes."""
    if isinstance(x, Provenance):
        return ("provenance", x.clauses, x.rulings, x.gap)
    if isinstance(x, Pending):
        return ("pending", _norm(x.before), x.action, x.fixed, x.ruling)
    if isinstance(x, tuple) and type(x) is not tuple:
        return (type(x).__name__, *x)
    return x


def _line(*parts: Any) -> str:
    return repr(tuple(_norm(p) for p in parts))


def _step_lines(game: Game, seed: int, branch_states: int, max_steps: int) -> Iterator[str]:
    trace = play(game, seed=seed, max_steps=max_steps)
    state = game.root_state()
    for i, st in enumerate(trace.steps):
        legal = game.legal_actions(state) if not game.is_chance_node(state) else ()
        yield _line(st.actor, st.action, st.text, st.provenance, legal)
        if i < branch_states and legal:
            for action in legal:
                step = game.apply(state, action)
                yield _line(action, step.provenance, step.state)
        state = game.apply(state, st.action).state
        yield _line(state)
    final = trace.final
    yield _line(trace.status, final, game.returns(final), game.outcome(final) if game.is_terminal(final) else "")


def playout_digest(game: Game, seeds: range, branch_states: int, max_steps: int) -> tuple[str, int]:
    """sha256 over every step of the seeded games; and how many steps that was."""
    h = hashlib.sha256()
    n = 0
    for seed in seeds:
        for line in _step_lines(game, seed, branch_states, max_steps):
            h.update(line.encode())
            h.update(b"\n")
            n += 1
    return h.hexdigest(), n


def bfs_digest(game: Game, deals: range, max_states: int) -> tuple[str, int]:
    """sha256 over the first ``max_states`` states walked breadth-first from each seeded deal:
    every successor, chance outcomes (shuffles) enumerated."""
    h = hashlib.sha256()
    total = 0
    for seed in deals:
        start = game.new_initial_state(seed)
        seen: set[Hashable] = {start}
        queue = deque([start])
        while queue and len(seen) < max_states:
            state = queue.popleft()
            for action, step in game.successors(state):
                h.update(_line(action, step.provenance, step.state).encode())
                if step.state not in seen:
                    seen.add(step.state)
                    queue.append(step.state)
        total += len(seen)
    return h.hexdigest(), total


def fingerprints(quick: bool, game_name: str = "chomp") -> dict[str, str]:
    """Digest per configuration of ``game_name``; ``quick`` is the small sample the test suite checks."""
    games = 8 if quick else 150
    branch = 3 if quick else 12
    bfs_states = 200 if quick else 3000
    max_steps = 300 if quick else 5000
    out: dict[str, str] = {}
    playouts, walks = CONFIGS[game_name]
    for ruleset in RULESETS:
        spec = ruleset_spec(ruleset, game_name)
        for variant, players, deck in playouts:
            if quick and deck != "full" and variant == "standard" and game_name == "chomp":
                continue
            try:
                game = load_game(game_name, variant, players, spec, deck)
            except InvalidConfigError:  # e.g. 7 players under a ruleset that allows 3-6
                continue
            digest, _ = playout_digest(game, range(games), branch, max_steps)
            out[f"play/{variant}/{players}/{deck}/{ruleset}"] = digest
        for variant, players, deck in walks:
            game = load_game(game_name, variant, players, spec, deck)
            digest, _ = bfs_digest(game, range(3 if quick else 10), bfs_states)
            out[f"bfs/{variant}/{players}/{deck}/{ruleset}"] = digest
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", help="write the digests to this JSON file")
    parser.add_argument("--check", help="compare the digests with this JSON file")
    parser.add_argument("--quick", action="store_true", help="the small sample (as the test)")
    parser.add_argument("--game", choices=sorted(CONFIGS), default="chomp", help="the game; default chomp")
    args = parser.parse_args()
    start = time.perf_counter()
    got = fingerprints(args.quick, args.game)
    print(f"{len(got)} digests in {time.perf_counter() - start:.1f} s (engine {rulecheck.ENGINE_BUILD})")
    if args.write:
        with open(args.write, "w", encoding="utf-8") as f:
            json.dump(got, f, indent=1, sort_keys=True)
            f.write("\n")
    if args.check:
        with open(args.check, encoding="utf-8") as f:
            want = json.load(f)
        bad = sorted(k for k in want if got.get(k) != want[k])
        for k in bad:
            print(f"DIFFERENT: {k}")
        if bad or set(want) != set(got):
            print("fingerprint check FAILED")
            sys.exit(1)
        print("fingerprint check: identical")


if __name__ == "__main__":
    main()
