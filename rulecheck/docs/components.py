"""The rulebooks' component lists checked against themselves: card names and card counts.

A rulebook names and counts its cards in several places: a section heading with a count
(``Filler Cards (8 x 4)``: 4 cards, 8 of each; ``Chonks (6)``), the table of contents with the
same headings (``• Points (8 x 2)``), a list of names with counts (``Stick (8), leaf (8), ...``),
a list of the cards with their texts, led by a number (``The six Chonk cards are: Raccoon
("..."), Duck ("..."), ...``), a total with its parts (``16 total, 8 sweet, 8 salty``), and the
card texts one by one (``• Stick: "..."``). Everything is parsed from the clause index
(``models/clauses/<book>.json``, kind ``component`` and headings), section by section, and the
places that name or count the same cards are compared. Nothing here knows a game or a card:

* names: in one section, the names of a list with counts against the names of the section's
  card texts (bullets ``• Name: "..."`` and lists of cards with their texts), case-insensitive and
  tolerant of a plural ``s``. A listed name with no card text and a card text with no listed name
  are each a difference; where exactly one of each is left over, they are one card named two ways
  (cp.fillers.1 says "stone", cp.fillers.6 calls the card "Rock").
* counts: a heading's count against the lists of its section (``(n)``: the sum of the counts, or
  the number of names; ``(a x b)``: b names, a of each); a list's own number (``The four Spoiled
  cards are``, ``16 total``) against its names or parts; a table-of-contents entry against the
  heading of the same name.

Each difference becomes a :class:`~rulecheck.findings.Finding` of kind ``component`` that quotes
both clauses and cites both clause IDs. Where the difference says which text to correct, the
finding carries the corrected sentence: a card's name in a list becomes the name printed on the
card (what players see), in the list's own capitalisation; a summary count (a heading, a
table-of-contents entry, a list's number or total) becomes what the itemised list counts.

Examples
--------
>>> diffs = component_differences(load_index("chonker-party-en"))
>>> [(d.listed, d.found, d.corrected_text) for d in diffs]
[('stone', 'Rock', 'Stick (8), leaf (8), brick (8), rock (8).')]
>>> component_differences(load_index("chomp-en")) + component_differences(load_index("chomp-es"))
[]
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace

from rulecheck.core.clauses import GAME_BOOKS, Clause, load_index
from rulecheck.core.errors import UnknownGameError
from rulecheck.findings import Finding, finding_id

__all__ = [
    "ComponentDifference",
    "component_differences",
    "component_findings",
]

NUMBER_WORDS: Mapping[str, int] = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
    "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16,
    "seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20,
}
"""English number words a list may lead with ("The six Chonk cards are", cp.chonks.3)."""

_WORD_OF: Mapping[int, str] = {n: w for w, n in NUMBER_WORDS.items()}

_MARKER = re.compile(r"^(?:[-•]|\d+\.)\s+")
_COUNTED = re.compile(r"^(?P<name>.*?\S)\s*\((?P<n>\d+)(?:\s*[x×]\s*(?P<times>\d+))?\)$")
"""``Name (n)`` or ``Name (a x b)``: a heading or table-of-contents entry with a count."""
_ITEM = re.compile(r"^(?:(?:and|or)\s+)?(?P<name>[^\W\d][\w'’ -]*?)\s*\((?P<inner>[^()]*)\)$")
"""One entry of a list: ``stone (8)`` or ``Raccoon ("Came for the snacks ...")``."""
_PART = re.compile(r"^(?:(?:and|or)\s+)?(?P<n>\d+)\s+(?P<name>[^\W\d][\w'’ -]*)$")
"""One part of a total: ``8 sweet``."""
_TOTAL = re.compile(r"^(?P<n>\d+)\s+total$", re.IGNORECASE)
_CARD_TEXT = re.compile(r"^(?P<name>[^\W\d][\w'’ -]*?)\s*:\s*[\"“]")
"""A card's text: ``• Rock: "It just sits there, being a rock."`` (after the marker)."""
_NUMBER = re.compile(r"\b(?:\d+|" + "|".join(NUMBER_WORDS) + r")\b", re.IGNORECASE)


# --------------------------------------------------------------------------- what the text says


@dataclass(frozen=True)
class Item:
    """One card of a list: its name as printed, its count (``None`` where the list gives its text
    instead), and where the name is in the clause's text (words joined by single spaces)."""

    name: str
    count: int | None
    start: int
    end: int


@dataclass(frozen=True)
class Listing:
    """A clause that lists cards: ``Stick (8), leaf (8), ...`` (counts), ``The six Chonk cards
    are: Raccoon ("..."), ...`` (texts) or ``16 total, 8 sweet, 8 salty`` (a total and its parts).
    ``stated`` is the list's own number (``six``, ``16 total``) and where it is."""

    clause: Clause
    text: str
    items: tuple[Item, ...]
    stated: int | None = None
    stated_words: str = ""
    stated_at: tuple[int, int] = (0, 0)
    total: bool = False

    @property
    def counted(self) -> bool:
        """The list gives a count for every name (else it gives the cards' texts)."""
        return all(i.count is not None for i in self.items)

    def size(self) -> int:
        """How many cards the list counts: the sum of its counts, else the number of its names."""
        return sum(i.count or 0 for i in self.items) if self.counted else len(self.items)


@dataclass(frozen=True)
class Heading:
    """A heading or table-of-contents entry with a count: ``Chonks (6)``, ``Filler Cards (8 x 4)``
    (4 cards, 8 of each)."""

    clause: Clause
    text: str
    name: str
    n: int
    times: int | None
    count_at: tuple[int, int]

    @property
    def count_words(self) -> str:
        return self.text[self.count_at[0]:self.count_at[1]]


@dataclass(frozen=True)
class CardText:
    """A card's text, one to a clause: ``• Stick: "There's nothing interesting here. Just a stick."``."""

    clause: Clause
    text: str
    name: str


@dataclass(frozen=True)
class ComponentDifference:
    """One place where the rulebook names or counts its cards two ways.

    ``check`` is ``name`` (a card named two ways: ``listed`` in the list, ``found`` on its card
    text), ``unlisted``/``no-text`` (a card text the list does not name / a listed name with no card
    text) or ``count`` (``listed`` the count a summary states, ``found`` what the list counts).
    ``clauses`` are the clause IDs involved (the list's, or the summary's, first) and ``texts`` their
    texts, in the same order. ``corrected_text`` is the first clause as it should read, where the
    difference says which text is wrong; ``problem`` says what is wrong in a reader's words.
    """

    key: str
    check: str
    title: str
    detail: str
    problem: str
    clauses: tuple[str, ...]
    texts: tuple[str, ...]
    listed: str
    found: str
    corrected_text: str | None = None


def _words(text: str) -> str:
    return " ".join(text.split())


def _number(word: str) -> int | None:
    return int(word) if word.isdigit() else NUMBER_WORDS.get(word.lower())


def _key(name: str) -> str:
    """A name compared case-insensitively, a plural ``s`` dropped (``Chonks`` is ``chonk``)."""
    words = _words(name).lower().replace("’", "'")
    return words[:-1] if len(words) > 3 and words.endswith("s") and not words.endswith("ss") else words


def _split(text: str, start: int = 0) -> list[tuple[int, str]]:
    """``text`` split at its commas outside brackets and quotes: (offset of each part, the part)."""
    out: list[tuple[int, str]] = []
    depth, quoted, begin = 0, False, 0
    for n, ch in enumerate(text):
        if ch == '"':
            quoted = not quoted
        elif ch == "“":
            quoted = True
        elif ch == "”":
            quoted = False
        elif ch == "(" and not quoted:
            depth += 1
        elif ch == ")" and not quoted:
            depth -= 1
        elif ch == "," and depth == 0 and not quoted:
            out.append((begin, text[begin:n]))
            begin = n + 1
    out.append((begin, text[begin:]))
    stripped = []
    for at, part in out:
        lead = len(part) - len(part.lstrip())
        stripped.append((start + at + lead, part.strip()))
    return stripped


def _lead_colon(text: str) -> int:
    """The offset of the colon that ends a list's lead (``The six Chonk cards are:``), or -1."""
    depth = 0
    for n, ch in enumerate(text):
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        elif ch in "\"“":
            return -1
        elif ch == ":" and depth == 0:
            return n
    return -1


def _item(at: int, part: str) -> Item | None:
    m = _ITEM.match(part)
    if m is None:
        return None
    inner = m.group("inner").strip()
    if inner.isdigit():
        count: int | None = int(inner)
    elif inner[:1] in "\"“":
        count = None
    else:
        return None
    return Item(m.group("name"), count, at + m.start("name"), at + m.end("name"))


def _listing(clause: Clause) -> Listing | None:
    """``clause`` read as a list of cards (two or more), else None."""
    text = _words(clause.text)
    body = _MARKER.sub("", text)
    offset = len(text) - len(body)
    body = body[:-1] if body.endswith(".") else body
    colon = _lead_colon(body)
    lead, rest, rest_at = ("", body, offset) if colon < 0 else (body[:colon], body[colon + 1:], offset + colon + 1)
    parts = _split(rest, rest_at)
    total = _TOTAL.match(parts[0][1]) if not lead else None
    if total is not None:
        items = []
        for at, part in parts[1:]:
            m = _PART.match(part)
            if m is None:
                break
            items.append(Item(m.group("name"), int(m.group("n")), at + m.start("name"), at + m.end("name")))
        if not items:
            return None
        at = parts[0][0]
        return Listing(clause, text, tuple(items), int(total.group("n")), parts[0][1], (at, at + len(parts[0][1])),
                       total=True)
    found = [_item(at, part) for at, part in parts]
    items = [i for i in found if i is not None]
    if len(items) < 2 or len(items) != len(found) or len({i.count is None for i in items}) != 1:
        return None
    number = _NUMBER.search(lead)
    if number is None:
        return Listing(clause, text, tuple(items))
    at = offset + number.start()
    words = number.group(0)
    return Listing(clause, text, tuple(items), _number(words), words, (at, at + len(words)))


def _heading(clause: Clause) -> Heading | None:
    text = _words(clause.text)
    body = _MARKER.sub("", text)
    m = _COUNTED.match(body)
    if m is None:
        return None
    offset = len(text) - len(body)
    times = int(m.group("times")) if m.group("times") else None
    return Heading(clause, text, m.group("name"), int(m.group("n")), times,
                   (offset + m.start("n"), offset + m.end("times" if times is not None else "n")))


def _card_text(clause: Clause) -> CardText | None:
    text = _words(clause.text)
    m = _CARD_TEXT.match(_MARKER.sub("", text)) if _MARKER.match(text) else None
    return CardText(clause, text, m.group("name")) if m else None


@dataclass(frozen=True)
class _Section:
    """What one section of a book says about its cards."""

    id: str
    heading: Heading | None
    heading_name: str
    listings: tuple[Listing, ...]
    card_texts: tuple[CardText, ...]


def _sections(clauses: Sequence[Clause]) -> Iterator[tuple[str, list[_Section], list[Heading]]]:
    """Per book: its sections, and the entries with counts that are not a section's own heading
    (the table of contents: ``• Points (8 x 2)``)."""
    books: dict[str, dict[str, list[Clause]]] = {}
    for c in clauses:
        books.setdefault(c.book, {}).setdefault(c.section, []).append(c)
    for book, by_section in books.items():
        sections, entries = [], []
        for section, members in by_section.items():
            head = next((c for c in members if c.kind == "heading"), None)
            heading = _heading(head) if head is not None else None
            name = heading.name if heading is not None else _MARKER.sub("", _words(head.text)) if head else ""
            listings, texts = [], []
            for c in members:
                if c is head or c.kind not in ("component", "heading"):
                    continue
                counted = _heading(c) if _MARKER.match(c.text) else None
                if counted is not None:
                    entries.append(counted)
                    continue
                if c.kind != "component":
                    continue
                card = _card_text(c)
                if card is not None:
                    texts.append(card)
                    continue
                listing = _listing(c)
                if listing is not None:
                    listings.append(listing)
            sections.append(_Section(section, heading, name, tuple(listings), tuple(texts)))
        yield book, sections, entries


# --------------------------------------------------------------------------- comparison


def component_differences(clauses: Iterable[Clause]) -> list[ComponentDifference]:
    """Every place where ``clauses`` (one or more books' clause indexes, or a changed copy) name or
    count their cards two ways, in text order of the sections (names, then counts, per section;
    then the table of contents)."""
    out: list[ComponentDifference] = []
    for _book, sections, entries in _sections(tuple(clauses)):
        # a heading its own list contradicts: what it should say (None: the list does not say)
        fixed: dict[str, Heading | None] = {}
        for s in sections:
            out.extend(_names(s))
            counts = _counts(s)
            out.extend(counts)
            for d in counts:
                if s.heading is not None and d.clauses[0] == s.heading.clause.id:
                    new = _heading(replace(s.heading.clause, text=d.corrected_text)) if d.corrected_text else None
                    fixed[d.clauses[0]] = new if fixed.get(d.clauses[0], new) == new else None
        headings = {_key(s.heading.name): s.heading for s in sections if s.heading is not None}
        for entry in entries:
            heading = headings.get(_key(entry.name))
            if heading is not None and heading.clause.section != entry.clause.section:
                out.extend(_contents_entry(entry, heading, fixed))
    return out


def _label(s: _Section) -> str:
    """The section's cards in the book's words: ``filler`` (Filler Cards), ``chonk`` (Chonks)."""
    words = _words(s.heading_name).lower().split()
    if words and words[-1] in ("cards", "card"):
        words = words[:-1]
    if words and len(words[-1]) > 3 and words[-1].endswith("s") and not words[-1].endswith("ss"):
        words[-1] = words[-1][:-1]
    return " ".join(words) or "component"


def _as_written(name: str, like: str) -> str:
    """``name`` in the capitalisation of ``like`` (``Rock`` written like ``stone`` is ``rock``)."""
    if like == like.lower():
        return name.lower()
    if like == like.upper() and len(like) > 1:
        return name.upper()
    if like[:1].isupper():
        return name[:1].upper() + name[1:]
    return name


def _replace(text: str, at: tuple[int, int], new: str) -> str:
    return text[:at[0]] + new + text[at[1]:]


def _names(s: _Section) -> list[ComponentDifference]:
    """A list with counts against the section's card texts (bullets, and lists of cards with their
    texts)."""
    counted = [li for li in s.listings if li.counted and not li.total]
    named = [(i.name, li.clause, li.text) for li in s.listings if not li.counted for i in li.items]
    cards = [(t.name, t.clause, t.text) for t in s.card_texts] + named
    if not counted or not cards:
        return []
    label = _label(s)
    out: list[ComponentDifference] = []
    for listing in counted:
        listed = {_key(i.name) for i in listing.items}
        on_cards = {_key(name) for name, _, _ in cards}
        missing = [i for i in listing.items if _key(i.name) not in on_cards]
        extra = [c for c in cards if _key(c[0]) not in listed]
        if len(missing) == 1 and len(extra) == 1:
            item, (name, clause, text) = missing[0], extra[0]
            lc = listing.clause
            out.append(ComponentDifference(
                key=f"name.{lc.id}.{_key(item.name)}",
                check="name",
                title=(f'The {label} list calls a card "{item.name}"; its card text calls it "{name}" '
                       f"({lc.id}, {clause.id})"),
                detail=(f'{lc.id} lists "{listing.text}"; {clause.id} gives the card text "{text}". The list '
                        f'calls the card "{item.name}", its card text "{name}": the same card is named two ways.'),
                problem=(f"The list of {label} cards calls this card “{item.name}”, but the card itself is called "
                         f"“{name}”."),
                clauses=(lc.id, clause.id),
                texts=(listing.text, text),
                listed=item.name,
                found=name,
                corrected_text=_replace(listing.text, (item.start, item.end), _as_written(name, item.name)),
            ))
            continue
        for item in missing:
            lc = listing.clause
            out.append(ComponentDifference(
                key=f"name.{lc.id}.{_key(item.name)}",
                check="no-text",
                title=f'The {label} list names a card "{item.name}" that no card text of its section names ({lc.id})',
                detail=(f'{lc.id} lists "{listing.text}"; no card text of the section is called "{item.name}" '
                        f"(the card texts: {', '.join(n for n, _, _ in cards)})."),
                problem=f"The list of {label} cards names a card “{item.name}”, but no card below it has that name.",
                clauses=(lc.id,),
                texts=(listing.text,),
                listed=item.name,
                found="",
            ))
        for name, clause, text in extra:
            lc = listing.clause
            out.append(ComponentDifference(
                key=f"name.{clause.id}.{_key(name)}",
                check="unlisted",
                title=(f'The {label} list does not name the card "{name}" whose card text follows it '
                       f"({lc.id}, {clause.id})"),
                detail=(f'{lc.id} lists "{listing.text}"; {clause.id} gives the card text "{text}", for a card '
                        f'"{name}" the list does not name.'),
                problem=(f"The card “{name}” is described among the {label} cards, but the list of {label} cards "
                         "does not name it."),
                clauses=(lc.id, clause.id),
                texts=(listing.text, text),
                listed="",
                found=name,
            ))
    return out


def _fewer_or_more(stated: int, counted: int) -> str:
    return "fewer" if stated < counted else "more"


def _counts(s: _Section) -> list[ComponentDifference]:
    """The heading's count against each list of the section; each list's own number against it."""
    out: list[ComponentDifference] = []
    h = s.heading
    for listing in s.listings:
        lc = listing.clause
        if listing.stated is not None and listing.stated != listing.size():
            counted = listing.size()
            what = "adds up to" if listing.counted else "names"
            new = str(counted) if listing.stated_words.strip()[:1].isdigit() else _as_written(
                _WORD_OF.get(counted, str(counted)), listing.stated_words)
            if listing.total:
                new = listing.stated_words.replace(str(listing.stated), str(counted), 1)
            out.append(ComponentDifference(
                key=f"count.{lc.id}.stated",
                check="count",
                title=(f'The list says "{listing.stated_words}" ({listing.stated}) but {what} {counted} '
                       f"({lc.id})"),
                detail=(f'{lc.id} says "{listing.text}": "{listing.stated_words}" is {listing.stated}, but the list '
                        f"{what} {counted}."),
                problem=(f"This list says “{listing.stated_words}”, but "
                         + ("its counts add up to " if listing.counted else "it names ")
                         + f"{_fewer_or_more(counted, listing.stated)} cards than that."),
                clauses=(lc.id,),
                texts=(listing.text,),
                listed=str(listing.stated),
                found=str(counted),
                corrected_text=_replace(listing.text, listing.stated_at, new),
            ))
        if h is None:
            continue
        hid = h.clause.id
        if h.times is None:
            if h.n != listing.size():
                counted = listing.size()
                out.append(ComponentDifference(
                    key=f"count.{lc.id}.heading",
                    check="count",
                    title=(f'The heading "{h.text}" counts {h.n} cards; its list '
                           f"{'counts' if listing.counted else 'names'} {counted} ({hid}, {lc.id})"),
                    detail=f'{hid} is headed "{h.text}"; {lc.id} says "{listing.text}", which counts {counted} cards.',
                    problem=(f"The heading “{h.text}” counts {_fewer_or_more(h.n, counted)} cards than the list below "
                             "it."),
                    clauses=(hid, lc.id),
                    texts=(h.text, listing.text),
                    listed=str(h.n),
                    found=str(counted),
                    corrected_text=_replace(h.text, h.count_at, str(counted)),
                ))
            continue
        kinds = len(listing.items)
        if kinds != h.times:
            each = {i.count for i in listing.items}
            fixable = not listing.counted or each == {h.n}
            out.append(ComponentDifference(
                key=f"count.{lc.id}.heading",
                check="count",
                title=(f'The heading "{h.text}" counts {h.times} different cards; its list names {kinds} '
                       f"({hid}, {lc.id})"),
                detail=(f'{hid} is headed "{h.text}" ({h.times} different cards, {h.n} of each); {lc.id} says '
                        f'"{listing.text}", which names {kinds}.'),
                problem=(f"The heading “{h.text}” counts {_fewer_or_more(h.times, kinds)} different cards than "
                         "the list below it names."),
                clauses=(hid, lc.id),
                texts=(h.text, listing.text),
                listed=str(h.times),
                found=str(kinds),
                corrected_text=_replace(h.text, h.count_at, f"{h.n} x {kinds}") if fixable else None,
            ))
        for item in listing.items:
            if item.count is None or item.count == h.n:
                continue
            out.append(ComponentDifference(
                key=f"count.{lc.id}.{_key(item.name)}",
                check="count",
                title=(f'The heading "{h.text}" counts {h.n} of each card; its list counts {item.count} of '
                       f'"{item.name}" ({hid}, {lc.id})'),
                detail=(f'{hid} is headed "{h.text}" ({h.n} of each card); {lc.id} says "{listing.text}", which '
                        f'counts {item.count} of "{item.name}".'),
                problem=(f"The heading “{h.text}” and the list below it do not give the same number of "
                         f"“{item.name}” cards."),
                clauses=(hid, lc.id),
                texts=(h.text, listing.text),
                listed=str(h.n),
                found=str(item.count),
            ))
    return out


def _contents_entry(entry: Heading, heading: Heading, fixed: Mapping[str, Heading | None]) -> list[ComponentDifference]:
    """A table-of-contents entry against the heading of its section. Where the heading's own list
    contradicts the heading, the entry is compared with the heading as corrected (no difference
    if it already says that: the heading's difference is the one to correct), and is not corrected
    where the list does not say what the heading should be."""
    eid, hid = entry.clause.id, heading.clause.id
    wrong, right = hid in fixed, fixed.get(hid)
    against = right or heading
    if (entry.n, entry.times) == (against.n, against.times):
        return []
    corrected = None if wrong and right is None else _replace(entry.text, entry.count_at, against.count_words)
    return [ComponentDifference(
        key=f"count.{eid}",
        check="count",
        title=f'The table of contents says "{entry.count_words}" for "{entry.name}"; its heading says '
              f'"{heading.count_words}" ({eid}, {hid})',
        detail=f'{eid} lists "{entry.text}"; {hid} is headed "{heading.text}".' + (
            f' The heading\'s own list contradicts it too: it should read "{right.text}".' if right else
            " The heading's own list contradicts it too, and does not say what it should read." if wrong else ""),
        problem=f"The table of contents lists “{_MARKER.sub('', entry.text)}”, but the section itself is headed "
                f"“{heading.text}”.",
        clauses=(eid, hid),
        texts=(entry.text, heading.text),
        listed=entry.count_words,
        found=heading.count_words,
        corrected_text=corrected,
    )]


# --------------------------------------------------------------------------- findings


def component_findings(game: str) -> list[Finding]:
    """The component differences of every book of ``game`` as findings of kind ``component``
    (a game whose books have no such lists has none)."""
    books = GAME_BOOKS.get(game)
    if books is None:
        raise UnknownGameError(f"unknown game {game!r}")
    clauses = [c for book in books for c in load_index(book)]
    return [
        Finding(
            id=finding_id(game, "component", d.key),
            game=game,
            kind="component",
            severity="low",
            title=d.title,
            detail=d.detail,
            clauses=d.clauses,
            verified=True,
            source="components",
            data={
                "check": d.check,
                "listed": d.listed,
                "found": d.found,
                "texts": dict(zip(d.clauses, d.texts, strict=True)),
                "corrected_clause": d.clauses[0] if d.corrected_text is not None else None,
                "corrected_text": d.corrected_text,
                "problem": d.problem,
            },
        )
        for d in component_differences(clauses)
    ]
