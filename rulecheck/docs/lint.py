"""What makes a published entry unfit to print: the tool's vocabulary (IDs, option names,
rulesets, state counts, witnesses' steps), unfinished sentences, and numbers its game does not
have. The tests run these on every erratum and FAQ entry; ``rulecheck`` never prints an entry
these find fault with only because a test would catch it.

The reader's text of an entry is its prose: not the rulebook's sentences and the new text it
quotes (lines starting with ``>``), not the small print (``<sub>``: the clause references and
how often a problem comes up), not the entry's number.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from rulecheck.docs.text import numbers_in

__all__ = ["prose", "tool_words", "unbacked_numbers", "unfinished"]

_TOOL_PATTERNS = (
    (r"\b(?:en|es|cp)\.[a-z0-9]+(?:-[a-z0-9]+)*\.\d+\b", "a clause ID"),
    (r"\b(?:chomp|chonker-party|cp)\.[a-z][a-z0-9_-]*[a-z0-9]\b", "a ruling point or finding ID"),
    (r"\b[a-z]+(?:_[a-z0-9]+)+\b", "an internal name (snake_case)"),
    (r"\b(?:littlefish|bigfish|war-chonk|draw_deck|discard_deck|win_piles)\b", "an internal card or place name"),
    (r"(?i)\bruleset", "the word 'ruleset'"),
    (r"(?i)\bruling points?\b", "the words 'ruling point'"),
    (r"(?i)\bwitness", "the word 'witness'"),
    (r"(?i)\breachable\b|\bstates?\(s\)|\bdistinct states?\b|\bstate counts?\b", "state counts"),
    (r"(?i)\bconfigurations?\b", "the word 'configuration'"),
    (r"(?i)\b(?:playouts?|seeded|explorer|the engine|the model)\b", "the tool's machinery"),
    (r"(?i)\b(?:recommended ruling|house ruling|raw)\b", "the tool's ruling vocabulary"),
    (r"(?i)\bstep \d+\b|\bsteps? to the loop\b", "a witness's steps"),
    (r"\b(?:Gap|Conflict|Ambiguity|Invariant):", "a finding title"),
    (r"\w=\w", "a deck or option spec (x=y)"),
)


def tool_words(text: str, option_ids: Iterable[str] = ()) -> list[str]:
    """What in ``text`` is the tool's vocabulary, not the players': IDs, option names, internal
    names, rulesets, state counts, witnesses' steps (empty when the text is fit to publish)."""
    out = [f"{why}: {m.group(0)!r}" for pattern, why in _TOOL_PATTERNS for m in re.finditer(pattern, text)]
    for oid in option_ids:
        if ("_" in oid or "-" in oid) and re.search(rf"(?<![\w-]){re.escape(oid)}(?![\w-])", text):
            out.append(f"an option name: {oid!r}")
    return out


_COMMENT = re.compile(r"<!--.*?-->", re.S)
_SUB = re.compile(r"<sub>.*?</sub>", re.S)
_TAG = re.compile(r"<[^>]+>")
_HEADING_NUMBER = re.compile(r"^(#+)\s+(?:Q)?\d+\.\s*")


def prose(markdown: str) -> list[str]:
    """The paragraphs a reader reads as the entry's own words (see the module docstring), with
    Markdown marks removed."""
    text = _SUB.sub("", _COMMENT.sub("", markdown))
    paragraphs: list[str] = []
    for block in re.split(r"\n\s*\n", text):
        lines = [ln for ln in block.splitlines() if ln.strip() and not ln.lstrip().startswith(">")]
        if not lines or lines[0].startswith("|"):
            continue
        cleaned = []
        for ln in lines:
            ln = _HEADING_NUMBER.sub(r"\1 ", ln)
            ln = _TAG.sub("", ln).replace("**", "").replace("*", "")
            cleaned.append(ln.strip().lstrip("#-").strip())
        paragraphs.append(" ".join(c for c in cleaned if c))
    return [p for p in paragraphs if p]


_GLUED = re.compile(r"\b(?:if you|the|a|an|and|or|of|to|with|by|from|than|your|their|his|her)\.(?:\s|$)", re.I)


def unfinished(markdown: str) -> list[str]:
    """Paragraphs of prose that stop mid-sentence: a sentence glued onto a fragment ("... if you.
    No: ..."), or a paragraph that does not end like a sentence (headings and list lines of
    cards excepted)."""
    out = []
    for block in re.split(r"\n\s*\n", _SUB.sub("", _COMMENT.sub("", markdown))):
        block = block.strip()
        if not block or block.startswith(("#", "|", "<a ", ">", "- **")):
            continue
        text = " ".join(block.split())
        plain = _TAG.sub("", text).replace("**", "").replace("*", "").strip()
        if _GLUED.search(plain) or (plain and not plain.endswith((".", "!", "?", ":", "”", "»", ")"))):
            out.append(plain)
    return out


def unbacked_numbers(markdown: str, allowed: Iterable[int], lang: str = "en") -> set[int]:
    """The numbers in the entry's prose that are not ``allowed`` (the numbers its game has, and
    the rulebook's own numbers in the sentences it is about)."""
    allowed = set(allowed)
    found: set[int] = set()
    for paragraph in prose(markdown):
        found |= numbers_in(paragraph, lang)
    return found - allowed
