"""Errata and FAQ as one self-contained HTML page: inline CSS, situations drawn as cards, and an
inline SVG bar chart of how often each question or problem arises. No external assets, no
scripts, no dates: the same input gives the same bytes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape
from typing import Any

from rulecheck.core.rulings import Ruleset
from rulecheck.docs.errata import Erratum, frequency_label
from rulecheck.docs.faq import FaqEntry, no_witness
from rulecheck.docs.situation import Situation, flatten_state, state_lines, state_rows

__all__ = ["bar_chart_svg", "errata_html", "faq_html", "page"]

CSS = """
body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;max-width:980px;margin:2em auto;padding:0 1em;
color:#1d2330;line-height:1.45}
h1{border-bottom:3px solid #2d6cdf;padding-bottom:.2em}h2{margin-top:2em;color:#2d3a55}
.entry{border:1px solid #d5dae3;border-radius:8px;padding:.8em 1.1em;margin:1.2em 0;background:#fbfcfe}
.meta{color:#5a6475;font-size:.9em}.sev{display:inline-block;padding:0 .5em;border-radius:4px;color:#fff;
font-size:.85em;font-weight:600}.sev-critical{background:#8b0000}.sev-high{background:#c0392b}
.sev-medium{background:#d68910}.sev-low{background:#2e86c1}.sev-info{background:#7f8c8d}
blockquote{margin:.5em 0;padding:.3em .8em;border-left:4px solid #aab4c5;background:#f0f3f8}
.cid{font-family:ui-monospace,monospace;font-size:.85em;color:#394b6e}
.proposal{background:#eef8ee;border-left:4px solid #3c9d4a;padding:.4em .8em}
.open{background:#fff5e6;border-left:4px solid #e67e22;padding:.4em .8em}
.situation{border:1px dashed #9aa7bd;border-radius:8px;padding:.6em .9em;margin-top:.6em;background:#fff}
.row{display:flex;align-items:center;flex-wrap:wrap;gap:.3em;margin:.25em 0}
.label{min-width:11em;font-size:.85em;color:#44506a}
.card{display:inline-flex;align-items:center;justify-content:center;min-width:4.2em;height:5.6em;padding:0 .3em;
border:2px solid #34495e;border-radius:7px;background:linear-gradient(#ffffff,#e8eef7);font-size:.78em;
font-weight:600;text-align:center;box-shadow:1px 2px 3px rgba(0,0,0,.15)}
.value{font-family:ui-monospace,monospace;font-size:.85em}
ol.steps{margin:.3em 0;padding-left:2.2em;font-size:.92em}
.chart{margin:1em 0}pre.state{background:#f6f8fb;padding:.4em .6em;border-radius:4px;font-size:.82em;
white-space:pre-wrap}
"""


def page(title: str, body: str) -> str:
    """A whole HTML document around ``body``."""
    return (
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        f"<title>{escape(title)}</title>\n<style>{CSS}</style>\n</head>\n<body>\n"
        f"<h1>{escape(title)}</h1>\n{body}\n</body>\n</html>\n"
    )


def bar_chart_svg(items: Sequence[tuple[str, float]], title: str, width: int = 900) -> str:
    """A horizontal bar chart of (label, value), as inline SVG."""
    if not items:
        return ""
    bar_h, gap, label_w, top = 18, 6, 430, 28
    height = top + len(items) * (bar_h + gap) + 10
    peak = max((v for _, v in items), default=0.0) or 1.0
    span = width - label_w - 90
    parts = [
        f'<svg class="chart" xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" role="img" aria-label="{escape(title)}">',
        f'<text x="0" y="16" font-size="14" font-weight="bold" fill="#2d3a55">{escape(title)}</text>',
    ]
    for i, (label, value) in enumerate(items):
        y = top + i * (bar_h + gap)
        w = round(span * value / peak, 1)
        short = label if len(label) <= 62 else label[:61] + "…"
        parts.append(
            f'<text x="{label_w - 8}" y="{y + 13}" font-size="12" text-anchor="end" fill="#1d2330">'
            f"{escape(short)}</text>"
        )
        parts.append(f'<rect x="{label_w}" y="{y}" width="{w}" height="{bar_h}" rx="3" fill="#2d6cdf"/>')
        parts.append(
            f'<text x="{label_w + w + 6}" y="{y + 13}" font-size="12" fill="#44506a">{_num(value)}</text>'
        )
    parts.append("</svg>")
    return "\n".join(parts)


def _num(value: float) -> str:
    if value == 0:
        return "0"
    if value < 1:
        return f"{value:.1%}"
    return f"{value:g}"


def _cards_html(state: Mapping[str, Any], text: str = "") -> str:
    """The state: its description, then every card list of its JSON drawn as cards."""
    rows = [f'<pre class="state">{escape(chr(10).join(state_lines(text)))}</pre>'] if text else []
    for label, cards, _ in state_rows(flatten_state(state)):
        if cards is not None:
            inner = "".join(f'<span class="card">{escape(c)}</span>' for c in cards)
            rows.append(f'<div class="row"><span class="label">{escape(label)}</span>{inner}</div>')
    return "\n".join(rows)


def situation_html(s: Situation, option_label: str | None = None) -> str:
    """A situation drawn as cards on the table, with the steps that led to it."""
    if s.error is not None:
        return f'<div class="situation"><em>The witness could not be replayed: {escape(s.error)}</em></div>'
    plural = "s" if s.total_steps != 1 else ""
    head = f"Situation ({escape(s.config_label)}; the witness has {s.total_steps} step{plural}"
    if s.problem is not None:
        head += f", step {s.problem_step + 1} raises the question"
    if s.loop_start is not None:
        head += f", repeating forever from step {s.loop_start + 1}"
    parts = [f'<div class="situation"><div class="meta">{head})</div>']
    if s.recent:
        items = "".join(f'<li value="{n}">{escape(who)}: {escape(text)}</li>' for n, who, text in s.recent)
        parts.append(f'<ol class="steps">{items}</ol>')
    parts.append(_cards_html(s.before, s.before_text))
    if s.problem is not None:
        who, text = s.problem
        parts.append(f"<p>Then {escape(who)}: <strong>{escape(text)}</strong>. Result: {escape(s.after_text)}.</p>")
    if s.resolved is not None:
        parts.append(f"<p>With the ruling ({escape(option_label or s.option or '')}), play goes on from:</p>")
        parts.append(_cards_html(s.resolved, s.resolved_text or ""))
    parts.append("</div>")
    return "\n".join(parts)


def _sev(severity: str) -> str:
    return f'<span class="sev sev-{escape(severity)}">{escape(severity)}</span>'


def _quotes(quotes: Sequence[tuple[str, str]]) -> str:
    return "".join(f'<blockquote><span class="cid">{escape(c)}</span>: {escape(t)}</blockquote>' for c, t in quotes)


def errata_html(errata: Sequence[Erratum], rulesets: Mapping[str, Ruleset]) -> str:
    """The errata as one self-contained page."""
    names = ", ".join(f"{escape(g)}: <code>{escape(rs.name)}</code>" for g, rs in sorted(rulesets.items()))
    body = [f"<p class=\"meta\">Generated by <code>rulecheck errata</code>; rulesets {names}. "
            f"{len(errata)} errata, most important first.</p>"]
    chart = [(f"{i}. {e.finding.title}", e.frequency) for i, e in enumerate(errata, 1) if e.frequency > 0]
    body.append(bar_chart_svg(chart, "How often ordinary play meets each problem (seeded playouts)"))
    for n, e in enumerate(errata, 1):
        f = e.finding
        box = "open" if e.status == "open" else "proposal"
        body.append(
            f'<div class="entry" id="erratum-{n}"><h2>{n}. {escape(f.title)}</h2>'
            f'<div class="meta">{_sev(f.severity)} <code>{escape(f.id)}</code> · {escape(f.game)} · '
            f"{escape(e.problem)} · {escape(frequency_label(f))}</div>"
            f"{_quotes(e.quotes)}<p><strong>What is wrong:</strong> {escape(e.wrong)}</p>"
            f'<p class="{box}"><strong>Proposed wording:</strong> {escape(e.proposal)}</p></div>'
        )
    return page("Errata", "\n".join(body))


def faq_html(entries: Sequence[FaqEntry], rulesets: Mapping[str, Ruleset]) -> str:
    """The FAQ as one self-contained page."""
    names = ", ".join(f"{escape(g)}: <code>{escape(rs.name)}</code>" for g, rs in sorted(rulesets.items()))
    body = [f"<p class=\"meta\">Generated by <code>rulecheck faq</code>; rulesets {names}.</p>"]
    chart = [(f"Q{i}. {e.question}", e.frequency) for i, e in enumerate(entries, 1)]
    body.append(bar_chart_svg(chart, "How often each question arises (seeded playouts)"))
    for n, e in enumerate(entries, 1):
        box = "open" if e.status == "open" else "proposal"
        quotes = _quotes([(c, _clause(c)) for c in e.point.clauses])
        if e.situation is not None:
            shown = situation_html(e.situation, f"option {e.option}" if e.option else None)
        else:
            shown = f"<p><em>{escape(no_witness(e))}</em></p>"
        body.append(
            f'<div class="entry" id="q{n}"><h2>Q{n}. {escape(e.question)}</h2>'
            f'<div class="meta">{escape(e.game)} · ruling point <code>{escape(e.id)}</code> ({escape(e.point.kind)})'
            f"</div>{quotes}"
            f'<p class="{box}"><strong>Answer ({escape(e.status)}):</strong> {escape(e.answer)}</p>{shown}</div>'
        )
    return page("Frequently asked questions", "\n".join(body))


def _clause(cid: str) -> str:
    from rulecheck.docs.report import clause_text

    return clause_text(cid)
