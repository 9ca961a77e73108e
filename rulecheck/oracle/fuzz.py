"""Fuzzing the oracle protocol: valid, semantically wrong, tampered and garbage request lines.

:func:`fuzz_lines` makes a deterministic stream of request lines (bytes) from a seed:

* **valid**: real requests at real positions (``legal_actions``, ``apply``, ``observation``,
  ``describe``, small ``perft``, ``new_game``) of random configurations of every game, variant,
  deck and ruleset (``raw``, ``recommended``, a house ruleset), positions as states or histories;
* **semantic**: well-formed JSON that is wrong: mistyped or out-of-range fields (``"players":
  "3"``, ``10**30``, ``-1``, ``1.5``), an illegal action, a state of another game, variant or
  player count, a pending state with a made-up ``fixed`` or an action not legal in its
  ``before``, bad inline rulesets and deck specs;
* **tampered**: a real state with one to three of its values replaced (by another type, a huge
  or negative number, another card), removed, duplicated or added to;
* **garbage**: bytes that are not UTF-8, truncated lines, deep nesting, huge numbers, lone
  surrogates, strings where objects belong.

:func:`run_fuzz` sends every line to ``ask_line`` (the oracle in process, or any server) and
counts the answers by error code; every ``internal-error`` is kept with its line. The tests
require none in 100,000 requests (``tests/test_oracle_fuzz.py``).
"""

from __future__ import annotations

import json
import random
import time
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from rulecheck.core.errors import RulecheckError
from rulecheck.core.game import action_to_json
from rulecheck.oracle.protocol import COMMANDS, Oracle

__all__ = ["FuzzReport", "fuzz_lines", "run_fuzz"]

KINDS = ("valid", "semantic", "tampered", "garbage")
_JUNK: tuple[Any, ...] = (None, True, False, 0, -1, 1, 2, 7, 99, 10**30, -(10**30), 1.5, -0.5, 1e300, "", "x",
                          "shark", "sweet", "war-chonk", "standard", [], {}, [1], [[]], ["shark"], {"a": 1},
                          [None], [-1, 10**30], "\u0000", "é" * 3)


def _junk(rng: random.Random) -> Any:
    """A fresh copy of one junk value (never an object shared with another request)."""
    return json.loads(json.dumps(rng.choice(_JUNK)))


@dataclass
class FuzzReport:
    """What a fuzz run got back: answers by code (``ok`` for successes), by kind of line, and every
    ``internal-error`` (or unreadable answer) with its line."""

    requests: int = 0
    codes: Counter[str] = field(default_factory=Counter)
    kinds: Counter[str] = field(default_factory=Counter)
    internal: list[tuple[bytes, str]] = field(default_factory=list)
    seconds: float = 0.0

    def summary(self) -> str:
        codes = ", ".join(f"{k} {v}" for k, v in sorted(self.codes.items()))
        return (f"{self.requests} requests in {self.seconds:.1f} s ({dict(sorted(self.kinds.items()))}): {codes}; "
                f"{len(self.internal)} internal errors")


@dataclass
class _Position:
    config: dict[str, Any]
    state: Any
    history: list[Any]
    actions: list[Any]
    players: int


def _configs(rng: random.Random, oracle: Oracle) -> list[dict[str, Any]]:
    """Every game's variants, their smallest and largest player counts, every named deck, under
    recommended, raw and a house ruleset."""
    out = []
    for info in oracle.hello()["games"]:
        house = {"base": "recommended", "choices": {rp["id"]: rp["options"][-1] for rp in info["ruling_points"]}}
        for v in info["variants"]:
            for n in sorted({v["players"][0], v["players"][-1]}):
                for deck in (d for d in info["decks"] if "=" not in d):
                    for rs in ("recommended", "raw", house):
                        config = {"game": info["game"], "variant": v["name"], "players": n, "deck": deck,
                                  "ruleset": rs}
                        try:
                            oracle.game(config)
                        except RulecheckError:
                            continue
                        out.append(config)
    rng.shuffle(out)
    return out


def _positions(oracle: Oracle, rng: random.Random, configs: list[dict[str, Any]], per_config: int,
               max_steps: int = 120) -> list[_Position]:
    """Positions along seeded random games of each configuration."""
    out = []
    for config in configs:
        game = oracle.game(config)
        state = game.root_state()
        history: list[Any] = []
        stops = sorted(rng.sample(range(max_steps), per_config))
        for i in range(max_steps):
            if game.is_terminal(state):
                break
            action = game.sample_chance(state, rng) if game.is_chance_node(state) else rng.choice(
                sorted(game.legal_actions(state), key=repr))
            history.append(action_to_json(action))
            state = game.apply(state, action).state
            if i in stops:
                legal = [] if game.is_chance_node(state) or game.is_terminal(state) else [
                    action_to_json(a) for a in game.legal_actions(state)]
                out.append(_Position(config, game.state_to_json(state), list(history), legal, game.num_players))
    return out


def fuzz_lines(seed: int, count: int, oracle: Oracle | None = None, per_config: int = 3) -> Iterator[tuple[str, bytes]]:
    """``count`` (kind, request line) pairs, deterministic for ``seed``."""
    oracle = oracle or Oracle()
    rng = random.Random(seed)
    positions = _positions(oracle, rng, _configs(rng, oracle), per_config)
    makers: dict[str, Callable[[random.Random, list[_Position]], Any]] = {
        "valid": _valid, "semantic": _semantic, "tampered": _tampered, "garbage": _garbage}
    for i in range(count):
        kind = KINDS[i % len(KINDS)]
        made = makers[kind](rng, positions)
        line = made if isinstance(made, bytes) else json.dumps({"id": i, **made}, ensure_ascii=False).encode(
            "utf-8", "surrogatepass")
        yield kind, line


def _position_fields(rng: random.Random, pos: _Position) -> dict[str, Any]:
    if rng.random() < 0.5 or len(pos.history) > 200:
        return {"state": json.loads(json.dumps(pos.state))}
    return {"history": list(pos.history)}


def _valid(rng: random.Random, positions: list[_Position]) -> dict[str, Any]:
    pos = rng.choice(positions)
    cmd = rng.choice(("legal_actions", "apply", "apply", "observation", "describe", "perft", "new_game"))
    req: dict[str, Any] = {"cmd": cmd, **pos.config}
    if cmd == "new_game":
        if rng.random() < 0.5:
            req["seed"] = rng.randrange(1000)
        elif pos.history:
            req["deal"] = _deal_input(pos.config["game"], pos.history[0])
        return req
    req.update(_position_fields(rng, pos))
    if cmd == "apply" or (cmd == "describe" and pos.actions):
        req["action"] = rng.choice(pos.actions) if pos.actions else ["turn_over"]
    elif cmd == "observation":
        req["player"] = rng.randrange(pos.players)
    elif cmd == "perft":
        req.update(depth=rng.randrange(3), max_nodes=rng.choice((1, 50, 500, 2000)), max_seconds=2)
    return req


def _deal_input(game: str, deal: list[Any]) -> Any:
    from rulecheck.oracle.schemas import public_module

    module = public_module(game)
    return module.deal_input(deal) if module is not None else deal[1]


def _semantic(rng: random.Random, positions: list[_Position]) -> dict[str, Any]:
    pos, other = rng.choice(positions), rng.choice(positions)
    req = _valid(rng, [pos])
    choice = rng.randrange(12)
    if choice == 0:  # a state of another configuration
        req.pop("history", None)
        req["state"] = json.loads(json.dumps(other.state))
    elif choice == 1:  # a field mistyped or out of range
        req[rng.choice(("players", "depth", "player", "seed", "max_nodes", "max_seconds", "variant", "deck",
                        "game", "cmd"))] = _junk(rng)
    elif choice == 2:  # an illegal action
        req["cmd"] = "apply"
        req["action"] = rng.choice((["turn_over"], ["slap", 9, 9, 9], ["play", "chonk"], ["ruling", "x", "y"],
                                    ["deal", [[0]], []], ["draw", "war-chonk"], ["steal_from", 10**30],
                                    ["tie", 0], ["shuffle", 0, [1.5]], ["call_war", -1], *other.actions[:2]))
    elif choice == 3:  # a pending state made up
        req.pop("history", None)
        req["state"] = {"pending": rng.choice(("chomp.two_left", "cp.war_window", "nope", 3)),
                        "before": json.loads(json.dumps(pos.state)),
                        "action": rng.choice((["turn_over"], ["play", "sweet"], [], "x")),
                        "fixed": rng.choice(([], [["chomp.count_tie", "shared_win"]], [["x", "y"]], [[1, 2]],
                                             "fixed", [["chomp.count_tie", "nope"]]))}
    elif choice == 4:  # a bad inline ruleset
        req["ruleset"] = rng.choice(({"choices": {"nope": "x"}}, {"base": "lenient"}, {"choices": []},
                                     {"choices": {"chomp.count_tie": 3}}, {"game": "chess"}, {"name": 5}))
    elif choice == 5:  # a bad deck
        req["deck"] = rng.choice(("shark=99", "sweet=1,hand=9", "=", "shark=1,shark=1", "x" * 200, "hand=2",
                                  "eel=0", "sweet=-1"))
    elif choice == 6:  # a history with junk in it
        req.pop("state", None)
        hist = list(pos.history) or [["deal"]]
        hist.insert(rng.randrange(len(hist) + 1), _junk(rng))
        req["history"] = hist
    elif choice == 7:  # a bad deal
        req = {"cmd": "new_game", **pos.config, "deal": rng.choice((
            [[0, 0, 0]], {"piles": [[99]]}, {"hands": [["sweet"] * 9], "discard": []}, [["shark"] * 40] * 2,
            {"piles": "x", "out_of_play": [1.5]}, [[None]], {"hands": 3, "discard": 4}))}
    elif choice == 8:  # a command with fields of another
        req["cmd"] = rng.choice([*COMMANDS, "fly"])
    elif choice == 9:  # both positions, or neither
        if rng.random() < 0.5:
            req["state"], req["history"] = json.loads(json.dumps(pos.state)), list(pos.history)
        else:
            req.pop("state", None)
            req.pop("history", None)
    elif choice == 10:  # the other game's name for this position
        req["game"] = "chonker-party" if req.get("game") == "chomp" else "chomp"
    else:  # another player count
        req["players"] = rng.choice((1, 2, 3, 6, 7, 11))
    return req


def _tampered(rng: random.Random, positions: list[_Position]) -> dict[str, Any]:
    pos = rng.choice(positions)
    req = _valid(rng, [pos])
    req.pop("history", None)
    state = json.loads(json.dumps(pos.state))
    for _ in range(rng.randrange(1, 4)):
        _tamper(rng, state)
    req["state"] = state
    return req


def _tamper(rng: random.Random, node: Any) -> None:
    """Change one value somewhere below ``node`` (a dict or a list)."""
    path: list[tuple[Any, Any]] = []
    while isinstance(node, (dict, list)) and node:
        key = rng.choice(sorted(node, key=str)) if isinstance(node, dict) else rng.randrange(len(node))
        path.append((node, key))
        child = node[key]
        if not isinstance(child, (dict, list)) or not child or rng.random() < 0.3:
            break
        node = child
    if not path:
        return
    parent, key = path[-1]
    how = rng.randrange(6)
    if how == 0 and isinstance(parent, dict):
        del parent[key]
    elif how == 1 and isinstance(parent, dict):
        parent[rng.choice(("extra", "mask", "seen", "aux", "pending", "fixed"))] = _junk(rng)
    elif how == 2 and isinstance(parent, list):
        parent.insert(rng.randrange(len(parent) + 1), json.loads(json.dumps(parent[key])))
    elif how == 3 and isinstance(parent[key], str):
        parent[key] = rng.choice(("shark", "plankton", "eel", "octopus", "sweet", "war", "war-chonk", "chonk",
                                  "over", "race", "play", "show", "none", "war"))
    elif how == 4 and isinstance(parent[key], int) and not isinstance(parent[key], bool):
        parent[key] = parent[key] + rng.choice((-2, -1, 1, 2, 10**30))
    else:
        parent[key] = _junk(rng)


def _garbage(rng: random.Random, positions: list[_Position]) -> bytes:
    choice = rng.randrange(8)
    if choice == 0:
        return bytes(rng.randrange(256) for _ in range(rng.randrange(1, 40)))
    if choice == 1:  # a valid line cut short
        line = json.dumps(_valid(rng, positions)).encode()
        return line[: rng.randrange(1, max(2, len(line)))]
    if choice == 2:
        depth = rng.choice((10, 1000, 50_000))
        return b"[" * depth + b"]" * rng.choice((0, depth))
    if choice == 3:
        return rng.choice((b"1e400", b"-1e400", b"123456789" * 50, b'{"id": 1e400, "cmd": "hello"}',
                           b'{"cmd": "hello", "id": 1' + b"0" * 5000 + b"}"))
    if choice == 4:
        return rng.choice((b'"\\ud800"', b'{"cmd": "\\udfff"}', b'{"id": "\\ud800", "cmd": "stop"}',
                           b'{"cmd": "apply", "game": "\\u0000"}'))
    if choice == 5:
        return json.dumps(_junk(rng)).encode()
    if choice == 6:
        return b'{"cmd": "hello", "cmd": "stop"}' if rng.random() < 0.5 else b'{"id": NaN}'
    return json.dumps({"id": [1, {"a": None}], "cmd": "legal_actions", "game": {"x": 1}, "history": {}}).encode()


def run_fuzz(ask_line: Callable[[bytes], str], lines: Iterator[tuple[str, bytes]]) -> FuzzReport:
    """Send each line to ``ask_line`` (one response line back) and count the answers."""
    report = FuzzReport()
    t0 = time.perf_counter()
    for kind, line in lines:
        report.requests += 1
        report.kinds[kind] += 1
        text = ask_line(line)
        try:
            text.encode("utf-8")  # what a server writes must be UTF-8
            response = json.loads(text)
            code = "ok" if response["ok"] else response["error"]["code"]
        except (ValueError, KeyError, TypeError):  # (UnicodeEncodeError is a ValueError)
            code = "unreadable"
        report.codes[code] += 1
        if code in ("internal-error", "unreadable"):
            report.internal.append((line, text))
    report.seconds = time.perf_counter() - t0
    return report
