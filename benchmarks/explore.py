"""Benchmark of the explicit-state explorer (a script, not a test).

For a fixed set of configurations: transitions/s (successors generated per second), distinct
states with and without symmetry reduction (the reduction factor), peak resident memory of
the process that ran the search, and the SCC pass (ours on the CSR arrays vs networkx on a
DiGraph built from them). Each measurement runs in a fresh forked process so that memory
figures do not accumulate.

    python benchmarks/explore.py            # all configurations
    python benchmarks/explore.py --quick    # the planted game and the smallest real ones
"""

from __future__ import annotations

import argparse
import multiprocessing
import resource
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from rulecheck.check.explore import Config, explore  # noqa: E402

CONFIGS = [
    Config("planted", "standard", 2, "full", "raw"),
    Config("chomp", "underwater-war", 2, "shark=1,seal=1,eel=1,octopus=1", "raw"),
    Config("chomp", "underwater-war", 2, "shark=1,seal=1,eel=1,octopus=1", "recommended"),
    Config("chomp", "standard", 3, "shark=1,littlefish=1,eel=1,octopus=1", "raw"),
    Config("chomp", "standard", 3, "shark=1,littlefish=1,eel=1,octopus=1", "recommended"),
    Config("chonker-party", "standard", 3, "sweet=1,salty=1,chonk=1,leaf=1,war=1,hand=1", "raw"),
    Config("chonker-party", "standard", 2, "sweet=2,salty=1,chonk=1,leaf=2,war=2,hand=2", "recommended"),
]
QUICK = CONFIGS[:2] + CONFIGS[5:6]
GRID = Config("grid", "standard", 1, "1000x1000", "raw")  # 1M states: the explorer's own speed


def _register_planted() -> None:
    import planted_rules

    planted_rules.register(lambda d, k, v: d.__setitem__(k, v))


def _grid_game(size: int) -> Any:
    """A synthetic game whose transitions cost almost nothing: the explorer's own speed.

    States (x, y) with 0 <= x, y < size; two moves, x+1 and y+1 (mod size): size**2 states.
    """
    import tempfile
    from types import MappingProxyType

    from rulecheck.core.game import Game
    from rulecheck.core.rulings import RULING_FILES, Ruleset

    path = Path(tempfile.mkdtemp()) / "rulings.json"
    path.write_text('{"game": "grid", "ruling_points": []}')
    RULING_FILES["grid"] = path

    class Grid(Game):
        name = "grid"

        def _root_state(self) -> Any:
            return (0, 0)

        def _current_player(self, state: Any) -> int:
            return 0

        def _legal_actions(self, state: Any) -> Any:
            return (("x",), ("y",))

        def _transition(self, state: Any, action: Any, ctx: Any) -> Any:
            x, y = state
            return ((x + 1) % size, y) if action[0] == "x" else (x, (y + 1) % size)

        _chance_outcomes = _sample_chance = _is_chance_outcome = _returns = None  # type: ignore[assignment]
        _state_to_json = _state_from_json = deal_action = describe_action = describe_state = None  # type: ignore[assignment]

    Grid.__abstractmethods__ = frozenset()
    return Grid("standard", 1, Ruleset("grid", "raw", MappingProxyType({})), f"{size}x{size}")


def _measure(cfg: Config, symmetry: bool, max_seconds: float, scc: bool, conn: Any) -> None:
    _register_planted()
    game = _grid_game(int(cfg.deck.split("x")[0])) if cfg.game == "grid" else cfg.load()
    base = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    t0 = time.perf_counter()
    res = explore(game, symmetry=symmetry, max_seconds=max_seconds, config=cfg)
    dt = time.perf_counter() - t0
    out: dict[str, Any] = {
        "distinct": res.distinct,
        "transitions": res.transitions,
        "complete": res.complete,
        "seconds": dt,
        "peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
        "search_mb": (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - base) / 1024,
    }
    if scc:
        from rulecheck.check.graph import analyse_cycles

        t1 = time.perf_counter()
        analyse_cycles(res)
        out["scc_ours"] = time.perf_counter() - t1
        import networkx as nx

        t1 = time.perf_counter()
        g = nx.DiGraph()
        g.add_nodes_from(range(res.distinct))
        for v in range(res.expanded):
            g.add_edges_from((v, w) for w in res.succ[res.offsets[v] : res.offsets[v + 1]])
        n = sum(1 for _ in nx.strongly_connected_components(g))
        out["scc_networkx"] = time.perf_counter() - t1
        out["scc_count"] = n
    conn.send(out)
    conn.close()


def measure(cfg: Config, symmetry: bool, max_seconds: float, scc: bool = False) -> dict[str, Any]:
    ctx = multiprocessing.get_context("fork")
    parent, child = ctx.Pipe(duplex=False)
    proc = ctx.Process(target=_measure, args=(cfg, symmetry, max_seconds, scc, child))
    proc.start()
    out = parent.recv()
    proc.join()
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--max-seconds", type=float, default=120.0, help="bound per search")
    ap.add_argument("--no-reduction", action="store_true", help="skip the runs without symmetry reduction")
    args = ap.parse_args()
    configs = [GRID, *(QUICK if args.quick else CONFIGS)]
    print(f"{'configuration':<78} {'distinct':>9} {'transitions':>11} {'trans/s':>8} {'s':>6} "
          f"{'peak MB':>8} {'no-sym':>9} {'factor':>6}  SCC ours/networkx s")
    for cfg in configs:
        try:
            m = measure(cfg, True, args.max_seconds, scc=True)
        except Exception as exc:  # a benchmark reports and goes on
            print(f"{cfg.label():<78} error: {exc}")
            continue
        line = (f"{cfg.label():<78} {m['distinct']:>9,} {m['transitions']:>11,} "
                f"{m['transitions'] / m['seconds']:>8,.0f} {m['seconds']:>6.1f} {m['peak_mb']:>8.0f}")
        if not m["complete"]:
            line += " (incomplete)"
        if not args.no_reduction:
            n = measure(cfg, False, args.max_seconds)
            factor = n["distinct"] / m["distinct"]
            line += f" {n['distinct']:>9,} {factor:>6.2f}{'' if n['complete'] else '+'}"
        line += f"  {m['scc_ours']:.2f}/{m['scc_networkx']:.2f}"
        print(line, flush=True)


if __name__ == "__main__":
    main()
