"""The Chomp! engine's behaviour has not drifted: seeded games, every step's provenance and
state, and legal actions hash to the committed digests (``benchmarks/engine_fingerprint.py``).

If a change to the model is meant to change behaviour, regenerate both digest files with
``python benchmarks/engine_fingerprint.py [--quick] --write ...`` and say so in the commit.
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _fingerprint_module():
    spec = importlib.util.spec_from_file_location("engine_fingerprint", ROOT / "benchmarks" / "engine_fingerprint.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_quick_fingerprint_matches_the_committed_digests() -> None:
    want = json.loads((ROOT / "benchmarks" / "fingerprints" / "chomp-quick.json").read_text(encoding="utf-8"))
    got = _fingerprint_module().fingerprints(quick=True)
    assert set(got) == set(want)
    assert [k for k in sorted(want) if got[k] != want[k]] == []
