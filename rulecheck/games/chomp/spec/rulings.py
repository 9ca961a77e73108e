"""Each option of Chomp!'s ruling points (``models/chomp/rulings.json``) as a constraint.

An option says what happens where its ruling point's question arises, and which clauses (or
clause parts) it sets aside there, as an explicit exception. Under a complete ruleset the clauses
plus the chosen options must determine every step the engine takes, and it must be the engine's.
"""

from __future__ import annotations

from typing import Any

from rulecheck.core.spec import Outcome, RulingConstraint, conj, disj, implies, neg, same
from rulecheck.games.chomp.spec.ending import holds, nothing_in_the_centre, the_round_ends
from rulecheck.games.chomp.spec.game_play import (
    chompable,
    for_each_winner,
    mine,
    octopus_rules,
    tvar,
)
from rulecheck.games.chomp.spec.two_player import face_up, faces, race_on_the_cards
from rulecheck.games.chomp.spec.vocabulary import (
    ACTION_CARDS,
    all_of,
    another_replay,
    bad,
    can_chomp,
    card_names,
    card_var,
    exactly,
    goes,
    higher,
    is_bad_chompers,
    is_race,
    is_reclaimed,
    kind_of,
    owner_of,
    pname,
    rank,
    reclaimed_by,
    reclaims,
    round_over,
    takes,
    to_discard,
    wins,
)

__all__ = ["RULINGS"]


# --------------------------------------------------------------------------- the 3+ player game's races

def _lower_not_lowest(s: Any) -> bool:
    slap = s.slap if s.kind == "race" else None
    if slap is None or s.eel or (s.octopus and not _octopus_ignored(s)) or s.mode not in ("standard", "doble-chomp"):
        return False
    p, q, t = slap
    m, low = mine(s, p), s.lowest
    return (q != p and m is not None and low is not None and rank(t) is not None and rank(m) is not None
            and rank(low) < rank(t) < rank(m))  # type: ignore[operator]


def _nobody(s: Any) -> bool:
    """Nobody slaps, and it is not an Ink Out (where that is the rule; an Octopus in an Ink Out
    replay is none under ``chomp.octopus_in_replay = octopus_ignored``)."""
    return s.kind == "race" and s.event[0] == "nobody" and not (
        octopus_rules(s) and s.mode in ("standard", "doble-chomp") and not _octopus_ignored(s))


def _octopus_ignored(s: Any) -> bool:
    """An Octopus turned up in an Ink Out replay, and the ruleset ignores it there."""
    return (s.kind == "race" and s.step == "ink-out-replay" and octopus_rules(s)
            and s.ruled("chomp.octopus_in_replay") == "octopus_ignored")


def _frenzy_higher_or_same(s: Any) -> bool:
    """The question of ``chomp.frenzy_vs_bad_chomp``: in a Feeding Frenzy, a slap on another
    player's card higher than the slapper's, or the same as his (any card: two Octopuses are the
    same card too, en.bad-chomp.4)."""
    slap = s.slap if s.kind == "race" else None
    if slap is None or not s.eel or s.mode not in ("standard", "doble-chomp"):
        return False
    p, q, t = slap
    m = mine(s, p)
    if q == p or m is None:
        return False
    if t in ACTION_CARDS and s.ruled("chomp.frenzy_special_cards") == "bad_chomp":
        return False  # nobody can chomp one: that question's option decides (chomp.frenzy_special_cards)
    if t == m:
        return True
    return rank(t) is not None and rank(m) is not None and rank(t) >= rank(m)  # type: ignore[operator]


def _frenzy_special_card(s: Any) -> bool:
    """The question of ``chomp.frenzy_special_cards``: in a Feeding Frenzy, a slap on another
    player's Octopus or Eel ("any card, except her own", en.feeding-frenzy.2, against "nobody can
    chomp an Octopus or an Electric eel", en.food-chain.3)."""
    slap = s.slap if s.kind == "race" else None
    if slap is None or not s.eel or s.mode not in ("standard", "doble-chomp"):
        return False
    p, q, t = slap
    return q != p and t in ACTION_CARDS


def _bad_chompers_cards(s: Any) -> list[tuple[int, str, int]]:
    return [(q, c, i) for q, c, i in s.table_cards() if q in s.bad_before]


def _opt_nobody(ruling: str, option: str) -> Any:
    """``chomp.nobody_slaps`` where someone could have won the race with a slap,
    ``chomp.nobody_can_chomp`` where nobody could."""
    def fn(s: Any, o: Outcome) -> Any:
        if not _nobody(s) or bool(s.could_win) != (ruling == "chomp.nobody_slaps"):
            return None
        if option == "replay_like_tie":
            # as after a tie; in Underwater War and Chomp rápido a tie is a war (en.underwater-war.3)
            war = s.mode in ("underwater-war", "chomp-rapido")
            req = [o.eq("next", "war" if war else "tie-replay"), o.eq("winner", "none")]
            req += [goes(o, tvar(q, c, i), "set-aside") for q, c, i in s.table_cards()]
            req += [o.eq(f"replays.{pname(p)}", "yes") for p in s.active if f"replays.{pname(p)}" in o.vars]
            return conj(*req)
        req = [o.eq("next", "round-over"), o.eq("winner", "none")]
        for q, c, i in s.table_cards():
            n = tvar(q, c, i)
            req.append(goes(o, n, "centre") if option == "stay_in_centre" or q in s.bad_before else to_discard(o, n, q))
        for n in card_names(o, "aside"):
            owner = owner_of(n)
            # (a player washed up during a replay, chomp.replay_no_card, has no discard pile to
            # reclaim his set-aside cards into: they stay in the centre)
            to_centre = option == "stay_in_centre" or owner is None or owner in s.bad_before or owner not in s.active \
                or is_bad_chompers(n)  # (en.bad-chomp.9: a Bad Chomper's cards stay in the centre)
            req.append(goes(o, n, "centre") if to_centre else to_discard(o, n, owner))  # type: ignore[arg-type]
        return conj(*req)
    return fn


def _opt_lower_not_lowest(option: str) -> Any:
    def fn(s: Any, o: Outcome) -> Any:
        if not _lower_not_lowest(s):
            return None
        if option == "bad_chomp":
            return bad(o)
        if option == "wins_round":
            return conj(wins(o, s.slap[0]), round_over(o), neg(bad(o)))
        return conj(o.eq("next", "race-goes-on"), neg(bad(o)))
    return fn


def _opt_frenzy(option: str) -> Any:
    def fn(s: Any, o: Outcome) -> Any:
        if not _frenzy_higher_or_same(s):
            return None
        if option == "frenzy_overrides":
            return neg(bad(o))
        return conj(bad(o), o.eq("next", "race-goes-on"))
    return fn


def _opt_frenzy_special(option: str) -> Any:
    """``any_card``: the slap is a chomp like any other, it wins the Frenzy unless it is a Bad
    Chomp (the same card as the slapper's, under ``chomp.frenzy_vs_bad_chomp``);
    ``bad_chomp``: nobody can chomp the card, the slap is a Bad Chomp and the Frenzy goes on."""
    def fn(s: Any, o: Outcome) -> Any:
        if not _frenzy_special_card(s):
            return None
        if option == "any_card":
            return implies(neg(bad(o)), wins(o, s.slap[0]))
        return conj(bad(o), o.eq("next", "race-goes-on"))
    return fn


def _frenzy_slap_with_aside(s: Any) -> bool:
    """A slap on another's card in a Feeding Frenzy while cards are set aside (a replay's race of the
    3+ player game or Doble Chomp): the question of ``chomp.eel_in_replay``."""
    return (s.kind == "race" and s.eel and s.step != "new-round" and s.slap is not None and s.slap[1] != s.slap[0]
            and bool(s.aside) and s.mode in ("standard", "doble-chomp"))


def _opt_eel_in_replay(option: str) -> Any:
    def fn(s: Any, o: Outcome) -> Any:
        if not _frenzy_slap_with_aside(s):
            return None
        # (where the slap wins the Feeding Frenzy: a Bad Chomp leaves the set-aside cards where they are)
        if option == "all_cards":
            return for_each_winner(s, o, lambda w: all_of([takes(s, o, n, w) for n in card_names(o, "aside")]))
        # (a Bad Chomper's cards of an earlier round of this one: the winner's, en.bad-chomp.8; a
        # player washed up during the replay has no discard pile to take his back into: the centre)
        return for_each_winner(s, o, lambda w: all_of([
            takes(s, o, n, w) if is_bad_chompers(n)
            else to_discard(o, n, owner_of(n)) if owner_of(n) in s.active  # type: ignore[arg-type]
            else goes(o, n, "centre")
            for n in card_names(o, "aside")]))
    return fn


def _opt_both_cards(option: str) -> Any:
    def fn(s: Any, o: Outcome) -> Any:
        if not _both_cards_at_stake(s):
            return None
        bads = _bad_chompers_cards(s)
        if not bads:
            return None

        def body(w: int) -> Any:
            req = []
            for q, c, i in bads:
                chomps = _one_can_chomp(s.table[w], c) if s.mode == "doble-chomp" else can_chomp(mine(s, w), c)
                if q == w or s.eel or chomps:
                    continue
                n = tvar(q, c, i)
                req.append(takes(s, o, n, w) if option == "winner_takes_both" else to_discard(o, n, q))
            return all_of(req)

        return for_each_winner(s, o, body)
    return fn


def _both_cards_at_stake(s: Any) -> bool:
    """A race whose winner may not take every card of a Bad Chomper: the 3+ player game's, or a
    Doble Chomp replay's where the winner takes only what he can chomp (``chomp.doble_replay_winnings
    = chompable_only``; elsewhere he takes the 4 cards, es.doble-chomp.2)."""
    if s.kind != "race":
        return False
    if s.mode == "doble-chomp":
        return (s.step in ("ink-out-replay", "tie-replay")
                and s.ruled("chomp.doble_replay_winnings") == "chompable_only")
    return s.mode == "standard"


def _both_cards_overrides(option: str) -> Any:
    """The option settles, for each Bad Chomper's turned-over card, the clash between 'takes both
    of your cards' and the clauses that send a card the winner cannot chomp back to its owner."""
    def fn(s: Any, o: Outcome) -> list[str]:
        names = [tvar(q, c, i) for q, c, i in _bad_chompers_cards(s)]
        clauses = (("en.gameplay.4", "en.tie.5", "en.ink-out.5") if option == "winner_takes_both"
                   else ("en.bad-chomp.8",))
        return list(_everywhere(tuple(f"{c}[{n}]" for c in clauses for n in names)))
    return fn


def _opt_bad_chomp_no_card(option: str) -> Any:
    def fn(s: Any, o: Outcome) -> Any:
        slap = s.slap if s.kind == "race" else None
        if slap is None or s.pile[slap[0]] or not s.has_discard[slap[0]]:
            return None
        return implies(bad(o), o.eq("penalty", "centre") if option == "shuffle_then_put" else o.eq("penalty", "none"))
    return fn


def _opt_octopus_in_replay(option: str) -> Any:
    """``octopus_ignored``: an ordinary race, in which the Octopus is a card nobody can chomp and
    that chomps nothing: slapping it, or slapping with it, is a Bad Chomp."""
    def fn(s: Any, o: Outcome) -> Any:
        if s.kind != "race" or s.step != "ink-out-replay" or not octopus_rules(s):
            return None
        if option == "ink_out_again":
            return is_race(o, "ink-out")
        slap = s.slap
        if slap is not None and "octopus" in (slap[2], mine(s, slap[0])):
            return conj(is_race(o, "chomp"), bad(o))
        return is_race(o, "chomp")
    return fn


def _octopus_ignored_overrides(s: Any, o: Outcome) -> tuple[str, ...]:
    """``octopus_ignored`` sets aside the Ink Out (en.ink-out.2, 6, and the Octopus's Bad Chomp,
    en.bad-chomp.2 and 6); where nobody slaps, the Ink Out's replay (en.ink-out.3: the round is an
    ordinary one, and nobody slapping is a ruling point of its own); where a slap meets an Octopus,
    what the Ink Out replay's first slap on the lowest card wins (en.ink-out.4)."""
    ids = ["en.ink-out.2", "en.ink-out.6", "en.bad-chomp.2", "en.bad-chomp.6"]
    if s.kind == "race" and s.event[0] == "nobody":
        ids.append("en.ink-out.3")
    slap = s.slap if s.kind == "race" else None
    if slap is not None and "octopus" in (slap[2], mine(s, slap[0])):
        ids.append("en.ink-out.4")
        if s.mode == "doble-chomp":
            ids.append("es.doble-chomp.2[winner]")  # (Doble Chomp's own "first to slap the lowest")
    return _everywhere(tuple(ids))


def _opt_tie_players(option: str) -> Any:
    def fn(s: Any, o: Outcome) -> Any:
        if s.kind != "race" or s.event[0] != "tie" or s.mode not in ("standard", "doble-chomp"):
            return None
        group = set(s.event[1:])
        return conj(*[o.eq(f"replays.{pname(p)}", "yes" if option == "all_players" or p in group else "no")
                      for p in s.active])
    return fn


def _doble_replay_winner(s: Any) -> bool:
    return s.kind == "race" and s.mode == "doble-chomp" and s.step in ("ink-out-replay", "tie-replay") \
        and not s.eel and bool(s.slap)


def _one_can_chomp(cards: tuple[str, ...], prey: str) -> bool:
    return any(can_chomp(c, prey) for c in cards)


def _opt_doble_replay_winnings(option: str) -> Any:
    def fn(s: Any, o: Outcome) -> Any:
        if not _doble_replay_winner(s):
            return None

        def body(w: int) -> Any:
            req = []
            for q, c, i in s.table_cards():
                n = tvar(q, c, i)
                if option == "all_four" or q == w or _one_can_chomp(s.table[w], c):
                    req.append(takes(s, o, n, w))
                elif q in s.bad_before:
                    continue  # (a Bad Chomper's card: chomp.bad_chomp_both_cards, as in the engine)
                elif s.step == "ink-out-replay":
                    req.append(_back_to(s, o, n, q))
                else:
                    req.append(to_discard(o, n, q))
            return all_of(req)

        return for_each_winner(s, o, body)
    return fn


def _doble_replay_overrides(option: str) -> Any:
    """``all_four`` sets aside, for the replay's cards, the normal game's 'cards she can't chomp
    are reclaimed' and 'she gets the cards she can chomp'; ``chompable_only`` sets aside 'the 4
    cards'."""
    def fn(s: Any, o: Outcome) -> list[str]:
        if option == "chompable_only":
            return ["es.doble-chomp.2[cards]"]
        names = [tvar(q, c, i) for q, c, i in s.table_cards()]
        return [f"es.doble-chomp.3[{c}:{n}]" for c in ("en.ink-out.5", "en.tie.4", "en.tie.5") for n in names]
    return fn


def _opt_tie_winnings(option: str) -> Any:
    def fn(s: Any, o: Outcome) -> Any:
        if s.kind != "race" or s.step != "tie-replay" or s.mode not in ("standard", "doble-chomp"):
            return None
        if s.mode == "doble-chomp":  # (the replay's own cards are chomp.doble_replay_winnings')
            def tie_cards(w: int) -> Any:
                return all_of([takes(s, o, n, w) if option == "all_tie_cards" or owner_of(n) == w or is_bad_chompers(n)
                               or _one_can_chomp(s.table[w], kind_of(n))
                               else _back_to(s, o, n, owner_of(n))  # type: ignore[arg-type]
                               for n in card_names(o, "aside-tie")])
            won = for_each_winner(s, o, tie_cards)  # (a Feeding Frenzy's winner takes them all: not this)
            return None if won is None else implies(is_race(o, "chomp"), won)

        def body(w: int) -> Any:
            m = mine(s, w)
            req = []
            for n in card_names(o, "aside-tie"):
                q, c = owner_of(n), kind_of(n)
                if option == "all_tie_cards" or q == w or can_chomp(m, c) or is_bad_chompers(n):
                    req.append(to_discard(o, n, w))  # (a Bad Chomper's: the winner's, en.bad-chomp.8)
                else:
                    req.append(_back_to(s, o, n, q))  # type: ignore[arg-type]
            for q, c, i in s.table_cards():
                n = tvar(q, c, i)
                if q != w and can_chomp(m, c):
                    req.append(to_discard(o, n, w))
                elif q == w or q not in s.bad_before:  # (the winner's own, though he made a Bad Chomp)
                    req.append(to_discard(o, n, q))
            return all_of(req)

        won = for_each_winner(s, o, body)
        return None if won is None else implies(is_race(o, "chomp"), won)
    return fn


def _opt_chained_replay(option: str) -> Any:
    """``chomp.chained_replay_cards``: a replay that ends in another replay has no winner to take the
    cards set aside before it (en.ink-out.4, en.tie.3 give them to the replay's winner). They go to
    the centre (``stay_in_centre``), or stay set aside with the next replay's cards
    (``join_next_replay``: the next replay's clauses then treat them as its own round's). A Bad
    Chomper's are not this ruling's: they stay aside for the round's winner (en.bad-chomp.8)."""
    where = "centre" if option == "stay_in_centre" else "set-aside"

    def fn(s: Any, o: Outcome) -> Any:
        earlier = [n for n in card_names(o, "aside") if not is_bad_chompers(n)]
        if not reclaims(s) or not earlier:
            return None
        return implies(another_replay(o), conj(*[goes(o, n, where) for n in earlier]))
    return fn


def _reclaimed_to_pile(s: Any) -> bool | None:
    """Under the ruleset, whether reclaimed cards go back into their owner's pile
    (``chomp.reclaimed_cards``); None where the ruleset leaves it open (then the reading says)."""
    answer = s.ruled("chomp.reclaimed_cards")
    return None if answer is None else answer == "bottom_of_pile"


def _back_to(s: Any, o: Outcome, n: str, q: int) -> Any:
    """A card of ``q`` that the replay's winner does not take: reclaimed as the ruleset says, or (not
    one of the reclaimed cards, :func:`is_reclaimed`) to his discard pile; a player washed up during
    the replay has none: to the centre (``chomp.replay_no_card = washed_up``)."""
    if q not in s.active:
        return goes(o, n, "centre")
    return reclaimed_by(s, o, n, q, _reclaimed_to_pile(s)) if is_reclaimed(s, n, q) else to_discard(o, n, q)


def _reclaimable(s: Any, o: Outcome) -> list[tuple[str, int]]:
    """The cards of a replay's race that, not won, are "reclaimed by the players who turned them
    over" (:func:`is_reclaimed`): after an Ink Out the replay's own cards (en.ink-out.5), after a tie
    the tie round's (en.tie.5). (name, owner)."""
    if not reclaims(s) or s.slap is None or s.eel:
        return []
    if s.step == "ink-out-replay":
        names = [(tvar(q, c, i), q) for q, c, i in s.table_cards()]
    else:
        names = [(n, owner_of(n)) for n in card_names(o, "aside-tie")]  # type: ignore[misc]
    return [(n, q) for n, q in names if is_reclaimed(s, n, q)]  # type: ignore[misc]


def _opt_reclaimed(option: str) -> Any:
    """In the 3+ player game's replay after an Ink Out, another player's card the winner can't chomp
    goes to its owner's discard pile (``discard_pile``) or back to his pile (``bottom_of_pile``).
    (The tie round's cards, and Doble Chomp's: where ``chomp.tie_replay_winnings`` and
    ``chomp.doble_replay_winnings`` give them back, they follow this ruling.)"""
    pile = option == "bottom_of_pile"

    def fn(s: Any, o: Outcome) -> Any:
        if s.mode == "doble-chomp" and _reclaimable(s, o):
            return True  # (where: chomp.doble_replay_winnings, chomp.tie_replay_winnings, which follow this)
        if s.mode != "standard" or not _reclaimable(s, o) or s.step != "ink-out-replay":
            return None

        def body(w: int) -> Any:
            return all_of([implies(neg(chompable(s, o, w, q, c)), reclaimed_by(s, o, tvar(q, c, i), q, pile))
                           for q, c, i in s.table_cards() if q != w and is_reclaimed(s, tvar(q, c, i), q)])
        return for_each_winner(s, o, body)
    return fn


def _reclaimed_overrides(s: Any, o: Outcome) -> list[str]:
    """Where a card can be reclaimed, what 'reclaimed by the players who turned them over' says of
    its place (en.ink-out.5, en.tie.5)."""
    return [x for n, _ in _reclaimable(s, o) for x in _everywhere((f"en.ink-out.5[{n}]", f"en.tie.5[{n}]"))]


def _opt_reshuffle(option: str) -> Any:
    def fn(s: Any, o: Outcome) -> Any:
        slap = s.slap if s.kind == "race" else None
        if slap is None or f"shuffle.{pname(slap[0])}" not in o.vars:
            return None
        name = f"shuffle.{pname(slap[0])}"
        # the pile runs out now only if its last card leaves it: a Bad Chomp's penalty card
        return o.eq(name, "no") if option == "when_needed" else same(o.eq(name, "yes"), bad(o))
    return fn


# --------------------------------------------------------------------------- the end of the game

def _opt_fewer_than_two(option: str) -> Any:
    """``chomp.fewer_than_two_left``: in the 3+ player game, fewer than two players have cards
    after a round; in a 2-player game, one of them (or neither) has cards while cards are left in
    the centre, so nobody has collected all the cards."""
    def fn(s: Any, o: Outcome) -> Any:
        if s.kind not in ("race", "turn") or _doble_losers(s):
            return None  # (a Doble Chomp player short of cards lost the game first: chomp.doble_short)
        over = the_round_ends(s, o)
        if over is False:
            return None
        have = {k: holds(s, o, k) for k in s.active}
        if s.mode == "standard":
            few = conj(over, neg(exactly(2, list(have.values()))), neg(_three_or_more(have)))
        else:
            few = conj(over, neg(exactly(2, list(have.values()))),
                       disj(neg(nothing_in_the_centre(s, o)), exactly(0, list(have.values()))))
        if option == "shared_last_round":
            gone = _washed_up_now(s) if s.kind == "turn" else []  # (out before the round ends)
            res = [o.require(f"wins.{pname(k)}", "no" if k in gone else "yes") for k in s.active]
        else:
            res = [same(o.require(f"wins.{pname(k)}", "yes"), h) for k, h in have.items()]
        return implies(few, conj(o.require("game", "over"), *res))
    return fn


def _three_or_more(have: dict[int, Any]) -> Any:
    from rulecheck.games.chomp.spec.vocabulary import at_least

    return at_least(3, list(have.values()))


def _opt_player_count(option: str) -> Any:
    def fn(s: Any, o: Outcome) -> Any:
        if s.kind != "deal" or s.mode != "standard":
            return None
        return o.eq("game", "over" if option == "three_to_six" and s.players > 6 else "goes-on")
    return fn


def _opt_count_declares_winner(option: str) -> Any:
    def fn(s: Any, o: Outcome) -> Any:
        if s.kind != "last-two" or s.choice[0] != "count":
            return None
        if option == "no_winner":
            return conj(*(o.eq(f"wins.{pname(p)}", "no") for p in s.active))
        return True
    return fn


def _opt_count_tie(option: str) -> Any:
    """A tied count's winners: asked only where the count declares a winner at all
    (chomp.count_declares_winner)."""
    def fn(s: Any, o: Outcome) -> Any:
        if s.kind != "last-two" or s.choice[0] != "count" or s.ruled("chomp.count_declares_winner") == "no_winner":
            return None
        a, b = s.active
        if s.cards[a] != s.cards[b]:
            return None
        label = "yes" if option == "shared_win" else "no"
        return conj(*(o.require(f"wins.{pname(p)}", label) if label == "yes" else o.eq(f"wins.{pname(p)}", label)
                      for p in (a, b)))
    return fn


# --------------------------------------------------------------------------- replays and turn-overs

def _replay_turn(s: Any) -> bool:
    return s.kind == "turn" and s.step in ("ink-out-replay", "tie-replay")


def _replay_without_a_card(s: Any) -> list[int]:
    """The players who must play another card in a replay (3+ player game, Doble Chomp) and have
    none: everyone, if nobody has one (then ``chomp.replay_nobody_can_play`` says where the
    set-aside cards go). In Doble Chomp under ``chomp.doble_short = loses_game`` they lose first."""
    if not _replay_turn(s) or s.mode not in ("standard", "doble-chomp") or _doble_losers(s):
        return []
    return [p for p in s.plays if not s.top[p]]


def _washed_up_now(s: Any) -> list[int]:
    """The players ``chomp.replay_no_card = washed_up`` puts out at this turn-over."""
    return _replay_without_a_card(s) if s.ruled("chomp.replay_no_card") == "washed_up" else []


def _opt_replay_no_card(option: str) -> Any:
    """``sits_out``: he plays no card (where nobody has one, the round just ends: the end of the
    round says who is washed up); ``washed_up``: he is out at once, everyone without a card."""
    def fn(s: Any, o: Outcome) -> Any:
        empty = _replay_without_a_card(s)
        if not empty or (option == "sits_out" and len(empty) == len(s.plays)):
            return None
        outs = conj(*(o.eq(f"out.{pname(p)}", "yes" if option == "washed_up" else "no") for p in empty
                      if f"out.{pname(p)}" in o.vars))  # (a 2-player game has no one out: it ends)
        if option != "washed_up":
            return outs
        # washed up at once, in the middle of the round: nobody else is, and the game goes on
        others = [o.eq(n, "no") for n in o.vars if n.startswith(("out.", "wins."))
                  and not any(n == f"out.{pname(p)}" for p in empty)]
        return conj(outs, implies(neg(o.eq("next", "round-over")), conj(o.eq("game", "goes-on"), *others)))
    return fn


def _replay_no_card_overrides(option: str) -> Any:
    """``washed_up`` sets aside, where it applies, the principle that nobody is washed up while the
    round goes on."""
    def fn(s: Any, o: Outcome) -> list[str]:
        return ["frame.nothing_ends_while_the_round_goes_on"] if option == "washed_up" and \
            _replay_without_a_card(s) else []
    return fn


def _opt_replay_nobody(option: str, modes: tuple[str, ...]) -> Any:
    """``chomp.replay_nobody_can_play`` (3+ player game, Doble Chomp: a replay) and
    ``chomp.two_player_nobody_can_play`` (Underwater War, rápido: any turn-over but a new
    round's): nobody who is to play has a card."""
    def fn(s: Any, o: Outcome) -> Any:
        if s.kind != "turn" or s.mode not in modes or s.step == "new-round" or any(s.top[p] for p in s.plays):
            return None
        if _doble_losers(s):
            return None  # (they lose the game first: chomp.doble_short)
        req = [o.eq("next", "round-over")]
        out = _washed_up_now(s)
        for n in card_names(o, "aside"):
            owner = owner_of(n)
            # (an owner washed up, at this turn-over or before, has no discard pile to take them back into)
            back = option == "owners_reclaim" and owner in s.active and owner not in out and not is_bad_chompers(n)
            req.append(to_discard(o, n, owner) if back else goes(o, n, "centre"))  # type: ignore[arg-type]
        return conj(*req)
    return fn


def _doble_replay_turn(s: Any) -> bool:
    """The question of ``chomp.doble_replay_cards``: the turn-over of a Doble Chomp replay (after
    an Ink Out or a tie) where a player who plays has a card to turn over."""
    return (s.kind == "turn" and s.mode == "doble-chomp" and s.step in ("ink-out-replay", "tie-replay")
            and any(s.top[p] for p in s.plays))


def _one_card_replay(s: Any) -> bool:
    """A Doble Chomp replay's turn-over under ``chomp.doble_replay_cards = one_card``."""
    return _doble_replay_turn(s) and s.ruled("chomp.doble_replay_cards") == "one_card"


def _opt_doble_replay_cards(option: str) -> Any:
    """``two_cards``: each player who plays turns over his top two cards (as many as he has, under
    ``chomp.doble_short``); ``one_card``: his top card only, the second staying on his pile."""
    def fn(s: Any, o: Outcome) -> Any:
        if not _doble_replay_turn(s):
            return None
        if s.ruled("chomp.doble_short") == "loses_game" and _doble_losers(s):
            return None  # (nobody turns a card over: a player short of cards loses, chomp.doble_short)
        if option == "two_cards":
            return conj(*(goes(o, card_var("top", p, c, i), "face-up") for p in s.plays if len(s.top[p]) == 2
                          for i, c in enumerate(s.top[p])))
        return conj(o.eq("next", "race"), *(goes(o, card_var("top", p, c, i), "pile" if i else "face-up")
                                            for p in s.plays for i, c in enumerate(s.top[p])))
    return fn


def _doble_replay_cards_overrides(option: str) -> Any:
    """``one_card`` sets aside, at a Doble Chomp replay's turn-over, the two cards of
    es.doble-chomp.3's reading of "each player plays another card" (en.ink-out.3, en.tie.2)."""
    def fn(s: Any, o: Outcome) -> list[str]:
        if option != "one_card" or not _doble_replay_turn(s):
            return []
        return ["es.doble-chomp.3[en.ink-out.3]", "es.doble-chomp.3[en.tie.2]"]
    return fn


def _doble_losers(s: Any) -> list[int]:
    """Under ``chomp.doble_short = loses_game``: the players of a Doble Chomp turn-over short of
    the two cards they must turn over (one card, or, in a replay, none: the option's "he loses the
    game" comes before ``chomp.replay_no_card``); they lose before anyone turns a card over. A
    replay of one card each (``chomp.doble_replay_cards = one_card``) leaves nobody short."""
    if s.kind != "turn" or s.mode != "doble-chomp" or s.ruled("chomp.doble_short") != "loses_game" \
            or _one_card_replay(s):
        return []
    return [p for p in s.plays if len(s.top[p]) < 2]


def _opt_doble_short(option: str) -> Any:
    def fn(s: Any, o: Outcome) -> Any:
        if s.kind != "turn" or s.mode != "doble-chomp":
            return None
        if option == "turn_what_you_have":
            short = [p for p in s.plays if len(s.top[p]) == 1]
            return conj(*(goes(o, card_var("top", p, s.top[p][0], 0), "face-up") for p in short)) if short else None
        short = _doble_losers(s)
        if not short:
            return None
        others = [p for p in s.active if p not in short]
        # nobody turns a card over: every pile's top cards stay where they are
        tops = [goes(o, card_var("top", p, c, i), "pile") for p in s.plays for i, c in enumerate(s.top[p])]
        return conj(o.eq("next", "round-over"), o.require("game", "over"), *tops,
                    *(o.require(f"wins.{pname(p)}", "yes" if p in others else "no") for p in s.active))
    return fn


def _doble_short_overrides(option: str) -> Any:
    """``loses_game`` sets aside, where a player is short, the turn-over of es.doble-chomp.1 (in a
    replay, the normal game's "each player plays another card" it brings in, es.doble-chomp.3) and
    what es.dos-jugadores.1 says of a game both players still hold cards in: the game ends before
    anyone turns a card over."""
    def fn(s: Any, o: Outcome) -> list[str]:
        if option != "loses_game" or not _doble_losers(s):
            return []
        return ["es.doble-chomp.1", "es.dos-jugadores.1", "es.doble-chomp.3[en.ink-out.3]",
                "es.doble-chomp.3[en.tie.2]"]
    return fn


# --------------------------------------------------------------------------- the 2-player games

def _two_player_race(s: Any) -> bool:
    return s.kind == "race" and s.mode != "standard"


def _opt_two_player_bad_chomps(option: str) -> Any:
    def fn(s: Any, o: Outcome) -> Any:
        if not _two_player_race(s) or s.slap is None or option == "apply":
            return None
        return neg(bad(o))
    return fn


def _opt_won_cards(option: str) -> Any:
    def fn(s: Any, o: Outcome) -> Any:
        if s.kind not in ("race", "turn") or s.mode == "standard":
            return None
        names = card_names(o) + (["penalty"] if "penalty" in o.vars else [])
        other = "pile" if option == "discard_pile" else "discard"
        req = []
        # (peek: "not there" says nowhere a card goes, so the frame still places the cards nobody moves)
        back = _given_back(s, o)
        for w in (int(x[1:]) - 1 for x in o.labels["winner"] if x != "none"):
            won = [n for n in names if not (n in back and owner_of(n) == w)]
            req.append(implies(o.eq("winner", pname(w)), conj(*(neg(o.peek(n, f"{other}:{pname(w)}")) for n in won))))
        return all_of(req)
    return fn


def _given_back(s: Any, o: Outcome) -> set[str]:
    """The set-aside cards a Feeding Frenzy's winner does not win but gives back to their owners, to
    their discard piles (``chomp.eel_in_replay = current_cards_only``): the winner's own among them
    are not cards he won (``chomp.two_player_won_cards`` does not place them)."""
    if (s.mode != "doble-chomp" or not _frenzy_slap_with_aside(s)
            or s.ruled("chomp.eel_in_replay") != "current_cards_only"):
        return set()
    return {n for n in card_names(o, "aside") if not is_bad_chompers(n)}


def _own_slap(s: Any, card: str | None = None) -> int | None:
    slap = s.slap if s.kind == "race" else None
    if slap is None or slap[1] != slap[0] or (card is not None and slap[2] != card):
        return None
    return slap[0]


def _opt_uw_own_eel(option: str) -> Any:
    def fn(s: Any, o: Outcome) -> Any:
        if not _two_player_race(s) or s.mode == "doble-chomp" or not s.eel:
            return None
        p = _own_slap(s, "eel")
        if p is None:
            return None
        if option == "own_is_bad_chomp":
            return conj(bad(o), o.eq("next", "race-goes-on"))
        return conj(neg(bad(o)), wins(o, p), round_over(o))
    return fn


def _own_eel_overrides(option: str) -> tuple[str, ...]:
    if option == "own_is_bad_chomp":
        return ("en.underwater-war.5[slap]", "es.chomp-rapido.4[en.underwater-war.5:slap]")
    return ("es.dos-jugadores.2[en.bad-chomp.5]", "es.dos-jugadores.2[en.bad-chomp.2]")


def _eel_race_wrong_slap(s: Any) -> bool:
    """In the 2-player Eel race, a slap on the other player's card that is not an Eel."""
    slap = s.slap if s.kind == "race" else None
    return (slap is not None and s.mode in ("underwater-war", "chomp-rapido") and s.eel and slap[1] != slap[0]
            and slap[2] != "eel")


def _opt_eel_race_wrong_card(option: str) -> Any:
    def fn(s: Any, o: Outcome) -> Any:
        if not _eel_race_wrong_slap(s):
            return None
        return conj(bad(o) if option == "bad_chomp" else neg(bad(o)), o.eq("next", "race-goes-on"))
    return fn


def _opt_own_lowest(mode: str, allowed: bool) -> Any:
    """``chomp.rapido_own_card`` / ``chomp.doble_lowest_yours``: slapping the lowest card when it is
    one's own."""
    def fn(s: Any, o: Outcome) -> Any:
        if s.kind != "race" or s.mode != mode or s.eel or (s.octopus and not _octopus_ignored(s)):
            return None
        p = _own_slap(s, s.lowest)
        if p is None:
            return None
        if allowed:
            return conj(neg(bad(o)), wins(o, p), round_over(o))
        return conj(bad(o), o.eq("next", "race-goes-on"))
    return fn


def _own_lowest_overrides(mode: str, allowed: bool) -> tuple[str, ...]:
    if allowed:
        return ("es.dos-jugadores.2[en.bad-chomp.5]", "es.dos-jugadores.2[en.bad-chomp.2]")
    return ("es.chomp-rapido.2[slap]",) if mode == "chomp-rapido" else ("es.doble-chomp.2[winner]",)


def _doble_slap_on_the_lowest(s: Any) -> tuple[int, int, str] | None:
    slap = s.slap if s.kind == "race" else None
    if (slap is None or s.mode != "doble-chomp" or s.eel or (s.octopus and not _octopus_ignored(s))
            or slap[1] == slap[0] or slap[2] != s.lowest):
        return None
    return slap


def _opt_doble_which(option: str) -> Any:
    def fn(s: Any, o: Outcome) -> Any:
        slap = _doble_slap_on_the_lowest(s)
        if slap is None:
            return None
        p, _, t = slap
        if _doble_cards_qualify(option, s.table[p], t):
            return conj(neg(bad(o)), wins(o, p), round_over(o))
        return conj(bad(o), o.eq("next", "race-goes-on"))
    return fn


def _doble_which_overrides(option: str) -> Any:
    """Both options settle who may slap the lowest card (es.doble-chomp.2, and the Bad Chomps of a
    card higher or the same); where the slapper's cards do not qualify in a replay, also the
    replay's "first to slap the lowest card" (en.tie.3, en.ink-out.4, brought in by es.doble-chomp.3)."""
    static = ["es.doble-chomp.2[winner]", "es.dos-jugadores.2[en.bad-chomp.2]", "es.dos-jugadores.2[en.bad-chomp.3]",
              "es.dos-jugadores.2[en.bad-chomp.4]"]

    def fn(s: Any, o: Outcome) -> list[str]:
        slap = _doble_slap_on_the_lowest(s)
        if slap is None or s.step not in ("tie-replay", "ink-out-replay"):
            return static
        if _doble_cards_qualify(option, s.table[slap[0]], slap[2]):
            return static
        return [*static, "es.doble-chomp.3[en.tie.3:winner]", "es.doble-chomp.3[en.ink-out.4]"]
    return fn


def _doble_cards_qualify(option: str, cards: tuple[str, ...], prey: str) -> bool:
    """Under ``chomp.doble_which_card``: the slapper's cards may chomp the lowest card ``prey``
    (either of them, or both)."""
    return (any if option == "either_card" else all)(can_chomp(c, prey) for c in cards)


def _uw_turn(s: Any) -> bool:
    return s.kind == "turn" and s.mode in ("underwater-war", "chomp-rapido")


def _kinds_up(s: Any) -> set[str]:
    f = faces(s)
    return {c for _, c, _ in f} if f else set()


def _round_cards(s: Any, o: Outcome) -> list[str]:
    names = [card_var("top", p, c, i) for p, c, i in s.top_cards() if i <= (2 if s.step == "war" else 0)]
    return names + card_names(o, "aside")


def _opt_later_tie(step: str, tie: str, option: str) -> Any:
    """The creatures of a later turn-over the same (``step``: ``war``, a war's face-up cards;
    ``next-card``, the next cards after an Octopus), where the higher card that takes all does not
    exist: a tie, and so a war (the option ``tie``), or nobody wins and each player takes his cards
    back to his discard pile (``called_off``)."""
    def fn(s: Any, o: Outcome) -> Any:
        if not _uw_turn(s) or s.step != step:
            return None
        f = faces(s)
        if f is None or f[0][1] != f[1][1] or rank(f[0][1]) is None:
            return None
        if option == tie:
            return conj(o.eq("next", "war"), o.eq("winner", "none"),
                        *(goes(o, n, "set-aside") for n in _round_cards(s, o)))
        return _called_off(o, _round_cards(s, o))
    return fn


def _opt_war_tie(option: str) -> Any:
    """``chomp.war_tie``: the war's face-up creatures the same again: another war (``another_war``),
    or the war called off (``called_off``)."""
    return _opt_later_tie("war", "another_war", option)


def _opt_next_card_tie(option: str) -> Any:
    """``chomp.next_card_tie``: the next creatures turned over after an Octopus the same
    (en.underwater-war.6): a war (``war``), or the round called off (``called_off``)."""
    return _opt_later_tie("next-card", "war", option)


def _called_off(o: Outcome, names: list[str]) -> Any:
    """Nobody wins the round and each player takes the cards ``names`` of his back to his discard
    pile (a war called off: ``chomp.war_tie = called_off``; the next cards after an Octopus the
    same: ``chomp.next_card_tie = called_off``)."""
    return conj(o.eq("next", "round-over"), o.eq("winner", "none"),
                *(to_discard(o, n, owner_of(n)) for n in names))  # type: ignore[arg-type]


def _opt_uw_octopus_pair(option: str) -> Any:
    def fn(s: Any, o: Outcome) -> Any:
        if not _uw_turn(s):
            return None
        f = faces(s)
        if f is None or f[0][1] != "octopus" or f[1][1] != "octopus":
            return None
        nxt = "next-card" if option == "next_card" else "war"
        return conj(o.eq("next", nxt), o.eq("winner", "none"), *(goes(o, n, "set-aside") for n in _round_cards(s, o)))
    return fn


def _octopus_pair_overrides(option: str) -> tuple[str, ...]:
    if option == "next_card":
        return ("en.underwater-war.3[tie]", "es.chomp-rapido.4[en.underwater-war.3:tie]")
    return ("en.underwater-war.6[octopus]", "es.chomp-rapido.4[en.underwater-war.6:octopus]")


def _opt_uw_eel_pair(option: str) -> Any:
    def fn(s: Any, o: Outcome) -> Any:
        if not _uw_turn(s):
            return None
        f = faces(s)
        if f is None or f[0][1] != "eel" or f[1][1] != "eel":
            return None
        if option == "eel_race":
            return race_on_the_cards(s, o)
        return conj(o.eq("next", "war"), o.eq("winner", "none"), *(goes(o, n, "set-aside") for n in _round_cards(s, o)))

    def race(s: Any, o: Outcome) -> Any:
        p = _eel_race_both_eels(s)
        if p is None or option != "eel_race":
            return None
        won = [takes(s, o, tvar(q, c, i), p) for q, c, i in s.table_cards()]
        won += [takes(s, o, n, p) for n in card_names(o, "aside")]
        return conj(neg(bad(o)), wins(o, p), round_over(o), *won)

    return lambda s, o: race(s, o) if s.kind == "race" else fn(s, o)


def _opt_eel_race_tie(option: str) -> Any:
    def fn(s: Any, o: Outcome) -> Any:
        if s.kind != "race" or s.mode != "underwater-war" or s.event[0] != "tie":
            return None
        names = [tvar(q, c, i) for q, c, i in s.table_cards()] + card_names(o, "aside")
        if option == "war":
            return conj(o.eq("next", "war"), o.eq("winner", "none"), *(goes(o, n, "set-aside") for n in names))
        return conj(o.eq("next", "round-over"), o.eq("winner", "none"),
                    *(to_discard(o, n, owner_of(n)) for n in names))  # type: ignore[arg-type]
    return fn


def _eel_race_both_eels(s: Any) -> int | None:
    """In the 2-player Eel race with an Eel on each side, a slap on the other player's Eel (the same
    card as the slapper's: a Bad Chomp by en.bad-chomp.4, the winning slap by en.underwater-war.5)."""
    slap = s.slap if s.kind == "race" else None
    if slap is None or s.mode not in ("underwater-war", "chomp-rapido") or slap[1] == slap[0] or slap[2] != "eel":
        return None
    return slap[0] if "eel" in s.table[slap[0]] else None


def _eel_pair_overrides(option: str) -> Any:
    def fn(s: Any, o: Outcome) -> tuple[str, ...]:
        if s.kind == "race":  # the race between two Eels: 'the same as yours' gives way
            return ("es.dos-jugadores.2[en.bad-chomp.2]", "es.dos-jugadores.2[en.bad-chomp.4]")
        if option == "eel_race":
            return ("en.underwater-war.3[tie]", "es.chomp-rapido.4[en.underwater-war.3:tie]")
        return ("en.underwater-war.5", "es.chomp-rapido.4[en.underwater-war.5]")
    return fn


def _opt_uw_eel_vs_octopus(option: str) -> Any:
    def fn(s: Any, o: Outcome) -> Any:
        if not _uw_turn(s) or not {"eel", "octopus"} <= _kinds_up(s):
            return None
        if option == "eel_prevails":
            return race_on_the_cards(s, o)
        return conj(o.eq("next", "next-card"), o.eq("winner", "none"),
                    *(goes(o, n, "set-aside") for n in _round_cards(s, o)))
    return fn


def _eel_vs_octopus_overrides(option: str) -> tuple[str, ...]:
    if option == "eel_prevails":
        return ("en.underwater-war.6[octopus]", "es.chomp-rapido.4[en.underwater-war.6:octopus]")
    return ("en.underwater-war.5", "es.chomp-rapido.4[en.underwater-war.5]", "en.octopus-vs-eel.1")


def _rapido_after_war(s: Any) -> tuple[tuple[int, str, int], tuple[int, str, int]] | None:
    if s.kind != "turn" or s.mode != "chomp-rapido" or s.step not in ("war", "next-card"):
        return None
    f = faces(s)
    if f is None or rank(f[0][1]) is None or rank(f[1][1]) is None or f[0][1] == f[1][1]:
        return None
    return f[0], f[1]


def _opt_rapido_after_war(option: str) -> Any:
    """``race_again``: after a war or an Octopus, Chomp rápido's race decides, and its winner takes
    the cards set aside before it too (the race's rule, es.chomp-rapido.3, names the two face-up
    cards only); ``higher_wins``: the higher card takes them all."""
    def fn(s: Any, o: Outcome) -> Any:
        if s.kind == "race" and s.mode == "chomp-rapido" and s.step in ("war", "next-card") and not s.eel:
            if option != "race_again" or s.slap is None:
                return None
            return for_each_winner(s, o, lambda w: all_of([takes(s, o, n, w) for n in card_names(o, "aside")]))
        pair = _rapido_after_war(s)
        if pair is None:
            return None
        if option == "race_again":
            return race_on_the_cards(s, o)
        (a, ca, _), (b, cb, _) = pair
        w = a if higher(ca, cb) else b
        return conj(wins(o, w), o.eq("next", "round-over"), *(takes(s, o, n, w) for n in _round_cards(s, o)))
    return fn


def _rapido_after_war_overrides(option: str) -> tuple[str, ...]:
    if option == "race_again":
        return ("es.chomp-rapido.4[en.underwater-war.4]", "es.chomp-rapido.4[en.underwater-war.6:higher]")
    return ("es.chomp-rapido.2",)


def _opt_war_short(option: str) -> Any:
    def fn(s: Any, o: Outcome) -> Any:
        if not _uw_turn(s) or s.step != "war":
            return None
        short = [p for p in s.plays if len(s.top[p]) < 3]
        if not short:
            return None
        full = [p for p in s.plays if p not in short]
        none = [p for p in short if not s.top[p]]
        if option == "lose_the_war" and len(short) == 1:
            return _forfeit(s, o, full[0])
        if option == "lose_the_war" and len(s.top[s.plays[0]]) != len(s.top[s.plays[1]]):
            a, b = s.plays
            return _forfeit(s, o, a if len(s.top[a]) > len(s.top[b]) else b)
        if option == "lose_the_war" and not none:
            # both short by as many: the war is called off, the set-aside cards go back
            return conj(o.eq("next", "round-over"), o.eq("winner", "none"),
                        *(to_discard(o, n, owner_of(n)) for n in card_names(o, "aside")),  # type: ignore[arg-type]
                        *(goes(o, n, "pile") for n in card_names(o, "top")))
        if len(none) == len(s.plays):
            return None
        if none:
            return _forfeit(s, o, next(p for p in s.plays if p not in none))
        # each places what he has, the last card face up; then the face-up cards decide as usual
        ups = [(p, s.top[p][len(s.top[p][:3]) - 1], len(s.top[p][:3]) - 1) for p in s.plays]
        (a, ca, _), (b, cb, _) = ups
        names = _all_turn_cards(s, o)
        # the face-up cards then decide as usual, under the ruleset's answers about them
        kinds = {ca, cb}
        eel = "eel" in kinds and not ("octopus" in kinds and s.ruled("chomp.uw_eel_vs_octopus") == "octopus_first")
        called_off = ca == cb and ca not in ("eel", "octopus") and s.ruled("chomp.war_tie") == "called_off"
        if called_off:  # (the war's face-up creatures tie again: chomp.war_tie)
            return _called_off(o, names)
        pair_war = ca == cb and (
            (eel and s.ruled("chomp.uw_eel_pair") == "war")
            or (ca == "octopus" and s.ruled("chomp.uw_octopus_pair") == "war") or ca not in ("eel", "octopus"))
        # (Chomp rápido under chomp.rapido_after_war = race_again: after a war, a race again)
        rapido_race = (s.mode == "chomp-rapido" and s.ruled("chomp.rapido_after_war") == "race_again"
                       and "octopus" not in kinds and ca != cb)
        if (eel and not pair_war) or (rapido_race and not eel):
            up = {card_var("top", p, c, i) for p, c, i in ups}
            return conj(o.eq("next", "race"), o.eq("winner", "none"), *(
                goes(o, n, "face-up" if n in up else "set-aside") for n in names if n.startswith("card.top.")))
        if "octopus" in kinds or ca == cb:
            return conj(o.eq("next", "war" if pair_war else "next-card"), o.eq("winner", "none"),
                        *(goes(o, n, "set-aside") for n in names))
        w = a if higher(ca, cb) else b
        return conj(wins(o, w), o.eq("next", "round-over"), *(takes(s, o, n, w) for n in names))
    return fn


def _all_turn_cards(s: Any, o: Outcome) -> list[str]:
    return [card_var("top", p, c, i) for p, c, i in s.top_cards()] + card_names(o, "aside")


def _forfeit(s: Any, o: Outcome, w: int) -> Any:
    """The other player cannot go on: ``w`` wins the round and takes the cards set aside; nobody
    turns over a card (the piles' top cards stay where they are)."""
    return conj(wins(o, w), o.eq("next", "round-over"), *(takes(s, o, n, w) for n in card_names(o, "aside")),
                *(goes(o, n, "pile") for n in card_names(o, "top")))


def _turn_overrides(number: int, part: str) -> tuple[str, ...]:
    """The option settles how the cards are turned over, setting aside that part of
    en.underwater-war.<number> (and of Chomp rápido's copy of it, es.chomp-rapido.4)."""
    return (f"en.underwater-war.{number}[{part}]", f"es.chomp-rapido.4[en.underwater-war.{number}:{part}]")


def _opt_octopus_no_card(option: str) -> Any:
    def fn(s: Any, o: Outcome) -> Any:
        if not _uw_turn(s) or s.step != "next-card":
            return None
        lacking = [p for p in s.plays if face_up(s, p) is None]
        if not lacking or not any(s.top[p] for p in s.plays):
            return None  # (neither has a card to turn over: chomp.two_player_nobody_can_play)
        if option == "loses_round" and len(lacking) == 1:
            return _forfeit(s, o, next(p for p in s.plays if p not in lacking))
        req = [o.eq("next", "round-over"), o.eq("winner", "none")]
        req += [to_discard(o, n, owner_of(n)) for n in card_names(o, "aside")]  # type: ignore[arg-type]
        req += [goes(o, n, "pile") for n in card_names(o, "top")]
        return conj(*req)
    return fn


# --------------------------------------------------------------------------- all of them

def _rc(ruling: str, option: str, fn: Any, overrides: Any = ()) -> RulingConstraint:
    return RulingConstraint(ruling, option, fn, overrides if callable(overrides) else _everywhere(overrides))


def _everywhere(ids: tuple[str, ...]) -> tuple[str, ...]:
    """Clause (part) names, with the names the same rules have where a 2-player game brings them in:
    the Bad Chomps by es.dos-jugadores.2, ties, Eels and Octopuses by es.doble-chomp.3."""
    out = list(ids)
    for cid in ids:
        base, _, part = cid.partition("[")
        inner = base + (":" + part.rstrip("]") if part else "")
        if base.startswith("en.bad-chomp."):
            out.append(f"es.dos-jugadores.2[{inner}]")
        if base.startswith(("en.tie.", "en.feeding-frenzy.", "en.ink-out.", "en.octopus-vs-eel.")):
            out.append(f"es.doble-chomp.3[{inner}]")
    return tuple(dict.fromkeys(out))


def _rulings() -> list[RulingConstraint]:
    out = []
    for opt in ("discard_pile", "bottom_of_pile"):
        out.append(_rc("chomp.reclaimed_cards", opt, _opt_reclaimed(opt), _reclaimed_overrides))
    for opt in ("another_war", "called_off"):
        out.append(_rc("chomp.war_tie", opt, _opt_war_tie(opt),
                       ("en.underwater-war.3[tie]", "es.chomp-rapido.4[en.underwater-war.3:tie]")))
    for opt in ("war", "called_off"):
        out.append(_rc("chomp.next_card_tie", opt, _opt_next_card_tie(opt),
                       ("en.underwater-war.3[tie]", "es.chomp-rapido.4[en.underwater-war.3:tie]")))
    for opt in ("own_discards", "stay_in_centre", "replay_like_tie"):
        for rid in ("chomp.nobody_slaps", "chomp.nobody_can_chomp"):
            out.append(_rc(rid, opt, _opt_nobody(rid, opt), ("en.gameplay.4", "en.bad-chomp.9")))
    for opt in ("bad_chomp", "wins_round", "no_effect"):
        out.append(_rc("chomp.lower_not_lowest", opt, _opt_lower_not_lowest(opt), ("en.bad-chomp.2",)))
    out.append(_rc("chomp.frenzy_vs_bad_chomp", "frenzy_overrides", _opt_frenzy("frenzy_overrides"),
                   ("en.bad-chomp.3", "en.bad-chomp.4", "en.bad-chomp.2")))
    out.append(_rc("chomp.frenzy_vs_bad_chomp", "bad_chomp_applies", _opt_frenzy("bad_chomp_applies"),
                   ("en.feeding-frenzy.3", "en.bad-chomp.2")))
    out.append(_rc("chomp.frenzy_special_cards", "any_card", _opt_frenzy_special("any_card")))
    out.append(_rc("chomp.frenzy_special_cards", "bad_chomp", _opt_frenzy_special("bad_chomp"),
                   ("en.feeding-frenzy.2", "en.feeding-frenzy.3", "en.bad-chomp.2")))
    for opt in ("all_cards", "current_cards_only"):
        out.append(_rc("chomp.eel_in_replay", opt, _opt_eel_in_replay(opt), ("en.ink-out.4", "en.tie.3[cards]")))
    for opt in ("winner_takes_both", "only_if_can_chomp"):
        out.append(_rc("chomp.bad_chomp_both_cards", opt, _opt_both_cards(opt), _both_cards_overrides(opt)))
    for opt in ("shuffle_then_put", "no_penalty"):
        out.append(_rc("chomp.bad_chomp_no_card", opt, _opt_bad_chomp_no_card(opt), ("en.outcomes.5",)))
    out.append(_rc("chomp.octopus_in_replay", "ink_out_again", _opt_octopus_in_replay("ink_out_again"),
                   ("en.ink-out.4",)))
    out.append(_rc("chomp.octopus_in_replay", "octopus_ignored", _opt_octopus_in_replay("octopus_ignored"),
                   _octopus_ignored_overrides))
    for opt in ("all_players", "tied_only"):
        out.append(_rc("chomp.tie_replay_players", opt, _opt_tie_players(opt), ("en.tie.2",)))
    for opt in ("all_tie_cards", "chompable_only"):
        out.append(_rc("chomp.tie_replay_winnings", opt, _opt_tie_winnings(opt),
                       _everywhere(("en.tie.3[cards]", "en.tie.4", "en.tie.5", "en.gameplay.4"))))
    for opt in ("stay_in_centre", "join_next_replay"):
        out.append(_rc("chomp.chained_replay_cards", opt, _opt_chained_replay(opt)))
    for opt in ("when_needed", "when_pile_runs_out"):
        out.append(_rc("chomp.reshuffle_when", opt, _opt_reshuffle(opt), ("en.outcomes.5",)))
    for opt in ("survivor_wins", "shared_last_round"):
        out.append(_rc("chomp.fewer_than_two_left", opt, _opt_fewer_than_two(opt), ("en.object.2",)))
    for opt in ("shared_win", "no_winner"):
        out.append(_rc("chomp.count_tie", opt, _opt_count_tie(opt)))
    for opt in ("three_or_more", "three_to_six"):
        out.append(_rc("chomp.player_count", opt, _opt_player_count(opt), ("en.setup.1",)))
    out.append(_rc("chomp.count_declares_winner", "most_cards_wins", _opt_count_declares_winner("most_cards_wins"),
                   ("en.object.2",)))
    out.append(_rc("chomp.count_declares_winner", "no_winner", _opt_count_declares_winner("no_winner"),
                   ("en.ending.3[winner]",)))
    for opt in ("sits_out", "washed_up"):
        out.append(_rc("chomp.replay_no_card", opt, _opt_replay_no_card(opt), _replay_no_card_overrides(opt)))
    for opt in ("owners_reclaim", "stay_in_centre"):
        out.append(_rc("chomp.replay_nobody_can_play", opt, _opt_replay_nobody(opt, ("standard", "doble-chomp"))))
        out.append(_rc("chomp.two_player_nobody_can_play", opt,
                       _opt_replay_nobody(opt, ("underwater-war", "chomp-rapido"))))
    for opt in ("turn_what_you_have", "loses_game"):
        out.append(_rc("chomp.doble_short", opt, _opt_doble_short(opt), _doble_short_overrides(opt)))
    for opt in ("two_cards", "one_card"):
        out.append(_rc("chomp.doble_replay_cards", opt, _opt_doble_replay_cards(opt),
                       _doble_replay_cards_overrides(opt)))
    for opt in ("apply", "not_apply"):
        out.append(_rc("chomp.two_player_bad_chomps", opt, _opt_two_player_bad_chomps(opt),
                       () if opt == "apply" else ("es.dos-jugadores.2",)))
    for opt in ("discard_pile", "bottom_of_pile"):
        out.append(_rc("chomp.two_player_won_cards", opt, _opt_won_cards(opt)))
    for opt in ("own_is_bad_chomp", "may_slap_own"):
        out.append(_rc("chomp.uw_own_eel", opt, _opt_uw_own_eel(opt), _own_eel_overrides(opt)))
    for rid, mode, opts in (("chomp.rapido_own_card", "chomp-rapido", ("allowed", "bad_chomp")),
                            ("chomp.doble_lowest_yours", "doble-chomp", ("allowed", "not_allowed"))):
        for opt in opts:
            allowed = opt == "allowed"
            out.append(_rc(rid, opt, _opt_own_lowest(mode, allowed), _own_lowest_overrides(mode, allowed)))
    for opt in ("all_four", "chompable_only"):
        out.append(_rc("chomp.doble_replay_winnings", opt, _opt_doble_replay_winnings(opt),
                       _doble_replay_overrides(opt)))
    for opt in ("bad_chomp", "no_effect"):
        out.append(_rc("chomp.eel_race_wrong_card", opt, _opt_eel_race_wrong_card(opt),
                       ("es.dos-jugadores.2[en.bad-chomp.2]",) if opt == "bad_chomp" else ()))
    for opt in ("either_card", "both_cards"):
        out.append(_rc("chomp.doble_which_card", opt, _opt_doble_which(opt), _doble_which_overrides(opt)))
    for opt in ("next_card", "war"):
        out.append(_rc("chomp.uw_octopus_pair", opt, _opt_uw_octopus_pair(opt), _octopus_pair_overrides(opt)))
    for opt in ("eel_race", "war"):
        out.append(_rc("chomp.uw_eel_pair", opt, _opt_uw_eel_pair(opt), _eel_pair_overrides(opt)))
    for opt in ("war", "cards_go_back"):
        # (cards_go_back: a Bad Chomper takes his played cards back too; his penalty card stays in
        # the centre: en.bad-chomp.9's "your cards stay in the center" gives way)
        out.append(_rc("chomp.eel_race_tie", opt, _opt_eel_race_tie(opt),
                       ("en.bad-chomp.9",) if opt == "cards_go_back" else ()))
    for opt in ("eel_prevails", "octopus_first"):
        out.append(_rc("chomp.uw_eel_vs_octopus", opt, _opt_uw_eel_vs_octopus(opt), _eel_vs_octopus_overrides(opt)))
    for opt in ("higher_wins", "race_again"):
        out.append(_rc("chomp.rapido_after_war", opt, _opt_rapido_after_war(opt), _rapido_after_war_overrides(opt)))
    for opt in ("play_what_you_have", "lose_the_war"):
        out.append(_rc("chomp.war_short", opt, _opt_war_short(opt), _turn_overrides(3, "war")))
    for opt in ("loses_round", "cards_go_back"):
        out.append(_rc("chomp.octopus_no_card", opt, _opt_octopus_no_card(opt), _turn_overrides(6, "turn")))
    return out


RULINGS = _rulings()
