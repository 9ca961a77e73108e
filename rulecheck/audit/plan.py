"""What the audit explores: each game's own plan (``rulecheck.games.<game>.plan``: ``AUDIT``,
``QUICK``, ``SYMBOLIC``), or for a game without one a guess from its game module.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from rulecheck.games import game_module, game_parts

AUDIT_GAMES = ("chomp", "chonker-party")

PlanEntry = tuple[str, str, int, str]
"""(game, variant, players, deck)."""


DEFAULT_PLAN: dict[str, list[tuple[str, int, str]]] = game_parts("plan", "AUDIT")
"""(variant, players, deck) per game: the default audit's configurations."""
QUICK_PLAN: dict[str, list[tuple[str, int, str]]] = game_parts("plan", "QUICK")
"""(variant, players, deck) per game: ``--quick``'s configurations."""
SYMBOLIC_PLAN: dict[str, list[tuple[str, int]]] = game_parts("plan", "SYMBOLIC")
"""(variant, players) per game: the full-deck configurations of ``audit --symbolic``."""


def _module_attr(game: str, name: str, default: Any) -> Any:
    try:
        return getattr(game_module(game), name, default)
    except ImportError:
        return default


def default_plan(games: Iterable[str], quick: bool = False) -> list[PlanEntry]:
    """The configurations the audit explores: the game's plan, else a guess from the game
    module (every variant, its player counts from 2 to 6, its smallest deck)."""
    out: list[PlanEntry] = []
    table = QUICK_PLAN if quick else DEFAULT_PLAN
    for game in games:
        if game in table:
            out += [(game, v, p, d) for v, p, d in table[game]]
            continue
        variants = tuple(_module_attr(game, "VARIANTS", ("standard",)))
        players = _module_attr(game, "PLAYERS", {})
        decks = tuple(_module_attr(game, "DECKS", {"full": None}))
        deck = decks[-1] if decks else "full"
        for v in variants:
            counts = players.get(v, range(2, 7)) if isinstance(players, Mapping) else players
            counts = [p for p in counts if 2 <= p <= 6]
            if quick:
                counts = counts[:1]
            out += [(game, v, p, deck) for p in counts]
    return out
