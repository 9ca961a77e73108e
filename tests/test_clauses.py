"""The clause index: coverage of the source text, IDs, kinds, alignment, and no drift."""

from __future__ import annotations

import importlib.util
import json
import re
import shutil
import sys
from pathlib import Path
from types import ModuleType

import pytest

from rulecheck.core.clauses import (
    BOOK_PREFIXES,
    BOOKS,
    GAME_BOOKS,
    KINDS,
    clauses_for_game,
    load_index,
    segment,
    source_text,
)
from rulecheck.core.errors import ClauseIndexError, RulecheckError, UnknownBookError, UnknownGameError

ROOT = Path(__file__).resolve().parents[1]
ID_RE = re.compile(r"^(en|es|cp)\.([a-z0-9]+(?:-[a-z0-9]+)*)\.(0|[1-9][0-9]*)$")

# English Chomp! sections that the Spanish edition also has (every one of them).
SHARED_EN_SECTIONS = (
    "title",
    "object",
    "dive",
    "food-chain",
    "setup",
    "gameplay",
    "example",
    "outcomes",
    "bad-chomp",
    "action-cards",
    "feeding-frenzy",
    "ink-out",
    "octopus-vs-eel",
    "tie",
    "ending",
    "underwater-war",
)
# Normative English clauses in shared sections that have no Spanish translation, with why.
# Empty: the Spanish edition translates every English rule sentence.
EN_NORMATIVE_WITHOUT_SPANISH: dict[str, str] = {}


def _load_script() -> ModuleType:
    path = ROOT / "scripts" / "build_clause_index.py"
    spec = importlib.util.spec_from_file_location("build_clause_index", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("build_clause_index", module)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def regenerated() -> dict[str, str]:
    return _load_script().render_all()


@pytest.mark.parametrize("book", sorted(BOOKS))
def test_every_non_whitespace_character_is_in_exactly_one_clause(book: str) -> None:
    source = source_text(book)
    owner: list[str | None] = [None] * len(source)
    for clause in load_index(book):
        assert 0 <= clause.start < clause.end <= len(source), clause.id
        for i in range(clause.start, clause.end):
            assert owner[i] is None, f"{clause.id} overlaps {owner[i]} at offset {i}"
            owner[i] = clause.id
    uncovered = [i for i, ch in enumerate(source) if not ch.isspace() and owner[i] is None]
    assert not uncovered, f"{book}: uncovered text at {uncovered[:5]}: {source[uncovered[0] : uncovered[0] + 30]!r}"


@pytest.mark.parametrize("book", sorted(BOOKS))
def test_text_is_the_source_slice_trimmed(book: str) -> None:
    source = source_text(book)
    for clause in load_index(book):
        assert clause.text == source[clause.start : clause.end], clause.id
        assert clause.text == clause.text.strip(), clause.id
        assert clause.book == book


@pytest.mark.parametrize("book", sorted(BOOKS))
def test_ids_are_unique_readable_and_numbered_per_section(book: str) -> None:
    index = load_index(book)
    ids = [c.id for c in index]
    assert len(ids) == len(set(ids))
    numbers: dict[str, list[int]] = {}
    for clause in index:
        match = ID_RE.match(clause.id)
        assert match, clause.id
        assert match.group(1) == BOOK_PREFIXES[book]
        assert match.group(2) == clause.section, clause.id
        numbers.setdefault(clause.section, []).append(int(match.group(3)))
        if match.group(3) == "0":
            assert clause.kind == "heading", f"{clause.id} is number 0 but not a heading"
    for section, found in numbers.items():
        first = found[0]
        assert first in (0, 1), section
        assert found == list(range(first, first + len(found))), f"{section}: {found}"
    assert [c.start for c in index] == sorted(c.start for c in index)


@pytest.mark.parametrize("book", sorted(BOOKS))
def test_kinds_are_valid(book: str) -> None:
    for clause in load_index(book):
        assert clause.kind in KINDS, clause.id


def test_only_spanish_clauses_are_aligned_and_to_existing_english_clauses() -> None:
    english = {c.id: c for c in load_index("chomp-en")}
    for book in ("chomp-en", "chonker-party-en"):
        assert all(c.aligned is None for c in load_index(book))
    targets = [c.aligned for c in load_index("chomp-es") if c.aligned is not None]
    assert targets, "no Spanish clause is aligned"
    for target in targets:
        assert target in english, target
    assert len(targets) == len(set(targets)), "two Spanish clauses aligned to one English clause"


def test_aligned_spanish_clauses_share_the_english_kind() -> None:
    english = {c.id: c for c in load_index("chomp-en")}
    for clause in load_index("chomp-es"):
        if clause.aligned is not None:
            assert clause.kind == english[clause.aligned].kind, clause.id


def test_every_normative_english_rule_has_a_spanish_translation() -> None:
    english = load_index("chomp-en")
    assert {c.section for c in english} >= set(SHARED_EN_SECTIONS)
    translated = {c.aligned for c in load_index("chomp-es") if c.aligned is not None}
    missing = [
        c.id
        for c in english
        if c.section in SHARED_EN_SECTIONS
        and c.kind == "normative"
        and c.id not in translated
        and c.id not in EN_NORMATIVE_WITHOUT_SPANISH
    ]
    assert not missing, f"English rules with no aligned Spanish clause: {missing}"
    for section in SHARED_EN_SECTIONS:
        clauses = [c for c in english if c.section == section]
        assert any(c.id in translated for c in clauses if c.kind == "heading"), section


def test_spanish_only_sections_are_the_expected_ones() -> None:
    unaligned = {c.section for c in load_index("chomp-es") if c.aligned is None}
    assert unaligned == {"componentes", "dos-jugadores", "chomp-rapido", "doble-chomp"}


@pytest.mark.parametrize("book", sorted(BOOKS))
def test_committed_json_equals_the_regenerated_index(book: str, regenerated: dict[str, str]) -> None:
    committed = (ROOT / "models" / "clauses" / f"{book}.json").read_text(encoding="utf-8")
    assert committed == regenerated[book], (
        f"models/clauses/{book}.json is out of date: run python scripts/build_clause_index.py"
    )


def test_load_index_of_an_unknown_book_names_it() -> None:
    with pytest.raises(UnknownBookError, match="no-such-book") as info:
        load_index("no-such-book")
    assert isinstance(info.value, RulecheckError)
    with pytest.raises(UnknownBookError, match="no-such-book"):
        source_text("no-such-book")


def test_clauses_for_game_spans_the_games_books() -> None:
    for game, books in GAME_BOOKS.items():
        index = clauses_for_game(game)
        assert len(index) == sum(len(load_index(b)) for b in books)
        assert {c.book for c in index.values()} == set(books)
        assert all(index[cid].id == cid for cid in index)
    with pytest.raises(UnknownGameError, match="no-such-game"):
        clauses_for_game("no-such-game")


def test_models_dir_override_and_drift_detection(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    models = tmp_path / "models"
    shutil.copytree(ROOT / "models" / "rulebooks", models / "rulebooks")
    (models / "clauses").mkdir()
    data = json.loads((ROOT / "models" / "clauses" / "chomp-en.json").read_text(encoding="utf-8"))
    data["clauses"][5]["text"] += " (edited)"
    (models / "clauses" / "chomp-en.json").write_text(json.dumps(data), encoding="utf-8")
    monkeypatch.setenv("RULECHECK_MODELS", str(models))
    with pytest.raises(ClauseIndexError, match=data["clauses"][5]["id"]):
        load_index("chomp-en")
    with pytest.raises(ClauseIndexError, match="chomp-es"):
        load_index("chomp-es")  # no index file in the overriding folder


def _pieces(text: str, **kwargs: bool) -> list[str]:
    return [text[a:b] for a, b in segment(text, **kwargs)]


def test_segment_sentences_quotes_brackets_and_abbreviations() -> None:
    text = 'Shout "Chomp!" first. Toast ("Moldy. Not really."), Egg. Octopus vs. Eel! Tied? You win.'
    assert _pieces(text) == [
        'Shout "Chomp!" first.',
        'Toast ("Moldy. Not really."), Egg.',
        "Octopus vs. Eel!",
        "Tied? You win.",
    ]


def test_segment_lines_and_markers() -> None:
    assert _pieces("Componentes\n- 4 cartas\n  • Sub item\n1. Shuffle. Deal.\n") == [
        "Componentes",
        "- 4 cartas",
        "• Sub item",
        "1. Shuffle.",
        "Deal.",
    ]


def test_segment_hard_wrapped_text() -> None:
    text = "|\nThe first\nplayer wins. He\ncollects it.\n-\nShark - Is\nat the top\n-\nSeal - Can\nchomp.\n\nNext"
    assert _pieces(text, hard_wrapped=True) == [
        "|",
        "The first\nplayer wins.",
        "He\ncollects it.",
        "-\nShark - Is\nat the top",
        "-\nSeal - Can\nchomp.",
        "Next",
    ]
