"""`rulecheck oracle` and `rulecheck conformance export|run`."""

from __future__ import annotations

import json
import shlex
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

import click

from rulecheck.cli import main
from rulecheck.cli.options import STDOUT, emit, examples, say
from rulecheck.oracle.compare import ASPECTS, DEFAULT_ASPECTS, PROVENANCE_MODES

if TYPE_CHECKING:
    from rulecheck.oracle.harness import HarnessReport


@main.command(epilog=examples(
    """echo '{"id":1,"cmd":"hello"}' | rulecheck oracle""",
    """echo '{"id":2,"cmd":"new_game","game":"chomp","players":3,"deck":"mini","seed":7}' | rulecheck oracle""",
))
def oracle() -> None:
    """Serve the oracle protocol: JSON requests on stdin, one JSON response per line on stdout.

    See docs/ORACLE.md. Requests name a deck like --deck does (`rulecheck decks GAME` lists them).
    """
    from rulecheck.oracle.server import serve

    serve()


@main.group(epilog=examples("rulecheck conformance export vectors/",
                            "rulecheck conformance run --vectors vectors/ -- ./my-engine --oracle"))
def conformance() -> None:
    """Conformance vectors and the differential harness for other implementations."""


def _junit_text(report: HarnessReport) -> str:
    from rulecheck.oracle.harness import write_junit

    with tempfile.TemporaryDirectory(prefix="rulecheck-junit-") as tmp:
        path = Path(tmp) / "junit.xml"
        write_junit(report, str(path))
        return path.read_text(encoding="utf-8")


def _games(value: tuple[str, ...]) -> list[str] | None:
    return _multi(value)


@conformance.command("docs", epilog=examples("rulecheck conformance docs", "rulecheck conformance docs /tmp/docs"))
@click.argument("directory", type=click.Path(file_okay=False), required=False)
def docs(directory: str | None) -> None:
    """Write the per-game JSON Schemas (schemas/GAME.schema.json) and encoding guides
    (encoding/GAME.md) under DIRECTORY (default: the project's docs/), generated from the code."""
    from rulecheck.core.paths import project_dir
    from rulecheck.oracle.guide import guide_files
    from rulecheck.oracle.schemas import schema_files

    root = Path(directory) if directory else project_dir() / "docs"
    for rel, text in {**schema_files(), **guide_files()}.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        click.echo(f"wrote {path}")


@conformance.command("export", epilog=examples("rulecheck conformance export vectors/",
                                                 "rulecheck conformance export vectors/ --games chomp --seeds 4"))
@click.argument("directory", type=click.Path(file_okay=False))
@click.option("--games", "-g", multiple=True, help="Games to export (repeat or comma-separate); default all.")
@click.option("--seeds", type=click.IntRange(min=1), default=12, show_default=True,
              help="Seeded playouts per configuration.")
@click.option("--max-steps", type=click.IntRange(min=1), default=600, show_default=True,
              help="Longest playout, in actions.")
@click.option("--per-area", type=click.IntRange(min=1), default=6, show_default=True,
              help="Most accepted-action cases per area.")
def export(directory: str, games: tuple[str, ...], seeds: int, max_steps: int, per_area: int) -> None:
    """Write conformance vectors (JSON, one file per rule area) and manifest.json to DIRECTORY."""
    from rulecheck.oracle.vectors import export_vectors

    manifest = export_vectors(directory, _games(games), seeds=seeds, max_steps=max_steps, per_area=per_area)
    for entry in manifest["files"]:
        click.echo(f"{entry['cases']:>5}  {entry['path']}")
    click.echo(f"{manifest['cases']} cases in {len(manifest['files'])} files; manifest {directory}/manifest.json")
    for game, areas in manifest["areas_without_cases"].items():
        if areas:
            click.echo(f"warning: {game}: no playout reached the areas {', '.join(areas)}", err=True)


def _multi(values: tuple[str, ...]) -> list[str] | None:
    out = [v.strip() for value in values for v in value.split(",") if v.strip()]
    return out or None


def _players(values: tuple[str, ...]) -> list[int] | None:
    names = _multi(values)
    if names is None:
        return None
    try:
        return [int(n) for n in names]
    except ValueError:
        raise click.BadParameter(f"player counts are integers, got {', '.join(names)}",
                                 param_hint="--players") from None


@conformance.command("run", context_settings={"ignore_unknown_options": True}, epilog=examples(
    "rulecheck conformance run -- python -m rulecheck oracle",
    "rulecheck conformance run --vectors vectors/ --junit conformance.xml -- ./my-engine --oracle",
    "rulecheck conformance run -g chomp --variant underwater-war --deck tiny --seeds 20 -- ./my-engine",
    "rulecheck conformance run --compare legal,outcome,observation,state --provenance set -- ./my-engine",
))
@click.option("--vectors", type=click.Path(exists=True, file_okay=False), default=None,
              help="Conformance vectors directory (from `conformance export`); only the cases of the checked "
                   "configurations run.")
@click.option("--game", "--games", "-g", "games", multiple=True,
              help="Check only these games (repeat or comma-separate); default: every game hello declares.")
@click.option("--variant", "variants", multiple=True, help="Only these variants (repeat or comma-separate).")
@click.option("--players", "players", multiple=True, help="Only these player counts (repeat or comma-separate).")
@click.option("--deck", "decks", multiple=True, help="Only these decks (repeat or comma-separate); default: every "
              "named deck hello declares.")
@click.option("--ruleset", "rulesets", multiple=True, help="Only these rulesets: raw, recommended, house (the "
              "flipped inline ruleset, if hello declares inline); repeat or comma-separate.")
@click.option("--seeds", type=click.IntRange(min=0), default=10, show_default=True,
              help="Seeded random games per configuration.")
@click.option("--max-steps", type=click.IntRange(min=1), default=300, show_default=True,
              help="Longest random game, in actions.")
@click.option("--compare", "aspects", default=",".join(DEFAULT_ASPECTS), show_default=True,
              help=f"What is compared, comma-separated: {', '.join(ASPECTS)} (state: the canonical view).")
@click.option("--provenance", type=click.Choice(PROVENANCE_MODES), default="off", show_default=True,
              help="Compare provenance: not at all, as sets, or exactly (order included).")
@click.option("--junit", type=click.Path(dir_okay=False, allow_dash=True), default=None,
              help="Write JUnit XML here ('-': standard output, then nothing else is printed there).")
@click.option("--json", "json_path", type=click.Path(dir_okay=False, allow_dash=True), default=None,
              help="Write the report (every case, per configuration, with the shrunk divergences) as JSON here "
                   "('-': standard output, then nothing else is printed there).")
@click.option("--strict-text", is_flag=True, help="Also compare the readable texts of actions and states.")
@click.option("--no-shrink", is_flag=True, help="Report the divergences as found, unshrunk.")
@click.option("--timeout", type=click.FloatRange(min=0, min_open=True), default=30.0, show_default=True,
              help="Seconds to wait for each response.")
@click.option("--show", type=click.IntRange(min=0), default=10, show_default=True,
              help="Failures printed with every difference (the others get one line each).")
@click.argument("command", nargs=-1, required=True, type=click.UNPROCESSED)
def run(vectors: str | None, games: tuple[str, ...], variants: tuple[str, ...], players: tuple[str, ...],
        decks: tuple[str, ...], rulesets: tuple[str, ...], seeds: int, max_steps: int, aspects: str,
        provenance: str, junit: str | None, json_path: str | None, strict_text: bool, no_shrink: bool,
        timeout: float, show: int, command: tuple[str, ...]) -> None:
    """Check the implementation started by COMMAND (after --) against the reference engine.

    It checks exactly the configurations the implementation declares in hello (narrowed by
    --game/--variant/--players/--deck/--ruleset), every deck size included, goes on after a
    failure and reports every configuration and case. Exit status 0 if it conforms, 1 on any
    failure, 2 if the implementation cannot be started.
    """
    from rulecheck.oracle.compare import Comparison
    from rulecheck.oracle.harness import Selection, Subprocess, run_conformance

    if junit == STDOUT and json_path == STDOUT:
        raise click.UsageError("--junit - and --json - would both write to standard output; give one a file")
    try:
        comparison = Comparison.parse(aspects.split(","), provenance, strict_text)
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="--compare") from None
    selection = Selection.of(_multi(games), _multi(variants), _players(players), _multi(decks), _multi(rulesets))
    echo = say if STDOUT in (junit, json_path) else click.echo
    echo(f"checking: {shlex.join(command)} (compared: {comparison.describe()})")
    with Subprocess(list(command), timeout=timeout) as impl:
        report = run_conformance(impl, vectors=vectors, selection=selection, comparison=comparison, seeds=seeds,
                                 max_steps=max_steps, shrink=not no_shrink)
    for note in report.notes:
        if "the reference refuses" not in note:
            echo(f"note: {note}")
    for suite, checks, failed in report.per_configuration():
        echo(f"{'ok  ' if not failed else 'FAIL'} {suite}: {checks - failed}/{checks}")
    for i, case in enumerate(report.failures):
        echo(f"FAIL {case.suite} {case.name}: {case.message}")
        if i < show and case.divergence is None and case.differences:
            echo(case.detail)
    for div in report.divergences:
        echo(div.describe())
    echo(report.summary())
    if junit:
        emit(junit, _junit_text(report))
    if json_path:
        emit(json_path, json.dumps(report.to_json(), sort_keys=True, indent=1) + "\n")
    if not report.ok:
        raise SystemExit(1)
