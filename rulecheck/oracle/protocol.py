"""The oracle protocol: pure request -> response handling, no I/O.

``rulecheck oracle`` speaks JSON lines (one request per line, one response per line), like
UCI for chess engines. Requests are stateless: each carries the game parameters and the
position (a state as the engine writes it, or the history of actions from the root). The
handler :meth:`Oracle.handle` never raises: bad input of any kind gets a structured error

    {"id": ..., "ok": false, "error": {"code": "illegal-action", "message": "..."}}

and the caller goes on to the next request. The schema of every request and response is
``docs/oracle-protocol.schema.json``; the guide with examples is ``docs/ORACLE.md``.

Examples
--------
>>> oracle = Oracle()
>>> oracle.handle({"id": 1, "cmd": "stop"})
{'id': 1, 'ok': True, 'result': {'stopping': True}}
>>> oracle.handle({"id": 2, "cmd": "fly"})["error"]["code"]
'unknown-command'
"""

from __future__ import annotations

import json
import math
import random
import time
from collections import OrderedDict
from collections.abc import Callable, Hashable, Mapping
from fractions import Fraction
from typing import Any

from rulecheck import __version__
from rulecheck.core.errors import InvalidStateError, RulecheckError, RulesetError, UnknownGameError
from rulecheck.core.game import CHANCE, RACE, RULING, TERMINAL, Action, Game, action_to_json
from rulecheck.core.rulings import BUILTIN_RULESETS, Ruleset, load_ruleset, load_ruling_points

__all__ = [
    "COMMANDS",
    "ERROR_CODES",
    "MAX_HISTORY",
    "MAX_LINE",
    "MAX_PERFT_DEPTH",
    "MAX_PERFT_NODES",
    "MAX_PERFT_SECONDS",
    "POSITIONS",
    "PROTOCOL",
    "PROTOCOL_VERSION",
    "BadJSONError",
    "BadRequestError",
    "LineTooLongError",
    "Oracle",
    "TooLargeError",
    "UnknownCommandError",
    "actor_label",
    "canonical",
    "decode_line",
    "encode_response",
    "error_response",
    "perft",
    "sort_actions",
]

PROTOCOL = "rulecheck-oracle/2"
PROTOCOL_VERSION = 2
MAX_PERFT_DEPTH = 12
"""Deepest perft the oracle accepts."""
DEFAULT_PERFT_NODES = 100_000
MAX_PERFT_NODES = 5_000_000
"""Most successor states one perft request may generate: ``max_nodes`` (default
:data:`DEFAULT_PERFT_NODES`, a few seconds of work) up to this."""
DEFAULT_PERFT_SECONDS = 10.0
MAX_PERFT_SECONDS = 60.0
"""Longest a perft request may take: ``max_seconds`` (default :data:`DEFAULT_PERFT_SECONDS`) up to
this; past it the request fails with ``too-large``."""
MAX_HISTORY = 200_000
MAX_LINE = 8 * 1024 * 1024
"""Longest request line in bytes (newline excluded); a longer one is refused while it is read."""
POSITIONS = ("history", "state")
"""The kinds of position the reference accepts (``hello``)."""
ERROR_CODES = (
    "bad-json", "bad-request", "unknown-command", "unknown-game", "unknown-variant", "invalid-config",
    "invalid-ruleset", "unknown-ruling", "invalid-state", "invalid-deal", "illegal-action",
    "too-many-outcomes", "too-large", "unsupported", "internal-error",
)
"""Every error code of the protocol (``unsupported``: a configuration an implementation under test
does not declare in ``hello``; the reference supports every one it lists)."""

COMMANDS = ("hello", "new_game", "legal_actions", "apply", "perft", "observation", "describe", "stop")
POSITION_COMMANDS = frozenset({"legal_actions", "apply", "perft", "observation", "describe"})


class BadRequestError(RulecheckError):
    """A request that is not a JSON object of the right shape (missing or mistyped field)."""

    code = "bad-request"


class BadJSONError(BadRequestError):
    """A line that is not one JSON value (or holds NaN/Infinity, or is not UTF-8)."""

    code = "bad-json"


class UnknownCommandError(BadRequestError):
    """A ``cmd`` the protocol does not have."""

    code = "unknown-command"


class TooLargeError(RulecheckError):
    """A perft (or history) too deep or too large to answer; ask for less."""

    code = "too-large"


class LineTooLongError(TooLargeError):
    """A request line longer than :data:`MAX_LINE` bytes (refused while it is read)."""


Loader = Callable[[str, str | None, int | None, Ruleset, str], Game]


def _default_loader(game: str, variant: str | None, players: int | None, ruleset: Ruleset, deck: str) -> Game:
    from rulecheck.games import load_game

    return load_game(game, variant, players, ruleset, deck)


class Oracle:
    """Answers protocol requests with the reference engine.

    ``loader`` builds a game from (game, variant, players, ruleset, deck); tests and
    deliberately broken implementations swap it. Configured games are cached.
    """

    def __init__(self, loader: Loader | None = None, cache_size: int = 64) -> None:
        self.loader: Loader = loader or _default_loader
        self._games: OrderedDict[str, Game] = OrderedDict()
        self._cache_size = cache_size

    # ------------------------------------------------------------------ entry points
    def handle_line(self, line: str | bytes) -> str:
        """One request line in, one response line out (without the newline)."""
        try:
            request = decode_line(line)
        except RulecheckError as exc:
            return encode_response(error_response(None, exc))
        return encode_response(self.handle(request))

    def handle(self, request: Any) -> dict[str, Any]:
        """Answer one parsed request; never raises."""
        rid = request.get("id") if isinstance(request, dict) else None
        if not _is_json_value(rid):
            rid = None
        try:
            result = self._dispatch(request)
        except RulecheckError as exc:
            return error_response(rid, exc)
        except RecursionError:
            return error_response(rid, BadRequestError("request nested too deeply"))
        except Exception as exc:
            return {
                "id": rid,
                "ok": False,
                "error": {"code": "internal-error", "message": f"{type(exc).__name__}: {exc}"},
            }
        return {"id": rid, "ok": True, "result": result}

    # ------------------------------------------------------------------ dispatch
    def _dispatch(self, request: Any) -> dict[str, Any]:
        if not isinstance(request, dict):
            raise BadRequestError(f"a request is a JSON object, got {_json_type(request)}")
        cmd = request.get("cmd")
        if not isinstance(cmd, str):
            raise BadRequestError("a request needs \"cmd\": a string naming the command")
        if cmd not in COMMANDS:
            raise UnknownCommandError(f"unknown command {cmd!r}; commands: {', '.join(COMMANDS)}")
        if cmd == "hello":
            return self.hello()
        if cmd == "stop":
            return {"stopping": True}
        game = self.game(request)
        if cmd == "new_game":
            return self._new_game(game, request)
        state = self.position(game, request)
        if cmd == "legal_actions":
            return legal_actions_result(game, state)
        if cmd == "apply":
            return self._apply(game, state, request)
        if cmd == "perft":
            return self._perft(game, state, request)
        if cmd == "observation":
            player = _int_field(request, "player", required=True)
            if not 0 <= player < game.num_players:
                raise BadRequestError(f"player {player} out of range 0..{game.num_players - 1}")
            return {"player": player, "observation": game.observation(state, player)}
        return self._describe(game, state, request)

    def hello(self) -> dict[str, Any]:
        from rulecheck.games import GAMES

        games = []
        for name in sorted(GAMES):
            try:
                games.append(_game_info(name))
            except Exception:
                continue
        return {
            "protocol": PROTOCOL,
            "version": PROTOCOL_VERSION,
            "engine": f"rulecheck {__version__}",
            "commands": list(COMMANDS),
            "positions": list(POSITIONS),
            "games": games,
            "limits": limits(),
        }

    def game(self, request: Mapping[str, Any]) -> Game:
        """The configured game a request names (cached)."""
        name = request.get("game")
        if not isinstance(name, str):
            raise BadRequestError("missing \"game\": a game name (see hello)")
        variant = _opt_str(request, "variant")
        players = _int_field(request, "players", required=False)
        deck = _opt_str(request, "deck") or "full"
        spec = request.get("ruleset", "recommended")
        key = canonical([name, variant, players, spec, deck])
        cached = self._games.get(key)
        if cached is not None:
            self._games.move_to_end(key)
            return cached
        from rulecheck.games import GAMES

        if name not in GAMES:
            raise UnknownGameError(f"unknown game {name!r}; known games: {', '.join(sorted(GAMES))}")
        ruleset = _ruleset(name, spec)
        try:
            game = self.loader(name, variant, players, ruleset, deck)
        except RulecheckError:
            raise
        except (KeyError, TypeError, ValueError) as exc:
            raise BadRequestError(f"cannot configure {name}: {type(exc).__name__}: {exc}") from exc
        self._games[key] = game
        if len(self._games) > self._cache_size:
            self._games.popitem(last=False)
        return game

    def position(self, game: Game, request: Mapping[str, Any]) -> Hashable:
        """The state a request names: ``state`` (engine JSON) or ``history`` (actions from the root)."""
        has_state, has_history = "state" in request, "history" in request
        if has_state == has_history:
            raise BadRequestError("give exactly one of \"state\" (a state object) or \"history\" (a list of actions)")
        if has_state:
            return parse_state(game, request["state"])
        history = request["history"]
        if not isinstance(history, list):
            raise BadRequestError(f"\"history\" is a list of actions, got {_json_type(history)}")
        if len(history) > MAX_HISTORY:
            raise TooLargeError(f"history of {len(history)} actions is longer than {MAX_HISTORY}")
        state = game.root_state()
        for i, raw in enumerate(history):
            try:
                state = game.apply(state, game.action_from_json(raw)).state
            except RulecheckError as exc:
                raise type(exc)(f"history step {i}: {exc}") from exc
        return state

    # ------------------------------------------------------------------ commands
    def _new_game(self, game: Game, request: Mapping[str, Any]) -> dict[str, Any]:
        root = game.root_state()
        if "deal" in request and request["deal"] is not None:
            action = game.deal_action(request["deal"])
        else:
            seed = _int_field(request, "seed", required=False)
            action = game.sample_chance(root, random.Random(0 if seed is None else seed))
        step = game.apply(root, action)
        out = step_result(game, root, action, step.state, step.provenance.to_json())
        out["deal"] = action_to_json(action)
        return out

    def _apply(self, game: Game, state: Hashable, request: Mapping[str, Any]) -> dict[str, Any]:
        if "action" not in request:
            raise BadRequestError("apply needs \"action\": a list starting with the action's name")
        action = game.action_from_json(request["action"])
        step = game.apply(state, action)
        return step_result(game, state, action, step.state, step.provenance.to_json())

    def _perft(self, game: Game, state: Hashable, request: Mapping[str, Any]) -> dict[str, Any]:
        depth = _int_field(request, "depth", required=True)
        if depth < 0:
            raise BadRequestError(f"perft depth must be 0 or more, got {depth}")
        if depth > MAX_PERFT_DEPTH:
            raise TooLargeError(f"perft depth {depth} is deeper than the limit {MAX_PERFT_DEPTH}")
        budget = _int_field(request, "max_nodes", required=False)
        if budget is None:
            budget = DEFAULT_PERFT_NODES
        if not 1 <= budget <= MAX_PERFT_NODES:
            raise TooLargeError(f"max_nodes must be 1..{MAX_PERFT_NODES}, got {budget}")
        seconds = request.get("max_seconds", DEFAULT_PERFT_SECONDS)
        if seconds is None:
            seconds = DEFAULT_PERFT_SECONDS
        if isinstance(seconds, bool) or not isinstance(seconds, (int, float)):
            raise BadRequestError(f"\"max_seconds\" must be a number, got {_json_type(seconds)}")
        if not 0 < seconds <= MAX_PERFT_SECONDS:
            raise TooLargeError(f"max_seconds must be more than 0 and at most {MAX_PERFT_SECONDS:g}, got {seconds}")
        nodes, breakdown = perft(game, state, depth, budget, float(seconds))
        return {"depth": depth, "nodes": nodes, "breakdown": breakdown}

    def _describe(self, game: Game, state: Hashable, request: Mapping[str, Any]) -> dict[str, Any]:
        out: dict[str, Any] = {"text": game.describe_state(state), "actor": actor_label(game, state)}
        if "action" in request:
            action = game.action_from_json(request["action"])
            if not game.is_legal(state, action):
                game.apply(state, action)  # raises the illegal-action error naming the legal ones
            out["action_text"] = game.describe_action(state, action)
        return out


# ---------------------------------------------------------------------- results


def actor_label(game: Game, state: Hashable) -> str:
    """``player``, ``chance``, ``race``, ``ruling`` or ``terminal``."""
    p = game.current_player(state)
    return {CHANCE: "chance", RACE: "race", RULING: "ruling", TERMINAL: "terminal"}.get(p, "player")


def legal_actions_result(game: Game, state: Hashable) -> dict[str, Any]:
    """The legal actions of ``state`` sorted by canonical JSON, each with its text.

    At a chance node each action also carries its probability as an exact fraction ``"p/q"``.
    """
    player = game.current_player(state)
    rows: list[dict[str, Any]] = []
    if player == CHANCE:
        for action, p in game.chance_outcomes(state):
            rows.append({"action": action_to_json(action), "text": game.describe_action(state, action),
                         "probability": _fraction(p)})
    else:
        for action in game.legal_actions(state):
            rows.append({"action": action_to_json(action), "text": game.describe_action(state, action)})
    rows.sort(key=lambda r: canonical(r["action"]))
    return {"actor": actor_label(game, state), "player": player, "terminal": game.is_terminal(state),
            "actions": rows}


def step_result(game: Game, before: Hashable, action: Action, after: Hashable,
                provenance: dict[str, Any]) -> dict[str, Any]:
    terminal = game.is_terminal(after)
    out: dict[str, Any] = {
        "state": game.state_to_json(after),
        "view": game.view(after),
        "actor": actor_label(game, after),
        "player": game.current_player(after),
        "terminal": terminal,
        "returns": [_number(r) for r in game.returns(after)],
        "provenance": provenance,
        "gap": provenance.get("gap"),
        "text": game.describe_action(before, action),
    }
    if terminal:
        out["outcome"] = game.outcome(after)
    return out


def perft(
    game: Game, state: Hashable, depth: int, max_nodes: int = DEFAULT_PERFT_NODES,
    max_seconds: float = DEFAULT_PERFT_SECONDS,
) -> tuple[int, list[dict[str, Any]]]:
    """Leaf count at exactly ``depth`` actions below ``state``, with each first action's share.

    Chance outcomes, race outcomes and ruling options are expanded like choices (each counts
    as one successor, whatever its probability); a terminal state before ``depth`` counts 0.
    Raises :class:`TooLargeError` once more than ``max_nodes`` successors have been generated or
    after ``max_seconds``, and :class:`~rulecheck.core.errors.TooManyOutcomesError` at a chance
    node too large to enumerate.
    """
    generated = 0
    deadline = time.monotonic() + max_seconds

    def spend() -> None:
        nonlocal generated
        generated += 1
        if generated > max_nodes:
            raise TooLargeError(f"perft to depth {depth} generates more than {max_nodes} states; ask for less depth")
        if not generated % 256 and time.monotonic() > deadline:
            raise TooLargeError(f"perft to depth {depth} takes more than {max_seconds:g} s; ask for less depth")

    def count(s: Hashable, d: int) -> int:
        if d == 0:
            return 1
        # invariant: generated counts every successor built so far, across the whole search
        total = 0
        for _action, step in game.successors(s):
            spend()
            total += count(step.state, d - 1)
        return total

    if depth == 0:
        return 1, []
    breakdown = []
    for action, step in game.successors(state):
        spend()
        breakdown.append({"action": action_to_json(action), "nodes": count(step.state, depth - 1)})
    breakdown.sort(key=lambda r: canonical(r["action"]))
    return sum(r["nodes"] for r in breakdown), breakdown


def limits() -> dict[str, Any]:
    """The protocol's limits, as ``hello`` states them."""
    return {
        "default_perft_nodes": DEFAULT_PERFT_NODES,
        "default_perft_seconds": DEFAULT_PERFT_SECONDS,
        "max_history": MAX_HISTORY,
        "max_line_bytes": MAX_LINE,
        "max_perft_depth": MAX_PERFT_DEPTH,
        "max_perft_nodes": MAX_PERFT_NODES,
        "max_perft_seconds": MAX_PERFT_SECONDS,
    }


def parse_state(game: Game, data: Any) -> Hashable:
    """A state from its JSON; every way of being wrong is an InvalidStateError."""
    if not isinstance(data, dict):
        raise InvalidStateError(f"\"state\" is a state object from the engine, got {_json_type(data)}")
    try:
        return game.state_from_json(data)
    except RulecheckError as exc:
        if isinstance(exc, InvalidStateError):
            raise
        raise InvalidStateError(f"invalid state: {exc}") from exc
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
        raise InvalidStateError(f"invalid state: {type(exc).__name__}: {exc}") from exc


def error_response(rid: Any, exc: RulecheckError) -> dict[str, Any]:
    return {"id": rid, "ok": False, "error": {"code": exc.code, "message": str(exc)}}


# ---------------------------------------------------------------------- wire format


def decode_line(line: str | bytes) -> Any:
    """Parse one request line; BadJSONError if it is not one JSON value."""
    if isinstance(line, str):
        if len(line) > MAX_LINE // 4 and len(line.encode("utf-8", "surrogatepass")) > MAX_LINE:
            raise LineTooLongError(f"request line is longer than {MAX_LINE} bytes")
    else:
        if len(line) > MAX_LINE:
            raise LineTooLongError(f"request line of {len(line)} bytes is longer than {MAX_LINE}")
        try:
            line = line.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise BadJSONError(f"request line is not UTF-8: {exc}") from exc
    try:
        return json.loads(line, parse_constant=_reject_constant)
    except BadJSONError:
        raise
    except RecursionError as exc:
        raise BadJSONError("request nested too deeply") from exc
    except ValueError as exc:  # JSONDecodeError, and integers too long to convert
        raise BadJSONError(f"not valid JSON: {exc}") from exc


def encode_response(response: Mapping[str, Any]) -> str:
    """One response line: sorted keys, no spaces, UTF-8 text (deterministic). A response holding a
    lone surrogate (echoed from a request's ``"\\ud800"``), which UTF-8 cannot carry, is written with
    every non-ASCII character escaped instead."""
    text = json.dumps(response, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return json.dumps(response, sort_keys=True, separators=(",", ":"), ensure_ascii=True, allow_nan=False)
    return text


def canonical(value: Any) -> str:
    """Canonical JSON text of ``value`` (sorted keys, no spaces): the protocol's sort key."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def sort_actions(actions: list[Any]) -> list[Any]:
    """Actions (JSON lists) in protocol order: by canonical JSON text."""
    return sorted(actions, key=canonical)


def _reject_constant(name: str) -> Any:
    raise BadJSONError(f"not valid JSON: {name} is not a JSON number")


# ---------------------------------------------------------------------- helpers


def _ruleset(game: str, spec: Any) -> Ruleset:
    if isinstance(spec, str):
        if spec not in BUILTIN_RULESETS:
            raise RulesetError(
                f"ruleset {spec!r}: the oracle takes a built-in ruleset ({', '.join(BUILTIN_RULESETS)}) "
                "or an inline ruleset object"
            )
        return load_ruleset(game, spec)
    if isinstance(spec, dict):
        return load_ruleset(game, spec)
    raise RulesetError(f"\"ruleset\" is a built-in name or a ruleset object, got {_json_type(spec)}")


def _game_info(name: str) -> dict[str, Any]:
    from rulecheck.games import game_module

    module = game_module(name)
    variants = list(module.VARIANTS)
    players = getattr(module, "PLAYERS", {})
    decks = getattr(module, "DECKS", ("full",))
    rows = []
    for v in variants:
        counts = players.get(v, ()) if isinstance(players, Mapping) else players
        rows.append({"name": v, "players": sorted(int(n) for n in counts)})
    points = load_ruling_points(name)
    return {
        "game": name,
        "variants": rows,
        "decks": list(decks),
        "rulesets": [*BUILTIN_RULESETS, "inline"],
        "ruling_points": [
            {"id": rp.id, "kind": rp.kind, "options": list(rp.option_ids), "recommended": rp.recommended}
            for rp in points.values()
        ],
    }


def _opt_str(request: Mapping[str, Any], key: str) -> str | None:
    value = request.get(key)
    if value is not None and not isinstance(value, str):
        raise BadRequestError(f"\"{key}\" must be a string or null, got {_json_type(value)}")
    return value


def _int_field(request: Mapping[str, Any], key: str, *, required: bool) -> Any:
    value = request.get(key)
    if value is None:
        if required:
            raise BadRequestError(f"missing \"{key}\": an integer")
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadRequestError(f"\"{key}\" must be an integer, got {_json_type(value)}")
    return value


def _json_type(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


def _is_json_value(value: Any) -> bool:
    """Whether ``value`` can be echoed back as the response id."""
    if value is None or isinstance(value, (str, bool, int)):
        return True
    if isinstance(value, float):
        return math.isfinite(value)
    try:
        json.dumps(value, allow_nan=False)
    except (TypeError, ValueError, RecursionError):
        return False
    return True


def _fraction(p: Fraction | float) -> str:
    f = Fraction(p)
    return f"{f.numerator}/{f.denominator}"


def _number(x: float) -> int | float:
    """Returns as integers where they are whole, so every language writes them the same."""
    return int(x) if float(x).is_integer() else float(x)

