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
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import functools
import json
import multiprocessing
import os
import signal
import sys
import threading
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rulecheck import __version__
from rulecheck.check.detectors import (
    Reach,
    all_clauses,
    config_findings,
    find_coverage_holes,
    find_dead,
    normative_clauses,
    ruling_finding,
    ruling_problem,
)
from rulecheck.check.determinacy import (
    PLAYOUT_SITUATIONS,
    SITUATIONS_PER_SEARCH,
    SpecRun,
    check_examples,
    check_explored,
    check_playouts,
    check_reading_steps,
    check_ruling_steps,
    playout_findings,
    playout_witness,
    ruling_statuses,
    spec_findings,
    spec_modules,
    spec_summary,
)
from rulecheck.check.ending import ending_of
from rulecheck.check.explore import Config, ExploreResult, explore
from rulecheck.check.full_deck import SMALL_DECK_ONLY, full_deck_status, status_counts
from rulecheck.check.stats import PlayoutStats, combined_frequency, playout_stats
from rulecheck.check.war_loops import (
    CLIMB_EVALUATIONS,
    CLIMB_SEED,
    FULL_DECK_DEALS,
    WarSearch,
    climb,
    war_configs,
    war_finding,
    war_searches,
)
from rulecheck.check.war_loops import RULING as WAR_RULING
from rulecheck.checkpoint import CHECKPOINT_DIR, Checkpoint, code_fingerprint
from rulecheck.cluster import cluster_client
from rulecheck.core.clauses import GAME_BOOKS
from rulecheck.core.errors import RulecheckError, UnknownFindingError
from rulecheck.core.game import Game, action_from_json, action_to_json
from rulecheck.core.lifetime import end_with_parent
from rulecheck.core.paths import project_dir
from rulecheck.core.rulings import load_ruleset
from rulecheck.docs.editions import edition_findings
from rulecheck.engine import replay
from rulecheck.findings import SEVERITIES, Finding, Witness, merge_all, severity_at_least
from rulecheck.games import GAMES, game_module, load_game
from rulecheck.scenarios import example_findings

if TYPE_CHECKING:  # pragma: no cover
    from distributed import Client

__all__ = [
    "AUDIT_FORMAT",
    "DEFAULT_PLAN",
    "QUICK_PLAN",
    "AuditInterrupted",
    "AuditReport",
    "PlanEntry",
    "default_plan",
    "explain_finding",
    "find_finding",
    "load_report",
    "report_from_json",
    "run_audit",
]

AUDIT_FORMAT = "rulecheck-audit/1"
AUDIT_GAMES = ("chomp", "chonker-party")

PlanEntry = tuple[str, str, int, str]
"""(game, variant, players, deck)."""

# Chosen by measuring (benchmarks/explore.py): every entry is explored exhaustively, raw and
# recommended, and the whole audit stays inside about five minutes on 2 cores. The largest
# raw search (3 players, plankton=2,eel=1,octopus=3) is 561,611 states in about 40 s.
DEFAULT_PLAN: dict[str, list[tuple[str, int, str]]] = {
    "chomp": [
        ("standard", 3, "shark=1,littlefish=1,eel=1,octopus=1"),
        ("standard", 4, "shark=1,littlefish=1,eel=1,octopus=1"),
        ("standard", 3, "seal=1,bigfish=1,shrimp=1,plankton=1"),
        ("standard", 5, "shark=2,plankton=2,octopus=1"),
        ("standard", 6, "shark=2,littlefish=1,plankton=2,octopus=1"),
        ("standard", 7, "plankton=7"),  # more players than the 3-6 a ruling might allow
        # two cards each: an Ink Out replay that chomps, chained Ink Outs, an Eel in a replay
        ("standard", 3, "shark=1,littlefish=1,plankton=1,octopus=3"),
        ("standard", 3, "plankton=2,eel=1,octopus=3"),
        ("standard", 3, "shark=3,plankton=3"),  # ties and tie replays
        ("underwater-war", 2, "shark=1,seal=1,plankton=1,eel=1,octopus=1"),
        ("underwater-war", 2, "shark=1,seal=1,plankton=1,octopus=2"),
        ("underwater-war", 2, "shark=4,seal=2,plankton=2"),  # a war: 2 down, 1 up
        ("chomp-rapido", 2, "shark=1,seal=1,eel=1,octopus=1"),
        ("doble-chomp", 2, "shark=1,seal=1,plankton=1,eel=1,octopus=1"),
    ],
    "chonker-party": [
        ("standard", 2, "sweet=2,salty=1,chonk=1,leaf=2,war=2,hand=2"),
        ("standard", 2, "sweet=1,leaf=1,spoiled=1,choose=1,force=1,hand=1"),
        ("standard", 3, "sweet=1,salty=1,chonk=1,leaf=1,steal=1,hand=1"),
        ("standard", 3, "sweet=1,salty=1,chonk=1,stick=1,see=1,hand=1"),
        ("standard", 4, "sweet=1,salty=1,chonk=1,leaf=1,skip=1,hand=1"),
        # one deck with 2, 3 and 4 players: the Skips are tossed out for 2 and 3 (cp.players.1-2)
        ("standard", 2, "sweet=1,salty=1,chonk=1,leaf=2,skip=1,hand=1"),
        ("standard", 3, "sweet=1,salty=1,chonk=1,leaf=2,skip=1,hand=1"),
        ("standard", 4, "sweet=1,salty=1,chonk=1,leaf=2,skip=1,hand=1"),
        ("standard", 4, "sweet=1,salty=1,chonk=1,leaf=1,war=1,hand=1"),
        ("standard", 5, "sweet=1,salty=1,chonk=1,leaf=2,war=1,hand=1"),
        ("standard", 6, "sweet=1,chonk=1,leaf=4,war=1,hand=1"),
        # two cards each: a Choose with another card in hand, the Master continuing with it, a refill
        # that runs short with two players needing two each
        ("standard", 2, "leaf=4,stick=4,choose=1,hand=2"),
        # two cards each: a Skip just before a Master who still holds a card; a circle of action cards
        ("standard", 4, "leaf=8,sweet=1,skip=1,hand=2"),
        # both Wars with 3 players: a second War played during a War
        ("standard", 3, "sweet=1,chonk=1,leaf=1,war=2,hand=1"),
    ],
}
QUICK_PLAN: dict[str, list[tuple[str, int, str]]] = {
    "chomp": [
        ("standard", 3, "shark=1,littlefish=1,eel=1,octopus=1"),
        ("underwater-war", 2, "shark=1,seal=1,eel=1,octopus=1"),
        ("doble-chomp", 2, "shark=1,seal=1,eel=1,octopus=1"),
    ],
    "chonker-party": [
        ("standard", 2, "sweet=1,leaf=1,spoiled=1,choose=1,force=1,hand=1"),
        ("standard", 3, "sweet=1,salty=1,chonk=1,leaf=1,steal=1,hand=1"),
    ],
}

Progress = Callable[[str], None]


class AuditInterrupted(BaseException):
    """Raised inside the audit loop by SIGTERM (Ctrl-C raises KeyboardInterrupt); a
    BaseException so that no ``except Exception`` swallows it."""


class _StopRequest:
    """SIGINT or SIGTERM asked the audit to stop. The handler raises at once, but an exception
    raised while Python runs a ``__del__`` (z3 frees its terms there) or a weakref callback is
    printed and dropped; so the request is also remembered, and :meth:`check` raises it at the
    next safe point (a progress note, a finished job, the end of the run). A signal is never lost."""

    def __init__(self) -> None:
        self.signum: int | None = None

    def clear(self) -> None:
        self.signum = None

    def handler(self, signum: int, frame: Any) -> None:
        self.signum = signum
        self.check()

    def check(self) -> None:
        if self.signum == signal.SIGINT:
            raise KeyboardInterrupt
        if self.signum is not None:
            raise AuditInterrupted()


_STOP = _StopRequest()


def _module_attr(game: str, name: str, default: Any) -> Any:
    try:
        return getattr(game_module(game), name, default)
    except ImportError:
        return default


def default_plan(games: Iterable[str], quick: bool = False) -> list[PlanEntry]:
    """The configurations the audit explores: the measured table, else a guess from the
    game module (every variant, its player counts from 2 to 6, its smallest deck)."""
    out: list[PlanEntry] = []
    table = QUICK_PLAN if quick else DEFAULT_PLAN
    for game in games:
        if game in table:
            out += [(game, v, p, d) for v, p, d in table[game]]
            continue
        variants = tuple(_module_attr(game, "VARIANTS", ("standard",)))
        players = _module_attr(game, "PLAYERS", {})
        decks = tuple(_module_attr(game, "DECKS", {"full": None}))
        deck = decks[-1] if decks else "full"
        for v in variants:
            counts = players.get(v, range(2, 7)) if isinstance(players, Mapping) else players
            counts = [p for p in counts if 2 <= p <= 6]
            if quick:
                counts = counts[:1]
            out += [(game, v, p, deck) for p in counts]
    return out


# --------------------------------------------------------------------------- report


@dataclass
class AuditReport:
    """The audit's result; :meth:`to_json` and :meth:`to_markdown` are deterministic."""

    games: list[str]
    ruleset: str
    settings: dict[str, Any]
    status: str = "complete"
    configurations: list[dict[str, Any]] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)
    rulings: list[dict[str, Any]] = field(default_factory=list)
    statistics: list[dict[str, Any]] = field(default_factory=list)
    errors: list[dict[str, Any]] = field(default_factory=list)
    clause_text: dict[str, str] = field(default_factory=dict)
    witness_text: dict[str, dict[str, Any]] = field(default_factory=dict)
    symbolic: list[dict[str, Any]] = field(default_factory=list)
    fixed_order: list[dict[str, Any]] = field(default_factory=list)
    specification: dict[str, dict[str, Any]] = field(default_factory=dict)
    loaded: dict[str, Game] = field(default_factory=dict, repr=False)

    def summary(self) -> dict[str, Any]:
        by_kind: dict[str, int] = {}
        by_sev: dict[str, int] = {}
        for f in self.findings:
            by_kind[f.kind] = by_kind.get(f.kind, 0) + 1
            by_sev[f.severity] = by_sev.get(f.severity, 0) + 1
        return {
            "findings": len(self.findings),
            "by_kind": dict(sorted(by_kind.items())),
            "by_severity": {s: by_sev[s] for s in SEVERITIES if s in by_sev},
            "configurations": len(self.configurations),
            "complete_configurations": sum(1 for c in self.configurations if c["complete"]),
            **({"full_deck": counts} if (counts := status_counts(self.findings)) else {}),
        }

    def to_json(self) -> dict[str, Any]:
        return {
            "format": AUDIT_FORMAT,
            "rulecheck": __version__,
            "status": self.status,
            "games": self.games,
            "ruleset": self.ruleset,
            "settings": self.settings,
            "summary": self.summary(),
            "configurations": self.configurations,
            "rulings": self.rulings,
            "statistics": self.statistics,
            "errors": self.errors,
            "findings": [f.to_json() for f in self.findings],
            **({"symbolic": self.symbolic} if self.symbolic else {}),
            **({"fixed_order": self.fixed_order} if self.fixed_order else {}),
            **({"specification": self.specification} if self.specification else {}),
        }

    def dumps(self) -> str:
        return json.dumps(self.to_json(), indent=1, sort_keys=True, ensure_ascii=False) + "\n"

    def worst(self, threshold: str) -> list[Finding]:
        return [f for f in self.findings if severity_at_least(f.severity, threshold)]

    def to_markdown(self) -> str:
        return _markdown(self)


def _atomic_write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)


def report_from_json(data: Mapping[str, Any]) -> AuditReport:
    """An audit report rebuilt from its JSON (``AuditReport.to_json``), so that AUDIT.md can be
    rendered again from a committed audit.json."""
    from rulecheck.findings import findings_from_json

    report = AuditReport(
        games=data["games"], ruleset=data["ruleset"], settings=data["settings"], status=data["status"],
        configurations=data["configurations"], findings=findings_from_json(data["findings"]),
        rulings=data["rulings"], statistics=data["statistics"], errors=data["errors"],
        specification=dict(data.get("specification", {})), fixed_order=list(data.get("fixed_order", [])),
    )
    _finish(report)
    return report


def load_report(path: str | Path | None = None) -> dict[str, Any]:
    """Read an audit JSON (default ``reports/audit.json``, else the partial one)."""
    candidates = [Path(path)] if path is not None else [
        project_dir() / "reports" / "audit.json",
        project_dir() / "reports" / "audit.partial.json",
    ]
    for p in candidates:
        if p.exists():
            try:
                data = json.loads(p.read_text(encoding="utf-8"))
            except json.JSONDecodeError as exc:
                raise RulecheckError(f"{p}: not valid JSON: {exc}") from exc
            if not isinstance(data, dict) or data.get("format") != AUDIT_FORMAT:
                raise RulecheckError(f"{p}: not a rulecheck audit report (format {AUDIT_FORMAT})")
            return data
    raise RulecheckError(
        f"no audit report at {', '.join(str(p) for p in candidates)}; run `rulecheck audit` first"
    )


def find_finding(report: Mapping[str, Any], finding_id: str) -> Finding:
    """The finding with ``finding_id``; UnknownFindingError (with near matches) otherwise."""
    import difflib

    ids = [str(f.get("id")) for f in report.get("findings", [])]
    for f in report.get("findings", []):
        if f.get("id") == finding_id:
            return Finding.from_json(f)
    near = difflib.get_close_matches(finding_id, ids, n=5, cutoff=0.5)
    hint = f"; did you mean {', '.join(near)}?" if near else f"; the report has {len(ids)} findings"
    raise UnknownFindingError(f"no finding {finding_id!r} in the audit report{hint}")


# --------------------------------------------------------------------------- running


def _summary(res: ExploreResult) -> dict[str, Any]:
    s = res.summary()
    s.pop("config")
    return s


def _progress_hook(progress: Progress | None, label: str) -> Callable[[int, int, int, float], None] | None:
    if progress is None:
        return None

    def hook(expanded: int, distinct: int, transitions: int, elapsed: float) -> None:
        _STOP.check()
        rate = transitions / elapsed if elapsed > 0 else 0.0
        progress(f"  {label}: {distinct:,} states ({expanded:,} expanded), {rate:,.0f} transitions/s, {elapsed:.1f}s")

    return hook


def _with_spec_status(f: Finding, st: Mapping[str, Any]) -> Finding:
    """A gap or conflict finding with what the specification says of its ruling point: confirmed
    (the text is open where the engine asks it), or answered by the text (then it is no defect:
    kind ``answered``, kept for the FAQ, which quotes the text's answer)."""
    data = {**f.data, "spec": dict(st), "detected_by": sorted({*f.data.get("detected_by", ["explorer"]), "spec"})}
    if st["status"] != "answered by the text":
        return replace(f, data=data)
    ex = st.get("example") or {}
    detail = (f"{f.title.split(': ', 1)[-1]} The clause specification shows the text decides it in every situation "
              f"where the engine consults this ruling point ({st['relevant']} situation(s) checked): it is not a gap. "
              f"Example: {ex.get('situation', '')} {ex.get('answer', '')}").strip()
    return replace(f, id=f.id.replace(f".{f.kind}.", ".answered.", 1), kind="answered", severity="info",
                   title="Answered by the text: " + f.title.split(": ", 1)[-1], detail=detail, data=data)


def _frequency_severity(f: Finding) -> str:
    """Gaps and conflicts by how often ordinary (full-deck, seeded) games meet them: in half
    the games or more critical, in 5% or more high, less often medium, never low."""
    freq = f.frequency
    if f.kind not in ("gap", "conflict") or not freq or not freq.get("games"):
        return f.severity
    rate = float(freq.get("rate", 0.0))
    if rate >= 0.5:
        return "critical"
    if rate >= 0.05:
        return "high"
    if rate > 0.0:
        return "medium"
    return "low"


def run_audit(
    games: Sequence[str] | None = None,
    *,
    plan: Sequence[PlanEntry] | None = None,
    ruleset: str = "recommended",
    max_seconds: float | None = 120.0,
    max_states: int | None = 3_000_000,
    playouts: int = 200,
    playout_steps: int = 5_000,
    seed: int = 0,
    quick: bool = False,
    out_dir: str | Path | None = None,
    json_path: str | Path | None = None,
    write: bool = True,
    progress: Progress | None = None,
    jobs: int = 1,
    symbolic: bool = False,
    symbolic_seconds: float = 60.0,
    symbolic_depth: int = 20,
    resume: bool = False,
    spec_situations: int | None = SITUATIONS_PER_SEARCH,
    cluster: str | None = None,
    climb: int | None = None,
) -> AuditReport:
    """Run the audit and (if ``write``) write ``audit.json`` and ``AUDIT.md`` to ``out_dir``.

    ``plan`` overrides the default configurations (``default_plan(games, quick)``). ``jobs``
    searches run at once (in forked processes when more than one). With ``cluster`` (a Dask
    scheduler's address, or ``"local"`` for ``jobs`` local workers: :mod:`rulecheck.cluster`)
    the jobs run on that cluster's workers instead; the report is the same.
    ``max_seconds`` and ``max_states`` bound each search; a bounded search is reported as
    incomplete and claims nothing it did not finish. KeyboardInterrupt and SIGTERM write the
    report as ``interrupted`` and re-raise KeyboardInterrupt; an interrupted report does not
    replace a complete one (it then goes to ``audit.partial.json`` and ``AUDIT.partial.md``).

    While it runs (if ``write``), every finished search is kept in the checkpoint
    ``<out_dir>/audit.checkpoint/``; ``resume`` continues the run kept there (called with the
    same arguments, see :func:`rulecheck.checkpoint.read_call`): only the searches it lacks
    run, and the report is byte-identical to an uninterrupted run's. The symbolic checks are
    not kept: a resumed run does them again.

    ``climb`` deals scored at most by the hill climb over full-deck deals of Underwater War with
    a fixed return order (:func:`rulecheck.check.war_loops.climb`, from
    :data:`~rulecheck.check.war_loops.CLIMB_SEED`; default
    :data:`~rulecheck.check.war_loops.CLIMB_EVALUATIONS`, none with ``quick``); it runs with the playouts
    (``playouts > 0``) when the plan has Underwater War.

    ``spec_situations`` bounds the determinacy check of each search (distinct situations; None:
    every one), see :func:`rulecheck.check.determinacy.check_explored`.

    ``symbolic`` adds the Z3 checks on the full decks (:data:`SYMBOLIC_PLAN`), each
    configuration within ``symbolic_seconds`` (half under ``raw`` for gaps, half under the
    ruleset for proofs) to BMC depth ``symbolic_depth``. Their results are time-bounded: an
    "unknown" may become a proof or a witness on a faster machine.
    """
    games = list(games or [g for g in AUDIT_GAMES if g in GAMES])
    for g in games:
        game_module(g)  # UnknownGameError early
    entries = [tuple(e) for e in plan] if plan is not None else default_plan(games, quick)
    games = list(dict.fromkeys([*games, *(e[0] for e in entries)]))
    if climb is None:
        climb = 0 if quick else CLIMB_EVALUATIONS
    # every input checked before any search starts or any report is touched (RulecheckError)
    from rulecheck.core.errors import InvalidConfigError
    for name, value, ok in (("max_seconds", max_seconds, max_seconds is None or max_seconds > 0),
                            ("max_states", max_states, max_states is None or max_states >= 1),
                            ("playouts", playouts, playouts >= 0), ("playout_steps", playout_steps, playout_steps >= 1),
                            ("jobs", jobs, jobs >= 1), ("symbolic_seconds", symbolic_seconds, symbolic_seconds > 0),
                            ("symbolic_depth", symbolic_depth, symbolic_depth >= 1),
                            ("spec_situations", spec_situations, spec_situations is None or spec_situations >= 1),
                            ("climb", climb, climb >= 0)):
        if not ok:
            raise InvalidConfigError(f"audit: {name} = {value!r} is out of range")
    for g in games:
        load_ruleset(g, ruleset)
    for g, variant, players, deck in entries:
        load_game(g, variant, players, ruleset, deck)
    out = Path(out_dir) if out_dir is not None else project_dir() / "reports"
    settings = {
        "max_seconds_per_search": max_seconds,
        "max_states_per_search": max_states,
        "spec_situations_per_search": spec_situations,
        "playouts_per_config": playouts,
        "playout_max_steps": playout_steps,
        "seed": seed,
        "quick": quick,
        "fixed_order_climb": {"seed": CLIMB_SEED, "deals": climb},
        "plan": [list(e) for e in entries],
        **({"symbolic": {"seconds_per_config": symbolic_seconds, "depth": symbolic_depth}} if symbolic else {}),
    }
    report = AuditReport(games, ruleset, settings)
    partial_path = out / "audit.partial.json"
    call = {"games": games, "plan": settings["plan"], "ruleset": ruleset, "max_seconds": max_seconds,
            "max_states": max_states, "playouts": playouts, "playout_steps": playout_steps, "seed": seed,
            "quick": quick, "symbolic": symbolic, "symbolic_seconds": symbolic_seconds,
            "symbolic_depth": symbolic_depth, "spec_situations": spec_situations, "climb": climb}
    stack = contextlib.ExitStack()
    client = stack.enter_context(cluster_client(cluster, jobs)) if cluster is not None else None
    try:
        checkpoint = _checkpoint(out, call, games, ruleset, resume, progress) if write else None
    except BaseException:
        stack.close()
        raise

    def note(msg: str) -> None:
        if progress is not None:
            progress(msg)

    previous: dict[int, Any] = {}
    _STOP.clear()
    if threading.current_thread() is threading.main_thread():
        previous = {sig: signal.signal(sig, _STOP.handler) for sig in (signal.SIGTERM, signal.SIGINT)}
    try:
        _run(report, games, entries, ruleset, max_seconds, max_states, playouts, playout_steps, seed,
             progress, partial_path if write else None, jobs, checkpoint, spec_situations, client, climb)
        stack.close()
        _STOP.check()
        if symbolic:
            _run_symbolic(report, games, ruleset, symbolic_seconds, symbolic_depth, progress)
            _STOP.check()
    except (KeyboardInterrupt, AuditInterrupted):
        report.status = "interrupted"
        _finish(report)
        if write:
            written = _write(report, out, json_path)
            note(f"interrupted: wrote the report of {len(report.configurations)} completed configuration(s) to "
                 f"{' and '.join(map(str, written))}{_kept_note(out, json_path, written)}")
        if checkpoint is not None:
            note(f"the checkpoint {checkpoint.folder} keeps {checkpoint.count()} finished search(es); "
                 f"`rulecheck audit --resume{_out_option(out_dir)}` continues the audit from it")
        raise KeyboardInterrupt from None
    finally:
        stack.close()
        for sig, handler in previous.items():
            signal.signal(sig, handler)
        _STOP.clear()
    _finish(report)
    if write:
        _write(report, out, json_path)
        for leftover in (partial_path, out / "AUDIT.partial.md"):
            leftover.unlink(missing_ok=True)
    if checkpoint is not None:
        checkpoint.remove()
    return report


def _checkpoint(out: Path, call: dict[str, Any], games: Sequence[str], ruleset: str, resume: bool,
                progress: Progress | None) -> Checkpoint:
    """A new checkpoint for this run, or (``resume``) the one it continues."""
    depends = {"code": code_fingerprint(),
               "choices": {g: dict(sorted(load_ruleset(g, ruleset).choices.items())) for g in games}}
    if not resume:
        if (out / CHECKPOINT_DIR).exists() and progress is not None:
            progress(f"replacing the checkpoint of an earlier, unfinished audit in {out / CHECKPOINT_DIR} "
                     "(`rulecheck audit --resume` would have continued it)")
        return Checkpoint.start(out, call, depends)
    checkpoint = Checkpoint.resume(out, call, depends)
    if progress is not None:
        progress(f"resuming the audit from {checkpoint.folder}: {checkpoint.count()} finished search(es) kept")
    return checkpoint


def _out_option(out_dir: str | Path | None) -> str:
    return "" if out_dir is None else f" --out {out_dir}"


def _complete_report(path: Path) -> bool:
    """Whether ``path`` holds a complete audit report (JSON or Markdown), which only a complete
    report may replace."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return False
    if path.suffix == ".md":
        return "\n- Status: complete\n" in text
    try:
        data = json.loads(text)
    except json.JSONDecodeError:
        return False
    return isinstance(data, dict) and data.get("format") == AUDIT_FORMAT and data.get("status") == "complete"


def _write(report: AuditReport, out: Path, json_path: str | Path | None) -> list[Path]:
    """Write the JSON and Markdown reports; an incomplete one goes beside a complete one
    (``audit.partial.json``, ``AUDIT.partial.md``) instead of over it. The paths written."""
    targets = [(Path(json_path) if json_path is not None else out / "audit.json", out / "audit.partial.json",
                report.dumps()), (out / "AUDIT.md", out / "AUDIT.partial.md", report.to_markdown())]
    written = []
    for path, aside, text in targets:
        if report.status != "complete" and _complete_report(path):
            path = aside
        _atomic_write(path, text)
        written.append(path)
    return written


def _kept_note(out: Path, json_path: str | Path | None, written: Sequence[Path]) -> str:
    kept = [p for p in (Path(json_path) if json_path is not None else out / "audit.json", out / "AUDIT.md")
            if p not in written]
    return f" (the complete report in {' and '.join(map(str, kept))} is kept)" if kept else ""


@dataclass
class _SearchOutcome:
    """What one search job sends back (picklable: no game, no state store)."""

    summary: dict[str, Any] | None = None
    findings: list[Finding] = field(default_factory=list)
    reach: Reach | None = None
    error: str | None = None
    spec: SpecRun | None = None


def _search_job(cfg: Config, behaviour: bool, max_seconds: float | None, max_states: int | None,
                note: Progress | None, label: str,
                spec_situations: int | None = SITUATIONS_PER_SEARCH) -> _SearchOutcome:
    """Explore one configuration and run the per-configuration detectors on it."""
    try:
        if note is not None:
            note(label)
        res = explore(cfg.load(), max_states=max_states, max_seconds=max_seconds,
                      progress=_progress_hook(note, cfg.label()), config=cfg)
        if note is not None:
            rate = res.transitions / res.seconds if res.seconds > 0 else 0.0
            note(f"  done {cfg.label()}: {res.distinct:,} states, {res.transitions:,} transitions, "
                 f"{'complete' if res.complete else 'INCOMPLETE (' + res.stop_reason + ')'}, "
                 f"{res.seconds:.1f}s, {rate:,.0f}/s")
        found = config_findings(res, rulings=True, behaviour=behaviour)
        summary = _summary(res)
        if behaviour and res.complete and not any(f.kind == "non-termination" for f in found):
            summary["proved"] = [*summary["proved"], "terminates"]
        if behaviour:
            ending = ending_of(res)  # the graph is whole here: how play ends, with what probability
            summary["ending"] = ending.to_json()
            if ending.with_probability_one and "terminates" not in summary["proved"]:
                summary["proved"] = [*summary["proved"], "ends-with-probability-1"]
        run = check_explored(res, max_situations=spec_situations)
        if run is not None:
            found += spec_findings(res, run)
            if note is not None:
                note(f"  specification {cfg.label()}: {run.situations:,} situations "
                     f"({run.determined} determined, {run.gaps} gaps, {run.conflicts} conflicts), "
                     f"{run.verified:,} steps verified, {run.seconds:.1f}s"
                     + (f"; bounded: {run.states_checked:,} of {run.states_total:,} states checked"
                        if run.bounded else ""))
            run.silent = {k: {kk: vv for kk, vv in e.items() if kk != "node"} for k, e in run.silent.items()}
        return _SearchOutcome(summary, found, Reach.of(res), spec=run)
    except RulecheckError as exc:
        return _SearchOutcome(error=str(exc))
    except Exception as exc:  # a crash in the model: report it for this configuration, go on
        return _SearchOutcome(error=f"the model raised {type(exc).__name__}: {exc}")
    except KeyboardInterrupt:
        if multiprocessing.parent_process() is not None:
            return _SearchOutcome(error="interrupted")
        raise


@dataclass
class _PlayoutOutcome:
    """What one playout job sends back: the statistics, and the determinacy check over the same
    seeded full-deck games with its findings."""

    stats: PlayoutStats
    spec: SpecRun | None = None
    findings: list[Finding] = field(default_factory=list)


def _job(what: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """A pool job's errors as its result: a rule the model refuses or a crash in the model comes
    back as the string ``"<what>: ..."`` (the report lists it for that job, and the audit goes
    on); an interrupt in a worker comes back as ``"interrupted"``, for the main process to act on."""

    def wrap(fn: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(fn)
        def job(*args: Any) -> Any:
            try:
                return fn(*args)
            except RulecheckError as exc:
                return f"{what}: {exc}"
            except Exception as exc:  # a crash in the model
                return f"{what}: the model raised {type(exc).__name__}: {exc}"
            except KeyboardInterrupt:
                if multiprocessing.parent_process() is not None:
                    return "interrupted"
                raise

        return job

    return wrap


@_job("fixed return order")
def _war_job(configs: list[Config], seed: int, full_deck_deals: int, max_steps: int,
             note: Progress | None) -> list[WarSearch] | str:
    """Underwater War with a fixed return order (:mod:`rulecheck.check.war_loops`): every deal of
    the plan's reduced decks and ``full_deck_deals`` seeded full-deck deals, each played by one
    fair schedule, looked at for a state that comes back."""
    if note is not None:
        note(f"fixed return order: every deal of {len(configs) - 1} reduced deck(s) and {full_deck_deals} seeded "
             f"full-deck deals of {configs[-1].label()}")
    return war_searches(configs, seed, full_deck_deals, max_steps, note)


@_job("fixed return order")
def _climb_job(config: Config, seed: int, evaluations: int, max_steps: int, note: Progress | None) -> WarSearch:
    """Underwater War with a fixed return order on the full deck: deals chosen by hill climbing
    (:func:`rulecheck.check.war_loops.climb`), ``evaluations`` of them scored at most."""
    if note is not None:
        note(f"fixed return order: hill climbing over full-deck deals of {config.label()} from seed {seed} "
             f"(at most {evaluations:,} deals scored)")
    return climb(config.load(), config, seed, evaluations, max_steps, progress=note)


@_job("playouts")
def _stats_job(cfg: Config, playouts: int, seed: int, steps: int, note: Progress | None,
               spec_situations: int | None = PLAYOUT_SITUATIONS) -> _PlayoutOutcome | str:
    if note is not None:
        note(f"playouts: {playouts} games of {cfg.label()} from seed {seed}")
    game = cfg.load()
    out = _PlayoutOutcome(playout_stats(game, playouts, seed, steps, cfg))
    if playouts:
        out.spec = check_playouts(game, playouts, seed, steps, spec_situations, ruleset=cfg.ruleset)
        if out.spec is not None:
            out.findings = playout_findings(game, cfg, out.spec)
            if note is not None:
                r = out.spec
                note(f"  specification {cfg.label()}, its playouts: {r.situations:,} situations, {r.verified:,} "
                     f"steps verified, {len(r.disagreements)} disagreements, {r.seconds:.1f}s"
                     + (f"; bounded: {r.states_checked} of {r.states_total} games checked" if r.bounded else ""))
    return out


def _unmet(game: str, ruling: str) -> str:
    """The specification's word on a ruling point no checked situation showed deciding a step:
    its options are constraints the check never met, or the specification does not read it."""
    mods = spec_modules(game)
    if mods is not None and any(r.ruling == ruling for r in mods[0].SPEC.rulings):
        return "not met by the check"
    return "outside the specification"


def _full_deck_rulings(game: str, runs: list[tuple[Any, str, SpecRun]], stats: list[PlayoutStats],
                       max_steps: int, note: Progress | None) -> list[Finding]:
    """The ruling points the small decks' searches did not show the text open on, asked where
    the full-deck playouts met them (:func:`check_ruling_steps`); each run joins ``runs`` as
    role ``ruling steps``. Returns its findings."""
    if not any(role == "raw" for _, role, _ in runs):
        return []
    shown = ruling_statuses([r for _, role, r in runs if role == "raw"])
    out: list[Finding] = []
    for st in stats:
        if st.config.game != game:
            continue
        targets = sorted(r for r in st.ruling_steps if shown.get(r, {}).get("status") != "confirmed")
        if not targets:
            continue
        cfg = st.config
        raw_cfg = cfg.with_ruleset("raw")
        run = check_ruling_steps(cfg.load(), raw_cfg.load(), st.ruling_steps, targets, max_steps)
        if run is None:
            continue
        runs.append((raw_cfg.to_json(), "ruling steps", run))
        game_obj = cfg.load()
        out.extend(playout_findings(game_obj, cfg, run))
        now = ruling_statuses([run])
        confirmed = [r for r in targets if now.get(r, {}).get("status") == "confirmed"]
        out.extend(_open_on_full_deck(game_obj, cfg, r, run.open_at[r]) for r in confirmed if r in run.open_at)
        if note is not None:
            note(f"  specification {cfg.label()}, its playouts, ruling points {', '.join(targets)}: "
                 f"{run.situations} situations; the text open on {', '.join(confirmed) or 'none'}; {run.seconds:.1f}s")
    return out


def _reading_jobs(games: Sequence[str], found: Sequence[Finding], stats: Sequence[PlayoutStats], max_steps: int,
                  note: Progress | None) -> list[tuple[Callable[..., Any], tuple[Any, ...]]]:
    """The :func:`_readings_job` calls that look for the ambiguities not yet seen on the full deck:
    each in the first full-deck configuration of ``stats`` with a variant and player count of a
    reduced deck that showed it (one look per ambiguity: the work is bounded)."""
    wanted: dict[tuple[str, str], set[tuple[Any, Any]]] = {}
    for f in found:
        point = f.data.get("reading")
        if f.game in games and f.kind == "ambiguity" and isinstance(point, str) \
                and not any(c.get("deck") == "full" for c in f.configs):
            wanted.setdefault((f.game, point), set()).update((c.get("variant"), c.get("players")) for c in f.configs)
    # each ambiguity is looked for in one configuration: the first of the plan's that showed it
    where_first = {key: next((i for i, st in enumerate(stats) if st.config.game == key[0]
                              and (st.config.variant, st.config.players) in where), None)
                   for key, where in wanted.items()}
    calls: list[tuple[Callable[..., Any], tuple[Any, ...]]] = []
    for i, st in enumerate(stats):
        targets = sorted(p for (_, p), at in where_first.items() if at == i)
        if targets:
            calls.append((_readings_job, (st.config, targets, st.games, st.seed, max_steps, note)))
    return calls


@_job("readings")
def _readings_job(cfg: Config, targets: list[str], games: int, seed: int, max_steps: int,
                  note: Progress | None) -> list[Finding] | str:
    """The ambiguities ``targets`` looked for in the seeded full-deck games of ``cfg``
    (:func:`check_reading_steps`): each one found there comes back as a finding on the full-deck
    configuration, with ``data["full_deck_at"]`` naming the seeded game and step that shows it
    (which :func:`full_deck_status` gives as its witness)."""
    game = cfg.load()
    run = check_reading_steps(game, cfg.with_ruleset("raw").load(), targets, games, seed, max_steps)
    if run is None:
        return []
    out = []
    for f in playout_findings(game, cfg, run):
        if f.kind != "ambiguity":  # (the rest of the check under raw is the searches' job)
            continue
        _, at_seed, at_step = run.ambiguities[f.data["reading"]]["node"]
        out.append(replace(f, data={**f.data, "full_deck_at": {"config": cfg.to_json(), "seed": at_seed,
                                                               "step": at_step}}))
    if note is not None:
        note(f"  specification {cfg.label()}, its playouts, reading points {', '.join(targets)}: "
             f"{run.situations:,} situations; the readings disagree on "
             f"{', '.join(sorted(run.ambiguities)) or 'none'}; {run.seconds:.1f}s"
             + ("; bounded" if run.bounded else ""))
    return out


TARGETED_GAMES = 5_000
"""The audit's bound on the further seeded full-deck games played per configuration to meet what
the playouts did not (:func:`_targeted_search`): an amount of work, the same on any machine."""

_TARGET_BATCH = 500


def _targets(f: Finding, stats: Sequence[PlayoutStats]) -> tuple[str, str] | None:
    """What a finding still small-deck only needs a full-deck game to show: its ruling point met
    (a gap or conflict; a ruling point 'never reached') or its clause applied (a dead rule)."""
    if f.ruling and f.kind in ("gap", "conflict", "dead-rule"):
        target = ("ruling", f.ruling)
    elif f.kind == "dead-rule" and f.clauses:
        target = ("clause", f.clauses[0])
    else:
        return None  # (asked first: the status of a loop or a claim replays the seeded games)
    if not stats or f.data.get("out_of_play") or full_deck_status(f, stats)["status"] != SMALL_DECK_ONLY:
        return None
    return target


def _targeted_search(findings: Sequence[Finding], stats: Sequence[PlayoutStats], max_steps: int, jobs: int,
                     note: Progress | None, client: Client | None = None) -> list[PlayoutStats]:
    """More seeded full-deck games (seeds after the playouts', up to :data:`TARGETED_GAMES` per
    configuration, in batches, stopping once every target is met) for the ruling points and
    clauses of findings the playouts left small-deck only: each target is looked for in the first
    full-deck configuration of its variant and player count. The games' statistics count only
    for the full-deck statuses (not for the reported frequencies)."""
    wanted: dict[int, set[tuple[str, str]]] = {}
    for f in findings:
        target = _targets(f, stats)
        keys = {(c.get("variant"), c.get("players")) for c in f.configs}
        at = next((i for i, st in enumerate(stats) if st.config.game == f.game
                   and (not keys or (st.config.variant, st.config.players) in keys)), None)
        if target is not None and at is not None:
            wanted.setdefault(at, set()).add(target)
    calls: list[tuple[Callable[..., Any], tuple[Any, ...]]] = [
        (_targeted_job, (stats[i].config, sorted(t), stats[i].seed + stats[i].games, max_steps, note))
        for i, t in sorted(wanted.items())]
    if not calls:
        return []
    runner = _Runner(jobs, client)
    try:
        out = [st for got in runner.map(calls) if isinstance(got, list) for st in got]
    except BaseException:
        runner.close(abort=True)
        raise
    runner.close()
    return out


@_job("targeted search")
def _targeted_job(cfg: Config, targets: list[tuple[str, str]], seed: int, max_steps: int,
                  note: Progress | None) -> list[PlayoutStats] | str:
    """Batches of seeded games of ``cfg`` from ``seed`` until every target (a ruling point
    consulted, a clause applied) is met or :data:`TARGETED_GAMES` are played: the batches that met
    one (their statistics name the seed and step)."""
    game = cfg.load()
    found: list[PlayoutStats] = []
    left = set(targets)
    played = 0
    while left and played < TARGETED_GAMES:
        st = playout_stats(game, _TARGET_BATCH, seed + played, max_steps, cfg)
        played += _TARGET_BATCH
        met = {t for t in left if (st.ruling_steps if t[0] == "ruling" else st.clause_steps).get(t[1])}
        if met:
            found.append(st)
            left -= met
    if note is not None:
        met_now = ", ".join(sorted(t for _, t in set(targets) - left)) or "none"
        note(f"  full deck {cfg.label()}: {played:,} more seeded games from seed {seed} for "
             f"{', '.join(t for _, t in targets)}: met {met_now}")
    return found


def _open_on_full_deck(game: Game, cfg: Config, rid: str, at: tuple[int, int]) -> Finding:
    """The gap or conflict of ruling point ``rid`` that only the full deck shows: the seeded game
    and step ``at`` (0-based) that the text (under ``raw``) leaves open on it. The witness is that
    game up to and including the step, which the engine decides by the ruleset's answer."""
    seed, step = at
    actions = playout_witness(game, seed, step)
    witness = Witness(cfg.to_json(), tuple(action_to_json(a) for a in actions), step)
    rp = game.ruling_points[rid]
    detail = (f"{rp.question} No reduced deck of the audit shows the text open here; seeded games on the full "
              f"deck do (the witness is one), and there the clauses leave the step open: {ruling_problem(rp.kind)}.")
    return ruling_finding(game, rid, detail, cfg.to_json(), witness, False, {"detected_by": ["spec", "playouts"]})


def _stderr_note(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)


def _worker_init() -> None:
    """Workers leave interruption to the main process: it writes the report and ends them; a
    main process killed outright (SIGKILL) cannot, so they also end when it does."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    parent = multiprocessing.parent_process()
    end_with_parent(parent.pid if parent is not None and parent.pid is not None else os.getppid())


def _keep(checkpoint: Checkpoint, index: int, result: Any) -> None:
    """Keep a finished job's result, unless it is an interruption rather than a result."""
    error = result.error if isinstance(result, _SearchOutcome) else result if isinstance(result, str) else None
    if error != "interrupted":
        checkpoint.keep(index, result)


def _keep_future(keep: Callable[[int, Any], None], index: int, fut: concurrent.futures.Future[Any]) -> None:
    if not fut.cancelled() and fut.exception() is None:
        keep(index, fut.result())


class _Runner:
    """Runs jobs inline (``jobs == 1``), in a pool of forked processes, or on a Dask cluster
    (``client``, :mod:`rulecheck.cluster`); results come back in submission order, so the report
    does not depend on where or when each job finishes."""

    def __init__(self, jobs: int, client: Client | None = None, note: Progress | None = None) -> None:
        self.jobs = jobs
        self.client = client
        self.note = note
        self.futures: list[Any] = []
        self.pool: concurrent.futures.ProcessPoolExecutor | None = None
        if jobs > 1 and client is None:
            self.pool = concurrent.futures.ProcessPoolExecutor(
                max_workers=jobs, mp_context=multiprocessing.get_context("fork"), initializer=_worker_init
            )

    def map(self, calls: list[tuple[Callable[..., Any], tuple[Any, ...]]], checkpoint: Checkpoint | None = None,
            ) -> Iterable[Any]:
        """The results of ``calls`` in order; those in ``checkpoint`` are taken from it, the others
        run, and each kept in it as soon as it is in (before the earlier ones, with a pool)."""
        done = checkpoint.done() if checkpoint is not None else {}
        keep = functools.partial(_keep, checkpoint) if checkpoint is not None else None
        if self.client is not None:
            yield from self._cluster_map(calls, done, keep)
            return
        if self.pool is None:
            for i, (fn, args) in enumerate(calls):
                _STOP.check()
                result = done[i] if i in done else fn(*args)
                if keep is not None and i not in done:
                    keep(i, result)
                _STOP.check()  # a stop request raised inside fn may have been dropped (see _StopRequest)
                yield result
            return
        futures = {i: self.pool.submit(fn, *args) for i, (fn, args) in enumerate(calls) if i not in done}
        if keep is not None:
            for i, fut in futures.items():
                fut.add_done_callback(functools.partial(_keep_future, keep, i))
        for i in range(len(calls)):
            result = done[i] if i in done else futures[i].result()
            _STOP.check()
            yield result

    def _cluster_map(self, calls: list[tuple[Callable[..., Any], tuple[Any, ...]]], done: dict[int, Any],
                     keep: Callable[[int, Any], None] | None) -> Iterator[Any]:
        """:meth:`map` on the Dask cluster: every job submitted at once; each result kept in the
        checkpoint as it arrives; a line of progress per finished job."""
        from distributed import as_completed

        assert self.client is not None
        futures = {i: self.client.submit(fn, *args, pure=False) for i, (fn, args) in enumerate(calls) if i not in done}
        self.futures = list(futures.values())
        where = {fut.key: i for i, fut in futures.items()}
        results: dict[int, Any] = {}
        finished = len(done)
        waiting = as_completed(list(futures.values()))
        for i in range(len(calls)):
            while i not in done and i not in results:
                fut = next(waiting)
                j = where[fut.key]
                results[j] = fut.result()
                finished += 1
                if keep is not None:
                    keep(j, results[j])
                if self.note is not None:
                    self.note(f"  cluster: {finished}/{len(calls)} jobs done")
                _STOP.check()
            yield done[i] if i in done else results.pop(i)

    def close(self, abort: bool = False) -> None:
        if self.client is not None:
            if abort and self.futures:
                self.client.cancel(self.futures)
            self.futures = []
            return
        if self.pool is None:
            return
        if abort:
            procs = list((getattr(self.pool, "_processes", None) or {}).values())
            for proc in procs:
                proc.terminate()
            for proc in procs:
                proc.join(timeout=5)
                if proc.is_alive():
                    proc.kill()
            self.pool.shutdown(wait=False, cancel_futures=True)
        else:
            self.pool.shutdown()


def _run(
    report: AuditReport,
    games: list[str],
    entries: list[PlanEntry],
    ruleset: str,
    max_seconds: float | None,
    max_states: int | None,
    playouts: int,
    playout_steps: int,
    seed: int,
    note: Progress | None,
    partial_path: Path | None,
    jobs: int,
    checkpoint: Checkpoint | None = None,
    spec_situations: int | None = SITUATIONS_PER_SEARCH,
    client: Client | None = None,
    climb: int = 0,
) -> None:
    per_game_reach: dict[str, list[Reach]] = {g: [] for g in games}
    per_game_raw: dict[str, list[Reach]] = {g: [] for g in games}
    spec_runs: dict[str, list[tuple[dict[str, Any], str, SpecRun]]] = {g: [] for g in games}
    spec_playouts = None if spec_situations is None else min(spec_situations, PLAYOUT_SITUATIONS)
    found: list[Finding] = []
    chosen_open: set[str] = set()
    for game in games:
        g = _any_game(game, entries)
        if g is not None:
            report.loaded[game] = g
    runner = _Runner(jobs, client, note)
    # a job's own progress lines: here, or on stderr from a forked worker (a cluster's workers
    # write to their own logs, so the runner notes each finished job instead)
    worker_note = None if client is not None else note if jobs == 1 else (_stderr_note if note is not None else None)
    try:
        calls: list[tuple[Callable[..., Any], tuple[Any, ...]]] = []
        roles: list[tuple[int, str]] = []
        for n, (game, variant, players, deck) in enumerate(entries, 1):
            base = Config(game, variant, players, deck, "raw")
            runs = [("raw", base)] + ([("chosen", base.with_ruleset(ruleset))] if ruleset != "raw" else [])
            for role, cfg in runs:
                behaviour = role == "chosen" or ruleset == "raw"
                calls.append((_search_job, (cfg, behaviour, max_seconds, max_states, worker_note,
                                            f"[{n}/{len(entries)}] {cfg.label()}", spec_situations)))
                roles.append((n - 1, role))
        stat_cfgs = []
        if playouts > 0:
            for game, variant, players in dict.fromkeys((e[0], e[1], e[2]) for e in entries):
                cfg = Config(game, variant, players, "full", ruleset)
                stat_cfgs.append(cfg)
                calls.append((_stats_job, (cfg, playouts, seed, playout_steps, worker_note, spec_playouts)))
        war_cfgs = war_configs(entries, ruleset)
        if war_cfgs:
            deals = FULL_DECK_DEALS if playouts > 0 else 0
            calls.append((_war_job, (war_cfgs, seed, deals, playout_steps, worker_note)))
        # the longest job goes first, so that it does not run alone at the end
        climbing = bool(war_cfgs) and playouts > 0 and climb > 0
        if climbing:
            calls.insert(0, (_climb_job, (war_cfgs[-1], CLIMB_SEED, climb, playout_steps, worker_note)))
        results = iter(runner.map(calls, checkpoint))
        climbed = next(results) if climbing else None
        current: dict[str, Any] | None = None
        for (idx, role), outcome in zip(roles, results, strict=False):
            game, variant, players, deck = entries[idx]
            if role == "raw":
                current = {"config": {"game": game, "variant": variant, "players": players, "deck": deck}}
                failed = False
            assert current is not None
            if outcome.error is not None:
                if outcome.error == "interrupted":
                    raise KeyboardInterrupt
                if not failed:
                    report.errors.append({"config": current["config"], "error": outcome.error})
                    if note is not None:
                        note(f"  error: {outcome.error}")
                failed = True
            else:
                current[role] = outcome.summary
                found.extend(outcome.findings)
                if outcome.spec is not None:
                    spec_runs[game].append((current["config"], role, outcome.spec))
                report.findings = merge_all(found)  # an interrupt now keeps them
                if role == "raw":
                    per_game_raw[game].append(outcome.reach)
                if role == "chosen" or ruleset == "raw":
                    per_game_reach[game].append(outcome.reach)
                if role == "chosen":
                    chosen_open.update(f.ruling for f in outcome.findings if f.ruling and f.kind in ("gap", "conflict"))
            last = ruleset == "raw" or role == "chosen"
            if last and not failed:
                current["complete"] = all(current[r]["complete"] for r in ("raw", "chosen") if r in current)
                report.configurations.append(current)
            if partial_path is not None and outcome.error is None:  # a kill keeps them too
                report.status = "partial"
                _atomic_write(partial_path, report.dumps())
        stats: list[PlayoutStats] = []
        for cfg, played in zip(stat_cfgs, results, strict=False):
            if isinstance(played, str):
                if played == "interrupted":
                    raise KeyboardInterrupt
                report.errors.append({"config": cfg.to_json(), "error": played})
                continue
            stats.append(played.stats)
            report.statistics.append(played.stats.to_json())
            if played.spec is not None:
                spec_runs[cfg.game].append((cfg.to_json(), "playouts", played.spec))
                found.extend(played.findings)
        if war_cfgs:
            searched = next(results)
            if isinstance(searched, str):
                if searched == "interrupted":
                    raise KeyboardInterrupt
                report.errors.append({"config": war_cfgs[-1].to_json(), "error": searched})
            else:
                if isinstance(climbed, str):
                    if climbed == "interrupted":
                        raise KeyboardInterrupt
                    report.errors.append({"config": war_cfgs[-1].to_json(), "error": climbed})
                elif climbed is not None:
                    searched = [*searched, climbed]
                report.fixed_order = [s.to_json() for s in searched]
                loop = war_finding(searched, _choice("chomp", ruleset, WAR_RULING))
                found.extend([loop] if loop is not None else [])
        # the ambiguities the reduced decks showed, looked for in the same full-deck games
        reading_calls = _reading_jobs(games, merge_all(found), stats, playout_steps, worker_note)
        for (_, args), looked in zip(reading_calls, runner.map(reading_calls), strict=False):
            if isinstance(looked, str):
                if looked == "interrupted":
                    raise KeyboardInterrupt
                report.errors.append({"config": args[0].to_json(), "error": looked})
                continue
            found.extend(looked)
    except BaseException:
        runner.close(abort=True)
        raise
    runner.close()
    report.status = "complete"

    # absence claims and coverage, per game
    absent: list[Finding] = []
    for game in games:
        g = report.loaded.get(game)
        if g is None:
            continue
        clauses = normative_clauses(game)
        failed = [e for e in report.errors if e["config"].get("game") == game]
        for f in find_dead(g, per_game_reach[game], per_game_raw[game], clauses):
            if failed:  # plays of a failed configuration were not counted: the claim is weaker
                where = "; ".join(config_text(e["config"]) + f" ({e['error']})" for e in failed)
                f = replace(f, verified=False, detail=f"{f.detail} Not counted (the search failed): {where}.")
            absent.append(f)
        absent += find_coverage_holes(game, clauses)
        absent += _dead_per_player_count(g, per_game_reach[game], per_game_raw[game], clauses,
                                         {f.id for f in absent})
        absent += _text_findings(game)

    for game in games:
        found.extend(_full_deck_rulings(game, spec_runs[game], stats, playout_steps, note))
    statuses = {g: ruling_statuses([r for _, role, r in spec_runs[g] if role in ("raw", "ruling steps")])
                for g in games}
    # what the seeded playouts did not meet, looked for in more seeded full-deck games
    targeted = _targeted_search(merge_all([*found, *absent]), stats, playout_steps, jobs, worker_note, client)
    findings = []
    for f in merge_all([*found, *absent]):
        if f.ruling and f.kind in ("gap", "conflict"):
            st = statuses.get(f.game, {}).get(f.ruling)
            if st is not None:
                f = _with_spec_status(f, st)
        if f.ruling and f.kind in ("gap", "conflict"):
            games_stats = [s for s in stats if s.config.game == f.game]
            freq = combined_frequency(games_stats, f.ruling, list(f.configs))
            choice = _choice(f.game, ruleset, f.ruling)
            data = dict(f.data)
            data["closed_by"] = None if choice is None or f.ruling in chosen_open else {
                "ruleset": ruleset, "option": choice}
            f = replace(f, frequency=freq, data=data)
            f = replace(f, severity=_frequency_severity(f))
        if stats:  # what the full-deck playouts say of it (none run: no status)
            f = replace(f, data={**f.data, "full_deck": full_deck_status(f, [*stats, *targeted])})
        findings.append(f)
    report.findings = merge_all(findings)

    for game in games:
        if spec_runs[game]:
            report.specification[game] = spec_summary(game, spec_runs[game], statuses[game],
                                                      examples=check_examples(game))

    # ruling points: reached under raw? decided by the chosen ruleset?
    for game in games:
        g = report.loaded.get(game)
        if g is None:
            continue
        reached_raw: set[str] = set()
        for r in per_game_raw[game]:
            reached_raw |= r.rulings
        for rid, rp in g.ruling_points.items():
            choice = _choice(game, ruleset, rid)
            reached = rid in reached_raw
            if not reached:
                status = "unreached"
            elif rid in chosen_open or choice is None:
                status = "open"
            else:
                status = "closed"
            entry = {
                "id": rid, "game": game, "kind": rp.kind, "question": rp.question,
                "reached_raw": reached, "choice": choice, "status": status,
            }
            if game in report.specification:
                entry["text"] = statuses[game].get(rid, {}).get("status") or _unmet(game, rid)
            report.rulings.append(entry)


#: Full-deck configurations for ``audit --symbolic``; those the symbolic checker does not
#: encode are listed in the report as not checked, with the reason.
SYMBOLIC_PLAN: dict[str, list[tuple[str, int]]] = {
    "chomp": [("underwater-war", 2), ("standard", 3), ("chomp-rapido", 2), ("doble-chomp", 2)],
    "chonker-party": [("standard", n) for n in range(2, 7)],
}


def _run_symbolic(report: AuditReport, games: Sequence[str], ruleset: str, seconds: float, depth: int,
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


def _dead_per_player_count(game: Game, reach: Sequence[Reach], raw: Sequence[Reach],
                           clauses: Mapping[str, Any] | None, dead_everywhere: set[str]) -> list[Finding]:
    """Rules dead for some player counts only: the same variant and deck explored with several
    player counts, dead (completely explored) with N players but applied with another count.
    Comparing one deck across counts keeps a deck that merely lacks a card from passing for a
    rule that the player count kills (e.g. the Skips tossed out for 2 and 3 players)."""
    groups: dict[tuple[str, str], dict[int, list[Reach]]] = {}
    for r in reach:
        groups.setdefault((r.config.variant, r.config.deck), {}).setdefault(r.config.players, []).append(r)
    conditional = set(game.player_count_clauses())
    out: list[Finding] = []
    for (variant, deck), by_count in sorted(groups.items()):
        if len(by_count) < 2:
            continue
        dead: dict[int, dict[str, Finding]] = {}
        for n, runs in by_count.items():
            raw_n = [r for r in raw if r.config.players == n and (r.config.variant, r.config.deck) == (variant, deck)]
            dead[n] = {f.id: f for f in find_dead(game, runs, raw_n, clauses) if f.verified}
        for n in sorted(by_count):
            for fid, f in sorted(dead[n].items()):
                alive = sorted(m for m in by_count if m != n and fid not in dead[m])
                if fid in dead_everywhere or not alive or set(f.clauses) & conditional:
                    continue
                out.append(replace(
                    f, id=f"{fid}.{n}p", title=f"{f.title} (with {n} players)",
                    detail=(f"{f.detail} With {', '.join(map(str, alive))} players it does apply, on the same "
                            f"deck ({deck}, {variant}): the player count makes it dead."),
                ))
    return out


def _text_findings(game: str) -> list[Finding]:
    """Findings from the books themselves rather than from play: the editions compared
    (translation) and the worked examples replayed (example-mismatch)."""
    if game not in GAME_BOOKS:
        return []
    return [*edition_findings(game), *example_findings(game)]


def _any_game(game: str, entries: Sequence[PlanEntry]) -> Game | None:
    """A loaded instance of ``game`` (for its ruling points and declared outcomes)."""
    for g, variant, players, deck in entries:
        if g == game:
            try:
                return load_game(game, variant, players, "raw", deck)
            except RulecheckError:
                continue
    return None


def _choice(game: str, ruleset: str, ruling: str) -> str | None:
    try:
        return load_ruleset(game, ruleset).choices.get(ruling)
    except RulecheckError:
        return None


def _finish(report: AuditReport) -> None:
    """Clause texts and witness step texts for the Markdown report (replays each witness)."""
    games = {f.game for f in report.findings}
    for game in sorted(games):
        for cid, c in all_clauses(game).items():
            report.clause_text[cid] = " ".join(c.text.split())
    for f in report.findings:
        if f.witness is None:
            continue
        try:
            lines = witness_lines(f)
        except RulecheckError as exc:
            report.witness_text[f.id] = {"error": str(exc)}
            continue
        report.witness_text[f.id] = {"steps": len(f.witness.actions), "lines": lines}


# --------------------------------------------------------------------------- explain


def _witness_game(f: Finding) -> Game:
    assert f.witness is not None
    return Config.from_json(f.witness.config).load()


def witness_lines(f: Finding) -> list[tuple[int, str, str]]:
    """(step index, marker, text) for the interesting steps: the problem step, the loop."""
    assert f.witness is not None
    w = f.witness
    game = _witness_game(f)
    steps, _ = replay(game, [action_from_json(a) for a in w.actions])
    keep = []
    for i, s in enumerate(steps):
        marker = ""
        if w.loop_start is not None and i == w.loop_start:
            marker = "loop starts"
        elif i == w.problem_step:
            marker = "problem"
        if marker:
            keep.append((i, marker, f"{game.actor_text(s.actor, s.action)}: {s.text}"))
    return keep


def explain_finding(f: Finding, clause_text: Mapping[str, str] | None = None) -> str:
    """The finding and its witness replayed step by step in the rulebook's words."""
    texts = clause_text if clause_text is not None else {
        cid: " ".join(c.text.split()) for cid, c in all_clauses(f.game).items()
    }
    lines = [f"{f.id}: {f.title}", f"kind {f.kind}, severity {f.severity}, "
             f"{'verified (exhaustive)' if f.verified else 'not verified exhaustively'}"]
    if f.detail:
        lines.append(f.detail)
    for cid in f.clauses:
        lines.append(f"  clause {cid}: {texts.get(cid, '(text not in the clause index)')}")
    if f.ruling:
        lines.append(f"  ruling point: {f.ruling}")
    fd = f.data.get("full_deck")
    if fd:
        lines.append(f"Full deck: {fd['status']}: {fd['how']}.")
        fw = fd.get("witness")
        if fw:
            c = fw["config"]
            lines.append(f"  play that game: rulecheck simulate {c['game']} -v {c['variant']} -n {c['players']} "
                         f"-r {c['ruleset']} --seed {fw['seed']} --cite")
    if f.witness is None:
        lines.append("No witness trace: this finding is a claim about all explored plays, not one play.")
        return "\n".join(lines)
    w = f.witness
    game = _witness_game(f)
    cfg = Config.from_json(w.config)
    lines.append(f"Witness: {len(w.actions)} steps in {cfg.label()}")
    actions = [action_from_json(a) for a in w.actions]
    steps, final = replay(game, actions)
    state = game.root_state()
    width = len(str(len(steps)))
    loop_state = None
    for i, (s, a) in enumerate(zip(steps, actions, strict=True)):
        if w.loop_start is not None and i == w.loop_start:
            loop_state = state
            lines.append(f"{'':>{width}}  --- the loop starts here: from now on play can repeat forever ---")
        tag = ""
        if s.provenance.clauses:
            tag += f"  [{', '.join(s.provenance.clauses)}]"
        if s.provenance.rulings:
            tag += f"  ruling: {', '.join(s.provenance.rulings)}"
        if s.provenance.gap:
            tag += f"  GAP: {s.provenance.gap} (the text does not decide this)"
        mark = ""
        if i == w.problem_step and w.loop_start is None:
            mark = f"   <== the problem ({f.kind}) appears here"
        lines.append(f"{i + 1:>{width}}. {game.actor_text(s.actor, s.action)}: {s.text}{tag}{mark}")
        state = game.apply(state, a).state
    lines.append(f"State reached: {game.describe_state(final.before if hasattr(final, 'before') else final)}")
    if w.loop_start is not None:
        same = loop_state == final
        lines.append(
            f"After step {len(steps)} the state is {'exactly' if same else 'NOT'} the one before step "
            f"{w.loop_start + 1}: steps {w.loop_start + 1}-{len(steps)} can repeat forever."
        )
    if f.kind == "deadlock":
        lines.append(f"Legal actions here: {len(game.legal_actions(final))} (and the game is not over).")
    if isinstance(getattr(final, "ruling", None), str):
        rp = game.ruling_points[final.ruling]  # type: ignore[attr-defined]
        lines.append(f"Open question ({rp.kind}): {rp.question}")
        for o in rp.options:
            lines.append(f"  - {o.id}: {o.text}{'  (recommended)' if o.id == rp.recommended else ''}")
    lines.append(f"Replay it: the witness actions are in the audit report (finding {f.id}).")
    return "\n".join(lines)


# --------------------------------------------------------------------------- markdown


def config_text(c: Mapping[str, Any]) -> str:
    """A configuration as one line: ``chomp standard 3p deck tiny``."""
    changed = "".join(f", {rid} = {option}" for rid, option in sorted(dict(c.get("choices") or {}).items()))
    return f"{c['game']} {c['variant']} {c['players']}p deck {c['deck']}{changed}"


def _full_deck_markdown(w: Callable[[str], None], report: AuditReport) -> None:
    """What the findings say about the real game: per kind, how many are confirmed on the full
    deck, refuted there, or so far seen with a reduced deck only (:mod:`rulecheck.check.full_deck`)."""
    from rulecheck.check.full_deck import STATUSES

    counts = report.summary().get("full_deck")
    if not counts:
        return
    w("## The full deck")
    w("")
    w("Each finding made on a reduced deck is looked for with the full deck of its game and player count, "
      "in the seeded full-deck games: *confirmed* (found there, or its ruling point met there, or its readings "
      "shown to differ there: the step is named, and `rulecheck simulate` with that seed plays the game), "
      "*refuted* (a claim that something never happens, contradicted by a full-deck game), *small deck only* "
      "(neither yet; nothing is proved impossible on the full deck: the errata hold these back), or *text* "
      "(a claim about the books alone).")
    w("")
    w("| kind | " + " | ".join(STATUSES) + " |")
    w("|---|" + "---:|" * len(STATUSES))
    for kind, per in counts.items():
        w(f"| {kind} | " + " | ".join(str(per.get(st, "")) for st in STATUSES) + " |")
    w("")
    for status in ("refuted", "small deck only"):
        mine = [f for f in report.findings if f.data.get("full_deck", {}).get("status") == status]
        if mine:
            w(f"{status.capitalize()}:")
            w("")
            for f in mine:
                w(f"- `{f.id}` ({f.severity}): {_md_escape(f.title)}; {_md_escape(f.data['full_deck']['how'])}")
            w("")


def _fairness_markdown(w: Callable[[str], None], report: AuditReport) -> None:
    """The fairness assumption of each game's cycle check, and the loops it rules out."""
    assumed = {f.game: f.data["fairness"] for f in report.findings if f.data.get("fairness")}
    if not assumed:
        return
    w("## Fairness")
    w("")
    w("A loop counts as play that goes on forever only if it keeps the game's fairness assumption; one "
      "that needs a move the assumption rules out every time round is listed here (severity info) and "
      "left out of the errata.")
    w("")
    for game, text in sorted(assumed.items()):
        w(f"- {game}: {_md_escape(text)}.")
    w("")
    unfair = [f for f in report.findings if f.data.get("fair") is False]
    if unfair:
        w("Loops only without it:")
        w("")
        for f in unfair:
            w(f"- `{f.id}`: {_md_escape(f.title)}")
        w("")


def _ending_markdown(w: Callable[[str], None], report: AuditReport) -> None:
    """How play ends (:mod:`rulecheck.check.ending`): per configuration searched completely,
    surely, with probability 1 or not; what the seeded full-deck games showed; and Underwater War
    with a fixed return order (:mod:`rulecheck.check.war_loops`)."""
    from rulecheck.check.war_loops import ENDED, LOOP, SCHEDULE, STEP_LIMIT

    rows = [(c["config"], run["ending"]) for c in report.configurations
            for run in [c.get("chosen", c.get("raw", {}))] if "ending" in run]
    if not rows and not report.fixed_order:
        return
    w("## Ending")
    w("")
    if rows:
        w(f"Whether play ends, under `{report.ruleset}`. Say chance moves by its probabilities (deals, shuffles), "
          "every race outcome or choice that keeps the fairness assumption above is made with a probability of at "
          "least some fixed ε > 0 each time, whatever happened before, and a move it rules out with any probability. "
          "Play then ends with probability 1, whatever those probabilities, exactly when from every reachable state "
          "an end can be reached by chance outcomes and fair moves: *every play ends* (no loop), *every fair play "
          "ends* (each loop needs "
          "a move the assumption rules out), *ends with probability 1* (plays can go round a loop for ever, but "
          "with probability 0), *not with probability 1* (some reachable states can reach no end: a trap).")
        w("")
        w("| configuration | verdict | states | on fair loops | can reach no end |")
        w("|---|---|---:|---:|---:|")
        for config, e in rows:
            w(f"| {config_text(config)} | {e['verdict']} | {e['states']} | {e['looping']} | {e['stuck']} |")
        w("")
        traps = [f"`{f.id}`" for f in report.findings if f.kind == "trap"]
        if traps and any(e["stuck"] for _, e in rows):
            w(f"The traps are the findings {', '.join(traps)}.")
            w("")
    if report.statistics:
        games = "; ".join(f"{c['game']} {c['variant']} {c['players']}p: {_ended_text(st)}"
                          for st in report.statistics for c in [st["config"]])
        w(f"With the full deck nothing here is proved. The seeded full-deck games (`{report.ruleset}`): {games}.")
        w("")
    if report.fixed_order:
        w("### Underwater War with a fixed return order")
        w("")
        w("With the won cards under the pile in a fixed order (`chomp.two_player_won_cards = bottom_of_pile`: highest "
          "on the food chain first, as in the card game War), a deal is one play once the races are decided by a "
          f"fixed schedule that keeps the fairness assumption: {SCHEDULE}. Each deal below was played so; a state "
          "that comes back is play that repeats for ever. `rulecheck war-loops` searches more deals.")
        w("")
        w("| configuration | deals | ended | repeat for ever | stopped at the step limit | longest that ended |")
        w("|---|---|---:|---:|---:|---:|")
        for s in report.fixed_order:
            o = s["outcomes"]
            w(f"| {config_text(s['config'])} | {s['which']} ({s['deals']}) | {o[ENDED]} | {o[LOOP]} | "
              f"{o[STEP_LIMIT]} (at {s['max_steps']} actions) | {s['longest_ended']} |")
        w("")
        loops = [f for f in report.findings if f.source == "war-loops"]
        for f in loops:
            fd = f.data.get("full_deck", {})
            w(f"Play that repeats for ever: `{f.id}` (full deck: {fd.get('status', '-')}; `rulecheck explain {f.id}` "
              "replays it).")
        if not loops:
            w("No deal searched repeats for ever.")
        w("")


def _ended_text(st: Mapping[str, Any]) -> str:
    """How the seeded games of one configuration's statistics ended: ``200 of 200 ended, the
    longest after 827 actions``, or how many stopped at the step limit."""
    stopped = st["step_limit_games"]
    if stopped:
        return f"{st['games'] - stopped} of {st['games']} ended, {stopped} stopped at {st['max_steps']} actions"
    return f"{st['games']} of {st['games']} ended, the longest after {st['length']['max']} actions"


def _md_escape(text: str) -> str:
    return str(text).replace("|", "\\|").replace("\n", " ")


def _spec_markdown(w: Callable[[str], None], game: str, sp: Mapping[str, Any], ruleset: str) -> None:
    """The clause specification's section: coverage, determinacy, ruling points, verification."""
    w(f"## Specification: {game}, clause by clause (Z3)")
    w("")
    scope = sp['scope']
    w(f"What it specifies: {_md_escape(scope[:1].upper() + scope[1:])}")
    w("")
    cl = sp["clauses"]
    w(f"- Normative clauses: {cl['normative']}; formalised as Z3 constraints: {cl['formalised']}; "
      f"listed with the reason they are not: {len(cl['listed'])}; neither: {len(cl['missing'])}"
      f"{' (' + ', '.join(cl['missing']) + ')' if cl['missing'] else ''}.")
    w(f"- Silent decisions (the text is open, the engine asks no ruling point): **{sp['silent_decisions']}**.")
    w(f"- Verified under `{ruleset}`: {sp['verified']:,} steps in {sp['verified_situations']:,} distinct situations "
      f"where the clauses and the ruleset's options determine one outcome and it is the engine's; "
      f"disagreements: **{sp['disagreements']}**.")
    w("")
    ex = sp.get("examples")
    if ex:
        w(f"- The rulebook's worked examples, step by step (each in its own configuration and ruleset): "
          f"{ex['steps']} steps in {ex['situations']} situations; verified: {ex['verified']}; disagreements: "
          f"**{len(ex['disagreements'])}**; situations the ruleset leaves open: **{len(ex['open'])}**.")
        for e in ex["disagreements"] + ex["open"]:
            w(f"  - {_md_escape(e)}")
    if sp.get("bounded"):
        w(f"- Bounded: in {sp['bounded']} of {len(sp['configurations'])} searches the check stopped at its bound "
          f"on distinct situations (column *checked*: the states, in search order, or the seeded full-deck games, "
          f"in order, whose steps it checked); what it says there holds for those states or games only.")
    w("")
    w("| configuration | ruleset | checked | steps | situations | determined | gaps | conflicts | verified | silent "
      "| disagree |")
    w("|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for c in sp["configurations"]:
        unit = "games" if c["role"] == "playouts" else "states"
        if c["role"] == "ruling steps":
            checked = "the ruling points' steps"
        elif not c.get("complete", True):
            checked = f"{c['states_checked']:,} of {c['states_total']:,} {unit}"
        else:
            checked = f"all {c['states_total']:,} {unit}" if c["role"] == "playouts" else "all"
        where = config_text(c["config"]) + {"playouts": ", seeded playouts",
                                             "ruling steps": ", seeded playouts (ruling points)"}.get(c["role"], "")
        w(f"| {where} | {c['ruleset']} | {checked} | {c['steps']} | {c['situations']} | "
          f"{c['determined']} | {c['gaps']} | {c['conflicts']} | {c['verified']} | {c['silent_decisions']} | "
          f"{c['disagreements']} |")
    w("")
    w("Under `raw` the counts are of the default reading of each clause; a situation whose readings disagree is an "
      "ambiguity. Steps are (state, action) pairs; situations are what the clauses read, renamed so that players "
      "in the same position are one situation.")
    w("")
    w("Ruling points, as the specification sees them (situations where the ruling point's answer changes the "
      "engine's step, and how many of those the text leaves open):")
    w("")
    w("| ruling point | decides the step in | text open in | verdict | options that contradict the text |")
    w("|---|---:|---:|---|---|")
    for rid, st in sp["rulings"].items():
        contra = ", ".join(f"`{o}` ({n})" for o, n in st["contradicting_options"].items()) or "-"
        w(f"| `{rid}` | {st['relevant']} | {st['open']} | {st['status']} | {contra} |")
    w("")
    w("A configuration marked *seeded playouts (ruling points)* is the full-deck games asked, under `raw`, "
      "about the ruling points the small decks' searches did not show the text open on, at the steps where the "
      "games met them, until the text is shown open (a question that does not arise with a few cards, or arises "
      "there only where the text answers it). A ruling point not listed was met in no checked situation where "
      "its answer changes the step (the report's rulings table says *not met by the check*), or the "
      "specification does not read it (*outside the specification*).")
    w("")
    w("Principles of the frame, and in how many determined situations the solver's proof of the outcome used each:")
    w("")
    for p in sp["principles"]:
        w(f"- `{p['id']}` ({p['decided']}): {_md_escape(p['text'])}")
    w("")
    if sp["readings"]:
        w("Readings (clauses that can be understood in more than one way):")
        w("")
        for r in sp["readings"]:
            opts = "; ".join(f"`{o['id']}`: {o['text']}" for o in r["options"])
            w(f"- `{r['id']}` ({r['clause']}): {_md_escape(r['question'])} {_md_escape(opts)}")
        w("")
    if cl["listed"]:
        w("Normative clauses not formalised, and why:")
        w("")
        for cid, why in cl["listed"].items():
            w(f"- `{cid}`: {_md_escape(why)}")
        w("")


def _markdown(report: AuditReport) -> str:
    out: list[str] = []
    w = out.append
    w("# rulecheck audit")
    w("")
    w(f"Generated by `rulecheck audit` (rulecheck {__version__}); regenerate rather than edit.")
    w("")
    status = {"complete": "complete", "interrupted": "INTERRUPTED (only the configurations listed were completed)",
              "partial": "in progress"}[report.status]
    w(f"- Status: {status}")
    w(f"- Games: {', '.join(report.games)}")
    w(f"- Gaps and conflicts are checked under `raw` (rules as written); everything else under "
      f"`{report.ruleset}`.")
    s = report.settings
    w(f"- Bounds per search: {s['max_states_per_search']} states, {s['max_seconds_per_search']} s"
      + (f"; the determinacy check: {s['spec_situations_per_search'] or 'no bound on'} distinct situations"
         if "spec_situations_per_search" in s else "") + ". "
      f"Playouts: {s['playouts_per_config']} games per configuration from seed {s['seed']} "
      f"(at most {s['playout_max_steps']} actions each).")
    w("")
    w("## Summary")
    w("")
    kinds = sorted({f.kind for f in report.findings}, key=lambda k: [f.kind for f in report.findings].index(k))
    w("| kind | " + " | ".join(SEVERITIES) + " | total |")
    w("|---|" + "---:|" * (len(SEVERITIES) + 1))
    for k in kinds:
        row = [sum(1 for f in report.findings if f.kind == k and f.severity == sev) for sev in SEVERITIES]
        w(f"| {k} | " + " | ".join(str(x) if x else "" for x in row) + f" | {sum(row)} |")
    w("| **all** | " + " | ".join(
        str(sum(1 for f in report.findings if f.severity == sev)) for sev in SEVERITIES
    ) + f" | {len(report.findings)} |")
    w("")
    _full_deck_markdown(w, report)
    _fairness_markdown(w, report)
    _ending_markdown(w, report)
    w("## Configurations")
    w("")
    w(f"| configuration | raw: states | raw: complete | {report.ruleset}: states | {report.ruleset}: complete "
      f"| proved under {report.ruleset} |")
    w("|---|---:|---|---:|---|---|")
    for c in report.configurations:
        raw = c.get("raw", {})
        ch = c.get("chosen", raw)
        w(f"| {config_text(c['config'])} | {raw.get('distinct_states', '')} | "
          f"{'yes' if raw.get('complete') else 'no (' + str(raw.get('stop_reason')) + ')'} | "
          f"{ch.get('distinct_states', '')} | "
          f"{'yes' if ch.get('complete') else 'no (' + str(ch.get('stop_reason')) + ')'} | "
          f"{', '.join(ch.get('proved', [])) or '-'} |")
    w("")
    w("States are distinct states after symmetry reduction; an incomplete search claims nothing "
      "it did not finish (no dead rules, no absence of deadlocks), but what it found is real.")
    for e in report.errors:
        w(f"- error in {config_text({**e['config'], 'deck': e['config'].get('deck', '?')})}: {e['error']}")
    w("")
    if report.rulings:
        w("## Ruling points")
        w("")
        w(f"| ruling point | kind | reached under raw | {report.ruleset} | status | the text |")
        w("|---|---|---|---|---|---|")
        for r in report.rulings:
            w(f"| `{r['id']}` | {r['kind']} | {'yes' if r['reached_raw'] else 'no'} | "
              f"{r['choice'] or '(open)'} | {r['status']} | {r.get('text', '-')} |")
        closed = [r["id"] for r in report.rulings if r["status"] == "closed"]
        still = [r["id"] for r in report.rulings if r["status"] == "open"]
        w("")
        w(f"The `{report.ruleset}` ruleset closes {len(closed)} of the gaps and conflicts reached; "
          f"{len(still)} remain open{': ' + ', '.join(f'`{x}`' for x in still) if still else ''}.")
        w("")
    for game, sp in report.specification.items():
        _spec_markdown(w, game, sp, report.ruleset)
    if report.statistics:
        w("## Statistics (seeded playouts on the full deck)")
        w("")
        w("| configuration | games (seeds) | mean length | median | max | step limit | win rates | outcomes |")
        w("|---|---|---:|---:|---:|---:|---|---|")
        for st in report.statistics:
            c = st["config"]
            ln = st["length"]
            outcomes = ", ".join(f"{k} {v}" for k, v in st["outcomes"].items())
            w(f"| {c['game']} {c['variant']} {c['players']}p ({c['ruleset']}) | {st['games']} ({st['seeds']}) | "
              f"{ln['mean']} | {ln['median']} | {ln['max']} | {st['step_limit_games']} | "
              f"{' / '.join(str(x) for x in st['win_rates'])} | {_md_escape(outcomes)} |")
        w("")
        rows = {}
        for st in report.statistics:
            c = st["config"]
            for rid, v in st["rulings"].items():
                rows.setdefault(rid, []).append(f"{c['variant']}/{c['players']}p: {v['games']}/{st['games']}")
        if rows:
            w("Ruling points consulted (games consulting it / games played):")
            w("")
            for rid in sorted(rows):
                w(f"- `{rid}`: {'; '.join(rows[rid])}")
            w("")
    w("## Findings")
    w("")
    for f in report.findings:
        w(f"### `{f.id}`")
        w("")
        w(f"**{_md_escape(f.title)}**")
        w("")
        w(f"- kind: {f.kind}; severity: {f.severity}; "
          f"{'verified by an exhaustive search' if f.verified else 'not verified exhaustively'}")
        if f.clauses:
            w("- clauses:")
            for cid in f.clauses:
                w(f"  - `{cid}`: {_md_escape(report.clause_text.get(cid, '(not in the clause index)'))}")
        if f.ruling:
            closed = f.data.get("closed_by") if f.kind in ("gap", "conflict") else None
            if f.kind in ("gap", "conflict"):
                state = (f"closed by `{closed['ruleset']}`: option `{closed['option']}`" if closed
                         else f"still open in `{report.ruleset}`")
            else:
                state = ""
            w(f"- ruling point: `{f.ruling}`{'; ' + state if state else ''}")
        if f.frequency:
            fr = f.frequency
            w(f"- frequency: in {fr['games_hitting']} of {fr['games']} seeded full-deck games "
              f"(rate {fr['rate']}, seeds from {fr['seed']})")
        if f.configs:
            w(f"- configurations: {'; '.join(config_text(c) for c in f.configs)}")
        fd = f.data.get("full_deck")
        if fd:
            w(f"- full deck: {fd['status']} ({_md_escape(fd['how'])})")
        wt = report.witness_text.get(f.id)
        if f.witness is not None:
            cfg = f.witness.config
            loop = f", loop from step {f.witness.loop_start + 1}" if f.witness.loop_start is not None else ""
            w(f"- witness: {len(f.witness.actions)} steps in {config_text(cfg)} (ruleset {cfg['ruleset']}){loop}")
            if wt and "lines" in wt:
                for i, marker, text in wt["lines"]:
                    w(f"  - step {i + 1} ({marker}): {_md_escape(text)}")
            elif wt and "error" in wt:
                w(f"  - the witness does NOT replay: {_md_escape(wt['error'])}")
            w(f"- replay: `rulecheck explain {f.id}`")
        w("")
        if f.detail:
            w(_md_escape(f.detail))
            w("")
    if report.symbolic:
        w("## Symbolic checks (Z3, full decks)")
        w("")
        w("Time-bounded: \"unknown\" means the budget ran out, and may become a proof or a witness "
          "with more time.")
        w("")
        for entry in report.symbolic:
            c = entry["config"]
            w(f"### {c['game']} {c['variant']} {c['players']}p, full deck, ruleset {c['ruleset']}")
            w("")
            if "not_checked" in entry:
                w(f"- not checked: {_md_escape(entry['not_checked'])}")
            for line in entry.get("statements", []):
                w(f"- {_md_escape(line)}")
            w("")
    return "\n".join(out).rstrip() + "\n"

