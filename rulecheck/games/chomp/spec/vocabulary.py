"""The words of Chomp!'s specification: cards and the food chain, the situations a step starts
from, the outcome variables a step decides, and the small helpers the clauses are written with.

Three kinds of step are specified, each with its situation (the facts before the step and the step
itself) and its outcome (:func:`outcome`):

* a **turn-over** (:class:`TurnSituation`): the players turn over cards, in every game (a new
  round, an Ink Out or tie replay, Underwater War's war and next card, Doble Chomp's two cards);
  in Underwater War the cards turned over may decide the round at once;
* a **race step** (:class:`RaceSituation`): a first slap, a tie, or nobody slapping, in every race
  (the 3+ player game, Doble Chomp, the 2-player Eel race and Chomp rápido's race);
* the **last two's choice** (:class:`LastTwoSituation`): when only two players have cards they
  count them or switch to a 2-player game (en.ending.3); the choice is the step's input.

Nothing here reads the engine.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator
from dataclasses import dataclass
from typing import Any, ClassVar

from rulecheck.core.spec import Outcome, conj, disj, implies, neg, pname

__all__ = [
    "CARD_KINDS", "CREATURES", "MODES", "DealSituation", "LastTwoSituation", "RaceSituation", "TurnSituation",
    "can_chomp", "compare_key", "key_term", "outcome", "pname", "rank",
]

# The food chain (en.food-chain.4-11): creatures ranked from the bottom; the two action cards
# are not on it.
CREATURES = ("plankton", "shrimp", "littlefish", "bigfish", "seal", "shark")
ACTION_CARDS = ("eel", "octopus")
CARD_KINDS = CREATURES + ACTION_CARDS
DISPLAY = {"plankton": "Plankton", "shrimp": "Shrimp", "littlefish": "Little Fish", "bigfish": "Big Fish",
           "seal": "Seal", "shark": "Shark", "eel": "Electric Eel", "octopus": "Octopus"}

MODES = ("standard", "underwater-war", "chomp-rapido", "doble-chomp")
"""The games: the 3+ player game, and the 2-player games (es.dos-jugadores.0)."""
MODE_NAMES = {"standard": "the 3+ player game", "underwater-war": "Underwater War",
              "chomp-rapido": "Chomp rápido", "doble-chomp": "Doble Chomp"}
STEPS = ("new-round", "ink-out-replay", "tie-replay", "war", "next-card")
"""What a turn-over is: a new round, a replay after an Ink Out or a tie, the war of the 2-player
games (2 cards face down, 1 face up: en.underwater-war.3), the next card after an Octopus
(en.underwater-war.6)."""

RACE_NEXT = ("race-goes-on", "round-over", "ink-out-replay", "tie-replay", "war")
TURN_NEXT = ("race", "war", "next-card", "round-over")
GAME = ("goes-on", "last-two", "over")
"""What follows the round: play goes on, the last two players choose (en.ending.3), the game is over."""


def rank(card: str) -> int | None:
    """A creature's place on the food chain (higher chomps more); None for an action card."""
    return CREATURES.index(card) if card in CREATURES else None


def can_chomp(chomper: str | None, prey: str) -> bool:
    """By the food chain: a creature chomps the creatures below it, not its own kind nor anything
    higher, and nobody chomps an Octopus or an Electric Eel.

    en.food-chain.1-3 (es.cadena-alimentaria.1-3), the order en.food-chain.4-11."""
    if chomper is None:
        return False
    a, b = rank(chomper), rank(prey)
    return a is not None and b is not None and b < a


def higher(a: str, b: str) -> bool:
    """Card ``a`` is higher on the food chain than ``b`` (both creatures)."""
    ra, rb = rank(a), rank(b)
    return ra is not None and rb is not None and ra > rb


def lowest_of(cards: Iterator[str] | tuple[str, ...]) -> str | None:
    """The lowest creature among ``cards`` (en.gameplay.2); None if none is a creature."""
    ranks = [r for r in (rank(c) for c in cards) if r is not None]
    return CREATURES[min(ranks)] if ranks else None


def _cards_text(cards: tuple[str, ...]) -> str:
    return " and ".join(DISPLAY[c] for c in cards)


# --------------------------------------------------------------------------- the situations

_PER_PLAYER = ("pile", "has_discard")


@dataclass(frozen=True)
class RaceSituation:
    """The facts before one step of a slap race and the step itself, in any game.

    ``table[p]`` is player p's face-up cards (one, two in Doble Chomp, none if he turned over
    none); ``aside`` the set-aside cards as ``(owner, card, origin)``, origin ``ink-out`` or ``tie``
    (the round they were set aside in; ``ink-out-bad`` or ``tie-bad`` for the card a player turned
    over in a round in which he made a Bad Chomp), ``war`` (a war's cards) or ``octopus`` (the
    cards of a 2-player round an Octopus interrupted); ``centre`` the ownerless Bad Chomp cards in the centre;
    ``bad_before`` who made a Bad Chomp earlier in this race; ``pile[p]`` how many cards p's pile
    holds (0, 1, or 2 for two or more) and ``has_discard[p]`` whether his discard pile holds any.
    ``event`` is ``("slap", p, q, card)`` (p is the first to slap q's card), ``("tie", p1, p2,
    ...)`` or ``("nobody",)``. Where nobody slaps, ``could_win`` is who could have won the race
    with a slap: a fact of the race that the race's own slap steps show (each of them checked
    against the clauses), which decides whether "nobody could chomp" or "someone could, but
    nobody slapped" (the ruling points ``chomp.nobody_can_chomp`` and ``chomp.nobody_slaps``).
    """

    kind: ClassVar[str] = "race"
    players: int
    mode: str
    active: tuple[int, ...]
    step: str
    table: tuple[tuple[str, ...], ...]
    aside: tuple[tuple[int, str, str], ...]
    centre: tuple[str, ...]
    bad_before: tuple[int, ...]
    pile: tuple[int, ...]
    has_discard: tuple[bool, ...]
    event: tuple[Any, ...]
    could_win: tuple[int, ...] = ()

    # per-player facts a clause reads one player at a time
    INDEXED: ClassVar[tuple[str, ...]] = _PER_PLAYER
    # which fields each derived fact reads (what a clause reads decides which situations share
    # its verdict: rulecheck.core.spec.View)
    DERIVED: ClassVar[dict[str, tuple[str, ...]]] = {
        "kind": (), "cards": ("table",), "eel": ("table",), "octopus": ("table",), "lowest": ("table",),
        "slap": ("event",), "table_cards": ("table",), "label": ("step", "event"), "two_player": ("mode",),
        "owners_of": ("table",), "first_card": ("table",),
    }

    def label(self) -> str:
        """The kind of situation, for grouping findings: the game, the step and what happened."""
        game = "" if self.mode == "standard" else self.mode + ":"
        return f"{game}{self.step}/{self.event[0]}"

    @property
    def two_player(self) -> bool:
        return self.mode != "standard"

    @property
    def cards(self) -> tuple[str, ...]:
        return tuple(c for cs in self.table for c in cs)

    @property
    def eel(self) -> bool:
        return "eel" in self.cards

    @property
    def octopus(self) -> bool:
        return "octopus" in self.cards

    @property
    def lowest(self) -> str | None:
        """The lowest creature on the table (en.gameplay.2); None if no creature is."""
        return lowest_of(self.cards)

    @property
    def slap(self) -> tuple[int, int, str] | None:
        return (self.event[1], self.event[2], self.event[3]) if self.event[0] == "slap" else None

    def first_card(self, p: int) -> str | None:
        """Player p's face-up card where each player has one (None if he has none)."""
        cs = self.table[p]
        return cs[0] if cs else None

    def owners_of(self, card: str) -> tuple[int, ...]:
        return tuple(p for p, cs in enumerate(self.table) if card in cs)

    def table_cards(self) -> Iterator[tuple[int, str, int]]:
        """(owner, card, index among his cards of that kind) of every face-up card."""
        for p, cs in enumerate(self.table):
            seen: dict[str, int] = {}
            for c in cs:
                yield p, c, seen.get(c, 0)
                seen[c] = seen.get(c, 0) + 1

    def describe(self) -> str:
        """The situation in words (players numbered as in the situation)."""
        step = {"new-round": "a new round", "ink-out-replay": "the replay after an Ink Out",
                "tie-replay": "the replay after a tie", "war": "a war", "next-card": "the next card after an Octopus"}
        face = ", ".join(f"{pname(p)} {_cards_text(cs)}" for p, cs in enumerate(self.table) if cs) or "no cards"
        parts = [f"{MODE_NAMES[self.mode]}, {self.players} players, {step[self.step]}; face up: {face}"]
        if self.aside:
            parts.append("set aside: " + ", ".join(f"{pname(p)}'s {DISPLAY[c]} ({_origin_text(o)})"
                                                   for p, c, o in self.aside))
        if self.centre:
            parts.append("in the centre: " + ", ".join(DISPLAY[c] for c in self.centre))
        if self.bad_before:
            parts.append("Bad Chomps earlier in this race: " + ", ".join(pname(p) for p in self.bad_before))
        parts.append(_holdings(self.active, self.pile, self.has_discard))
        ev = self.event
        if ev[0] == "slap":
            whose = "his own" if ev[1] == ev[2] else f"{pname(ev[2])}'s"
            parts.append(f"{pname(ev[1])} is the first to slap {whose} {DISPLAY[ev[3]]}")
        elif ev[0] == "tie":
            parts.append(" and ".join(pname(p) for p in ev[1:]) + " chomp at the same time")
        else:
            could = " or ".join(pname(p) for p in self.could_win)
            parts.append(f"nobody slaps ({could} could have won with a slap)" if could else
                         "nobody slaps (nobody could have won with a slap)")
        return "; ".join(parts) + "."


def _origin_text(origin: str) -> str:
    """A set-aside card's origin for reading: ``tie-bad`` as "tie, his Bad Chomp"."""
    return origin[:-4] + ", his Bad Chomp" if origin.endswith("-bad") else origin


def _holdings(active: tuple[int, ...], pile: tuple[int, ...], has_discard: tuple[bool, ...]) -> str:
    def one(p: int) -> str:
        n = pile[p]
        cards = "no pile" if n == 0 else f"a pile of {n}" if n < 2 else "a pile"
        return f"{pname(p)} {cards}{'' if has_discard[p] else ', no discard pile'}"
    return "cards left: " + ", ".join(one(p) for p in active)


@dataclass(frozen=True)
class TurnSituation:
    """The facts before a turn-over and the cards it would turn over.

    ``plays`` are the players who are to turn over cards (every player in a new round, the
    replay's players in a replay); ``top[p]`` the cards on top of p's pile, top first, as many as
    the step can turn over (one; two in Doble Chomp; three in a war); ``pile[p]`` how many cards
    his pile holds (0-3, 4 for four or more) and ``has_discard[p]`` whether his discard pile holds
    any; ``aside`` and ``centre`` as in :class:`RaceSituation`.
    """

    kind: ClassVar[str] = "turn"
    players: int
    mode: str
    active: tuple[int, ...]
    step: str
    plays: tuple[int, ...]
    top: tuple[tuple[str, ...], ...]
    pile: tuple[int, ...]
    has_discard: tuple[bool, ...]
    aside: tuple[tuple[int, str, str], ...]
    centre: tuple[str, ...]

    INDEXED: ClassVar[tuple[str, ...]] = _PER_PLAYER
    DERIVED: ClassVar[dict[str, tuple[str, ...]]] = {
        "kind": (), "label": ("mode", "step"), "two_player": ("mode",), "top_cards": ("top",),
    }

    @property
    def two_player(self) -> bool:
        return self.mode != "standard"

    def label(self) -> str:
        game = "" if self.mode == "standard" else self.mode + ":"
        return f"{game}{self.step}/turn-over"

    def top_cards(self) -> Iterator[tuple[int, str, int]]:
        """(owner, card, position from the top) of every top card of the piles."""
        for p, cs in enumerate(self.top):
            for i, c in enumerate(cs):
                yield p, c, i

    def describe(self) -> str:
        step = {"new-round": "a new round", "ink-out-replay": "the replay after an Ink Out",
                "tie-replay": "the replay after a tie", "war": "a war", "next-card": "the next card after an Octopus"}
        plays = ", ".join(pname(p) for p in self.plays) or "nobody"
        tops = ", ".join(f"{pname(p)}: {', '.join(DISPLAY[c] for c in cs)}" for p, cs in enumerate(self.top) if cs)
        parts = [f"{MODE_NAMES[self.mode]}, {self.players} players, {step[self.step]}; to turn over: {plays}",
                 f"top of the piles: {tops or 'nothing'}"]
        if self.aside:
            parts.append("set aside: " + ", ".join(f"{pname(p)}'s {DISPLAY[c]} ({_origin_text(o)})"
                                                   for p, c, o in self.aside))
        if self.centre:
            parts.append("in the centre: " + ", ".join(DISPLAY[c] for c in self.centre))
        parts.append(_holdings(self.active, self.pile, self.has_discard))
        return "; ".join(parts) + "."


@dataclass(frozen=True)
class DealSituation:
    """The deal (a chance step: its action is the cards each player gets): how many players, how
    many cards the deck has after the two sequence cards are removed, and the game."""

    kind: ClassVar[str] = "deal"
    two_player: ClassVar[bool] = False
    players: int
    mode: str
    cards: int

    INDEXED: ClassVar[tuple[str, ...]] = ()
    DERIVED: ClassVar[dict[str, tuple[str, ...]]] = {"kind": (), "two_player": (), "label": ("mode",)}

    def label(self) -> str:
        return f"{self.mode}:deal"

    def describe(self) -> str:
        return (f"{MODE_NAMES[self.mode]}, {self.players} players: the {self.cards} cards are shuffled and dealt "
                f"({self.cards // self.players} each, {self.cards % self.players} out of play).")


@dataclass(frozen=True)
class LastTwoSituation:
    """Only two players have cards (en.ending.2); ``cards[p]`` is how many each holds (pile and
    discard pile), ``centre`` how many cards are left in the centre, and ``choice`` what the two
    chose: ``("count",)`` or ``("switch", game)`` (en.ending.3)."""

    kind: ClassVar[str] = "last-two"
    mode: ClassVar[str] = "standard"  # only the 3+ player game has a last two
    two_player: ClassVar[bool] = False
    players: int
    active: tuple[int, ...]
    cards: tuple[int, ...]
    centre: int
    choice: tuple[str, ...]

    INDEXED: ClassVar[tuple[str, ...]] = ()
    DERIVED: ClassVar[dict[str, tuple[str, ...]]] = {"kind": (), "mode": (), "two_player": (),
                                                     "label": ("choice",)}

    def label(self) -> str:
        return f"last-two/{self.choice[0]}"

    def describe(self) -> str:
        held = ", ".join(f"{pname(p)} {self.cards[p]} cards" for p in self.active)
        what = "count their cards" if self.choice[0] == "count" else f"switch to {MODE_NAMES[self.choice[1]]}"
        centre = f", {self.centre} in the centre" if self.centre else ""
        return f"Only two players have cards ({held}{centre}); they {what}."


# --------------------------------------------------------------------------- the outcomes

def card_var(zone: str, owner: int | None, card: str, i: int) -> str:
    who = pname(owner) if owner is not None else "-"
    return f"card.{zone}.{who}.{card}.{i}"


def _places(s: Any) -> tuple[str, ...]:
    """Where a card of the round can end up, once it has left the table: in the centre, set aside,
    in a player's discard pile, or (2-player games) under a winner's pile."""
    players = [pname(p) for p in range(s.players)]
    bottom = tuple(f"pile:{p}" for p in players) if s.two_player or reclaims(s) else ()
    return ("centre", "set-aside", *(f"discard:{p}" for p in players), *bottom)


def _declare_round_cards(s: Any, o: Outcome, places: tuple[str, ...]) -> None:
    groups: dict[tuple[Any, ...], list[str]] = {}
    for owner, c, origin in s.aside:
        key = ("aside-" + origin, owner, c)
        name = card_var("aside-" + origin, owner, c, len(groups.get(key, [])))
        groups.setdefault(key, []).append(name)
        o.var(name, places)
    for c in s.centre:
        key = ("centre", None, c)
        name = card_var("centre", None, c, len(groups.get(key, [])))
        groups.setdefault(key, []).append(name)
        o.var(name, places)
    o.groups += [g for g in groups.values() if len(g) > 1]


def _declare_end(s: Any, o: Outcome) -> None:
    """The end of the round: who is washed up, what follows, who wins the game."""
    if s.mode == "standard":
        for p in s.active:
            o.var(f"out.{pname(p)}", ("no", "yes"))
    o.var("game", GAME if s.mode == "standard" else ("goes-on", "over"))
    for p in s.active:
        o.var(f"wins.{pname(p)}", ("no", "yes"))


def race_outcome(s: Any) -> Outcome:
    """The outcome variables of a race step, with domains built from the situation."""
    o = Outcome()
    if s.mode == "underwater-war":
        races: tuple[str, ...] = ("eel-race",)
    elif s.mode == "chomp-rapido":
        races = ("rapido", "eel-race") if s.eel else ("rapido",)
    else:
        # a Feeding Frenzy needs an Electric Eel turned over, an Ink Out an Octopus
        races = tuple(r for r in ("chomp", "feeding-frenzy", "ink-out") if r == "chomp"
                      or (r == "feeding-frenzy" and s.eel) or (r == "ink-out" and s.octopus))
    o.var("race", races)
    slap = s.slap
    # only a slap wins a round, and only the slapper's (every winning rule names the slapper)
    o.var("winner", ("none", pname(slap[0])) if slap is not None and s.table[slap[0]] else ("none",))
    o.var("next", RACE_NEXT if s.two_player and s.mode != "doble-chomp" else RACE_NEXT[:4])
    if slap is not None:
        p = slap[0]
        o.var("bad_chomp", ("no", "yes"))
        o.var("penalty", ("none", *(x for x in _places(s) if x != "set-aside")))
        if s.pile[p] == 1 and s.has_discard[p]:
            # his last pile card may go down as a penalty: does he shuffle his discard pile at once?
            o.var(f"shuffle.{pname(p)}", ("no", "yes"))
    if not s.two_player or s.mode == "doble-chomp":
        for p in s.active:
            o.var(f"replays.{pname(p)}", ("no", "yes"))
    places = _places(s)
    groups: dict[tuple[Any, ...], list[str]] = {}
    for p, c, i in s.table_cards():
        name = card_var("table", p, c, i)
        if i:
            groups.setdefault(("table", p, c), [card_var("table", p, c, 0)]).append(name)
        o.var(name, ("stays", *places))
    o.groups = [g for g in groups.values() if len(g) > 1]
    _declare_round_cards(s, o, places)
    if s.event[0] in ("slap", "nobody"):
        _declare_end(s, o)
    return o


def turn_outcome(s: Any) -> Outcome:
    """The outcome variables of a turn-over: where each top card goes, what follows, and (when the
    cards turned over decide the round at once) the round's winner and the end of the round."""
    o = Outcome()
    o.var("next", TURN_NEXT)
    o.var("winner", ("none", *(pname(p) for p in s.plays)) if s.mode in ("underwater-war", "chomp-rapido")
          else ("none",))
    places = _places(s)
    for p, c, i in s.top_cards():
        o.var(card_var("top", p, c, i), ("pile", "face-up", *places))
    _declare_round_cards(s, o, places)
    _declare_end(s, o)
    return o


def last_two_outcome(s: Any) -> Outcome:
    o = Outcome()
    o.var("game", ("goes-on", "over"))
    o.var("mode", ("standard", *MODES[1:]))
    for p in s.active:
        o.var(f"wins.{pname(p)}", ("no", "yes"))
    return o


def deal_outcome(s: Any) -> Outcome:
    """The deal decides whether the game can be played (the cards each player gets are the
    deal's action)."""
    o = Outcome()
    o.var("game", ("goes-on", "over"))
    return o


def outcome(s: Any) -> Outcome:
    """The outcome variables of any specified step."""
    return {"race": race_outcome, "turn": turn_outcome, "last-two": last_two_outcome, "deal": deal_outcome}[s.kind](s)


def card_names(o: Outcome, zone: str | None = None) -> list[str]:
    return [n for n in o.vars if n.startswith("card.") and (zone is None or n.split(".")[1].startswith(zone))]


def is_bad_chompers(name: str) -> bool:
    """Whether a set-aside card is one its owner turned over in a round in which he made a Bad
    Chomp (origin ``ink-out-bad`` or ``tie-bad``): en.bad-chomp.8-9 say where it goes."""
    return name.split(".")[1].endswith("-bad")


def owner_of(name: str) -> int | None:
    who = name.split(".")[2]
    return None if who == "-" else int(who[1:]) - 1


def kind_of(name: str) -> str:
    return name.split(".")[3]


_OWNED_PLACES = ("stays", "set-aside", "face-up", "pile")
"""Places that keep their card's owner in the comparison key (everywhere else a card is one of a
kind: two identical cards swapped between places are the same outcome)."""


def _place(name: str, where: str) -> tuple[str, str]:
    owner = owner_of(name)
    return (where, pname(owner) if where in _OWNED_PLACES and owner is not None else "")


def compare_key(values: dict[str, str] | Any) -> tuple[Any, ...]:
    """An outcome as the physical result: the step's facts, and for every place the multiset of
    card kinds that end there, so that two identical cards swapped between places are the same
    outcome."""
    facts = tuple(sorted((k, v) for k, v in values.items() if not k.startswith("card.")))
    places: dict[tuple[str, str], list[str]] = {}
    for name, where in values.items():
        if name.startswith("card."):
            places.setdefault(_place(name, where), []).append(kind_of(name))
    return facts + tuple(sorted((k, tuple(sorted(v))) for k, v in places.items()))


def key_term(o: Outcome, key: tuple[Any, ...], aspects: Collection[Any] | None = None) -> Any:
    """The outcomes whose :func:`compare_key` is ``key``: its facts, and for every place and card
    kind the number of cards of that kind that end there. With ``aspects`` (fact names and places,
    as :func:`rulecheck.check.determinacy._aspects` names them), the outcomes that agree with
    ``key`` on those alone."""
    def wanted(aspect: Any) -> bool:
        return aspects is None or aspect in aspects

    if any(k not in o.vars for k, v in key if isinstance(v, str) and wanted(k)):
        return False
    facts = [o.eq(k, v) for k, v in key if isinstance(v, str) and wanted(k)]
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
            place = (where, owner if owner != "-" and where in _OWNED_PLACES else "")
            tests.setdefault((place, kind), []).append(o.eq(name, where))
    if any(pk not in tests for pk in want if wanted(pk[0])):
        return False
    counts = []
    for pk in sorted(tests):
        if not wanted(pk[0]):
            continue
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

def all_of(parts: list[Any]) -> Any:
    """The conjunction of ``parts``; None (the clause says nothing) if there are none."""
    return conj(*parts) if parts else None


def exactly(k: int, tests: list[Any]) -> Any:
    """Exactly ``k`` of the conditions ``tests`` hold (folded where they are Python booleans)."""
    sure = sum(t is True for t in tests)
    terms = [t for t in tests if not isinstance(t, bool)]
    need = k - sure
    if need < 0 or need > len(terms):
        return False
    if not terms:
        return True
    if need == 0:
        return conj(*(neg(t) for t in terms))
    if need == len(terms):
        return conj(*terms)
    return f"((_ pbeq {need} {' '.join('1' for _ in terms)}) {' '.join(terms)})"


def at_least(k: int, tests: list[Any]) -> Any:
    sure = sum(t is True for t in tests)
    terms = [t for t in tests if not isinstance(t, bool)]
    need = k - sure
    if need <= 0:
        return True
    if need > len(terms):
        return False
    if need == 1:
        return disj(*terms)
    return f"((_ pbge {need} {' '.join('1' for _ in terms)}) {' '.join(terms)})"


def goes(o: Outcome, name: str, place: str) -> Any:
    return o.eq(name, place)


def to_discard(o: Outcome, name: str, p: int) -> Any:
    return o.eq(name, f"discard:{pname(p)}")


def reclaims(s: Any) -> bool:
    """Whether the step is a race that can give cards back "reclaimed by the players who turned them
    over" (en.ink-out.5, en.tie.5): a replay's race, in the 3+ player game or Doble Chomp (which
    plays ties and Octopuses as the normal game, es.doble-chomp.3)."""
    return s.kind == "race" and s.mode in ("standard", "doble-chomp") and s.step in ("ink-out-replay", "tie-replay")


def another_replay(o: Outcome) -> Any:
    """A test: the step ends in a replay (in a replay's race, :func:`reclaims`: that replay ends in
    another, so it has no winner to take the cards set aside before it)."""
    return disj(o.eq("next", "ink-out-replay"), o.eq("next", "tie-replay"))


def is_reclaimed(s: Any, name: str, q: int | None) -> bool:
    """Whether the card ``name`` of ``q``, if the replay's winner does not take it, is one of the
    cards "reclaimed by the players who turned them over" (en.ink-out.5, en.tie.5): in a replay's
    race (:func:`reclaims`), of a player still in (a player who is out has no pile to take it back
    to), neither the card a Bad Chomper set aside (en.bad-chomp.8) nor, in an Ink Out's replay, the
    face-up card of a player who made a Bad Chomp in it (the Bad Chomp rules say where those go)."""
    if not reclaims(s) or q is None or q not in s.active or is_bad_chompers(name):
        return False
    return not (name.startswith("card.table.") and s.step == "ink-out-replay" and q in s.bad_before)


def reclaimed_by(s: Any, o: Outcome, name: str, q: int, pile: bool | None = None) -> Any:
    """The card is "reclaimed by the players who turned them over" (en.ink-out.5, en.tie.5): by
    reading ``chomp.read.reclaimed_where``, it goes to ``q``'s discard pile, where a card nobody
    could chomp goes in an ordinary round (en.gameplay.4), or back into his pile (``pile``: as a
    ruling decides, instead of the reading)."""
    if pile is None:
        pile = s.reading("chomp.read.reclaimed_where") == "own-pile"
    return o.eq(name, f"pile:{pname(q)}") if pile else to_discard(o, name, q)


def won_by(o: Outcome, name: str, p: int, peek: bool = False) -> Any:
    """The card goes to player p's cards: his discard pile, or (2-player games) under his pile
    (``peek``: as a condition only, see :meth:`Outcome.peek`)."""
    eq = o.peek if peek else o.eq
    return disj(eq(name, f"discard:{pname(p)}"), eq(name, f"pile:{pname(p)}"))


def takes(s: Any, o: Outcome, name: str, p: int) -> Any:
    """Player p takes the card as a winner: to his discard pile (en.gameplay.3); in the 2-player
    games, where he puts the cards he wins is not said (ruling ``chomp.two_player_won_cards``)."""
    return to_discard(o, name, p) if s.mode == "standard" else won_by(o, name, p)


def winner_is(o: Outcome, p: int) -> Any:
    """A test: the round's winner is p."""
    return o.eq("winner", pname(p))


def wins(o: Outcome, p: int) -> Any:
    """A requirement: p wins the round (recorded, for frame.only_named_winners)."""
    return o.require("winner", pname(p))


def is_race(o: Outcome, kind: str) -> Any:
    return o.eq("race", kind)


def bad(o: Outcome) -> Any:
    return o.eq("bad_chomp", "yes")


def round_over(o: Outcome) -> Any:
    return o.eq("next", "round-over")


def game_is(o: Outcome, what: str) -> Any:
    return o.eq("game", what) if "game" in o.vars else what == "goes-on"


def game_winner(o: Outcome, p: int) -> Any:
    return o.require(f"wins.{pname(p)}", "yes")


def his_cards(o: Outcome, p: int) -> list[str]:
    """The card variables of player p's cards in the round (face up, turned over, set aside)."""
    return [n for n in card_names(o) if owner_of(n) == p]


def implies_all(cond: Any, reqs: list[Any]) -> Any:
    return implies(cond, conj(*reqs)) if reqs else None
