"""What the conformance harness compares of two responses, and every difference between them.

A response is reduced to the fields of its command that the chosen :class:`Comparison` covers
(:meth:`Comparison.project`), then :func:`differences` lists every path where the two differ,
with both values whole. The aspects, as OpenSpiel playthroughs and perft check engines:

``legal``
    ``legal_actions``: the actor, the player, the terminal flag and the actions (with their
    probabilities at a chance node).
``outcome``
    ``apply`` and ``new_game``: who acts next (actor, player), the terminal flag, the returns,
    the ``outcome`` of a terminal step, the open ruling point (``gap``); ``new_game`` also the
    ``deal`` it played.
``observation``
    ``observation``: what the player sees (``docs/schemas/<game>.schema.json#/$defs/observation``).
``state``
    ``apply`` and ``new_game``: the canonical public state, ``view`` (``#/$defs/view``). The
    engine's own ``state`` is never compared: it is each implementation's own token.

Provenance is compared ``off`` (the default), as a ``set`` (each list sorted) or ``exact``
(lists in order); readable texts only with ``strict_text``. Errors are compared by code. Numbers
compare by value (``1`` equals ``1.0``). ``hello`` is compared on ``protocol`` and ``version``
only, ``perft`` whole, ``describe`` on ``actor``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

__all__ = ["ABSENT", "ASPECTS", "DEFAULT_ASPECTS", "PROVENANCE_MODES", "Comparison", "Difference", "differences"]

ASPECTS = ("legal", "outcome", "observation", "state")
DEFAULT_ASPECTS = ("legal", "outcome", "observation")
PROVENANCE_MODES = ("off", "set", "exact")
ABSENT = "<absent>"
"""Stands for a field one response has and the other has not."""

_TEXTS = ("text", "action_text")
_OUTCOME = ("actor", "player", "terminal", "returns", "outcome", "gap", "deal")


@dataclass(frozen=True)
class Difference:
    """One path where the expected and the actual answers differ, with both values whole."""

    path: str
    expected: Any
    actual: Any

    def to_json(self) -> dict[str, Any]:
        return {"path": self.path, "expected": self.expected, "actual": self.actual}


@dataclass(frozen=True)
class Comparison:
    """Which aspects of the answers are compared (see the module docstring)."""

    aspects: frozenset[str] = field(default_factory=lambda: frozenset(DEFAULT_ASPECTS))
    provenance: str = "off"
    strict_text: bool = False

    def __post_init__(self) -> None:
        unknown = sorted(set(self.aspects) - set(ASPECTS))
        if unknown:
            raise ValueError(f"unknown comparison aspect {unknown[0]!r}; aspects: {', '.join(ASPECTS)}")
        if self.provenance not in PROVENANCE_MODES:
            raise ValueError(f"provenance comparison is one of {', '.join(PROVENANCE_MODES)}, not {self.provenance!r}")

    @classmethod
    def parse(cls, aspects: Iterable[str] | None = None, provenance: str = "off",
              strict_text: bool = False) -> Comparison:
        chosen = DEFAULT_ASPECTS if aspects is None else tuple(a for a in aspects if a)
        return cls(frozenset(chosen), provenance, strict_text)

    def describe(self) -> str:
        parts = [a for a in ASPECTS if a in self.aspects]
        return f"{', '.join(parts) or 'errors only'}; provenance {self.provenance}" + (
            "; texts" if self.strict_text else "")

    def project(self, cmd: str, response: Any) -> dict[str, Any]:
        """The part of ``response`` (to command ``cmd``) that is compared."""
        if not isinstance(response, Mapping) or not isinstance(response.get("ok"), bool):
            return {"response": response}
        if not response["ok"]:
            error = response.get("error")
            return {"ok": False, "error": {"code": error.get("code") if isinstance(error, Mapping) else error}}
        result = response.get("result")
        if not isinstance(result, Mapping):
            return {"ok": True, "result": result}
        return {"ok": True, "result": self._result(cmd, result)}

    def _result(self, cmd: str, result: Mapping[str, Any]) -> dict[str, Any]:
        keys: list[str] = []
        if cmd == "hello":
            keys = ["protocol", "version"]
        elif cmd in ("apply", "new_game"):
            if "outcome" in self.aspects:
                keys += [k for k in _OUTCOME if k != "deal" or cmd == "new_game"]
            if "state" in self.aspects:
                keys.append("view")
            if self.provenance != "off":
                keys.append("provenance")
        elif cmd == "legal_actions":
            keys = ["actor", "player", "terminal"]
            if "legal" in self.aspects:
                keys.append("actions")
        elif cmd == "observation":
            keys = ["player", "observation"] if "observation" in self.aspects else []
        elif cmd == "perft":
            keys = ["depth", "nodes", "breakdown"]
        elif cmd == "describe":
            keys = ["actor"]
        elif cmd == "stop":
            keys = ["stopping"]
        if self.strict_text:
            keys += list(_TEXTS)
        out: dict[str, Any] = {}
        for key in keys:
            if key not in result:
                if key in ("outcome", "text", "action_text", "deal"):  # present only where they apply
                    continue
                out[key] = ABSENT
                continue
            value = result[key]
            if key == "actions" and isinstance(value, list):
                value = [self._action_row(r) for r in value]
            elif key == "provenance":
                value = self._provenance(value)
            out[key] = value
        return out

    def _action_row(self, row: Any) -> Any:
        if not isinstance(row, Mapping):
            return row
        keep = ("action", "probability", "text") if self.strict_text else ("action", "probability")
        return {k: row[k] for k in keep if k in row}

    def _provenance(self, value: Any) -> Any:
        if self.provenance != "set" or not isinstance(value, Mapping):
            return value
        return {k: sorted(v, key=str) if isinstance(v, list) else v for k, v in value.items()}


def differences(expected: Any, actual: Any, path: str = "") -> list[Difference]:
    """Every difference between two JSON values, depth first, keys sorted; a list that differs
    in length is compared item by item and then reported at ``<path>.length``."""
    out: list[Difference] = []
    _walk(expected, actual, path, out)
    return out


def _walk(expected: Any, actual: Any, path: str, out: list[Difference]) -> None:
    if isinstance(expected, Mapping) and isinstance(actual, Mapping):
        for key in sorted(set(expected) | set(actual), key=str):
            sub = f"{path}.{key}"
            if key not in expected or key not in actual:
                out.append(Difference(sub, expected.get(key, ABSENT), actual.get(key, ABSENT)))
                continue
            _walk(expected[key], actual[key], sub, out)
        return
    if isinstance(expected, list) and isinstance(actual, list):
        if len(expected) != len(actual):
            out.append(Difference(f"{path}.length", len(expected), len(actual)))
            if _is_row_list(expected) or _is_row_list(actual):  # actions: report the missing and extra ones
                _rows(expected, actual, path, out)
                return
        for i, (e, a) in enumerate(zip(expected, actual, strict=False)):
            _walk(e, a, f"{path}[{i}]", out)
        return
    if not _same(expected, actual):
        out.append(Difference(path or ".", expected, actual))


def _same(expected: Any, actual: Any) -> bool:
    numbers = (int, float)
    if isinstance(expected, bool) or isinstance(actual, bool):
        return type(expected) is type(actual) and expected == actual
    if isinstance(expected, numbers) and isinstance(actual, numbers):
        return bool(expected == actual)
    return type(expected) is type(actual) and expected == actual


def _is_row_list(value: list[Any]) -> bool:
    return bool(value) and all(isinstance(r, Mapping) and "action" in r for r in value)


def _rows(expected: list[Any], actual: list[Any], path: str, out: list[Difference]) -> None:
    """Legal action lists of different lengths: which actions are missing and which are extra."""
    import json

    def key(r: Any) -> str:
        return json.dumps(r.get("action") if isinstance(r, Mapping) else r, sort_keys=True)

    have = {key(r): r for r in actual}
    want = {key(r): r for r in expected}
    for k, r in want.items():
        if k not in have:
            out.append(Difference(f"{path}[action={k}]", r, ABSENT))
    for k, r in have.items():
        if k not in want:
            out.append(Difference(f"{path}[action={k}]", ABSENT, r))
    for k in sorted(set(want) & set(have)):
        _walk(want[k], have[k], f"{path}[action={k}]", out)
