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
    names = [g for v in value for g in v.split(",") if g]
    return names or None


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


@conformance.command("run", context_settings={"ignore_unknown_options": True}, epilog=examples(
    "rulecheck conformance run -- python -m rulecheck oracle",
    "rulecheck conformance run --vectors vectors/ --junit conformance.xml -- ./my-engine --oracle",
))
@click.option("--vectors", type=click.Path(exists=True, file_okay=False), default=None,
              help="Conformance vectors directory (from `conformance export`).")
@click.option("--games", "-g", multiple=True, help="Games to check (repeat or comma-separate); default all.")
@click.option("--seeds", type=click.IntRange(min=0), default=10, show_default=True,
              help="Seeded random games per configuration.")
@click.option("--max-steps", type=click.IntRange(min=1), default=300, show_default=True,
              help="Longest random game, in actions.")
@click.option("--junit", type=click.Path(dir_okay=False, allow_dash=True), default=None,
              help="Write JUnit XML here ('-': standard output, then nothing else is printed there).")
@click.option("--json", "json_path", type=click.Path(dir_okay=False, allow_dash=True), default=None,
              help="Write the report (with the shrunk divergence) as JSON here ('-': standard output, "
                   "then nothing else is printed there).")
@click.option("--strict-text", is_flag=True, help="Also compare the readable texts of actions and states.")
@click.option("--no-shrink", is_flag=True, help="Report the first divergence as found, unshrunk.")
@click.option("--timeout", type=click.FloatRange(min=0, min_open=True), default=30.0, show_default=True,
              help="Seconds to wait for each response.")
@click.argument("command", nargs=-1, required=True, type=click.UNPROCESSED)
def run(vectors: str | None, games: tuple[str, ...], seeds: int, max_steps: int, junit: str | None,
        json_path: str | None, strict_text: bool, no_shrink: bool, timeout: float,
        command: tuple[str, ...]) -> None:
    """Check the implementation started by COMMAND (after --) against the reference engine.

    Exit status 0 if it conforms, 1 on the first divergence (shrunk to a minimal trace).
    """
    from rulecheck.oracle.harness import Subprocess, run_conformance

    if junit == STDOUT and json_path == STDOUT:
        raise click.UsageError("--junit - and --json - would both write to standard output; give one a file")
    echo = say if STDOUT in (junit, json_path) else click.echo
    echo(f"checking: {shlex.join(command)}")
    with Subprocess(list(command), timeout=timeout) as impl:
        report = run_conformance(impl, vectors=vectors, games=_games(games), seeds=seeds, max_steps=max_steps,
                                 strict_text=strict_text, shrink=not no_shrink)
    for case in report.failures[:20]:
        echo(f"FAIL {case.suite} {case.name}: {case.message}")
    if len(report.failures) > 20:
        echo(f"... and {len(report.failures) - 20} more failures")
    if report.divergence is not None:
        echo(report.divergence.describe())
    echo(report.summary())
    if junit:
        emit(junit, _junit_text(report))
    if json_path:
        emit(json_path, json.dumps({
            "ok": report.ok, "seconds": report.seconds, "requests": report.requests,
            "failures": [{"suite": c.suite, "name": c.name, "message": c.message} for c in report.failures],
            "divergence": report.divergence.to_json() if report.divergence else None,
        }, sort_keys=True, indent=1) + "\n")
    if not report.ok:
        raise SystemExit(1)
