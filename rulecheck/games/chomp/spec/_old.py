"""Chomp!, the rulebook as a clause-by-clause specification (independent of the engine).

Each function below formalises one normative sentence of the rulebook, quoted in its docstring
with its clause ID (English, and the aligned Spanish sentence). It says when the sentence applies
to a situation and what it then requires of the step's outcome, as a Z3 constraint. Nothing here
imports the engine: :mod:`rulecheck.games.chomp.spec_engine` builds the situations from engine
states and projects engine steps onto the same outcome variables, and
:mod:`rulecheck.check.determinacy` asks the solver whether the text determines each one.

What is specified: one step of the slap race of the 3+ player game (a first slap, a tie, or
nobody slapping), including Ink Out and tie replays and Feeding Frenzies. The outcome of that step
(:func:`race_outcome`):

* ``race``: what kind of round the turned-over cards make (``chomp``, ``feeding-frenzy``,
  ``ink-out``);
* ``winner``: who wins the round with this step (``none`` or a player);
* ``bad_chomp`` and ``penalty``: whether the slap is a Bad Chomp, and where the slapper's penalty
  card (the top card of his pile) ends up;
* ``next``: what follows: the race goes on, the round is over, an Ink Out replay or a tie replay;
* ``replays.P<k>``: who plays another card in a replay;
* ``card.<zone>.<owner>.<kind>.<i>``: where each card on the table, set aside or in the centre
  ends up: ``stays`` (face up, the race goes on), ``centre``, ``set-aside`` (kept by its owner for
  the replay) or ``discard:P<k>`` (a player's discard pile).

Which normative clauses are not formalised yet, and why, is :data:`UNFORMALISED`.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, ClassVar

from rulecheck.core.spec import (
    Outcome,
    Principle,
    Reading,
    RulingConstraint,
    Spec,
    clause,
    conj,
    disj,
    implies,
    neg,
    same,
)

__all__ = ["SPEC", "UNFORMALISED", "RaceSituation", "race_outcome"]

# The food chain (en.food-chain.4-11): creatures ranked from the bottom; the two action cards
# are not on it.
CREATURES = ("plankton", "shrimp", "littlefish", "bigfish", "seal", "shark")
ACTION_CARDS = ("eel", "octopus")
CARD_KINDS = CREATURES + ACTION_CARDS
DISPLAY = {"plankton": "Plankton", "shrimp": "Shrimp", "littlefish": "Little Fish", "bigfish": "Big Fish",
           "seal": "Seal", "shark": "Shark", "eel": "Electric Eel", "octopus": "Octopus"}

STEPS = ("new-round", "ink-out-replay", "tie-replay")
NEXT = ("race-goes-on", "round-over", "ink-out-replay", "tie-replay")
RACES = ("chomp", "feeding-frenzy", "ink-out")


def rank(card: str) -> int | None:
    """A creature's place on the food chain (higher chomps more); None for an action card."""
    return CREATURES.index(card) if card in CREATURES else None


def can_chomp(chomper: str, prey: str) -> bool:
    """By the food chain: a creature chomps the creatures below it, not its own kind nor anything
    higher, and nobody chomps an Octopus or an Electric Eel.

    en.food-chain.1-3 (es.cadena-alimentaria.1-3), the order en.food-chain.4-11."""
    a, b = rank(chomper), rank(prey)
    return a is not None and b is not None and b < a


def pname(p: int) -> str:
    return f"P{p + 1}"


# --------------------------------------------------------------------------- the situation

@dataclass(frozen=True)
class RaceSituation:
    """The facts before one step of a slap race (3+ player game) and the step itself.

    ``table[p]`` is player p's face-up card (``None`` if he turned over none); ``aside`` the
    set-aside cards as ``(owner, card, origin)``, origin ``ink-out`` or ``tie`` (the round they were
    set aside in); ``centre`` the ownerless Bad Chomp cards in the centre; ``bad_before`` who made a
    Bad Chomp earlier in this race; ``has_card[p]`` whether p's pile holds a card and
    ``has_discard[p]`` whether his discard pile does. ``event`` is ``("slap", p, q, card)`` (p is the
    first to slap q's card), ``("tie", p1, p2, ...)`` or ``("nobody",)``.
    """

    players: int
    active: tuple[int, ...]
    step: str
    table: tuple[str | None, ...]
    aside: tuple[tuple[int, str, str], ...]
    centre: tuple[str, ...]
    bad_before: tuple[int, ...]
    has_card: tuple[bool, ...]
    has_discard: tuple[bool, ...]
    event: tuple[Any, ...]

    # per-player facts a clause reads one player at a time
    INDEXED: ClassVar[tuple[str, ...]] = ("has_card", "has_discard")
    # which fields each derived fact reads (what a clause reads decides which situations share
    # its verdict: rulecheck.core.spec.View)
    DERIVED: ClassVar[dict[str, tuple[str, ...]]] = {
        "cards": ("table",), "eel": ("table",), "octopus": ("table",), "lowest": ("table",),
        "slap": ("event",), "table_cards": ("table",), "label": ("step", "event"),
    }

    # derived facts, read by the clauses
    def label(self) -> str:
        """The kind of situation, for grouping findings: the step and what happened in it."""
        return f"{self.step}/{self.event[0]}"

    @property
    def cards(self) -> tuple[str, ...]:
        return tuple(c for c in self.table if c is not None)

    @property
    def eel(self) -> bool:
        return "eel" in self.cards

    @property
    def octopus(self) -> bool:
        return "octopus" in self.cards

    @property
    def lowest(self) -> str | None:
        """The lowest creature on the table (en.gameplay.2); None if no creature is."""
        ranks = [r for r in (rank(c) for c in self.cards) if r is not None]
        return CREATURES[min(ranks)] if ranks else None

    @property
    def slap(self) -> tuple[int, int, str] | None:
        return (self.event[1], self.event[2], self.event[3]) if self.event[0] == "slap" else None

    def table_cards(self) -> Iterator[tuple[int, str]]:
        for p, c in enumerate(self.table):
            if c is not None:
                yield p, c

    def describe(self) -> str:
        """The situation in words (players numbered as in the situation)."""
        step = {"new-round": "a new round", "ink-out-replay": "the replay after an Ink Out",
                "tie-replay": "the replay after a tie"}[self.step]
        face = ", ".join(f"{pname(p)} {DISPLAY[c]}" for p, c in self.table_cards()) or "no cards"
        parts = [f"{self.players} players, {step}; face up: {face}"]
        if self.aside:
            parts.append("set aside: " + ", ".join(f"{pname(p)}'s {DISPLAY[c]} ({o} round)" for p, c, o in self.aside))
        if self.centre:
            parts.append("in the centre: " + ", ".join(DISPLAY[c] for c in self.centre))
        if self.bad_before:
            parts.append("Bad Chomps earlier in this race: " + ", ".join(pname(p) for p in self.bad_before))
        empty = [pname(p) for p in self.active if not self.has_card[p]]
        if empty:
            parts.append("empty piles: " + ", ".join(empty))
        ev = self.event
        if ev[0] == "slap":
            whose = "his own" if ev[1] == ev[2] else f"{pname(ev[2])}'s"
            parts.append(f"{pname(ev[1])} is the first to slap {whose} {DISPLAY[ev[3]]}")
        elif ev[0] == "tie":
            parts.append(" and ".join(pname(p) for p in ev[1:]) + " chomp at the same time")
        else:
            parts.append("nobody slaps")
        return "; ".join(parts) + "."


def card_var(zone: str, owner: int | None, card: str, i: int) -> str:
    who = pname(owner) if owner is not None else "-"
    return f"card.{zone}.{who}.{card}.{i}"


def race_outcome(sit: RaceSituation) -> Outcome:
    """The outcome variables of a race step, with domains built from the situation."""
    o = Outcome()
    players = [pname(p) for p in range(sit.players)]
    # a Feeding Frenzy needs an Electric Eel turned over, an Ink Out an Octopus (the domain of
    # "race" is built from the cards on the table)
    o.var("race", tuple(r for r in RACES if r == "chomp" or (r == "feeding-frenzy" and sit.eel)
                        or (r == "ink-out" and sit.octopus)))
    # only a slap wins a round, and only the slapper's ("the first player to slap ...": every
    # winning rule names the slapper): the domain of "winner" is built from the step
    o.var("winner", ("none", pname(sit.slap[0])) if sit.slap is not None else ("none",))
    o.var("next", NEXT)
    if sit.slap is not None:
        o.var("bad_chomp", ("no", "yes"))
        o.var("penalty", ("none", "centre", *(f"discard:{p}" for p in players)))
    for p in sit.active:
        o.var(f"replays.{pname(p)}", ("no", "yes"))
    places = ("stays", "centre", "set-aside", *(f"discard:{p}" for p in players))
    for p, c in sit.table_cards():
        o.var(card_var("table", p, c, 0), places)
    groups: dict[tuple[Any, ...], list[str]] = {}
    for owner, c, origin in sit.aside:
        key = ("aside-" + origin, owner, c)
        name = card_var("aside-" + origin, owner, c, len(groups.get(key, [])))
        groups.setdefault(key, []).append(name)
        o.var(name, places)
    for c in sit.centre:
        key = ("centre", None, c)
        name = card_var("centre", None, c, len(groups.get(key, [])))
        groups.setdefault(key, []).append(name)
        o.var(name, places)
    o.groups = [g for g in groups.values() if len(g) > 1]
    return o


def card_names(o: Outcome, zone: str | None = None) -> list[str]:
    return [n for n in o.vars if n.startswith("card.") and (zone is None or n.split(".")[1].startswith(zone))]


def owner_of(name: str) -> int | None:
    who = name.split(".")[2]
    return None if who == "-" else int(who[1:]) - 1


def kind_of(name: str) -> str:
    return name.split(".")[3]


def compare_key(values: dict[str, str] | Any) -> tuple[Any, ...]:
    """An outcome as the physical result: the step's facts, and for every place the multiset of
    card kinds that end there (a card that stays or is set aside keeps its owner), so that two
    identical cards swapped between places are the same outcome."""
    facts = tuple(sorted((k, v) for k, v in values.items() if not k.startswith("card.")))
    places: dict[tuple[str, str], list[str]] = {}
    for name, where in values.items():
        if not name.startswith("card."):
            continue
        places.setdefault(_place(name, where), []).append(kind_of(name))
    return facts + tuple(sorted((k, tuple(sorted(v))) for k, v in places.items()))


def _place(name: str, where: str) -> tuple[str, str]:
    """A card's destination as :func:`compare_key` names the place (a card that stays or is set
    aside keeps its owner)."""
    owner = owner_of(name)
    return (where, pname(owner) if where in ("stays", "set-aside") and owner is not None else "")


def key_term(o: Outcome, key: tuple[Any, ...]) -> Any:
    """The outcomes whose :func:`compare_key` is ``key``: its facts, and for every place and card
    kind the number of cards of that kind that end there."""
    if any(k not in o.vars for k, v in key if isinstance(v, str)):
        return False
    facts = [o.eq(k, v) for k, v in key if isinstance(v, str)]
    want: dict[tuple[tuple[str, str], str], int] = {}
    for place, kinds in (x for x in key if not isinstance(x[1], str)):
        for kind in kinds:
            want[(place, kind)] = want.get((place, kind), 0) + 1
    # every (place, kind) a card can reach, with the tests "this card ends there"
    tests: dict[tuple[tuple[str, str], str], list[Any]] = {}
    for name in card_names(o):
        parts = name.split(".")
        kind, owner = parts[3], parts[2]
        for where in o.labels[name]:
            place = (where, owner if owner != "-" and where in ("stays", "set-aside") else "")
            tests.setdefault((place, kind), []).append(o.eq(name, where))
    if any(pk not in tests for pk in want):
        return False
    counts = []
    for pk in sorted(tests):
        n_want = want.get(pk, 0)
        live = [t for t in tests[pk] if t is not False]
        sure = sum(t is True for t in live)
        if sure > n_want or len(live) < n_want:
            return False
        terms = [t for t in live if t is not True]
        if terms:
            # a pseudo-Boolean "exactly k of these hold" (cheaper for the solver than a sum)
            counts.append(f"((_ pbeq {n_want - sure} {' '.join('1' for _ in terms)}) {' '.join(terms)})")
    return conj(*facts, *counts)


# --------------------------------------------------------------------------- helpers for the clauses

def winner_is(o: Outcome, p: int) -> Any:
    """A test: the winner is p."""
    return o.eq("winner", pname(p))


def wins(o: Outcome, p: int) -> Any:
    """A requirement: p wins the round (recorded, for frame.only_named_winners)."""
    return o.require("winner", pname(p))


def goes(o: Outcome, name: str, place: str) -> Any:
    return o.eq(name, place)


def to_discard(o: Outcome, name: str, p: int) -> Any:
    return o.eq(name, f"discard:{pname(p)}")


def is_race(o: Outcome, kind: str) -> Any:
    return o.eq("race", kind)


def bad(o: Outcome) -> Any:
    return o.eq("bad_chomp", "yes")


def round_over(o: Outcome) -> Any:
    return o.eq("next", "round-over")


def over_or_replay(o: Outcome) -> Any:
    return neg(o.eq("next", "race-goes-on"))


def possible_winners(s: Any) -> list[int]:
    """Who can win the round with this step: the slapper, if he turned over a card."""
    slap = s.slap
    return [slap[0]] if slap is not None and s.table[slap[0]] is not None else []


def chompable(s: Any, o: Outcome, winner: int, prey_owner: int | None, prey: str) -> Any:
    """Whether the winner's card can chomp ``prey``: by the food chain in a chomp race; in a
    Feeding Frenzy any card except her own (en.feeding-frenzy.2)."""
    mine = s.table[winner]
    by_chain = bool(mine is not None and can_chomp(mine, prey))
    frenzy = bool(prey_owner != winner)
    frenzy_race = is_race(o, "feeding-frenzy")
    return disj(conj(frenzy_race, frenzy), conj(neg(frenzy_race), by_chain))


def table_var(s: Any, o: Outcome, p: int) -> str:
    return card_var("table", p, s.table[p], 0)


def all_of(parts: list[Any]) -> Any:
    return conj(*parts) if parts else None


def for_each_winner(s: Any, o: Outcome, body: Any) -> Any:
    """``And`` over every possible winner w of ``Implies(winner == w, body(w))``."""
    parts = []
    for w in possible_winners(s):
        req = body(w)
        if req is not None:
            parts.append(implies(winner_is(o, w), req))
    return all_of(parts)


def first_to_slap_lowest(s: Any) -> int | None:
    """The slapper, if this step is the first slap on another player's card of the lowest
    creature, by a player whose own card is not of the lowest creature (en.gameplay.5)."""
    slap = s.slap
    if slap is None:
        return None
    p, q, t = slap
    low = s.lowest
    if q == p or low is None or t != low or s.table[p] == low:
        return None
    return p


# --------------------------------------------------------------------------- Game Play

@clause("en.gameplay.2", "es.como-se-juega.2")
def first_to_slap_the_lowest_wins(s: Any, o: Outcome) -> Any:
    """"The first player to slap the card with the lowest creature on the food chain and shout
    "Chomp!" wins the round."

    In a chomp race (no Eel, no Octopus). Written with its exception, en.gameplay.5: the slapper
    whose own card is the lowest may not chomp, so this sentence does not make him the winner.
    """
    p = first_to_slap_lowest(s)
    if p is None or s.step != "new-round":
        return None
    return implies(is_race(o, "chomp"), conj(wins(o, p), round_over(o)))


@clause("en.gameplay.3", "es.como-se-juega.3")
def he_collects_what_his_card_can_chomp(s: Any, o: Outcome) -> Any:
    """"He collects all the cards his card can chomp and places them face down in a separate
    discard pile."

    The round's winner: every card of this round that his card can chomp goes to his discard pile.
    """
    def body(w: int) -> Any:
        return all_of([implies(conj(chompable(s, o, w, q, c), bool(q != w)),
                                  to_discard(o, table_var(s, o, q), w))
                       for q, c in s.table_cards()])
    return for_each_winner(s, o, body)


@clause("en.gameplay.4", "es.como-se-juega.4", readings=("chomp.read.gameplay4_scope",))
def if_your_card_couldnt_be_chomped(s: Any, o: Outcome) -> Any:
    """"If your card couldn't be chomped, place it in your discard pile."

    Reading ``chomp.read.gameplay4_scope``: in a round someone wins, each card the winner's card
    cannot chomp (his own included) goes to its owner's discard pile; or, in every round that ends,
    each card nobody chomped does. One part per card.
    """
    parts = {}
    for q, c in s.table_cards():
        name = table_var(s, o, q)
        req = []
        for w in possible_winners(s):
            cant = disj(neg(chompable(s, o, w, q, c)), bool(q == w))
            req.append(implies(conj(winner_is(o, w), over_or_replay(o), cant), to_discard(o, name, q)))
        if s.reading("chomp.read.gameplay4_scope") == "every-round":
            req.append(implies(conj(o.eq("winner", "none"), round_over(o)), to_discard(o, name, q)))
        parts[name] = all_of(req)
    return parts or None


@clause("en.gameplay.5", "es.como-se-juega.5")
def lowest_card_yours_not_allowed(s: Any, o: Outcome) -> Any:
    """"Note: If the lowest card is yours, you are not allowed to chomp."

    In a chomp race, a slapper whose own card is of the lowest creature does not win by it.
    """
    slap = s.slap
    if slap is None or s.lowest is None or s.table[slap[0]] != s.lowest:
        return None
    return implies(is_race(o, "chomp"), neg(winner_is(o, slap[0])))


# --------------------------------------------------------------------------- Bad Chomps

def bad_chomp_kinds(s: Any, o: Outcome) -> dict[str, Any]:
    """The four kinds of Bad Chomp of en.bad-chomp.3-6 that this slap is, as conditions."""
    slap = s.slap
    if slap is None:
        return {}
    p, q, t = slap
    mine = s.table[p]
    out: dict[str, Any] = {}
    rm, rt = (rank(mine) if mine is not None else None), rank(t)
    if q != p and rm is not None and rt is not None and rt > rm:
        out["en.bad-chomp.3"] = True
    if q != p and mine is not None and t == mine:
        out["en.bad-chomp.4"] = True
    if q == p:
        out["en.bad-chomp.5"] = True
    out["en.bad-chomp.6"] = is_race(o, "ink-out")
    return out


def _frenzy_exempt(s: Any, o: Outcome) -> Any:
    """Reading ``chomp.read.frenzy_any_card``: in a Feeding Frenzy, whether 'any player can chomp
    any card' lifts the Bad Chomps for higher and same cards."""
    if s.reading("chomp.read.frenzy_any_card") == "lifts-bad-chomps":
        return is_race(o, "feeding-frenzy")
    return False


@clause("en.bad-chomp.3", "es.malos-mordiscos.3", readings=("chomp.read.frenzy_any_card",))
def slap_a_higher_card(s: Any, o: Outcome) -> Any:
    """"You've made a Bad Chomp if you: slap another player's card that's higher on the food
    chain than yours, or" (en.bad-chomp.2-3)."""
    if "en.bad-chomp.3" not in bad_chomp_kinds(s, o):
        return None
    return implies(neg(_frenzy_exempt(s, o)), bad(o))


@clause("en.bad-chomp.4", "es.malos-mordiscos.4", readings=("chomp.read.frenzy_any_card",))
def slap_the_same_card(s: Any, o: Outcome) -> Any:
    """"slap another player's card that's the same as yours, or"."""
    if "en.bad-chomp.4" not in bad_chomp_kinds(s, o):
        return None
    return implies(neg(_frenzy_exempt(s, o)), bad(o))


@clause("en.bad-chomp.5", "es.malos-mordiscos.5")
def slap_your_own_card(s: Any, o: Outcome) -> Any:
    """"slap your own card, or"."""
    if "en.bad-chomp.5" not in bad_chomp_kinds(s, o):
        return None
    return bad(o)


@clause("en.bad-chomp.6", "es.malos-mordiscos.6")
def slap_in_an_ink_out(s: Any, o: Outcome) -> Any:
    """"slap a card in an Octopus Ink Out"."""
    if s.slap is None:
        return None
    return implies(is_race(o, "ink-out"), bad(o))


@clause("en.bad-chomp.2", "es.malos-mordiscos.2", readings=("chomp.read.frenzy_any_card",))
def what_a_bad_chomp_is(s: Any, o: Outcome) -> Any:
    """"You've made a Bad Chomp if you:" followed by the four kinds (en.bad-chomp.3-6).

    Read as the definition: a slap is a Bad Chomp exactly when it is one of the four kinds (or the
    Octopus rule, en.ink-out.6, says so).
    """
    kinds = bad_chomp_kinds(s, o)
    if s.slap is None:
        return None
    exempt = _frenzy_exempt(s, o)
    conds = []
    for cid, cond in kinds.items():
        if cid in ("en.bad-chomp.3", "en.bad-chomp.4"):
            conds.append(conj(cond, neg(exempt)))
        else:
            conds.append(cond)
    if s.octopus and not s.eel:
        conds.append(True)  # en.ink-out.6
    return same(bad(o), disj(*conds))


@clause("en.bad-chomp.7", "es.malos-mordiscos.7", "en.outcomes.5", "es.resultados.5")
def put_the_top_card_down(s: Any, o: Outcome) -> Any:
    """"If you make a Bad Chomp, put the top card of your pile face down in the playing area."

    With en.outcomes.5, "When your pile runs out, shuffle your discard pile, place it face down in
    front of you and continue playing": a player whose pile ran out has a top card again once he
    has shuffled. Only a player with no card at all has none to put down.
    """
    slap = s.slap
    if slap is None:
        return None
    p = slap[0]
    if not (s.has_card[p] or s.has_discard[p]):
        return None
    return implies(bad(o), neg(o.eq("penalty", "none")))


@clause("en.bad-chomp.8", "es.malos-mordiscos.8")
def winner_takes_both_your_cards(s: Any, o: Outcome) -> Any:
    """"The winner of the round takes both of your cards along with the other cards she can
    chomp."

    Each player who made a Bad Chomp this race: his turned-over card and his penalty cards (in the
    centre) go to the winner's discard pile (one part per card). "The winner of the round" is
    someone still to come: a Bad Chomp neither wins nor ends the round (part ``goes-on``).
    """
    slap = s.slap
    parts: dict[str, Any] = {}
    for q, _ in s.table_cards():
        if q in s.bad_before:
            n = table_var(s, o, q)
            parts[n] = for_each_winner(s, o, lambda w, n=n: to_discard(o, n, w))
    if s.bad_before:
        for n in card_names(o, "centre"):
            parts[n] = for_each_winner(s, o, lambda w, n=n: to_discard(o, n, w))
    if slap is not None:
        p = slap[0]
        n = table_var(s, o, p)
        parts["slap"] = for_each_winner(s, o, lambda w: implies(bad(o), conj(
            to_discard(o, "penalty", w), to_discard(o, n, w))))
        parts["goes-on"] = conj(implies(conj(bad(o), o.eq("winner", "none")), o.eq("next", "race-goes-on")),
                                  implies(bad(o), neg(winner_is(o, p))))
    return parts or None


@clause("en.bad-chomp.9", "es.malos-mordiscos.9", readings=("chomp.read.your_cards",))
def no_winner_cards_stay_in_the_centre(s: Any, o: Outcome) -> Any:
    """"If there is no winner that round, your cards stay in the center."

    When the round ends with no winner, each Bad Chomper's turned-over card and penalty cards are
    in the centre; under the reading ``chomp.read.your_cards`` = ``all-his-cards``, the cards he
    set aside earlier in the round too.
    """
    cond = conj(o.eq("winner", "none"), round_over(o))
    req = []
    for q, _ in s.table_cards():
        if q in s.bad_before:
            req.append(goes(o, table_var(s, o, q), "centre"))
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
        req.append(implies(bad(o), conj(o.eq("penalty", "centre"), goes(o, table_var(s, o, slap[0]), "centre"))))
    return implies(cond, conj(*req)) if req else None


@clause("en.bad-chomp.10", "es.malos-mordiscos.10")
def next_winner_takes_them(s: Any, o: Outcome) -> Any:
    """"The winner of the next round then takes your cards."

    Bad Chomp cards left in the centre by an earlier round go to this round's winner.
    """
    if s.bad_before or not s.centre:
        return None
    return for_each_winner(s, o, lambda w: all_of([to_discard(o, n, w) for n in card_names(o, "centre")]))


# --------------------------------------------------------------------------- Feeding Frenzy

@clause("en.feeding-frenzy.1", "es.anguila.1")
def an_eel_starts_a_feeding_frenzy(s: Any, o: Outcome) -> Any:
    """"If an Electric Eel card is turned over, a feeding frenzy occurs.\""""
    return is_race(o, "feeding-frenzy") if s.eel else None


@clause("en.feeding-frenzy.2", "es.anguila.2")
def any_card_except_her_own(s: Any, o: Outcome) -> Any:
    """"Any player can chomp any card, except her own."

    In a Feeding Frenzy, slapping your own card does not win.
    """
    slap = s.slap
    if slap is None or slap[1] != slap[0]:
        return None
    return implies(is_race(o, "feeding-frenzy"), neg(winner_is(o, slap[0])))


@clause("en.feeding-frenzy.3", "es.anguila.3", readings=("chomp.read.frenzy_all_cards",))
def first_to_slap_another_takes_all(s: Any, o: Outcome) -> Any:
    """"The first to slap another player's card and shout "Feeding Frenzy!" takes all the cards,
    even those that are higher on the food chain."

    Reading ``chomp.read.frenzy_all_cards``: "all the cards" are the cards of this round, or every
    card in play in the centre (set-aside cards of an earlier Ink Out or tie round too).
    """
    slap = s.slap
    if slap is None or slap[1] == slap[0]:
        return None
    p = slap[0]
    req = [wins(o, p), round_over(o)]
    req += [to_discard(o, table_var(s, o, q), p) for q, _ in s.table_cards()]
    if s.reading("chomp.read.frenzy_all_cards") == "every-card-in-play":
        req += [to_discard(o, n, p) for n in card_names(o, "aside")]
    return implies(is_race(o, "feeding-frenzy"), conj(*req))


# --------------------------------------------------------------------------- Octopus: Ink Out

def _octopus_rules(s: Any) -> bool:
    """An Octopus is turned over and no Eel (the Eel prevails: en.octopus-vs-eel.1)."""
    return s.octopus and not s.eel


@clause("en.ink-out.2", "es.ink-out.2")
def no_one_can_chomp_all_set_aside(s: Any, o: Outcome) -> Any:
    """"Since no one can see, no one can chomp and all cards played are set aside."

    An Octopus turned over (and no Eel: en.octopus-vs-eel.1) makes an Ink Out: nobody wins by a
    slap, and when nobody slaps the cards played are set aside.
    """
    if not _octopus_rules(s):
        return None
    req = [is_race(o, "ink-out"), o.eq("winner", "none")]
    if s.event[0] == "nobody":
        req += [goes(o, table_var(s, o, q), "set-aside") for q, _ in s.table_cards()]
    return conj(*req)


@clause("en.ink-out.3", "es.ink-out.3")
def each_player_plays_another_card(s: Any, o: Outcome) -> Any:
    """"Each player plays another card." (after the Ink Out's cards are set aside)"""
    if not _octopus_rules(s) or s.event[0] != "nobody":
        return None
    return conj(o.eq("next", "ink-out-replay"), *[o.eq(f"replays.{pname(p)}", "yes") for p in s.active])


@clause("en.ink-out.4", "es.ink-out.4")
def ink_out_replay_winner_gets(s: Any, o: Outcome) -> Any:
    """"The first to slap the lowest card and shout "Chomp!" gets any cards from the current round
    she is allowed to chomp as well as all the cards from the Octopus Ink Out round."

    In the replay after an Ink Out.
    """
    if s.step != "ink-out-replay":
        return None
    p = first_to_slap_lowest(s)
    parts = []
    if p is not None:
        parts.append(implies(neg(is_race(o, "feeding-frenzy")), conj(wins(o, p), round_over(o))))

    def body(w: int) -> Any:
        req = [implies(conj(chompable(s, o, w, q, c), bool(q != w)), to_discard(o, table_var(s, o, q), w))
               for q, c in s.table_cards()]
        req += [to_discard(o, n, w) for n in card_names(o, "aside-ink-out")]
        return all_of(req)

    won = for_each_winner(s, o, body)
    if won is not None:
        parts.append(implies(neg(is_race(o, "feeding-frenzy")), won))
    return all_of(parts)


@clause("en.ink-out.5", "es.ink-out.5")
def ink_out_cards_she_cant_chomp_reclaimed(s: Any, o: Outcome) -> Any:
    """"Any cards from the current round she can't chomp, are reclaimed by the players who turned
    them over." (one part per card)"""
    if s.step != "ink-out-replay":
        return None
    parts = {}
    for q, c in s.table_cards():
        n = table_var(s, o, q)
        won = for_each_winner(s, o, lambda w, n=n, q=q, c=c: implies(
            disj(neg(chompable(s, o, w, q, c)), bool(q == w)), to_discard(o, n, q)))
        if won is not None:
            parts[n] = implies(neg(is_race(o, "feeding-frenzy")), won)
    return parts or None


@clause("en.ink-out.6", "es.ink-out.6")
def chomp_when_an_octopus_is_turned_over(s: Any, o: Outcome) -> Any:
    """"If you chomp when an Octopus card is turned over, you've made a Bad Chomp.\""""
    if s.slap is None or not _octopus_rules(s):
        return None
    return bad(o)


@clause("en.octopus-vs-eel.1", "es.pulpo-vs-anguila.1")
def the_eel_prevails(s: Any, o: Outcome) -> Any:
    """"If an Octopus and an Electric Eel turn up at the same time, the Eel prevails and starts a
    Feeding Frenzy!" (an explicit exception to the Octopus's clauses)"""
    return is_race(o, "feeding-frenzy") if s.octopus and s.eel else None


# --------------------------------------------------------------------------- Breaking a Tie

@clause("en.tie.1", "es.empate.1")
def tie_set_aside_the_cards(s: Any, o: Outcome) -> Any:
    """"If two or more players chomp at the same time, set aside the cards just played.\""""
    if s.event[0] != "tie":
        return None
    req = [goes(o, table_var(s, o, q), "set-aside") for q, _ in s.table_cards()]
    return conj(o.eq("next", "tie-replay"), o.eq("winner", "none"), *req)


@clause("en.tie.2", "es.empate.2")
def tie_each_player_plays_another(s: Any, o: Outcome) -> Any:
    """"Each player plays another card.\""""
    if s.event[0] != "tie":
        return None
    return conj(*[o.eq(f"replays.{pname(p)}", "yes") for p in s.active])


@clause("en.tie.3", "es.empate.3")
def tie_replay_winner_wins_the_tie_round(s: Any, o: Outcome) -> Any:
    """"The first to slap the lowest card and shout "Chomp!" wins all the cards from the tie
    round.\""""
    if s.step != "tie-replay":
        return None
    p = first_to_slap_lowest(s)
    parts: dict[str, Any] = {}
    if p is not None:
        parts["winner"] = implies(is_race(o, "chomp"), conj(wins(o, p), round_over(o)))
    won = for_each_winner(s, o, lambda w: all_of([to_discard(o, n, w) for n in card_names(o, "aside-tie")]))
    if won is not None:
        parts["cards"] = implies(is_race(o, "chomp"), won)
    return parts or None


def _tie_previous(s: Any, o: Outcome) -> list[tuple[str, int, str]]:
    """The cards 'from the previous round' of en.tie.4-5, by reading ``chomp.read.tie_previous``:
    the tie round's (set aside), or the replay's own (on the table)."""
    if s.reading("chomp.read.tie_previous") == "the-tie-round":
        return [(n, owner_of(n), kind_of(n)) for n in card_names(o, "aside-tie")]  # type: ignore[misc]
    return [(table_var(s, o, q), q, c) for q, c in s.table_cards()]


@clause("en.tie.4", "es.empate.4", readings=("chomp.read.tie_previous",))
def tie_she_also_gets_what_she_can_chomp(s: Any, o: Outcome) -> Any:
    """"She also gets any cards from the previous round that she is allowed to chomp."

    Reading ``chomp.read.tie_previous``: "the previous round" is the tie round, or (as in the Ink
    Out rule, en.ink-out.4) the round just played. One part per card.
    """
    if s.step != "tie-replay":
        return None
    parts = {}
    for n, q, c in _tie_previous(s, o):
        won = for_each_winner(s, o, lambda w, n=n, q=q, c=c: implies(
            conj(chompable(s, o, w, q, c), bool(q != w)), to_discard(o, n, w)))
        if won is not None:
            parts[n] = implies(is_race(o, "chomp"), won)
    return parts or None


@clause("en.tie.5", "es.empate.5", readings=("chomp.read.tie_previous",))
def tie_cards_she_cant_chomp_reclaimed(s: Any, o: Outcome) -> Any:
    """"Any cards she can't chomp are reclaimed by the players who turned them over." (one part
    per card)"""
    if s.step != "tie-replay":
        return None
    parts = {}
    for n, q, c in _tie_previous(s, o):
        won = for_each_winner(s, o, lambda w, n=n, q=q, c=c: implies(
            disj(neg(chompable(s, o, w, q, c)), bool(q == w)), to_discard(o, n, q)))
        if won is not None:
            parts[n] = implies(is_race(o, "chomp"), won)
    return parts or None


# --------------------------------------------------------------------------- principles (the frame)

def _ordinary_round(s: Any, o: Outcome) -> Any:
    return is_race(o, "chomp") if not s.eel and not s.octopus else None


def _race_goes_on_unchanged(s: Any, o: Outcome) -> Any:
    req = [o.eq("winner", "none")]
    req += [goes(o, n, "stays") for n in card_names(o, "table")]
    req += [goes(o, n, "set-aside") for n in card_names(o, "aside")]
    req += [goes(o, n, "centre") for n in card_names(o, "centre")]
    return implies(o.eq("next", "race-goes-on"), conj(*req))


def _round_end_clears_the_table(s: Any, o: Outcome) -> Any:
    names = card_names(o, "table")
    if not names:
        return None
    return implies(over_or_replay(o), conj(*[neg(goes(o, n, "stays")) for n in names]))


def _cards_go_to_owner_or_winner(s: Any, o: Outcome) -> Any:
    req = []
    for n in card_names(o):
        owner = owner_of(n)
        for k in range(s.players):
            if k != owner:
                req.append(implies(to_discard(o, n, k), winner_is(o, k)))
        if n.split(".")[1] == "centre":
            req.append(neg(goes(o, n, "stays")))
            req.append(neg(goes(o, n, "set-aside")))
    if s.slap is not None:
        for k in range(s.players):
            req.append(implies(to_discard(o, "penalty", k), winner_is(o, k)))
    return all_of(req)


def _unmoved_cards_stay(s: Any, o: Outcome) -> Any:
    req = []
    for n in card_names(o, "aside"):
        if n not in s.mentioned:
            req.append(goes(o, n, "set-aside"))
    for n in card_names(o, "centre"):
        if n not in s.mentioned:
            req.append(goes(o, n, "centre"))
    return all_of(req)


def _only_named_winners(s: Any, o: Outcome) -> Any:
    req = [neg(winner_is(o, p)) for p in range(s.players) if ("winner", pname(p)) not in o.named]
    return all_of(req)


def _penalty_only_for_a_bad_chomp(s: Any, o: Outcome) -> Any:
    if s.slap is None:
        return None
    p = s.slap[0]
    if not (s.has_card[p] or s.has_discard[p]):
        return o.eq("penalty", "none")
    return implies(neg(bad(o)), o.eq("penalty", "none"))


def _replays_only_in_a_replay(s: Any, o: Outcome) -> Any:
    names = [n for n in o.vars if n.startswith("replays.")]
    if not names:
        return None
    replay = disj(o.eq("next", "ink-out-replay"), o.eq("next", "tie-replay"))
    return implies(neg(replay), conj(*[o.eq(n, "no") for n in names]))


PRINCIPLES = [
    Principle("frame.ordinary_round",
              "A round with no Electric Eel and no Octopus turned over is an ordinary chomp race "
              "(en.gameplay.1-2).", _ordinary_round),
    Principle("frame.race_goes_on_unchanged",
              "While the race goes on, nothing moves: the face-up cards stay face up, set-aside "
              "cards stay aside, the centre's cards stay there and nobody has won.", _race_goes_on_unchanged),
    Principle("frame.round_end_clears_the_table",
              "When the round ends or is replayed, no card stays face up on the table.", _round_end_clears_the_table),
    Principle("frame.cards_go_to_owner_or_winner",
              "No card goes to a player's pile unless it is his own or he won it; ownerless cards "
              "in the centre go nowhere but to a winner.", _cards_go_to_owner_or_winner),
    Principle("frame.unmoved_cards_stay",
              "A set-aside or centre card that no applicable clause moves stays where it is.", _unmoved_cards_stay),
    Principle("frame.only_named_winners",
              "Nobody wins the round unless an applicable clause makes him the winner.", _only_named_winners),
    Principle("frame.penalty_only_for_a_bad_chomp",
              "The top card of a pile is put down only for a Bad Chomp, and only if there is one.",
              _penalty_only_for_a_bad_chomp),
    Principle("frame.replays_only_in_a_replay",
              "Only a replay has players playing another card.", _replays_only_in_a_replay),
]

READINGS = {
    r.id: r for r in [
        Reading("chomp.read.gameplay4_scope", "en.gameplay.4",
                "'If your card couldn't be chomped, place it in your discard pile': in which rounds?",
                (("won-rounds", "In a round someone wins: the cards the winner cannot chomp."),
                 ("every-round", "In every round that ends: also when nobody wins, every card nobody chomped."))),
        Reading("chomp.read.frenzy_any_card", "en.feeding-frenzy.2",
                "'Any player can chomp any card': does it lift the Bad Chomps for higher and same cards?",
                (("bad-chomps-stand", "No: the list of Bad Chomps applies in every race."),
                 ("lifts-bad-chomps", "Yes: in a Feeding Frenzy a higher or same card is a valid chomp."))),
        Reading("chomp.read.frenzy_all_cards", "en.feeding-frenzy.3",
                "'takes all the cards': which cards?",
                (("this-rounds-cards", "The cards turned over in this round."),
                 ("every-card-in-play", "Every card in the centre, set-aside cards of an earlier round too."))),
        Reading("chomp.read.your_cards", "en.bad-chomp.9",
                "'If there is no winner that round, your cards stay in the center': which of the Bad "
                "Chomper's cards?",
                (("turned-over-and-penalty", "The two cards of the Bad Chomp: his turned-over card and the one he "
                  "put down."),
                 ("all-his-cards", "Every card of his in the round, the cards he set aside in an Ink Out or a tie "
                  "too."))),
        Reading("chomp.read.tie_previous", "en.tie.4",
                "'any cards from the previous round that she is allowed to chomp': which round?",
                (("the-tie-round", "The tie round (the round before the replay)."),
                 ("the-replay-round", "The round just played, as in the Ink Out rule (en.ink-out.4)."))),
    ]
}


# --------------------------------------------------------------------------- ruling options

def _lower_not_lowest(s: Any) -> bool:
    slap = s.slap
    if slap is None or s.eel or s.octopus:
        return False
    p, q, t = slap
    mine, low = s.table[p], s.lowest
    return (q != p and mine is not None and low is not None and rank(t) is not None and rank(mine) is not None
            and rank(low) < rank(t) < rank(mine))  # type: ignore[operator]


def _nobody(s: Any) -> bool:
    return s.event[0] == "nobody" and not _octopus_rules(s)


def _frenzy_higher_or_same(s: Any) -> bool:
    """The question of ``chomp.frenzy_vs_bad_chomp``: in a Feeding Frenzy, a slap on another
    player's card higher than the slapper's, or the same as his (any card: two Octopuses are the
    same card too, en.bad-chomp.4)."""
    slap = s.slap
    if slap is None or not s.eel:
        return False
    p, q, t = slap
    mine = s.table[p]
    if q == p or mine is None:
        return False
    if t == mine:
        return True
    return rank(t) is not None and rank(mine) is not None and rank(t) >= rank(mine)  # type: ignore[operator]


def _bad_chomper_cards(s: Any) -> list[int]:
    out = [q for q, _ in s.table_cards() if q in s.bad_before]
    return out


def _opt_nobody(option: str) -> Any:
    def fn(s: Any, o: Outcome) -> Any:
        if not _nobody(s):
            return None
        if option == "replay_like_tie":
            req = [o.eq("next", "tie-replay"), o.eq("winner", "none")]
            req += [goes(o, table_var(s, o, q), "set-aside") for q, _ in s.table_cards()]
            req += [o.eq(f"replays.{pname(p)}", "yes") for p in s.active]
            return conj(*req)
        req = [o.eq("next", "round-over"), o.eq("winner", "none")]
        for q, _ in s.table_cards():
            n = table_var(s, o, q)
            if option == "stay_in_centre" or q in s.bad_before:
                req.append(goes(o, n, "centre"))
            else:
                req.append(to_discard(o, n, q))
        for n in card_names(o, "aside"):
            owner = owner_of(n)
            to_centre = option == "stay_in_centre" or owner is None or owner in s.bad_before
            req.append(goes(o, n, "centre") if to_centre else to_discard(o, n, owner))
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


def _opt_eel_in_replay(option: str) -> Any:
    def fn(s: Any, o: Outcome) -> Any:
        if not s.eel or s.step == "new-round" or s.slap is None or s.slap[1] == s.slap[0] or not s.aside:
            return None
        p = s.slap[0]
        if option == "all_cards":
            return all_of([to_discard(o, n, p) for n in card_names(o, "aside")])
        return all_of([to_discard(o, n, owner_of(n)) for n in card_names(o, "aside")])  # type: ignore[arg-type]
    return fn


def _opt_both_cards(option: str) -> Any:
    def fn(s: Any, o: Outcome) -> Any:
        bads = _bad_chomper_cards(s)
        if not bads:
            return None

        def body(w: int) -> Any:
            mine = s.table[w]
            req = []
            for q in bads:
                c = s.table[q]
                if q == w or (mine is not None and can_chomp(mine, c)) or s.eel:
                    continue
                n = table_var(s, o, q)
                req.append(to_discard(o, n, w) if option == "winner_takes_both" else to_discard(o, n, q))
            return all_of(req)

        return for_each_winner(s, o, body)
    return fn


def _both_cards_overrides(option: str) -> Any:
    """The option settles, for each Bad Chomper's turned-over card, the clash between 'takes both
    of your cards' and the clauses that send a card the winner cannot chomp back to its owner."""
    def fn(s: Any, o: Outcome) -> list[str]:
        names = [table_var(s, o, q) for q in _bad_chomper_cards(s)]
        clauses = (("en.gameplay.4", "en.tie.5", "en.ink-out.5") if option == "winner_takes_both"
                   else ("en.bad-chomp.8",))
        return [f"{c}[{n}]" for c in clauses for n in names]
    return fn


def _opt_bad_chomp_no_card(option: str) -> Any:
    def fn(s: Any, o: Outcome) -> Any:
        slap = s.slap
        if slap is None or s.has_card[slap[0]] or not s.has_discard[slap[0]]:
            return None
        return implies(bad(o), o.eq("penalty", "centre") if option == "shuffle_then_put"
                          else o.eq("penalty", "none"))
    return fn


def _opt_octopus_in_replay(option: str) -> Any:
    def fn(s: Any, o: Outcome) -> Any:
        if s.step != "ink-out-replay" or not _octopus_rules(s):
            return None
        return is_race(o, "ink-out") if option == "ink_out_again" else is_race(o, "chomp")
    return fn


def _opt_tie_players(option: str) -> Any:
    def fn(s: Any, o: Outcome) -> Any:
        if s.event[0] != "tie":
            return None
        group = set(s.event[1:])
        return conj(*[o.eq(f"replays.{pname(p)}", "yes" if option == "all_players" or p in group else "no")
                        for p in s.active])
    return fn


def _opt_tie_winnings(option: str) -> Any:
    def fn(s: Any, o: Outcome) -> Any:
        if s.step != "tie-replay":
            return None

        def body(w: int) -> Any:
            mine = s.table[w]
            req = []
            for n in card_names(o, "aside-tie"):
                q, c = owner_of(n), kind_of(n)
                if option == "all_tie_cards" or q == w or (mine is not None and can_chomp(mine, c)):
                    req.append(to_discard(o, n, w))
                else:
                    req.append(to_discard(o, n, q))  # type: ignore[arg-type]
            for q, c in s.table_cards():
                n = table_var(s, o, q)
                if q != w and mine is not None and can_chomp(mine, c):
                    req.append(to_discard(o, n, w))
                elif q not in s.bad_before:
                    req.append(to_discard(o, n, q))
            return all_of(req)

        won = for_each_winner(s, o, body)
        return None if won is None else implies(is_race(o, "chomp"), won)
    return fn


def _rulings() -> list[RulingConstraint]:
    out = []
    for opt in ("own_discards", "stay_in_centre", "replay_like_tie"):
        for rid in ("chomp.nobody_slaps", "chomp.nobody_can_chomp"):
            out.append(RulingConstraint(rid, opt, _opt_nobody(opt), ("en.gameplay.4", "en.bad-chomp.9")))
    for opt in ("bad_chomp", "wins_round", "no_effect"):
        out.append(RulingConstraint("chomp.lower_not_lowest", opt, _opt_lower_not_lowest(opt), ("en.bad-chomp.2",)))
    out.append(RulingConstraint("chomp.frenzy_vs_bad_chomp", "frenzy_overrides", _opt_frenzy("frenzy_overrides"),
                                ("en.bad-chomp.3", "en.bad-chomp.4", "en.bad-chomp.2")))
    out.append(RulingConstraint("chomp.frenzy_vs_bad_chomp", "bad_chomp_applies", _opt_frenzy("bad_chomp_applies"),
                                ("en.feeding-frenzy.3", "en.bad-chomp.2")))
    for opt in ("all_cards", "current_cards_only"):
        out.append(RulingConstraint("chomp.eel_in_replay", opt, _opt_eel_in_replay(opt),
                                    ("en.ink-out.4", "en.tie.3[cards]")))
    for opt in ("winner_takes_both", "only_if_can_chomp"):
        out.append(RulingConstraint("chomp.bad_chomp_both_cards", opt, _opt_both_cards(opt),
                                    _both_cards_overrides(opt)))
    for opt in ("shuffle_then_put", "no_penalty"):
        out.append(RulingConstraint("chomp.bad_chomp_no_card", opt, _opt_bad_chomp_no_card(opt), ("en.bad-chomp.7",)))
    out.append(RulingConstraint("chomp.octopus_in_replay", "ink_out_again", _opt_octopus_in_replay("ink_out_again"),
                                ("en.ink-out.4",)))
    out.append(RulingConstraint("chomp.octopus_in_replay", "octopus_ignored", _opt_octopus_in_replay("octopus_ignored"),
                                ("en.ink-out.2", "en.ink-out.6", "en.bad-chomp.2", "en.bad-chomp.6")))
    for opt in ("all_players", "tied_only"):
        out.append(RulingConstraint("chomp.tie_replay_players", opt, _opt_tie_players(opt), ("en.tie.2",)))
    for opt in ("all_tie_cards", "chompable_only"):
        out.append(RulingConstraint("chomp.tie_replay_winnings", opt, _opt_tie_winnings(opt),
                                    ("en.tie.3[cards]", "en.tie.4", "en.tie.5", "en.gameplay.4")))
    return out


# --------------------------------------------------------------------------- what is not formalised

UNFORMALISED: dict[str, str] = {
    **{f"en.object.{i}": "the object of the game: a claim about the end, checked as an invariant by the explorer"
       for i in (1, 2)},
    **{f"en.food-chain.{i}": "the food chain: formalised as the relation can_chomp that the clauses use"
       for i in range(1, 12)},
    **{f"en.setup.{i}": "set-up: the deal is a chance step, an input of every situation" for i in (1, 2, 3)},
    "en.setup.4": "advice to players ('Don't look!'): no effect on the outcome",
    "en.gameplay.1": "turning over is the step before the race; the spec starts from the cards turned over",
    "en.outcomes.4": "what follows a round (the next turn-over): not yet formalised (turn-over steps)",
    **{f"en.ending.{i}": "the end of a round and of the game: not yet formalised (end-of-round steps)"
       for i in (1, 2, 3)},
    **{f"en.underwater-war.{i}": "the 2-player games: not yet formalised" for i in range(1, 7)},
    **{f"es.dos-jugadores.{i}": "the 2-player games: not yet formalised" for i in (1, 2)},
    **{f"es.chomp-rapido.{i}": "the 2-player games: not yet formalised" for i in range(1, 5)},
    **{f"es.doble-chomp.{i}": "the 2-player games: not yet formalised" for i in range(1, 4)},
}


SPEC = Spec(
    game="chomp",
    outcome=race_outcome,
    clauses=[
        first_to_slap_the_lowest_wins, he_collects_what_his_card_can_chomp, if_your_card_couldnt_be_chomped,
        lowest_card_yours_not_allowed, what_a_bad_chomp_is, slap_a_higher_card, slap_the_same_card,
        slap_your_own_card, slap_in_an_ink_out, put_the_top_card_down, winner_takes_both_your_cards,
        no_winner_cards_stay_in_the_centre, next_winner_takes_them, an_eel_starts_a_feeding_frenzy,
        any_card_except_her_own, first_to_slap_another_takes_all, no_one_can_chomp_all_set_aside,
        each_player_plays_another_card, ink_out_replay_winner_gets, ink_out_cards_she_cant_chomp_reclaimed,
        chomp_when_an_octopus_is_turned_over, the_eel_prevails, tie_set_aside_the_cards,
        tie_each_player_plays_another, tie_replay_winner_wins_the_tie_round, tie_she_also_gets_what_she_can_chomp,
        tie_cards_she_cant_chomp_reclaimed,
    ],
    principles=PRINCIPLES,
    readings=READINGS,
    rulings=_rulings(),
    unformalised=UNFORMALISED,
    compare=compare_key,
    key_term=key_term,
)
