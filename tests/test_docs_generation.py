"""Errata, FAQ and HTML generated from findings: content, order, determinism, rulings.

Runs on a tiny planted game (tests/fixtures/docs_toy) so the generators are checked without
the real game models; the committed documents are checked in test_docs_committed.py and
test_docs_published.py.
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
from rulecheck.docs.errata import build_errata, erratum_markdown
from rulecheck.docs.faq import build_faq, faq_entry_markdown
from rulecheck.docs.html import bar_chart_svg
from rulecheck.docs.lint import tool_words, unbacked_numbers, unfinished
from rulecheck.docs.situation import situation_from_witness, witness_numbers
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


def _findings(equal_rate: int = 70, nobody_rate: int = 10) -> list[Finding]:
    equal = Witness(CONFIG, (["deal", [[1, 0], [1, 2]]], ["turn_over"], ["slap", 0, 1]), 2)
    nobody = Witness(CONFIG, (["deal", [[1], [2]]], ["turn_over"], ["nobody"]), 2)
    return [
        Finding(f"{GAME}.gap.nobody", GAME, "gap", "medium", "Nobody slaps", "The text is silent.",
                ("en.gameplay.2",), "toy.nobody", (CONFIG,), nobody, {"games": 100, "games_hitting": nobody_rate}),
        Finding(f"{GAME}.dead-rule.en.setup.2", GAME, "dead-rule", "low", "Extra cards never exist", "",
                ("en.setup.2",)),
        Finding(f"{GAME}.conflict.equal", GAME, "conflict", "high", "Equal slap", "Two clauses disagree.",
                ("en.bad-chomp.4",), "toy.equal_slap", (CONFIG,), equal, {"games": 100, "games_hitting": equal_rate}),
        Finding(f"{GAME}.gap.other", GAME, "gap", "medium", "Another silence", "", ("en.gameplay.3",),
                None, (), None, {"games": 100, "games_hitting": 70}),
        Finding(f"{GAME}.coverage.en.setup.3", GAME, "coverage", "info", "Uncited clause", "", ("en.setup.3",)),
    ]


def _house(tmp_path: Path, choices: dict[str, str | None]) -> Path:
    path = tmp_path / "house.json"
    path.write_text(json.dumps({"game": GAME, "name": "house", "base": "recommended", "choices": choices}))
    return path


def test_errata_order_by_consequence_then_frequency(tmp_path: Path) -> None:
    house = load_ruleset(GAME, str(_house(tmp_path, {"toy.nobody": "return"})))
    errata = build_errata(_findings(equal_rate=70, nobody_rate=10), {GAME: house})
    keys = [e.key for e in errata]
    # toy.nobody can change the winner: before toy.equal_slap (a player's cards), though rarer;
    # the silence with no ruling point is listed, not yet ruled, after them; the dead sentence
    # (not a way to win) and the coverage hole are the editor's, not published
    assert keys == ["toy.nobody", "toy.equal_slap", f"{GAME}.gap.other"]
    assert [e.ruled for e in errata] == [True, True, False]
    both_cards = build_errata(_findings(), {GAME: house})
    assert [e.key for e in both_cards][:2] == ["toy.nobody", "toy.equal_slap"]


def test_an_erratum_reads_as_rules_text() -> None:
    errata = {e.key: e for e in build_errata(_findings(), {GAME: load_ruleset(GAME, "recommended")})}
    equal = errata["toy.equal_slap"]
    assert equal.problem == "The rules do not say who takes the cards when a player slaps a card the same as his own."
    first = equal.where[0]
    assert (first.section, first.text, first.ref) == (
        "Beware the Bad Chomp!", "slap another player's card that's the same as yours, or", "en.bad-chomp.4")
    assert equal.change is not None and equal.change.how == "add"
    assert equal.change.text == ("If you slap a card the same as yours, every card goes back under its owner's pile.",)
    md = "\n".join(erratum_markdown(1, equal))
    assert "**The problem.** The rules do not say who takes the cards" in md
    assert ("> *Beware the Bad Chomp!*: “slap another player's card that's the same as yours, or” "
            "<sub>en.bad-chomp.4</sub>") in md
    # (it quotes more than one sentence: the one the new text goes after is named)
    assert ("**Add after “slap another player's card that's the same as yours, or”:**\n\n"
            "> If you slap a card the same as yours, every card goes back") in md
    assert "<sub>Affects: which cards a player has · Comes up in most games</sub>" in md
    assert not tool_words(re.sub(r"<sub>.*?</sub>", "", md)) and not unfinished(md)


def test_a_point_the_ruleset_leaves_open_is_listed_with_its_possible_rulings() -> None:
    errata = {e.key: e for e in build_errata(_findings(), {GAME: load_ruleset(GAME, "recommended")})}
    nobody = errata["toy.nobody"]
    assert not nobody.ruled
    md = errata_documents(_findings(), ["recommended"], [GAME]).markdown
    part = md.split("## Not yet ruled", 1)[1]
    assert "If nobody slaps, the cards go back under their owners' piles." in part
    assert "If nobody slaps, the cards leave the game." in part


def test_faq_has_every_ruling_point_in_the_books_order() -> None:
    rulesets = {GAME: load_ruleset(GAME, "recommended")}
    entries = build_faq(_findings(), rulesets, [GAME])
    # en.setup.1 (Set-up), en.gameplay.2 (Game Play), en.bad-chomp.4 (Beware the Bad Chomp!)
    assert [e.id for e in entries] == ["toy.never", "toy.nobody", "toy.equal_slap"]
    by_id = {e.id: e for e in entries}
    assert by_id["toy.equal_slap"].question == "I slapped a card the same as mine. Who gets the cards?"
    assert by_id["toy.equal_slap"].answer == (
        "If you slap a card the same as yours, every card goes back under its owner's pile.")
    assert by_id["toy.nobody"].status == "open"
    md = faq_documents(_findings(), rulesets, [GAME]).markdown
    assert md.count("#### Q") == 3
    assert "### Set-up" in md and "### Beware the Bad Chomp!" in md
    assert "The rules do not say, and no ruling has been made yet." in md


def test_situation_replays_the_witness_and_shows_the_ruling() -> None:
    witness = _findings()[2].witness
    assert witness is not None
    s = situation_from_witness(witness, "toy.equal_slap", "return")
    assert s.error is None and s.pending == "toy.equal_slap"
    assert s.game is not None and s.game.state_to_json(s.resolved) == {
        "piles": [["zero", "one"], ["two", "one"]], "table": [], "phase": "turn"}
    other = situation_from_witness(witness, "toy.equal_slap", "to_slapper")
    assert other.game is not None and other.game.state_to_json(other.resolved)["piles"] == [["zero", "one", "one"],
                                                                                            ["two"]]
    numbers = witness_numbers(s)
    assert {1, 2} <= numbers and 24 not in numbers


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
    assert "If you slap a card the same as yours, you take every card on the table." in faq
    assert "If you slap a card the same as yours, you take every card on the table." not in base_faq
    assert "> If you slap a card the same as yours, you take every card on the table." in errata
    assert "> If you slap a card the same as yours, every card goes back under its owner's pile." in base_errata
    assert "house rules “house”" in faq and "house rules “house”" in errata
    # the open point is settled by the house ruleset: new text instead of "not yet ruled"
    assert "> If nobody slaps, the cards leave the game." in errata and "## Not yet ruled" in base_errata


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
        self.classes: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        self.urls += [v for k, v in attrs if k in ("src", "href") and v and not v.startswith("#")]
        self.classes += [v for k, v in attrs if k == "class" and v]


def test_html_is_self_contained_with_cards_and_a_chart() -> None:
    html = faq_documents(_findings(), (), [GAME]).html
    parser = _Tags()
    parser.feed(html)
    assert "script" not in parser.tags and "link" not in parser.tags and "img" not in parser.tags
    assert parser.urls == []
    assert not re.search(r"url\(|@import|https?://(?!www\.w3\.org/2000/svg)", html)
    assert parser.tags.count("svg") == 1 and "rect" in parser.tags
    # the table as cards: each card of the witness drawn with its name
    assert '<span class="name">one</span>' in html and parser.classes.count("card fam-plain") >= 2
    errata_html = errata_documents(_findings(), (), [GAME]).html
    assert errata_html.startswith("<!DOCTYPE html>") and "<style>" in errata_html


def test_bar_chart_draws_shares_of_all_games_with_words_beside_them() -> None:
    svg = bar_chart_svg([("a", 1.0, "nearly every game"), ("b", 0.25, "about 1 game in 4")], "t", width=940)
    widths = [float(w) for w in re.findall(r'<rect x="\d+" y="\d+" width="([\d.]+)" height="16" rx="3" fill="#2f77a8"',
                                           svg)]
    assert widths == [295.0, 73.8]
    assert "nearly every game" in svg and "about 1 game in 4" in svg
    assert bar_chart_svg([], "t") == ""


def test_the_checks_catch_what_a_publisher_would_not_print() -> None:
    assert tool_words("Ruling point `chomp.bad_chomp_again`: option once_per_round in ruleset raw; en.bad-chomp.2")
    assert tool_words("2059 distinct reachable state(s) of chomp standard 3p deck=shark=1")
    assert tool_words("| player 1 | littlefish draw_deck |")
    assert not tool_words("If you make a Bad Chomp, put the top card of your pile face down.")
    assert unfinished("You've made a Bad Chomp if you. No: after a Bad Chomp he makes no further Bad Chomps.")
    assert unfinished("Tied? The one with the most CHONK cards wins. Yes")
    assert not unfinished("The problem. The rules do not say.\n\n> a quoted fragment of the book:")
    # a question quoting numbers the game does not have
    assert unbacked_numbers("#### Q3. We both have 24 cards. Who wins?", {0, 1, 2}) == {24}
    assert unbacked_numbers("#### Q3. We both have 2 cards.\n\n> The book says 24.\n\n<sub>about 1 game in 36</sub>",
                            {0, 1, 2}) == set()


def test_faq_entries_of_the_toy_game_quote_only_numbers_their_game_has() -> None:
    entries = build_faq(_findings(), {GAME: load_ruleset(GAME, "recommended")}, [GAME])
    for n, e in enumerate(entries, 1):
        md = "\n".join(faq_entry_markdown(n, e))
        allowed = witness_numbers(e.situation) if e.situation is not None else set()
        assert not unbacked_numbers(md, allowed), md
