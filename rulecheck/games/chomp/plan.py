"""What the audit explores of Chomp! (:mod:`rulecheck.audit.plan` reads it): the reduced decks each
searched exhaustively, under ``raw`` and under the chosen ruleset; the smaller plan of ``--quick``;
and the full-deck configurations of ``--symbolic``.
"""

from __future__ import annotations

AUDIT: list[tuple[str, int, str]] = [
    ("standard", 3, "shark=1,littlefish=1,eel=1,octopus=1"),
    ("standard", 4, "shark=1,littlefish=1,eel=1,octopus=1"),
    ("standard", 3, "seal=1,bigfish=1,shrimp=1,plankton=1"),
    ("standard", 5, "shark=2,plankton=2,octopus=1"),
    # (shark=2,littlefish=1,plankton=2,octopus=1 until a Bad Chomper's card of an Ink Out round with
    # no winner went to the centre: then players wash out, the last two switch to a 2-player game
    # and `raw` passes 3,000,000 states)
    ("standard", 6, "shark=1,littlefish=1,plankton=3,octopus=1"),
    ("standard", 7, "plankton=7"),  # more players than the 3-6 a ruling might allow
    # two cards each: an Ink Out replay that chomps, chained Ink Outs, an Eel in a replay
    ("standard", 3, "shark=1,littlefish=1,plankton=1,octopus=3"),
    ("standard", 3, "plankton=2,eel=1,octopus=3"),
    ("standard", 3, "shark=3,plankton=3"),  # ties and tie replays
    ("underwater-war", 2, "shark=1,seal=1,plankton=1,eel=1,octopus=1"),
    ("underwater-war", 2, "shark=1,seal=1,plankton=1,octopus=2"),
    ("underwater-war", 2, "shark=4,seal=2,plankton=2"),  # a war: 2 down, 1 up
    ("chomp-rapido", 2, "shark=1,seal=1,eel=1,octopus=1"),
    ("doble-chomp", 2, "shark=1,seal=1,plankton=1,eel=1,octopus=1"),
]
"""(variant, players, deck) of every configuration the default audit explores. Chosen by
measuring (``benchmarks/explore.py``): every one is explored exhaustively, raw and recommended,
and the whole audit stays inside about five minutes on 2 cores."""

QUICK: list[tuple[str, int, str]] = [
    ("standard", 3, "shark=1,littlefish=1,eel=1,octopus=1"),
    ("underwater-war", 2, "shark=1,seal=1,eel=1,octopus=1"),
    ("doble-chomp", 2, "shark=1,seal=1,eel=1,octopus=1"),
]
"""The configurations of ``rulecheck audit --quick``."""

SYMBOLIC: list[tuple[str, int]] = [("underwater-war", 2), ("standard", 3), ("chomp-rapido", 2), ("doble-chomp", 2)]
"""(variant, players) of the full-deck configurations of ``audit --symbolic``; those the symbolic
checker does not encode are listed in the report as not checked, with the reason."""

SYMBOLIC_QUERIES: tuple[str, ...] = (
    "deadlock",
    "invariant:collector-wins",
    "invariant:cards-conserved",
    "ruling:*",
    "unable-to-play",
    "longest-chain",
    "lasso",
)
"""The symbolic queries ``audit --symbolic`` (and ``rulecheck symbolic`` without ``--query``) runs
(:mod:`rulecheck.check.symbolic.queries`; a name ending in ``*`` is every query it begins)."""
