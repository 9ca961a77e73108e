"""A second implementation with one rule deliberately changed, speaking the oracle protocol.

It wraps the reference handler but answers as if one ruling point had another option:
``python tests/mutant_oracle.py --ruling toy.tie=discard [--toy]``. The differential harness
must catch it and report a minimal trace.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))

from rulecheck.core.rulings import Ruleset, load_ruleset
from rulecheck.oracle.protocol import Oracle
from rulecheck.oracle.server import serve


def mutant(ruling: str, option: str) -> Oracle:
    """The reference oracle, except that ``ruling`` is always settled as ``option``."""

    def loader(game: str, variant: str | None, players: int | None, ruleset: Ruleset, deck: str) -> Any:
        from rulecheck.games import load_game

        if ruling in ruleset.choices:
            choices = {k: v for k, v in ruleset.choices.items() if v is not None}
            choices[ruling] = option
            ruleset = load_ruleset(game, {"base": "raw", "name": ruleset.name, "choices": choices})
        return load_game(game, variant, players, ruleset, deck)

    return Oracle(loader=loader)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--ruling", required=True, help="RULING_ID=OPTION to force")
    parser.add_argument("--toy", action="store_true", help="serve the toy test game too")
    args = parser.parse_args()
    if args.toy:
        import oracle_toy

        oracle_toy.register()
    ruling, option = args.ruling.split("=", 1)
    serve(oracle=mutant(ruling, option))


if __name__ == "__main__":
    main()
