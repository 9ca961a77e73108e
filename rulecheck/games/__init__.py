"""The game registry: ``load_game`` builds a configured :class:`~rulecheck.core.game.Game`.

Each game package exposes ``VARIANTS`` (names, first is the default), ``PLAYERS`` (the
player counts it supports per variant) and ``make_game(variant, players, ruleset, deck)``.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from pathlib import Path
from types import ModuleType

from rulecheck.core.errors import UnknownGameError, UnknownVariantError
from rulecheck.core.game import Game
from rulecheck.core.rulings import Ruleset, load_ruleset

__all__ = ["GAMES", "game_module", "game_part", "load_game", "variants"]

GAMES: dict[str, str] = {
    "chomp": "rulecheck.games.chomp",
    "chonker-party": "rulecheck.games.chonker_party",
}


def game_module(game: str) -> ModuleType:
    if game not in GAMES:
        raise UnknownGameError(f"unknown game {game!r}; known games: {', '.join(GAMES)}")
    return importlib.import_module(GAMES[game])


def game_part(game: str, part: str) -> ModuleType | None:
    """The game's module ``part`` (``plan``, ``vectors``, ``spec``, ...: what a game brings to a
    tool), or None if the game has none; an error inside the module is raised."""
    if game not in GAMES:
        return None
    name = f"{GAMES[game]}.{part}"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name is not None and name.startswith(exc.name):
            return None
        raise


def variants(game: str) -> tuple[str, ...]:
    return tuple(game_module(game).VARIANTS)


def load_game(
    game: str,
    variant: str | None = None,
    players: int | None = None,
    ruleset: str | Path | Ruleset | Mapping[str, object] = "recommended",
    deck: str = "full",
) -> Game:
    """Load ``game`` configured with variant, player count, ruleset and deck.

    ``ruleset`` is ``"raw"``, ``"recommended"``, a path to a ruleset JSON file, a parsed
    mapping or a :class:`Ruleset`. Raises a :class:`RulecheckError` naming what is wrong.
    """
    module = game_module(game)
    names = tuple(module.VARIANTS)
    chosen = variant or names[0]
    if chosen not in names:
        raise UnknownVariantError(
            f"unknown variant {chosen!r} for {game}; variants: {', '.join(names)}"
        )
    rs = ruleset if isinstance(ruleset, Ruleset) else load_ruleset(game, ruleset)
    return module.make_game(chosen, players, rs, deck)
