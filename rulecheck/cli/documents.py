"""`rulecheck errata` and `rulecheck faq`: generate the documents from the audit report."""

from __future__ import annotations

from pathlib import Path

import click

from rulecheck.cli import main
from rulecheck.cli.options import STDOUT, emit, examples
from rulecheck.core.paths import read_json
from rulecheck.core.rulings import ruleset_game
from rulecheck.docs import Documents, errata_documents, faq_documents
from rulecheck.docs.report import load_report
from rulecheck.findings import Finding

_report_option = click.option(
    "--report", default="reports/audit.json", show_default=True, type=click.Path(dir_okay=False),
    help="The audit report to read (written by `rulecheck audit`).",
)
_ruleset_option = click.option(
    "--ruleset", "-r", "rulesets", multiple=True,
    help="raw, recommended (default), or a ruleset JSON file (applies to the game it names). Repeatable.",
)
_game_option = click.option("--game", "games", multiple=True, help="Only this game (repeatable). Default: all.")
_html_option = click.option("--html", "html_path", type=click.Path(dir_okay=False, allow_dash=True), default=None,
                            help="Also write the document as one self-contained HTML page ('-': standard output).")


def _inputs(report: str, rulesets: tuple[str, ...]) -> list[Finding]:
    """The report's findings, every input file checked first (one line naming the problem)."""
    for spec in rulesets:
        ruleset_game(spec)
    if Path(report).exists():  # a missing one: load_report says to run the audit first
        read_json(report, "audit report")
    return load_report(report)


def _write(docs: Documents, output: str, html_path: str | None) -> None:
    if output == STDOUT and html_path == STDOUT:
        raise click.UsageError("-o - and --html - would both write to standard output; give one a file")
    emit(output, docs.markdown)
    if html_path:
        emit(html_path, docs.html)


@main.command(epilog=examples("rulecheck errata", "rulecheck errata --html docs/ERRATA.html",
                              "rulecheck errata --game chomp -r house.json -o -"))
@_report_option
@_ruleset_option
@_game_option
@click.option("-o", "--output", type=click.Path(dir_okay=False, allow_dash=True), default="docs/ERRATA.md",
              show_default=True, help="Markdown output ('-': standard output).")
@_html_option
def errata(report: str, rulesets: tuple[str, ...], games: tuple[str, ...], output: str, html_path: str | None) -> None:
    """Errata: each problem in the text, quoted, explained, with a corrected wording."""
    findings = _inputs(report, rulesets)
    _write(errata_documents(findings, rulesets, games or None), output, html_path)


@main.command(epilog=examples("rulecheck faq", "rulecheck faq --html docs/FAQ.html",
                              "rulecheck faq --game chonker-party -r raw -o -"))
@_report_option
@_ruleset_option
@_game_option
@click.option("-o", "--output", type=click.Path(dir_okay=False, allow_dash=True), default="docs/FAQ.md",
              show_default=True, help="Markdown output ('-': standard output).")
@_html_option
def faq(report: str, rulesets: tuple[str, ...], games: tuple[str, ...], output: str, html_path: str | None) -> None:
    """FAQ: one question per ruling point, with the answer and a concrete situation."""
    findings = _inputs(report, rulesets)
    _write(faq_documents(findings, rulesets, games or None), output, html_path)
