"""The audit run: plan, jobs, findings, statuses and rulings, in that order (:func:`run_audit`).
"""

from __future__ import annotations

import contextlib
import signal
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rulecheck.audit.full_deck import full_deck_rulings, reading_jobs, targeted_search, unmet_ruling_text
from rulecheck.audit.jobs import climb_job, search_job, stats_job, war_job
from rulecheck.audit.plan import AUDIT_GAMES, PlanEntry, default_plan
from rulecheck.audit.render import config_text
from rulecheck.audit.report import AuditReport, atomic_write, finish_report, kept_note, write_report
from rulecheck.audit.runner import STOP, AuditInterrupted, Progress, Runner, stderr_note
from rulecheck.audit.symbolic import run_symbolic
from rulecheck.check.detectors import Reach, find_coverage_holes, find_dead, normative_clauses
from rulecheck.check.determinacy import (
    PLAYOUT_SITUATIONS,
    SITUATIONS_PER_SEARCH,
    SpecRun,
    check_examples,
    ruling_statuses,
    spec_summary,
)
from rulecheck.check.explore import Config
from rulecheck.check.full_deck import full_deck_status
from rulecheck.check.stats import PlayoutStats, combined_frequency
from rulecheck.check.war_loops import CLIMB_EVALUATIONS, CLIMB_SEED, FULL_DECK_DEALS, war_configs, war_finding
from rulecheck.check.war_loops import RULING as WAR_RULING
from rulecheck.checkpoint import CHECKPOINT_DIR, Checkpoint, code_fingerprint
from rulecheck.cluster import cluster_client
from rulecheck.core.clauses import GAME_BOOKS
from rulecheck.core.errors import RulecheckError
from rulecheck.core.game import Game
from rulecheck.core.paths import project_dir
from rulecheck.core.rulings import load_ruleset
from rulecheck.docs.components import component_findings
from rulecheck.docs.editions import edition_findings
from rulecheck.findings import Finding, merge_all
from rulecheck.games import GAMES, game_module, load_game
from rulecheck.scenarios import example_findings

if TYPE_CHECKING:  # pragma: no cover
    from distributed import Client


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
    max_seconds: float | None = 900.0,
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
    STOP.clear()
    if threading.current_thread() is threading.main_thread():
        previous = {sig: signal.signal(sig, STOP.handler) for sig in (signal.SIGTERM, signal.SIGINT)}
    try:
        _run(report, games, entries, ruleset, max_seconds, max_states, playouts, playout_steps, seed,
             progress, partial_path if write else None, jobs, checkpoint, spec_situations, client, climb)
        stack.close()
        STOP.check()
        if symbolic:
            run_symbolic(report, games, ruleset, symbolic_seconds, symbolic_depth, progress)
            STOP.check()
    except (KeyboardInterrupt, AuditInterrupted):
        report.status = "interrupted"
        finish_report(report)
        if write:
            written = write_report(report, out, json_path)
            note(f"interrupted: wrote the report of {len(report.configurations)} completed configuration(s) to "
                 f"{' and '.join(map(str, written))}{kept_note(out, json_path, written)}")
        if checkpoint is not None:
            note(f"the checkpoint {checkpoint.folder} keeps {checkpoint.count()} finished search(es); "
                 f"`rulecheck audit --resume{_out_option(out_dir)}` continues the audit from it")
        raise KeyboardInterrupt from None
    finally:
        stack.close()
        for sig, handler in previous.items():
            signal.signal(sig, handler)
        STOP.clear()
    finish_report(report)
    if write:
        write_report(report, out, json_path)
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
    runner = Runner(jobs, client, note)
    # a job's own progress lines: here, or on stderr from a forked worker (a cluster's workers
    # write to their own logs, so the runner notes each finished job instead)
    worker_note = None if client is not None else note if jobs == 1 else (stderr_note if note is not None else None)
    try:
        calls: list[tuple[Callable[..., Any], tuple[Any, ...]]] = []
        roles: list[tuple[int, str]] = []
        for n, (game, variant, players, deck) in enumerate(entries, 1):
            base = Config(game, variant, players, deck, "raw")
            runs = [("raw", base)] + ([("chosen", base.with_ruleset(ruleset))] if ruleset != "raw" else [])
            for role, cfg in runs:
                behaviour = role == "chosen" or ruleset == "raw"
                calls.append((search_job, (cfg, behaviour, max_seconds, max_states, worker_note,
                                            f"[{n}/{len(entries)}] {cfg.label()}", spec_situations)))
                roles.append((n - 1, role))
        stat_cfgs = []
        if playouts > 0:
            for game, variant, players in dict.fromkeys((e[0], e[1], e[2]) for e in entries):
                cfg = Config(game, variant, players, "full", ruleset)
                stat_cfgs.append(cfg)
                calls.append((stats_job, (cfg, playouts, seed, playout_steps, worker_note, spec_playouts)))
        war_cfgs = war_configs(entries, ruleset)
        if war_cfgs:
            deals = FULL_DECK_DEALS if playouts > 0 else 0
            calls.append((war_job, (war_cfgs, seed, deals, playout_steps, worker_note)))
        # the longest job goes first, so that it does not run alone at the end
        climbing = bool(war_cfgs) and playouts > 0 and climb > 0
        if climbing:
            calls.insert(0, (climb_job, (war_cfgs[-1], CLIMB_SEED, climb, playout_steps, worker_note)))
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
                atomic_write(partial_path, report.dumps())
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
        reading_calls = reading_jobs(games, merge_all(found), stats, playout_steps, worker_note)
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
        found.extend(full_deck_rulings(game, spec_runs[game], stats, playout_steps, note))
    statuses = {g: ruling_statuses([r for _, role, r in spec_runs[g] if role in ("raw", "ruling steps")])
                for g in games}
    # what the seeded playouts did not meet, looked for in more seeded full-deck games
    targeted = targeted_search(merge_all([*found, *absent]), stats, playout_steps, jobs, worker_note, client)
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
                entry["text"] = statuses[game].get(rid, {}).get("status") or unmet_ruling_text(game, rid)
            report.rulings.append(entry)


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
    (translation), the component lists checked (component) and the worked examples replayed
    (example-mismatch)."""
    if game not in GAME_BOOKS:
        return []
    return [*edition_findings(game), *component_findings(game), *example_findings(game)]


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
