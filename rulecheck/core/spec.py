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

import dataclasses
import re
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import pairwise
from typing import Any

import z3

__all__ = [
    "ClauseRule",
    "Outcome",
    "Principle",
    "Reading",
    "RulingConstraint",
    "Spec",
    "Verdict",
    "add_when",
    "check_declared",
    "clause",
    "conj",
    "determinacy",
    "disj",
    "implies",
    "neg",
    "pname",
    "smt",
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
    kinds: tuple[str, ...] | None = None  # the kinds of situation it can apply to (None: any)

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


def _sym(name: str) -> str:
    return "|" + name.replace("|", "/") + "|"


_SIMPLE = re.compile(r"[A-Za-z_][A-Za-z0-9._-]*")
"""What an outcome variable's name may be: an SMT-LIB simple symbol, so that it can be written
both quoted (``|name|``: what a clause says of it) and plain (``name``: a premise, :meth:`Outcome.peek`)."""
_GUARD_PREFIX = "g"
"""The solver's guard literals are named this and their number (:meth:`_Store.guard`)."""
_GUARD = re.compile(re.escape(_GUARD_PREFIX) + r"[0-9]+")
"""The names of the solver's guard literals, which no outcome variable may take."""


_PLAYER_NAMES = tuple(f"P{p + 1}" for p in range(32))


def pname(p: int) -> str:
    """A player's name in outcome variables and texts: ``P1`` for the first player (seat 0)."""
    return _PLAYER_NAMES[p] if 0 <= p < len(_PLAYER_NAMES) else f"P{p + 1}"


def clause(*ids: str, readings: Sequence[str] = (), kinds: Sequence[str] | None = None
           ) -> Callable[[ClauseFn], ClauseRule]:
    """Decorator: the function under it formalises the clauses ``ids`` (English first). ``kinds``
    names the kinds of situation (their ``kind``) the sentence can apply to, where a game's
    specification has several: the check does not ask it of the others (it would say nothing)."""

    def wrap(fn: ClauseFn) -> ClauseRule:
        return ClauseRule(tuple(ids), fn.__name__, fn, tuple(readings), None if kinds is None else tuple(kinds))

    return wrap


class Outcome:
    """The solver variables of one step's outcome, each with a finite, situation-built domain.

    ``var(name, labels)`` declares an integer variable whose values are the indices of ``labels``
    (the readable values); ``value(model)`` reads a model back as ``{name: label}``. ``groups``
    ties together variables of interchangeable cards (same kind, same place, same owner): their
    values are kept in order, so that swapping two identical cards is not a second outcome.
    ``eq`` is a test; ``require`` is what a clause demands (recorded in ``named``, for closure
    principles such as "nobody wins unless a clause makes him the winner"); ``touched`` holds every
    variable the constraints built so far read or set; ``when``, for a variable, the conditions
    under which a clause sets it (a frame principle keeps it unchanged outside them). A clause
    adds to these three only; the check records what each clause added, so that a clause's result
    reused under another reading adds it again (:func:`_clause_result`).
    """

    def __init__(self, prefix: str = "") -> None:
        self.prefix = prefix
        self.vars: dict[str, str] = {}
        self.labels: dict[str, tuple[str, ...]] = {}
        self.groups: list[list[str]] = []
        self.named: set[tuple[str, str]] = set()
        self.touched: set[str] = set()
        self.when: dict[str, list[Any]] = {}
        self._eq: dict[tuple[str, str], Any] = {}

    def var(self, name: str, labels: Sequence[str]) -> str:
        if name in self.vars:
            raise ValueError(f"outcome variable {name!r} declared twice")
        if not _SIMPLE.fullmatch(self.prefix + name):
            raise ValueError(f"outcome variable {name!r}: letters, digits and . _ - only")
        if _GUARD.fullmatch(self.prefix + name):
            raise ValueError(f"outcome variable {name!r}: names like g0, g1 are the solver's guard literals "
                             "(see _Store.guard); choose another")
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

    def peek(self, name: str, label: str) -> Any:
        """``name == label`` as a condition only (a premise: "if all his cards went to others"),
        not something a clause says of the variable: it does not count as mentioning it, so the
        frame principles still speak for it (``touched`` is left as it was, and the term names
        the variable as an SMT-LIB simple symbol, which :func:`_only_in` does not count)."""
        before = name in self.touched
        found = self.eq(name, label)
        if not before:
            self.touched.discard(name)
        if isinstance(found, str):
            found = found.replace(self.vars[name], self.vars[name][1:-1])
        return found

    def require(self, name: str, label: str) -> Any:
        """``name == label`` as something a clause requires (not merely tests)."""
        self.named.add((name, label))
        return self.eq(name, label)

    def domain(self) -> str:
        parts = [f"(<= 0 {v} {len(self.labels[n]) - 1})" for n, v in self.vars.items()]
        for g in self.groups:
            parts += [f"(<= {self.vars[a]} {self.vars[b]})" for a, b in pairwise(g)]
        return smt(conj(*parts))

    def value(self, got: Mapping[str, int]) -> dict[str, str]:
        """A model's outcome as labels, from its integer values by variable name (a variable the
        model leaves out is 0)."""
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
    # key_term(out, key, aspects=None): the outcomes whose comparison key is ``key`` (or that agree
    # with it on ``aspects``: fact names and places), as a term over the outcome variables
    key_term: Callable[..., Any] | None = None
    # reading points any clause or principle may ask through shared helpers (how play goes on, say),
    # each with where it can be asked: a test of the situation's facts. Every other point is asked
    # only by the clauses that declare it (``clause(..., readings=...)``). The check enforces both
    # (:func:`check_declared`); the full-deck reading looks rely on them
    shared_readings: Mapping[str, Callable[[Any], bool]] = field(default_factory=dict)

    def formalised(self) -> set[str]:
        return {i for c in self.clauses for i in c.ids}

    def ruling_constraints(self, choices: Mapping[str, str | None]) -> list[RulingConstraint]:
        """The chosen options' constraints. Each sees the whole ruleset, as ``s.ruled(ruling)``
        (the option chosen for ``ruling``, or None), since some options' effect depends on another
        ruling's (Chonker Party: who may be stolen from; Chomp!: a count tie's winners, if the count
        declares any)."""
        key = (self.game, tuple(sorted(choices.items())))
        found = _SEEING.get(key)
        if found is None:
            chosen = dict(choices)
            found = _SEEING[key] = [dataclasses.replace(r, fn=_seeing(r.fn, chosen))
                                    for r in self.rulings if choices.get(r.ruling) == r.option]
        return found

    def key(self, values: Mapping[str, str]) -> Any:
        return self.compare(values) if self.compare is not None else tuple(sorted(values.items()))


_SEEING: dict[Any, list[RulingConstraint]] = {}
"""The ruling constraints of each game and ruleset, as that ruleset sees them."""


def _seeing(fn: ClauseFn, choices: dict[str, str | None]) -> ClauseFn:
    def wrapped(view: Any, o: Outcome) -> Any:
        view.ruled = choices.get
        return fn(view, o)
    wrapped.__name__ = getattr(fn, "__name__", "ruling")
    return wrapped


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
    and, for the principles, ``mentioned``: the outcome variables some applicable clause names.

    It records which of the situation's fields were read (``reads``): a derived fact (a property
    or method of the situation) counts as the fields the situation's ``DERIVED`` map names for it,
    and as every field if the map does not name it; a field the situation lists in ``INDEXED`` (a
    per-player tuple) is read one element at a time, ``(field, index)``, and can only be indexed.
    Two situations that agree on what one of them read get the same constraints, so their verdict
    is shared (see :func:`determinacy`)."""

    def __init__(self, sit: Any, reader: Reader) -> None:
        self._sit = sit
        self.reading = reader
        self.mentioned: set[str] = set()
        self.reads: set[Any] = set()

    def __getattr__(self, name: str) -> Any:
        sit = self._sit
        deps = _depends(type(sit), name)
        if deps is None:
            return _Indexed(name, getattr(sit, name), self.reads)
        self.reads.update(deps)
        return getattr(sit, name)


class _Indexed:
    """A per-player field as a clause sees it: each element read is recorded; nothing else works."""

    __slots__ = ("_name", "_reads", "_values")

    def __init__(self, name: str, values: tuple[Any, ...], reads: set[Any]) -> None:
        self._name, self._values, self._reads = name, values, reads

    def __getitem__(self, i: int) -> Any:
        if not isinstance(i, int) or not 0 <= i < len(self._values):
            raise TypeError(f"{self._name} is read one player at a time, by index 0..{len(self._values) - 1}")
        self._reads.add((self._name, i))
        return self._values[i]

    __iter__ = None  # type: ignore[assignment]


def _read(sit: Any, what: Any) -> Any:
    """One recorded read (a field, or an element of an indexed field) of a situation."""
    if isinstance(what, tuple):
        values = getattr(sit, what[0])
        return values[what[1]] if what[1] < len(values) else _MISSING
    return getattr(sit, what)


_MISSING = object()


_DEPENDS: dict[tuple[type, str], tuple[str, ...] | None] = {}


def _depends(kind: type, name: str) -> tuple[str, ...] | None:
    """The situation fields that attribute ``name`` of a situation of type ``kind`` reads (None
    for a field the type lists in ``INDEXED``: read one element at a time)."""
    key = (kind, name)
    if key in _DEPENDS:
        return _DEPENDS[key]
    if name in getattr(kind, "INDEXED", ()):
        _DEPENDS[key] = None
        return None
    fields = tuple(f.name for f in dataclasses.fields(kind)) if dataclasses.is_dataclass(kind) else ()
    derived: Mapping[str, tuple[str, ...]] = getattr(kind, "DERIVED", {})
    found = (name,) if name in fields else tuple(derived[name]) if name in derived else fields or ("*",)
    _DEPENDS[key] = found
    return found


@dataclass
class _Evaluated:
    """One clause function's result in one situation under the default readings, with what the
    evaluation read and touched (so that another reading can reuse it)."""

    result: Any
    touched: set[str]
    named: set[tuple[str, str]]
    when: dict[str, list[Any]]
    asked: set[str]
    reads: set[Any]


_LAST: dict[str, Any] = {"key": None, "clauses": {}}
"""The clause results of the last situation evaluated under the default readings."""


def _reusable(spec: Spec, view: View, out: Outcome, context: Any = None) -> dict[str, _Evaluated] | None:
    """The default-reading results to reuse for this evaluation (None: record them instead).

    A clause that asked no varied reading point under the default readings takes the same path
    under the varied ones (a reading reaches a clause only through ``reading(point)``), so its
    constraint is the same and is not built again. Only under the same ruleset (``context``: a
    specification may let what a clause computes follow the ruleset's options, where the options
    amend the sentence it reads)."""
    key = (id(spec), view._sit, out.prefix, context)
    if not view.reading.chosen:
        _LAST["key"], _LAST["clauses"] = key, {}
        return None
    return _LAST["clauses"] if _LAST["key"] == key else {}


def _clause_result(cl: ClauseRule, view: View, out: Outcome, reuse: dict[str, _Evaluated] | None) -> Any:
    varied = view.reading.chosen
    if reuse:
        got = reuse.get(cl.id)
        if got is not None and not (got.asked & varied.keys()):
            out.touched |= got.touched
            out.named |= got.named
            add_when(out.when, got.when)
            view.reading.asked |= got.asked
            view.reads |= got.reads
            return got.result
    if reuse is not None:
        return cl.fn(view, out)
    # record everything this clause reads and touches on its own, then merge it back
    reader = view.reading
    saved = (out.touched, out.named, out.when, reader.asked, view.reads)
    out.touched, out.named, out.when, reader.asked, view.reads = set(), set(), {}, set(), set()
    try:
        c = cl.fn(view, out)
        ev = _Evaluated(c, out.touched, out.named, out.when, reader.asked, view.reads)
    finally:
        when = add_when(saved[2], out.when)
        out.touched, out.named, out.when, reader.asked, view.reads = (
            saved[0] | out.touched, saved[1] | out.named, when, saved[3] | reader.asked, saved[4] | view.reads)
    _LAST["clauses"][cl.id] = ev
    return c


def check_declared(spec: Spec, sit: Any, who: str, declared: Iterable[str], asked: Iterable[str]) -> None:
    """Refuse a clause, principle or outcome builder (``who``) that asked, in ``sit``, a reading
    point it does not declare (``declared``) and that is not one of the specification's
    ``shared_readings``, or a shared one where that point's test says it cannot be asked. Where a
    point can be asked is read off the declarations and those tests (the full-deck reading looks
    pass over the steps where it cannot), so a point asked elsewhere would be missed there."""
    extra = set(asked) - set(declared)
    if not extra:
        return
    unshared = sorted(p for p in extra if p not in spec.shared_readings)
    if unshared:
        raise ValueError(
            f"the {spec.game} specification: {who} asks the reading point(s) {', '.join(unshared)} without "
            "declaring them: add them to its clause(..., readings=...), or to the specification's shared_readings "
            "if a helper that many clauses share asks them")
    outside = sorted(p for p in extra if not spec.shared_readings[p](sit))
    if outside:
        raise ValueError(
            f"the {spec.game} specification: {who} asks the shared reading point(s) {', '.join(outside)} in a "
            f"situation its shared_readings test says it cannot be asked in ({sit!r}): widen the test")


def add_when(into: dict[str, list[Any]], more: Mapping[str, list[Any]]) -> dict[str, list[Any]]:
    """``into`` with the conditions ``more`` adds (:attr:`Outcome.when`), in order."""
    for name, conds in more.items():
        into.setdefault(name, []).extend(conds)
    return into


def _ask(spec: Spec, sit: Any, readings: Mapping[str, str] | None, choices: Mapping[str, str | None] | None
         ) -> tuple[Reader, View, Outcome, list[tuple[str, Any]], list[tuple[str, Any]], list[str]]:
    """One situation's question under ``readings`` and ``choices``' ruling constraints: the reader
    and view (what the clauses asked and read), the outcome, and the tracked constraints,
    principles and applied clause names (:func:`_tracked`)."""
    key = (id(spec), sit, tuple(sorted((readings or {}).items())), _choices_key(choices))
    for hit_key, hit in _ASKED:
        if hit_key == key:
            return hit
    reader = Reader(spec, readings or {})
    view = View(sit, reader)
    out = spec.outcome(view)
    if reader.asked:
        check_declared(spec, sit, "its outcome", (), reader.asked)
    rulings = spec.ruling_constraints(choices) if choices is not None else []
    found = (reader, view, out, *_tracked(spec, view, out, rulings, _choices_key(choices)))
    _ASKED.insert(0, (key, found))
    del _ASKED[4:]
    return found  # type: ignore[return-value]


_ASKED: list[tuple[Any, Any]] = []
"""The last few questions built (:func:`_ask`): the quick question, the full verdict and the
unsat core of one situation ask the same question in a row, so it is built once."""


def _tracked(spec: Spec, view: View, out: Outcome, rulings: Iterable[RulingConstraint], context: Any = None
             ) -> tuple[list[tuple[str, Any]], list[tuple[str, Any]], list[str]]:
    """The applicable clauses and ruling constraints, and the principles, as (name, constraint)."""
    out.touched = set()
    ruled = []
    overridden: set[str] = set()
    for r in rulings:
        c = r.fn(view, out)
        if c is not None:
            ruled.append((f"ruling:{r.ruling}={r.option}", c))
            overridden |= r.overridden(view, out)
    applied = []
    dropped: list[Any] = []  # the parts of clauses a ruling option sets aside
    reuse = _reusable(spec, view, out, context)
    kind = getattr(type(view._sit), "kind", None)
    for cl in spec.clauses:
        if cl.id in overridden or (cl.kinds is not None and kind not in cl.kinds):
            continue
        c = _clause_result(cl, view, out, reuse)
        if c is None:
            continue
        if isinstance(c, dict):  # a clause in parts, each tracked (and overridable) on its own
            for part, pc in sorted(c.items()):
                name = f"{cl.id}[{part}]"
                if pc is None:
                    continue
                if name in overridden or (":" in part and f"{cl.id}[{part.split(':')[0]}]" in overridden):
                    dropped.append(pc)
                else:
                    applied.append((name, pc))
        else:
            applied.append((cl.id, c))
    if reuse is None:  # the default readings: each clause's own reading points were recorded
        asking = [(cid, ev.asked) for cid, ev in _LAST["clauses"].items() if ev.asked]
        if asking:
            declared = {cl.id: cl.readings for cl in spec.clauses}
            for cid, asked in asking:
                check_declared(spec, view._sit, f"clause {cid}", declared[cid], asked)
    # every variable a clause or ruling constraint read or set, but those only a part set aside
    # by a ruling option speaks of: that part is not said here
    view.mentioned = set(out.touched) - _only_in(out, dropped, [c for _, c in applied + ruled])
    principles = []
    reader = view.reading
    for p in spec.principles:
        if p.id in overridden:  # a ruling option may set a principle aside too, where it applies
            continue
        before, reader.asked = reader.asked, set()
        try:
            c = p.fn(view, out)
        finally:
            asked, reader.asked = reader.asked, before | reader.asked
        if asked:
            check_declared(spec, view._sit, f"principle {p.id}", (), asked)
        if c is not None:
            principles.append((p.id, c))
    return applied + ruled, principles, [name for name, _ in applied]


_SYMBOL = re.compile(r"\|([^|]*)\|")


def _only_in(out: Outcome, dropped: list[Any], kept: list[Any]) -> set[str]:
    """The outcome variables that the constraints ``dropped`` name and ``kept`` do not."""
    if not dropped:
        return set()
    names = {v: n for n, v in out.vars.items()}

    def named(cs: list[Any]) -> set[str]:
        return {names[f"|{m}|"] for c in cs if isinstance(c, str) for m in _SYMBOL.findall(c) if f"|{m}|" in names}

    return named(dropped) - named(kept)


def _question_text(out: Outcome, tracked: list[tuple[str, Any]], extra: Sequence[str] = ()) -> str:
    """The question as one SMT-LIB text: the key under which its answer is shared (the solver
    receives its constraints one by one, :class:`_Question`)."""
    text = [f"(assert {out.domain()})"]
    for i, (_, c) in enumerate(tracked):
        text.append(f"(assert (=> |lit{i}| {smt(c)}))")
    for j, c in enumerate(extra):
        text.append(f"(assert (=> |xlit{j}| {c}))")
    return "".join(text)


QUESTIONS_PER_SOLVER = 64
"""How many questions one solver answers before it is replaced by a new one (:class:`_Store`): an
amount of work, so the same on any machine. Consecutive situations share most of their
constraints, and a constraint already in the solver costs nothing to assume again; but every
constraint ever added stays in it, and past a few dozen questions the idle ones cost more than the
sharing saves (measured: ``benchmarks/determinacy.py``)."""

CONSTRAINTS_PER_SOLVER = 400
"""... or once it holds this many constraints, whichever comes first: a check costs more the more
constraints the solver holds, idle or not, and a full-deck step's question is larger and shares
less with the next one than a small deck's (measured by replaying the questions of six checks,
searches and full-deck playouts, best of three: the 7-player playouts' solving took about half
the time, a 3-player search's under ``recommended`` a fifth less, the others about the same)."""

TEXT_PER_SOLVER = 200_000
"""... or once the SMT-LIB text of the constraints it holds reaches this many characters: a
full-deck question of many players is large (a 7-player Chomp! step's runs to about 24,000
characters against a reduced deck's 300-800), so a few such questions fill a solver that counts
only questions and constraints (measured on the full-deck playouts' checks, one process: 7
players 7.9 s to 7.0 s, 5 players 4.5 s to 3.8 s, 3 players 2.7 s to 2.4 s; at 100,000 or 400,000
characters the gain was smaller. The reduced decks' searches never reach it: their solvers hold
about 20,000-50,000 characters when replaced, and their checks are unchanged)."""

_PARAMS: dict[str, Any] = {"relevancy": 0, "propagate_values": False, "arith.solver": 2}
"""The solver's settings: the questions are small, finite-domain and already simplified (the
terms fold their Python facts), so z3's relevancy tracking, value propagation and general
arithmetic solver cost more than they save (measured: ``benchmarks/determinacy.py``)."""

_GLOBAL_PARAMS: dict[str, Any] = {"model.compact": False}
"""z3's settings that exist only process-wide, set when a store is made: a model is read here
one constant at a time (:meth:`_Question.values`), and compacting it first (z3's default), over
every constraint the store holds, took more than half of a model's time. The values are the same
(measured on 2,000 questions' models: ``benchmarks/determinacy.py``); other z3 users in the
process (the symbolic checks) get the same models, uncompacted."""


class _Store:
    """One solver and every constraint asserted in it so far, each once, under a guard literal of
    its own: a question assumes the guards of its constraints, so a constraint that the next
    question shares (the same clause giving the same term) is not parsed and internalised again.

    What z3 does with a formula (the order of its atoms, so the models and cores it finds) depends
    on the terms its context already holds, so a new context is made where a check starts
    (:func:`fresh_solver`): the answers depend only on the questions asked since. A store that
    replaces a full one (every :data:`QUESTIONS_PER_SOLVER` questions, :func:`_store`) makes a new
    solver in the same context: making a context took about 4 % of a search's check (a profile of
    ``chomp standard 4p`` under ``raw``), and the solver is what the budgets are for."""

    def __init__(self, ctx: z3.Context | None = None) -> None:
        z3.set_param(**_GLOBAL_PARAMS)
        self.ctx = z3.Context() if ctx is None else ctx
        self.solver = z3.SimpleSolver(ctx=self.ctx)
        self.solver.set(**_PARAMS)
        self.guards: dict[tuple[str, str], z3.BoolRef] = {}
        self.declared: set[str] = set()
        self.decls: dict[str, z3.FuncDeclRef] = {}
        self.asked = 0
        self.size = 0  # the SMT-LIB text of the constraints held, in characters

    def guard(self, key: tuple[str, str], term: str, new: list[str]) -> z3.BoolRef:
        """The guard literal of the constraint ``term`` tracked as ``key`` (name, term); a new one
        is added to ``new`` (SMT-LIB) to be asserted."""
        g = self.guards.get(key)
        if g is None:
            name = f"{_GUARD_PREFIX}{len(self.guards)}"
            new.append(f"(declare-const |{name}| Bool)(assert (=> |{name}| {term}))")
            self.size += len(term)
            g = self.guards[key] = z3.Bool(name, self.ctx)
        return g

    def decl(self, symbol: str) -> z3.FuncDeclRef:
        """The declaration of the integer outcome variable written ``symbol`` (``|name|``)."""
        d = self.decls.get(symbol)
        if d is None:
            d = self.decls[symbol] = z3.Int(symbol[1:-1], self.ctx).decl()
        return d


_STORE = _Store()


def _store() -> _Store:
    """The store for the next question: the current one, or a new one once it has answered
    :data:`QUESTIONS_PER_SOLVER` questions or holds :data:`CONSTRAINTS_PER_SOLVER` constraints
    or :data:`TEXT_PER_SOLVER` characters of them."""
    global _STORE
    if _STORE.asked >= QUESTIONS_PER_SOLVER or len(_STORE.guards) >= CONSTRAINTS_PER_SOLVER \
            or _STORE.size >= TEXT_PER_SOLVER:
        _STORE = _Store(_STORE.ctx)
    _STORE.asked += 1
    return _STORE


def fresh_solver() -> None:
    """Start again with a new solver and empty caches. A model the solver returns may depend on
    what it solved before, so a search that starts here gets the same witnesses whatever ran
    earlier in the process."""
    global _STORE
    _STORE = _Store()
    _LAST["key"], _LAST["clauses"] = None, {}
    _ASKED.clear()
    _VERDICTS.clear()
    _DECISIONS.clear()
    _SITUATIONS.clear()


class _Question:
    """One situation's constraints in the current solver (:class:`_Store`), each under its own
    guard, and ``extra`` terms (SMT-LIB) each under a guard assumed only when a check names it.
    What a question adds for itself (:meth:`add`) goes inside a push, popped when it closes.

    The assumptions are passed to the solver's C API directly, and models are read one variable
    at a time: with thousands of small questions, z3's Python conveniences (a cast per
    assumption, a model's whole text) cost more than the solving."""

    def __init__(self, out: Outcome, tracked: list[tuple[str, Any]], extra: Sequence[str] = ()) -> None:
        store = _store()
        self.out = out
        self.store = store
        self.solver = store.solver
        self.names = [name for name, _ in tracked]
        declare = [f"(declare-const {v} Int)" for v in out.vars.values() if v not in store.declared]
        store.declared.update(out.vars.values())
        new: list[str] = []
        domain = out.domain()
        self.domain = store.guard(("", domain), domain, new)
        self.lits = []
        for name, c in tracked:
            term = smt(c)
            self.lits.append(store.guard((name, term), term, new))
        self.xlits = [store.guard(("", c), c, new) for c in extra]
        if declare or new:
            self.solver.from_string("".join(declare + new))
        self.index = {lit.get_id(): i for i, lit in enumerate(self.lits)}
        self.last_core: tuple[str, ...] = ()
        self.pushed = False

    def open(self) -> None:
        """Open the question's own scope (once): what it adds is gone when it closes."""
        if not self.pushed:
            self.solver.push()
            self.pushed = True

    def add(self, term: str) -> None:
        self.open()
        self.solver.from_string(f"(assert {term})")

    def close(self) -> None:
        if self.pushed:
            self.solver.pop()
            self.pushed = False

    def __enter__(self) -> _Question:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def check(self, skip: int | None = None, extra: Sequence[int] = ()) -> Any:
        lits = self.lits if skip is None else self.lits[:skip] + self.lits[skip + 1:]
        lits = [self.domain, *lits, *(self.xlits[j] for j in extra)]
        arr = (z3.Ast * len(lits))(*[x.as_ast() for x in lits])
        s = self.solver
        return z3.CheckSatResult(z3.Z3_solver_check_assumptions(s.ctx.ref(), s.solver, len(lits), arr))

    def values(self) -> dict[str, str]:
        """The last model's outcome, as labels (:meth:`Outcome.value`): each variable read on its
        own, through the C API (the model also holds every other question's variables)."""
        ctx, store = self.store.ctx.ref(), self.store
        model = z3.Z3_solver_get_model(ctx, self.solver.solver)
        z3.Z3_model_inc_ref(ctx, model)
        try:
            got = {}
            for symbol in self.out.vars.values():
                a = z3.Z3_model_get_const_interp(ctx, model, store.decl(symbol).ast)
                if a:
                    got[symbol[1:-1]] = int(z3.Z3_get_numeral_string(ctx, a))
        finally:
            z3.Z3_model_dec_ref(ctx, model)
        return self.out.value(got)

    def core(self) -> tuple[str, ...]:
        # through the C API: the Python wrapper makes an object per core element
        ctx, s = self.solver.ctx.ref(), self.solver.solver
        vec = z3.Z3_solver_get_unsat_core(ctx, s)
        z3.Z3_ast_vector_inc_ref(ctx, vec)
        try:
            ids = [z3.Z3_get_ast_id(ctx, z3.Z3_ast_vector_get(ctx, vec, i))
                   for i in range(z3.Z3_ast_vector_size(ctx, vec))]
        finally:
            z3.Z3_ast_vector_dec_ref(ctx, vec)
        index = self.index
        return tuple(sorted(self.names[index[i]] for i in ids if i in index))


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
    memo = _SITUATIONS.setdefault(
        (id(spec), tuple(sorted((readings or {}).items())),
         _choices_key(choices), principles_used,
         max_swaps), _SituationMemo())
    hit = memo.get(sit)
    if hit is not None:
        return hit[0], set(hit[1])
    reader, view, out, tracked, principles, applied = _ask(spec, sit, readings, choices)
    verdict = _verdict(spec, sit, out, tracked, principles, applied, principles_used, max_swaps)
    memo.put(sit, view.reads, (verdict, frozenset(reader.asked)))
    return verdict, set(reader.asked)


def _choices_key(choices: Mapping[str, str | None] | None) -> tuple[tuple[str, str | None], ...] | None:
    return None if choices is None else tuple(sorted(choices.items(), key=lambda kv: kv[0]))


class _SituationMemo:
    """Verdicts by the situation fields their questions read: a situation that agrees with an
    earlier one on every field that one read gets the same constraints (the clause functions are
    pure functions of what they read), so the same verdict."""

    def __init__(self) -> None:
        # by (situation type, the fields read): situations of different kinds never share a verdict
        self.tables: dict[tuple[type, tuple[Any, ...]], dict[tuple[Any, ...], Any]] = {}

    def get(self, sit: Any) -> Any:
        kind = type(sit)
        for (of, names), table in self.tables.items():
            if of is kind:
                found = table.get(tuple(_read(sit, n) for n in names))
                if found is not None:
                    return found
        return None

    def put(self, sit: Any, reads: set[Any], value: Any) -> None:
        if "*" in reads:
            return
        names = tuple(sorted(reads, key=repr))
        table = self.tables.setdefault((type(sit), names), {})
        if len(table) < _MEMO_LIMIT:
            table[tuple(_read(sit, n) for n in names)] = value


_SITUATIONS: dict[tuple[Any, ...], _SituationMemo] = {}


def _verdict(spec: Spec, sit: Any, out: Outcome, tracked: list[tuple[str, Any]], principles: list[tuple[str, Any]],
             applied: list[str], principles_used: bool, max_swaps: int) -> Verdict:
    text = _question_text(out, tracked + principles)
    # the verdict is a function of the question alone: another reading that leaves every
    # constraint as it was, or another situation that reduces to the same constraints, is not
    # asked again (the labels too: the same text may name other values, say another winner)
    memo = (text, tuple(n for n, _ in tracked), tuple(n for n, _ in principles), principles_used, max_swaps,
            _labels_key(out))
    found = _VERDICTS.get(memo)
    if found is None:
        found = _VERDICTS[memo] = _decide(spec, sit, out, tracked, principles, applied, text, principles_used,
                                          max_swaps)
        if len(_VERDICTS) > _MEMO_LIMIT:
            _VERDICTS.pop(next(iter(_VERDICTS)))
    return found


def _labels_key(out: Outcome) -> tuple[Any, ...]:
    return tuple(out.labels.items())


_VERDICTS: dict[tuple[Any, ...], Verdict] = {}
_DECISIONS: dict[tuple[Any, ...], Decision] = {}
_MEMO_LIMIT = 50_000


def _decide(spec: Spec, sit: Any, out: Outcome, tracked: list[tuple[str, Any]], principles: list[tuple[str, Any]],
            applied: list[str], text: str, principles_used: bool, max_swaps: int) -> Verdict:
    with _Question(out, tracked + principles) as q:
        return _decide_in(q, spec, sit, out, principles, applied, principles_used, max_swaps)


def _decide_in(q: _Question, spec: Spec, sit: Any, out: Outcome, principles: list[tuple[str, Any]],
               applied: list[str], principles_used: bool, max_swaps: int) -> Verdict:
    r = q.check()
    if r == z3.unsat:
        return Verdict("conflict", core=q.core(), applied=tuple(applied))
    if r != z3.sat:
        raise RuntimeError(f"the solver gave no answer ({r}) for {sit!r}")
    first = q.values()
    key1 = spec.key(first)
    if spec.key_term is not None:
        # "another outcome" is one with another comparison key: one check, no swaps to skip
        q.add(f"(not {smt(spec.key_term(out, key1))})")
        max_swaps = 1
    else:
        q.add(f"(not {out.equals(first)})")
    other = _another(q, spec, key1, None, max_swaps)
    if other is not None:
        differ = tuple(n for n in out.vars if first[n] != other[n])
        return Verdict("gap", tuple(first.items()), tuple(other.items()), differ, applied=tuple(applied))
    used: tuple[str, ...] = ()
    if principles_used and principles:
        # the principles in the core of "no other outcome": what the solver's proof that the
        # outcome is unique used (a core, not necessarily the smallest one)
        core = set(q.last_core)
        used = tuple(pid for pid, _ in principles if pid in core)
    return Verdict("determined", tuple(first.items()), applied=tuple(applied), principles=used)


@dataclass(frozen=True)
class Decision:
    """The quick answer of :func:`decides`: whether the text decides the step as the key says;
    if so, the principles the proof that nothing else is allowed used; the reading points asked."""

    decided: bool
    principles: tuple[str, ...] = ()
    asked: frozenset[str] = frozenset()


def decides(spec: Spec, sit: Any, key: Any, *, readings: Mapping[str, str] | None = None,
            choices: Mapping[str, str | None] | None = None) -> Decision:
    """Whether the clauses (with ``choices``' ruling constraints) allow the outcomes whose
    comparison key is ``key``, and no other: the text decides the step, and as ``key`` says.
    Two solver checks and no model (needs ``spec.key_term``); cached like :func:`determinacy`."""
    if spec.key_term is None:
        raise ValueError(f"the {spec.game} specification cannot read a comparison key")
    memo = _SITUATIONS.setdefault(
        ("decides", id(spec), tuple(sorted((readings or {}).items())),
         _choices_key(choices)), _SituationMemo())
    hit = memo.get(sit)
    if hit is not None and key in hit[1]:
        return hit[1][key]
    reader, view, out, tracked, principles, _ = _ask(spec, sit, readings, choices)
    term = smt(spec.key_term(out, key))
    extra = (term, f"(not {term})")
    text = _question_text(out, tracked + principles, extra)
    # another reading that changes no constraint asks the same question: answered once
    same = (text, tuple(n for n, _ in tracked), tuple(n for n, _ in principles))
    found = _DECISIONS.get(same)
    if found is None:
        found = Decision(False)
        with _Question(out, tracked + principles, extra) as q:
            if q.check(extra=(0,)) == z3.sat and q.check(extra=(1,)) == z3.unsat:
                core = set(q.core())
                found = Decision(True, tuple(pid for pid, _ in principles if pid in core))
        if len(_DECISIONS) < _MEMO_LIMIT:
            _DECISIONS[same] = found
    answer = Decision(found.decided, found.principles, frozenset(reader.asked))
    memo.put(sit, view.reads, (None, {**(hit[1] if hit else {}), key: answer}))
    return answer


def _another(q: _Question, spec: Spec, key1: Any, skip: int | None, max_swaps: int) -> dict[str, str] | None:
    """An outcome (other than those blocked) whose comparison key differs from ``key1``, with every
    tracked constraint but ``skip``; the interchangeable-card swaps found on the way are blocked
    only inside this call."""
    q.open()
    q.solver.push()
    try:
        for _ in range(max_swaps):
            if q.check(skip) != z3.sat:
                q.last_core = q.core()
                return None
            other = q.values()
            if spec.key(other) != key1:
                return other
            q.add(f"(not {q.out.equals(other)})")
        return None
    finally:
        q.solver.pop()


def allows_unlike(spec: Spec, sit: Any, key: Any, aspects: Collection[Any] | None,
                  readings: Mapping[str, str] | None = None) -> bool:
    """Whether the clauses (default readings, or ``readings``; no ruling) allow an outcome that
    differs from the comparison key ``key`` in one of ``aspects`` (fact names and places; None: in
    anything; needs ``spec.key_term``).
    A logical fact of the situation, whatever outcome the solver finds first."""
    if spec.key_term is None:
        raise ValueError(f"the {spec.game} specification cannot read a comparison key")
    _, _, out, tracked, principles, _ = _ask(spec, sit, readings or None, None)
    with _Question(out, tracked + principles) as q:
        q.add(f"(not {smt(spec.key_term(out, key, aspects))})")
        return q.check() == z3.sat


def satisfies(spec: Spec, sit: Any, values: Mapping[str, str] | None = None, *,
              readings: Mapping[str, str] | None = None, choices: Mapping[str, str | None] | None = None,
              key: Any = None, aspects: Collection[Any] | None = None) -> tuple[bool, tuple[str, ...]]:
    """Whether the outcome ``values`` (e.g. the engine's step), or any outcome whose comparison
    key is ``key`` (needs ``spec.key_term``; with ``aspects``, any outcome that agrees with ``key``
    on those fact names and places), is allowed by the clauses (and the ruling constraints of
    ``choices``); if not, the clauses it breaks (an unsat core)."""
    _, _, out, tracked, principles, _ = _ask(spec, sit, readings, choices)
    if key is not None and spec.key_term is None:
        raise ValueError(f"the {spec.game} specification cannot read a comparison key")
    with _Question(out, tracked + principles) as q:
        if values is not None:
            q.add(out.equals(values))
        if key is not None:
            q.add(smt(spec.key_term(out, key) if aspects is None else spec.key_term(out, key, aspects)))
        if q.check() == z3.sat:
            return True, ()
        return False, q.core()
