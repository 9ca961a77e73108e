"""Errata, FAQ and HTML generated from findings: content, order, determinism, rulings.

Runs on a tiny planted game (tests/fixtures/docs_toy) so the generators are checked without
the real game models; the committed documents are checked in test_docs_committed.py.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path

import pytest

from rulecheck.core.rulings import load_ruleset
from rulecheck.docs import errata_documents, faq_documents
from rulecheck.docs.errata import build_errata, rule_sentence
from rulecheck.docs.faq import build_faq
from rulecheck.docs.html import bar_chart_svg
from rulecheck.docs.situation import situation_from_witness
from rulecheck.findings import Finding, Witness

sys.path.insert(0, str(Path(__file__).parent / "fixtures" / "docs_toy"))
import docs_toygame

GAME = "docs-toy"
CONFIG = {"game": GAME, "variant": "standard", "players": 2, "deck": "full", "ruleset": "raw"}


@pytest.fixture(autouse=True)
def _toy() -> Iterator[None]:
    docs_toygame.register()
    yield
    docs_toygame.unregister()


def _findings() -> list[Finding]:
    equal = Witness(CONFIG, (["deal", [[1, 0], [1, 2]]], ["turn_over"], ["slap", 0, 1]), 2)
    nobody = Witness(CONFIG, (["deal", [[1], [2]]], ["turn_over"], ["nobody"]), 2)
    return [
        Finding(f"{GAME}.gap.nobody", GAME, "gap", "medium", "Nobody slaps", "The text is silent.",
                ("en.gameplay.2",), "toy.nobody", (CONFIG,), nobody, {"games": 100, "games_hitting": 40}),
        Finding(f"{GAME}.dead-rule.en.setup.2", GAME, "dead-rule", "low", "Extra cards never exist", "",
                ("en.setup.2",)),
        Finding(f"{GAME}.conflict.equal", GAME, "conflict", "high", "Equal slap", "Two clauses disagree.",
                ("en.bad-chomp.4",), "toy.equal_slap", (CONFIG,), equal, {"games": 100, "games_hitting": 12}),
        Finding(f"{GAME}.gap.other", GAME, "gap", "medium", "Another silence", "", ("en.gameplay.3",),
                None, (), None, {"games": 100, "games_hitting": 70}),
        Finding(f"{GAME}.coverage.en.setup.3", GAME, "coverage", "info", "Uncited clause", "", ("en.setup.3",)),
        Finding(f"{GAME}.translation.x", GAME, "translation", "high", "Slap becomes place", "",
                ("es.malos-mordiscos.6", "en.bad-chomp.6"), data={
                    "difference": "term", "term": "slap", "original_text": "- slap a card in an Octopus Ink Out",
                    "translation_text": "coloque una tarjeta en un Octopus Ink Out (ver más abajo)."}),
    ]


def _house(tmp_path: Path, choices: dict[str, str | None]) -> Path:
    path = tmp_path / "house.json"
    path.write_text(json.dumps({"game": GAME, "name": "house", "base": "recommended", "choices": choices}))
    return path


def test_errata_cover_text_problems_in_order_of_importance() -> None:
    rulesets = {GAME: load_ruleset(GAME, "recommended")}
    errata = build_errata(_findings(), rulesets)
    ids = [e.id for e in errata]
    assert f"{GAME}.coverage.en.setup.3" not in ids  # a model hole, not a text problem
    # severity first, then frequency (70% before 40%), then ID
    assert ids == [f"{GAME}.conflict.equal", f"{GAME}.translation.x", f"{GAME}.gap.other", f"{GAME}.gap.nobody",
                   f"{GAME}.dead-rule.en.setup.2"]


def test_erratum_wording_comes_from_the_clause_and_the_chosen_option() -> None:
    errata = {e.id: e for e in build_errata(_findings(), {GAME: load_ruleset(GAME, "recommended")})}
    equal = errata[f"{GAME}.conflict.equal"]
    assert ("en.bad-chomp.4", "- slap another player's card that's the same as yours, or") in equal.quotes
    assert equal.proposal.startswith(
        "en.bad-chomp.4: \"Slap another player's card that's the same as yours. Every card goes back")
    assert equal.status == "recommended"
    dead = errata[f"{GAME}.dead-rule.en.setup.2"]
    assert dead.proposal.startswith("Delete or qualify en.setup.2")
    nobody = errata[f"{GAME}.gap.nobody"]
    assert nobody.status == "open" and "Open:" in nobody.proposal and "(discard)" in nobody.proposal
    translation = errata[f"{GAME}.translation.x"]
    assert "as the English says: \"- slap a card in an Octopus Ink Out\"" in translation.proposal


def test_faq_has_every_ruling_point_open_ones_listed_and_unreached_ones_said() -> None:
    rulesets = {GAME: load_ruleset(GAME, "recommended")}
    entries = build_faq(_findings(), rulesets, [GAME])
    assert [e.id for e in entries] == ["toy.nobody", "toy.equal_slap", "toy.never"]  # by frequency, then ID
    by_id = {e.id: e for e in entries}
    assert by_id["toy.equal_slap"].question == "I slapped a card the same as mine. Who gets the cards?"
    assert by_id["toy.nobody"].status == "open"
    md = faq_documents(_findings(), rulesets, [GAME]).markdown
    assert "**Answer** (open): Open:" in md
    assert "Never reached in the explored configurations: no explored play" in md  # toy.never: no finding
    assert md.count("### Q") == 3


def test_situation_replays_the_witness_and_shows_the_table_and_the_ruling() -> None:
    witness = _findings()[2].witness
    assert witness is not None
    s = situation_from_witness(witness, "toy.equal_slap", "return")
    assert s.error is None and s.pending == "toy.equal_slap"
    assert s.before == {"piles": [["zero"], ["two"]], "table": ["one", "one"], "phase": "race"}
    assert s.problem == ("race", "player 1 slaps player 2's one")
    assert s.resolved == {"piles": [["zero", "one"], ["two", "one"]], "table": [], "phase": "turn"}
    other = situation_from_witness(witness, "toy.equal_slap", "to_slapper")
    assert other.resolved == {"piles": [["zero", "one", "one"], ["two"]], "table": [], "phase": "turn"}


def test_a_broken_witness_is_said_not_hidden() -> None:
    bad = Witness(CONFIG, (["deal", [[1], [2]]], ["slap", 0, 1]), 1)
    s = situation_from_witness(bad)
    assert s.error is not None and "does not replay" in s.error


def test_changing_a_ruling_changes_faq_answer_and_erratum_wording(tmp_path: Path) -> None:
    findings = _findings()
    base_faq = faq_documents(findings, ["recommended"], [GAME]).markdown
    base_errata = errata_documents(findings, ["recommended"], [GAME]).markdown
    house = str(_house(tmp_path, {"toy.equal_slap": "to_slapper", "toy.nobody": "discard"}))
    faq = faq_documents(findings, [house], [GAME]).markdown
    errata = errata_documents(findings, [house], [GAME]).markdown
    assert faq != base_faq and errata != base_errata
    assert "**Answer** (house ruling): The slapper takes the table." in faq
    assert "The project recommends instead: Every card goes back" in faq
    assert "**Answer** (recommended ruling): Every card goes back" in base_faq
    assert "same as yours. The slapper takes the table.\"" in errata
    assert "same as yours. Every card goes back" in base_errata
    # the open point is settled by the house ruleset, so it gets a wording instead of "Open"
    assert "The cards leave the game.\"" in errata and "Open: recommended has no ruling for toy.nobody" in base_errata
    # and the situation shows the house option's outcome (the slapper holds all three cards)
    assert "player 1: pile zero one one" in faq


def test_generation_is_deterministic() -> None:
    findings = _findings()
    a = (errata_documents(findings, (), [GAME]), faq_documents(findings, (), [GAME]))
    b = (errata_documents(list(reversed(findings)), (), [GAME]), faq_documents(list(reversed(findings)), (), [GAME]))
    assert a == b


class _Tags(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: list[str] = []
        self.urls: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        self.urls += [v for k, v in attrs if k in ("src", "href") and v and not v.startswith("#")]


def test_html_is_self_contained_with_cards_and_a_chart() -> None:
    html = faq_documents(_findings(), (), [GAME]).html
    parser = _Tags()
    parser.feed(html)
    assert "script" not in parser.tags and "link" not in parser.tags and "img" not in parser.tags
    assert parser.urls == []
    assert not re.search(r"url\(|@import|https?://(?!www\.w3\.org/2000/svg)", html)
    assert parser.tags.count("svg") == 1 and "rect" in parser.tags
    assert '<span class="card">one</span><span class="card">one</span>' in html  # the table, as cards
    errata_html = errata_documents(_findings(), (), [GAME]).html
    assert errata_html.startswith("<!DOCTYPE html>") and "<style>" in errata_html


def test_bar_chart_scales_to_the_largest_value() -> None:
    svg = bar_chart_svg([("a", 0.5), ("b", 0.25)], "t", width=590)
    widths = [float(w) for w in re.findall(r'<rect x="\d+" y="\d+" width="([\d.]+)"', svg)]
    assert widths == [70.0, 35.0]
    assert bar_chart_svg([], "t") == ""


@pytest.mark.parametrize(
    ("text", "sentence"),
    [
        ("- slap your own card, or", "Slap your own card."),
        ("1. Shuffle the deck.", "Shuffle the deck."),
        ("• For 3 players: Toss out skip (4).", "For 3 players: Toss out skip (4)."),
    ],
)
def test_rule_sentence(text: str, sentence: str) -> None:
    assert rule_sentence(text) == sentence
