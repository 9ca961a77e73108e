"""The audit's findings as SARIF 2.1.0, the static-analysis format that code hosts and editors read.

Each finding is one result: ``ruleId`` its kind, ``level`` from its severity, ``message`` its
title, and its location the rulebook file (``models/rulebooks/*.txt``) and the lines of the
first clause it cites, so that a viewer shows the finding on the sentence of the rulebook it
is about. The other clauses it cites are related locations. ``partialFingerprints`` carry the
finding's stable ID; with a baseline, ``baselineState`` says whether the finding is new.

Columns count Unicode code points (``columnKind``), as the clause index's offsets do.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from rulecheck import __version__
from rulecheck.core.clauses import BOOK_PREFIXES, BOOKS, GAME_BOOKS, load_index, source_text
from rulecheck.core.errors import RulecheckError
from rulecheck.core.paths import models_dir, project_dir
from rulecheck.docs.errata import PROBLEMS
from rulecheck.findings import KINDS, Finding

if TYPE_CHECKING:
    from rulecheck.audit import AuditReport

__all__ = ["LEVELS", "SARIF_SCHEMA", "SARIF_VERSION", "ClauseLocation", "clause_location", "to_sarif"]

SARIF_VERSION = "2.1.0"
SARIF_SCHEMA = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"

LEVELS: Mapping[str, str] = {"critical": "error", "high": "error", "medium": "warning", "low": "note", "info": "note"}
"""SARIF level of each severity."""

_KIND_TEXT: Mapping[str, str] = {
    **PROBLEMS,
    "coverage": "coverage hole: a normative clause the model never cites",
    "silent-decision": "silent decision: the text is open and the engine decides without a ruling point",
    "disagreement": "disagreement: the engine's step is not the one the clauses and the ruleset determine",
    "answered": "answered by the text: a ruling point the rulebook itself decides",
}


@dataclass(frozen=True)
class ClauseLocation:
    """Where a clause is: its rulebook file (relative to the checkout where it can be) and the
    1-based lines and columns of its first and last character."""

    uri: str
    start_line: int
    start_column: int
    end_line: int
    end_column: int
    text: str

    def region(self) -> dict[str, Any]:
        return {"startLine": self.start_line, "startColumn": self.start_column, "endLine": self.end_line,
                "endColumn": self.end_column, "snippet": {"text": self.text}}


def _book_uri(book: str) -> str:
    path = (models_dir() / "rulebooks" / BOOKS[book]).resolve()
    try:
        return path.relative_to(project_dir()).as_posix()
    except ValueError:
        return path.as_uri()


def _line_column(text: str, offset: int) -> tuple[int, int]:
    """1-based line and column (code points) of ``text[offset]``."""
    line_start = text.rfind("\n", 0, offset) + 1
    return text.count("\n", 0, offset) + 1, offset - line_start + 1


@lru_cache(maxsize=8)
def _book_locations(book: str) -> dict[str, ClauseLocation]:
    text = source_text(book)
    uri = _book_uri(book)
    out = {}
    for c in load_index(book):
        start, end = _line_column(text, c.start), _line_column(text, c.end)
        out[c.id] = ClauseLocation(uri, *start, *end, c.text)
    return out


def clause_location(clause_id: str) -> ClauseLocation | None:
    """The rulebook location of ``clause_id`` (``en.gameplay.2``), None if no index has it."""
    prefix = clause_id.split(".", 1)[0]
    for book, p in BOOK_PREFIXES.items():
        if p == prefix:
            try:
                return _book_locations(book).get(clause_id)
            except RulecheckError:
                return None
    return None


def _physical(loc: ClauseLocation) -> dict[str, Any]:
    return {"physicalLocation": {"artifactLocation": {"uri": loc.uri}, "region": loc.region()}}


def _locations(f: Finding) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """(locations, relatedLocations): the first clause found in the index, then the others; a
    finding whose clauses no index has is located at the top of its game's first rulebook."""
    found = [(cid, loc) for cid in f.clauses if (loc := clause_location(cid)) is not None]
    if not found:
        books = GAME_BOOKS.get(f.game, ())
        if not books:
            return [], []
        top = {"artifactLocation": {"uri": _book_uri(books[0])}, "region": {"startLine": 1}}
        return [{"physicalLocation": top}], []
    (first_id, first), rest = found[0], found[1:]
    primary = {**_physical(first), "message": {"text": f"clause {first_id}"}}
    related = [{"id": i, **_physical(loc), "message": {"text": f"clause {cid}"}}
               for i, (cid, loc) in enumerate(rest, 1)]
    return [primary], related


def _rule(kind: str) -> dict[str, Any]:
    text = _KIND_TEXT.get(kind, kind)
    return {"id": kind, "name": "".join(w.capitalize() for w in kind.split("-")),
            "shortDescription": {"text": text[0].upper() + text[1:]}}


def _result(f: Finding, rule_index: int, accepted: Collection[str] | None) -> dict[str, Any]:
    locations, related = _locations(f)
    out: dict[str, Any] = {
        "ruleId": f.kind, "ruleIndex": rule_index, "level": LEVELS[f.severity],
        "message": {"text": f.title}, "locations": locations,
        "partialFingerprints": {"rulecheckFindingId/v1": f.id},
        "properties": {"id": f.id, "game": f.game, "severity": f.severity, "verified": f.verified,
                       **({"ruling": f.ruling} if f.ruling else {}), "explain": f"rulecheck explain {f.id}"},
    }
    if related:
        out["relatedLocations"] = related
    if accepted is not None:
        out["baselineState"] = "unchanged" if f.id in accepted else "new"
    return out


def to_sarif(report: AuditReport, *, exit_code: int = 0, accepted: Collection[str] | None = None,
             incomplete: Collection[str] = ()) -> dict[str, Any]:
    """The SARIF log of ``report``: one run, one result per finding (in the report's order).

    ``accepted`` (the finding IDs of a baseline) sets each result's ``baselineState``;
    ``incomplete`` (why the run is incomplete) become notifications of the invocation.
    """
    kinds = sorted({f.kind for f in report.findings}, key=KINDS.index)
    index = {k: i for i, k in enumerate(kinds)}
    invocation: dict[str, Any] = {"executionSuccessful": not incomplete, "exitCode": exit_code}
    if incomplete:
        invocation["toolExecutionNotifications"] = [{"level": "warning", "message": {"text": f"incomplete: {r}"}}
                                                    for r in incomplete]
    run = {
        "tool": {"driver": {"name": "rulecheck", "version": __version__, "semanticVersion": __version__,
                            "rules": [_rule(k) for k in kinds]}},
        "columnKind": "unicodeCodePoints",
        "invocations": [invocation],
        "results": [_result(f, index[f.kind], accepted) for f in report.findings],
        "properties": {"status": report.status, "games": list(report.games), "ruleset": report.ruleset},
    }
    return {"$schema": SARIF_SCHEMA, "version": SARIF_VERSION, "runs": [run]}

