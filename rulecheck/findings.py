"""Findings: what a checker found wrong (or could not rule out) in a rulebook model.

A :class:`Finding` is a plain, frozen record that every checker produces (the explicit-state
explorer, the Z3 checker, edition comparison, worked-example scenarios) and every document
consumes (audit report, errata, FAQ). Its ID is derived from its content, never from a
counter, so the same problem keeps the same ID across runs and rulesets::

    chomp.gap.nobody_can_chomp          a ruling point reached under the raw rules
    chomp.cycle.underwater-war          plays of that variant that can go on forever
    chonker-party.invariant.same-hand-size
    chomp.dead-rule.en.object.1         a clause no explored transition ever applies

See ``docs/FINDINGS.md`` for every field.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from rulecheck.core.errors import RulecheckError

__all__ = [
    "ABSENCE_KINDS",
    "KINDS",
    "SEVERITIES",
    "Finding",
    "Witness",
    "finding_id",
    "findings_from_json",
    "findings_to_json",
    "merge",
    "merge_all",
    "severity_at_least",
    "severity_rank",
    "slug",
]

KINDS = (
    "gap",
    "conflict",
    "dead-rule",
    "unreachable-outcome",
    "coverage",
    "non-termination",
    "trap",
    "deadlock",
    "invariant",
    "example-mismatch",
    "translation",
    "component",
    "ambiguity",
    "silent-decision",
    "disagreement",
    "answered",
)
"""Every finding kind, in the order reports list them."""

SEVERITIES = ("critical", "high", "medium", "low", "info")
"""Most severe first."""

ABSENCE_KINDS = frozenset({"dead-rule", "unreachable-outcome", "coverage"})
"""Kinds that claim something never happens: only an exhaustive check verifies them."""


def severity_rank(severity: str) -> int:
    """0 for critical ... 4 for info; ValueError for an unknown severity."""
    try:
        return SEVERITIES.index(severity)
    except ValueError:
        raise RulecheckError(f"unknown severity {severity!r}; one of {', '.join(SEVERITIES)}") from None


def severity_at_least(severity: str, threshold: str) -> bool:
    """Whether ``severity`` is as severe as ``threshold`` or more."""
    return severity_rank(severity) <= severity_rank(threshold)


_SLUG_RE = re.compile(r"[^a-z0-9_.-]+")


def slug(text: str) -> str:
    """Lower case; anything but letters, digits, ``_ . -`` becomes ``-``."""
    return _SLUG_RE.sub("-", str(text).lower()).strip("-") or "x"


def finding_id(game: str, kind: str, subject: str) -> str:
    """``<game>.<kind>.<subject>``; a subject already prefixed with ``<game>.`` loses it."""
    subject = str(subject)
    if subject.startswith(game + "."):
        subject = subject[len(game) + 1 :]
    return f"{game}.{kind}.{slug(subject)}"


@dataclass(frozen=True)
class Witness:
    """A replayable trace that shows the problem.

    ``actions`` are JSON actions applied from the configuration's root state (the deal is the
    first). ``problem_step`` is the 0-based index of the action whose result shows the problem
    (the step into the gap, the deadlocked state, the violating state; ``-1`` means the root
    state itself). For a lasso, ``loop_start`` is the index of the first action of the loop:
    applying ``actions[loop_start:]`` to the state reached after ``actions[:loop_start]``
    returns exactly to that state, so the loop can be repeated forever.
    """

    config: Mapping[str, Any]
    actions: tuple[Any, ...]
    problem_step: int
    loop_start: int | None = None

    def __len__(self) -> int:
        return len(self.actions)

    def to_json(self) -> dict[str, Any]:
        return {
            "config": dict(self.config),
            "actions": [list(a) if isinstance(a, (list, tuple)) else a for a in self.actions],
            "problem_step": self.problem_step,
            "loop_start": self.loop_start,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Witness:
        try:
            return cls(
                config=dict(data["config"]),
                actions=tuple(_jsonable(a) for a in data["actions"]),
                problem_step=int(data["problem_step"]),
                loop_start=None if data.get("loop_start") is None else int(data["loop_start"]),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise RulecheckError(f"malformed witness: {exc}") from exc

    def sort_key(self) -> tuple[int, str]:
        """Shorter first, then a stable tie-break on the content."""
        return (len(self.actions), json.dumps(self.to_json(), sort_keys=True))


def _jsonable(x: Any) -> Any:
    if isinstance(x, (list, tuple)):
        return [_jsonable(v) for v in x]
    return x


@dataclass(frozen=True)
class Finding:
    """One problem (or hole) in a rulebook model, with the evidence for it.

    ``verified`` is true only when the check that found or claims it ran to completion; a
    witness, when present, is always real (it replays in the engine) whatever ``verified`` says.
    ``frequency`` is how often ordinary play meets it (from seeded playouts), or ``None``.
    """

    id: str
    game: str
    kind: str
    severity: str
    title: str
    detail: str = ""
    clauses: tuple[str, ...] = ()
    ruling: str | None = None
    configs: tuple[Mapping[str, Any], ...] = ()
    witness: Witness | None = None
    frequency: Mapping[str, Any] | None = None
    verified: bool = False
    source: str = "explore"
    data: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise RulecheckError(f"finding {self.id}: unknown kind {self.kind!r}")
        severity_rank(self.severity)

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "game": self.game,
            "kind": self.kind,
            "severity": self.severity,
            "title": self.title,
            "detail": self.detail,
            "clauses": list(self.clauses),
            "ruling": self.ruling,
            "configs": [dict(c) for c in self.configs],
            "witness": None if self.witness is None else self.witness.to_json(),
            "frequency": None if self.frequency is None else dict(self.frequency),
            "verified": self.verified,
            "source": self.source,
            "data": dict(self.data),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Finding:
        try:
            witness = data.get("witness")
            return cls(
                id=str(data["id"]),
                game=str(data["game"]),
                kind=str(data["kind"]),
                severity=str(data["severity"]),
                title=str(data["title"]),
                detail=str(data.get("detail", "")),
                clauses=tuple(str(c) for c in data.get("clauses", ())),
                ruling=None if data.get("ruling") is None else str(data["ruling"]),
                configs=tuple(dict(c) for c in data.get("configs", ())),
                witness=None if witness is None else Witness.from_json(witness),
                frequency=None if data.get("frequency") is None else dict(data["frequency"]),
                verified=bool(data.get("verified", False)),
                source=str(data.get("source", "explore")),
                data=dict(data.get("data", {})),
            )
        except (KeyError, TypeError, AttributeError) as exc:
            raise RulecheckError(f"malformed finding {data!r:.200}: {exc}") from exc

    def sort_key(self) -> tuple[int, int, str]:
        return (severity_rank(self.severity), KINDS.index(self.kind), self.id)


def _config_key(c: Mapping[str, Any]) -> str:
    return json.dumps(c, sort_keys=True)


def merge(a: Finding, b: Finding) -> Finding:
    """The same finding (same ID) seen in more configurations: one record.

    Configurations are united (sorted), clauses united in order, the shortest witness kept
    (ties broken by content, so the result does not depend on the order of merging; for an open
    ruling point, a witness where its options make a difference, ``data["options_differ"]``, before
    any that is not, and then one whose trace answers every ruling point on it with the recommended
    option, ``data["on_recommended"]``, before any that does not), the more severe severity kept
    (its detail and data first; between equals, those of the witness kept). ``verified``: a
    problem shown by a witness (gap, cycle, ...) is verified if any of the runs that found it
    completed; an absence claim (dead rule, unreachable outcome, coverage) only if every run
    behind it completed.
    """
    if a.id != b.id:
        raise RulecheckError(f"cannot merge different findings {a.id} and {b.id}")
    configs = {_config_key(c): c for c in (*a.configs, *b.configs)}
    shown = [(bool(f.data.get("options_differ")), bool(f.data.get("on_recommended")), f.witness)
             for f in (a, b) if f.witness is not None]
    differ, agreed, witness = (min(shown, key=lambda x: (not x[0], not x[1], x[2].sort_key())) if shown
                               else (False, False, None))
    if a.kind in ABSENCE_KINDS:
        verified = a.verified and b.verified
    else:
        verified = a.verified or b.verified
    first, second = sorted((a, b), key=lambda f: (severity_rank(f.severity), f.witness is None, f.witness != witness))
    data = dict(second.data)
    data.update(first.data)
    for k in set(a.data) & set(b.data):
        va, vb = a.data[k], b.data[k]
        if isinstance(va, int) and isinstance(vb, int) and not isinstance(va, bool):
            data[k] = va + vb
        elif k == "settled" and isinstance(va, Mapping) and isinstance(vb, Mapping) and not (
                va.get("settled") and vb.get("settled")):
            # whether the errata settle an ambiguity holds only if it holds at every witness (where
            # both do, the first's is kept, as its detail tells it)
            data[k] = min((va, vb), key=lambda v: (bool(v.get("settled")), json.dumps(v, sort_keys=True)))
    if "options_differ" in data:
        data["options_differ"] = differ  # said of the witness kept
    if "on_recommended" in data:
        data["on_recommended"] = agreed
    return replace(
        first,
        clauses=tuple(dict.fromkeys((*a.clauses, *b.clauses))),
        configs=tuple(configs[k] for k in sorted(configs)),
        witness=witness,
        verified=verified,
        frequency=first.frequency if first.frequency is not None else second.frequency,
        data=data,
    )


def merge_all(findings: Iterable[Finding]) -> list[Finding]:
    """Merge findings by ID; sorted by severity, kind, ID."""
    out: dict[str, Finding] = {}
    for f in findings:
        out[f.id] = merge(out[f.id], f) if f.id in out else f
    return sorted(out.values(), key=Finding.sort_key)


def findings_to_json(findings: Sequence[Finding]) -> list[dict[str, Any]]:
    return [f.to_json() for f in findings]


def findings_from_json(data: Iterable[Mapping[str, Any]]) -> list[Finding]:
    return [Finding.from_json(d) for d in data]
