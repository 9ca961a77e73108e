"""Every ruling point is documented for publication: a question, two or more options, each with
its wording (the rule as the next edition would print it, in the rulebook's voice, in Spanish too
where the point amends a sentence only the Spanish edition has), and what the errata need (the
problem in one plain sentence, what it can change, the sentence it amends). A ruling point added
later without them fails here."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rulecheck.core.clauses import clauses_for_game
from rulecheck.core.paths import models_dir
from rulecheck.core.rulings import CONSEQUENCES, load_ruleset, load_ruling_points
from rulecheck.docs import errata_documents, faq_documents
from rulecheck.docs.errata import Change, ErrataConflictError, Erratum, change_label, corrected_text
from rulecheck.docs.lint import tool_words, unfinished
from rulecheck.docs.text import Quote, lang_of
from rulecheck.findings import Finding
from rulecheck.games import GAMES

GAMES_WITH_RULINGS = sorted(g for g in GAMES if (models_dir() / g / "rulings.json").exists())


def _published(text: str) -> list[str]:
    """What is wrong with one sentence (or two) of published text."""
    return [*tool_words(text), *unfinished(text)] + ([] if text.strip() else ["empty"])


@pytest.mark.parametrize("game", GAMES_WITH_RULINGS)
def test_every_option_of_every_ruling_point_has_its_wording(game: str) -> None:
    points = load_ruling_points(game)
    assert points, f"{game} has no ruling points"
    for rp in points.values():
        anchor = rp.publish.clause
        langs = ["en"] + (["es"] if anchor and lang_of(anchor) == "es" else [])
        for o in rp.options:
            for lang in langs:
                text = o.wording.get(lang, "")
                assert text, f"{rp.id}: option {o.id} has no wording in {lang!r}"
                assert not _published(text), f"{rp.id}: option {o.id} ({lang}): {_published(text)}: {text!r}"


@pytest.mark.parametrize("game", GAMES_WITH_RULINGS)
def test_every_ruling_point_says_what_the_errata_print(game: str) -> None:
    index = clauses_for_game(game)
    for rp in load_ruling_points(game).values():
        pub = rp.publish
        assert pub.consequence in CONSEQUENCES, f"{rp.id}: consequence {pub.consequence!r} not one of {CONSEQUENCES}"
        assert pub.clause in rp.clauses and pub.clause in index, f"{rp.id}: amends {pub.clause!r}, not its clause"
        langs = ["en"] + (["es"] if lang_of(pub.clause) == "es" else [])
        for lang in langs:
            problem = pub.problem.get(lang, "")
            assert problem and not _published(problem), f"{rp.id}: problem ({lang}): {problem!r}"
        question = pub.question or rp.players_question or rp.question
        assert question.rstrip().endswith("?") and not tool_words(question), f"{rp.id}: question {question!r}"


@pytest.mark.parametrize("game", GAMES_WITH_RULINGS)
def test_every_ruling_point_is_answered_in_the_faq_with_its_wording(game: str) -> None:
    faq = faq_documents([], {game: load_ruleset(game, "recommended")}, [game]).markdown
    for rp in load_ruling_points(game).values():
        question = rp.publish.question or rp.players_question or rp.question
        assert f". {question}\n" in faq, f"{rp.id}: its question is not in the FAQ"
        entry = faq.split(f". {question}\n", 1)[1].split("\n#### ", 1)[0]
        if rp.recommended is not None:
            assert rp.option(rp.recommended).wording["en"] in entry, f"{rp.id}: the answer is not its wording"
        else:
            assert "no ruling has been made yet" in entry
            assert all(o.wording["en"] in entry for o in rp.options)


@pytest.mark.parametrize("game", GAMES_WITH_RULINGS)
def test_a_house_ruling_changes_the_real_faq_answer_and_erratum(game: str, tmp_path: Path) -> None:
    rp = next(p for p in load_ruling_points(game).values() if p.recommended is not None and lang_of(p.publish.clause)
              == "en")
    other = next(o for o in rp.options if o.id != rp.recommended)
    house = tmp_path / "house.json"
    house.write_text(json.dumps({"game": game, "name": "house", "choices": {rp.id: other.id}}))
    finding = Finding(f"{game}.gap.{rp.id}", game, rp.kind, "high", rp.question, "", rp.clauses[:1], rp.id)
    base = (faq_documents([finding], ["recommended"], [game]).markdown,
            errata_documents([finding], ["recommended"], [game]).markdown)
    changed = (faq_documents([finding], [str(house)], [game]).markdown,
               errata_documents([finding], [str(house)], [game]).markdown)
    wording = other.wording["en"]
    assert wording in changed[0] and wording not in base[0]
    assert f"> {wording}" in changed[1] and f"> {wording}" not in base[1]


@pytest.mark.parametrize("game", GAMES_WITH_RULINGS)
def test_no_two_ruling_points_replace_the_same_sentence(game: str) -> None:
    """A reprint can apply errata that add after one sentence one after the other, but only one
    erratum can replace (or delete) it: two that do cannot both be printed."""
    replacing: dict[str, list[str]] = {}
    for rp in load_ruling_points(game).values():
        if rp.publish.how in ("replace", "delete"):
            replacing.setdefault(rp.publish.clause or rp.clauses[0], []).append(rp.id)
    assert {c: ids for c, ids in replacing.items() if len(ids) > 1} == {}


def _erratum(n: int, ref: str, how: str, text: str) -> tuple[int, Erratum]:
    sentence = Quote("Electric Eel: Feeding Frenzy!", "Any player can chomp any card, except her own.", ref)
    return n, Erratum(f"k{n}", "chomp", "en", "cards", "p", (sentence, Quote("s", "other", "en.x")),
                      Change(how, (text,)))


def test_the_corrected_text_applies_every_erratum_of_a_sentence() -> None:
    """Errata that change one sentence are printed once more together: the replacement, then each
    addition in the errata's order; a sentence only one erratum changes is not repeated; two
    replacements of one sentence are an error naming both; the change is named by its sentence
    when an erratum quotes several."""
    ref = "en.feeding-frenzy.2"
    items = [_erratum(3, ref, "add", "Added."), _erratum(5, ref, "replace", "Replaced."),
             _erratum(7, "en.gameplay.2", "add", "Alone.")]
    (c,) = corrected_text(items)
    assert (c.quote.ref, c.text, c.errata) == (ref, ("Replaced.", "Added."), (3, 5))
    assert corrected_text(items[:1] + items[2:]) == []
    assert change_label(items[0][1]) == "Add after “Any player can chomp any card, except her own.”:"
    with pytest.raises(ErrataConflictError, match="errata 5, 9 each replace"):
        corrected_text([*items, _erratum(9, ref, "replace", "Again.")])
