"""The ``rulecheck`` command line. Commands only parse, call the library and format output.

Each command group lives in its own module and registers itself on :data:`main` through
:func:`register`; the modules are listed in :data:`COMMAND_MODULES`.
"""

from __future__ import annotations

import importlib
from typing import Any

import click

from rulecheck import ENGINE_BUILD, __version__
from rulecheck.core.errors import RulecheckError

__all__ = ["COMMAND_MODULES", "main"]

COMMAND_MODULES = (
    "rulecheck.cli.play",
    "rulecheck.cli.audit",
    "rulecheck.cli.bmc",
    "rulecheck.cli.documents",
    "rulecheck.cli.oracle",
)


class RulecheckGroup(click.Group):
    """Turns every :class:`RulecheckError` into a one-line message and exit code 2."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except RulecheckError as exc:
            click.echo(f"error: {exc}", err=True)
            ctx.exit(2)


@click.group(cls=RulecheckGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="rulecheck", message=f"%(prog)s %(version)s (engine {ENGINE_BUILD})")
def main() -> None:
    """rulecheck: formal verification and exhaustive rules-checking for card-game rulebooks.

    Games: chomp (variants standard, underwater-war, chomp-rapido, doble-chomp) and
    chonker-party. Start with `rulecheck audit`.
    """


for _name in COMMAND_MODULES:
    try:
        importlib.import_module(_name)
    except ModuleNotFoundError as _exc:  # a command module not written yet
        if _exc.name != _name:
            raise
