"""Provenance: which clauses and ruling points a transition used.

The game models call :meth:`Context.cite` with the clause IDs a step applies and
:meth:`Context.rule` wherever the text leaves the outcome open. Under a ruleset that does not
decide that ruling point, ``rule`` raises :class:`Undetermined`; the generic game layer turns
that into a :class:`rulecheck.core.game.Pending` state (a gap or conflict) instead of guessing.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import wraps
from typing import Any, Final, TypeVar

_R = TypeVar("_R")

__all__ = ["EMPTY_PROVENANCE", "Context", "Provenance", "Undetermined", "ruled_cache"]


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


EMPTY_PROVENANCE = Provenance()

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


def ruled_cache(fn: Callable[..., _R]) -> Callable[..., _R]:
    """Memoise ``fn(ctx, *key)``, a pure function of ``key`` and of the ruleset's answers.

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
    """
    cache: dict[tuple[Any, ...], list[Any]] = {}

    @wraps(fn)
    def cached(ctx: Context, *key: Any) -> _R:
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
        result = fn(ctx, *key)
        rulings = tuple(ctx.rulings[r0:])
        if len(cache) >= _RULED_CACHE_LIMIT:
            cache.clear()
        choices = ctx.choices
        cache[key] = [tuple((rid, choices[rid]) for rid in rulings), tuple(ctx.clauses[c0:]), rulings, result, choices]
        return result

    cached.cache = cache  # type: ignore[attr-defined]
    return cached
