"""The explorer's speed on this checkout against another revision, in one run (a script, not a test).

Checks out ``--base`` (a git revision) into a temporary worktree, compiles its engine there as
``pip install -e .`` would (mypyc; needs ``mypy`` importable, the version ``pyproject.toml``'s build
requires), then explores each configuration in fresh processes, alternating the two builds
``--reps`` times, and prints the best CPU time of each and their ratio. Both searches must find the
same states and transitions, and both builds must be compiled: a refactor that keeps the engine's
behaviour (its fingerprints) must not slow it down, and this is how that is shown.

    python benchmarks/engine_ab.py --base HEAD~1
    python benchmarks/engine_ab.py --base 1886152 --reps 5 --config "chomp standard 3 shark=3,plankton=3 raw"
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

CONFIGS = [
    "chomp standard 3 shark=1,littlefish=1,plankton=1,octopus=3 raw",
    "chomp standard 3 shark=3,plankton=3 raw",
    "chomp standard 4 shark=1,littlefish=1,eel=1,octopus=1 raw",
    "chomp standard 3 seal=1,bigfish=1,shrimp=1,plankton=1 raw",
    "chomp underwater-war 2 shark=1,seal=1,plankton=1,eel=1,octopus=1 raw",
]
"""(game, variant, players, deck, ruleset) of the default audit's larger Chomp! searches."""

_SEARCH = r"""
import json, sys, time
from rulecheck import ENGINE_BUILD
from rulecheck.check.explore import Config, explore
game, variant, players, deck, ruleset = sys.argv[1:6]
cfg = Config(game, variant, int(players), deck, ruleset)
loaded = cfg.load()
t = time.process_time()
res = explore(loaded, config=cfg)
print(json.dumps({"states": res.distinct, "transitions": res.transitions, "cpu": time.process_time() - t,
                  "build": ENGINE_BUILD}))
"""


def _search(tree: Path, config: str) -> dict[str, object]:
    env = {**os.environ, "PYTHONPATH": str(tree), "PYTHONHASHSEED": "0"}
    out = subprocess.run([sys.executable, "-c", _SEARCH, *config.split()], env=env, cwd=tempfile.gettempdir(),
                         capture_output=True, text=True, check=False)
    if out.returncode != 0:
        raise SystemExit(f"the search of {config!r} in {tree} failed:\n{out.stderr}")
    got: dict[str, object] = json.loads(out.stdout.strip().splitlines()[-1])
    if not str(got["build"]).startswith("compiled"):
        raise SystemExit(f"{tree}: the engine is not compiled ({got['build']})")
    return got


def _build(tree: Path) -> None:
    try:
        import mypyc  # noqa: F401
    except ImportError:
        raise SystemExit("compiling the base revision needs mypyc: pip install mypy (the version pyproject.toml "
                         "names)") from None
    out = subprocess.run([sys.executable, "setup.py", "-q", "build_ext", "--inplace"], cwd=tree,
                         capture_output=True, text=True, check=False)
    if out.returncode != 0:
        raise SystemExit(f"building {tree} failed:\n{out.stderr[-2000:]}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--base", required=True, help="the git revision to compare this checkout with")
    ap.add_argument("--reps", type=int, default=3, help="runs of each search per build (best kept)")
    ap.add_argument("--config", action="append", help="'game variant players deck ruleset' (repeatable)")
    args = ap.parse_args()
    configs = args.config or CONFIGS
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp) / "base"
        subprocess.run(["git", "worktree", "add", "--detach", "-q", str(base), args.base], cwd=ROOT, check=True)
        try:
            _build(base)
            print(f"{'configuration':<70} {'states':>10} {'base s':>7} {'this s':>7} {'this/base':>9}")
            for config in configs:
                runs: dict[str, list[dict[str, object]]] = {"base": [], "this": []}
                for _ in range(args.reps):
                    runs["base"].append(_search(base, config))
                    runs["this"].append(_search(ROOT, config))
                counts = {(r["states"], r["transitions"]) for rs in runs.values() for r in rs}
                if len(counts) != 1:
                    raise SystemExit(f"{config}: the two builds find different state spaces: {sorted(counts)}")
                b = min(float(r["cpu"]) for r in runs["base"])  # type: ignore[arg-type]
                t = min(float(r["cpu"]) for r in runs["this"])  # type: ignore[arg-type]
                states = runs["this"][0]["states"]
                print(f"{config:<70} {states:>10,} {b:>7.2f} {t:>7.2f} {t / b:>9.3f}", flush=True)
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(base)], cwd=ROOT, check=False)
    print(f"best CPU seconds of {args.reps} runs each, alternating; base {args.base}")


if __name__ == "__main__":
    main()
