"""Chonker Party action cards, played from explicit deals (4 players)."""

from __future__ import annotations

from rulecheck.core.game import CHANCE, RACE
from rulecheck.core.rulings import load_ruleset
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


def _stealer_draws(players: int, deck: str = "full", **more: str) -> object:
    rs = load_ruleset(GAME, {"game": GAME, "name": "stealer-draws", "base": "recommended",
                             "choices": {"cp.steal_stealer_draws": "stealer_too", **more}})
    return load_game(GAME, None, players, rs, deck)


def test_stealer_draws_too_as_ruled() -> None:
    """cp.steal_stealer_draws = stealer_too: after the snatch the player stolen from draws, then the
    stealer, then the stealer plays; under ``recommended`` only the player stolen from draws."""
    g = _stealer_draws(4)
    s = run(g, deal(["steal", *REST]), [("play", "steal"), ("steal_from", 2), ("stolen", "sweet")])
    assert s.queue == (2, 0) and s.src == 0
    s = g.apply(g.apply(s, ("draw", "chonk")).state, ("draw", "chonk")).state
    assert g.current_player(s) == 0 and sum(s.hands[0]) == 7 and sum(s.hands[2]) == 6
    plain = run(load_game(GAME, None, 4), deal(["steal", *REST]), [("play", "steal"), ("steal_from", 2),
                                                                  ("stolen", "sweet")])
    assert plain.queue == (2,)
    g = _stealer_draws(4, **{"cp.steal_empty_hand": "any_player"})  # nothing to take: both still draw
    s = run(g, deal(["steal", *REST]), [("play", "steal")])
    s = g.apply(s._replace(hands=(s.hands[0], s.hands[1], (0,) * len(s.hands[2]), s.hands[3])), ("steal_from", 2)).state
    assert s.queue == (2, 0) and s.src == 0


def test_the_stealers_draw_falls_back_on_the_discard_deck() -> None:
    """The draw deck's last card goes to the player stolen from; the stealer then draws from the
    discard deck (cp.empty-draw.1), and with that one empty too, he draws nothing and plays on."""
    d = {"hands": [["steal"], ["leaf"], ["sweet"]], "discard": ["salty"]}
    g = _stealer_draws(3, "salty=1,leaf=1,sweet=1,steal=1,stick=1,hand=1")
    s = run(g, d, [("play", "steal"), ("steal_from", 1), ("stolen", "leaf")])
    assert s.queue == (1, 0) and s.src == 0
    s = g.apply(s, ("draw", "stick")).state
    assert s.queue == (0,) and s.src == 1 and g.current_player(s) == CHANCE
    s = g.apply(s, ("draw", "salty")).state
    assert g.current_player(s) == 0 and sum(s.hands[0]) == 2 and not any(s.discard)
    s = run(g, d, [("play", "steal"), ("steal_from", 1)])
    s = g.apply(s._replace(discard=(0,) * len(s.discard)), ("stolen", "leaf")).state
    s = g.apply(s, ("draw", "stick")).state
    assert s.queue == () and g.current_player(s) == 0 and sum(s.hands[0]) == 1


def test_see_a_card_shows_only_to_the_asker() -> None:
    g = load_game(GAME, None, 4)
    s = run(g, deal(["see", *REST]), [("play", "see"), ("name_type", "sweet")])
    assert g.current_player(s) == CHANCE  # everyone had a Sweet: shown, then the asker draws
    assert g.observation(s, 0)["seen"]["shown"] == [[1, "sweet"], [2, "sweet"], [3, "sweet"]]
    assert "seen" not in g.observation(s, 2)
    s = run(g, deal(["see", *REST]), [("play", "see"), ("name_type", "chonk")])
    assert g.current_player(s) == 1 and g.legal_actions(s)[0][0] == "show"
