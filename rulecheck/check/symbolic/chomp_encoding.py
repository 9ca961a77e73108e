"""Z3 encoding of Chomp!'s 2-player Underwater War on the full 50-card deck, step for step with
the engine (:mod:`rulecheck.games.chomp.two_player` and the round machinery of
:mod:`rulecheck.games.chomp.standard` it uses).

One transition of the encoding is one engine action: ``turn_over``, a ``shuffle`` (chance),
or a slap-race outcome (``nobody_slaps``, ``slap``, ``tie``). The encoding is symbolic over
the deal (each pile's 25 cards are free, subject to the deck's counts) and over every choice
(race outcomes, shuffle orders, and under an open ruling the option chosen).

State (per player ``p``; cards are the engine's ints, Plankton 0 .. Shark 5, Eel 6, Octopus 7):

* ``pile{p}_{k}`` (BV3, k < 50) and ``len{p}`` (BV6): the face-down pile in order, top first.
  Cells at or beyond ``len`` are 0, so equal piles are equal cell by cell. The order matters
  when won cards go under the pile (ruling ``chomp.two_player_won_cards = bottom_of_pile``:
  a fixed order, highest first); with ``discard_pile`` it is the order the shuffle chose.
* ``disc{p}_{v}``, ``aside{p}_{v}``, ``centre_{v}`` (BV6 counts by kind): discard piles,
  set-aside (war / Octopus) cards and the centre (Bad Chomp cards). Their order never matters:
  discard piles are shuffled before use, and cards won from the table go under a pile sorted.
* ``tab{p}`` (BV3) and ``has{p}``: the face-up card; ``phase``, ``step``, ``resume``,
  ``shuf`` (whose discard pile is shuffled), race masks ``bad{p}``, ``banw{p}``, ``banb{p}``;
  ``outcome`` and ``winners`` at the end.
* ``f_bad``, ``f_own``, ``f_wrong``: the ruling answers the race started with (the engine's
  ``race`` flags F_BAD_OK; F_OWN_EEL, or in the rápido race F_OWN_OK; F_EEL_WRONG_BAD). The race
  kind is not a variable: an Eel on the table makes it the Eel race.
* ``used.<ruling id>``: the step into this state consulted that ruling point (the targets of
  the "reach ruling point" queries). Abstracted away: the engine's other ``race`` flags (for
  citations only), ``replay``, ``out`` (empty: 50 cards deal evenly to two) and clause
  citations.

Ruling points the variant consults are parameters: a ruleset's option is baked in; an open
option (``raw``) becomes a free input, as the engine's Pending state lets either option follow.
``chomp.reshuffle_when = when_pile_runs_out`` and ``replay_like_tie`` are not encoded (the
encoding refuses such a ruleset).

``counts="int"`` gives the encoding invariants are proved on: each pile as integer counts by kind
(``pile{p}_{v}``), its order forgotten, the cards turned over free inputs the pile must hold
(:func:`two_player_encoding`). It has every step of this one and of the engine, and more, so an
invariant proved there holds here; it is used for proofs only, never for witnesses.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import z3

from rulecheck.check.symbolic.system import State, TransitionSystem
from rulecheck.core.errors import InvalidConfigError
from rulecheck.core.rulings import Ruleset, load_ruleset, load_ruling_points
from rulecheck.games.chomp.cards import (  # the engine's card numbers, deck, phases and steps
    DECKS,
    EEL,
    KINDS,
    OCTOPUS,
)
from rulecheck.games.chomp.state import (
    NEW,
    NEXT_CARD,
    O_COLLECTED_ALL,
    O_DRAW,
    O_LAST_STANDING,
    O_NONE,
    O_SHARED_LAST,
    OVER,
    R_NONE,
    R_PENALTY,
    R_RACE,
    R_TURN,
    RACE,
    SHUFFLE,
    TIE_REPLAY,
    TURN,
    WAR,
)

__all__ = [
    "ACTS",
    "CARD_BITS",
    "STD_ACTS",
    "STD_RULINGS",
    "UW_RULINGS",
    "ChompEncoding",
    "standard_game",
    "underwater_war",
]

FULL = DECKS["full"]  # the engine's deck "full", by card int
SLOTS = sum(FULL)
CARD_BITS = 3
CW = 6  # counts and lengths (0..63)
ACTS = ("turn_over", "shuffle", "nobody_slaps", "slap", "tie")
A_TURN, A_SHUFFLE, A_NOBODY, A_SLAP, A_TIE = range(5)

def covered_rulings(ids: tuple[str, ...], not_covered: Mapping[str, tuple[str, ...]] | None = None
                    ) -> dict[str, tuple[str, ...]]:
    """The ruling points an encoding consults (``ids``, in its order), each with the options it covers:
    the options of ``models/chomp/rulings.json``, in the file's order, but those in ``not_covered``
    (read from the file, so an option is never typed here again)."""
    points = load_ruling_points("chomp")
    unknown = [rid for rid in [*ids, *(not_covered or {})] if rid not in points]
    if unknown:
        raise InvalidConfigError(f"ruling points {unknown} are not in the Chomp! rulings file")
    out = {}
    for rid in ids:
        skip = set((not_covered or {}).get(rid, ()))
        if not skip <= set(points[rid].option_ids):
            raise InvalidConfigError(f"{rid}: options {sorted(skip - set(points[rid].option_ids))} are not in the "
                                     "rulings file")
        out[rid] = tuple(o for o in points[rid].option_ids if o not in skip)
    return out


UW_RULINGS: Mapping[str, tuple[str, ...]] = covered_rulings(
    (
        "chomp.two_player_won_cards",
        "chomp.two_player_bad_chomps",
        "chomp.uw_own_eel",
        "chomp.uw_eel_vs_octopus",
        "chomp.uw_octopus_pair",
        "chomp.uw_eel_pair",
        "chomp.eel_race_tie",
        "chomp.war_short",
        "chomp.octopus_no_card",
        "chomp.two_player_nobody_can_play",
        "chomp.eel_race_wrong_card",
        "chomp.bad_chomp_again",
        "chomp.bad_chomper_may_win",
        "chomp.bad_chomp_no_card",
        "chomp.nobody_slaps",
        "chomp.nobody_can_chomp",
        "chomp.reshuffle_when",
        "chomp.fewer_than_two_left",
        "chomp.war_tie",
        "chomp.next_card_tie",
    ),
    not_covered={
        "chomp.nobody_slaps": ("replay_like_tie",),
        "chomp.nobody_can_chomp": ("replay_like_tie",),
        "chomp.reshuffle_when": ("when_pile_runs_out",),
        "chomp.war_tie": ("called_off",),
        "chomp.next_card_tie": ("called_off",),
    },
)
"""The ruling points Underwater War consults, with the options the encoding covers."""


def _bv(x: int, w: int = CW) -> z3.BitVecRef:
    return z3.BitVecVal(x, w)


def _ite(c: Any, a: Any, b: Any) -> Any:
    if z3.is_true(c):
        return a
    if z3.is_false(c):
        return b
    if a is b or (isinstance(a, z3.ExprRef) and isinstance(b, z3.ExprRef) and a.eq(b)):
        return a
    return z3.If(c, a, b)


class Sym:
    """A symbolic engine ``Work``: a dict of Z3 expressions, changed functionally."""

    def __init__(self, vals: dict[str, Any]) -> None:
        self.v = dict(vals)

    def copy(self) -> Sym:
        return Sym(self.v)

    def __getitem__(self, k: str) -> Any:
        return self.v[k]

    def __setitem__(self, k: str, x: Any) -> None:
        self.v[k] = x


def merge(c: Any, a: Sym, b: Sym) -> Sym:
    """``If(c, a, b)`` field by field."""
    return Sym({k: _ite(c, a.v[k], b.v[k]) for k in a.v})


@dataclass
class ChompEncoding:
    """The encoding of one configuration: the system and what the queries need."""

    variant: str
    players: int
    ruleset: Ruleset
    options: dict[str, str | None]
    system: TransitionSystem
    rulings: tuple[str, ...]
    targets: dict[str, tuple[str, Callable[[State], z3.BoolRef]]] = field(default_factory=dict)
    invariants: dict[str, tuple[str, Callable[[State], z3.BoolRef]]] = field(default_factory=dict)
    case_split: Callable[[Mapping[str, Any]], str | None] | None = None
    """How the step case of an invariant's induction is split into cases
    (:func:`.induction.induction_by_cases`): the next variable to split on, given the values
    fixed so far; None where the encoding has no split (plain k-induction is used)."""
    counts: str = "bv"
    """How counts of cards are encoded: ``"bv"`` (bit-vectors: 4 bits by kind, 6 for a pile's
    size; fast for BMC) or ``"int"`` (unbounded integers, as in the engine: linear arithmetic
    proves conservation in seconds where bit-vector adders take minutes; see :func:`standard_game`)."""
    int_counts: Callable[[], ChompEncoding] | None = None
    """The same encoding with ``counts = "int"``, on which invariants are proved by induction
    (None where there is none, or this is it)."""


def underwater_war(ruleset: Ruleset | str | Mapping[str, object] = "recommended", *,
                   counts: str = "bv") -> ChompEncoding:
    """The Underwater War encoding for ``ruleset`` (the full deck, 2 players); ``counts="int"``:
    the piles as counts (see :func:`two_player_encoding`)."""
    return two_player_encoding("underwater-war", UW_RULINGS, _UW, ruleset, counts=counts)


def two_player_encoding(variant: str, rulings: Mapping[str, tuple[str, ...]], cls: type[_UW],
                        ruleset: Ruleset | str | Mapping[str, object], *, counts: str = "bv") -> ChompEncoding:
    """The encoding of a 2-player game played with Underwater War's turn-over and war
    (``cls``: :class:`_UW` or a subclass) on the full deck; ``rulings`` are the ruling points
    it consults with the options it covers (another option in ``ruleset`` is refused).

    ``counts = "bv"`` (the default, for BMC, lassos and witnesses): each face-down pile is 50
    cells in order (``pile{p}_{k}``, top first, and its length ``len{p}``), so
    ``chomp.two_player_won_cards = bottom_of_pile`` is exact; the other counts are 6-bit.

    ``counts = "int"`` (the encoding invariants are proved on, ``int_counts``): each pile is its
    counts by kind (``pile{p}_{v}``) and every count and length an integer; the cards turned over
    are inputs (``draw{p}_{j}``, the j-th card from the top) that the pile must hold, and a
    shuffled or won card may come up in any order. That forgets the order of the piles, so this
    encoding has every step of the ordered one (take the cells' counts, and draw the cards the
    cells hold) and of the engine, and some more: an invariant proved on it holds for both (the
    tests check engine games are its paths). With 50 ordered cells, the step case of card
    conservation was unanswered after 10 minutes; on counts it is linear arithmetic.
    """
    _check_counts(counts)
    ints = counts == "int"
    rs = ruleset if isinstance(ruleset, Ruleset) else load_ruleset("chomp", ruleset)
    options: dict[str, str | None] = {}
    for rid, covered in rulings.items():
        opt = rs.choices.get(rid)
        if opt is not None and opt not in covered:
            raise InvalidConfigError(
                f"the {variant} encoding does not cover {rid} = {opt} (covers {', '.join(covered)})"
            )
        options[rid] = opt
    # an open ruling with one covered option: the encoding (and the decoder) answer that option
    open_rulings = tuple(r for r, o in options.items() if o is None and len(rulings[r]) > 1)
    variables: list[tuple[str, z3.SortRef]] = []
    bv = z3.BitVecSort

    def var(name: str, sort: z3.SortRef) -> None:
        variables.append((name, sort))

    for name, w in (("phase", 3), ("step", 3), ("resume", 2), ("shuf", 1), ("outcome", 3), ("winners", 2),
                    ("chain", CW)):
        var(name, bv(w))
    num = z3.IntSort() if ints else bv(CW)
    for p in range(2):
        var(f"len{p}", num)
        if ints:
            for v in range(KINDS):
                var(f"pile{p}_{v}", num)
        else:
            for k in range(SLOTS):
                var(f"pile{p}_{k}", bv(CARD_BITS))
        for v in range(KINDS):
            var(f"disc{p}_{v}", num)
            var(f"aside{p}_{v}", num)
        var(f"tab{p}", bv(CARD_BITS))
        for flag in ("has", "bad", "banw", "banb"):
            var(f"{flag}{p}", z3.BoolSort())
    for v in range(KINDS):
        var(f"centre_{v}", num)
    var("f_bad", z3.BoolSort())  # the race's flags, fixed when it starts (F_BAD_OK, F_OWN_EEL, F_EEL_WRONG_BAD)
    var("f_own", z3.BoolSort())
    var("f_wrong", z3.BoolSort())
    for rid in rulings:
        var(f"used.{rid}", z3.BoolSort())

    inputs: list[tuple[str, z3.SortRef]] = [("act", bv(3)), ("slapper", bv(1)), ("own", z3.BoolSort())]
    if ints:
        inputs += [(f"draw{p}_{j}", bv(CARD_BITS)) for p in range(2) for j in range(3)]
        inputs.append(("pick", bv(1)))  # who shuffles first when both must (their piles' order is forgotten)
    else:
        inputs += [(f"ord_{k}", bv(CARD_BITS)) for k in range(SLOTS)]
    inputs += [(f"opt.{rid}", z3.BoolSort()) for rid in open_rulings]

    enc = cls(options, rulings, ints=ints)
    system = TransitionSystem(
        name=f"chomp/{variant}" + ("/int-counts" if ints else ""),
        variables=tuple(variables),
        inputs=tuple(inputs),
        init=enc.init,
        trans=enc.trans,
        enabled=lambda s: s["phase"] != OVER,
        terminal=lambda s: s["phase"] == OVER,
        equal=None,
        description=__doc__ or "",
        meta={"logic": None if ints else "QF_BV", "game": "chomp", "variant": variant, "players": 2,
              "counts": counts, **({"counts_note": "the encoding with integer counts and the piles' order forgotten "
                                                   "(it has every engine step)"} if ints else {})},
    )
    out = ChompEncoding(variant, 2, rs, options, system, tuple(rulings),
                        case_split=phase_case_split({A_SLAP: ("slapper", "own")}, shuffle=("shuf", "resume")),
                        counts=counts)
    if not ints:
        out.int_counts = lambda: two_player_encoding(variant, rulings, cls, rs, counts="int")
    for rid in rulings:
        out.targets[f"ruling:{rid}"] = (f"reach ruling point {rid}", _used(rid))
    out.targets["over"] = ("the game ends", lambda s: s["phase"] == OVER)
    out.targets["eel-race"] = ("an Electric Eel slap race",
                               lambda s: z3.And(s["phase"] == RACE, z3.Or(s["tab0"] == EEL, s["tab1"] == EEL)))
    out.targets["war"] = ("a war (tie)", lambda s: s["step"] == WAR)
    out.targets["unable-to-play"] = (
        "a player must turn over a card in the middle of a round but has none"
        " (rulings chomp.war_short, chomp.octopus_no_card, chomp.two_player_nobody_can_play)",
        lambda s: z3.And(s["phase"] == TURN, s["step"] != NEW,
                         z3.Or([z3.And(s[f"len{p}"] == 0, *[s[f"disc{p}_{v}"] == 0 for v in range(KINDS)])
                                for p in range(2)])))
    out.targets["short-war"] = ("a war where a player has fewer than 3 cards",
                                lambda s: z3.And(s["phase"] == TURN, s["step"] == WAR,
                                                 z3.Or(_ult(s["len0"], 3), _ult(s["len1"], 3))))
    out.invariants["phase-has-moves"] = (
        "every state is terminal or has a legal action (turn over, shuffle, or a race outcome)",
        lambda s: z3.Or(s["phase"] == TURN, s["phase"] == RACE, s["phase"] == SHUFFLE, s["phase"] == OVER))
    out.invariants["cards-conserved"] = ("every card of each kind is in exactly one place", enc.conserved)
    if not ints:
        out.invariants["total-50"] = ("50 cards in play (and every state well formed)", enc.total_ok)
    out.invariants["collector-wins"] = (
        "a player who collected all of the cards has won (en.object.2)", enc.collector_wins)
    return out


def _used(rid: str) -> Callable[[State], z3.BoolRef]:
    return lambda s: s[f"used.{rid}"]


class _UW:
    """The transition relation, written like the engine code with symbolic branches merged.

    ``ints``: the piles as integer counts by kind, their order forgotten (see
    :func:`two_player_encoding`); the cards turned over are then the inputs ``draw{p}_{j}`` (the j-th
    card from the top), allowed when the pile holds them (``draw_ok``, collected per transition)."""

    def __init__(self, options: Mapping[str, str | None], rulings: Mapping[str, tuple[str, ...]] = UW_RULINGS, *,
                 ints: bool = False) -> None:
        self.options = options
        self.rulings = rulings
        self.ints = ints
        self.draw_ok: list[Any] = []

    def k(self, x: int) -> Any:
        """A count constant: an integer, or a ``CW``-bit bit-vector."""
        return z3.IntVal(x) if self.ints else _bv(x)

    def top(self, w: Sym, p: int, j: int) -> Any:
        """The j-th card from the top of p's pile (0, 1 or 2): its cell, or with the piles as
        counts, the input ``draw{p}_{j}`` (which :meth:`pop` checks the pile holds)."""
        return w[f"_draw{p}_{j}"] if self.ints else w[f"pile{p}_{j}"]

    # ------------------------------------------------------------------ helpers
    def rule(self, w: Sym, rid: str, pc: Any, inp: State) -> Any:
        """Consult ``rid`` on path ``pc``: marks it used; returns the option index (0/1) as a
        Python int when the ruleset decides it, else the free input (a Bool: option 1)."""
        w[f"used.{rid}"] = z3.Or(w[f"used.{rid}"], pc) if not z3.is_true(pc) else z3.BoolVal(True)
        opt = self.options[rid]
        if opt is None:
            return inp.get(f"opt.{rid}", False)
        return self.rulings[rid].index(opt) == 1

    @staticmethod
    def opt1(x: Any) -> Any:
        return z3.BoolVal(x) if isinstance(x, bool) else x

    def init(self, s: State) -> z3.BoolRef:
        cs: list[Any] = [s["phase"] == TURN, s["step"] == NEW, s["resume"] == 0, s["shuf"] == 0,
                         s["outcome"] == O_NONE, s["winners"] == 0, s["chain"] == 0]
        for p in range(2):
            cs.append(s[f"len{p}"] == 25)
            if self.ints:
                cs.append(z3.Sum([s[f"pile{p}_{v}"] for v in range(KINDS)]) == 25)
                cs += [s[f"pile{p}_{v}"] >= 0 for v in range(KINDS)]
            else:
                cs += [s[f"pile{p}_{k}"] == 0 for k in range(25, SLOTS)]
                cs += [z3.ULE(s[f"pile{p}_{k}"], OCTOPUS) for k in range(25)]
            cs += [s[f"disc{p}_{v}"] == 0 for v in range(KINDS)] + [s[f"aside{p}_{v}"] == 0 for v in range(KINDS)]
            cs += [s[f"tab{p}"] == 0, z3.Not(s[f"has{p}"]), z3.Not(s[f"bad{p}"]), z3.Not(s[f"banw{p}"]),
                   z3.Not(s[f"banb{p}"])]
        cs += [s[f"centre_{v}"] == 0 for v in range(KINDS)]
        cs += [z3.Not(s[f"used.{rid}"]) for rid in self.rulings]
        cs += [z3.Not(s["f_bad"]), z3.Not(s["f_own"]), z3.Not(s["f_wrong"])]
        if self.ints:
            cs += [s[f"pile0_{v}"] + s[f"pile1_{v}"] == FULL[v] for v in range(KINDS)]
            return z3.And(cs)
        cells = [s[f"pile{p}_{k}"] for p in range(2) for k in range(25)]
        for v in range(KINDS):
            cs.append(z3.PbEq([(c == v, 1) for c in cells], FULL[v]))
        return z3.And(cs)

    # counts
    def holdings(self, w: Sym, p: int) -> Any:
        return w[f"len{p}"] + z3.Sum([w[f"disc{p}_{v}"] for v in range(KINDS)])

    def holds_any(self, w: Sym, p: int) -> Any:
        return z3.Or(w[f"len{p}"] != 0, self.disc_any(w, p))

    def disc_any(self, w: Sym, p: int) -> Any:
        return z3.Or([w[f"disc{p}_{v}"] != 0 for v in range(KINDS)])

    def centre_any(self, w: Sym) -> Any:
        return z3.Or([w[f"centre_{v}"] != 0 for v in range(KINDS)])

    def pop(self, w: Sym, p: int, n: Any, cond: Any = True) -> None:
        """Remove the top ``n`` (an int or a count that is 0..3) cards of p's pile. With the piles
        as counts: the cards :meth:`top` gave, which the pile must hold where ``cond`` (the path
        on which they are taken) holds; at most once per player and transition."""
        if self.ints:
            taken = [z3.Sum([z3.If(z3.And(self.k(j) < n, w[f"_draw{p}_{j}"] == v), 1, 0) for j in range(3)])
                     for v in range(KINDS)]
            self.draw_ok.append(z3.Implies(cond, z3.And([taken[v] <= w[f"pile{p}_{v}"] for v in range(KINDS)])))
            for v in range(KINDS):
                w[f"pile{p}_{v}"] = w[f"pile{p}_{v}"] - taken[v]
            w[f"len{p}"] = w[f"len{p}"] - n
            return
        cells = [w[f"pile{p}_{k}"] for k in range(SLOTS)]
        zero = _bv(0, CARD_BITS)
        if isinstance(n, int):
            for k in range(SLOTS):
                w[f"pile{p}_{k}"] = cells[k + n] if k + n < SLOTS else zero
            w[f"len{p}"] = w[f"len{p}"] - n
            return
        for k in range(SLOTS):
            shifted = [cells[k + j] if k + j < SLOTS else zero for j in range(4)]
            w[f"pile{p}_{k}"] = _ite(n == 0, shifted[0], _ite(n == 1, shifted[1], _ite(n == 2, shifted[2], shifted[3])))
        w[f"len{p}"] = w[f"len{p}"] - n

    def add_counts(self, w: Sym, prefix: str, counts: list[Any], cond: Any = True) -> None:
        for v in range(KINDS):
            w[f"{prefix}{v}"] = _ite(cond, w[f"{prefix}{v}"] + counts[v], w[f"{prefix}{v}"])

    def one(self, card: Any, cond: Any = True) -> list[Any]:
        """The count vector of one card (when ``cond``)."""
        return [z3.If(z3.And(cond, card == v), self.k(1), self.k(0)) for v in range(KINDS)]

    def table_counts(self, w: Sym) -> list[Any]:
        a = self.one(w["tab0"], w["has0"])
        b = self.one(w["tab1"], w["has1"])
        return [a[v] + b[v] for v in range(KINDS)]

    def append_sorted(self, w: Sym, p: int, counts: list[Any]) -> None:
        """Put the cards ``counts`` under p's pile, highest first (the engine's fixed order)."""
        if self.ints:  # the order is forgotten
            self.add_counts(w, f"pile{p}_", counts)
            w[f"len{p}"] = w[f"len{p}"] + z3.Sum(counts)
            return
        n = w[f"len{p}"]
        above = []  # cards of kinds higher than v
        acc: Any = _bv(0)
        for v in reversed(range(KINDS)):
            above.append((v, acc))
            acc = acc + counts[v]
        total = acc
        for k in range(SLOTS):
            pos = _bv(k) - n  # position among the new cards
            card: Any = _bv(0, CARD_BITS)
            for v, hi in above:  # hi = cards of kinds > v; kind v fills [hi, hi + c_v)
                card = z3.If(z3.And(z3.UGE(pos, hi), z3.ULT(pos, hi + counts[v])), _bv(v, CARD_BITS), card)
            inside = z3.And(z3.UGE(_bv(k), n), z3.ULT(pos, total))
            w[f"pile{p}_{k}"] = z3.If(inside, card, w[f"pile{p}_{k}"])
        w[f"len{p}"] = n + total

    # ------------------------------------------------------------------ engine steps
    def clear_round(self, w: Sym) -> None:
        w["f_bad"] = z3.BoolVal(False)
        w["f_own"] = z3.BoolVal(False)
        w["f_wrong"] = z3.BoolVal(False)
        for p in range(2):
            w[f"tab{p}"] = _bv(0, CARD_BITS)
            w[f"has{p}"] = z3.BoolVal(False)
            for v in range(KINDS):
                w[f"aside{p}_{v}"] = self.k(0)
            for f in ("bad", "banw", "banb"):
                w[f"{f}{p}"] = z3.BoolVal(False)
        w["step"] = _bv(NEW, 3)

    def schedule(self, w: Sym, resume: Any, pc: Any, inp: State) -> None:
        """standard.schedule for two active players (``resume`` a Python int or a BV2)."""
        need = z3.If(w["step"] == WAR, self.k(3), self.k(1))
        is_turn = resume == R_TURN if not isinstance(resume, int) else z3.BoolVal(resume == R_TURN)
        res = _bv(resume, 2) if isinstance(resume, int) else resume
        sh = [z3.And(is_turn, self.disc_any(w, p), _ult(w[f"len{p}"], need)) for p in range(2)]
        empties = [z3.And(w[f"len{p}"] == 0, self.disc_any(w, p)) for p in range(2)]
        no_shuffle = z3.And(z3.Not(sh[0]), z3.Not(sh[1]))
        self.rule(w, "chomp.reshuffle_when", z3.And(pc, no_shuffle, z3.Or(empties)), inp)  # when_needed only
        shuffling = z3.Or(sh)
        if self.ints:  # the piles' order is forgotten: either may go first when both must
            second = z3.And(sh[0], sh[1], inp["pick"] == 1)
        else:
            second = _first_to_shuffle(sh, lambda a, b: self.key_less(w, a, b))[1]
        w["shuf"] = z3.If(z3.Or(second, z3.And(z3.Not(sh[0]), sh[1])), _bv(1, 1), _bv(0, 1))
        w["resume"] = z3.If(shuffling, res, _bv(R_NONE, 2))
        w["phase"] = z3.If(shuffling, _bv(SHUFFLE, 3), z3.If(is_turn, _bv(TURN, 3), _bv(RACE, 3)))

    def key_less(self, w: Sym, a: int, b: int) -> tuple[Any, Any]:
        """(key_a < key_b, key_a == key_b): ``state.player_key`` of players a and b, who must
        both shuffle (so their piles hold fewer than 3 cards); ``replay`` and ``winners`` are 0
        and both are in the game."""
        return _key_less([
            _cells_less([w[f"pile{a}_{j}"] for j in range(3)], w[f"len{a}"],
                        [w[f"pile{b}_{j}"] for j in range(3)], w[f"len{b}"]),
            _multiset_less([w[f"disc{a}_{v}"] for v in range(KINDS)], [w[f"disc{b}_{v}"] for v in range(KINDS)]),
            _card_less(w[f"has{a}"], w[f"tab{a}"], w[f"has{b}"], w[f"tab{b}"]),
            _multiset_less([w[f"aside{a}_{v}"] for v in range(KINDS)], [w[f"aside{b}_{v}"] for v in range(KINDS)]),
            *[_bool_less(w[f"{f}{a}"], w[f"{f}{b}"]) for f in ("banw", "banb", "bad")],
        ])

    def end_of_round(self, w: Sym, pc: Any, inp: State) -> None:
        """standard.end_of_round (done in :meth:`finish`)."""
        w["_end"] = z3.BoolVal(True)

    def end_of_round_now(self, w: Sym, pc: Any, inp: State) -> None:
        """standard.end_of_round -> two_player.end_of_round: the game goes on while both hold
        cards. Otherwise, with cards left in the centre or nobody holding any, ruling
        ``chomp.fewer_than_two_left`` (``shared_last_round``: both win)."""
        self.clear_round(w)
        ha = self.holds_any(w, 0)  # not "len + sum(discards) != 0": that could wrap around
        hb = self.holds_any(w, 1)
        centre = self.centre_any(w)
        asked = z3.And(z3.Not(z3.And(ha, hb)), z3.Or(centre, z3.Not(z3.Or(ha, hb))))
        shared = z3.And(asked, self.opt1(self.rule(w, "chomp.fewer_than_two_left", z3.And(pc, asked), inp)))
        going = w.copy()
        self.schedule(going, R_TURN, z3.And(pc, ha, hb), inp)
        over = w.copy()
        over["phase"] = _bv(OVER, 3)
        over["shuf"] = _bv(0, 1)
        over["resume"] = _bv(R_NONE, 2)
        won = z3.If(centre, _bv(O_LAST_STANDING, 3), _bv(O_COLLECTED_ALL, 3))
        over["outcome"] = z3.If(shared, _bv(O_SHARED_LAST, 3), z3.If(z3.Or(ha, hb), won, _bv(O_DRAW, 3)))
        over["winners"] = z3.If(shared, _bv(3, 2), z3.If(ha, _bv(1, 2), z3.If(hb, _bv(2, 2), _bv(0, 2))))
        m = merge(z3.And(ha, hb), going, over)
        w.v = m.v

    def take_all(self, w: Sym, winner: Any, taken: list[Any], pc: Any, inp: State) -> None:
        """two_player.take_all: the winner (BV1) takes ``taken`` + table + set-aside cards.

        Recorded as pending (``_take``, ``_winner``, ``_tk*``) and done once per transition in
        :meth:`finish`, which keeps the formula small."""
        self.rule(w, "chomp.two_player_won_cards", pc, inp)
        w["_take"] = z3.BoolVal(True)
        w["_winner"] = winner
        for v in range(KINDS):
            w[f"_tk{v}"] = taken[v]
        w["_end"] = z3.BoolVal(True)

    def do_take(self, w: Sym, inp: State) -> None:
        tab = self.table_counts(w)
        allc = [w[f"_tk{v}"] + tab[v] + w[f"aside0_{v}"] + w[f"aside1_{v}"] for v in range(KINDS)]
        opt = self.options["chomp.two_player_won_cards"]
        bottom = inp["opt.chomp.two_player_won_cards"] if opt is None else z3.BoolVal(opt == "bottom_of_pile")
        for p in range(2):
            mine = z3.And(w["_take"], w["_winner"] == p)
            as_pile = w.copy()
            self.append_sorted(as_pile, p, allc)
            as_disc = w.copy()
            self.add_counts(as_disc, f"disc{p}_", allc)
            w.v = merge(mine, merge(bottom, as_pile, as_disc), w).v

    def finish(self, w: Sym, inp: State) -> None:
        """The pending take and end of round of this transition."""
        self.do_take(w, inp)
        ended = w.copy()
        self.end_of_round_now(ended, w["_end"], inp)
        w.v = merge(w["_end"], ended, w).v

    def to_war(self, w: Sym, pc: Any, inp: State) -> None:
        for p in range(2):
            self.add_counts(w, f"aside{p}_", self.one(w[f"tab{p}"], w[f"has{p}"]))
            w[f"tab{p}"] = _bv(0, CARD_BITS)
            w[f"has{p}"] = z3.BoolVal(False)
            for f in ("bad", "banw", "banb"):
                w[f"{f}{p}"] = z3.BoolVal(False)
        w["step"] = _bv(WAR, 3)
        w["f_bad"] = z3.BoolVal(False)
        w["f_own"] = z3.BoolVal(False)
        w["f_wrong"] = z3.BoolVal(False)
        self.schedule(w, R_TURN, pc, inp)

    def forfeit(self, w: Sym, loser: int, pc: Any, inp: State) -> None:
        taken = [w[f"centre_{v}"] for v in range(KINDS)]
        for v in range(KINDS):
            w[f"centre_{v}"] = self.k(0)
        self.take_all(w, _bv(1 - loser, 1), taken, pc, inp)

    def compare(self, w: Sym, pc: Any, inp: State) -> None:
        ca, cb = w["tab0"], w["tab1"]
        eel0 = z3.Or(ca == EEL, cb == EEL)
        octo = z3.Or(ca == OCTOPUS, cb == OCTOPUS)
        both = z3.And(eel0, octo)
        first = self.opt1(self.rule(w, "chomp.uw_eel_vs_octopus", z3.And(pc, both), inp))
        eel = z3.And(eel0, z3.Not(z3.And(both, first)))
        # two Eels: the Eel's race, or a tie (ruling chomp.uw_eel_pair = war: the war below)
        pair = z3.And(eel, ca == cb)
        eel = z3.And(eel, z3.Not(z3.And(pair, self.opt1(self.rule(w, "chomp.uw_eel_pair", z3.And(pc, pair), inp)))))
        # an Eel: a slap race
        race = w.copy()
        not_apply = self.opt1(self.rule(race, "chomp.two_player_bad_chomps", z3.And(pc, eel), inp))
        own_ok = self.opt1(self.rule(race, "chomp.uw_own_eel", z3.And(pc, eel), inp))
        no_effect = self.opt1(self.rule(race, "chomp.eel_race_wrong_card", z3.And(pc, eel), inp))
        race["f_bad"] = z3.Not(not_apply)
        race["f_own"] = own_ok
        race["f_wrong"] = z3.Not(no_effect)
        for p in range(2):
            for f in ("bad", "banw", "banb"):
                race[f"{f}{p}"] = z3.BoolVal(False)
        self.schedule(race, R_RACE, z3.And(pc, eel), inp)
        # an Octopus: next card (or a war for a pair, by ruling)
        pc_oct = z3.And(pc, z3.Not(eel), octo)
        pair_war = self.opt1(self.rule(w, "chomp.uw_octopus_pair", z3.And(pc_oct, ca == cb), inp))
        oct_war = w.copy()
        self.to_war(oct_war, z3.And(pc_oct, ca == cb, pair_war), inp)
        oct_next = w.copy()
        for p in range(2):
            self.add_counts(oct_next, f"aside{p}_", self.one(oct_next[f"tab{p}"], oct_next[f"has{p}"]))
            oct_next[f"tab{p}"] = _bv(0, CARD_BITS)
            oct_next[f"has{p}"] = z3.BoolVal(False)
        oct_next["step"] = _bv(NEXT_CARD, 3)
        self.schedule(oct_next, R_TURN, z3.And(pc_oct, z3.Not(z3.And(ca == cb, pair_war))), inp)
        octo_w = merge(z3.And(ca == cb, pair_war), oct_war, oct_next)
        # a tie: war (a war's face-up cards the same again: ruling chomp.war_tie; the next cards
        # after an Octopus the same: ruling chomp.next_card_tie; of each the encoding covers the
        # option that makes a war)
        pc_plain = z3.And(pc, z3.Not(eel), z3.Not(octo))
        # (two Eels under chomp.uw_eel_pair = war are a war without it: standard.compare_for)
        self.rule(w, "chomp.war_tie", z3.And(pc, z3.Not(eel0), z3.Not(octo), ca == cb, w["step"] == WAR), inp)
        self.rule(w, "chomp.next_card_tie",
                  z3.And(pc, z3.Not(eel0), z3.Not(octo), ca == cb, w["step"] == NEXT_CARD), inp)
        tie = w.copy()
        self.to_war(tie, z3.And(pc_plain, ca == cb), inp)
        higher = self.unequal(w, z3.And(pc_plain, ca != cb), inp)
        m = merge(eel, race, merge(octo, octo_w, merge(ca == cb, tie, higher)))
        w.v = m.v

    def unequal(self, w: Sym, pc: Any, inp: State) -> Sym:
        """Two different creatures: the card higher on the food chain wins (en.underwater-war.2)."""
        higher = w.copy()
        taken = [higher[f"centre_{v}"] for v in range(KINDS)]
        for v in range(KINDS):
            higher[f"centre_{v}"] = self.k(0)
        self.take_all(higher, z3.If(z3.UGT(w["tab0"], w["tab1"]), _bv(0, 1), _bv(1, 1)), taken, pc, inp)
        return higher

    def slap_valid(self, w: Sym, p: int, is_own: bool) -> Any:
        """Player ``p``'s slap on his own or the other's card wins the race (race.classify,
        RK_EEL: the Eel card; his own only under ``chomp.uw_own_eel = may_slap_own``)."""
        if is_own:
            return z3.And(w[f"tab{p}"] == EEL, w["f_own"])
        return w[f"tab{1 - p}"] == EEL

    def slap_offered(self, w: Sym, p: int, is_own: bool) -> Any:
        """Whether p's slap on his own or the other's card, when not valid, is a Bad Chomp (an
        outcome of the race where Bad Chomps apply) rather than no outcome at all (race.classify
        NONE). RK_EEL: his own card is one; the other's card that is not the Eel only under
        ``chomp.eel_race_wrong_card = bad_chomp`` (``f_wrong``)."""
        return z3.BoolVal(True) if is_own else w["f_wrong"]

    def nobody_can_play(self, w: Sym, pc: Any, inp: State) -> None:
        """two_player._nobody_can_play: neither player has a card to turn over; ruling
        ``chomp.two_player_nobody_can_play`` (each takes back his set-aside cards, or they stay in
        the centre); the round ends."""
        stay = self.opt1(self.rule(w, "chomp.two_player_nobody_can_play", pc, inp))
        for q in range(2):
            aside = [w[f"aside{q}_{v}"] for v in range(KINDS)]
            self.add_counts(w, f"disc{q}_", aside, z3.Not(stay))
            self.add_counts(w, "centre_", aside, stay)
            for v in range(KINDS):
                w[f"aside{q}_{v}"] = self.k(0)
        self.end_of_round(w, pc, inp)

    def turn_over(self, w: Sym, pc: Any, inp: State) -> None:
        war = w["step"] == WAR
        # --- a war: 2 down, 1 up
        ww = w.copy()
        pc_w = z3.And(pc, war)
        short = [_ult(ww[f"len{p}"], 3) for p in range(2)]
        lose_opt = z3.And(z3.Or(short), self.opt1(self.rule(ww, "chomp.war_short", z3.And(pc_w, z3.Or(short)), inp)))
        empty = [ww[f"len{p}"] == 0 for p in range(2)]
        one_short = z3.Xor(short[0], short[1])
        # lose_the_war: the one short player loses; both short, the one with fewer cards (with as
        # many, and some, the war is called off: each takes back his set-aside cards and the round
        # ends); otherwise a player with no card at all
        fewer = [_ult(ww["len0"], ww["len1"]), _ult(ww["len1"], ww["len0"])]
        lose = [z3.If(lose_opt, z3.If(one_short, short[p], z3.If(ww["len0"] != ww["len1"], fewer[p], empty[p])),
                      empty[p]) for p in range(2)]
        both_lose = z3.And(lose)
        called_off = z3.And(lose_opt, z3.Not(one_short), ww["len0"] == ww["len1"], z3.Not(empty[0]))
        co = ww.copy()
        for q in range(2):
            self.add_counts(co, f"disc{q}_", [co[f"aside{q}_{v}"] for v in range(KINDS)])
            for v in range(KINDS):
                co[f"aside{q}_{v}"] = self.k(0)
        self.end_of_round(co, z3.And(pc_w, called_off), inp)
        bl = ww.copy()
        self.nobody_can_play(bl, z3.And(pc_w, both_lose), inp)
        f0 = ww.copy()
        self.forfeit(f0, 0, z3.And(pc_w, z3.Not(both_lose), lose[0]), inp)
        f1 = ww.copy()
        self.forfeit(f1, 1, z3.And(pc_w, z3.Not(both_lose), z3.Not(lose[0]), lose[1]), inp)
        play = ww.copy()
        pc_play = z3.And(pc_w, z3.Not(z3.Or(lose)), z3.Not(called_off))
        for p in range(2):
            n = play[f"len{p}"]
            k = z3.If(_ult(n, 3), n, self.k(3))  # min(3, len) >= 1 here
            top = [self.top(play, p, j) for j in range(3)]
            down = [z3.If(z3.And(_ult(self.k(j), k - 1), top[j] == v), self.k(1), self.k(0))
                    for v in range(KINDS) for j in range(2)]
            self.add_counts(play, f"aside{p}_", [down[2 * v] + down[2 * v + 1] for v in range(KINDS)])
            play[f"tab{p}"] = z3.If(k == 1, top[0], z3.If(k == 2, top[1], top[2]))
            play[f"has{p}"] = z3.BoolVal(True)
            self.pop(play, p, k, pc_play)
        self.compare(play, pc_play, inp)
        war_w = merge(called_off, co, merge(both_lose, bl, merge(lose[0], f0, merge(lose[1], f1, play))))
        # --- one card each
        nw = w.copy()
        pc_n = z3.And(pc, z3.Not(war))
        e = [nw[f"len{p}"] == 0 for p in range(2)]
        both_empty = z3.And(e)
        one_empty = z3.Xor(e[0], e[1])
        go_back = self.opt1(self.rule(nw, "chomp.octopus_no_card", z3.And(pc_n, one_empty), inp))
        back = z3.And(one_empty, go_back)
        nb = nw.copy()
        self.nobody_can_play(nb, z3.And(pc_n, both_empty), inp)
        gb = nw.copy()
        for q in range(2):
            self.add_counts(gb, f"disc{q}_", [gb[f"aside{q}_{v}"] for v in range(KINDS)])
            for v in range(KINDS):
                gb[f"aside{q}_{v}"] = self.k(0)
        self.end_of_round(gb, z3.And(pc_n, back), inp)
        g0 = nw.copy()
        self.forfeit(g0, 0, z3.And(pc_n, one_empty, z3.Not(back), e[0]), inp)
        g1 = nw.copy()
        self.forfeit(g1, 1, z3.And(pc_n, one_empty, z3.Not(back), e[1]), inp)
        one = nw.copy()
        pc_one = z3.And(pc_n, z3.Not(z3.Or(e)))
        for p in range(2):
            one[f"tab{p}"] = self.top(one, p, 0)
            one[f"has{p}"] = z3.BoolVal(True)
            self.pop(one, p, 1, pc_one)
        self.compare(one, pc_one, inp)
        normal_w = merge(both_empty, nb, merge(back, gb, merge(e[0], g0, merge(e[1], g1, one))))
        m = merge(war, war_w, normal_w)
        w.v = m.v

    def shuffle(self, w: Sym, pc: Any, inp: State) -> tuple[Sym, Any]:
        """standard.shuffle: the discard pile, in the order ``ord_*``, goes under the pile."""
        out = w.copy()
        ok: list[Any] = []
        for p in range(2):
            mine = w["shuf"] == p
            if self.ints:  # the piles as counts: the discard pile joins the pile, any order
                disc = [w[f"disc{p}_{v}"] for v in range(KINDS)]
                self.add_counts(out, f"pile{p}_", disc, mine)
                out[f"len{p}"] = z3.If(mine, w[f"len{p}"] + z3.Sum(disc), w[f"len{p}"])
                for v in range(KINDS):
                    out[f"disc{p}_{v}"] = z3.If(mine, self.k(0), w[f"disc{p}_{v}"])
                continue
            n = w[f"len{p}"]  # 0, 1 or 2 when shuffling (when_needed)
            d = z3.Sum([w[f"disc{p}_{v}"] for v in range(KINDS)])
            for k in range(SLOTS):
                cell = w[f"pile{p}_{k}"]
                new = z3.If(z3.ULT(_bv(k), n), cell, z3.If(z3.ULT(_bv(k), n + d),
                            _pick(inp, k, n), _bv(0, CARD_BITS)))
                out[f"pile{p}_{k}"] = z3.If(mine, new, cell)
            out[f"len{p}"] = z3.If(mine, n + d, n)
            for v in range(KINDS):
                out[f"disc{p}_{v}"] = z3.If(mine, _bv(0), w[f"disc{p}_{v}"])
            # the order is a permutation of the discard pile: ord_0 .. ord_{d-1} has its counts
            inside = [z3.ULT(_bv(k), d) for k in range(SLOTS)]
            for v in range(KINDS):
                lits = [(z3.And(inside[k], inp[f"ord_{k}"] == v), 1) for k in range(SLOTS)]
                for c in range(0, 51):
                    ok.append(z3.Implies(z3.And(mine, w[f"disc{p}_{v}"] == c), z3.PbEq(lits, c)))
                    if c >= FULL[v]:
                        break
        penalty = w["resume"] == R_PENALTY
        pen = out.copy()
        p_is0 = w["shuf"] == 0
        for p in range(2):
            top = self.top(pen, p, 0)
            # the engine moves piles[p][:1]: nothing if the pile is (still) empty
            mine = z3.And(p_is0 if p == 0 else z3.Not(p_is0), pen[f"len{p}"] != 0)
            self.add_counts(pen, "centre_", self.one(top), mine)
            popped = pen.copy()
            self.pop(popped, p, 1, z3.And(pc, penalty, mine))
            pen.v = merge(mine, popped, pen).v
        self.schedule(pen, R_RACE, z3.And(pc, penalty), inp)
        plain = out.copy()
        self.schedule(plain, w["resume"], z3.And(pc, z3.Not(penalty)), inp)
        return merge(penalty, pen, plain), z3.And(ok)

    # ------------------------------------------------------------------ the race
    def race(self, w: Sym, inp: State, pc: Any) -> tuple[Sym, Any]:
        """The race outcomes: returns (next, legal)."""
        bad_ok = w["f_bad"]
        legal: list[Any] = []
        results: list[tuple[Any, Sym]] = []
        act, sp, own = inp["act"], inp["slapper"], inp["own"]
        valid_pl = []
        for p in range(2):
            v_own = self.slap_valid(w, p, True)
            v_oth = self.slap_valid(w, p, False)
            valid_pl.append(z3.And(z3.Or(v_own, v_oth), z3.Not(w[f"banw{p}"])))
        for p in range(2):
            may_win = z3.Not(w[f"banw{p}"])
            may_bad = z3.And(bad_ok, z3.Not(w[f"banb{p}"]))
            for is_own in (True, False):
                valid = self.slap_valid(w, p, is_own)
                chosen = z3.And(act == A_SLAP, sp == p, own == is_own)
                allowed = z3.If(valid, may_win, z3.And(self.slap_offered(w, p, is_own), may_bad))
                legal.append(z3.And(chosen, allowed))
                cpc = z3.And(pc, chosen)
                win = w.copy()
                taken = [win[f"centre_{v}"] for v in range(KINDS)]
                for v in range(KINDS):
                    win[f"centre_{v}"] = self.k(0)
                self.take_all(win, _bv(p, 1), taken, z3.And(cpc, valid), inp)
                bad = w.copy()
                self.bad_chomp(bad, p, valid_pl[p], z3.And(cpc, z3.Not(valid)), inp)
                results.append((chosen, merge(valid, win, bad)))
        # a tie of the two valid slappers -> war
        tie_ok = z3.And(act == A_TIE, valid_pl[0], valid_pl[1])
        legal.append(tie_ok)
        tie = w.copy()
        self.eel_race_tie(tie, z3.And(pc, act == A_TIE), inp)
        results.append((act == A_TIE, tie))
        # nobody slaps
        nb = w.copy()
        pc_nb = z3.And(pc, act == A_NOBODY)
        anyone = z3.Or(valid_pl)
        o1 = self.opt1(self.rule(nb, "chomp.nobody_slaps", z3.And(pc_nb, anyone), inp))
        o2 = self.opt1(self.rule(nb, "chomp.nobody_can_chomp", z3.And(pc_nb, z3.Not(anyone)), inp))
        centre = z3.If(anyone, o1, o2)
        for q in range(2):
            cards = self.one(nb[f"tab{q}"], nb[f"has{q}"])
            cards = [cards[v] + nb[f"aside{q}_{v}"] for v in range(KINDS)]
            to_c = z3.Or(centre, nb[f"bad{q}"])
            self.add_counts(nb, "centre_", cards, to_c)
            self.add_counts(nb, f"disc{q}_", cards, z3.Not(to_c))
        self.end_of_round(nb, pc_nb, inp)
        legal.append(act == A_NOBODY)
        results.append((act == A_NOBODY, nb))
        out = results[-1][1]
        for cond, st in reversed(results[:-1]):
            out = merge(cond, st, out)
        return out, z3.Or(legal)


    def eel_race_tie(self, w: Sym, pc: Any, inp: State) -> None:
        """standard.tie in a 2-player race: a war; in Underwater War's Eel race, ruling
        ``chomp.eel_race_tie`` (``cards_go_back``: each takes back his face-up and set-aside cards
        and the round ends, en.underwater-war.5). Chomp rápido does not consult it."""
        if "chomp.eel_race_tie" not in self.rulings:
            self.to_war(w, pc, inp)
            return
        back = self.opt1(self.rule(w, "chomp.eel_race_tie", pc, inp))
        gone = w.copy()
        for q in range(2):
            cards = self.one(gone[f"tab{q}"], gone[f"has{q}"])
            self.add_counts(gone, f"disc{q}_", [cards[v] + gone[f"aside{q}_{v}"] for v in range(KINDS)])
        self.end_of_round(gone, z3.And(pc, back), inp)
        war = w.copy()
        self.to_war(war, z3.And(pc, z3.Not(back)), inp)
        w.v = merge(back, gone, war).v

    def bad_chomp(self, w: Sym, p: int, was_valid: Any, pc: Any, inp: State) -> None:
        w[f"bad{p}"] = z3.BoolVal(True)
        anyn = self.opt1(self.rule(w, "chomp.bad_chomp_again", pc, inp))
        w[f"banb{p}"] = z3.Or(w[f"banb{p}"], z3.Not(anyn))
        not_win = self.opt1(self.rule(w, "chomp.bad_chomper_may_win", z3.And(pc, was_valid), inp))
        w[f"banw{p}"] = z3.Or(w[f"banw{p}"], z3.And(was_valid, not_win))
        has_pile = w[f"len{p}"] != 0
        put = w.copy()
        self.add_counts(put, "centre_", self.one(self.top(put, p, 0)))
        self.pop(put, p, 1, z3.And(pc, has_pile))
        self.schedule(put, R_RACE, z3.And(pc, has_pile), inp)
        no_pile = z3.And(pc, z3.Not(has_pile), self.disc_any(w, p))
        nopen = self.opt1(self.rule(w, "chomp.bad_chomp_no_card", no_pile, inp))
        sh = w.copy()
        sh["phase"] = _bv(SHUFFLE, 3)
        sh["shuf"] = _bv(p, 1)
        sh["resume"] = _bv(R_PENALTY, 2)
        rest = w.copy()
        self.schedule(rest, R_RACE, z3.And(pc, z3.Not(has_pile), z3.Not(z3.And(self.disc_any(w, p), z3.Not(nopen)))),
                      inp)
        m = merge(has_pile, put, merge(z3.And(self.disc_any(w, p), z3.Not(nopen)), sh, rest))
        w.v = m.v

    # ------------------------------------------------------------------ trans
    def trans(self, s: State, inp: State, t: State) -> z3.BoolRef:
        w = Sym(dict(s))
        for rid in self.rulings:
            w[f"used.{rid}"] = z3.BoolVal(False)
        w["_take"] = z3.BoolVal(False)
        w["_end"] = z3.BoolVal(False)
        w["_winner"] = _bv(0, 1)
        for v in range(KINDS):
            w[f"_tk{v}"] = self.k(0)
        self.draw_ok = []
        if self.ints:
            for p in range(2):
                for j in range(3):
                    w[f"_draw{p}_{j}"] = inp[f"draw{p}_{j}"]
        phase = s["phase"]
        act = inp["act"]
        tw = w.copy()
        self.turn_over(tw, phase == TURN, inp)
        sw, perm_ok = self.shuffle(w.copy(), phase == SHUFFLE, inp)
        rw, race_legal = self.race(w.copy(), inp, phase == RACE)
        nxt = merge(phase == TURN, tw, merge(phase == SHUFFLE, sw, rw))
        self.finish(nxt, inp)
        # turn-overs in this round so far (a war or Octopus chain makes it long)
        nxt["chain"] = z3.If(phase == TURN, z3.If(s["step"] == NEW, _bv(1), s["chain"] + 1), s["chain"])
        legal = z3.Or(
            z3.And(phase == TURN, act == A_TURN),
            z3.And(phase == SHUFFLE, act == A_SHUFFLE, perm_ok),
            z3.And(phase == RACE, race_legal),
        )
        eqs = [t[k] == nxt.v[k] for k in t]  # scratch fields (_take, ...) are not state
        return z3.And(legal, *self.draw_ok, *eqs)

    # ------------------------------------------------------------------ invariants
    def kind_count(self, s: State, v: int) -> Any:
        total: Any = s[f"centre_{v}"]
        for p in range(2):
            total = total + s[f"disc{p}_{v}"] + s[f"aside{p}_{v}"]
            total = total + z3.If(z3.And(s[f"has{p}"], s[f"tab{p}"] == v), self.k(1), self.k(0))
        return total

    def pile_count(self, s: State, p: int, v: int) -> Any:
        return z3.Sum([z3.If(z3.And(z3.ULT(_bv(k), s[f"len{p}"]), s[f"pile{p}_{k}"] == v), _bv(1), _bv(0))
                       for k in range(SLOTS)])

    def conserved(self, s: State) -> z3.BoolRef:
        if self.ints:  # every kind adds up, a pile's length is its counts, no count is negative
            cs = [self.kind_count(s, v) + s[f"pile0_{v}"] + s[f"pile1_{v}"] == FULL[v] for v in range(KINDS)]
            cs += [s[f"len{p}"] == z3.Sum([s[f"pile{p}_{v}"] for v in range(KINDS)]) for p in range(2)]
            cs += _nonnegative(s)
            return z3.And(*cs, self.well_formed(s))
        cs = []
        for v in range(KINDS):
            cs.append(self.kind_count(s, v) + self.pile_count(s, 0, v) + self.pile_count(s, 1, v) == FULL[v])
        for p in range(2):
            cs.append(z3.ULE(s[f"len{p}"], SLOTS))
            cs += [z3.Implies(z3.UGE(_bv(k), s[f"len{p}"]), s[f"pile{p}_{k}"] == 0) for k in range(SLOTS)]
        return z3.And(cs)

    def total_ok(self, s: State) -> z3.BoolRef:
        """50 cards in play, summed in 12 bits so that no sum wraps around."""
        def wide(x: Any) -> Any:
            return z3.ZeroExt(6, x)

        parts = [s["len0"], s["len1"]] + [s[f"centre_{v}"] for v in range(KINDS)]
        for p in range(2):
            parts += [s[f"disc{p}_{v}"] for v in range(KINDS)] + [s[f"aside{p}_{v}"] for v in range(KINDS)]
        total = z3.Sum([wide(x) for x in parts]) + z3.If(s["has0"], z3.BitVecVal(1, 12), z3.BitVecVal(0, 12)) \
            + z3.If(s["has1"], z3.BitVecVal(1, 12), z3.BitVecVal(0, 12))
        return z3.And(total == sum(FULL), self.well_formed(s))

    def well_formed(self, s: State) -> z3.BoolRef:
        """The shape every reachable state has (strengthens the conservation invariant)."""
        phase, resume = s["phase"], s["resume"]
        no_table = z3.And(z3.Not(s["has0"]), z3.Not(s["has1"]))
        return z3.And(
            z3.Or(phase == TURN, phase == RACE, phase == SHUFFLE, phase == OVER), z3.ULE(s["step"], TIE_REPLAY),
            z3.Implies(phase == TURN, no_table), z3.Implies(phase == OVER, no_table),
            z3.Implies(phase == RACE, z3.And(s["has0"], s["has1"])),
            z3.Implies(phase == SHUFFLE, z3.And(resume != R_NONE, z3.Implies(resume == R_TURN, no_table),
                                                z3.Implies(resume != R_TURN, z3.And(s["has0"], s["has1"])))),
            z3.Implies(phase != SHUFFLE, resume == R_NONE),
            z3.Implies(phase == SHUFFLE, z3.If(s["shuf"] == 0, z3.Or([s[f"disc0_{v}"] != 0 for v in range(KINDS)]),
                                               z3.Or([s[f"disc1_{v}"] != 0 for v in range(KINDS)]))),
        )

    def collector_wins(self, s: State) -> z3.BoolRef:
        over = s["phase"] == OVER
        return z3.And([z3.Implies(z3.And(over, self.holdings(Sym(dict(s)), p) == sum(FULL)),
                                  (s["winners"] & (1 << p)) != 0) for p in range(2)])


def _nonnegative(s: State) -> list[Any]:
    """No integer count of ``s`` is negative (none for an encoding with bit-vector counts, which
    cannot be)."""
    return [x >= 0 for x in s.values() if z3.is_arith(x)]


def _pick(inp: State, k: int, n: Any) -> Any:
    """The shuffled card for pile cell ``k`` when the pile holds ``n`` (0..2) cards: ord_{k-n}."""
    zero = _bv(0, CARD_BITS)
    c0 = inp[f"ord_{k}"]
    c1 = inp[f"ord_{k - 1}"] if k >= 1 else zero
    c2 = inp[f"ord_{k - 2}"] if k >= 2 else zero
    return z3.If(n == 0, c0, z3.If(n == 1, c1, c2))


# =========================================================================== the 3+ player game
#
# The standard game (3 or more players, the full deck). Card numbers, phases, steps, race kinds
# and flags, outcomes and the deck are the model's own (imported, not re-typed).

from rulecheck.games.chomp import cards as _cards  # noqa: E402
from rulecheck.games.chomp import standard as standard_mod  # noqa: E402
from rulecheck.games.chomp import state as _st  # noqa: E402

STD_RULINGS: Mapping[str, tuple[str, ...]] = covered_rulings(
    (
        "chomp.player_count",
        "chomp.reshuffle_when",
        "chomp.lower_not_lowest",
        "chomp.frenzy_vs_bad_chomp",
        "chomp.frenzy_special_cards",
        "chomp.eel_in_replay",
        "chomp.octopus_in_replay",
        "chomp.bad_chomp_again",
        "chomp.bad_chomper_may_win",
        "chomp.bad_chomp_no_card",
        "chomp.bad_chomp_both_cards",
        "chomp.tie_replay_winnings",
        "chomp.tie_replay_players",
        "chomp.chained_replay_cards",
        "chomp.nobody_slaps",
        "chomp.nobody_can_chomp",
        "chomp.replay_no_card",
        "chomp.replay_nobody_can_play",
        "chomp.count_declares_winner",
        "chomp.count_tie",
        "chomp.fewer_than_two_left",
        "chomp.reclaimed_cards",
    ),
    not_covered={
        "chomp.nobody_slaps": ("replay_like_tie",),
        "chomp.reclaimed_cards": ("bottom_of_pile",),
    },
)
"""The ruling points the 3+ player game consults, with the options the standard encoding
covers (the first option of a one-option entry is what the encoding, and the decoder, answer
when the ruleset leaves it open)."""

STD_ACTS = ("turn_over", "shuffle", "nobody_slaps", "slap", "tie", "last_two")
"""The encoding's ``act`` input, by index: the engine action names (see :mod:`.decode`); ``last_two``
is the last two players' choice (en.ending.3), the engine's ``("count",)`` or ``("switch", game)``
as the input ``choice`` says (:data:`CHOICES`)."""
S_TURN, S_SHUFFLE, S_NOBODY, S_SLAP, S_TIE, S_LAST_TWO = range(6)
CHOICES: tuple[tuple[str, ...], ...] = (("count",), *sorted(
    (("switch", name) for name in standard_mod.SWITCH_MODES), key=lambda a: standard_mod.SWITCH_MODES[a[1]]))
"""The last two's choice (en.ending.3) by the value of the input ``choice`` (2 bits): 0 counts the
cards, any other value switches to the 2-player game of that mode number (1 Underwater War,
2 Chomp rápido, 3 Doble Chomp: the engine's ``standard.SWITCH_MODES``)."""
RACE_BITS = 16


def _sel(n: int) -> int:
    """Bits of a player index: 2 for 3-4 players, 3 for 5-6."""
    return max(2, (n - 1).bit_length())


def _pw(n: int) -> int:
    """Bits of a mask of players (the engine's ``winners``, a tie's group): at least 4."""
    return max(4, n)


def _ult(a: Any, b: Any) -> Any:
    """``a < b`` on counts of either sort: unsigned for bit-vectors, plain for integers."""
    return a < b if z3.is_arith(a) or z3.is_arith(b) else z3.ULT(a, b)


def _ugt(a: Any, b: Any) -> Any:
    """``a > b`` on counts of either sort (see :func:`_ult`)."""
    return a > b if z3.is_arith(a) or z3.is_arith(b) else z3.UGT(a, b)


def _uge(a: Any, b: Any) -> Any:
    """``a >= b`` on counts of either sort (see :func:`_ult`)."""
    return a >= b if z3.is_arith(a) or z3.is_arith(b) else z3.UGE(a, b)


def _ule(a: Any, b: Any) -> Any:
    """``a <= b`` on counts of either sort (see :func:`_ult`)."""
    return a <= b if z3.is_arith(a) or z3.is_arith(b) else z3.ULE(a, b)


def _bit(x: Any, flag: int) -> Any:
    return (x & flag) != 0


# The order in which players who must both shuffle do so (standard.schedule): the smaller
# ``state.player_key`` first, the lower seat among equal keys. A key is compared part by part
# (pile, discard pile, face-up cards, set-aside cards, set-aside tie cards, a Bad Chomper's set-aside
# cards, mask bits); each
# helper below gives a part's (less, equal) for players a and b.

def _key_less(parts: list[tuple[Any, Any]]) -> tuple[Any, Any]:
    """(key_a < key_b, key_a == key_b) from each part's (less, equal), compared in order."""
    lt: Any = z3.BoolVal(False)
    eq: Any = z3.BoolVal(True)
    for plt, peq in reversed(parts):
        lt = z3.Or(plt, z3.And(peq, lt))
        eq = z3.And(peq, eq)
    return lt, eq


def _multiset_less(a: list[Any], b: list[Any]) -> tuple[Any, Any]:
    """Two sorted card tuples given as counts by kind, compared as tuples: at the first kind
    whose counts differ, the one with more of it is smaller if the other holds a higher card,
    else (the other is a prefix of it) larger."""
    terms = []
    same: Any = z3.BoolVal(True)
    for v in range(len(a)):
        more_a = z3.Or([a[u] != 0 for u in range(v + 1, len(a))] or [z3.BoolVal(False)])
        more_b = z3.Or([b[u] != 0 for u in range(v + 1, len(b))] or [z3.BoolVal(False)])
        terms.append(z3.And(same, z3.Or(z3.And(_ugt(a[v], b[v]), more_b), z3.And(_ult(a[v], b[v]), z3.Not(more_a)))))
        same = z3.And(same, a[v] == b[v])
    return z3.Or(terms), same


def _cells_less(a: list[Any], la: Any, b: list[Any], lb: Any) -> tuple[Any, Any]:
    """Two piles in order (cells, top first, 0 beyond the length), compared as tuples on their
    first ``len(a)`` cells (the piles of players who must shuffle are that short)."""
    terms = []
    same: Any = z3.BoolVal(True)
    for j in range(len(a)):
        k = z3.BitVecVal(j, la.size()) if z3.is_bv(la) else z3.IntVal(j)
        in_a, in_b = _ugt(la, k), _ugt(lb, k)
        terms.append(z3.And(same, in_b, z3.Or(z3.Not(in_a), z3.ULT(a[j], b[j]))))
        same = z3.And(same, in_a == in_b, z3.Implies(in_a, a[j] == b[j]))
    return z3.Or(terms), same


def _card_less(has_a: Any, ta: Any, has_b: Any, tb: Any) -> tuple[Any, Any]:
    """Face-up cards of one card at most (``has``, the card), compared as tuples."""
    lt = z3.Or(z3.And(z3.Not(has_a), has_b), z3.And(has_a, has_b, z3.ULT(ta, tb)))
    return lt, z3.And(has_a == has_b, z3.Implies(has_a, ta == tb))


def _bool_less(x: Any, y: Any) -> tuple[Any, Any]:
    """A mask bit of two players: 0 before 1."""
    return z3.And(z3.Not(x), y), x == y


def _first_to_shuffle(cands: list[Any], less: Callable[[int, int], tuple[Any, Any]]) -> list[Any]:
    """Who shuffles first among the players for whom ``cands`` holds (standard.schedule's scan:
    the smallest key, the lowest seat among equal keys), one Bool per player; ``less(p, q)`` is
    the (less, equal) of their keys."""
    n = len(cands)
    cmp = {(p, q): less(p, q) for p in range(n) for q in range(n) if p < q}
    chosen = []
    for p in range(n):
        beats = []
        for q in range(n):
            if q == p:
                continue
            if p < q:
                lt, eq = cmp[(p, q)]
                beats.append(z3.Or(z3.Not(cands[q]), lt, eq))
            else:
                lt, eq = cmp[(q, p)]
                beats.append(z3.Or(z3.Not(cands[q]), z3.Not(z3.Or(lt, eq))))
        chosen.append(z3.And(cands[p], *beats))
    return chosen


KW = 4
"""Bits of a count by kind (at most 11 cards of a kind: every count by kind fits in 4 bits;
measured: 4 instead of 6 bits cuts each step's clauses by a third: 104,690 -> 68,660 after bit-blasting, 3 players)."""


def _k(x: int) -> z3.BitVecRef:
    """A count by kind (KW bits)."""
    return z3.BitVecVal(x, KW)


def _wide(x: Any, width: int = CW) -> Any:
    return x if x.size() == width else z3.ZeroExt(width - x.size(), x)


def _sum(xs: list[Any], width: int = CW) -> Any:
    """Sum of counts in ``width`` bits (6: a pile, a player's cards: at most 50 in any state
    reachable from a deal; the deal's own constraints use 8 bits, as any 4-bit counts are
    summed there)."""
    return z3.Sum([_wide(x, width) for x in xs]) if xs else z3.BitVecVal(0, width)


def standard_game(players: int = 3, ruleset: Ruleset | str | Mapping[str, object] = "recommended", *,
                  counts: str = "bv") -> ChompEncoding:
    """The 3+ player standard game on the full 50-card deck, ``players`` 3 to 6, step for step
    with :mod:`rulecheck.games.chomp.standard` (mode ``standard``).

    One transition is one engine action: ``turn_over``, a ``shuffle`` (chance), or a slap-race
    outcome (``nobody_slaps``, a ``slap`` of one player on one card, a ``tie`` of a group).
    Covered: the deal (en.setup.1-4: equal piles, 50 // n cards each, the rest out of play),
    turning over (and replays after an Ink Out or a tie, with players who have no card sitting
    out or washed up), the race (valid chomps by the food chain and the lowest card, every kind
    of Bad Chomp with its penalty card and the rulings on them, ties, nobody slapping, nobody
    able to chomp), Feeding Frenzy, Ink Out and its replay (chained Ink Outs), tie replays
    (en.tie.1-5, either ``chomp.tie_replay_winnings`` option), resolution into discard piles and
    the centre, reshuffles (en.outcomes.5, either ``chomp.reshuffle_when`` option), elimination,
    and the end (en.ending.1-3: fewer than two left; two left make their choice, an action of
    theirs: count their cards, with rulings ``chomp.count_declares_winner`` and
    ``chomp.count_tie``, or switch to a 2-player game). Every ruling point the standard game
    consults, with every option.

    State (per player ``p``; cards are the engine's ints, counts by kind ``v`` in 4 bits):

    * ``pile{p}_{v}``: the face-down pile **as counts by kind**, not in order. This is exact: a
      pile is only ever shuffled when it is empty (when a card is needed, or under
      ``reshuffle_when = when_pile_runs_out`` as soon as it runs out, or to pay a Bad Chomp
      penalty) and nobody sees its order before its cards are turned over, so the order of an
      unobserved pile is equivalent to choosing each turned-over card symbolically (input
      ``draw{p}``) among the cards left in it. The decoder rebuilds the deal and every shuffle's
      order from the cards the witness draws (:func:`.decode.replay_witness`).
    * ``size{p}``: the pile's size (6 bits), a redundant counter kept equal to the sum of its
      counts (the solver then sees at once how far a pile is from running out instead of
      counting kinds: deep targets went from BMC depth ~4 to ~17 in a minute).
    * ``disc{p}_{v}``, ``aside{p}_{v}``, ``centre_{v}``, ``out_{v}`` (the cards out of play):
      counts by kind; ``aside_tie{p}_{v}`` (only when ``tie_replay_winnings`` may be
      ``chompable_only``): the tie round's cards of which the replay's winner takes only those
      he can chomp; ``aside_bad{p}_{v}``: the card p turned over in an Ink Out or tie round in
      which he made a Bad Chomp (the winner takes it; with no winner it goes to the centre:
      en.bad-chomp.8-9); ``tab{p}``/``has{p}``: the face-up card; ``act{p}`` (in the game),
      ``rep{p}`` (plays in the replay), ``bad{p}``, ``banw{p}``, ``banb{p}``: the engine masks.
    * ``phase``, ``step`` (``LAST_TWO``: the last two players' choice comes next), ``resume``,
      ``shuf``, ``race`` (the engine's race kind and ruling flags, bit for bit), ``outcome``,
      ``winners``, ``mode``; ``chain``: consecutive Ink Out replays in this round (history, for
      the longest-chain query); ``used.<ruling id>``.

    Inputs: ``act`` (:data:`STD_ACTS`), ``slapper``, ``target`` and ``group`` (a race's outcome),
    ``draw{p}`` (the card p turns over or puts down), ``choice`` (the last two's choice,
    :data:`CHOICES`) and an open ruling's option ``opt.<ruling id>``.

    When a round ends with two players left, the state waits for their choice (phase ``TURN``,
    step ``LAST_TWO``; en.ending.3): counting the cards ends the game; a switch to a 2-player
    game (Underwater War, Chomp rápido or Doble Chomp) is the end of this encoding: the step that
    switches is encoded exactly (the engine's state after it, ``mode`` the 2-player game,
    including a shuffle the new game needs first), and a state whose ``mode`` is not the standard
    game has no successor here (target ``switch``; every query holds "up to the switch"). What
    follows is the 2-player encodings' job. Abstracted (what the queries do not need): clause
    citations and the order of face-down piles (see above). An open ruling with one covered
    option is answered with that option; a ruleset choosing an uncovered option is refused.

    ``counts = "int"`` makes every count by kind and every pile size an unbounded integer (as in
    the engine) instead of a bit-vector, with the same transition relation otherwise; the
    invariants then also say that no count is negative. That encoding is the one invariants are
    proved on (``int_counts``): bit-vector adders make Z3's step case of card conservation take
    minutes per case (4 players: no answer in 30 min), linear arithmetic answers it in under a
    second per case. The bit-vector encoding (the default) stays the one BMC runs on. The two
    agree on every state whose counts fit their bits, and conservation bounds every count by
    its kind's number in the deck (at most 11), so a proof on either holds for both.
    """
    if players not in (3, 4, 5, 6):
        raise InvalidConfigError(f"the standard-game encoding covers 3 to 6 players, not {players}")
    _check_counts(counts)
    rs = ruleset if isinstance(ruleset, Ruleset) else load_ruleset("chomp", ruleset)
    options: dict[str, str | None] = {}
    for rid, covered in STD_RULINGS.items():
        opt = rs.choices.get(rid)
        if opt is not None and opt not in covered:
            raise InvalidConfigError(
                f"the standard-game encoding does not cover {rid} = {opt} (covers {', '.join(covered)})")
        options[rid] = opt
    open_rulings = tuple(r for r, o in options.items() if o is None and len(STD_RULINGS[r]) > 1)
    n = players
    deck = _cards.DECKS["full"]
    enc = _Std(n, sum(deck) // n, deck, options, ints=counts == "int")
    bv = z3.BitVecSort
    num = enc.count_sort
    variables: list[tuple[str, z3.SortRef]] = []
    for name, w in (("phase", 3), ("step", 3), ("resume", 2), ("shuf", _sel(n)), ("outcome", 3), ("winners", _pw(n)),
                    ("race", RACE_BITS), ("chain", CW)):
        variables.append((name, bv(w)))
    for p in range(n):
        for v in range(KINDS):
            variables += [(f"pile{p}_{v}", num(KW)), (f"disc{p}_{v}", num(KW)), (f"aside{p}_{v}", num(KW))]
            if enc.tie_bucket:
                variables.append((f"aside_tie{p}_{v}", num(KW)))
            variables.append((f"aside_bad{p}_{v}", num(KW)))
        variables += [(f"tab{p}", bv(CARD_BITS)), (f"size{p}", num(CW))]
        for flag in ("has", "act", "rep", "bad", "banw", "banb"):
            variables.append((f"{flag}{p}", z3.BoolSort()))
    for v in range(KINDS):
        variables += [(f"centre_{v}", num(KW)), (f"out_{v}", num(KW))]
    variables.append(("mode", bv(2)))
    for rid in STD_RULINGS:
        variables.append((f"used.{rid}", z3.BoolSort()))
    inputs: list[tuple[str, z3.SortRef]] = [("act", bv(3)), ("slapper", bv(_sel(n))), ("target", bv(_sel(n))),
                                            ("group", bv(_pw(n))), ("choice", bv(2))]
    inputs += [(f"draw{p}", bv(CARD_BITS)) for p in range(n)]
    for rid in open_rulings:
        inputs.append((f"opt.{rid}", z3.BoolSort() if len(STD_RULINGS[rid]) == 2 else bv(2)))
    system = TransitionSystem(
        name=f"chomp/standard/{n}p" + ("/int-counts" if enc.ints else ""),
        variables=tuple(variables),
        inputs=tuple(inputs),
        init=enc.init,
        trans=enc.trans,
        enabled=lambda s: z3.Not(enc.ends(s)),
        terminal=enc.ends,
        equal=None,
        description=standard_game.__doc__ or "",
        meta={"logic": None if enc.ints else "QF_BV", "portfolio": "adaptive", "game": "chomp", "variant": "standard",
              "players": n, "tie_bucket": enc.tie_bucket, "mode": True, "counts": counts},
    )
    out = ChompEncoding("standard", n, rs, options, system, tuple(STD_RULINGS), case_split=phase_case_split(
        {S_SLAP: ("slapper", "target"), S_TIE: ("group",)}, slapper_card=n), counts=counts)
    if not enc.ints:
        out.int_counts = lambda: standard_game(players, rs, counts="int")
    for rid in STD_RULINGS:
        out.targets[f"ruling:{rid}"] = (f"reach ruling point {rid}", _used(rid))
    out.targets["over"] = ("the game ends", lambda s: s["phase"] == _st.OVER)
    out.targets["last-two"] = ("two players are left and choose: count their cards or switch to a 2-player game",
                               lambda s: z3.And(s["phase"] == _st.TURN, s["step"] == _st.LAST_TWO))
    out.targets["switch"] = (
        "the last two players switch to a 2-player game (their choice, en.ending.3; this encoding ends there)",
        lambda s: s["mode"] != _st.STANDARD)
    out.targets["ink-out"] = ("an Ink Out", lambda s: (s["race"] & _st.KIND_MASK) == _st.RK_INKOUT)
    out.targets["feeding-frenzy"] = ("a Feeding Frenzy",
                                     lambda s: (s["race"] & _st.KIND_MASK) == _st.RK_FRENZY)
    out.targets["unable-to-play"] = (
        "a player must play another card in a replay but has none (ruling chomp.replay_no_card)",
        lambda s: z3.And(s["phase"] == _st.TURN, s["step"] != _st.NEW,
                         z3.Or([z3.And(s[f"act{p}"], s[f"rep{p}"], s[f"size{p}"] == 0) for p in range(n)])))

    def collector_wins(s: State) -> z3.BoolRef:
        in_play = sum(deck) - enc.sum([s[f"out_{v}"] for v in range(KINDS)])
        held = [enc.sum([s[f"size{p}"], *[s[f"disc{p}_{v}"] for v in range(KINDS)]]) for p in range(n)]
        return z3.And([z3.Implies(z3.And(s["phase"] == _st.OVER, held[p] == in_play),
                                  (s["winners"] & (1 << p)) != 0) for p in range(n)])

    out.invariants["collector-wins"] = (
        "a player who collected all of the cards in play has won (en.object.2)", collector_wins)
    out.invariants["cards-conserved"] = (
        "every card of each kind is in exactly one place (the deck's count), and each pile's size is "
        "the sum of its counts (en.setup.1, es.componentes.1)", enc.conserved)
    out.invariants["phase-has-moves"] = (
        "every state is terminal or has a legal action: a turn-over (a player who reveals has a pile "
        "card to draw), a race (nobody_slaps is always an outcome), or a shuffle of a player in the game "
        "whose discard pile is not empty",
        lambda s: z3.Or(s["phase"] == _st.TURN, s["phase"] == _st.RACE, enc.ends(s),
                        z3.And(s["phase"] == _st.SHUFFLE, z3.Or([z3.And(s["shuf"] == p, z3.Or(
                            [s[f"disc{p}_{v}"] != 0 for v in range(KINDS)])) for p in range(n)]))))
    return out


def _check_counts(counts: str) -> None:
    if counts not in ("bv", "int"):
        raise InvalidConfigError(f"counts must be 'bv' (bit-vectors) or 'int' (integers), not {counts!r}")


def phase_case_split(
    race_by_act: Mapping[int, tuple[str, ...]], *, shuffle: tuple[str, ...] = ("shuf", "resume"),
    turn: tuple[str, ...] = ("step",), slapper_card: int = 0,
) -> Callable[[Mapping[str, Any]], str | None]:
    """The cases of an induction step on a Chomp! encoding: by phase; a race by its outcome
    (``act``, then the inputs ``race_by_act[act]``, e.g. who slaps whom, and for the first
    ``slapper_card`` players the slapper's and the target's face-up cards ``tab{p}``); a shuffle by the
    state variables ``shuffle`` (whose pile, what comes after); a turn-over by ``turn``."""

    def split(fixed: Mapping[str, Any]) -> str | None:
        if "phase" not in fixed:
            return "phase"
        phase = fixed["phase"]
        order: tuple[str, ...] = ()
        if phase == _st.RACE:
            order = ("act", *race_by_act.get(fixed.get("act", -1), ()))
            for who in ("slapper", "target"):  # then the slapper's and the slapped card
                p = fixed.get(who)
                if who in order and p is not None and p < slapper_card and f"tab{p}" not in order:
                    order += (f"tab{p}",)
        elif phase == _st.SHUFFLE:
            order = shuffle
        elif phase == _st.TURN:
            order = turn
        return next((name for name in order if name not in fixed), None)

    return split


class _Std:
    """The standard game's transition relation, written like :mod:`rulecheck.games.chomp.standard`
    with symbolic branches merged; rulings consulted on path ``pc`` are collected in ``used``."""

    def __init__(self, n: int, per: int, deck: tuple[int, ...], options: Mapping[str, str | None], *,
                 tie_bucket: bool | None = None, switch: bool = True, ints: bool = False) -> None:
        self.n, self.per, self.deck, self.options = n, per, deck, options
        self.ints = ints  # counts as integers rather than bit-vectors (see standard_game)
        self.sel = _sel(n)
        # optional parts of the state: the tie bucket only when the ruleset can use it; ``mode``
        # (``switch``) in the standard game, where the last two may switch to a 2-player game (a
        # subclass for another game, e.g. Doble Chomp, says whether it has them: its rulings need
        # not include these)
        if tie_bucket is None:
            tie_bucket = options["chomp.tie_replay_winnings"] != "all_tie_cards"
        self.tie_bucket, self.switch = tie_bucket, switch
        self.used: dict[str, Any] = {}
        self.covered: Mapping[str, tuple[str, ...]] = STD_RULINGS  # the ruling points it consults
        self.legal: list[Any] = []

    # ------------------------------------------------------------------ helpers
    def count_sort(self, width: int) -> z3.SortRef:
        """The sort of a count (by kind: ``KW`` bits; a pile's size: ``CW`` bits), or Int."""
        return z3.IntSort() if self.ints else z3.BitVecSort(width)

    def k(self, x: int) -> Any:
        """A count constant of the count sort."""
        return z3.IntVal(x) if self.ints else _k(x)

    def sum(self, xs: list[Any], width: int = CW) -> Any:
        """Sum of counts: in ``width`` bits (widened so that nothing wraps), or as integers."""
        if self.ints:
            return z3.Sum(xs) if xs else z3.IntVal(0)
        return _sum(xs, width)

    def wide(self, x: Any, width: int) -> Any:
        return x if self.ints else _wide(x, width)

    def nonnegative(self, s: State) -> list[Any]:
        """With integer counts: no count is negative (:func:`_nonnegative`)."""
        return _nonnegative(s)

    def conserved(self, s: State) -> z3.BoolRef:
        """Card conservation: for each kind, the cards in piles, discard piles, set-aside cards,
        face-up cards, the centre and out of play add up to the deck's count, and each pile's
        size is the sum of its counts. Summed in just enough bits that no sum of 4-bit counts
        wraps around (8 bits for 3 players, 9 for 4-6): narrower adders make the induction step
        cheaper for the solver (measured: 3 players, 10 bits to 8, a slap case ~1.3x faster)."""
        cs = []
        for v in range(KINDS):
            parts = [s[f"centre_{v}"], s[f"out_{v}"]]
            for p in range(self.n):
                parts += [s[f"pile{p}_{v}"], s[f"disc{p}_{v}"], s[f"aside{p}_{v}"], s[f"aside_bad{p}_{v}"]]
                if self.tie_bucket:
                    parts.append(s[f"aside_tie{p}_{v}"])
                one = (z3.IntVal(1), z3.IntVal(0)) if self.ints else (_bv(1), _bv(0))
                parts.append(z3.If(z3.And(s[f"has{p}"], s[f"tab{p}"] == v), *one))
            width = (len(parts) * ((1 << KW) - 1)).bit_length()
            cs.append(self.sum(parts, width) == self.deck[v])
        for p in range(self.n):
            cs.append(self.sum([s[f"pile{p}_{v}"] for v in range(KINDS)], 8) == self.wide(s[f"size{p}"], 8))
        return z3.And(*cs, self.shape(s), *self.nonnegative(s))

    def shape(self, s: State) -> z3.BoolRef:
        """The shape every reachable state has (strengthens conservation so that it is
        inductive): no face-up card while cards are turned over or the game is over, and the
        pile being shuffled is empty (a pile is only shuffled once it has run out: en.outcomes.5,
        ruling ``chomp.reshuffle_when``) and the game goes on after the shuffle. (After a switch
        to Doble Chomp a pile of one card is shuffled too, before turning over two: such a state
        ends this encoding, so the empty pile is said of the standard game only.)"""
        no_table = z3.And([z3.Not(s[f"has{p}"]) for p in range(self.n)])
        phase = s["phase"]
        shuffled_empty = z3.And([z3.Implies(s["shuf"] == p, z3.And(
            s[f"size{p}"] == 0, *[s[f"pile{p}_{v}"] == 0 for v in range(KINDS)])) for p in range(self.n)])
        if self.switch:
            shuffled_empty = z3.Implies(s["mode"] == _st.STANDARD, shuffled_empty)
        return z3.And(z3.Implies(phase == _st.TURN, no_table), z3.Implies(phase == _st.OVER, no_table),
                      z3.Implies(z3.And(phase == _st.SHUFFLE, s["resume"] == R_TURN), no_table),
                      z3.Implies(phase == _st.SHUFFLE, z3.And(shuffled_empty, s["resume"] != R_NONE)))

    def rule(self, rid: str, pc: Any, inp: State) -> Callable[[str], Any]:
        """Consult ``rid`` on path ``pc``; returns ``is_option(name) -> Bool`` (the options this
        encoding covers: ``self.covered``)."""
        self.used[rid] = z3.Or(self.used[rid], pc)
        covered = self.covered[rid]
        opt = self.options[rid]
        if opt is not None or len(covered) == 1:
            chosen = opt or covered[0]
            return lambda name: z3.BoolVal(name == chosen)
        x = inp[f"opt.{rid}"]
        if len(covered) == 2:
            return lambda name: x if covered.index(name) == 1 else z3.Not(x)
        return lambda name: x == covered.index(name)

    def vec(self, w: Sym, prefix: str) -> list[Any]:
        return [w[f"{prefix}{v}"] for v in range(KINDS)]

    def tie_vec(self, w: Sym | State, q: int) -> list[Any]:
        """q's set-aside tie-round cards of which the winner takes what he can chomp (counts by
        kind; zeros when ``chomp.tie_replay_winnings = all_tie_cards``: they are never used)."""
        if not self.tie_bucket:
            return [self.k(0)] * KINDS
        return [w[f"aside_tie{q}_{v}"] for v in range(KINDS)]

    def bad_vec(self, w: Sym | State, q: int) -> list[Any]:
        """q's set-aside cards of a round in which he made a Bad Chomp (the engine's ``aside_bad``)."""
        return [w[f"aside_bad{q}_{v}"] for v in range(KINDS)]

    def bad_cards_to_centre(self, w: Sym, cond: Any = True) -> None:
        """standard.bad_chomp_cards_stay: no winner, the Bad Chompers' set-aside cards to the centre."""
        for q in range(self.n):
            self.add(w, "centre_", self.bad_vec(w, q), cond)
            self.zero(w, f"aside_bad{q}_", cond)

    def set_aside(self, w: Sym, q: int) -> list[Any]:
        """q's set-aside cards that go back to him or stay in the round (the engine's ``aside +
        aside_tie``; not ``aside_bad``)."""
        ties = self.tie_vec(w, q)
        return [w[f"aside{q}_{v}"] + ties[v] for v in range(KINDS)]

    def any_(self, w: Sym, prefix: str) -> Any:
        return z3.Or([w[f"{prefix}{v}"] != 0 for v in range(KINDS)])

    def add(self, w: Sym, prefix: str, counts: list[Any], cond: Any = True) -> None:
        for v in range(KINDS):
            w[f"{prefix}{v}"] = _ite(cond, w[f"{prefix}{v}"] + counts[v], w[f"{prefix}{v}"])

    def zero(self, w: Sym, prefix: str, cond: Any = True) -> None:
        for v in range(KINDS):
            w[f"{prefix}{v}"] = _ite(cond, self.k(0), w[f"{prefix}{v}"])

    def one(self, card: Any, cond: Any = True) -> list[Any]:
        """Counts by kind of one card (none unless ``cond``)."""
        return [z3.If(z3.And(cond, card == v), self.k(1), self.k(0)) for v in range(KINDS)]

    def draw(self, w: Sym, p: int, cond: Any, inp: State) -> Any:
        """Take one card (the input ``draw{p}``) from p's pile when ``cond``; returns it."""
        card = inp[f"draw{p}"]
        self.legal.append(z3.Implies(cond, z3.Or([z3.And(card == v, w[f"pile{p}_{v}"] != 0)
                                                  for v in range(KINDS)])))
        for v in range(KINDS):
            w[f"pile{p}_{v}"] = z3.If(z3.And(cond, card == v), w[f"pile{p}_{v}"] - 1, w[f"pile{p}_{v}"])
        w[f"size{p}"] = z3.If(cond, w[f"size{p}"] - 1, w[f"size{p}"])
        return card

    def pile_any(self, w: Sym, p: int) -> Any:
        """p's pile is not empty (its size: a redundant counter that keeps the solver off
        pigeonhole reasoning over the counts by kind)."""
        return w[f"size{p}"] != 0

    def give_back(self, w: Sym, q: int, counts: list[Any], cond: Any = True) -> None:
        """standard.give_back: to q's discard pile, or to the centre if q is out."""
        self.add(w, f"disc{q}_", counts, z3.And(cond, w[f"act{q}"]))
        self.add(w, "centre_", counts, z3.And(cond, z3.Not(w[f"act{q}"])))

    def mask(self, bits: list[Any]) -> Any:
        width = _pw(self.n)
        out: Any = z3.BitVecVal(0, width)
        for p, b in enumerate(bits):
            out = out | z3.If(b, z3.BitVecVal(1 << p, width), z3.BitVecVal(0, width))
        return out

    def ordinary(self, c: Any) -> Any:
        return z3.ULE(c, _cards.SHARK)

    def ends(self, s: State) -> Any:
        """Terminal for this encoding: the game is over, or the last two switched to a 2-player
        game, which other encodings cover."""
        over = s["phase"] == _st.OVER
        return z3.Or(over, s["mode"] != _st.STANDARD) if self.switch else over

    # ------------------------------------------------------------------ init
    def init(self, s: State) -> z3.BoolRef:
        n, per, deck = self.n, self.per, self.deck
        cs: list[Any] = [s["phase"] == _st.TURN, s["step"] == _st.NEW, s["resume"] == _st.R_NONE, s["shuf"] == 0,
                         s["outcome"] == _st.O_NONE, s["winners"] == 0, s["race"] == 0, s["chain"] == 0]
        for p in range(n):
            cs.append(self.sum(self.vec(Sym(dict(s)), f"pile{p}_"), 8) == per)
            cs.append(s[f"size{p}"] == per)
            cs += [s[f"disc{p}_{v}"] == 0 for v in range(KINDS)] + [s[f"aside{p}_{v}"] == 0 for v in range(KINDS)]
            cs += [x == 0 for x in self.tie_vec(s, p)] + [x == 0 for x in self.bad_vec(s, p)]
            cs += [s[f"tab{p}"] == 0, z3.Not(s[f"has{p}"]), s[f"act{p}"]]
            cs += [z3.Not(s[f"{f}{p}"]) for f in ("rep", "bad", "banw", "banb")]
        for v in range(KINDS):
            cs.append(s[f"centre_{v}"] == 0)
            cs.append(self.sum([s[f"pile{p}_{v}"] for p in range(n)] + [s[f"out_{v}"]], 8) == deck[v])
        cs += self.nonnegative(s)
        if self.switch:
            cs.append(s["mode"] == _st.STANDARD)
        # the deal consults the player count (both options deal alike for 3 to 6 players)
        cs += [s[f"used.{rid}"] == (rid == "chomp.player_count") for rid in STD_RULINGS]
        return z3.And(cs)

    # ------------------------------------------------------------------ schedule / end (deferred)
    def schedule(self, w: Sym, r: Any, pc: Any, inp: State) -> None:
        """standard.schedule; ``r`` is R_TURN or R_RACE (BV2). A player who must turn over more
        cards than his pile holds shuffles first (en.outcomes.5); under ``chomp.reshuffle_when =
        when_pile_runs_out`` so does any player in the game whose pile is empty. Either way the
        pile is empty when it is shuffled, so the counts by kind stay exact. After a switch to
        Doble Chomp a player needs two cards (es.doble-chomp.1)."""
        n = self.n
        is_turn = r == _st.R_TURN
        in_replay = z3.Or(w["step"] == _st.REPLAY, w["step"] == _st.TIE_REPLAY)
        doble = w["mode"] == _st.DOBLE_CHOMP if self.switch else z3.BoolVal(False)
        sh = []
        empties = []
        for p in range(n):
            who = z3.And(w[f"act{p}"], z3.Or(z3.Not(in_replay), w[f"rep{p}"]))
            pile_empty = z3.Not(self.pile_any(w, p))
            short = z3.Or(pile_empty, z3.And(doble, w[f"size{p}"] == 1))
            disc = self.any_(w, f"disc{p}_")
            sh.append(z3.And(is_turn, who, disc, short))
            empties.append(z3.And(w[f"act{p}"], pile_empty, disc))
        shuffling = z3.Or(sh)
        early = self.rule("chomp.reshuffle_when", z3.And(pc, z3.Not(shuffling), z3.Or(empties)),
                          inp)("when_pile_runs_out")
        first: Any = _bv(0, self.sel)
        for p, chosen in enumerate(_first_to_shuffle(sh, lambda a, b: self.key_less(w, a, b))):
            first = z3.If(chosen, _bv(p, self.sel), first)
        first_empty: Any = _bv(0, self.sel)
        for p, chosen in enumerate(_first_to_shuffle(empties, lambda a, b: self.key_less(w, a, b))):
            first_empty = z3.If(chosen, _bv(p, self.sel), first_empty)
        runs_out = z3.And(z3.Not(shuffling), z3.Or(empties), early)
        w["shuf"] = z3.If(shuffling, first, z3.If(runs_out, first_empty, _bv(0, self.sel)))
        shuffle = z3.Or(shuffling, runs_out)
        w["resume"] = z3.If(shuffle, r, _bv(_st.R_NONE, 2))
        w["phase"] = z3.If(shuffle, _bv(_st.SHUFFLE, 3), z3.If(is_turn, _bv(_st.TURN, 3), _bv(_st.RACE, 3)))

    def key_less(self, w: Sym, a: int, b: int) -> tuple[Any, Any]:
        """(key_a < key_b, key_a == key_b): ``state.player_key`` of players a and b, who must
        both shuffle (so their piles hold at most one card, and the piles' counts by kind are
        their order); ``winners`` is 0 while the game goes on."""
        return _key_less([
            _multiset_less(self.vec(w, f"pile{a}_"), self.vec(w, f"pile{b}_")),
            _multiset_less(self.vec(w, f"disc{a}_"), self.vec(w, f"disc{b}_")),
            self.table_less(w, a, b),
            _multiset_less(self.vec(w, f"aside{a}_"), self.vec(w, f"aside{b}_")),
            _multiset_less(self.tie_vec(w, a), self.tie_vec(w, b)),
            _multiset_less(self.bad_vec(w, a), self.bad_vec(w, b)),
            *[_bool_less(w[f"{f}{a}"], w[f"{f}{b}"]) for f in ("act", "banw", "banb", "bad", "rep")],
        ])

    def table_less(self, w: Sym, a: int, b: int) -> tuple[Any, Any]:
        """The face-up cards of a and b compared (one card each at most)."""
        return _card_less(w[f"has{a}"], w[f"tab{a}"], w[f"has{b}"], w[f"tab{b}"])

    def clear_round(self, w: Sym) -> None:
        for p in range(self.n):
            w[f"tab{p}"] = _bv(0, CARD_BITS)
            for f in ("has", "rep", "bad", "banw", "banb"):
                w[f"{f}{p}"] = z3.BoolVal(False)
            self.zero(w, f"aside{p}_")
            self.zero(w, f"aside_bad{p}_")
            if self.tie_bucket:
                self.zero(w, f"aside_tie{p}_")
        w["race"] = _bv(0, RACE_BITS)
        w["step"] = _bv(_st.NEW, 3)

    def holdings(self, w: Sym, p: int) -> Any:
        return self.sum([w[f"size{p}"], *self.vec(w, f"disc{p}_")])

    def end_of_round(self, w: Sym, pc: Any, inp: State) -> None:
        """standard.end_of_round: wash out players without cards (en.ending.1); with three or more
        left, the next round; two left: their choice comes next (phase ``TURN``, step
        ``LAST_TWO``: :meth:`last_two`, en.ending.2-3); fewer than two: the game ends (ruling
        ``chomp.fewer_than_two_left``)."""
        n = self.n
        self.clear_round(w)
        before = [w[f"act{p}"] for p in range(n)]
        for p in range(n):
            w[f"act{p}"] = z3.And(w[f"act{p}"], z3.Or(self.pile_any(w, p), self.any_(w, f"disc{p}_")))
        left = [w[f"act{p}"] for p in range(n)]
        count = z3.Sum([z3.If(b, _bv(1, 3), _bv(0, 3)) for b in left])
        three = z3.UGE(count, 3)
        two = count == 2
        fewer = z3.ULT(count, 2)
        w["_sched"] = z3.If(z3.And(pc, three), _bv(_st.R_TURN, 2), w["_sched"])
        # two left: they choose (no shuffle before their choice)
        w["phase"] = z3.If(two, _bv(_st.TURN, 3), w["phase"])
        w["step"] = z3.If(two, _bv(_st.LAST_TWO, 3), w["step"])
        # fewer than two left
        last = self.rule("chomp.fewer_than_two_left", z3.And(pc, fewer), inp)("shared_last_round")
        one_left = count == 1
        centre = self.any_(w, "centre_")
        f_out = z3.If(last, _bv(_st.O_SHARED_LAST, 3),
                      z3.If(one_left, z3.If(centre, _bv(_st.O_LAST_STANDING, 3), _bv(_st.O_COLLECTED_ALL, 3)),
                            _bv(_st.O_DRAW, 3)))
        f_win = z3.If(last, self.mask(before), self.mask(left))
        w["outcome"] = z3.If(fewer, f_out, w["outcome"])
        w["winners"] = z3.If(fewer, f_win, w["winners"])
        w["phase"] = z3.If(fewer, _bv(_st.OVER, 3), w["phase"])
        w["shuf"] = z3.If(fewer, _bv(0, self.sel), w["shuf"])
        w["resume"] = z3.If(fewer, _bv(_st.R_NONE, 2), w["resume"])

    def last_two(self, w: Sym, pc: Any, inp: State) -> None:
        """standard.last_two: the last two players' choice, the input ``choice`` (:data:`CHOICES`).
        0: they count their cards (standard._count): ruling ``chomp.count_declares_winner``
        (``no_winner``: the game ends without a winner), else the one with more cards wins and a
        tie is ruling ``chomp.count_tie``. 1-3: they switch to that 2-player game with the same
        piles and go on (es.dos-jugadores.1), the end of this encoding."""
        n = self.n
        choice = inp["choice"]
        count = choice == 0
        no_winner = self.rule("chomp.count_declares_winner", z3.And(pc, count), inp)("no_winner")
        left = [w[f"act{p}"] for p in range(n)]
        outcome: Any = _bv(_st.O_NONE, 3)
        pw = _pw(n)
        winners: Any = _bv(0, pw)
        tie_pc = []
        for a in range(n):
            for b in range(a + 1, n):
                pair = z3.And([left[q] if q in (a, b) else z3.Not(left[q]) for q in range(n)])
                ha, hb = self.holdings(w, a), self.holdings(w, b)
                tie_pc.append(z3.And(pair, ha == hb))
                win = z3.If(_ugt(ha, hb), _bv(1 << a, pw), _bv(1 << b, pw))
                outcome = z3.If(pair, z3.If(ha == hb, _bv(_st.O_COUNT_TIE, 3), _bv(_st.O_COUNT, 3)), outcome)
                winners = z3.If(pair, z3.If(ha == hb, _bv((1 << a) | (1 << b), pw), win), winners)
        tie = z3.Or(tie_pc)
        shared = self.rule("chomp.count_tie", z3.And(pc, count, z3.Not(no_winner), tie), inp)("shared_win")
        winners = z3.If(z3.Or(no_winner, z3.And(tie, z3.Not(shared))), _bv(0, pw), winners)
        outcome = z3.If(no_winner, _bv(_st.O_COUNT, 3), outcome)
        # a switch: the 2-player game of that mode, a new round (shuffling first if needed),
        # scheduled here rather than with the other steps' (the mode and step are known here)
        switched = w.copy()
        switched["mode"] = choice
        switched["step"] = _bv(_st.NEW, 3)
        self.schedule(switched, _bv(_st.R_TURN, 2), z3.And(pc, z3.Not(count)), inp)
        w.v = merge(count, w, switched).v
        w["outcome"] = z3.If(count, outcome, w["outcome"])
        w["winners"] = z3.If(count, winners, w["winners"])
        w["phase"] = z3.If(count, _bv(_st.OVER, 3), w["phase"])
        w["shuf"] = z3.If(count, _bv(0, self.sel), w["shuf"])
        w["resume"] = z3.If(count, _bv(_st.R_NONE, 2), w["resume"])

    def tie_replay_bucket(self, pc: Any, inp: State) -> Any:
        """standard.set_aside_for_a_tie_replay: whether the cards set aside go with the tie-round
        cards (``chomp.tie_replay_winnings = chompable_only``, consulted on path ``pc``); None where
        the encoding has no tie bucket."""
        chompable = self.rule("chomp.tie_replay_winnings", pc, inp)("chompable_only")
        return chompable if self.tie_bucket else None

    def chained_replay(self, w: Sym, pc: Any, inp: State, tie_bucket: Any = None) -> None:
        """standard.chained_replay: a replay that ends in another replay (path ``pc``) has no winner
        for the cards set aside before it (not a Bad Chomper's): to the centre, or they join the
        next replay's set-aside cards (with the tie-round cards where ``tie_bucket``, a Bool; None:
        never) (``chomp.chained_replay_cards``)."""
        in_replay = z3.Or(w["step"] == _st.REPLAY, w["step"] == _st.TIE_REPLAY)
        chained = z3.And(in_replay, z3.Or([x != 0 for q in range(self.n) for x in self.set_aside(w, q)]))
        join = self.rule("chomp.chained_replay_cards", z3.And(pc, chained), inp)("join_next_replay")
        centre = z3.And(chained, z3.Not(join))
        to_tie = z3.And(chained, join, tie_bucket) if tie_bucket is not None else z3.BoolVal(False)
        to_aside = z3.And(chained, join, z3.Not(to_tie))
        for q in range(self.n):
            self.add(w, "centre_", self.set_aside(w, q), centre)
            if self.tie_bucket:
                aside, ties = self.vec(w, f"aside{q}_"), self.tie_vec(w, q)
                self.add(w, f"aside_tie{q}_", aside, to_tie)
                self.add(w, f"aside{q}_", ties, to_aside)
                self.zero(w, f"aside{q}_", z3.Or(centre, to_tie))
                self.zero(w, f"aside_tie{q}_", z3.Or(centre, to_aside))
            else:
                self.zero(w, f"aside{q}_", centre)

    def set_aside_played(self, w: Sym, p: int, counts: list[Any], tie_bucket: Any) -> None:
        """Player p's face-up cards (``counts``) set aside for a replay (``Work.set_aside_table``):
        a Bad Chomper's with the Bad Chompers' cards, the others with the tie-round cards when
        ``tie_bucket`` (a Bool; None: never) holds, else with the rest."""
        was_bad = w[f"bad{p}"]
        self.add(w, f"aside_bad{p}_", counts, was_bad)
        if tie_bucket is None:
            self.add(w, f"aside{p}_", counts, z3.Not(was_bad))
        else:
            self.add(w, f"aside{p}_", counts, z3.And(z3.Not(was_bad), z3.Not(tie_bucket)))
            self.add(w, f"aside_tie{p}_", counts, z3.And(z3.Not(was_bad), tie_bucket))

    def replay(self, w: Sym, step: int, replay_bits: list[Any], tie_bucket: Any = None) -> None:
        """standard._replay: the table's cards are set aside (:meth:`set_aside_played`); the
        replaying players play again."""
        for p in range(self.n):
            self.set_aside_played(w, p, self.one(w[f"tab{p}"], w[f"has{p}"]), tie_bucket)
            w[f"tab{p}"] = _bv(0, CARD_BITS)
            w[f"has{p}"] = z3.BoolVal(False)
            w[f"rep{p}"] = replay_bits[p]
            for f in ("bad", "banw", "banb"):
                w[f"{f}{p}"] = z3.BoolVal(False)
        w["race"] = _bv(0, RACE_BITS)
        w["step"] = _bv(step, 3)
        w["_sched"] = _bv(_st.R_TURN, 2)

    # ------------------------------------------------------------------ turning over
    def turn_over(self, w: Sym, pc: Any, inp: State) -> None:
        n = self.n
        step = w["step"]
        replay_step = step != _st.NEW
        who = [z3.If(replay_step, z3.And(w[f"rep{p}"], w[f"act{p}"]), w[f"act{p}"]) for p in range(n)]
        empty = [z3.Not(self.pile_any(w, p)) for p in range(n)]
        sitting = [z3.And(who[p], empty[p], replay_step) for p in range(n)]
        washed = self.rule("chomp.replay_no_card", z3.And(pc, z3.Or(sitting)), inp)("washed_up")
        reveal = []
        for p in range(n):
            w[f"act{p}"] = z3.And(w[f"act{p}"], z3.Not(z3.And(sitting[p], washed)))
            rv = z3.And(who[p], z3.Not(empty[p]))
            reveal.append(rv)
            card = self.draw(w, p, z3.And(pc, rv), inp)
            w[f"tab{p}"] = z3.If(rv, card, _bv(0, CARD_BITS))
            w[f"has{p}"] = rv
        nobody = z3.Not(z3.Or(reveal))
        # nobody could play: the set-aside cards
        nb = w.copy()
        pc_nb = z3.And(pc, nobody)
        stay = self.rule("chomp.replay_nobody_can_play", z3.And(pc_nb, replay_step), inp)("stay_in_centre")
        stay = z3.And(replay_step, stay)
        for q in range(n):
            cards = self.set_aside(nb, q)
            self.add(nb, "centre_", cards, stay)
            self.give_back(nb, q, cards, z3.Not(stay))
            self.zero(nb, f"aside{q}_")
        self.bad_cards_to_centre(nb)
        nb["_end"] = z3.BoolVal(True)
        rw = w.copy()
        self.start_race(rw, z3.And(pc, z3.Not(nobody)), inp)
        w.v = merge(nobody, nb, rw).v

    def start_race(self, w: Sym, pc: Any, inp: State) -> None:
        n = self.n
        step = w["step"]
        has = [w[f"has{p}"] for p in range(n)]
        tab = [w[f"tab{p}"] for p in range(n)]
        eel = z3.Or([z3.And(has[p], tab[p] == _cards.EEL) for p in range(n)])
        octo = z3.Or([z3.And(has[p], tab[p] == _cards.OCTOPUS) for p in range(n)])
        in_replay = z3.Or(step == _st.REPLAY, step == _st.TIE_REPLAY)
        flags: Any = z3.If(step == _st.REPLAY, _bv(_st.F_AFTER_INK, RACE_BITS),
                           z3.If(step == _st.TIE_REPLAY, _bv(_st.F_AFTER_TIE, RACE_BITS), _bv(0, RACE_BITS)))
        flags = flags | _st.F_BAD_OK
        pairs = [(p, q) for p in range(n) for q in range(n) if p != q]
        # Feeding Frenzy
        asides = z3.Or([z3.Or([x != 0 for x in self.set_aside(w, q) + self.bad_vec(w, q)]) for q in range(n)])
        cur = self.rule("chomp.eel_in_replay", z3.And(pc, eel, in_replay, asides), inp)("current_cards_only")
        # standard._frenzy_special_relevant: another's Octopus or Eel
        special_rel = z3.Or([z3.And(has[p], has[q], z3.Not(self.ordinary(tab[q]))) for p, q in pairs])
        special_bad = z3.And(special_rel, self.rule("chomp.frenzy_special_cards", z3.And(pc, eel, special_rel),
                                                    inp)("bad_chomp"))
        # standard._frenzy_bad_relevant: a card the same as or higher than the slapper's own
        # creature, or (unless nobody can chomp one) the same Eel or Octopus as his own
        frenzy_rel = z3.Or([z3.And(has[p], has[q], z3.Or(
            z3.And(self.ordinary(tab[p]), self.ordinary(tab[q]), z3.ULE(tab[p], tab[q])),
            z3.And(z3.Not(special_bad), z3.Not(self.ordinary(tab[q])), tab[q] == tab[p]))) for p, q in pairs])
        fb = self.rule("chomp.frenzy_vs_bad_chomp", z3.And(pc, eel, frenzy_rel), inp)("bad_chomp_applies")
        f_frenzy = flags | z3.If(z3.And(in_replay, asides, cur), _bv(_st.F_FRENZY_CURRENT, RACE_BITS),
                                 _bv(0, RACE_BITS)) \
            | z3.If(z3.And(frenzy_rel, fb), _bv(_st.F_FRENZY_BAD, RACE_BITS), _bv(0, RACE_BITS)) \
            | z3.If(special_bad, _bv(_st.F_FRENZY_SPECIAL_BAD, RACE_BITS), _bv(0, RACE_BITS))
        # Ink Out (an Octopus in an Ink Out replay is a ruling point)
        ignored = self.rule("chomp.octopus_in_replay", z3.And(pc, z3.Not(eel), octo, step == _st.REPLAY),
                            inp)("octopus_ignored")
        inkout = z3.And(z3.Not(eel), octo, z3.Not(z3.And(step == _st.REPLAY, ignored)))
        chomp = z3.And(z3.Not(eel), z3.Not(inkout))
        lnl_rel = z3.Or([z3.And(has[p], has[q], has[r], self.ordinary(tab[p]), z3.ULT(tab[q], tab[p]),
                                z3.ULT(tab[r], tab[q]))
                         for p, q in pairs for r in range(n) if r not in (p, q)])
        lnl = self.rule("chomp.lower_not_lowest", z3.And(pc, chomp, lnl_rel), inp)
        f_chomp = flags | z3.If(lnl_rel, z3.If(lnl("bad_chomp"), _bv(_st.F_LNL_BAD, RACE_BITS),
                                               z3.If(lnl("wins_round"), _bv(_st.F_LNL_WIN, RACE_BITS),
                                                     _bv(0, RACE_BITS))), _bv(0, RACE_BITS))
        w["race"] = z3.If(eel, f_frenzy | _st.RK_FRENZY,
                          z3.If(inkout, flags | _st.RK_INKOUT, f_chomp | _st.RK_CHOMP))
        for p in range(n):
            for f in ("bad", "banw", "banb"):
                w[f"{f}{p}"] = z3.BoolVal(False)
        w["_sched"] = _bv(_st.R_RACE, 2)

    # ------------------------------------------------------------------ the race
    def classify(self, w: Sym, p: int, q: int) -> tuple[Any, Any]:
        """(valid, bad) for p's slap on q's card (race.classify for one card each)."""
        race = w["race"]
        kind = race & _st.KIND_MASK
        if p == q:
            return z3.BoolVal(False), z3.BoolVal(True)
        c, t = w[f"tab{p}"], w[f"tab{q}"]
        lowest = z3.And(self.ordinary(t), z3.Not(z3.Or([z3.And(w[f"has{r}"], z3.ULT(w[f"tab{r}"], t))
                                                         for r in range(self.n)])))
        hi = z3.Or(z3.UGT(c, _cards.SHARK), z3.UGE(t, c))
        c_valid = z3.And(z3.Not(hi), z3.Or(lowest, _bit(race, _st.F_LNL_WIN)))
        c_bad = z3.Or(hi, z3.And(z3.Not(lowest), _bit(race, _st.F_LNL_BAD)))
        # a Frenzy's Bad Chomp: an Eel or Octopus where nobody can chomp one (F_FRENZY_SPECIAL_BAD);
        # where kinds 1-2 apply (F_FRENZY_BAD), a creature the same as or higher than his, or the
        # same Eel or Octopus as his (en.bad-chomp.4)
        f_bad = z3.Or(z3.And(_bit(race, _st.F_FRENZY_SPECIAL_BAD), z3.Not(self.ordinary(t))),
                      z3.And(_bit(race, _st.F_FRENZY_BAD), z3.Or(
                          z3.And(self.ordinary(t), self.ordinary(c), z3.UGE(t, c)),
                          z3.And(z3.Not(self.ordinary(t)), t == c))))
        valid = z3.If(kind == _st.RK_CHOMP, c_valid, z3.And(kind == _st.RK_FRENZY, z3.Not(f_bad)))
        bad = z3.If(kind == _st.RK_CHOMP, c_bad, z3.If(kind == _st.RK_FRENZY, f_bad, z3.BoolVal(True)))
        return valid, bad

    def race(self, w: Sym, pc: Any, inp: State) -> Any:
        n = self.n
        act, sp, tg, grp = inp["act"], inp["slapper"], inp["target"], inp["group"]
        cls = {(p, q): self.classify(w, p, q) for p in range(n) for q in range(n)}
        valid_pl = [z3.And(w[f"has{p}"], z3.Not(w[f"banw{p}"]),
                           z3.Or([z3.And(w[f"has{q}"], cls[p, q][0]) for q in range(n) if q != p]))
                    for p in range(n)]
        legal: list[Any] = [act == S_NOBODY]
        me = [sp == p for p in range(n)]
        valid = z3.Or([z3.And(me[p], tg == q, cls[p, q][0]) for p in range(n) for q in range(n)])
        for p in range(n):
            for q in range(n):
                v, b = cls[p, q]
                legal.append(z3.And(act == S_SLAP, me[p], tg == q, w[f"has{p}"], w[f"has{q}"],
                                    z3.Or(z3.And(v, z3.Not(w[f"banw{p}"])), z3.And(b, z3.Not(w[f"banb{p}"])))))
        # one slap: the slapper is the input ``slapper`` (one symbolic branch, not one per player)
        slap = act == S_SLAP
        win = w.copy()
        self.win(win, me, z3.And(pc, slap, valid), inp)
        bad = w.copy()
        was_valid = z3.Or([z3.And(me[p], valid_pl[p]) for p in range(n)])
        self.bad_chomp(bad, me, was_valid, z3.And(pc, slap, z3.Not(valid)), inp)
        results: list[tuple[Any, Sym]] = [(slap, merge(valid, win, bad))]
        # a tie of a group of valid slappers
        bits = [(grp & (1 << p)) != 0 for p in range(n)]
        size = z3.Sum([z3.If(b, _bv(1, 3), _bv(0, 3)) for b in bits])
        in_range = z3.BoolVal(True) if n == _pw(n) else z3.ULT(grp, 1 << n)
        legal.append(z3.And(act == S_TIE, z3.UGE(size, 2), in_range,
                            *[z3.Implies(bits[p], valid_pl[p]) for p in range(n)]))
        tie = w.copy()
        pc_tie = z3.And(pc, act == S_TIE)
        bucket = self.tie_replay_bucket(pc_tie, inp)
        tied = self.rule("chomp.tie_replay_players", pc_tie, inp)("tied_only")
        self.chained_replay(tie, pc_tie, inp, bucket)
        self.replay(tie, _st.TIE_REPLAY, [z3.If(tied, bits[p], tie[f"act{p}"]) for p in range(n)], bucket)
        results.append((act == S_TIE, tie))
        # nobody slaps
        pc_nb = z3.And(pc, act == S_NOBODY)
        ink = (w["race"] & _st.KIND_MASK) == _st.RK_INKOUT
        ink_w = w.copy()
        self.chained_replay(ink_w, z3.And(pc_nb, ink), inp)
        self.replay(ink_w, _st.REPLAY, [ink_w[f"act{p}"] for p in range(n)])
        anyone = z3.Or(valid_pl)
        o1 = self.rule("chomp.nobody_slaps", z3.And(pc_nb, z3.Not(ink), anyone), inp)
        o2 = self.rule("chomp.nobody_can_chomp", z3.And(pc_nb, z3.Not(ink), z3.Not(anyone)), inp)
        like_tie = z3.And(z3.Not(anyone), o2("replay_like_tie"))
        centre = z3.If(anyone, o1("stay_in_centre"), o2("stay_in_centre"))
        lt = w.copy()  # (as after a tie: standard.set_aside_for_a_tie_replay)
        lt_bucket = self.tie_replay_bucket(z3.And(pc_nb, z3.Not(ink), like_tie), inp)
        self.chained_replay(lt, z3.And(pc_nb, z3.Not(ink), like_tie), inp, lt_bucket)
        self.replay(lt, _st.TIE_REPLAY, [lt[f"act{p}"] for p in range(n)], lt_bucket)
        nb = w.copy()
        for q in range(n):
            cards = self.one(nb[f"tab{q}"], nb[f"has{q}"])
            aside = self.set_aside(nb, q)
            cards = [cards[v] + aside[v] for v in range(KINDS)]
            to_c = z3.Or(centre, nb[f"bad{q}"])
            self.add(nb, "centre_", cards, to_c)
            self.give_back(nb, q, cards, z3.Not(to_c))
        self.bad_cards_to_centre(nb)
        nb["_end"] = z3.BoolVal(True)
        results.append((act == S_NOBODY, merge(ink, ink_w, merge(like_tie, lt, nb))))
        out = results[-1][1]
        for cond, st in reversed(results[:-1]):
            out = merge(cond, st, out)
        w.v = out.v
        w["_inkout"] = z3.And(act == S_NOBODY, ink)
        return z3.Or(legal)

    def bad_chomp(self, w: Sym, me: list[Any], was_valid: Any, pc: Any, inp: State) -> None:
        """standard.bad_chomp by the slapper (``me[p]``: p is the slapper): a penalty card from the
        top of his pile to the centre (en.bad-chomp.7), or a shuffle first, or no penalty."""
        again = self.rule("chomp.bad_chomp_again", pc, inp)("any_number")
        not_win = self.rule("chomp.bad_chomper_may_win", z3.And(pc, was_valid), inp)("may_not_win")
        has_pile = z3.Or([z3.And(me[p], self.pile_any(w, p)) for p in range(self.n)])
        disc = z3.Or([z3.And(me[p], self.any_(w, f"disc{p}_")) for p in range(self.n)])
        card: Any = _bv(0, CARD_BITS)
        for p in range(self.n):
            w[f"bad{p}"] = z3.Or(w[f"bad{p}"], me[p])
            w[f"banb{p}"] = z3.Or(w[f"banb{p}"], z3.And(me[p], z3.Not(again)))
            w[f"banw{p}"] = z3.Or(w[f"banw{p}"], z3.And(me[p], was_valid, not_win))
            card = z3.If(me[p], self.draw(w, p, z3.And(pc, me[p], has_pile), inp), card)
        self.add(w, "centre_", self.one(card), has_pile)
        nopen = self.rule("chomp.bad_chomp_no_card", z3.And(pc, z3.Not(has_pile), disc), inp)("no_penalty")
        to_shuffle = z3.And(z3.Not(has_pile), disc, z3.Not(nopen))
        who: Any = _bv(0, self.sel)
        for p in range(self.n):
            who = z3.If(me[p], _bv(p, self.sel), who)
        w["phase"] = z3.If(to_shuffle, _bv(_st.SHUFFLE, 3), w["phase"])
        w["shuf"] = z3.If(to_shuffle, who, w["shuf"])
        w["resume"] = z3.If(to_shuffle, _bv(_st.R_PENALTY, 2), w["resume"])
        w["_sched"] = z3.If(to_shuffle, _bv(0, 2), _bv(_st.R_RACE, 2))

    def win(self, w: Sym, me: list[Any], pc: Any, inp: State) -> None:
        """standard.win for the slapper (``me[p]``: p is the slapper): a Feeding Frenzy takes
        everything (en.feeding-frenzy.3), an ordinary chomp what his card can chomp
        (en.gameplay.3-4, en.bad-chomp.8, en.ink-out.4-5, en.tie.3)."""
        n = self.n
        race = w["race"]
        frenzy = (race & _st.KIND_MASK) == _st.RK_FRENZY
        taken = self.vec(w, "centre_")
        self.zero(w, "centre_")
        c: Any = _bv(0, CARD_BITS)
        for p in range(n):
            c = z3.If(me[p], w[f"tab{p}"], c)
        current = _bit(race, _st.F_FRENZY_CURRENT)
        both_pc = [z3.And(z3.Not(me[q]), z3.Not(frenzy), w[f"has{q}"], z3.Not(z3.ULT(w[f"tab{q}"], c)),
                          w[f"bad{q}"]) for q in range(n)]
        both = self.rule("chomp.bad_chomp_both_cards", z3.And(pc, z3.Or(both_pc)), inp)("winner_takes_both")
        give: list[list[Any]] = []
        keep_aside = z3.And(frenzy, current)
        for q in range(n):
            card = self.one(w[f"tab{q}"], w[f"has{q}"])
            take_card = z3.Or(me[q], frenzy, z3.ULT(w[f"tab{q}"], c), z3.And(w[f"bad{q}"], both))
            aside = self.vec(w, f"aside{q}_")
            taken = [taken[v] + z3.If(take_card, card[v], self.k(0)) + z3.If(keep_aside, self.k(0), aside[v])
                     + w[f"aside_bad{q}_{v}"] for v in range(KINDS)]  # (a Bad Chomper's: en.bad-chomp.8)
            self.zero(w, f"aside_bad{q}_")
            give.append([z3.If(take_card, self.k(0), card[v]) + z3.If(keep_aside, aside[v], self.k(0))
                         for v in range(KINDS)])
            if self.tie_bucket:  # en.tie.4-5: of the tie round's cards, what the winner can chomp
                ties = self.tie_vec(w, q)
                take_tie = [z3.And(z3.Not(keep_aside), z3.Or(frenzy, me[q], z3.ULT(_bv(v, CARD_BITS), c)))
                            for v in range(KINDS)]
                taken = [taken[v] + z3.If(take_tie[v], ties[v], self.k(0)) for v in range(KINDS)]
                give[q] = [give[q][v] + z3.If(take_tie[v], self.k(0), ties[v]) for v in range(KINDS)]
        # standard.reclaim: a card of an Ink Out's replay, or of the tie round, that the winner
        # can't chomp is reclaimed by its owner (chomp.reclaimed_cards: to his discard pile, the
        # one option covered: the piles are counts by kind, their order unseen)
        after_ink = _bit(race, _st.F_AFTER_INK)
        reclaims: list[Any] = []
        for q in range(n):
            mine_back = z3.Not(z3.Or(me[q], frenzy, z3.ULT(w[f"tab{q}"], c)))  # his face-up card not taken
            reclaims.append(z3.And(w[f"act{q}"], after_ink, w[f"has{q}"], mine_back, z3.Not(w[f"bad{q}"])))
            if self.tie_bucket:  # a card of the tie round the winner can't chomp
                reclaims += [z3.And(w[f"act{q}"], z3.Not(frenzy), z3.Not(me[q]), z3.Not(z3.ULT(_bv(v, CARD_BITS), c)),
                                    self.tie_vec(w, q)[v] != self.k(0)) for v in range(KINDS)]
        self.rule("chomp.reclaimed_cards", z3.And(pc, z3.Or(reclaims)), inp)
        for q in range(n):
            self.give_back(w, q, give[q])
            self.add(w, f"disc{q}_", taken, me[q])
        w["_end"] = z3.BoolVal(True)

    # ------------------------------------------------------------------ shuffle
    def shuffle(self, w: Sym, pc: Any, inp: State) -> None:
        """standard.shuffle: the discard pile becomes the (empty) pile; a pending penalty card."""
        penalty = w["resume"] == _st.R_PENALTY
        for p in range(self.n):
            mine = w["shuf"] == p
            w[f"size{p}"] = z3.If(mine, w[f"size{p}"] + self.sum(self.vec(w, f"disc{p}_")), w[f"size{p}"])
            for v in range(KINDS):
                w[f"pile{p}_{v}"] = z3.If(mine, w[f"pile{p}_{v}"] + w[f"disc{p}_{v}"], w[f"pile{p}_{v}"])
                w[f"disc{p}_{v}"] = z3.If(mine, self.k(0), w[f"disc{p}_{v}"])
            card = self.draw(w, p, z3.And(pc, mine, penalty), inp)
            self.add(w, "centre_", self.one(card), z3.And(mine, penalty))
        w["_sched"] = z3.If(penalty, _bv(_st.R_RACE, 2), w["resume"])

    # ------------------------------------------------------------------ trans
    def next_state(self, s: State, inp: State) -> tuple[Sym, Any]:
        """One engine step from ``s`` with the inputs ``inp``, every branch merged: the next
        state's values (with the ruling points consulted) and whether the race input is a legal
        race outcome. :meth:`trans` adds which actions are legal in which phase."""
        self.used = {rid: z3.BoolVal(False) for rid in self.covered}
        self.legal = []
        w = Sym(dict(s))
        w["_end"] = z3.BoolVal(False)
        w["_sched"] = _bv(0, 2)
        w["_inkout"] = z3.BoolVal(False)
        phase = s["phase"]
        # a step is only ever taken in the standard game (trans: after a switch to a 2-player game
        # this encoding has none), so the mode before it is the standard game's: a constant, so
        # that the solver need not find out from the step's legality
        w["mode"] = _bv(_st.STANDARD, 2)
        # (phase TURN) the last two's choice, not a turn-over: only in the standard game
        choosing = s["step"] == _st.LAST_TWO if self.switch else z3.BoolVal(False)
        tw = w.copy()
        self.turn_over(tw, z3.And(phase == _st.TURN, z3.Not(choosing)), inp)
        if self.switch:
            lw = w.copy()
            self.last_two(lw, z3.And(phase == _st.TURN, choosing), inp)
            tw = merge(choosing, lw, tw)
        sw = w.copy()
        self.shuffle(sw, phase == _st.SHUFFLE, inp)
        rw = w.copy()
        race_legal = self.race(rw, phase == _st.RACE, inp)
        nxt = merge(phase == _st.TURN, tw, merge(phase == _st.SHUFFLE, sw, rw))
        ended = nxt.copy()
        self.end_of_round(ended, nxt["_end"], inp)
        nxt = merge(nxt["_end"], ended, nxt)
        sched = nxt["_sched"]
        sc = nxt.copy()
        self.schedule(sc, sched, sched != 0, inp)
        nxt = merge(sched != 0, sc, nxt)
        chain = z3.If(nxt["_inkout"], z3.If(_bit(s["race"], _st.F_AFTER_INK), s["chain"] + 1, _bv(1)),
                      z3.If(z3.Or(nxt["step"] == _st.NEW, nxt["step"] == _st.LAST_TWO), _bv(0), s["chain"]))
        nxt["chain"] = chain
        for rid in self.covered:
            nxt[f"used.{rid}"] = self.used[rid]
        return nxt, race_legal

    def trans(self, s: State, inp: State, t: State) -> z3.BoolRef:
        nxt, race_legal = self.next_state(s, inp)
        phase, act = s["phase"], inp["act"]
        choosing = s["step"] == _st.LAST_TWO
        legal = z3.Or(
            z3.And(phase == _st.TURN, z3.Not(choosing), act == S_TURN),
            z3.And(phase == _st.TURN, choosing, act == S_LAST_TWO),
            z3.And(phase == _st.SHUFFLE, act == S_SHUFFLE),
            z3.And(phase == _st.RACE, race_legal),
        )
        if self.switch:  # after a switch to a 2-player game this encoding has no step
            legal = z3.And(legal, s["mode"] == _st.STANDARD)
        opt_ok = [z3.ULT(inp[f"opt.{rid}"], len(options)) for rid, options in STD_RULINGS.items()
                  if f"opt.{rid}" in inp and z3.is_bv(inp[f"opt.{rid}"]) and len(options) < 4]
        eqs = [t[k] == nxt.v[k] for k in t]
        return z3.And(legal, *self.legal, *opt_ok, *eqs)
