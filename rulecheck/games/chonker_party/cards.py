"""Chonker Party cards: the 14 card kinds, the deck, the cards tossed out, and smaller decks.

Cards are encoded **by kind** (a small int). The six named Chonks (Raccoon, Duck, ...) and the
four named Spoiled (Toast, Egg, ...) have different names but no rule treats them differently
(cp.chonks.1, cp.spoiled.1), so they are one kind each; the names are accepted as aliases in
explicit deals. A hand, a deck or a pile is a count vector: ``counts[kind]``.

A War played as a Chonk (cp.war.5-7) is recorded on the table and in win piles as the extra
kind :data:`WAR_CHONK`, so piles keep both facts (it is a War card; it counted as a Chonk).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from rulecheck.core.errors import InvalidConfigError, InvalidDealError

__all__ = [
    "ACTION_KINDS",
    "ALL_BITS",
    "CHONK",
    "CHOOSE",
    "COMPONENT_NOTES",
    "DECKS",
    "DRAW_ACTIONS",
    "FILLERS",
    "FORCE",
    "NAMES",
    "NK",
    "NONACTION_BITS",
    "NT",
    "SALTY",
    "SEE",
    "SKIP",
    "SPOILED",
    "STEAL",
    "SWEET",
    "WAR",
    "WAR_CHONK",
    "Deck",
    "card_kind",
    "parse_deck",
]

SWEET, SALTY, CHONK, SPOILED, STICK, LEAF, BRICK, STONE = range(8)
CHOOSE, STEAL, SKIP, SEE, FORCE, WAR = range(8, 14)
NK = 14
"""Number of card kinds in hands and decks."""
WAR_CHONK = 14
"""Table and win-pile slot for a War played as a Chonk."""
NT = 15
"""Length of table and win-pile vectors."""

NAMES: tuple[str, ...] = (
    "sweet", "salty", "chonk", "spoiled", "stick", "leaf", "brick", "stone",
    "choose", "steal", "skip", "see", "force", "war", "war-chonk",
)
TITLES: tuple[str, ...] = (
    "+1 Sweet", "+1 Salty", "Chonk", "-1 Spoiled", "Stick", "Leaf", "Brick", "Stone",
    "Choose", "Steal", "Skip", "See a Card", "Force", "War", "War (as a Chonk)",
)
FILLERS = (STICK, LEAF, BRICK, STONE)
ACTION_KINDS = (CHOOSE, STEAL, SKIP, SEE, FORCE, WAR)
DRAW_ACTIONS = (CHOOSE, STEAL, SEE, WAR)
"""Action cards that make you draw and play another card (cp.continuing.3, cp.stacking.2)."""
ALL_BITS = (1 << NK) - 1
NONACTION_BITS = (1 << CHOOSE) - 1
DRAW_ACTION_BITS = sum(1 << k for k in DRAW_ACTIONS)

KIND_OF_NAME: dict[str, int] = {name: k for k, name in enumerate(NAMES[:NK])}
_ALIASES = {
    "+1 sweet": SWEET, "sweet point": SWEET, "salty point": SALTY, "+1 salty": SALTY,
    "rock": STONE,  # cp.fillers.6 calls it Rock, cp.fillers.1 stone: one card kind
    "see a card": SEE, "see-a-card": SEE, "-1 spoiled": SPOILED,
    "raccoon": CHONK, "duck": CHONK, "cat": CHONK, "sheepdog": CHONK, "seal": CHONK, "capybara": CHONK,
    "toast": SPOILED, "egg": SPOILED, "yogurt": SPOILED, "banana": SPOILED,
}
for _alias, _kind in _ALIASES.items():
    KIND_OF_NAME[_alias] = _kind

FULL_COUNTS: tuple[int, ...] = (8, 8, 6, 4, 8, 8, 8, 8, 2, 4, 4, 4, 4, 2)
"""cp.points.1, cp.chonks.3, cp.spoiled.4, cp.fillers.1, cp.choose.0 .. cp.war.0: 78 cards."""

# Cards tossed out by player count (cp.players.1-3), as "keep at most" per kind.
_KEEP_AT_MOST: Mapping[int, Mapping[int, int]] = {
    2: {WAR: 1, CHOOSE: 1, SKIP: 0},
    3: {SKIP: 0},
}

def tossed_out_kinds(players: int) -> tuple[int, ...]:
    """The kinds of which the book tosses out every card for ``players`` (cp.players.1-3)."""
    return tuple(sorted(kind for kind, limit in _KEEP_AT_MOST.get(players, {}).items() if limit == 0))


COMPONENT_NOTES: tuple[tuple[str, tuple[str, ...], str], ...] = (
    ("two-player-dead-cards", ("cp.players.1", "cp.war.6", "cp.skip.1", "cp.skip.2"),
     "With 2 players one War is left, so 'another War card played during a War' (cp.war.6) can "
     "never happen; all Skips are tossed out, so the Skip clauses are dead for 2 players."),
    ("three-player-dead-cards", ("cp.players.2", "cp.skip.1", "cp.skip.2"),
     "With 3 players all Skips are tossed out: the Skip clauses are dead for 3 players."),
    ("deck-total", ("cp.points.1", "cp.chonks.3", "cp.spoiled.4", "cp.fillers.1"),
     "16 points + 6 Chonks + 4 Spoiled + 32 fillers + 20 action cards = 78 cards."),
)


def card_kind(name: object, where: str = "") -> int:
    """The kind of a card name (case-insensitive; aliases like 'rock', 'raccoon' accepted)."""
    key = str(name).strip().lower() if isinstance(name, str) else None
    if key is None or key not in KIND_OF_NAME:
        known = ", ".join(NAMES[:NK])
        raise InvalidDealError(f"{where}no such card {name!r} in Chonker Party (cards: {known})")
    return KIND_OF_NAME[key]


@dataclass(frozen=True)
class Deck:
    """A deck: copies of each kind, and the hand size (6 in the rulebook, cp.setup.2)."""

    name: str
    counts: tuple[int, ...]
    hand: int = 6

    def for_players(self, players: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """(cards in play, cards tossed out) for ``players`` (cp.players.1-3)."""
        keep = list(self.counts)
        tossed = [0] * NK
        for kind, limit in _KEEP_AT_MOST.get(players, {}).items():
            if keep[kind] > limit:
                tossed[kind] = keep[kind] - limit
                keep[kind] = limit
        return tuple(keep), tuple(tossed)


DECKS: Mapping[str, Deck] = {
    "full": Deck("full", FULL_COUNTS, 6),
    "mini": Deck("mini", (2, 2, 2, 2, 2, 2, 1, 1, 1, 1, 1, 1, 1, 2), 3),
    "tiny": Deck("tiny", (1,) * 13 + (2,), 2),
    "micro": Deck("micro", (1,) * 13 + (2,), 1),
}
"""Named decks. ``mini``/``tiny``/``micro`` have every kind with fewer copies and smaller hands
(3, 2, 1 cards), for exhaustive checking; only ``micro`` (2-3 players) has few enough distinct
deals to enumerate at the root, the others are explored from sampled or explicit deals.
A spec string ``"sweet=2,leaf=2,chonk=1,war=2,hand=2"`` builds any other deck (kinds not
named have no copies)."""

_SPEC_RE = re.compile(r"^\s*([a-z+\- 1]+?)\s*=\s*(\d+)\s*$")


def parse_deck(spec: str) -> Deck:
    """A named deck or a spec string ``kind=count,...[,hand=N]``; InvalidConfigError if wrong."""
    if spec in DECKS:
        return DECKS[spec]
    counts = [0] * NK
    hand = 6
    if "=" not in spec:
        raise InvalidConfigError(
            f"unknown deck {spec!r}: use {', '.join(DECKS)} or a spec like 'sweet=2,leaf=2,chonk=1,hand=2'"
        )
    for part in spec.split(","):
        m = _SPEC_RE.match(part.lower())
        if m is None:
            raise InvalidConfigError(f"deck spec {spec!r}: cannot read {part!r} (expected kind=count)")
        key, value = m.group(1), int(m.group(2))
        if key == "hand":
            if not 1 <= value <= 6:
                raise InvalidConfigError(f"deck spec {spec!r}: hand must be 1 to 6, not {value}")
            hand = value
            continue
        try:
            kind = card_kind(key)
        except InvalidDealError as exc:
            raise InvalidConfigError(f"deck spec {spec!r}: {exc}") from None
        if value > FULL_COUNTS[kind]:
            raise InvalidConfigError(
                f"deck spec {spec!r}: {value} {NAMES[kind]} cards, but the game has {FULL_COUNTS[kind]}"
            )
        counts[kind] = value
    return Deck(spec, tuple(counts), hand)
