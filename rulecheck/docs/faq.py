"""The FAQ as a player reads it: a question in players' words, the answer in a sentence or two,
and a game that shows it, drawn with its real cards.

One entry per ruling point of each game, grouped under the rulebook section the question is
about, in the book's order. The answer is the chosen option's ``wording`` (the rule as the next
edition would print it). A question the rules already answer (the clause specification found
the text decides it) quotes the sentences that answer it. A question the rules leave open and no
ruling settles says so and lists the possible rulings. The situation is the witness of the
finding for that ruling point, replayed and told (:mod:`rulecheck.docs.situation`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache

from rulecheck.check.full_deck import small_deck_only
from rulecheck.core.rulings import Ruleset, RulingPoint
from rulecheck.docs.report import ruling_points_of
from rulecheck.docs.situation import Situation, Told, situation_from_witness, tell
from rulecheck.docs.text import LABELS, Quote, lang_of, quote
from rulecheck.findings import Finding

__all__ = ["FaqEntry", "build_faq", "faq_entry_markdown", "faq_markdown", "finding_for_point", "open_points"]

_PREFERRED_KINDS = ("gap", "conflict", "answered", "ambiguity", "non-termination", "trap", "deadlock", "invariant")
GAME_NAMES = {"chomp": "Chomp!", "chonker-party": "Chonker Party"}


@dataclass(frozen=True)
class FaqEntry:
    """One question of the FAQ and everything its answer shows."""

    game: str
    point: RulingPoint
    question: str
    option: str | None
    status: str  # "recommended", "house" or "open"
    answer: str
    answered_by: tuple[Quote, ...]
    section: str
    order: int
    finding: Finding | None
    situation: Situation | None
    hits: int | None = None
    games: int | None = None
    small_deck: bool = False  # every finding behind it was seen with a reduced deck only

    @property
    def id(self) -> str:
        return self.point.id

    @property
    def frequency(self) -> float:
        return self.hits / self.games if self.hits is not None and self.games else 0.0

    def told(self) -> Told | None:
        if self.situation is None or self.situation.game is None:
            return None
        from rulecheck.story import story_for

        return tell(self.situation, story_for(self.situation.game, "en"))


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


@cache
def _book_order() -> Mapping[str, int]:
    from rulecheck.docs.report import all_clauses

    return {cid: i for i, cid in enumerate(all_clauses())}


def build_faq(
    findings: Sequence[Finding], rulesets: Mapping[str, Ruleset], games: Sequence[str], situations: bool = True
) -> list[FaqEntry]:
    """One entry per ruling point of each game: by game, by the book's order of sections, then
    the most often met first, then ID."""
    out: list[FaqEntry] = []
    for game in games:
        ruleset = rulesets[game]
        entries = [_entry(game, point, ruleset, findings, situations) for point in ruling_points_of(game).values()]
        entries.sort(key=lambda e: (e.order, -e.frequency, e.id))
        out.extend(entries)
    return out


def _entry(game: str, point: RulingPoint, ruleset: Ruleset, findings: Sequence[Finding], situations: bool) -> FaqEntry:
    option = ruleset.choices.get(point.id)
    status = "open" if option is None else "recommended" if option == point.recommended else "house"
    finding = finding_for_point(point, findings)
    situation = None
    if situations and finding is not None and finding.witness is not None:
        situation = situation_from_witness(finding.witness, point.id, option)
    anchor = point.publish.clause or (point.clauses[0] if point.clauses else "")
    mine = [f for f in findings if f.ruling == point.id]
    answered = [f for f in mine if f.kind == "answered"]
    by = tuple(quote(c, "en") for c in _one_edition(answered[0].clauses)) if answered else ()
    hits, games = _counts(mine)
    return FaqEntry(
        game=game,
        point=point,
        question=point.publish.question or point.players_question or point.question,
        option=option,
        status=status,
        answer=_answer(point, option),
        answered_by=by,
        section=quote(anchor, "en").section if anchor else "",
        order=_book_order().get(anchor, len(_book_order())),
        finding=finding,
        situation=situation,
        hits=hits,
        games=games,
        small_deck=small_deck_only([f for f in mine if f.kind != "answered"]),
    )


def _one_edition(clauses: Sequence[str]) -> list[str]:
    """The English clauses of a list (a Spanish one only where no English one is given)."""
    english = [c for c in clauses if lang_of(c) == "en"]
    return english or list(clauses)


def _counts(findings: Sequence[Finding]) -> tuple[int | None, int | None]:
    measured = [f.frequency for f in findings if f.frequency and isinstance(f.frequency.get("games"), int)]
    if not measured:
        return None, None
    best = max(measured, key=lambda fr: (fr["games"], fr.get("games_hitting", 0)))
    return int(best.get("games_hitting", 0)), int(best["games"])


def _wording(point: RulingPoint, option_id: str) -> str:
    option = point.option(option_id)
    return option.wording.get("en") or option.text


def _answer(point: RulingPoint, option: str | None) -> str:
    if option is None:
        return "The rules do not say, and no ruling has been made yet."
    return _wording(point, option)


# --------------------------------------------------------------------------- Markdown


def faq_markdown(entries: Sequence[FaqEntry], rulesets: Mapping[str, Ruleset]) -> str:
    """The FAQ as one Markdown document (deterministic: no dates, stable order)."""
    lines = [
        "<!-- Generated by `rulecheck faq` from reports/audit.json and models/; do not edit by hand. -->",
        "",
        "# Frequently asked questions",
        "",
        "Questions players ask about the rules, each answered in a sentence or two and shown in a game: "
        "the cards drawn are the cards of a real game that reaches the question.",
        "",
    ]
    if any(e.situation is not None and e.situation.shortened for e in entries):
        from rulecheck.docs.text import LABELS

        lines += [LABELS["en"]["shortened"], ""]
    from rulecheck.docs.text import rulings_note

    note = rulings_note((rs.name for rs in rulesets.values()), "these answers")
    if note:
        lines += [note, ""]
    n = 0
    for game in dict.fromkeys(e.game for e in entries):
        lines += [f"## {GAME_NAMES.get(game, game)}", ""]
        section = None
        for e in (x for x in entries if x.game == game):
            n += 1
            if e.section != section:
                section = e.section
                lines += [f"### {section}", ""] if section else []
            lines += faq_entry_markdown(n, e)
    return "\n".join(lines).rstrip() + "\n"


def faq_entry_markdown(n: int, e: FaqEntry) -> list[str]:
    """One question as Markdown lines."""
    from rulecheck.docs.render import example_markdown, quote_markdown

    out = [f'<a id="q{n}"></a>', "", f"#### Q{n}. {e.question}", "", e.answer, ""]
    if e.answered_by:
        out += ["The rulebook already says so:", ""]
        for q in e.answered_by:
            out += quote_markdown(q)
    if e.status == "open":
        options = [_wording(e.point, o.id) for o in e.point.options]
        out += ["The possible rulings:", ""] + [f"- {o}" for o in options] + [""]
    told = e.told()
    if told is not None and (told.scene is not None or told.event):
        out += ["**For example:**", ""]
        out += example_markdown(told, e.situation, "en", with_rule=False)
    out += [_small(e), ""]
    return out


def _small(e: FaqEntry) -> str:
    from rulecheck.docs.text import frequency_sentence

    parts = [f"Rulebook: {e.section}"] if e.section else []
    often = frequency_sentence(e.hits, e.games, "en")
    if often:
        parts.append(often)
    if e.small_deck:
        parts.append(LABELS["en"]["small_deck"])
    return "<sub>" + " · ".join(parts) + "</sub>" if parts else ""
