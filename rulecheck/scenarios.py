"""Worked examples as scenarios the engine replays, and the findings when they disagree.

Every worked example of a rulebook is a :class:`Scenario`: a configuration, an explicit deal,
the actions the example describes (in the game's action format) and what the book says
happens, as data (a part of the final state's JSON that must match) or as a check function.
Replaying it gives a :class:`ScenarioResult`. An example that agrees with the rules is a
regression test; one that does not is an ``example-mismatch`` finding citing the example's
clauses and the rule clauses it contradicts (:func:`example_findings`).

The scenarios of a game live in ``rulecheck/games/<game>/examples.py`` as ``SCENARIOS``
(a sequence of :class:`Scenario`, or of a game's own record that :func:`as_scenario` adapts).

Examples
--------
>>> results = [replay_scenario(s) for s in scenarios_for("chomp")]  # doctest: +SKIP
>>> example_findings("chomp")  # doctest: +SKIP
[]
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rulecheck.core.errors import RulecheckError, UnknownGameError
from rulecheck.core.game import Game, Pending, action_from_json, action_to_json
from rulecheck.findings import Finding, Witness, finding_id
from rulecheck.games import GAMES, load_game, variants

__all__ = [
    "Check",
    "Scenario",
    "ScenarioResult",
    "as_scenario",
    "example_findings",
    "match_expected",
    "replay_scenario",
    "scenario_finding",
    "scenarios_for",
]

Check = Callable[[Game, Hashable], Sequence[str]]
"""A check function: (game, final state) -> the differences from the book's stated result
(empty when the result is what the book says)."""


@dataclass(frozen=True)
class Scenario:
    """One worked example of a rulebook, replayable by the engine.

    ``deal`` is the explicit deal in the game's JSON form (``Game.deal_action``); ``actions``
    are the JSON actions after the deal. ``expected`` is the book's stated result: a mapping
    that must be a part of the final state's JSON (see :func:`match_expected`) or a
    :data:`Check`. ``clauses`` are the example's clause IDs; ``contradicts`` the IDs of the
    rule clauses it is checked against. ``stated`` says the book's result in words.
    """

    id: str
    game: str
    variant: str | None
    players: int
    deal: Any
    actions: tuple[Any, ...]
    expected: Mapping[str, Any] | Check
    clauses: tuple[str, ...]
    contradicts: tuple[str, ...] = ()
    ruleset: str = "recommended"
    deck: str = "full"
    title: str = ""
    stated: str = ""
    severity: str = "medium"

    def config(self) -> dict[str, Any]:
        """The configuration the example is played in (the default variant if none is named)."""
        return {
            "game": self.game,
            "variant": self.variant or variants(self.game)[0],
            "players": self.players,
            "deck": self.deck,
            "ruleset": self.ruleset,
        }


@dataclass(frozen=True)
class ScenarioResult:
    """What replaying a scenario gave.

    ``ok`` is true when every action was legal and the final state matches the book.
    ``actions`` is the whole trace from the root (deal first) as JSON, as far as it replayed;
    ``problem_step`` the index of the action where the mismatch shows (the last one, or the
    refused one).
    """

    scenario: Scenario
    ok: bool
    mismatches: tuple[str, ...]
    actions: tuple[Any, ...]
    problem_step: int
    final: Mapping[str, Any] = field(default_factory=dict)
    final_text: str = ""
    error: str | None = None


def _deal_action(game: Game, deal: Any) -> tuple[Any, ...]:
    if isinstance(deal, tuple):
        return deal
    if isinstance(deal, list) and deal and isinstance(deal[0], str):
        return action_from_json(deal)  # already an action (["deal", ...])
    return game.deal_action(deal)


def replay_scenario(scenario: Scenario) -> ScenarioResult:
    """Replay the scenario in the engine and compare the final state with the book.

    Never raises for a disagreement: an illegal action or a different result is a mismatch
    in the returned result. Configuration errors (unknown game, bad ruleset) do raise.
    """
    game = load_game(scenario.game, scenario.variant, scenario.players, scenario.ruleset, scenario.deck)
    state: Hashable = game.root_state()
    done: list[Any] = []
    try:
        deal = _deal_action(game, scenario.deal)
        state = game.apply(state, deal).state
        done.append(action_to_json(deal))
    except RulecheckError as exc:
        return _refused(scenario, done, f"the engine refuses the example's deal: {exc}", game, state)
    for i, raw in enumerate(scenario.actions, 1):
        try:
            action = action_from_json(list(raw)) if isinstance(raw, (list, tuple)) else action_from_json(raw)
            state = game.apply(state, action).state
        except RulecheckError as exc:
            why = f"the engine refuses example step {i} {json.dumps(raw)}: {exc}"
            return _refused(scenario, done, why, game, state)
        done.append(action_to_json(action))
    final_json = game.state_to_json(state)
    if isinstance(state, Pending):
        mismatches: list[str] = [f"the rules leave this undecided (ruling point {state.ruling} is open in ruleset "
                                 f"{scenario.ruleset})"]
    elif callable(scenario.expected):
        mismatches = list(scenario.expected(game, state))
    else:
        mismatches = match_expected(scenario.expected, final_json)
    return ScenarioResult(
        scenario=scenario,
        ok=not mismatches,
        mismatches=tuple(mismatches),
        actions=tuple(done),
        problem_step=len(done) - 1,
        final=final_json,
        final_text="" if isinstance(state, Pending) else game.describe_state(state),
    )


def _refused(scenario: Scenario, done: list[Any], why: str, game: Game, state: Hashable) -> ScenarioResult:
    return ScenarioResult(
        scenario=scenario,
        ok=False,
        mismatches=(why,),
        actions=tuple(done),
        problem_step=len(done) - 1,
        final=game.state_to_json(state),
        final_text=game.describe_state(state) if not isinstance(state, Pending) else "",
        error=why,
    )


def match_expected(expected: Any, actual: Any, path: str = "") -> list[str]:
    """Where ``actual`` differs from ``expected``: objects match on ``expected``'s keys only
    (also inside lists of objects of the same length), other lists and scalars exactly.
    Returns one line per difference, naming its path."""
    here = path or "state"
    if isinstance(expected, Mapping):
        if not isinstance(actual, Mapping):
            return [f"{here}: the book expects an object, the engine has {json.dumps(actual)}"]
        out: list[str] = []
        for key in expected:
            sub = f"{path}.{key}" if path else str(key)
            if key not in actual:
                out.append(f"{sub}: missing in the engine's state")
            else:
                out.extend(match_expected(expected[key], actual[key], sub))
        return out
    if (
        isinstance(expected, (list, tuple))
        and isinstance(actual, (list, tuple))
        and len(expected) == len(actual)
        and any(isinstance(e, Mapping) for e in expected)
    ):
        return [m for i, (e, a) in enumerate(zip(expected, actual, strict=True))
                for m in match_expected(e, a, f"{here}[{i}]")]
    norm_e, norm_a = _norm(expected), _norm(actual)
    if norm_e != norm_a:
        return [f"{here}: the book says {json.dumps(norm_e)}, the engine has {json.dumps(norm_a)}"]
    return []


def _norm(x: Any) -> Any:
    if isinstance(x, tuple):
        return [_norm(v) for v in x]
    if isinstance(x, list):
        return [_norm(v) for v in x]
    return x


# --------------------------------------------------------------------------- registry


def as_scenario(record: Any, game: str, own_check: Callable[..., Any] | None = None) -> Scenario:
    """A game's example record as a :class:`Scenario` (thin adapter for other record types).

    Accepts a :class:`Scenario`, a mapping with the same field names, or an object with those
    attributes (``deal`` may be called ``deck``, ``clauses`` ``example_clauses``, ``contradicts``
    ``rule_clauses`` or ``rules``). A record with no ``expected`` is checked by the game's own
    ``own_check(record, ruleset)`` (its examples module's ``replay_scenario``), whose result says
    whether it ``agrees`` and, if not, the ``message``.
    """
    if isinstance(record, Scenario):
        return record
    get: Callable[[str, Any], Any]
    if isinstance(record, Mapping):
        get = record.get
    else:
        def get(name: str, default: Any = None) -> Any:
            return getattr(record, name, default)

    def first(*names: str, default: Any = None) -> Any:
        for n in names:
            value = get(n, None)
            if value is not None:
                return value
        return default

    deck_value = get("deck", None)
    deal = get("deal", None)
    deck = "full"
    if deal is None and isinstance(deck_value, (list, tuple)):
        deal = deck_value
    elif isinstance(deck_value, str):
        deck = deck_value
    return Scenario(
        id=str(first("id", "name")),
        game=str(first("game", default=game)),
        variant=first("variant"),
        players=int(first("players", "num_players")),
        deal=deal,
        actions=tuple(first("actions", default=())),
        expected=first("expected", "check", default=None) or _own_check(record, own_check),
        clauses=tuple(first("clauses", "example_clauses", default=())),
        contradicts=tuple(first("contradicts", "rule_clauses", "rules", default=())),
        ruleset=str(first("ruleset", default="recommended")),
        deck=deck,
        title=str(first("title", "description", default="")),
        stated=str(first("stated", "book_result", default="")) or _stated(record),
        severity=str(first("severity", default="medium")),
    )


def _own_check(record: Any, own_check: Callable[..., Any] | None) -> Check | Mapping[str, Any]:
    """The game's own checker of ``record`` as a :data:`Check` (or no expectation at all)."""
    if own_check is None:
        return {}

    def check(game: Game, state: Hashable) -> list[str]:
        result = own_check(record, game.ruleset)
        return [] if getattr(result, "agrees", getattr(result, "ok", False)) else [str(result.message)]

    return check


def _stated(record: Any) -> str:
    """The book's result from a record that states a round ``winner`` (0-based) and ``points``."""
    winner = getattr(record, "winner", None)
    if not isinstance(winner, int):
        return ""
    pts = getattr(record, "points", None)
    return f"Player {winner + 1} wins the round" + (f", scoring {pts} points" if pts is not None else "") + "."


def scenarios_for(game: str) -> list[Scenario]:
    """The worked examples of ``game`` (``rulecheck.games.<pkg>.examples.SCENARIOS``), or none
    if the game has no examples module."""
    if game not in GAMES:
        raise UnknownGameError(f"unknown game {game!r}; known games: {', '.join(GAMES)}")
    name = GAMES[game] + ".examples"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name == name:
            return []
        raise
    own_check = getattr(module, "replay_scenario", None)
    return [as_scenario(r, game, own_check) for r in getattr(module, "SCENARIOS", ())]


def scenario_finding(result: ScenarioResult) -> Finding:
    """The ``example-mismatch`` finding of a scenario that disagrees with the rules."""
    s = result.scenario
    witness = Witness(config=s.config(), actions=result.actions, problem_step=result.problem_step)
    said = f" The book says: {s.stated}" if s.stated else ""
    against = f" (checked against {', '.join(s.contradicts)})" if s.contradicts else ""
    detail = (
        f"The worked example {s.id} ({', '.join(s.clauses)}){against} does not match the rules "
        f"as the engine plays them ({s.ruleset} ruleset).{said}\n"
        + "\n".join(f"- {m}" for m in result.mismatches)
    )
    if result.final_text and result.error is None:
        detail += f"\nThe engine's result: {result.final_text}"
    return Finding(
        id=finding_id(s.game, "example-mismatch", s.id),
        game=s.game,
        kind="example-mismatch",
        severity=s.severity,
        title=f"Worked example contradicts the rules: {s.title or s.id}",
        detail=detail,
        clauses=tuple(dict.fromkeys((*s.clauses, *s.contradicts))),
        configs=(s.config(),),
        witness=witness,
        verified=True,
        source="examples",
        data={
            "scenario": s.id,
            "example_clauses": list(s.clauses),
            "contradicts": list(s.contradicts),
            "stated": s.stated,
            "mismatches": list(result.mismatches),
            "actual": result.final_text,
        },
    )


def example_findings(game: str) -> list[Finding]:
    """Replay every worked example of ``game``; one ``example-mismatch`` finding per example
    that contradicts the rules (none for examples that agree), in scenario order."""
    return [scenario_finding(r) for r in (replay_scenario(s) for s in scenarios_for(game)) if not r.ok]
