"""Chonker Party exact-encoding witnesses -> engine traces, and engine steps -> encoding paths.

:func:`replay_exact` turns a :class:`~.system.Witness` of :mod:`.chonker_exact` into the
engine's actions from the root (the deal first), answering every Pending ruling state with the
option the witness chose, and replays them step by step: after every engine action the engine
state must equal the witness's next engine state (``ctl == DONE``) and the ruling points the
engine consulted must be those the witness marks ``used``.

The other direction: :func:`closure` runs the encoding from a concrete engine state through
one engine action (its micro-steps included) to the next engine state;
:func:`check_engine_step` says whether an engine step is a path of the encoding, and
:func:`encoding_successors` enumerates every successor the encoding admits (to compare with
``Game.successors``).
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import Any

import z3

from rulecheck.check.symbolic.chonker_exact import (
    A_CALLWAR,
    A_CHOOSE,
    A_CONT,
    A_DEAL,
    A_DISCARD,
    A_DRAW,
    A_MASTER,
    A_NAME,
    A_PLAY,
    A_SHOW,
    A_STEAL,
    A_STOLEN,
    ACTS,
    CONSULTED,
    CONTROL,
    DONE,
    ChonkerExact,
    abstract,
    engine_fields,
    engine_part,
)
from rulecheck.check.symbolic.decode import Replay
from rulecheck.check.symbolic.system import Witness, evaluate
from rulecheck.core.game import Action, Game, Pending, action_to_json
from rulecheck.core.rulings import load_ruling_points
from rulecheck.games import load_game
from rulecheck.games.chonker_party.cards import NAMES, NK
from rulecheck.games.chonker_party.state import PH_DISCARD_RANDOM

__all__ = [
    "check_engine_step",
    "closure",
    "encoding_successors",
    "engine_action",
    "engine_game",
    "inputs_of",
    "replay_exact",
    "run_action",
]

_CARD = {A_DRAW, A_PLAY, A_CONT, A_CHOOSE, A_STOLEN, A_NAME, A_SHOW, A_DISCARD}
_PLAYER = {A_MASTER, A_CALLWAR, A_STEAL}
MICRO_LIMIT = 40
"""Micro-steps one engine action may take in :func:`closure` (an action takes at most about
4 per player: passes over empty hands, the circle's end, the round's end and the refill)."""


def engine_game(enc: ChonkerExact) -> Game:
    return load_game("chonker-party", None, enc.players, enc.ruleset, "full")


def _names(vec: list[int]) -> tuple[str, ...]:
    return tuple(NAMES[k] for k in range(NK) for _ in range(vec[k]))


def engine_action(before: Mapping[str, Any], inputs: Mapping[str, Any], after: Mapping[str, Any],
                  n: int) -> Action:
    """The engine action of the encoding step ``before -> after`` with ``inputs``."""
    act = int(inputs["act"])
    name = ACTS[act]
    if act == A_DEAL:
        hands = tuple(_names([int(after[f"h{p}_{k}"]) for k in range(NK)]) for p in range(n))
        return ("deal", hands, _names([int(after[f"disc{k}"]) for k in range(NK)]))
    if act in _PLAYER:
        return (name, int(inputs["q"]))
    if act in _CARD:
        if act == A_DISCARD and before["phase"] == PH_DISCARD_RANDOM:
            name = "discarded"
        return (name, NAMES[int(inputs["k"])])
    return (name,)


def inputs_of(state: Hashable, action: Action) -> dict[str, int]:
    """The encoding's ``act``/``k``/``q`` for an engine action (not the deal)."""
    verb = "discard" if action[0] == "discarded" else action[0]
    act = ACTS.index(verb)
    out = {"act": act, "k": 0, "q": 0}
    if act in _CARD:
        out["k"] = NAMES.index(action[1])
    elif act in _PLAYER:
        out["q"] = int(action[1])
    return out


def _answer(enc: ChonkerExact, rid: str, inputs: Mapping[str, Any]) -> str:
    """The option the witness chose for an open ruling (its index input ``opt.<id>``)."""
    options = load_ruling_points("chonker-party")[rid].option_ids
    return options[int(inputs.get(f"opt.{rid}", 0))]


def _apply(enc: ChonkerExact, g: Game, state: Hashable, action: Action, inputs: Mapping[str, Any]) -> tuple[
        Hashable, list[Action], tuple[str, ...]]:
    """Apply ``action``, answering every Pending with the witness's option."""
    step = g.apply(state, action)
    actions = [action]
    while isinstance(step.state, Pending):
        answer = ("ruling", step.state.ruling, _answer(enc, step.state.ruling, inputs))
        step = g.apply(step.state, answer)
        actions.append(answer)
    return step.state, actions, step.provenance.rulings


def replay_exact(enc: ChonkerExact, witness: Witness, game: Game | None = None) -> Replay:
    """Decode ``witness`` into engine actions and replay them, comparing every engine state and
    the ruling points consulted. A witness that ends inside an action (``ctl != DONE``) is
    replayed up to its last engine state, and its last action is applied too (its result is
    then not compared)."""
    g = game or engine_game(enc)
    n = enc.players
    out = Replay()
    state = g.root_state()
    states = witness.states
    for i, inputs in enumerate(witness.inputs):
        if states[i]["ctl"] != DONE:
            continue
        action = engine_action(states[i], inputs, states[i + 1], n)
        try:
            state, acts, rulings = _apply(enc, g, state, action, inputs)
        except Exception as exc:  # an illegal action is a disagreement
            out.ok, out.final = False, state
            out.mismatch = f"step {i + 1}: the engine rejects {action_to_json(action)}: {exc}"
            return out
        out.actions += acts
        j = next((j for j in range(i + 1, len(states)) if states[j]["ctl"] == DONE), None)
        if j is None:
            break
        got, want = abstract(state, n), engine_part(states[j], n)
        if got != want:
            diff = {k: (got[k], want[k]) for k in want if got[k] != want[k]}
            out.ok, out.final = False, state
            out.mismatch = f"state {j} after {action_to_json(action)}: (engine, encoding) differ on {diff}"
            return out
        used = {rid for rid in CONSULTED if states[j][f"used.{rid}"]}
        if set(rulings) != used:
            out.ok, out.final = False, state
            out.mismatch = (f"state {j}: rulings consulted: engine {sorted(rulings)}, encoding {sorted(used)}")
            return out
    out.final = state
    return out


# --------------------------------------------------------------------------- engine -> encoding


def _constants(enc: ChonkerExact, values: Mapping[str, Any]) -> dict[str, z3.ExprRef]:
    """A concrete encoding state at an engine state: control DONE, nothing used, chain 0."""
    out: dict[str, z3.ExprRef] = {}
    for name, sort in enc.system.variables:
        if name in values:
            v = values[name]
        elif name in dict(CONTROL) or name.startswith("o."):
            v = 0
        else:
            v = False
        out[name] = z3.BoolVal(bool(v)) if sort == z3.BoolSort() else z3.BitVecVal(int(v), sort.size())
    return out


def closure(enc: ChonkerExact, state: Hashable, inputs: Mapping[str, int] | None = None,
            limit: int = MICRO_LIMIT) -> list[tuple[dict[str, Any], dict[str, Any], int]]:
    """Every (first-step inputs, next engine state, micro-steps) the encoding admits from the
    engine ``state`` through one engine action; ``inputs`` fixes ``act``/``k``/``q``/``opt.*``.

    The deal is not enumerated (too many): pass a state after the deal."""
    sysm = enc.system
    start = _constants(enc, abstract(state, enc.players))
    found: list[tuple[dict[str, Any], dict[str, Any], int]] = []
    solver = z3.SolverFor("QF_BV")
    first = sysm.input(0, "cl")
    for key, v in (inputs or {}).items():
        solver.add(first[key] == v)
    states = [start]
    ins = [first]
    for j in range(1, limit + 1):
        nxt = sysm.state(j, "cl")
        inp = first if j == 1 else sysm.input(j - 1, "cl")
        if j > 1:
            ins.append(inp)
            solver.add(states[-1]["ctl"] != DONE)
        solver.add(sysm.step(states[-1], inp, nxt))
        states.append(nxt)
        blocked: list[z3.BoolRef] = []
        while True:
            answer = solver.check(nxt["ctl"] == DONE, *blocked)
            if answer != z3.sat:
                break
            model = solver.model()
            chosen = {k: evaluate(model, v) for k, v in first.items()}
            after = {k: evaluate(model, v) for k, v in nxt.items()}
            found.append((chosen, after, j))
            blocked.append(z3.Not(_key(first, chosen)))
        if solver.check() != z3.sat:
            break
    return found


def _key(first: Mapping[str, z3.ExprRef], chosen: Mapping[str, Any]) -> z3.BoolRef:
    """What identifies an engine action among the first step's inputs."""
    act = int(chosen["act"])
    cs = [first["act"] == act]
    if act in _CARD:
        cs.append(first["k"] == chosen["k"])
    if act in _PLAYER:
        cs.append(first["q"] == chosen["q"])
    cs += [first[k] == chosen[k] for k in first if k.startswith("opt.")]
    return z3.And(cs)


def run_action(enc: ChonkerExact, values: Mapping[str, Any], inputs: Mapping[str, int],
               limit: int = MICRO_LIMIT) -> dict[str, Any] | None:
    """The encoding's deterministic run of one engine action (not the deal) from the engine
    fields ``values`` with first-step ``inputs``: the trans formula with the current state and
    inputs substituted simplifies to ``next == constant`` for every variable; micro-steps are
    followed to the next engine state. None if the encoding has no such step."""
    sysm = enc.system
    current = _constants(enc, values)
    sorts = dict(sysm.variables)
    for j in range(limit):
        given = inputs if j == 0 else {}
        inp = {name: z3.BitVecVal(int(given.get(name, 0)), sort.size()) for name, sort in sysm.inputs}
        nxt = sysm.state(j + 1, "run")
        formula = z3.simplify(sysm.step(current, inp, nxt))
        parsed = _equalities(formula, sorts)
        if parsed is None:
            return None
        current = {name: z3.BoolVal(v) if sorts[name] == z3.BoolSort() else z3.BitVecVal(v, sorts[name].size())
                   for name, v in parsed.items()}
        if parsed["ctl"] == DONE:
            return parsed
    return None


def _equalities(formula: z3.ExprRef, sorts: Mapping[str, z3.SortRef]) -> dict[str, Any] | None:
    """``{variable: value}`` from a conjunction of ``variable == constant`` (None if false or
    not determined)."""
    if z3.is_false(formula):
        return None
    parts = formula.children() if z3.is_and(formula) else [formula]
    out: dict[str, Any] = {}
    for c in parts:
        if z3.is_eq(c) and z3.is_const(c.arg(0)) and (z3.is_bv_value(c.arg(1)) or z3.is_bool(c.arg(1))):
            out[c.arg(0).decl().name().split("@")[0]] = evaluate_constant(c.arg(1))
        elif z3.is_not(c) and z3.is_const(c.arg(0)):
            out[c.arg(0).decl().name().split("@")[0]] = False
        elif z3.is_const(c) and z3.is_bool(c):
            out[c.decl().name().split("@")[0]] = True
        else:
            return None
    return out if len(out) == len(sorts) else None


def evaluate_constant(v: z3.ExprRef) -> Any:
    if z3.is_true(v):
        return True
    if z3.is_false(v):
        return False
    return v.as_long()


def check_engine_step(enc: ChonkerExact, state: Hashable, action: Action, after: Hashable,
                      options: Mapping[str, int] | None = None, rulings: Sequence[str] | None = None) -> str | None:
    """None if the engine step ``state --action--> after`` is a path of the encoding (the
    encoding's run from ``state`` reaches exactly ``after``); otherwise what differs.
    ``options`` gives the open rulings' option indices (``opt.<id>``) under ``raw``; with
    ``rulings`` (the engine step's provenance), the ruling points consulted must be the same."""
    inputs = dict(inputs_of(state, action))
    inputs.update({f"opt.{rid}": v for rid, v in (options or {}).items()})
    got = run_action(enc, abstract(state, enc.players), inputs)
    want = abstract(after, enc.players)
    if got is None:
        return f"the encoding has no step for {action_to_json(action)}"
    if rulings is not None:
        used = {rid for rid in CONSULTED if got[f"used.{rid}"]}
        if used != set(rulings):
            return (f"after {action_to_json(action)}: rulings consulted: engine {sorted(rulings)}, "
                    f"encoding {sorted(used)}")
    result = engine_part(got, enc.players)
    if result != want:
        diff = {k: (want[k], result[k]) for k in want if result[k] != want[k]}
        return f"after {action_to_json(action)} (engine, encoding) differ on {diff}"
    return None


def encoding_successors(enc: ChonkerExact, state: Hashable) -> set[tuple[tuple[Any, ...], tuple[Any, ...]]]:
    """The encoding's successors of an engine state as (action json, engine fields) pairs."""
    out = set()
    fields = engine_fields(enc.players)
    for chosen, after, _ in closure(enc, state):
        act = engine_action(abstract(state, enc.players), chosen, after, enc.players)
        out.add((_freeze(action_to_json(act)), tuple(after[f] for f in fields)))
    return out


def engine_successors(enc: ChonkerExact, g: Game, state: Hashable) -> set[tuple[tuple[Any, ...], tuple[Any, ...]]]:
    """``Game.successors`` in the same form (the state must not be pending)."""
    fields = engine_fields(enc.players)
    out = set()
    for action, step in g.successors(state):
        values = abstract(step.state, enc.players)
        out.add((_freeze(action_to_json(action)), tuple(values[f] for f in fields)))
    return out


def _freeze(x: Any) -> Any:
    return tuple(_freeze(v) for v in x) if isinstance(x, list) else x

