"""Ending the Game, and the Object: clause by clause (en.ending.1-3, en.object.2).

At the end of a round (a race step or, in Underwater War, a turn-over that ends it) the text says
who is washed up, whether play goes on, and when the game is over who has won; when only two
players have cards they choose between counting and a 2-player game (:class:`LastTwoSituation`,
whose choice is the step's input, never an open outcome).
"""

from __future__ import annotations

from typing import Any

from rulecheck.core.spec import Outcome, clause, conj, disj, implies, neg, same
from rulecheck.games.chomp.spec.vocabulary import (
    at_least,
    card_names,
    exactly,
    his_cards,
    pname,
    won_by,
)

__all__ = ["CLAUSES", "holds", "nothing_in_the_centre", "the_round_ends"]


def the_round_ends(s: Any, o: Outcome) -> Any:
    """A test: this step ends the round (Python False where it cannot)."""
    if s.kind not in ("race", "turn") or "game" not in o.vars:
        return False
    return o.eq("next", "round-over")


def holds(s: Any, o: Outcome, k: int) -> Any:
    """A test: player k has cards after the step (in his pile or discard pile)."""
    if s.has_discard[k]:
        return True
    if s.kind == "race":
        if s.pile[k] > 0:
            return True
    else:
        if s.pile[k] > len(s.top[k]):
            return True
    got = [won_by(o, n, k, peek=True) for n in card_names(o)]
    if s.kind == "turn":
        got += [o.peek(n, "pile") for n in card_names(o, "top") if n.split(".")[2] == pname(k)]
    return disj(*got)


def nothing_in_the_centre(s: Any, o: Outcome) -> Any:
    """A test: no card is left in the centre after the step."""
    return conj(*(neg(o.peek(n, "centre")) for n in card_names(o)))


@clause("en.ending.1", "es.fin.1", kinds=("race", "turn"))
def washed_up_when_all_your_cards_are_chomped(s: Any, o: Outcome) -> Any:
    """"If all your cards get chomped up by other players, you're washed up and out of the game."

    At the end of a round of the 3+ player game, a player who has no cards left and whose cards of
    the round all went to other players is out. (One whose last cards stay in the centre: the
    sentence does not say.) One part per player.
    """
    if s.kind not in ("race", "turn") or s.mode != "standard":
        return None
    over = the_round_ends(s, o)
    if over is False:
        return None
    parts = {}
    for k in s.active:
        his = his_cards(o, k)
        if not his:
            continue
        chomped = [disj(*(won_by(o, n, j, peek=True) for j in range(s.players) if j != k)) for n in his]
        parts[pname(k)] = implies(conj(over, neg(holds(s, o, k)), *chomped), o.eq(f"out.{pname(k)}", "yes"))
    return parts or None


@clause("en.ending.2", "es.fin.2", kinds=("race", "turn"))
def keep_playing_until_two_have_cards(s: Any, o: Outcome) -> Any:
    """"Keep playing until there are only 2 players who have cards."

    At the end of a round of the 3+ player game the players are "the players who have cards": one
    who has cards plays on, one who has none is out of play (he has no top card to turn over,
    en.gameplay.1), whether other players chomped his cards (en.ending.1) or they stay in the
    centre. With three or more players who have cards play goes on; with exactly two the last two
    players choose what happens (en.ending.3).
    """
    if s.kind not in ("race", "turn") or s.mode != "standard":
        return None
    over = the_round_ends(s, o)
    if over is False:
        return None
    have = {k: holds(s, o, k) for k in s.active}
    parts = {pname(k): implies(over, same(o.eq(f"out.{pname(k)}", "no"), h)) for k, h in have.items()}
    parts["three-or-more"] = implies(conj(over, at_least(3, list(have.values()))), o.eq("game", "goes-on"))
    parts["two"] = implies(conj(over, exactly(2, list(have.values()))), o.eq("game", "last-two"))
    return parts


@clause("en.ending.3", "es.fin.3", kinds=("last-two",))
def the_last_two_count_or_switch(s: Any, o: Outcome) -> Any:
    """"The last 2 players can either count their cards and declare the one with the most cards the
    winner, or they can switch to one of the 2-player games and continue playing."

    Their choice is the step's input. Counting ends the game, and the one with more cards wins (with
    the same number, the sentence does not say); switching goes on with the 2-player game chosen.
    """
    if s.kind != "last-two":
        return None
    if s.choice[0] == "switch":
        return conj(o.eq("game", "goes-on"), o.eq("mode", s.choice[1]))
    a, b = s.active
    parts = {"game": conj(o.require("game", "over"), o.eq("mode", "standard"))}
    if s.cards[a] != s.cards[b]:
        w, other = (a, b) if s.cards[a] > s.cards[b] else (b, a)
        parts["winner"] = conj(o.require(f"wins.{pname(w)}", "yes"), o.eq(f"wins.{pname(other)}", "no"))
    return parts


@clause("en.object.2", "es.objeto.2", readings=("chomp.read.object_only_way",), kinds=("race", "turn", "last-two"))
def the_first_to_collect_all_the_cards_wins(s: Any, o: Outcome) -> Any:
    """"The first player to collect all of the cards wins the game."

    At the end of a round, when one player has all the cards still in play (nobody else has any and
    none is left in the centre) the game is over and he has won. Reading
    ``chomp.read.object_only_way``: this is a way to win, or the only way (nobody who has not
    collected all the cards wins: then the last two's count cannot declare a winner).
    """
    if s.kind == "last-two":
        if s.reading("chomp.read.object_only_way") != "the-only-way":
            return None
        return conj(*(o.eq(f"wins.{pname(p)}", "no") for p in s.active))
    over = the_round_ends(s, o)
    if over is False:
        return None
    parts = {}
    centre_empty = nothing_in_the_centre(s, o)
    for k in s.active:
        alone = conj(holds(s, o, k), *(neg(holds(s, o, j)) for j in s.active if j != k))
        parts[pname(k)] = implies(conj(over, alone, centre_empty), conj(
            o.require("game", "over"), o.require(f"wins.{pname(k)}", "yes"),
            *(o.eq(f"wins.{pname(j)}", "no") for j in s.active if j != k)))
    return parts


CLAUSES = [washed_up_when_all_your_cards_are_chomped, keep_playing_until_two_have_cards,
           the_last_two_count_or_switch, the_first_to_collect_all_the_cards_wins]
