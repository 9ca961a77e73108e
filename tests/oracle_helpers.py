"""Shared helpers of the oracle tests: the toy game registered for one test module."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE))

import oracle_toy  # noqa: E402

from rulecheck.games import unregister_game  # noqa: E402

TOY = oracle_toy.NAME
TOY_SERVER = [sys.executable, str(HERE / "toy_oracle.py")]
MUTANT = [sys.executable, str(HERE / "mutant_oracle.py")]


def registered_toy() -> Iterator[None]:
    """Fixture body: the toy game is in the registry for the duration."""
    oracle_toy.register()
    try:
        yield
    finally:
        unregister_game(TOY)
