"""The Chonker Party phase machine: the card-flow counts refined with the model's phases.

:mod:`.chonker_encoding` keeps only where the cards are; every step that moves no card is
its ``idle`` move, so it cannot rank decisions, War windows, naming a type, showing or
stealing. This encoding keeps, besides the five counts ``D X H T W`` (draw deck, discard
deck, all hands, table, all win piles), the model's own control state:

* ``ph``: the phase, one of the model's ``PH_*`` constants (:mod:`rulecheck.games.chonker_party.state`);
* ``win``: 1 while a War window is open before a decision (``PH_PLAY``/``PH_CONTINUE``);
* ``q``: the players still to draw one card each (``PH_DRAW``; 0 elsewhere);
* ``aft``: what follows the draws (``AFTER_*``; ``PH_DRAW`` only, 0 elsewhere);
* ``k``: the players still to show after the one showing now (``PH_SHOW``; 0 elsewhere).

Moves (the input ``move``; :data:`MOVES` names them by the engine's actions). A *play* moves a
card from a hand to the table (``play``, ``continue_round`` and ``call_war``, which plays the
War); every other move keeps the unplayed cards ``U = D + X + H``:

* ``play`` (``PH_PLAY``/``PH_CONTINUE``, no window): H-1, T+1, any phase after (the card's effect);
* ``call_war`` (window open): H-1, T+1, back to the window's phase or ``PH_DRAW`` (1 draw);
* ``no_war``: the window closes, nothing else changes;
* ``draw`` (``PH_DRAW``): a card from the draw or discard deck to a hand, q-1; after the last
  draw, :data:`FOLLOWS` says where play goes on (``AFTER_ROUND``: the round starts or the game is over);
* ``choose_card``: a card from the draw or discard deck to a hand;
* ``steal_from``, ``stolen`` (a card between hands), ``name_type``, ``show``: no count changes;
  ``show`` goes on to a later shower (k decreases) or on as :data:`FOLLOWS` says;
* ``discard`` / ``discarded`` (a Skip's victim): H-1, X+1;
* ``end_round``: the table to a win pile (W+T, T=0); the game is over, the round starts, or
  everyone draws back up (``PH_DRAW``, ``AFTER_ROUND``);
* ``munchies_master``: the round starts (or, with no cards left, the game is over).

Which phase may follow which without a card played is :data:`FOLLOWS`; phases nothing
follows in the model under the recommended ruleset are not edges. ``PH_OVER`` has no move.

Termination (:func:`ranking`): the lexicographic tuple ``(U, T, height(ph), win + q + k)``,
where ``height`` is the longest path in :data:`FOLLOWS` (an acyclic graph once the two
self-loops, ``PH_DRAW`` on q and ``PH_SHOW`` on k, are taken out), is >= 0 and decreases on
every move: a play decreases U; ``end_round`` keeps U and empties the table, which holds a
card whenever ``end_round`` can be chosen (the invariant :func:`invariant`, proved
inductive); every other move keeps U and T and goes down ``FOLLOWS`` or decreases the
counter. Z3 proves both (:func:`prove_terminates`) for all states satisfying the invariant,
so for every depth.

Soundness: this is an over-approximation of the engine under the ruleset it was built for
(:data:`RULESET`): :func:`check_engine_step` checks a concrete engine step against it, and the
tests run seeded playouts for 2 to 6 players through it, step by step. That check is
sampled, not proved.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import dataclass
from typing import Any

import z3

from rulecheck.check.symbolic.system import CheckResult, State, TransitionSystem
from rulecheck.check.symbolic.termination import Ranking, prove_ranking
from rulecheck.games.chonker_party.state import (
    AFTER_EXTRA,
    AFTER_ROUND,
    AFTER_WINDOW,
    AFTERS,
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
    PHASES,
)

__all__ = [
    "FOLLOWS",
    "HEIGHT",
    "MOVES",
    "RULESET",
    "PhaseMachine",
    "abstract_phases",
    "broken_ranking",
    "check_engine_step",
    "phase_machine",
    "prove_terminates",
    "ranking",
]

RULESET = "recommended"
"""The ruleset the phase machine follows (and is checked against on engine playouts)."""

MOVES = ("play", "call_war", "no_war", "draw", "choose_card", "steal_from", "stolen", "name_type",
         "show", "discard", "end_round", "munchies_master")
(MV_PLAY, MV_CALL_WAR, MV_NO_WAR, MV_DRAW, MV_CHOOSE, MV_STEAL_FROM, MV_STOLEN, MV_NAME, MV_SHOW,
 MV_DISCARD, MV_END_ROUND, MV_MASTER) = range(len(MOVES))

DECISION = (PH_PLAY, PH_CONTINUE)
"""The decisions a War window may come before (a call is modelled once per turn, game.py)."""

FOLLOWS: Mapping[int, tuple[int, ...]] = {
    PH_MASTER: (PH_PLAY, PH_OVER),                        # start_round
    PH_NAME: (PH_SHOW, PH_DRAW, PH_PLAY, PH_CONTINUE),    # See: the shows, the asker draws; Force: next turn
    PH_SHOW: (PH_SHOW, PH_DRAW, PH_PLAY, PH_CONTINUE),    # the next shower, then the asker draws
    PH_STEAL_FROM: (PH_STOLEN, PH_DRAW, PH_PLAY, PH_CONTINUE),  # the random card; an empty hand draws
    PH_STOLEN: (PH_DRAW, PH_PLAY, PH_CONTINUE),           # the victim draws, the stealer plays
    PH_DRAW: (PH_DRAW, PH_PLAY, PH_CONTINUE, PH_OVER),    # the next draw; after_draws
    PH_CHOOSE: (PH_PLAY, PH_CONTINUE),                    # extra_play
    PH_DISCARD: (PH_PLAY, PH_CONTINUE),                   # end_turn / the Master continues
    PH_DISCARD_RANDOM: (PH_PLAY, PH_CONTINUE),
    PH_PLAY: (PH_PLAY,),                                  # no_war
    PH_CONTINUE: (PH_CONTINUE,),                          # no_war
    PH_OVER: (),
}
"""Which phase may follow which by a move that neither plays a card nor ends the round
(``end_round`` empties the table and is ranked by T). Self-loops are ranked by the counters:
``PH_DRAW`` by the draws left, ``PH_SHOW`` by the shows left, ``PH_PLAY``/``PH_CONTINUE`` by the
War window (the model opens one window per decision, game.py: every call plays a War card,
``no_war`` closes it, so it is passed at most once per decision)."""

LIVE = tuple(p for p in range(len(PHASES)) if p != PH_DEAL)
"""The phases after the deal (the encoding starts from the dealt state)."""


def _heights() -> dict[int, int]:
    """Longest path down :data:`FOLLOWS` without self-loops; ValueError if it has a cycle."""
    memo: dict[int, int] = {}

    def h(p: int, stack: tuple[int, ...]) -> int:
        if p in stack:
            raise ValueError(f"phase cycle without a card played: {[PHASES[x] for x in (*stack, p)]}")
        if p not in memo:
            memo[p] = 1 + max((h(x, (*stack, p)) for x in FOLLOWS.get(p, ()) if x != p), default=-1)
        return memo[p]

    for p in LIVE:
        h(p, ())
    return memo


HEIGHT: Mapping[int, int] = _heights()
"""``height(ph)``: the ranking's third component (``PH_OVER`` is 0)."""


@dataclass
class PhaseMachine:
    players: int
    total: int
    system: TransitionSystem
    _templates: Any = None
    step_template: Any = None

    def invariant(self, s: State) -> z3.BoolRef:
        return invariant(s, self.players, self.total)

    def templates(self) -> tuple[dict[str, z3.ExprRef], dict[str, z3.ExprRef], dict[str, z3.ExprRef]]:
        if self._templates is None:
            ts, ti, tt = self.system.state(0, "eng"), self.system.input(0, "eng"), self.system.state(1, "eng")
            self._templates = (ts, ti, tt)
            self.step_template = self.system.trans(ts, ti, tt)
        return self._templates


NAMES = ("D", "X", "H", "T", "W", "ph", "win", "q", "aft", "k")


def _in(x: Any, values: tuple[int, ...]) -> z3.BoolRef:
    return z3.Or([x == v for v in values]) if values else z3.BoolVal(False)


def well_formed(s: State, players: int) -> z3.BoolRef:
    """The control variables are in range and zero outside their phases."""
    ph = s["ph"]
    return z3.And(
        _in(ph, LIVE),
        z3.Or(s["win"] == 0, z3.And(s["win"] == 1, _in(ph, DECISION))),
        z3.If(ph == PH_DRAW, z3.And(s["q"] >= 1, _in(s["aft"], (AFTER_EXTRA, AFTER_WINDOW, AFTER_ROUND))),
              z3.And(s["q"] == 0, s["aft"] == 0)),
        z3.If(ph == PH_SHOW, z3.And(s["k"] >= 0, s["k"] <= players - 2), s["k"] == 0),
    )


def invariant(s: State, players: int, total: int) -> z3.BoolRef:
    """Cards conserved and >= 0; well-formed; the table is empty only at a round's start
    (``PH_PLAY``, the first Master, the draws back up to six) or at the end."""
    counts = [s[n] for n in NAMES[:5]]
    empty_table_ok = z3.Or(_in(s["ph"], (PH_PLAY, PH_MASTER, PH_OVER)),
                           z3.And(s["ph"] == PH_DRAW, s["aft"] == AFTER_ROUND))
    return z3.And(sum(counts) == total, *[c >= 0 for c in counts], well_formed(s, players),
                  z3.Implies(s["T"] == 0, empty_table_ok))


def phase_machine(players: int, total: int) -> PhaseMachine:
    """The phase machine for ``players`` players and a deck of ``total`` cards."""
    variables = tuple((n, z3.IntSort()) for n in NAMES)

    def init(s: State) -> z3.BoolRef:
        # the deal: 6 cards each, 6 to the discard deck (cp.setup.2-4); the first round starts
        return z3.And(s["H"] == 6 * players, s["X"] == 6, s["D"] == total - 6 * (players + 1),
                      s["T"] == 0, s["W"] == 0, _in(s["ph"], (PH_PLAY, PH_MASTER)),
                      well_formed(s, players))

    def trans(s: State, i: State, t: State) -> z3.BoolRef:
        mv, src = i["move"], i["src"]
        d, x, h, tb, w = (s[n] for n in NAMES[:5])
        ph = s["ph"]

        def counts(dd: Any, xx: Any, hh: Any, tt: Any, ww: Any) -> z3.BoolRef:
            return z3.And(t["D"] == dd, t["X"] == xx, t["H"] == hh, t["T"] == tt, t["W"] == ww)

        same = counts(d, x, h, tb, w)
        played = z3.And(h >= 1, counts(d, x, h - 1, tb + 1, w))
        # a card from the draw deck (src 0) or the discard deck (src 1) to a hand
        drawn = z3.Or(z3.And(src == 0, d >= 1, counts(d - 1, x, h + 1, tb, w)),
                      z3.And(src == 1, x >= 1, counts(d, x - 1, h + 1, tb, w)))

        def goes_on(p: int) -> z3.BoolRef:
            """After phase ``p``'s step (no card played): a later phase of FOLLOWS; a draw
            that follows is one player's (the asker, the victim)."""
            later = tuple(f for f in FOLLOWS[p] if f != p)
            return z3.And(_in(t["ph"], later), z3.Implies(t["ph"] == PH_DRAW,
                                                           z3.And(t["q"] == 1, t["aft"] == AFTER_EXTRA)))

        wf = well_formed(t, players)
        decision = z3.And(_in(ph, DECISION))
        keep_ctl = z3.And(t["ph"] == ph, t["q"] == s["q"], t["aft"] == s["aft"], t["k"] == s["k"])
        draws_done = z3.If(s["aft"] == AFTER_ROUND, _in(t["ph"], (PH_PLAY, PH_OVER)),
                           _in(t["ph"], DECISION))
        moves = [
            z3.And(mv == MV_PLAY, decision, s["win"] == 0, played),
            z3.And(mv == MV_CALL_WAR, s["win"] == 1, played,
                   z3.Or(t["ph"] == ph, z3.And(t["ph"] == PH_DRAW, t["q"] == 1, t["aft"] == AFTER_WINDOW))),
            z3.And(mv == MV_NO_WAR, s["win"] == 1, same, keep_ctl, t["win"] == 0),
            z3.And(mv == MV_DRAW, ph == PH_DRAW, drawn,
                   z3.If(s["q"] > 1, z3.And(t["ph"] == PH_DRAW, t["q"] == s["q"] - 1, t["aft"] == s["aft"]),
                         draws_done)),
            z3.And(mv == MV_CHOOSE, ph == PH_CHOOSE, drawn, goes_on(PH_CHOOSE)),
            z3.And(mv == MV_STEAL_FROM, ph == PH_STEAL_FROM, same, goes_on(PH_STEAL_FROM)),
            z3.And(mv == MV_STOLEN, ph == PH_STOLEN, same, goes_on(PH_STOLEN)),
            z3.And(mv == MV_NAME, ph == PH_NAME, same, goes_on(PH_NAME)),
            z3.And(mv == MV_SHOW, ph == PH_SHOW, same,
                   z3.Or(z3.And(t["ph"] == PH_SHOW, t["k"] < s["k"]), goes_on(PH_SHOW))),
            z3.And(mv == MV_DISCARD, _in(ph, (PH_DISCARD, PH_DISCARD_RANDOM)), h >= 1,
                   counts(d, x + 1, h - 1, tb, w), goes_on(PH_DISCARD)),
            z3.And(mv == MV_END_ROUND, ph == PH_CONTINUE, s["win"] == 0, counts(d, x, h, 0, w + tb),
                   z3.Or(_in(t["ph"], (PH_PLAY, PH_OVER)), z3.And(t["ph"] == PH_DRAW, t["aft"] == AFTER_ROUND))),
            z3.And(mv == MV_MASTER, ph == PH_MASTER, same, goes_on(PH_MASTER)),
        ]
        return z3.And(wf, z3.Or(moves))

    def terminal(s: State) -> z3.BoolRef:
        return s["ph"] == PH_OVER

    system = TransitionSystem(
        name=f"chonker-party/phases/{players}p",
        variables=variables,
        inputs=(("move", z3.IntSort()), ("src", z3.IntSort())),
        init=init,
        trans=trans,
        terminal=terminal,
        description=__doc__ or "",
        meta={"game": "chonker-party", "players": players, "ruleset": RULESET},
    )
    return PhaseMachine(players, total, system)


# --------------------------------------------------------------------------- ranking


def ranking(s: State) -> list[Any]:
    """``(U, T, height(ph), win + q + k)``, lexicographic."""
    height = z3.IntVal(0)
    for p, hp in HEIGHT.items():
        height = z3.If(s["ph"] == p, z3.IntVal(hp), height)
    return [s["D"] + s["X"] + s["H"], s["T"], height, s["win"] + s["q"] + s["k"]]


def broken_ranking(s: State) -> list[Any]:
    """A deliberately wrong ranking (no per-phase counter): Z3 must refute it (no_war)."""
    return ranking(s)[:3]


def prove_terminates(pm: PhaseMachine, rank: Ranking = ranking, *, query: str = "terminates",
                     budget_seconds: float | None = None) -> CheckResult:
    """Z3: the invariant is inductive and ``rank`` is >= 0 and decreases on every move."""
    r = prove_ranking(pm.system, rank, assume=pm.invariant, query=query, budget_seconds=budget_seconds)
    r.meta["question"] = "every game ends (a ranking function decreases on every step)"
    r.meta["ranking"] = "(unplayed cards D+X+H, table T, phase height, window + draws left + shows left)"
    r.meta["heights"] = {PHASES[p]: hp for p, hp in sorted(HEIGHT.items())}
    if r.status == "proved":
        r.detail = (f"{pm.players} players, {pm.total}-card deck, {RULESET} ruleset: the invariant is inductive "
                    "and (D+X+H, T, phase height, window+draws+shows left) is >= 0 and decreases "
                    "lexicographically on every step of the phase machine, so every play of it is finite; "
                    "that the phase machine admits every engine step is checked on seeded playouts "
                    "(engine-admitted and the tests: sampled, not proved)")
    return r


# --------------------------------------------------------------------------- the engine


def abstract_phases(state: Hashable) -> dict[str, int]:
    """An engine state's counts and control variables (a Pending state: the state before it)."""
    s: Any = getattr(state, "before", state)
    ph = s.phase
    return {
        "D": sum(s.draw), "X": sum(s.discard), "H": sum(sum(h) for h in s.hands),
        "T": sum(s.table), "W": sum(sum(p) for p in s.piles),
        "ph": ph, "win": int(bool(s.window)),
        "q": len(s.queue) if ph == PH_DRAW else 0,
        "aft": s.after if ph == PH_DRAW else 0,
        "k": len(s.pend) if ph == PH_SHOW else 0,
    }


def _ground(values: Mapping[str, int]) -> dict[str, z3.ExprRef]:
    return {n: z3.IntVal(values[n]) for n in NAMES}


def holds(pm: PhaseMachine, state: Hashable) -> bool:
    """Whether the engine state's abstraction satisfies the invariant."""
    return z3.is_true(z3.simplify(pm.invariant(_ground(abstract_phases(state)))))


def check_engine_step(pm: PhaseMachine, before: Hashable, after: Hashable) -> str | None:
    """The move of the phase machine that admits the engine step ``before -> after``
    (abstracted), or None if no move does."""
    s, t = _ground(abstract_phases(before)), _ground(abstract_phases(after))
    ts, ti, tt = pm.templates()
    pairs = [(ts[n], s[n]) for n in NAMES] + [(tt[n], t[n]) for n in NAMES]
    rest = z3.simplify(z3.substitute(pm.step_template, *pairs))
    if z3.is_false(rest):
        return None
    for mv, name in enumerate(MOVES):
        for src in (0, 1):
            f = z3.substitute(rest, (ti["move"], z3.IntVal(mv)), (ti["src"], z3.IntVal(src)))
            if z3.is_true(z3.simplify(f)):
                return name
    return None


def describe(values: Mapping[str, int]) -> str:
    ph = values["ph"]
    extra = f" after {AFTERS[values['aft']]}" if ph == PH_DRAW else ""
    return (f"{PHASES[ph]}{extra} D={values['D']} X={values['X']} H={values['H']} T={values['T']} "
            f"W={values['W']} win={values['win']} q={values['q']} k={values['k']}")
