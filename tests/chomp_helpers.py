"""Helpers shared by the Chomp! tests: explicit deals that put chosen cards on top."""

from __future__ import annotations

from collections import Counter

from rulecheck.games.chomp.cards import CARD_NAMES
from rulecheck.games.chomp.game import ChompGame


def deal_with_tops(game: ChompGame, tops: list[list[str]]) -> list[list[str]]:
    """A valid deal (card names) whose piles start with ``tops``; the rest filled from the deck."""
    left = Counter(CARD_NAMES[c] for c in game.deck_cards)
    for top in tops:
        for name in top:
            left[name] -= 1
            assert left[name] >= 0, f"deck has too few {name}"
    pool = sorted(left.elements(), key=CARD_NAMES.index)
    piles = []
    for top in tops:
        need = game.per_player - len(top)
        piles.append(list(top) + pool[:need])
        pool = pool[need:]
    return piles
