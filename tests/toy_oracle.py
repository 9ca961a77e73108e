"""The oracle serving the toy test game (the reference, for harness tests before the real games)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

import oracle_toy

from rulecheck.oracle.server import serve

if __name__ == "__main__":
    oracle_toy.register()
    serve()
