"""Helpers shared by the Chomp! tests: explicit deals that put chosen cards on top; a script run on
the pure-Python engine (where a test can plant a fault by replacing one of its functions)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections import Counter
from typing import Any

from rulecheck.games.chomp.cards import CARD_NAMES
from rulecheck.games.chomp.game import ChompGame


def deal_with_tops(game: ChompGame, tops: list[list[str]]) -> list[list[str]]:
    """A valid deal (card names) whose piles start with ``tops``; the rest filled from the deck."""
    left = Counter(CARD_NAMES[c] for c in game.deck_cards)
    for top in tops:
        for name in top:
            left[name] -= 1
            assert left[name] >= 0, f"deck has too few {name}"
    pool = sorted(left.elements(), key=CARD_NAMES.index)
    piles = []
    for top in tops:
        need = game.per_player - len(top)
        piles.append(list(top) + pool[:need])
        pool = pool[need:]
    return piles


def run_pure_python(script: str, *args: str) -> Any:
    """Run ``script`` (Python source) with ``args`` in a fresh process on the pure-Python engine
    (``RULECHECK_PURE_PYTHON=1``: a module function replaced there is the one the engine calls);
    the JSON of its last line of output."""
    env = {**os.environ, "RULECHECK_PURE_PYTHON": "1"}
    out = subprocess.run([sys.executable, "-c", script, *args], env=env, capture_output=True, text=True,
                         check=True, timeout=600)
    return json.loads(out.stdout.strip().splitlines()[-1])
