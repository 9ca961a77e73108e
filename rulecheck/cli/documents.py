"""`rulecheck errata` and `rulecheck faq`: generate the documents from the audit report."""

from __future__ import annotations

from pathlib import Path

import click

from rulecheck.cli import main
from rulecheck.docs import Documents, errata_documents, faq_documents
from rulecheck.docs.report import load_report

_report_option = click.option(
    "--report", default="reports/audit.json", show_default=True, type=click.Path(dir_okay=False),
    help="The audit report to read (written by `rulecheck audit`).",
)
_ruleset_option = click.option(
    "--ruleset", "-r", "rulesets", multiple=True,
    help="raw, recommended (default), or a ruleset JSON file (applies to the game it names). Repeatable.",
)
_game_option = click.option("--game", "games", multiple=True, help="Only this game (repeatable). Default: all.")
_html_option = click.option("--html", "html_path", type=click.Path(dir_okay=False), default=None,
                            help="Also write the document as one self-contained HTML page.")


def _write(docs: Documents, output: str, html_path: str | None) -> None:
    if output == "-":
        click.echo(docs.markdown, nl=False)
    else:
        _save(Path(output), docs.markdown)
        click.echo(f"wrote {output}", err=True)
    if html_path:
        _save(Path(html_path), docs.html)
        click.echo(f"wrote {html_path}", err=True)


def _save(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", encoding="utf-8", newline="\n") as handle:
        handle.write(text)


@main.command()
@_report_option
@_ruleset_option
@_game_option
@click.option("-o", "--output", default="docs/ERRATA.md", show_default=True, help="Markdown output ('-': stdout).")
@_html_option
def errata(report: str, rulesets: tuple[str, ...], games: tuple[str, ...], output: str, html_path: str | None) -> None:
    """Errata: each problem in the text, quoted, explained, with a corrected wording."""
    findings = load_report(report)
    _write(errata_documents(findings, rulesets, games or None), output, html_path)


@main.command()
@_report_option
@_ruleset_option
@_game_option
@click.option("-o", "--output", default="docs/FAQ.md", show_default=True, help="Markdown output ('-': stdout).")
@_html_option
def faq(report: str, rulesets: tuple[str, ...], games: tuple[str, ...], output: str, html_path: str | None) -> None:
    """FAQ: one question per ruling point, with the answer and a concrete situation."""
    findings = load_report(report)
    _write(faq_documents(findings, rulesets, games or None), output, html_path)
