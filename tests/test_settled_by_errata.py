"""Whether the errata settle an ambiguity is asked of the solver at the ambiguity's witness
(:func:`rulecheck.check.determinacy._settled_by`), not judged by hand: with every ruling point's
recommended option as a constraint, the readings must give one verdict, a reading the new text
contradicts being excluded by it."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from rulecheck.check import determinacy as det
from rulecheck.check.explore import Config, explore
from rulecheck.core import spec as core_spec
from rulecheck.core.game import action_from_json
from rulecheck.core.spec import fresh_solver
from rulecheck.findings import Finding, merge
from rulecheck.games.chonker_party import spec as cp_spec

STEAL = Config("chonker-party", "standard", 3, "sweet=1,salty=1,chonk=1,leaf=1,steal=1,hand=1", "raw")
POINT = "cp.read.draw_requires_you"


@pytest.fixture(scope="module")
def witness() -> tuple[Any, Any, Any, det.SpecRun]:
    """The steal deck's search under ``raw``, its check, and the situation where the readings of
    'If an action card requires you to draw' part (the player stolen from, with the draw deck empty)."""
    res = explore(STEAL.load(), config=STEAL)
    run = det.check_explored(res)
    assert run is not None
    e = run.ambiguities[POINT]
    spec_mod, bridge = det.spec_modules("chonker-party")
    state = res.states[e["node"]]
    action = action_from_json(e["action"])
    situate = getattr(bridge, "situation_in", None)
    sit, _ = situate(res.game, state, action) if situate else bridge.situation(state, action)
    return spec_mod.SPEC, res.game, sit, run


def test_the_victims_fallback_erratum_settles_whose_draw_empty_draw_deck_speaks_of(witness: Any) -> None:
    run = witness[3]
    settled = run.ambiguities[POINT]["settled_by"]
    assert settled["claimed"] == ["cp.steal_victim_draw_fallback"]
    assert settled["settled"] is True
    assert settled["readings"]["any-draw-it-requires"] == "determined"


def test_an_option_that_says_nothing_settles_nothing(witness: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """The option as it was first formalised: it said nothing (the draw was left to cp.empty-draw.1
    under its default reading), and whose draw the sentence speaks of followed the reading alone,
    whatever the ruleset. The other reading then still gives another outcome, and the claim of the
    ruling's erratum fails at the witness."""
    spec, game, sit, _ = witness
    silent = [dataclasses.replace(r, fn=lambda s, o: None)
              if (r.ruling, r.option) == ("cp.steal_victim_draw_fallback", "discard_deck") else r for r in spec.rulings]
    monkeypatch.setattr(spec, "rulings", silent)
    monkeypatch.setattr(core_spec, "_SEEING", {})  # the constraints as each ruleset sees them, built anew

    def by_the_reading_alone(s: Any) -> str | None:
        src = s.action_source
        return None if src == "discard-deck" and s.reading(POINT) == "its-player" else src

    monkeypatch.setattr(cp_spec, "victim_source", by_the_reading_alone)
    fresh_solver()
    try:
        settled = det._settled_by(spec, game, sit, POINT)
    finally:
        monkeypatch.undo()
        fresh_solver()
    assert settled["settled"] is False, settled
    assert settled["readings"] == {"any-draw-it-requires": "determined", "its-player": "determined"}
    assert "does not here" in det._settled_text(settled)


def test_a_merged_ambiguity_is_settled_only_if_every_witness_is() -> None:
    def finding(settled: bool) -> Finding:
        return Finding("g.ambiguity.x", "g", "ambiguity", "medium", "t",
                       data={"reading": "x", "settled": {"settled": settled, "readings": {}, "claimed": ["r"]}})

    for a, b in ((True, False), (False, True)):
        assert merge(finding(a), finding(b)).data["settled"]["settled"] is False
    assert merge(finding(True), finding(True)).data["settled"]["settled"] is True


def test_every_step_under_the_errata_is_asked_whether_a_reading_still_parts(monkeypatch: pytest.MonkeyPatch) -> None:
    """Under a complete ruleset each decided step is asked again under every other reading of the
    points its clauses asked (:func:`rulecheck.check.determinacy._readings_ruled`): the errata may
    leave an ambiguity open away from the witness where the rules as written showed it. In the
    5-player full-deck games under recommended, only the ambiguity no ruling point answers yet is
    left (when a War called out of turn draws, ``cp.read.war_draw_when``); with the victim's
    fallback option saying nothing (as first formalised), the check finds the reading still
    parting in seeded game 0, and its finding says so."""
    unruled = "cp.read.war_draw_when"
    game = Config("chonker-party", "standard", 5, "full", "recommended").load()
    run = det.check_playouts(game, 1, 0, 5000, 500)
    assert run is not None and run.steps > 100 and set(run.ambiguities) <= {unruled}
    assert run.reread > 0 and run.to_json()["reread"] == run.reread
    spec = det.spec_modules("chonker-party")[0].SPEC
    monkeypatch.setattr(spec, "rulings", [
        dataclasses.replace(r, fn=lambda s, o: None)
        if (r.ruling, r.option) == ("cp.steal_victim_draw_fallback", "discard_deck") else r for r in spec.rulings])
    monkeypatch.setattr(core_spec, "_SEEING", {})
    monkeypatch.setattr(cp_spec, "victim_source", lambda s: None if s.action_source == "discard-deck" and s.reading(
        POINT) == "its-player" else s.action_source)
    try:
        faulty = det.check_playouts(game, 1, 0, 5000, 500)
        assert faulty is not None
        cfg = Config("chonker-party", "standard", 5, "full", "recommended")
        found = [f for f in det.playout_findings(game, cfg, faulty) if f.kind == "ambiguity"]
    finally:
        monkeypatch.undo()
        fresh_solver()
    assert [f.data["reading"] for f in found if f.data["reading"] != unruled] == [POINT]
    found = [f for f in found if f.data["reading"] == POINT]
    assert found[0].data["settled"]["settled"] is False and found[0].data["settled"]["ruleset"] == "recommended"
    assert "still part here" in found[0].detail
