"""Shrinking a divergence to a minimal trace.

A random game is a list of *choices*: non-negative integers, one per action, where choice
``c`` at a state picks the ``c mod n``-th of its ``n`` legal actions (sorted as the protocol
sorts them), or, at a chance node too large to enumerate, the outcome drawn by
``random.Random(c)``. Any list of integers is therefore a valid game, and shrinking works on
the list, as Hypothesis does:

1. shortest prefix: cut the choices after the divergent step;
2. delta debugging: delete chunks of choices (halves, quarters, ... single ones) while a
   divergence of the same kind persists;
3. smaller values: at each position try every smaller choice (up to ``max_values``), which
   may reach the divergence sooner.

Each accepted candidate has a shorter trace, or the same length with a list that is smaller in
shortlex order, so the loop ends. :func:`shrink_choices` does not know how a list is checked:
the harness passes ``check(choices) -> (trace length, normalised choices) | None``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

__all__ = ["ShrinkResult", "shrink_choices"]

Check = Callable[[Sequence[int]], "tuple[int, list[int]] | None"]


@dataclass(frozen=True)
class ShrinkResult:
    """The smallest choice list found, its trace length, and how many checks it took."""

    choices: tuple[int, ...]
    length: int
    checks: int
    exhausted_budget: bool


def shrink_choices(check: Check, choices: Sequence[int], length: int, *, budget: int = 400,
                   max_values: int = 24) -> ShrinkResult:
    """Shrink ``choices`` (which diverge with a trace of ``length`` actions) as far as ``budget`` checks allow.

    Parameters
    ----------
    check:
        Runs a candidate; returns ``(trace length, choices actually used)`` if the divergence
        persists, else ``None``.
    choices, length:
        The failing list and its trace length.

    Examples
    --------
    >>> # the "divergence" is a 3 anywhere in the list; its trace ends there
    >>> def check(cs):
    ...     cs = list(cs)
    ...     return (cs.index(3) + 1, cs[: cs.index(3) + 1]) if 3 in cs else None
    >>> shrink_choices(check, [5, 1, 4, 1, 3, 9], 5).choices
    (3,)
    """
    best = list(choices[:length])
    best_len = length
    checks = 0

    def better(n: int, cand: list[int]) -> bool:
        return n < best_len or (n == best_len and (len(cand), cand) < (len(best), best))

    def attempt(candidate: list[int]) -> bool:
        nonlocal best, best_len, checks
        if checks >= budget:
            return False
        checks += 1
        got = check(candidate)
        if got is None:
            return False
        n, used = got
        used = list(used[:n])
        if better(n, used):
            best, best_len = used, n
            return True
        return False

    changed = True
    while changed and checks < budget:
        changed = False
        # delta debugging: delete chunks, largest first
        size = max(1, len(best) // 2)
        while size >= 1 and checks < budget:
            i = 0
            while i < len(best) and checks < budget:
                if attempt(best[:i] + best[i + size:]):
                    changed = True
                else:
                    i += size
            size //= 2
        # smaller values, from the end (late choices matter least to earlier steps)
        for i in reversed(range(len(best))):
            if checks >= budget:
                break
            if i >= len(best):
                continue
            for v in range(min(best[i], max_values)):
                if i < len(best) and attempt([*best[:i], v, *best[i + 1:]]):
                    changed = True
                    break
    return ShrinkResult(tuple(best), best_len, checks, checks >= budget)
