"""`rulecheck audit`, `explain`, `graph`: exhaustive checks, findings, witnesses, state graphs."""

from __future__ import annotations

import contextlib
import io
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import click

from rulecheck.cli import main
from rulecheck.cli.options import (
    DECKS_HINT,
    STDOUT,
    emit,
    examples,
    players_option,
    ruleset_option,
    say,
    variant_option,
)
from rulecheck.core.paths import read_json
from rulecheck.core.rulings import load_ruleset, ruleset_game
from rulecheck.findings import SEVERITIES
from rulecheck.games import GAMES

if TYPE_CHECKING:
    import networkx as nx

    from rulecheck.audit import AuditReport

EXIT_FINDINGS = 1
EXIT_INCOMPLETE = 3
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
    return reasons


def exit_code(report: AuditReport, fail_on: str | None) -> int:
    """1 if a finding is at or above ``fail_on`` (even in an incomplete run), else 3 if the run is
    incomplete, else 0."""
    if fail_on is not None and report.worst(fail_on):
        return EXIT_FINDINGS
    return EXIT_INCOMPLETE if incomplete_reasons(report) else 0


def closing_line(report: AuditReport, code: int) -> str:
    """``rulecheck: 88 findings (3 critical, ...); 24/24 configurations complete; exit 0``."""
    s = report.summary()
    planned = _planned(report)
    by_severity = ", ".join(f"{v} {k}" for k, v in s["by_severity"].items()) or "none"
    status = "" if report.status == "complete" else f"; status {report.status}"
    return (f"rulecheck: {s['findings']} findings ({by_severity}); {s['complete_configurations']}/{planned} "
            f"configurations complete{status}; exit {code}")


def _print_findings(report: AuditReport, echo: Callable[[str], None]) -> None:
    for f in report.findings:
        echo(f"{f.severity:<8} {f.kind:<19} {f.id}  {f.title}")


@main.command(epilog=examples(
    "rulecheck audit", "rulecheck audit chomp --quick --fail-on high",
    "rulecheck audit chomp --ruleset house.json --out /tmp/house",
    "rulecheck audit --json - --playouts 0 > audit.json",
    note=("Exit status: 0 clean, 1 a finding at or above --fail-on (this wins over 3),",
          "2 usage or input error (nothing is run), 3 incomplete run, 130 interrupted."),
))
@click.argument("games", nargs=-1)
@ruleset_option
@click.option("--json", "json_path", type=click.Path(dir_okay=False, allow_dash=True), default=None,
              help="Write the JSON report here instead of <out>/audit.json ('-': standard output).")
@click.option("--out", "out_dir", type=click.Path(file_okay=False), default=None,
              help="Folder for audit.json and AUDIT.md (default: reports/).")
@click.option("--fail-on", type=click.Choice(SEVERITIES), default=None,
              help="Exit 1 if a finding of this severity or worse exists (default: never fail).")
@click.option("--max-seconds", type=_positive, default=120.0, show_default=True,
              help="Stop each search after this long (it is then reported as incomplete).")
@click.option("--max-states", type=click.IntRange(min=1), default=3_000_000, show_default=True,
              help="Stop each search after this many distinct states.")
@click.option("--playouts", type=click.IntRange(min=0), default=None,
              help="Seeded full-deck games per configuration for the statistics [default: 200, quick: 50].")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the first playout.")
@click.option("--quick", is_flag=True, help="A smaller set of configurations and playouts.")
@click.option("--jobs", "-j", type=click.IntRange(min=1), default=2, show_default=True,
              help="Searches run at once (processes).")
@click.option("--symbolic", is_flag=True, help="Also run the Z3 checks on the full decks (time-bounded).")
@click.option("--symbolic-seconds", type=_positive, default=60.0, show_default=True,
              help="Z3 time budget per full-deck configuration.")
@click.option("--symbolic-depth", type=click.IntRange(min=1), default=20, show_default=True,
              help="Z3 BMC and lasso depth bound.")
def audit(games: tuple[str, ...], ruleset: str, json_path: str | None, out_dir: str | None,
          fail_on: str | None, max_seconds: float, max_states: int, playouts: int | None, seed: int,
          quick: bool, jobs: int, symbolic: bool, symbolic_seconds: float, symbolic_depth: int) -> None:
    """Explore every configuration exhaustively and report what is wrong with the rulebooks.

    GAMES defaults to every game (to the game a --ruleset file names). Writes reports/audit.json
    and reports/AUDIT.md; progress goes to stderr. Gaps and conflicts are checked under the raw
    rules, everything else under --ruleset. Every input is checked first: a bad one exits 2
    before any search starts. Standard output lists the findings (severity, kind, ID, title) and
    ends with a line of totals.
    """
    from rulecheck.audit import run_audit

    chosen = _audit_games(games, ruleset)
    to_stdout = json_path == STDOUT
    t0 = time.monotonic()
    try:
        with _json_target(json_path) as target:
            report = run_audit(
                chosen, ruleset=ruleset, max_seconds=max_seconds, max_states=max_states,
                playouts=(50 if quick else 200) if playouts is None else playouts, seed=seed, quick=quick,
                out_dir=out_dir, json_path=target, progress=say, jobs=jobs,
                symbolic=symbolic, symbolic_seconds=symbolic_seconds, symbolic_depth=symbolic_depth,
            )
    except KeyboardInterrupt:
        say("audit interrupted; the report lists the configurations completed")
        sys.exit(EXIT_INTERRUPTED)
    out = Path(out_dir) if out_dir else Path("reports")
    say(f"audit {report.status} in {time.monotonic() - t0:.0f}s")
    echo: Callable[[str], None] = say if to_stdout else click.echo
    echo(f"wrote {out / 'AUDIT.md'} (the JSON report to standard output)" if to_stdout
         else f"wrote {json_path or out / 'audit.json'} and {out / 'AUDIT.md'}")
    _print_findings(report, echo)
    code = exit_code(report, fail_on)
    if code == EXIT_FINDINGS:
        say(f"{len(report.worst(str(fail_on)))} finding(s) at or above {fail_on}")
    for reason in incomplete_reasons(report):
        say(f"incomplete: {reason}")
    echo(closing_line(report, code))
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
@click.option("--deck", default=None,
              help=f"A deck small enough to explore [default: the smallest the audit explores for the variant "
                   f"and player count] ({DECKS_HINT}).")
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
    from rulecheck.check.explore import Config, explore
    from rulecheck.check.graph import to_networkx
    from rulecheck.cli.decks import graph_config
    from rulecheck.games import load_game

    load_ruleset(game, ruleset)  # before choosing a deck: a bad ruleset fits none
    variant, players, deck, why = graph_config(game, variant, players, deck, ruleset)
    if why:
        say(f"graph: {why}")
    g = load_game(game, variant, players, ruleset, deck)
    cfg = Config.of(g)
    cfg = Config(cfg.game, cfg.variant, cfg.players, cfg.deck, ruleset)
    res = explore(g, max_states=max_nodes + 1, symmetry=not no_symmetry, config=cfg)
    dg = to_networkx(res, max_nodes)
    what = f"{dg.number_of_nodes()} states, {dg.number_of_edges()} edges ({cfg.label()})"
    emit(output, _graph_text(dg, fmt), what)
    if output == STDOUT:
        say(f"graph: {what}")
