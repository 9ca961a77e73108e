"""The reference engine: seeded playouts, replayable traces and their JSON form.

A trace is the list of actions from the root state (the deal is its first, chance, action),
so any game, random or hand-made, replays exactly with :func:`replay`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rulecheck import __version__
from rulecheck.core.errors import IllegalActionError, InvalidStateError, RulecheckError
from rulecheck.core.game import CHANCE, TERMINAL, Action, Game, actor_name
from rulecheck.core.provenance import Provenance
from rulecheck.games import load_game

__all__ = [
    "TRACE_FORMAT",
    "Policy",
    "Trace",
    "TraceStep",
    "actor_name",
    "format_trace",
    "play",
    "playout",
    "random_policy",
    "replay",
    "trace_from_json",
    "trace_to_json",
]

TRACE_FORMAT = "rulecheck-trace/1"

Policy = Callable[[Game, Hashable, random.Random], Action]


@dataclass(frozen=True, slots=True)
class TraceStep:
    """One applied action: who acted, what, in the rulebook's words, and its provenance."""

    actor: int
    action: Action
    text: str
    provenance: Provenance


@dataclass(frozen=True)
class Trace:
    """A whole or partial game: the steps from the root and how it stopped."""

    game: Game
    seed: int | None
    steps: tuple[TraceStep, ...]
    final: Hashable
    status: str  # "terminal", "step-limit" or "stopped"

    @property
    def actions(self) -> tuple[Action, ...]:
        return tuple(s.action for s in self.steps)

    @property
    def gaps(self) -> tuple[tuple[int, str], ...]:
        """(step index, ruling ID) for each step that hit an undecided ruling point."""
        return tuple((i, s.provenance.gap) for i, s in enumerate(self.steps) if s.provenance.gap)


def random_policy(game: Game, state: Hashable, rng: random.Random) -> Action:
    """Chance by its probabilities, every other choice (races and rulings too) uniformly."""
    if game.is_chance_node(state):
        return game.sample_chance(state, rng)
    return rng.choice(game.legal_actions(state))


def play(
    game: Game,
    seed: int | None = 0,
    max_steps: int = 20_000,
    policy: Policy = random_policy,
    start: Hashable | None = None,
) -> Trace:
    """Play from the root (or ``start``) until terminal or ``max_steps`` actions."""
    rng = random.Random(seed)
    state = game.root_state() if start is None else start
    steps: list[TraceStep] = []
    status = "terminal"
    while not game.is_terminal(state):
        if len(steps) >= max_steps:
            status = "step-limit"
            break
        actor = game.current_player(state)
        action = policy(game, state, rng)
        text = game.describe_action(state, action)
        step = game.apply(state, action)
        steps.append(TraceStep(actor, action, text, step.provenance))
        state = step.state
    return Trace(game, seed, tuple(steps), state, status)


def playout(game: Game, rng: random.Random, max_steps: int = 20_000) -> tuple[int, Hashable]:
    """A fast random playout without the log: (actions applied, final state)."""
    state = game.root_state()
    n = 0
    apply = game.apply_unchecked
    current_player, legal_actions, sample_chance = game.current_player, game.legal_actions, game.sample_chance
    choice = rng.choice
    while n < max_steps:
        actor = current_player(state)
        if actor == TERMINAL:
            break
        if actor == CHANCE:
            action = sample_chance(state, rng)
        else:
            action = choice(legal_actions(state))
        state = apply(state, action).state
        n += 1
    return n, state


def replay(
    game: Game, actions: Iterable[Action], start: Hashable | None = None
) -> tuple[list[TraceStep], Hashable]:
    """Apply ``actions`` from the root (or ``start``), checking each; names the failing step."""
    state = game.root_state() if start is None else start
    steps: list[TraceStep] = []
    for i, action in enumerate(actions):
        actor = game.current_player(state)
        try:
            text = game.describe_action(state, action) if game.is_legal(state, action) else ""
            step = game.apply(state, action)
        except RulecheckError as exc:
            raise IllegalActionError(f"step {i}: {exc}") from exc
        steps.append(TraceStep(actor, action, text, step.provenance))
        state = step.state
    return steps, state


def trace_to_json(trace: Trace) -> dict[str, Any]:
    game = trace.game
    return {
        "format": TRACE_FORMAT,
        "engine": f"rulecheck {__version__}",
        "config": game.config_json(),
        "seed": trace.seed,
        "status": trace.status,
        "steps": [
            {
                "actor": game.actor_text(s.actor, s.action),
                "action": game.action_to_json(s.action),
                "text": s.text,
                **s.provenance.to_json(),
            }
            for s in trace.steps
        ],
        "final": game.state_to_json(trace.final),
        "terminal": game.is_terminal(trace.final),
        "returns": list(game.returns(trace.final)),
    }


def trace_from_json(
    data: Mapping[str, Any], ruleset: Any = None
) -> tuple[Game, tuple[Action, ...], Mapping[str, Any]]:
    """Parse a trace; returns the game it was played with, its actions and the raw JSON."""
    if not isinstance(data, Mapping) or data.get("format") != TRACE_FORMAT:
        raise InvalidStateError(f"not a rulecheck trace (expected format {TRACE_FORMAT!r})")
    cfg = data.get("config", {})
    try:
        game = load_game(
            cfg["game"],
            cfg.get("variant"),
            cfg.get("players"),
            ruleset if ruleset is not None else cfg.get("ruleset", "recommended"),
            cfg.get("deck", "full"),
        )
        steps: Sequence[Mapping[str, Any]] = data["steps"]
        actions = tuple(game.action_from_json(s["action"]) for s in steps)
    except (KeyError, TypeError) as exc:
        raise InvalidStateError(f"malformed trace: missing or wrong field {exc}") from exc
    return game, actions, data


def format_trace(trace: Trace, cite: bool = False) -> str:
    """The trace as a player's log: each round in plain words (who turned over what, who slapped
    or played, who took which cards and why), and who won; ``cite`` adds the clauses and ruling
    points each line applied (:func:`rulecheck.story.log.player_log`)."""
    from rulecheck.story.log import player_log

    return player_log(trace, cite=cite)
