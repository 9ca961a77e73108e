"""States the rules cannot produce are refused with invalid-state, and the message names the field:
wrong types and ranges (Chonker Party's See a Card memory), unknown fields, a state of another
variant, a race its ruleset would not start, bookkeeping of one phase in another, and pending
states whose ruling, options or action do not hold up."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from rulecheck.games import load_game
from rulecheck.games.chomp.cards import CARD_NAMES
from rulecheck.oracle.protocol import Oracle

ORACLE = Oracle()


def _answer(config: dict[str, Any], state: Any, cmd: str = "legal_actions") -> dict[str, Any]:
    return ORACLE.handle({"id": 1, "cmd": cmd, **config, "state": state, "depth": 1, "player": 0})


def _refused(config: dict[str, Any], state: Any, field: str) -> None:
    for cmd in ("legal_actions", "apply", "perft", "observation", "describe"):
        resp = _answer(config, state, cmd)
        assert not resp["ok"] and resp["error"]["code"] == "invalid-state", (cmd, resp)
        assert field in resp["error"]["message"], (field, resp["error"]["message"])


def _position(config: dict[str, Any], history: list[Any]) -> dict[str, Any]:
    resp = ORACLE.handle({"id": 1, "cmd": "apply", **config, "history": history[:-1], "action": history[-1]})
    assert resp["ok"], resp
    return resp["result"]["state"]  # type: ignore[no-any-return]


def _see_state() -> tuple[dict[str, Any], dict[str, Any]]:
    """A Chonker Party state whose See a Card memory is set (a seeded game until one is)."""
    config = {"game": "chonker-party", "variant": "standard", "players": 3, "deck": "mini"}
    game = load_game("chonker-party", "standard", 3, "recommended", "mini")
    import random

    for seed in range(200):
        rng = random.Random(seed)
        state = game.root_state()
        for _ in range(300):
            if game.is_terminal(state):
                break
            data = game.state_to_json(state)
            if data["seen"] is not None and data["phase"] == "play":
                return config, json.loads(json.dumps(data))
            action = game.sample_chance(state, rng) if game.is_chance_node(state) else rng.choice(
                sorted(game.legal_actions(state), key=repr))
            state = game.apply(state, action).state
    raise AssertionError("no See a Card in 200 games")


@pytest.mark.parametrize("bad", [
    {"asker": "0", "type": "sweet", "shown": []},
    {"asker": 0.0, "type": "sweet", "shown": []},
    {"asker": -1, "type": "sweet", "shown": []},
    {"asker": 10**30, "type": "sweet", "shown": []},
    {"asker": True, "type": "sweet", "shown": []},
    {"asker": 0, "type": 0, "shown": []},
    {"asker": 0, "type": "war-chonk", "shown": []},
    {"asker": 0, "type": "sweet", "shown": [[1, "sweet", 3]]},
    {"asker": 0, "type": "sweet", "shown": [["1", "sweet"]]},
    {"asker": 0, "type": "sweet", "shown": [[1, 2.5]]},
    {"asker": 0, "type": "sweet", "shown": [[0, "sweet"]]},
    {"asker": 0, "type": "sweet", "shown": [[1, "sweet"], [1, "salty"]]},
    {"asker": 0, "type": "sweet", "shown": "none"},
    {"asker": 0, "type": "sweet"},
    [0, 0, []],
    "seen",
])
def test_chonker_party_see_a_card_memory_is_strictly_typed(bad: Any) -> None:
    config, state = _see_state()
    assert _answer(config, state)["ok"]
    _refused(config, {**state, "seen": bad}, "seen")


def test_unknown_and_missing_fields_are_named() -> None:
    config, state = _see_state()
    _refused(config, {**state, "colour": "red"}, "colour")
    _refused(config, {k: v for k, v in state.items() if k != "trump"}, "trump")
    chomp = {"game": "chomp", "variant": "underwater-war", "players": 2, "deck": "tiny"}
    s = _position(chomp, [["deal", [[4, 1, 5, 2], [0, 3, 7, 6]], []]])
    _refused(chomp, {**s, "extra": 1}, "extra")
    players = copy.deepcopy(s["players"])
    players[1]["lucky"] = True
    _refused(chomp, {**s, "players": players}, "lucky")


def test_a_state_of_one_variant_is_refused_for_another() -> None:
    uw = {"game": "chomp", "variant": "underwater-war", "players": 2, "deck": "tiny"}
    s = _position(uw, [["deal", [[4, 1, 5, 2], [0, 3, 7, 6]], []]])
    _refused({**uw, "variant": "chomp-rapido"}, s, "mode")
    _refused({**uw, "variant": "doble-chomp"}, s, "mode")
    standard = {"game": "chomp", "variant": "standard", "players": 3, "deck": "tiny"}
    t = _position(standard, [["deal", [[0, 5], [7, 2], [1, 6]], [3, 4]]])
    _refused({**standard, "players": 4}, t, "players")
    # the 3+ player game switches to a 2-player game only when its last two players choose to
    switched = {**t, "mode": "underwater-war"}
    _refused(standard, switched, "mode")


def test_a_race_its_ruleset_would_not_start_is_refused() -> None:
    uw = {"game": "chomp", "variant": "underwater-war", "players": 2, "deck": "tiny"}
    s = _position(uw, [["deal", [[6, 3, 1, 0], [7, 2, 5, 4]], []], ["turn_over"]])
    assert s["race"] == "eel" and s["race_flags"] == ["bad-chomps", "eel-race-wrong-card-is-bad"]
    _refused(uw, {**s, "race_flags": ["bad-chomps", "own-eel-ok", "eel-race-wrong-card-is-bad"]}, "race")
    _refused(uw, {**s, "race": "rapido"}, "race")
    _refused(uw, {**s, "phase": "turn"}, "race")
    house = {**uw, "ruleset": {"base": "recommended", "choices": {"chomp.uw_own_eel": "may_slap_own"}}}
    assert _answer(house, {**s, "race_flags": ["bad-chomps", "own-eel-ok", "eel-race-wrong-card-is-bad"]})["ok"]


def test_bookkeeping_of_one_phase_in_another_is_refused() -> None:
    uw = {"game": "chomp", "variant": "underwater-war", "players": 2, "deck": "tiny"}
    s = _position(uw, [["deal", [[4, 1, 5, 2], [0, 3, 7, 6]], []]])
    _refused(uw, {**s, "shuffle_for": 0}, "shuffle_for")
    _refused(uw, {**s, "outcome": "draw"}, "outcome")
    _refused(uw, {**s, "resume": "race"}, "resume")
    players = copy.deepcopy(s["players"])
    players[0]["bad_chomp"] = True
    _refused(uw, {**s, "players": players}, "bad_chomp")
    players = copy.deepcopy(s["players"])
    players[0]["pile"], players[1]["pile"] = players[0]["pile"][:3], [*players[1]["pile"], "shark"]
    _refused(uw, {**s, "players": players}, "cards")
    config, state = _see_state()
    _refused(config, {**state, "queue": [1]}, "queue")
    _refused(config, {**state, "window": True, "hands": state["hands"]}, "window")


def test_pending_states_must_hold_up() -> None:
    raw = {"game": "chomp", "variant": "standard", "players": 3, "deck": "tiny", "ruleset": "raw"}
    history: list[Any] = [["deal", [[0, 5], [7, 2], [1, 6]], [3, 4]]]
    pending = None
    while pending is None:  # play the first legal action until a step stops at a ruling point
        legal = ORACLE.handle({"id": 1, "cmd": "legal_actions", **raw, "history": history})["result"]["actions"]
        resp = ORACLE.handle({"id": 1, "cmd": "apply", **raw, "history": history, "action": legal[0]["action"]})
        assert resp["ok"], resp
        if resp["result"]["gap"] is not None:
            pending = resp["result"]["state"]
        history.append(legal[0]["action"])
    assert pending is not None and "pending" in pending, pending
    assert _answer(raw, pending)["ok"]
    _refused(raw, {**pending, "fixed": [["chomp.no_such", "x"]]}, "fixed")
    _refused(raw, {**pending, "fixed": [["chomp.count_tie", "nope"]]}, "fixed")
    _refused(raw, {**pending, "fixed": [[1, 2]]}, "fixed")
    _refused(raw, {**pending, "fixed": "none"}, "fixed")
    _refused(raw, {**pending, "fixed": [["chomp.count_tie", "shared_win"], ["chomp.count_tie", "no_winner"]]}, "fixed")
    _refused(raw, {**pending, "pending": "chomp.count_tie"}, "pending")  # the step does not wait for it
    _refused(raw, {**pending, "pending": "chomp.nope"}, "pending")
    _refused(raw, {**pending, "action": ["slap", 9, 9, 9]}, "action")  # not legal in before
    _refused(raw, {**pending, "action": "nobody_slaps"}, "action")
    _refused(raw, {**pending, "extra": 1}, "extra")
    _refused(raw, {**pending, "before": pending}, "before")
    # under recommended nothing is left open: no pending state is one of its states
    _refused({**raw, "ruleset": "recommended"}, pending, pending["pending"])


@pytest.mark.parametrize("variant", ["underwater-war", "chomp-rapido"])
def test_a_two_player_game_with_one_player_in_is_refused(variant: str) -> None:
    """Underwater War and Chomp rápido are played by exactly two players in the game until it
    ends: a state with one of them out (his cards set aside, the other's pile left) is refused
    rather than reaching the engine (found by the 100,000-request fuzz: an internal error)."""
    config = {"game": "chomp", "variant": variant, "players": 2, "deck": "tiny"}
    s = _position(config, [["deal", [[4, 1, 5, 2], [0, 3, 7, 6]], []]])
    players = copy.deepcopy(s["players"])
    players[0].update({"pile": [], "aside": sorted(players[0]["pile"], key=CARD_NAMES.index), "active": False})
    _refused(config, {**s, "players": players}, "active")
