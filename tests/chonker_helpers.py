"""Chonker Party situations shared by the engine's and the specification's tests."""

from __future__ import annotations

from typing import Any

from rulecheck.games.chonker_party.cards import LEAF, NT, SKIP, STICK, SWEET


def _hand(*kinds: int) -> tuple[int, ...]:
    return tuple(kinds.count(k) for k in range(NT))


def skip_before_an_empty_handed_master(g: Any) -> Any:
    """4 players, the draw deck empty: the Master leads his last card, Players 2 and 3 play a Leaf,
    and Player 4 is about to play his last card, a Skip, just before the Master's decision; Player 2
    still holds a Stick."""
    fillers = ["stick", "brick", "stone", "leaf", "salty", "sweet"]
    s = g.new_initial_state(deal={"hands": [fillers] * 4, "discard": fillers})
    s = s._replace(hands=(_hand(SWEET), _hand(LEAF, STICK), _hand(LEAF), _hand(SKIP)), draw=_hand())
    for action in (("play", "sweet"), ("play", "leaf"), ("play", "leaf")):
        s = g.apply(s, action).state
    return s
