"""What the documents read: the audit report's findings, the rulesets, the clause texts.

Everything here is a plain function over data, so errata and FAQ are pure functions of
(findings, ruling points, rulesets, clause index) and a changed ruleset changes them.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Any

from rulecheck.core.clauses import BOOKS, Clause, load_index
from rulecheck.core.errors import RulecheckError, RulesetError
from rulecheck.core.paths import models_dir
from rulecheck.core.rulings import BUILTIN_RULESETS, Ruleset, RulingPoint, load_ruleset, load_ruling_points
from rulecheck.findings import Finding, findings_from_json

__all__ = [
    "ReportError",
    "all_clauses",
    "clause_text",
    "documented_games",
    "frequency_value",
    "load_report",
    "option_sentence",
    "rulesets_for",
    "ruling_points_of",
]


class ReportError(RulecheckError):
    """The audit report is missing or malformed."""

    code = "report"


def load_report(path: str | Path) -> list[Finding]:
    """The findings of an audit report (``reports/audit.json``).

    Accepts the report object (with a ``findings`` list) or a bare list of findings.
    Raises :class:`ReportError` if the file is missing or is not a report.
    """
    p = Path(path)
    try:
        data = json.loads(p.read_text(encoding="utf-8"))
    except FileNotFoundError as exc:
        raise ReportError(f"no audit report at {p}; run `rulecheck audit` first") from exc
    except json.JSONDecodeError as exc:
        raise ReportError(f"{p}: not valid JSON: {exc}") from exc
    raw = data.get("findings") if isinstance(data, Mapping) else data
    if not isinstance(raw, list):
        raise ReportError(f"{p}: expected a report object with a 'findings' list")
    return findings_from_json(raw)


@cache
def all_clauses() -> Mapping[str, Clause]:
    """Clause ID -> clause over every book."""
    return {c.id: c for book in BOOKS for c in load_index(book)}


def clause_text(clause_id: str) -> str:
    """The clause's text on one line, or a marker for an ID no book has."""
    clause = all_clauses().get(clause_id)
    if clause is None:
        return f"(no clause {clause_id} in the index)"
    return " ".join(clause.text.split())


def ruling_points_of(game: str) -> Mapping[str, RulingPoint]:
    """The game's ruling points, or none if the game has no ruling points file yet."""
    try:
        return load_ruling_points(game)
    except RulesetError:
        return {}


def documented_games(findings: Iterable[Finding], games: Sequence[str] | None = None) -> tuple[str, ...]:
    """The games the documents cover: ``games`` if given, else every game with findings or
    ruling points, sorted."""
    if games:
        return tuple(sorted(set(games)))
    from rulecheck.games import GAMES

    found = {f.game for f in findings}
    found.update(g for g in GAMES if (models_dir() / g / "rulings.json").exists())
    return tuple(sorted(found))


def rulesets_for(games: Iterable[str], specs: Sequence[str | Path] = ()) -> dict[str, Ruleset]:
    """One ruleset per game from the command line's ``--ruleset`` values.

    A built-in name (``raw``, ``recommended``) applies to every game; a file applies to the
    game it names. Games no spec names get ``recommended``. Raises :class:`RulesetError` for
    a file that names no game or a game that is not documented.
    """
    games = tuple(games)
    chosen: dict[str, str | Path] = {}
    for spec in specs:
        if str(spec) in BUILTIN_RULESETS:
            chosen.update({g: str(spec) for g in games})
            continue
        try:
            data = json.loads(Path(spec).read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError) as exc:
            raise RulesetError(f"ruleset {spec}: cannot read it as JSON: {exc}") from exc
        game = data.get("game") if isinstance(data, Mapping) else None
        if game not in games:
            raise RulesetError(f"ruleset {spec} names game {game!r}; documented games: {', '.join(games)}")
        chosen[str(game)] = spec
    out: dict[str, Ruleset] = {}
    for g in games:
        if ruling_points_of(g):
            out[g] = load_ruleset(g, chosen.get(g, "recommended"))
        else:
            out[g] = Ruleset(g, str(chosen.get(g, "recommended")), {}, "recommended")
    return out


def frequency_value(finding: Finding | None) -> float:
    """How often ordinary play meets the finding: the share of seeded playouts that hit it
    (``rate`` of :func:`rulecheck.check.stats.combined_frequency`), 0 when unknown."""
    if finding is None or not finding.frequency:
        return 0.0
    freq: Mapping[str, Any] = finding.frequency
    rate = freq.get("rate")
    if isinstance(rate, (int, float)) and not isinstance(rate, bool):
        return float(rate)
    games, hit = freq.get("games"), freq.get("games_hitting")
    if isinstance(games, int) and isinstance(hit, int) and games > 0:
        return hit / games
    return 0.0


def option_sentence(text: str) -> str:
    """An option's text as a rule sentence: capitalised, ending with a full stop."""
    t = " ".join(text.split())
    if not t:
        return t
    t = t[0].upper() + t[1:]
    return t if t[-1] in ".!?" else t + "."
