"""Chonker Party model: deck, deals, bad input, JSON, views, rulings and clause IDs."""

from __future__ import annotations

import json
import re
from fractions import Fraction
from pathlib import Path

import pytest

from rulecheck.core.clauses import clauses_for_game
from rulecheck.core.errors import (
    IllegalActionError,
    InvalidConfigError,
    InvalidDealError,
    InvalidStateError,
    RulesetError,
    TooManyOutcomesError,
)
from rulecheck.core.game import CHANCE, RACE
from rulecheck.core.rulings import load_ruling_points
from rulecheck.games import load_game
from rulecheck.games.chonker_party import DECKS, PLAYERS, VARIANTS
from rulecheck.games.chonker_party.cards import COMPONENT_NOTES, FULL_COUNTS, NAMES, NK, parse_deck
from rulecheck.games.chonker_party.examples import SCENARIOS
from rulecheck.games.chonker_party.state import PH_CONTINUE, PH_MASTER, PH_PLAY

PACKAGE = Path(__file__).resolve().parents[1] / "rulecheck" / "games" / "chonker_party"
GAME = "chonker-party"

DEAL4 = {
    "hands": [["sweet", "chonk", "stick", "brick", "stone", "leaf"],
              ["choose", "sweet", "stick", "leaf", "stone", "brick"],
              ["spoiled", "salty", "stick", "leaf", "stone", "brick"],
              ["chonk", "stick", "leaf", "leaf", "stone", "brick"]],
    "discard": ["salty", "salty", "stick", "leaf", "stone", "brick"],
}


def test_package_interface() -> None:
    assert VARIANTS == ("standard",)
    assert list(PLAYERS) == [2, 3, 4, 5, 6]
    assert {"full", "mini", "tiny", "micro"} <= set(DECKS)
    for deck in DECKS:
        parse_deck(deck)


def test_full_deck_is_78_cards_and_tossed_out_cards() -> None:
    assert sum(FULL_COUNTS) == 78
    counts = dict(zip(NAMES[:NK], FULL_COUNTS, strict=True))
    assert counts["sweet"] == counts["salty"] == 8 and counts["chonk"] == 6 and counts["spoiled"] == 4
    assert sum(counts[k] for k in ("stick", "leaf", "brick", "stone")) == 32
    assert sum(counts[k] for k in ("choose", "steal", "skip", "see", "force", "war")) == 20
    g2, g3, g4 = (load_game(GAME, None, n) for n in (2, 3, 4))
    assert g2.card_total() == 72 and g3.card_total() == 74 and g4.card_total() == 78
    assert dict(zip(NAMES, g2.tossed, strict=False)) == {
        **dict.fromkeys(NAMES[:NK], 0), "war": 1, "choose": 1, "skip": 4}
    assert g3.tossed[NAMES.index("skip")] == 4
    # "stone (8)" in the list, "Rock" on the card: a component finding now (rulecheck.docs.components)
    assert all(note[0] != "stone-or-rock" for note in COMPONENT_NOTES)


def test_bad_config() -> None:
    with pytest.raises(InvalidConfigError, match="2 to 6"):
        load_game(GAME, None, 7)
    with pytest.raises(InvalidConfigError, match="unknown deck"):
        load_game(GAME, None, 2, deck="huge")
    with pytest.raises(InvalidConfigError, match="too few"):
        load_game(GAME, None, 6, deck="sweet=2,leaf=3,hand=2")
    with pytest.raises(InvalidConfigError, match="no such card"):
        parse_deck("sweet=1,pickle=2")


def test_explicit_deal_and_its_errors() -> None:
    g = load_game(GAME, None, 4)
    s = g.new_initial_state(deal=DEAL4)
    assert g.current_player(s) == 0 and s.phase == PH_PLAY
    assert sum(s.draw) == 78 - 30
    bad_card = {**DEAL4, "hands": [["pickle", *DEAL4["hands"][0][1:]], *DEAL4["hands"][1:]]}
    with pytest.raises(InvalidDealError, match="player 1's hand: no such card 'pickle'"):
        g.new_initial_state(deal=bad_card)
    short = {**DEAL4, "hands": [DEAL4["hands"][0][:5], *DEAL4["hands"][1:]]}
    with pytest.raises(InvalidDealError, match="player 1's hand: 5 cards"):
        g.new_initial_state(deal=short)
    too_many = {**DEAL4, "hands": [["war"] * 6, *DEAL4["hands"][1:]]}
    with pytest.raises(InvalidDealError, match="6 war cards"):
        g.new_initial_state(deal=too_many)
    with pytest.raises(InvalidDealError, match="no discard deck"):
        g.deal_action(DEAL4["hands"])
    # aliases: Rock is the stone (cp.fillers.6), the named Chonks and Spoiled are one kind each
    alias = {**DEAL4, "discard": ["salty", "salty", "stick", "leaf", "Rock", "brick"],
             "hands": [["sweet", "Raccoon", "stick", "brick", "stone", "leaf"], *DEAL4["hands"][1:]]}
    assert g.new_initial_state(deal=alias) == s


def test_deal_chance_node() -> None:
    full = load_game(GAME, None, 3)
    with pytest.raises(TooManyOutcomesError):
        full.chance_outcomes(full.root_state())
    small = load_game(GAME, None, 2, deck="sweet=2,leaf=2,chonk=1,war=1,hand=1")
    outcomes = small.chance_outcomes(small.root_state())
    assert sum(p for _, p in outcomes) == Fraction(1)
    micro = load_game(GAME, None, 2, deck="micro")
    assert sum(p for _, p in micro.chance_outcomes(micro.root_state())) == Fraction(1)
    assert len({a for a, _ in outcomes}) == len(outcomes)
    for action, _ in outcomes:
        assert small.is_legal(small.root_state(), action)


def test_wrong_player_and_malformed_ruleset() -> None:
    g = load_game(GAME, None, 4)
    s = g.new_initial_state(deal=DEAL4)
    with pytest.raises(IllegalActionError, match="legal actions are"):
        g.apply(s, ("steal_from", 2))
    with pytest.raises(IllegalActionError):
        g.apply(s, ("play", "war"))
    with pytest.raises(RulesetError, match="unknown ruling point"):
        load_game(GAME, None, 4, {"choices": {"cp.no_such_thing": "x"}})
    with pytest.raises(RulesetError, match="no option"):
        load_game(GAME, None, 4, {"choices": {"cp.first_master": "tallest"}})


def test_json_round_trip_and_rejects() -> None:
    g = load_game(GAME, None, 4)
    s = g.new_initial_state(deal=DEAL4)
    data = json.loads(json.dumps(g.state_to_json(s)))
    assert g.state_from_json(data) == s
    with pytest.raises(InvalidStateError, match="unknown phase"):
        g.state_from_json({**data, "phase": "nap"})
    with pytest.raises(InvalidStateError, match="no such card 'pickle'"):
        g.state_from_json({**data, "draw_deck": [*data["draw_deck"][1:], "pickle"]})
    with pytest.raises(InvalidStateError, match="not conserved"):
        g.state_from_json({**data, "draw_deck": data["draw_deck"][1:]})
    with pytest.raises(InvalidStateError, match="missing field 'war'"):
        g.state_from_json({k: v for k, v in data.items() if k != "war"})
    for action in g.legal_actions(s):
        assert g.action_from_json(json.loads(json.dumps(g.action_to_json(action)))) == action


def test_observation_hides_hands_and_see_result() -> None:
    g = load_game(GAME, None, 4)
    s = g.new_initial_state(deal=DEAL4)
    obs = g.observation(s, 1)
    assert obs["hand"] == sorted(DEAL4["hands"][1], key=NAMES.index)
    assert obs["hand_sizes"] == [6, 6, 6, 6]
    assert "hands" not in obs
    s = s._replace(seen=(0, 0, ((1, 0), (2, -1))))
    assert "seen" in g.observation(s, 0) and "seen" not in g.observation(s, 1)


def test_canonical_merges_sweet_and_salty() -> None:
    g = load_game(GAME, None, 4)
    s = g.new_initial_state(deal=DEAL4)
    swap = {"sweet": "salty", "salty": "sweet"}
    swapped = {"hands": [[swap.get(c, c) for c in h] for h in DEAL4["hands"]],
               "discard": [swap.get(c, c) for c in DEAL4["discard"]]}
    t = g.new_initial_state(deal=swapped)
    assert s != t and g.canonical(s) == g.canonical(t)


def _ruling_ids_in_code() -> set[str]:
    found: set[str] = set()
    for path in PACKAGE.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        found.update(re.findall(r"""rule\(\s*["'](cp\.[a-z_]+)["']""", text))
        found.update(re.findall(r"""_choices\.get\(\s*["'](cp\.[a-z_]+)["']""", text))
    return found


def test_every_ruling_asked_exists_and_every_ruling_is_asked() -> None:
    points = load_ruling_points(GAME)
    asked = _ruling_ids_in_code()
    assert asked <= set(points), asked - set(points)
    assert set(points) <= asked, set(points) - asked
    assert len(points) >= 25
    for rp in points.values():
        assert rp.recommended in rp.option_ids and rp.rationale and rp.players_question


def test_every_cited_clause_exists() -> None:
    index = clauses_for_game(GAME)
    cited: set[str] = set()
    for path in PACKAGE.rglob("*.py"):
        cited.update(re.findall(r"""["'](cp\.[a-z0-9-]+\.\d+)["']""", path.read_text(encoding="utf-8")))
    for rp in load_ruling_points(GAME).values():
        cited.update(rp.clauses)
    for sc in SCENARIOS:
        cited.update(sc.clauses + sc.rules)
    assert cited and cited <= set(index), sorted(cited - set(index))


def test_rulings_change_behaviour() -> None:
    chance = load_game(GAME, None, 4, {"choices": {"cp.first_master": "chance"}})
    s = chance.new_initial_state(deal=DEAL4)
    assert s.phase == PH_MASTER and chance.current_player(s) == CHANCE
    raw = load_game(GAME, None, 4, "raw")
    p = raw.new_initial_state(deal=DEAL4)
    assert raw.legal_actions(p) == (("ruling", "cp.first_master", "first_player"),
                                    ("ruling", "cp.first_master", "chance"))
    # War window: with a War in another hand, the next decision opens a RACE window
    deal = {**DEAL4, "hands": [DEAL4["hands"][0], ["war", *DEAL4["hands"][1][1:]], *DEAL4["hands"][2:]]}
    deal["discard"] = ["salty", "salty", "stick", "leaf", "stone", "choose"]
    g = load_game(GAME, None, 4)
    s = g.new_initial_state(deal=deal)
    assert g.current_player(s) == RACE and ("call_war", 1) in g.legal_actions(s)
    own = load_game(GAME, None, 4, {"choices": {"cp.war_window": "own_turn"}})
    assert own.current_player(own.new_initial_state(deal=deal)) == 0


def test_continuation_and_claim_same_cards_left() -> None:
    g = load_game(GAME, None, 4)
    s = g.new_initial_state(deal=DEAL4)
    for a in (("play", "sweet"), ("play", "choose"), ("choose_card", "brick"), ("play", "brick"),
              ("play", "spoiled"), ("play", "chonk")):
        s = g.apply(s, a).state
    assert s.phase == PH_CONTINUE and g.current_player(s) == 0
    assert g.legal_actions(s) == (("continue_round", "chonk"), ("continue_round", "sweet"), ("end_round",)) or \
        g.legal_actions(s) == (("continue_round", "chonk"), ("end_round",))
    assert not g.invariants(s)
    # after a Steal the victim holds one card more than the others: the book's claim fails
    t = s._replace(hands=(s.hands[0], s.hands[1], (*s.hands[2][:4], s.hands[2][4] + 1, *s.hands[2][5:]),
                          s.hands[3]), draw=(*s.draw[:4], s.draw[4] - 1, *s.draw[5:]))
    ids = {v.id for v in g.invariants(t)}
    assert ids == {"cp.claim.same-cards-left"}
