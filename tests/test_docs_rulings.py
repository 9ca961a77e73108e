"""Every ruling point is documented: a question, two or more options, and either a recommended
option with its rationale or an "open" entry in the FAQ (never hidden)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rulecheck.core.paths import models_dir
from rulecheck.core.rulings import load_ruleset, load_ruling_points
from rulecheck.docs import errata_documents, faq_documents
from rulecheck.docs.report import option_sentence
from rulecheck.findings import Finding
from rulecheck.games import GAMES


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_ruling_point_has_question_options_and_a_recommendation_or_is_listed_open(game: str) -> None:
    if not (models_dir() / game / "rulings.json").exists():
        pytest.skip(f"models/{game}/rulings.json is not written yet")
    points = load_ruling_points(game)
    assert points, f"{game} has no ruling points"
    faq = faq_documents([], {game: load_ruleset(game, "recommended")}, [game]).markdown
    for rp in points.values():
        assert rp.question.strip(), f"{rp.id}: no question"
        assert len(rp.options) >= 2, f"{rp.id}: fewer than two options"
        assert all(o.text.strip() for o in rp.options), f"{rp.id}: an option without text"
        question = rp.players_question or rp.question
        assert f". {question}\n" in faq, f"{rp.id}: its question is not in the FAQ"
        entry = faq.split(f". {question}\n", 1)[1].split("\n### ", 1)[0]
        if rp.recommended is not None:
            assert rp.rationale.strip(), f"{rp.id}: recommended {rp.recommended!r} without a rationale"
            assert "**Answer** (recommended ruling)" in entry and rp.rationale.strip() in entry
        else:
            assert "**Answer** (open): Open:" in entry, f"{rp.id}: no recommendation, and not listed as open"
            assert all(f"({o.id})" in entry for o in rp.options)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_house_ruling_changes_the_real_faq_answer_and_erratum(game: str, tmp_path: Path) -> None:
    if not (models_dir() / game / "rulings.json").exists():
        pytest.skip(f"models/{game}/rulings.json is not written yet")
    rp = next(p for p in load_ruling_points(game).values() if p.recommended is not None)
    other = next(o for o in rp.options if o.id != rp.recommended)
    house = tmp_path / "house.json"
    house.write_text(json.dumps({"game": game, "name": "house", "choices": {rp.id: other.id}}))
    finding = Finding(f"{game}.gap.{rp.id}", game, rp.kind, "high", rp.question, "", rp.clauses[:1], rp.id)
    base = (faq_documents([finding], ["recommended"], [game]).markdown,
            errata_documents([finding], ["recommended"], [game]).markdown)
    changed = (faq_documents([finding], [str(house)], [game]).markdown,
               errata_documents([finding], [str(house)], [game]).markdown)
    assert f"**Answer** (house ruling): {option_sentence(other.text)}" in changed[0]
    assert f"**Answer** (house ruling): {option_sentence(other.text)}" not in base[0]
    assert f"{option_sentence(other.text)}\"" in changed[1] and f"{option_sentence(other.text)}\"" not in base[1]
