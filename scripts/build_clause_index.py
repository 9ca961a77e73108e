#!/usr/bin/env python3
"""Regenerate the clause index ``models/clauses/<book>.json`` for every rulebook.

    python scripts/build_clause_index.py          # write the JSON files
    python scripts/build_clause_index.py --check  # exit 1 if a committed file is out of date
    python scripts/build_clause_index.py --show   # print the index for review

Sentence splitting is mechanical (:func:`rulecheck.core.clauses.segment`); everything that
needs a human reading of the books is in the tables below, to be reviewed like prose:

* ``*_SECTIONS``: each book's headings and their slugs (the middle part of clause IDs);
* ``*_BREAKS`` / ``*_ATOMIC``: sentence boundaries the splitter cannot see;
* ``*_KINDS``: kind overrides, by clause ID or by section (``"<prefix>.<slug>"``);
* ``ES_ALIGNMENT``: which Spanish section translates which English one. Within a pair,
  Spanish clause *n* translates English clause *n*; this was checked sentence by sentence
  when the table was written, and the script fails if the two sections ever stop having the
  same number of clauses. Spanish clauses take the kind of the English clause they translate.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from rulecheck.core.clauses import (  # noqa: E402 - after the sys.path set-up
    BOOK_PREFIXES,
    BOOKS,
    BookSpec,
    Clause,
    Section,
    build_index,
    index_to_json,
)
from rulecheck.core.errors import ClauseIndexError  # noqa: E402
from rulecheck.core.paths import models_dir  # noqa: E402

S = Section

# ============================================================================ Chomp! (English)

EN_SECTIONS = (
    S("|", "title", heading=False),  # the page starts with web junk, then the title
    S("Object:", "object"),
    S("Before You Dive In...", "dive"),
    S("Chomp! Food Chain Explained", "food-chain"),
    S("Set-up", "setup"),
    S("Game Play (for three or more players)", "gameplay"),
    S("Example", "example"),
    S("Possible Outcomes", "outcomes"),
    S("Beware the Bad Chomp!", "bad-chomp"),
    S("Action Cards", "action-cards"),
    S("Electric Eel: Feeding Frenzy!", "feeding-frenzy"),
    S("Octopus: Ink Out!", "ink-out"),
    S("Octopus vs. Electric Eel", "octopus-vs-eel"),
    S("Breaking a Tie", "tie"),
    S("Ending the Game", "ending"),
    S("2 Player Underwater War", "underwater-war"),
)

# The text is hard-wrapped, so a new line says nothing; these sentences end without a stop.
EN_BREAKS = (
    "You've made a Bad",  # after "Be quick - ... when you shouldn't" (no full stop)
    "If you make a Bad",  # after the truncated list item "slap a card in an Octopus Ink Out"
)
EN_ATOMIC = ("HOW TO PLAY - CHOMP! CARD GAME - GAME RULES",)  # the page title, "!" and all

EN_KINDS: Mapping[str, str] = {
    "en.title.1": "flavour",  # "|": web-page junk
    "en.title.2": "heading",  # "HOW TO PLAY - CHOMP! CARD GAME - GAME RULES"
    "en.title.3": "flavour",  # "Availability: Usually ships within 24 hours"
    "en.dive": "flavour",  # intro: look over the cards and learn the food chain
    "en.example": "example",  # "Four players turn over a Seal card, ..."
    "en.outcomes.1": "example",  # "If the player with the Shark card comps first, ..."
    "en.outcomes.2": "example",  # "If the Seal card player chomps first, ..."
    "en.outcomes.3": "example",  # "She can't chomp the Shark card because ..."
    # outcomes.4-5 ("Play continues ...", "When your pile runs out ...") are rules.
    "en.bad-chomp.1": "flavour",  # "Be quick - but not so quick ...": advice; the rule is the list
    "en.ink-out.1": "flavour",  # "When an octopus senses danger, it will squirt ink ..."
    "en.underwater-war.7": "flavour",  # "|": web-page junk
}

# ============================================================================ Chomp! (Spanish)

ES_SECTIONS = (
    S("¡Chomp! Reglas del juego", "titulo"),
    S("Componentes", "componentes"),
    S("Objeto del juego", "objeto"),
    S("Antes de sumergirse ...", "sumergirse"),
    S("¡Chomp! Explicación de la cadena alimentaria", "cadena-alimentaria"),
    S("Preparar", "preparar"),
    S("Como se Juega", "como-se-juega"),
    S("Ejemplo:", "ejemplo"),  # a run-in heading: "Ejemplo: Cuatro jugadores ..."
    S("Posibles resultados", "resultados"),
    S("Cuidado con los malos mordiscos", "malos-mordiscos"),
    S("Tarjetas de acción", "acciones"),
    S("Anguila eléctrica: Feeding Frenzy!", "anguila"),
    S("Octopus: Ink Out!", "ink-out"),
    S("Pulpo contra anguila eléctrica", "pulpo-vs-anguila"),
    S("Romper un empate", "empate"),
    S("Fin del juego", "fin"),
    S("Juegos de dos jugadores", "dos-jugadores"),
    S("Guerra submarina", "guerra-submarina"),
    S("¡Chomp rápido!", "chomp-rapido"),
    S("¡Doble Chomp!", "doble-chomp"),
)

# Clauses aligned to English take the English kind; these are the Spanish-only ones.
ES_KINDS: Mapping[str, str] = {
    "es.componentes": "component",  # "- 4 cartas de tiburón", ..., "- Instrucciones"
    # dos-jugadores, chomp-rapido, doble-chomp: rules (the default, normative).
}

# (Spanish section, English section): Spanish clause n translates English clause n.
ES_ALIGNMENT: tuple[tuple[str, str], ...] = (
    ("objeto", "object"),
    ("sumergirse", "dive"),
    ("cadena-alimentaria", "food-chain"),
    ("preparar", "setup"),
    ("como-se-juega", "gameplay"),
    ("ejemplo", "example"),
    ("resultados", "outcomes"),
    ("malos-mordiscos", "bad-chomp"),
    ("acciones", "action-cards"),
    ("anguila", "feeding-frenzy"),
    ("ink-out", "ink-out"),
    ("pulpo-vs-anguila", "octopus-vs-eel"),
    ("empate", "tie"),
    ("fin", "ending"),
    ("guerra-submarina", "underwater-war"),
)
ES_ALIGNED_EXTRA: Mapping[str, str] = {
    "es.titulo.0": "en.title.2",  # "¡Chomp! Reglas del juego" = "HOW TO PLAY - CHOMP! ... RULES"
}
# Spanish sections with no English counterpart (inputs to the translation-difference check).
ES_ONLY_SECTIONS = ("componentes", "dos-jugadores", "chomp-rapido", "doble-chomp")
# English clauses in paired sections that the Spanish edition does not have.
EN_ONLY_CLAUSES: Mapping[str, str] = {
    "en.underwater-war.7": "web-page junk '|' at the end of the English page",
}

# ============================================================================ Chonker Party

CP_SECTIONS = (
    S("Chonker Party Rulebook", "title"),
    S("Table of Contents", "toc"),
    S("Summary", "summary"),
    S("Total number of players: 2", "summary-example"),
    S("Setting Up", "setup"),
    S("Nr. of players", "players"),
    S("Rounds", "rounds"),  # a parent heading with no text of its own
    S("How a Round Looks", "round"),
    S("Continuing a Round", "continuing"),
    S("Winning a Round", "winning"),
    S("Total number of players: 2 (example)", "winning-example"),
    S("After a Round", "after-round"),
    S("Card Types", "card-types"),  # parent heading
    S("Points (8 x 2)", "points"),
    S("Total number of players: 2 (example)", "points-example"),
    S("Chonks (6)", "chonks"),
    S("Spoiled (4)", "spoiled"),
    S("Filler Cards (8 x 4)", "fillers"),
    S("Action Cards", "action-cards"),  # parent heading
    S("Choose (2)", "choose"),
    S("Steal (4)", "steal"),
    S("Skip (4)", "skip"),
    S("See a Card (4)", "see"),
    S("Force (4)", "force"),
    S("War (2)", "war"),
    S("Rules Notes", "rules-notes"),  # parent heading
    S("Empty Draw Deck", "empty-draw"),
    S("Stacking Action Cards", "stacking"),
    S("Finishing the Game", "finishing"),
    S("Round Example", "round-example"),
    S("Note: the rules sheet", "note", heading=False),  # transcriber's note, not rules text
)

CP_KINDS: Mapping[str, str] = {
    "cp.toc": "heading",  # table-of-contents entries are section titles ...
    "cp.toc.1": "flavour",  # ... but "Table of Contents" printed twice is junk
    "cp.toc.10": "component",  # ... and the entries with card counts list the deck: "• Points (8 x 2)"
    "cp.toc.11": "component",  # "• Chonks (6)"
    "cp.toc.12": "component",  # "• Spoiled (4)"
    "cp.toc.13": "component",  # "• Filler Cards (8 x 4)"
    "cp.toc.15": "component",  # "• Choose (2)"
    "cp.toc.16": "component",  # "• Steal (4)"
    "cp.toc.17": "component",  # "• Skip (4)"
    "cp.toc.18": "component",  # "• See a Card (4)"
    "cp.toc.19": "component",  # "• Force (4)"
    "cp.toc.20": "component",  # "• War (2)"
    "cp.summary-example": "example",
    "cp.winning-example": "example",
    "cp.after-round.5": "flavour",  # "PRO TIP: To have a strong start, ..."
    "cp.points.1": "component",  # "16 total, 8 sweet, 8 salty, each worth +1 points."
    "cp.points.3": "example",  # "For example, if the first card is a sweet point, ..."
    "cp.points-example": "example",
    "cp.chonks.2": "flavour",  # "Big, chonky, and as powerful as a trump can be."
    "cp.chonks.3": "component",  # "The six Chonk cards are: Raccoon (...), ..."
    "cp.spoiled.3": "flavour",  # "Fail this badly and we'll pity win you."
    "cp.spoiled.4": "component",  # "The four Spoiled cards are: Toast (...), ..."
    "cp.fillers": "component",  # "Stick (8), leaf (8), ..." and the four card quotes
    "cp.fillers.2": "flavour",  # "Alone they're meh, get more of the same type ..."
    "cp.choose.2": "flavour",  # "Yes, ANY!"
    "cp.finishing.7": "flavour",  # "Here, it pays off to fail this badly."
    "cp.round-example": "example",
    "cp.round-example.18": "flavour",  # "PRO TIP: Remember, Chonks are an universal trump!"
    "cp.round-example.19": "flavour",  # "Use them when you have something to win."
    "cp.note": "flavour",
}

# ============================================================================ building

SPECS: Mapping[str, BookSpec] = {
    "chomp-en": BookSpec(sections=EN_SECTIONS, hard_wrapped=True, breaks=EN_BREAKS, atomic=EN_ATOMIC, kinds=EN_KINDS),
    "chomp-es": BookSpec(sections=ES_SECTIONS, kinds=ES_KINDS),  # alignment added below
    "chonker-party-en": BookSpec(sections=CP_SECTIONS, kinds=CP_KINDS),
}


def _by_section(clauses: tuple[Clause, ...]) -> dict[str, list[Clause]]:
    out: dict[str, list[Clause]] = {}
    for clause in clauses:
        out.setdefault(clause.section, []).append(clause)
    return out


def spanish_alignment(english: tuple[Clause, ...]) -> dict[str, str]:
    """Expand :data:`ES_ALIGNMENT` into Spanish clause ID -> English clause ID, checking it."""
    spanish = _by_section(build_index("chomp-es", SPECS["chomp-es"]))
    en_sections = _by_section(english)
    aligned = dict(ES_ALIGNED_EXTRA)
    paired = {es for es, _ in ES_ALIGNMENT}
    for es_section, en_section in ES_ALIGNMENT:
        es_clauses = spanish[es_section]
        en_clauses = [c for c in en_sections[en_section] if c.id not in EN_ONLY_CLAUSES]
        if len(es_clauses) != len(en_clauses):
            raise ClauseIndexError(
                f"es.{es_section} has {len(es_clauses)} clauses but en.{en_section} has "
                f"{len(en_clauses)}: re-read both and update ES_ALIGNMENT"
            )
        for es_clause, en_clause in zip(es_clauses, en_clauses, strict=True):
            aligned[es_clause.id] = en_clause.id
    missing = [
        c.id
        for section, clauses in spanish.items()
        if section not in paired and section not in ES_ONLY_SECTIONS
        for c in clauses
        if c.id not in aligned
    ]
    if missing:
        raise ClauseIndexError(f"Spanish clauses neither aligned nor listed as Spanish-only: {missing}")
    return aligned


def build_all() -> dict[str, tuple[Clause, ...]]:
    """The index of every book, built from the tables above."""
    english = build_index("chomp-en", SPECS["chomp-en"])
    es_spec = replace(SPECS["chomp-es"], aligned=spanish_alignment(english))
    return {
        "chomp-en": english,
        "chomp-es": build_index("chomp-es", es_spec, original={c.id: c for c in english}),
        "chonker-party-en": build_index("chonker-party-en", SPECS["chonker-party-en"]),
    }


def render_all() -> dict[str, str]:
    """Book ID -> the JSON text that ``models/clauses/<book>.json`` must hold."""
    return {book: index_to_json(book, clauses) for book, clauses in build_all().items()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="only report out-of-date files")
    parser.add_argument("--show", action="store_true", help="print every clause for review")
    args = parser.parse_args(argv)
    assert set(SPECS) == set(BOOKS) == set(BOOK_PREFIXES)
    if args.show:
        for clauses in build_all().values():
            for c in clauses:
                tail = f"  = {c.aligned}" if c.aligned else ""
                print(f"{c.id:<26} {c.kind:<9} {' '.join(c.text.split())}{tail}")
        return 0
    out_dir = models_dir() / "clauses"
    stale = []
    for book, text in render_all().items():
        path = out_dir / f"{book}.json"
        current = path.read_text(encoding="utf-8") if path.exists() else None
        if current == text:
            continue
        stale.append(path)
        if not args.check:
            out_dir.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8", newline="\n")
    verb = "out of date" if args.check else "written"
    for path in stale:
        print(f"{verb}: {path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}")
    return 1 if args.check and stale else 0


if __name__ == "__main__":
    sys.exit(main())
