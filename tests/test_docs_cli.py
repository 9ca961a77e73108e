"""`rulecheck errata` and `rulecheck faq` through click's CliRunner."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from rulecheck.cli import main
from rulecheck.findings import Finding, Witness, findings_to_json

sys.path.insert(0, str(Path(__file__).parent / "fixtures" / "docs_toy"))
import docs_toygame

CONFIG = {"game": "docs-toy", "variant": "standard", "players": 2, "deck": "full", "ruleset": "raw"}


@pytest.fixture(autouse=True)
def _toy() -> Iterator[None]:
    docs_toygame.register()
    yield
    docs_toygame.unregister()


@pytest.fixture
def report(tmp_path: Path) -> Path:
    w = Witness(CONFIG, (["deal", [[1, 0], [1, 2]]], ["turn_over"], ["slap", 0, 1]), 2)
    f = Finding("docs-toy.conflict.equal", "docs-toy", "conflict", "high", "Equal slap", "Two clauses disagree.",
                ("en.bad-chomp.4",), "toy.equal_slap", (CONFIG,), w, {"games": 10, "games_hitting": 3, "rate": 0.3})
    path = tmp_path / "audit.json"
    path.write_text(json.dumps({"findings": findings_to_json([f])}))
    return path


def test_errata_writes_markdown_and_html_the_same_bytes_twice(report: Path, tmp_path: Path) -> None:
    runner = CliRunner()
    outs = []
    for n in (1, 2):
        md, html = tmp_path / f"E{n}.md", tmp_path / f"E{n}.html"
        result = runner.invoke(main, ["errata", "--report", str(report), "--game", "docs-toy", "-o", str(md),
                                      "--html", str(html)])
        assert result.exit_code == 0, result.output
        outs.append((md.read_bytes(), html.read_bytes()))
    assert outs[0] == outs[1]
    assert b"### 1. Beware the Bad Chomp!" in outs[0][0] and b"<svg" in outs[0][1]


def test_faq_to_stdout_and_with_a_house_ruleset(report: Path, tmp_path: Path) -> None:
    runner = CliRunner()
    base = runner.invoke(main, ["faq", "--report", str(report), "--game", "docs-toy", "-o", "-"])
    assert base.exit_code == 0, base.output
    assert "#### Q3. I slapped a card the same as mine. Who gets the cards?" in base.output
    house = tmp_path / "house.json"
    house.write_text(json.dumps({"game": "docs-toy", "choices": {"toy.equal_slap": "to_slapper"}}))
    changed = runner.invoke(main, ["faq", "--report", str(report), "--game", "docs-toy", "-r", str(house), "-o", "-"])
    assert changed.exit_code == 0, changed.output
    assert "If you slap a card the same as yours, you take every card on the table." in changed.output
    assert "If you slap a card the same as yours, you take every card on the table." not in base.output


def test_missing_report_is_a_clear_error(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["errata", "--report", str(tmp_path / "none.json"), "-o", "-"])
    assert result.exit_code == 2
    assert "no audit report" in result.output and "rulecheck audit" in result.output
