"""Chonker Party situations shared by the engine's and the specification's tests."""

from __future__ import annotations

from typing import Any

from rulecheck.games.chonker_party.cards import BRICK, CHONK, CHOOSE, FORCE, LEAF, NT, SKIP, STICK, SWEET, WAR


def hand_of(*kinds: int) -> tuple[int, ...]:
    return tuple(kinds.count(k) for k in range(NT))


def skip_before_an_empty_handed_master(g: Any, holder: int = 1) -> Any:
    """4 players, the draw deck empty: the Master leads his last card, Players 2 and 3 play a Leaf,
    and Player 4 is about to play his last card, a Skip, just before the Master's decision; the
    player of seat ``holder`` (Player 2, or Player 3 with the player before him empty-handed) still
    holds a Stick."""
    fillers = ["stick", "brick", "stone", "leaf", "salty", "sweet"]
    s = g.new_initial_state(deal={"hands": [fillers] * 4, "discard": fillers})
    hands = [hand_of(SWEET), hand_of(LEAF), hand_of(LEAF), hand_of(SKIP)]
    hands[holder] = hand_of(LEAF, STICK)
    s = s._replace(hands=tuple(hands), draw=hand_of())
    for action in (("play", "sweet"), ("play", "leaf"), ("play", "leaf")):
        s = g.apply(s, action).state
    return s


def force_names_a_chonk_before(g: Any, master_forced: bool) -> tuple[Any, tuple[str, str]]:
    """3 players, the draw deck empty (so a War played now would become a Chonk, cp.war.7): a Force
    is about to name a chonk. The player it forces holds a War and a card of another kind, and no
    Chonk card: Player 2 (``master_forced`` False: Player 1 led the Force), or the Munchies Master
    (Player 3's Force ends the circle). Returns the state and the naming action."""
    fillers = ["stick", "brick", "stone", "leaf", "salty", "sweet"]
    s = g.new_initial_state(deal={"hands": [fillers] * 3, "discard": fillers})
    if master_forced:
        hands = (hand_of(LEAF, WAR, STICK), hand_of(LEAF, STICK), hand_of(FORCE, LEAF))
        plays = [("play", "leaf"), ("play", "leaf"), ("play", "force")]
    else:
        hands = (hand_of(FORCE, LEAF), hand_of(WAR, LEAF), hand_of(LEAF, CHONK))
        plays = [("play", "force")]
    s = s._replace(hands=hands, draw=hand_of())
    for action in plays:
        while action not in g.legal_actions(s):  # nobody calls a War out of turn
            s = g.apply(s, ("no_war",)).state
        s = g.apply(s, action).state
    return s, ("name_type", "chonk")


def a_war_call_before(g: Any, war_on: bool) -> tuple[Any, tuple[str, str]]:
    """3 players; Player 3 holds a War and Player 1 is about to lead a Leaf, before Player 2's
    turn. A War called out now would become a Chonk (cp.war.6-7): the draw deck is empty, or
    (``war_on``) a War is on. Returns the state and Player 1's play."""
    fillers = ["stick", "brick", "stone", "leaf", "salty", "sweet"]
    s = g.new_initial_state(deal={"hands": [fillers] * 3, "discard": fillers})
    hands = (hand_of(LEAF, STICK), hand_of(LEAF, STICK), hand_of(WAR, LEAF))
    s = s._replace(hands=hands, draw=hand_of(STICK, STICK) if war_on else hand_of(), war=war_on)
    return s, ("play", "leaf")


def a_chonk_leads(g: Any) -> tuple[Any, tuple[str, str]]:
    """3 players: the Munchies Master is about to lead a Chonk, the round's first card (so its
    first non-action card); Player 2 holds a Leaf and a Stick. Returns the state and the lead."""
    fillers = ["stick", "brick", "stone", "leaf", "salty", "sweet"]
    s = g.new_initial_state(deal={"hands": [fillers] * 3, "discard": fillers})
    hands = (hand_of(CHONK, LEAF), hand_of(LEAF, STICK), hand_of(LEAF, STICK))
    return s._replace(hands=hands), ("play", "chonk")


def a_master_continuing_with_a_force(g: Any) -> tuple[Any, list[tuple[str, str]]]:
    """3 players: Player 1 leads a Leaf (the trump), Players 2 and 3 play a Stick, and Player 1, the
    Munchies Master, continues the round with a Choose, picks a Brick, plays a Force and names brick
    (under ``cp.continue_after_action`` = any_card he may play any card after his Choose). Returns
    the state after the circle and the Master's four actions."""
    fillers = ["stick", "brick", "stone", "leaf", "salty", "sweet"]
    s = g.new_initial_state(deal={"hands": [fillers] * 3, "discard": fillers})
    s = s._replace(hands=(hand_of(LEAF, CHOOSE, FORCE), hand_of(STICK, STICK), hand_of(STICK, STICK)),
                   draw=hand_of(STICK, BRICK))
    for action in (("play", "leaf"), ("play", "stick"), ("play", "stick")):
        s = g.apply(s, action).state
    return s, [("continue_round", "choose"), ("choose_card", "brick"), ("play", "force"), ("name_type", "brick")]


def a_card_on_an_empty_handed_next_player(g: Any, card: str) -> tuple[Any, tuple[str, str]]:
    """4 players, the draw deck empty: the Master leads a Sweet (the trump) and Player 2 is about to
    put down his ``card`` (a Skip, or a Force and then name a Leaf); Player 3, the next player, holds
    no card, and Player 4 holds a Leaf and a Stick. Returns the state and the step that makes the
    card act on "the next player"."""
    fillers = ["stick", "brick", "stone", "leaf", "salty", "sweet"]
    s = g.new_initial_state(deal={"hands": [fillers] * 4, "discard": fillers})
    own = SKIP if card == "skip" else FORCE
    s = s._replace(hands=(hand_of(SWEET, STICK), hand_of(own, LEAF), hand_of(), hand_of(LEAF, STICK)), draw=hand_of())
    s = g.apply(s, ("play", "sweet")).state
    if card == "skip":
        return s, ("play", "skip")
    return g.apply(s, ("play", "force")).state, ("name_type", "leaf")
