"""Mutation testing of the modules that implement the rules, with mutmut; writes docs/MUTATION.md.

mutmut (``[tool.mutmut]`` in pyproject.toml says which modules and which tests) makes every
single-token change of those modules (a mutant: ``<`` for ``<=``, another clause cited, a
constant plus one, a call argument dropped...) and runs the rules tests against each. A mutant
the tests fail on is *killed*; one they pass is a *survivor*: a change to the rules nobody
would notice. The score of a module is killed / mutants tried (a timeout counts as killed; a
mutant no selected test reaches counts as a survivor).

The modules have about 7,000 mutants, roughly two hours on a 2-core machine, so by default each
module is tried on a seeded random sample of ``--sample`` mutants (the same sample every run for
the same code and seed) and the score is given with its 95 % Wilson interval; ``--sample 0``
tries every mutant. Run from the top of the checkout, with the test extra and mutmut installed::

    pip install -e '.[test,mutation]'
    python scripts/mutation.py --fresh               # 60 mutants per module, docs/MUTATION.md
    python scripts/mutation.py --sample 0 -o -       # every mutant, the report on standard output
    python scripts/mutation.py --module chonker_party.rounds --sample 0

mutmut works in ``mutants/`` (a copy of the checkout; not committed) and remembers results there,
so a second run only tries mutants whose function changed. It does not try a survivor again
when only the tests changed: after adding tests, run with ``--fresh`` (which deletes ``mutants/``
first) or the old survivors stay in the report. The engine runs as pure Python
(``RULECHECK_PURE_PYTHON=1``): the compiled build would not see the mutants.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import resource
import shutil
import subprocess
import sys
import tomllib
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
KILLED = {"killed", "timeout"}
"""mutmut's statuses that count as detected."""


@dataclass(frozen=True)
class ModuleScore:
    """What the tests did to one module's mutants."""

    module: str
    mutants: int
    tried: int
    statuses: Counter[str]
    survivors: tuple[str, ...]

    @property
    def killed(self) -> int:
        return sum(n for s, n in self.statuses.items() if s in KILLED)

    @property
    def score(self) -> float:
        return self.killed / self.tried if self.tried else 0.0


def rules_modules() -> list[str]:
    """The modules under test, from ``[tool.mutmut] only_mutate``, as dotted names."""
    conf = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mutmut"]
    return [p.removesuffix(".py").replace("/", ".") for p in conf["only_mutate"]]


MEMORY_LIMIT = 4 << 30
"""Address space per process: a mutant that makes a search run away fails with MemoryError (is
killed) instead of taking the machine's memory."""


def _limit_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))


def mutmut(*args: str, capture: bool = True) -> str:
    """Run ``mutmut ARGS`` in the checkout, the engine as pure Python; its standard output."""
    env = {**os.environ, "RULECHECK_PURE_PYTHON": "1"}
    exe = Path(sys.executable).with_name("mutmut")
    cmd = [str(exe) if exe.exists() else "mutmut", *args]
    done = subprocess.run(cmd, cwd=ROOT, env=env, text=True, check=False, preexec_fn=_limit_memory,
                          stdout=subprocess.PIPE if capture else subprocess.DEVNULL, stderr=subprocess.PIPE)
    if done.returncode not in (0, 1):  # mutmut run exits 1 when a mutant survives
        raise SystemExit(f"mutation: mutmut {args[0]} failed ({done.returncode}): {done.stderr.strip()[-2000:]}")
    return done.stdout if capture else ""


def results() -> dict[str, str]:
    """Every mutant mutmut knows, with its status (``not checked`` before it ran)."""
    out: dict[str, str] = {}
    for line in mutmut("results", "--all", "true").splitlines():
        name, sep, status = line.strip().rpartition(": ")
        if sep and name.startswith("rulecheck."):
            out[name] = status.strip()
    return out


def module_of(mutant: str) -> str:
    """``rulecheck.games.x.y.x_f__mutmut_3`` -> ``rulecheck.games.x.y``."""
    return mutant.rsplit(".", 1)[0]  # (a method's mutants are module.xǁClassǁmethod__mutmut_N)


def sample(names: list[str], n: int, seed: int) -> list[str]:
    """A seeded sample of ``n`` of ``names`` (all of them if ``n`` is 0 or more than there are)."""
    names = sorted(names)
    if n <= 0 or n >= len(names):
        return names
    return sorted(random.Random(seed).sample(names, n))


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """95 % Wilson score interval of a proportion k/n."""
    if n == 0:
        return 0.0, 1.0
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return max(0.0, c - h), min(1.0, c + h)


def diff_of(mutant: str) -> str:
    """The changed lines of ``mutant`` (``mutmut show``), without the file header."""
    lines = mutmut("show", mutant).splitlines()
    return "\n".join(x for x in lines if x[:1] in "+-" and not x.startswith(("+++", "---")))


def report(scores: list[ModuleScore], sample_size: int, seed: int, target: float) -> str:
    """docs/MUTATION.md."""
    out = ["# Mutation testing of the rules modules", "",
           "Generated by `python scripts/mutation.py"
           + (f" --sample {sample_size}" if sample_size != 60 else "") + (f" --seed {seed}" if seed else "")
           + "` (mutmut; which modules and which tests: `[tool.mutmut]` in pyproject.toml). A mutant is one "
           "single-token change to a module; the score is the share of the mutants tried that the rules tests "
           "detect (a timeout counts as detected, a mutant no test reaches as not detected). "
           + ("Every mutant was tried." if sample_size == 0 else
              f"Each module was tried on a seeded sample of {sample_size} of its mutants; the interval is the 95 % "
              "Wilson interval of the module's true score."), "",
           "| module | mutants | tried | detected | survived | score | 95 % interval | target |",
           "|---|---:|---:|---:|---:|---:|---|---|"]
    for s in scores:
        lo, hi = wilson(s.killed, s.tried)
        out.append(f"| `{s.module.removeprefix('rulecheck.games.')}` | {s.mutants} | {s.tried} | {s.killed} | "
                   f"{s.tried - s.killed} | {s.score:.0%} | {lo:.0%}-{hi:.0%} | "
                   f"{'met' if s.score >= target else 'NOT met'} |")
    total_k, total_n = sum(s.killed for s in scores), sum(s.tried for s in scores)
    out += ["", f"All modules: {total_k} of {total_n} detected ({total_k / max(total_n, 1):.0%}); target "
            f"{target:.0%} per module.", ""]
    surv = [(s.module, m) for s in scores for m in s.survivors]
    if surv:
        out += ["## Survivors", "",
                "Each is a change to the rules module that no rules test notices: a missing test, or a change "
                "that does not change behaviour (an equivalent mutant). `mutmut show NAME` prints it; "
                "`mutmut apply NAME` writes it into the checkout.", ""]
        for _, m in surv:
            out += [f"- `{m}`", "", "```diff", diff_of(m), "```", ""]
    return "\n".join(out).rstrip() + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sample", type=int, default=60, help="mutants tried per module (0: all); default 60")
    parser.add_argument("--seed", type=int, default=0, help="seed of the sample; default 0")
    parser.add_argument("--module", action="append", default=[],
                        help="only this module (e.g. chonker_party.rounds); repeatable")
    parser.add_argument("--target", type=float, default=0.9, help="the score each module should reach; default 0.9")
    parser.add_argument("--max-children", type=int, default=os.cpu_count() or 1, help="parallel mutants")
    parser.add_argument("--fresh", action="store_true",
                        help="forget earlier results (delete mutants/): needed after the tests changed")
    parser.add_argument("-o", "--output", default=str(ROOT / "docs" / "MUTATION.md"),
                        help="the report (- for standard output); default docs/MUTATION.md")
    args = parser.parse_args()
    if args.sample < 0:
        parser.error("--sample must be 0 (all) or more")
    modules = rules_modules()
    if args.module:
        wanted = {f"rulecheck.games.{m}" for m in args.module}
        unknown = sorted(wanted - set(modules))
        if unknown:
            parser.error(f"not a rules module: {', '.join(unknown)} (choose from "
                         f"{', '.join(m.removeprefix('rulecheck.games.') for m in modules)})")
        modules = [m for m in modules if m in wanted]
    if args.fresh:
        shutil.rmtree(ROOT / "mutants", ignore_errors=True)
    print("mutation: generating the mutants and the map of which tests reach which function ...", file=sys.stderr)
    mutmut("run", "rulecheck.no_such_module_zz*", capture=False)  # generates, maps; runs no mutant
    known = results()
    chosen: dict[str, list[str]] = {}
    for m in modules:
        names = [n for n in known if module_of(n) == m]
        chosen[m] = sample(names, args.sample, args.seed)
    todo = [n for names in chosen.values() for n in names if known[n] == "not checked"]
    print(f"mutation: {sum(map(len, chosen.values()))} mutants in {len(modules)} modules, {len(todo)} not tried "
          "before; running them", file=sys.stderr)
    for i in range(0, len(todo), 200):
        mutmut("run", "--max-children", str(args.max_children), *todo[i:i + 200], capture=False)
        print(f"mutation: {min(i + 200, len(todo))}/{len(todo)}", file=sys.stderr)
    now = results()
    scores = []
    for m in modules:
        st = Counter(now.get(n, "not checked") for n in chosen[m])  # (gone: its source changed meanwhile)
        if st["not checked"]:
            print(f"mutation: {st['not checked']} mutants of {m} were not tried (its source changed during the "
                  "run?): run again", file=sys.stderr)
        surv = tuple(n for n in chosen[m] if now.get(n, "not checked") not in KILLED)
        scores.append(ModuleScore(m, sum(1 for n in known if module_of(n) == m), len(chosen[m]), st, surv))
    text = report(scores, args.sample, args.seed, args.target)
    if args.output == "-":
        sys.stdout.write(text)
    else:
        Path(args.output).write_text(text, encoding="utf-8")
        print(f"mutation: wrote {args.output}", file=sys.stderr)
    for s in scores:
        print(f"{s.module}: {s.killed}/{s.tried} ({s.score:.0%})", file=sys.stderr)
    if any(s.score < args.target for s in scores):
        sys.exit(1)


if __name__ == "__main__":
    main()
