"""The cycle check's fairness assumption (Game.fairness, Game.unfair): in Chomp!, a player who
can win the race slaps, so a loop that needs 'nobody slaps' every time round while someone could
chomp is not play that goes on forever; it is reported apart (unfair-cycle, info) and left out of
the errata. Loops that keep the assumption are still found, with a lasso that never breaks it."""

from __future__ import annotations

from typing import Any

import pytest

from rulecheck.check.detectors import find_cycles
from rulecheck.check.explore import explore
from rulecheck.core.game import Game, action_from_json
from rulecheck.docs.errata import build_errata
from rulecheck.engine import replay
from rulecheck.games import load_game
from rulecheck.games.chomp.race import valid_slappers

DOBLE = ("doble-chomp", 2, "shark=1,seal=1,plankton=1,eel=1,octopus=1")
STANDARD = ("standard", 3, "shark=1,littlefish=1,eel=1,octopus=1")


def _cycles(variant: str, players: int, deck: str, game: Game | None = None) -> dict[str, Any]:
    g = game or load_game("chomp", variant, players, "recommended", deck)
    return {f.id: f for f in find_cycles(explore(g, symmetry=True))}


def _loop_steps(g: Game, f: Any) -> list[tuple[Any, Any]]:
    """(state, action) of each step of the finding's loop."""
    actions = [action_from_json(a) for a in f.witness.actions]
    state = g.root_state()
    out = []
    for i, a in enumerate(actions):
        if i >= f.witness.loop_start:
            out.append((state, a))
        state = g.apply(state, a).state
    return out


def test_a_loop_that_needs_nobody_to_slap_a_winning_chomp_is_unfair() -> None:
    g = load_game("chomp", *DOBLE[:2], "recommended", DOBLE[2])
    found = _cycles(*DOBLE)
    assert "chomp.cycle.doble-chomp" not in found
    f = found["chomp.unfair-cycle.doble-chomp"]
    assert f.kind == "non-termination" and f.severity == "info" and f.data["fair"] is False
    assert "only if players let a winning move pass" in f.title and g.fairness() in f.detail
    steps = _loop_steps(g, f)
    assert any(a == ("nobody_slaps",) and valid_slappers(s) and g.unfair(s, a) for s, a in steps)
    _, final = replay(g, [action_from_json(a) for a in f.witness.actions])
    _, start = replay(g, [action_from_json(a) for a in f.witness.actions[: f.witness.loop_start]])
    assert final == start  # still a real lasso


def test_without_the_assumption_the_same_loop_is_play_forever(monkeypatch: pytest.MonkeyPatch) -> None:
    g = load_game("chomp", *DOBLE[:2], "recommended", DOBLE[2])
    monkeypatch.setattr(type(g), "unfair", lambda self, state, action: False, raising=True)
    found = _cycles(*DOBLE, game=g)
    assert found["chomp.cycle.doble-chomp"].severity == "high"
    assert "chomp.unfair-cycle.doble-chomp" not in found
    monkeypatch.setattr(type(g), "fairness", lambda self: "", raising=True)
    assert "fair" not in _cycles(*DOBLE, game=g)["chomp.cycle.doble-chomp"].data


def test_a_fair_loop_is_still_found_and_its_lasso_keeps_the_assumption() -> None:
    g = load_game("chomp", *STANDARD[:2], "recommended", STANDARD[2])
    f = _cycles(*STANDARD)["chomp.cycle.standard"]
    assert f.severity == "high" and f.data["fair"] is True and "keeps the fairness assumption" in f.detail
    assert not any(g.unfair(s, a) for s, a in _loop_steps(g, f))


def test_the_errata_leave_out_an_unfair_loop() -> None:
    found = _cycles(*DOBLE)
    unfair = found["chomp.unfair-cycle.doble-chomp"]
    errata = build_errata([unfair], {"chomp": load_game("chomp", "standard", 3).ruleset})
    assert not any(unfair.id in e.findings for e in errata)


def test_chonker_party_makes_no_fairness_assumption() -> None:
    g = load_game("chonker-party", None, 3)
    assert g.fairness() == "" and not g.unfair(g.new_initial_state(0), ("play", "leaf"))
