"""Chomp! cards: the food chain, who can chomp whom, and the decks.

Cards are small ints ordered by the food chain (en.food-chain.4-11):
Plankton 0 < Shrimp 1 < Little Fish 2 < Big Fish 3 < Seal 4 < Shark 5; the two action cards
Electric Eel 6 and Octopus 7 are not on the chain: nobody can chomp them and they chomp
nothing (en.food-chain.3). Cards of one kind are identical, so a pile is a tuple of ints and a
discard pile (always shuffled before use) a sorted tuple.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from fractions import Fraction
from math import factorial
from typing import Final

from rulecheck.core.errors import InvalidConfigError

__all__ = [
    "BIG_FISH",
    "CAN_CHOMP",
    "CARD_NAMES",
    "CHAIN_CLAUSES",
    "DECKS",
    "EEL",
    "GENERAL_CHAIN_CLAUSES",
    "KINDS",
    "LITTLE_FISH",
    "OCTOPUS",
    "PLANKTON",
    "SEAL",
    "SHARK",
    "SHRIMP",
    "can_chomp",
    "card_from_name",
    "count_sequences",
    "deck_counts",
    "deck_spec",
    "is_ordinary",
    "multiset_sequences",
    "sequence_probability",
]

PLANKTON: Final = 0
SHRIMP: Final = 1
LITTLE_FISH: Final = 2
BIG_FISH: Final = 3
SEAL: Final = 4
SHARK: Final = 5
EEL: Final = 6
OCTOPUS: Final = 7
KINDS: Final = 8

CARD_NAMES: tuple[str, ...] = (
    "plankton", "shrimp", "littlefish", "bigfish", "seal", "shark", "eel", "octopus",
)
"""The JSON name of each card (index = card int)."""

DISPLAY_NAMES: tuple[str, ...] = (
    "Plankton", "Shrimp", "Little Fish", "Big Fish", "Seal", "Shark", "Electric Eel", "Octopus",
)

_ALIASES: Mapping[str, int] = {
    **{n: i for i, n in enumerate(CARD_NAMES)},
    "little-fish": LITTLE_FISH, "little_fish": LITTLE_FISH, "big-fish": BIG_FISH, "big_fish": BIG_FISH,
    "electric-eel": EEL, "electric_eel": EEL, "electriceel": EEL,
}


def is_ordinary(card: int) -> bool:
    """A creature on the food chain (not an Electric Eel or Octopus)."""
    return card <= SHARK


def can_chomp(chomper: int, prey: int) -> bool:
    """Whether ``chomper`` can chomp ``prey`` by the food chain.

    en.food-chain.1, en.food-chain.2 (not its own kind, nothing higher), en.food-chain.3 (nobody
    chomps an Octopus or an Electric Eel), en.food-chain.6-11 (the chomp order).
    """
    return chomper <= SHARK and prey < chomper


CHAIN_CLAUSES: Final[tuple[tuple[str, ...], ...]] = (
    ("en.food-chain.11", "es.cadena-alimentaria.11"),
    ("en.food-chain.10", "es.cadena-alimentaria.10"),
    ("en.food-chain.9", "es.cadena-alimentaria.9"),
    ("en.food-chain.8", "es.cadena-alimentaria.8"),
    ("en.food-chain.7", "es.cadena-alimentaria.7"),
    ("en.food-chain.5", "es.cadena-alimentaria.5", "en.food-chain.6", "es.cadena-alimentaria.6"),
    ("en.food-chain.3", "es.cadena-alimentaria.3"),
    ("en.food-chain.3", "es.cadena-alimentaria.3"),
)
"""The food-chain clauses that say what each card (index) can chomp."""

GENERAL_CHAIN_CLAUSES: Final = (
    "en.food-chain.1", "es.cadena-alimentaria.1", "en.food-chain.2", "es.cadena-alimentaria.2",
    "en.food-chain.4", "es.cadena-alimentaria.4",
)
"""The food chain's general clauses: higher chomps more, not its own kind nor anything higher."""

CAN_CHOMP: Final[tuple[tuple[bool, ...], ...]] = tuple(
    tuple(can_chomp(a, b) for b in range(KINDS)) for a in range(KINDS)
)
"""``CAN_CHOMP[a][b]``: precomputed :func:`can_chomp`."""


def card_from_name(name: object) -> int:
    """A card from its JSON name (or int); ValueError naming the known names otherwise."""
    if isinstance(name, bool):
        raise ValueError(f"{name!r} is not a card")
    if isinstance(name, int):
        if 0 <= name < KINDS:
            return name
        raise ValueError(f"card number {name} is out of range 0-{KINDS - 1}")
    if isinstance(name, str):
        key = name.strip().lower().replace(" ", "")
        if key in _ALIASES:
            return _ALIASES[key]
    raise ValueError(f"unknown card {name!r}; cards: {', '.join(CARD_NAMES)}")


# --------------------------------------------------------------------------- decks

def _counts(**kw: int) -> tuple[int, ...]:
    return tuple(kw.get(n, 0) for n in CARD_NAMES)


DECKS: Mapping[str, tuple[int, ...]] = {
    # es.componentes.1-9: the Spanish edition's counts, sequence cards removed (en.setup.1)
    "full": _counts(shark=4, seal=5, bigfish=10, littlefish=11, shrimp=8, plankton=5, eel=3, octopus=4),
    "half": _counts(shark=2, seal=3, bigfish=5, littlefish=6, shrimp=4, plankton=3, eel=2, octopus=2),
    "mini": _counts(shark=1, seal=1, bigfish=2, littlefish=2, shrimp=1, plankton=1, eel=1, octopus=1),
    "tiny": _counts(shark=1, seal=1, bigfish=1, littlefish=1, shrimp=1, plankton=1, eel=1, octopus=1),
}
"""Named decks: the full 50-card deck and smaller ones with the same kinds, for exhaustive checks."""


def deck_counts(deck: str) -> tuple[int, ...]:
    """Count of each card kind for a named deck or a spec like ``"shark=1,seal=1,..."``.

    Kinds not named in a spec have 0 copies. Raises InvalidConfigError naming what is wrong.
    """
    if deck in DECKS:
        return DECKS[deck]
    if "=" not in deck:
        raise InvalidConfigError(
            f"unknown deck {deck!r}; named decks: {', '.join(DECKS)}, or a spec like "
            "'shark=1,seal=1,bigfish=2,littlefish=2,shrimp=1,plankton=1,eel=1,octopus=1'"
        )
    counts = [0] * KINDS
    seen: set[int] = set()
    for part in deck.split(","):
        name, sep, num = part.partition("=")
        try:
            card = card_from_name(name)
        except ValueError as exc:
            raise InvalidConfigError(f"deck spec {deck!r}: {exc}") from exc
        if not sep or not num.strip().isdigit():
            raise InvalidConfigError(f"deck spec {deck!r}: {part!r} is not name=count (count 0 or more)")
        if card in seen:
            raise InvalidConfigError(f"deck spec {deck!r}: {CARD_NAMES[card]} named twice")
        seen.add(card)
        counts[card] = int(num)
    if sum(counts) == 0:
        raise InvalidConfigError(f"deck spec {deck!r} has no cards")
    return tuple(counts)


def deck_spec(counts: tuple[int, ...]) -> str:
    """The explicit spec string of a deck."""
    return ",".join(f"{CARD_NAMES[c]}={n}" for c, n in enumerate(counts))


# --------------------------------------------------------------------------- multisets

def count_sequences(counts: tuple[int, ...], length: int) -> int:
    """How many distinct sequences of ``length`` cards can be drawn from the multiset ``counts``.

    ``length! * [x^length] prod_k sum_{j<=c_k} x^j / j!`` (exact, with Fractions).
    """
    poly = [Fraction(1)]
    for c in counts:
        nxt = [Fraction(0)] * min(len(poly) + c, length + 1)
        for i, a in enumerate(poly):
            if not a:
                continue
            for j in range(min(c, length - i) + 1):
                nxt[i + j] += a / factorial(j)
        poly = nxt
    if length >= len(poly):
        return 0
    return int(poly[length] * factorial(length))


def multiset_sequences(counts: list[int], length: int) -> Iterator[tuple[int, ...]]:
    """Every distinct sequence of ``length`` cards from the multiset, in lexicographic order.

    An explicit stack (no recursion); ``counts`` is restored when the generator finishes.
    """
    seq: list[int] = []
    stack: list[int] = [0]  # next card value to try at each depth
    while stack:
        if len(seq) == length:
            yield tuple(seq)
            stack.pop()
            counts[seq.pop()] += 1
            continue
        c = stack[-1]
        while c < len(counts) and counts[c] == 0:
            c += 1
        if c == len(counts):
            stack.pop()
            if seq:
                counts[seq.pop()] += 1
            continue
        stack[-1] = c + 1
        counts[c] -= 1
        seq.append(c)
        stack.append(0)


def sequence_probability(counts: tuple[int, ...], rest: tuple[int, ...]) -> Fraction:
    """Probability that a uniformly shuffled multiset ``counts`` starts with one given sequence,
    the cards not in it forming the multiset ``rest`` (in any order)."""
    n = sum(counts)
    r = sum(rest)
    num = factorial(r)
    for c in counts:
        num *= factorial(c)
    den = factorial(n)
    for c in rest:
        den *= factorial(c)
    return Fraction(num, den)
