"""The plain words the published errata and FAQ share: rulebook sections and sentences as a
reader finds them, how much a problem matters and how often, in English and Spanish.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from rulecheck.core.clauses import Clause
from rulecheck.core.paths import models_dir

__all__ = [
    "CONSEQUENCE_WORDS",
    "LABELS",
    "Quote",
    "book_title",
    "clause_position",
    "consequence_rank",
    "edition_extras",
    "frequency_sentence",
    "frequency_words",
    "lang_of",
    "numbers_in",
    "quote",
    "rulings_note",
    "section_name",
]

CONSEQUENCE_WORDS: Mapping[str, Mapping[str, str]] = {
    "en": {
        "play": "whether the game can go on, or ends at all",
        "winner": "who wins",
        "cards": "which cards a player has",
        "wording": "the wording only",
    },
    "es": {
        "play": "si el juego puede seguir, o si termina",
        "winner": "quién gana",
        "cards": "qué cartas tiene un jugador",
        "wording": "solo la redacción",
    },
}
"""What a problem can change, most serious first (the order of the errata)."""

LABELS: Mapping[str, Mapping[str, str]] = {
    "en": {
        "problem": "The problem.",
        "where": "Where.",
        "add": "Add after this sentence:",
        "add_section": "Add at the end of this section:",
        "replace": "Replace this sentence with:",
        "delete": "Delete this sentence.",
        "add_named": "Add after “{s}”:",
        "add_section_named": "Add at the end of the section “{section}”:",
        "replace_named": "Replace “{s}” with:",
        "delete_named": "Delete “{s}”.",
        "corrected": "The corrected text",
        "corrected_note": ("Where several of the errata above change the same sentence, here it is as it reads with "
                           "all of them applied (the numbers are the errata)."),
        "end_of_section": "(at the end of the section)",
        "deleted": "(deleted)",
        "add_to_edition": "Add to the English edition:",
        "example_change": "Replace the example with:",
        "example": "Example.",
        "with_rule": "With the new text:",
        "affects": "Affects",
        "comes_up": "Comes up in",
        "not_seen": "Rare: not seen in our {games:,} test games",
        "never": "rare: not in our {games:,} test games",
        "every": "nearly every game",
        "most": "most games",
        "one_in": "about 1 game in {n}",
        "not_ruled": "No new text has been agreed yet.",
        "readings": "It can be read in two ways:",
        "forever": "…and the cards are back exactly where they were: this can go on forever.",
        "shortened": "The examples come from short games, played with fewer cards than the full deck.",
        "small_deck": "Seen so far only in short games with fewer cards; not yet shown with the full deck",
        "open_ambiguity": "This sentence can be read in two ways that play differently.",
        "open_conflict": "In this situation the rules contradict each other, and no ruling says which one applies.",
        "open_gap": "The rules do not say what happens in this situation, and no ruling has been made yet.",
    },
    "es": {
        "problem": "El problema.",
        "where": "Dónde.",
        "add": "Añádase después de esta frase:",
        "add_section": "Añádase al final de esta sección:",
        "replace": "Sustitúyase esta frase por:",
        "delete": "Suprímase esta frase.",
        "add_named": "Añádase después de «{s}»:",
        "add_section_named": "Añádase al final de la sección «{section}»:",
        "replace_named": "Sustitúyase «{s}» por:",
        "delete_named": "Suprímase «{s}».",
        "corrected": "El texto corregido",
        "corrected_note": ("Donde varias de las erratas anteriores cambian la misma frase, aquí está tal como queda "
                           "con todas ellas (los números son las erratas)."),
        "end_of_section": "(al final de la sección)",
        "deleted": "(suprimida)",
        "add_to_edition": "Añádase a la edición inglesa:",
        "example_change": "Sustitúyase el ejemplo por:",
        "example": "Ejemplo.",
        "with_rule": "Con el nuevo texto:",
        "affects": "Afecta a",
        "comes_up": "Ocurre en",
        "not_seen": "Raro: no ha ocurrido en nuestras {games} partidas de prueba",
        "never": "raro: en ninguna de nuestras {games} partidas de prueba",
        "every": "casi todas las partidas",
        "most": "la mayoría de las partidas",
        "one_in": "aproximadamente 1 partida de cada {n}",
        "not_ruled": "Aún no se ha acordado un texto nuevo.",
        "readings": "Se puede leer de dos maneras:",
        "forever": "…y las cartas vuelven a estar exactamente donde estaban: esto puede repetirse para siempre.",
        "shortened": "Los ejemplos vienen de partidas cortas, jugadas con menos cartas que el mazo completo.",
        "small_deck": "Visto hasta ahora solo en partidas cortas con menos cartas; aún no con el mazo completo",
        "open_ambiguity": "Esta frase se puede leer de dos maneras que se juegan de forma distinta.",
        "open_conflict": "En esta situación las reglas se contradicen, y ninguna decisión dice cuál se aplica.",
        "open_gap": "Las reglas no dicen qué pasa en esta situación, y aún no se ha tomado ninguna decisión.",
    },
}

_PREFIX_LANG = {"en": "en", "es": "es", "cp": "en"}
_MARKER = re.compile(r"^(?:[-•]|\d+\.)\s+")


def lang_of(clause_id: str) -> str:
    """The language of a clause (``es`` for the Spanish Chomp! edition, else ``en``)."""
    return _PREFIX_LANG.get(clause_id.split(".", 1)[0], "en")


@cache
def _clauses() -> Mapping[str, Clause]:
    from rulecheck.docs.report import all_clauses

    return all_clauses()


def clause_position(clause_id: str) -> int:
    """Where a clause stands in the clause index (its book's text order); unknown ones last."""
    order = _clause_order()
    return order.get(clause_id, len(order))


@cache
def _clause_order() -> Mapping[str, int]:
    return {cid: i for i, cid in enumerate(_clauses())}


def section_name(clause_id: str, lang: str | None = None) -> str:
    """The rulebook section a clause is in, as its heading reads (an example section under a
    "Total number of players" heading is named after the section before it). In an English
    document a section only the Spanish edition has gets its English name, where the editions
    file gives one."""
    index = _clauses()
    clause = index.get(clause_id)
    if clause is None:
        return ""
    lang = lang or lang_of(clause_id)
    if lang == "en" and lang_of(clause_id) == "es":
        english = edition_extras().get("section_names_en", {}).get(clause.section)
        if english:
            return str(english)
    prefix = clause_id.split(".", 1)[0]
    heading = index.get(f"{prefix}.{clause.section}.0")
    name = " ".join(heading.text.split()) if heading is not None and heading.kind == "heading" else ""
    if not name or name.startswith("Total number of players"):
        previous = _previous_section(clause)
        if previous:
            return f"{section_name(previous, lang)} ({'ejemplo' if lang == 'es' else 'example'})"
        return name or clause.section.replace("-", " ").capitalize()
    return name.rstrip(":").rstrip()


def _previous_section(clause: Clause) -> str:
    """The first clause of the section before ``clause``'s (in the book's order)."""
    book = [c for c in _clauses().values() if c.book == clause.book]
    sections = list(dict.fromkeys(c.section for c in book))
    i = sections.index(clause.section)
    if i == 0:
        return ""
    before = sections[i - 1]
    return next(c.id for c in book if c.section == before)


@dataclass(frozen=True)
class Quote:
    """A sentence of a rulebook as a reader finds it: its section, its words, its reference."""

    section: str
    text: str
    ref: str


def quote(clause_id: str, lang: str | None = None) -> Quote:
    """The clause as a quotation (list markers dropped, lines joined)."""
    clause = _clauses().get(clause_id)
    text = _MARKER.sub("", " ".join(clause.text.split())) if clause is not None else ""
    return Quote(section_name(clause_id, lang), text, clause_id)


def rulings_note(names: Iterable[str], what: str) -> str:
    """What the documents follow where the rules are silent, when it is not the project's rulings:
    a user's house rules (by the name of their file), or none at all (``raw``)."""
    chosen = sorted(set(names) - {"recommended"})
    house = [n for n in chosen if n != "raw"]
    parts = []
    if house:
        parts.append(f"Where the rules are silent, {what} follow the house rules “{', '.join(house)}”.")
    if "raw" in chosen:
        parts.append("Where no ruling is applied, the questions the rules leave open are listed without an answer.")
    return " ".join(parts)


def book_title(game: str, lang: str) -> str:
    """The rulebook an erratum corrects."""
    if game == "chomp":
        return "¡Chomp! (edición en español)" if lang == "es" else "Chomp! (English edition)"
    if game == "chonker-party":
        return "Chonker Party"
    return game


def consequence_rank(consequence: str) -> int:
    """0 for the most serious (the game cannot go on), 3 for wording only."""
    order = tuple(CONSEQUENCE_WORDS["en"])
    return order.index(consequence) if consequence in order else len(order) - 2


def frequency_words(hits: int | None, games: int | None, lang: str = "en") -> str:
    """"about 1 game in 3" (or "nearly every game", "most games", "rare: not in our 1,400 test
    games"), from how many seeded games met the problem; empty when it was not measured. A problem
    none of them met may still be published: a longer search on the full deck showed it."""
    words = LABELS[lang]
    if not games or hits is None:
        return ""
    if hits == 0:
        return words["never"].format(games=games)
    if hits / games >= 0.9:
        return words["every"]
    if hits / games > 0.6:
        return words["most"]
    return words["one_in"].format(n=round(games / hits))


def frequency_sentence(hits: int | None, games: int | None, lang: str = "en") -> str:
    """"Comes up in about 1 game in 3" ("Rare: not seen in our 1,400 test games"); empty when not
    measured."""
    words = LABELS[lang]
    often = frequency_words(hits, games, lang)
    if not often:
        return ""
    if hits == 0:
        return words["not_seen"].format(games=games)
    return f"{words['comes_up']} {often}"


@cache
def edition_extras(game: str = "chomp") -> Mapping[str, Any]:
    """What the editions file adds for the documents: English names of the Spanish edition's own
    sections (``section_names_en``), corrected Spanish sentences (``corrections``) and English
    renderings of the Spanish edition's own sentences (``translations``)."""
    path = models_dir() / "editions" / f"{game}.json"
    if not path.exists():
        return {}
    data = json.loads(path.read_text(encoding="utf-8"))
    return {k: data.get(k, {}) for k in ("section_names_en", "corrections", "translations")}


_NUMBER_WORDS = {
    "en": {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
           "ten": 10, "eleven": 11, "twelve": 12, "both": 2, "twice": 2},
    "es": {"dos": 2, "tres": 3, "cuatro": 4, "cinco": 5, "seis": 6, "siete": 7, "ocho": 8, "nueve": 9,
           "diez": 10, "ambos": 2, "ambas": 2},
}


def numbers_in(text: str, lang: str = "en") -> set[int]:
    """Every number a reader finds in ``text``: digits and number words ("both" is two)."""
    found = {int(d) for d in re.findall(r"\d+", text)}
    words = _NUMBER_WORDS.get(lang, _NUMBER_WORDS["en"])
    found.update(words[w] for w in re.findall(r"[a-záéíóúñ]+", text.lower()) if w in words)
    return found
