"""The pieces the errata and the FAQ print alike, in Markdown and in HTML: a rulebook sentence
quoted with its reference in small print, a situation drawn as cards, an example told, and the
small-print line of what a problem affects and how often it comes up.

In HTML a card is drawn as a card: its name as printed, its rank on the food chain (Chomp!) or
its points (Chonker Party) in the corner, what it is under the name, coloured by kind; face-down
piles are drawn as card backs with their size.
"""

from __future__ import annotations

from html import escape

from rulecheck.docs.situation import Situation, Told
from rulecheck.docs.text import CONSEQUENCE_WORDS, LABELS, Quote, frequency_sentence
from rulecheck.story import Card, Group, Scene

__all__ = [
    "affects_html",
    "affects_line",
    "card_html",
    "example_html",
    "example_markdown",
    "quote_html",
    "quote_markdown",
    "scene_html",
    "scene_markdown",
]


def _count(n: int, lang: str) -> str:
    if lang == "es":
        return "1 carta" if n == 1 else f"{n} cartas"
    return "1 card" if n == 1 else f"{n} cards"


def _empty(lang: str) -> str:
    return "vacía" if lang == "es" else "empty"


# --------------------------------------------------------------------------- Markdown


def quote_markdown(q: Quote) -> list[str]:
    """``> *Section*: “sentence” <sub>clause</sub>``."""
    return [f"> *{q.section}*: “{q.text}” <sub>{q.ref}</sub>", ""]


def _group_markdown(g: Group, lang: str) -> str:
    if g.cards:
        text = ", ".join(card_words(c) for c in g.cards)
        if g.hidden:
            down = "face down" if lang == "en" else "boca abajo"
            text += f" (+{_count(g.hidden, lang)} {down})"
    elif g.hidden:
        text = _count(g.hidden, lang)
    elif g.counted:
        text = _empty(lang)
    else:
        return ""
    return f"{g.title}: {text}" if g.title else text


def card_words(card: Card) -> str:
    """A card in words, as printed: with its points where the name has them (``+1 Sweet``)."""
    return f"{card.corner} {card.name}" if card.corner[:1] in ("+", "-") else card.name


def scene_markdown(scene: Scene, lang: str = "en") -> list[str]:
    """The table as a list: one line per player (or the middle), each place with its cards."""
    out = []
    for row in scene.rows:
        parts = [p for p in (_group_markdown(g, lang) for g in row.groups) if p]
        note = f" ({row.note})" if row.note else ""
        out.append(f"- **{row.label}**{note}: " + " · ".join(parts) if parts else f"- **{row.label}**{note}")
    if scene.note:
        out.append(f"- {scene.note}.")
    return [*out, ""]


def example_markdown(told: Told, situation: Situation | None, lang: str, with_rule: bool = False) -> list[str]:
    """An example: what led there, the table drawn, then what happens (under the new text)."""
    words = LABELS[lang]
    out: list[str] = []
    if told.lead:
        out += [" ".join(told.lead), ""]
    if told.scene is not None:
        out += scene_markdown(told.scene, lang)
    if told.loop:
        out += [" ".join(told.loop) + " " + words["forever"], ""]
    if told.event:
        ruled = with_rule and situation is not None and situation.resolved is not None
        out += [(f"{words['with_rule']} " if ruled else "") + " ".join(told.event), ""]
    return out


def affects_line(consequence: str, hits: int | None, games: int | None, lang: str, *,
                 small_deck: bool = False) -> str:
    """Small print: what the problem can change, how often it comes up in play, and (when it
    was only seen with fewer cards) that it is not yet shown with the full deck."""
    words = LABELS[lang]
    parts = [f"{words['affects']}: {CONSEQUENCE_WORDS[lang].get(consequence, '')}"]
    often = frequency_sentence(hits, games, lang)
    if often:
        parts.append(often)
    if small_deck:
        parts.append(words["small_deck"])
    return "<sub>" + " · ".join(parts) + "</sub>"


# --------------------------------------------------------------------------- HTML


def quote_html(q: Quote) -> str:
    return (f'<blockquote><em>{escape(q.section)}</em>: “{escape(q.text)}” '
            f'<small class="ref">{escape(q.ref)}</small></blockquote>')


def card_html(card: Card) -> str:
    """A card: corner mark, name as printed, what it is; coloured by its family."""
    corner = f'<span class="corner">{escape(card.corner)}</span>' if card.corner else ""
    caption = f'<span class="caption">{escape(card.caption)}</span>' if card.caption else ""
    return (f'<span class="card fam-{escape(card.family)}" title="{escape(card.name)}">{corner}'
            f'<span class="name">{escape(card.name)}</span>{caption}</span>')


def _backs_html(n: int, lang: str) -> str:
    if n <= 0:
        return f'<span class="empty">{escape(_empty(lang))}</span>'
    layers = min(n, 3)
    return (f'<span class="pile" style="--layers:{layers}"><span class="card back"></span>'
            f'<span class="count">{escape(_count(n, lang))}</span></span>')


def _group_html(g: Group, lang: str) -> str:
    if not g.cards and not g.hidden and not g.counted:
        return ""
    inner = "".join(card_html(c) for c in g.cards)
    if g.hidden or (g.counted and not g.cards):
        inner += _backs_html(g.hidden, lang)
    title = f'<span class="place">{escape(g.title)}</span>' if g.title else ""
    return f'<span class="group">{title}<span class="cards">{inner}</span></span>'


def scene_html(scene: Scene, lang: str = "en") -> str:
    """The table drawn: one row per player (or the middle), each place with its cards."""
    rows = []
    for row in scene.rows:
        groups = "".join(_group_html(g, lang) for g in row.groups)
        note = f' <span class="note">{escape(row.note)}</span>' if row.note else ""
        rows.append(f'<div class="row"><span class="who">{escape(row.label)}{note}</span>{groups}</div>')
    note = f'<p class="scene-note">{escape(scene.note)}.</p>' if scene.note else ""
    return f'<div class="scene">{"".join(rows)}{note}</div>'


def example_html(told: Told, situation: Situation | None, lang: str, with_rule: bool = False) -> str:
    words = LABELS[lang]
    parts = []
    if told.lead:
        parts.append(f"<p>{escape(' '.join(told.lead))}</p>")
    if told.scene is not None:
        parts.append(scene_html(told.scene, lang))
    if told.loop:
        parts.append(f"<p>{escape(' '.join(told.loop))} {escape(words['forever'])}</p>")
    if told.event:
        lead = (f"<strong>{escape(words['with_rule'])}</strong> "
                if with_rule and situation is not None and situation.resolved is not None else "")
        parts.append(f"<p>{lead}{escape(' '.join(told.event))}</p>")
    return f'<div class="example">{"".join(parts)}</div>'


def affects_html(consequence: str, hits: int | None, games: int | None, lang: str, *,
                 small_deck: bool = False) -> str:
    text = affects_line(consequence, hits, games, lang, small_deck=small_deck).removeprefix("<sub>").removesuffix(
        "</sub>")
    return f'<p class="small">{escape(text)}</p>'

