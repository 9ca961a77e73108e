"""Conformance vectors and the differential harness, on the toy game (no real game needed)."""

from __future__ import annotations

import hashlib
import itertools
import json
import time
from collections import deque
from collections.abc import Iterator
from pathlib import Path
from xml.etree import ElementTree as ET

import pytest
from click.testing import CliRunner
from oracle_helpers import MUTANT, TOY, TOY_SERVER, registered_toy

from rulecheck.cli import main
from rulecheck.core.game import Game
from rulecheck.games import load_game
from rulecheck.oracle.compare import DEFAULT_ASPECTS, Comparison
from rulecheck.oracle.harness import Subprocess, run_conformance, write_junit
from rulecheck.oracle.vectors import Config, export_vectors


@pytest.fixture(autouse=True, scope="module")
def _toy() -> Iterator[None]:
    yield from registered_toy()


@pytest.fixture(scope="module")
def vectors(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("vectors")
    export_vectors(root, [TOY], seeds=6)
    return root


def test_export_is_deterministic_and_the_manifest_hashes_match(vectors: Path, tmp_path: Path) -> None:
    export_vectors(tmp_path, [TOY], seeds=6)
    first = {p.relative_to(vectors): p.read_bytes() for p in vectors.rglob("*.json")}
    second = {p.relative_to(tmp_path): p.read_bytes() for p in tmp_path.rglob("*.json")}
    assert first == second
    manifest = json.loads((vectors / "manifest.json").read_text())
    assert manifest["protocol"] == "rulecheck-oracle/2" and manifest["engine"].startswith("rulecheck ")
    for entry in manifest["files"]:
        assert hashlib.sha256((vectors / entry["path"]).read_bytes()).hexdigest() == entry["sha256"]


def test_vectors_cover_the_areas_with_results_rejections_and_perft(vectors: Path) -> None:
    names = {p.stem for p in (vectors / TOY).glob("*.json")}
    assert {"section-en.toy-compare", "section-en.toy-setup", "ruling-toy.tie", "gaps", "perft"} <= names
    tie = json.loads((vectors / TOY / "ruling-toy.tie.json").read_text())
    kinds = {c["id"].rsplit("/", 1)[1].split("-")[1] for c in tie["cases"]}
    assert {"apply", "legal", "reject", "observation"} <= kinds
    assert all("history" in c["request"] and "state" not in c["request"] for c in tie["cases"])
    assert all(c["configuration"]["game"] == TOY for c in tie["cases"])
    for case in tie["cases"]:
        if case["id"].endswith("-apply"):
            assert "toy.tie" in case["expect"]["result"]["provenance"]["rulings"]
        if case["id"].endswith("-reject"):
            assert case["expect"] == {"ok": False, "error": {"code": "illegal-action"}}
    perft = json.loads((vectors / TOY / "perft.json").read_text())
    assert perft["cases"] and all(c["expect"]["result"]["nodes"] >= 0 for c in perft["cases"])
    errors = json.loads((vectors / "protocol" / "errors.json").read_text())
    assert {c["expect"]["error"]["code"] for c in errors["cases"]} >= {
        "bad-json", "unknown-command", "invalid-state", "too-large", "illegal-action", "unknown-game"}


def test_reference_against_itself_passes(vectors: Path) -> None:
    with Subprocess(TOY_SERVER) as impl:
        report = run_conformance(impl, vectors=str(vectors), games=[TOY], seeds=4)
    assert report.ok, [c.message for c in report.failures]
    assert len(report.cases) > 50


def _minimum_trace(variant: str, deck: str, ruling: str, option: str, players: int = 2) -> int:
    """Independently of the harness: the fewest actions from the root to a step whose result
    changes when ``ruling`` is settled as ``option`` (breadth-first over the Game API)."""
    ref = load_game(TOY, variant, players, "recommended", deck)
    choices = {k: v for k, v in ref.ruleset.choices.items() if v is not None}
    mut = load_game(TOY, variant, players, {"base": "raw", "choices": {**choices, ruling: option}}, deck)
    cards = list(ref.cards)
    n = len(cards) // players
    deals = sorted({("deal", *(tuple(p[i * n:(i + 1) * n]) for i in range(players)))
                    for p in itertools.permutations(cards)})
    root = ref.root_state()
    queue: deque = deque()
    for d in deals:
        if _differs(ref, mut, root, d):
            return 1
        queue.append((ref.apply(root, d).state, 1))
    seen = set()
    while queue:
        state, depth = queue.popleft()
        for action in ref.legal_actions(state):
            if _differs(ref, mut, state, action):
                return depth + 1
            nxt = ref.apply(state, action).state
            if nxt not in seen and not ref.is_terminal(nxt):
                seen.add(nxt)
                queue.append((nxt, depth + 1))
    raise AssertionError("the defect is unreachable")


def _differs(ref: Game, mut: Game, state: object, action: tuple) -> bool:
    a, b = ref.apply(state, action), mut.apply(state, action)
    return ref.state_to_json(a.state) != mut.state_to_json(b.state) or a.provenance != b.provenance


@pytest.mark.parametrize(
    ("variant", "deck", "defect"),
    [
        ("standard", "small", "toy.tie=discard"),
        ("standard", "full", "toy.tie=discard"),
        ("sneaky", "full", "toy.last_card=allowed"),
        ("sneaky", "small", "toy.last_card=counts_as_play"),
    ],
)
def test_mutant_is_caught_and_the_trace_is_minimal(vectors: Path, variant: str, deck: str, defect: str) -> None:
    ruling, option = defect.split("=")
    config = Config(TOY, variant, 2, deck)
    t = time.perf_counter()
    with Subprocess([*MUTANT, "--toy", "--ruling", defect]) as impl:
        report = run_conformance(impl, games=[TOY], seeds=20, configs=[config])
    div = report.divergence
    assert not report.ok and div is not None
    assert len(div.trace) == _minimum_trace(variant, deck, ruling, option)
    assert div.original_length is not None and len(div.trace) <= div.original_length
    if deck == "small":
        assert div.minimal  # the breadth-first search over every shorter game proved it
    print(f"{defect} on {deck}: {div.original_length} -> {len(div.trace)} actions, "
          f"{div.shrink_checks} shrink checks, {time.perf_counter() - t:.2f} s")


def test_mutant_fails_the_vectors_too(vectors: Path, tmp_path: Path) -> None:
    with Subprocess([*MUTANT, "--toy", "--ruling", "toy.tie=discard"]) as impl:
        report = run_conformance(impl, vectors=str(vectors), games=[TOY], seeds=0,
                                 comparison=Comparison.parse([*DEFAULT_ASPECTS, "state"]))
    failed = {c.suite for c in report.failures}
    assert f"vectors:{TOY}/ruling-toy.tie.json" in failed
    assert f"vectors:{TOY}/section-en.toy-setup.json" not in failed
    junit = tmp_path / "junit.xml"
    write_junit(report, str(junit))
    root = ET.parse(junit).getroot()
    assert int(root.get("failures")) == len(report.failures) > 0


def test_cli_run_exit_codes_and_junit(vectors: Path, tmp_path: Path) -> None:
    runner = CliRunner()
    ok = runner.invoke(main, ["conformance", "run", "--vectors", str(vectors), "-g", TOY, "--seeds", "2", "--",
                              *TOY_SERVER])
    assert ok.exit_code == 0, ok.output
    assert "PASS" in ok.output
    junit = tmp_path / "j.xml"
    bad = runner.invoke(main, ["conformance", "run", "-g", TOY, "--seeds", "5", "--junit", str(junit), "--",
                               *MUTANT, "--toy", "--ruling", "toy.tie=discard"])
    assert bad.exit_code == 1, bad.output
    assert "DIVERGENCE" in bad.output and junit.exists()
    missing = runner.invoke(main, ["conformance", "run", "-g", TOY, "--", "/no/such/program"])
    assert missing.exit_code == 2 and "cannot start" in missing.output


def test_cli_export(tmp_path: Path) -> None:
    res = CliRunner().invoke(main, ["conformance", "export", str(tmp_path), "-g", TOY, "--seeds", "3"])
    assert res.exit_code == 0, res.output
    assert (tmp_path / "manifest.json").exists() and "cases in" in res.output


def test_docstring_examples_run() -> None:
    import doctest

    import rulecheck.oracle.protocol
    import rulecheck.oracle.shrink

    for module in (rulecheck.oracle.shrink, rulecheck.oracle.protocol):
        result = doctest.testmod(module)
        assert result.failed == 0 and result.attempted > 0


def test_shrink_deletes_and_lowers_choices() -> None:
    from rulecheck.oracle.shrink import shrink_choices

    # diverges once the running sum of choices reaches 10; the trace ends there
    def check(cs: list[int]) -> tuple[int, list[int]] | None:
        total = 0
        for i, c in enumerate(cs):
            total += c
            if total >= 10:
                return i + 1, list(cs[: i + 1])
        return None

    result = shrink_choices(check, [1, 2, 0, 3, 1, 4, 2, 9, 1], 8)
    assert result.length == 2 and sum(result.choices) >= 10  # no single choice reaches 10
