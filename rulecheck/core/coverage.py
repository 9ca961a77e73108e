"""Which clause IDs a game's model code cites (statically, from its source)."""

from __future__ import annotations

import importlib
import re
from functools import cache
from pathlib import Path

__all__ = ["CLAUSE_ID_RE", "cited_clauses"]

CLAUSE_ID_RE = re.compile(r"""["']((?:en|es|cp)\.[a-z0-9-]+\.\d+)["']""")


@cache
def cited_clauses(game: str) -> frozenset[str]:
    """Every clause ID that appears as a string literal in the game package's rule code.

    ``examples.py`` (the book's worked examples as scenarios) quotes example clauses; it is
    not rule code, so it does not count.
    """
    from rulecheck.games import GAMES

    module = importlib.import_module(GAMES[game])
    root = Path(module.__file__).parent  # type: ignore[arg-type]
    found: set[str] = set()
    for path in sorted(root.rglob("*.py")):
        if path.name == "examples.py":
            continue
        found.update(CLAUSE_ID_RE.findall(path.read_text(encoding="utf-8")))
    return frozenset(found)
