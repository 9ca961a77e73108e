"""Chomp!'s clause specification and the determinacy check: what the text decides, where it is
open or contradicts itself, and the engine checked against it (a planted fault is caught)."""

from __future__ import annotations

import dataclasses
import textwrap

import pytest
from chomp_helpers import run_pure_python

from rulecheck.check.detectors import normative_clauses
from rulecheck.check.determinacy import SpecRun, check_explored, clause_coverage, spec_findings
from rulecheck.check.explore import Config, ExploreResult, explore
from rulecheck.core.spec import Spec, determinacy, satisfies
from rulecheck.games.chomp.spec import SPEC, UNFORMALISED, RaceSituation

DECK = "shark=1,littlefish=1,eel=1,octopus=1"


def _situation(table: tuple[str, ...], event: tuple[object, ...], **kw: object) -> RaceSituation:
    n = len(table)
    base = dict(players=n, mode="standard", active=tuple(range(n)), step="new-round",
                table=tuple((c,) for c in table), aside=(), centre=(), bad_before=(), pile=(2,) * n,
                has_discard=(False,) * n, event=event)
    base.update(kw)
    return RaceSituation(**base)  # type: ignore[arg-type]


PLAIN = _situation(("shark", "littlefish", "plankton"), ("slap", 0, 2, "plankton"))
"""P1's Shark slaps P3's Plankton, the lowest card: an ordinary chomp."""

FRENZY_UPWARDS = _situation(("littlefish", "shark", "eel"), ("slap", 0, 1, "shark"))
"""A Feeding Frenzy in which P1's Little Fish slaps P2's Shark, a card higher than hers."""


def test_an_ordinary_chomp_is_decided_by_the_text() -> None:
    v, _ = determinacy(SPEC, PLAIN)
    assert v.kind == "determined"
    out = dict(v.outcome)
    assert out["winner"] == "P1" and out["next"] == "round-over" and out["bad_chomp"] == "no"
    # en.gameplay.3: the winner collects every card his Shark can chomp, and his own
    assert out["card.table.P2.littlefish.0"] == out["card.table.P3.plankton.0"] == "discard:P1"
    assert {"en.gameplay.2", "en.gameplay.3"} <= set(v.applied)


def test_without_the_collecting_clause_the_cards_are_open() -> None:
    """Remove en.gameplay.3 and the text no longer says where the chomped cards go: a gap on
    exactly those cards (the finding depends on the clause, not on a list)."""
    reduced = dataclasses.replace(SPEC, clauses=[c for c in SPEC.clauses if "en.gameplay.3" not in c.ids])
    v, _ = determinacy(reduced, PLAIN)
    assert v.kind == "gap"
    assert set(v.differ) & {"card.table.P2.littlefish.0", "card.table.P3.plankton.0"}


def test_a_frenzy_slap_upwards_is_a_conflict_with_its_clauses_named() -> None:
    """'The first player to slap any card other than her own takes all' (en.feeding-frenzy.3)
    against 'slapping a higher card is a Bad Chomp' (en.bad-chomp.2): the unsat core names them."""
    v, _ = determinacy(SPEC, FRENZY_UPWARDS)
    assert v.kind == "conflict"
    assert {"en.bad-chomp.2", "en.feeding-frenzy.3"} <= {c.split("[")[0] for c in v.core}


def test_each_option_of_the_ruling_resolves_the_conflict() -> None:
    for option in ("frenzy_overrides", "bad_chomp_applies"):
        v, _ = determinacy(SPEC, FRENZY_UPWARDS, choices={"chomp.frenzy_vs_bad_chomp": option})
        assert v.kind == "determined", option
    won = dict(determinacy(SPEC, FRENZY_UPWARDS, choices={"chomp.frenzy_vs_bad_chomp": "frenzy_overrides"})[0].outcome)
    bad = dict(determinacy(SPEC, FRENZY_UPWARDS, choices={"chomp.frenzy_vs_bad_chomp": "bad_chomp_applies"})[0].outcome)
    assert won["winner"] == "P1" and bad["bad_chomp"] == "yes"


FRENZY_ON_THE_EEL = _situation(("eel", "littlefish", "plankton"), ("slap", 1, 0, "eel"))
"""A Feeding Frenzy in which P2 slaps P1's Electric Eel."""

FRENZY_ON_A_CREATURE = _situation(("eel", "littlefish", "plankton"), ("slap", 1, 2, "plankton"))
"""The same Frenzy, P2 slapping P3's Plankton."""

SPECIAL_CARDS = "chomp.read.frenzy_special_cards"


def test_a_frenzy_slap_on_the_eel_reads_two_ways() -> None:
    """'Any player can chomp any card, except her own' (en.feeding-frenzy.2) against 'Nobody can
    chomp an Octopus or an Electric eel' (en.food-chain.3): under the first reading the slap on the
    Eel wins the Frenzy; under the second it does not, and the text no longer decides the step. A
    slap on a creature reads one way only, and the point is not asked there."""
    v, asked = determinacy(SPEC, FRENZY_ON_THE_EEL)
    assert SPECIAL_CARDS in asked
    assert v.kind == "determined" and dict(v.outcome)["winner"] == "P2"
    other, _ = determinacy(SPEC, FRENZY_ON_THE_EEL, readings={SPECIAL_CARDS: "creatures-only"})
    assert other.kind != "determined" or dict(other.outcome)["winner"] != "P2"
    plain, asked = determinacy(SPEC, FRENZY_ON_A_CREATURE)
    assert SPECIAL_CARDS not in asked and plain.kind == "determined" and dict(plain.outcome)["winner"] == "P2"


ANOTHER_CARD = "chomp.read.doble_another_card"


def test_a_doble_chomp_replay_reads_two_ways() -> None:
    """Doble Chomp takes the normal game's tie-breaks (es.doble-chomp.3), where "each player plays
    another card" (en.tie.2): two cards each, as at every Doble Chomp turn-over, or one, the second
    staying on the pile. The readings part at the replay's turn-over; ruling
    chomp.doble_replay_cards settles it (each option determines the step, one_card only with the
    reading it takes)."""
    from chomp_helpers import deal_with_tops

    from rulecheck.games import load_game
    from rulecheck.games.chomp.spec_engine import situation

    game = load_game("chomp", "doble-chomp", 2, "recommended")
    s = game.new_initial_state(deal=deal_with_tops(game, [["plankton", "seal", "shark", "shrimp"],
                                                          ["plankton", "bigfish", "littlefish", "seal"]]))
    s = game.apply(s, ("turn_over",)).state
    s = game.apply(s, next(a for a in game.legal_actions(s) if a[0] == "tie")).state
    sit, _ = situation(s, ("turn_over",))
    two, asked = determinacy(SPEC, sit)
    one, _ = determinacy(SPEC, sit, readings={ANOTHER_CARD: "one-card"})
    assert ANOTHER_CARD in asked and two.kind == one.kind == "determined"
    assert two.outcome != one.outcome
    for option, verdict in (("two_cards", two), ("one_card", one)):
        ruled, _ = determinacy(SPEC, sit, choices={"chomp.doble_replay_cards": option})
        assert ruled.kind == "determined" and ruled.outcome == verdict.outcome, option


def test_a_reclaimed_card_reads_two_ways_and_each_option_is_the_engines() -> None:
    """After an Ink Out, the replay's winner (a Seal) can't chomp P2's Shark, which "is reclaimed by
    the player who turned it over" (en.ink-out.5): to his discard pile, or back into his pile. The
    readings of chomp.read.reclaimed_where part; each option of chomp.reclaimed_cards decides the
    step, and it is the engine's under that option."""
    from chomp_helpers import deal_with_tops

    from rulecheck.games import load_game
    from rulecheck.games.chomp.cards import BIG_FISH
    from rulecheck.games.chomp.spec_engine import engine_outcomes, rename, situation

    for option, place in (("discard_pile", "discard:"), ("bottom_of_pile", "pile:")):
        game = load_game("chomp", "standard", 3, {"choices": {"chomp.reclaimed_cards": option}})
        s = game.new_initial_state(deal=deal_with_tops(game, [["octopus", "seal"], ["shrimp", "shark"],
                                                              ["plankton", "bigfish"]]))
        for action in (("turn_over",), ("nobody_slaps",), ("turn_over",)):
            s = game.apply(s, action).state
        action = ("slap", 0, 2, BIG_FISH)
        sit, new = situation(s, action)
        plain, asked = determinacy(SPEC, sit)
        other, _ = determinacy(SPEC, sit, readings={"chomp.read.reclaimed_where": "own-pile"})
        assert "chomp.read.reclaimed_where" in asked and plain.kind == other.kind == "determined"
        shark = next(k for k in dict(plain.outcome) if k.startswith("card.table.") and ".shark." in k)
        owner = shark.split(".")[2]  # (the situation numbers the players its own way)
        assert (dict(plain.outcome)[shark], dict(other.outcome)[shark]) == (f"discard:{owner}", f"pile:{owner}")
        ruled, _ = determinacy(SPEC, sit, choices=game._choices)
        assert ruled.kind == "determined", ruled
        assert dict(ruled.outcome)[shark] == place + owner
        (_, key), = engine_outcomes(game, s, action)
        assert SPEC.key(dict(ruled.outcome)) == rename(key, new)


def test_a_replay_ending_in_another_is_a_gap_each_option_closes() -> None:
    """An Ink Out whose replay turns up another Octopus: the replay ends in another replay and has no
    winner for the first Ink Out's cards, which the text gives to the replay's winner (en.ink-out.4).
    Where they go is open (the frame no longer keeps them set aside), and each option of
    chomp.chained_replay_cards decides it: the engine's outcome under that option."""
    from chomp_helpers import deal_with_tops

    from rulecheck.games import load_game
    from rulecheck.games.chomp.spec_engine import engine_outcomes, rename, situation

    places = set()
    for option in ("stay_in_centre", "join_next_replay"):
        game = load_game("chomp", "standard", 3, {"choices": {"chomp.octopus_in_replay": "ink_out_again",
                                                              "chomp.chained_replay_cards": option}})
        s = game.new_initial_state(deal=deal_with_tops(game, [["octopus", "octopus", "seal"],
                                                              ["shrimp", "shark", "bigfish"],
                                                              ["plankton", "littlefish", "shrimp"]]))
        for action in (("turn_over",), ("nobody_slaps",), ("turn_over",)):
            s = game.apply(s, action).state
        sit, new = situation(s, ("nobody_slaps",))
        plain, _ = determinacy(SPEC, sit, choices={"chomp.octopus_in_replay": "ink_out_again"})
        assert plain.kind == "gap" and any(n.startswith("card.aside-ink-out.") for n in plain.differ), plain
        ruled, _ = determinacy(SPEC, sit, choices=game._choices)
        assert ruled.kind == "determined", ruled
        (_, key), = engine_outcomes(game, s, ("nobody_slaps",))
        assert SPEC.key(dict(ruled.outcome)) == rename(key, new)
        places.add(dict(ruled.outcome)[next(n for n in dict(ruled.outcome) if ".shrimp." in n and "aside" in n)])
    assert places == {"centre", "set-aside"}


@pytest.mark.parametrize(("tops", "ruling", "tie_option", "point"), [
    # the war's face-up cards (two Sharks) tie again (en.underwater-war.4's higher card does not exist)
    ([["seal", "plankton", "plankton", "shark"], ["seal", "shrimp", "shrimp", "shark"]],
     "chomp.war_tie", "another_war", "chomp.read.war_tie"),
    # an Octopus, then the next cards are two Big Fish (en.underwater-war.6's higher card does not exist)
    ([["octopus", "bigfish", "plankton", "shrimp"], ["seal", "bigfish", "shrimp", "plankton"]],
     "chomp.next_card_tie", "war", "chomp.read.next_card_tie"),
])
def test_a_later_tie_reads_two_ways_and_each_option_is_the_engines(
        tops: list[list[str]], ruling: str, tie_option: str, point: str) -> None:
    """Underwater War: after the round's first turn-over (a tie, or an Octopus), the next cards
    turned over are the same. Read as another tie, a war follows (en.underwater-war.3); read as the
    round's turn-over only, the text leaves it open (a gap). The readings of ``point`` part; the
    engine asks ``ruling`` there, each of its options decides the step (a war, or the round called
    off), and it is the engine's under that option; its erratum claims the reading."""
    from chomp_helpers import deal_with_tops

    from rulecheck.games import load_game
    from rulecheck.games.chomp.spec_engine import engine_outcomes, rename, situation

    for option, nxt in ((tie_option, "war"), ("called_off", "round-over")):
        game = load_game("chomp", "underwater-war", 2, {"choices": {ruling: option}})
        s = game.apply(game.new_initial_state(deal=deal_with_tops(game, tops)), ("turn_over",)).state
        action = ("turn_over",)
        assert game.apply(s, action).provenance.rulings == (ruling,)
        sit, new = situation(s, action)
        plain, asked = determinacy(SPEC, sit)
        other, _ = determinacy(SPEC, sit, readings={point: "first-turn-over-only"})
        assert point in asked
        assert plain.kind == "determined" and dict(plain.outcome)["next"] == "war"
        assert other.kind == "gap"
        ruled, _ = determinacy(SPEC, sit, choices=game._choices)
        assert ruled.kind == "determined", ruled
        assert dict(ruled.outcome)["next"] == nxt
        (_, key), = engine_outcomes(game, s, action)
        assert SPEC.key(dict(ruled.outcome)) == rename(key, new)
    assert point in game.ruling_points[ruling].publish.settles


def test_satisfies_names_the_clauses_a_wrong_outcome_breaks() -> None:
    v, _ = determinacy(SPEC, PLAIN)
    assert satisfies(SPEC, PLAIN, dict(v.outcome)) == (True, ())
    assert satisfies(SPEC, PLAIN, {**dict(v.outcome), "winner": "none"}) == (False, ("en.gameplay.2",))
    kept = {**dict(v.outcome), "card.table.P2.littlefish.0": "discard:P2"}
    assert satisfies(SPEC, PLAIN, kept) == (False, ("en.gameplay.3",))


def test_every_normative_clause_is_formalised_or_has_a_reason() -> None:
    cov = clause_coverage("chomp", SPEC)
    assert cov["missing"] == [], cov["missing"]
    assert cov["formalised"] + len(cov["listed"]) == cov["normative"] == len(normative_clauses("chomp"))
    assert all(reason.strip() for reason in UNFORMALISED.values())


def test_clause_functions_cite_their_clauses_in_the_docstring() -> None:
    for rule in SPEC.clauses:
        assert rule.fn.__doc__ and rule.fn.__doc__.lstrip().startswith('"'), rule.id  # quotes the text


# --------------------------------------------------------------------------- over a search

@pytest.fixture(scope="module")
def raw() -> tuple[ExploreResult, SpecRun]:
    cfg = Config("chomp", "standard", 3, DECK, "raw")
    res = explore(cfg.load(), config=cfg)
    run = check_explored(res)
    assert run is not None
    return res, run


def test_raw_search_no_silent_decisions_and_agreement(raw: tuple[ExploreResult, SpecRun]) -> None:
    _, run = raw
    assert run.silent == {} and run.disagreements == {}
    # every situation is determined, a gap or a conflict; the text decides a good part of them
    assert run.gaps and run.conflicts and run.determined + run.gaps + run.conflicts == run.situations
    assert run.determined > run.situations // 3
    # every open situation is settled by a ruling point the engine consults
    assert set(run.ruling_open) >= {"chomp.frenzy_vs_bad_chomp", "chomp.nobody_slaps"}


def test_the_frenzy_reading_is_an_ambiguity(raw: tuple[ExploreResult, SpecRun]) -> None:
    res, run = raw
    assert "chomp.read.frenzy_any_card" in run.ambiguities
    kinds = {f.kind for f in spec_findings(res, run)}
    assert "ambiguity" in kinds and "silent-decision" not in kinds


def test_a_ruling_option_the_text_contradicts_is_found(raw: tuple[ExploreResult, SpecRun]) -> None:
    """'Each player who tied plays another card' is not all the text says of who plays in a tie
    replay: the option ``tied_only`` gives outcomes the clauses exclude."""
    _, run = raw
    assert "tied_only" in run.ruling_contradicts.get("chomp.tie_replay_players", {})


def test_recommended_every_situation_verified() -> None:
    cfg = Config("chomp", "standard", 3, DECK, "recommended")
    run = check_explored(explore(cfg.load(), config=cfg))
    assert run is not None
    assert run.verified > 0 and run.disagreements == {} and run.silent == {}


def test_no_spec_for_a_game_without_one() -> None:
    from rulecheck.check.determinacy import spec_modules

    assert spec_modules("no-such-game") is None
    assert isinstance(spec_modules("chomp")[0].SPEC, Spec)  # type: ignore[index]


# --------------------------------------------------------------------------- a planted engine fault

_PLANTED = textwrap.dedent('''
    import json, sys
    from rulecheck._native import ENGINE_BUILD
    assert ENGINE_BUILD.startswith("pure"), ENGINE_BUILD
    from rulecheck.games.chomp import standard
    from rulecheck.check.explore import Config, explore
    from rulecheck.check.determinacy import check_explored

    if sys.argv[1] == "planted":
        real = standard.spoils_for
        def spoils_for(ctx, p, *rest):
            """The planted fault: the winner also takes the cards he cannot chomp (en.gameplay.4)."""
            taken, back, reclaimed = real(ctx, p, *rest)
            return taken + tuple(c for cards in back for c in cards), tuple(() for _ in back), reclaimed
        standard.spoils_for = spoils_for
    cfg = Config("chomp", "standard", 3, "seal=1,bigfish=1,shrimp=1,plankton=1", "recommended")
    run = check_explored(explore(cfg.load(), config=cfg))
    print(json.dumps({"disagreements": sorted(run.disagreements), "verified": run.verified,
                      "cores": [e.get("core") for e in run.disagreements.values()]}))
''')


def _planted_run(which: str) -> dict[str, object]:
    return run_pure_python(_PLANTED, which)  # type: ignore[no-any-return]


def test_a_planted_engine_fault_is_caught() -> None:
    clean = _planted_run("clean")
    assert clean["disagreements"] == [] and clean["verified"]
    planted = _planted_run("planted")
    assert planted["disagreements"], "the changed rule went unnoticed"
    # the engine's outcome breaks the clause the fault changed
    assert any("en.gameplay.4" in c for core in planted["cores"] for c in core), planted["cores"]


def test_the_check_is_bounded_by_work_and_says_so(raw: tuple[ExploreResult, SpecRun]) -> None:
    res, full = raw
    run = check_explored(res, max_situations=50)
    assert run is not None and run.bounded and run.situations == 50
    assert 0 < run.states_checked < run.states_total == res.expanded
    assert run.to_json()["complete"] is False and full.to_json()["complete"] is True
    again = check_explored(res, max_situations=50)
    assert again is not None and again.to_json() == run.to_json()  # the same bound, the same result


def test_the_worked_example_is_decided_by_the_text_and_is_the_engine() -> None:
    """en.example.1-3 / en.outcomes.1-3: both ways the example's race can end are steps the text
    decides, and the engine takes them as the text says."""
    from rulecheck.check.determinacy import check_examples

    run = check_examples("chomp")
    assert run is not None and run.steps >= 2
    assert run.verified == run.steps and run.disagreements == {} and run.silent == {}
