"""`rulecheck audit`, `explain`, `graph`: exhaustive checks, findings, witnesses, state graphs."""

from __future__ import annotations

import sys
import time
from pathlib import Path

import click

from rulecheck.cli import main
from rulecheck.cli.options import deck_option, players_option, ruleset_option, variant_option
from rulecheck.findings import SEVERITIES
from rulecheck.games import GAMES


def _stderr(msg: str) -> None:
    click.echo(msg, err=True)


@main.command()
@click.argument("games", nargs=-1)
@ruleset_option
@click.option("--json", "json_path", type=click.Path(dir_okay=False), default=None,
              help="Write the JSON report here instead of <out>/audit.json.")
@click.option("--out", "out_dir", type=click.Path(file_okay=False), default=None,
              help="Folder for audit.json and AUDIT.md (default: reports/).")
@click.option("--fail-on", type=click.Choice(SEVERITIES), default=None,
              help="Exit 1 if a finding of this severity or worse exists (default: never fail).")
@click.option("--max-seconds", type=float, default=120.0, show_default=True,
              help="Stop each search after this long (it is then reported as incomplete).")
@click.option("--max-states", type=int, default=3_000_000, show_default=True,
              help="Stop each search after this many distinct states.")
@click.option("--playouts", type=int, default=None,
              help="Seeded full-deck games per configuration for the statistics [default: 200, quick: 50].")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the first playout.")
@click.option("--quick", is_flag=True, help="A smaller set of configurations and playouts.")
@click.option("--jobs", "-j", type=int, default=2, show_default=True, help="Searches run at once (processes).")
@click.option("--symbolic", is_flag=True, help="Also run the Z3 checks on the full decks (time-bounded).")
@click.option("--symbolic-seconds", type=float, default=60.0, show_default=True,
              help="Z3 time budget per full-deck configuration.")
@click.option("--symbolic-depth", type=int, default=20, show_default=True, help="Z3 BMC and lasso depth bound.")
def audit(games: tuple[str, ...], ruleset: str, json_path: str | None, out_dir: str | None,
          fail_on: str | None, max_seconds: float, max_states: int, playouts: int | None, seed: int,
          quick: bool, jobs: int, symbolic: bool, symbolic_seconds: float, symbolic_depth: int) -> None:
    """Explore every configuration exhaustively and report what is wrong with the rulebooks.

    GAMES defaults to every game. Writes reports/audit.json and reports/AUDIT.md; progress goes
    to stderr. Gaps and conflicts are checked under the raw rules, everything else under
    --ruleset.
    """
    from rulecheck.audit import run_audit

    unknown = [g for g in games if g not in GAMES]
    if unknown:
        raise click.BadParameter(f"unknown game(s) {', '.join(unknown)}; games: {', '.join(sorted(GAMES))}",
                                 param_hint="GAMES")
    t0 = time.monotonic()
    try:
        report = run_audit(
            list(games) or None, ruleset=ruleset, max_seconds=max_seconds, max_states=max_states,
            playouts=(50 if quick else 200) if playouts is None else playouts, seed=seed, quick=quick,
            out_dir=out_dir, json_path=json_path, progress=_stderr, jobs=max(1, jobs),
            symbolic=symbolic, symbolic_seconds=symbolic_seconds, symbolic_depth=symbolic_depth,
        )
    except KeyboardInterrupt:
        _stderr("audit interrupted; the report lists the configurations completed")
        sys.exit(130)
    out = Path(out_dir) if out_dir else Path("reports")
    summary = report.summary()
    _stderr(f"audit {report.status} in {time.monotonic() - t0:.0f}s: {summary['findings']} findings "
            f"({', '.join(f'{v} {k}' for k, v in summary['by_severity'].items()) or 'none'}); "
            f"{summary['complete_configurations']}/{summary['configurations']} configurations complete")
    click.echo(f"wrote {json_path or out / 'audit.json'} and {out / 'AUDIT.md'}")
    for f in report.findings:
        click.echo(f"{f.severity:<8} {f.kind:<19} {f.id}")
    if fail_on is not None:
        worst = report.worst(fail_on)
        if worst:
            _stderr(f"{len(worst)} finding(s) at or above {fail_on}")
            sys.exit(1)


@main.command()
@click.argument("finding_id")
@click.option("--report", "report_path", type=click.Path(dir_okay=False), default=None,
              help="The audit JSON to read (default: reports/audit.json).")
def explain(finding_id: str, report_path: str | None) -> None:
    """Replay a finding's witness step by step in the rulebook's words."""
    from rulecheck.audit import explain_finding, find_finding, load_report

    report = load_report(report_path)
    finding = find_finding(report, finding_id)
    click.echo(explain_finding(finding))


@main.command()
@click.argument("game")
@variant_option
@players_option
@deck_option
@ruleset_option
@click.option("--format", "fmt", type=click.Choice(["graphml", "dot"]), default="graphml", show_default=True)
@click.option("-o", "--output", type=click.Path(dir_okay=False), required=True, help="File to write.")
@click.option("--max-nodes", type=int, default=5_000, show_default=True,
              help="Refuse graphs with more states than this.")
@click.option("--no-symmetry", is_flag=True, help="Do not merge symmetric states.")
def graph(game: str, variant: str | None, players: int | None, deck: str, ruleset: str, fmt: str,
          output: str, max_nodes: int, no_symmetry: bool) -> None:
    """Export the state graph of a small configuration (GraphML or Graphviz DOT)."""
    import networkx as nx

    from rulecheck.check.explore import Config, explore
    from rulecheck.check.graph import to_networkx, write_dot
    from rulecheck.games import load_game

    g = load_game(game, variant, players, ruleset, deck)
    cfg = Config.of(g)
    cfg = Config(cfg.game, cfg.variant, cfg.players, cfg.deck, ruleset)
    res = explore(g, max_states=max_nodes + 1, symmetry=not no_symmetry, config=cfg)
    dg = to_networkx(res, max_nodes)
    if fmt == "graphml":
        nx.write_graphml(dg, output)
    else:
        write_dot(dg, output)
    click.echo(f"wrote {output}: {dg.number_of_nodes()} states, {dg.number_of_edges()} edges ({cfg.label()})")
