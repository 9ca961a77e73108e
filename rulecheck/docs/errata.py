"""Errata: every problem in the rulebook text, quoted, explained, with a corrected wording.

One erratum per finding about the text (every kind except ``coverage``, which is about the
model). Each quotes its clauses with their IDs, says what is wrong, and proposes a wording
generated from the data: for a gap or conflict the clause followed by the ruleset's chosen
option as a rule sentence; for a dead rule "delete or qualify"; for a translation difference
the aligned English text. Errata are ordered by how much they matter: severity, then how
often ordinary play meets them (playout frequency), then ID.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from rulecheck.core.rulings import Ruleset, RulingPoint
from rulecheck.docs.report import clause_text, frequency_value, option_sentence, ruling_points_of
from rulecheck.findings import Finding, severity_rank

__all__ = ["PROBLEMS", "Erratum", "build_errata", "errata_markdown", "frequency_label", "proposal"]

PROBLEMS: Mapping[str, str] = {
    "gap": "gap: the text does not say what happens",
    "conflict": "conflict: two clauses say different things",
    "dead-rule": "dead rule: it never applies",
    "unreachable-outcome": "dead rule: an outcome that can never happen",
    "non-termination": "loop: play can go on forever",
    "trap": "loop: a trap play cannot leave",
    "deadlock": "deadlock: play cannot go on",
    "invariant": "false claim: the text claims something play breaks",
    "example-mismatch": "example mismatch: the worked example contradicts the rules",
    "translation": "translation difference: the editions do not say the same",
    "ambiguity": "ambiguity: a sentence can be read in two ways that play differently",
}
"""What is wrong, in words, for each finding kind the errata cover."""


@dataclass(frozen=True)
class Erratum:
    """One problem in the text, ready to print."""

    finding: Finding
    problem: str
    quotes: tuple[tuple[str, str], ...]
    wrong: str
    proposal: str
    ruling: str | None
    option: str | None
    status: str  # "recommended", "house" (a non-recommended choice), "open", or "" (no ruling point)
    frequency: float

    @property
    def id(self) -> str:
        return self.finding.id


def build_errata(findings: Iterable[Finding], rulesets: Mapping[str, Ruleset]) -> list[Erratum]:
    """The errata for ``findings`` under ``rulesets`` (game -> ruleset), most important first."""
    out: list[Erratum] = []
    for f in findings:
        if f.kind not in PROBLEMS:
            continue
        points = ruling_points_of(f.game)
        rp = points.get(f.ruling) if f.ruling else None
        ruleset = rulesets.get(f.game)
        option = ruleset.choices.get(rp.id) if (rp is not None and ruleset is not None) else None
        status = "" if rp is None else ("open" if option is None else
                                        "recommended" if option == rp.recommended else "house")
        clause_ids = tuple(dict.fromkeys((*f.clauses, *(rp.clauses if rp else ()))))
        out.append(
            Erratum(
                finding=f,
                problem=PROBLEMS[f.kind],
                quotes=tuple((c, clause_text(c)) for c in clause_ids),
                wrong=_wrong(f),
                proposal=proposal(f, rp, option, ruleset),
                ruling=rp.id if rp else f.ruling,
                option=option,
                status=status,
                frequency=frequency_value(f),
            )
        )
    out.sort(key=lambda e: (severity_rank(e.finding.severity), -e.frequency, e.id))
    return out


def _wrong(f: Finding) -> str:
    """The finding's detail (its title is the erratum's heading), or the title if it has none."""
    detail = " ".join(f.detail.split())
    return detail or f.title


def _primary(f: Finding, rp: RulingPoint | None) -> str | None:
    """The clause a corrected wording extends: the ruling point's first, else the finding's
    first normative clause, else its first."""
    ids = [*(rp.clauses if rp else ()), *f.clauses]
    return ids[0] if ids else None


def proposal(f: Finding, rp: RulingPoint | None, option: str | None, ruleset: Ruleset | None) -> str:
    """The corrected wording for finding ``f`` given the ruleset's ``option`` for ``rp``."""
    if f.kind == "translation":
        return _translation_proposal(f)
    if rp is not None and f.kind in ("dead-rule", "unreachable-outcome"):
        chosen = f" (should it arise, the ruling is: \"{option_sentence(rp.option(option).text)}\")" if option else ""
        return (
            f"No wording needed for the explored configurations: the question of ruling point {rp.id} "
            f"never arises in them{chosen}."
        )
    if rp is not None:
        primary = _primary(f, rp)
        if option is None:
            opts = " ".join(f"({o.id}) {option_sentence(o.text)}" for o in rp.options)
            name = ruleset.name if ruleset else "the ruleset"
            return f"Open: {name} has no ruling for {rp.id} yet, so no wording is proposed. The options: {opts}"
        sentence = option_sentence(rp.option(option).text)
        if primary is None:
            return f"Add: \"{sentence}\""
        lead = f"{primary}: \"{rule_sentence(clause_text(primary))} {sentence}\""
        if f.kind == "conflict" and len(rp.clauses) > 1:
            others = ", ".join(c for c in rp.clauses if c != primary)
            return f"{lead} (and qualify {others} to agree)"
        return lead
    primary = _primary(f, None)
    quoted = f"{primary}: \"{clause_text(primary)}\"" if primary else "the rule"
    if f.kind in ("dead-rule", "unreachable-outcome"):
        return f"Delete or qualify {quoted}: it never applies in the explored configurations."
    if f.kind == "invariant":
        return f"Qualify or correct the claim {quoted}: it does not hold ({f.title})."
    if f.kind == "example-mismatch":
        actual = str(f.data.get("actual", "")).strip()
        against = ", ".join(f.data.get("contradicts", ())) or "the rules"
        fix = f" The rules give: {actual}" if actual else ""
        return f"Correct the example {quoted} to agree with {against}, or change the rule.{fix}"
    if f.kind in ("non-termination", "trap", "deadlock"):
        return f"Add a rule after {quoted} that says how this situation ends."
    return f"Clarify {quoted}."


def _translation_proposal(f: Finding) -> str:
    data = f.data
    kind = data.get("difference")
    en_text = str(data.get("original_text", ""))
    es_text = str(data.get("translation_text", ""))
    if kind == "term":
        en_id = f.clauses[1] if len(f.clauses) > 1 else "the English clause"
        hint = _term_hint(f.game, str(data.get("term", "")))
        return f"{f.clauses[0]}: translate {en_id} as the English says: \"{en_text}\"{hint}"
    if kind == "only-translation":
        return (
            f"Add to the English edition, or mark as Spanish-edition only: \"{es_text}\""
        )
    if kind == "only-original":
        return f"Add a Spanish translation of: \"{en_text}\""
    return f"Make the editions agree: \"{en_text or es_text}\""


def _term_hint(game: str, term_id: str) -> str:
    from rulecheck.core.errors import RulecheckError
    from rulecheck.docs.editions import load_glossary

    try:
        terms = {t.id: t for t in load_glossary(game).terms}
    except RulecheckError:  # a hint is optional; the wording above stands alone
        return "."
    term = terms.get(term_id)
    return f" (\"{term.label}\" is \"{term.expected}\")." if term else "."


def frequency_label(f: Finding) -> str:
    """How often ordinary play meets the finding, in words."""
    freq = f.frequency
    if not freq:
        return "frequency not measured in playouts"
    games = freq.get("games")
    hit = freq.get("games_hitting")
    if isinstance(games, int) and isinstance(hit, int) and games:
        return f"arises in {hit} of {games} seeded games ({hit / games:.1%})"
    value = frequency_value(f)
    return f"frequency {value:g}" if value else "never met in the seeded playouts"


_MARKER = re.compile(r"^(?:[-•]|\d+\.)\s+")
_TRAILING = re.compile(r"(?:,\s*(?:or|and)|\s+(?:or|and)|[,;:])\s*$")


def rule_sentence(text: str) -> str:
    """A clause as a stand-alone sentence: no list marker, no trailing "or", a full stop."""
    t = _MARKER.sub("", text.strip())
    t = _TRAILING.sub("", t).strip()
    return option_sentence(t)


def _md_escape(text: str) -> str:
    return text.replace("\n", " ").replace("|", "\\|")


def errata_markdown(errata: Sequence[Erratum], rulesets: Mapping[str, Ruleset]) -> str:
    """The errata as one Markdown document (deterministic: no dates, stable order)."""
    counts: dict[str, int] = {}
    for e in errata:
        counts[e.finding.severity] = counts.get(e.finding.severity, 0) + 1
    lines = [
        "# Errata",
        "",
        "Generated by `rulecheck errata` from the audit findings and the rulings; do not edit by hand.",
        "Rulesets: " + ", ".join(f"{g}: `{rs.name}`" for g, rs in sorted(rulesets.items())) + ".",
        "",
        f"{len(errata)} errata"
        + (" (" + ", ".join(f"{n} {s}" for s, n in sorted(counts.items(), key=lambda x: severity_rank(x[0]))) + ")"
           if counts else "")
        + ", most important first: severity, then how often ordinary play meets them, then ID.",
        "",
    ]
    if errata:
        lines += ["| # | severity | game | problem | finding |", "|---|---|---|---|---|"]
        for n, e in enumerate(errata, 1):
            lines.append(
                f"| {n} | {e.finding.severity} | {e.finding.game} | {e.problem.split(':')[0]} | "
                f"[{_md_escape(e.finding.title)}](#{_anchor(n)}) |"
            )
        lines.append("")
    for n, e in enumerate(errata, 1):
        f = e.finding
        lines += [f'<a id="{_anchor(n)}"></a>', "", f"## {n}. {f.title}", ""]
        lines.append(
            f"`{f.id}` · {f.game} · severity **{f.severity}** · {e.problem.split(':')[0]} · "
            f"{frequency_label(f)}"
        )
        lines.append("")
        for cid, text in e.quotes:
            lines.append(f"> **{cid}**: {text}")
            lines.append(">")
        if e.quotes:
            lines.pop()
            lines.append("")
        lines += [f"**What is wrong** ({e.problem}): {e.wrong}", ""]
        lines += [f"**Proposed wording:** {e.proposal}", ""]
        if e.ruling:
            lines += [_ruling_line(e, rulesets.get(f.game)), ""]
    return "\n".join(lines).rstrip() + "\n"


def _ruling_line(e: Erratum, ruleset: Ruleset | None) -> str:
    name = ruleset.name if ruleset else "?"
    if e.status == "open":
        return f"Ruling point `{e.ruling}`: **open** in ruleset `{name}`."
    tag = "the recommended ruling" if e.status == "recommended" else "a house ruling (not the recommended one)"
    return f"Ruling point `{e.ruling}`: option `{e.option}`, {tag} in ruleset `{name}`."


def _anchor(n: int) -> str:
    return f"erratum-{n}"
