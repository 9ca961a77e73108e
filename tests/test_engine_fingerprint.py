"""The engines' behaviour has not drifted: seeded games of Chomp! and of Chonker Party, every
step's state, the clauses and ruling points it cites, and the legal actions hash to the committed
digests (``benchmarks/engine_fingerprint.py``). This is what catches a change to a rule that no
focused test names, including a step that stops citing a clause it applies (docs/MUTATION.md).

If a change to a model is meant to change behaviour, regenerate the game's digest files with
``python benchmarks/engine_fingerprint.py --game GAME [--quick] --write ...`` and say so in the commit.
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _fingerprint_module():
    spec = importlib.util.spec_from_file_location("engine_fingerprint", ROOT / "benchmarks" / "engine_fingerprint.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("game", ["chomp", "chonker-party"])
def test_quick_fingerprint_matches_the_committed_digests(game: str) -> None:
    want = json.loads((ROOT / "benchmarks" / "fingerprints" / f"{game}-quick.json").read_text(encoding="utf-8"))
    got = _fingerprint_module().fingerprints(quick=True, game_name=game)
    assert set(got) == set(want)
    assert [k for k in sorted(want) if got[k] != want[k]] == []
