"""The oracle protocol over the toy game: every command, every error, and a fuzzer."""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from oracle_helpers import TOY, registered_toy

from rulecheck.oracle.protocol import (
    COMMANDS,
    MAX_LINE,
    MAX_PERFT_DEPTH,
    MAX_PERFT_SECONDS,
    PROTOCOL,
    Oracle,
    canonical,
    perft,
)

CFG = {"game": TOY, "variant": "standard", "players": 2, "deck": "small"}


@pytest.fixture(autouse=True, scope="module")
def _toy() -> Iterator[None]:
    yield from registered_toy()


@pytest.fixture(scope="module")
def oracle() -> Oracle:
    return Oracle()


def ok(oracle: Oracle, **req: Any) -> dict[str, Any]:
    resp = oracle.handle({"id": 7, **req})
    assert resp["ok"], resp
    assert resp["id"] == 7
    return resp["result"]


def err(oracle: Oracle, **req: Any) -> str:
    resp = oracle.handle({"id": "x", **req})
    assert resp["ok"] is False and resp["id"] == "x", resp
    assert resp["error"]["message"]
    return resp["error"]["code"]


def test_hello_lists_protocol_games_variants_players_decks_rulesets(oracle: Oracle) -> None:
    res = ok(oracle, cmd="hello")
    assert res["protocol"] == PROTOCOL and res["version"] == 2 and res["engine"].startswith("rulecheck ")
    assert set(res["commands"]) == set(COMMANDS) and res["positions"] == ["history", "state"]
    assert res["limits"]["max_line_bytes"] == MAX_LINE and res["limits"]["max_perft_seconds"] == MAX_PERFT_SECONDS
    toy = next(g for g in res["games"] if g["game"] == TOY)
    assert toy["variants"] == [{"name": "standard", "players": [2, 3]}, {"name": "sneaky", "players": [2]}]
    assert toy["decks"] == ["full", "small"] and toy["rulesets"] == ["raw", "recommended", "inline"]
    assert {rp["id"] for rp in toy["ruling_points"]} == {"toy.tie", "toy.last_card"}


def test_new_game_from_seed_is_reproducible_and_from_deal_is_exact(oracle: Oracle) -> None:
    a = ok(oracle, cmd="new_game", seed=5, **CFG)
    assert a == ok(oracle, cmd="new_game", seed=5, **CFG)
    assert a["actor"] == "player" and a["player"] == 0 and not a["terminal"]
    b = ok(oracle, cmd="new_game", deal=[[3, 1], [2, 1]], **CFG)
    assert b["state"]["piles"] == [[3, 1], [2, 1]] and b["deal"] == ["deal", [3, 1], [2, 1]]
    assert b["provenance"] == {"clauses": ["en.toy-setup.1"], "rulings": []}
    assert err(oracle, cmd="new_game", deal=[[3, 3], [2, 1]], **CFG) == "invalid-deal"


def test_legal_actions_sorted_with_text_and_chance_probabilities(oracle: Oracle) -> None:
    root = ok(oracle, cmd="legal_actions", history=[], **CFG)
    assert root["actor"] == "chance" and len(root["actions"]) == 12
    assert [canonical(r["action"]) for r in root["actions"]] == sorted(canonical(r["action"]) for r in root["actions"])
    assert {r["probability"] for r in root["actions"]} == {"1/12"}
    state = ok(oracle, cmd="new_game", deal=[[3, 1], [2, 1]], **CFG)["state"]
    res = ok(oracle, cmd="legal_actions", state=state, **{**CFG, "variant": "sneaky"})
    assert [r["action"] for r in res["actions"]] == [["play", 0], ["sneak", 0]]
    assert res["actions"][0]["text"] == "player 1 plays"


def test_apply_reports_provenance_rulings_gap_terminal_and_returns(oracle: Oracle) -> None:
    hist = [["deal", [1, 3], [1, 2]], ["play", 0]]
    res = ok(oracle, cmd="apply", history=hist, action=["play", 1], **CFG)
    assert res["provenance"]["rulings"] == ["toy.tie"] and "en.toy-compare.2" in res["provenance"]["clauses"]
    assert res["state"]["won"] == [1, 1] and res["gap"] is None
    raw = ok(oracle, cmd="apply", history=hist, action=["play", 1], **{**CFG, "ruleset": "raw"})
    assert raw["gap"] == "toy.tie" and raw["actor"] == "ruling" and raw["state"]["pending"] == "toy.tie"
    house = {"base": "recommended", "choices": {"toy.tie": "discard"}}
    flipped = ok(oracle, cmd="apply", history=hist, action=["play", 1], **{**CFG, "ruleset": house})
    assert flipped["state"]["won"] == [0, 0]
    end = ok(oracle, cmd="apply", history=[*hist, ["play", 1], ["play", 0]], action=["play", 1], **CFG)
    assert end["terminal"] and end["actor"] == "terminal" and end["returns"] == [1, 0] and end["outcome"] == "terminal"


def _perft_by_hand(oracle: Oracle, cfg: dict[str, Any], history: list[Any], depth: int) -> int:
    if depth == 0:
        return 1
    res = ok(oracle, cmd="legal_actions", history=history, **cfg)
    return sum(_perft_by_hand(oracle, cfg, [*history, r["action"]], depth - 1) for r in res["actions"])


@pytest.mark.parametrize("depth", [0, 1, 2, 3, 4])
def test_perft_matches_enumeration_through_the_protocol(oracle: Oracle, depth: int) -> None:
    cfg = {**CFG, "variant": "sneaky"}
    res = ok(oracle, cmd="perft", history=[], depth=depth, **cfg)
    assert res["nodes"] == _perft_by_hand(oracle, cfg, [], depth)
    assert sum(r["nodes"] for r in res["breakdown"]) == (res["nodes"] if depth else 0)


def test_perft_refuses_too_deep_too_large_too_long_and_unenumerable(oracle: Oracle) -> None:
    assert err(oracle, cmd="perft", history=[], depth=MAX_PERFT_DEPTH + 1, **CFG) == "too-large"
    assert err(oracle, cmd="perft", history=[], depth=2, max_seconds=MAX_PERFT_SECONDS + 1, **CFG) == "too-large"
    assert err(oracle, cmd="perft", history=[], depth=2, max_seconds=0, **CFG) == "too-large"
    assert err(oracle, cmd="perft", history=[], depth=2, max_seconds="1", **CFG) == "bad-request"
    assert err(oracle, cmd="perft", history=[], depth=4, max_nodes=5, **CFG) == "too-large"
    assert err(oracle, cmd="perft", history=[], depth=-1, **CFG) == "bad-request"
    assert err(oracle, cmd="perft", history=[], depth=1, **{**CFG, "deck": "full"}) == "too-many-outcomes"


@pytest.mark.parametrize(
    ("request_", "code"),
    [
        ({"cmd": "fly"}, "unknown-command"),
        ({}, "bad-request"),
        ({"cmd": 3}, "bad-request"),
        ({"cmd": "legal_actions", "history": []}, "bad-request"),
        ({**CFG, "game": "chess", "cmd": "legal_actions", "history": []}, "unknown-game"),
        ({**CFG, "variant": "zzz", "cmd": "legal_actions", "history": []}, "unknown-variant"),
        ({**CFG, "players": 9, "cmd": "legal_actions", "history": []}, "invalid-config"),
        ({**CFG, "players": True, "cmd": "legal_actions", "history": []}, "bad-request"),
        ({**CFG, "ruleset": "lenient", "cmd": "legal_actions", "history": []}, "invalid-ruleset"),
        ({**CFG, "ruleset": {"choices": {"toy.nope": "x"}}, "cmd": "legal_actions", "history": []}, "unknown-ruling"),
        ({**CFG, "cmd": "legal_actions"}, "bad-request"),
        ({**CFG, "cmd": "legal_actions", "history": [], "state": {}}, "bad-request"),
        ({**CFG, "cmd": "legal_actions", "state": {"piles": "x"}}, "invalid-state"),
        ({**CFG, "cmd": "legal_actions", "state": 5}, "invalid-state"),
        ({**CFG, "cmd": "legal_actions", "state": {"pending": "toy.nope"}}, "invalid-state"),
        ({**CFG, "cmd": "legal_actions", "history": "abc"}, "bad-request"),
        ({**CFG, "cmd": "legal_actions", "history": [["deal", [9, 9], [9, 9]]]}, "illegal-action"),
        ({**CFG, "cmd": "apply", "history": []}, "bad-request"),
        ({**CFG, "cmd": "apply", "history": [], "action": "deal"}, "illegal-action"),
        ({**CFG, "cmd": "apply", "history": [["deal", [1, 3], [1, 2]]], "action": ["play", 1]}, "illegal-action"),
        ({**CFG, "cmd": "apply", "history": [["deal", [1, 3], [1, 2]]], "action": ["play", 1.5]}, "illegal-action"),
        ({**CFG, "cmd": "observation", "history": [], "player": 5}, "bad-request"),
        ({**CFG, "cmd": "describe", "history": [], "action": ["fly"]}, "illegal-action"),
    ],
)
def test_bad_requests_get_structured_errors(oracle: Oracle, request_: dict[str, Any], code: str) -> None:
    assert err(oracle, **request_) == code


def test_bad_lines_get_structured_errors_with_null_id(oracle: Oracle) -> None:
    for line, code in [(b"{", "bad-json"), (b"\xff\xfe", "bad-json"), (b'{"id": NaN, "cmd": "hello"}', "bad-json"),
                       (b"[1]", "bad-request"), (b'"hello"', "bad-request"), (b"[" * 100_000, "bad-json")]:
        resp = json.loads(oracle.handle_line(line))
        assert resp["ok"] is False and resp["error"]["code"] == code, (line[:20], resp)
        assert resp["id"] is None


def test_perft_stops_at_its_time_budget() -> None:
    from rulecheck.oracle.protocol import TooLargeError

    game = Oracle().game({"game": "chomp", "variant": "standard", "players": 3, "deck": "mini"})
    state = game.new_initial_state(seed=1)
    with pytest.raises(TooLargeError, match="takes more than"):
        perft(game, state, 12, 5_000_000, max_seconds=0.05)


def test_observation_and_describe(oracle: Oracle) -> None:
    obs = ok(oracle, cmd="observation", history=[["deal", [1, 3], [1, 2]]], player=1, **CFG)
    assert obs["player"] == 1 and obs["observation"]["piles"] == [[1, 3], [1, 2]]
    d = ok(oracle, cmd="describe", history=[["deal", [1, 3], [1, 2]]], action=["play", 0], **CFG)
    assert d["action_text"] == "player 1 plays" and d["actor"] == "player"


def test_responses_are_deterministic_with_sorted_keys(oracle: Oracle) -> None:
    line = json.dumps({"id": 1, "cmd": "apply", "history": [["deal", [1, 3], [1, 2]]], "action": ["play", 0], **CFG})
    a, b = oracle.handle_line(line), Oracle().handle_line(line)
    assert a == b
    parsed = json.loads(a)
    assert a == json.dumps(parsed, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


# ---------------------------------------------------------------------- fuzzing

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
actions = st.lists(st.sampled_from(["play", "sneak", "deal", "ruling", 0, 1, 2, -1, None, [1, 3], [1, 2]]),
                   min_size=0, max_size=4)
requests = st.fixed_dictionaries(
    {"cmd": st.sampled_from([*COMMANDS, "nope"]) | json_values},
    optional={
        "id": json_values,
        "game": st.sampled_from([TOY, "chess"]) | json_values,
        "variant": st.sampled_from(["standard", "sneaky", None]) | json_values,
        "players": st.sampled_from([2, 3, 0, None]) | json_values,
        "deck": st.sampled_from(["small", "full"]) | json_values,
        "ruleset": st.sampled_from(["raw", "recommended", {"choices": {"toy.tie": "discard"}}]) | json_values,
        "history": st.lists(actions, max_size=4) | json_values,
        "state": st.fixed_dictionaries({"dealt": st.booleans(), "piles": json_values, "center": json_values,
                                        "turn": json_values, "won": json_values}) | json_values,
        "action": actions | json_values,
        "depth": st.integers(-2, 5) | json_values,
        "max_nodes": st.integers(-1, 100) | json_values,
        "player": st.integers(-1, 3) | json_values,
        "seed": st.integers() | json_values,
        "deal": json_values,
    },
)


def _well_formed(resp: dict[str, Any]) -> None:
    text = json.dumps(resp, sort_keys=True, allow_nan=False)
    assert set(resp) == {"id", "ok", "result"} or set(resp) == {"id", "ok", "error"}, text
    if not resp["ok"]:
        assert isinstance(resp["error"]["code"], str) and isinstance(resp["error"]["message"], str)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(requests)
def test_fuzz_requests_always_get_a_well_formed_response(req: dict[str, Any]) -> None:
    oracle = Oracle()
    resp = oracle.handle(req)
    _well_formed(resp)
    _well_formed(json.loads(oracle.handle_line(json.dumps(req))))


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=64) | json_values.map(lambda v: json.dumps(v).encode()))
def test_fuzz_lines_always_get_a_well_formed_response(line: bytes) -> None:
    resp = json.loads(Oracle().handle_line(line))
    _well_formed(resp)


@pytest.mark.parametrize("deal", list(itertools.islice(itertools.permutations([1, 1, 2, 3]), 0, 24, 5)))
def test_history_and_state_positions_agree(oracle: Oracle, deal: tuple[int, ...]) -> None:
    hist = [["deal", list(deal[:2]), list(deal[2:])], ["play", 0]]
    by_hist = ok(oracle, cmd="legal_actions", history=hist, **CFG)
    state = ok(oracle, cmd="apply", history=hist[:1], action=hist[1], **CFG)["state"]
    assert by_hist == ok(oracle, cmd="legal_actions", state=state, **CFG)


# ---------------------------------------------------------------------- schema

SCHEMA_PATH = Path(__file__).resolve().parents[1] / "docs" / "oracle-protocol.schema.json"


def _validator(definition: str) -> Any:
    jsonschema = pytest.importorskip("jsonschema")
    schema = json.loads(SCHEMA_PATH.read_text())
    return jsonschema.Draft202012Validator({"$ref": f"#/$defs/{definition}", "$defs": schema["$defs"]})


def test_schema_accepts_every_command_and_its_response(oracle: Oracle) -> None:
    requests_ = [
        {"id": 1, "cmd": "hello"},
        {"id": 2, "cmd": "new_game", "seed": 3, **CFG},
        {"id": 3, "cmd": "legal_actions", "history": [], **CFG},
        {"id": 4, "cmd": "apply", "history": [["deal", [1, 3], [1, 2]]], "action": ["play", 0], **CFG},
        {"id": 5, "cmd": "perft", "history": [], "depth": 2, **CFG},
        {"id": 6, "cmd": "observation", "history": [], "player": 0, **CFG},
        {"id": 7, "cmd": "describe", "history": [["deal", [1, 3], [1, 2]]], "action": ["play", 0], **CFG},
        {"id": 8, "cmd": "apply", "history": [["deal", [1, 3], [1, 2]]], "action": ["play", 9], **CFG},
        {"id": 9, "cmd": "stop"},
    ]
    req_v, resp_v = _validator("request"), _validator("response")
    for req in requests_:
        req_v.validate(req)
        resp_v.validate(json.loads(oracle.handle_line(json.dumps(req))))
    assert not req_v.is_valid({"id": 1, "cmd": "apply", "history": [], "state": {}, **CFG, "action": ["x"]})


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(requests)
def test_fuzz_responses_match_the_schema(req: dict[str, Any]) -> None:
    _validator("response").validate(json.loads(Oracle().handle_line(json.dumps(req))))
