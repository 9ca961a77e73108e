"""The oracle, vectors and harness on the real games (Chomp! and Chonker Party).

A mutant implementation (tests/mutant_oracle.py: the reference with one ruling settled the
other way) runs as a separate process; the harness must catch it and shrink the divergence to
a trace as short as the defect allows, which is computed here independently by breadth-first
search over the Game API on a deck small enough to enumerate every deal.
"""

from __future__ import annotations

import json
import sys
import time
from collections import deque
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from oracle_helpers import MUTANT

from rulecheck.core.errors import RulecheckError
from rulecheck.core.game import Game
from rulecheck.games import load_game
from rulecheck.oracle.compare import ASPECTS, Comparison
from rulecheck.oracle.harness import Selection, Subprocess, run_conformance
from rulecheck.oracle.protocol import Oracle
from rulecheck.oracle.vectors import Config, export_vectors

try:
    load_game("chomp")
    load_game("chonker-party")
except (RulecheckError, ImportError, AttributeError) as exc:  # the models are written in parallel
    pytest.skip(f"the game models do not load yet: {exc}", allow_module_level=True)

REFERENCE = [sys.executable, "-m", "rulecheck", "oracle"]
CHOMP_DECK = "shark=1,shrimp=1,plankton=1,eel=1,octopus=1,littlefish=1"
CP_DECK = "sweet=2,salty=1,chonk=1,leaf=2,steal=1,hand=2"
_ORACLE = Oracle()
EVERYTHING = Comparison.parse(ASPECTS, provenance="exact")
"""The mutants below differ from the reference in a ruling: compared with provenance and the view, the
first step that asks that ruling diverges, which is what the independent minimum counts."""


@pytest.fixture(scope="module")
def vectors(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("vectors")
    export_vectors(root, ["chomp", "chonker-party"], seeds=2, max_steps=300)
    return root


def test_vectors_cover_every_named_rule_area(vectors: Path) -> None:
    manifest = json.loads((vectors / "manifest.json").read_text())
    assert manifest["games"] == ["chomp", "chonker-party"]
    for game, areas in manifest["areas_without_cases"].items():
        assert areas == [], f"{game}: no vectors for {areas}"
    bad = json.loads((vectors / "chomp" / "bad-chomp.json").read_text())
    applied = [c for c in bad["cases"] if c["id"].endswith("-apply")]
    assert applied and all(
        any(k.startswith(("en.bad-chomp.", "es.malos-mordiscos.")) or r.startswith("chomp.bad")
            for k in c["expect"]["result"]["provenance"]["clauses"]
            for r in [*c["expect"]["result"]["provenance"]["rulings"], ""])
        for c in applied)
    steal = json.loads((vectors / "chonker-party" / "steal.json").read_text())
    assert any(c["expect"] == {"ok": False, "error": {"code": "illegal-action"}} for c in steal["cases"])


def test_reference_oracle_against_itself_passes(vectors: Path) -> None:
    t = time.perf_counter()
    with Subprocess(REFERENCE) as impl:  # every variant, deck and ruleset; the smallest player counts
        report = run_conformance(impl, vectors=str(vectors), seeds=1, max_steps=120,
                                 selection=Selection.of(players=[2, 3]))
    assert report.ok, [f"{c.name}: {c.message}" for c in report.failures[:5]]
    assert len(report.configurations) == 72  # (4 chomp + 1 chonker-party variants) x 4 decks x 3 rulesets, 2-3p
    print(f"reference vs itself: {report.summary()} ({time.perf_counter() - t:.1f} s wall)")


def _minimum(game: str, variant: str, players: int, deck: str, ruling: str, option: str) -> int:
    """Fewest actions from the root to a step whose result changes with ``ruling = option``."""
    ref = load_game(game, variant, players, "recommended", deck)
    choices = {k: v for k, v in ref.ruleset.choices.items() if v is not None}
    mut = load_game(game, variant, players, {"base": "raw", "choices": {**choices, ruling: option}}, deck)
    queue: deque = deque([(ref.root_state(), 0)])
    seen: set = set()
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
    ("game", "variant", "players", "deck", "defect"),
    [
        ("chomp", "standard", 3, CHOMP_DECK, "chomp.count_tie=no_winner"),
        ("chomp", "standard", 3, CHOMP_DECK, "chomp.reshuffle_when=when_pile_runs_out"),
        ("chonker-party", "standard", 2, CP_DECK, "cp.no_effect_then=play_another"),
    ],
)
def test_mutant_is_caught_with_a_minimal_trace(game: str, variant: str, players: int, deck: str,
                                               defect: str) -> None:
    ruling, option = defect.split("=")
    t = time.perf_counter()
    with Subprocess([*MUTANT, "--ruling", defect]) as impl:
        report = run_conformance(impl, games=[game], seeds=20, configs=[Config(game, variant, players, deck)],
                                 search_budget=1500, comparison=EVERYTHING)
    elapsed = time.perf_counter() - t
    div = report.divergence
    assert not report.ok and div is not None, "the mutant was not caught"
    minimum = _minimum(game, variant, players, deck, ruling, option)
    assert len(div.trace) == minimum, div.describe()
    assert ruling in json.dumps(div.expected) or ruling in json.dumps(div.actual)
    print(f"{defect}: caught, trace {div.original_length} -> {len(div.trace)} actions (minimum {minimum}), "
          f"{elapsed:.1f} s, {report.requests} requests")


def test_mutant_on_the_full_deck_is_caught_and_shrunk() -> None:
    with Subprocess([*MUTANT, "--ruling", "chomp.reshuffle_when=when_pile_runs_out"]) as impl:
        report = run_conformance(impl, games=["chomp"], seeds=10, max_steps=400,
                                 configs=[Config("chomp", "standard", 3, "full")], search_budget=100,
                                 shrink_budget=40, comparison=EVERYTHING)
    div = report.divergence
    assert div is not None and div.original_length is not None
    assert len(div.trace) <= div.original_length
    replayed = Oracle().handle({**div.request, "id": 1})
    assert replayed["ok"]  # the reported request (the implementation's, here the reference's own state) replays


def test_perft_through_the_protocol_matches_the_game_api() -> None:
    oracle = Oracle()
    cfg = {"game": "chomp", "variant": "standard", "players": 3, "deck": CHOMP_DECK}
    state = oracle.handle({"id": 1, "cmd": "new_game", "seed": 3, **cfg})["result"]["state"]
    res = oracle.handle({"id": 2, "cmd": "perft", "state": state, "depth": 3, **cfg})["result"]
    game = load_game("chomp", "standard", 3, "recommended", CHOMP_DECK)

    def count(s: object, d: int) -> int:
        return 1 if d == 0 else sum(count(step.state, d - 1) for _, step in game.successors(s))

    assert res["nodes"] == count(game.state_from_json(state), 3)
    assert oracle.handle({"id": 3, "cmd": "perft", "history": [], "depth": 2,
                          **{**cfg, "deck": "full"}})["error"]["code"] in {"too-many-outcomes", "too-large"}


_JUNK = st.sampled_from([None, -1, 99, "x", [], {}, [1, 2], {"a": 1}, True, "shark", ["shark"], [[]]])


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=st.sampled_from(["chomp", "chonker-party"]), data=st.data())
def test_fuzz_damaged_states_of_the_real_games_get_structured_errors(game: str, data: st.DataObject) -> None:
    oracle = _ORACLE
    cfg = {"game": game, "players": 3, "deck": "mini"}
    state = json.loads(json.dumps(oracle.handle({"id": 0, "cmd": "new_game", "seed": 1, **cfg})["result"]["state"]))
    node: Any = state
    for _ in range(data.draw(st.integers(1, 3))):  # damage one field, possibly nested
        keys = sorted(node) if isinstance(node, dict) else list(range(len(node)))
        if not keys:
            break
        key = data.draw(st.sampled_from(keys))
        if isinstance(node[key], (dict, list)) and node[key] and data.draw(st.booleans()):
            node = node[key]
            continue
        node[key] = data.draw(_JUNK)
        break
    cmd = data.draw(st.sampled_from(["legal_actions", "apply", "perft", "describe"]))
    resp = oracle.handle({"id": 1, "cmd": cmd, "state": state, "action": ["turn_over"], "depth": 1, **cfg})
    assert resp["id"] == 1
    if not resp["ok"]:
        assert resp["error"]["code"] != "internal-error", resp["error"]["message"]


def test_every_vector_request_and_response_matches_the_schema(vectors: Path) -> None:
    jsonschema = pytest.importorskip("jsonschema")
    schema = json.loads((Path(__file__).resolve().parents[1] / "docs" / "oracle-protocol.schema.json").read_text())
    request = jsonschema.Draft202012Validator({"$ref": "#/$defs/request", "$defs": schema["$defs"]})
    response = jsonschema.Draft202012Validator({"$ref": "#/$defs/response", "$defs": schema["$defs"]})
    checked = 0
    for path in sorted(vectors.rglob("*.json")):
        if path.name == "manifest.json" or path.parent.name == "protocol":
            continue
        for case in json.loads(path.read_text())["cases"]:
            request.validate(case["request"])
            expect = case["expect"]
            if not expect["ok"]:
                expect = {**expect, "error": {**expect["error"], "message": ""}}
            response.validate({"id": case["id"], **expect})
            checked += 1
    assert checked > 500
