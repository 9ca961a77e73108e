"""Chonker Party's rule areas for the conformance vectors (:mod:`rulecheck.oracle.vectors`): a step
belongs to an area by the clauses and ruling points of its provenance, its action, or its variant.
Clause sections that no area here covers get an area of their own."""

from __future__ import annotations

from rulecheck.oracle.areas import Area
from rulecheck.oracle.areas import sections as _sections

AREAS: tuple[Area, ...] = (
    Area("deal", "setup and the deal", _sections("cp.setup", "cp.players"), actions=("deal",)),
    Area("trump", "trump rounds: who leads, what beats what", _sections("cp.rounds", "cp.round")),
    Area("continuing", "continuing a round", _sections("cp.continuing")),
    Area("winning", "winning a round", _sections("cp.winning")),
    Area("after-round", "after the round", _sections("cp.after-round")),
    Area("points", "scoring: points, CHONKs, spoiled cards, fillers",
         _sections("cp.points", "cp.chonks", "cp.spoiled", "cp.fillers", "cp.card-types")),
    Area("choose", "action card: Choose", _sections("cp.choose")),
    Area("steal", "action card: Steal", _sections("cp.steal")),
    Area("skip", "action card: Skip", _sections("cp.skip")),
    Area("see", "action card: See", _sections("cp.see")),
    Area("force", "action card: Force", _sections("cp.force")),
    Area("war", "action card: War", _sections("cp.war")),
    Area("rules-notes", "rules notes: empty draw pile, stacking action cards",
         _sections("cp.rules-notes", "cp.empty-draw", "cp.stacking")),
    Area("finishing", "finishing the game", _sections("cp.finishing")),
)
