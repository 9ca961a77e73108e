"""Ruling points and rulesets.

A *ruling point* is a place where the rulebook text does not determine what happens: it is
silent (kind ``gap``) or two clauses say different things (kind ``conflict``). The model never
guesses there; it asks the ruleset through :meth:`rulecheck.core.provenance.Context.rule`.

A *ruleset* picks an option for ruling points. ``raw`` picks none (rules as written: reaching
a ruling point is a gap or a conflict), ``recommended`` picks the project's recommendation,
and a user's JSON file starts from either and overrides some choices.

Ruling points live in ``models/<game>/rulings.json``::

    {"game": "chomp", "ruling_points": [
       {"id": "chomp.nobody_can_chomp", "kind": "gap", "question": "...",
        "clauses": ["en.gameplay.3"], "options": [{"id": "to_discards", "text": "..."}],
        "recommended": "to_discards", "rationale": "..."}]}

Each option may carry its ``wording``: the rule as the next edition would print it, in the
rulebook's voice, by language (``{"en": "...", "es": "..."}``). Each ruling point may carry
``publish``: what the errata and the FAQ need besides the options (see :class:`Publication`).

A user ruleset file::

    {"game": "chomp", "name": "house", "base": "recommended",
     "choices": {"chomp.nobody_can_chomp": "stay_in_center"}}
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from types import MappingProxyType

from rulecheck.core.errors import RulesetError, UnknownRulingError
from rulecheck.core.paths import models_dir, models_hint, read_json

__all__ = [
    "BUILTIN_RULESETS",
    "CONSEQUENCES",
    "Option",
    "Publication",
    "Ruleset",
    "RulingPoint",
    "load_ruleset",
    "load_ruling_points",
    "ruleset_game",
]

BUILTIN_RULESETS = ("raw", "recommended")
RULING_KINDS = ("gap", "conflict")
CONSEQUENCES = ("play", "winner", "cards", "wording")
"""What a ruling point's answer can change, most serious first: whether the game can go on (or
goes on forever), who wins, which cards a player has, or only the wording."""
AMENDMENTS = ("add", "replace")


@dataclass(frozen=True)
class Option:
    """One way to settle a ruling point; ``wording`` is the rule as the next edition would print
    it, by language (``en``, ``es``), empty where nobody has written it yet."""

    id: str
    text: str
    wording: Mapping[str, str] = field(default_factory=dict, hash=False, compare=False)


@dataclass(frozen=True)
class Publication:
    """What the errata and the FAQ print about a ruling point, besides its options' wording.

    ``problem``: the problem in one plain sentence, by language. ``consequence``: one of
    :data:`CONSEQUENCES`. ``clause``: the sentence the erratum amends, and ``how``: ``add`` a
    sentence after it or ``replace`` it. ``question``: the FAQ's question where the players'
    question names cards or numbers that a drawn situation need not show. ``settles``: the
    readings of an ambiguous sentence (the clause specification's reading IDs) this ruling
    point decides.
    """

    problem: Mapping[str, str] = field(default_factory=dict, hash=False, compare=False)
    consequence: str = ""
    clause: str = ""
    how: str = "add"
    question: str = ""
    settles: tuple[str, ...] = ()


@dataclass(frozen=True)
class RulingPoint:
    """A question the rulebook leaves open, with the clauses involved and the options."""

    id: str
    kind: str
    question: str
    clauses: tuple[str, ...]
    options: tuple[Option, ...]
    recommended: str | None
    rationale: str
    players_question: str = ""
    publish: Publication = field(default_factory=Publication, hash=False, compare=False)

    def option(self, option_id: str) -> Option:
        for opt in self.options:
            if opt.id == option_id:
                return opt
        known = ", ".join(o.id for o in self.options)
        raise RulesetError(
            f"ruling point {self.id!r} has no option {option_id!r}{_did_you_mean(option_id, self.option_ids)}"
            f" (options: {known})"
        )

    @property
    def option_ids(self) -> tuple[str, ...]:
        return tuple(o.id for o in self.options)


@dataclass(frozen=True)
class Ruleset:
    """A choice of option for some or all ruling points of one game.

    ``choices`` maps every ruling ID of the game to an option ID, or to ``None`` where the
    ruleset leaves it open (then reaching it is a gap or conflict).
    """

    game: str
    name: str
    choices: Mapping[str, str | None] = field(hash=False, compare=False)
    base: str = "raw"

    def key(self) -> tuple[tuple[str, str | None], ...]:
        """A hashable, order-independent identity of the choices."""
        return tuple(sorted(self.choices.items()))

    def open_points(self) -> tuple[str, ...]:
        """The ruling points this ruleset leaves undecided, sorted."""
        return tuple(sorted(rid for rid, opt in self.choices.items() if opt is None))

    def to_json(self) -> dict[str, object]:
        return {
            "game": self.game,
            "name": self.name,
            "base": self.base,
            "choices": {k: v for k, v in sorted(self.choices.items()) if v is not None},
        }


def _ruling_file(game: str) -> Path:
    """``models/<game>/rulings.json``; a game registered from elsewhere (a test's planted
    game) may name its own file in ``RULING_FILES``."""
    return RULING_FILES.get(game) or models_dir() / game / "rulings.json"


#: game name -> ruling points file, for games whose models live outside ``models/``
RULING_FILES: dict[str, Path] = {}


@cache
def _load_ruling_points_cached(path: str) -> Mapping[str, RulingPoint]:
    if not Path(path).exists():
        raise RulesetError(f"no ruling points file at {path}{models_hint()}")
    raw = read_json(path, "ruling points file", RulesetError)
    points: dict[str, RulingPoint] = {}
    for entry in raw.get("ruling_points", []):
        rp = _parse_ruling_point(entry, path)
        if rp.id in points:
            raise RulesetError(f"{path}: ruling point {rp.id!r} defined twice")
        points[rp.id] = rp
    return MappingProxyType(dict(sorted(points.items())))


def _parse_ruling_point(entry: Mapping[str, object], path: str) -> RulingPoint:
    try:
        rid = str(entry["id"])
        options = tuple(
            Option(str(o["id"]), str(o["text"]), _by_language(o.get("wording"), f"{path}: option {o['id']!r}"))  # type: ignore[index,union-attr]
            for o in entry["options"]  # type: ignore[attr-defined,union-attr]
        )
        kind = str(entry.get("kind", "gap"))
        rec = entry.get("recommended")
        rp = RulingPoint(
            id=rid,
            kind=kind,
            question=str(entry["question"]),
            clauses=tuple(str(c) for c in entry.get("clauses", ())),  # type: ignore[attr-defined,union-attr]
            options=options,
            recommended=None if rec is None else str(rec),
            rationale=str(entry.get("rationale", "")),
            players_question=str(entry.get("players_question", "")),
            publish=_publication(entry.get("publish"), f"{path}: ruling point {rid!r}"),
        )
    except (KeyError, TypeError, AttributeError) as exc:
        raise RulesetError(f"{path}: malformed ruling point {entry!r}: {exc}") from exc
    if kind not in RULING_KINDS:
        raise RulesetError(f"{path}: ruling point {rid!r} has kind {kind!r}, not gap or conflict")
    if len(options) < 2:
        raise RulesetError(f"{path}: ruling point {rid!r} needs two or more options")
    if rp.recommended is not None:
        rp.option(rp.recommended)
    return rp


def _by_language(value: object, where: str) -> Mapping[str, str]:
    """A ``{"en": text, "es": text}`` object (absent: empty)."""
    if value is None:
        return MappingProxyType({})
    if not isinstance(value, Mapping) or not all(isinstance(k, str) and isinstance(v, str) for k, v in value.items()):
        raise RulesetError(f"{where}: expected an object of language -> text, got {value!r}")
    return MappingProxyType(dict(value))


def _publication(value: object, where: str) -> Publication:
    """The ``publish`` object of a ruling point (absent: an empty one)."""
    if value is None:
        return Publication()
    if not isinstance(value, Mapping):
        raise RulesetError(f"{where}: 'publish' must be an object, got {value!r}")
    unknown = sorted(set(value) - {"problem", "consequence", "clause", "how", "question", "settles"})
    if unknown:
        raise RulesetError(f"{where}: unknown 'publish' keys {unknown}")
    consequence = str(value.get("consequence", ""))
    if consequence and consequence not in CONSEQUENCES:
        raise RulesetError(f"{where}: consequence {consequence!r} is not one of {', '.join(CONSEQUENCES)}")
    how = str(value.get("how", "add"))
    if how not in AMENDMENTS:
        raise RulesetError(f"{where}: how {how!r} is not one of {', '.join(AMENDMENTS)}")
    settles = value.get("settles", ())
    if not isinstance(settles, (list, tuple)):
        raise RulesetError(f"{where}: 'settles' must be a list of reading IDs")
    return Publication(
        problem=_by_language(value.get("problem"), where),
        consequence=consequence,
        clause=str(value.get("clause", "")),
        how=how,
        question=str(value.get("question", "")),
        settles=tuple(str(r) for r in settles),
    )


def load_ruling_points(game: str) -> Mapping[str, RulingPoint]:
    """All ruling points of ``game``, by ID (sorted)."""
    return _load_ruling_points_cached(str(_ruling_file(game)))


def load_ruleset(game: str, spec: str | Path | Mapping[str, object] = "recommended") -> Ruleset:
    """Load a ruleset: ``"raw"``, ``"recommended"``, a JSON file path, or a parsed mapping.

    Raises :class:`RulesetError` naming what is wrong: unreadable file, wrong game, unknown
    ruling ID, unknown option.
    """
    points = load_ruling_points(game)
    if isinstance(spec, Mapping):
        return _ruleset_from_mapping(game, points, spec, "<mapping>")
    text = str(spec)
    if text == "raw":
        return Ruleset(game, "raw", MappingProxyType({rid: None for rid in points}), "raw")
    if text == "recommended":
        return Ruleset(
            game,
            "recommended",
            MappingProxyType({rid: rp.recommended for rid, rp in points.items()}),
            "recommended",
        )
    data = _ruleset_file(text)
    return _ruleset_from_mapping(game, points, data, text)


def _ruleset_file(text: str) -> Mapping[str, object]:
    """The JSON object in the ruleset file ``text``; RulesetError naming the problem."""
    if not Path(text).exists():
        raise RulesetError(
            f"ruleset {text!r} is neither a built-in ruleset ({', '.join(BUILTIN_RULESETS)}) "
            "nor an existing file"
        )
    data = read_json(text, "ruleset file", RulesetError)
    if not isinstance(data, Mapping):
        raise RulesetError(f"ruleset file {text}: expected a JSON object")
    return data


def _ruleset_from_mapping(
    game: str, points: Mapping[str, RulingPoint], data: Mapping[str, object], where: str
) -> Ruleset:
    allowed = {"game", "name", "base", "choices", "description"}
    unknown_keys = sorted(set(data) - allowed)
    if unknown_keys:
        raise RulesetError(f"ruleset {where}: unknown keys {unknown_keys} (allowed: {sorted(allowed)})")
    if data.get("game", game) != game:
        raise RulesetError(f"ruleset {where} is for game {data.get('game')!r}, not {game!r}")
    base_name = str(data.get("base", "recommended"))
    if base_name not in BUILTIN_RULESETS:
        raise RulesetError(f"ruleset {where}: base must be one of {BUILTIN_RULESETS}, not {base_name!r}")
    base = load_ruleset(game, base_name)
    choices = dict(base.choices)
    raw_choices = data.get("choices", {})
    if not isinstance(raw_choices, Mapping):
        raise RulesetError(f"ruleset {where}: 'choices' must be an object of ruling ID -> option ID")
    for rid, opt in raw_choices.items():
        if rid not in points:
            raise UnknownRulingError(
                f"ruleset {where}: unknown ruling point {rid!r} for game {game!r}{_did_you_mean(rid, points)}"
                f" (`rulecheck rulings {game}` lists them)"
            )
        if opt is None:
            choices[rid] = None
            continue
        try:
            points[rid].option(str(opt))
        except RulesetError as exc:
            raise RulesetError(f"ruleset {where}: {exc}") from None
        choices[rid] = str(opt)
    name = str(data.get("name", Path(where).stem if where != "<mapping>" else "custom"))
    return Ruleset(game, name, MappingProxyType(choices), base_name)


def ruleset_game(spec: str | Path) -> str | None:
    """The game a ruleset file names (``None`` for ``raw``, ``recommended``, or a file naming
    none). Reads the file: RulesetError if it is missing, not UTF-8, not JSON or not an object."""
    text = str(spec)
    if text in BUILTIN_RULESETS:
        return None
    game = _ruleset_file(text).get("game")
    return game if isinstance(game, str) else None


def _did_you_mean(word: str, known: Iterable[str]) -> str:
    near = difflib.get_close_matches(word, list(known), n=1, cutoff=0.6)
    return f"; did you mean {near[0]!r}?" if near else ""
