"""How a game writes itself on the wire: the fields of its states, views and observations and the
kinds of its actions, each with a JSON Schema fragment and its meaning.

Each game's ``public`` module declares them beside the code that writes them;
:mod:`rulecheck.oracle.schemas` builds the per-game JSON Schemas (``docs/schemas/``) and
:mod:`rulecheck.oracle.guide` the encoding guides (``docs/encoding/``) from them, and the tests
check every state, view, observation and action the engine writes against those schemas.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

__all__ = ["ActionKind", "Arg", "Encoding", "Field"]


@dataclass(frozen=True)
class Field:
    """One field of a JSON object: its name, the JSON Schema of its value and what it means."""

    name: str
    schema: Mapping[str, Any]
    description: str


@dataclass(frozen=True)
class Arg:
    """One argument of an action (after its name)."""

    name: str
    schema: Mapping[str, Any]
    description: str


@dataclass(frozen=True)
class ActionKind:
    """One kind of action: ``[name, *args]`` (``rest``: any number of further arguments of that
    form), who takes it (``chance``, ``player``, ``race``, ``ruling``) and what it does."""

    name: str
    actor: str
    description: str
    args: tuple[Arg, ...] = ()
    rest: Arg | None = None
    rest_min: int = 0

    def schema(self) -> dict[str, Any]:
        """The JSON Schema of this kind of action (a JSON list)."""
        items = [{"const": self.name}, *({**a.schema, "description": f"{a.name}: {a.description}"}
                                          for a in self.args)]
        out: dict[str, Any] = {"type": "array", "description": f"{self.actor}: {self.description}",
                               "prefixItems": items, "minItems": len(items) + self.rest_min}
        if self.rest is None:
            out["maxItems"] = len(items)
            out["items"] = False
        else:
            out["items"] = {**self.rest.schema, "description": f"{self.rest.name}: {self.rest.description}"}
        return out


@dataclass(frozen=True)
class Encoding:
    """A game's encoding on the wire.

    ``defs``: shared JSON Schema definitions (cards, players, ...), referenced as
    ``#/$defs/<name>``; ``state``/``view``/``observation``: their fields (``nested`` holds the
    fields of nested objects by definition name, e.g. a player's entry); ``actions``: every kind
    of action; ``deal``: the JSON Schema of the ``deal`` a ``new_game`` request may give.
    """

    game: str
    title: str
    defs: Mapping[str, Mapping[str, Any]]
    state: tuple[Field, ...]
    view: tuple[Field, ...]
    observation: tuple[Field, ...]
    actions: tuple[ActionKind, ...]
    deal: Mapping[str, Any]
    nested: Mapping[str, tuple[Field, ...]] = field(default_factory=dict)
    outcomes: Mapping[str, str] = field(default_factory=dict)
    """The ``outcome`` values of a terminal step, with their meaning."""

    def action_kind(self, name: str) -> ActionKind:
        for kind in self.actions:
            if kind.name == name:
                return kind
        raise KeyError(name)


def obj(fields: tuple[Field, ...], description: str = "", optional: tuple[str, ...] = ()) -> dict[str, Any]:
    """The JSON Schema of an object with exactly ``fields`` (all required except ``optional``)."""
    out: dict[str, Any] = {
        "type": "object",
        "properties": {f.name: {**f.schema, "description": f.description} for f in fields},
        "required": [f.name for f in fields if f.name not in optional],
        "additionalProperties": False,
    }
    if description:
        out = {"description": description, **out}
    return out
