"""The clause specification: the rulebook's normative sentences as named Z3 constraints.

The engine says what *does* happen in a step; a specification says what the *text requires* to
happen. Keeping them apart lets the solver find where the engine decided on its own (see
``docs/SPECIFICATION.md``).

Pieces, as the game specifications use them:

* A **situation** is the facts before a step plus the step's input (the cards turned over, who
  slapped what first). It is a plain, hashable Python value made by the game's spec from an engine
  state and action; its ``signature`` holds exactly the facts the clauses read, so results are
  cached on it.
* An **outcome** is the facts a step decides, as solver variables with a finite domain built from
  the situation (:class:`Outcome`): who wins, where each card goes, what comes next.
* A **clause** is one function per normative sentence (:func:`clause`), beside the quoted text. It
  returns ``None`` when the sentence does not apply, else a constraint on the outcome, or a dict of
  named parts (one per card, say), each a constraint. Each is tracked under its clause ID (a part
  as ``id[part]``), so an unsat core names the clauses that disagree.
* A **principle** is a named general rule of the frame (a card not moved by any clause stays where
  it is), stated once and tracked like a clause, so a reader sees what rests on it.
* A **reading** is one way of understanding an ambiguous clause; a clause asks
  ``sit.reading(point)`` and the checker runs each reading.
* A **ruling option** is one more constraint, tracked under ``ruling:option``; it may set aside
  (``overrides``) the clauses it settles, as an explicit exception to them.

:func:`determinacy` asks the solver once for an outcome and once more for a different one:
unsat first is a *conflict* (with the core), sat twice a *gap* (with both outcomes and the
variables on which they differ), sat once *determined*.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import re

import z3

__all__ = [
    "ClauseRule",
    "conj",
    "disj",
    "implies",
    "neg",
    "Outcome",
    "Principle",
    "Reading",
    "RulingConstraint",
    "Spec",
    "Verdict",
    "clause",
    "determinacy",
]

Constraint = Any  # an SMT-LIB term (str), or a Python bool
ClauseFn = Callable[[Any, "Outcome"], Constraint | None]


@dataclass(frozen=True)
class ClauseRule:
    """One formalised clause: its IDs (English first, aligned Spanish after), name and function."""

    ids: tuple[str, ...]
    name: str
    fn: ClauseFn
    readings: tuple[str, ...] = ()

    @property
    def id(self) -> str:
        return self.ids[0]


@dataclass(frozen=True)
class Principle:
    """A named general principle of the frame (what stays unchanged, what each card may become)."""

    id: str
    text: str
    fn: ClauseFn


@dataclass(frozen=True)
class Reading:
    """The named readings of an ambiguous clause; the first is the one used by default."""

    id: str
    clause: str
    question: str
    options: tuple[tuple[str, str], ...]  # (reading id, what it says)

    @property
    def default(self) -> str:
        return self.options[0][0]


@dataclass(frozen=True)
class RulingConstraint:
    """A ruling option as a constraint: ``fn(situation, outcome)`` is ``None`` where the option
    says nothing, else the constraint; ``overrides`` are the clauses it sets aside where it applies."""

    ruling: str
    option: str
    fn: ClauseFn
    overrides: tuple[str, ...] | Callable[[Any, Outcome], Iterable[str]] = ()

    def overridden(self, view: Any, out: Outcome) -> set[str]:
        """The clauses, or clause parts (``id[part]``), this option sets aside in the situation."""
        return set(self.overrides(view, out) if callable(self.overrides) else self.overrides)


# Terms. A constraint is a Python bool (a fact of the situation) or an SMT-LIB term (a string)
# over the outcome variables. The connectives fold Python booleans first, so that a clause fixed
# to a concrete situation simplifies to the small check it is; the whole question is then handed
# to Z3 as one SMT-LIB text (building it term by term through the Python API costs far more than
# solving it).

def conj(*xs: Any) -> Any:
    """And, folding Python booleans; ``True`` for no operand."""
    terms = []
    for x in xs:
        if x is False:
            return False
        if x is True:
            continue
        terms.append(x)
    return True if not terms else terms[0] if len(terms) == 1 else "(and " + " ".join(terms) + ")"


def disj(*xs: Any) -> Any:
    """Or, folding Python booleans; ``False`` for no operand."""
    terms = []
    for x in xs:
        if x is True:
            return True
        if x is False:
            continue
        terms.append(x)
    return False if not terms else terms[0] if len(terms) == 1 else "(or " + " ".join(terms) + ")"


def neg(x: Any) -> Any:
    if isinstance(x, bool):
        return not x
    return f"(not {x})"


def implies(a: Any, b: Any) -> Any:
    if a is False or b is True:
        return True
    if a is True:
        return b
    if b is False:
        return f"(not {a})"
    return f"(=> {a} {b})"


def same(a: Any, b: Any) -> Any:
    """a == b for two conditions."""
    if isinstance(a, bool) and isinstance(b, bool):
        return a == b
    if isinstance(a, bool):
        return b if a else neg(b)
    if isinstance(b, bool):
        return a if b else neg(a)
    return f"(= {a} {b})"


def smt(c: Any) -> str:
    """A constraint as an SMT-LIB term."""
    if c is True:
        return "true"
    if c is False:
        return "false"
    return str(c)


_DEFINE = re.compile(r"\(define-fun (?:\|([^|]*)\||(\S+)) \(\) Int\s+(\(- \d+\)|\d+)\)")


def _sym(name: str) -> str:
    return "|" + name.replace("|", "/") + "|"


def clause(*ids: str, readings: Sequence[str] = ()) -> Callable[[ClauseFn], ClauseRule]:
    """Decorator: the function under it formalises the clauses ``ids`` (English first)."""

    def wrap(fn: ClauseFn) -> ClauseRule:
        return ClauseRule(tuple(ids), fn.__name__, fn, tuple(readings))

    return wrap


class Outcome:
    """The solver variables of one step's outcome, each with a finite, situation-built domain.

    ``var(name, labels)`` declares an integer variable whose values are the indices of ``labels``
    (the readable values); ``value(model)`` reads a model back as ``{name: label}``. ``groups``
    ties together variables of interchangeable cards (same kind, same place, same owner): their
    values are kept in order, so that swapping two identical cards is not a second outcome.
    ``eq`` is a test; ``require`` is what a clause demands (recorded in ``named``, for closure
    principles such as "nobody wins unless a clause makes him the winner"); ``touched`` holds every
    variable the constraints built so far read or set.
    """

    def __init__(self, prefix: str = "") -> None:
        self.prefix = prefix
        self.vars: dict[str, str] = {}
        self.labels: dict[str, tuple[str, ...]] = {}
        self.groups: list[list[str]] = []
        self.named: set[tuple[str, str]] = set()
        self.touched: set[str] = set()
        self._eq: dict[tuple[str, str], Any] = {}

    def var(self, name: str, labels: Sequence[str]) -> str:
        if name in self.vars:
            raise ValueError(f"outcome variable {name!r} declared twice")
        if not labels:
            raise ValueError(f"outcome variable {name!r} has an empty domain")
        v = _sym(self.prefix + name)
        self.vars[name] = v
        self.labels[name] = tuple(labels)
        return v

    def __getitem__(self, name: str) -> str:
        return self.vars[name]

    def eq(self, name: str, label: str) -> Any:
        """``name == label``; Python ``False`` when the label is not in the variable's domain, and
        ``True`` when it is the only value there."""
        self.touched.add(name)
        key = (name, label)
        found = self._eq.get(key)
        if found is None:
            labels = self.labels[name]
            if label not in labels:
                found = False
            elif len(labels) == 1:
                found = True
            else:
                found = f"(= {self.vars[name]} {labels.index(label)})"
            self._eq[key] = found
        return found

    def require(self, name: str, label: str) -> Any:
        """``name == label`` as something a clause requires (not merely tests)."""
        self.named.add((name, label))
        return self.eq(name, label)

    def declarations(self) -> str:
        return "".join(f"(declare-const {v} Int)" for v in self.vars.values())

    def domain(self) -> str:
        parts = [f"(<= 0 {v} {len(self.labels[n]) - 1})" for n, v in self.vars.items()]
        for g in self.groups:
            parts += [f"(<= {self.vars[a]} {self.vars[b]})" for a, b in zip(g, g[1:], strict=False)]
        return smt(conj(*parts))

    def value(self, model: z3.ModelRef) -> dict[str, str]:
        # one call for the whole model: its SMT-LIB text, read back here
        got = {m.group(1) or m.group(2): int(m.group(3).replace(" ", "").strip("()"))
               for m in _DEFINE.finditer(model.sexpr())}
        out = {}
        for n in self.vars:
            k = got.get(self.prefix + n.replace("|", "/"), 0)
            labels = self.labels[n]
            out[n] = labels[k] if 0 <= k < len(labels) else f"?{k}"
        return out

    def equals(self, values: Mapping[str, str]) -> str:
        """The outcome is exactly ``values`` (labels); an unknown label makes it false."""
        return smt(conj(*(self.eq(n, label) for n, label in values.items())))


@dataclass(frozen=True)
class Verdict:
    """What the solver says of one situation under one reading (and ruleset, if any).

    ``kind`` is ``determined``, ``gap`` or ``conflict``. ``outcome`` is the (first) outcome;
    ``other`` the second one for a gap and ``differ`` the variables on which they differ; ``core``
    the tracked names of a conflict's unsat core; ``applied`` the clauses that applied;
    ``principles`` those principles without which the outcome would not be determined.
    """

    kind: str
    outcome: tuple[tuple[str, str], ...] = ()
    other: tuple[tuple[str, str], ...] = ()
    differ: tuple[str, ...] = ()
    core: tuple[str, ...] = ()
    applied: tuple[str, ...] = ()
    principles: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind, "outcome": dict(self.outcome), "other": dict(self.other),
            "differ": list(self.differ), "core": list(self.core), "applied": list(self.applied),
            "principles": list(self.principles),
        }


@dataclass
class Spec:
    """A game's specification: its clauses, principles, readings and ruling constraints.

    ``outcome(sit)`` builds the outcome variables of a situation; ``project(values)`` (optional)
    maps a solver outcome to the comparison form (by default the values themselves);
    ``unformalised`` maps every normative clause not formalised to the reason.
    """

    game: str
    outcome: Callable[[Any], Outcome]
    clauses: list[ClauseRule] = field(default_factory=list)
    principles: list[Principle] = field(default_factory=list)
    readings: dict[str, Reading] = field(default_factory=dict)
    rulings: list[RulingConstraint] = field(default_factory=list)
    unformalised: dict[str, str] = field(default_factory=dict)
    compare: Callable[[Mapping[str, str]], Any] | None = None

    def formalised(self) -> set[str]:
        return {i for c in self.clauses for i in c.ids}

    def ruling_constraints(self, choices: Mapping[str, str | None]) -> list[RulingConstraint]:
        return [r for r in self.rulings if choices.get(r.ruling) == r.option]

    def key(self, values: Mapping[str, str]) -> Any:
        return self.compare(values) if self.compare is not None else tuple(sorted(values.items()))


class Reader:
    """Hands a clause the reading chosen for a reading point and records which were asked."""

    def __init__(self, spec: Spec, chosen: Mapping[str, str]) -> None:
        self.spec = spec
        self.chosen = chosen
        self.asked: set[str] = set()

    def __call__(self, point: str) -> str:
        self.asked.add(point)
        return self.chosen.get(point) or self.spec.readings[point].default


class View:
    """What a clause function sees: the situation's facts (as attributes), ``reading(point)``
    and, for the principles, ``mentioned``: the outcome variables some applicable clause names."""

    def __init__(self, sit: Any, reader: Reader) -> None:
        self._sit = sit
        self.reading = reader
        self.mentioned: set[str] = set()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._sit, name)


def _tracked(spec: Spec, sit: Any, out: Outcome, reader: Reader,
             rulings: Iterable[RulingConstraint]) -> tuple[list[tuple[str, Any]], list[tuple[str, Any]], list[str]]:
    """The applicable clauses and ruling constraints, and the principles, as (name, constraint)."""
    view = View(sit, reader)
    out.touched = set()
    ruled = []
    overridden: set[str] = set()
    for r in rulings:
        c = r.fn(view, out)
        if c is not None:
            ruled.append((f"ruling:{r.ruling}={r.option}", c))
            overridden |= r.overridden(view, out)
    applied = []
    for cl in spec.clauses:
        if cl.id in overridden:
            continue
        c = cl.fn(view, out)
        if c is None:
            continue
        if isinstance(c, dict):  # a clause in parts, each tracked (and overridable) on its own
            for part, pc in sorted(c.items()):
                name = f"{cl.id}[{part}]"
                if pc is not None and name not in overridden:
                    applied.append((name, pc))
        else:
            applied.append((cl.id, c))
    view.mentioned = set(out.touched)  # every variable a clause or ruling constraint read or set
    principles = []
    for p in spec.principles:
        c = p.fn(view, out)
        if c is not None:
            principles.append((p.id, c))
    return applied + ruled, principles, [name for name, _ in applied]


class _Question:
    """One situation's constraints loaded into a solver, each under its own literal."""

    def __init__(self, out: Outcome, tracked: list[tuple[str, Any]]) -> None:
        self.out = out
        self.names = [name for name, _ in tracked]
        decls = out.declarations()
        self.decls = decls
        text = [decls, f"(assert {out.domain()})"]
        for i, (_, c) in enumerate(tracked):
            text.append(f"(declare-const |lit{i}| Bool)(assert (=> |lit{i}| {smt(c)}))")
        self.solver = z3.Solver()
        self.solver.from_string("".join(text))
        self.lits = [z3.Bool(f"lit{i}") for i in range(len(tracked))]
        self.index = {lit.get_id(): i for i, lit in enumerate(self.lits)}
        self.last_core: tuple[str, ...] = ()

    def add(self, term: str) -> None:
        self.solver.from_string(f"(assert {term})")

    def check(self, skip: int | None = None) -> Any:
        lits = self.lits if skip is None else self.lits[:skip] + self.lits[skip + 1:]
        return self.solver.check(*lits)

    def core(self) -> tuple[str, ...]:
        return tuple(sorted(self.names[self.index[x.get_id()]] for x in self.solver.unsat_core()))


def determinacy(spec: Spec, sit: Any, *, readings: Mapping[str, str] | None = None,
                choices: Mapping[str, str | None] | None = None, principles_used: bool = True,
                max_swaps: int = 16) -> tuple[Verdict, set[str]]:
    """Whether the text (with ``choices``' ruling constraints, if given) determines ``sit``'s outcome.

    Returns the verdict and the reading points the clauses asked. A second outcome that differs
    from the first only by the order of interchangeable cards is not a gap (it is blocked and the
    search goes on, at most ``max_swaps`` times). One solver serves the whole question: every
    clause and principle is asserted under its own literal, and the checks pass the literals as
    assumptions (all of them; all but one principle, to see which principles decide).
    """
    out = spec.outcome(sit)
    reader = Reader(spec, readings or {})
    rulings = spec.ruling_constraints(choices) if choices is not None else []
    tracked, principles, applied = _tracked(spec, sit, out, reader, rulings)
    q = _Question(out, tracked + principles)
    r = q.check()
    if r == z3.unsat:
        return Verdict("conflict", core=q.core(), applied=tuple(applied)), reader.asked
    if r != z3.sat:
        raise RuntimeError(f"the solver gave no answer ({r}) for {sit!r}")
    first = out.value(q.solver.model())
    key1 = spec.key(first)
    q.add(f"(not {out.equals(first)})")
    other = _another(q, spec, key1, None, max_swaps)
    if other is not None:
        differ = tuple(n for n in out.vars if first[n] != other[n])
        return Verdict("gap", tuple(first.items()), tuple(other.items()), differ,
                       applied=tuple(applied)), reader.asked
    used: tuple[str, ...] = ()
    if principles_used and principles:
        # the principles in the core of "no other outcome": what the solver's proof that the
        # outcome is unique used (a core, not necessarily the smallest one)
        core = set(q.last_core)
        used = tuple(pid for pid, _ in principles if pid in core)
    return Verdict("determined", tuple(first.items()), applied=tuple(applied), principles=used), reader.asked


def _another(q: _Question, spec: Spec, key1: Any, skip: int | None, max_swaps: int) -> dict[str, str] | None:
    """An outcome (other than those blocked) whose comparison key differs from ``key1``, with every
    tracked constraint but ``skip``; the interchangeable-card swaps found on the way are blocked
    only inside this call."""
    q.solver.push()
    try:
        for _ in range(max_swaps):
            if q.check(skip) != z3.sat:
                q.last_core = q.core()
                return None
            other = q.out.value(q.solver.model())
            if spec.key(other) != key1:
                return other
            q.add(f"(not {q.out.equals(other)})")
        return None
    finally:
        q.solver.pop()


def satisfies(spec: Spec, sit: Any, values: Mapping[str, str], *, readings: Mapping[str, str] | None = None,
              choices: Mapping[str, str | None] | None = None) -> tuple[bool, tuple[str, ...]]:
    """Whether the outcome ``values`` (e.g. the engine's step) is allowed by the clauses (and the
    ruling constraints of ``choices``); if not, the clauses it breaks (an unsat core)."""
    out = spec.outcome(sit)
    reader = Reader(spec, readings or {})
    rulings = spec.ruling_constraints(choices) if choices is not None else []
    tracked, principles, _ = _tracked(spec, sit, out, reader, rulings)
    q = _Question(out, tracked + principles)
    q.add(out.equals(values))
    if q.check() == z3.sat:
        return True, ()
    return False, q.core()
