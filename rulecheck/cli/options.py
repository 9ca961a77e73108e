"""Options shared by several commands, defined once; the examples epilog; output to a file or `-`."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import click

from rulecheck.games import GAMES

F = TypeVar("F", bound=Callable[..., Any])

__all__ = [
    "STDOUT",
    "deck_option",
    "emit",
    "examples",
    "explored_deck_option",
    "game_argument",
    "players_option",
    "ruleset_option",
    "say",
    "seed_option",
    "variant_option",
]

STDOUT = "-"
"""The file name that means standard output, wherever a command writes a file."""

DECKS_HINT = "`rulecheck decks GAME` lists the decks and the kind=count,... syntax"

game_argument = click.argument("game", type=click.Choice(sorted(GAMES)))
variant_option = click.option(
    "--variant", "-v", default=None, help="Variant (chomp: standard, underwater-war, chomp-rapido, doble-chomp)."
)
players_option = click.option("--players", "-n", type=click.IntRange(min=1), default=None, help="Number of players.")
ruleset_option = click.option(
    "--ruleset", "-r", default="recommended", show_default=True,
    help="raw (rules as written), recommended, or a ruleset JSON file.",
)
deck_option = click.option(
    "--deck", default="full", show_default=True,
    help=f"full, a smaller named deck, or kind=count,... ({DECKS_HINT}).",
)
explored_deck_option = click.option(
    "--deck", default=None,
    help=f"A deck small enough to explore [default: the smallest the audit explores for the variant and player "
         f"count] ({DECKS_HINT}).",
)
"""``--deck`` of a command that explores one configuration (``graph``, ``search``): see
:func:`rulecheck.cli.decks.explored_config`."""
seed_option = click.option("--seed", "-s", type=int, default=0, show_default=True, help="Random seed.")


def examples(*lines: str, note: tuple[str, ...] = ()) -> str:
    """A command's epilog: its examples, one per line, then the ``note`` lines, kept as written
    by click's help formatter."""
    text = "\b\nExamples:\n" + "\n".join(f"  {line}" for line in lines)
    return text + ("\n\n\b\n" + "\n".join(note) if note else "")


def say(msg: str) -> None:
    """A progress or status line: standard error, so that standard output stays the result."""
    click.echo(msg, err=True)


def emit(output: str, text: str, what: str = "") -> None:
    """Write ``text`` to the file ``output`` (its folder made if needed) or, for ``-``, to standard
    output; a written file is named on standard error, with ``what`` (e.g. "12 states")."""
    if output == STDOUT:
        click.echo(text, nl=False)
        return
    path = Path(output)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", encoding="utf-8", newline="\n") as handle:
        handle.write(text)
    say(f"wrote {output}{': ' + what if what else ''}")
