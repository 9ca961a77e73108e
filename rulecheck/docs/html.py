"""Errata and FAQ as self-contained HTML pages: inline CSS, situations drawn as cards (name as
printed, rank on the food chain or points in the corner, coloured by kind), and an inline SVG
chart of how often each problem or question comes up in play. No external assets, no scripts,
no dates: the same input gives the same bytes.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from html import escape

from rulecheck.core.rulings import Ruleset
from rulecheck.docs.errata import (
    HELD_BACK_NOTE,
    HELD_BACK_TITLE,
    Erratum,
    change_label,
    corrected_text,
    held_back,
    held_line,
    published,
)
from rulecheck.docs.faq import GAME_NAMES, FaqEntry, _wording
from rulecheck.docs.render import affects_html, example_html, quote_html
from rulecheck.docs.situation import Situation
from rulecheck.docs.text import LABELS, book_title, frequency_sentence, frequency_words, rulings_note

__all__ = ["bar_chart_svg", "errata_html", "faq_html", "page"]

CSS = """
body{font-family:Georgia,"Times New Roman",serif;max-width:980px;margin:2em auto;padding:0 1em;color:#1d2330;
line-height:1.5;background:#fdfcf8}
h1{font-family:system-ui,sans-serif;border-bottom:3px solid #1f5f8b;padding-bottom:.2em}
h2{font-family:system-ui,sans-serif;margin-top:2.2em;color:#1f3b57;border-bottom:1px solid #c9d3de}
h3,h4{font-family:system-ui,sans-serif;color:#24364b;margin-bottom:.3em}
.entry{border:1px solid #d8dde4;border-radius:10px;padding:.7em 1.2em;margin:1.4em 0;background:#fff}
.entry h3,.entry h4{margin-top:.2em}
blockquote{margin:.5em 0;padding:.35em .9em;border-left:4px solid #9fb3c8;background:#f3f6f9}
.new{margin:.5em 0;padding:.45em .9em;border-left:4px solid #3c8d4a;background:#eef7ef}
.open{margin:.5em 0;padding:.45em .9em;border-left:4px solid #d07c1c;background:#fdf3e6}
small.ref,.small{font-family:system-ui,sans-serif;font-size:.78em;color:#6a7585}
.example{margin:.6em 0;padding:.5em .8em;border:1px dashed #a9b6c6;border-radius:8px;background:#fbfcfd}
.scene{margin:.4em 0}
.row{display:flex;align-items:center;flex-wrap:wrap;gap:.5em 1.1em;padding:.35em 0;border-bottom:1px dotted #dde3ea}
.row:last-child{border-bottom:none}
.who{font-family:system-ui,sans-serif;font-weight:600;min-width:7.5em;font-size:.9em}
.who .note{display:block;font-weight:400;font-size:.8em;color:#6a7585}
.group{display:inline-flex;flex-direction:column;gap:.2em}
.place{font-family:system-ui,sans-serif;font-size:.72em;color:#5b6676;text-transform:uppercase;letter-spacing:.04em}
.cards{display:inline-flex;gap:.3em;align-items:center}
.card{position:relative;display:inline-flex;flex-direction:column;align-items:center;justify-content:center;
width:4.6em;height:6.4em;box-sizing:border-box;padding:.9em .25em .3em;border-radius:8px;border:2px solid #2b3a4a;
font-family:system-ui,sans-serif;text-align:center;box-shadow:1px 2px 4px rgba(0,0,0,.18);color:#13202c}
.card .corner{position:absolute;top:.2em;left:.35em;font-weight:800;font-size:.95em}
.card .name{font-weight:700;font-size:.8em;line-height:1.1}
.card .caption{font-size:.6em;margin-top:.35em;opacity:.8}
.fam-plankton{background:linear-gradient(160deg,#f0fbef,#b8e6b0)}
.fam-shrimp{background:linear-gradient(160deg,#fff1ee,#f6b8aa)}
.fam-little-fish{background:linear-gradient(160deg,#eef9fd,#a9dff2)}
.fam-big-fish{background:linear-gradient(160deg,#e9f0fd,#8fb3ee)}
.fam-seal{background:linear-gradient(160deg,#f2f2f4,#b9bcc6)}
.fam-shark{background:linear-gradient(160deg,#e3e8ef,#7f93ad);color:#0c1722}
.fam-eel{background:linear-gradient(160deg,#fff8cf,#f5d94f)}
.fam-octopus{background:linear-gradient(160deg,#f1e6fb,#c8a7e8)}
.fam-sweet{background:linear-gradient(160deg,#fff0f4,#f7bccd)}
.fam-salty{background:linear-gradient(160deg,#fff6e6,#f5cf8a)}
.fam-chonk{background:linear-gradient(160deg,#eaf8e6,#a9dd9a)}
.fam-spoiled{background:linear-gradient(160deg,#f6efe3,#cfb58a)}
.fam-filler{background:linear-gradient(160deg,#f4f4f1,#d5d5cc)}
.fam-action{background:linear-gradient(160deg,#fde9e4,#f2a894)}
.fam-plain{background:#fff}
.card.back{width:3.2em;height:4.5em;padding:0;
background:repeating-linear-gradient(45deg,#1f5f8b 0 6px,#2f77a8 6px 12px);border-color:#173f5c;
box-shadow:2px 2px 0 #fff,3px 3px 0 #173f5c,5px 5px 0 #fff,6px 6px 0 #173f5c}
.pile{display:inline-flex;align-items:center;gap:.5em}
.count,.empty{font-family:system-ui,sans-serif;font-size:.8em;color:#37475a}
.empty{font-style:italic;color:#8a94a3}
.scene-note{font-family:system-ui,sans-serif;font-size:.85em}
table.toc{border-collapse:collapse;width:100%;font-family:system-ui,sans-serif;font-size:.85em;margin:.8em 0}
table.toc td,table.toc th{border-bottom:1px solid #e1e6ec;padding:.3em .4em;text-align:left;vertical-align:top}
.chart{margin:1em 0}
.legend{font-family:system-ui,sans-serif;font-size:.85em;color:#37475a}
"""


LEGEND = (
    '<p class="legend">In the examples every card is drawn as printed. A Chomp! card shows its rank on the food '
    "chain in the corner, from 1 for the Plankton to 6 for the Shark; a Chonker Party card shows its points. "
    "Face-down piles are drawn as card backs with the number of cards.</p>"
)


def page(title: str, body: str, lang: str = "en") -> str:
    """A whole HTML document around ``body``."""
    return (
        f"<!DOCTYPE html>\n<html lang=\"{lang}\">\n<head>\n<meta charset=\"utf-8\">\n"
        f"<title>{escape(title)}</title>\n<style>{CSS}</style>\n</head>\n<body>\n"
        f"<h1>{escape(title)}</h1>\n{body}\n</body>\n</html>\n"
    )


def bar_chart_svg(items: Sequence[tuple[str, float, str]], title: str, width: int = 940) -> str:
    """A horizontal bar chart as inline SVG: each bar a (label, share of games, value label).
    Bars are drawn to scale against the whole (every game), so a problem met in every game
    fills the row; the value is said in words beside the bar."""
    if not items:
        return ""
    bar_h, gap, label_w, top, value_w = 16, 6, 470, 30, 175
    height = top + len(items) * (bar_h + gap) + 8
    span = width - label_w - value_w
    parts = [
        f'<svg class="chart" xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" role="img" aria-label="{escape(title)}">',
        f'<text x="0" y="17" font-family="system-ui,sans-serif" font-size="14" font-weight="bold" '
        f'fill="#1f3b57">{escape(title)}</text>',
    ]
    for i, (label, share, value) in enumerate(items):
        y = top + i * (bar_h + gap)
        w = round(span * max(0.0, min(share, 1.0)), 1)
        short = label if len(label) <= 66 else label[:65].rstrip() + "…"
        parts.append(
            f'<text x="{label_w - 8}" y="{y + 13}" font-family="system-ui,sans-serif" font-size="12" '
            f'text-anchor="end" fill="#1d2330">{escape(short)}</text>'
        )
        parts.append(f'<rect x="{label_w}" y="{y}" width="{span}" height="{bar_h}" rx="3" fill="#e8edf2"/>')
        parts.append(f'<rect x="{label_w}" y="{y}" width="{w}" height="{bar_h}" rx="3" fill="#2f77a8"/>')
        parts.append(
            f'<text x="{label_w + span + 8}" y="{y + 13}" font-family="system-ui,sans-serif" font-size="12" '
            f'fill="#37475a">{escape(value)}</text>'
        )
    parts.append("</svg>")
    return "\n".join(parts)


def _house(rulesets: Mapping[str, Ruleset], what: str) -> str:
    note = rulings_note((rs.name for rs in rulesets.values()), what)
    return f"<p>{escape(note)}</p>" if note else ""


def _short(situations: Iterable[Situation | None]) -> str:
    """The note that the examples come from short games, if any does."""
    if any(s is not None and s.shortened for s in situations):
        return f"<p>{escape(LABELS['en']['shortened'])}</p>"
    return ""


def errata_html(errata: Sequence[Erratum], rulesets: Mapping[str, Ruleset]) -> str:
    """The errata as one self-contained page (those seen with reduced decks only listed apart,
    unpublished: :func:`rulecheck.docs.errata.held_back`)."""
    errata, held = published(errata), held_back(errata)
    body = [
        "<!-- Generated by rulecheck errata from reports/audit.json and models/; do not edit by hand. -->",
        "<p>Corrections and additions to the rulebooks, most important first: what stops a game or lets it go "
        "on forever, then what can change who wins, then what changes the cards a player has, then wording. "
        "Within each, the problems met most often in play come first.</p>",
        _house(rulesets, "these errata"),
        _short(e.situation for e in errata),
    ]
    body.append(LEGEND)
    groups: dict[str, list[tuple[int, Erratum]]] = {}
    for n, e in enumerate(errata, 1):
        groups.setdefault(book_title(e.game, e.lang) if e.ruled else "Not yet ruled", []).append((n, e))
    for group, items in groups.items():
        body.append(f"<h2>{escape(group)}</h2>")
        lang = items[0][1].lang
        if lang != "en" and items[0][1].ruled:
            body.append(f'<p lang="{lang}">{escape(LABELS[lang]["shortened"])}</p>')
        body += [_erratum_html(n, e) for n, e in items]
        if items[0][1].ruled:
            body.append(_corrected_html(items, lang))
    chart = [(f"{n}. {e.where[0].section if e.where else ''}: {e.problem}", e.frequency,
              frequency_words(e.hits, e.games, "en") or "")
             for n, e in enumerate(errata, 1) if e.ruled and e.games]
    chart.sort(key=lambda item: -item[1])
    if chart:
        body.append("<h2>How often each problem comes up in play</h2>")
        body.append(bar_chart_svg(chart, "Share of test games in which the problem comes up"))
    if held:
        body.append(f"<h2>{escape(HELD_BACK_TITLE)}</h2>")
        body.append(f"<p>{escape(HELD_BACK_NOTE)}</p>")
        body.append("<ul>" + "".join(f"<li>{escape(held_line(e))}</li>" for e in held) + "</ul>")
    return page("Errata", "\n".join(b for b in body if b))


def _corrected_html(items: Sequence[tuple[int, Erratum]], lang: str) -> str:
    """The sentences several errata change, as they read with all of them applied."""
    corrected = corrected_text(items)
    if not corrected:
        return ""
    words = LABELS[lang]
    parts = [f'<div lang="{lang}"><h3>{escape(words["corrected"])}</h3><p>{escape(words["corrected_note"])}</p>']
    for c in corrected:
        where = f" {words['end_of_section']}" if c.end_of_section else ""
        numbers = ", ".join(f'<a href="#erratum-{n}">{n}</a>' for n in c.errata)
        text = f"“{' '.join(c.text)}”" if c.text else words["deleted"]
        parts.append(f'<blockquote><em>{escape(c.quote.section)}</em>{escape(where)}: {escape(text)} '
                     f'<small class="ref">{escape(c.quote.ref)}</small> <small>· {numbers}</small></blockquote>')
    parts.append("</div>")
    return "\n".join(parts)


def _erratum_html(n: int, e: Erratum) -> str:
    words = LABELS[e.lang]
    title = e.where[0].section if e.where else ""
    parts = [f'<div class="entry" id="erratum-{n}" lang="{e.lang}"><h3>{n}. {escape(title)}</h3>',
             f"<p><strong>{escape(words['problem'])}</strong> {escape(e.problem)}</p>"]
    if e.where:
        parts.append(f"<p><strong>{escape(words['where'])}</strong></p>")
        parts += [quote_html(q) for q in e.where]
    if e.change is None:
        parts.append(f'<div class="open"><em>{escape(words["not_ruled"])}</em>')
        if e.readings:
            parts.append(f"<p>{escape(words['readings'])}</p><ul>"
                         + "".join(f"<li>{escape(r)}</li>" for r in e.readings) + "</ul>")
        options = [o for o in e.options if o]
        if options:
            parts.append("<ul>" + "".join(f"<li>{escape(o)}</li>" for o in options) + "</ul>")
        parts.append("</div>")
    elif e.change.how == "delete":
        parts.append(f'<div class="new"><strong>{escape(change_label(e))}</strong></div>')
    else:
        lines = "".join(f"<p>{escape(t)}</p>" for t in e.change.text)
        parts.append(f'<div class="new"><strong>{escape(change_label(e))}</strong>{lines}</div>')
    told = e.told()
    if told is not None and (told.scene is not None or told.event):
        parts.append(f"<p><strong>{escape(words['example'])}</strong></p>")
        parts.append(example_html(told, e.situation, e.lang, with_rule=e.change is not None))
    parts.append(affects_html(e.consequence, e.hits, e.games, e.lang, small_deck=e.small_deck))
    parts.append("</div>")
    return "\n".join(parts)


def faq_html(entries: Sequence[FaqEntry], rulesets: Mapping[str, Ruleset]) -> str:
    """The FAQ as one self-contained page."""
    body = [
        "<!-- Generated by rulecheck faq from reports/audit.json and models/; do not edit by hand. -->",
        "<p>Questions players ask about the rules, each answered in a sentence or two and shown in a game: the "
        "cards drawn are the cards of a real game that reaches the question.</p>",
        _house(rulesets, "these answers"),
        _short(e.situation for e in entries),
    ]
    body.append(LEGEND)
    game = section = None
    for n, e in enumerate(entries, 1):
        if e.game != game:
            game, section = e.game, None
            body.append(f"<h2>{escape(GAME_NAMES.get(e.game, e.game))}</h2>")
        if e.section != section:
            section = e.section
            body.append(f"<h3>{escape(section)}</h3>")
        body.append(_entry_html(n, e))
    chart = [(f"Q{n}. {e.question}", e.frequency, frequency_words(e.hits, e.games, "en"))
             for n, e in enumerate(entries, 1) if e.games]
    chart.sort(key=lambda item: -item[1])
    if chart:
        body.append("<h2>How often each question comes up in play</h2>")
        body.append(bar_chart_svg(chart, "Share of test games in which the question comes up"))
    return page("Frequently asked questions", "\n".join(b for b in body if b))


def _entry_html(n: int, e: FaqEntry) -> str:
    parts = [f'<div class="entry" id="q{n}"><h4>Q{n}. {escape(e.question)}</h4>']
    box = "open" if e.status == "open" else "new"
    parts.append(f'<div class="{box}"><p>{escape(e.answer)}</p>')
    if e.status == "open":
        parts.append("<ul>" + "".join(f"<li>{escape(_wording(e.point, o.id))}</li>" for o in e.point.options) + "</ul>")
    parts.append("</div>")
    if e.answered_by:
        parts.append("<p>The rulebook already says so:</p>")
        parts += [quote_html(q) for q in e.answered_by]
    told = e.told()
    if told is not None and (told.scene is not None or told.event):
        parts.append("<p><strong>For example:</strong></p>")
        parts.append(example_html(told, e.situation, "en"))
    small = " · ".join(p for p in (f"Rulebook: {e.section}" if e.section else "",
                                   frequency_sentence(e.hits, e.games, "en"),
                                   LABELS["en"]["small_deck"] if e.small_deck else "") if p)
    if small:
        parts.append(f'<p class="small">{escape(small)}</p>')
    parts.append("</div>")
    return "\n".join(parts)
