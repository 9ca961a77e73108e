"""The wire encodings: the per-game schemas and encoding guides are what the code generates, every
state, view, observation and action the engine writes matches its schema (which forbids unknown
fields, so every field is documented), every state the rules reach passes the state checks and
round-trips, views carry no engine bookkeeping and observations hide what is hidden."""

from __future__ import annotations

import functools
import json
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from rulecheck.core.errors import RulecheckError
from rulecheck.core.game import Game, action_to_json
from rulecheck.core.rulings import load_ruling_points
from rulecheck.games import game_module, load_game
from rulecheck.oracle.guide import guide_files
from rulecheck.oracle.protocol import COMMANDS, ERROR_CODES, MAX_LINE, PROTOCOL
from rulecheck.oracle.schemas import ENCODED_GAMES, game_schema, schema_files

jsonschema = pytest.importorskip("jsonschema")

DOCS = Path(__file__).resolve().parents[1] / "docs"
REGENERATE = "regenerate with `rulecheck conformance docs`"


def _rulesets(game: str) -> list[Any]:
    """recommended, raw, and a house ruleset settling every ruling point with its last option."""
    points = load_ruling_points(game)
    return ["recommended", "raw", {"base": "recommended", "choices": {r: p.option_ids[-1] for r, p in points.items()}}]


def _configs(game: str) -> Iterator[Game]:
    module = game_module(game)
    for variant in module.VARIANTS:
        counts = module.PLAYERS[variant] if isinstance(module.PLAYERS, dict) else module.PLAYERS
        for n in sorted({min(counts), max(counts)}):
            for deck in (d for d in module.DECKS if "=" not in d):
                for rs in _rulesets(game):
                    try:
                        yield load_game(game, variant, n, rs, deck)
                    except RulecheckError:
                        continue


def _playout(game: Game, seed: int, steps: int) -> Iterator[tuple[Any, Any]]:
    """(state, action or None at the end) along a seeded random game."""
    rng = random.Random(seed)
    state = game.root_state()
    for _ in range(steps):
        if game.is_terminal(state):
            break
        action = game.sample_chance(state, rng) if game.is_chance_node(state) else rng.choice(
            sorted(game.legal_actions(state), key=repr))
        yield state, action
        state = game.apply(state, action).state
    yield state, None


@functools.cache
def _generated() -> dict[str, str]:
    return {**schema_files(), **guide_files()}


@pytest.mark.parametrize("rel", sorted([*schema_files(), *(f"encoding/{g}.md" for g in sorted(ENCODED_GAMES))]))
def test_committed_schemas_and_guides_are_what_the_code_generates(rel: str) -> None:
    generated = _generated()[rel]
    path = DOCS / rel
    assert path.exists(), f"docs/{rel} is missing; {REGENERATE}"
    assert path.read_text(encoding="utf-8") == generated, f"docs/{rel} is out of date; {REGENERATE}"


@pytest.mark.parametrize("game", sorted(ENCODED_GAMES))
def test_every_state_view_observation_and_action_matches_the_schema(game: str) -> None:
    schema = game_schema(game)
    jsonschema.Draft202012Validator.check_schema(schema)
    check = {name: jsonschema.Draft202012Validator({"$ref": f"#/$defs/{name}", "$defs": schema["$defs"]})
             for name in ("anyState", "anyView", "observation", "action")}
    checked = 0
    kinds: set[str] = set()
    for g in (g for g in _configs(game) if g.num_players <= 6):  # (the observations of 10 players: slow)
        for state, action in _playout(g, 3, 80):
            values = [("anyState", g.state_to_json(state)), ("anyView", g.view(state)),
                      *(("observation", g.observation(state, p)) for p in range(g.num_players))]
            if action is not None:
                values.append(("action", action_to_json(action)))
                kinds.add(action[0])
            for name, value in values:
                errors = sorted(check[name].iter_errors(json.loads(json.dumps(value))), key=str)
                assert not errors, f"{g!r} {name}: {errors[0].message} at {list(errors[0].absolute_path)}"
                checked += 1
    declared = {d.removeprefix("action.") for d in schema["$defs"] if d.startswith("action.")}
    assert kinds <= declared and checked > 3000
    assert declared - kinds <= {"ruling", "tie", "munchies_master", "discarded", "discard", "call_war"}


@pytest.mark.parametrize("game", sorted(ENCODED_GAMES))
def test_every_state_the_rules_reach_passes_the_checks_and_round_trips(game: str) -> None:
    for g in _configs(game):
        for state, _ in (step for seed in range(3) for step in _playout(g, seed, 300)):
            data = json.loads(json.dumps(g.state_to_json(state)))
            assert g.state_from_json(data) == state, f"{g!r}: {data}"


def test_views_have_no_engine_bookkeeping_and_observations_hide_the_piles() -> None:
    chomp = load_game("chomp", "standard", 3, "recommended", "mini")
    s = chomp.new_initial_state(seed=1)
    view = chomp.view(s)
    assert "race_flags" not in view and "resume" not in view and view["players"][0]["pile"]
    obs = chomp.observation(s, 0)
    assert all(isinstance(p["pile"], int) for p in obs["players"])  # nobody looks at a pile, not even his own
    cp = load_game("chonker-party", "standard", 3, "recommended", "mini")
    t = cp.new_initial_state(seed=1)
    view = cp.view(t)
    assert not {"mask", "aux", "can_end", "after", "src", "cont", "window", "queue", "pend"} & set(view)
    obs = cp.observation(t, 1)
    assert obs["hand"] == view["hands"][1] and obs["hand_sizes"] == [len(h) for h in view["hands"]]
    assert "hands" not in obs and view["hands"][0] not in obs.values()
    over = next(state for state, action in _playout(cp, 2, 5000) if action is None)
    end = cp.view(over)
    assert end["outcome"] and end["actor"] is None and end["named"] is None and end["then"] is None


def test_the_protocol_schema_and_the_guide_agree_with_the_code() -> None:
    schema = json.loads((DOCS / "oracle-protocol.schema.json").read_text(encoding="utf-8"))
    defs = schema["$defs"]
    assert schema["x-protocol"] == PROTOCOL and defs["helloResult"]["properties"]["protocol"]["const"] == PROTOCOL
    assert defs["request"]["properties"]["cmd"]["enum"] == list(COMMANDS)
    assert defs["errorCode"]["enum"] == list(ERROR_CODES)
    guide = (DOCS / "ORACLE.md").read_text(encoding="utf-8")
    assert f'"{PROTOCOL}"' in guide and str(MAX_LINE) in guide
    listed = re.findall(r"^\| `([a-z-]+)` \| ", guide[guide.index("## Error codes"):guide.index("## Provenance")],
                        re.MULTILINE)
    assert listed == list(ERROR_CODES)
    for cmd in COMMANDS:
        assert f"`{cmd}`" in guide
