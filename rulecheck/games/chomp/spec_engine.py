"""Between the Chomp! engine and its specification: situations from engine states, and engine
steps projected onto the specification's outcome variables.

This module reads the engine; :mod:`rulecheck.games.chomp.spec` does not. For a race step of the
3+ player game it gives

* :func:`situation`: the facts the clauses read (:class:`~rulecheck.games.chomp.spec.RaceSituation`);
* :func:`project`: an engine step (before, action, after) as the specification's comparison key
  (:func:`~rulecheck.games.chomp.spec.compare_key` of the same outcome);
* :func:`engine_outcomes`: every outcome the engine can give the step, one per combination of
  the ruling options it depends on: those asked by the step itself (a ``Pending`` state under
  ``raw``) and those baked into the race when it started (:func:`standard.race_for`), so that the
  checker can tell which ruling points decide the step.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Mapping
from typing import Any

from rulecheck.core.game import Game, ruling_leaves
from rulecheck.core.provenance import Context, Undetermined
from rulecheck.games.chomp import spec, standard
from rulecheck.games.chomp.cards import CARD_NAMES
from rulecheck.games.chomp.race import VALID, classify, lowest
from rulecheck.games.chomp.state import (
    F_AFTER_TIE,
    KIND_MASK,
    OVER,
    R_PENALTY,
    R_RACE,
    RACE,
    REPLAY,
    RK_CHOMP,
    RK_FRENZY,
    RK_INKOUT,
    SHUFFLE,
    STANDARD,
    TIE_REPLAY,
    TURN,
    ChompState,
    players_of,
)

__all__ = ["applies", "engine_outcomes", "project", "raw_key", "situation"]

_STEP = {0: "new-round", REPLAY: "ink-out-replay", TIE_REPLAY: "tie-replay"}
_RACE = {RK_CHOMP: "chomp", RK_FRENZY: "feeding-frenzy", RK_INKOUT: "ink-out"}
_NEXT_STEP = {0: "round-over", REPLAY: "ink-out-replay", TIE_REPLAY: "tie-replay"}


def applies(state: Hashable) -> bool:
    """Whether the specification describes the steps from ``state``: a slap race of the 3+
    player game."""
    return (type(state) is ChompState and state.phase == RACE and state.mode == STANDARD  # type: ignore[union-attr]
            and state.step in _STEP and state.race & KIND_MASK in _RACE)  # type: ignore[union-attr]


def raw_key(state: ChompState, action: tuple[Any, ...]) -> tuple[Any, ...]:
    """Everything a race step depends on except the order of the piles' cards (a cache key)."""
    p = action[1] if action[0] == "slap" else -1
    top = state.piles[p][0] if p >= 0 and state.piles[p] else -1
    return (state.step, state.table, state.aside, state.aside_tie, state.centre, state.active, state.bad,
            state.ban_win, state.ban_bad, state.race, tuple(bool(x) for x in state.piles),
            tuple(bool(x) for x in state.discards), top, action)


def _name(card: int) -> str:
    return CARD_NAMES[card]


def _order(state: ChompState, action: tuple[Any, ...]) -> tuple[int, ...]:
    """The players in the order the situation names them: the slapper, then the card's owner (or
    the tied players), then the others by what they hold. The rules treat players alike, so a
    situation and its relabelling are the same question."""
    n = len(state.table)
    first: list[int] = []
    if action[0] == "slap":
        first = [action[1]] + ([action[2]] if action[2] != action[1] else [])
    elif action[0] == "tie":
        first = list(action[1:])
    rest = sorted((p for p in range(n) if p not in first), key=lambda p: (
        not state.active >> p & 1, state.table[p], state.bad >> p & 1, bool(state.piles[p]), bool(state.discards[p]),
        state.aside[p], state.aside_tie[p], p))
    return tuple(first + rest)


def situation(state: ChompState, action: tuple[Any, ...]) -> tuple[spec.RaceSituation, dict[int, int]]:
    """The facts of a race step, in the specification's words, with its players renamed in a
    canonical order; and the renaming (engine player -> situation player)."""
    n = len(state.table)
    order = _order(state, action)
    new = {p: i for i, p in enumerate(order)}
    origin_aside = "tie" if state.race & F_AFTER_TIE else "ink-out"
    aside = sorted([(new[p], _name(c), origin_aside) for p in range(n) for c in state.aside[p]]
                   + [(new[p], _name(c), "tie") for p in range(n) for c in state.aside_tie[p]])
    if action[0] == "slap":
        event: tuple[Any, ...] = ("slap", new[action[1]], new[action[2]], _name(action[3]))
    elif action[0] == "tie":
        event = ("tie", *sorted(new[p] for p in action[1:]))
    else:
        event = ("nobody",)
    return spec.RaceSituation(
        players=n,
        active=tuple(sorted(new[p] for p in players_of(state.active))),
        step=_STEP[state.step],
        table=tuple(_name(state.table[p][0]) if state.table[p] else None for p in order),
        aside=tuple(aside),
        centre=tuple(sorted(_name(c) for c in state.centre)),
        bad_before=tuple(sorted(new[p] for p in players_of(state.bad))),
        has_card=tuple(bool(state.piles[p]) for p in order),
        has_discard=tuple(bool(state.discards[p]) for p in order),
        event=event,
    ), new


def rename(key: tuple[Any, ...], new: dict[int, int]) -> tuple[Any, ...]:
    """An engine outcome key (:func:`project`) with its players renamed as in the situation."""
    names = {spec.pname(p): spec.pname(i) for p, i in new.items()}

    def one(text: str) -> str:
        for prefix in ("discard:", "replays.", ""):
            if text.startswith(prefix) and text[len(prefix):] in names:
                return prefix + names[text[len(prefix):]]
        return text

    facts = tuple(sorted((one(k), one(v)) for k, v in key if isinstance(v, str)))
    places = tuple(sorted(((one(a), one(b)), v) for (a, b), v in (x for x in key if not isinstance(x[1], str))))
    return facts + places


def _minus(after: tuple[int, ...], before: tuple[int, ...]) -> list[int]:
    left = Counter(after)
    left.subtract(before)
    return sorted(c for c, k in left.items() for _ in range(max(k, 0)))


def _next(before: ChompState, after: ChompState) -> str:
    if after.phase == OVER or after.mode != before.mode:
        return "round-over"
    if after.phase == RACE or (after.phase == SHUFFLE and after.resume in (R_RACE, R_PENALTY)):
        return "race-goes-on"
    return _NEXT_STEP.get(after.step, "round-over") if after.phase in (TURN, SHUFFLE) else "round-over"


def project(before: ChompState, action: tuple[Any, ...], after: ChompState) -> tuple[Any, ...]:
    """An engine step as the specification's comparison key (see :func:`spec.compare_key`)."""
    n = len(before.table)
    nxt = _next(before, after)
    facts: dict[str, str] = {"race": _RACE[before.race & KIND_MASK], "next": nxt}
    slap = action[0] == "slap"
    winner = "none"
    penalty_card = None
    if slap:
        p = action[1]
        bad = nxt == "race-goes-on"
        facts["bad_chomp"] = "yes" if bad else "no"
        penalty = "none"
        if bad:
            if after.phase == SHUFFLE and after.resume == R_PENALTY:
                penalty = "centre"
            elif len(after.piles[p]) == len(before.piles[p]) - 1:
                penalty = "centre"
                penalty_card = before.piles[p][0]
        facts["penalty"] = penalty
        if not bad and nxt == "round-over":
            winner = spec.pname(p)
    facts["winner"] = winner
    replay = nxt in ("ink-out-replay", "tie-replay")
    for q in players_of(before.active):
        replays = replay and after.replay >> q & 1 and after.active >> q & 1
        facts[f"replays.{spec.pname(q)}"] = "yes" if replays else "no"
    places: dict[tuple[str, str], list[str]] = {}

    def put(key: tuple[str, str], cards: list[int] | tuple[int, ...]) -> None:
        if cards:
            places.setdefault(key, []).extend(_name(c) for c in cards)

    if nxt == "race-goes-on":
        for q in range(n):
            put(("stays", spec.pname(q)), before.table[q])
    for q in range(n):
        put(("set-aside", spec.pname(q)), after.aside[q] + after.aside_tie[q])
        put((f"discard:{spec.pname(q)}", ""), _minus(after.discards[q], before.discards[q]))
    centre = list(after.centre)
    if penalty_card is not None:
        centre.remove(penalty_card)
    put(("centre", ""), centre)
    return tuple(sorted(facts.items())) + tuple(sorted((k, tuple(sorted(v))) for k, v in places.items()))


# --------------------------------------------------------------------------- the engine's options

def _race_assignments(game: Game, state: ChompState) -> list[tuple[dict[str, str], int]]:
    """Every combination of the options the race's start asks (:func:`standard.race_for`), with
    the race it gives: [(options, race)]."""
    key = (tuple(sorted(state.table)), state.step, any(state.aside) or any(state.aside_tie))
    found = _RACES.get(key)
    if found is None:
        found = _RACES[key] = _race_assignments_of(game, *key)
    return found


_RACES: dict[tuple[Any, ...], list[tuple[dict[str, str], int]]] = {}


def _race_assignments_of(game: Game, table: tuple[tuple[int, ...], ...], step: int,
                         has_aside: bool) -> list[tuple[dict[str, str], int]]:
    base: Mapping[str, str | None] = {rid: None for rid in game.ruling_points}
    out: list[tuple[dict[str, str], int]] = []
    todo: list[dict[str, str]] = [{}]
    while todo:  # invariant: each entry is a partial assignment not yet run
        fixed = todo.pop()
        choices = dict(base)
        choices.update(fixed)
        try:
            race = standard.race_for.fn(Context(choices), table, step, False, has_aside)
        except Undetermined as und:
            for opt in game.ruling_points[und.ruling].option_ids:
                todo.append({**fixed, und.ruling: opt})
            continue
        out.append((fixed, race))
    return sorted(out, key=lambda x: sorted(x[0].items()))


NOT_POSSIBLE: tuple[Any, ...] = (("step", "not-possible"),)
"""The outcome key of a step the engine does not offer under some ruling options."""


def engine_outcomes(game: Game, state: ChompState, action: tuple[Any, ...]) -> list[tuple[dict[str, str], Any]]:
    """Every outcome the engine (under ``game``'s ruleset) gives the race step, with the ruling
    options that lead to it: those baked into the race at its start (varied here, whatever the
    state holds) and those the step itself asks. Under a complete ruleset: one outcome."""
    out: list[tuple[dict[str, str], Any]] = []
    choices = game._choices
    if all(v is not None for v in choices.values()):
        step = game.apply_unchecked(state, action)
        return [({}, project(state, action, step.state))]  # type: ignore[arg-type]
    for fixed, race in _race_assignments(game, state):
        s2 = state._replace(race=race)
        if action not in game.legal_actions(s2):
            # under these options the race offers no such step (its slaps are other actions):
            # the options decide whether the step happens, so they are relevant to it
            out.append((fixed, NOT_POSSIBLE))
            continue
        for more, t in ruling_leaves(game, s2, action):
            out.append(({**fixed, **more}, project(s2, action, t)))  # type: ignore[arg-type]
    return out


def implicit_rulings(state: ChompState, action: tuple[Any, ...]) -> dict[str, str]:
    """Ruling points the step depends on through what earlier steps did with them: a slap by a
    player who already made a Bad Chomp this race exists only if he may Bad Chomp again
    (``chomp.bad_chomp_again``) or may still win (``chomp.bad_chomper_may_win``); and in a tie
    replay, which of the tie round's set-aside cards its winner takes was settled when the tie set
    them aside (``chomp.tie_replay_winnings``: the engine keeps them in two piles), so a slap there
    depends on that answer. (The last is counted wherever a slap meets set-aside cards in a tie
    replay: more situations than it changes, so it can hide, never invent, a silent decision.)"""
    found: dict[str, str] = {}
    if action[0] == "slap" and state.step == TIE_REPLAY and (any(state.aside) or any(state.aside_tie)):
        found["chomp.tie_replay_winnings"] = "earlier"
    if action[0] != "slap" or not state.bad >> action[1] & 1:
        return found
    p, q, t = action[1], action[2], action[3]
    r = classify(state.race, state.table, p, q == p, t, lowest(state.table))
    if r == VALID:
        return {**found, "chomp.bad_chomper_may_win": "may_still_win"}
    return {**found, "chomp.bad_chomp_again": "any_number"}
