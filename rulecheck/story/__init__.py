"""The game told as players tell it: each step in plain words, the end of a game, and a
situation drawn as cards.

One :class:`Story` per game (:func:`story_for`): :mod:`rulecheck.story.chomp` and
:mod:`rulecheck.story.chonker_party`; any other game gets the generic story, which reads the
game's own ``describe_action`` and ``describe_state``. A story only reads states: what a step
did (which cards were turned over, who took which cards) is the difference between the state
before and the state after it, so the engine needs no log of its own and the JSON trace is
unchanged. Nothing here decides a rule: the reasons given ("higher on the food chain") are
read from the same functions the engine uses.

Used by ``rulecheck simulate`` (the player's log, :mod:`rulecheck.story.log`) and by the
errata and the FAQ (the situations drawn with a witness's cards).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rulecheck.core.game import Action, Game, Pending, upcoming_steps

__all__ = [
    "Card",
    "Group",
    "Row",
    "Scene",
    "Story",
    "join",
    "multiset_minus",
    "story_for",
]


_OPENING_WORDS = ("They", "Nobody", "Everyone", "Each", "Nadie", "Todos", "Cada")
"""Words that open a told step with a capital only because they open its sentence."""


def _mid_sentence(text: str) -> str:
    """A told step's first sentence continued after ": " or "; " (its opening word in lower case, a
    player's name left alone)."""
    first = text.split(" ", 1)[0]
    return text[0].lower() + text[1:] if first in _OPENING_WORDS else text


_REASON = re.compile(r" \([^()]*\)$")


def _gist(told: str) -> str:
    """A told step without the reason given at its end in brackets: what happens, not why."""
    return _REASON.sub("", told)


@dataclass(frozen=True)
class Card:
    """A card as printed: its name, the family that colours it, and its corner mark (rank on the
    food chain, or points)."""

    name: str
    family: str
    corner: str = ""
    caption: str = ""


@dataclass(frozen=True)
class Group:
    """Cards in one place: ``cards`` face up (drawn), ``hidden`` more face down (drawn as backs)."""

    title: str
    cards: tuple[Card, ...] = ()
    hidden: int = 0
    counted: bool = False
    """A face-down pile, always shown with its size (none: "empty")."""


@dataclass(frozen=True)
class Row:
    """One player (or the middle of the table) and the places where their cards are."""

    label: str
    groups: tuple[Group, ...]
    note: str = ""


@dataclass(frozen=True)
class Scene:
    """A moment of a game drawn as cards: one row per player, then the shared places."""

    rows: tuple[Row, ...]
    note: str = ""

    def cards(self) -> tuple[Card, ...]:
        """Every face-up card drawn."""
        return tuple(c for r in self.rows for g in r.groups for c in g.cards)


@dataclass
class Story:
    """The generic story: the game's own descriptions, one sentence per step.

    Games with a story of their own override :meth:`told`, :meth:`ending`, :meth:`scene` and
    :meth:`new_round`; everything else (rulings, pending steps) is shared.
    """

    game: Game
    lang: str = "en"
    words: Mapping[str, str] = field(default_factory=dict)

    # ------------------------------------------------------------------ shared
    def title(self) -> str:
        """The game in words: its name, the variant, the players."""
        cfg = self.game.config_json()
        return f"{cfg['game']} ({cfg['variant']}), {cfg['players']} players"

    def step(self, before: Hashable, action: Action, after: Hashable, rulings: bool = True) -> tuple[str, ...]:
        """The step from ``before`` to ``after`` in sentences. A step the rules leave open (it
        stops at a ruling point) is told when the ruling settles it: then the interrupted
        action is told from the state it started in, after the ruling in words (``rulings``)."""
        if isinstance(after, Pending):
            return ()
        if isinstance(before, Pending) and action[:1] == ("ruling",):
            start, original = before.before, before.action
            chosen = (*before.fixed, (str(action[1]), str(action[2])))
            said = tuple(self.ruling_said(r, o) for r, o in chosen) if rulings else ()
            return (*self.told(start, original, after), *said)
        return self.told(before, action, after)

    def ruling_said(self, ruling: str, option_id: str) -> str:
        """What the players settle where the rules are silent: the option's wording."""
        point = self.game.ruling_points.get(ruling)
        if point is None:
            return ""
        option = point.option(option_id)
        text = option.wording.get(self.lang) or option.wording.get("en") or option.text
        lead = self.say("open", "The rules do not say what happens here; the players agree:")
        return f"({lead} {sentence(text)})"

    def next_steps(self, state: Hashable, others: Sequence[Hashable] = (), limit: int = 4) -> str:
        """What can happen next from ``state`` (a settled state), told as the first sentence of each
        legal action as it would play (a ruling point it meets settled by its recommended option),
        each told once. With ``others`` (the states another answer to the same question leads to)
        and the same player to decide: only what differs, what is now possible that is not there,
        and what is possible there but no longer here (a step that plays the same for another reason,
        "a Bad Chomp (it is their own card)" against "a Bad Chomp (nobody may chomp in an Ink Out)",
        is the same step). At most ``limit`` of each, then "something
        else" (a count would be a number the witness does not have)."""
        mine = self._upcoming(state)
        if others and all(self.game.current_player(o) == self.game.current_player(state) for o in others):
            there = [t for o in others for t in self._upcoming(o)]
            mine_gist, there_gist = {_gist(t) for t in mine}, {_gist(t) for t in there}
            new = [t for t in mine if _gist(t) not in there_gist]
            gone = list(dict.fromkeys(t for t in there if _gist(t) not in mine_gist))
            if new or gone:
                parts = [self._listed(self.say("now_possible", "Now possible:"), new, limit),
                         self._listed(self.say("no_longer", "No longer possible:"), gone, limit)]
                return " ".join(p for p in parts if p)
        return self._listed(self.say("next", "What can happen next:"), mine, limit)

    def _upcoming(self, state: Hashable) -> list[str]:
        told: list[str] = []
        for a, after in upcoming_steps(self.game, state):
            if not self.in_edition(a):
                continue
            said = self.step(state, a, after, rulings=False)
            first = said[0].rstrip(".") if said else ""
            if first and first not in told:
                told.append(first)
        return told

    def _listed(self, lead: str, items: Sequence[str], limit: int) -> str:
        if not items:
            return ""
        shown = [_mid_sentence(t) for t in items[:limit]]
        if len(items) > limit:
            shown.append(self.say("more", "something else"))
        joined = shown[0] if len(shown) == 1 else "; ".join(shown[:-1]) + f"; {self.say('or', 'or')} " + shown[-1]
        return f"{lead} {joined}" + ("" if joined.endswith(("!", "?")) else ".")

    def in_edition(self, action: Action) -> bool:
        """Whether the story's edition of the rulebook has ``action`` (a model that unites two
        editions offers choices only one of them prints); what it lacks is not told as possible."""
        return True

    def say(self, key: str, default: str) -> str:
        """A phrase in the story's language (``words``), ``default`` where it has none."""
        return self.words.get(key, default)

    # ------------------------------------------------------------------ per game
    def told(self, before: Hashable, action: Action, after: Hashable) -> tuple[str, ...]:
        """The step in sentences (``before`` and ``after`` are settled states)."""
        return (sentence(self.game.describe_action(before, action)),)

    def ending(self, final: Hashable) -> str:
        """How the game ended and who won."""
        return sentence(f"Game over: {self.game.describe_state(final)}")

    def new_round(self, before: Hashable, action: Action) -> bool:
        """Whether ``action`` from ``before`` starts a new round (the log's paragraphs)."""
        return False

    def group(self, before: Hashable, action: Action) -> str:
        """Steps of the same non-empty group in a row are told on one line of the log."""
        return ""

    def scene(self, state: Hashable) -> Scene:
        """The state drawn: every list of cards in its JSON, under its label."""
        data = self.game.state_to_json(state.before if isinstance(state, Pending) else state)
        rows = []
        for label, value in _flat(data):
            if isinstance(value, list) and value and all(isinstance(v, (str, int)) for v in value):
                cards = tuple(Card(str(v), "plain") for v in value)
                rows.append(Row(label, (Group("", cards),)))
        return Scene(tuple(rows))


def _flat(data: Mapping[str, Any], prefix: str = "") -> list[tuple[str, Any]]:
    out: list[tuple[str, Any]] = []
    for key, value in data.items():
        label = f"{prefix}{key}"
        if isinstance(value, Mapping):
            out.extend(_flat(value, label + " "))
        elif isinstance(value, list) and value and all(isinstance(v, Mapping) for v in value):
            for i, item in enumerate(value):
                out.extend(_flat(item, f"{label} {i + 1} "))
        else:
            out.append((label, value))
    return out


def sentence(text: str) -> str:
    """``text`` with a capital first letter and a full stop."""
    t = " ".join(text.split())
    if not t:
        return t
    t = t[0].upper() + t[1:]
    return t if t[-1] in ".!?:" else t + "."


def join(items: Sequence[str], lang: str = "en") -> str:
    """``a``, ``a and b``, ``a, b and c`` (``y`` in Spanish)."""
    word = " y " if lang == "es" else " and "
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + word + items[-1]


def multiset_minus(a: Iterable[Any], b: Iterable[Any]) -> list[Any]:
    """The items of ``a`` not matched by one in ``b`` (multiset difference), in ``a``'s order."""
    left = Counter(b)
    out = []
    for x in a:
        if left[x]:
            left[x] -= 1
        else:
            out.append(x)
    return out


def story_for(game: Game, lang: str = "en") -> Story:
    """The story of ``game`` in ``lang`` (``en``; ``es`` for Chomp!, whose Spanish edition has
    rules the English one does not)."""
    if game.name == "chomp":
        from rulecheck.story.chomp import ChompStory

        return ChompStory(game, lang)
    if game.name == "chonker-party":
        from rulecheck.story.chonker_party import ChonkerStory

        return ChonkerStory(game, lang)
    return Story(game, lang)
