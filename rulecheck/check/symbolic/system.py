"""A transition system as a plain record, its unrolling, and the result record of every check.

A :class:`TransitionSystem` names its state variables and per-step input variables (the
nondeterministic choices: which card is turned over, who wins a slap race, ...) with their
Z3 sorts, and gives three formulas as functions of variable copies: ``init(s)``,
``trans(s, i, t)`` over the current copy ``s``, the step's inputs ``i`` and the next copy
``t``, and optionally ``enabled(s)`` (some transition can fire) and ``terminal(s)``.

The unrolling is one function, :func:`unroll`; the checks (:mod:`.bmc`, :mod:`.induction`,
:mod:`.lasso`, :mod:`.termination`) are drivers that only loop over it. Every check returns
a :class:`CheckResult` that says exactly what was established:

* ``proved``: true for all depths (k-induction or a ranking function);
* ``no-witness``: no witness up to ``depth`` (bounded, nothing more);
* ``witness``: a witness at ``depth`` (a :class:`Witness`, decoded by the encoding);
* ``unknown``: the solver gave up or the time budget ran out.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

import z3

__all__ = [
    "STATUSES",
    "Budget",
    "CheckResult",
    "State",
    "TransitionSystem",
    "Unrolling",
    "Witness",
    "copy",
    "evaluate",
    "extract_witness",
    "states_equal",
    "unroll",
]

State = Mapping[str, Any]
"""Variable name -> a Z3 expression (one copy of the variables) or a Python value."""

Status = Literal["proved", "no-witness", "witness", "unknown"]
STATUSES: tuple[str, ...] = ("proved", "no-witness", "witness", "unknown")


@dataclass(frozen=True)
class TransitionSystem:
    """Variables, init, trans over current/next copies: the whole system, nothing more.

    ``equal(s, t)`` overrides state equality (used by lasso search and simple-path
    constraints) where some variables do not matter in some states (e.g. array cells beyond
    a pile's length); by default every state variable is compared.
    """

    name: str
    variables: tuple[tuple[str, z3.SortRef], ...]
    init: Callable[[State], z3.BoolRef]
    trans: Callable[[State, State, State], z3.BoolRef]
    inputs: tuple[tuple[str, z3.SortRef], ...] = ()
    enabled: Callable[[State], z3.BoolRef] | None = None
    terminal: Callable[[State], z3.BoolRef] | None = None
    equal: Callable[[State, State], z3.BoolRef] | None = None
    description: str = ""
    meta: Mapping[str, Any] = field(default_factory=dict)

    def step(self, s: State, i: State, t: State) -> z3.BoolRef:
        """``trans(s, i, t)``, built once over template copies and instantiated with Z3's
        ``substitute`` (fast: building a large encoding in Python takes seconds)."""
        template = _TEMPLATES.get(id(self))
        if template is None or template[0] is not self:
            ts, ti, tt = copy(self.variables, "T"), copy(self.inputs, "Tin"), copy(self.variables, "T'")
            template = (self, self.trans(ts, ti, tt), ts, ti, tt)
            _TEMPLATES[id(self)] = template
        _, formula, ts, ti, tt = template
        pairs = [(ts[k], s[k]) for k in ts] + [(ti[k], i[k]) for k in ti] + [(tt[k], t[k]) for k in tt]
        return z3.substitute(formula, *pairs)

    def state(self, step: int, tag: str = "") -> dict[str, z3.ExprRef]:
        return copy(self.variables, f"{tag}{step}")

    def input(self, step: int, tag: str = "") -> dict[str, z3.ExprRef]:
        return copy(self.inputs, f"{tag}in{step}")


_TEMPLATES: dict[int, tuple[Any, ...]] = {}


def copy(variables: Sequence[tuple[str, z3.SortRef]], suffix: str) -> dict[str, z3.ExprRef]:
    """Fresh Z3 constants ``name@suffix`` for each variable."""
    return {name: z3.Const(f"{name}@{suffix}", sort) for name, sort in variables}


def states_equal(system: TransitionSystem, s: State, t: State) -> z3.BoolRef:
    if system.equal is not None:
        return system.equal(s, t)
    return z3.And([s[name] == t[name] for name, _ in system.variables])


@dataclass
class Unrolling:
    """``states[0..k]``, ``inputs[0..k-1]`` and the constraints init(s0) and trans(s_i, in_i, s_i+1)."""

    system: TransitionSystem
    states: list[dict[str, z3.ExprRef]]
    inputs: list[dict[str, z3.ExprRef]]
    constraints: list[z3.BoolRef]
    tag: str = ""

    @property
    def depth(self) -> int:
        return len(self.states) - 1

    def extend(self) -> z3.BoolRef:
        """Add one step; returns the new trans constraint (also appended to ``constraints``)."""
        k = self.depth
        nxt = self.system.state(k + 1, self.tag)
        inp = self.system.input(k, self.tag)
        formula = self.system.step(self.states[k], inp, nxt)
        self.states.append(nxt)
        self.inputs.append(inp)
        self.constraints.append(formula)
        return formula


def unroll(system: TransitionSystem, k: int, with_init: bool = True, tag: str = "") -> Unrolling:
    """The unrolling of ``system`` to depth ``k``: init(s0) (if asked) and k copies of trans."""
    s0 = system.state(0, tag)
    u = Unrolling(system, [s0], [], [system.init(s0)] if with_init else [], tag)
    for _ in range(k):
        u.extend()
    return u


# --------------------------------------------------------------------------- models


def evaluate(model: z3.ModelRef, expr: z3.ExprRef) -> Any:
    """A Python value: int for Int and bit-vectors, bool, or for an array over a bit-vector
    domain of at most 8 bits the tuple of its cells."""
    value = model.eval(expr, model_completion=True)
    if z3.is_bool(value):
        return z3.is_true(value)
    if z3.is_int_value(value):
        return value.as_long()
    if z3.is_bv_value(value):
        return value.as_long()
    if z3.is_array(expr):
        dom = expr.sort().domain()
        if z3.is_bv_sort(dom) and dom.size() <= 8:
            cells = [model.eval(expr[z3.BitVecVal(j, dom.size())], model_completion=True)
                     for j in range(2 ** dom.size())]
            return tuple(evaluate(model, c) for c in cells)
    return value


@dataclass(frozen=True)
class Witness:
    """A path of the system as Python values: ``states[0..depth]`` and ``inputs[0..depth-1]``.

    ``loop_start`` is set for a lasso: ``states[depth]`` equals ``states[loop_start]``.
    """

    states: tuple[dict[str, Any], ...]
    inputs: tuple[dict[str, Any], ...]
    loop_start: int | None = None

    @property
    def depth(self) -> int:
        return len(self.states) - 1


def extract_witness(model: z3.ModelRef, u: Unrolling, depth: int | None = None,
                    loop_start: int | None = None) -> Witness:
    n = u.depth if depth is None else depth
    states = tuple({k: evaluate(model, v) for k, v in u.states[i].items()} for i in range(n + 1))
    inputs = tuple({k: evaluate(model, v) for k, v in u.inputs[i].items()} for i in range(n))
    return Witness(states, inputs, loop_start)


# --------------------------------------------------------------------------- results


@dataclass
class CheckResult:
    """What one check established, and nothing more (see the module docstring)."""

    query: str
    status: Status
    depth: int
    seconds: float = 0.0
    witness: Witness | None = None
    per_depth: list[float] = field(default_factory=list)
    detail: str = ""
    value: int | None = None
    trace: Any = None  # the decoded engine trace (list of JSON actions), if any
    replayed: bool | None = None  # whether ``trace`` replayed in the engine
    meta: dict[str, Any] = field(default_factory=dict)

    def attach_replay(self, replay: Any) -> None:
        """Record a decoded witness's engine replay (anything with ``json_actions()``, ``ok``
        and ``mismatch``): the trace, whether it replayed, and where it did not."""
        self.trace = replay.json_actions()
        self.replayed = replay.ok
        if not replay.ok:
            self.meta["replay_mismatch"] = replay.mismatch

    def statement(self) -> str:
        """The exact claim, in words."""
        if self.status == "proved":
            return "proved for all depths"
        if self.status == "no-witness":
            return f"no witness up to depth {self.depth}"
        if self.status == "witness":
            extra = f" (value {self.value})" if self.value is not None else ""
            return f"witness at depth {self.depth}{extra}"
        return f"unknown (after depth {self.depth}: {self.detail or 'solver gave up'})"

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "query": self.query,
            "status": self.status,
            "statement": self.statement(),
            "depth": self.depth,
            "seconds": round(self.seconds, 3),
            "seconds_per_depth": [round(t, 3) for t in self.per_depth],
        }
        if self.detail:
            out["detail"] = self.detail
        if self.value is not None:
            out["value"] = self.value
        if self.witness is not None and self.witness.loop_start is not None:
            out["loop_start"] = self.witness.loop_start
        if self.trace is not None:
            out["trace"] = self.trace
            out["replayed"] = self.replayed
        if self.meta:
            out["meta"] = self.meta
        return out


class Budget:
    """A wall-clock budget shared by the checks of one run; sets Z3's per-check timeout."""

    def __init__(self, seconds: float | None) -> None:
        self.deadline = None if seconds is None else time.monotonic() + seconds

    def remaining_ms(self) -> int | None:
        if self.deadline is None:
            return None
        return max(1, int((self.deadline - time.monotonic()) * 1000))

    def expired(self) -> bool:
        return self.deadline is not None and time.monotonic() >= self.deadline

    def arm(self, solver: z3.Solver) -> None:
        ms = self.remaining_ms()
        if ms is not None:
            solver.set("timeout", ms)
