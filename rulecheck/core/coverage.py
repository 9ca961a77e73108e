"""Which clause IDs a game's model code cites (statically, from its source)."""

from __future__ import annotations

import importlib
import re
from functools import cache
from pathlib import Path

__all__ = ["CLAUSE_ID_RE", "NOT_RULE_CODE", "RULE_CALL_RE", "cited_clauses", "consulted_rulings", "rule_code"]

CLAUSE_ID_RE = re.compile(r"""["']((?:en|es|cp)\.[a-z0-9-]+\.\d+)["']""")
RULE_CALL_RE = re.compile(r"""ctx\.rule\(\s*["']([a-z0-9_.]+)["']""")
"""A ruling point consulted by name in rule code: ``ctx.rule("cp.war_window")``."""


NOT_RULE_CODE: dict[str, str] = {
    "examples.py": "the book's worked examples as scenarios: it quotes the examples' clauses",
    "spec.py": "the clause specification: it names every clause it formalises, whatever the engine does",
    "spec": "the clause specification, as a package",
    "spec_engine.py": "the bridge from engine states to the specification's situations",
    "plan.py": "what the audit explores",
    "vectors.py": "how the conformance vectors group cases into rule areas",
}
"""The modules (or packages) of a game package that are not its rule code, and why: a clause ID
they name says nothing of whether the engine applies the clause."""


def rule_code(game: str) -> list[Path]:
    """The source files of the game package's rule code (the engine), in a stable order."""
    from rulecheck.games import GAMES

    module = importlib.import_module(GAMES[game])
    root = Path(module.__file__).parent  # type: ignore[arg-type]
    return [path for path in sorted(root.rglob("*.py"))
            if not any(part in NOT_RULE_CODE for part in path.relative_to(root).parts)]


@cache
def cited_clauses(game: str) -> frozenset[str]:
    """Every clause ID that appears as a string literal in the game package's rule code
    (:func:`rule_code`: not the specification, the examples, the plan or the vector areas)."""
    found: set[str] = set()
    for path in rule_code(game):
        found.update(CLAUSE_ID_RE.findall(path.read_text(encoding="utf-8")))
    return frozenset(found)


@cache
def consulted_rulings(game: str) -> frozenset[str]:
    """Every ruling point the game's rule code consults by name (``ctx.rule("<id>")``, the only way
    a transition reads a ruling: :class:`~rulecheck.core.provenance.Context`). A ruling point
    read only by what players observe is not among them."""
    found: set[str] = set()
    for path in rule_code(game):
        found.update(RULE_CALL_RE.findall(path.read_text(encoding="utf-8")))
    return frozenset(found)
