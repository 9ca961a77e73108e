"""The audit: explore every configuration of the plan, collect findings, write the reports.

For each configuration (game, variant, player count, deck) the audit runs two exhaustive
searches: under ``raw`` (rules as written), whose open ruling points are the gaps and
conflicts, and under the chosen ruleset (default ``recommended``) for everything else
(deadlocks, cycles, traps, invariants, dead rules, unreachable outcomes). It adds the
coverage holes (normative clauses the model never cites), seeded playout statistics on the
full deck, and says which gaps the chosen ruleset closes and which stay open.

Output is deterministic: the same inputs give byte-identical ``audit.json`` and ``AUDIT.md``
(no timestamps, no timings; timings go to the progress callback only). After each
configuration the report so far is written to ``audit.partial.json``, and every finished job
is kept in the checkpoint ``audit.checkpoint/`` (:mod:`rulecheck.checkpoint`), from which
``resume`` continues a run that was interrupted or killed. If the run is interrupted (Ctrl-C,
SIGTERM) the report is written with status ``interrupted`` and lists what was completed; it
never replaces a complete report (it then goes to ``audit.partial.json``).

One job per module:

* :mod:`~rulecheck.audit.plan`: which configurations (each game's own plan, in
  ``rulecheck.games.<game>.plan``);
* :mod:`~rulecheck.audit.run`: the run itself, from the plan to the report's findings, statuses
  and rulings;
* :mod:`~rulecheck.audit.jobs`: the jobs a worker runs (a search with its checks, playouts, the
  fixed-return-order searches, full-deck looks) and :mod:`~rulecheck.audit.runner`, where they
  run (inline, a process pool, a Dask cluster);
* :mod:`~rulecheck.audit.full_deck`: small-deck findings looked for on the full deck;
* :mod:`~rulecheck.audit.symbolic`: ``--symbolic``, the Z3 checks on the full decks;
* :mod:`~rulecheck.audit.report`: the report, its JSON, reading and writing it;
* :mod:`~rulecheck.audit.explain` and :mod:`~rulecheck.audit.render`: a finding's witness in
  words, and ``AUDIT.md``.
"""

from __future__ import annotations

from rulecheck.audit.explain import explain_finding, witness_lines
from rulecheck.audit.plan import AUDIT_GAMES, DEFAULT_PLAN, QUICK_PLAN, SYMBOLIC_PLAN, PlanEntry, default_plan
from rulecheck.audit.render import config_text
from rulecheck.audit.report import AUDIT_FORMAT, AuditReport, find_finding, load_report, report_from_json
from rulecheck.audit.run import run_audit
from rulecheck.audit.runner import AuditInterrupted

__all__ = [
    "AUDIT_FORMAT",
    "AUDIT_GAMES",
    "DEFAULT_PLAN",
    "QUICK_PLAN",
    "SYMBOLIC_PLAN",
    "AuditInterrupted",
    "AuditReport",
    "PlanEntry",
    "config_text",
    "default_plan",
    "explain_finding",
    "find_finding",
    "load_report",
    "report_from_json",
    "run_audit",
    "witness_lines",
]
