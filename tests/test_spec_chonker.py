"""Chonker Party's clause specification and the determinacy check: the book's Round Example is
decided by the text and is the engine's, a Skip at the round's end is a conflict its ruling
settles, removing a clause opens a gap, every normative clause is covered, and a planted fault in
the engine (the next Munchies Master) is caught."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from chonker_helpers import (
    a_card_on_an_empty_handed_next_player,
    a_chonk_leads,
    a_war_call_before,
    force_names_a_chonk_before,
    hand_of,
    skip_before_an_empty_handed_master,
)

from rulecheck.check.detectors import normative_clauses
from rulecheck.check.determinacy import SpecRun, _scope, check_examples, check_explored, clause_coverage, spec_findings
from rulecheck.check.explore import Config, explore
from rulecheck.core.game import Pending
from rulecheck.core.spec import determinacy, fresh_solver
from rulecheck.docs.errata import build_errata
from rulecheck.games import load_game
from rulecheck.games.chonker_party import actions, rounds
from rulecheck.games.chonker_party import spec as spec_module
from rulecheck.games.chonker_party import spec_engine as bridge
from rulecheck.games.chonker_party.cards import BRICK, CHOOSE, LEAF, STICK, WAR
from rulecheck.games.chonker_party.examples import SCENARIOS
from rulecheck.games.chonker_party.spec import SPEC, UNFORMALISED, K, PartySituation

SMALL = "sweet=1,salty=1,chonk=1,leaf=2,skip=1,hand=1"


def _steps(scenario_id: str, ruleset: str = "recommended") -> list[tuple[Any, Any, tuple[Any, ...], PartySituation]]:
    """Every step of a book example: (game, state, action, situation)."""
    sc = next(s for s in SCENARIOS if s.id == scenario_id)
    game = load_game("chonker-party", None, sc.players, ruleset)
    state = game.new_initial_state(deal=dict(sc.deal))
    out = []
    for action in sc.actions:
        assert not isinstance(state, Pending)
        sit, _ = bridge.situation_in(game, state, action)
        out.append((game, state, action, sit))
        state = game.apply(state, action).state
    return out


def _engine(game: Any, state: Any, action: tuple[Any, ...]) -> Any:
    (_, key), = bridge.engine_outcomes(game, state, action)
    _, new = bridge.situation_in(game, state, action)
    return bridge.rename(key, new)


def test_the_round_example_is_decided_by_the_text_and_is_the_engines() -> None:
    """The 4-player Round Example, step by step: the text alone decides each step (no ruling
    needed), and the engine does exactly that; Player 2 wins the round's cards and is the next
    Munchies Master."""
    steps = _steps("round-example")
    for game, state, action, sit in steps:
        v, _ = determinacy(SPEC, sit)
        assert v.kind == "determined", (action, v)
        assert SPEC.key(dict(v.outcome)) == _engine(game, state, action), action
    first = dict(determinacy(SPEC, steps[0][3])[0].outcome)
    assert first["trump"] == "sweet" and first["leader"] == "P1"  # cp.round.2, cp.winning.1
    fourth = dict(determinacy(SPEC, steps[5][3])[0].outcome)  # Player 4 plays a Chonk
    assert fourth["leader"] == "P4" and fourth["next.who"] == "P1" and fourth["next.does"] == "continue"
    assert fourth["may.chonk"] == "yes" and fourth["may.end"] == "yes"  # cp.continuing.1, cp.continuing.6
    end = dict(determinacy(SPEC, steps[-1][3])[0].outcome)
    assert end["table"] == "win:P2" and end["master"] == "P2" and end["round_ends"] == "yes"
    assert end["next.who"] == "P2" and end["next.does"] == "draw"  # cp.after-round.1: the winner first


def test_without_the_gathering_clause_the_cards_are_open() -> None:
    """Remove cp.winning.2 and the text no longer says whose win pile the round's cards go to: the
    end of the Round Example becomes a gap on exactly that."""
    sit = _steps("round-example")[-1][3]
    reduced = dataclasses.replace(SPEC, clauses=[c for c in SPEC.clauses if "cp.winning.2" not in c.ids])
    v, _ = determinacy(reduced, sit)
    assert v.kind == "gap" and "table" in v.differ


def _skip_before_the_master() -> PartySituation:
    """3 players: P3 plays a Skip just before the Munchies Master's decision; the Master holds a
    Leaf."""
    z = (0,) * 14
    leaf, skip, sweet = (tuple(1 if i == k else 0 for i in range(14)) for k in (5, 10, 0))
    return PartySituation(
        players=3, hand_size=1, spoiled_total=0, step="play", actor=2, turn=2, master=0, trump="sweet",
        leader=0, war=False, continuing=False, hands=(leaf, z, skip), draw=z, discard=sweet,
        table=(1, 1) + (0,) * 13, piles=((0,) * 15,) * 3, queue=(), then="none", source="none", named=None,
        showers=(), victim=None, waiting=None, action=("play", "skip"))


def test_a_skip_at_the_round_end_is_a_conflict_and_each_option_settles_it() -> None:
    """'Make the next player discard a card, skipping their turn' (cp.skip.1) against 'At round end,
    forces the first player to continue' (cp.skip.2): the unsat core names both."""
    sit = _skip_before_the_master()
    v, _ = determinacy(SPEC, sit)
    assert v.kind == "conflict"
    assert {"cp.skip.1", "cp.skip.2"} <= {c.split("[")[0] for c in v.core}
    base = {"cp.skip_discard_choice": "victim_chooses", "cp.skip_discard_to": "discard_deck",
            "cp.war_window": "before_each_turn"}
    seen = set()
    for option in ("force_continue", "discard_and_force", "discard_and_end"):
        w, _ = determinacy(SPEC, sit, choices={**base, "cp.skip_at_round_end": option})
        assert w.kind == "determined", option
        out = dict(w.outcome)
        seen.add((out["next.does"], out["next.then"]))
    assert seen == {("continue", "none"), ("discard", "master-continues"), ("discard", "round-ends")}


def test_the_worked_examples_are_decided_under_their_ruleset() -> None:
    """Every step of the book's examples, each under its own ruleset: the clauses and the ruling
    options decide it, and it is the engine's step (no situation left open, no disagreement)."""
    run = check_examples("chonker-party")
    assert run is not None and run.steps
    assert run.silent == {} and run.disagreements == {}
    assert run.verified == run.steps


def test_a_continuation_ruling_leaves_the_other_cards_to_the_clauses() -> None:
    """The winning example, Player 2's first Leaf: at Player 1's decision (trump Leaf) he may continue
    with his Leaf or end the round. cp.continue_with_action decides only his Steal (a draw-and-play
    card); his Stick, Brick and Stone stay forbidden by cp.summary.5 ("only if they've got a trump or
    a chonk"), which no ruling sets aside."""
    game, state, action, sit = _steps("winning-example")[1]
    v, _ = determinacy(SPEC, sit, choices=game._choices)
    assert v.kind == "determined", v
    out = dict(v.outcome)
    assert (out["next.who"], out["next.does"]) == ("P1", "continue")
    assert out["may.leaf"] == out["may.end"] == "yes"
    assert out["may.stick"] == out["may.brick"] == out["may.stone"] == out["may.steal"] == "no"
    assert SPEC.key(out) == _engine(game, state, action)


def _drawing(queue: tuple[int, ...]) -> PartySituation:
    """4 players draw back up after a round (nothing else happens): the first of ``queue`` draws a
    Leaf."""
    z = (0,) * 14
    deck = tuple(3 if i == K["leaf"] else 1 if i == K["sweet"] else 0 for i in range(14))
    return PartySituation(
        players=4, hand_size=2, spoiled_total=0, step="draw", actor=queue[0], turn=-1, master=0, trump=None,
        leader=None, war=False, continuing=False, hands=(z,) * 4, draw=deck, discard=z, table=(0,) * 15,
        piles=((0,) * 15,) * 4, queue=queue, then="next-round", source="draw-deck", named=None, showers=(),
        victim=None, waiting=None, action=("draw", "leaf"))


def test_each_situation_reads_back_its_own_draws() -> None:
    """Three draws back up that differ only by who is still to draw ask the solver the same question
    but for the meaning of its values: the draws are coded by the players themselves, not by their
    place among each situation's candidates, so each verdict names its own queue (a shared verdict
    once gave "P2" for "P2,P3")."""
    fresh_solver()
    for queue, rest in (((0, 1), "P2"), ((0, 1, 2), "P2,P3"), ((0, 1, 2, 3), "P2,P3,P4")):
        v, _ = determinacy(SPEC, _drawing(queue))
        assert v.kind == "determined"
        assert dict(v.outcome)["draws"] == rest


def test_every_normative_clause_is_formalised_or_has_a_reason() -> None:
    cov = clause_coverage("chonker-party", SPEC)
    assert cov["missing"] == [], cov["missing"]
    assert cov["formalised"] + len(cov["listed"]) == cov["normative"] == len(normative_clauses("chonker-party"))
    assert all(reason.strip() for reason in UNFORMALISED.values())
    assert not SPEC.formalised() & set(UNFORMALISED)


def test_clause_functions_quote_their_clauses() -> None:
    for rule in SPEC.clauses:
        assert rule.fn.__doc__ and rule.fn.__doc__.lstrip().startswith('"'), rule.id


def test_every_ruling_option_of_the_game_has_a_constraint() -> None:
    import json

    from rulecheck.core.paths import models_dir

    data = json.loads((models_dir() / "chonker-party" / "rulings.json").read_text())
    have = {(r.ruling, r.option) for r in SPEC.rulings}
    without = set()
    for rp in data["ruling_points"]:
        for opt in rp["options"]:
            if (rp["id"], opt["id"]) not in have:
                without.add(rp["id"])
    # read by the players' observations only, no step decides it: the audit says why (the spec's
    # scope and its reason for not formalising cp.winning.3 name it)
    assert without == {"cp.win_pile_visibility"}
    assert "cp.win_pile_visibility" in UNFORMALISED["cp.winning.3"]
    assert "cp.win_pile_visibility" in _scope(spec_module.__doc__ or "")


# --------------------------------------------------------------------------- over a search

def _run(ruleset: str, deck: str = SMALL, players: int = 3) -> SpecRun:
    cfg = Config("chonker-party", "standard", players, deck, ruleset)
    run = check_explored(explore(cfg.load(), config=cfg))
    assert run is not None
    return run


def test_raw_no_silent_decisions_and_the_open_rulings_are_asked() -> None:
    run = _run("raw")
    assert run.silent == {} and run.disagreements == {}
    assert run.gaps and run.determined > run.gaps
    assert {"cp.empty_hand_turn", "cp.first_master", "cp.game_over_discard"} <= set(run.ruling_open)


def test_recommended_every_situation_verified() -> None:
    run = _run("recommended")
    assert run.verified > 0 and run.disagreements == {} and run.silent == {}
    assert run.determined == run.situations


def test_a_planted_engine_fault_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """Plant one changed rule: the round's winner does not become the next Munchies Master
    (cp.after-round.4). The check finds the engine disagreeing with the text."""
    real = rounds.round_end

    def round_end(g: Any, s: Any, ctx: Any) -> Any:
        t = real(g, s, ctx)
        return t._replace(master=s.master)

    monkeypatch.setattr(rounds, "round_end", round_end)
    run = _run("recommended", "sweet=1,leaf=1,spoiled=1,choose=1,force=1,hand=1", 2)
    assert run.disagreements, "the changed rule went unnoticed"
    texts = [e["text"] for e in run.disagreements.values()]
    assert any("cp.after-round.4" in t["applied"] for t in texts)


def _read_both_ways_and_ruled(game: Any, state: Any, action: tuple[Any, ...], point: str, other: str
                              ) -> tuple[dict[str, str], dict[str, str], dict[str, str]]:
    """The step's outcomes under the default reading, under ``point = other``, and under the game's
    ruleset; the first two decided by the text, the last decided and the engine's."""
    sit, _ = bridge.situation_in(game, state, action)
    plain, _ = determinacy(SPEC, sit)
    varied, _ = determinacy(SPEC, sit, readings={point: other})
    assert plain.kind == varied.kind == "determined"
    ruled, _ = determinacy(SPEC, sit, choices=game._choices)
    assert ruled.kind == "determined", ruled
    assert SPEC.key(dict(ruled.outcome)) == _engine(game, state, action)
    return dict(plain.outcome), dict(varied.outcome), dict(ruled.outcome)


def test_another_spoiled_card_reads_two_ways_and_each_ruling_option_is_the_engines() -> None:
    """A Spoiled card is the trump and Player 2 plays another one (cp.spoiled.4: four cards with
    their own names). Read as one card type, Player 2 is the round's current winner (cp.winning.1);
    read as cards of their own, Player 1 still is: the readings of ``cp.read.spoiled_one_type`` part.
    Each option of ``cp.spoiled_trump`` decides the step, and it is the engine's under that option."""
    hands = [["spoiled", "stick", "brick", "stone", "salty", "sweet"],
             ["spoiled", "stick", "brick", "stone", "salty", "sweet"],
             ["leaf", "stick", "brick", "stone", "salty", "sweet"],
             ["leaf", "stick", "brick", "stone", "salty", "sweet"]]
    leaders = {}
    for option in ("one_type", "each_card"):
        game = load_game("chonker-party", None, 4, {"choices": {"cp.spoiled_trump": option}})
        state = game.new_initial_state(deal={"hands": hands, "discard": ["leaf"] * 6})
        state = game.apply(state, ("play", "spoiled")).state
        plain, other, ruled = _read_both_ways_and_ruled(game, state, ("play", "spoiled"),
                                                        "cp.read.spoiled_one_type", "each-card")
        assert (plain["leader"], other["leader"]) == ("P2", "P1")
        leaders[option] = ruled["leader"]
    assert leaders == {"one_type": "P2", "each_card": "P1"}


def test_the_master_continues_with_another_spoiled_card_as_the_ruling_says() -> None:
    """The trump is a Spoiled card and the Master holds another one at his decision to continue:
    a trump he may continue with (``cp.spoiled_trump = one_type``) or not (``each_card``): the
    clauses (cp.continuing.1, cp.summary.5) read it two ways, each option decides it, and it is the
    engine's."""
    hands = [["spoiled", "spoiled", "brick", "stone", "salty", "sweet"],
             ["leaf", "stick", "brick", "stone", "salty", "sweet"],
             ["leaf", "stick", "brick", "stone", "salty", "sweet"],
             ["leaf", "stick", "brick", "stone", "salty", "sweet"]]
    seen = {}
    for option in ("one_type", "each_card"):
        game = load_game("chonker-party", None, 4, {"choices": {"cp.spoiled_trump": option}})
        state = game.new_initial_state(deal={"hands": hands, "discard": ["brick"] * 4 + ["stone"] * 2})
        for action in (("play", "spoiled"), ("play", "stick"), ("play", "stick")):
            state = game.apply(state, action).state
        # the last of the circle: next, the Master's decision
        plain, other, ruled = _read_both_ways_and_ruled(game, state, ("play", "stick"),
                                                        "cp.read.spoiled_one_type", "each-card")
        assert (plain["may.spoiled"], other["may.spoiled"]) == ("yes", "no")
        seen[option] = ruled["may.spoiled"]
    assert seen == {"one_type": "yes", "each_card": "no"}


def test_a_skip_that_forces_an_empty_handed_master_on_is_a_conflict_each_option_settles() -> None:
    """Player 4's last card is a Skip, just before the decision of a Master who holds no card, while
    Player 2 still holds one: "forces the first player to continue, trump or not" (cp.skip.2)
    against "this goes on until the Munchies Master runs out" (cp.continuing.6), the unsat core names
    both. Each option of ``cp.skip_master_empty_handed`` decides the step, it is the engine's, and
    the two differ (the Master ends the round, or Player 2 plays on)."""
    seen = {}
    for option in ("master_ends", "passes_on"):
        game = load_game("chonker-party", None, 4, {"choices": {"cp.skip_master_empty_handed": option}})
        state, action = skip_before_an_empty_handed_master(game), ("play", "skip")
        sit, _ = bridge.situation_in(game, state, action)
        plain, _ = determinacy(SPEC, sit)
        assert plain.kind == "conflict"
        assert {"cp.skip.2", "cp.continuing.6"} <= {c.split("[")[0] for c in plain.core}
        ruled, _ = determinacy(SPEC, sit, choices=game._choices)
        assert ruled.kind == "determined", ruled
        assert SPEC.key(dict(ruled.outcome)) == _engine(game, state, action)
        out = dict(ruled.outcome)
        seen[option] = (out["next.who"], out["next.does"])
    assert seen == {"master_ends": ("P1", "continue"), "passes_on": ("P2", "play")}


@pytest.mark.parametrize("master_forced", [False, True])
def test_a_war_that_would_be_a_chonk_reads_two_ways_for_a_force_and_each_option_is_the_engines(
        master_forced: bool) -> None:
    """A Force names a chonk; the player it forces (Player 2, or the Munchies Master) holds a War
    that would become a Chonk (the draw deck is empty) and no Chonk card. Read as a War card in the
    hand, he may play his other card too (the Master may end the round: cp.force.4); read as a
    Chonk, he must play the War: the readings of ``cp.read.war_answers_force`` part. Each option of
    ``cp.force_war_as_chonk`` decides the step, and it is the engine's under that option."""
    other_card = "may.stick" if master_forced else "may.leaf"
    seen = {}
    for option in ("chonk_cards_only", "war_counts"):
        game = load_game("chonker-party", None, 3, {"choices": {"cp.force_war_as_chonk": option}})
        state, action = force_names_a_chonk_before(game, master_forced)
        plain, other, ruled = _read_both_ways_and_ruled(game, state, action, "cp.read.war_answers_force", "wars-too")
        assert (plain[other_card], other[other_card]) == ("yes", "no")
        seen[option] = (ruled[other_card], ruled["may.war"])
    assert seen == {"chonk_cards_only": ("yes", "yes"), "war_counts": ("no", "yes")}


def test_a_chonk_leading_the_round_reads_two_ways_and_each_option_is_the_engines() -> None:
    """The Master leads a Chonk, the round's first non-action card: "The first non-action card
    played becomes the trump card" makes Chonk the trump; read with "Universal trump cards"
    (cp.chonks.1), a Chonk leaves the trump open. The readings of ``cp.read.chonk_first_trump``
    part on the trump (the Master leads either way); each option of ``cp.chonk_sets_trump`` decides
    the step, and it is the engine's under that option."""
    seen = {}
    for option in ("sets_trump", "no_trump"):
        game = load_game("chonker-party", None, 3, {"choices": {"cp.chonk_sets_trump": option}})
        state, action = a_chonk_leads(game)
        plain, other, ruled = _read_both_ways_and_ruled(game, state, action, "cp.read.chonk_first_trump",
                                                        "leaves-trump-open")
        assert (plain["trump"], other["trump"]) == ("chonk", "none")
        assert plain["leader"] == other["leader"] == "P1"
        seen[option] = ruled["trump"]
    assert seen == {"sets_trump": "chonk", "no_trump": "none"}


def test_may_the_chooser_stop_reads_two_ways_and_each_option_is_the_engines() -> None:
    """The Round Example's Choose: "then you can play any new card". Read as the choice of card, the
    Chooser must play one; read as a permission, they may also play none (``may.stop``): the
    readings of ``cp.read.choose_may_stop`` part. Each option of ``cp.choose_play_optional`` decides
    the step, it is the engine's, and under ``may_stop`` the Chooser's playing nothing is decided
    too (the turn passes to Player 3)."""
    sc = next(s for s in SCENARIOS if s.id == "round-example")
    seen = {}
    for option in ("must_play", "may_stop"):
        game = load_game("chonker-party", None, sc.players, {"choices": {"cp.choose_play_optional": option}})
        state = game.new_initial_state(deal=dict(sc.deal))
        for action in sc.actions:
            if action[0] == "choose_card":
                break
            state = game.apply(state, action).state
        plain, other, ruled = _read_both_ways_and_ruled(game, state, action, "cp.read.choose_may_stop", "may-stop")
        assert (plain["may.stop"], other["may.stop"]) == ("no", "yes")
        seen[option] = ruled["may.stop"]
        if option == "may_stop":
            after = game.apply(state, action).state
            sit, _ = bridge.situation_in(game, after, ("play_nothing",))
            stop, _ = determinacy(SPEC, sit, choices=game._choices)
            assert stop.kind == "determined"
            assert SPEC.key(dict(stop.outcome)) == _engine(game, after, ("play_nothing",))
            assert (dict(stop.outcome)["next.who"], dict(stop.outcome)["next.does"]) == ("P3", "play")
    assert seen == {"must_play": "no", "may_stop": "yes"}


@pytest.mark.parametrize("war_on", [False, True])
def test_a_war_that_would_be_a_chonk_called_out_of_turn_reads_two_ways_and_each_option_is_the_engines(
        war_on: bool) -> None:
    """Player 3 holds a War that would become a Chonk if put down now (the draw deck is empty, or a
    War is on). Before Player 2's turn: "call out the War card anytime" lets him call it (and so put
    down a Chonk out of turn); read as "only a War that starts a War", it does not. The readings of
    ``cp.read.chonk_called_out`` part; each option of ``cp.war_call_as_chonk`` decides the step, and
    it is the engine's under that option."""
    seen = {}
    for option in ("anytime", "own_turn_only"):
        game = load_game("chonker-party", None, 3, {"choices": {"cp.war_call_as_chonk": option}})
        state, action = a_war_call_before(game, war_on)
        plain, other, ruled = _read_both_ways_and_ruled(game, state, action, "cp.read.chonk_called_out",
                                                        "not-as-a-chonk")
        assert (plain["next.window"], other["next.window"]) == ("yes", "no")
        seen[option] = (ruled["next.who"], ruled["next.window"])
    assert seen == {"anytime": ("P2", "yes"), "own_turn_only": ("P2", "no")}


def test_when_a_war_called_out_of_turn_draws_reads_two_ways_and_the_ruling_settles_it() -> None:
    """Player 3 calls out a War before Player 2's turn (the draw deck holds cards, no War is on).
    "must draw a new card from the deck and play another card if/when it is their turn"
    (cp.war.4): read as "draw now, play when it is their turn", Player 3 draws next; read as "draw
    and play when it is their turn", the War is down and Player 2 plays. The readings of
    ``cp.read.war_draw_when`` part; ruling point cp.war_draw_when settles them, and under
    ``recommended`` (at_once) the engine draws at once, the first reading."""
    game = load_game("chonker-party", None, 3, "recommended")
    state, _ = a_war_call_before(game, war_on=False)
    state = game.apply(state._replace(draw=hand_of(STICK, BRICK)), ("play", "leaf")).state
    action = ("call_war", 2)
    sit, _ = bridge.situation_in(game, state, action)
    _, asked = determinacy(SPEC, sit)
    assert "cp.read.war_draw_when" in asked
    now, later, ruled = _read_both_ways_and_ruled(game, state, action, "cp.read.war_draw_when", "on-their-turn")
    assert (now["next.who"], now["next.does"], now["draws"], now["war"]) == ("P3", "draw", "P3", "on")
    assert (later["next.who"], later["next.does"], later["draws"], later["war"]) == ("P2", "play", "-", "on")
    assert ruled == now
    settling = [rp.id for rp in game.ruling_points.values() if "cp.read.war_draw_when" in rp.publish.settles]
    assert settling == ["cp.war_draw_when"]


def test_a_war_the_master_holds_with_the_draw_deck_empty_reads_two_ways_and_each_option_is_the_engines() -> None:
    """2 players, the draw deck empty: Player 1, the Munchies Master, leads the trump (a Leaf) and
    holds a War and a Choose; Player 2 plays a Stick and the circle ends. "only if they've got a
    trump or a chonk" (cp.summary.5): read with the War as the Chonk it would become (cp.war.7), he
    may continue with it only; read as a War card in his hand, he holds no trump or chonk, and the
    text contradicts itself (the summary allows nothing, cp.continuing.2-3 a draw-and-play card: what
    ``cp.continue_with_action`` answers). The readings of ``cp.read.war_held_as_chonk`` part; each
    option of ``cp.war_held_as_chonk`` (with ``cp.continue_with_action`` recommended) decides the
    step, and it is the engine's under that option."""
    seen = {}
    for option in ("a_war_card", "counts"):
        game = load_game("chonker-party", None, 2, {"choices": {"cp.war_held_as_chonk": option}})
        fillers = ["stick", "brick", "stone", "leaf", "salty", "sweet"]
        state = game.new_initial_state(deal={"hands": [fillers] * 2, "discard": fillers})
        state = state._replace(hands=(hand_of(LEAF, WAR, CHOOSE), hand_of(STICK, BRICK)), draw=hand_of())
        for a in (("play", "leaf"), ("no_war",)):
            state = game.apply(state, a).state
        action = ("play", "stick")
        sit, _ = bridge.situation_in(game, state, action)
        counts, asked = determinacy(SPEC, sit)
        held, _ = determinacy(SPEC, sit, readings={"cp.read.war_held_as_chonk": "a-war-card"})
        assert "cp.read.war_held_as_chonk" in asked
        assert counts.kind == "determined" and held.kind == "conflict"
        c = dict(counts.outcome)
        assert (c["next.does"], c["may.war"], c["may.choose"]) == ("continue", "yes", "no")
        ruled, _ = determinacy(SPEC, sit, choices=game._choices)
        assert ruled.kind == "determined", ruled
        assert SPEC.key(dict(ruled.outcome)) == _engine(game, state, action)
        seen[option] = (dict(ruled.outcome)["may.war"], dict(ruled.outcome)["may.choose"])
        assert game.apply(state, action).provenance.rulings.count("cp.war_held_as_chonk") == 1
    assert seen == {"a_war_card": ("yes", "yes"), "counts": ("yes", "no")}


@pytest.mark.parametrize(("empty_hand_turn", "want"), [("pass", ("P3", "play", "no", "P1")),
                                                       ("round_ends", ("P3", "play", "yes", "P3"))])
def test_an_empty_handed_masters_turn_passes_on_as_the_empty_hand_ruling_says(
        empty_hand_turn: str, want: tuple[str, str, str]) -> None:
    """Under ``cp.skip_master_empty_handed = passes_on`` the turn passes on to Player 2, who has no
    card either: ``cp.empty_hand_turn`` says what follows (passed over: Player 3 plays his Stick; or
    the round ends, and Player 3, the first with a card, leads the next one). The option decides the
    step with either, and it is the engine's."""
    game = load_game("chonker-party", None, 4, {"choices": {"cp.skip_master_empty_handed": "passes_on",
                                                            "cp.empty_hand_turn": empty_hand_turn}})
    state, action = skip_before_an_empty_handed_master(game, holder=2), ("play", "skip")
    sit, _ = bridge.situation_in(game, state, action)
    ruled, _ = determinacy(SPEC, sit, choices=game._choices)
    assert ruled.kind == "determined", ruled
    assert SPEC.key(dict(ruled.outcome)) == _engine(game, state, action)
    out = dict(ruled.outcome)
    assert (out["next.who"], out["next.does"], out["round_ends"], out["master"]) == want


WAR_CALL = Config("chonker-party", "standard", 3, "force=1,war=1,leaf=2,sweet=1,hand=1", "raw")


def _silent_and_ambiguity(res: Any) -> tuple[Any, Any]:
    run = check_explored(res)
    assert run is not None
    found = {f.kind: f for f in spec_findings(res, run)
             if f.kind in ("silent-decision", "ambiguity") and f.data.get("reading") == "cp.read.war_draw_when"}
    return found.get("silent-decision"), found.get("ambiguity")


def test_a_silent_decision_between_readings_names_the_sentence_and_the_errata_ask_it_once(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Under ``raw`` a War is called out of turn; the default reading of cp.war.4 decides the step
    (the caller draws at once) and ``cp.read.war_draw_when`` = on-their-turn decides it otherwise.
    The engine asks ruling point cp.war_draw_when there: an ambiguity, and no silent decision. Were
    it to draw at once without asking (as it did before that ruling point), the step would be a
    silent decision. Its finding names the sentence and the reading point and gives each reading's
    outcome; the errata print the question once, as the ambiguity's erratum (the two meanings, 'can
    be read in two ways'), and from the silent decision alone the same question. With cp.war.4 read
    one way only (the reading no longer varied), there is no silent decision."""
    silent, ambiguity = _silent_and_ambiguity(explore(WAR_CALL.load(), config=WAR_CALL))
    assert silent is None and ambiguity is not None
    monkeypatch.setattr(actions, "draws_on_their_turn", lambda ctx: False)  # the engine decides, asking nothing
    res = explore(WAR_CALL.load(), config=WAR_CALL)
    silent, ambiguity = _silent_and_ambiguity(res)
    assert silent is not None and ambiguity is not None
    assert silent.data["reading"] == ambiguity.data["reading"] == "cp.read.war_draw_when"
    assert silent.clauses[0] == "cp.war.4" and "cp.war.4" in silent.title
    assert "on-their-turn" in silent.detail and "next.who (P3 or P1)" in silent.detail

    rulesets = {"chonker-party": load_game("chonker-party", None, 3, "recommended").ruleset}
    both = build_errata([silent, ambiguity], rulesets)
    assert [e.findings for e in both] == [(ambiguity.id,)]
    alone, = build_errata([silent], rulesets)
    assert alone.problem == both[0].problem and alone.readings == both[0].readings and len(alone.readings) == 2
    assert alone.where == both[0].where

    def read_one_way(fn: Any) -> Any:
        def clause(s: Any, o: Any) -> Any:
            outer = s.reading
            s.__dict__["reading"] = lambda p: "at-once" if p == "cp.read.war_draw_when" else outer(p)
            try:
                return fn(s, o)
            finally:
                s.__dict__["reading"] = outer

        return clause

    one_way = [dataclasses.replace(c, fn=read_one_way(c.fn)) if c.id == "cp.war.4" else c for c in SPEC.clauses]
    monkeypatch.setattr(SPEC, "clauses", one_way)
    fresh_solver()
    try:
        assert _silent_and_ambiguity(res) == (None, None)
    finally:
        monkeypatch.undo()
        fresh_solver()


@pytest.mark.parametrize("card", ["skip", "force"])
def test_a_skip_or_force_on_an_empty_handed_next_player_reads_two_ways_and_each_option_is_the_engines(
        card: str) -> None:
    """Player 2 puts down a Skip (or a Force naming a Leaf) and Player 3, the next player, holds no
    card; Player 4 holds a Leaf and a Stick. "Make the next player discard a card, skipping their
    turn" (cp.skip.1), "Make the next player play a card ... of your choice" (cp.force.1): read as the
    next seat, the card falls on Player 3, who has nothing to discard or play, and Player 4 plays
    freely; read as the next player who still holds a card, Player 4 discards (who picks the card
    is a question of its own, cp.skip_discard_choice), or must play his Leaf. The readings part;
    each option of ``cp.next_player_empty_handed`` decides the step, and it is the engine's under
    that option."""
    point = spec_module.NEXT_PLAYER_READINGS[card]
    seen = {}
    for option in ("next_seat", "next_with_a_card"):
        game = load_game("chonker-party", None, 4, {"choices": {"cp.next_player_empty_handed": option}})
        state, action = a_card_on_an_empty_handed_next_player(game, card)
        sit, _ = bridge.situation_in(game, state, action)
        seat, asked = determinacy(SPEC, sit)
        passed, _ = determinacy(SPEC, sit, readings={point: "next-with-a-card"})
        assert point in asked
        passed_out = dict(passed.outcome)
        assert passed_out["next.who"] == "P4"
        if card == "skip":
            assert seat.kind == "determined" and dict(seat.outcome)["next.who"] == "P4"
            assert dict(seat.outcome)["next.does"] == "play" and passed_out["next.does"] in ("discard", "discarded")
        else:
            # Player 3's turn without a card: what happens the text does not say (cp.empty_hand_turn)
            assert seat.kind == "gap" and passed.kind == "determined" and passed_out["may.stick"] == "no"
        ruled, _ = determinacy(SPEC, sit, choices=game._choices)
        assert ruled.kind == "determined", ruled
        assert SPEC.key(dict(ruled.outcome)) == _engine(game, state, action)
        seen[option] = dict(ruled.outcome)
    assert seen["next_seat"]["next.who"] == seen["next_with_a_card"]["next.who"] == "P4"
    assert (seen["next_seat"]["next.does"], seen["next_seat"]["may.stick"]) == ("play", "yes")
    assert (seen["next_with_a_card"]["next.does"], seen["next_with_a_card"]["may.stick"]) == (
        ("discard", "yes") if card == "skip" else ("play", "no"))
