"""Chonker Party (2-6 players): an executable model of the rulebook and its reference engine.

Modules: :mod:`.cards` (kinds, deck, tossed-out cards, small decks), :mod:`.state`,
:mod:`.rounds` (turns, continuing, winning, drawing back up), :mod:`.actions` (the six action
cards), :mod:`.scoring`, :mod:`.game` (the :class:`~rulecheck.core.game.Game`) and
:mod:`.examples` (the book's worked examples as replayable scenarios).
"""

from __future__ import annotations

from rulecheck.core.errors import InvalidConfigError
from rulecheck.core.rulings import Ruleset
from rulecheck.games.chonker_party.cards import DECKS as _DECKS
from rulecheck.games.chonker_party.game import ChonkerParty

__all__ = ["DECKS", "PLAYERS", "VARIANTS", "ChonkerParty", "make_game"]

VARIANTS = ("standard",)
PLAYERS = range(2, 7)
DECKS = (*_DECKS, "sweet=2,salty=1,chonk=1,leaf=2,war=2,hand=2")
"""Named decks, then an example spec string (any ``kind=count,...,hand=N`` works)."""


def make_game(variant: str, players: int | None, ruleset: Ruleset, deck: str = "full") -> ChonkerParty:
    if variant not in VARIANTS:
        raise InvalidConfigError(f"Chonker Party has no variant {variant!r}; variants: {', '.join(VARIANTS)}")
    return ChonkerParty(variant, 4 if players is None else players, ruleset, deck)
