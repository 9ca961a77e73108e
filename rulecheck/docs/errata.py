"""Errata as a publisher issues them: each problem in one plain sentence, where it is in the
rulebook (section and sentence quoted, the clause reference in small print), the replacement or
added sentence as the next edition would print it, and a short example drawn with the cards of
a game that meets the problem.

Every erratum is made from data: the findings of the audit, and the text authored once with
the model (each ruling option's ``wording`` and each ruling point's ``publish`` in
``models/<game>/rulings.json``; for problems without a ruling point, ``models/<game>/errata.json``:
the rule that ends a loop, per variant, and corrections of sentences that are false or never
apply, per clause; for the Spanish edition, ``corrections`` and ``translations`` in
``models/editions/chomp.json``). A problem with no text authored yet is listed under "not yet
ruled", never printed half-finished.

Order: by what the problem can change (the game cannot go on or goes on forever, who wins, a
player's cards, wording only), then by how often ordinary play meets it (shown as "about 1
game in N"). A question the rules already answer is not an erratum (it is in the FAQ).
"""

from __future__ import annotations

import json
import re
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cache
from typing import Any

from rulecheck.check.full_deck import REFUTED, small_deck_only, status_of
from rulecheck.core.errors import RulecheckError
from rulecheck.core.paths import models_dir
from rulecheck.core.rulings import Ruleset, RulingPoint
from rulecheck.docs.report import ruling_points_of
from rulecheck.docs.situation import Situation, Told, situation_from_witness, tell
from rulecheck.docs.text import (
    LABELS,
    Quote,
    clause_position,
    consequence_rank,
    edition_extras,
    frequency_words,
    lang_of,
    quote,
)
from rulecheck.findings import Finding
from rulecheck.games import game_part

__all__ = ["HELD_BACK_NOTE", "HELD_BACK_TITLE", "PROBLEMS", "Change", "Corrected", "ErrataConflictError", "Erratum",
           "authored", "build_errata", "change_label", "corrected_markdown", "corrected_text", "errata_markdown",
           "erratum_markdown", "held_back", "held_line", "published"]

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
    "component": "component mismatch: the rulebook names or counts a card two ways",
    "ambiguity": "ambiguity: a sentence can be read in two ways that play differently",
    "silent-decision": "silent decision: the text leaves open what the model decides",
}
"""What is wrong, in the editor's words, per finding kind (the audit's SARIF rules use them)."""

GAME_ORDER = ("chomp", "chonker-party")


@dataclass(frozen=True)
class Change:
    """The new text: ``how`` it goes into the book (``add`` after the sentence, ``replace`` it,
    ``delete`` it, ``add_section`` at the end of the section) and the ``text`` as printed (for
    a new example, its lines)."""

    how: str
    text: tuple[str, ...] = ()


@dataclass(frozen=True)
class Erratum:
    """One problem of one rulebook, ready to print. ``key`` (a ruling point or finding ID) only
    orders the errata; it is never printed."""

    key: str
    game: str
    lang: str
    consequence: str
    problem: str
    where: tuple[Quote, ...]
    change: Change | None
    hits: int | None = None
    games: int | None = None
    situation: Situation | None = None
    options: tuple[str, ...] = ()
    findings: tuple[str, ...] = field(default=(), compare=False)
    readings: tuple[str, ...] = ()  # an open ambiguity: what each reading of the sentence means
    small_deck: bool = False  # every finding behind it was seen with a reduced deck only

    @property
    def ruled(self) -> bool:
        """New text is agreed (else it is listed under "not yet ruled")."""
        return self.change is not None

    @property
    def frequency(self) -> float:
        return self.hits / self.games if self.hits is not None and self.games else 0.0

    def sort_key(self) -> tuple[int, int, int, float, str]:
        game = GAME_ORDER.index(self.game) if self.game in GAME_ORDER else len(GAME_ORDER)
        return (0 if self.ruled else 1, game, 0 if self.lang == "en" else 1,
                consequence_rank(self.consequence) - self.frequency / 2, self.key)

    def told(self) -> Told | None:
        """The example in words and cards, in the erratum's language."""
        if self.situation is None or self.situation.game is None:
            return None
        from rulecheck.story import story_for

        told = tell(self.situation, story_for(self.situation.game, self.lang))
        if not self.ruled and told.event:  # what happens next is not decided: only what is done
            told = replace(told, event=told.event[:1])
        return told


@cache
def authored(game: str) -> Mapping[str, Any]:
    """``models/<game>/errata.json``: the text written for problems that have no ruling point
    (``loops`` by variant, ``clauses`` by clause ID); empty if the game has none."""
    path = models_dir() / game / "errata.json"
    if not path.exists():
        return {}
    data = json.loads(path.read_text(encoding="utf-8"))
    return data if isinstance(data, Mapping) else {}


def build_errata(findings: Iterable[Finding], rulesets: Mapping[str, Ruleset]) -> list[Erratum]:
    """The errata for ``findings`` under ``rulesets`` (game -> ruleset), most important first.

    A finding the full deck refutes (a rule "never" used that a full-deck game uses) is no
    erratum; one that only findings seen with a reduced deck make is marked ``small_deck`` and
    held back (:func:`errata_markdown` lists it apart, unpublished), and where confirmed and
    small-deck findings make the same erratum, it is made of the confirmed ones alone
    (:mod:`rulecheck.check.full_deck`). Nor is a loop that needs a move the game's fairness
    assumption rules out (``data["fair"]`` False: players who let a winning move pass for ever), nor a
    rule the book itself takes out of play for some player counts (``data["out_of_play"]``)."""
    findings = sorted((f for f in findings if status_of(f) != REFUTED and f.data.get("fair") is not False
                       and not f.data.get("out_of_play")), key=lambda f: f.id)
    answered = {(f.game, f.ruling) for f in findings if f.kind == "answered"}
    # what the full deck confirms is published; a problem only small-deck findings show is held
    # back, unless a confirmed finding makes the same erratum (then only the confirmed ones make it)
    small = {f.id for f in findings if small_deck_only([f])}
    confirmed = [f for f in findings if f.id not in small]
    asked = {str(f.data["reading"]) for f in findings if f.kind == "ambiguity" and f.data.get("reading")}
    out = _build(confirmed, rulesets, answered, _settled(confirmed), asked)
    keys = {e.key for e in out}
    out += [replace(e, small_deck=True)
            for e in _build([f for f in findings if f.id in small], rulesets, answered, _settled(findings), asked)
            if e.key not in keys]
    out.sort(key=Erratum.sort_key)
    return out


def _settled(findings: Sequence[Finding]) -> set[str]:
    """The reading points the ruling points of ``findings`` settle in their errata."""
    out: set[str] = set()
    for f in findings:
        point = _point(f.game, f.ruling) if f.kind != "answered" else None
        if point is not None:
            out.update(point.publish.settles)
    return out


def _build(findings: Sequence[Finding], rulesets: Mapping[str, Ruleset], answered: set[tuple[str, str | None]],
           settled: set[str], asked: set[str]) -> list[Erratum]:
    """The errata ``findings`` make (ruling points the text answers make none, nor an ambiguity a
    ruling point's erratum claims to answer where the solver showed the errata settle it, nor a
    silent decision between readings of a sentence whose ambiguity finding (in ``asked``, its
    reading points) makes the erratum that asks the same question)."""
    by_point: dict[tuple[str, str], list[Finding]] = defaultdict(list)
    rest: list[Finding] = []
    for f in findings:
        (by_point[(f.game, f.ruling)] if f.ruling else rest).append(f)
    out: list[Erratum] = []
    for (game, rid), mine in sorted(by_point.items()):
        point = _point(game, rid)
        if point is None or (game, rid) in answered:
            continue
        out.append(_ruling_erratum(point, mine, rulesets.get(game)))
    loops: dict[tuple[str, str], list[Finding]] = defaultdict(list)
    for f in rest:
        if f.kind in ("non-termination", "trap", "deadlock"):
            loops[(f.game, _variant(f))].append(f)
        elif _stands_for_another(f, settled, asked):
            continue
        else:
            e = _other_erratum(f)
            if e is not None:
                out.append(e)
    out.extend(_loop_erratum(game, variant, fs) for (game, variant), fs in sorted(loops.items()))
    return out


def _stands_for_another(f: Finding, settled: set[str], asked: set[str]) -> bool:
    """Whether another erratum asks ``f``'s question: an ambiguity a ruling point's erratum claims to
    answer, where the solver showed it settled (:func:`_settled_here`), or a silent decision between
    readings of a sentence whose ambiguity finding makes the erratum (``asked``)."""
    reading = str(f.data.get("reading", ""))
    if f.kind == "ambiguity":
        return reading in settled and _settled_here(f)
    return f.kind == "silent-decision" and reading in asked


def _settled_here(f: Finding) -> bool:
    """Whether the solver showed, at the ambiguity's witness, that the errata settle it (with every
    ruling point's recommended option the readings agree): only then does a ruling point's
    erratum that claims to answer it (``publish.settles``) stand for it."""
    settled = f.data.get("settled")
    return isinstance(settled, Mapping) and settled.get("settled") is True


def _point(game: str, rid: str | None) -> RulingPoint | None:
    return ruling_points_of(game).get(rid) if rid else None


def _variant(f: Finding) -> str:
    config = f.witness.config if f.witness is not None else (f.configs[0] if f.configs else {})
    return str(config.get("variant", ""))


# --------------------------------------------------------------------------- ruling points


def _ruling_erratum(point: RulingPoint, findings: Sequence[Finding], ruleset: Ruleset | None) -> Erratum:
    pub = point.publish
    anchor = pub.clause or (point.clauses[0] if point.clauses else "")
    lang = lang_of(anchor) if anchor else "en"
    shown = _showing(findings)
    option = ruleset.choices.get(point.id) if ruleset is not None else None
    change = None
    if option is not None:
        text = point.option(option).wording.get(lang)
        change = Change(pub.how, (text,)) if text else None
    situation = None
    if shown is not None and shown.witness is not None:
        situation = situation_from_witness(shown.witness, point.id, option)
    hits, games = _counts(findings)
    problem = pub.problem.get(lang) or _fallback_problem(point, lang)
    options = tuple(o.wording.get(lang, "") for o in point.options) if change is None else ()
    return Erratum(point.id, _game_of(point, findings), lang, pub.consequence or "cards", problem,
                   _where(point, anchor, lang), change, hits, games, situation, options,
                   tuple(f.id for f in findings))


def _game_of(point: RulingPoint, findings: Sequence[Finding]) -> str:
    return findings[0].game if findings else point.id.split(".", 1)[0]


def _showing(findings: Sequence[Finding]) -> Finding | None:
    """The finding whose witness shows the problem best: a gap or conflict, shortest witness."""
    order = ("gap", "conflict", "ambiguity", "dead-rule")
    candidates = [f for f in findings if f.witness is not None]
    if not candidates:
        return None
    return min(candidates, key=lambda f: (order.index(f.kind) if f.kind in order else len(order),
                                          len(f.witness.actions) if f.witness else 0, f.id))


def _counts(findings: Sequence[Finding]) -> tuple[int | None, int | None]:
    """(games that met the problem, games played), from the finding measured on the most games."""
    measured = [f.frequency for f in findings if f.frequency and isinstance(f.frequency.get("games"), int)]
    if not measured:
        return (0, 0) if any(f.kind == "dead-rule" for f in findings) else (None, None)
    best = max(measured, key=lambda fr: (fr["games"], fr.get("games_hitting", 0)))
    return int(best.get("games_hitting", 0)), int(best["games"])


def _fallback_problem(point: RulingPoint, lang: str) -> str:
    if lang == "es":
        return "Las reglas no dicen qué pasa en este caso."
    return "The rules do not say what happens in this case."


def _where(point: RulingPoint, anchor: str, lang: str) -> tuple[Quote, ...]:
    """The amended sentence, and for a conflict the other sentences that disagree with it (one
    edition each, in the erratum's language)."""
    ids = [anchor] if anchor else []
    if point.kind == "conflict":
        ids += [c for c in point.clauses if lang_of(c) == lang and c != anchor]
    return tuple(quote(c, lang) for c in dict.fromkeys(ids) if quote(c, lang).text)


# --------------------------------------------------------------------------- loops


def _loop_erratum(game: str, variant: str, findings: Sequence[Finding]) -> Erratum:
    text = authored(game).get("loops", {}).get(variant, {})
    anchor = str(text.get("clause", ""))
    lang = lang_of(anchor) if anchor else "en"
    trap = [f for f in findings if f.kind == "trap"]
    shown = min(trap or list(findings), key=lambda f: (len(f.witness.actions) if f.witness else 0, f.id))
    wording = text.get("wording", {}).get(lang)
    problem = text.get("problem", {}).get(lang) or LABELS[lang]["forever"].capitalize()
    return Erratum(f"{game}.loop.{variant}", game, lang, "play", problem,
                   (quote(anchor, lang),) if anchor else (), Change(str(text.get("how", "add")), (wording,))
                   if wording else None, None, None,
                   situation_from_witness(shown.witness) if shown.witness is not None else None,
                   findings=tuple(f.id for f in findings))


# --------------------------------------------------------------------------- other findings


def _other_erratum(f: Finding) -> Erratum | None:
    if f.kind == "translation":
        return _translation_erratum(f)
    if f.kind == "component":
        return _component_erratum(f)
    if f.kind in ("dead-rule", "unreachable-outcome"):
        return _never_erratum(f)
    if f.kind == "invariant":
        return _clause_erratum(f, "wording", "This sentence is not always true.")
    if f.kind == "example-mismatch":
        return _example_erratum(f)
    if f.kind in ("silent-decision", "ambiguity", "gap", "conflict"):
        return _open_erratum(f)
    return None


def _clause_text(f: Finding, anchor: str) -> Mapping[str, Any]:
    return authored(f.game).get("clauses", {}).get(anchor, {})


def _clause_erratum(f: Finding, consequence: str, default_problem: str) -> Erratum:
    """A sentence that is false or never applies: the text written for its clause, else delete."""
    anchor = f.clauses[0] if f.clauses else ""
    lang = lang_of(anchor)
    text = _clause_text(f, anchor)
    how = str(text.get("how", "delete"))
    wording = text.get("wording", {}).get(lang, "")
    change = Change(how, (wording,) if wording else ()) if how == "delete" or wording else None
    problem = text.get("problem", {}).get(lang) or default_problem
    situation = situation_from_witness(f.witness) if f.witness is not None else None
    return Erratum(f.id, f.game, lang, str(text.get("consequence", consequence)), problem,
                   (quote(anchor, lang),), change, None, None, situation, findings=(f.id,))


def _never_erratum(f: Finding) -> Erratum | None:
    """A sentence no game ever uses is published only when it is a way to win that never
    happens (the objective against the end of the game): other dead sentences, and those dead
    only for one player count on the small decks checked, are the editor's (AUDIT.md)."""
    if f.kind == "dead-rule" and ".dead-ruling." in f.id:
        return None
    if f.id.rsplit(".", 1)[-1].endswith("p") and f.id.rsplit(".", 1)[-1][:-1].isdigit():
        return None
    if not set(f.clauses) & _outcome_clauses(f.game):
        return None
    return _clause_erratum(f, "winner", "No game ever ends this way.")


@cache
def _outcome_clauses(game: str) -> frozenset[str]:
    """The clauses that say how a game of ``game`` ends (its declared outcomes, every variant)."""
    from rulecheck.games import GAMES, load_game, variants

    if game not in GAMES:
        return frozenset()
    out: set[str] = set()
    for variant in variants(game):
        try:
            g = load_game(game, variant, None, "recommended", "full")
        except RulecheckError:
            continue
        out.update(c for clauses in g.declared_outcomes().values() for c in clauses)
    return frozenset(out)


def _translation_erratum(f: Finding) -> Erratum:
    """A difference between the editions: the Spanish sentence corrected (``corrections``), or
    the rules only the Spanish edition has, rendered for the English one (``translations``)."""
    data = f.data
    extras = edition_extras(f.game)
    consequence = "cards" if f.severity in ("critical", "high") else "wording"
    if data.get("difference") == "only-translation":
        translations = extras.get("translations", {})
        whole = f.clauses[0].endswith(".0")  # a whole section (its heading first), else sentences of one
        clauses = sorted((c for c in f.clauses if whole or not c.endswith(".0")),
                         key=lambda c: int(c.rsplit(".", 1)[1]))
        lines = tuple(str(translations[c]) for c in clauses if c in translations)
        problem = ("The English edition does not have this part of the rules; the Spanish edition does."
                   if whole else "The English edition does not have this rule; the Spanish edition does.")
        change = Change("add_to_edition", lines) if len(lines) == len(clauses) else None
        shown = [c for c in clauses if not c.endswith(".0")][:1] or clauses[:1]
        return Erratum(f.id, f.game, "en", consequence, problem, tuple(quote(c, "es") for c in shown), change,
                       findings=(f.id,))
    es_clause = f.clauses[0]
    correction = extras.get("corrections", {}).get(es_clause)
    label = _term_words(f.game, str(data.get("term", "")), str(data.get("original_text", "")))
    if data.get("rendering"):
        problem = (f"Donde la edición inglesa dice «{label}», esta traducción dice «{data['rendering']}», "
                   "que no significa lo mismo.")
    else:
        problem = f"A esta frase le falta lo que dice la edición inglesa: «{label}»."
    return Erratum(f.id, f.game, "es", consequence, problem, (quote(es_clause, "es"),),
                   Change("replace", (str(correction),)) if correction else None, findings=(f.id,))


_COMPONENT_MARKER = re.compile(r"^(?:[-•]|\d+\.)\s+")
"""A list marker, dropped from the new text as :func:`~rulecheck.docs.text.quote` drops it."""


def _component_erratum(f: Finding) -> Erratum:
    """A card named or counted two ways (:mod:`rulecheck.docs.components`): the sentence corrected
    as the finding's data gives it (the name printed on the card, the count the list itemises),
    else listed as not yet ruled. A name is shown in its list's sentence; a count in both sentences
    that give it."""
    data = f.data
    anchor = str(data.get("corrected_clause") or (f.clauses[0] if f.clauses else ""))
    lang = lang_of(anchor) if anchor else "en"
    corrected = data.get("corrected_text")
    change = Change("replace", (_COMPONENT_MARKER.sub("", str(corrected)),)) if corrected else None
    shown = (anchor,) if data.get("check") == "name" else (anchor, *f.clauses)
    where = tuple(q for q in (quote(c, lang) for c in dict.fromkeys(shown) if c) if q.text)
    problem = str(data.get("problem") or "The rulebook names or counts this card two ways.")
    return Erratum(f.id, f.game, lang, "wording", problem, where, change, findings=(f.id,))


def _term_words(game: str, term_id: str, english: str) -> str:
    """The English edition's words for a term, as its sentence has them (``slap``, ``turned over``),
    else the glossary's label."""
    from rulecheck.docs.editions import load_glossary

    try:
        terms = {t.id: t for t in load_glossary(game).terms}
    except RulecheckError:
        return term_id
    term = terms.get(term_id)
    if term is None:
        return term_id
    found = re.search(term.en, english, 0 if term.case else re.IGNORECASE)
    return found.group(0).strip('"“”') if found else term.label


def _sentence(text: str) -> str:
    return text if text.endswith((".", "”", "»")) else text + "."


def _example_erratum(f: Finding) -> Erratum:
    """A worked example the rules do not play that way: the example as the rules play it."""
    clauses = tuple(f.data.get("example_clauses", ())) or f.clauses
    anchor = clauses[-1] if clauses else ""
    stated = str(f.data.get("stated", "")).strip()
    problem = (f"The example says “{stated}” but by the rules it does not go that way." if stated
               else "The example does not follow the rules.")
    situation = situation_from_witness(f.witness) if f.witness is not None else None
    change = None
    if situation is not None and situation.game is not None and situation.error is None:
        from rulecheck.story import story_for

        told = tell(_whole(situation), story_for(situation.game, "en"))
        lines = tuple(f"• {line}" for line in told.lead) + ((f"• It is now {told.turn}'s turn.",) if told.turn else ())
        change = Change("example_change", lines) if lines else None
    return Erratum(f.id, f.game, lang_of(anchor), "wording", problem,
                   tuple(quote(c) for c in clauses), change, findings=(f.id,))


def _whole(s: Situation) -> Situation:
    """The situation told from its first step to its last (no problem step)."""
    return Situation(s.game, s.config, s.steps, -1, error=s.error)


def _open_erratum(f: Finding) -> Erratum:
    """A question no ruling point asks yet (the rules are silent or can be read two ways)."""
    anchor = f.clauses[0] if f.clauses else ""
    lang = lang_of(anchor)
    verdict = f.data.get("verdict", {}) if isinstance(f.data.get("verdict"), Mapping) else {}
    if f.kind == "ambiguity" or f.data.get("reading"):
        problem = LABELS[lang]["open_ambiguity"]
    elif f.kind == "conflict" or verdict.get("kind") == "conflict":
        problem = LABELS[lang]["open_conflict"]
    else:
        problem = LABELS[lang]["open_gap"]
    read = _sentences_read(f) if f.kind == "silent-decision" else ()
    where = tuple(quote(c, lang) for c in dict.fromkeys(c for c in (read or f.clauses) if lang_of(c) == lang))
    situation = situation_from_witness(f.witness) if f.witness is not None else None
    readings = _meanings(f.game, f.data.get("reading")) if lang == "en" else ()
    return Erratum(f.id, f.game, lang, "cards", problem, where, None, None, None, situation, findings=(f.id,),
                   readings=readings)


def _sentences_read(f: Finding) -> tuple[str, ...]:
    """The clauses whose readings part at a silent decision between readings (its other clauses
    only frame the situation)."""
    spec = game_part(f.game, "spec")
    points = f.data.get("readings") or ()
    if spec is None or not isinstance(points, (list, tuple)):
        return ()
    return tuple(spec.SPEC.readings[p].clause for p in points if p in spec.SPEC.readings)


def _meanings(game: str, point: object) -> tuple[str, ...]:
    """What each reading of an ambiguous sentence means, in the game's specification's words
    (English: a Spanish erratum prints none)."""
    spec = game_part(game, "spec")
    reading = spec.SPEC.readings.get(point) if spec is not None and isinstance(point, str) else None
    return tuple(meaning for _, meaning in reading.options) if reading is not None else ()


# --------------------------------------------------------------------------- Markdown


def frequency_of(e: Erratum) -> str:
    return frequency_words(e.hits, e.games, e.lang)


def errata_markdown(errata: Sequence[Erratum], rulesets: Mapping[str, Ruleset]) -> str:
    """The errata as one Markdown document (deterministic: no dates, stable order)."""
    from rulecheck.docs.text import book_title

    lines = [
        "<!-- Generated by `rulecheck errata` from reports/audit.json and models/; do not edit by hand. -->",
        "",
        "# Errata",
        "",
        "Corrections and additions to the rulebooks, most important first: what stops a game or lets it "
        "go on forever, then what can change who wins, then what changes the cards a player has, then "
        "wording. Within each, the problems met most often in play come first.",
        "",
    ]
    lines += _house_note(rulesets)
    errata, held = published(errata), held_back(errata)
    short = any(e.situation is not None and e.situation.shortened for e in errata)
    if short:
        lines += [LABELS["en"]["shortened"], ""]
    ruled = [e for e in errata if e.ruled]
    groups: dict[tuple[str, str], list[tuple[int, Erratum]]] = {}
    for n, e in enumerate(errata, 1):
        if e.ruled:
            groups.setdefault((e.game, e.lang), []).append((n, e))
    for (game, lang), items in groups.items():
        lines += [f"## {book_title(game, lang)}", ""]
        if lang != "en" and short:
            lines += [LABELS[lang]["shortened"], ""]
        lines += _contents(items, lang)
        for n, e in items:
            lines += erratum_markdown(n, e)
        lines += corrected_markdown(items, lang)
    open_items = [(n, e) for n, e in enumerate(errata, 1) if not e.ruled]
    if open_items:
        lines += ["## Not yet ruled", "",
                  "Problems found in the rules for which no new text has been agreed yet.", ""]
        for n, e in open_items:
            lines += erratum_markdown(n, e)
    if not ruled and not open_items:
        lines += ["No errata.", ""]
    if held:
        lines += [f"## {HELD_BACK_TITLE}", "", HELD_BACK_NOTE, ""]
        lines += [f"- {held_line(e)}" for e in held] + [""]
    return "\n".join(lines).rstrip() + "\n"


HELD_BACK_TITLE = "Seen only with reduced decks (not published)"
HELD_BACK_NOTE = (
    "These problems were found only in games played with fewer cards: no game with the full deck has shown "
    "them yet, and nothing proves they cannot happen there. They are not errata until one does; the audit report "
    "lists each, with a game that shows it.")


def published(errata: Sequence[Erratum]) -> list[Erratum]:
    """The errata to publish: those a finding confirmed on the full deck (or about the text alone,
    or with no full-deck status) stands behind (:mod:`rulecheck.check.full_deck`)."""
    return [e for e in errata if not e.small_deck]


def held_back(errata: Sequence[Erratum]) -> list[Erratum]:
    """The errata every finding behind which was seen with a reduced deck only: not published."""
    return [e for e in errata if e.small_deck]


def held_line(e: Erratum) -> str:
    """One held-back problem in a line, in the reader's words: the section and the problem (the
    findings behind it are in the audit report, not in a document for players)."""
    section = e.where[0].section if e.where else ""
    return f"{section}: {e.problem}" if section else e.problem


def _house_note(rulesets: Mapping[str, Ruleset]) -> list[str]:
    from rulecheck.docs.text import rulings_note

    note = rulings_note((rs.name for rs in rulesets.values()), "these errata")
    return [note, ""] if note else []


def _contents(items: Sequence[tuple[int, Erratum]], lang: str) -> list[str]:
    from rulecheck.docs.text import CONSEQUENCE_WORDS

    head = ("| # | Sección | Problema | Afecta a | Frecuencia |" if lang == "es"
            else "| # | Section | Problem | Affects | How often |")
    out = [head, "|---|---|---|---|---|"]
    for n, e in items:
        section = e.where[0].section if e.where else ""
        out.append(f"| [{n}](#erratum-{n}) | {_cell(section)} | {_cell(e.problem)} | "
                   f"{CONSEQUENCE_WORDS[e.lang].get(e.consequence, '')} | {frequency_of(e)} |")
    return [*out, ""]


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def change_label(e: Erratum) -> str:
    """How the new text goes into the book, in the erratum's language. Under several quoted
    sentences the one changed (the first) is named, not "this sentence"."""
    words = LABELS[e.lang]
    if e.change is None:
        return words["not_ruled"]
    how = e.change.how if e.change.how in words else "add"
    if len(e.where) > 1 and f"{how}_named" in words:
        return words[f"{how}_named"].format(s=e.where[0].text, section=e.where[0].section)
    return words[how]


@dataclass(frozen=True)
class Corrected:
    """One sentence of a rulebook as it reads once every erratum that changes it is applied:
    ``text`` is the sentence or its replacement (none if deleted), then what the errata add after
    it, or, for ``end_of_section``, what they add at the end of its section; ``errata`` numbers
    them."""

    quote: Quote
    end_of_section: bool
    text: tuple[str, ...]
    errata: tuple[int, ...]


def corrected_text(items: Sequence[tuple[int, Erratum]]) -> list[Corrected]:
    """The sentences of one rulebook that several of its errata ``items`` change, each as it reads
    with all of them applied (additions in the errata's order), in the book's order: what a
    reprint prints where errata overlap. Two errata that replace or delete the same sentence
    cannot both be applied: :class:`ErrataConflictError` names them."""
    changes: dict[tuple[str, bool], list[tuple[int, Erratum]]] = defaultdict(list)
    for n, e in items:
        if e.change is not None and e.where and e.change.how in ("add", "add_section", "replace", "delete"):
            changes[(e.where[0].ref, e.change.how == "add_section")].append((n, e))
    out = []
    for (ref, at_end), these in changes.items():
        if len(these) < 2:
            continue
        sentence = these[0][1].where[0]
        replacing = [(n, e) for n, e in these if e.change is not None and e.change.how in ("replace", "delete")]
        if len(replacing) > 1:
            raise ErrataConflictError(f"errata {', '.join(str(n) for n, _ in replacing)} each replace or delete "
                                      f"{ref} (“{sentence.text}”): give all but one of them 'how': 'add'")
        text: list[str] = [] if at_end else [sentence.text]
        if replacing:
            change = replacing[0][1].change
            text = list(change.text) if change is not None and change.how == "replace" else []
        text += [t for _, e in these if e.change is not None and e.change.how in ("add", "add_section")
                 for t in e.change.text]
        out.append(Corrected(sentence, at_end, tuple(text), tuple(n for n, _ in these)))
    return sorted(out, key=lambda c: (clause_position(c.quote.ref), c.end_of_section))


class ErrataConflictError(RulecheckError):
    """Two errata of one rulebook replace (or delete) the same sentence."""


def corrected_markdown(items: Sequence[tuple[int, Erratum]], lang: str) -> list[str]:
    """The corrected text of the sentences several errata change, as Markdown lines."""
    corrected = corrected_text(items)
    if not corrected:
        return []
    words = LABELS[lang]
    out = [f"### {words['corrected']}", "", words["corrected_note"], ""]
    for c in corrected:
        where = f" {words['end_of_section']}" if c.end_of_section else ""
        numbers = ", ".join(f"[{n}](#erratum-{n})" for n in c.errata)
        text = f"“{' '.join(c.text)}”" if c.text else words["deleted"]
        out += [f"> *{c.quote.section}*{where}: {text} <sub>{c.quote.ref} · {numbers}</sub>", ""]
    return out


def erratum_markdown(n: int, e: Erratum) -> list[str]:
    """One erratum as Markdown lines."""
    from rulecheck.docs.render import affects_line, example_markdown, quote_markdown

    words = LABELS[e.lang]
    title = e.where[0].section if e.where else ""
    out = [f'<a id="erratum-{n}"></a>', "", f"### {n}. {title}".rstrip(), ""]
    out += [f"**{words['problem']}** {e.problem}", ""]
    if e.where:
        out += [f"**{words['where']}**", ""]
        for q in e.where:
            out += quote_markdown(q)
    if e.change is not None:
        if e.change.how == "delete":
            out += [f"**{change_label(e)}**", ""]
        else:
            out += [f"**{change_label(e)}**", ""]
            for line in e.change.text:
                out += [f"> {line}", ">"]
            out[-1] = ""
    else:
        out += [f"*{words['not_ruled']}*", ""]
        if e.readings:
            out += [words["readings"], ""] + [f"- {r}" for r in e.readings] + [""]
        options = [o for o in e.options if o]
        if options:
            out += ["Possible rulings:" if e.lang == "en" else "Posibles decisiones:", ""]
            out += [f"- {o}" for o in options] + [""]
    told = e.told()
    if told is not None and (told.scene is not None or told.event):
        out += [f"**{words['example']}**", ""]
        out += example_markdown(told, e.situation, e.lang, with_rule=e.change is not None)
    out += [affects_line(e.consequence, e.hits, e.games, e.lang, small_deck=e.small_deck), ""]
    return out
