"""Chomp!'s cards and decks: the food chain, the deck counts of the rulebook, deck specs and their
errors, and the counting of deals and shuffles the explorer's probabilities rest on."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import permutations

import pytest

from rulecheck.core.errors import InvalidConfigError
from rulecheck.games.chomp.cards import (
    CAN_CHOMP,
    CARD_NAMES,
    DECKS,
    EEL,
    KINDS,
    OCTOPUS,
    SHARK,
    _counts,
    can_chomp,
    card_from_name,
    count_sequences,
    deck_counts,
    deck_spec,
    is_ordinary,
    multiset_sequences,
    sequence_probability,
)


def test_the_food_chain() -> None:
    """en.food-chain.1-3: a creature chomps what is lower, not its own kind; nobody chomps or is
    chomped by an Electric Eel or an Octopus... but a Shark chomps everything below it."""
    names = dict(zip(CARD_NAMES, range(KINDS), strict=True))
    assert can_chomp(names["shark"], names["plankton"]) and not can_chomp(names["plankton"], names["shark"])
    assert not can_chomp(names["seal"], names["seal"]) and can_chomp(names["seal"], names["bigfish"])
    assert not any(can_chomp(EEL, b) or can_chomp(OCTOPUS, b) for b in range(KINDS))
    assert not any(can_chomp(a, b) for a in range(KINDS) for b in (EEL, OCTOPUS))
    assert [is_ordinary(c) for c in range(KINDS)] == [True] * (SHARK + 1) + [False, False]
    assert all(CAN_CHOMP[a][b] == can_chomp(a, b) for a in range(KINDS) for b in range(KINDS))


def test_the_full_deck_is_the_rulebooks() -> None:
    """es.componentes: 4 Sharks, 5 Seals, 10 Big Fish, 11 Little Fish, 8 Shrimp, 5 Plankton,
    3 Electric Eels, 4 Octopuses: 50 cards."""
    full = dict(zip(CARD_NAMES, DECKS["full"], strict=True))
    assert full == {"plankton": 5, "shrimp": 8, "littlefish": 11, "bigfish": 10, "seal": 5, "shark": 4,
                    "eel": 3, "octopus": 4}
    assert sum(DECKS["full"]) == 50 and sum(DECKS["tiny"]) == KINDS and DECKS["tiny"] == (1,) * KINDS
    assert _counts(shark=2, eel=1) == (0, 0, 0, 0, 0, 2, 1, 0)


def test_card_names_and_their_errors() -> None:
    assert card_from_name("Little Fish") == card_from_name("little_fish") == card_from_name(2) == 2
    assert card_from_name(" electric-eel ") == EEL
    with pytest.raises(ValueError, match=r"card number 8 is out of range 0-7"):
        card_from_name(8)
    with pytest.raises(ValueError, match=r"card number -1 is out of range 0-7"):
        card_from_name(-1)
    with pytest.raises(ValueError, match=r"True is not a card"):
        card_from_name(True)
    with pytest.raises(ValueError, match=r"unknown card 'whale'; cards: plankton, shrimp, .*, octopus$"):
        card_from_name("whale")


def test_deck_specs_round_trip_and_their_errors() -> None:
    assert deck_counts("full") == DECKS["full"]
    spec = deck_spec(DECKS["mini"])
    assert spec == "plankton=1,shrimp=1,littlefish=2,bigfish=2,seal=1,shark=1,eel=1,octopus=1"
    assert deck_counts(spec) == DECKS["mini"]
    assert deck_counts("shark=2,eel=1") == (0, 0, 0, 0, 0, 2, 1, 0)
    errors = {
        "huge": r"unknown deck 'huge'; named decks: full, half, mini, tiny, or a spec like 'shark=1,seal=1,",
        "whale=1": r"deck spec 'whale=1': unknown card 'whale'",
        "shark=x": r"deck spec 'shark=x': 'shark=x' is not name=count \(count 0 or more\)",
        "shark=1,shark=2": r"deck spec 'shark=1,shark=2': shark named twice",
        "shark=0": r"deck spec 'shark=0' has no cards",
    }
    for deck, message in errors.items():
        with pytest.raises(InvalidConfigError, match=message):
            deck_counts(deck)


@pytest.mark.parametrize("counts", [(1, 1, 1), (2, 1, 0), (3, 2, 1), (0, 0, 2), (2, 2, 2)])
def test_counting_and_listing_sequences_agree_with_brute_force(counts: tuple[int, ...]) -> None:
    cards = [c for c, n in enumerate(counts) for _ in range(n)]
    for length in range(1, len(cards) + 2):  # (the engine draws one card or more)
        want = sorted({p[:length] for p in permutations(cards)}) if length <= len(cards) else []
        work = list(counts)
        got = list(multiset_sequences(work, length))
        assert got == want, (counts, length)
        assert work == list(counts)  # restored
        assert count_sequences(counts, length) == len(want), (counts, length)
    assert count_sequences(counts, 0) == 1


@pytest.mark.parametrize("counts", [(1, 1, 1), (2, 1, 0), (3, 2, 1), (2, 2, 2)])
def test_sequence_probabilities_are_those_of_a_uniform_shuffle(counts: tuple[int, ...]) -> None:
    cards = [c for c, n in enumerate(counts) for _ in range(n)]
    shuffles = list(permutations(cards))  # every order equally likely (cards told apart)
    for length in range(len(cards) + 1):
        freq = Counter(p[:length] for p in shuffles)
        total = Fraction(0)
        for seq, k in freq.items():
            rest = tuple(counts[c] - seq.count(c) for c in range(len(counts)))
            p = sequence_probability(counts, rest)
            assert p == Fraction(k, len(shuffles)), (counts, seq)
            total += p
        assert total == 1
