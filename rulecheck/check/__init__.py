"""Checkers over the game models: exhaustive explicit-state exploration (:mod:`.explore`),
graph analysis (:mod:`.graph`), detectors that turn what a search saw into findings
(:mod:`.detectors`) and seeded playout statistics (:mod:`.stats`)."""

from rulecheck.check.explore import Config, ExploreResult, explore

__all__ = ["Config", "ExploreResult", "explore"]
