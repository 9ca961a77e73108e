"""An exact Z3 encoding of Chonker Party's transition relation on the full deck (2-6 players).

Exact with respect to the engine (:mod:`rulecheck.games.chonker_party`): every engine state
is an assignment of the encoding's state variables (:func:`abstract`), and the encoding's
steps between such states are exactly the engine's actions, with the same ruling points
consulted under the same options.

State variables (one copy per step; bit-vectors, -1 is 255):

- the engine's fields (``phase``, ``actor``, ``turn``, ``trump``, ``last``, ``master``,
  ``war``, ``mask``, ``can_end``, ``window``, ``cont``, ``src``, ``after``, ``aux``); hands
  ``h{p}_{k}``, draw deck ``draw{k}``, discard deck ``disc{k}`` as counts by kind (the engine
  keeps their order hidden: every draw is a chance action, cp.setup.1); the table ``tab{k}``
  and win piles ``pile{p}_{k}`` (15 slots, War-as-Chonk last); the draw queue as ``qlen`` and
  ``q{j}`` (unused cells 0); ``pend`` (how many players are still to show: they are the last
  ones of the asker's clockwise order); the See a Card memory (``seen``, ``seen_asker``,
  ``seen_type``, ``seen_len``, ``seen_k{j}`` the kind shown by the j-th player after the asker,
  -1 for none);
- control: one engine action is one step from a state with ``ctl == DONE`` followed by zero
  or more *micro-steps* (``ctl`` names the engine function still to run, with its arguments
  ``c_p``, ``c_eff``, ``c_mask``, ``c_ce``, ``c_ph``, ``c_ae``): the engine's recursive calls
  (``begin_turn``, ``end_turn``, ``circle_end``, ``round_end``, ``refill``, ``game_over``).
  Only ``ctl == DONE`` states are engine states;
- ``o.<ruling>`` (open rulings only): the option chosen for this engine action, latched over
  its micro-steps (the engine fixes one option per ruling per action);
- ``used.<ruling>``: the engine action so far consulted that ruling point;
- ``chain``: draw-and-play action cards (Choose, Steal, See a Card, War) put down in a row in
  the current turn: a stack (cp.stacking.1-2); history, not an engine field.

Inputs: ``act`` (the action's kind, ``A_*``), ``k`` (a card kind), ``q`` (a player) and
``opt.<ruling>`` for each ruling point the ruleset leaves open (under ``raw``: all).

What is exact, and how it is checked: every engine action of every phase, War windows, the
draw queue, See a Card's memory and the final count, under any ruleset (a ruling the ruleset
leaves open is a free input per engine action). Counts are 8-bit: exact on every reachable
state (78 cards), not on arbitrary bit patterns, so the encoding serves BMC from the root, not
k-induction from arbitrary states. Checked by :mod:`.chonker_decode`: engine playouts are paths
(states and ruling points consulted equal, step by step), the successor sets are equal on
sampled states (the deal, with its many outcomes, is not enumerated), every witness replays.
A BMC depth counts steps including micro-steps; most turns are one step.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import z3

from rulecheck.check.symbolic.system import State, TransitionSystem
from rulecheck.core.coverage import consulted_rulings
from rulecheck.core.errors import InvalidConfigError
from rulecheck.core.rulings import Ruleset, load_ruleset, load_ruling_points
from rulecheck.games.chonker_party.cards import (
    ALL_BITS,
    CHONK,
    CHOOSE,
    DECKS,
    DRAW_ACTION_BITS,
    DRAW_ACTIONS,
    FORCE,
    NK,
    NONACTION_BITS,
    NT,
    SEE,
    SKIP,
    SPOILED,
    STEAL,
    WAR,
    WAR_CHONK,
)
from rulecheck.games.chonker_party.state import (
    AFTER_EXTRA,
    AFTER_ROUND,
    AFTER_TURN,
    AFTER_WINDOW,
    PH_CHOOSE,
    PH_CONTINUE,
    PH_DEAL,
    PH_DISCARD,
    PH_DISCARD_RANDOM,
    PH_DRAW,
    PH_MASTER,
    PH_NAME,
    PH_OVER,
    PH_PLAY,
    PH_SHOW,
    PH_STEAL_FROM,
    PH_STOLEN,
)

__all__ = [
    "ACTS",
    "CONSULTED",
    "ChonkerExact",
    "abstract",
    "engine_fields",
    "engine_part",
    "exact_encoding",
]

(A_DEAL, A_MASTER, A_DRAW, A_NOWAR, A_CALLWAR, A_PLAY, A_CONT, A_END, A_CHOOSE, A_STEAL, A_STOLEN,
 A_NAME, A_SHOW, A_DISCARD, A_NOTHING) = range(15)
ACTS = ("deal", "munchies_master", "draw", "no_war", "call_war", "play", "continue_round", "end_round",
        "choose_card", "steal_from", "stolen", "name_type", "show", "discard", "play_nothing")
"""Engine action names by ``act`` code (``discard`` is ``discarded`` at a random discard)."""

DONE, BEGIN, END, CIRCLE, ROUND_END, REFILL, GAME_OVER = range(7)
CTL = ("done", "begin_turn", "end_turn", "circle_end", "round_end", "refill", "game_over")
NO_EFFECT, SKIP_EFFECT = -1, -2
HAND = 6
"""Cards per hand on the full deck (cp.setup.2)."""

CONSULTED: tuple[str, ...] = tuple(sorted(consulted_rulings("chonker-party")))
"""Every ruling point the engine's transitions consult, read from the engine's own code
(:func:`~rulecheck.core.coverage.consulted_rulings`); ``cp.win_pile_visibility`` only shapes what a
player observes, not the transitions."""

W = 8
M16 = 16
Expr = Any
Sym = dict[str, Any]


def _bv(v: int, w: int = W) -> z3.BitVecNumRef:
    return z3.BitVecVal(v, w)


def _scalar_fields(n: int) -> list[tuple[str, int]]:
    names = [("phase", W), ("actor", W), ("turn", W), ("trump", W), ("last", W), ("master", W), ("mask", M16),
             ("src", W), ("after", W), ("aux", W), ("qlen", W), ("pend", W), ("seen_asker", W), ("seen_type", W),
             ("seen_len", W)]
    names += [(f"seen_k{j}", W) for j in range(n - 1)]
    names += [(f"q{j}", W) for j in range(n * HAND)]
    names += [(f"h{p}_{k}", W) for p in range(n) for k in range(NK)]
    names += [(f"draw{k}", W) for k in range(NK)] + [(f"disc{k}", W) for k in range(NK)]
    names += [(f"tab{k}", W) for k in range(NT)]
    names += [(f"pile{p}_{k}", W) for p in range(n) for k in range(NT)]
    names += [(f"ow{p}", W) for p in range(n)]
    return names


BOOL_FIELDS = ("war", "can_end", "window", "cont", "seen")
CONTROL = (("ctl", W), ("c_p", W), ("c_eff", W), ("c_mask", M16), ("c_ph", W), ("chain", W))
CONTROL_BOOLS = ("c_ce", "c_ae")


def engine_fields(n: int) -> tuple[str, ...]:
    """The state variables that are engine fields (compared with the engine's states)."""
    return tuple(name for name, _ in _scalar_fields(n)) + BOOL_FIELDS




@dataclass
class ChonkerExact:
    """The exact encoding of one configuration and what the queries need."""

    players: int
    ruleset: Ruleset
    options: dict[str, str | None]
    system: TransitionSystem
    counts: tuple[int, ...]
    targets: dict[str, tuple[str, Callable[[State], z3.BoolRef]]] = field(default_factory=dict)
    invariants: dict[str, tuple[str, Callable[[State], z3.BoolRef]]] = field(default_factory=dict)
    variant: str = "standard"
    total: int = 0


# ============================================================================ building


def exact_encoding(players: int, ruleset: Ruleset | str | Mapping[str, object] = "recommended") -> ChonkerExact:
    """The exact encoding for ``players`` (2-6) on the full deck under ``ruleset``."""
    if not isinstance(players, int) or not 2 <= players <= 6:
        raise InvalidConfigError(f"Chonker Party is for 2 to 6 players, not {players!r}")
    rs = ruleset if isinstance(ruleset, Ruleset) else load_ruleset("chonker-party", ruleset)
    points = load_ruling_points("chonker-party")
    options = {rid: rs.choices.get(rid) for rid in CONSULTED}
    counts, _ = DECKS["full"].for_players(players)
    open_rulings = tuple(r for r in CONSULTED if options[r] is None)
    variables: list[tuple[str, z3.SortRef]] = [(name, z3.BitVecSort(w)) for name, w in _scalar_fields(players)]
    variables += [(name, z3.BoolSort()) for name in BOOL_FIELDS]
    variables += [(name, z3.BitVecSort(w)) for name, w in CONTROL]
    variables += [(name, z3.BoolSort()) for name in CONTROL_BOOLS]
    variables += [(f"o.{rid}", z3.BitVecSort(W)) for rid in open_rulings]
    variables += [(f"used.{rid}", z3.BoolSort()) for rid in CONSULTED]
    inputs = [("act", z3.BitVecSort(W)), ("k", z3.BitVecSort(W)), ("q", z3.BitVecSort(W))]
    inputs += [(f"opt.{rid}", z3.BitVecSort(W)) for rid in open_rulings]
    option_ids = {rid: points[rid].option_ids for rid in CONSULTED}
    spec = _Spec(players, counts, options, option_ids, open_rulings)
    system = TransitionSystem(
        f"chonker-party/exact/{players}p/{rs.name}", tuple(variables), spec.init, spec.trans, tuple(inputs),
        terminal=lambda s: s["phase"] == PH_OVER,
        description="Chonker Party, exact engine steps (micro-steps for the engine's recursive calls)",
        meta={"logic": "QF_BV"},
    )
    enc = ChonkerExact(players, rs, options, system, counts, total=sum(counts))
    _queries(enc, spec)
    return enc


def _queries(enc: ChonkerExact, spec: _Spec) -> None:
    """The reachability targets and the invariants the queries of :mod:`.chonker_checks` use."""
    for rid in CONSULTED:
        enc.targets[f"ruling:{rid}"] = (
            f"an engine action that consults {rid}",
            lambda s, rid=rid: z3.And(s[f"used.{rid}"], s["ctl"] == DONE))
    enc.targets["over"] = ("the game is over (cp.finishing.1)", lambda s: z3.And(s["phase"] == PH_OVER,
                                                                                  s["ctl"] == DONE))
    enc.targets["unable-to-play"] = (
        "it is a player's turn to play and they hold no card (cp.after-round.3; the engine consults "
        "cp.empty_hand_turn there)",
        lambda s: z3.And(s["ctl"] == BEGIN, s["c_ph"] == PH_PLAY, z3.Not(spec.any_hand(s, s["c_p"]))))
    enc.targets["no-legal-action"] = (
        "an engine state that is not over with no legal action (a deadlock)",
        lambda s: z3.And(s["ctl"] == DONE, s["phase"] != PH_OVER, z3.Not(spec.some_action(s))))
    same = SAME_CARDS_LEFT
    enc.invariants["cards-conserved"] = (
        "every card of the deck is in exactly one hand, deck, the table or a win pile", spec.conserved)
    enc.invariants[same] = ("cp.round.6: at the end of the circle all players have the same number of cards left",
                            spec.same_cards_left)
    enc.invariants["phase-has-moves"] = ("every engine state that is not over has a legal action",
                                         lambda s: z3.Or(s["ctl"] != DONE, s["phase"] == PH_OVER,
                                                         spec.some_action(s)))


SAME_CARDS_LEFT = "same-cards-left"


class _Spec:
    """The init and trans formulas, written as the engine's functions over symbolic states."""

    def __init__(self, n: int, counts: tuple[int, ...], options: Mapping[str, str | None],
                 option_ids: Mapping[str, tuple[str, ...]], open_rulings: Sequence[str]) -> None:
        self.n = n
        self.counts = counts
        self.options = options
        self.option_ids = option_ids
        self.open = tuple(open_rulings)
        self.spoiled_total = counts[SPOILED]

    # ---------------------------------------------------------------- init and invariants
    def init(self, s: State) -> z3.BoolRef:
        """The root: before the deal, everything empty (the engine's root state)."""
        cs = [s[name] == _root_value(name) for name, _ in _scalar_fields(self.n)]
        cs += [z3.Not(s[b]) for b in BOOL_FIELDS]
        cs += [s[name] == 0 for name, _ in CONTROL] + [z3.Not(s[b]) for b in CONTROL_BOOLS]
        cs += [z3.Not(s[f"used.{rid}"]) for rid in CONSULTED]
        cs += [s[f"o.{rid}"] == 0 for rid in self.open]
        return z3.And(cs)

    def conserved(self, s: State) -> z3.BoolRef:
        """Cards conserved (the engine's ``cp.cards-conserved``), or the root before the deal."""
        n = self.n

        def w(e: Expr) -> Expr:
            return z3.ZeroExt(8, e)

        cs = []
        for k in range(NK):
            parts = [s[f"draw{k}"], s[f"disc{k}"], s[f"tab{k}"]] + [s[f"h{p}_{k}"] for p in range(n)]
            parts += [s[f"pile{p}_{k}"] for p in range(n)]
            if k == WAR:
                parts += [s[f"tab{WAR_CHONK}"]] + [s[f"pile{p}_{WAR_CHONK}"] for p in range(n)]
            cs.append(sum(w(x) for x in parts) == self.counts[k])
        root = z3.And(s["phase"] == PH_DEAL, s["ctl"] == DONE,
                      *[s[name] == _root_value(name) for name, _ in _scalar_fields(n)])
        return z3.Or(root, z3.And(cs))

    def same_cards_left(self, s: State) -> z3.BoolRef:
        """cp.round.6, as the engine checks it: a Master's decision at the end of the circle."""
        at_end = z3.And(s["ctl"] == DONE, s["phase"] == PH_CONTINUE, z3.Not(s["cont"]), z3.Not(s["window"]))
        sizes = [self.hand_size(s, p) for p in range(self.n)]
        return z3.Implies(at_end, z3.And([sizes[0] == x for x in sizes[1:]]))

    def some_action(self, s: State) -> z3.BoolRef:
        """Some action is legal at the engine state ``s`` (chance outcomes included)."""
        ph = s["phase"]
        race = z3.And(s["window"], z3.Or(ph == PH_PLAY, ph == PH_CONTINUE))
        actor_bits = self.bits(s, s["actor"])
        pile_bits = z3.If(s["src"] == 0, self.vec_bits(s, "draw"), self.vec_bits(s, "disc"))
        return z3.Or(
            ph == PH_DEAL, ph == PH_MASTER, race,
            z3.And(ph == PH_DRAW, s["qlen"] != 0, pile_bits != 0),
            z3.And(ph == PH_PLAY, s["mask"] & actor_bits != 0),
            ph == PH_CONTINUE,
            z3.And(ph == PH_CHOOSE, s["mask"] & pile_bits != 0),
            z3.And(ph == PH_STEAL_FROM, s["mask"] & ((1 << self.n) - 1) != 0),
            z3.And(ph == PH_STOLEN, self.bits(s, s["aux"]) != 0),
            z3.And(ph == PH_NAME, s["mask"] != 0),
            z3.And(ph == PH_SHOW, s["mask"] & actor_bits != 0),
            z3.And(ph == PH_DISCARD, s["mask"] & actor_bits != 0),
            z3.And(ph == PH_DISCARD_RANDOM, actor_bits != 0),
        )

    # ---------------------------------------------------------------- helpers over states
    def pick(self, p: Expr, values: Sequence[Expr]) -> Expr:
        """``values[p]`` for a symbolic player or kind ``p``."""
        out = values[-1]
        for i in range(len(values) - 2, -1, -1):
            out = z3.If(p == i, values[i], out)
        return out

    def hand(self, s: Sym, p: Expr, k: Expr) -> Expr:
        return self.pick(p, [self.pick(k, [s[f"h{pp}_{kk}"] for kk in range(NK)]) for pp in range(self.n)])

    def any_hand(self, s: Sym, p: Expr) -> z3.BoolRef:
        return self.pick(p, [z3.Or([s[f"h{pp}_{k}"] != 0 for k in range(NK)]) for pp in range(self.n)])

    def hand_size(self, s: Sym, p: int) -> Expr:
        return sum(s[f"h{p}_{k}"] for k in range(NK))

    def vec_bits(self, s: Sym, prefix: str) -> Expr:
        return z3.Concat(_bv(0, M16 - NK), *[z3.If(s[f"{prefix}{k}"] != 0, _bv(1, 1), _bv(0, 1))
                                              for k in range(NK - 1, -1, -1)])

    def bits(self, s: Sym, p: Expr) -> Expr:
        """Kinds present in ``p``'s hand, as a 16-bit mask (``bits_of``)."""
        return self.pick(p, [self.vec_bits(s, f"h{pp}_") for pp in range(self.n)])

    def nxt(self, p: Expr) -> Expr:
        return z3.If(p == self.n - 1, _bv(0), p + 1)

    def any_vec(self, s: Sym, prefix: str) -> z3.BoolRef:
        return z3.Or([s[f"{prefix}{k}"] != 0 for k in range(NK)])

    def others_hold_war(self, s: Sym, p: Expr) -> z3.BoolRef:
        return z3.Or([z3.And(p != q, s[f"h{q}_{WAR}"] != 0) for q in range(self.n)])

    def all_empty(self, s: Sym) -> z3.BoolRef:
        return z3.And([z3.Not(self.any_hand(s, p)) for p in range(self.n)])

    def add_hand(self, s: Sym, p: Expr, k: Expr, delta: int) -> Sym:
        out = dict(s)
        for pp in range(self.n):
            for kk in range(NK):
                name = f"h{pp}_{kk}"
                out[name] = z3.If(z3.And(p == pp, k == kk), s[name] + delta, s[name])
        return out

    def owes(self, s: Sym, p: Expr) -> Expr:
        """How many War cards' new cards ``p`` owes (``owed``)."""
        return self.pick(p, [s[f"ow{q}"] for q in range(self.n)])

    def set_owed(self, s: Sym, p: Expr, value: Expr) -> Sym:
        out = dict(s)
        for q in range(self.n):
            out[f"ow{q}"] = z3.If(p == q, value, s[f"ow{q}"])
        return out

    def add_vec(self, s: Sym, prefix: str, size: int, k: Expr, delta: int) -> Sym:
        out = dict(s)
        for kk in range(size):
            name = f"{prefix}{kk}"
            out[name] = z3.If(k == kk, s[name] + delta, s[name])
        return out

    # ---------------------------------------------------------------- rulings
    def rule(self, c: _Ctx, rid: str, pc: z3.BoolRef) -> Expr:
        """The option index for ``rid``, recording that it was consulted under ``pc``."""
        c.used[rid] = z3.Or(c.used[rid], pc)
        opt = self.options[rid]
        if opt is not None:
            return _bv(self.option_ids[rid].index(opt))
        return c.opt[rid]

    def is_opt(self, c: _Ctx, rid: str, option: str, pc: z3.BoolRef) -> z3.BoolRef:
        return self.rule(c, rid, pc) == self.option_ids[rid].index(option)

    # ---------------------------------------------------------------- trans
    def trans(self, s: State, i: State, t: State) -> z3.BoolRef:
        n = self.n
        done = s["ctl"] == DONE
        c = _Ctx({rid: z3.BoolVal(False) for rid in CONSULTED},
                 {rid: z3.If(done, i[f"opt.{rid}"], s[f"o.{rid}"]) for rid in self.open})
        base: Sym = {name: s[name] for name, _ in _scalar_fields(n)}
        base.update({b: s[b] for b in BOOL_FIELDS})
        base.update({name: s[name] for name, _ in CONTROL})
        base.update({b: s[b] for b in CONTROL_BOOLS})
        cases: list[tuple[z3.BoolRef, Sym, list[z3.BoolRef]]] = []
        for act, handler in self._action_handlers().items():
            guard = z3.And(done, i["act"] == act, self.legal(base, i, act))
            extra: list[z3.BoolRef] = []
            cases.append((guard, handler(c, base, i, t, guard, extra), extra))
        for label, handler in self._micro_handlers().items():
            guard = s["ctl"] == label
            cases.append((guard, handler(c, base, guard), []))
        cs: list[z3.BoolRef] = [z3.Or([g for g, _, _ in cases])]
        names = [name for name, _ in _scalar_fields(n)] + list(BOOL_FIELDS) + [x for x, _ in CONTROL] + list(
            CONTROL_BOOLS)
        for g, res, extra in cases:
            cs.append(z3.Implies(g, z3.And([t[x] == res[x] for x in names] + extra)))
        for rid in self.open:
            cs.append(t[f"o.{rid}"] == c.opt[rid])
            cs.append(z3.Implies(done, z3.ULT(i[f"opt.{rid}"], len(self.option_ids[rid]))))
        for rid in CONSULTED:
            cs.append(t[f"used.{rid}"] == z3.Or(z3.And(z3.Not(done), s[f"used.{rid}"]), c.used[rid]))
        return z3.And(cs)

    def legal(self, s: Sym, i: State, act: int) -> z3.BoolRef:
        """The engine's legal actions (and possible chance outcomes) of kind ``act``."""
        ph, k, q, n = s["phase"], i["k"], i["q"], self.n
        race = z3.And(s["window"], z3.Or(ph == PH_PLAY, ph == PH_CONTINUE))
        kind_ok = z3.ULT(k, NK)
        in_mask = z3.Extract(0, 0, z3.LShR(s["mask"], z3.ZeroExt(M16 - W, k))) == 1
        held = self.hand(s, s["actor"], k) != 0
        if act == A_DEAL:
            return ph == PH_DEAL
        if act == A_MASTER:
            return z3.And(ph == PH_MASTER, z3.ULT(q, n))
        if act == A_DRAW:
            pile = z3.If(s["src"] == 0, self.pick(k, [s[f"draw{x}"] for x in range(NK)]),
                         self.pick(k, [s[f"disc{x}"] for x in range(NK)]))
            return z3.And(ph == PH_DRAW, kind_ok, pile != 0)
        if act == A_NOWAR:
            return race
        if act == A_CALLWAR:
            return z3.And(race, z3.ULT(q, n), q != s["actor"], self.hand(s, q, _bv(WAR)) != 0)
        if act in (A_PLAY, A_CONT):
            return z3.And(z3.Not(race), ph == (PH_PLAY if act == A_PLAY else PH_CONTINUE), kind_ok, in_mask, held)
        if act == A_END:
            playable = z3.Or([z3.And(z3.Extract(kk, kk, s["mask"]) == 1, s[f"h{pp}_{kk}"] != 0, s["actor"] == pp)
                              for pp in range(n) for kk in range(NK)])
            return z3.And(z3.Not(race), ph == PH_CONTINUE, z3.Or(s["can_end"], z3.Not(playable)))
        if act == A_NOTHING:
            return z3.And(z3.Not(race), ph == PH_PLAY, s["can_end"])
        if act == A_CHOOSE:
            pile = z3.If(s["src"] == 0, self.pick(k, [s[f"draw{x}"] for x in range(NK)]),
                         self.pick(k, [s[f"disc{x}"] for x in range(NK)]))
            return z3.And(ph == PH_CHOOSE, kind_ok, in_mask, pile != 0)
        if act == A_STEAL:
            return z3.And(ph == PH_STEAL_FROM, z3.ULT(q, n),
                          z3.Extract(0, 0, z3.LShR(s["mask"], z3.ZeroExt(M16 - W, q))) == 1)
        if act == A_STOLEN:
            return z3.And(ph == PH_STOLEN, kind_ok, self.hand(s, s["aux"], k) != 0)
        if act == A_NAME:
            return z3.And(ph == PH_NAME, kind_ok, in_mask)
        if act == A_SHOW:
            return z3.And(ph == PH_SHOW, kind_ok, in_mask, held)
        if act == A_DISCARD:
            return z3.And(kind_ok, held, z3.Or(z3.And(ph == PH_DISCARD, in_mask), ph == PH_DISCARD_RANDOM))
        raise ValueError(act)

    def _action_handlers(self) -> dict[int, Callable[..., Sym]]:
        return {A_DEAL: self.deal, A_MASTER: self.munchies_master, A_DRAW: self.draw, A_NOWAR: self.no_war,
                A_CALLWAR: self.call_war, A_PLAY: self.play, A_CONT: self.continue_round, A_END: self.end_round,
                A_CHOOSE: self.choose_card, A_STEAL: self.steal_from, A_STOLEN: self.stolen,
                A_NAME: self.name_type, A_SHOW: self.show_card, A_DISCARD: self.discard_card,
                A_NOTHING: self.play_nothing}

    def _micro_handlers(self) -> dict[int, Callable[..., Sym]]:
        return {BEGIN: self.begin_turn_step, END: self.end_turn_step, CIRCLE: self.circle_end_step,
                ROUND_END: self.round_end, REFILL: self.refill_step, GAME_OVER: self.game_over}

    # ---------------------------------------------------------------- control transfers
    def call(self, s: Sym, label: int, p: Expr = None, eff: Expr = None, mask: Expr = None,
             ce: Expr = None, ph: Expr = None, ae: Expr = None) -> Sym:
        """A tail call of an engine function: the next micro-step runs it."""
        out = dict(s)
        out["ctl"] = _bv(label)
        if p is not None:
            out["c_p"] = p
        if eff is not None:
            out["c_eff"] = eff if not isinstance(eff, int) else _bv(eff & 0xFF)
        if mask is not None:
            out["c_mask"] = mask if not isinstance(mask, int) else _bv(mask, M16)
        if ce is not None:
            out["c_ce"] = z3.BoolVal(ce) if isinstance(ce, bool) else ce
        if ph is not None:
            out["c_ph"] = ph if not isinstance(ph, int) else _bv(ph)
        if ae is not None:
            out["c_ae"] = ae
        return out

    def begin(self, s: Sym, p: Expr, mask: Expr = ALL_BITS, can_end: Expr = False, phase: Expr = PH_PLAY) -> Sym:
        return self.call(s, BEGIN, p=p, mask=mask, ce=can_end, ph=phase)

    def end_turn(self, s: Sym, p: Expr, effect: Expr = NO_EFFECT) -> Sym:
        return self.call(s, END, p=p, eff=effect)

    def start_round(self, c: _Ctx, s: Sym, pc: z3.BoolRef) -> Sym:
        """cp.round.1, cp.after-round.4: the Master starts, unless everyone is empty-handed."""
        over = self.all_empty(s)
        return _merge(over, self.call(s, GAME_OVER),
                      self.take_turn(c, s, s["master"], _bv(NO_EFFECT & 0xFF), z3.And(pc, z3.Not(over))))

    def take_turn(self, c: _Ctx, s: Sym, p: Expr, effect: Expr, pc: z3.BoolRef) -> Sym:
        """``take_turn``: ``p``'s turn of play; the War cards' new cards they owe (cp.war_draw_when =
        on_their_turn) drawn first, if they hold a card and a deck does."""
        owed = self.owes(s, p)
        owes = z3.And(owed != 0, self.any_hand(s, p))
        cleared = self.set_owed(s, p, _bv(0))
        src = self.draw_source(cleared)
        draws = z3.And(owes, src != 0xFF)
        r_draw = self.start_draws(dict(cleared, actor=p, turn=p), p, src, AFTER_TURN, effect, count=owed)
        r_turn = self.turn_of(c, _merge(owes, cleared, s), p, effect, z3.And(pc, z3.Not(draws)))
        return _merge(draws, r_draw, r_turn)

    def turn_of(self, c: _Ctx, s: Sym, p: Expr, effect: Expr, pc: z3.BoolRef) -> Sym:
        """``turn_of``: ``p`` plays any card, or under a Force the cards that answer it."""
        forced = z3.ULT(effect, NK)
        required = self.forced_mask(c, s, p, effect, z3.And(pc, forced))
        return self.begin_now(c, s, p, z3.If(z3.And(forced, required != 0), required, _bv(ALL_BITS, M16)),
                              False, PH_PLAY, pc)

    def settle(self, s: Sym, **fields: Any) -> Sym:
        """An engine state: the action is over (ctl DONE) with these fields."""
        out = dict(s)
        out["ctl"] = _bv(DONE)
        for key, v in fields.items():
            out[key] = _val(v, out[key])
        return out

    def clear_queue(self, s: Sym) -> Sym:
        out = dict(s)
        out["qlen"] = _bv(0)
        for j in range(self.n * HAND):
            out[f"q{j}"] = _bv(0)
        return out

    def start_draws(self, s: Sym, drawer: Expr, src: Expr, after: int | Expr, aux: Expr, count: Expr = None) -> Sym:
        """``drawer`` draws one card (``count`` cards: the new cards of the Wars he owes)."""
        out = self.clear_queue(s)
        out["qlen"] = _bv(1) if count is None else count
        out["q0"] = drawer
        if count is not None:
            for j in range(1, self.n * HAND):
                out[f"q{j}"] = z3.If(z3.UGT(count, j), drawer, _bv(0))
        return self.settle(out, phase=PH_DRAW, src=src, after=after, aux=aux, window=False)

    # ---------------------------------------------------------------- micro-steps (rounds.py)
    def begin_turn_step(self, c: _Ctx, s: Sym, pc: z3.BoolRef) -> Sym:
        """``begin_turn`` (micro-step): ``p``'s turn or the Master's decision, with a War window;
        a player to play with an empty hand passes, or the round ends (cp.empty_hand_turn)."""
        p, mask, can_end, phase = s["c_p"], s["c_mask"], s["c_ce"], s["c_ph"]
        s = dict(s, chain=_bv(0))
        stuck = z3.And(z3.Not(self.any_hand(s, p)), phase == PH_PLAY)
        passes = self.is_opt(c, "cp.empty_hand_turn", "pass", z3.And(pc, stuck))
        table_empty = z3.And([s[f"tab{k}"] == 0 for k in range(NT)])
        lead_moves = z3.And(table_empty, p == s["master"])
        nx = self.nxt(p)
        r_lead = self.take_turn(c, dict(s, master=nx), nx, _bv(NO_EFFECT & 0xFF),
                                z3.And(pc, stuck, z3.Not(passes), lead_moves))
        r_empty = _merge(passes, self.end_turn(dict(s, turn=p), p),
                         _merge(lead_moves, r_lead, self.call(s, ROUND_END)))
        r_go = self.decision(c, s, p, mask, can_end, phase, z3.And(pc, z3.Not(stuck)))
        return _merge(stuck, r_empty, r_go)

    def begin_now(self, c: _Ctx, s: Sym, p: Expr, mask: Expr, can_end: Expr, phase: Expr, pc: z3.BoolRef) -> Sym:
        """``begin_turn`` inline: the decision; an empty hand on a turn to play is left to the
        ``begin_turn`` micro-step (it may recurse)."""
        mask = _val(mask, s["c_mask"])
        can_end = _val(can_end, s["c_ce"])
        phase = _val(phase, s["c_ph"])
        stuck = z3.And(z3.Not(self.any_hand(s, p)), phase == PH_PLAY)
        r_go = self.decision(c, dict(s, chain=_bv(0)), p, mask, can_end, phase, z3.And(pc, z3.Not(stuck)))
        return _merge(stuck, self.begin(s, p, mask, can_end, phase), r_go)

    def decision(self, c: _Ctx, s: Sym, p: Expr, mask: Expr, can_end: Expr, phase: Expr, pc: z3.BoolRef) -> Sym:
        """The end of ``begin_turn``: ``p`` decides (a Master with no card may only end)."""
        empty = z3.Not(self.any_hand(s, p))
        no_fit = z3.And(phase == PH_CONTINUE, z3.Not(can_end), self.bits(s, p) & mask == 0)
        mask2 = z3.If(empty, _bv(0, M16), z3.If(no_fit, _bv(ALL_BITS, M16), mask))
        can_end2 = z3.Or(empty, no_fit, can_end)
        others = self.others_hold_war(s, p)
        opens = self.is_opt(c, "cp.war_window", "before_each_turn", z3.And(pc, others))
        window = z3.And(others, opens, self.war_may_be_called(c, s, p, z3.And(pc, others, opens)))
        return self.settle(self.clear_queue(s), phase=phase, actor=p, turn=p, mask=mask2, can_end=can_end2,
                           window=window, aux=_bv(0xFF))

    def end_turn_step(self, c: _Ctx, s: Sym, pc: z3.BoolRef) -> Sym:
        """``end_turn`` as a micro-step (after an empty hand's pass, a Skip on an empty hand, ...)."""
        return self.end_turn_now(c, s, s["c_p"], s["c_eff"], pc)

    def end_turn_now(self, c: _Ctx, s: Sym, p: Expr, effect: Expr, pc: z3.BoolRef) -> Sym:
        """``end_turn``: ``p`` has finished; the turn passes clockwise (cp.round.3) or the circle
        ends (cp.round.5); a Skip or Force acts on the next player (cp.skip.1, cp.force.1), or passes
        over him if he holds no card (cp.next_player_empty_handed)."""
        effect = _val(effect, s["c_eff"])
        master_only = self.is_opt(c, "cp.continue_who_plays", "master_only", z3.And(pc, s["cont"]))
        nx = self.nxt(p)
        alone = z3.And(s["cont"], master_only)  # (a Skip or Force of his acts on nobody)
        to_circle = z3.Or(alone, nx == s["master"])
        circle = self.circle_now(c, s, z3.If(alone, _bv(NO_EFFECT & 0xFF), effect), z3.And(pc, to_circle))
        s2 = dict(s, cont=z3.BoolVal(False))
        skip = effect == _bv(SKIP_EFFECT & 0xFF)
        victim_has = self.any_hand(s2, nx)
        pc_on = z3.And(pc, z3.Not(to_circle))
        # a Skip or Force on a next player with no card: passed over to the one after him
        # (cp.next_player_empty_handed = next_with_a_card), the card still acting
        acts = effect != _bv(NO_EFFECT & 0xFF)
        at_stake = z3.And(acts, z3.Not(victim_has))
        over = z3.And(at_stake, self.is_opt(c, "cp.next_player_empty_handed", "next_with_a_card",
                                            z3.And(pc_on, at_stake)))
        pc_on = z3.And(pc_on, z3.Not(over))
        r_skip = _merge(victim_has, self.start_discard(c, s2, nx, 0, z3.And(pc_on, skip, victim_has)),
                        self.end_turn(s2, nx))
        r_next = self.take_turn(c, s2, nx, effect, z3.And(pc_on, z3.Not(skip)))
        return _merge(to_circle, circle, _merge(over, self.end_turn(s2, nx, effect), _merge(skip, r_skip, r_next)))

    def war_may_be_called(self, c: _Ctx, s: Sym, p: Expr, pc: z3.BoolRef) -> z3.BoolRef:
        """``war_may_be_called``: another player holds a War, and, if it would become a Chonk now,
        the ruleset lets it be called out anyway (cp.war_call_as_chonk)."""
        others = self.others_hold_war(s, p)
        chonk = self.war_is_a_chonk_now(s)
        anytime = self.is_opt(c, "cp.war_call_as_chonk", "anytime", z3.And(pc, others, chonk))
        return z3.And(others, z3.Or(z3.Not(chonk), anytime))

    def war_is_a_chonk_now(self, s: Sym) -> z3.BoolRef:
        """``war_is_a_chonk_now``: a War is on, or the draw deck is empty (cp.war.6-7)."""
        return z3.Or(s["war"], z3.Not(self.any_vec(s, "draw")))

    def forced_mask(self, c: _Ctx, s: Sym, p: Expr, kind: Expr, pc: z3.BoolRef) -> Expr:
        """``forced_mask``: the cards ``p`` must answer a Force naming ``kind`` with (cp.force.1,
        cp.force.3), 0 if none (cp.force.4); a War that would be a Chonk, for a Force naming a chonk,
        under ``cp.force_war_as_chonk``."""
        one = _bv(1, M16) << z3.ZeroExt(M16 - W, kind)
        bits = z3.If(self.hand(s, p, kind) != 0, one, _bv(0, M16))
        at_stake = z3.And(kind == CHONK, self.hand(s, p, _bv(WAR, W)) != 0, self.war_is_a_chonk_now(s))
        counts = self.is_opt(c, "cp.force_war_as_chonk", "war_counts", z3.And(pc, at_stake))
        return z3.If(z3.And(at_stake, counts), bits | (1 << WAR), bits)

    def start_discard(self, c: _Ctx, s: Sym, victim: Expr, then: int | Expr, pc: z3.BoolRef) -> Sym:
        """A Skip makes ``victim`` discard a card (cp.skip.1); ``then`` is what follows."""
        then_v = _val(then, s["aux"])
        chooses = self.is_opt(c, "cp.skip_discard_choice", "victim_chooses", pc)
        return self.settle(s, phase=z3.If(chooses, _bv(PH_DISCARD), _bv(PH_DISCARD_RANDOM)), actor=victim,
                           aux=then_v, window=False,
                           mask=z3.If(chooses, self.bits(s, victim), z3.ZeroExt(M16 - W, then_v)))

    def circle_end_step(self, c: _Ctx, s: Sym, pc: z3.BoolRef) -> Sym:
        return self.circle_now(c, s, s["c_eff"], pc)

    def circle_now(self, c: _Ctx, s: Sym, effect: Expr, pc: z3.BoolRef) -> Sym:
        """``circle_end``: the round ends just before it returns to the Master (cp.round.5); the
        Master decides whether to continue (cp.continuing.1-6, cp.skip.2, cp.force.3)."""
        m = s["master"]
        s = dict(s, cont=z3.BoolVal(False))
        skip = effect == _bv(SKIP_EFFECT & 0xFF)
        pc_skip = z3.And(pc, skip)
        rid = "cp.skip_at_round_end"
        force = self.is_opt(c, rid, "force_continue", pc_skip)
        m_has = self.any_hand(s, m)
        discards = z3.And(skip, z3.Not(force), m_has)
        then = z3.If(self.is_opt(c, rid, "discard_and_force", pc_skip), _bv(1), _bv(2))
        r_discard = self.start_discard(c, s, m, then, z3.And(pc, discards))
        # a Master with no card: skipped, the round ends (discard_and_end); else forced on
        empty = z3.And(skip, z3.Not(m_has))
        skipped = self.is_opt(c, rid, "discard_and_end", z3.And(pc, empty))
        r_empty = _merge(skipped, self.round_end(c, s, z3.And(pc, empty, skipped)),
                         self.forced_empty_handed(c, s, z3.And(pc, empty, z3.Not(skipped))))
        forced = z3.ULT(effect, NK)
        required = self.forced_mask(c, s, m, effect, z3.And(pc, z3.Not(skip), forced))
        has = required != 0
        pc_plain = z3.And(pc, z3.Not(skip), z3.Not(forced))
        plain = self.continuation_mask(c, s, m, pc_plain)
        mask = z3.If(skip, _bv(ALL_BITS, M16), z3.If(forced, z3.If(has, required, _bv(ALL_BITS, M16)), plain))
        can_end = z3.If(skip, z3.BoolVal(False), z3.If(forced, z3.Not(has), z3.BoolVal(True)))
        r_begin = self.begin_now(c, s, m, mask, can_end, PH_CONTINUE, z3.And(pc, z3.Not(discards), z3.Not(empty)))
        return _merge(discards, r_discard, _merge(empty, r_empty, r_begin))

    def forced_empty_handed(self, c: _Ctx, s: Sym, pc: z3.BoolRef) -> Sym:
        """``forced_empty_handed``: a Skip forces on a Master with no card (cp.skip.2,
        cp.continuing.6): he ends the round, or his turn passes on (cp.skip_master_empty_handed)."""
        m = s["master"]
        ends = self.is_opt(c, "cp.skip_master_empty_handed", "master_ends", pc)
        return _merge(ends, self.begin_now(c, s, m, _bv(0, M16), True, PH_CONTINUE, z3.And(pc, ends)),
                      self.end_turn(dict(s, turn=m), m))

    def continuation_mask(self, c: _Ctx, s: Sym, m: Expr, pc: z3.BoolRef) -> Expr:
        """Cards the Master may continue the round with (cp.continuing.1-3, cp.summary.5)."""
        hand_bits = self.bits(s, m)
        has_trump = s["trump"] != 0xFF
        one = _bv(1, M16)
        chonk = _bv(1 << CHONK, M16)
        trump_bits = (one << z3.ZeroExt(M16 - W, s["trump"])) | chonk
        # another Spoiled card after a Spoiled trump: a trump only if the Spoiled are one type
        ask_spoiled = z3.And(s["trump"] == SPOILED, hand_bits & (1 << SPOILED) != 0)
        each_card = self.is_opt(c, "cp.spoiled_trump", "each_card", z3.And(pc, ask_spoiled))
        trump_bits = z3.If(z3.And(ask_spoiled, each_card), chonk, trump_bits)
        ask_any = z3.And(z3.Not(has_trump), hand_bits & (NONACTION_BITS & ~(1 << CHONK)) != 0)
        any_na = self.is_opt(c, "cp.continue_no_trump_yet", "any_non_action", z3.And(pc, ask_any))
        bits = z3.If(has_trump, trump_bits, z3.If(z3.And(ask_any, any_na), _bv(NONACTION_BITS, M16), chonk))
        # a War he holds that would be a Chonk now: a chonk, or a War card (cp.war_held_as_chonk)
        war_now = self.war_is_a_chonk_now(s)
        holds_war = hand_bits & (1 << WAR) != 0
        war_card = self.is_opt(c, "cp.war_held_as_chonk", "a_war_card", z3.And(pc, war_now, holds_war))
        bits = z3.If(z3.And(war_now, z3.Not(z3.And(holds_war, war_card))), bits | (1 << WAR), bits)
        ask = hand_bits & DRAW_ACTION_BITS & ~bits != 0
        rid = "cp.continue_with_action"
        always = self.is_opt(c, rid, "draw_action_always", z3.And(pc, ask))
        without = self.is_opt(c, rid, "draw_action_without_trump", z3.And(pc, ask))
        add = z3.And(ask, z3.Or(always, z3.And(without, hand_bits & bits == 0)))
        return z3.If(add, bits | DRAW_ACTION_BITS, bits)

    def extra_play(self, c: _Ctx, s: Sym, pc: z3.BoolRef, only: Expr = None) -> Sym:
        """After a card that says draw and play another (cp.stacking.1): the same player plays."""
        p = s["turn"]
        pc_c = z3.And(pc, s["cont"])
        ends = z3.And(s["cont"], self.is_opt(c, "cp.continue_after_action", "trump_chonk_or_end", pc_c))
        r_cont = self.settle(self.clear_queue(s), phase=PH_CONTINUE, actor=p,
                             mask=self.continuation_mask(c, s, p, z3.And(pc_c, ends)), can_end=True, window=False,
                             aux=_bv(0xFF))
        if only is None:
            mask = _bv(ALL_BITS, M16)
        else:
            fits = z3.And(z3.ULT(only, NK), self.hand(s, p, only) != 0)
            mask = z3.If(fits, _bv(1, M16) << z3.ZeroExt(M16 - W, only), _bv(ALL_BITS, M16))
        r_play = self.settle(self.clear_queue(s), phase=PH_PLAY, actor=p, mask=mask, can_end=False, window=False,
                             aux=_bv(0xFF))
        # 'then play any card' with no card left: the turn passes, or the round ends (cp.empty_hand_turn)
        holds = self.any_hand(s, p)
        passes = self.is_opt(c, "cp.empty_hand_turn", "pass", z3.And(pc, z3.Not(ends), z3.Not(holds)))
        r_empty = _merge(passes, self.end_turn(s, p), self.call(s, ROUND_END))
        return _merge(ends, r_cont, _merge(holds, r_play, r_empty))

    def draw_source(self, s: Sym) -> Expr:
        """0 the draw deck, 1 the discard deck (cp.empty-draw.1), 255 nothing (cp.empty-draw.2)."""
        return z3.If(self.any_vec(s, "draw"), _bv(0), z3.If(self.any_vec(s, "disc"), _bv(1), _bv(0xFF)))

    def round_end(self, c: _Ctx, s: Sym, pc: z3.BoolRef) -> Sym:
        """``round_end``: the last player to put down a trump or chonk wins the cards (cp.winning.1-2)."""
        n = self.n
        nobody = s["last"] == 0xFF
        to_master = self.is_opt(c, "cp.no_trump_winner", "master", z3.And(pc, nobody))
        winner = z3.If(nobody, z3.If(to_master, s["master"], _bv(0xFF)), s["last"])
        out = dict(s)
        to_discard = z3.And(nobody, z3.Not(to_master))
        for k in range(NK):
            add = s[f"tab{k}"] + (s[f"tab{WAR_CHONK}"] if k == WAR else 0)
            out[f"disc{k}"] = z3.If(to_discard, s[f"disc{k}"] + add, s[f"disc{k}"])
        for p in range(n):
            for k in range(NT):
                out[f"pile{p}_{k}"] = z3.If(winner == p, s[f"pile{p}_{k}"] + s[f"tab{k}"], s[f"pile{p}_{k}"])
        for k in range(NT):
            out[f"tab{k}"] = _bv(0)
        out = self.clear_queue(out)
        out.update(trump=_bv(0xFF), last=_bv(0xFF), master=z3.If(winner == 0xFF, s["master"], winner),
                   cont=z3.BoolVal(False), window=z3.BoolVal(False), aux=_bv(0xFF))
        out = self.clear_seen(out)
        all_empty = self.all_empty(out)
        # cp.war.3: the War's effect disappears when everyone is empty-handed, even as the game ends here
        out["war"] = z3.And(out["war"], z3.Not(all_empty))
        four = z3.BoolVal(False)
        if self.spoiled_total:
            four = z3.Or([z3.And(winner == p, out[f"pile{p}_{SPOILED}"] == self.spoiled_total) for p in range(n)])
        now = self.is_opt(c, "cp.four_spoiled_when", "immediately", z3.And(pc, four))
        war_goes_on = out["war"]
        # a War goes on until everyone is empty-handed (cp.war.2-3): no drawing up meanwhile
        after = _merge(war_goes_on, self.start_round(c, out, z3.And(pc, z3.Not(z3.And(four, now)), war_goes_on)),
                       self.call(dict(out, war=z3.BoolVal(False)), REFILL, ae=all_empty))
        return _merge(z3.And(four, now), self.call(out, GAME_OVER), after)

    def clear_seen(self, s: Sym) -> Sym:
        out = dict(s)
        out.update(seen=z3.BoolVal(False), seen_asker=_bv(0), seen_type=_bv(0), seen_len=_bv(0))
        for j in range(self.n - 1):
            out[f"seen_k{j}"] = _bv(0)
        return out

    def refill_step(self, c: _Ctx, s: Sym, pc: z3.BoolRef) -> Sym:
        """``refill``: everyone draws back up to 6, from the winner clockwise (cp.after-round.1-3)."""
        all_empty = s["c_ae"]
        no_draw = z3.Not(self.any_vec(s, "draw"))
        pc_d = z3.And(pc, no_draw, all_empty, self.any_vec(s, "disc"))
        becomes = self.is_opt(c, "cp.game_over_discard", "discard_becomes_draw", pc_d)
        swapped = dict(s)
        for k in range(NK):
            swapped[f"draw{k}"] = s[f"disc{k}"]
            swapped[f"disc{k}"] = _bv(0)
        r_empty = _merge(z3.Not(all_empty), self.start_round(c, s, z3.And(pc, no_draw, z3.Not(all_empty))),
                         _merge(z3.And(self.any_vec(s, "disc"), becomes), self.call(swapped, REFILL, ae=all_empty),
                                self.call(s, GAME_OVER)))
        r_queue = self.refill_queue(c, s, z3.And(pc, z3.Not(no_draw)))
        return _merge(no_draw, r_empty, r_queue)

    def refill_queue(self, c: _Ctx, s: Sym, pc: z3.BoolRef) -> Sym:
        """The draw queue of a refill (in order, or round robin when short: cp.refill_shortage).

        8-bit arithmetic: hands, the draw deck and the needs of a reachable state are far below
        256 (78 cards)."""
        n, size = self.n, self.n * HAND
        order = [z3.If(z3.UGE(s["master"] + i, n), s["master"] + i - n, s["master"] + i) for i in range(n)]
        sizes = [sum(s[f"h{p}_{k}"] for k in range(NK)) for p in range(n)]
        held = [self.pick(order[i], sizes) for i in range(n)]
        need = [z3.If(z3.UGE(held[i], HAND), _bv(0), HAND - held[i]) for i in range(n)]
        supply = sum(s[f"draw{k}"] for k in range(NK))
        total = sum(need)
        short = z3.UGT(total, supply)
        robin = z3.And(short, self.is_opt(c, "cp.refill_shortage", "round_robin", z3.And(pc, short)))
        length = z3.If(short, supply, total)
        out = dict(s)
        in_order = self._queue_in_order(order, need)
        static = z3.simplify(robin)
        round_robin = in_order if z3.is_false(static) else self._queue_round_robin(order, need)
        for j in range(size):
            cell = in_order[j] if z3.is_false(static) else z3.If(robin, round_robin[j], in_order[j])
            out[f"q{j}"] = z3.If(z3.ULT(j, length), cell, _bv(0))
        out["qlen"] = length
        r_draws = self.settle(out, phase=PH_DRAW, src=0, after=AFTER_ROUND, aux=_bv(0xFF), window=False)
        return _merge(length == 0, self.start_round(c, s, z3.And(pc, length == 0)), r_draws)

    def _queue_in_order(self, order: list[Expr], need: list[Expr]) -> list[Expr]:
        """Cell j: the player whose block of ``need`` cards (in order from the winner) holds j."""
        ends = []
        acc = _bv(0)
        for x in need:
            acc = acc + x
            ends.append(acc)
        cells = []
        for j in range(self.n * HAND):
            cell = _bv(0)
            for i in range(self.n - 1, -1, -1):
                cell = z3.If(z3.ULT(j, ends[i]), order[i], cell)
            cells.append(cell)
        return cells

    def _queue_round_robin(self, order: list[Expr], need: list[Expr]) -> list[Expr]:
        """Cell j: round r holds, in order, the players needing more than r cards."""
        n = self.n
        wants = [[z3.UGT(need[i], r) for i in range(n)] for r in range(HAND)]
        slots: list[tuple[z3.BoolRef, Expr, Expr]] = []
        start = _bv(0)
        for r in range(HAND):
            ahead = _bv(0)
            for i in range(n):
                slots.append((wants[r][i], start + ahead, order[i]))
                ahead = ahead + z3.If(wants[r][i], _bv(1), _bv(0))
            start = start + ahead
        cells = []
        for j in range(n * HAND):
            cell = _bv(0)
            for exists, pos, who in slots:
                cell = z3.If(z3.And(exists, pos == j), who, cell)
            cells.append(cell)
        return cells

    def game_over(self, c: _Ctx, s: Sym, pc: z3.BoolRef) -> Sym:
        """``game_over`` and ``final_result``: count up the win piles (cp.finishing.1-6)."""
        n = self.n
        piles = [[s[f"pile{p}_{k}"] for k in range(NT)] for p in range(n)]
        winners, outcome = self.final_result(c, piles, pc)
        out = self.clear_queue(s)
        return self.settle(out, phase=PH_OVER, actor=_bv(0xFF), mask=winners, aux=outcome, window=False,
                           can_end=False, cont=False)

    def final_result(self, c: _Ctx, piles: list[list[Expr]], pc: z3.BoolRef) -> tuple[Expr, Expr]:
        n = self.n
        w = M16

        def wide(e: Expr) -> Expr:
            return z3.ZeroExt(w - W, e)

        # four Spoiled: the first such player wins outright
        four = [piles[p][SPOILED] == self.spoiled_total for p in range(n)]
        # points, signed: +1 sweet/salty, -1 spoiled (offset by 64 to stay unsigned)
        pts = [wide(piles[p][0]) + wide(piles[p][1]) + 64 - wide(piles[p][SPOILED]) for p in range(n)]
        best = _max(pts)
        cont1 = [pts[p] == best for p in range(n)]
        unique1 = _count(cont1) == 1
        pc2 = z3.And(pc, z3.Not(z3.Or(four)), z3.Not(unique1))
        # which War cards count as Chonks (cp.war_chonk_scoring; scoring.chonks), asked where a tied
        # player's pile holds one
        any_war = z3.Or([z3.And(cont1[p], z3.Or(piles[p][WAR_CHONK] != 0, piles[p][WAR] != 0)) for p in range(n)])
        asked = z3.And(pc2, any_war)
        every = z3.And(any_war, self.is_opt(c, "cp.war_chonk_scoring", "every_war", asked))
        counts_wc = z3.And(any_war, z3.Not(self.is_opt(c, "cp.war_chonk_scoring", "counts_as_war", asked)))
        chonks = [wide(piles[p][CHONK]) + z3.If(counts_wc, wide(piles[p][WAR_CHONK]), _bv(0, w))
                  + z3.If(every, wide(piles[p][WAR]), _bv(0, w)) for p in range(n)]
        best2 = _max([z3.If(cont1[p], chonks[p], _bv(0, w)) for p in range(n)])
        cont2 = [z3.And(cont1[p], chonks[p] == best2) for p in range(n)]
        unique2 = _count(cont2) == 1
        cards = [sum(wide(x) for x in piles[p]) for p in range(n)]
        best3 = _max([z3.If(cont2[p], cards[p], _bv(0, w)) for p in range(n)])
        cont3 = [z3.And(cont2[p], cards[p] == best3) for p in range(n)]
        unique3 = _count(cont3) == 1
        pc4 = z3.And(pc2, z3.Not(unique2), z3.Not(unique3))
        shared = self.is_opt(c, "cp.final_tie", "shared", pc4)

        def as_mask(cs: list[z3.BoolRef]) -> Expr:
            return sum(z3.If(cs[p], _bv(1 << p, M16), _bv(0, M16)) for p in range(n))

        first_four = _bv(0, M16)
        for p in range(n - 1, -1, -1):
            first_four = z3.If(four[p], _bv(1 << p, M16), first_four)
        winners = z3.If(z3.Or(four), first_four, z3.If(unique1, as_mask(cont1), z3.If(
            unique2, as_mask(cont2), z3.If(unique3, as_mask(cont3), z3.If(shared, as_mask(cont3), _bv(0, M16))))))
        outcome = z3.If(z3.Or(four), _bv(3), z3.If(unique1, _bv(0), z3.If(unique2, _bv(1), z3.If(
            unique3, _bv(2), _bv(4)))))
        if not self.spoiled_total:
            winners = z3.If(unique1, as_mask(cont1), z3.If(unique2, as_mask(cont2), z3.If(
                unique3, as_mask(cont3), z3.If(shared, as_mask(cont3), _bv(0, M16)))))
        return winners, outcome

    # ---------------------------------------------------------------- engine actions (game.py, actions.py)
    def deal(self, c: _Ctx, s: Sym, i: State, t: State, pc: z3.BoolRef, extra: list[z3.BoolRef]) -> Sym:
        """The deal: 6 cards each, a discard deck of 6, the rest is the draw deck (cp.setup.1-4)."""
        n = self.n
        out = dict(s)
        for p in range(n):
            extra.append(sum(z3.ZeroExt(8, t[f"h{p}_{k}"]) for k in range(NK)) == HAND)
            for k in range(NK):
                out[f"h{p}_{k}"] = t[f"h{p}_{k}"]
        extra.append(sum(z3.ZeroExt(8, t[f"disc{k}"]) for k in range(NK)) == HAND)
        for k in range(NK):
            out[f"disc{k}"] = t[f"disc{k}"]
            dealt = sum(z3.ZeroExt(8, t[f"h{p}_{k}"]) for p in range(n)) + z3.ZeroExt(8, t[f"disc{k}"])
            extra.append(z3.ULE(dealt, self.counts[k]))
            extra.append(z3.ULE(t[f"disc{k}"], self.counts[k]))
            extra += [z3.ULE(t[f"h{p}_{k}"], self.counts[k]) for p in range(n)]
            out[f"draw{k}"] = z3.Extract(W - 1, 0, self.counts[k] - dealt)
        chance = self.is_opt(c, "cp.first_master", "chance", pc)
        first = self.start_round(c, dict(out, master=_bv(0)), z3.And(pc, z3.Not(chance)))
        return _merge(chance, self.settle(out, phase=PH_MASTER), first)

    def munchies_master(self, c: _Ctx, s: Sym, i: State, t: State, pc: z3.BoolRef, extra: list) -> Sym:
        return self.start_round(c, dict(s, master=i["q"]), pc)

    def draw(self, c: _Ctx, s: Sym, i: State, t: State, pc: z3.BoolRef, extra: list) -> Sym:
        """The next player in the draw queue draws ``k``; then what the draws were for."""
        k, drawer = i["k"], s["q0"]
        out = self.add_hand(s, drawer, k, 1)
        from_draw = s["src"] == 0
        for kk in range(NK):
            out[f"draw{kk}"] = z3.If(z3.And(from_draw, k == kk), s[f"draw{kk}"] - 1, s[f"draw{kk}"])
            out[f"disc{kk}"] = z3.If(z3.And(z3.Not(from_draw), k == kk), s[f"disc{kk}"] - 1, s[f"disc{kk}"])
        size = self.n * HAND
        for j in range(size):
            out[f"q{j}"] = s[f"q{j + 1}"] if j + 1 < size else _bv(0)
        out["qlen"] = s["qlen"] - 1
        after = s["after"]
        # an action card's next draw (a Steal's two): the discard deck once the deck drawn from is
        # empty (cp.empty-draw.1), nobody more once both are (cp.empty-draw.2)
        dry = z3.And(out["qlen"] != 0, z3.Or(after == AFTER_EXTRA, after == AFTER_TURN),
                     z3.If(from_draw, z3.Not(self.any_vec(out, "draw")), z3.Not(self.any_vec(out, "disc"))))
        to_disc = z3.And(dry, from_draw, self.any_vec(out, "disc"))
        out["src"] = z3.If(to_disc, _bv(1), s["src"])
        out["qlen"] = z3.If(z3.And(dry, z3.Not(to_disc)), _bv(0), out["qlen"])
        more = out["qlen"] != 0
        pc_a = z3.And(pc, z3.Not(more))
        r_extra = self.extra_play(c, out, z3.And(pc_a, after == AFTER_EXTRA), only=s["aux"])
        r_window = self.settle(out, phase=s["aux"], aux=_bv(0xFF), window=self.war_may_be_called(
            c, out, out["actor"], z3.And(pc_a, after == AFTER_WINDOW)))
        r_turn = self.turn_of(c, out, out["turn"], s["aux"], z3.And(pc_a, after == AFTER_TURN))
        r_round = self.start_round(c, out, z3.And(pc_a, after == AFTER_ROUND))
        r_after = _merge(after == AFTER_EXTRA, r_extra, _merge(after == AFTER_WINDOW, r_window,
                                                                 _merge(after == AFTER_TURN, r_turn, r_round)))
        return _merge(more, self.settle(out), r_after)

    def no_war(self, c: _Ctx, s: Sym, i: State, t: State, pc: z3.BoolRef, extra: list) -> Sym:
        return self.settle(s, window=False)

    def call_war(self, c: _Ctx, s: Sym, i: State, t: State, pc: z3.BoolRef, extra: list) -> Sym:
        """``q`` calls out a War before another player's decision (cp.war.1)."""
        return self.war(c, s, i["q"], False, pc)

    def war(self, c: _Ctx, s: Sym, p: Expr, in_turn: bool, pc: z3.BoolRef) -> Sym:
        """``p`` puts down a War (cp.war.1-7): a Chonk during a War or with an empty draw deck."""
        as_chonk = self.war_is_a_chonk_now(s)
        pc_c = z3.And(pc, as_chonk)
        a = self.add_vec(self.add_hand(s, p, _bv(WAR), -1), "tab", NT, _bv(WAR_CHONK), 1)
        no_trump = a["trump"] == 0xFF
        sets = self.is_opt(c, "cp.war_chonk_sets_trump", "sets_trump", z3.And(pc_c, no_trump))
        a["trump"] = z3.If(z3.And(no_trump, sets), _bv(CHONK), a["trump"])
        a["last"] = p
        ends = self.is_opt(c, "cp.war_chonk_ends_war", "ends_war", z3.And(pc_c, a["war"]))
        a["war"] = z3.If(z3.And(a["war"], ends), z3.BoolVal(False), a["war"])
        draws = self.is_opt(c, "cp.war_chonk_effect", "chonk_and_draw", pc_c)
        src = self.draw_source(a)
        after = AFTER_EXTRA if in_turn else AFTER_WINDOW
        aux = _bv(0xFF) if in_turn else s["phase"]
        r_draw = self.start_draws(a, p, src, after, aux)
        later = z3.BoolVal(False) if in_turn else z3.And(draws, self.is_opt(
            c, "cp.war_draw_when", "on_their_turn", z3.And(pc_c, draws)))
        drawn = z3.And(draws, src != 0xFF, z3.Not(later))
        r_no = self.end_turn(a, p) if in_turn else self.settle(
            a, window=self.war_may_be_called(c, a, a["actor"], z3.And(pc_c, z3.Not(drawn), z3.Not(later))))
        r_chonk = _merge(drawn, r_draw, r_no)
        if not in_turn:
            r_chonk = _merge(later, self.owe(c, a, p, z3.And(pc_c, later)), r_chonk)
        b = self.add_vec(self.add_hand(s, p, _bv(WAR), -1), "tab", NT, _bv(WAR), 1)
        b["war"] = z3.BoolVal(True)
        r_war = self.start_draws(b, p, _bv(0), after, aux)
        if not in_turn:
            pc_w = z3.And(pc, z3.Not(as_chonk))
            waits = self.is_opt(c, "cp.war_draw_when", "on_their_turn", pc_w)
            r_war = _merge(waits, self.owe(c, b, p, z3.And(pc_w, waits)), r_war)
        return _merge(as_chonk, r_chonk, r_war)

    def owe(self, c: _Ctx, s: Sym, p: Expr, pc: z3.BoolRef) -> Sym:
        """``owe_a_draw``: ``p`` draws the War's new card when their turn comes; play goes back to
        the decision the call came before."""
        out = self.set_owed(s, p, self.owes(s, p) + 1)
        return self.settle(out, window=self.war_may_be_called(c, out, out["actor"], pc))

    def play(self, c: _Ctx, s: Sym, i: State, t: State, pc: z3.BoolRef, extra: list) -> Sym:
        return self.play_card(c, s, s["actor"], i["k"], pc)

    def continue_round(self, c: _Ctx, s: Sym, i: State, t: State, pc: z3.BoolRef, extra: list) -> Sym:
        return self.play_card(c, dict(s, cont=z3.BoolVal(True)), s["actor"], i["k"], pc)

    def end_round(self, c: _Ctx, s: Sym, i: State, t: State, pc: z3.BoolRef, extra: list) -> Sym:
        return self.call(s, ROUND_END)

    def play_card(self, c: _Ctx, s: Sym, p: Expr, k: Expr, pc: z3.BoolRef) -> Sym:
        """``p`` plays ``k`` on their turn or to continue the round (cp.round.4)."""
        stacked = z3.Or([k == x for x in DRAW_ACTIONS])
        s = dict(s, chain=z3.If(stacked, s["chain"] + 1, s["chain"]))
        is_war = k == WAR
        r_war = self.war(c, s, p, True, z3.And(pc, is_war))
        on = self.add_vec(self.add_hand(s, p, k, -1), "tab", NT, k, 1)
        # a non-action card: trump (cp.round.2), trump or chonk makes p last (cp.winning.1)
        first_chonk = z3.And(on["trump"] == 0xFF, k == CHONK)
        no_trump = self.is_opt(c, "cp.chonk_sets_trump", "no_trump", z3.And(pc, first_chonk))
        trump = z3.If(on["trump"] == 0xFF, z3.If(z3.And(first_chonk, no_trump), on["trump"], k), on["trump"])
        # another Spoiled card after a Spoiled trump is a trump only if the Spoiled are one type
        another = z3.And(k == SPOILED, on["trump"] == SPOILED)
        each_card = self.is_opt(c, "cp.spoiled_trump", "each_card", z3.And(pc, another))
        trump_card = z3.And(k == trump, z3.Not(z3.And(another, each_card)))
        last = z3.If(z3.Or(trump_card, k == CHONK), p, on["last"])
        plain = z3.ULT(k, CHOOSE)
        # a non-action card or a Skip: the turn ends (cp.round.3, cp.skip.1)
        r_ends = self.end_turn_now(c, _merge(plain, dict(on, trump=trump, last=last), on), p,
                                   z3.If(plain, _bv(NO_EFFECT & 0xFF), _bv(SKIP_EFFECT & 0xFF)),
                                   z3.And(pc, z3.Or(plain, k == SKIP)))
        r_force = self.ask_type(c, on, p, 1, z3.And(pc, k == FORCE))
        src = self.draw_source(on)
        pc_ch = z3.And(pc, k == CHOOSE)
        pile_bits = z3.If(src == 0, self.vec_bits(on, "draw"), self.vec_bits(on, "disc"))
        r_choose = _merge(src == 0xFF, self.no_effect(c, on, p, z3.And(pc_ch, src == 0xFF)),
                          self.settle(on, phase=PH_CHOOSE, actor=p, src=src, mask=pile_bits, window=False))
        r_steal = self.steal(c, on, p, z3.And(pc, k == STEAL))
        pc_see = z3.And(pc, k == SEE)
        r_see = _merge(src == 0xFF, self.no_effect(c, on, p, z3.And(pc_see, src == 0xFF)),
                       self.ask_type(c, on, p, 0, z3.And(pc_see, src != 0xFF)))
        return _merge(is_war, r_war, _merge(z3.Or(plain, k == SKIP), r_ends, _merge(
            k == FORCE, r_force, _merge(k == CHOOSE, r_choose, _merge(k == STEAL, r_steal, r_see)))))

    def steal(self, c: _Ctx, s: Sym, p: Expr, pc: z3.BoolRef) -> Sym:
        """Steal: the players one may steal from (cp.steal.1; cp.steal_from_self, cp.steal_empty_hand);
        with both decks empty, first whether it has any effect (cp.steal_nothing_to_draw)."""
        nothing = self.draw_source(s) == 0xFF
        gone = z3.And(nothing, self.is_opt(c, "cp.steal_nothing_to_draw", "no_effect", z3.And(pc, nothing)))
        r_gone = self.no_effect(c, s, p, z3.And(pc, gone))
        pc = z3.And(pc, z3.Not(gone))
        include_self = self.is_opt(c, "cp.steal_from_self", "include_self", pc)
        victims = _bv(0, M16)
        asked = z3.BoolVal(False)
        holders_only = z3.BoolVal(False)
        for q in range(self.n):
            candidate = z3.Or(p != q, include_self)
            empty = z3.Not(self.any_hand(s, q))
            ask_now = z3.And(candidate, empty, z3.Not(asked))
            h = self.is_opt(c, "cp.steal_empty_hand", "holders_only", z3.And(pc, ask_now))
            holders_only = z3.If(ask_now, h, holders_only)
            asked = z3.Or(asked, z3.And(candidate, empty))
            keep = z3.And(candidate, z3.Or(z3.Not(empty), z3.Not(holders_only)))
            victims = z3.If(keep, victims | (1 << q), victims)
        none = victims == 0
        return _merge(gone, r_gone, _merge(none, self.no_effect(c, s, p, z3.And(pc, none)),
                                           self.settle(s, phase=PH_STEAL_FROM, actor=p, mask=victims, window=False)))

    def ask_type(self, c: _Ctx, s: Sym, p: Expr, which: int, pc: z3.BoolRef) -> Sym:
        """See a Card (0) or Force (1): ``p`` names a card type (cp.named_types)."""
        any_kind = self.is_opt(c, "cp.named_types", "any_kind", pc)
        names = z3.If(any_kind, _bv(ALL_BITS, M16), _bv(NONACTION_BITS, M16))
        return self.settle(s, phase=PH_NAME, actor=p, aux=which, mask=names, window=False)

    def no_effect(self, c: _Ctx, s: Sym, p: Expr, pc: z3.BoolRef) -> Sym:
        """Nothing to draw or nobody to steal from: no effect (cp.empty-draw.2; cp.no_effect_then)."""
        another = self.is_opt(c, "cp.no_effect_then", "play_another", pc)
        return _merge(another, self.extra_play(c, s, z3.And(pc, another)), self.end_turn(s, p))

    def choose_card(self, c: _Ctx, s: Sym, i: State, t: State, pc: z3.BoolRef, extra: list) -> Sym:
        """Choose: take ``k`` from the draw (or discard) deck, then play (cp.choose.1-4)."""
        k, p = i["k"], s["actor"]
        out = self.add_hand(s, p, k, 1)
        from_draw = s["src"] == 0
        for kk in range(NK):
            out[f"draw{kk}"] = z3.If(z3.And(from_draw, k == kk), s[f"draw{kk}"] - 1, s[f"draw{kk}"])
            out[f"disc{kk}"] = z3.If(z3.And(z3.Not(from_draw), k == kk), s[f"disc{kk}"] - 1, s[f"disc{kk}"])
        chosen = self.is_opt(c, "cp.choose_then_play", "chosen_card", pc)
        r = self.extra_play(c, out, pc, only=z3.If(chosen, k, _bv(0xFF)))
        free = z3.Not(s["cont"])
        stop = z3.And(free, self.is_opt(c, "cp.choose_play_optional", "may_stop", z3.And(pc, free)))
        return dict(r, can_end=z3.If(stop, z3.BoolVal(True), r["can_end"]))

    def play_nothing(self, c: _Ctx, s: Sym, i: State, t: State, pc: z3.BoolRef, extra: list) -> Sym:
        """After a Choose, its player plays no card: the turn ends (cp.choose.3, cp.choose_play_optional)."""
        return self.end_turn(dict(s, can_end=z3.BoolVal(False)), s["actor"])

    def steal_from(self, c: _Ctx, s: Sym, i: State, t: State, pc: z3.BoolRef, extra: list) -> Sym:
        victim = i["q"]
        has = self.any_hand(s, victim)
        return _merge(has, self.settle(s, phase=PH_STOLEN, aux=victim),
                      self.victim_draws(c, s, victim, z3.And(pc, z3.Not(has))))

    def stolen(self, c: _Ctx, s: Sym, i: State, t: State, pc: z3.BoolRef, extra: list) -> Sym:
        victim, p, k = s["aux"], s["actor"], i["k"]
        out = self.add_hand(self.add_hand(s, victim, k, -1), p, k, 1)
        return self.victim_draws(c, out, victim, pc)

    def victim_draws(self, c: _Ctx, s: Sym, victim: Expr, pc: z3.BoolRef) -> Sym:
        """The player stolen from draws a new card (cp.steal.2), then the stealer plays. Stolen from
        another player, under ``cp.steal_stealer_draws = stealer_too``, the stealer draws after him
        (alone where he draws nothing from the discard deck), from the deck he would draw from."""
        own = self.draw_source(s)
        no_draw = self.is_opt(c, "cp.steal_victim_draw_fallback", "no_draw", z3.And(pc, own == 1))
        src = z3.If(z3.And(own == 1, no_draw), _bv(0xFF), own)
        asked = z3.And(own != 0xFF, victim != s["actor"])
        too = z3.And(asked, self.is_opt(c, "cp.steal_stealer_draws", "stealer_too", z3.And(pc, asked)))
        plain = _merge(src == 0xFF, self.extra_play(c, s, z3.And(pc, z3.Not(too), src == 0xFF)),
                       self.start_draws(s, victim, src, AFTER_EXTRA, _bv(0xFF)))
        both = self.start_draws(s, victim, own, AFTER_EXTRA, _bv(0xFF))
        both["qlen"] = _bv(2)
        both["q1"] = s["actor"]
        alone = self.start_draws(s, s["actor"], own, AFTER_EXTRA, _bv(0xFF))
        return _merge(too, _merge(src == 0xFF, alone, both), plain)

    def name_type(self, c: _Ctx, s: Sym, i: State, t: State, pc: z3.BoolRef, extra: list) -> Sym:
        k, p = i["k"], s["actor"]
        force = s["aux"] == 1
        r_force = self.end_turn_now(c, s, p, k, z3.And(pc, force))
        see = self.clear_seen(s)
        see.update(seen=z3.BoolVal(True), seen_asker=p, seen_type=k)
        return _merge(force, r_force, self.next_show(c, see, k, 0, z3.And(pc, z3.Not(force))))

    def show_card(self, c: _Ctx, s: Sym, i: State, t: State, pc: z3.BoolRef, extra: list) -> Sym:
        out = dict(s)
        out.update(seen=z3.BoolVal(True), seen_asker=s["turn"], seen_type=s["aux"])
        for j in range(self.n - 1):
            out[f"seen_k{j}"] = z3.If(s["seen_len"] == j, i["k"], s[f"seen_k{j}"])
        out["seen_len"] = s["seen_len"] + 1
        start = (self.n - 1) - s["pend"]
        return self.next_show(c, out, s["aux"], start, pc)

    def next_show(self, c: _Ctx, s: Sym, kind: Expr, start: Expr | int, pc: z3.BoolRef) -> Sym:
        """Everyone after the asker shows a card of the named type, or (if none) any card (cp.see.1-3)."""
        n = self.n
        asker = s["turn"]
        cur = dict(s)
        going = z3.BoolVal(True)
        exits: list[tuple[z3.BoolRef, Sym]] = []
        for j in range(n - 1):
            q = z3.If(asker + 1 + j >= n, asker + 1 + j - n, asker + 1 + j)
            active = z3.And(going, z3.UGE(_bv(j), start) if not isinstance(start, int) else z3.BoolVal(j >= start))
            has = self.hand(cur, q, kind) != 0
            empty = z3.Not(self.any_hand(cur, q))
            asks = z3.And(active, z3.Not(has), z3.Not(empty))
            chooses = self.is_opt(c, "cp.see_no_such_card", "shower_chooses", z3.And(pc, asks))
            leave = z3.And(asks, chooses)
            exits.append((leave, self.settle(cur, phase=PH_SHOW, actor=q, aux=kind, pend=_bv(n - 2 - j),
                                             mask=self.bits(cur, q))))
            record = z3.And(active, z3.Not(leave))
            nxt = dict(cur)
            nxt[f"seen_k{j}"] = z3.If(record, z3.If(has, kind, _bv(0xFF)), cur[f"seen_k{j}"])
            nxt["seen_len"] = z3.If(record, cur["seen_len"] + 1, cur["seen_len"])
            cur = nxt
            going = z3.And(going, z3.Not(leave))
        fin = dict(cur)
        fin.update(actor=asker, pend=_bv(0))
        src = self.draw_source(fin)
        pc_f = z3.And(pc, going)
        result = _merge(src == 0xFF, self.extra_play(c, fin, z3.And(pc_f, src == 0xFF)),
                        self.start_draws(fin, asker, src, AFTER_EXTRA, _bv(0xFF)))
        for leave, exit_state in reversed(exits):
            result = _merge(leave, exit_state, result)
        return result

    def discard_card(self, c: _Ctx, s: Sym, i: State, t: State, pc: z3.BoolRef, extra: list) -> Sym:
        """A Skip's victim discards ``k`` (cp.skip.1); then the turn passes or the round goes on."""
        victim, k = s["actor"], i["k"]
        out = self.add_hand(s, victim, k, -1)
        to_deck = self.is_opt(c, "cp.skip_discard_to", "discard_deck", pc)
        deck = self.add_vec(out, "disc", NK, k, 1)
        table = self.add_vec(out, "tab", NT, k, 1)
        out = _merge(to_deck, deck, table)
        then = s["aux"]
        r_pass = self.end_turn_now(c, dict(out, turn=victim), victim, NO_EFFECT, z3.And(pc, then == 0))
        m_has = self.any_hand(out, out["master"])
        r_master = _merge(m_has, self.begin_now(c, out, out["master"], ALL_BITS, False, PH_CONTINUE,
                                                z3.And(pc, then == 1, m_has)),
                          self.forced_empty_handed(c, out, z3.And(pc, then == 1, z3.Not(m_has))))
        return _merge(then == 0, r_pass, _merge(then == 1, r_master, self.call(out, ROUND_END)))


@dataclass
class _Ctx:
    """One step's ruling consultations: the path condition under which each was consulted,
    and the option each open ruling takes in this engine action."""

    used: dict[str, z3.BoolRef]
    opt: dict[str, Expr]


# ============================================================================ helpers


def _val(v: Any, like: Expr) -> Expr:
    if isinstance(v, bool):
        return z3.BoolVal(v)
    if isinstance(v, int):
        return z3.BitVecVal(v & ((1 << like.size()) - 1), like.size())
    if z3.is_bv(v) and z3.is_bv(like) and v.size() != like.size():
        return z3.ZeroExt(like.size() - v.size(), v) if v.size() < like.size() else z3.Extract(like.size() - 1, 0, v)
    return v


def _merge(cond: z3.BoolRef, a: Sym, b: Sym) -> Sym:
    """The state that is ``a`` where ``cond`` holds and ``b`` elsewhere."""
    out: Sym = {}
    for key, va in a.items():
        vb = b[key]
        out[key] = va if va is vb or va.eq(vb) else z3.If(cond, va, vb)
    return out


def _max(xs: Sequence[Expr]) -> Expr:
    best = xs[0]
    for x in xs[1:]:
        best = z3.If(z3.UGT(x, best), x, best)
    return best


def _count(cs: Sequence[z3.BoolRef]) -> Expr:
    return sum(z3.If(x, _bv(1), _bv(0)) for x in cs)


def _root_value(name: str) -> int:
    """The engine's root state (``ChonkerParty._root``): -1 for trump, last, actor, turn, aux."""
    return 0xFF if name in ("actor", "turn", "trump", "last", "aux") else 0


# ============================================================================ engine states


def abstract(state: Hashable, n: int) -> dict[str, int | bool]:
    """The engine state as the encoding's engine fields (-1 as 255)."""
    s: Any = state
    out: dict[str, int | bool] = {}
    for name in ("phase", "actor", "turn", "trump", "last", "master", "src", "after", "aux"):
        out[name] = getattr(s, name) & 0xFF
    out["mask"] = s.mask & 0xFFFF
    for name in BOOL_FIELDS[:4]:
        out[name] = bool(getattr(s, name))
    out["qlen"] = len(s.queue)
    for j in range(n * HAND):
        out[f"q{j}"] = s.queue[j] if j < len(s.queue) else 0
    out["pend"] = len(s.pend)
    out["seen"] = bool(s.seen)
    asker, kind, shown = s.seen if s.seen else (0, 0, ())
    out.update(seen_asker=asker, seen_type=kind & 0xFF, seen_len=len(shown))
    for j in range(n - 1):
        out[f"seen_k{j}"] = shown[j][1] & 0xFF if j < len(shown) else 0
    for p in range(n):
        for k in range(NK):
            out[f"h{p}_{k}"] = s.hands[p][k]
        for k in range(NT):
            out[f"pile{p}_{k}"] = s.piles[p][k]
    for k in range(NK):
        out[f"draw{k}"] = s.draw[k]
        out[f"disc{k}"] = s.discard[k]
    for k in range(NT):
        out[f"tab{k}"] = s.table[k]
    for p in range(n):
        out[f"ow{p}"] = s.owed.count(p)
    return out


def engine_part(values: Mapping[str, Any], n: int) -> dict[str, Any]:
    """The engine fields of an encoding state (Python values)."""
    return {k: values[k] for k in engine_fields(n)}
