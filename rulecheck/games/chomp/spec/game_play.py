"""The 3+ player game, clause by clause: Game Play, Possible Outcomes, Beware the Bad Chomp!,
Action Cards (Electric Eel, Octopus, Octopus vs. Electric Eel) and Breaking a Tie.

Each clause function quotes its sentence and gives its clause IDs (English, then the aligned
Spanish sentence). It returns None where the sentence does not apply to the situation, else what
it requires of the step's outcome. The Spanish 2-player games take some of these rules over
(es.dos-jugadores.2: Bad Chomps; es.doble-chomp.3: ties, Eels and Octopuses): their clauses in
:mod:`~rulecheck.games.chomp.spec.two_player` call the bodies defined here (``_bodies``), so that
an unsat core names the sentence that brought a rule into the 2-player game.
"""

from __future__ import annotations

from typing import Any

from rulecheck.core.spec import Outcome, clause, conj, disj, implies, neg, same
from rulecheck.games.chomp.spec.vocabulary import (
    ACTION_CARDS,
    all_of,
    bad,
    can_chomp,
    card_names,
    card_var,
    goes,
    is_bad_chompers,
    is_race,
    is_reclaimed,
    kind_of,
    owner_of,
    pname,
    rank,
    reclaimed_by,
    round_over,
    takes,
    to_discard,
    winner_is,
    wins,
)

# --------------------------------------------------------------------------- helpers for the clauses


def tvar(q: int, c: str, i: int = 0) -> str:
    """The variable of player q's face-up card c (the i-th of that kind he has)."""
    return card_var("table", q, c, i)


def normal_rules(s: Any) -> bool:
    """Whether the 3+ player game's rules for races apply as written: in the 3+ player game."""
    return s.mode == "standard"


def mine(s: Any, p: int) -> str | None:
    """Player p's card, as the sentences say it ("his card", "yours"). In Doble Chomp he has two,
    and which one is meant is the reading ``chomp.read.doble_your_card``: his highest creature
    (it is enough that one of his cards can chomp) or his lowest (both must)."""
    cs = s.table[p]
    if not cs:
        return None
    if s.mode != "doble-chomp" or len(cs) < 2:
        return cs[0]
    creatures = sorted((c for c in cs if rank(c) is not None), key=rank)
    if not creatures:
        return cs[0]
    return creatures[0] if s.reading("chomp.read.doble_your_card") == "lowest-card" else creatures[-1]


def possible_winners(s: Any) -> list[int]:
    """Who can win the round with this step: the slapper, if he turned over a card."""
    slap = s.slap
    return [slap[0]] if slap is not None and s.table[slap[0]] else []


def chompable(s: Any, o: Outcome, winner: int, prey_owner: int | None, prey: str) -> Any:
    """Whether the winner's card can chomp ``prey``: by the food chain in a chomp race; in a
    Feeding Frenzy any card except her own (en.feeding-frenzy.2)."""
    by_chain = can_chomp(mine(s, winner), prey)
    if "feeding-frenzy" not in s_races(o):
        return by_chain
    frenzy_race = is_race(o, "feeding-frenzy")
    return disj(conj(frenzy_race, bool(prey_owner != winner)), conj(neg(frenzy_race), by_chain))


def s_races(o: Outcome) -> tuple[str, ...]:
    return o.labels["race"]


def for_each_winner(s: Any, o: Outcome, body: Any) -> Any:
    """``And`` over every possible winner w of ``Implies(winner == w, body(w))`` (the possible
    winners are the domain of ``winner``: in a race the slapper, if he turned over a card)."""
    parts = []
    for w in (int(x[1:]) - 1 for x in o.labels["winner"] if x != "none"):
        req = body(w)
        if req is not None:
            parts.append(implies(winner_is(o, w), req))
    return all_of(parts)


def first_to_slap_lowest(s: Any) -> int | None:
    """The slapper, if this step is the first slap on another player's card of the lowest
    creature, by a player whose own card is not of the lowest creature (en.gameplay.5; in Doble
    Chomp, by the reading of 'yours')."""
    slap = s.slap
    if slap is None:
        return None
    p, q, t = slap
    low = s.lowest
    if q == p or low is None or t != low or mine(s, p) == low:
        return None
    return p


def over_or_replay(o: Outcome) -> Any:
    return neg(o.eq("next", "race-goes-on"))


def bad_chomp_kinds(s: Any, o: Outcome) -> dict[str, Any]:
    """The four kinds of Bad Chomp of en.bad-chomp.3-6 that this slap is, as conditions."""
    slap = s.slap
    if slap is None:
        return {}
    p, q, t = slap
    m = mine(s, p)
    out: dict[str, Any] = {}
    rm, rt = (rank(m) if m is not None else None), rank(t)
    if q != p and rm is not None and rt is not None and rt > rm:
        out["en.bad-chomp.3"] = True
    if q != p and m is not None and t == m:
        out["en.bad-chomp.4"] = True
    if q == p:
        out["en.bad-chomp.5"] = True
    out["en.bad-chomp.6"] = is_race(o, "ink-out")
    return out


def frenzy_exempt(s: Any, o: Outcome) -> Any:
    """Reading ``chomp.read.frenzy_any_card``: in a Feeding Frenzy, whether 'any player can chomp
    any card' lifts the Bad Chomps for higher and same cards."""
    if "feeding-frenzy" in s_races(o) and s.reading("chomp.read.frenzy_any_card") == "lifts-bad-chomps":
        return is_race(o, "feeding-frenzy")
    return False


def octopus_rules(s: Any) -> bool:
    """An Octopus is turned over and no Eel (the Eel prevails: en.octopus-vs-eel.1)."""
    return s.octopus and not s.eel


# --------------------------------------------------------------------------- Game Play

@clause("en.setup.1", "es.preparar.1", "en.setup.2", "es.preparar.2", "en.setup.3", "es.preparar.3", kinds=("deal",))
def shuffle_and_deal_equally(s: Any, o: Outcome) -> Any:
    """"Once you are familiar with the chomping order, remove the two Chomp! sequence cards, then
    shuffle and deal the remaining cards face down, equally to each player." With en.setup.2-3,
    "Place any extra cards back in the box, out of play. Stack your cards face down in a pile in
    front of you."

    The deal (the cards each player gets are its action: equal piles, the rest out of play) starts
    the game, for any number of players: the book sets no maximum ("for three or more players").
    """
    if s.kind != "deal":
        return None
    return o.eq("game", "goes-on")


@clause("en.gameplay.1", "es.como-se-juega.1", "en.outcomes.4", "es.resultados.4", kinds=("turn",))
def all_players_turn_over_their_top_card(s: Any, o: Outcome) -> Any:
    """"In unison, all players turn over the top card of their pile into the center of the playing
    area." With en.outcomes.4, "Play continues with all players turning over their top card at the
    same time."

    A new round of the 3+ player game: every player turns over his top card, and the race begins.
    """
    if s.kind != "turn" or s.mode != "standard" or s.step != "new-round":
        return None
    req = [goes(o, card_var("top", p, s.top[p][0], 0), "face-up") for p in s.active if s.top[p]]
    return conj(o.eq("next", "race"), *req)


def _first_to_slap_the_lowest_wins(s: Any, o: Outcome) -> Any:
    p = first_to_slap_lowest(s)
    if p is None or s.step != "new-round":
        return None
    return implies(is_race(o, "chomp"), conj(wins(o, p), round_over(o)))


@clause("en.gameplay.2", "es.como-se-juega.2", kinds=("race",))
def first_to_slap_the_lowest_wins(s: Any, o: Outcome) -> Any:
    """"The first player to slap the card with the lowest creature on the food chain and shout
    "Chomp!" wins the round."

    In a chomp race (no Eel, no Octopus). Written with its exception, en.gameplay.5: the slapper
    whose own card is the lowest may not chomp, so this sentence does not make him the winner.
    """
    if s.kind != "race" or not normal_rules(s):
        return None
    return _first_to_slap_the_lowest_wins(s, o)


@clause("en.gameplay.3", "es.como-se-juega.3", kinds=("race",))
def he_collects_what_his_card_can_chomp(s: Any, o: Outcome) -> Any:
    """"He collects all the cards his card can chomp and places them face down in a separate
    discard pile."

    The round's winner: every card of this round that his card can chomp goes to his discard pile.
    """
    if s.kind != "race" or not normal_rules(s):
        return None

    def body(w: int) -> Any:
        return all_of([implies(conj(chompable(s, o, w, q, c), bool(q != w)), takes(s, o, tvar(q, c, i), w))
                       for q, c, i in s.table_cards()])
    return for_each_winner(s, o, body)


@clause("en.gameplay.4", "es.como-se-juega.4", readings=("chomp.read.gameplay4_scope",), kinds=("race",))
def if_your_card_couldnt_be_chomped(s: Any, o: Outcome) -> Any:
    """"If your card couldn't be chomped, place it in your discard pile."

    Reading ``chomp.read.gameplay4_scope``: in a round someone wins, each card the winner's card
    cannot chomp (his own included) goes to its owner's discard pile; or, in every round that ends,
    each card nobody chomped does. One part per card. In the replay after an Ink Out, another
    player's card the winner can't chomp is what en.ink-out.5 speaks of ("reclaimed by the players
    who turned them over"), the specific rule: this sentence leaves it to that one.
    """
    if s.kind != "race" or not normal_rules(s):
        return None
    parts = {}
    every = s.reading("chomp.read.gameplay4_scope") == "every-round"
    reclaimed_here = s.step == "ink-out-replay" and not s.eel
    for q, c, i in s.table_cards():
        name = tvar(q, c, i)
        req = []
        for w in possible_winners(s):
            if reclaimed_here and q != w and q not in s.bad_before:
                continue
            cant = disj(neg(chompable(s, o, w, q, c)), bool(q == w))
            req.append(implies(conj(winner_is(o, w), over_or_replay(o), cant), to_discard(o, name, q)))
        if every:
            req.append(implies(conj(o.eq("winner", "none"), round_over(o)), to_discard(o, name, q)))
        parts[name] = all_of(req)
    return parts or None


@clause("en.gameplay.5", "es.como-se-juega.5", kinds=("race",))
def lowest_card_yours_not_allowed(s: Any, o: Outcome) -> Any:
    """"Note: If the lowest card is yours, you are not allowed to chomp."

    In a chomp race, a slapper whose own card is of the lowest creature does not win by it.
    """
    if s.kind != "race" or not normal_rules(s):
        return None
    slap = s.slap
    if slap is None or s.lowest is None or mine(s, slap[0]) != s.lowest:
        return None
    return implies(is_race(o, "chomp"), neg(winner_is(o, slap[0])))


@clause("en.outcomes.5", "es.resultados.5", readings=("chomp.read.pile_runs_out",), kinds=("race",))
def when_your_pile_runs_out_shuffle(s: Any, o: Outcome) -> Any:
    """"When your pile runs out, shuffle your discard pile, place it face down in front of you and
    continue playing."

    A player whose pile has run out and whose discard pile has cards has a top card again once he
    has shuffled: a Bad Chomp's penalty card (en.bad-chomp.7) then comes from it. Reading
    ``chomp.read.pile_runs_out``: "when" is the moment his last card leaves the pile (a Bad
    Chomp's penalty card in the middle of a race: he shuffles at once), or the moment he needs a
    card (he goes on with an empty pile until then).
    """
    if s.kind != "race" or s.slap is None:
        return None
    p = s.slap[0]
    if not s.has_discard[p]:
        return None
    if s.pile[p] == 0:
        return implies(bad(o), neg(o.eq("penalty", "none")))
    if s.pile[p] == 1:
        name = f"shuffle.{pname(p)}"
        if s.reading("chomp.read.pile_runs_out") == "at-once":
            return same(o.eq(name, "yes"), bad(o))
        return o.eq(name, "no")
    return None


# --------------------------------------------------------------------------- Bad Chomps

def _bad_chomp_kind(cid: str, exemptible: bool) -> Any:
    def body(s: Any, o: Outcome) -> Any:
        if s.kind != "race" or cid not in bad_chomp_kinds(s, o):
            return None
        return implies(neg(frenzy_exempt(s, o)), bad(o)) if exemptible else bad(o)
    return body


_slap_a_higher_card = _bad_chomp_kind("en.bad-chomp.3", True)
_slap_the_same_card = _bad_chomp_kind("en.bad-chomp.4", True)
_slap_your_own_card = _bad_chomp_kind("en.bad-chomp.5", False)


def _slap_in_an_ink_out(s: Any, o: Outcome) -> Any:
    if s.kind != "race" or s.slap is None or "ink-out" not in s_races(o):
        return None
    return implies(is_race(o, "ink-out"), bad(o))


@clause("en.bad-chomp.3", "es.malos-mordiscos.3", readings=("chomp.read.frenzy_any_card",), kinds=("race",))
def slap_a_higher_card(s: Any, o: Outcome) -> Any:
    """"You've made a Bad Chomp if you: slap another player's card that's higher on the food
    chain than yours, or" (en.bad-chomp.2-3)."""
    return _slap_a_higher_card(s, o) if normal_rules(s) else None


@clause("en.bad-chomp.4", "es.malos-mordiscos.4", readings=("chomp.read.frenzy_any_card",), kinds=("race",))
def slap_the_same_card(s: Any, o: Outcome) -> Any:
    """"slap another player's card that's the same as yours, or"."""
    return _slap_the_same_card(s, o) if normal_rules(s) else None


@clause("en.bad-chomp.5", "es.malos-mordiscos.5", kinds=("race",))
def slap_your_own_card(s: Any, o: Outcome) -> Any:
    """"slap your own card, or"."""
    return _slap_your_own_card(s, o) if normal_rules(s) else None


@clause("en.bad-chomp.6", "es.malos-mordiscos.6", kinds=("race",))
def slap_in_an_ink_out(s: Any, o: Outcome) -> Any:
    """"slap a card in an Octopus Ink Out"."""
    return _slap_in_an_ink_out(s, o) if normal_rules(s) else None


def _what_a_bad_chomp_is(s: Any, o: Outcome) -> Any:
    if s.kind != "race" or s.slap is None:
        return None
    kinds = bad_chomp_kinds(s, o)
    exempt = frenzy_exempt(s, o)
    conds = []
    for cid, cond in kinds.items():
        if cid in ("en.bad-chomp.3", "en.bad-chomp.4"):
            conds.append(conj(cond, neg(exempt)))
        else:
            conds.append(cond)
    if octopus_rules(s) and s.mode in ("standard", "doble-chomp"):
        conds.append(True)  # en.ink-out.6
    return same(bad(o), disj(*conds))


@clause("en.bad-chomp.2", "es.malos-mordiscos.2", readings=("chomp.read.frenzy_any_card",), kinds=("race",))
def what_a_bad_chomp_is(s: Any, o: Outcome) -> Any:
    """"You've made a Bad Chomp if you:" followed by the four kinds (en.bad-chomp.3-6).

    Read as the definition: a slap is a Bad Chomp exactly when it is one of the four kinds (or the
    Octopus rule, en.ink-out.6, says so).
    """
    return _what_a_bad_chomp_is(s, o) if normal_rules(s) else None


@clause("en.bad-chomp.7", "es.malos-mordiscos.7", kinds=("race",))
def put_the_top_card_down(s: Any, o: Outcome) -> Any:
    """"If you make a Bad Chomp, put the top card of your pile face down in the playing area."

    A Bad Chomper whose pile holds a card puts it down (where it goes is the round's business:
    en.bad-chomp.8-9). One with an empty pile has no top card: see en.outcomes.5.
    """
    slap = s.slap if s.kind == "race" else None
    if slap is None or s.pile[slap[0]] == 0:
        return None
    return implies(bad(o), neg(o.eq("penalty", "none")))


@clause("en.bad-chomp.8", "es.malos-mordiscos.8", kinds=("race",))
def winner_takes_both_your_cards(s: Any, o: Outcome) -> Any:
    """"The winner of the round takes both of your cards along with the other cards she can
    chomp."

    Each player who made a Bad Chomp this race: his turned-over card and his penalty cards (in the
    centre) go to the winner's discard pile (one part per card); so does the card a player turned
    over in an earlier Ink Out or tie round of this one in which he made a Bad Chomp, set aside
    since. "The winner of the round" is someone still to come: a Bad Chomp neither wins nor ends
    the round (part ``goes-on``).
    """
    if s.kind != "race":
        return None
    slap = s.slap
    parts: dict[str, Any] = {}
    for q, c, i in s.table_cards():
        if q in s.bad_before:
            n = tvar(q, c, i)
            parts[n] = for_each_winner(s, o, lambda w, n=n: takes(s, o, n, w))
    for n in card_names(o, "aside"):
        if is_bad_chompers(n):
            parts[n] = for_each_winner(s, o, lambda w, n=n: takes(s, o, n, w))
    if s.bad_before:
        for n in card_names(o, "centre"):
            parts[n] = for_each_winner(s, o, lambda w, n=n: takes(s, o, n, w))
    if slap is not None:
        p = slap[0]
        mine_vars = [tvar(p, c, i) for q, c, i in s.table_cards() if q == p]
        parts["slap"] = for_each_winner(s, o, lambda w: implies(bad(o), conj(
            takes(s, o, "penalty", w), *(takes(s, o, n, w) for n in mine_vars))))
        parts["goes-on"] = conj(implies(conj(bad(o), o.eq("winner", "none")), o.eq("next", "race-goes-on")),
                                implies(bad(o), neg(winner_is(o, p))))
    return parts or None


@clause("en.bad-chomp.9", "es.malos-mordiscos.9", readings=("chomp.read.your_cards",), kinds=("race", "turn"))
def no_winner_cards_stay_in_the_centre(s: Any, o: Outcome) -> Any:
    """"If there is no winner that round, your cards stay in the center."

    When the round ends with no winner, each Bad Chomper's turned-over card and penalty cards are
    in the centre; under the reading ``chomp.read.your_cards`` = ``all-his-cards``, the cards he
    set aside earlier in the round too. The card a player turned over in an earlier Ink Out or tie
    round of this one in which he made a Bad Chomp, set aside since, goes to the centre too (also
    when the round ends at a replay's turn-over that nobody can make); while the round goes on
    with no winner, it stays set aside.
    """
    if s.kind == "turn":
        return _bad_chompers_set_aside_cards(s, o)
    if s.kind != "race":
        return None
    parts = [c for c in (_bad_chompers_set_aside_cards(s, o), _no_winner_cards_stay_in_the_centre(s, o))
             if c is not None]
    return conj(*parts) if parts else None


def _bad_chompers_set_aside_cards(s: Any, o: Outcome) -> Any:
    """en.bad-chomp.9 for the set-aside cards of a Bad Chomp in an earlier Ink Out or tie round."""
    names = [n for n in card_names(o, "aside") if is_bad_chompers(n)]
    if not names:
        return None
    over = conj(o.eq("winner", "none"), round_over(o))
    going_on = conj(o.eq("winner", "none"), neg(round_over(o)))
    return conj(implies(over, conj(*(goes(o, n, "centre") for n in names))),
                implies(going_on, conj(*(goes(o, n, "set-aside") for n in names))))


def _no_winner_cards_stay_in_the_centre(s: Any, o: Outcome) -> Any:
    cond = conj(o.eq("winner", "none"), round_over(o))
    req = [goes(o, tvar(q, c, i), "centre") for q, c, i in s.table_cards() if q in s.bad_before]
    his_aside = [n for n in card_names(o, "aside") if owner_of(n) in s.bad_before]
    if s.bad_before and his_aside and s.reading("chomp.read.your_cards") == "all-his-cards":
        req += [goes(o, n, "centre") for n in his_aside]
        # naming these cards takes them out of the frame principle: say it here for them (while
        # nobody has won and the round is not over, a set-aside card stays set aside)
        going_on = conj(o.eq("winner", "none"), neg(round_over(o)))
        extra = [implies(going_on, goes(o, n, "set-aside")) for n in his_aside]
        return conj(implies(cond, conj(*req)), *extra)
    if s.bad_before:
        req += [goes(o, n, "centre") for n in card_names(o, "centre")]
    slap = s.slap
    if slap is not None:
        p = slap[0]
        req.append(implies(bad(o), conj(o.eq("penalty", "centre"),
                                        *(goes(o, tvar(p, c, i), "centre") for q, c, i in s.table_cards() if q == p))))
    return implies(cond, conj(*req)) if req else None


@clause("en.bad-chomp.10", "es.malos-mordiscos.10", kinds=("race", "turn"))
def next_winner_takes_them(s: Any, o: Outcome) -> Any:
    """"The winner of the next round then takes your cards."

    Bad Chomp cards left in the centre by an earlier round go to this round's winner (in
    Underwater War the round may be won at the turn-over).
    """
    if s.kind not in ("race", "turn") or not s.centre or (s.kind == "race" and s.bad_before):
        return None
    return for_each_winner(s, o, lambda w: all_of([takes(s, o, n, w) for n in card_names(o, "centre")]))


# --------------------------------------------------------------------------- Feeding Frenzy

def _an_eel_starts_a_feeding_frenzy(s: Any, o: Outcome) -> Any:
    return is_race(o, "feeding-frenzy") if s.kind == "race" and s.eel else None


@clause("en.feeding-frenzy.1", "es.anguila.1", kinds=("race",))
def an_eel_starts_a_feeding_frenzy(s: Any, o: Outcome) -> Any:
    """"If an Electric Eel card is turned over, a feeding frenzy occurs.\""""
    return _an_eel_starts_a_feeding_frenzy(s, o) if normal_rules(s) else None


def _special_card_not_chompable(s: Any, slap: tuple[int, int, str]) -> bool:
    """Whether the slap is on another player's Octopus or Eel and, by reading
    ``chomp.read.frenzy_special_cards``, nobody can chomp one in a Feeding Frenzy either
    (en.food-chain.3: "Nobody can chomp an Octopus or an Electric eel")."""
    return (slap[1] != slap[0] and slap[2] in ACTION_CARDS
            and s.reading("chomp.read.frenzy_special_cards") == "creatures-only")


def _any_card_except_her_own(s: Any, o: Outcome) -> Any:
    slap = s.slap if s.kind == "race" else None
    if slap is None or "feeding-frenzy" not in s_races(o):
        return None
    if slap[1] != slap[0] and not _special_card_not_chompable(s, slap):
        return None
    return implies(is_race(o, "feeding-frenzy"), neg(winner_is(o, slap[0])))


@clause("en.feeding-frenzy.2", "es.anguila.2", readings=("chomp.read.frenzy_special_cards",), kinds=("race",))
def any_card_except_her_own(s: Any, o: Outcome) -> Any:
    """"Any player can chomp any card, except her own."

    In a Feeding Frenzy, slapping your own card does not win. Reading
    ``chomp.read.frenzy_special_cards``: whether "any card" takes in an Octopus and the Eel, which
    "nobody can chomp" (en.food-chain.3); if not, a slap on another player's Octopus or Eel does
    not win either.
    """
    return _any_card_except_her_own(s, o) if normal_rules(s) else None


def _first_to_slap_another_takes_all(s: Any, o: Outcome) -> Any:
    slap = s.slap if s.kind == "race" else None
    if slap is None or slap[1] == slap[0] or "feeding-frenzy" not in s_races(o):
        return None
    if _special_card_not_chompable(s, slap):
        return None  # not a chomp under that reading (en.feeding-frenzy.2)
    p = slap[0]
    req = [wins(o, p), round_over(o)]
    req += [takes(s, o, tvar(q, c, i), p) for q, c, i in s.table_cards()]
    if s.reading("chomp.read.frenzy_all_cards") == "every-card-in-play":
        req += [takes(s, o, n, p) for n in card_names(o, "aside")]
    return implies(is_race(o, "feeding-frenzy"), conj(*req))


@clause("en.feeding-frenzy.3", "es.anguila.3",
        readings=("chomp.read.frenzy_all_cards", "chomp.read.frenzy_special_cards"), kinds=("race",))
def first_to_slap_another_takes_all(s: Any, o: Outcome) -> Any:
    """"The first to slap another player's card and shout "Feeding Frenzy!" takes all the cards,
    even those that are higher on the food chain."

    Reading ``chomp.read.frenzy_all_cards``: "all the cards" are the cards of this round, or every
    card in play in the centre (set-aside cards of an earlier Ink Out or tie round too).
    """
    return _first_to_slap_another_takes_all(s, o) if normal_rules(s) else None


# --------------------------------------------------------------------------- Octopus: Ink Out

def _no_one_can_chomp_all_set_aside(s: Any, o: Outcome) -> Any:
    if s.kind != "race" or not octopus_rules(s):
        return None
    req = [is_race(o, "ink-out"), o.eq("winner", "none")]
    if s.event[0] == "nobody":
        req += [goes(o, tvar(q, c, i), "set-aside") for q, c, i in s.table_cards()]
    return conj(*req)


@clause("en.ink-out.2", "es.ink-out.2", kinds=("race",))
def no_one_can_chomp_all_set_aside(s: Any, o: Outcome) -> Any:
    """"Since no one can see, no one can chomp and all cards played are set aside."

    An Octopus turned over (and no Eel: en.octopus-vs-eel.1) makes an Ink Out: nobody wins by a
    slap, and when nobody slaps the cards played are set aside.
    """
    return _no_one_can_chomp_all_set_aside(s, o) if normal_rules(s) else None


def _each_player_plays_another_card(s: Any, o: Outcome, step: str) -> Any:
    """en.ink-out.3 / en.tie.2 at the turn-over of the replay: each player who plays another card
    turns over his top card (one in the 3+ player game). In Doble Chomp (es.doble-chomp.3), by
    reading ``chomp.read.doble_another_card``: his top two cards, as at every Doble Chomp
    turn-over, or his top card only, the second staying on his pile."""
    if s.kind != "turn" or s.step != step:
        return None
    one = s.mode == "doble-chomp" and any(len(s.top[p]) > 1 for p in s.plays) \
        and s.reading("chomp.read.doble_another_card") == "one-card"
    req = [goes(o, card_var("top", p, c, i), "pile" if one and i > 0 else "face-up")
           for p in s.plays for i, c in enumerate(s.top[p])]
    if not req:
        return None
    return conj(o.eq("next", "race"), *req)


def _ink_out_replay(s: Any, o: Outcome) -> Any:
    if s.kind == "turn":
        return _each_player_plays_another_card(s, o, "ink-out-replay")
    if s.kind != "race" or not octopus_rules(s) or s.event[0] != "nobody":
        return None
    return conj(o.eq("next", "ink-out-replay"), *[o.eq(f"replays.{pname(p)}", "yes") for p in s.active])


@clause("en.ink-out.3", "es.ink-out.3", kinds=("race", "turn"))
def each_player_plays_another_card(s: Any, o: Outcome) -> Any:
    """"Each player plays another card." (after the Ink Out's cards are set aside)

    In the race: nobody slaps in an Ink Out, so every player plays another card. At the replay's
    turn-over: each of them turns over the top card of his pile.
    """
    return _ink_out_replay(s, o) if normal_rules(s) else None


def _ink_out_replay_winner_gets(s: Any, o: Outcome) -> Any:
    if s.kind != "race" or s.step != "ink-out-replay":
        return None
    p = first_to_slap_lowest(s)
    frenzy = is_race(o, "feeding-frenzy") if "feeding-frenzy" in s_races(o) else False
    parts = []
    if p is not None:
        parts.append(implies(neg(frenzy), conj(wins(o, p), round_over(o))))

    def body(w: int) -> Any:
        req = [implies(conj(chompable(s, o, w, q, c), bool(q != w)), takes(s, o, tvar(q, c, i), w))
               for q, c, i in s.table_cards()]
        req += [takes(s, o, n, w) for n in card_names(o, "aside-ink-out")]
        return all_of(req)

    won = for_each_winner(s, o, body)
    if won is not None:
        parts.append(implies(neg(frenzy), won))
    return all_of(parts)


@clause("en.ink-out.4", "es.ink-out.4", kinds=("race",))
def ink_out_replay_winner_gets(s: Any, o: Outcome) -> Any:
    """"The first to slap the lowest card and shout "Chomp!" gets any cards from the current round
    she is allowed to chomp as well as all the cards from the Octopus Ink Out round."

    In the replay after an Ink Out.
    """
    return _ink_out_replay_winner_gets(s, o) if normal_rules(s) else None


def _ink_out_cards_she_cant_chomp_reclaimed(s: Any, o: Outcome) -> Any:
    if s.kind != "race" or s.step != "ink-out-replay":
        return None
    frenzy = is_race(o, "feeding-frenzy") if "feeding-frenzy" in s_races(o) else False
    parts = {}
    for q, c, i in s.table_cards():
        n = tvar(q, c, i)
        won = for_each_winner(s, o, lambda w, n=n, q=q, c=c: _reclaimed_unless_chompable(s, o, w, n, q, c))
        if won is not None:
            parts[n] = implies(neg(frenzy), won)
    return parts or None


def _reclaimed_unless_chompable(s: Any, o: Outcome, w: int, n: str, q: int, c: str) -> Any:
    """The winner ``w``'s own card goes with the cards she takes (her discard pile; in Doble
    Chomp, where a ruling puts them: :func:`takes`); another's that she can't chomp is reclaimed
    by its owner (:func:`reclaimed_by`; a card that is not one of those, :func:`is_reclaimed`, to
    his discard pile)."""
    if q == w:
        return takes(s, o, n, q)
    back = reclaimed_by(s, o, n, q) if is_reclaimed(s, n, q) else to_discard(o, n, q)
    return implies(neg(chompable(s, o, w, q, c)), back)


@clause("en.ink-out.5", "es.ink-out.5", readings=("chomp.read.reclaimed_where",), kinds=("race",))
def ink_out_cards_she_cant_chomp_reclaimed(s: Any, o: Outcome) -> Any:
    """"Any cards from the current round she can't chomp, are reclaimed by the players who turned
    them over." (one part per card)"""
    return _ink_out_cards_she_cant_chomp_reclaimed(s, o) if normal_rules(s) else None


def _chomp_when_an_octopus_is_turned_over(s: Any, o: Outcome) -> Any:
    if s.kind != "race" or s.slap is None or not octopus_rules(s):
        return None
    return bad(o)


@clause("en.ink-out.6", "es.ink-out.6", kinds=("race",))
def chomp_when_an_octopus_is_turned_over(s: Any, o: Outcome) -> Any:
    """"If you chomp when an Octopus card is turned over, you've made a Bad Chomp.\""""
    return _chomp_when_an_octopus_is_turned_over(s, o) if normal_rules(s) else None


def _the_eel_prevails(s: Any, o: Outcome) -> Any:
    return is_race(o, "feeding-frenzy") if s.kind == "race" and s.octopus and s.eel else None


@clause("en.octopus-vs-eel.1", "es.pulpo-vs-anguila.1", readings=("chomp.read.eel_prevails_where",),
        kinds=("race", "turn"))
def the_eel_prevails(s: Any, o: Outcome) -> Any:
    """"If an Octopus and an Electric Eel turn up at the same time, the Eel prevails and starts a
    Feeding Frenzy!" (an explicit exception to the Octopus's clauses)

    In the 3+ player game. Whether it also holds in Underwater War, where an Eel and an Octopus
    have rules of their own (en.underwater-war.5-6), is the reading
    ``chomp.read.eel_prevails_where``: see :mod:`~rulecheck.games.chomp.spec.two_player`.
    """
    if normal_rules(s):
        return _the_eel_prevails(s, o)
    from rulecheck.games.chomp.spec.two_player import eel_prevails_in_a_two_player_game

    return eel_prevails_in_a_two_player_game(s, o)


# --------------------------------------------------------------------------- Breaking a Tie

def _tie_set_aside_the_cards(s: Any, o: Outcome) -> Any:
    if s.kind != "race" or s.event[0] != "tie":
        return None
    req = [goes(o, tvar(q, c, i), "set-aside") for q, c, i in s.table_cards()]
    return conj(o.eq("next", "tie-replay"), o.eq("winner", "none"), *req)


@clause("en.tie.1", "es.empate.1", kinds=("race",))
def tie_set_aside_the_cards(s: Any, o: Outcome) -> Any:
    """"If two or more players chomp at the same time, set aside the cards just played.\""""
    return _tie_set_aside_the_cards(s, o) if normal_rules(s) else None


def _tie_replay(s: Any, o: Outcome) -> Any:
    if s.kind == "turn":
        return _each_player_plays_another_card(s, o, "tie-replay")
    if s.kind != "race" or s.event[0] != "tie":
        return None
    return conj(*[o.eq(f"replays.{pname(p)}", "yes") for p in s.active])


@clause("en.tie.2", "es.empate.2", kinds=("race", "turn"))
def tie_each_player_plays_another(s: Any, o: Outcome) -> Any:
    """"Each player plays another card."

    In the race: after a tie every player plays another card. At the replay's turn-over: each of
    them turns over the top card of his pile.
    """
    return _tie_replay(s, o) if normal_rules(s) else None


def _tie_replay_winner_wins_the_tie_round(s: Any, o: Outcome) -> Any:
    if s.kind != "race" or s.step != "tie-replay":
        return None
    p = first_to_slap_lowest(s)
    parts: dict[str, Any] = {}
    if p is not None:
        parts["winner"] = implies(is_race(o, "chomp"), conj(wins(o, p), round_over(o)))
    won = for_each_winner(s, o, lambda w: all_of([takes(s, o, n, w) for n in card_names(o, "aside-tie")]))
    if won is not None:
        parts["cards"] = implies(is_race(o, "chomp"), won)
    return parts or None


@clause("en.tie.3", "es.empate.3", kinds=("race",))
def tie_replay_winner_wins_the_tie_round(s: Any, o: Outcome) -> Any:
    """"The first to slap the lowest card and shout "Chomp!" wins all the cards from the tie
    round.\""""
    return _tie_replay_winner_wins_the_tie_round(s, o) if normal_rules(s) else None


def tie_previous(s: Any, o: Outcome) -> list[tuple[str, int, str]]:
    """The cards 'from the previous round' of en.tie.4-5, by reading ``chomp.read.tie_previous``:
    the tie round's (set aside), or the replay's own (on the table)."""
    if s.reading("chomp.read.tie_previous") == "the-tie-round":
        return [(n, owner_of(n), kind_of(n)) for n in card_names(o, "aside-tie")]  # type: ignore[misc]
    return [(tvar(q, c, i), q, c) for q, c, i in s.table_cards()]


def _tie_she_also_gets(s: Any, o: Outcome) -> Any:
    if s.kind != "race" or s.step != "tie-replay":
        return None
    parts = {}
    for n, q, c in tie_previous(s, o):
        won = for_each_winner(s, o, lambda w, n=n, q=q, c=c: implies(
            conj(chompable(s, o, w, q, c), bool(q != w)), takes(s, o, n, w)))
        if won is not None:
            parts[n] = implies(is_race(o, "chomp"), won)
    return parts or None


@clause("en.tie.4", "es.empate.4", readings=("chomp.read.tie_previous",), kinds=("race",))
def tie_she_also_gets_what_she_can_chomp(s: Any, o: Outcome) -> Any:
    """"She also gets any cards from the previous round that she is allowed to chomp."

    Reading ``chomp.read.tie_previous``: "the previous round" is the tie round, or (as in the Ink
    Out rule, en.ink-out.4) the round just played. One part per card.
    """
    return _tie_she_also_gets(s, o) if normal_rules(s) else None


def _tie_cards_she_cant_chomp_reclaimed(s: Any, o: Outcome) -> Any:
    if s.kind != "race" or s.step != "tie-replay":
        return None
    parts = {}
    for n, q, c in tie_previous(s, o):
        won = for_each_winner(s, o, lambda w, n=n, q=q, c=c: _reclaimed_unless_chompable(s, o, w, n, q, c))
        if won is not None:
            parts[n] = implies(is_race(o, "chomp"), won)
    return parts or None


@clause("en.tie.5", "es.empate.5", readings=("chomp.read.tie_previous", "chomp.read.reclaimed_where"), kinds=("race",))
def tie_cards_she_cant_chomp_reclaimed(s: Any, o: Outcome) -> Any:
    """"Any cards she can't chomp are reclaimed by the players who turned them over." (one part
    per card)"""
    return _tie_cards_she_cant_chomp_reclaimed(s, o) if normal_rules(s) else None


CLAUSES = [
    shuffle_and_deal_equally, all_players_turn_over_their_top_card, first_to_slap_the_lowest_wins,
    he_collects_what_his_card_can_chomp,
    if_your_card_couldnt_be_chomped, lowest_card_yours_not_allowed, when_your_pile_runs_out_shuffle,
    what_a_bad_chomp_is, slap_a_higher_card, slap_the_same_card, slap_your_own_card, slap_in_an_ink_out,
    put_the_top_card_down, winner_takes_both_your_cards, no_winner_cards_stay_in_the_centre,
    next_winner_takes_them, an_eel_starts_a_feeding_frenzy, any_card_except_her_own,
    first_to_slap_another_takes_all, no_one_can_chomp_all_set_aside, each_player_plays_another_card,
    ink_out_replay_winner_gets, ink_out_cards_she_cant_chomp_reclaimed, chomp_when_an_octopus_is_turned_over,
    the_eel_prevails, tie_set_aside_the_cards, tie_each_player_plays_another,
    tie_replay_winner_wins_the_tie_round, tie_she_also_gets_what_she_can_chomp,
    tie_cards_she_cant_chomp_reclaimed,
]

# The 3+ player game's bodies that the Spanish 2-player games take over: Bad Chomps
# (es.dos-jugadores.2) and, in Doble Chomp, ties, Eels and Octopuses (es.doble-chomp.3).
BAD_CHOMP_BODIES = {
    "en.bad-chomp.2": _what_a_bad_chomp_is, "en.bad-chomp.3": _slap_a_higher_card,
    "en.bad-chomp.4": _slap_the_same_card, "en.bad-chomp.5": _slap_your_own_card,
    "en.bad-chomp.6": _slap_in_an_ink_out,
}
NORMAL_GAME_BODIES = {
    "en.tie.1": _tie_set_aside_the_cards, "en.tie.2": _tie_replay, "en.tie.3": _tie_replay_winner_wins_the_tie_round,
    "en.tie.4": _tie_she_also_gets, "en.tie.5": _tie_cards_she_cant_chomp_reclaimed,
    "en.feeding-frenzy.1": _an_eel_starts_a_feeding_frenzy, "en.feeding-frenzy.2": _any_card_except_her_own,
    "en.feeding-frenzy.3": _first_to_slap_another_takes_all, "en.ink-out.2": _no_one_can_chomp_all_set_aside,
    "en.ink-out.3": _ink_out_replay, "en.ink-out.4": _ink_out_replay_winner_gets,
    "en.ink-out.5": _ink_out_cards_she_cant_chomp_reclaimed, "en.ink-out.6": _chomp_when_an_octopus_is_turned_over,
    "en.octopus-vs-eel.1": _the_eel_prevails,
}
