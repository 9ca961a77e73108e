"""The Chomp! worked examples as scenarios the engine replays (:mod:`rulecheck.scenarios`).

Both books have one example (en.example.1-3 / es.ejemplo.1-3) with two possible outcomes
(en.outcomes.1-3 / es.resultados.1-3): four players turn over a Seal, a Shark and two Big
Fish. Only the Seal and the Shark can chomp (the Big Fish is the lowest creature); whoever
slaps a Big Fish first wins the round:

* the Shark player first: he takes all four cards (en.outcomes.1);
* the Seal player first: she takes both Big Fish and her own card; the Shark card goes to its
  owner's discard pile (en.outcomes.2-3).

Each player is dealt a Plankton under the example's card so that nobody is washed up by the
round and the state after it is just the round's result. Player 1 has the Seal, player 2 the
Shark, players 3 and 4 the Big Fish. Actions are the chomp engine's: ``["turn_over"]`` and
``["slap", slapper, owner, card]`` (card 3 is a Big Fish; slaps on the two Big Fish are one
race outcome, named by the lower owner).
"""

from __future__ import annotations

from collections.abc import Hashable

from rulecheck.core.game import Game
from rulecheck.games.chomp.race import valid_slappers
from rulecheck.scenarios import Scenario

__all__ = ["SCENARIOS"]

DECK = "plankton=4,bigfish=2,seal=1,shark=1"
DEAL = [["seal", "plankton"], ["shark", "plankton"], ["bigfish", "plankton"], ["bigfish", "plankton"]]
BIG_FISH = 3


EXAMPLE = ("en.example.1", "en.example.2", "en.example.3", "es.ejemplo.1", "es.ejemplo.2", "es.ejemplo.3")


def _only_seal_and_shark_can_chomp(game: Game, state: Hashable) -> list[str]:
    """en.example.2: only the players who turned over the Seal and the Shark can chomp."""
    can = [p + 1 for p in valid_slappers(state)]  # type: ignore[arg-type]
    if can != [1, 2]:
        return [f"the book says only players 1 (Seal) and 2 (Shark) can chomp; the engine lets players {can}"]
    return []


def _scenario(id_: str, title: str, actions: tuple[list[object], ...], expected: object, clauses: tuple[str, ...],
              contradicts: tuple[str, ...], stated: str) -> Scenario:
    return Scenario(
        id=id_,
        game="chomp",
        variant="standard",
        players=4,
        deal=DEAL,
        actions=actions,
        expected=expected,  # type: ignore[arg-type]
        clauses=clauses,
        contradicts=contradicts,
        deck=DECK,
        title=title,
        stated=stated,
    )


SCENARIOS: tuple[Scenario, ...] = (
    _scenario(
        "chomp.example.who-can-chomp",
        "Worked example: only the Seal and the Shark can chomp the Big Fish",
        (["turn_over"],),
        _only_seal_and_shark_can_chomp,
        EXAMPLE,
        ("en.gameplay.2", "en.gameplay.5", "en.food-chain.2", "en.food-chain.6", "en.food-chain.7"),
        "only the players who turned over the Seal and Shark cards can chomp this round",
    ),
    _scenario(
        "chomp.example.shark-first",
        "Worked example: the Shark player chomps first and takes all the cards",
        (["turn_over"], ["slap", 1, 2, BIG_FISH]),
        {
            "players": [
                {"pile": ["plankton"], "discard": [], "table": []},
                {"pile": ["plankton"], "discard": ["bigfish", "bigfish", "seal", "shark"], "table": []},
                {"pile": ["plankton"], "discard": [], "table": []},
                {"pile": ["plankton"], "discard": [], "table": []},
            ],
            "centre": [],
        },
        (*EXAMPLE, "en.outcomes.1", "es.resultados.1"),
        ("en.gameplay.2", "en.gameplay.3", "en.food-chain.6"),
        "the Shark player takes all the cards, because the Shark is at the top of the food chain",
    ),
    _scenario(
        "chomp.example.seal-first",
        "Worked example: the Seal player chomps first; the Shark goes to its owner's discard pile",
        (["turn_over"], ["slap", 0, 2, BIG_FISH]),
        {
            "players": [
                {"pile": ["plankton"], "discard": ["bigfish", "bigfish", "seal"], "table": []},
                {"pile": ["plankton"], "discard": ["shark"], "table": []},
                {"pile": ["plankton"], "discard": [], "table": []},
                {"pile": ["plankton"], "discard": [], "table": []},
            ],
            "centre": [],
        },
        (*EXAMPLE, "en.outcomes.2", "en.outcomes.3", "es.resultados.2", "es.resultados.3"),
        ("en.gameplay.2", "en.gameplay.3", "en.gameplay.4", "en.food-chain.7"),
        "the Seal player takes both Big Fish cards and her own card; she can't chomp the Shark, so the Shark "
        "card player puts his card in his discard pile",
    ),
)
