"""The Chonker Party ruling points file is generated from reviewable Python
(``scripts/build_chonker_rulings.py``): the committed file must be exactly what the generator writes."""

from __future__ import annotations

import json
import runpy
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_the_ruling_points_file_is_what_the_generator_writes() -> None:
    generator = runpy.run_path(str(ROOT / "scripts" / "build_chonker_rulings.py"))
    committed = (ROOT / "models" / "chonker-party" / "rulings.json").read_text(encoding="utf-8")
    assert json.dumps(generator["document"](), indent=1) + "\n" == committed


def test_every_ruling_point_has_what_the_rulings_need() -> None:
    generator = runpy.run_path(str(ROOT / "scripts" / "build_chonker_rulings.py"))
    for rp in generator["document"]()["ruling_points"]:
        assert set(rp) == {"id", "kind", "question", "clauses", "options", "recommended", "rationale",
                           "players_question", "publish"}, rp["id"]
        assert rp["kind"] in ("gap", "conflict") and rp["clauses"] and len(rp["options"]) >= 2, rp["id"]
        assert rp["recommended"] in {o["id"] for o in rp["options"]}, rp["id"]
