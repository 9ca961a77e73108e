"""The rulebook's worked examples as replayable scenarios, and a checker for each.

Each :class:`Scenario` is an explicit deal (chosen to fit the example: the cards it names,
fillers elsewhere, no War in a hand so no War window opens), the actions from the deal on
(chance outcomes included, e.g. which card a Steal snatched), and what the book says happens:
who wins the round and, where stated, how many points the round's cards are worth.

:func:`replay_scenario` replays one under a ruleset and reports agreement, or the mismatch:
the step that the rules forbid (or the different winner) and the clauses involved. Under the
recommended ruleset the summary example does not replay (after Player 1 continues, Player 2
must play again: cp.continuing.6, as the winning example and the Round Example show); under
``cp.continue_who_plays = master_only`` it does, and those two do not.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rulecheck.core.errors import RulecheckError
from rulecheck.core.game import Action, Pending
from rulecheck.core.rulings import Ruleset
from rulecheck.games.chonker_party.cards import NT
from rulecheck.games.chonker_party.scoring import points

__all__ = ["SCENARIOS", "Scenario", "ScenarioResult", "replay_scenario"]


@dataclass(frozen=True)
class Scenario:
    id: str
    title: str
    players: int
    clauses: tuple[str, ...]
    """The example's own clause IDs."""
    rules: tuple[str, ...]
    """The normative clauses the example illustrates (cited by a mismatch)."""
    deal: Mapping[str, Any]
    actions: tuple[Action, ...]
    winner: int
    """The round winner the book states (0-based seat)."""
    points: int | None = None
    """The round's points the book states, if it does."""


@dataclass(frozen=True)
class ScenarioResult:
    scenario: str
    agrees: bool
    message: str
    clauses: tuple[str, ...]
    step: int | None = None


SCENARIOS: tuple[Scenario, ...] = (
    Scenario(
        "summary-example", "Summary: three Leaves, Player 1 wins", 2,
        ("cp.summary-example.1", "cp.summary-example.2", "cp.summary-example.3"),
        ("cp.round.5", "cp.continuing.1", "cp.continuing.6", "cp.summary.4", "cp.summary.5"),
        {"hands": [["leaf", "leaf", "stick", "brick", "stone", "salty"],
                   ["leaf", "sweet", "stick", "brick", "stone", "salty"]],
         "discard": ["stick", "brick", "stone", "salty", "sweet", "leaf"]},
        (("play", "leaf"), ("play", "leaf"), ("continue_round", "leaf"), ("end_round",)),
        winner=0,
    ),
    Scenario(
        "winning-example", "Winning a Round: Leaves and a Steal, Player 2 wins", 2,
        tuple(f"cp.winning-example.{i}" for i in range(1, 10)),
        ("cp.winning.1", "cp.continuing.2", "cp.continuing.4", "cp.continuing.6", "cp.steal.1"),
        {"hands": [["leaf", "leaf", "steal", "stick", "brick", "stone"],
                   ["leaf", "leaf", "brick", "stone", "salty", "sweet"]],
         "discard": ["stick", "brick", "stone", "salty", "sweet", "stick"]},
        (("play", "leaf"), ("play", "leaf"), ("continue_round", "leaf"), ("play", "leaf"),
         ("continue_round", "steal"), ("steal_from", 1), ("stolen", "brick"), ("draw", "stick"),
         ("end_round",)),
        winner=1,
    ),
    Scenario(
        "points-example", "Points: Sweet then Salty, Player 1 wins", 2,
        ("cp.points.3", "cp.points-example.1", "cp.points-example.2", "cp.points-example.3"),
        ("cp.points.2", "cp.round.2", "cp.winning.1"),
        {"hands": [["sweet", "stick", "brick", "stone", "leaf", "stick"],
                   ["salty", "stick", "brick", "stone", "leaf", "brick"]],
         "discard": ["stick", "brick", "stone", "leaf", "stone", "stick"]},
        (("play", "sweet"), ("play", "salty"), ("end_round",)),
        winner=0,
    ),
    Scenario(
        "round-example", "Round Example: 4 players, Player 2 wins scoring 2 points", 4,
        tuple(f"cp.round-example.{i}" for i in range(1, 18)),
        ("cp.round.2", "cp.choose.1", "cp.choose.3", "cp.continuing.1", "cp.continuing.6",
         "cp.winning.1", "cp.points.2", "cp.spoiled.1"),
        {"hands": [["sweet", "chonk", "stick", "brick", "stone", "leaf"],
                   ["choose", "sweet", "stick", "leaf", "stone", "brick"],
                   ["spoiled", "salty", "stick", "leaf", "stone", "brick"],
                   ["chonk", "stick", "leaf", "leaf", "stone", "brick"]],
         "discard": ["salty", "salty", "stick", "leaf", "stone", "brick"]},
        (("play", "sweet"), ("play", "choose"), ("choose_card", "brick"), ("play", "brick"),
         ("play", "spoiled"), ("play", "chonk"), ("continue_round", "chonk"), ("play", "sweet"),
         ("play", "salty"), ("play", "stick"), ("end_round",)),
        winner=1, points=2,
    ),
)


def replay_scenario(
    scenario: Scenario, ruleset: str | Ruleset | Mapping[str, object] = "recommended"
) -> ScenarioResult:
    """Replay ``scenario`` under ``ruleset``; agreement, or the mismatch and its clauses."""
    from rulecheck.games import load_game

    game = load_game("chonker-party", None, scenario.players, ruleset)
    state = game.new_initial_state(deal=dict(scenario.deal))
    for i, action in enumerate(scenario.actions):
        if isinstance(state, Pending):
            return ScenarioResult(scenario.id, False,
                                  f"before step {i + 1} the ruleset leaves {state.ruling} open",
                                  (*scenario.rules,), i)
        before = state
        try:
            state = game.apply(state, action).state
        except RulecheckError as exc:
            return ScenarioResult(
                scenario.id, False,
                f"step {i + 1} {list(action)}: the book does this but the rules forbid it: {exc}",
                (*scenario.clauses, *scenario.rules), i,
            )
    if isinstance(state, Pending):
        return ScenarioResult(scenario.id, False, f"the last step leaves {state.ruling} open",
                              scenario.rules, len(scenario.actions))
    gained = [
        tuple(a - b for a, b in zip(state.piles[p], before.piles[p], strict=True))  # type: ignore[attr-defined]
        for p in range(game.num_players)
    ]
    winners = [p for p in range(game.num_players) if any(gained[p][k] for k in range(NT))]
    if winners != [scenario.winner]:
        got = ", ".join(f"Player {p + 1}" for p in winners) or "nobody"
        return ScenarioResult(scenario.id, False,
                              f"the book says Player {scenario.winner + 1} wins the round; the rules give {got}",
                              scenario.rules, len(scenario.actions))
    if scenario.points is not None and points(gained[scenario.winner]) != scenario.points:
        return ScenarioResult(
            scenario.id, False,
            f"the book says the round scores {scenario.points} points; its cards are worth "
            f"{points(gained[scenario.winner])}", ("cp.points.1", "cp.spoiled.1"), len(scenario.actions))
    what = f" scoring {scenario.points} points" if scenario.points is not None else ""
    return ScenarioResult(scenario.id, True, f"Player {scenario.winner + 1} wins the round{what}, as the book says",
                          scenario.clauses)

