"""The explorer's breadth-first loop, compiled by mypyc with the engine.

:func:`rulecheck.check.explore.explore` sets a search up (the root, the store, the result's
tables) and calls :func:`expand_all`, which expands the stored states in order until none is
left or a bound stops it. It is the one loop of the search, kept apart only so that it can be
compiled: run by the interpreter, its own bytecode took about 28 % of the explorer's CPU time on
the yardstick's Underwater War decks (a native profile, ``benchmarks/spin/bench_uw.py``). It
knows nothing of any game: the game's functions and the search's containers come in as
arguments, as they were local names of ``explore`` before.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from rulecheck.core.game import Pending

__all__ = ["CHECK_EVERY", "expand_all", "note_violations"]

CHECK_EVERY = 512
"""How often (in states expanded; a power of two) the loop looks at the clock."""


def note_violations(res: Any, node: int, found: Any) -> None:
    """Count the invariants state ``node`` breaks (``found``: its violations) in ``res``'s
    tables; the first state that breaks each one is kept with its violation."""
    count: dict[str, int] = res.violation_count
    first: dict[str, Any] = res.violations_first
    for v in found:
        count[v.id] = count.get(v.id, 0) + 1
        if v.id not in first:
            first[v.id] = (node, v)


def expand_all(
    game: Any,
    res: Any,
    expand: Callable[[Any, Any], Any],
    canon: Callable[[Any], Any] | None,
    invariants: Callable[[Any], Any] | None,
    pack: Callable[[Any], bytes] | None,
    limit: int,
    deadline: float | None,
    progress: Callable[[int, int, int, float], None] | None,
    progress_seconds: float,
    t0: float,
) -> tuple[str, int, int]:
    """Expand the states of ``res.states`` from the first, in order, storing each new successor
    (its number, parent and action index in ``res``'s arrays; terminals, deadlocks, outcomes,
    ruling points and clauses first met, invariants broken and gaps reached in its tables), until
    every stored state is expanded (``"exhausted"``) or ``limit`` states are stored
    (``"max-states"``) or the ``deadline`` passes (``"max-seconds"``). ``canon`` gives a state's
    representative (None: no symmetry reduction), ``invariants`` the invariants a new state
    breaks (None: not checked), ``pack`` its encoding for the store ``res.index`` (None: states
    kept as objects in ``res.states`` and the dict ``res.index``). Returns (why it stopped, states expanded,
    transitions)."""
    apply = game.apply_unchecked
    outcome = game.outcome
    states: Any = res.states
    index: Any = res.index
    parent: Any = res.parent
    parent_action: Any = res.parent_action
    offsets: Any = res.offsets
    succ: Any = res.succ
    terminals: list[int] = res.terminals
    deadlocks: list[int] = res.deadlocks
    pending_first: dict[str, int] = res.pending_first
    pending_count: dict[str, int] = res.pending_count
    rulings_first: dict[str, int] = res.rulings_first
    cited: set[str] = res.clauses_cited
    seen_clause_tuples: set[tuple[str, ...]] = set()
    outcomes_first: dict[Any, int] = res.outcomes_first
    outcome_count: dict[Any, int] = res.outcome_count
    listed = isinstance(states, list)
    next_report = t0 + progress_seconds
    transitions = 0
    i = 0
    stop = "exhausted"
    while i < len(states):
        if len(states) >= limit:
            stop = "max-states"
            break
        if (i & (CHECK_EVERY - 1)) == 0 and (deadline is not None or progress is not None):
            now = time.monotonic()
            if deadline is not None and now >= deadline:
                stop = "max-seconds"
                break
            if progress is not None and now >= next_report:
                progress(i, len(states), transitions, now - t0)
                next_report = now + progress_seconds
        s = states[i]
        actions = expand(game, s)
        if actions is None:  # terminal
            terminals.append(i)
            o = outcome(s)
            outcome_count[o] = outcome_count.get(o, 0) + 1
            if o not in outcomes_first:
                outcomes_first[o] = i
            offsets.append(len(succ))
            i += 1
            continue
        if not actions:
            deadlocks.append(i)
        for a_idx, action in enumerate(actions):
            step = apply(s, action)
            transitions += 1
            prov = step.provenance
            cl = prov.clauses
            if cl and cl not in seen_clause_tuples:
                seen_clause_tuples.add(cl)
                cited.update(cl)
            t = step.state
            if pack is None:
                # a stored key is canonical, and canonical() is idempotent: skip the call for it
                j = index.get(t)
                key = t
                if j is None and canon is not None and type(t) is not Pending:
                    key = canon(t)
                    j = index.get(key)
                stored: Any = key
            else:
                key = t if canon is None or type(t) is Pending else canon(t)
                stored = pack(key)
                j = index.get(stored)
            if j is None:
                if listed:
                    j = len(states)
                    index[stored] = j
                    states.append(stored)
                else:
                    j = index.add(stored)
                parent.append(i)
                parent_action.append(a_idx)
                if prov.gap is not None:
                    g = prov.gap
                    pending_count[g] = pending_count.get(g, 0) + 1
                    if g not in pending_first:
                        pending_first[g] = j
                elif invariants is not None:
                    found = invariants(key)
                    if found:
                        note_violations(res, j, found)
            rulings = prov.rulings
            if rulings:
                for r in rulings:
                    if r not in rulings_first:
                        rulings_first[r] = i
            succ.append(j)
        offsets.append(len(succ))
        i += 1
    return stop, i, transitions
