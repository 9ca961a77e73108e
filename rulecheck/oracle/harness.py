"""The differential harness: drive another implementation through the oracle protocol.

The implementation runs as a subprocess that reads requests on stdin and writes responses on
stdout (:class:`Subprocess`); the reference is the in-process :class:`~rulecheck.oracle.Oracle`.
:func:`run_conformance` checks, in order:

1. ``hello``: the protocol version, and what the implementation declares it supports: its
   games, and for each the variants with their player counts, the decks and the rulesets. The
   harness checks exactly those configurations (narrowed by a :class:`Selection`, the command
   line's ``--game/--variant/--players/--deck/--ruleset``), every deck size included.
2. the conformance vectors of those configurations (each case's request, the response compared
   with the expected one);
3. seeded random games per configuration, played in lockstep from the root: at every step both
   sides answer ``legal_actions`` (at a chance node too, where the outcomes are few enough to
   list), ``apply`` the same action and ``observation`` for every player, and the answers are
   compared as the :class:`~rulecheck.oracle.compare.Comparison` says (by default legal
   actions, outcomes and observations). Each side is sent its own positions: the reference its
   states, the implementation the ``state`` it returned (its own token) if it accepts state
   positions, else the history. At the end the whole game is replayed once more as a history.

A failure does not stop the run: every configuration and every seed is played, each failure is
reported with every differing path and both whole values, and the shortest divergence of each
configuration is shrunk (:mod:`rulecheck.oracle.shrink`) and, where the game's deals can be
enumerated, a breadth-first search over all shorter games proves the shrunk trace minimal or
finds a shorter one.
"""

from __future__ import annotations

import contextlib
import json
import queue
import random
import subprocess
import tempfile
import threading
import time
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol
from xml.etree import ElementTree as ET

from rulecheck.core.errors import RulecheckError, TooManyOutcomesError
from rulecheck.core.game import Action, Game, action_to_json
from rulecheck.oracle.compare import Comparison, Difference, differences
from rulecheck.oracle.protocol import MAX_LINE, PROTOCOL, Oracle, canonical, decode_line
from rulecheck.oracle.shrink import shrink_choices
from rulecheck.oracle.vectors import Config, load_vectors

__all__ = [
    "CHANCE_LIST_LIMIT",
    "Backend",
    "CaseResult",
    "Declared",
    "Divergence",
    "HarnessError",
    "HarnessReport",
    "Local",
    "Selection",
    "Subprocess",
    "declared_configs",
    "run_conformance",
    "write_junit",
]

CHANCE_LIST_LIMIT = 1_000
"""In lockstep games, a chance node's outcomes are compared when there are at most this many
(a shuffle of a short discard pile, a draw); a deal has far more, and only the outcome the
reference draws is played."""
MAX_SEARCH_OUTCOMES = 5_000
"""The searches for shorter traces give up at a node with more actions than this (a big deal)."""


class HarnessError(RulecheckError):
    """The implementation under test could not be driven (did not start, died, timed out)."""

    code = "harness"


class Backend(Protocol):
    def ask(self, request: Mapping[str, Any]) -> dict[str, Any]: ...


class Local:
    """The reference, in process."""

    def __init__(self, oracle: Oracle | None = None) -> None:
        self.oracle = oracle or Oracle()
        self.requests = 0

    def ask(self, request: Mapping[str, Any]) -> dict[str, Any]:
        self.requests += 1
        return self.oracle.handle(dict(request))

    def ask_line(self, line: str) -> dict[str, Any]:
        self.requests += 1
        return json.loads(self.oracle.handle_line(line))  # type: ignore[no-any-return]


class Subprocess:
    """An implementation speaking the protocol on its stdin/stdout."""

    def __init__(self, command: Sequence[str], timeout: float = 30.0, cwd: str | None = None) -> None:
        if not command:
            raise HarnessError("no command given for the implementation under test (after --)")
        self.command = list(command)
        self.timeout = timeout
        self._stderr = tempfile.TemporaryFile()  # noqa: SIM115 - closed in close()
        try:
            self.proc = subprocess.Popen(self.command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                         stderr=self._stderr, cwd=cwd)
        except OSError as exc:
            raise HarnessError(f"cannot start {' '.join(self.command)}: {exc}") from exc
        self._lines: queue.Queue[bytes | None] = queue.Queue()
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()
        self._next_id = 0
        self.requests = 0
        self.broken = False
        """Set once the implementation exited, closed its input or did not answer in time: nothing
        more can be asked of it."""

    def _read(self) -> None:
        """Queue each response line; a line over :data:`MAX_LINE` bytes is read to its end and
        queued as ``b""`` (too long), so the next response is still the next line."""
        assert self.proc.stdout is not None
        while True:
            line = self.proc.stdout.readline(MAX_LINE + 1)
            if not line:
                break
            if len(line) > MAX_LINE and not line.endswith(b"\n"):
                while line and not line.endswith(b"\n"):  # invariant: this line's bytes so far are dropped
                    line = self.proc.stdout.readline(1 << 16)
                line = b""
            self._lines.put(line)
        self._lines.put(None)

    def ask_line(self, line: str, rid: Any = None) -> dict[str, Any]:
        """Send one raw line, wait for one response line."""
        self.requests += 1
        assert self.proc.stdin is not None
        if self.broken:
            raise HarnessError("the implementation can no longer be asked (it exited or did not answer)")
        try:
            self.proc.stdin.write(line.encode("utf-8") + b"\n")
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError) as exc:
            self.broken = True
            raise HarnessError(f"the implementation closed its input: {exc}; {self.stderr_tail()}") from exc
        try:
            raw = self._lines.get(timeout=self.timeout)
        except queue.Empty as exc:
            self.broken = True
            raise HarnessError(f"no response within {self.timeout} s to {line[:200]}") from exc
        if raw is None:
            self.broken = True
            raise HarnessError(f"the implementation exited (code {self.proc.poll()}); {self.stderr_tail()}")
        if not raw:
            raise HarnessError(f"response line longer than {MAX_LINE} bytes (to {line[:200]})")
        try:
            response = decode_line(raw.rstrip(b"\r\n"))
        except RulecheckError as exc:
            raise HarnessError(f"response is not JSON: {raw[:200]!r}") from exc
        if not isinstance(response, dict):
            raise HarnessError(f"response is not a JSON object: {raw[:200]!r}")
        if rid is not None and response.get("id") != rid:
            raise HarnessError(f"response id {response.get('id')!r} does not echo request id {rid!r}")
        return response

    def ask(self, request: Mapping[str, Any]) -> dict[str, Any]:
        self._next_id += 1
        rid = f"h{self._next_id}"
        line = json.dumps({**request, "id": rid}, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
        return self.ask_line(line, rid)

    def stderr_tail(self, n: int = 800) -> str:
        self._stderr.seek(0)
        text = self._stderr.read().decode("utf-8", "replace")
        return f"stderr: {text[-n:]}" if text.strip() else "no stderr"

    def close(self) -> None:
        if self.proc.poll() is None:
            with contextlib.suppress(HarnessError):
                self.ask({"cmd": "stop"})
            try:
                self.proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        for stream in (self.proc.stdin, self.proc.stdout):
            if stream is not None:
                stream.close()
        self._stderr.close()

    def __enter__(self) -> Subprocess:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


# ---------------------------------------------------------------------- what is checked


@dataclass(frozen=True)
class Selection:
    """The command line's narrowing of the declared configurations (None: all)."""

    games: frozenset[str] | None = None
    variants: frozenset[str] | None = None
    players: frozenset[int] | None = None
    decks: frozenset[str] | None = None
    rulesets: frozenset[str] | None = None

    @classmethod
    def of(cls, games: Iterable[str] | None = None, variants: Iterable[str] | None = None,
           players: Iterable[int] | None = None, decks: Iterable[str] | None = None,
           rulesets: Iterable[str] | None = None) -> Selection:
        def fs(xs: Iterable[Any] | None) -> frozenset[Any] | None:
            chosen = frozenset(xs) if xs is not None else frozenset()
            return chosen or None

        return cls(fs(games), fs(variants), fs(players), fs(decks), fs(rulesets))

    def matches(self, config: Config) -> bool:
        rs = config.ruleset if isinstance(config.ruleset, str) else "house"
        return all(allowed is None or value in allowed for allowed, value in (
            (self.games, config.game), (self.variants, config.variant), (self.players, config.players),
            (self.decks, config.deck), (self.rulesets, rs)))


@dataclass
class Declared:
    """What an implementation's ``hello`` declares: the configurations the reference can check
    (sorted: small decks first), the kinds of position it accepts, and notes on what was left out."""

    configs: list[Config] = field(default_factory=list)
    positions: tuple[str, ...] = ("history", "state")
    notes: list[str] = field(default_factory=list)


def declared_configs(hello: Mapping[str, Any], oracle: Oracle) -> Declared:
    """The configurations an implementation's ``hello`` result declares, as the reference knows them.

    Each game entry is ``{"game", "variants": [{"name", "players": [...]}], "decks": [...],
    "rulesets": [...]}`` (the reference's own ``hello`` has the same form); rulesets are
    ``raw``, ``recommended`` and ``inline`` (the implementation takes inline ruleset objects:
    the harness then also checks a house ruleset that settles every ruling point the other way).
    Spec-string decks (``kind=count,...``) are not played."""
    out = Declared()
    positions = hello.get("positions")
    if isinstance(positions, list) and positions:
        out.positions = tuple(p for p in positions if p in ("history", "state"))
    ref_games = {g["game"]: g for g in oracle.hello()["games"]}
    games = hello.get("games")
    if not isinstance(games, list):
        out.notes.append("hello declares no list of games")
        return out
    for entry in games:
        if not isinstance(entry, Mapping) or entry.get("game") not in ref_games:
            out.notes.append(f"hello declares a game the reference does not know: {entry!r}"[:300])
            continue
        out.configs += _entry_configs(entry, ref_games[entry["game"]], oracle, out.notes)
    out.configs.sort(key=lambda c: (c.game, _deck_size(oracle, c), c.variant, c.players, _ruleset_rank(c.ruleset)))
    return out


def _entry_configs(entry: Mapping[str, Any], ref: Mapping[str, Any], oracle: Oracle, notes: list[str]) -> list[Config]:
    game = entry["game"]
    decks = [d for d in entry.get("decks", ["full"]) if isinstance(d, str) and "=" not in d]
    rulesets: list[Any] = []
    for rs in entry.get("rulesets", ["recommended"]):
        if rs in ("raw", "recommended"):
            rulesets.append(rs)
        elif rs == "inline":
            rulesets.append(_house(ref))
    out = []
    for variant in entry.get("variants", []):
        if not isinstance(variant, Mapping) or not isinstance(variant.get("name"), str):
            notes.append(f"{game}: a variant entry without a name: {variant!r}"[:300])
            continue
        counts = [n for n in variant.get("players", []) if isinstance(n, int) and not isinstance(n, bool)]
        for n in counts:
            for deck in decks:
                for rs in rulesets:
                    config = Config(game, variant["name"], n, deck, rs)
                    try:
                        oracle.game(config.request())
                    except RulecheckError as exc:
                        notes.append(f"{config.label()}: not checked, the reference refuses it ({exc})")
                        continue
                    out.append(config)
    return out


def _house(ref: Mapping[str, Any]) -> dict[str, Any]:
    """A ruleset that settles every ruling point with another option than the recommended one."""
    choices = {}
    for rp in ref.get("ruling_points", []):
        others = [o for o in rp["options"] if o != rp["recommended"]]
        if rp["recommended"] is not None and others:
            choices[rp["id"]] = others[0]
    return {"name": "flipped", "base": "recommended", "choices": choices}


def _deck_size(oracle: Oracle, config: Config) -> int:
    try:
        return oracle.game(config.request()).card_total()
    except RulecheckError:
        return 0


def _ruleset_rank(ruleset: Any) -> int:
    return {"recommended": 0, "raw": 1}.get(ruleset, 2) if isinstance(ruleset, str) else 2


# ---------------------------------------------------------------------- results


@dataclass
class Divergence:
    """Where the implementation answered differently from the reference in a random game."""

    config: dict[str, Any]
    trace: list[Any]
    request: dict[str, Any]
    expected: dict[str, Any]
    actual: dict[str, Any]
    differences: list[Difference]
    choices: list[int] = field(default_factory=list)
    seed: int | None = None
    minimal: bool | None = None
    original_length: int | None = None
    shrink_checks: int = 0

    @property
    def path(self) -> str:
        return self.differences[0].path if self.differences else "."

    @property
    def kind(self) -> str:
        """The command and the field that first differs, e.g. ``apply:.result.actor``."""
        return f"{self.request.get('cmd')}:{_kind(self.path)}"

    @property
    def family(self) -> str:
        """What must persist while shrinking: a wrong answer to the same command."""
        return str(self.request.get("cmd"))

    def label(self) -> str:
        return Config.of(self.config).label() if "game" in self.config else str(self.config)

    def to_json(self) -> dict[str, Any]:
        return {
            "config": self.config, "label": self.label(), "seed": self.seed, "trace": self.trace,
            "length": len(self.trace), "original_length": self.original_length, "minimal": self.minimal,
            "request": self.request, "kind": self.kind,
            "differences": [d.to_json() for d in self.differences],
            "expected": self.expected, "actual": self.actual, "choices": self.choices,
            "shrink_checks": self.shrink_checks,
        }

    def describe(self) -> str:
        lines = [
            f"DIVERGENCE ({self.kind}) in {self.label()}",
            f"  trace of {len(self.trace)} actions from the root"
            + (f" (shrunk from {self.original_length})" if self.original_length is not None else "")
            + {True: "; minimal (no shorter game diverges)", False: "; the shortest found (not proven minimal)",
               None: ""}[self.minimal],
        ]
        lines += [f"    {i}. {_text(a)}" for i, a in enumerate(self.trace, 1)]
        lines.append(f"  request: {_request_text(self.request)}")
        lines += describe_differences(self.differences, "  ")
        return "\n".join(lines)


@dataclass
class CaseResult:
    """One check: a vector case, a game played in lockstep, the hello."""

    suite: str
    name: str
    ok: bool
    message: str = ""
    differences: list[Difference] = field(default_factory=list)
    request: Any = None
    expected: Any = None
    actual: Any = None
    seconds: float = 0.0
    divergence: Divergence | None = None

    @property
    def detail(self) -> str:
        """Every difference with both whole values (and the divergence's trace, for a game)."""
        if self.divergence is not None:
            return self.divergence.describe()
        lines = [f"request: {_request_text(self.request)}"] if self.request is not None else []
        if not self.differences:
            return "\n".join([*lines, self.message])
        return "\n".join([*lines, *describe_differences(self.differences, "")])

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"suite": self.suite, "name": self.name, "ok": self.ok, "message": self.message,
                               "seconds": round(self.seconds, 3)}
        if not self.ok:
            out["differences"] = [d.to_json() for d in self.differences]
            if self.divergence is not None:
                out["divergence"] = self.divergence.to_json()
            else:
                out.update({"request": self.request, "expected": self.expected, "actual": self.actual})
        return out


@dataclass
class HarnessReport:
    """Everything a run checked: cases (grouped in suites: hello, one per vector file, one per
    configuration), the shrunk divergences (the shortest of each configuration), and notes."""

    cases: list[CaseResult] = field(default_factory=list)
    divergences: list[Divergence] = field(default_factory=list)
    configurations: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    comparison: str = ""
    seconds: float = 0.0
    requests: int = 0

    @property
    def ok(self) -> bool:
        return bool(self.cases) and all(c.ok for c in self.cases)

    @property
    def divergence(self) -> Divergence | None:
        """The first shrunk divergence, if any."""
        return self.divergences[0] if self.divergences else None

    @property
    def failures(self) -> list[CaseResult]:
        return [c for c in self.cases if not c.ok]

    def suites(self) -> dict[str, list[CaseResult]]:
        out: dict[str, list[CaseResult]] = {}
        for c in self.cases:
            out.setdefault(c.suite, []).append(c)
        return out

    def summary(self) -> str:
        n, bad = len(self.cases), len(self.failures)
        rate = self.requests / self.seconds if self.seconds else 0.0
        head = "PASS" if self.ok else "FAIL"
        return (f"{head}: {n - bad}/{n} checks passed in {len(self.configurations)} configurations, "
                f"{self.seconds:.1f} s ({self.requests} requests, {rate:.0f}/s)")

    def per_configuration(self) -> list[tuple[str, int, int]]:
        """(suite, checks, failures) of every suite, in order."""
        return [(suite, len(cs), sum(not c.ok for c in cs)) for suite, cs in self.suites().items()]

    def to_json(self) -> dict[str, Any]:
        return {
            "ok": self.ok, "summary": self.summary(), "seconds": round(self.seconds, 3), "requests": self.requests,
            "comparison": self.comparison, "configurations": self.configurations, "notes": self.notes,
            "suites": [{"suite": s, "checks": n, "failures": f} for s, n, f in self.per_configuration()],
            "cases": [c.to_json() for c in self.cases],
            "failures": [{"suite": c.suite, "name": c.name, "message": c.message} for c in self.failures],
            "divergences": [d.to_json() for d in self.divergences],
        }


def describe_differences(diffs: Sequence[Difference], indent: str) -> list[str]:
    """One block per difference: the path, then both values whole."""
    lines = [f"{indent}{len(diffs)} difference(s):"]
    for d in diffs:
        lines += [f"{indent}  at {d.path}:", f"{indent}    expected: {_text(d.expected)}",
                  f"{indent}    actual:   {_text(d.actual)}"]
    return lines


def _text(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


def _request_text(request: Any) -> str:
    """The request whole, except a long history, shown by its length (the trace lists it)."""
    if isinstance(request, Mapping) and isinstance(request.get("history"), list) and len(request["history"]) > 3:
        request = {**request, "history": f"<the {len(request['history'])} actions of the trace>"}
    return _text(request)


def _kind(path: str) -> str:
    """The field a difference is in, e.g. ``.result.state`` (for "the same divergence")."""
    parts = path.replace("[", ".[").split(".")
    return ".".join(p for p in parts[:3] if not p.startswith("["))


# ---------------------------------------------------------------------- lockstep games


def _chance_listable(game: Game, state: Hashable, trace: Sequence[Any]) -> bool:
    """Whether a chance node's outcomes are few enough to compare in a lockstep game."""
    if not trace:
        return False  # the deal
    from rulecheck.oracle.schemas import public_module

    module = public_module(game.name)
    try:
        count = module.chance_count(game, state) if module is not None else len(game.chance_outcomes(state))
    except TooManyOutcomesError:
        return False
    return count is not None and count <= CHANCE_LIST_LIMIT


class Lockstep:
    """Plays games from choice lists on the reference and the implementation side by side."""

    def __init__(self, ref: Local, impl: Backend, comparison: Comparison | None = None, max_steps: int = 300,
                 impl_states: bool = True) -> None:
        self.ref = ref
        self.impl = impl
        self.comparison = comparison or Comparison()
        self.max_steps = max_steps
        self.impl_states = impl_states

    def check(self, ref_request: dict[str, Any], impl_request: dict[str, Any], trace: list[Any],
              choices: list[int], config: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any], Divergence | None]:
        """Ask both; (reference response, implementation response, the divergence or None)."""
        expected = self.ref.ask(ref_request)
        try:
            actual = self.impl.ask(impl_request)
        except HarnessError as exc:  # an answer too long or not JSON: a wrong answer, unless it is gone
            if getattr(self.impl, "broken", False):
                raise
            actual = {"unreadable response": str(exc)}
        cmd = str(ref_request.get("cmd"))
        e, a = self.comparison.project(cmd, expected), self.comparison.project(cmd, actual)
        diffs = differences(e, a)
        if not diffs:
            return expected, actual, None
        return expected, actual, Divergence(config, list(trace), impl_request, e, a, diffs, list(choices))

    def play(self, config: dict[str, Any], choices: Sequence[int] = (),
             rng: random.Random | None = None) -> tuple[Divergence | None, list[Any], list[int]]:
        """Play until terminal, ``max_steps``, or (without ``rng``) the end of ``choices``.

        Returns the divergence (if any), the actions played, and the normalised choices used.
        """
        game = self.ref.oracle.game(config)
        ref_pos: dict[str, Any] = {"history": []}
        impl_pos: dict[str, Any] = {"history": []}
        state = game.root_state()
        trace: list[Any] = []
        used: list[int] = []

        def ask(cmd: str, **extra: Any) -> tuple[dict[str, Any], dict[str, Any], Divergence | None]:
            tr = [*trace, extra["action"]] if cmd == "apply" else trace
            return self.check({**config, "cmd": cmd, **ref_pos, **extra}, {**config, "cmd": cmd, **impl_pos, **extra},
                              tr, used, config)

        for i in range(self.max_steps):
            if game.is_terminal(state):
                _, _, div = ask("legal_actions")
                if div:
                    return div, trace, used
                break
            if i < len(choices):
                c = choices[i]
            elif rng is not None:
                c = rng.getrandbits(31)
            else:
                break
            if game.is_chance_node(state):
                # chance: the outcome drawn with seed c (deals are far too many to list each step)
                action = game.action_to_json(game.sample_chance(state, random.Random(c)))
                if "legal" in self.comparison.aspects and _chance_listable(game, state, trace):
                    _, _, div = ask("legal_actions")
                    if div:
                        return div, trace, used
            else:
                expected, _, div = ask("legal_actions")
                if div:
                    return div, trace, used
                actions = [r["action"] for r in expected["result"]["actions"]] if expected.get("ok") else []
                if not actions:
                    break
                c %= len(actions)
                action = actions[c]
            used.append(c)
            expected, actual, div = ask("apply", action=action)
            trace.append(action)
            if div:
                return div, trace, used
            if not expected.get("ok"):
                break
            state = game.apply(state, game.action_from_json(action)).state
            ref_pos = {"state": expected["result"]["state"]}
            impl_state = actual.get("result", {}).get("state")
            impl_pos = {"state": impl_state} if self.impl_states and isinstance(impl_state, dict) else \
                {"history": list(trace)}
            if "observation" in self.comparison.aspects:
                for p in range(game.num_players):
                    _, _, div = ask("observation", player=p)
                    if div:
                        return div, trace, used
        if trace:
            req = {**config, "cmd": "legal_actions", "history": trace}
            _, _, div = self.check(req, req, trace, used, config)
            if div:
                return div, trace, used
        return None, trace, used

    def shortest(self, config: dict[str, Any], below: int, kind: str, budget: int,
                 candidate: Callable[[Hashable, Action, Any], bool] | None = None,
                 local_budget: int = 50_000) -> tuple[Divergence | None, bool]:
        """Breadth-first over every game shorter than ``below`` actions for a wrong answer to ``kind``
        (a command).

        The reference walks the game tree locally; the implementation is asked only the requests
        that can show ``kind`` (its ``apply``, ``legal_actions`` or ``observation`` answers), and
        with ``candidate(state, action, reference step)`` only for the ``apply`` pairs it selects.
        The implementation's positions are histories. Returns (the shortest divergence found or
        None, whether the search covered every shorter game). Gives up (incomplete) past
        ``budget`` implementation requests or ``local_budget`` reference steps, or at a node
        with more than :data:`MAX_SEARCH_OUTCOMES` actions (a deal).
        """
        game = self.ref.oracle.game(config)
        start = self.impl_requests()
        steps = 0
        complete = candidate is None

        def ask(cmd: str, state: Hashable, trace: list[Any], used: list[int], **extra: Any) -> Divergence | None:
            ref_pos = {"state": game.state_to_json(state)} if trace else {"history": []}
            tr = [*trace, extra["action"]] if cmd == "apply" else trace
            _, _, div = self.check({**config, "cmd": cmd, **ref_pos, **extra},
                                   {**config, "cmd": cmd, "history": trace, **extra}, tr, used, config)
            return div if div and div.family == kind else None

        level: list[tuple[Hashable, list[Any], list[int]]] = [(game.root_state(), [], [])]
        seen: set[Hashable] = set()
        for depth in range(below):
            if kind in ("legal_actions", "observation") and candidate is None:
                for state, trace, used in level:
                    if game.is_chance_node(state) and kind == "legal_actions":
                        continue
                    players = range(game.num_players) if kind == "observation" else [None]
                    for p in players:
                        if self.impl_requests() - start >= budget:
                            return None, False
                        div = ask(kind, state, trace, used, **({} if p is None else {"player": p}))
                        if div:
                            return div, True
            if depth + 1 >= below:
                break
            children: list[tuple[Hashable, list[Any], list[int]]] = []
            # invariant: every state in ``level`` is reached by exactly ``depth`` actions and no fewer
            for state, trace, used in level:
                if game.is_terminal(state):
                    continue
                try:
                    actions = sorted(game.legal_actions(state), key=lambda a: canonical(action_to_json(a)))
                except TooManyOutcomesError:
                    return None, False
                if len(actions) > MAX_SEARCH_OUTCOMES:
                    return None, False
                for c, action in enumerate(actions):
                    steps += 1
                    if steps > local_budget:
                        return None, False
                    step = game.apply_unchecked(state, action)
                    aj = action_to_json(action)
                    if kind == "apply" and (candidate is None or candidate(state, action, step)):
                        if self.impl_requests() - start >= budget:
                            return None, False
                        div = ask("apply", state, trace, [*used, c], action=aj)
                        if div:
                            return div, True
                    if step.state in seen:
                        continue
                    seen.add(step.state)
                    children.append((step.state, [*trace, aj], [*used, c]))
            level = children
        return None, complete

    def like(self, div: Divergence) -> list[Callable[[Hashable, Action, Any], bool]]:
        """Selectors of steps like the divergent one, strictest first: where the reference uses
        the same action name and every ruling point of the divergent step; every one of its
        ruling points; one of them (or, with none, one of its clauses). A changed rule shows
        where the reference applies it."""
        if div.request.get("cmd") != "apply":
            return []
        game = self.ref.oracle.game(div.config)
        try:
            state = self.ref.oracle.position(game, {"history": div.trace[:-1]})
            action = game.action_from_json(div.request["action"])
            prov = game.apply(state, action).provenance
        except RulecheckError:
            return []
        rulings, clauses = set(prov.rulings), set(prov.clauses)

        def same_step(_s: Hashable, act: Action, step: Any) -> bool:
            return act[0] == action[0] and rulings <= set(step.provenance.rulings) and (
                not clauses or not clauses.isdisjoint(step.provenance.clauses))

        def same_rulings(_s: Hashable, _a: Action, step: Any) -> bool:
            return rulings <= set(step.provenance.rulings) and (
                not clauses or not clauses.isdisjoint(step.provenance.clauses))

        def shared(_s: Hashable, _a: Action, step: Any) -> bool:
            if rulings:
                return not rulings.isdisjoint(step.provenance.rulings)
            return not clauses.isdisjoint(step.provenance.clauses)

        return [same_step, same_rulings, shared]

    def impl_requests(self) -> int:
        return int(getattr(self.impl, "requests", 0))


def shrink_divergence(lock: Lockstep, div: Divergence, *, budget: int = 300,
                      search_budget: int = 4_000) -> Divergence:
    """The shortest divergence of the same kind found from ``div`` (see :mod:`rulecheck.oracle.shrink`)."""
    kind = div.family
    found: dict[tuple[int, ...], Divergence] = {}

    def check(choices: Sequence[int]) -> tuple[int, list[int]] | None:
        d, _, _ = lock.play(div.config, list(choices))
        if d is None or d.family != kind:
            return None
        found[tuple(d.choices[: len(d.trace)])] = d
        return len(d.trace), d.choices[: len(d.trace)]

    original = len(div.trace)
    result = shrink_choices(check, div.choices, len(div.trace), budget=budget)
    best = found.get(result.choices, div)
    for like in lock.like(best):  # guided searches: only steps like the divergent one are asked
        shorter, _ = lock.shortest(div.config, len(best.trace), kind, search_budget, candidate=like)
        if shorter is not None:
            best = shorter
    shorter, complete = lock.shortest(div.config, len(best.trace), kind, search_budget)
    if shorter is not None:
        best = shorter
    best.original_length = original
    best.seed = div.seed
    best.minimal = complete
    best.shrink_checks = result.checks
    return best


# ---------------------------------------------------------------------- the run


def run_conformance(
    impl: Backend,
    *,
    vectors: str | None = None,
    games: Iterable[str] | None = None,
    selection: Selection | None = None,
    comparison: Comparison | None = None,
    seeds: int = 10,
    max_steps: int = 300,
    strict_text: bool = False,
    shrink: bool = True,
    configs: Sequence[Config] | None = None,
    oracle: Oracle | None = None,
    search_budget: int = 4_000,
    shrink_budget: int = 300,
) -> HarnessReport:
    """Check ``impl`` against the reference; see the module docstring for what is checked.

    ``configs`` overrides what ``hello`` declares (tests); ``games`` is a shorthand for a
    selection of games.
    """
    t0 = time.perf_counter()
    comparison = comparison or Comparison(strict_text=strict_text)
    if strict_text and not comparison.strict_text:
        comparison = Comparison(comparison.aspects, comparison.provenance, True)
    if games is not None:
        selection = Selection.of(games, *(() if selection is None else (
            selection.variants, selection.players, selection.decks, selection.rulesets)))
    report = HarnessReport(comparison=comparison.describe())
    try:
        _run(impl, report, vectors=vectors, selection=selection or Selection(), comparison=comparison, seeds=seeds,
             max_steps=max_steps, shrink=shrink, configs=configs, oracle=oracle, search_budget=search_budget,
             shrink_budget=shrink_budget)
    except HarnessError as exc:
        report.cases.append(CaseResult("harness", "implementation", False, str(exc)))
    report.seconds = time.perf_counter() - t0
    report.requests = int(getattr(impl, "requests", 0))
    return report


def _run(impl: Backend, report: HarnessReport, *, vectors: str | None, selection: Selection, comparison: Comparison,
         seeds: int, max_steps: int, shrink: bool, configs: Sequence[Config] | None, oracle: Oracle | None,
         search_budget: int, shrink_budget: int) -> None:
    ref = Local(oracle)
    declared = _hello(impl, ref, report)
    chosen = [c for c in (list(configs) if configs is not None else declared.configs) if selection.matches(c)]
    report.configurations = [c.label() for c in chosen]
    report.notes += declared.notes
    if not chosen:
        report.cases.append(CaseResult("hello", "configurations", False,
                                       "no configuration to check: the implementation declares none that the "
                                       "reference has, or the selection leaves none out"))
        return
    if vectors is not None:
        _run_vectors(impl, report, vectors, chosen, comparison)
    lock = Lockstep(ref, impl, comparison, max_steps, impl_states="state" in declared.positions)
    for config in chosen:
        first: Divergence | None = None
        for seed in range(seeds):
            t = time.perf_counter()
            name = f"seed-{seed}"
            suite = f"games:{config.label()}"
            try:
                div, trace, _ = lock.play(config.request(), rng=random.Random(seed))
            except HarnessError as exc:
                report.cases.append(CaseResult(suite, name, False, str(exc), seconds=time.perf_counter() - t))
                if getattr(impl, "broken", False):
                    raise
                continue
            if div is None:
                report.cases.append(CaseResult(suite, name, True, f"{len(trace)} actions",
                                               seconds=time.perf_counter() - t))
                continue
            div.seed = seed
            if first is None or len(div.trace) < len(first.trace):  # the shortest shrinks fastest
                first = div
            report.cases.append(CaseResult(
                suite, name, False, f"{div.kind} after {len(div.trace)} actions ({len(div.differences)} differences)",
                div.differences, div.request, div.expected, div.actual, time.perf_counter() - t, div))
        if first is not None:
            report.divergences.append(_shrunk(lock, first, shrink, shrink_budget, search_budget, impl))


def _shrunk(lock: Lockstep, div: Divergence, shrink: bool, budget: int, search_budget: int,
            impl: Backend) -> Divergence:
    """``div`` shrunk (if ``shrink``); as found if the implementation fails to answer while shrinking."""
    if not shrink:
        return div
    try:
        return shrink_divergence(lock, div, budget=budget, search_budget=search_budget)
    except HarnessError:
        if getattr(impl, "broken", False):
            raise
        return div


def _hello(impl: Backend, ref: Local, report: HarnessReport) -> Declared:
    t = time.perf_counter()
    hello = impl.ask({"cmd": "hello"})
    result = hello.get("result") if hello.get("ok") else None
    if not isinstance(result, Mapping):
        report.cases.append(CaseResult("hello", "protocol", False, "hello did not succeed", actual=hello,
                                       request={"cmd": "hello"}))
        return Declared()
    protocol = result.get("protocol")
    diffs = differences({"protocol": PROTOCOL}, {"protocol": protocol})
    report.cases.append(CaseResult("hello", "protocol", not diffs,
                                   "" if not diffs else f"protocol {protocol!r}, expected {PROTOCOL!r}", diffs,
                                   {"cmd": "hello"}, {"protocol": PROTOCOL}, {"protocol": protocol},
                                   time.perf_counter() - t))
    return declared_configs(result, ref.oracle)


def _case_config(case: Mapping[str, Any]) -> str | None:
    """The label of the configuration a vector case belongs to (None: every configuration)."""
    conf = case.get("configuration")
    return Config.of(conf).label() if isinstance(conf, Mapping) else None


def _run_vectors(impl: Backend, report: HarnessReport, vectors: str, chosen: Sequence[Config],
                 comparison: Comparison) -> None:
    labels = {c.label() for c in chosen}
    games = sorted({c.game for c in chosen})
    for rel, doc in load_vectors(vectors, games):
        for case in doc["cases"]:
            label = _case_config(case)
            if label is not None and label not in labels:
                continue
            t = time.perf_counter()
            cmd = "line" if "line" in case else str(case["request"].get("cmd"))
            try:
                if "line" in case:
                    if not hasattr(impl, "ask_line"):
                        continue
                    actual = impl.ask_line(case["line"])
                else:
                    actual = impl.ask(case["request"])
            except HarnessError as exc:
                if getattr(impl, "broken", False):
                    raise
                report.cases.append(CaseResult(f"vectors:{rel}", case["id"], False, str(exc),
                                               request=case.get("request", case.get("line"))))
                continue
            diffs = differences(comparison.project(cmd, case["expect"]), comparison.project(cmd, actual))
            msg = f"{len(diffs)} difference(s), first at {diffs[0].path}" if diffs else ""
            report.cases.append(CaseResult(f"vectors:{rel}", case["id"], not diffs, msg, diffs,
                                           case.get("request", case.get("line")), case["expect"], actual,
                                           time.perf_counter() - t))


def write_junit(report: HarnessReport, path: str) -> None:
    """JUnit XML: one test suite per vector file and per configuration, one test case per check,
    every difference in the failure's text; then the shrunk divergences."""
    root = ET.Element("testsuites", name="rulecheck conformance", tests=str(len(report.cases)),
                      failures=str(len(report.failures)), time=f"{report.seconds:.3f}")
    for suite, cases in report.suites().items():
        el = ET.SubElement(root, "testsuite", name=suite, tests=str(len(cases)),
                           failures=str(sum(not c.ok for c in cases)),
                           time=f"{sum(c.seconds for c in cases):.3f}")
        for c in cases:
            tc = ET.SubElement(el, "testcase", classname=suite, name=c.name, time=f"{c.seconds:.3f}")
            if not c.ok:
                fail = ET.SubElement(tc, "failure", message=c.message[:500])
                fail.text = c.detail
    if report.divergences:
        el = ET.SubElement(root, "testsuite", name="shrunk-divergences", tests=str(len(report.divergences)),
                           failures=str(len(report.divergences)), time="0")
        for div in report.divergences:
            tc = ET.SubElement(el, "testcase", classname="shrunk-divergences", name=f"{div.label()} {div.kind}")
            fail = ET.SubElement(tc, "failure", message=f"trace of {len(div.trace)} actions")
            fail.text = div.describe()
    ET.ElementTree(root).write(path, encoding="utf-8", xml_declaration=True)
