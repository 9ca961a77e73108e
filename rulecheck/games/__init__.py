"""The game registry: ``load_game`` builds a configured :class:`~rulecheck.core.game.Game`.

Each game package exposes ``VARIANTS`` (names, first is the default), ``PLAYERS`` (the
player counts it supports per variant) and ``make_game(variant, players, ruleset, deck)``.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType
from typing import Any

from rulecheck.core.errors import UnknownGameError, UnknownVariantError
from rulecheck.core.game import Game
from rulecheck.core.rulings import Ruleset, load_ruleset

__all__ = [
    "GAMES", "game_module", "game_part", "game_parts", "load_game", "register_game", "registered_game",
    "unregister_game", "variants",
]

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


def game_parts(part: str, name: str) -> dict[str, Any]:
    """``name`` of each registered game's module ``part`` (e.g. every game's ``plan.AUDIT``), for
    the games whose ``part`` has it."""
    return {g: getattr(m, name) for g in GAMES if (m := game_part(g, part)) is not None and hasattr(m, name)}


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


def register_game(name: str, module: str, rulings: Path | None = None, clauses: Mapping[str, Any] | None = None,
                  setitem: Callable[[Any, Any, Any], None] | None = None) -> None:
    """Make a game that lives outside this package known (a test game, a plugin): ``module`` is the
    importable name of its package (``VARIANTS``, ``PLAYERS``, ``make_game``), ``rulings`` its ruling
    points file (else ``models/<name>/rulings.json``) and ``clauses`` its clause index (clause ID ->
    :class:`~rulecheck.core.clauses.Clause`; else ``GAME_BOOKS``). ``setitem`` sets each registry
    entry (default: plain assignment; pytest's ``monkeypatch.setitem`` undoes them after a test)."""
    from rulecheck.core import rulings as rulings_module

    put = setitem or (lambda d, k, v: d.__setitem__(k, v))
    put(GAMES, name, module)
    if rulings is not None:
        put(rulings_module.RULING_FILES, name, rulings)
    if clauses is not None:
        put(_extra_clauses(), name, clauses)


def unregister_game(name: str) -> None:
    """Forget a game :func:`register_game` made known."""
    from rulecheck.core import rulings as rulings_module

    GAMES.pop(name, None)
    rulings_module.RULING_FILES.pop(name, None)
    _extra_clauses().pop(name, None)


def _extra_clauses() -> dict[str, Any]:
    """The detectors' clause indexes of games registered from outside (imported by name: this
    package is part of the compiled engine's import graph, which must not reach the checkers)."""
    extra: dict[str, Any] = importlib.import_module("rulecheck.check.detectors").EXTRA_CLAUSES
    return extra


@contextmanager
def registered_game(name: str, module: str, rulings: Path | None = None,
                    clauses: Mapping[str, Any] | None = None) -> Iterator[None]:
    """:func:`register_game` for the duration of a ``with`` block."""
    register_game(name, module, rulings, clauses)
    try:
        yield
    finally:
        unregister_game(name)
