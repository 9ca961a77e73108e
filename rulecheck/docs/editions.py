"""The two Chomp! editions compared: what one has that the other lacks, and meaning changes.

The comparison is computed from two pieces of data, never from a hand list of findings:

* the clause index (``models/clauses/chomp-*.json``): every Spanish clause that is aligned to
  an English one says so (``aligned``). A clause of either book with no counterpart is
  something one edition has and the other lacks. A section that exists in only one edition
  and is a whole 2-player game (``whole_sections`` in the glossary) or has no rule sentence
  (the components list) is reported once; otherwise each rule sentence on its own.
* the term glossary (``models/editions/<game>.json``, reviewed by humans): for each term, an
  English pattern, the Spanish renderings that keep its meaning, and known renderings that
  change it. Each aligned pair whose English text has the term and whose Spanish text has
  none of the expected renderings is a meaning change; the detail says which known other
  rendering the Spanish uses (``coloque`` = "place" for *slap*) or that the term is missing.

Each difference becomes a :class:`~rulecheck.findings.Finding` of kind ``translation`` that
quotes both texts and cites both clause IDs.

Examples
--------
>>> diffs = compare_editions("chomp")
>>> any(d.term == "slap" and "es.malos-mordiscos.6" in d.clauses for d in diffs)
True
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from rulecheck.core.clauses import GAME_BOOKS, Clause, load_index
from rulecheck.core.errors import RulecheckError, UnknownGameError
from rulecheck.core.paths import models_dir
from rulecheck.findings import Finding, finding_id

__all__ = [
    "EditionDifference",
    "Glossary",
    "Rendering",
    "Term",
    "compare_editions",
    "edition_findings",
    "glossary_path",
    "load_glossary",
]

_KIND_SEVERITY = {"normative": "medium", "component": "low", "example": "low"}
"""Severity of a clause one edition lacks, by clause kind (flavour and headings are not reported)."""


class GlossaryError(RulecheckError):
    """The edition glossary file is missing or malformed."""

    code = "glossary"


@dataclass(frozen=True)
class Rendering:
    """A known translation of a term that changes its meaning."""

    pattern: str
    gloss: str
    severity: str


@dataclass(frozen=True)
class Term:
    """One glossary term: the English pattern and the translations that keep its meaning."""

    id: str
    label: str
    en: str
    es: tuple[str, ...]
    expected: str
    others: tuple[Rendering, ...]
    missing_severity: str
    case: bool = False

    def _flags(self) -> int:
        return 0 if self.case else re.IGNORECASE

    def in_original(self, text: str) -> bool:
        return re.search(self.en, text, self._flags()) is not None

    def kept_in(self, text: str) -> bool:
        return any(re.search(p, text, self._flags()) for p in self.es)

    def other_in(self, text: str) -> tuple[Rendering, str] | None:
        """The first known meaning-changing rendering in ``text`` and the words it matched."""
        for other in self.others:
            hit = re.search(other.pattern, text, self._flags())
            if hit is not None:
                return other, hit.group(0)
        return None


@dataclass(frozen=True)
class Glossary:
    """The human-reviewed data the edition comparison runs on."""

    game: str
    original: str
    translation: str
    terms: tuple[Term, ...]
    whole_sections: Mapping[str, str]


@dataclass(frozen=True)
class EditionDifference:
    """One computed difference between the editions.

    ``kind`` is ``only-original`` / ``only-translation`` (one edition lacks the clauses) or
    ``term`` (an aligned pair where the translation changes a glossary term). ``clauses``
    lists every clause ID involved: the translation's first for a term difference.
    """

    key: str
    kind: str
    severity: str
    title: str
    detail: str
    clauses: tuple[str, ...]
    original_text: str
    translation_text: str
    term: str | None = None
    rendering: str | None = None


def glossary_path(game: str) -> Path:
    return models_dir() / "editions" / f"{game}.json"


def load_glossary(game: str = "chomp", path: Path | None = None) -> Glossary:
    """Read ``models/editions/<game>.json`` (or ``path``); GlossaryError names what is wrong."""
    where = path or glossary_path(game)
    return _load_glossary_cached(str(where))


@lru_cache(maxsize=8)
def _load_glossary_cached(where: str) -> Glossary:
    try:
        raw = json.loads(Path(where).read_text(encoding="utf-8"))
        terms = tuple(
            Term(
                id=str(t["id"]),
                label=str(t["label"]),
                en=str(t["en"]),
                es=tuple(str(p) for p in t["es"]),
                expected=str(t["expected"]),
                others=tuple(
                    Rendering(str(o["es"]), str(o["gloss"]), str(o["severity"])) for o in t.get("others", ())
                ),
                missing_severity=str(t.get("missing_severity", "low")),
                case=bool(t.get("case", False)),
            )
            for t in raw["terms"]
        )
        glossary = Glossary(
            game=str(raw["game"]),
            original=str(raw["original"]),
            translation=str(raw["translation"]),
            terms=terms,
            whole_sections=dict(raw.get("whole_sections", {})),
        )
    except OSError as exc:
        raise GlossaryError(f"no edition glossary at {where}: {exc}") from exc
    except (json.JSONDecodeError, KeyError, TypeError) as exc:
        raise GlossaryError(f"{where}: malformed glossary: {exc}") from exc
    for term in terms:
        for pattern in (term.en, *term.es, *(o.pattern for o in term.others)):
            try:
                re.compile(pattern)
            except re.error as exc:
                raise GlossaryError(f"{where}: term {term.id!r}: bad pattern {pattern!r}: {exc}") from exc
    return glossary


# --------------------------------------------------------------------------- comparison


def compare_editions(game: str = "chomp", glossary: Glossary | None = None) -> list[EditionDifference]:
    """Every difference between the original edition of ``game`` and its translation.

    Returns the differences in a stable order (clauses one edition lacks, in text order, then
    term differences in the translation's text order, terms in glossary order). Raises
    :class:`UnknownGameError` for a game with only one edition.
    """
    books = GAME_BOOKS.get(game)
    if books is None or len(books) < 2:
        raise UnknownGameError(f"game {game!r} has no second edition to compare")
    gl = glossary or load_glossary(game)
    original = load_index(gl.original)
    translation = load_index(gl.translation)
    by_id = {c.id: c for c in original}
    out = _missing(gl, original, translation, by_id)
    out.extend(_term_changes(gl, translation, by_id))
    return out


def _words(text: str) -> str:
    return " ".join(text.split())


def _is_junk(clause: Clause) -> bool:
    return not re.search(r"\w", clause.text)


def _missing(
    gl: Glossary, original: Sequence[Clause], translation: Sequence[Clause], by_id: Mapping[str, Clause]
) -> list[EditionDifference]:
    aligned_targets = {c.aligned for c in translation if c.aligned}
    only_translation = [c for c in translation if not c.aligned and not _is_junk(c)]
    only_original = [c for c in original if c.id not in aligned_targets and not _is_junk(c)]
    out: list[EditionDifference] = []
    for side, clauses, book in (
        ("only-translation", only_translation, gl.translation),
        ("only-original", only_original, gl.original),
    ):
        sections: dict[str, list[Clause]] = {}
        for c in clauses:
            sections.setdefault(c.section, []).append(c)
        whole_in_book = {c.section for c in load_index(book)}
        for section, members in sections.items():
            every = [c for c in load_index(book) if c.section == section and not _is_junk(c)]
            whole = len(members) == len(every) and section in whole_in_book
            rules = [c for c in members if c.kind == "normative"]
            if whole and (section in gl.whole_sections or not rules):
                out.append(_section_difference(gl, side, book, section, members))
                continue
            for c in members:
                if c.kind in _KIND_SEVERITY:
                    out.append(_clause_difference(gl, side, book, c, members))
    return out


def _edition_names(gl: Glossary, side: str, book: str) -> tuple[str, str]:
    has = _book_label(book)
    lacks = _book_label(gl.original if side == "only-translation" else gl.translation)
    return has, lacks


def _book_label(book: str) -> str:
    return {"en": "English", "es": "Spanish"}.get(book.rsplit("-", 1)[-1], book)


def _section_difference(
    gl: Glossary, side: str, book: str, section: str, members: Sequence[Clause]
) -> EditionDifference:
    has, lacks = _edition_names(gl, side, book)
    heading = next((c for c in members if c.kind == "heading"), None)
    body = [c for c in members if c.kind != "heading"]
    kinds = {c.kind for c in body}
    what = gl.whole_sections.get(section)
    if what is None:
        label = _words(heading.text) if heading else section
        what = f"the section \"{label}\"" + (" (a list of components)" if kinds == {"component"} else "")
    severity = "medium" if "normative" in kinds else "low"
    quoted = "\n".join(f"{c.id}: {_words(c.text)}" for c in members)
    text = " ".join(_words(c.text) for c in members)
    return EditionDifference(
        key=f"{side}.{section}",
        kind=side,
        severity=severity,
        title=f"Only the {has} edition has {what}",
        detail=(
            f"The {has} edition has {what}; the {lacks} edition has no counterpart for any of its "
            f"{len(members)} clauses:\n{quoted}"
        ),
        clauses=tuple(c.id for c in members),
        original_text=text if side == "only-original" else "",
        translation_text=text if side == "only-translation" else "",
    )


def _clause_difference(
    gl: Glossary, side: str, book: str, clause: Clause, members: Sequence[Clause]
) -> EditionDifference:
    has, lacks = _edition_names(gl, side, book)
    heading = next((c for c in members if c.kind == "heading"), None)
    where = f" (section \"{_words(heading.text)}\", {heading.id}, also only in the {has} edition)" if heading else ""
    text = _words(clause.text)
    ids = (clause.id, heading.id) if heading else (clause.id,)
    return EditionDifference(
        key=f"{side}.{clause.id}",
        kind=side,
        severity=_KIND_SEVERITY[clause.kind],
        title=f"Only the {has} edition says: \"{_short(text)}\"",
        detail=f"{clause.id} ({clause.kind}){where}: \"{text}\". The {lacks} edition has no counterpart.",
        clauses=ids,
        original_text=text if side == "only-original" else "",
        translation_text=text if side == "only-translation" else "",
    )


def _short(text: str, limit: int = 70) -> str:
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def _term_changes(
    gl: Glossary, translation: Sequence[Clause], by_id: Mapping[str, Clause]
) -> list[EditionDifference]:
    out: list[EditionDifference] = []
    for es in translation:
        if not es.aligned:
            continue
        en = by_id[es.aligned]
        en_text, es_text = _words(en.text), _words(es.text)
        for term in gl.terms:
            if not term.in_original(en_text) or term.kept_in(es_text):
                continue
            other = term.other_in(es_text)
            if other is not None:
                rendering, words = other
                severity = rendering.severity
                how = f"renders it as \"{words}\": {rendering.gloss}"
                title = f"The English \"{term.label}\" becomes \"{words}\" in the Spanish edition ({es.id})"
            else:
                rendering, words = None, None
                severity = term.missing_severity
                how = f"has no rendering of it (expected: {term.expected})"
                title = f"The English \"{term.label}\" is missing from the Spanish edition ({es.id})"
            out.append(
                EditionDifference(
                    key=f"term.{es.id}.{term.id}",
                    kind="term",
                    severity=severity,
                    title=title,
                    detail=(
                        f"{en.id} (English) says \"{en_text}\"; {es.id} (Spanish) says \"{es_text}\". "
                        f"The English uses \"{term.label}\"; the Spanish {how}."
                    ),
                    clauses=(es.id, en.id),
                    original_text=en_text,
                    translation_text=es_text,
                    term=term.id,
                    rendering=words,
                )
            )
    return out


# --------------------------------------------------------------------------- findings


def edition_findings(game: str = "chomp", glossary: Glossary | None = None) -> list[Finding]:
    """The edition differences of ``game`` as findings of kind ``translation``.

    A game with a single edition has none (an empty list, not an error), so the audit can call
    this for every game.
    """
    books = GAME_BOOKS.get(game)
    if books is None:
        raise UnknownGameError(f"unknown game {game!r}")
    if len(books) < 2:
        return []
    return [
        Finding(
            id=finding_id(game, "translation", d.key),
            game=game,
            kind="translation",
            severity=d.severity,
            title=d.title,
            detail=d.detail,
            clauses=d.clauses,
            verified=True,
            source="editions",
            data={
                "difference": d.kind,
                "original_text": d.original_text,
                "translation_text": d.translation_text,
                "term": d.term,
                "rendering": d.rendering,
            },
        )
        for d in compare_editions(game, glossary)
    ]
