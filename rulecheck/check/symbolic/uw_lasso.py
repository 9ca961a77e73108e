"""Infinite plays of Underwater War on the full deck with a fixed return order
(``chomp.two_player_won_cards = bottom_of_pile``): an engine stem and a Z3 lasso from its end.

A lasso searched by Z3 from the deal (:func:`.lasso.lasso`) reaches a few steps only (a
symbolic 50-card deal and every choice; see ``docs/BENCHMARKS.md``), and the infinite plays
found so far need about a hundred steps before they loop. So the search is split:

1. **stem** (the engine, :func:`find_stem`): seeded deals played with fixed choices: nobody
   slaps in an Eel race (ruling ``chomp.nobody_slaps = own_discards``: each player takes his
   card back into his discard pile) and a shuffled discard pile placed highest first; the play
   is followed until a state repeats (a hash set), and the stem is cut ``margin`` steps before
   the repeated state;
2. **lasso** (Z3, :func:`lasso_after_stem`): from the engine state at the stem's end, a lasso
   over every choice (race outcomes, shuffle orders), found by :func:`.lasso.lasso` with the
   stem's last state as the only initial state. States are compared without ``used.*`` and
   ``chain`` (what the step into a state consulted, and the turn-overs of the round so far:
   history that never changes what can happen next).

The witness is the stem followed by the lasso, decoded into one engine trace from the deal
(:func:`.decode.replay_from`): every state is compared with the encoding's, and the replay
shows the engine state at the loop's end equal to the one at its start. The deal and stem are
the engine's own (a witness of reachability); the loop is Z3's.
"""

from __future__ import annotations

import dataclasses
import random
import time
from collections.abc import Hashable
from typing import Any

import z3

from rulecheck.check.symbolic.chomp_encoding import ChompEncoding
from rulecheck.check.symbolic.decode import abstract_chomp, engine_game, replay_from
from rulecheck.check.symbolic.lasso import lasso
from rulecheck.check.symbolic.system import CheckResult, State
from rulecheck.core.game import Action, Game

__all__ = ["find_stem", "lasso_after_stem"]


def _choose(g: Game, state: Any, rng: random.Random) -> Action:
    """The stem's fixed choices: the deal at random (seeded), a discard pile shuffled highest
    first, nobody slapping in a race."""
    if g.is_chance_node(state):
        if state.phase == 3:  # SHUFFLE
            p = state.shuffle_for
            return ("shuffle", p, tuple(sorted(state.discards[p], reverse=True)))
        return g.sample_chance(state, rng)
    acts = g.legal_actions(state)
    return ("nobody_slaps",) if ("nobody_slaps",) in acts else acts[0]


def find_stem(g: Game, seeds: range, max_loop: int = 8, margin: int = 0, max_steps: int = 2000) -> tuple[
        int, list[Action], list[Hashable]] | None:
    """The first seeded play that repeats a state within ``max_loop`` steps: (seed, actions from
    the root to the stem's end, engine states along them), the stem ending ``margin`` steps
    before the first occurrence of the repeated state."""
    for seed in seeds:
        rng = random.Random(seed)
        state = g.root_state()
        actions: list[Action] = []
        states: list[Hashable] = []
        seen: dict[Hashable, int] = {}
        while not g.is_terminal(state) and len(actions) < max_steps:
            action = _choose(g, state, rng)
            state = g.apply(state, action).state
            actions.append(action)
            if state in seen:
                if len(actions) - seen[state] > max_loop:
                    break
                cut = max(1, seen[state] - margin)
                return seed, actions[:cut], states[:cut]
            seen[state] = len(actions)
            states.append(state)
    return None


def lasso_after_stem(enc: ChompEncoding, max_depth: int = 8, budget_seconds: float | None = 60.0,
                     seeds: range = range(2000), margin: int = 0) -> CheckResult:
    """``lasso-after-stem``: an infinite play (engine stem + Z3 lasso), replayed in the engine."""
    t0 = time.monotonic()
    question = "an infinite play: an engine stem from a deal, then a state that repeats (Z3 lasso)"
    if enc.options.get("chomp.two_player_won_cards") != "bottom_of_pile":
        r = CheckResult("lasso-after-stem", "unknown", 0, 0.0, None, [],
                        "not checked: needs chomp.two_player_won_cards = bottom_of_pile (a fixed return order)")
        r.meta["question"] = question
        return r
    g = engine_game(enc)
    found = find_stem(g, seeds, max_loop=max_depth - margin, margin=margin)
    if found is None:
        r = CheckResult("lasso-after-stem", "unknown", 0, time.monotonic() - t0, None, [],
                        f"no seeded play of {len(seeds)} deals repeated a state")
        r.meta["question"] = question
        return r
    seed, prefix, states = found
    start = abstract_chomp(states[-1])
    system = dataclasses.replace(enc.system, init=_is_state(start, enc), equal=_same_future)
    left = None if budget_seconds is None else max(1.0, budget_seconds - (time.monotonic() - t0))
    result = lasso(system, max_depth, query="lasso-after-stem", budget_seconds=left)
    result.seconds = time.monotonic() - t0
    result.meta.update(question=question, seed=seed, stem_actions=len(prefix))
    if result.witness is not None:
        rep = replay_from(enc, states[-1], prefix, result.witness, g)
        result.attach_replay(rep)
        if rep.ok:
            start = len(prefix) + (result.witness.loop_start or 0)
            result.meta["loop_start_action"] = start  # 0-based index in the trace of the loop's first action
            result.meta["loop"] = _loop_in_engine(g, rep.actions, start, len(prefix) + result.witness.depth)
        result.detail = (f"deal of seed {seed}, {len(prefix)} engine actions, then Z3: {result.detail}; "
                         f"{result.meta.get('loop', '')}")
    else:
        result.detail = f"deal of seed {seed}, stem of {len(prefix)} engine actions: {result.detail}"
    return result


def _loop_in_engine(g: Game, actions: list[Action], j: int, k: int) -> str:
    """Replay ``actions`` and check that the engine states after ``j`` and ``k`` encoding steps
    (ruling answers follow their action) are the same state."""
    from rulecheck.core.game import Pending

    state = g.root_state()
    after: list[Hashable] = []
    for a in actions:
        state = g.apply(state, a).state
        if not isinstance(state, Pending):
            after.append(state)
    # after[0] follows the deal: encoding step i from the stem's end is after[stem + i - 1]
    same = after[j - 1] == after[k - 1]
    return (f"the engine state after action {k} of the trace {'equals' if same else 'DIFFERS FROM'} "
            f"the one after action {j} (the deal is action 1)")


def _is_state(values: dict[str, Any], enc: ChompEncoding) -> Any:
    def init(s: State) -> z3.BoolRef:
        cs = [s[k] == v for k, v in values.items()]
        cs += [z3.Not(s[f"used.{rid}"]) for rid in enc.rulings]
        return z3.And(*cs, s["chain"] == 0)
    return init


def _same_future(s: State, t: State) -> z3.BoolRef:
    return z3.And([s[k] == t[k] for k in s if not k.startswith("used.") and k != "chain"])
