"""Growth curves of the explorer (a script, not a test): states, transitions, CPU time and memory
against deck size, for 2-player Underwater War (beside SPIN on the same model, with ``--spin``)
and for the 3-player game.

Each search runs in a fresh process (so its peak memory is its own), without the symmetry
reduction for Underwater War (as the SPIN model has none) and with it for the 3-player game (as
the audit runs it); searches of ``--compact-from`` cards or more store states compactly
(``explore(..., compact=True)``). The decks are the SPIN yardstick's (``benchmarks/spin/decks.py``:
a fixed order of cards with no Electric Eel, so no slap race). Prints one JSON line per run, then
a Markdown table for docs/BENCHMARKS.md.

    python benchmarks/growth.py                        # Underwater War 4-10 cards, 3 players 6-9
    python benchmarks/growth.py --uw 8 9 10 11 --spin   # with SPIN beside (Debian package spin, gcc)
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
YARDSTICK = ROOT / "benchmarks" / "spin"
if not YARDSTICK.exists():  # (the shared copy it was made from)
    YARDSTICK = ROOT.parent / "shared" / "yardsticks" / "spin"
sys.path.insert(0, str(YARDSTICK))

from decks import deck  # type: ignore[import-not-found]  # noqa: E402

_RUN = """
import json, resource, sys, time
sys.path.insert(0, {root!r})
from rulecheck.check.explore import Config, explore
cfg = Config("chomp", {variant!r}, {players}, {deck!r}, "recommended")
game = cfg.load()
rss0 = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
c0 = time.process_time()
res = explore(game, symmetry={symmetry}, compact={compact}, config=cfg)
cpu = time.process_time() - c0
rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(json.dumps(dict(states=res.distinct, transitions=res.transitions, complete=res.complete, cpu_s=round(cpu, 2),
                      peak_mb=round(rss / 1024), bytes_per_state=round((rss - rss0) * 1024 / res.distinct))))
"""


def explorer(variant: str, players: int, cards: int, symmetry: bool, compact: bool) -> dict[str, Any]:
    code = _RUN.format(root=str(ROOT), variant=variant, players=players, deck=deck(cards), symmetry=symmetry,
                       compact=compact)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False,
                         env={**os.environ, "PYTHONHASHSEED": "0"})
    if out.returncode != 0:
        return {"error": out.stderr.strip().splitlines()[-1] if out.stderr.strip() else f"exit {out.returncode}"}
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--uw", type=int, nargs="*", default=list(range(4, 11)), help="Underwater War deck sizes")
    ap.add_argument("--three", type=int, nargs="*", default=[6, 7, 8, 9], help="3-player deck sizes")
    ap.add_argument("--spin", action="store_true", help="run SPIN on the Underwater War decks too")
    ap.add_argument("--compact-from", type=int, default=10, help="store states compactly from this many cards")
    args = ap.parse_args()
    rows: list[dict[str, Any]] = []
    for n in args.uw:
        r = {"game": "underwater-war 2p", "cards": n, "deck": deck(n),
             **explorer("underwater-war", 2, n, False, n >= args.compact_from)}
        if args.spin:
            import bench_uw  # type: ignore[import-not-found]

            os.environ.setdefault("SPIN_WORK", str(Path(os.environ.get("TMPDIR", "/tmp")) / "rulecheck-spin-work"))
            s = bench_uw.spin(n, False, bench_uw.wbits(n))
            r.update(spin_states=s["states"], spin_transitions=s["transitions"], spin_cpu_s=s["pan_cpu"],
                     spin_mb=s["pan_mem_mb"])
        rows.append(r)
        print(json.dumps(r), flush=True)
    for n in args.three:
        r = {"game": "standard 3p", "cards": n, "deck": deck(n),
             **explorer("standard", 3, n, True, n >= args.compact_from)}
        rows.append(r)
        print(json.dumps(r), flush=True)
    print()
    print("| game | cards | states | transitions | CPU s | peak MB | bytes/state | SPIN states | SPIN CPU s | ratio |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for r in rows:
        if "error" in r:
            print(f"| {r['game']} | {r['cards']} | {r['error']} | | | | | | | |")
            continue
        spin = (f"{r['spin_states']:,} | {r['spin_cpu_s']:.2f} | {r['cpu_s'] / max(r['spin_cpu_s'], 1e-9):.1f}"
                if "spin_states" in r else " | | ")
        print(f"| {r['game']} | {r['cards']} | {r['states']:,} | {r['transitions']:,} | {r['cpu_s']:.2f} | "
              f"{r['peak_mb']:,} | {r['bytes_per_state']} | {spin} |")


if __name__ == "__main__":
    main()
