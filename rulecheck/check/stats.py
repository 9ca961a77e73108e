"""Seeded playouts of whole games: length, win rates, outcomes, and how often ordinary play
consults each ruling point.

Game ``i`` of a run with seed ``s`` is played with ``random.Random(s + i)`` and the engine's
random policy (chance by its probabilities, every other choice uniformly), so it is exactly
``rulecheck simulate GAME ... --seed <s + i>``. Same seed and count, same figures.
"""

from __future__ import annotations

import random
import statistics
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from rulecheck.check.explore import Config
from rulecheck.core.game import CHANCE, TERMINAL, Action, Game
from rulecheck.core.provenance import Step

__all__ = ["PlayoutStats", "combined_frequency", "playout", "playout_stats"]


def _r(x: float) -> float:
    return round(float(x), 4)


@dataclass
class PlayoutStats:
    """Figures from ``games`` seeded playouts of one configuration."""

    config: Config
    games: int
    seed: int
    max_steps: int
    lengths: list[int] = field(default_factory=list)
    step_limit: int = 0
    returns: list[float] = field(default_factory=list)
    outcomes: dict[str, int] = field(default_factory=dict)
    ruling_games: dict[str, int] = field(default_factory=dict)
    ruling_consultations: dict[str, int] = field(default_factory=dict)
    gap_games: dict[str, int] = field(default_factory=dict)
    # per ruling point, the first steps (seed, step) where it may decide the step: consulted there,
    # or earlier in the same phase (a race's rulings are asked at its start, and matter at a slap);
    # for :func:`rulecheck.check.determinacy.check_ruling_steps` (not in the report)
    ruling_steps: dict[str, list[tuple[int, int]]] = field(default_factory=dict)
    # per outcome, the first seed whose game ended that way (a full-deck witness; not in the report)
    outcome_seeds: dict[str, int] = field(default_factory=dict)
    # per clause, the first step (seed, step) that applied it (a full-deck witness; not in the report)
    clause_steps: dict[str, tuple[int, int]] = field(default_factory=dict)

    def frequency(self, ruling: str) -> dict[str, Any]:
        """How often ``ruling`` came up: in how many games (consulted or left open)."""
        hit = self.ruling_games.get(ruling, 0) + self.gap_games.get(ruling, 0)
        return {
            "games": self.games,
            "games_hitting": hit,
            "consultations": self.ruling_consultations.get(ruling, 0),
            "rate": _r(hit / self.games) if self.games else 0.0,
            "seed": self.seed,
        }

    def to_json(self) -> dict[str, Any]:
        lengths = self.lengths or [0]
        n = max(self.games, 1)
        return {
            "config": self.config.to_json(),
            "games": self.games,
            "seed": self.seed,
            "seeds": f"{self.seed}..{self.seed + self.games - 1}",
            "max_steps": self.max_steps,
            "length": {
                "mean": _r(statistics.fmean(lengths)),
                "median": _r(statistics.median(lengths)),
                "min": min(lengths),
                "max": max(lengths),
            },
            "step_limit_games": self.step_limit,
            "win_rates": [_r(r / n) for r in self.returns],
            "outcomes": dict(sorted(self.outcomes.items())),
            "rulings": {
                rid: {
                    "games": self.ruling_games.get(rid, 0),
                    "consultations": self.ruling_consultations.get(rid, 0),
                    "open_games": self.gap_games.get(rid, 0),
                }
                for rid in sorted(set(self.ruling_games) | set(self.gap_games))
            },
        }


RULING_STEPS = 12
"""How many steps per ruling point :func:`playout_stats` keeps in ``ruling_steps``."""


def playout_stats(
    game: Game, games: int = 200, seed: int = 0, max_steps: int = 5_000, config: Config | None = None
) -> PlayoutStats:
    """Play ``games`` whole games of ``game`` from seeds ``seed .. seed + games - 1``.

    A game that has not ended after ``max_steps`` actions counts as a step-limit game (its
    length is ``max_steps``; it has no winner and no outcome).
    """
    out = PlayoutStats(config or Config.of(game), games, seed, max_steps, returns=[0.0] * game.num_players)
    ruling_games, consultations, gap_games = out.ruling_games, out.ruling_consultations, out.gap_games
    positions, clause_steps = out.ruling_steps, out.clause_steps
    for i in range(games):
        state = game.root_state()
        n = 0
        seen: set[str] = set()
        gaps: set[str] = set()
        carried: set[str] = set()  # the rulings asked since the phase began (and by the step into it)
        last: tuple[str, ...] = ()
        phase: Any = None
        for before, _, step in playout(game, seed + i, max_steps):
            now = getattr(before, "phase", None)
            carried = set(last) if now != phase else carried | set(last)
            phase = now
            prov = step.provenance
            for c in prov.clauses:
                if c not in clause_steps:
                    clause_steps[c] = (seed + i, n)
            for r in prov.rulings:
                consultations[r] = consultations.get(r, 0) + 1
                seen.add(r)
            for r in carried.union(prov.rulings):
                at = positions.setdefault(r, [])
                if len(at) < RULING_STEPS:
                    at.append((seed + i, n))
            last = prov.rulings
            if prov.gap is not None:
                gaps.add(prov.gap)
            state = step.state
            n += 1
        for r in seen:
            ruling_games[r] = ruling_games.get(r, 0) + 1
        for r in gaps:
            gap_games[r] = gap_games.get(r, 0) + 1
        out.lengths.append(n)
        if game.is_terminal(state):
            for p, value in enumerate(game.returns(state)):
                out.returns[p] += value
            o = game.outcome(state)
            out.outcomes[o] = out.outcomes.get(o, 0) + 1
            out.outcome_seeds.setdefault(o, seed + i)
        else:
            out.step_limit += 1
    return out


def playout(game: Game, seed: int, max_steps: int) -> Iterator[tuple[Any, Action, Step]]:
    """One seeded game: each step as (state before, action, step), at most ``max_steps`` of them.
    Chance by the engine's probabilities, every other choice uniformly, from ``random.Random(seed)``
    (the game ``rulecheck simulate ... --seed <seed>`` plays)."""
    rng = random.Random(seed)
    apply, current, legal, sample = game.apply_unchecked, game.current_player, game.legal_actions, game.sample_chance
    state = game.root_state()
    for _ in range(max_steps):
        who = current(state)
        if who == TERMINAL:
            return
        action = sample(state, rng) if who == CHANCE else rng.choice(legal(state))
        step = apply(state, action)
        yield state, action, step
        state = step.state


def combined_frequency(
    stats: list[PlayoutStats], ruling: str, where: list[Mapping[str, Any]] | None = None
) -> dict[str, Any] | None:
    """``ruling``'s frequency summed over the runs whose (variant, players) appear in ``where``
    (all runs if ``where`` is None); None if no run matches."""
    keys = None if where is None else {(c.get("variant"), c.get("players")) for c in where}
    chosen = [s for s in stats if keys is None or (s.config.variant, s.config.players) in keys]
    if not chosen:
        return None
    games = sum(s.games for s in chosen)
    hit = sum(s.ruling_games.get(ruling, 0) + s.gap_games.get(ruling, 0) for s in chosen)
    cons = sum(s.ruling_consultations.get(ruling, 0) for s in chosen)
    return {
        "games": games,
        "games_hitting": hit,
        "consultations": cons,
        "rate": _r(hit / games) if games else 0.0,
        "seed": chosen[0].seed,
        "configs": [f"{s.config.variant}/{s.config.players}p" for s in chosen],
    }
