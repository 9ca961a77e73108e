"""Audit extensions: `--symbolic` (Z3 results join the report) and rules dead per player count."""

from __future__ import annotations

import json
from pathlib import Path

from rulecheck.audit import SYMBOLIC_PLAN, run_audit

PLAN = [("chonker-party", "standard", 3, "sweet=1,salty=1,chonk=1,leaf=1,steal=1,hand=1")]


def test_symbolic_results_are_in_the_report(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setitem(SYMBOLIC_PLAN, "chonker-party", [("standard", 3)])
    report = run_audit(["chonker-party"], plan=PLAN, playouts=0, symbolic=True, symbolic_seconds=30,
                       out_dir=tmp_path)
    data = json.loads((tmp_path / "audit.json").read_text())
    assert data["settings"]["symbolic"] == {"seconds_per_config": 30, "depth": 20}
    statements = [s for entry in data["symbolic"] for s in entry.get("statements", [])]
    assert any(s.startswith("invariant:cards-conserved: proved for all depths") for s in statements), statements
    assert report.symbolic and "## Symbolic checks (Z3, full decks)" in (tmp_path / "AUDIT.md").read_text()


def test_without_symbolic_the_report_has_no_z3_section(tmp_path: Path) -> None:
    run_audit(["chonker-party"], plan=PLAN, playouts=0, out_dir=tmp_path)
    data = json.loads((tmp_path / "audit.json").read_text())
    assert "symbolic" not in data and "symbolic" not in data["settings"]


SKIP_DECK = "sweet=1,salty=1,chonk=1,leaf=2,skip=1,hand=1"
SKIP_PLAN = [("chonker-party", "standard", n, SKIP_DECK) for n in (2, 4)]


def _ids(tmp_path: Path) -> set[str]:
    report = run_audit(["chonker-party"], plan=SKIP_PLAN, playouts=0, out_dir=tmp_path)
    return {f.id for f in report.findings}


def test_skip_rules_are_dead_with_two_players_because_the_skips_are_tossed(tmp_path: Path) -> None:
    ids = _ids(tmp_path)
    assert "chonker-party.dead-rule.cp.skip.1.2p" in ids
    assert not any(i.endswith(".4p") and ".cp.skip." in i for i in ids)


def test_without_the_toss_out_the_skip_rules_are_alive(tmp_path: Path, monkeypatch) -> None:
    from rulecheck.games.chonker_party import cards

    monkeypatch.setattr(cards, "_KEEP_AT_MOST", {})  # a rulebook that tosses nothing out
    assert "chonker-party.dead-rule.cp.skip.1.2p" not in _ids(tmp_path)


def test_the_tossed_out_skips_are_by_design_proved_on_the_full_deck_and_no_erratum(tmp_path: Path) -> None:
    """cp.players.1 tosses every Skip out for 2 players: that the Skip rules never apply then is
    the book's design, proved for any deal, so an info finding confirmed on the full deck, and
    no erratum (nothing for the publisher to change)."""
    from rulecheck.check.full_deck import CONFIRMED, SMALL_DECK_ONLY, full_deck_status
    from rulecheck.core.rulings import load_ruleset
    from rulecheck.docs.errata import build_errata

    report = run_audit(["chonker-party"], plan=SKIP_PLAN, playouts=0, out_dir=tmp_path)
    skip = {f.id: f for f in report.findings if f.id.endswith(".2p") and "skip" in f.id}
    assert "chonker-party.dead-rule.cp.skip.1.2p" in skip and "chonker-party.dead-ruling.skip_discard_to.2p" in skip
    for f in skip.values():
        assert f.severity == "info" and f.data.get("out_of_play") is True, f.id
        assert full_deck_status(f, [])["status"] == CONFIRMED
    errata = build_errata(list(skip.values()), {"chonker-party": load_ruleset("chonker-party", "recommended")})
    assert errata == []
    # a question about the Skip and the Force: the Force is still in play, so no proof, and what the
    # seeded full-deck games show decides (here none were played)
    both = next(f for f in report.findings if f.id == "chonker-party.dead-ruling.next_player_empty_handed.2p")
    assert not both.data.get("out_of_play") and "takes these cards out" not in both.detail
    assert full_deck_status(both, [])["status"] == SMALL_DECK_ONLY


def test_a_sentence_only_the_ruleset_sets_aside_is_no_dead_rule() -> None:
    """en.tie.4-5 (the replay's winner gets only the tie round's cards she can chomp) never apply
    under the recommended ruling (she takes them all), but the rules as written reach them: live
    text, not a dead rule. Without the raw search they would be reported."""
    from rulecheck.check.detectors import Reach, find_dead
    from rulecheck.check.explore import Config, explore

    deck = "shark=3,plankton=3"
    reach = {}
    for ruleset in ("recommended", "raw"):
        cfg = Config("chomp", "standard", 3, deck, ruleset)
        reach[ruleset] = Reach.of(explore(cfg.load(), config=cfg))
    game = Config("chomp", "standard", 3, deck, "recommended").load()
    alone = {f.id for f in find_dead(game, [reach["recommended"]])}
    both = {f.id for f in find_dead(game, [reach["recommended"]], [reach["raw"]])}
    assert "chomp.dead-rule.en.tie.4" in alone and "chomp.dead-rule.en.tie.4" not in both
