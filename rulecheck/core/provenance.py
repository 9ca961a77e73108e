"""Provenance: which clauses and ruling points a transition used.

The game models call :meth:`Context.cite` with the clause IDs a step applies and
:meth:`Context.rule` wherever the text leaves the outcome open. Under a ruleset that does not
decide that ruling point, ``rule`` raises :class:`Undetermined`; the generic game layer turns
that into a :class:`rulecheck.core.game.Pending` state (a gap or conflict) instead of guessing.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass
from typing import Any, Final, Generic, TypeVar

_R = TypeVar("_R")

__all__ = ["EMPTY_PROVENANCE", "Context", "Provenance", "RuledCache", "Step", "Undetermined", "ruled_cache"]


class Undetermined(Exception):  # noqa: N818 - control flow, not an error
    """Raised by :meth:`Context.rule` when the ruleset leaves ``ruling`` open."""

    def __init__(self, ruling: str) -> None:
        super().__init__(ruling)
        self.ruling = ruling


@dataclass(frozen=True, slots=True)
class Provenance:
    """What one transition used: clause IDs and ruling IDs, in order of use, de-duplicated.

    ``gap`` names the ruling point that left the outcome undetermined, if any (the result is
    then a pending state).
    """

    clauses: tuple[str, ...] = ()
    rulings: tuple[str, ...] = ()
    gap: str | None = None

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {"clauses": list(self.clauses), "rulings": list(self.rulings)}
        if self.gap is not None:
            out["gap"] = self.gap
        return out

    def __reduce__(self) -> tuple[type[Provenance], tuple[tuple[str, ...], tuple[str, ...], str | None]]:
        # compiled by mypyc, a frozen dataclass cannot be unpickled field by field
        return (Provenance, (self.clauses, self.rulings, self.gap))


EMPTY_PROVENANCE = Provenance()


class Step:
    """The result of applying an action: the new state and what the rules used to get there.

    ``Step(state, provenance)``; or ``Step(state, ctx)`` with the :class:`Context` the transition
    was computed in, which then holds its record: the clauses cited and the rulings asked, in
    order. :attr:`provenance` de-duplicates and interns that record when it is first read
    (:meth:`Context.provenance`), so a loop that never reads it (a random playout, a replay)
    does not pay for the interning; the record itself is kept either way. The Context must not
    be used again once a Step holds it.

    Immutable to its users: ``state`` is ``Final`` (mypy rejects assigning it, and compiled by
    mypyc it is read-only) and ``provenance`` a read-only property. A plain class rather than a
    frozen dataclass because every transition makes one: compiled, building it is a direct call
    of a few instructions, where a frozen dataclass's ``__init__`` sets each field through
    ``object.__setattr__``.
    """

    __slots__ = ("_ctx", "_provenance", "state")

    def __init__(self, state: Hashable, provenance: Provenance | Context) -> None:
        self.state: Final = state
        if isinstance(provenance, Provenance):
            self._provenance: Provenance | None = provenance
            self._ctx: Context | None = None
        else:
            self._provenance = None
            self._ctx = provenance

    @property
    def provenance(self) -> Provenance:
        """The clauses and rulings the transition used (an interned :class:`Provenance`)."""
        found = self._provenance
        if found is None:
            ctx = self._ctx
            assert ctx is not None
            found = self._provenance = ctx.provenance()
            self._ctx = None
        return found

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Step):
            return NotImplemented
        return self.state == other.state and self.provenance == other.provenance

    def __hash__(self) -> int:
        return hash((self.state, self.provenance))

    def __repr__(self) -> str:
        return f"Step(state={self.state!r}, provenance={self.provenance!r})"

    def __reduce__(self) -> tuple[type[Step], tuple[Hashable, Provenance]]:
        return (Step, (self.state, self.provenance))


_INTERNED: Final[dict[tuple[tuple[str, ...], tuple[str, ...], str | None], Provenance]] = {}
"""Provenance records by the raw citations that made them: a transition's few possible records are
built once and shared (they are immutable)."""
_INTERN_LIMIT: Final = 1 << 16


class Context:
    """Collects provenance while one transition is computed and answers ruling questions.

    ``choices`` maps every ruling ID of the game to an option ID or ``None`` (undecided).
    Asking for a ruling ID that the game does not define is a programming error (KeyError).
    """

    __slots__ = ("choices", "clauses", "rulings")

    def __init__(self, choices: Mapping[str, str | None]) -> None:
        self.choices = choices
        self.clauses: list[str] = []
        self.rulings: list[str] = []

    def cite(self, *clause_ids: str) -> None:
        """Record that this step applies the given clauses."""
        self.clauses.extend(clause_ids)

    def rule(self, ruling: str) -> str:
        """The ruleset's option for ``ruling``; raises :class:`Undetermined` if it has none."""
        option = self.choices[ruling]
        if option is None:
            raise Undetermined(ruling)
        self.rulings.append(ruling)
        return option

    def provenance(self, gap: str | None = None) -> Provenance:
        """What was cited and ruled, in order of first use, de-duplicated (an interned record)."""
        key = (tuple(self.clauses), tuple(self.rulings), gap)
        found = _INTERNED.get(key)
        if found is None:
            found = Provenance(tuple(dict.fromkeys(key[0])), tuple(dict.fromkeys(key[1])), gap)
            if len(_INTERNED) < _INTERN_LIMIT:
                _INTERNED[key] = found
        return found


_RULED_CACHE_LIMIT: Final = 1 << 17


def ruled_cache(fn: Callable[..., _R]) -> RuledCache[_R]:
    """Memoise ``fn(ctx, *key)``, a pure function of ``key`` and of the ruleset's answers (a
    decorator; see :class:`RuledCache`)."""
    return RuledCache(fn)


class RuledCache(Generic[_R]):
    """``fn(ctx, *key)`` memoised, for ``fn`` a pure function of ``key`` and of the ruleset's answers.

    The model's own code computes each result once; a later call with the same ``key`` replays
    the clauses it cited and the rulings it asked, in the same order, onto ``ctx`` and returns
    the same (immutable) result. The cached entry is used only if ``ctx`` gives every ruling
    the entry asked the same option; otherwise (another ruleset, a pending state's fixed
    option, an undecided point that raises :class:`Undetermined`) ``fn`` runs again, so the
    provenance, the result and any pending state are exactly those of an uncached call.
    ``key`` must hold everything ``fn`` reads besides ``ctx``.

    An entry remembers the last ``ctx.choices`` mapping (the object) that gave its rulings the same
    answers, so that a game's own choices are compared once per entry rather than on every call;
    this relies on a choices mapping never changing once a :class:`Context` uses it (a game's
    choices are fixed when it is made, and a pending state's resolution builds a new mapping).

    Call it as ``f(ctx, *key)``, or as ``f.call(ctx, *key)`` from the compiled engine's modules,
    where that is a direct call of the compiled method rather than a call through Python.
    """

    __slots__ = ("cache", "fn")

    def __init__(self, fn: Callable[..., _R]) -> None:
        self.fn: Final = fn
        self.cache: Final[dict[tuple[Any, ...], list[Any]]] = {}

    def __call__(self, ctx: Context, *key: Any) -> _R:
        return self.call(ctx, *key)

    def call(self, ctx: Context, *key: Any) -> _R:
        cache = self.cache
        hit = cache.get(key)
        if hit is not None:
            choices = ctx.choices
            if hit[4] is not choices:
                for rid, option in hit[0]:
                    if choices[rid] != option:
                        break
                else:
                    hit[4] = choices
            if hit[4] is choices:
                ctx.clauses.extend(hit[1])
                ctx.rulings.extend(hit[2])
                return hit[3]  # type: ignore[no-any-return]
        c0, r0 = len(ctx.clauses), len(ctx.rulings)
        result = self.fn(ctx, *key)
        rulings = tuple(ctx.rulings[r0:])
        if len(cache) >= _RULED_CACHE_LIMIT:
            cache.clear()
        choices = ctx.choices
        cache[key] = [tuple((rid, choices[rid]) for rid in rulings), tuple(ctx.clauses[c0:]), rulings, result, choices]
        return result
