"""A Z3 card-flow encoding of Chonker Party on the full deck (2-6 players).

Abstraction: only *where the cards are* is kept, as five counts: ``D`` (draw deck), ``X``
(discard deck), ``H`` (all hands together), ``T`` (table), ``W`` (all win piles together).
Kinds, trumps, whose turn it is, War, See a Card and every decision that moves no card are
abstracted away: such a step is the ``idle`` move. Every engine step is one of the moves:

* ``play``: a card from a hand to the table (H-1, T+1), cp.round.4;
* ``draw``: from the draw deck to a hand (D-1, H+1), cp.after-round.1, cp.see.5, cp.war.4;
* ``draw_discard``: from the discard deck to a hand (X-1, H+1), cp.empty-draw.1, cp.choose.4;
* ``discard``: from a hand to the discard deck (H-1, X+1), cp.skip.1;
* ``collect``: the table to the winner's win pile (W+T, T=0), cp.winning.2;
* ``idle``: no card moves (decisions, steals between hands, War windows).

:func:`check_engine_step` checks a concrete engine step against this relation (used by the
tests on seeded playouts), so the abstraction is an over-approximation of the engine. What
Z3 proves on it holds for the engine: conservation (D+X+H+T+W is the deck size) and that the
number of unplayed cards ``U = D+X+H`` never increases and decreases on every play, so at
most (deck size) cards are ever played. Termination of the whole game is *not* proved here:
idle steps are not ranked here; the phase machine :mod:`.chonker_phases` refines this
encoding with the model's phases and proves termination.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import Any

import z3

from rulecheck.check.symbolic.system import State, TransitionSystem

__all__ = ["MOVES", "ChonkerEncoding", "abstract_chonker", "card_flow", "check_engine_step"]

MOVES = ("play", "draw", "draw_discard", "discard", "collect", "idle")
NAMES = ("D", "X", "H", "T", "W")


@dataclass
class ChonkerEncoding:
    players: int
    total: int
    system: TransitionSystem
    invariants: dict[str, tuple[str, Any]] = field(default_factory=dict)
    ruleset: Any = None  # the Ruleset of the configuration (the phase machine needs "recommended")


def card_flow(players: int, total: int) -> ChonkerEncoding:
    """The card-flow system for ``players`` players and a deck of ``total`` cards."""
    variables = tuple((n, z3.IntSort()) for n in NAMES)

    def init(s: State) -> z3.BoolRef:
        # the deal: 6 cards to each player, an extra hand to the discard deck (cp.setup.2-4)
        return z3.And(s["H"] == 6 * players, s["X"] == 6, s["D"] == total - 6 * (players + 1),
                      s["T"] == 0, s["W"] == 0)

    def trans(s: State, i: State, t: State) -> z3.BoolRef:
        mv = i["move"]
        d, x, h, tb, w = (s[n] for n in NAMES)

        def to(dd: Any, xx: Any, hh: Any, tt: Any, ww: Any) -> z3.BoolRef:
            return z3.And(t["D"] == dd, t["X"] == xx, t["H"] == hh, t["T"] == tt, t["W"] == ww)

        return z3.Or(
            z3.And(mv == 0, h >= 1, to(d, x, h - 1, tb + 1, w)),
            z3.And(mv == 1, d >= 1, to(d - 1, x, h + 1, tb, w)),
            z3.And(mv == 2, x >= 1, to(d, x - 1, h + 1, tb, w)),
            z3.And(mv == 3, h >= 1, to(d, x + 1, h - 1, tb, w)),
            z3.And(mv == 4, to(d, x, h, 0, w + tb)),
            z3.And(mv == 5, to(d, x, h, tb, w)),
        )

    system = TransitionSystem(
        name=f"chonker-party/card-flow/{players}p",
        variables=variables,
        inputs=(("move", z3.IntSort()),),
        init=init,
        trans=trans,
        description=__doc__ or "",
        meta={"game": "chonker-party", "players": players},
    )
    enc = ChonkerEncoding(players, total, system)
    enc.invariants["cards-conserved"] = (
        "every card is in the draw deck, the discard deck, a hand, the table or a win pile",
        lambda s: z3.And(s["D"] + s["X"] + s["H"] + s["T"] + s["W"] == total,
                         *[s[n] >= 0 for n in NAMES]))
    return enc


def abstract_chonker(state: Hashable) -> dict[str, int]:
    """The engine state's five counts (a Pending state counts as the state before it)."""
    s: Any = getattr(state, "before", state)
    return {
        "D": sum(s.draw), "X": sum(s.discard), "H": sum(sum(h) for h in s.hands),
        "T": sum(s.table), "W": sum(sum(p) for p in s.piles),
    }


def check_engine_step(enc: ChonkerEncoding, before: Hashable, after: Hashable) -> bool:
    """Whether the encoding admits the engine step ``before -> after`` (abstracted)."""
    s, t = enc.system.state(0, "chk"), enc.system.state(1, "chk")
    i = enc.system.input(0, "chk")
    solver = z3.Solver()
    a, b = abstract_chonker(before), abstract_chonker(after)
    solver.add(enc.system.trans(s, i, t))
    solver.add(*[s[n] == a[n] for n in NAMES], *[t[n] == b[n] for n in NAMES])
    return solver.check() == z3.sat
