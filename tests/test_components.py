"""The component lists checked against themselves (rulecheck.docs.components): the card the
filler list calls "stone" and its card text "Rock" (cp.fillers.1, cp.fillers.6) is found and
corrected from the data; changed copies of the clause index show each check finds what it
should, and nothing in a clean list."""

from __future__ import annotations

import doctest
from collections.abc import Mapping, Sequence
from dataclasses import replace

import pytest

import rulecheck.docs.components as components
from rulecheck.check.full_deck import TEXT, full_deck_status
from rulecheck.core.clauses import Clause, load_index
from rulecheck.core.errors import UnknownGameError
from rulecheck.docs.components import component_differences, component_findings
from rulecheck.docs.errata import PROBLEMS, Change, build_errata, erratum_markdown
from rulecheck.docs.report import rulesets_for
from rulecheck.findings import KINDS, Finding, finding_id

STONE = "chonker-party.component.name.cp.fillers.1.stone"


def _book(changes: Mapping[str, str]) -> list[Clause]:
    """The Chonker Party clause index with the texts of some clauses changed."""
    clauses = load_index("chonker-party-en")
    assert set(changes) <= {c.id for c in clauses}
    return [replace(c, text=changes.get(c.id, c.text)) for c in clauses]


def _keys(clauses: Sequence[Clause]) -> list[str]:
    return [d.key for d in component_differences(clauses)]


def test_the_filler_list_calls_the_rock_stone() -> None:
    (f,) = component_findings("chonker-party")
    assert f.id == STONE and f.kind == "component" and f.severity == "low"
    assert f.verified and f.source == "components" and f.ruling is None and f.witness is None
    assert f.title == 'The filler list calls a card "stone"; its card text calls it "Rock" (cp.fillers.1, cp.fillers.6)'
    assert f.clauses == ("cp.fillers.1", "cp.fillers.6")
    assert "Stick (8), leaf (8), brick (8), stone (8)." in f.detail and "It just sits there, being a rock." in f.detail
    assert f.data["check"] == "name" and (f.data["listed"], f.data["found"]) == ("stone", "Rock")
    assert f.data["texts"] == {"cp.fillers.1": "Stick (8), leaf (8), brick (8), stone (8).",
                               "cp.fillers.6": '• Rock: "It just sits there, being a rock."'}
    assert f.data["corrected_clause"] == "cp.fillers.1"
    assert f.data["corrected_text"] == "Stick (8), leaf (8), brick (8), rock (8)."


def test_the_finding_is_gone_when_the_card_text_says_stone() -> None:
    assert _keys(_book({"cp.fillers.6": '• Stone: "It just sits there, being a rock."'})) == []
    # the list's name in another case, or as a plural, is the same name
    assert _keys(_book({"cp.fillers.1": "Stick (8), leaf (8), brick (8), ROCKS (8)."})) == []


def test_the_corrected_name_keeps_the_lists_capitalisation() -> None:
    (d,) = component_differences(_book({"cp.fillers.1": "Stick (8), Leaf (8), Brick (8), Stone (8)."}))
    assert d.corrected_text == "Stick (8), Leaf (8), Brick (8), Rock (8)."


def test_names_left_over_on_both_sides_are_not_paired() -> None:
    diffs = component_differences(_book({
        "cp.fillers.1": "Stick (8), twig (8), brick (8), stone (8).",
    }))
    assert [(d.check, d.key) for d in diffs] == [
        ("no-text", "name.cp.fillers.1.twig"),
        ("no-text", "name.cp.fillers.1.stone"),
        ("unlisted", "name.cp.fillers.4.leaf"),
        ("unlisted", "name.cp.fillers.6.rock"),
    ]
    assert all(d.corrected_text is None for d in diffs)


def test_a_heading_that_counts_five_chonks_of_six() -> None:
    diffs = component_differences(_book({"cp.chonks.0": "Chonks (5)"}))
    # (the table of contents' "Chonks (6)", cp.toc.11, already says what the heading should)
    assert [d.key for d in diffs] == ["count.cp.chonks.3.heading", "name.cp.fillers.1.stone"]
    d = diffs[0]
    assert d.clauses == ("cp.chonks.0", "cp.chonks.3") and (d.listed, d.found) == ("5", "6")
    assert d.corrected_text == "Chonks (6)"
    assert d.title == 'The heading "Chonks (5)" counts 5 cards; its list names 6 (cp.chonks.0, cp.chonks.3)'


def test_a_list_that_says_five_and_names_six() -> None:
    chonks = next(c for c in load_index("chonker-party-en") if c.id == "cp.chonks.3")
    (d,) = [d for d in component_differences(_book({"cp.chonks.3": chonks.text.replace("six", "five")}))
            if d.check == "count"]
    assert d.key == "count.cp.chonks.3.stated" and (d.listed, d.found) == ("5", "6")
    assert d.corrected_text is not None and d.corrected_text.startswith("The six Chonk cards are: Raccoon")


def test_eight_of_each_filler_and_a_list_adding_up_to_thirty() -> None:
    diffs = component_differences(_book({"cp.fillers.1": "Stick (8), leaf (8), brick (8), rock (6)."}))
    assert [(d.key, d.listed, d.found, d.corrected_text) for d in diffs] == [
        ("count.cp.fillers.1.rock", "8", "6", None)]
    assert diffs[0].clauses == ("cp.fillers.0", "cp.fillers.1")


def test_a_heading_that_counts_another_number_of_fillers() -> None:
    (d,) = [d for d in component_differences(_book({"cp.fillers.0": "Filler Cards (8 x 5)"})) if d.check == "count"]
    assert d.key == "count.cp.fillers.1.heading" and d.corrected_text == "Filler Cards (8 x 4)"


def test_a_total_that_is_not_its_parts() -> None:
    (d,) = component_differences(_book({
        "cp.points.1": "17 total, 8 sweet, 8 salty, each worth +1 points.",
        "cp.fillers.6": '• Stone: "It just sits there, being a rock."',
    }))
    assert d.key == "count.cp.points.1.stated" and (d.listed, d.found) == ("17", "16")
    assert d.corrected_text == "16 total, 8 sweet, 8 salty, each worth +1 points."


def test_a_table_of_contents_entry_against_its_heading() -> None:
    (d,) = component_differences(_book({
        "cp.toc.10": "• Points (8 x 3)",
        "cp.fillers.6": '• Stone: "It just sits there, being a rock."',
    }))
    assert d.key == "count.cp.toc.10" and d.clauses == ("cp.toc.10", "cp.points.0")
    assert d.corrected_text == "• Points (8 x 2)"


def test_a_table_of_contents_entry_against_a_heading_its_list_corrects() -> None:
    rock = '• Stone: "It just sits there, being a rock."'
    diffs = component_differences(_book({"cp.chonks.0": "Chonks (5)", "cp.toc.11": "• Chonks (7)",
                                         "cp.fillers.6": rock}))
    assert [(d.key, d.corrected_text) for d in diffs] == [
        ("count.cp.chonks.3.heading", "Chonks (6)"), ("count.cp.toc.11", "• Chonks (6)")]
    # eight of each filler, but one is counted six: neither heading nor table of contents is corrected
    diffs = component_differences(_book({"cp.fillers.1": "Stick (8), leaf (8), brick (8), rock (6).",
                                         "cp.toc.13": "• Filler Cards (8 x 3)"}))
    assert [(d.key, d.corrected_text) for d in diffs] == [("count.cp.fillers.1.rock", None), ("count.cp.toc.13", None)]


def test_clean_lists_give_nothing() -> None:
    clean = _book({"cp.fillers.6": '• Stone: "It just sits there, being a rock."'})
    assert component_differences(clean) == []
    assert component_differences([]) == []


def test_the_chomp_books_have_no_list_to_compare() -> None:
    # the English edition lists no components; the Spanish "Componentes" (es.componentes.1-10)
    # gives one count per line and no total or card text to check them against
    assert component_differences(load_index("chomp-en")) == []
    assert component_differences(load_index("chomp-es")) == []
    assert component_findings("chomp") == []
    with pytest.raises(UnknownGameError):
        component_findings("no-such-game")


def test_component_findings_are_about_the_text_alone() -> None:
    assert "component" in KINDS and "component" in PROBLEMS
    (f,) = component_findings("chonker-party")
    assert full_deck_status(f, [])["status"] == TEXT


def test_the_erratum_replaces_the_list_with_the_cards_name() -> None:
    (f,) = component_findings("chonker-party")
    f = replace(f, data={**f.data, "full_deck": full_deck_status(f, [])})
    (e,) = build_errata([f], rulesets_for(["chonker-party"]))
    assert e.key == STONE and e.lang == "en" and e.consequence == "wording" and e.ruled and not e.small_deck
    assert e.problem == "The list of filler cards calls this card “stone”, but the card itself is called “Rock”."
    assert [(q.ref, q.section, q.text) for q in e.where] == [
        ("cp.fillers.1", "Filler Cards (8 x 4)", "Stick (8), leaf (8), brick (8), stone (8).")]
    assert e.change == Change("replace", ("Stick (8), leaf (8), brick (8), rock (8).",))
    md = "\n".join(erratum_markdown(1, e))
    assert "**Replace this sentence with:**" in md and "> Stick (8), leaf (8), brick (8), rock (8)." in md


def test_a_count_erratum_without_a_correction_is_not_yet_ruled() -> None:
    (d,) = component_differences(_book({"cp.fillers.1": "Stick (8), leaf (8), brick (8), rock (6)."}))
    f = Finding(finding_id("chonker-party", "component", d.key), "chonker-party", "component", "low", d.title,
                d.detail, d.clauses, verified=True, source="components",
                data={"check": d.check, "corrected_clause": None, "corrected_text": None, "problem": d.problem})
    (e,) = build_errata([f], rulesets_for(["chonker-party"]))
    assert not e.ruled and [q.ref for q in e.where] == ["cp.fillers.0", "cp.fillers.1"]


def test_module_examples() -> None:
    failed, tried = doctest.testmod(components)
    assert tried and not failed
