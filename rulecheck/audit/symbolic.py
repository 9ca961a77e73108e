"""``audit --symbolic``: the Z3 checks on the full decks, merged into the report.
"""

from __future__ import annotations

from collections.abc import Sequence

from rulecheck.audit.plan import SYMBOLIC_PLAN
from rulecheck.audit.report import AuditReport
from rulecheck.audit.runner import Progress
from rulecheck.core.errors import RulecheckError
from rulecheck.findings import merge_all


def run_symbolic(report: AuditReport, games: Sequence[str], ruleset: str, seconds: float, depth: int,
                  progress: Progress | None) -> None:
    """Z3 on the full decks: gaps under ``raw`` (ruling points reachable), everything else
    (proofs, lassos, deadlocks) under ``ruleset``; findings merged into the report."""
    from rulecheck.check.symbolic.queries import DEFAULT_QUERIES, list_queries, run_symbolic_checks

    found = list(report.findings)
    for game in games:
        for variant, players in SYMBOLIC_PLAN.get(game, []):
            label = f"{game} {variant} {players}p deck=full"
            proofs = [q for q in DEFAULT_QUERIES[game] if not q.startswith("ruling:")]
            runs: list[tuple[str, list[str] | None]] = [(ruleset, proofs)]
            if ruleset == "raw":
                runs = [("raw", None)]
            else:
                try:
                    has_rulings = any(q.startswith("ruling:") for q in list_queries(game, variant, players, "raw"))
                except RulecheckError:
                    has_rulings = True  # let the run below report why it is not checked
                if has_rulings:
                    runs.insert(0, ("raw", ["ruling:*"]))
            for rs, queries in runs:
                if progress is not None:
                    progress(f"symbolic: {label} ruleset={rs}")
                try:
                    sym = run_symbolic_checks(game, variant, players, rs, budget_seconds=seconds / len(runs),
                                              depth=depth, queries=queries)
                except RulecheckError as exc:
                    report.symbolic.append({"config": {"game": game, "variant": variant, "players": players,
                                                       "deck": "full", "ruleset": rs}, "not_checked": str(exc)})
                    break
                entry = sym.to_json()
                entry["config"] = {**entry["config"], "variant": variant}
                entry["statements"] = [f"{r.query}: {r.statement()}" for r in sym.results]
                report.symbolic.append(entry)
                found.extend(sym.findings)
                if progress is not None:
                    for line in entry["statements"]:
                        progress(f"  {line}")
    report.findings = merge_all(found)
