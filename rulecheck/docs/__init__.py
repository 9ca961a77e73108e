"""Documents generated from the findings and the rulesets: errata, FAQ, edition comparison.

Nothing here is written by hand: every document is a pure function of the audit findings,
the ruling points (``models/<game>/rulings.json``), the chosen rulesets and the clause index,
so a changed ruling changes the documents.

* :func:`errata_documents` / :func:`faq_documents`: Markdown and self-contained HTML, for
  players and publishers: no IDs, rulesets or state counts (those stay in ``reports/AUDIT.md``);
* :mod:`rulecheck.docs.editions`: the English and Spanish Chomp! editions compared;
* :mod:`rulecheck.docs.situation`: a witness replayed into a concrete table situation, told and
  drawn by :mod:`rulecheck.story`;
* :mod:`rulecheck.docs.text`, :mod:`rulecheck.docs.render`: the words and pieces both share.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from rulecheck.core.rulings import Ruleset
from rulecheck.findings import Finding

__all__ = ["Documents", "errata_documents", "faq_documents"]


@dataclass(frozen=True)
class Documents:
    """One generated document in its two forms."""

    markdown: str
    html: str


def _setup(
    findings: Sequence[Finding], rulesets: Sequence[str] | Mapping[str, Ruleset], games: Sequence[str] | None
) -> tuple[tuple[str, ...], dict[str, Ruleset]]:
    from rulecheck.docs.report import documented_games, rulesets_for

    chosen = documented_games(findings, games)
    if isinstance(rulesets, Mapping):
        return chosen, {g: rulesets[g] for g in chosen}
    return chosen, rulesets_for(chosen, rulesets)


def errata_documents(
    findings: Sequence[Finding],
    rulesets: Sequence[str] | Mapping[str, Ruleset] = (),
    games: Sequence[str] | None = None,
) -> Documents:
    """The errata of ``findings`` under ``rulesets`` (``--ruleset`` values or game -> Ruleset)."""
    from rulecheck.docs.errata import build_errata, errata_markdown
    from rulecheck.docs.html import errata_html

    chosen, rs = _setup(findings, rulesets, games)
    errata = build_errata([f for f in findings if f.game in chosen], rs)
    return Documents(errata_markdown(errata, rs), errata_html(errata, rs))


def faq_documents(
    findings: Sequence[Finding],
    rulesets: Sequence[str] | Mapping[str, Ruleset] = (),
    games: Sequence[str] | None = None,
) -> Documents:
    """The FAQ for every ruling point of the documented games under ``rulesets``."""
    from rulecheck.docs.faq import build_faq, faq_markdown
    from rulecheck.docs.html import faq_html

    chosen, rs = _setup(findings, rulesets, games)
    entries = build_faq(findings, rs, chosen)
    return Documents(faq_markdown(entries, rs), faq_html(entries, rs))
