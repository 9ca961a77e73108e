"""Conformance vectors: language-neutral JSON cases generated from the reference model.

Each case is one protocol request and the reference's response to it (without the ``id``
and without error messages, which are free text): an accepted action with its new state and
provenance, an expected rejection, the legal actions at a state, what each player observes, a
new game from an explicit deal, a perft count, or a bad request and the error it gets. Every
position is given as a ``history`` (the actions from the root), which any implementation can
replay without reading the reference's state format; each case names its ``configuration``, so
that a run checks only the cases of the configurations an implementation declares. Cases are
grouped by *rule area*: an area is recognised by the clause IDs and ruling IDs in a step's
provenance (``en.bad-chomp.*``, ``cp.steal.*``), by the action's name, or by the variant.
States for each area are found by seeded playouts on small and full decks, so the vectors are
deterministic: the same model gives byte-identical files, listed with their SHA-256 in
``manifest.json`` together with the protocol and engine versions.

Layout of an export::

    manifest.json
    protocol/hello.json           hello: the protocol and its version
    protocol/errors.json          malformed requests and lines, and the error code each gets
    <game>/<area>.json            cases of one rule area
    <game>/new-game.json          new games from explicit deals (and a bad deal)
    <game>/perft.json             perft counts from chosen positions
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Hashable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rulecheck import __version__
from rulecheck.core.errors import RulecheckError, TooManyOutcomesError
from rulecheck.core.game import Action, Game, Pending, action_to_json
from rulecheck.games import game_parts
from rulecheck.oracle.areas import Area, clause_matches
from rulecheck.oracle.protocol import PROTOCOL, TooLargeError, canonical, perft

__all__ = [
    "AREAS",
    "VECTORS_FORMAT",
    "Area",
    "Config",
    "configs_for",
    "export_vectors",
    "generate_vectors",
    "strip_response",
]

VECTORS_FORMAT = "rulecheck-conformance/2"


AREAS: Mapping[str, tuple[Area, ...]] = {g: tuple(areas) for g, areas in game_parts("vectors", "AREAS").items()}
"""Named rule areas per game (``rulecheck.games.<game>.vectors``). Clause sections no named area
covers get an area of their own."""


@dataclass(frozen=True)
class Config:
    """One game configuration as it appears in a request."""

    game: str
    variant: str
    players: int
    deck: str
    ruleset: str | Mapping[str, Any] = "recommended"

    def request(self) -> dict[str, Any]:
        return {"game": self.game, "variant": self.variant, "players": self.players, "deck": self.deck,
                "ruleset": self.ruleset if isinstance(self.ruleset, str) else dict(self.ruleset)}

    @classmethod
    def of(cls, data: Mapping[str, Any]) -> Config:
        """The configuration of a request (or a case's ``configuration``)."""
        return cls(data["game"], data.get("variant"), data.get("players"), data.get("deck") or "full",
                   data.get("ruleset", "recommended"))

    def label(self) -> str:
        rs = self.ruleset if isinstance(self.ruleset, str) else "house"
        return f"{self.game}/{self.variant}/{self.players}p/{self.deck}/{rs}"


@dataclass
class _Hit:
    config: Config
    seed: int
    index: int
    history: tuple[Action, ...]
    state: Hashable
    action: Action
    others: tuple[Action, ...]  # actions seen elsewhere in the playout (for rejections)


@dataclass(eq=False)
class _Bucket:
    area: Area
    hits: list[_Hit] = field(default_factory=list)
    clauses: set[str] = field(default_factory=set)


# ---------------------------------------------------------------------- configurations


def game_info(game: str) -> dict[str, Any]:
    from rulecheck.oracle.protocol import _game_info

    return _game_info(game)


def configs_for(game: str, *, all_counts: bool = False) -> list[Config]:
    """Every variant with its smallest and largest player count, on every named deck,
    recommended rules; configurations the game refuses are left out."""
    from rulecheck.oracle.protocol import Oracle

    info = game_info(game)
    decks = [d for d in info["decks"] if "=" not in d]
    oracle = Oracle()
    out: list[Config] = []
    for v in info["variants"]:
        counts = v["players"] or [2]
        chosen = counts if all_counts else sorted({counts[0], counts[-1]})
        for n in chosen:
            for deck in decks:
                config = Config(game, v["name"], n, deck)
                try:
                    oracle.game(config.request())
                except RulecheckError:
                    continue
                out.append(config)
    return out


def _extra_configs(game: str, base: list[Config]) -> list[Config]:
    """The raw ruleset (gaps become pending states) and a house ruleset flipping every ruling."""
    info = game_info(game)
    smallest = _smallest_deck(info["decks"])
    firsts: dict[str, Config] = {}
    for c in base:
        if c.deck == smallest:
            firsts.setdefault(c.variant, c)
    house_choices = {}
    for rp in info["ruling_points"]:
        others = [o for o in rp["options"] if o != rp["recommended"]]
        if rp["recommended"] is not None and others:
            house_choices[rp["id"]] = others[0]
    out = [Config(c.game, c.variant, c.players, c.deck, "raw") for c in firsts.values()]
    if house_choices:
        house = {"name": "flipped", "base": "recommended", "choices": house_choices}
        out += [Config(c.game, c.variant, c.players, c.deck, house) for c in firsts.values()]
    return out


def _smallest_deck(decks: Sequence[str]) -> str:
    """The last named deck (games list their decks largest first), else ``full``."""
    named = [d for d in decks if "=" not in d and d != "full"]
    return named[-1] if named else (decks[0] if decks else "full")


# ---------------------------------------------------------------------- generation


def _load(oracle: Any, config: Config) -> Game:
    return oracle.game(config.request())


def _playout(game: Game, seed: int, max_steps: int) -> Iterator[tuple[int, tuple[Action, ...], Hashable, Action, Any]]:
    """(index, history before, state before, action, step) along one seeded random game."""
    rng = random.Random(seed)
    state = game.root_state()
    history: list[Action] = []
    for i in range(max_steps):
        if game.is_terminal(state):
            return
        if game.is_chance_node(state):
            action = game.sample_chance(state, rng)
        else:
            legal = sorted(game.legal_actions(state), key=lambda a: canonical(action_to_json(a)))
            action = rng.choice(legal)
        step = game.apply(state, action)
        yield i, tuple(history), state, action, step
        history.append(action)
        state = step.state


def _collect(oracle: Any, game_name: str, configs: list[Config], seeds: int, max_steps: int,
             per_area: int) -> list[_Bucket]:
    named = [_Bucket(a) for a in AREAS.get(game_name, ())]
    auto: dict[str, _Bucket] = {}
    for config in configs:
        try:
            game = _load(oracle, config)
        except RulecheckError:
            continue
        for seed in range(seeds):
            steps = list(_playout(game, seed, max_steps))
            seen_actions = tuple(dict.fromkeys(a for _, _, _, a, _ in steps))
            for i, history, state, action, step in steps:
                prov = step.provenance
                buckets = [b for b in named if b.area.matches(config.variant, action, prov.clauses, prov.rulings)]
                for clause in prov.clauses:
                    if any(clause_matches(clause, p) for b in named for p in b.area.clauses):
                        continue
                    section = clause.rsplit(".", 1)[0]
                    bucket = auto.setdefault(section, _Bucket(Area(f"section-{section}",
                                                                   f"clauses {section}.*", (f"{section}.",))))
                    buckets.append(bucket)
                for r in prov.rulings:
                    key = f"ruling:{r}"
                    bucket = auto.setdefault(key, _Bucket(Area(f"ruling-{r}", f"ruling point {r}", rulings=(r,))))
                    buckets.append(bucket)
                if prov.gap is not None or isinstance(state, Pending):
                    buckets.append(auto.setdefault("gaps", _Bucket(Area(
                        "gaps", "rules as written: a step the text leaves open, and its resolution"))))
                for bucket in dict.fromkeys(buckets):
                    bucket.clauses.update(prov.clauses)
                    _offer(bucket, _Hit(config, seed, i, history, state, action, seen_actions), per_area)
    return named + [auto[k] for k in sorted(auto)]


def _offer(bucket: _Bucket, hit: _Hit, per_area: int) -> None:
    """Keep up to ``per_area`` hits per variant (an implementation of one variant gets its share
    of every area, even one a game of another variant reaches first, as the 3+ player game reaches
    the 2-player games' rules after its last two switch), preferring new configurations and new
    action names."""
    mine = [h for h in bucket.hits if h.config.variant == hit.config.variant]
    if len(mine) >= per_area:
        return
    keys = {(h.config.label(), h.action[0]) for h in mine}
    if (hit.config.label(), hit.action[0]) in keys and len(mine) >= per_area // 2:
        return
    if any(h.config == hit.config and h.seed == hit.seed for h in mine) and len(mine) >= 1:
        return
    bucket.hits.append(hit)


def strip_response(response: Mapping[str, Any]) -> dict[str, Any]:
    """A response as a vector expects it: no ``id``, and errors reduced to their code."""
    out = {k: v for k, v in response.items() if k != "id"}
    if not out.get("ok", False) and isinstance(out.get("error"), Mapping):
        out["error"] = {"code": out["error"].get("code")}
    return out


def _case(oracle: Any, case_id: str, request: dict[str, Any], note: str, config: Config | None = None,
          label: str | None = None, **extra: Any) -> dict[str, Any]:
    response = oracle.handle({"id": case_id, **request})
    out = {"id": case_id, "note": note, "request": request, "expect": strip_response(response), **extra}
    if config is not None:
        out["configuration"] = config.request()
        out["config"] = label or config.label()
    return out


def _illegal_for(game: Game, hit: _Hit) -> Action:
    for a in hit.others:
        if a[0] == hit.action[0] and a != hit.action and not game.is_legal(hit.state, a):
            return a
    for a in hit.others:
        if not game.is_legal(hit.state, a):
            return a
    return ("no_such_action",)


def _area_cases(oracle: Any, bucket: _Bucket, game_name: str) -> list[dict[str, Any]]:
    cases: list[dict[str, Any]] = []
    prefix = f"{game_name}/{bucket.area.name}"
    for n, hit in enumerate(bucket.hits):
        game = _load(oracle, hit.config)
        base = hit.config.request()
        position = {"history": [action_to_json(a) for a in hit.history]}
        ctx = {"config": hit.config, "label": hit.config.label(), "seed": hit.seed, "step": hit.index}
        cases.append(_case(oracle, f"{prefix}/{n:02d}-apply", {
            **base, "cmd": "apply", **position, "action": action_to_json(hit.action)},
            game.describe_action(hit.state, hit.action), **ctx))
        if (n == 0 or n == len(bucket.hits) - 1) and _listable(game, hit.state, hit.history):
            cases.append(_case(oracle, f"{prefix}/{n:02d}-legal", {
                **base, "cmd": "legal_actions", **position}, "legal actions here", **ctx))
        if n < 2:
            bad = _illegal_for(game, hit)
            cases.append(_case(oracle, f"{prefix}/{n:02d}-reject", {
                **base, "cmd": "apply", **position, "action": action_to_json(bad)},
                "an action that is not legal here is rejected", **ctx))
        if n < 2:
            after = {"history": [*position["history"], action_to_json(hit.action)]}
            for p in range(game.num_players):
                cases.append(_case(oracle, f"{prefix}/{n:02d}-observation-{p}", {
                    **base, "cmd": "observation", **after, "player": p},
                    f"what player {p} sees after the step", **ctx))
    return cases


def _listable(game: Game, state: Hashable, history: Sequence[Action], most: int = 500) -> bool:
    """Whether the legal actions at ``state`` make a vector of reasonable size (not the deal)."""
    if not game.is_chance_node(state):
        return True
    if not history:
        return False
    try:
        return len(game.chance_outcomes(state)) <= most
    except TooManyOutcomesError:
        return True  # the vector then expects the too-many-outcomes error


def _perft_cases(oracle: Any, game_name: str, configs: list[Config], max_nodes: int) -> list[dict[str, Any]]:
    cases: list[dict[str, Any]] = []
    smallest = _smallest_deck(game_info(game_name)["decks"])
    chosen = [c for c in configs if c.deck == smallest and isinstance(c.ruleset, str)]
    for config in chosen:
        game = _load(oracle, config)
        steps = list(_playout(game, 0, 400))
        for frac, label in ((0, "after-deal"), (3, "midgame")):
            if not steps:
                continue
            i = min(len(steps) - 1, (len(steps) * frac) // 4)
            history = [*steps[i][1], steps[i][3]]
            depth = _deepest(game, steps[i][4].state, max_nodes)
            if depth is None:
                continue
            cid = f"{game_name}/perft/{config.label().replace('/', '-')}-{label}"
            cases.append(_case(oracle, cid, {**config.request(), "cmd": "perft",
                                             "history": [action_to_json(a) for a in history], "depth": depth},
                               f"perft {depth} from {label}", config))
    return cases


def _deepest(game: Game, state: Hashable, max_nodes: int, max_depth: int = 6) -> int | None:
    best = None
    for d in range(1, max_depth + 1):
        try:
            nodes, _ = perft(game, state, d, max_nodes)
        except (TooLargeError, TooManyOutcomesError):
            break
        best = d
        if nodes == 0:
            break
    return best


def _new_game_cases(oracle: Any, game_name: str, configs: list[Config]) -> list[dict[str, Any]]:
    """A new game from an explicit deal per configuration (the deal of seed 0, as the encoding
    guide writes it), and a deal with a card too many."""
    from rulecheck.oracle.schemas import public_module

    module = public_module(game_name)
    if module is None:
        return []
    cases = []
    for config in configs:
        game = _load(oracle, config)
        deal = action_to_json(game.sample_chance(game.root_state(), random.Random(0)))
        given = module.deal_input(deal)
        cid = f"{game_name}/new-game/{config.label().replace('/', '-')}"
        cases.append(_case(oracle, cid, {**config.request(), "cmd": "new_game", "deal": given},
                           "a new game from an explicit deal", config))
        bad = json.loads(json.dumps(given))
        first = next(iter(bad.values()))
        first[0] = [*first[0], first[0][0]] if first[0] else [0]
        cases.append(_case(oracle, f"{cid}-bad-deal", {**config.request(), "cmd": "new_game", "deal": bad},
                           "a deal with a card too many for the first player", config))
    return cases


def _protocol_cases(oracle: Any, game_name: str, config: Config) -> list[dict[str, Any]]:
    """Bad requests of one configuration and the error code each must get."""
    base = config.request()
    game = _load(oracle, config)
    deal = [action_to_json(game.sample_chance(game.root_state(), random.Random(0)))]
    reqs: list[tuple[str, Any, str]] = [
        ("unknown-command", {**base, "cmd": "fly"}, "a command the protocol does not have"),
        ("missing-cmd", {**base}, "no cmd"),
        ("unknown-game", {**base, "game": "chess", "cmd": "legal_actions", "history": []}, "no such game"),
        ("unknown-variant", {**base, "variant": "zzz", "cmd": "legal_actions", "history": []}, "no such variant"),
        ("bad-players", {**base, "players": "three", "cmd": "legal_actions", "history": []}, "players mistyped"),
        ("bad-ruleset", {**base, "ruleset": "lenient", "cmd": "legal_actions", "history": []}, "no such ruleset"),
        ("no-position", {**base, "cmd": "legal_actions"}, "neither state nor history"),
        ("both-positions", {**base, "cmd": "legal_actions", "history": [], "state": {}}, "state and history"),
        ("history-not-a-list", {**base, "cmd": "legal_actions", "history": "deal"}, "a history is a list"),
        ("invalid-state", {**base, "cmd": "legal_actions", "state": {"nonsense": True}}, "not a state"),
        ("state-not-object", {**base, "cmd": "legal_actions", "state": [1]}, "not a state"),
        ("bad-action", {**base, "cmd": "apply", "history": deal, "action": "turn_over"}, "an action is a list"),
        ("action-not-named", {**base, "cmd": "apply", "history": deal, "action": [1, 2]}, "an action starts "
         "with its name"),
        ("illegal-history", {**base, "cmd": "apply", "history": [["no_such_action"]], "action": ["x"]},
         "a history that does not replay"),
        ("observation-no-player", {**base, "cmd": "observation", "history": deal}, "observation needs a player"),
        ("observation-bad-player", {**base, "cmd": "observation", "history": deal, "player": game.num_players},
         "no such player"),
        ("perft-too-deep", {**base, "cmd": "perft", "history": deal, "depth": 99}, "deeper than the limit"),
        ("perft-negative", {**base, "cmd": "perft", "history": deal, "depth": -1}, "negative depth"),
        ("perft-too-large", {**base, "cmd": "perft", "history": deal, "depth": 3, "max_nodes": 1},
         "more states than max_nodes"),
    ]
    cases = [_case(oracle, f"protocol/{config.label().replace('/', '-')}/{name}", req, note, config)
             for name, req, note in reqs]
    return [c for c in cases if not c["expect"]["ok"]]  # (a game too short for the perft limit to bite)


def _line_cases(oracle: Any) -> list[dict[str, Any]]:
    """Raw lines that are not one JSON object, and the error each must get (any configuration)."""
    lines = (("not-json", "{\"cmd\": hello"), ("nan", "{\"id\": NaN, \"cmd\": \"hello\"}"),
             ("not-an-object", "[1, 2, 3]"), ("a-string", "\"hello\""), ("deep", "[" * 100_000))
    cases = []
    for name, line in lines:
        resp = oracle.handle_line(line)
        cases.append({"id": f"protocol/{name}", "note": "a line that is not one JSON request object", "line": line,
                      "expect": strip_response(json.loads(resp))})
    return cases


def generate_vectors(games: Iterable[str] | None = None, *, seeds: int = 12, max_steps: int = 600,
                     per_area: int = 6, perft_nodes: int = 4_000, oracle: Any = None) -> dict[str, Any]:
    """Relative path -> JSON document of every vector file (manifest not included).

    Deterministic for a given model, ``seeds``, ``max_steps`` and ``per_area``.
    """
    from rulecheck.oracle.protocol import Oracle

    oracle = oracle or Oracle()
    if games is not None:
        names = sorted(games)
        for name in names:
            game_info(name)  # an unknown or unloadable game is an error here
    else:
        names = sorted(g["game"] for g in oracle.hello()["games"])
    files: dict[str, Any] = {}
    protocol_cases: list[dict[str, Any]] = []
    for name in names:
        base = configs_for(name)
        configs = base + _extra_configs(name, base)
        buckets = _collect(oracle, name, configs, seeds, max_steps, per_area)
        for bucket in buckets:
            area = bucket.area
            files[f"{name}/{area.name}.json"] = _doc(name, area.name, area.description, sorted(bucket.clauses),
                                                     _area_cases(oracle, bucket, name))
        files[f"{name}/perft.json"] = _doc(
            name, "perft", "successor counts (chance outcomes, races and rulings expanded) from chosen positions",
            [], _perft_cases(oracle, name, base, perft_nodes))
        files[f"{name}/new-game.json"] = _doc(name, "new-game", "new games from explicit deals, and a bad deal", [],
                                              _new_game_cases(oracle, name, base))
        firsts: dict[str, Config] = {}
        for c in base:
            firsts.setdefault(c.variant, c)
        for config in firsts.values():
            protocol_cases += _protocol_cases(oracle, name, config)
    files["protocol/hello.json"] = _doc(None, "hello", "hello: the protocol and its version (the rest of the answer "
                                        "is the implementation's own)", [],
                                        [_case(oracle, "protocol/hello", {"cmd": "hello"}, "hello")])
    files["protocol/errors.json"] = _doc(None, "protocol-errors", "malformed requests and lines: each gets a "
                                         "structured error with this code", [], protocol_cases + _line_cases(oracle))
    return files


def _doc(game: str | None, area: str, description: str, clauses: list[str],
         cases: list[dict[str, Any]]) -> dict[str, Any]:
    return {"format": VECTORS_FORMAT, "protocol": PROTOCOL, "game": game, "area": area, "description": description,
            "clauses": clauses, "cases": cases}


def dump(doc: Any) -> bytes:
    return (json.dumps(doc, sort_keys=True, indent=1, ensure_ascii=False) + "\n").encode("utf-8")


def export_vectors(directory: str | Path, games: Iterable[str] | None = None, **options: Any) -> dict[str, Any]:
    """Write the vectors and ``manifest.json`` under ``directory``; returns the manifest."""
    root = Path(directory)
    files = generate_vectors(games, **options)
    entries = []
    for rel in sorted(files):
        data = dump(files[rel])
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        doc = files[rel]
        entries.append({"path": rel, "sha256": hashlib.sha256(data).hexdigest(), "game": doc["game"],
                        "area": doc["area"], "cases": len(doc["cases"])})
    empty = {
        name: [a.name for a in AREAS.get(name, ()) if not files.get(f"{name}/{a.name}.json", {}).get("cases")]
        for name in sorted({e["game"] for e in entries if e["game"]})
    }
    manifest = {
        "format": VECTORS_FORMAT,
        "protocol": PROTOCOL,
        "engine": f"rulecheck {__version__}",
        "games": sorted({e["game"] for e in entries if e["game"]}),
        "options": {k: options[k] for k in sorted(options) if k != "oracle"},
        "files": entries,
        "areas_without_cases": empty,
        "cases": sum(e["cases"] for e in entries),
    }
    (root / "manifest.json").write_bytes(dump(manifest))
    return manifest


def load_vectors(directory: str | Path, games: Iterable[str] | None = None) -> list[tuple[str, dict[str, Any]]]:
    """(relative path, document) of every vector file in the manifest, checking hashes."""
    from rulecheck.core.errors import InvalidConfigError

    root = Path(directory)
    try:
        manifest = json.loads((root / "manifest.json").read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise InvalidConfigError(f"{root}: no readable manifest.json: {exc}") from exc
    if manifest.get("format") != VECTORS_FORMAT:
        raise InvalidConfigError(f"{root}/manifest.json: format is not {VECTORS_FORMAT!r}")
    wanted = set(games) if games is not None else None
    out = []
    for entry in manifest.get("files", []):
        if wanted is not None and entry.get("game") is not None and entry["game"] not in wanted:
            continue
        data = (root / entry["path"]).read_bytes()
        if hashlib.sha256(data).hexdigest() != entry["sha256"]:
            raise InvalidConfigError(f"{entry['path']}: SHA-256 does not match the manifest")
        doc = json.loads(data)
        if wanted is not None and doc.get("game") is None:
            doc = {**doc, "cases": [c for c in doc["cases"] if c.get("configuration", {}).get("game", "") in
                                    (*wanted, "")]}
        out.append((entry["path"], doc))
    return out
