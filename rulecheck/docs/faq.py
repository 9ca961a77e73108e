"""The FAQ: one question per ruling point, answered by the ruleset, shown as a real situation.

Each ruling point of each game is one question, in players' words (``players_question``, else
``question``). The answer is the ruleset's chosen option with the rationale; a ruling point the
ruleset leaves open is listed as open with its options, never hidden. The situation comes from
the witness of the finding for that ruling point, replayed in the engine to its problem step
(:mod:`rulecheck.docs.situation`); a ruling point no finding reaches says so.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from rulecheck.core.rulings import Ruleset, RulingPoint
from rulecheck.docs.errata import frequency_label
from rulecheck.docs.report import clause_text, frequency_value, option_sentence, ruling_points_of
from rulecheck.docs.situation import Situation, situation_from_witness, situation_markdown
from rulecheck.findings import Finding

__all__ = ["FaqEntry", "build_faq", "faq_markdown", "finding_for_point", "no_witness", "open_points"]

_PREFERRED_KINDS = ("gap", "conflict", "answered", "ambiguity", "non-termination", "trap", "deadlock", "invariant")


@dataclass(frozen=True)
class FaqEntry:
    """One question of the FAQ and everything its answer shows."""

    game: str
    point: RulingPoint
    question: str
    option: str | None
    status: str  # "recommended", "house" or "open"
    answer: str
    finding: Finding | None
    situation: Situation | None
    frequency: float

    @property
    def id(self) -> str:
        return self.point.id


def finding_for_point(point: RulingPoint, findings: Iterable[Finding]) -> Finding | None:
    """The finding whose witness best shows ``point``: a gap or conflict first, with a witness,
    shortest witness, then ID."""
    mine = [f for f in findings if f.ruling == point.id]
    if not mine:
        return None

    def key(f: Finding) -> tuple[int, int, int, str]:
        kind = _PREFERRED_KINDS.index(f.kind) if f.kind in _PREFERRED_KINDS else len(_PREFERRED_KINDS)
        has = 0 if f.witness is not None else 1
        return (has, kind, len(f.witness.actions) if f.witness else 0, f.id)

    return min(mine, key=key)


def open_points(game: str, ruleset: Ruleset) -> tuple[str, ...]:
    """Ruling points of ``game`` the ruleset leaves open (listed as open in the FAQ)."""
    return tuple(rid for rid in ruling_points_of(game) if ruleset.choices.get(rid) is None)


def build_faq(
    findings: Sequence[Finding], rulesets: Mapping[str, Ruleset], games: Sequence[str], situations: bool = True
) -> list[FaqEntry]:
    """One entry per ruling point of each game, by game, then most often met, then ID."""
    out: list[FaqEntry] = []
    for game in games:
        ruleset = rulesets[game]
        entries = []
        for point in ruling_points_of(game).values():
            option = ruleset.choices.get(point.id)
            status = "open" if option is None else "recommended" if option == point.recommended else "house"
            finding = finding_for_point(point, findings)
            situation = None
            if situations and finding is not None and finding.witness is not None:
                situation = situation_from_witness(finding.witness, point.id, option)
            entries.append(
                FaqEntry(
                    game=game,
                    point=point,
                    question=point.players_question or point.question,
                    option=option,
                    status=status,
                    answer=_answer(point, option, ruleset),
                    finding=finding,
                    situation=situation,
                    frequency=frequency_value(finding),
                )
            )
        entries.sort(key=lambda e: (-e.frequency, e.id))
        out.extend(entries)
    return out


def _answer(point: RulingPoint, option: str | None, ruleset: Ruleset) -> str:
    if option is None:
        opts = " ".join(f"({o.id}) {option_sentence(o.text)}" for o in point.options)
        rec = (
            f" The project recommends ({point.recommended})." if point.recommended and ruleset.name != "recommended"
            else " The project has not chosen a ruling yet." if not point.recommended else ""
        )
        return f"Open: the ruleset `{ruleset.name}` has no ruling for this yet. The options: {opts}{rec}"
    text = option_sentence(point.option(option).text)
    if option == point.recommended:
        why = f" Why: {point.rationale.strip()}" if point.rationale.strip() else ""
        return f"{text}{why}"
    rec = ""
    if point.recommended:
        rec = (
            f" (House ruling of `{ruleset.name}`. The project recommends instead: "
            f"{option_sentence(point.option(point.recommended).text)}"
            + (f" Why: {point.rationale.strip()}" if point.rationale.strip() else "")
            + ")"
        )
    return f"{text}{rec}"


def no_witness(e: FaqEntry) -> str:
    """What the FAQ says for a ruling point no witness shows."""
    if e.finding is not None and e.finding.kind not in ("dead-rule", "unreachable-outcome"):
        return f"Finding {e.finding.id} has no witness trace to show."
    see = f" (finding {e.finding.id})" if e.finding is not None else ""
    return f"Never reached in the explored configurations{see}: no explored play shows this case."


_STATUS_LABEL = {"recommended": "recommended ruling", "house": "house ruling", "open": "open"}


def faq_markdown(entries: Sequence[FaqEntry], rulesets: Mapping[str, Ruleset]) -> str:
    """The FAQ as one Markdown document (deterministic: no dates, stable order)."""
    lines = [
        "# Frequently asked questions",
        "",
        "Generated by `rulecheck faq` from the ruling points, the rulesets and the audit findings;",
        "do not edit by hand. Each situation is a real play found by the checkers and replayed by the engine.",
        "Rulesets: " + ", ".join(f"{g}: `{rs.name}`" for g, rs in sorted(rulesets.items())) + ".",
        "",
    ]
    n = 0
    for game in dict.fromkeys(e.game for e in entries):
        mine = [e for e in entries if e.game == game]
        n_open = sum(1 for e in mine if e.status == "open")
        lines += [f"## {game}", "", f"{len(mine)} questions; {n_open} open in ruleset `{rulesets[game].name}`.", ""]
        for e in mine:
            n += 1
            lines += [f"### Q{n}. {e.question}", ""]
            meta = f"Ruling point `{e.id}` ({e.point.kind}); clauses {', '.join(e.point.clauses) or 'none'}"
            meta += f"; {frequency_label(e.finding)}" if e.finding is not None else ""
            lines += [f"*{meta}.*", ""]
            label = _STATUS_LABEL[e.status]
            lines += [f"**Answer** ({label}): {e.answer}", ""]
            for cid in e.point.clauses:
                lines.append(f"> **{cid}**: {clause_text(cid)}")
                lines.append(">")
            if e.point.clauses:
                lines.pop()
                lines.append("")
            if e.situation is not None:
                opt_label = f"option `{e.option}`" if e.option else None
                lines += situation_markdown(e.situation, opt_label)
            else:
                lines += [f"*{no_witness(e)}*", ""]
    return "\n".join(lines).rstrip() + "\n"
