"""Options shared by several commands, defined once."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import click

from rulecheck.games import GAMES

F = TypeVar("F", bound=Callable[..., Any])

__all__ = ["deck_option", "game_argument", "players_option", "ruleset_option", "seed_option", "variant_option"]

game_argument = click.argument("game", type=click.Choice(sorted(GAMES)))
variant_option = click.option(
    "--variant", "-v", default=None, help="Variant (chomp: standard, underwater-war, chomp-rapido, doble-chomp)."
)
players_option = click.option("--players", "-n", type=int, default=None, help="Number of players.")
ruleset_option = click.option(
    "--ruleset", "-r", default="recommended", show_default=True,
    help="raw (rules as written), recommended, or a ruleset JSON file.",
)
deck_option = click.option(
    "--deck", default="full", show_default=True,
    help="full, or a smaller deck with the same card kinds (see `rulecheck decks GAME`).",
)
seed_option = click.option("--seed", "-s", type=int, default=0, show_default=True, help="Random seed.")
