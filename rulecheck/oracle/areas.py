"""Rule areas: how the conformance vectors group cases (:mod:`rulecheck.oracle.vectors`). Each game
names its own areas in ``rulecheck.games.<game>.vectors`` (``AREAS``)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rulecheck.core.game import Action

__all__ = ["Area", "clause_matches", "sections"]


@dataclass(frozen=True)
class Area:
    """A rule area: a step belongs to it if its provenance or action matches.

    ``clauses`` are clause IDs or, ending in ``.``, section prefixes (``"en.bad-chomp."``);
    ``rulings`` are ruling ID prefixes; ``actions`` are action
    names; ``variants`` restricts the area to those variants (a variant area with no other
    criterion takes any step of the variant).
    """

    name: str
    description: str
    clauses: tuple[str, ...] = ()
    rulings: tuple[str, ...] = ()
    actions: tuple[str, ...] = ()
    variants: tuple[str, ...] = ()

    def matches(self, variant: str, action: Action, clauses: Sequence[str], rulings: Sequence[str]) -> bool:
        if self.variants and variant not in self.variants:
            return False
        criteria = self.clauses or self.rulings or self.actions
        if not criteria:
            return True
        return (
            any(clause_matches(c, p) for c in clauses for p in self.clauses)
            or any(r.startswith(p) for r in rulings for p in self.rulings)
            or (bool(action) and isinstance(action[0], str) and action[0] in self.actions)
        )


def clause_matches(clause: str, pattern: str) -> bool:
    """``pattern`` ending in ``.`` is a prefix (a section); otherwise one exact clause ID."""
    return clause.startswith(pattern) if pattern.endswith(".") else clause == pattern


def sections(*slugs: str) -> tuple[str, ...]:
    return tuple(f"{s}." for s in slugs)
