"""Z3 encodings of the Spanish edition's other 2-player games on the full 50-card deck, step for
step with the engine: Chomp rápido (es.chomp-rapido.1-4) and Doble Chomp (es.doble-chomp.1-3).

Chomp rápido is Underwater War (:class:`.chomp_encoding._UW`: the same turn-over, war, Octopus
and Eel) in which two different creatures start a slap race for the card lower on the food
chain, whoever turned it over (es.chomp-rapido.2), instead of "the higher card wins"; after a war
or an Octopus the ruling ``chomp.rapido_after_war`` decides which of the two applies. The state
is Underwater War's (piles in order, so ``chomp.two_player_won_cards = bottom_of_pile`` is
exact); the race kind is not a variable: a race with an Eel on the table is the Eel race, any
other race is the rápido race (the engine's ``race`` kind, :func:`.decode.abstract_chomp`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import z3

from rulecheck.check.symbolic.chomp_encoding import (
    _UW,
    CARD_BITS,
    CW,
    EEL,
    KINDS,
    KW,
    NEXT_CARD,
    R_RACE,
    RACE,
    RACE_BITS,
    UW_RULINGS,
    WAR,
    ChompEncoding,
    Sym,
    _bit,
    _bv,
    _cells_less,
    _check_counts,
    _first_to_shuffle,
    _sel,
    _Std,
    _uge,
    _ule,
    _ult,
    _used,
    covered_rulings,
    merge,
    phase_case_split,
    two_player_encoding,
)
from rulecheck.check.symbolic.system import State, TransitionSystem
from rulecheck.core.errors import InvalidConfigError
from rulecheck.core.rulings import Ruleset, load_ruleset
from rulecheck.games.chomp import cards as _cards
from rulecheck.games.chomp import state as _st

__all__ = ["DOBLE_RULINGS", "D_ACTS", "RAPIDO_RULINGS", "chomp_rapido", "doble_chomp"]

SEL = _sel(2)  # bits of a player index in the 2-player encodings

RAPIDO_RULINGS: Mapping[str, tuple[str, ...]] = {
    **{rid: options for rid, options in UW_RULINGS.items() if rid != "chomp.eel_race_tie"},
    **covered_rulings(("chomp.rapido_after_war", "chomp.rapido_own_card")),
}
"""The ruling points Chomp rápido consults (Underwater War's but ``chomp.eel_race_tie``, and two of
its own), with the options the encoding covers: all of them but ``chomp.reshuffle_when =
when_pile_runs_out``."""


def chomp_rapido(ruleset: Ruleset | str | Mapping[str, object] = "recommended", *,
                 counts: str = "bv") -> ChompEncoding:
    """The Chomp rápido encoding for ``ruleset`` (the full deck, 2 players); ``counts="int"``:
    the piles as counts (see :func:`.chomp_encoding.two_player_encoding`)."""
    enc = two_player_encoding("chomp-rapido", RAPIDO_RULINGS, _Rapido, ruleset, counts=counts)
    enc.targets["rapido-race"] = (
        "a Chomp rápido slap race for the lower card (es.chomp-rapido.2)",
        lambda s: z3.And(s["phase"] == RACE, s["tab0"] != EEL, s["tab1"] != EEL))
    return enc


class _Rapido(_UW):
    """Underwater War with the rápido race (two_player._compare, mode CHOMP_RAPIDO)."""

    def unequal(self, w: Sym, pc: Any, inp: State) -> Sym:
        """Two different creatures: after a war or an Octopus, ruling ``chomp.rapido_after_war``
        (``higher_wins``: as in Underwater War); otherwise, or under ``race_again``, both race to
        slap the lower card (es.chomp-rapido.2, es.dos-jugadores.2)."""
        after = z3.Or(w["step"] == WAR, w["step"] == NEXT_CARD)
        again = self.opt1(self.rule(w, "chomp.rapido_after_war", z3.And(pc, after), inp))
        higher_wins = z3.And(after, z3.Not(again))
        higher = super().unequal(w, z3.And(pc, higher_wins), inp)
        race = w.copy()
        pc_race = z3.And(pc, z3.Not(higher_wins))
        not_apply = self.opt1(self.rule(race, "chomp.two_player_bad_chomps", pc_race, inp))
        own_bad = self.opt1(self.rule(race, "chomp.rapido_own_card", pc_race, inp))
        race["f_bad"] = z3.Not(not_apply)
        race["f_own"] = z3.Not(own_bad)
        race["f_wrong"] = z3.BoolVal(False)  # (an Eel race's flag)
        for p in range(2):
            for f in ("bad", "banw", "banb"):
                race[f"{f}{p}"] = z3.BoolVal(False)
        self.schedule(race, R_RACE, pc_race, inp)
        return merge(higher_wins, higher, race)

    def slap_valid(self, w: Sym, p: int, is_own: bool) -> Any:
        """race.classify: with an Eel on the table, the Eel race; otherwise the rápido race, where
        the lower of the two (different) creatures is the one to slap; his own only under
        ``chomp.rapido_own_card = allowed`` (``f_own``)."""
        eel = z3.Or(w["tab0"] == EEL, w["tab1"] == EEL)
        mine, other = w[f"tab{p}"], w[f"tab{1 - p}"]
        rapido = z3.And(z3.ULT(mine, other), w["f_own"]) if is_own else z3.ULT(other, mine)
        return z3.If(eel, super().slap_valid(w, p, is_own), rapido)

    def slap_offered(self, w: Sym, p: int, is_own: bool) -> Any:
        """race.classify: in the rápido race every slap that is not valid is a Bad Chomp (his own
        card, or a card that is not the lower one); in the Eel race as in Underwater War."""
        eel = z3.Or(w["tab0"] == EEL, w["tab1"] == EEL)
        return z3.If(eel, super().slap_offered(w, p, is_own), z3.BoolVal(True))


# =========================================================================== Doble Chomp
#
# Doble Chomp plays its rounds with the 3+ player machinery ("as in the normal game",
# es.doble-chomp.3): two cards each, the race for the lowest card, Feeding Frenzy, Ink Out and
# tie replays. The encoding extends the standard game's (:class:`.chomp_encoding._Std`: piles
# as counts by kind with symbolic draws, the Bad Chomp and the shuffle) with two face-up cards
# per player and the 2-player end of round.

DOBLE_RULINGS: Mapping[str, tuple[str, ...]] = covered_rulings(
    (
        "chomp.reshuffle_when",
        "chomp.doble_short",
        "chomp.doble_replay_cards",
        "chomp.replay_no_card",
        "chomp.replay_nobody_can_play",
        "chomp.two_player_bad_chomps",
        "chomp.eel_in_replay",
        "chomp.frenzy_vs_bad_chomp",
        "chomp.frenzy_special_cards",
        "chomp.octopus_in_replay",
        "chomp.doble_lowest_yours",
        "chomp.lower_not_lowest",
        "chomp.doble_which_card",
        "chomp.bad_chomp_again",
        "chomp.bad_chomper_may_win",
        "chomp.bad_chomp_no_card",
        "chomp.tie_replay_winnings",
        "chomp.tie_replay_players",
        "chomp.chained_replay_cards",
        "chomp.doble_replay_winnings",
        "chomp.bad_chomp_both_cards",
        "chomp.nobody_slaps",
        "chomp.nobody_can_chomp",
        "chomp.two_player_won_cards",
        "chomp.fewer_than_two_left",
        "chomp.reclaimed_cards",
    ),
    not_covered={
        "chomp.reshuffle_when": ("when_pile_runs_out",),
        "chomp.nobody_slaps": ("replay_like_tie",),
        "chomp.two_player_won_cards": ("bottom_of_pile",),
        "chomp.reclaimed_cards": ("bottom_of_pile",),
    },
)
"""The ruling points Doble Chomp consults, with the options the encoding covers. Not covered:
``chomp.two_player_won_cards = bottom_of_pile`` (won cards under the pile in a fixed order: the
piles here are counts by kind, exact only while a pile's order is never seen before its cards
are turned over) and ``chomp.reshuffle_when = when_pile_runs_out``. Under
``chomp.tie_replay_winnings = chompable_only`` (or open) the tie round's set-aside cards are kept
apart (``aside_tie``), as in the standard encoding: of those the replay's winner takes only what one
of her cards can chomp (standard.spoils_for)."""

D_ACTS = ("turn_over", "shuffle", "nobody_slaps", "slap", "tie")
"""The Doble encoding's ``act`` input, by index (the engine's action names)."""
D_TURN, D_SHUFFLE, D_NOBODY, D_SLAP, D_TIE = range(5)


def doble_chomp(ruleset: Ruleset | str | Mapping[str, object] = "recommended", *, counts: str = "bv") -> ChompEncoding:
    """The Doble Chomp encoding for ``ruleset`` (the full deck, 2 players), step for step with
    :mod:`rulecheck.games.chomp.standard` in mode ``doble-chomp``.

    State (per player ``p``; counts by kind ``v`` in 4 bits, as in the standard encoding: at
    most 11 cards of a kind): ``pile{p}_{v}`` and ``size{p}`` (6 bits; the pile as counts, as in
    the standard encoding), ``disc{p}_{v}``, ``aside{p}_{v}`` (the engine's ``aside`` and
    ``aside_tie`` together), ``aside_bad{p}_{v}`` (the engine's ``aside_bad``),
    ``lo{p}``/``hi{p}``/``cnt{p}`` (the face-up cards,
    sorted, and how many: 0, 1 or 2), ``act``/``rep``/``bad``/``banw``/``banb`` (the engine's
    masks), ``centre_{v}``; ``phase``, ``step``, ``resume``, ``shuf``, ``race`` (the engine's race
    kind and flags bit for bit), ``outcome``, ``winners``, ``chain`` (consecutive Ink Out replays in
    this round) and ``used.<ruling id>``. Inputs: ``act``, ``slapper``, ``own`` and ``which`` (the
    owner's lower or higher card), the drawn cards ``draw{p}``/``draw{p}x`` and open options.
    ``counts = "int"``: counts and sizes as integers, the encoding invariants are proved on (see
    :func:`.chomp_encoding.standard_game`).
    """
    _check_counts(counts)
    rs = ruleset if isinstance(ruleset, Ruleset) else load_ruleset("chomp", ruleset)
    options = _covered_options("doble-chomp", DOBLE_RULINGS, rs)
    open_rulings = tuple(r for r, o in options.items() if o is None and len(DOBLE_RULINGS[r]) > 1)
    enc = _Doble(options, ints=counts == "int")
    bv = z3.BitVecSort
    num = enc.count_sort
    variables: list[tuple[str, z3.SortRef]] = [
        ("phase", bv(3)), ("step", bv(3)), ("resume", bv(2)), ("shuf", bv(SEL)), ("outcome", bv(3)),
        ("winners", bv(4)), ("race", bv(RACE_BITS)), ("chain", bv(CW))]
    for p in range(2):
        for v in range(KINDS):
            variables += [(f"pile{p}_{v}", num(KW)), (f"disc{p}_{v}", num(KW)), (f"aside{p}_{v}", num(KW)),
                          (f"aside_bad{p}_{v}", num(KW))]
        variables += [(f"lo{p}", bv(CARD_BITS)), (f"hi{p}", bv(CARD_BITS)), (f"cnt{p}", bv(2)), (f"size{p}", num(CW))]
        variables += [(f"{flag}{p}", z3.BoolSort()) for flag in ("act", "rep", "bad", "banw", "banb", "keep")]
        variables.append((f"first{p}", bv(CARD_BITS)))
    variables += [(f"centre_{v}", num(KW)) for v in range(KINDS)]
    if enc.tie_bucket:
        variables += [(f"aside_tie{p}_{v}", num(KW)) for p in range(2) for v in range(KINDS)]
    variables += [(f"used.{rid}", z3.BoolSort()) for rid in DOBLE_RULINGS]
    inputs: list[tuple[str, z3.SortRef]] = [("act", bv(3)), ("slapper", bv(SEL)), ("own", z3.BoolSort()),
                                            ("which", z3.BoolSort())]
    inputs += [(f"draw{p}{x}", bv(CARD_BITS)) for p in range(2) for x in ("", "x")]
    inputs += [(f"opt.{rid}", z3.BoolSort() if len(DOBLE_RULINGS[rid]) == 2 else bv(2)) for rid in open_rulings]
    system = TransitionSystem(
        name="chomp/doble-chomp" + ("/int-counts" if enc.ints else ""), variables=tuple(variables),
        inputs=tuple(inputs), init=enc.init,
        trans=enc.trans, enabled=lambda s: s["phase"] != _st.OVER, terminal=lambda s: s["phase"] == _st.OVER,
        description=doble_chomp.__doc__ or "",
        meta={"logic": None if enc.ints else "QF_BV", "game": "chomp", "variant": "doble-chomp", "players": 2,
              "counts": counts, "tie_bucket": enc.tie_bucket})
    out = ChompEncoding("doble-chomp", 2, rs, options, system, tuple(DOBLE_RULINGS),
                        case_split=phase_case_split({D_SLAP: ("slapper", "own", "which")}), counts=counts)
    if not enc.ints:
        out.int_counts = lambda: doble_chomp(rs, counts="int")
    for rid in DOBLE_RULINGS:
        out.targets[f"ruling:{rid}"] = (f"reach ruling point {rid}", _used(rid))
    kind = lambda s: s["race"] & _st.KIND_MASK  # noqa: E731
    out.targets["over"] = ("the game ends", lambda s: s["phase"] == _st.OVER)
    out.targets["ink-out"] = ("an Ink Out", lambda s: kind(s) == _st.RK_INKOUT)
    out.targets["feeding-frenzy"] = ("a Feeding Frenzy", lambda s: kind(s) == _st.RK_FRENZY)
    out.targets["unable-to-play"] = (
        "a player must turn over two cards but has fewer (rulings chomp.doble_short, chomp.replay_no_card)",
        lambda s: z3.And(s["phase"] == _st.TURN, z3.Or([z3.And(s[f"act{p}"], z3.Or(s["step"] == _st.NEW, s[f"rep{p}"]),
                                                               _ult(s[f"size{p}"], 2)) for p in range(2)])))
    out.invariants["phase-has-moves"] = (
        "every state is terminal or has a legal action: a turn-over, a race (nobody_slaps is always an "
        "outcome), or a shuffle of a player whose discard pile is not empty",
        lambda s: z3.Or(s["phase"] == _st.TURN, s["phase"] == _st.RACE, s["phase"] == _st.OVER,
                        z3.And(s["phase"] == _st.SHUFFLE, z3.Or([z3.And(s["shuf"] == p, z3.Or(
                            [s[f"disc{p}_{v}"] != 0 for v in range(KINDS)])) for p in range(2)]))))
    out.invariants["collector-wins"] = (
        "a player who collected all of the cards has won (en.object.2)",
        lambda s: z3.And([z3.Implies(z3.And(s["phase"] == _st.OVER,
                                            enc.sum([s[f"size{p}"], *enc.vec(s, f"disc{p}_")], 8) == 50),
                                     (s["winners"] & (1 << p)) != 0) for p in range(2)]))
    out.invariants["cards-conserved"] = ("every card of each kind is in exactly one place", enc.conserved)
    return out


def _covered_options(variant: str, rulings: Mapping[str, tuple[str, ...]], rs: Ruleset) -> dict[str, str | None]:
    options: dict[str, str | None] = {}
    for rid, covered in rulings.items():
        opt = rs.choices.get(rid)
        if opt is not None and opt not in covered:
            raise InvalidConfigError(
                f"the {variant} encoding does not cover {rid} = {opt} (covers {', '.join(covered)})")
        options[rid] = opt
    return options


class _Doble(_Std):
    """Doble Chomp's transition relation, written like :mod:`rulecheck.games.chomp.standard`
    (mode ``doble-chomp``) with symbolic branches merged."""

    def __init__(self, options: Mapping[str, str | None], *, ints: bool = False) -> None:
        # the tie round's set-aside cards apart only when chomp.tie_replay_winnings may be
        # chompable_only, and no switch to another game (the standard encoding's optional state)
        super().__init__(2, 25, _cards.DECKS["full"], options, switch=False, ints=ints)
        self.covered = DOBLE_RULINGS

    # ------------------------------------------------------------------ the table
    def cards(self, w: Sym, p: int) -> list[tuple[Any, Any]]:
        """p's face-up cards as (present, card) pairs: the lower and the higher."""
        return [(z3.UGE(w[f"cnt{p}"], 1), w[f"lo{p}"]), (w[f"cnt{p}"] == 2, w[f"hi{p}"])]

    def table_counts(self, w: Sym, p: int) -> list[Any]:
        (h0, c0), (h1, c1) = self.cards(w, p)
        a, b = self.one(c0, h0), self.one(c1, h1)
        return [a[v] + b[v] for v in range(KINDS)]

    def table_less(self, w: Sym, a: int, b: int) -> tuple[Any, Any]:
        """The face-up cards of a and b compared (two each at most, the lower first)."""
        return _cells_less([w[f"lo{a}"], w[f"hi{a}"]], w[f"cnt{a}"], [w[f"lo{b}"], w[f"hi{b}"]], w[f"cnt{b}"])

    def clear_table(self, w: Sym) -> None:
        for p in range(2):
            w[f"lo{p}"] = _bv(0, CARD_BITS)
            w[f"hi{p}"] = _bv(0, CARD_BITS)
            w[f"cnt{p}"] = z3.BitVecVal(0, 2)

    def lowest(self, w: Sym) -> tuple[Any, Any]:
        """(some creature is face up, the lowest creature face up) (race.lowest)."""
        present = [(h, c) for p in range(2) for h, c in self.cards(w, p)]
        low: Any = _bv(7, CARD_BITS)
        for h, c in present:
            low = z3.If(z3.And(h, self.ordinary(c), z3.ULT(c, low)), c, low)
        return z3.Or([z3.And(h, self.ordinary(c)) for h, c in present]), low

    def mine(self, w: Sym, p: int) -> tuple[Any, Any]:
        """(p has a creature face up, the highest of them) (race.highest_creature: the Frenzy's
        Bad Chomp test, and whether a card not the lowest is one he can chomp)."""
        (h0, c0), (h1, c1) = self.cards(w, p)
        hi_ok = z3.And(h1, self.ordinary(c1))
        lo_ok = z3.And(h0, self.ordinary(c0))
        return z3.Or(hi_ok, lo_ok), z3.If(hi_ok, c1, c0)

    # ------------------------------------------------------------------ schedule and the end
    def schedule(self, w: Sym, r: Any, pc: Any, inp: State) -> None:
        """standard.schedule: a player who must turn over two cards (one in a war: none here) and
        has fewer in his pile shuffles his discard pile first (``reshuffle_when = when_needed``)."""
        is_turn = r == _st.R_TURN
        in_replay = z3.Or(w["step"] == _st.REPLAY, w["step"] == _st.TIE_REPLAY)
        who = [z3.And(w[f"act{p}"], z3.Or(z3.Not(in_replay), w[f"rep{p}"])) for p in range(2)]
        # standard.needs: in a replay, one card each under chomp.doble_replay_cards = one_card, asked
        # where a player who plays has a pile of one card
        ones = z3.And(is_turn, in_replay, z3.Or([z3.And(who[p], w[f"size{p}"] == 1) for p in range(2)]))
        one = z3.And(ones, self.rule("chomp.doble_replay_cards", z3.And(pc, ones),
                                     inp)("one_card"))
        sh, empties = [], []
        for p in range(2):
            disc = self.any_(w, f"disc{p}_")
            sh.append(z3.And(is_turn, who[p], disc, z3.If(one, w[f"size{p}"] == 0, _ult(w[f"size{p}"], 2))))
            empties.append(z3.And(w[f"act{p}"], w[f"size{p}"] == 0, disc))
        shuffling = z3.Or(sh)
        self.rule("chomp.reshuffle_when", z3.And(pc, z3.Not(shuffling), z3.Or(empties)), inp)
        second = _first_to_shuffle(sh, lambda a, b: self.key_less(w, a, b))[1]
        w["shuf"] = z3.If(second, _bv(1, SEL), _bv(0, SEL))
        w["resume"] = z3.If(shuffling, r, _bv(_st.R_NONE, 2))
        w["phase"] = z3.If(shuffling, _bv(_st.SHUFFLE, 3), z3.If(is_turn, _bv(_st.TURN, 3), _bv(_st.RACE, 3)))

    def clear_round(self, w: Sym) -> None:
        self.clear_table(w)
        for p in range(2):
            for f in ("rep", "bad", "banw", "banb"):
                w[f"{f}{p}"] = z3.BoolVal(False)
            self.zero(w, f"aside{p}_")
            self.zero(w, f"aside_bad{p}_")
            if self.tie_bucket:
                self.zero(w, f"aside_tie{p}_")
        w["race"] = _bv(0, RACE_BITS)
        w["step"] = _bv(_st.NEW, 3)

    def end_of_round(self, w: Sym, pc: Any, inp: State) -> None:
        """standard.end_of_round -> two_player.end_of_round: the game goes on while both players
        in it hold cards (es.dos-jugadores.1). Both in the game, one or neither holding cards,
        with cards in the centre or neither holding any: ruling ``chomp.fewer_than_two_left``
        (``shared_last_round``: both win)."""
        self.clear_round(w)
        act = [w[f"act{p}"] for p in range(2)]
        holds = [z3.Or(w[f"size{p}"] != 0, self.any_(w, f"disc{p}_")) for p in range(2)]
        both_in = z3.And(act)
        going = z3.And(both_in, *holds)
        centre = self.any_(w, "centre_")
        won = z3.If(centre, _bv(_st.O_LAST_STANDING, 3), _bv(_st.O_COLLECTED_ALL, 3))
        asked = z3.And(both_in, z3.Not(z3.And(holds)), z3.Or(centre, z3.Not(z3.Or(holds))))
        shared = z3.And(asked, self.rule("chomp.fewer_than_two_left", z3.And(pc, asked), inp)("shared_last_round"))
        # both in: the one who holds cards wins; one left (washed up in a replay): he wins if he holds any
        w0 = z3.And(act[0], holds[0], z3.Or(z3.Not(act[1]), z3.Not(holds[1])))
        w1 = z3.And(act[1], holds[1], z3.Or(z3.Not(act[0]), z3.Not(holds[0])))
        w["_sched"] = z3.If(z3.And(pc, going), _bv(_st.R_TURN, 2), w["_sched"])
        over = z3.Not(going)
        w["outcome"] = z3.If(over, z3.If(shared, _bv(_st.O_SHARED_LAST, 3),
                                         z3.If(z3.Or(w0, w1), won, _bv(_st.O_DRAW, 3))), w["outcome"])
        w["winners"] = z3.If(over, z3.If(shared, _bv(3, 4), z3.If(w0, _bv(1, 4), z3.If(w1, _bv(2, 4), _bv(0, 4)))),
                             w["winners"])
        w["phase"] = z3.If(over, _bv(_st.OVER, 3), w["phase"])
        w["shuf"] = z3.If(over, _bv(0, SEL), w["shuf"])
        w["resume"] = z3.If(over, _bv(_st.R_NONE, 2), w["resume"])

    def replay(self, w: Sym, step: int, replay_bits: list[Any], tie_bucket: Any = None) -> None:
        """standard._replay: the table's cards (both of each player's) are set aside
        (:meth:`set_aside_played`); the replaying players play again."""
        for p in range(2):
            self.set_aside_played(w, p, self.table_counts(w, p), tie_bucket)
            w[f"rep{p}"] = replay_bits[p]
            for f in ("bad", "banw", "banb"):
                w[f"{f}{p}"] = z3.BoolVal(False)
        self.clear_table(w)
        w["race"] = _bv(0, RACE_BITS)
        w["step"] = _bv(step, 3)
        w["_sched"] = _bv(_st.R_TURN, 2)

    # ------------------------------------------------------------------ turning over
    def draw_two(self, w: Sym, p: int, cond: Any, inp: State, one: Any = False) -> tuple[Any, Any, Any]:
        """Turn over the top two cards of p's pile (one if only one is left, or if ``one``):
        es.doble-chomp.1. Returns (lower, higher, how many) of the inputs ``draw{p}`` <= ``draw{p}x``."""
        a, b = inp[f"draw{p}"], inp[f"draw{p}x"]
        two = z3.And(_uge(w[f"size{p}"], 2), z3.Not(one))
        used = [z3.If(a == v, self.k(1), self.k(0)) + z3.If(z3.And(two, b == v), self.k(1), self.k(0))
                for v in range(KINDS)]
        kept = z3.Implies(w[f"keep{p}"], z3.Or(a == w[f"first{p}"], b == w[f"first{p}"]))
        self.legal.append(z3.Implies(cond, z3.And(
            z3.Implies(two, z3.ULE(a, b)), z3.Implies(z3.Not(two), b == 0), kept,
            *[_ule(used[v], w[f"pile{p}_{v}"]) for v in range(KINDS)])))
        w[f"keep{p}"] = z3.And(w[f"keep{p}"], z3.Not(cond))
        w[f"first{p}"] = z3.If(w[f"keep{p}"], w[f"first{p}"], _bv(0, CARD_BITS))
        for v in range(KINDS):
            w[f"pile{p}_{v}"] = z3.If(cond, w[f"pile{p}_{v}"] - used[v], w[f"pile{p}_{v}"])
        n = z3.If(two, z3.BitVecVal(2, 2), z3.BitVecVal(1, 2))
        taken = z3.If(two, z3.IntVal(2), z3.IntVal(1)) if self.ints else z3.ZeroExt(CW - 2, n)
        w[f"size{p}"] = z3.If(cond, w[f"size{p}"] - taken, w[f"size{p}"])
        return a, z3.If(two, b, _bv(0, CARD_BITS)), n

    def turn_over(self, w: Sym, pc: Any, inp: State) -> None:
        """standard.turn_over in Doble Chomp: two cards each (es.doble-chomp.1); a short pile is
        ruling ``chomp.doble_short``; a player with none in a replay ``chomp.replay_no_card``."""
        step = w["step"]
        replay_step = step != _st.NEW
        who = [z3.If(replay_step, z3.And(w[f"rep{p}"], w[f"act{p}"]), w[f"act{p}"]) for p in range(2)]
        # standard.doble_replay_count: one card each in a replay under chomp.doble_replay_cards =
        # one_card, asked where a player who plays has a card
        some = z3.Or([z3.And(who[p], w[f"size{p}"] != 0) for p in range(2)])
        one = z3.And(replay_step, some,
                     self.rule("chomp.doble_replay_cards", z3.And(pc, replay_step, some), inp)("one_card"))
        short = [z3.And(who[p], z3.Not(one), _ult(w[f"size{p}"], 2)) for p in range(2)]
        # every short player loses, before anyone turns a card over (whatever his seat)
        lose = z3.And(self.rule("chomp.doble_short", z3.And(pc, z3.Or(short)), inp)("loses_game"), z3.Or(short))
        empty = [w[f"size{p}"] == 0 for p in range(2)]
        sitting = [z3.And(who[p], empty[p], replay_step) for p in range(2)]
        # who sits out is asked unless a short pile lost the game (a player with none is short)
        ask = z3.And(z3.Or(sitting), z3.Not(lose))
        washed = self.rule("chomp.replay_no_card", z3.And(pc, ask), inp)("washed_up")
        before_act = [w[f"act{p}"] for p in range(2)]
        reveal = []
        for p in range(2):
            rv = z3.And(who[p], z3.Not(empty[p]), z3.Not(lose))
            reveal.append(rv)
            lo, hi, n = self.draw_two(w, p, z3.And(pc, rv), inp, one)
            w[f"lo{p}"] = z3.If(rv, lo, _bv(0, CARD_BITS))
            w[f"hi{p}"] = z3.If(rv, hi, _bv(0, CARD_BITS))
            w[f"cnt{p}"] = z3.If(rv, n, z3.BitVecVal(0, 2))
            gone = z3.And(sitting[p], washed, z3.Not(lose))
            w[f"act{p}"] = z3.And(w[f"act{p}"], z3.Not(gone))
        # the short piles lose the game (the other players in the game win, if any; nothing moves)
        lost = w.copy()
        other = [z3.And(before_act[q], z3.Not(short[q])) for q in range(2)]
        lost["outcome"] = z3.If(z3.Or(other), _bv(_st.O_LAST_STANDING, 3), _bv(_st.O_DRAW, 3))
        lost["winners"] = self.mask(other)
        lost["phase"] = _bv(_st.OVER, 3)
        lost["shuf"] = _bv(0, SEL)
        lost["resume"] = _bv(_st.R_NONE, 2)
        self.bad_cards_to_centre(lost)  # (the round ends with no winner)
        nobody = z3.Not(z3.Or(reveal))
        nb = w.copy()
        pc_nb = z3.And(pc, z3.Not(lose), nobody)
        stay = self.rule("chomp.replay_nobody_can_play", z3.And(pc_nb, replay_step), inp)("stay_in_centre")
        stay = z3.And(replay_step, stay)
        for q in range(2):
            cards = self.set_aside(nb, q)
            self.add(nb, "centre_", cards, stay)
            self.give_back(nb, q, cards, z3.Not(stay))
            self.zero(nb, f"aside{q}_")
            if self.tie_bucket:
                self.zero(nb, f"aside_tie{q}_")
        self.bad_cards_to_centre(nb)
        nb["_end"] = z3.BoolVal(True)
        rw = w.copy()
        self.start_race(rw, z3.And(pc, z3.Not(lose), z3.Not(nobody)), inp)
        w.v = merge(lose, lost, merge(nobody, nb, rw)).v

    def start_race(self, w: Sym, pc: Any, inp: State) -> None:
        """standard.start_race in Doble Chomp (es.doble-chomp.2-3, en.feeding-frenzy.1,
        en.ink-out.2, en.octopus-vs-eel.1): the ruling answers baked into ``race``."""
        step = w["step"]
        present = [(h, c) for p in range(2) for h, c in self.cards(w, p)]
        eel = z3.Or([z3.And(h, c == _cards.EEL) for h, c in present])
        octo = z3.Or([z3.And(h, c == _cards.OCTOPUS) for h, c in present])
        in_replay = z3.Or(step == _st.REPLAY, step == _st.TIE_REPLAY)
        flags: Any = z3.If(step == _st.REPLAY, _bv(_st.F_AFTER_INK, RACE_BITS),
                           z3.If(step == _st.TIE_REPLAY, _bv(_st.F_AFTER_TIE, RACE_BITS), _bv(0, RACE_BITS)))
        not_apply = self.rule("chomp.two_player_bad_chomps", pc, inp)("not_apply")
        flags = flags | z3.If(not_apply, _bv(0, RACE_BITS), _bv(_st.F_BAD_OK, RACE_BITS))
        # Feeding Frenzy
        prefixes = ("aside", "aside_tie", "aside_bad") if self.tie_bucket else ("aside", "aside_bad")
        asides = z3.Or([self.any_(w, f"{x}{q}_") for x in prefixes for q in range(2)])
        cur = self.rule("chomp.eel_in_replay", z3.And(pc, eel, in_replay, asides), inp)("current_cards_only")
        # standard._frenzy_special_relevant: another's Octopus or Eel
        special_rel = z3.Or([z3.And(w[f"cnt{p}"] != 0, h, z3.Not(self.ordinary(c)))
                             for p in range(2) for h, c in self.cards(w, 1 - p)])
        special_bad = z3.And(special_rel, self.rule("chomp.frenzy_special_cards", z3.And(pc, eel, special_rel),
                                                    inp)("bad_chomp"))
        # standard._frenzy_bad_relevant: another's creature the same as or higher than one's highest
        # creature, or (unless nobody can chomp one) the same Eel or Octopus as one of one's own
        rel = []
        for p in range(2):
            has_mine, mine = self.mine(w, p)
            rel += [z3.And(h, z3.Or(z3.And(has_mine, self.ordinary(c), z3.ULE(mine, c)),
                                    z3.And(z3.Not(special_bad), z3.Not(self.ordinary(c)),
                                           self.holds_card(w, p, c))))
                    for h, c in self.cards(w, 1 - p)]
        frenzy_rel = z3.Or(rel)
        fb = self.rule("chomp.frenzy_vs_bad_chomp", z3.And(pc, eel, frenzy_rel), inp)("bad_chomp_applies")
        f_frenzy = flags | z3.If(z3.And(in_replay, asides, cur), _bv(_st.F_FRENZY_CURRENT, RACE_BITS),
                                 _bv(0, RACE_BITS)) \
            | z3.If(z3.And(frenzy_rel, fb), _bv(_st.F_FRENZY_BAD, RACE_BITS), _bv(0, RACE_BITS)) \
            | z3.If(special_bad, _bv(_st.F_FRENZY_SPECIAL_BAD, RACE_BITS), _bv(0, RACE_BITS))
        # Ink Out (an Octopus in an Ink Out replay is a ruling point)
        ignored = self.rule("chomp.octopus_in_replay", z3.And(pc, z3.Not(eel), octo, step == _st.REPLAY),
                            inp)("octopus_ignored")
        inkout = z3.And(z3.Not(eel), octo, z3.Not(z3.And(step == _st.REPLAY, ignored)))
        doble = z3.And(z3.Not(eel), z3.Not(inkout))
        pc_d = z3.And(pc, doble)
        own_ok = self.rule("chomp.doble_lowest_yours", pc_d, inp)("allowed")
        some, low = self.lowest(w)
        # standard._not_lowest_relevant: the other's card between the lowest and one's highest creature
        lnl_rel = []
        for p in range(2):
            has_mine, mine = self.mine(w, p)
            lnl_rel += [z3.And(h, has_mine, z3.ULT(low, c), z3.ULT(c, mine)) for h, c in self.cards(w, 1 - p)]
        not_lowest = z3.Or(lnl_rel)
        lnl = self.rule("chomp.lower_not_lowest", z3.And(pc_d, not_lowest), inp)
        # one of a player's two cards can chomp the lowest, the other can't (an ignored Octopus can't)
        split = z3.Or([z3.And(w[f"cnt{p}"] == 2, some,
                              z3.Xor(*[self.can_chomp(c, low) for c in (w[f"lo{p}"], w[f"hi{p}"])]))
                       for p in range(2)])
        both = self.rule("chomp.doble_which_card", z3.And(pc_d, split), inp)("both_cards")
        f_doble = flags | z3.If(own_ok, _bv(_st.F_OWN_OK, RACE_BITS), _bv(0, RACE_BITS)) \
            | z3.If(z3.And(split, both), _bv(_st.F_DOBLE_BOTH, RACE_BITS), _bv(0, RACE_BITS)) \
            | z3.If(not_lowest, z3.If(lnl("bad_chomp"), _bv(_st.F_LNL_BAD, RACE_BITS),
                                      z3.If(lnl("wins_round"), _bv(_st.F_LNL_WIN, RACE_BITS), _bv(0, RACE_BITS))),
                    _bv(0, RACE_BITS))
        w["race"] = z3.If(eel, f_frenzy | _st.RK_FRENZY,
                          z3.If(inkout, flags | _st.RK_INKOUT, f_doble | _st.RK_DOBLE))
        for p in range(2):
            for f in ("bad", "banw", "banb"):
                w[f"{f}{p}"] = z3.BoolVal(False)
        w["_sched"] = _bv(_st.R_RACE, 2)

    # ------------------------------------------------------------------ the race
    def holds_card(self, w: Sym, p: int, t: Any) -> Any:
        """Card ``t`` is one of p's face-up cards."""
        return z3.Or([z3.And(h, c == t) for h, c in self.cards(w, p)])

    def classify(self, w: Sym, p: int, own: bool, t: Any) -> tuple[Any, Any]:
        """(valid, bad) for p's slap on card ``t`` (his own if ``own``): race.classify for
        RK_DOBLE, RK_FRENZY, RK_INKOUT. A slap neither valid nor bad is no outcome of the race
        (NONE): in Doble Chomp, another's card that one of his can chomp but not the lowest, under
        ``chomp.lower_not_lowest = no_effect``."""
        race = w["race"]
        kind = race & _st.KIND_MASK
        some, low = self.lowest(w)
        is_low = z3.And(some, t == low)
        if own:
            d_valid = z3.And(is_low, _bit(race, _st.F_OWN_OK))
            d_bad = z3.Not(d_valid)
            f_valid, f_bad = z3.BoolVal(False), z3.BoolVal(True)
        else:
            chomps = [z3.And(self.ordinary(c), z3.ULT(t, c)) for _, c in self.cards(w, p)]
            (h0, _), (h1, _) = self.cards(w, p)
            every = z3.And(z3.Implies(h0, chomps[0]), z3.Implies(h1, chomps[1]))
            some_c = z3.Or(z3.And(h0, chomps[0]), z3.And(h1, chomps[1]))
            # not the lowest, but a card one of his can chomp: ruling chomp.lower_not_lowest (flags)
            lnl = z3.And(z3.Not(is_low), some_c)
            d_valid = z3.If(is_low, z3.If(_bit(race, _st.F_DOBLE_BOTH), every, some_c),
                            z3.And(lnl, _bit(race, _st.F_LNL_WIN)))
            d_bad = z3.And(z3.Not(d_valid), z3.Or(z3.Not(lnl), _bit(race, _st.F_LNL_BAD)))
            has_mine, mine = self.mine(w, p)
            f_bad = z3.Or(z3.And(_bit(race, _st.F_FRENZY_SPECIAL_BAD), z3.Not(self.ordinary(t))),
                          z3.And(_bit(race, _st.F_FRENZY_BAD), z3.Or(
                              z3.And(self.ordinary(t), has_mine, z3.UGE(t, mine)),
                              z3.And(z3.Not(self.ordinary(t)), self.holds_card(w, p, t)))))
            f_valid = z3.Not(f_bad)
        valid = z3.If(kind == _st.RK_DOBLE, d_valid, z3.And(kind == _st.RK_FRENZY, f_valid))
        bad = z3.If(kind == _st.RK_DOBLE, d_bad, z3.If(kind == _st.RK_FRENZY, f_bad, z3.BoolVal(True)))
        return valid, bad

    def race(self, w: Sym, pc: Any, inp: State) -> Any:
        act, sp, own, which = inp["act"], inp["slapper"], inp["own"], inp["which"]
        bad_ok = _bit(w["race"], _st.F_BAD_OK)
        both_cls = {(p, o, x): self.classify(w, p, o, self.cards(w, p if o else 1 - p)[x][1])
                    for p in range(2) for o in (True, False) for x in (0, 1)}
        cls = {key: valid for key, (valid, _) in both_cls.items()}
        exists = {(p, o, x): z3.And(w[f"cnt{p}"] != 0, self.cards(w, p if o else 1 - p)[x][0])
                  for p in range(2) for o in (True, False) for x in (0, 1)}
        valid_pl = [z3.And(z3.Not(w[f"banw{p}"]), z3.Or([z3.And(exists[p, o, x], cls[p, o, x])
                                                         for o in (True, False) for x in (0, 1)]))
                    for p in range(2)]
        legal: list[Any] = [act == D_NOBODY]
        me = [sp == p for p in range(2)]
        for p in range(2):
            for o in (True, False):
                for x in (0, 1):
                    legal.append(z3.And(act == D_SLAP, me[p], own == o, which == (x == 1), exists[p, o, x],
                                        z3.If(cls[p, o, x], z3.Not(w[f"banw{p}"]),
                                              z3.And(both_cls[p, o, x][1], bad_ok, z3.Not(w[f"banb{p}"])))))
        # one slap: the slapper is the input ``slapper`` (one symbolic branch, as in _Std.race)
        slap = act == D_SLAP
        valid = z3.Or([z3.And(me[p], own == o, which == (x == 1), cls[p, o, x])
                       for p in range(2) for o in (True, False) for x in (0, 1)])
        win = w.copy()
        self.win(win, me, z3.And(pc, slap, valid), inp)
        bad = w.copy()
        was_valid = z3.Or([z3.And(me[p], valid_pl[p]) for p in range(2)])
        self.bad_chomp(bad, me, was_valid, z3.And(pc, slap, z3.Not(valid)), inp)
        results: list[tuple[Any, Sym]] = [(slap, merge(valid, win, bad))]
        # a tie of the two valid slappers: set aside, replay (standard.tie)
        legal.append(z3.And(act == D_TIE, valid_pl[0], valid_pl[1]))
        tie = w.copy()
        pc_tie = z3.And(pc, act == D_TIE)
        bucket = self.tie_replay_bucket(pc_tie, inp)
        self.rule("chomp.tie_replay_players", pc_tie, inp)  # both tied: the same two players replay
        self.chained_replay(tie, pc_tie, inp, bucket)
        self.replay(tie, _st.TIE_REPLAY, [tie[f"act{p}"] for p in range(2)], bucket)
        results.append((act == D_TIE, tie))
        # nobody slaps
        pc_nb = z3.And(pc, act == D_NOBODY)
        ink = (w["race"] & _st.KIND_MASK) == _st.RK_INKOUT
        ink_w = w.copy()
        self.chained_replay(ink_w, z3.And(pc_nb, ink), inp)
        self.replay(ink_w, _st.REPLAY, [ink_w[f"act{p}"] for p in range(2)])
        anyone = z3.Or(valid_pl)
        o1 = self.rule("chomp.nobody_slaps", z3.And(pc_nb, z3.Not(ink), anyone), inp)
        o2 = self.rule("chomp.nobody_can_chomp", z3.And(pc_nb, z3.Not(ink), z3.Not(anyone)), inp)
        like_tie = z3.And(z3.Not(anyone), o2("replay_like_tie"))
        centre = z3.If(anyone, o1("stay_in_centre"), o2("stay_in_centre"))
        lt = w.copy()  # (as after a tie: standard.set_aside_for_a_tie_replay)
        lt_bucket = self.tie_replay_bucket(z3.And(pc_nb, z3.Not(ink), like_tie), inp)
        self.chained_replay(lt, z3.And(pc_nb, z3.Not(ink), like_tie), inp, lt_bucket)
        self.replay(lt, _st.TIE_REPLAY, [lt[f"act{p}"] for p in range(2)], lt_bucket)
        nb = w.copy()
        for q in range(2):
            tab = self.table_counts(nb, q)
            aside = self.set_aside(nb, q)
            cards = [tab[v] + aside[v] for v in range(KINDS)]
            to_c = z3.Or(centre, nb[f"bad{q}"])
            self.add(nb, "centre_", cards, to_c)
            self.give_back(nb, q, cards, z3.Not(to_c))
        self.bad_cards_to_centre(nb)
        nb["_end"] = z3.BoolVal(True)
        results.append((act == D_NOBODY, merge(ink, ink_w, merge(like_tie, lt, nb))))
        out = results[-1][1]
        for cond, st in reversed(results[:-1]):
            out = merge(cond, st, out)
        w.v = out.v
        w["_inkout"] = z3.And(act == D_NOBODY, ink)
        return z3.Or(legal)

    def can_chomp(self, c: Any, t: Any) -> Any:
        """cards.CAN_CHOMP[c][t]: card ``c`` (no action card) is higher on the food chain than ``t``."""
        return z3.And(self.ordinary(c), z3.ULT(t, c))

    def one_can_chomp(self, w: Sym, me: list[Any], t: Any) -> Any:
        """standard._one_can_chomp: one of the slapper's face-up cards can chomp card ``t``."""
        return z3.Or([z3.And(me[p], h, self.can_chomp(c, t)) for p in range(2) for h, c in self.cards(w, p)])

    def win(self, w: Sym, me: list[Any], pc: Any, inp: State) -> None:
        """standard.win in Doble Chomp by the slapper (``me[p]``: p is the slapper), as
        standard.spoils_for: the winner takes the centre, the face-up cards and the set-aside
        cards (es.doble-chomp.2), except that a Feeding Frenzy under ``eel_in_replay =
        current_cards_only`` gives the set-aside cards back; in a replay (after an Ink Out or a
        tie) under ``chomp.doble_replay_winnings = chompable_only``, and of the tie round's
        set-aside cards (``chomp.tie_replay_winnings = chompable_only``), another's card none of
        hers can chomp goes back to its owner (a Bad Chomper's, under ``chomp.bad_chomp_both_cards =
        only_if_can_chomp``). two_player.place_won: to her discard pile."""
        race = w["race"]
        frenzy = (race & _st.KIND_MASK) == _st.RK_FRENZY
        current = z3.And(frenzy, _bit(race, _st.F_FRENZY_CURRENT))
        in_replay = (race & (_st.F_AFTER_INK | _st.F_AFTER_TIE)) != 0
        four = self.rule("chomp.doble_replay_winnings", z3.And(pc, z3.Not(frenzy), in_replay), inp)("all_four")
        all_four = z3.Or(frenzy, z3.Not(in_replay), four)
        taken = self.vec(w, "centre_")
        self.zero(w, "centre_")
        after_ink = _bit(race, _st.F_AFTER_INK)
        # a Bad Chomper's face-up card none of the winner's cards can chomp: 'takes both of your
        # cards' or the food chain (chomp.bad_chomp_both_cards, as in the 3+ player game)
        both_pc = [z3.And(w[f"act{q}"], z3.Not(frenzy), z3.Not(me[q]), h, z3.Not(all_four), w[f"bad{q}"],
                          z3.Not(self.one_can_chomp(w, me, t))) for q in range(2) for h, t in self.cards(w, q)]
        both = self.rule("chomp.bad_chomp_both_cards", z3.And(pc, z3.Or(both_pc)), inp)("winner_takes_both")
        reclaims: list[Any] = []
        for q in range(2):
            back = [self.k(0)] * KINDS
            # standard.reclaim: an Ink Out replay's card, or a tie round's, that none of the winner's
            # cards can chomp (chomp.reclaimed_cards: the discard pile, the one option covered)
            reclaims += [z3.And(w[f"act{q}"], z3.Not(frenzy), z3.Not(me[q]), h, after_ink, z3.Not(all_four),
                                z3.Not(w[f"bad{q}"]), z3.Not(self.one_can_chomp(w, me, t)))
                         for h, t in self.cards(w, q)]
            if self.tie_bucket:
                reclaims += [z3.And(w[f"act{q}"], z3.Not(frenzy), z3.Not(me[q]), self.tie_vec(w, q)[v] != self.k(0),
                                    z3.Not(self.one_can_chomp(w, me, _bv(v, CARD_BITS)))) for v in range(KINDS)]
            for h, t in self.cards(w, q):
                keep = z3.And(h, z3.Or(all_four, me[q], self.one_can_chomp(w, me, t), z3.And(w[f"bad{q}"], both)))
                mine = self.one(t, keep)
                theirs = self.one(t, z3.And(h, z3.Not(keep)))
                taken = [taken[v] + mine[v] for v in range(KINDS)]
                back = [back[v] + theirs[v] for v in range(KINDS)]
            aside = self.vec(w, f"aside{q}_")
            taken = [taken[v] + z3.If(current, self.k(0), aside[v]) + w[f"aside_bad{q}_{v}"]
                     for v in range(KINDS)]  # (a Bad Chomper's: en.bad-chomp.8)
            self.zero(w, f"aside_bad{q}_")
            back = [back[v] + z3.If(current, aside[v], self.k(0)) for v in range(KINDS)]
            ties = self.tie_vec(w, q)
            if self.tie_bucket:
                take_tie = [z3.And(z3.Not(current), z3.Or(frenzy, me[q], self.one_can_chomp(w, me, _bv(v, CARD_BITS))))
                            for v in range(KINDS)]
                taken = [taken[v] + z3.If(take_tie[v], ties[v], self.k(0)) for v in range(KINDS)]
                back = [back[v] + z3.If(take_tie[v], self.k(0), ties[v]) for v in range(KINDS)]
            self.give_back(w, q, back)
        self.rule("chomp.reclaimed_cards", z3.And(pc, z3.Or(reclaims)), inp)
        self.rule("chomp.two_player_won_cards", pc, inp)  # discard_pile
        for p in range(2):
            self.add(w, f"disc{p}_", taken, me[p])
        w["_end"] = z3.BoolVal(True)

    def shuffle(self, w: Sym, pc: Any, inp: State) -> None:
        """standard.shuffle: the shuffled discard pile goes under what is left of the pile. One
        card left (a player must turn over two) is turned over first: ``keep{p}``/``first{p}``
        remember its kind until then (the pile is otherwise counts, unseen)."""
        for p in range(2):
            mine = w["shuf"] == p
            one = z3.And(mine, w[f"size{p}"] == 1, w["resume"] == _st.R_TURN)
            left: Any = _bv(0, CARD_BITS)
            for v in range(KINDS):
                left = z3.If(w[f"pile{p}_{v}"] != 0, _bv(v, CARD_BITS), left)
            w[f"keep{p}"] = z3.If(mine, one, w[f"keep{p}"])
            w[f"first{p}"] = z3.If(mine, z3.If(one, left, _bv(0, CARD_BITS)), w[f"first{p}"])
        super().shuffle(w, pc, inp)

    # ------------------------------------------------------------------ init and trans
    def init(self, s: State) -> z3.BoolRef:
        cs: list[Any] = [s["phase"] == _st.TURN, s["step"] == _st.NEW, s["resume"] == _st.R_NONE, s["shuf"] == 0,
                         s["outcome"] == _st.O_NONE, s["winners"] == 0, s["race"] == 0, s["chain"] == 0]
        for p in range(2):
            cs.append(self.sum([s[f"pile{p}_{v}"] for v in range(KINDS)], 8) == 25)
            cs.append(s[f"size{p}"] == 25)
            cs += [s[f"disc{p}_{v}"] == 0 for v in range(KINDS)] + [s[f"aside{p}_{v}"] == 0 for v in range(KINDS)]
            cs += [c == 0 for c in self.tie_vec(s, p)] + [c == 0 for c in self.bad_vec(s, p)]
            cs += [s[f"lo{p}"] == 0, s[f"hi{p}"] == 0, s[f"cnt{p}"] == 0, s[f"act{p}"]]
            cs += [z3.Not(s[f"{f}{p}"]) for f in ("rep", "bad", "banw", "banb", "keep")] + [s[f"first{p}"] == 0]
        for v in range(KINDS):
            cs.append(s[f"centre_{v}"] == 0)
            cs.append(self.sum([s[f"pile{p}_{v}"] for p in range(2)], 8) == self.deck[v])
        cs += [z3.Not(s[f"used.{rid}"]) for rid in DOBLE_RULINGS]
        cs += self.nonnegative(s)
        return z3.And(cs)

    def trans(self, s: State, inp: State, t: State) -> z3.BoolRef:
        nxt, race_legal = self.next_state(s, inp)
        phase, act = s["phase"], inp["act"]
        legal = z3.Or(z3.And(phase == _st.TURN, act == D_TURN), z3.And(phase == _st.SHUFFLE, act == D_SHUFFLE),
                      z3.And(phase == _st.RACE, race_legal))
        opt_ok = [z3.ULT(inp[k], 3) for k in inp if k.startswith("opt.") and z3.is_bv(inp[k])]
        eqs = [t[k] == nxt.v[k] for k in t]
        return z3.And(legal, *self.legal, *opt_ok, *eqs)

    # ------------------------------------------------------------------ invariants
    def conserved(self, s: State) -> z3.BoolRef:
        """Each kind's cards: piles, discard piles, set aside, face up and the centre add up to the
        deck, and each pile's size is the sum of its counts (summed wide: nothing wraps)."""
        w = Sym(dict(s))
        cs = []
        for v in range(KINDS):
            parts = [s[f"centre_{v}"]]
            for p in range(2):
                parts += [s[f"pile{p}_{v}"], s[f"disc{p}_{v}"], s[f"aside{p}_{v}"], s[f"aside_bad{p}_{v}"],
                          self.table_counts(w, p)[v]]
                if self.tie_bucket:
                    parts.append(s[f"aside_tie{p}_{v}"])
            cs.append(self.sum(parts, 8) == self.deck[v])
        for p in range(2):
            cs.append(self.sum([s[f"pile{p}_{v}"] for v in range(KINDS)], 8) == self.wide(s[f"size{p}"], 8))
        return z3.And(*cs, self.well_formed(s), *self.nonnegative(s))

    def well_formed(self, s: State) -> z3.BoolRef:
        """The shape of every reachable state (strengthens conservation for k-induction): no face-up
        card when cards are to be turned over, at most two face up and sorted, a remembered top card
        still in its pile and kept only by a player who turns over next."""
        phase, resume = s["phase"], s["resume"]
        no_table = z3.And([s[f"cnt{p}"] == 0 for p in range(2)])
        cs = [z3.Or(phase == _st.TURN, phase == _st.RACE, phase == _st.SHUFFLE, phase == _st.OVER),
              z3.Or(s["step"] == _st.NEW, s["step"] == _st.REPLAY, s["step"] == _st.TIE_REPLAY),
              z3.Implies(phase == _st.TURN, no_table),
              z3.Implies(z3.And(phase == _st.SHUFFLE, resume == _st.R_TURN), no_table),
              z3.Implies(phase != _st.SHUFFLE, resume == _st.R_NONE),
              z3.Implies(phase == _st.SHUFFLE, resume != _st.R_NONE)]
        for p in range(2):
            cnt = s[f"cnt{p}"]
            cs += [z3.ULE(cnt, 2), z3.Implies(cnt == 0, s[f"lo{p}"] == 0), z3.Implies(z3.ULT(cnt, 2), s[f"hi{p}"] == 0),
                   z3.Implies(cnt == 2, z3.ULE(s[f"lo{p}"], s[f"hi{p}"]))]
            first = s[f"first{p}"]
            in_pile = z3.Or([z3.And(first == v, s[f"pile{p}_{v}"] != 0) for v in range(KINDS)])
            turning = z3.Or(phase == _st.TURN, z3.And(phase == _st.SHUFFLE, resume == _st.R_TURN))
            cs.append(z3.If(s[f"keep{p}"], z3.And(in_pile, s[f"act{p}"], z3.Or(turning, phase == _st.OVER),
                                                  z3.Or(s["step"] == _st.NEW, s[f"rep{p}"])),
                            first == 0))
        cs.append(z3.ULE(s["shuf"], 1))
        for p in range(2):  # a shuffle: before turning over (a short pile) or for a penalty card (none left)
            mine = z3.And(phase == _st.SHUFFLE, s["shuf"] == p)
            cs += [z3.Implies(mine, z3.Or([s[f"disc{p}_{v}"] != 0 for v in range(KINDS)])),
                   z3.Implies(z3.And(mine, resume == _st.R_TURN),
                              z3.And(_ult(s[f"size{p}"], 2), z3.Or(s["step"] == _st.NEW, s[f"rep{p}"]))),
                   z3.Implies(z3.And(mine, resume == _st.R_PENALTY), s[f"size{p}"] == 0)]
        cs.append(z3.Implies(phase == _st.SHUFFLE, z3.Or(resume == _st.R_TURN, resume == _st.R_PENALTY)))
        before_turn = z3.Or(phase == _st.TURN, z3.And(phase == _st.SHUFFLE, resume == _st.R_TURN))
        cs.append(z3.Implies(before_turn, s["race"] == 0))
        for p in range(2):
            cs.append(z3.Implies(before_turn, z3.And([z3.Not(s[f"{f}{p}"]) for f in ("bad", "banw", "banb")])))
            cs.append(z3.Implies(z3.And(phase == _st.SHUFFLE, s["shuf"] == p), s[f"act{p}"]))
            # a player out of the game (washed up in a replay) holds nothing
            cs.append(z3.Implies(z3.Not(s[f"act{p}"]), z3.And(s[f"size{p}"] == 0, s[f"cnt{p}"] == 0,
                                                              *[s[f"disc{p}_{v}"] == 0 for v in range(KINDS)])))
        return z3.And(cs)
