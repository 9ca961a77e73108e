"""An implementation written from the documents alone passes `rulecheck conformance run`.

``tests/independent/underwater_war.py`` is Underwater War written from the rulebooks,
docs/ORACLE.md, docs/encoding/chomp.md, docs/schemas/chomp.schema.json and the recommended
rulings, importing nothing of rulecheck. It declares one variant in ``hello`` (every deck, the
recommended ruleset), so the harness checks exactly that, with no proxy: the vectors of those
configurations and seeded games in lockstep on every deck size. Its mutants (one planted defect
each) fail, and the report names every differing path with both values.
"""

from __future__ import annotations

import ast
import json
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from rulecheck.cli import main
from rulecheck.oracle.vectors import export_vectors

HERE = Path(__file__).parent
SOURCE = HERE / "independent" / "underwater_war.py"
IMPL = [sys.executable, str(SOURCE)]
DECKS = ["tiny", "mini", "half", "full"]  # smallest first, as the harness plays them


@pytest.fixture(scope="module")
def vectors(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("vectors")
    export_vectors(root, ["chomp"], seeds=2, max_steps=300)
    return root


def _run(*args: str, command: list[str] = IMPL) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["conformance", "run", *args, "--", *command])
    return result.exit_code, result.output


def test_the_implementation_uses_nothing_of_rulecheck() -> None:
    tree = ast.parse(SOURCE.read_text(encoding="utf-8"))
    modules = {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
    modules |= {node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    assert not [m for m in modules if m.split(".")[0] in ("rulecheck", "oracle_helpers", "oracle_toy")], modules
    assert modules <= {"__future__", "json", "math", "sys", "time", "collections.abc", "fractions", "typing"}


def test_it_passes_conformance_run_on_every_deck_with_no_proxy(vectors: Path, tmp_path: Path) -> None:
    out = tmp_path / "report.json"
    code, text = _run("--vectors", str(vectors), "--seeds", "3", "--json", str(out))
    assert code == 0, text
    report = json.loads(out.read_text())
    assert report["ok"] and report["configurations"] == [
        f"chomp/underwater-war/2p/{deck}/recommended" for deck in DECKS]
    suites = {s["suite"]: s for s in report["suites"]}
    for deck in DECKS:
        assert suites[f"games:chomp/underwater-war/2p/{deck}/recommended"]["checks"] == 3
    vector_checks = sum(s["checks"] for name, s in suites.items() if name.startswith("vectors:chomp/"))
    assert vector_checks > 100  # the Underwater War cases only: other variants are not declared
    for name in ("vectors:protocol/errors.json", "vectors:protocol/hello.json", "vectors:chomp/new-game.json",
                 "vectors:chomp/perft.json", "vectors:chomp/underwater-war.json"):
        assert suites[name]["checks"] > 0 and suites[name]["failures"] == 0, name
    observed = [c for c in report["cases"] if "-observation-" in c["name"]]
    assert observed and all(c["ok"] for c in observed)


def test_it_passes_with_the_canonical_state_compared_too() -> None:
    code, text = _run("--seeds", "3", "--compare", "legal,outcome,observation,state")
    assert code == 0, text
    assert "compared: legal, outcome, observation, state" in text and text.rstrip().splitlines()[-1].startswith("PASS")


def test_a_mutant_is_caught_and_every_differing_path_is_reported(tmp_path: Path) -> None:
    out = tmp_path / "mutant.json"
    code, text = _run("--deck", "tiny,mini", "--seeds", "4", "--json", str(out),
                      command=[*IMPL, "--mutant", "own-eel"])
    assert code == 1, text
    report = json.loads(out.read_text())
    assert report["configurations"] == ["chomp/underwater-war/2p/tiny/recommended",
                                        "chomp/underwater-war/2p/mini/recommended"]
    games = [c for c in report["cases"] if c["suite"].startswith("games:")]
    assert len(games) == 8 and sum(not c["ok"] for c in games) >= 2  # it went on after the first failure
    assert len(report["divergences"]) == 2  # the first of each configuration, shrunk
    for div in report["divergences"]:
        paths = {d["path"] for d in div["differences"]}
        assert any(p.startswith(".result.") for p in paths), paths
        for d in div["differences"]:
            assert d["expected"] != d["actual"]
    # the printed report shows each differing path with both whole values
    assert "DIVERGENCE" in text and "  at .result." in text and "expected: " in text and "actual:   " in text


def test_a_defect_in_the_hidden_piles_shows_in_what_the_players_see(tmp_path: Path) -> None:
    out = tmp_path / "mutant.json"
    code, text = _run("--deck", "mini", "--seeds", "6", "--no-shrink", "--json", str(out),
                      command=[*IMPL, "--mutant", "war-two-cards"])
    assert code == 1, text
    report = json.loads(out.read_text())
    paths = {d["path"] for c in report["cases"] if not c["ok"] for d in c["differences"]}
    assert paths and any(p.startswith((".result.observation", ".result.actor", ".result.actions")) for p in paths)
