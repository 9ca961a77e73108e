"""The command line's conventions (issue 20): `-` is standard output everywhere, commands work
with their defaults (`graph`), `rulecheck decks`, an example in every `--help`, documented exit
codes (3 for an incomplete audit), and the audit's finding lines and closing summary line."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import click
import networkx as nx
import pytest
from audit_helpers import tiny_quick_plan
from click.testing import CliRunner, Result

from rulecheck.audit import AuditReport
from rulecheck.cli import main
from rulecheck.cli.audit import exit_code
from rulecheck.core.paths import project_dir
from rulecheck.findings import SEVERITIES, Finding

CP_QUICK = ["audit", "chonker-party", "--quick", "--playouts", "0", "-j", "1"]
CLOSING = re.compile(r"^rulecheck: (\d+) findings \((.*)\); (\d+)/(\d+) configurations complete(; status \w+)?; "
                     r"exit (\d)$")


@pytest.fixture
def tiny(monkeypatch: pytest.MonkeyPatch) -> None:
    tiny_quick_plan(monkeypatch)  # --quick: two small configurations


@pytest.fixture(scope="module")
def cp_audit(tmp_path_factory: pytest.TempPathFactory) -> tuple[Result, Path]:
    out = tmp_path_factory.mktemp("cp")
    with pytest.MonkeyPatch.context() as mp:
        tiny_quick_plan(mp)
        res = CliRunner().invoke(main, [*CP_QUICK, "--out", str(out)])
    assert res.exit_code == 0, res.output
    return res, out


# --------------------------------------------------------------------------- 7. finding lines, closing line


def test_each_finding_line_has_its_title_and_stdout_ends_with_the_totals(cp_audit: tuple[Result, Path]) -> None:
    res, out = cp_audit
    data = json.loads((out / "audit.json").read_text(encoding="utf-8"))
    lines = res.stdout.splitlines()
    for f in data["findings"]:
        assert any(line.split()[2:3] == [f["id"]] and line.endswith(f"  {f['title']}") for line in lines), f["id"]
    m = CLOSING.match(lines[-1])
    assert m is not None, lines[-1]
    summary = data["summary"]
    assert int(m.group(1)) == summary["findings"] == len(data["findings"])
    by_severity = summary["by_severity"]
    assert m.group(2) == ", ".join(f"{by_severity[k]} {k}" for k in SEVERITIES if k in by_severity)
    assert (int(m.group(3)), int(m.group(4))) == (summary["complete_configurations"], len(data["settings"]["plan"]))
    assert m.group(6) == "0"


# --------------------------------------------------------------------------- 6. exit codes


def test_an_incomplete_audit_exits_3_and_says_why(tmp_path: Path, tiny: None) -> None:
    res = CliRunner().invoke(main, [*CP_QUICK, "--max-states", "50", "--out", str(tmp_path)])
    assert res.exit_code == 3, res.output
    assert "incomplete: 2 of 2 configurations not explored completely" in res.stderr
    m = CLOSING.match(res.stdout.splitlines()[-1])
    assert m is not None and m.group(3) == "0" and m.group(6) == "3"


def test_a_search_stopped_by_the_time_limit_exits_4_and_names_it(tmp_path: Path, tiny: None) -> None:
    """The time limit is the one bound whose result depends on the machine: a run it stopped says
    so (which searches) and exits 4, not 3, so that a CI job can tell it from a work bound."""
    res = CliRunner().invoke(main, [*CP_QUICK, "--max-seconds", "1e-9", "--out", str(tmp_path)])
    assert res.exit_code == 4, res.output
    assert "search(es) stopped at the time limit (--max-seconds)" in res.stderr
    assert "chonker-party standard" in res.stderr
    assert res.stdout.splitlines()[-1].endswith("; exit 4")
    again = CliRunner().invoke(main, [*CP_QUICK, "--max-seconds", "1e-9", "--fail-on", "info", "--out", str(tmp_path)])
    assert again.exit_code == 1, again.output  # a finding at or above --fail-on still wins


def test_fail_on_wins_over_incomplete(tmp_path: Path, tiny: None) -> None:
    res = CliRunner().invoke(main, [*CP_QUICK, "--max-states", "50", "--fail-on", "info", "--out", str(tmp_path)])
    assert res.exit_code == 1, res.output
    assert "at or above info" in res.stderr and "incomplete:" in res.stderr
    assert res.stdout.splitlines()[-1].endswith("; exit 1")


def _report(status: str, complete: list[bool], severity: str | None, errors: int = 0) -> AuditReport:
    findings = [Finding("g.gap.x", "g", "gap", severity, "A gap")] if severity else []
    return AuditReport(["g"], "recommended", {"plan": [["g", "standard", 2, "full"]] * len(complete)}, status,
                       [{"config": {}, "complete": c} for c in complete], findings,
                       errors=[{"config": {}, "error": "boom"}] * errors)


@pytest.mark.parametrize(("report", "fail_on", "code"), [
    (_report("complete", [True, True], "high"), None, 0),
    (_report("complete", [True, True], "high"), "high", 1),
    (_report("complete", [True, True], "low"), "high", 0),
    (_report("complete", [True, False], None), None, 3),
    (_report("complete", [True, False], "critical"), "high", 1),
    (_report("interrupted", [True, True], None), "high", 3),
    (_report("complete", [], None), None, 3),  # nothing explored: never a clean run
    (_report("complete", [True, True], None, errors=1), None, 3),  # a configuration failed
])
def test_exit_code_rules(report: AuditReport, fail_on: str | None, code: int) -> None:
    assert exit_code(report, fail_on) == code


def test_exit_codes_are_documented_in_help_and_readme() -> None:
    res = CliRunner().invoke(main, ["--help"])
    assert res.exit_code == 0
    for text in ("0  clean", "1  a finding at or above --fail-on", "2  usage or input error", "3  incomplete run",
                 "1 wins over 3", "rulecheck decks GAME"):
        assert text in res.output, text
    readme = (project_dir() / "README.md").read_text(encoding="utf-8")
    commands = readme.split("## Commands", 1)[1].split("\n## ", 1)[0]
    for text in ("Exit status", "`0`", "`1`", "`2`", "`3`", "`rulecheck decks GAME`"):
        assert text in commands, text
    quick = readme.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    assert quick.count("python3 -m venv .venv") == 2


# --------------------------------------------------------------------------- 2. `-` is standard output


def test_audit_json_dash_writes_the_report_to_stdout(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                     tiny: None) -> None:
    monkeypatch.chdir(tmp_path)
    res = CliRunner().invoke(main, [*CP_QUICK, "--out", "out", "--json", "-"])
    assert res.exit_code == 0, res.output
    data = json.loads(res.stdout)
    assert data["format"] == "rulecheck-audit/1" and data["status"] == "complete"
    assert not (tmp_path / "-").exists(), "--json - wrote a file named -"
    assert (tmp_path / "out" / "AUDIT.md").exists() and not (tmp_path / "out" / "audit.json").exists()
    assert CLOSING.match(res.stderr.strip().splitlines()[-1]), "the totals go to stderr when stdout is the JSON"


@pytest.mark.parametrize(("fmt", "start"), [("graphml", "<?xml"), ("dot", "digraph")])
def test_graph_writes_to_stdout_by_default_and_with_dash(fmt: str, start: str, tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    default = runner.invoke(main, ["graph", "chomp", "-v", "doble-chomp", "--format", fmt])
    dash = runner.invoke(main, ["graph", "chomp", "-v", "doble-chomp", "--format", fmt, "-o", "-"])
    assert default.exit_code == 0 and dash.exit_code == 0, default.output + dash.output
    assert default.stdout.startswith(start) and default.stdout == dash.stdout
    assert "54 states" in default.stderr and not (tmp_path / "-").exists()
    to_file = runner.invoke(main, ["graph", "chomp", "-v", "doble-chomp", "--format", fmt, "-o", "g.out"])
    assert to_file.exit_code == 0 and (tmp_path / "g.out").read_text(encoding="utf-8") == default.stdout


@pytest.mark.parametrize("command", ["errata", "faq"])
def test_documents_html_dash_is_stdout(command: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    report = tmp_path / "audit.json"
    report.write_text(json.dumps({"findings": []}))
    res = CliRunner().invoke(main, [command, "--report", str(report), "-o", "doc.md", "--html", "-"])
    assert res.exit_code == 0, res.output
    assert res.stdout.startswith("<!DOCTYPE html>") and (tmp_path / "doc.md").exists()
    assert not (tmp_path / "-").exists()
    both = CliRunner().invoke(main, [command, "--report", str(report), "-o", "-", "--html", "-"])
    assert both.exit_code == 2 and "both write to standard output" in both.output


def test_conformance_json_dash_is_stdout(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    res = CliRunner().invoke(main, ["conformance", "run", "-g", "chonker-party", "--seeds", "1", "--max-steps", "10",
                                    "--json", "-", "--", sys.executable, "-m", "rulecheck", "oracle"])
    assert res.exit_code == 0, res.output
    assert json.loads(res.stdout)["ok"] is True and "checks passed" in res.stderr
    assert not (tmp_path / "-").exists()


# --------------------------------------------------------------------------- 3. graph with its defaults


@pytest.mark.parametrize(("game", "chosen"), [
    ("chomp", "chomp standard, 3 players, deck shark=1,littlefish=1,eel=1,octopus=1"),
    ("chonker-party", "chonker-party standard, 2 players, deck sweet=1,leaf=1,spoiled=1,choose=1,force=1,hand=1"),
])
def test_graph_works_with_its_defaults_and_names_the_configuration(game: str, chosen: str, tmp_path: Path) -> None:
    out = tmp_path / "g.graphml"
    res = CliRunner().invoke(main, ["graph", game, "-o", str(out)])
    assert res.exit_code == 0, res.output
    assert f"no --deck given: {chosen}" in res.stderr
    g = nx.read_graphml(out)
    assert 0 < g.number_of_nodes() <= 5000


@pytest.mark.parametrize(("argv", "chosen"), [
    (["chomp", "-v", "underwater-war"], "2 players, deck shark=1,seal=1,eel=1,octopus=1"),
    (["chomp", "-n", "5"], "5 players, deck shark=2,plankton=2,octopus=1"),
    (["chonker-party", "-n", "6"], "6 players, deck sweet=1,chonk=1,leaf=4,war=1,hand=1"),
])
def test_graph_defaults_follow_the_variant_and_player_count(argv: list[str], chosen: str) -> None:
    res = CliRunner().invoke(main, ["graph", *argv])
    assert res.exit_code == 0, res.output
    assert chosen in res.stderr and res.stdout.startswith("<?xml")


# --------------------------------------------------------------------------- 4. rulecheck decks


def test_decks_lists_chomp_decks_with_counts_fits_and_syntax() -> None:
    res = CliRunner().invoke(main, ["decks", "chomp"])
    assert res.exit_code == 0, res.output
    rows = {line.split()[0]: line for line in res.stdout.splitlines() if line.startswith("  ")}
    for name, cards in (("full", 50), ("half", 27), ("mini", 10), ("tiny", 8)):
        assert f"{cards} cards" in rows[name] and "underwater-war 2p" in rows[name], rows[name]
    assert "standard 3-10p" in rows["full"] and "standard 3-8p" in rows["tiny"]
    assert "shark=1,littlefish=1,eel=1,octopus=1" in rows, "the audit's small decks are listed"
    assert "kind=count" in res.stdout and "littlefish" in res.stdout


def test_decks_lists_chonker_party_decks_as_json() -> None:
    res = CliRunner().invoke(main, ["decks", "chonker-party", "--json"])
    assert res.exit_code == 0, res.output
    data = json.loads(res.stdout)
    decks = {d["deck"]: d for d in data["decks"]}
    assert decks["full"]["cards"] == 78 and decks["full"]["fits"] == {"standard": [2, 3, 4, 5, 6]}
    assert decks["mini"]["composition"].endswith("hand=3")
    assert data["audit_decks"] and "hand=N" in data["syntax"]


def test_decks_of_an_unknown_game_is_a_usage_error() -> None:
    res = CliRunner().invoke(main, ["decks", "whist"])
    assert res.exit_code == 2 and "'whist' is not one of 'chomp', 'chonker-party'" in res.stderr, res.output


@pytest.mark.parametrize("command", ["simulate", "graph", "oracle"])
def test_help_of_commands_taking_a_deck_names_rulecheck_decks(command: str) -> None:
    res = CliRunner().invoke(main, [command, "--help"])
    assert "rulecheck decks GAME" in " ".join(res.output.split())


# --------------------------------------------------------------------------- 5. an example in every --help


def _commands(group: click.Group, prefix: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    out: list[tuple[str, ...]] = []
    for name, cmd in sorted(group.commands.items()):
        out.append((*prefix, name))
        if isinstance(cmd, click.Group):
            out += _commands(cmd, (*prefix, name))
    return out


@pytest.mark.parametrize("path", [(), *_commands(main)], ids=lambda p: " ".join(p) or "rulecheck")
def test_every_help_has_an_example(path: tuple[str, ...]) -> None:
    res = CliRunner().invoke(main, [*path, "--help"])
    assert res.exit_code == 0, res.output
    examples = res.output.split("Examples:", 1)
    assert len(examples) == 2, f"rulecheck {' '.join(path)} --help has no example"
    assert f"rulecheck {' '.join(path)}".strip() in examples[1] or not path


def test_the_epilog_keeps_one_example_per_line() -> None:
    res = CliRunner().invoke(main, ["graph", "--help"])
    lines = [line.strip() for line in res.output.split("Examples:", 1)[1].splitlines() if line.strip()]
    assert lines[:2] == ["rulecheck graph chomp > chomp.graphml", "rulecheck graph chonker-party -o /tmp/g.graphml"]
