"""What the audit explores of Chonker Party (:mod:`rulecheck.audit.plan` reads it): the reduced decks each
searched exhaustively, under ``raw`` and under the chosen ruleset; the smaller plan of ``--quick``;
and the full-deck configurations of ``--symbolic``.
"""

from __future__ import annotations

AUDIT: list[tuple[str, int, str]] = [
    ("standard", 2, "sweet=2,salty=1,chonk=1,leaf=2,war=2,hand=2"),
    ("standard", 2, "sweet=1,leaf=1,spoiled=1,choose=1,force=1,hand=1"),
    ("standard", 3, "sweet=1,salty=1,chonk=1,leaf=1,steal=1,hand=1"),
    ("standard", 3, "sweet=1,salty=1,chonk=1,stick=1,see=1,hand=1"),
    ("standard", 4, "sweet=1,salty=1,chonk=1,leaf=1,skip=1,hand=1"),
    # one deck with 2, 3 and 4 players: the Skips are tossed out for 2 and 3 (cp.players.1-2)
    ("standard", 2, "sweet=1,salty=1,chonk=1,leaf=2,skip=1,hand=1"),
    ("standard", 3, "sweet=1,salty=1,chonk=1,leaf=2,skip=1,hand=1"),
    ("standard", 4, "sweet=1,salty=1,chonk=1,leaf=2,skip=1,hand=1"),
    ("standard", 4, "sweet=1,salty=1,chonk=1,leaf=1,war=1,hand=1"),
    ("standard", 5, "sweet=1,salty=1,chonk=1,leaf=2,war=1,hand=1"),
    ("standard", 6, "sweet=1,chonk=1,leaf=4,war=1,hand=1"),
    # two cards each: a Choose with another card in hand, the Master continuing with it, a refill
    # that runs short with two players needing two each
    ("standard", 2, "leaf=4,stick=4,choose=1,hand=2"),
    # two cards each: a Skip just before a Master who still holds a card; a circle of action cards
    ("standard", 4, "leaf=8,sweet=1,skip=1,hand=2"),
    # both Wars with 3 players: a second War played during a War
    ("standard", 3, "sweet=1,chonk=1,leaf=1,war=2,hand=1"),
    # three Spoiled cards, two each: a Spoiled trump, another Spoiled card played on it, and the
    # Master continuing with a third (cp.spoiled.4)
    ("standard", 2, "spoiled=3,leaf=1,chonk=1,sweet=1,hand=2"),
    # a Force naming a chonk on a player, or the Master, who holds a War that would become a Chonk
    # (the draw deck is empty) and another card (cp.force.1, cp.force.4, cp.war.7)
    ("standard", 2, "force=1,war=2,chonk=1,leaf=2,sweet=1,hand=2"),
    # the same with 3 players, one card each: where the full deck meets it more often
    ("standard", 3, "force=1,war=1,leaf=2,sweet=1,hand=1"),
]
"""(variant, players, deck) of every configuration the default audit explores. Chosen by
measuring (``benchmarks/explore.py``): every one is explored exhaustively, raw and recommended,
and the whole audit stays inside about five minutes on 2 cores."""

QUICK: list[tuple[str, int, str]] = [
    ("standard", 2, "sweet=1,leaf=1,spoiled=1,choose=1,force=1,hand=1"),
    ("standard", 3, "sweet=1,salty=1,chonk=1,leaf=1,steal=1,hand=1"),
]
"""The configurations of ``rulecheck audit --quick``."""

SYMBOLIC: list[tuple[str, int]] = [("standard", n) for n in range(2, 7)]
"""(variant, players) of the full-deck configurations of ``audit --symbolic``; those the symbolic
checker does not encode are listed in the report as not checked, with the reason."""

SYMBOLIC_QUERIES: tuple[str, ...] = (
    "invariant:cards-conserved",
    "plays-bounded",
    "terminates",
    "engine-admitted",
    "exact-admitted",
    "invariant:same-cards-left",
    "ruling:*",
)
"""The symbolic queries ``audit --symbolic`` (and ``rulecheck symbolic`` without ``--query``) runs
(:mod:`rulecheck.check.symbolic.queries`; a name ending in ``*`` is every query it begins)."""
