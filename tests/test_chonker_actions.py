"""Chonker Party action cards, played from explicit deals (4 players)."""

from __future__ import annotations

from rulecheck.core.game import CHANCE, RACE
from rulecheck.games import load_game
from rulecheck.games.chonker_party.cards import WAR_CHONK
from rulecheck.games.chonker_party.state import PH_CONTINUE, PH_DISCARD, PH_PLAY

GAME = "chonker-party"
REST = ["stick", "brick", "stone", "leaf", "salty"]


def deal(first: list[str], second: list[str] | None = None, fourth: list[str] | None = None) -> dict:
    return {"hands": [first, second or ["stick", "brick", "stone", "leaf", "salty", "sweet"],
                      ["stick", "brick", "stone", "leaf", "salty", "sweet"],
                      fourth or ["stick", "brick", "stone", "leaf", "salty", "sweet"]],
            "discard": ["stick", "brick", "stone", "leaf", "salty", "sweet"]}


def run(game, d: dict, actions):  # type: ignore[no-untyped-def]
    s = game.new_initial_state(deal=d)
    for a in actions:
        s = game.apply(s, a).state
    return s


def test_skip_mid_round_and_at_round_end() -> None:
    g = load_game(GAME, None, 4)
    s = run(g, deal(["skip", *REST]), [("play", "skip")])
    assert s.phase == PH_DISCARD and g.current_player(s) == 1
    s = g.apply(s, ("discard", "stick")).state
    assert s.phase == PH_PLAY and g.current_player(s) == 2  # Player 2 lost the turn
    assert sum(s.discard) == 7
    d = deal(["sweet", *REST], fourth=["skip", "stick", "brick", "stone", "leaf", "salty"])
    s = run(g, d, [("play", "sweet"), ("play", "stick"), ("play", "stick"), ("play", "skip")])
    assert s.phase == PH_CONTINUE and g.current_player(s) == 0
    assert ("end_round",) not in g.legal_actions(s) and ("continue_round", "stick") in g.legal_actions(s)
    other = load_game(GAME, None, 4, {"choices": {"cp.skip_at_round_end": "discard_and_end"}})
    s = run(other, d, [("play", "sweet"), ("play", "stick"), ("play", "stick"), ("play", "skip")])
    assert s.phase == PH_DISCARD and other.current_player(s) == 0


def test_force_next_player_and_at_round_end() -> None:
    g = load_game(GAME, None, 4)
    s = run(g, deal(["force", *REST]), [("play", "force")])
    assert g.legal_actions(s)[0][0] == "name_type"
    s = g.apply(s, ("name_type", "leaf")).state
    assert g.legal_actions(s) == (("play", "leaf"),)
    s = run(g, deal(["force", *REST]), [("play", "force"), ("name_type", "chonk")])
    assert len(g.legal_actions(s)) == 6  # no chonk: anything goes (cp.force.4)
    d = deal(["sweet", *REST], fourth=["force", "stick", "brick", "stone", "leaf", "salty"])
    s = run(g, d, [("play", "sweet"), ("play", "stick"), ("play", "stick"), ("play", "force"), ("name_type", "leaf")])
    assert s.phase == PH_CONTINUE and g.legal_actions(s) == (("continue_round", "leaf"),)


def test_war_then_second_war_is_a_chonk() -> None:
    g = load_game(GAME, None, 4)
    d = deal(["war", *REST], second=["war", "stick", "brick", "stone", "leaf", "salty"])
    s = g.new_initial_state(deal=d)
    assert g.current_player(s) == RACE and g.legal_actions(s) == (("call_war", 1), ("no_war",))
    s = g.apply(s, ("no_war",)).state
    s = g.apply(s, ("play", "war")).state
    assert s.war and g.current_player(s) == CHANCE
    s = g.apply(s, ("draw", "sweet")).state
    s = g.apply(s, ("play", "stick")).state
    assert s.trump == 4 and s.last == 0
    s = g.apply(s, ("play", "war")).state  # Player 2's War during a War: a Chonk
    assert s.table[WAR_CHONK] == 1 and s.last == 1 and s.war


def test_war_called_out_of_turn() -> None:
    g = load_game(GAME, None, 4)
    d = deal(["sweet", *REST], second=["war", "stick", "brick", "stone", "leaf", "salty"])
    s = g.new_initial_state(deal=d)
    s = g.apply(s, ("call_war", 1)).state
    assert s.war and g.current_player(s) == CHANCE
    s = g.apply(s, ("draw", "chonk")).state
    assert g.current_player(s) == 0 and sum(s.hands[1]) == 6


def test_steal_victim_draws_and_stealer_plays() -> None:
    g = load_game(GAME, None, 4)
    s = run(g, deal(["steal", *REST]), [("play", "steal")])
    assert g.legal_actions(s) == (("steal_from", 1), ("steal_from", 2), ("steal_from", 3))
    s = g.apply(s, ("steal_from", 2)).state
    assert g.current_player(s) == CHANCE
    s = g.apply(s, ("stolen", "sweet")).state
    s = g.apply(s, ("draw", "chonk")).state
    assert g.current_player(s) == 0 and s.hands[0][0] == 1 and sum(s.hands[2]) == 6


def test_see_a_card_shows_only_to_the_asker() -> None:
    g = load_game(GAME, None, 4)
    s = run(g, deal(["see", *REST]), [("play", "see"), ("name_type", "sweet")])
    assert g.current_player(s) == CHANCE  # everyone had a Sweet: shown, then the asker draws
    assert g.observation(s, 0)["seen"]["shown"] == [[1, "sweet"], [2, "sweet"], [3, "sweet"]]
    assert "seen" not in g.observation(s, 2)
    s = run(g, deal(["see", *REST]), [("play", "see"), ("name_type", "chonk")])
    assert g.current_player(s) == 1 and g.legal_actions(s)[0][0] == "show"
