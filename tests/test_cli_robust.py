"""The command line under bad input (issue 20): every input is checked before any work, a bad
one exits 2 with one line naming it; numeric options out of range are usage errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from audit_helpers import tiny_quick_plan
from click.testing import CliRunner, Result

from rulecheck.audit import run_audit
from rulecheck.cli import main
from rulecheck.core.errors import InputFileError, InvalidConfigError, RulesetError
from rulecheck.core.paths import read_json

CP_RULING, CP_OPTION = "cp.choose_then_play", "any_card"
CP_QUICK = ["chonker-party", "--quick", "--playouts", "0", "-j", "1"]


@pytest.fixture(autouse=True)
def _tiny(monkeypatch: pytest.MonkeyPatch) -> None:
    tiny_quick_plan(monkeypatch)  # --quick: two small configurations


BAD_FILES: dict[str, bytes] = {
    "misspelled-option": json.dumps({"game": "chonker-party", "choices": {CP_RULING: "any_cardd"}}).encode(),
    "unknown-ruling": json.dumps({"game": "chonker-party", "choices": {"cp.choose_then_pley": CP_OPTION}}).encode(),
    "latin-1": '{"game": "chonker-party", "name": "m\xe9nage", "choices": {}}'.encode("latin-1"),
    "utf-16": json.dumps({"game": "chonker-party", "choices": {}}).encode("utf-16"),
    "malformed": b'{"game": "chonker-party", "choices": {',
    "not-an-object": b'["chonker-party"]',
}
WORDS = {"misspelled-option": "did you mean 'any_card'", "unknown-ruling": f"did you mean '{CP_RULING}'",
         "latin-1": "not UTF-8", "utf-16": "not UTF-8", "malformed": "not valid JSON",
         "not-an-object": "expected a JSON object"}


def _one_error_line(res: Result, *words: str) -> str:
    """Exit 2, and standard error is one line ``error: ...`` containing ``words``; no traceback."""
    assert res.exit_code == 2, res.output
    assert res.exception is None or isinstance(res.exception, SystemExit), res.exception
    lines = res.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), res.stderr
    for word in words:
        assert word in lines[0], lines[0]
    return lines[0]


@pytest.fixture(params=sorted(BAD_FILES))
def bad_ruleset(request: pytest.FixtureRequest, tmp_path: Path) -> tuple[str, str]:
    path = tmp_path / f"{request.param}.json"
    path.write_bytes(BAD_FILES[request.param])
    return str(path), WORDS[request.param]


def test_audit_with_a_bad_ruleset_exits_2_before_any_search(bad_ruleset: tuple[str, str], tmp_path: Path) -> None:
    path, word = bad_ruleset
    out = tmp_path / "out"
    res = CliRunner().invoke(main, ["audit", *CP_QUICK, "--ruleset", path, "--out", str(out)])
    _one_error_line(res, Path(path).name, word)
    assert not out.exists(), "a rejected audit wrote a report"


def test_audit_with_a_bad_ruleset_and_no_games_does_not_touch_reports(
        bad_ruleset: tuple[str, str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("rulecheck.audit.run.project_dir", lambda: tmp_path)
    path, word = bad_ruleset
    res = CliRunner().invoke(main, ["audit", "--quick", "--playouts", "0", "--ruleset", path])
    _one_error_line(res, word)
    assert not (tmp_path / "reports").exists()


@pytest.mark.parametrize("command", [
    ["simulate", "chonker-party"], ["rulings", "chonker-party"], ["bmc", "chonker-party", "--list"],
    ["bmc", "chonker-party", "--budget", "5"], ["graph", "chonker-party", "-o", "-"],
    ["decks", "chonker-party"],
])
def test_every_command_rejects_a_bad_ruleset_in_one_line(command: list[str], bad_ruleset: tuple[str, str]) -> None:
    path, word = bad_ruleset
    _one_error_line(CliRunner().invoke(main, [*command, "--ruleset", path]), word)


@pytest.mark.parametrize("command", ["errata", "faq"])
def test_documents_reject_a_bad_ruleset_in_one_line(command: str, bad_ruleset: tuple[str, str],
                                                     tmp_path: Path) -> None:
    path, word = bad_ruleset
    report = tmp_path / "audit.json"
    report.write_text(json.dumps({"findings": []}))
    res = CliRunner().invoke(main, [command, "--report", str(report), "-r", path, "-o", str(tmp_path / "doc.md")])
    _one_error_line(res, word)
    assert not (tmp_path / "doc.md").exists()


@pytest.mark.parametrize(("content", "word"), [
    ("{\"findings\": [], \"note\": \"r\xe9sum\xe9\"}".encode("latin-1"), "not UTF-8"),
    (b"\xff\xfe\x00\x00", "not UTF-8"),
    (b"{\"findings\": [", "not valid JSON"),
])
@pytest.mark.parametrize("command", [["explain", "some.finding"], ["errata", "-o", "-"], ["faq", "-o", "-"]])
def test_a_report_that_is_not_utf8_or_not_json_is_one_line(command: list[str], content: bytes, word: str,
                                                           tmp_path: Path) -> None:
    report = tmp_path / "report.json"
    report.write_bytes(content)
    _one_error_line(CliRunner().invoke(main, [*command, "--report", str(report)]), "audit report", word)


@pytest.mark.parametrize("argv", [
    ["bmc", "chomp", "--list", "--depth", "-5"],
    ["bmc", "chomp", "--list", "--budget", "0"],
    ["audit", *CP_QUICK, "--max-states", "0"],
    ["audit", *CP_QUICK, "--jobs", "0"],
    ["audit", *CP_QUICK, "--playouts", "-1"],
    ["audit", *CP_QUICK, "--max-seconds", "0"],
    ["audit", *CP_QUICK, "--symbolic-seconds", "0"],
    ["audit", *CP_QUICK, "--symbolic-depth", "0"],
    ["simulate", "chomp", "--max-steps", "0"],
    ["graph", "chomp", "--max-nodes", "0"],
    ["simulate", "chomp", "--players", "-2"],
])
def test_numbers_out_of_range_are_usage_errors(argv: list[str], tmp_path: Path) -> None:
    res = CliRunner().invoke(main, [*argv, *(["--out", str(tmp_path / "out")] if argv[0] == "audit" else [])])
    assert res.exit_code == 2, res.output
    assert "Invalid value" in res.stderr and "is not in the range" in res.stderr
    assert not (tmp_path / "out").exists()


def test_run_audit_checks_its_arguments_before_any_search(tmp_path: Path) -> None:
    with pytest.raises(InvalidConfigError, match="max_states = 0"):
        run_audit(["chonker-party"], quick=True, playouts=0, max_states=0, out_dir=tmp_path / "a")
    with pytest.raises(InvalidConfigError, match="jobs = 0"):
        run_audit(["chonker-party"], quick=True, playouts=0, jobs=0, out_dir=tmp_path / "a")
    bad = tmp_path / "bad.json"
    bad.write_bytes(BAD_FILES["misspelled-option"])
    with pytest.raises(RulesetError, match="did you mean 'any_card'"):
        run_audit(["chonker-party"], quick=True, playouts=0, ruleset=str(bad), out_dir=tmp_path / "a")
    with pytest.raises(InvalidConfigError, match="no such card 'whale'"):
        run_audit(["chonker-party"], plan=[("chonker-party", "standard", 2, "whale=3")], playouts=0,
                  out_dir=tmp_path / "a")
    assert not (tmp_path / "a").exists()


def test_a_ruleset_for_another_game_is_refused_before_the_audit(tmp_path: Path) -> None:
    house = tmp_path / "house.json"
    house.write_text(json.dumps({"game": "chomp", "choices": {}}))
    res = CliRunner().invoke(main, ["audit", *CP_QUICK, "--ruleset", str(house), "--out", str(tmp_path / "o")])
    _one_error_line(res, "is for game 'chomp', not 'chonker-party'")
    assert not (tmp_path / "o").exists()


def test_read_json_names_the_file_and_the_problem(tmp_path: Path) -> None:
    with pytest.raises(InputFileError, match=r"report .*: no such file"):
        read_json(tmp_path / "none.json", "report")
    with pytest.raises(InputFileError, match="is a folder"):
        read_json(tmp_path, "report")
    bom = tmp_path / "bom.json"
    bom.write_bytes(b"\xef\xbb\xbf" + json.dumps({"game": "chomp"}).encode())
    assert read_json(bom) == {"game": "chomp"}, "a UTF-8 byte-order mark is accepted"
    two = tmp_path / "two.json"
    two.write_bytes(b'{\n "a": "\xe9"}')
    with pytest.raises(InputFileError, match=r"not UTF-8 text \(byte 0xe9 on line 2\)"):
        read_json(two)
