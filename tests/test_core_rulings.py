"""Ruling points and rulesets: loading, validation, clear errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rulecheck.core.errors import RulesetError, UnknownRulingError
from rulecheck.core.provenance import Context, Undetermined
from rulecheck.core.rulings import RULING_FILES, load_ruleset, load_ruling_points

FIXTURE = Path(__file__).parent / "fixtures" / "toyrulings.json"
GAME = "core-fixture"


@pytest.fixture(autouse=True)
def _register() -> None:
    RULING_FILES[GAME] = FIXTURE
    yield
    RULING_FILES.pop(GAME, None)


def test_points_load_sorted_with_kinds() -> None:
    points = load_ruling_points(GAME)
    assert list(points) == ["fixture.contradiction", "fixture.silence"]
    assert points["fixture.contradiction"].kind == "conflict"
    assert points["fixture.silence"].option_ids == ("a", "b")


def test_raw_leaves_everything_open_and_recommended_lists_open_points() -> None:
    raw = load_ruleset(GAME, "raw")
    assert raw.open_points() == ("fixture.contradiction", "fixture.silence")
    rec = load_ruleset(GAME, "recommended")
    assert rec.choices["fixture.silence"] == "a"
    assert rec.open_points() == ("fixture.contradiction",)


def test_user_file_overrides_base(tmp_path: Path) -> None:
    path = tmp_path / "house.json"
    path.write_text(json.dumps({"game": GAME, "base": "recommended", "choices": {"fixture.silence": "b"}}))
    rs = load_ruleset(GAME, path)
    assert rs.name == "house" and rs.choices["fixture.silence"] == "b"


@pytest.mark.parametrize(
    ("body", "exc", "needle"),
    [
        ({"choices": {"fixture.nope": "a"}}, UnknownRulingError, "fixture.nope"),
        ({"choices": {"fixture.silence": "zzz"}}, RulesetError, "zzz"),
        ({"game": "chess"}, RulesetError, "chess"),
        ({"base": "lenient"}, RulesetError, "lenient"),
        ({"colour": "red"}, RulesetError, "colour"),
    ],
)
def test_bad_rulesets_name_what_is_wrong(tmp_path: Path, body: dict, exc: type, needle: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(body))
    with pytest.raises(exc, match=needle):
        load_ruleset(GAME, path)


def test_malformed_json_and_missing_file(tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text("{not json")
    with pytest.raises(RulesetError, match="not valid JSON"):
        load_ruleset(GAME, path)
    with pytest.raises(RulesetError, match="neither a built-in"):
        load_ruleset(GAME, tmp_path / "missing.json")


def test_context_records_provenance_and_raises_on_open_points() -> None:
    ctx = Context(load_ruleset(GAME, "recommended").choices)
    ctx.cite("en.object.1", "en.object.1", "en.ending.1")
    assert ctx.rule("fixture.silence") == "a"
    with pytest.raises(Undetermined) as info:
        ctx.rule("fixture.contradiction")
    assert info.value.ruling == "fixture.contradiction"
    prov = ctx.provenance()
    assert prov.clauses == ("en.object.1", "en.ending.1")
    assert prov.rulings == ("fixture.silence",)
    with pytest.raises(KeyError):
        ctx.rule("fixture.undefined")


def test_the_readme_example_ruleset_loads() -> None:
    import re

    readme = (Path(__file__).parents[1] / "README.md").read_text(encoding="utf-8")
    block = re.search(r"```json\n(.*?)```", readme, re.S)
    assert block is not None
    data = json.loads(block.group(1))
    rs = load_ruleset(data["game"], data)
    assert all(rs.choices[rid] == opt for rid, opt in data["choices"].items())
