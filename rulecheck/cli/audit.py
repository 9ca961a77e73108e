"""`rulecheck audit`, `explain`, `graph`: exhaustive checks, findings, witnesses, state graphs."""

from __future__ import annotations

import contextlib
import io
import json
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from rulecheck.baseline import Baseline, baseline_text, failing, load_baseline
from rulecheck.check.determinacy import SITUATIONS_PER_SEARCH
from rulecheck.check.war_loops import CLIMB_EVALUATIONS
from rulecheck.cli import main
from rulecheck.cli.options import (
    STDOUT,
    emit,
    examples,
    explored_deck_option,
    players_option,
    ruleset_option,
    say,
    variant_option,
)
from rulecheck.cluster import LOCAL
from rulecheck.core.paths import project_dir, read_json
from rulecheck.core.rulings import load_ruleset, ruleset_game
from rulecheck.findings import SEVERITIES
from rulecheck.games import GAMES

if TYPE_CHECKING:
    import networkx as nx

    from rulecheck.audit import AuditReport

EXIT_FINDINGS = 1
EXIT_INCOMPLETE = 3
EXIT_TIME_LIMITED = 4
EXIT_INTERRUPTED = 130

_positive = click.FloatRange(min=0, min_open=True)


def _audit_games(games: tuple[str, ...], ruleset: str) -> list[str] | None:
    """GAMES as given; none given and a ruleset file naming its game: that game only."""
    unknown = [g for g in games if g not in GAMES]
    if unknown:
        raise click.BadParameter(f"unknown game(s) {', '.join(unknown)}; games: {', '.join(sorted(GAMES))}",
                                 param_hint="GAMES")
    if games:
        return list(games)
    named = ruleset_game(ruleset)  # reads the file: a bad one is an error now, before any search
    if named is None:
        return None
    load_ruleset(named, ruleset)
    say(f"auditing {named}, the game ruleset {ruleset} is for")
    return [named]


@contextlib.contextmanager
def _json_target(json_path: str | None) -> Iterator[str | None]:
    """Where run_audit writes the JSON report; for ``-`` a temporary file, copied to standard
    output at the end (also when interrupted: the interrupted report is not lost)."""
    if json_path != STDOUT:
        yield json_path
        return
    with tempfile.TemporaryDirectory(prefix="rulecheck-audit-") as tmp:
        target = Path(tmp) / "audit.json"
        try:
            yield str(target)
        finally:
            if target.exists():
                click.echo(target.read_text(encoding="utf-8"), nl=False)


def _planned(report: AuditReport) -> int:
    """How many configurations the run set out to explore (its plan)."""
    return len(report.settings.get("plan", [])) or int(report.summary()["configurations"])


def incomplete_reasons(report: AuditReport) -> list[str]:
    """Why the run is incomplete (empty if it is not): its status, failed configurations, and
    configurations whose search stopped at --max-seconds or --max-states."""
    summary = report.summary()
    planned = _planned(report)
    reasons = [f"status {report.status}"] if report.status != "complete" else []
    if report.errors:
        reasons.append(f"{len(report.errors)} configuration(s) failed (first: {report.errors[0]['error']})")
    if planned == 0:
        reasons.append("no configuration to explore")
    elif summary["complete_configurations"] < planned:
        reasons.append(f"{planned - summary['complete_configurations']} of {planned} configurations not explored "
                       "completely (raise --max-seconds or --max-states)")
    timed = time_limited(report)
    if timed:
        reasons.append(f"{len(timed)} search(es) stopped at the time limit (--max-seconds), so the findings depend "
                       f"on this machine's speed and load (first: {timed[0]})")
    return reasons


def time_limited(report: AuditReport) -> list[str]:
    """The searches (configuration and ruleset) that the time limit ``--max-seconds`` stopped:
    the one bound whose result depends on the machine (the others are amounts of work)."""
    from rulecheck.audit import config_text

    out = []
    for c in report.configurations:
        for role in ("raw", "chosen"):
            if c.get(role, {}).get("stop_reason") == "max-seconds":
                out.append(f"{config_text(c['config'])} ({'raw' if role == 'raw' else report.ruleset})")
    return out


def exit_code(report: AuditReport, fail_on: str | None, baseline: Baseline | None = None) -> int:
    """1 if a finding is at or above ``fail_on`` and not in ``baseline`` (even in an incomplete
    run), else 4 if the time limit stopped a search (the report depends on the machine), else 3
    if the run is otherwise incomplete, else 0."""
    if failing(report.findings, fail_on, baseline):
        return EXIT_FINDINGS
    if time_limited(report):
        return EXIT_TIME_LIMITED
    return EXIT_INCOMPLETE if incomplete_reasons(report) else 0


def closing_line(report: AuditReport, code: int, baseline: Baseline | None = None) -> str:
    """``rulecheck: 88 findings (3 critical, ...); 24/24 configurations complete; exit 0``; with a
    baseline, how many findings it does not accept (``; 2 new, not in the baseline b.json``)."""
    s = report.summary()
    planned = _planned(report)
    by_severity = ", ".join(f"{v} {k}" for k, v in s["by_severity"].items()) or "none"
    status = "" if report.status == "complete" else f"; status {report.status}"
    new = "" if baseline is None else f"; {len(baseline.new(report.findings))} new, not in the baseline {baseline.path}"
    return (f"rulecheck: {s['findings']} findings ({by_severity}); {s['complete_configurations']}/{planned} "
            f"configurations complete{status}{new}; exit {code}")


def _finding_lines(report: AuditReport, baseline: Baseline | None) -> list[str]:
    """One line per finding: severity, kind, ID, title (and ``[baseline]`` if the baseline accepts it)."""
    accepted = baseline.accepted if baseline is not None else frozenset()
    return [f"{f.severity:<8} {f.kind:<19} {f.id}  {f.title}{'  [baseline]' if f.id in accepted else ''}"
            for f in report.findings]


def formatted(report: AuditReport, fmt: str, code: int, fail_on: str | None = None,
              baseline: Baseline | None = None) -> str:
    """The audit's standard output in ``fmt`` (one of :data:`FORMATS`)."""
    accepted = baseline.accepted if baseline is not None else None
    if fmt == "json":
        return report.dumps()
    if fmt == "markdown":
        return report.to_markdown()
    if fmt == "sarif":
        from rulecheck.docs.sarif import to_sarif

        log = to_sarif(report, exit_code=code, accepted=accepted, incomplete=incomplete_reasons(report))
        return json.dumps(log, indent=1, ensure_ascii=False) + "\n"
    if fmt == "junit":
        from rulecheck.docs.junit import to_junit

        return to_junit(report, fail_on=fail_on, accepted=accepted)
    return "\n".join([*_finding_lines(report, baseline), closing_line(report, code, baseline)]) + "\n"


FORMATS = ("text", "json", "sarif", "junit", "markdown")
"""What ``rulecheck audit --format`` writes: finding lines and totals, the JSON report, SARIF
2.1.0, JUnit XML, or the AUDIT.md text."""

#: Options that choose what the audit explores; ``--resume`` takes them from the checkpoint.
_RUN_OPTIONS = ("games", "ruleset", "max_seconds", "max_states", "playouts", "seed", "quick", "symbolic",
                "symbolic_seconds", "symbolic_depth", "spec_situations", "climb")


def _check_outputs(json_path: str | None, fmt: str, output: str, write_baseline: str | None) -> None:
    """At most one output is standard output."""
    dashes = [name for name, value in (("--json", json_path), ("--output", output if fmt != "text" else None),
                                        ("--write-baseline", write_baseline)) if value == STDOUT]
    if len(dashes) > 1:
        raise click.UsageError(f"{' and '.join(dashes)} would all write to standard output; give files to all but one")


def _resumed_call(ctx: click.Context, out_dir: str | None) -> dict[str, Any]:
    """The checkpoint's run, for ``--resume``; a usage error if options that choose the run are given."""
    from rulecheck.checkpoint import read_call

    given = [name for name in _RUN_OPTIONS
             if ctx.get_parameter_source(name) == click.core.ParameterSource.COMMANDLINE]
    if given:
        flags = ", ".join("GAMES" if n == "games" else "--" + n.replace("_", "-") for n in given)
        raise click.UsageError(f"--resume continues the interrupted audit with its own options; drop {flags} "
                               "(or run the audit anew without --resume)")
    return read_call(Path(out_dir) if out_dir else project_dir() / "reports")


def _report_run(report: AuditReport, fmt: str, output: str | None, fail_on: str | None,
                baseline: Baseline | None, written: str) -> int:
    """Print the run's result: ``--format`` to ``output`` (None: the text format on stderr, when
    another output has standard output), the other lines on stderr. Returns the exit code."""
    code = exit_code(report, fail_on, baseline)
    text_on_stdout = fmt == "text" and output == STDOUT
    if text_on_stdout:
        click.echo(written)
    else:
        say(written)
    if code == EXIT_FINDINGS:
        bad = failing(report.findings, fail_on, baseline)
        new = "" if baseline is None else f", not in the baseline {baseline.path}"
        say(f"{len(bad)} finding(s) at or above {fail_on}{new}")
    for reason in incomplete_reasons(report):
        say(f"incomplete: {reason}")
    document = formatted(report, fmt, code, fail_on, baseline)
    if output is None:
        click.echo(document, nl=False, err=True)
    else:
        emit(output, document, f"the audit as {fmt}")
    if not text_on_stdout and output is not None:
        say(closing_line(report, code, baseline))
    return code


@main.command(epilog=examples(
    "rulecheck audit", "rulecheck audit chomp --quick --fail-on high",
    "rulecheck audit chomp --ruleset house.json --out /tmp/house",
    "rulecheck audit --json - --playouts 0 > audit.json",
    "rulecheck audit --format sarif -o audit.sarif",
    "rulecheck audit --write-baseline baseline.json   # accept today's findings",
    "rulecheck audit --baseline baseline.json --fail-on low   # fail on new ones only",
    "rulecheck audit --resume   # continue an interrupted audit",
    note=("Exit status: 0 clean, 1 a finding at or above --fail-on (this wins over 3 and 4),",
          "2 usage or input error (nothing is run), 3 incomplete run, 4 a search stopped at the",
          "time limit --max-seconds (the report depends on the machine), 130 interrupted."),
))
@click.argument("games", nargs=-1)
@ruleset_option
@click.option("--json", "json_path", type=click.Path(dir_okay=False, allow_dash=True), default=None,
              help="Write the JSON report here instead of <out>/audit.json ('-': standard output).")
@click.option("--out", "out_dir", type=click.Path(file_okay=False), default=None,
              help="Folder for audit.json and AUDIT.md (default: reports/).")
@click.option("--format", "fmt", type=click.Choice(FORMATS), default="text", show_default=True,
              help="What to write to --output: finding lines and totals, the JSON report, SARIF 2.1.0, "
                   "JUnit XML, or AUDIT.md.")
@click.option("-o", "--output", type=click.Path(dir_okay=False, allow_dash=True), default=STDOUT,
              show_default=True, help="Where --format goes ('-': standard output).")
@click.option("--fail-on", type=click.Choice(SEVERITIES), default=None,
              help="Exit 1 if a finding of this severity or worse exists (default: never fail).")
@click.option("--baseline", "baseline_path", type=click.Path(dir_okay=False), default=None,
              help="Accepted findings (a --write-baseline file, or an audit report): --fail-on counts only "
                   "findings not in it.")
@click.option("--write-baseline", type=click.Path(dir_okay=False, allow_dash=True), default=None,
              help="Write this run's findings to FILE as accepted, for --baseline.")
@click.option("--resume", is_flag=True,
              help="Continue the interrupted audit whose checkpoint is in --out, with its options.")
@click.option("--max-seconds", type=_positive, default=900.0, show_default=True,
              help="A safety net: stop each search after this long (it is then reported as incomplete and the "
                   "audit exits 4). The largest default search takes about a minute on an idle 2-core machine, "
                   "so load does not reach it; --max-states is the bound that shapes the report.")
@click.option("--max-states", type=click.IntRange(min=1), default=3_000_000, show_default=True,
              help="Stop each search after this many distinct states.")
@click.option("--spec-situations", type=click.IntRange(min=0), default=SITUATIONS_PER_SEARCH, show_default=True,
              help="Check at most this many distinct situations per search against the clause "
                   "specification (0: every one); a bounded check says so in the report.")
@click.option("--playouts", type=click.IntRange(min=0), default=None,
              help="Seeded full-deck games per configuration for the statistics [default: 200, quick: 50].")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the first playout.")
@click.option("--climb", type=click.IntRange(min=0), default=None, metavar="N",
              help="Deals scored at most by the hill climb over full-deck deals for an endless Underwater War with a "
                   f"fixed return order [default: {CLIMB_EVALUATIONS:,}; 0 with --quick] "
                   "(`rulecheck war-loops --climb`).")
@click.option("--quick", is_flag=True, help="A smaller set of configurations and playouts.")
@click.option("--jobs", "-j", type=click.IntRange(min=1), default=2, show_default=True,
              help="Searches run at once (processes; with --cluster and no address, the local workers).")
@click.option("--cluster", default=None, is_flag=False, flag_value=LOCAL, metavar="[ADDRESS]",
              help="Run the searches on a Dask cluster: the scheduler's address (tcp://host:8786), or, with no "
                   "address, a cluster of -j worker processes started on this machine. The report is the same.")
@click.option("--symbolic", is_flag=True, help="Also run the Z3 checks on the full decks (time-bounded).")
@click.option("--symbolic-seconds", type=_positive, default=60.0, show_default=True,
              help="Z3 time budget per full-deck configuration.")
@click.option("--symbolic-depth", type=click.IntRange(min=1), default=20, show_default=True,
              help="Z3 BMC and lasso depth bound.")
@click.pass_context
def audit(ctx: click.Context, games: tuple[str, ...], ruleset: str, json_path: str | None, out_dir: str | None,
          fmt: str, output: str, fail_on: str | None, baseline_path: str | None, write_baseline: str | None,
          resume: bool, max_seconds: float, max_states: int, spec_situations: int, playouts: int | None, seed: int,
          climb: int | None, quick: bool, jobs: int, cluster: str | None, symbolic: bool, symbolic_seconds: float,
          symbolic_depth: int) -> None:
    """Explore every configuration exhaustively and report what is wrong with the rulebooks.

    GAMES defaults to every game (to the game a --ruleset file names). Writes reports/audit.json
    and reports/AUDIT.md; progress goes to stderr. Gaps and conflicts are checked under the raw
    rules, everything else under --ruleset. Every input is checked first: a bad one exits 2
    before any search starts. Standard output lists the findings (severity, kind, ID, title) and
    ends with a line of totals; --format chooses another output (SARIF, JUnit, ...).

    An interrupted audit keeps every finished search in <out>/audit.checkpoint and never writes
    over a complete report; --resume continues it, and gives the same report as a run that was
    not interrupted.
    """
    from rulecheck.audit import run_audit

    _check_outputs(json_path, fmt, output, write_baseline)
    baseline = load_baseline(baseline_path) if baseline_path is not None else None
    if resume:
        call = _resumed_call(ctx, out_dir)
    else:
        call = {"games": _audit_games(games, ruleset), "ruleset": ruleset, "max_seconds": max_seconds,
                "max_states": max_states, "playouts": (50 if quick else 200) if playouts is None else playouts,
                "seed": seed, "quick": quick, "symbolic": symbolic, "symbolic_seconds": symbolic_seconds,
                "symbolic_depth": symbolic_depth, "spec_situations": spec_situations or None, "climb": climb}
    t0 = time.monotonic()
    try:
        with _json_target(json_path) as target:
            report = run_audit(**call, out_dir=out_dir, json_path=target, progress=say, jobs=jobs, resume=resume,
                               cluster=cluster)
    except KeyboardInterrupt:
        say("audit interrupted; the report lists the configurations completed")
        sys.exit(EXIT_INTERRUPTED)
    out = Path(out_dir) if out_dir else Path("reports")
    say(f"audit {report.status} in {time.monotonic() - t0:.0f}s")
    written = (f"wrote {out / 'AUDIT.md'} (the JSON report to standard output)" if json_path == STDOUT
               else f"wrote {json_path or out / 'audit.json'} and {out / 'AUDIT.md'}")
    stdout_taken = STDOUT in (json_path, write_baseline)  # then the text format goes to stderr
    code = _report_run(report, fmt, None if fmt == "text" and output == STDOUT and stdout_taken else output,
                       fail_on, baseline, written)
    if write_baseline is not None:
        emit(write_baseline, baseline_text(report.findings), f"a baseline of {len(report.findings)} finding(s)")
    if code:
        sys.exit(code)


@main.command(epilog=examples("rulecheck explain chomp.gap.nobody_can_chomp",
                              "rulecheck explain chomp.cycle.underwater-war --report /tmp/house/audit.json"))
@click.argument("finding_id")
@click.option("--report", "report_path", type=click.Path(dir_okay=False), default=None,
              help="The audit JSON to read (default: reports/audit.json).")
def explain(finding_id: str, report_path: str | None) -> None:
    """Replay a finding's witness step by step in the rulebook's words."""
    from rulecheck.audit import explain_finding, find_finding, load_report

    if report_path is not None and Path(report_path).exists():  # not UTF-8, not JSON: one line, exit 2
        read_json(report_path, "audit report")
    report = load_report(report_path)
    finding = find_finding(report, finding_id)
    click.echo(explain_finding(finding))


def _graph_text(dg: nx.DiGraph, fmt: str) -> str:
    import networkx as nx

    from rulecheck.check.graph import write_dot

    if fmt == "graphml":
        buf = io.BytesIO()
        nx.write_graphml(dg, buf)
        return buf.getvalue().decode("utf-8")
    with tempfile.TemporaryDirectory(prefix="rulecheck-graph-") as tmp:
        path = Path(tmp) / "graph.dot"
        write_dot(dg, str(path))
        return path.read_text(encoding="utf-8")


@main.command(epilog=examples(
    "rulecheck graph chomp > chomp.graphml",
    "rulecheck graph chonker-party -o /tmp/g.graphml",
    "rulecheck graph chomp -v underwater-war --deck shark=1,seal=1,eel=1,octopus=1 --format dot -o uw.dot",
))
@click.argument("game")
@variant_option
@players_option
@explored_deck_option
@ruleset_option
@click.option("--format", "fmt", type=click.Choice(["graphml", "dot"]), default="graphml", show_default=True)
@click.option("-o", "--output", type=click.Path(dir_okay=False, allow_dash=True), default=STDOUT,
              show_default=True, help="File to write ('-': standard output).")
@click.option("--max-nodes", type=click.IntRange(min=1), default=5_000, show_default=True,
              help="Refuse graphs with more states than this.")
@click.option("--no-symmetry", is_flag=True, help="Do not merge symmetric states.")
def graph(game: str, variant: str | None, players: int | None, deck: str | None, ruleset: str, fmt: str,
          output: str, max_nodes: int, no_symmetry: bool) -> None:
    """Export the state graph of a small configuration (GraphML or Graphviz DOT).

    Without --deck, the smallest configuration the audit explores for the variant (and player
    count) is exported, and named on stderr.
    """
    from rulecheck.check.explore import explore
    from rulecheck.check.graph import to_networkx
    from rulecheck.cli.decks import explored_config

    g, cfg = explored_config("graph", game, variant, players, deck, ruleset)
    res = explore(g, max_states=max_nodes + 1, symmetry=not no_symmetry, config=cfg)
    dg = to_networkx(res, max_nodes)
    what = f"{dg.number_of_nodes()} states, {dg.number_of_edges()} edges ({cfg.label()})"
    emit(output, _graph_text(dg, fmt), what)
    if output == STDOUT:
        say(f"graph: {what}")
