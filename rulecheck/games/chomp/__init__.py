"""Chomp!: the executable model of both rulebooks (English and Spanish editions).

Variants: the 3+ player game (``standard``) and the 2-player games ``underwater-war`` (both
editions), ``chomp-rapido`` and ``doble-chomp`` (Spanish edition only). Decks: ``DECKS`` (the
full 50-card Spanish-edition deck and smaller ones with the same kinds) or a spec string.
"""

from __future__ import annotations

from collections.abc import Mapping

from rulecheck.core.errors import InvalidConfigError, UnknownVariantError
from rulecheck.core.rulings import Ruleset
from rulecheck.games.chomp.cards import DECKS, deck_counts
from rulecheck.games.chomp.game import ChompGame

__all__ = ["DECKS", "PLAYERS", "VARIANTS", "ChompGame", "clear_caches", "make_game"]

VARIANTS = ("standard", "underwater-war", "chomp-rapido", "doble-chomp")

PLAYERS: Mapping[str, tuple[int, ...]] = {
    "standard": tuple(range(3, 11)),
    "underwater-war": (2,),
    "chomp-rapido": (2,),
    "doble-chomp": (2,),
}
"""Player counts per variant. The books never say how many may play the 3+ player game
(ruling ``chomp.player_count``); a 50-card deck deals 5 cards each to 10 players."""

DEFAULT_PLAYERS = {"standard": 4, "underwater-war": 2, "chomp-rapido": 2, "doble-chomp": 2}


def make_game(variant: str, players: int | None, ruleset: Ruleset, deck: str = "full") -> ChompGame:
    """A configured Chomp! game; InvalidConfigError / UnknownVariantError naming what is wrong."""
    if variant not in VARIANTS:
        raise UnknownVariantError(f"unknown variant {variant!r} for chomp; variants: {', '.join(VARIANTS)}")
    n = DEFAULT_PLAYERS[variant] if players is None else players
    allowed = PLAYERS[variant]
    if n not in allowed:
        raise InvalidConfigError(
            f"chomp {variant} is for {allowed[0]}" + (f"-{allowed[-1]}" if len(allowed) > 1 else "")
            + f" players, not {n}"
        )
    if variant == "standard" and n > 6 and ruleset.choices.get("chomp.player_count") == "three_to_six":
        raise InvalidConfigError(
            f"ruleset {ruleset.name!r} rules (chomp.player_count = three_to_six) that 3-6 play, not {n}"
        )
    deck_counts(deck)
    return ChompGame(variant, n, ruleset, deck)


def clear_caches() -> None:
    """Forget everything the engine memoised: the ruled caches (races, slaps, Bad Chomps,
    2-player comparisons) and the race outcomes. Results do not change; the benchmarks call it
    so that a measurement starts from nothing, like a fresh process."""
    from rulecheck.games.chomp import race, standard, two_player

    for fn in (standard.race_for, standard.slap_for, standard.bad_chomp_bars, two_player.compare_for):
        fn.cache.clear()
    race.race_outcomes.cache_clear()
    race._valid_slappers.cache_clear()
    race._groups.cache_clear()
    race._LOWEST.clear()
