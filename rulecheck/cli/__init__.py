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

__all__ = ["COMMAND_MODULES", "EXIT_CODES", "main"]

COMMAND_MODULES = (
    "rulecheck.cli.play",
    "rulecheck.cli.audit",
    "rulecheck.cli.bmc",
    "rulecheck.cli.documents",
    "rulecheck.cli.oracle",
    "rulecheck.cli.decks",
    "rulecheck.cli.war",
    "rulecheck.cli.search",
)

EXIT_CODES = """\b
Exit status (every command):
  0  clean
  1  a finding at or above --fail-on (audit), a divergence (conformance run);
     1 wins over 3 when both hold
  2  usage or input error: bad option, unknown game, ruleset, deck or report,
     a file that is not UTF-8 or not JSON; nothing is run, nothing is written
  3  incomplete run (audit: a search stopped at --max-states, a configuration failed)
  4  audit: a search stopped at the time limit --max-seconds, so the report
     depends on the machine's speed and load (the other bounds are work)
  130  interrupted (Ctrl-C, SIGTERM); the report so far is written

\b
A file name '-' means standard output. `rulecheck decks GAME` lists the decks.
Examples:
  rulecheck audit --quick
  rulecheck explain chomp.gap.nobody_can_chomp
  rulecheck simulate chomp -v underwater-war --seed 7
  rulecheck COMMAND --help"""


class RulecheckGroup(click.Group):
    """Turns every :class:`RulecheckError` into a one-line message and exit code 2, and an
    interruption (Ctrl-C) into exit code 130."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except RulecheckError as exc:
            click.echo(f"error: {exc}", err=True)
            ctx.exit(2)
        except KeyboardInterrupt:
            click.echo("interrupted", err=True)
            ctx.exit(130)


@click.group(cls=RulecheckGroup, context_settings={"help_option_names": ["-h", "--help"]}, epilog=EXIT_CODES)
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
