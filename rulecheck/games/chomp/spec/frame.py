"""The frame of Chomp!'s specification: the general principles the text takes for granted.

Each principle applies only to what no applicable clause speaks about (``s.mentioned``: the
variables the clauses and ruling constraints read or set) or states a closure ("nobody wins unless
a clause makes him the winner"), so it can never decide what a clause is silent about on purpose:
the audit reports how often each one was needed to decide an outcome.
"""

from __future__ import annotations

from typing import Any

from rulecheck.core.spec import Outcome, Principle, conj, disj, implies, neg
from rulecheck.games.chomp.spec.vocabulary import (
    all_of,
    another_replay,
    bad,
    card_names,
    goes,
    is_bad_chompers,
    is_race,
    owner_of,
    pname,
    reclaims,
    winner_is,
)

__all__ = ["PRINCIPLES"]


def _ordinary_round(s: Any, o: Outcome) -> Any:
    if s.kind != "race" or s.eel or s.octopus:
        return None
    return is_race(o, "rapido" if s.mode == "chomp-rapido" else "chomp") if s.mode != "underwater-war" else None


def _race_goes_on_unchanged(s: Any, o: Outcome) -> Any:
    if s.kind != "race":
        return None
    req = [o.eq("winner", "none")]
    req += [goes(o, n, "stays") for n in card_names(o, "table")]
    req += [goes(o, n, "set-aside") for n in card_names(o, "aside")]
    req += [goes(o, n, "centre") for n in card_names(o, "centre")]
    return implies(o.eq("next", "race-goes-on"), conj(*req))


def _round_end_clears_the_table(s: Any, o: Outcome) -> Any:
    if s.kind != "race":
        return None
    names = card_names(o, "table")
    if not names:
        return None
    return implies(neg(o.eq("next", "race-goes-on")), conj(*[neg(goes(o, n, "stays")) for n in names]))


def _winner_places(s: Any, o: Outcome, name: str) -> list[Any]:
    """A card goes to a player's pile only if it is his own (to his discard pile; in a replay, where
    his cards can be reclaimed, to his pile too) or he won it."""
    owner = owner_of(name) if name.startswith("card.") else None
    back = reclaims(s)
    req = []
    for k in range(s.players):
        if k != owner:
            req.append(implies(o.eq(name, f"discard:{pname(k)}"), winner_is(o, k)))
        if k != owner or not back:
            req.append(implies(o.eq(name, f"pile:{pname(k)}"), winner_is(o, k)))
    return req


def _cards_go_to_owner_or_winner(s: Any, o: Outcome) -> Any:
    if s.kind not in ("race", "turn"):
        return None
    req = []
    for n in card_names(o):
        req += _winner_places(s, o, n)
        if n.split(".")[1] == "centre":
            req.append(neg(goes(o, n, "set-aside")))
    if "penalty" in o.vars:
        req += _winner_places(s, o, "penalty")
    return all_of(req)


def _unmoved_cards_stay(s: Any, o: Outcome) -> Any:
    if s.kind not in ("race", "turn"):
        return None
    # (cards set aside for a replay wait for its winner: if it ends in another replay, it has none,
    # and where they go is what the text leaves open; a Bad Chomper's wait for the round's winner)
    chained = another_replay(o) if reclaims(s) else False
    req = [goes(o, n, "set-aside") if is_bad_chompers(n) or chained is False
           else implies(neg(chained), goes(o, n, "set-aside"))
           for n in card_names(o, "aside") if n not in s.mentioned]
    req += [goes(o, n, "centre") for n in card_names(o, "centre") if n not in s.mentioned]
    # a player who is not to turn over cards keeps his pile (one who is, but whom no clause tells
    # what to do, is what the text leaves open)
    req += [goes(o, n, "pile") for n in card_names(o, "top") if n not in s.mentioned and owner_of(n) not in s.plays]
    return all_of(req)


def _only_named_winners(s: Any, o: Outcome) -> Any:
    if s.kind not in ("race", "turn"):
        return None
    return all_of([neg(winner_is(o, p)) for p in range(s.players) if ("winner", pname(p)) not in o.named])


def _penalty_only_for_a_bad_chomp(s: Any, o: Outcome) -> Any:
    if s.kind != "race" or s.slap is None:
        return None
    p = s.slap[0]
    if not (s.pile[p] or s.has_discard[p]):
        return o.eq("penalty", "none")
    return implies(neg(bad(o)), o.eq("penalty", "none"))


def _replays_only_in_a_replay(s: Any, o: Outcome) -> Any:
    names = [n for n in o.vars if n.startswith("replays.")]
    if not names:
        return None
    replay = disj(o.eq("next", "ink-out-replay"), o.eq("next", "tie-replay"))
    return implies(neg(replay), conj(*[o.eq(n, "no") for n in names]))


def _nothing_ends_while_the_round_goes_on(s: Any, o: Outcome) -> Any:
    if "game" not in o.vars or s.kind not in ("race", "turn"):
        return None
    req = [o.eq("game", "goes-on")]
    req += [o.eq(n, "no") for n in o.vars if n.startswith(("out.", "wins."))]
    return implies(neg(o.eq("next", "round-over")), conj(*req))


def _only_named_game_winners(s: Any, o: Outcome) -> Any:
    names = [n for n in o.vars if n.startswith("wins.")]
    if not names:
        return None
    parts = [implies(neg(o.eq("game", "over")), o.eq(n, "no")) for n in names]
    if s.kind != "last-two":  # (who wins the count is en.ending.3's whole question: where it is silent, it is open)
        parts += [o.eq(n, "no") for n in names if (n, "yes") not in o.named]
    return all_of(parts)


PRINCIPLES = [
    Principle("frame.ordinary_round",
              "A round with no Electric Eel and no Octopus turned over is an ordinary race: a chomp race "
              "(a race for the lowest card in Chomp rápido).", _ordinary_round),
    Principle("frame.race_goes_on_unchanged",
              "While the race goes on, nothing moves: the face-up cards stay face up, set-aside "
              "cards stay aside, the centre's cards stay there and nobody has won.", _race_goes_on_unchanged),
    Principle("frame.round_end_clears_the_table",
              "When the round ends or is replayed, no card stays face up on the table.", _round_end_clears_the_table),
    Principle("frame.cards_go_to_owner_or_winner",
              "No card goes to a player's pile unless it is his own or he won it; ownerless cards "
              "in the centre go nowhere but to a winner.", _cards_go_to_owner_or_winner),
    Principle("frame.unmoved_cards_stay",
              "A card that no applicable clause moves stays where it is: set aside (but not once the "
              "replay it waits for ends in another replay), in the centre, or in its owner's pile.",
              _unmoved_cards_stay),
    Principle("frame.only_named_winners",
              "Nobody wins the round unless an applicable clause makes him the winner.", _only_named_winners),
    Principle("frame.penalty_only_for_a_bad_chomp",
              "The top card of a pile is put down only for a Bad Chomp, and only if there is one.",
              _penalty_only_for_a_bad_chomp),
    Principle("frame.replays_only_in_a_replay",
              "Only a replay has players playing another card.", _replays_only_in_a_replay),
    Principle("frame.nothing_ends_while_the_round_goes_on",
              "While the round goes on, nobody is washed up, the game is not over and nobody has won it.",
              _nothing_ends_while_the_round_goes_on),
    Principle("frame.only_named_game_winners",
              "Nobody wins the game unless an applicable clause makes him a winner, and only when it is over "
              "(at the last two's count, who wins is the count's own question).",
              _only_named_game_winners),
]
