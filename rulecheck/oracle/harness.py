"""The differential harness: drive another implementation through the oracle protocol.

The implementation runs as a subprocess that reads requests on stdin and writes responses on
stdout (:class:`Subprocess`); the reference is the in-process :class:`~rulecheck.oracle.Oracle`.
:func:`run_conformance` checks, in order:

1. ``hello``: the protocol version, and that every game under test is offered;
2. the conformance vectors (each case's request, the response compared with the expected one);
3. seeded random games played in lockstep: at every step both sides answer ``legal_actions``
   and ``apply`` for the same state and action, and the answers are compared (legal actions,
   new state, actor, terminal flag, returns, provenance); at the end the whole game is
   replayed once more as a ``history``.

Readable texts (``text``, ``action_text``) and error messages are not compared unless
``strict_text`` is set. The first divergence of the random games is shrunk
(:mod:`rulecheck.oracle.shrink`) and, where the game's deals can be enumerated, a
breadth-first search over all shorter games proves the shrunk trace minimal or finds a
shorter one.
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
from rulecheck.core.game import Action, action_to_json
from rulecheck.oracle.protocol import PROTOCOL, Oracle, canonical, decode_line
from rulecheck.oracle.shrink import shrink_choices
from rulecheck.oracle.vectors import Config, configs_for, load_vectors, strip_response

__all__ = [
    "Backend",
    "CaseResult",
    "Divergence",
    "HarnessError",
    "HarnessReport",
    "Local",
    "Subprocess",
    "compare",
    "run_conformance",
    "write_junit",
]


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
        return json.loads(self.oracle.handle_line(line))


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

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self._lines.put(line)
        self._lines.put(None)

    def ask_line(self, line: str, rid: Any = None) -> dict[str, Any]:
        """Send one raw line, wait for one response line."""
        self.requests += 1
        assert self.proc.stdin is not None
        try:
            self.proc.stdin.write(line.encode("utf-8") + b"\n")
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError) as exc:
            raise HarnessError(f"the implementation closed its input: {exc}; {self.stderr_tail()}") from exc
        try:
            raw = self._lines.get(timeout=self.timeout)
        except queue.Empty as exc:
            raise HarnessError(f"no response within {self.timeout} s to {line[:200]}") from exc
        if raw is None:
            raise HarnessError(f"the implementation exited (code {self.proc.poll()}); {self.stderr_tail()}")
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


# ---------------------------------------------------------------------- comparison

TEXT_FIELDS = ("text", "action_text")
MAX_SEARCH_OUTCOMES = 5_000
"""The searches for shorter traces give up at a node with more actions than this (a big deal)."""


def normalise(cmd: str, response: Mapping[str, Any], strict_text: bool = False) -> dict[str, Any]:
    """What is compared of a response: no id, error codes only, no readable texts."""
    out = strip_response(response)
    result = out.get("result")
    if not strict_text and isinstance(result, dict):
        result = {k: v for k, v in result.items() if k not in TEXT_FIELDS}
        if isinstance(result.get("actions"), list):
            result["actions"] = [
                {k: v for k, v in a.items() if k not in TEXT_FIELDS} if isinstance(a, dict) else a
                for a in result["actions"]
            ]
        out["result"] = result
    return out


def compare(expected: Any, actual: Any, path: str = "") -> tuple[str, Any, Any] | None:
    """The first difference between two JSON values: (path, expected part, actual part)."""
    if isinstance(expected, dict) and isinstance(actual, dict):
        for key in sorted(set(expected) | set(actual)):
            if key not in expected or key not in actual:
                return (f"{path}.{key}", expected.get(key, "<absent>"), actual.get(key, "<absent>"))
            found = compare(expected[key], actual[key], f"{path}.{key}")
            if found:
                return found
        return None
    if isinstance(expected, list) and isinstance(actual, list):
        for i, (e, a) in enumerate(zip(expected, actual, strict=False)):
            found = compare(e, a, f"{path}[{i}]")
            if found:
                return found
        if len(expected) != len(actual):
            return (f"{path}.length", len(expected), len(actual))
        return None
    if type(expected) is not type(actual) and not (
        isinstance(expected, (int, float)) and isinstance(actual, (int, float))
        and not isinstance(expected, bool) and not isinstance(actual, bool)
    ):
        return (path or ".", expected, actual)
    if expected != actual:
        return (path or ".", expected, actual)
    return None


def _kind(path: str) -> str:
    """The field a difference is in, e.g. ``.result.state`` (for "the same divergence")."""
    parts = path.replace("[", ".[").split(".")
    return ".".join(p for p in parts[:3] if not p.startswith("["))


# ---------------------------------------------------------------------- results


@dataclass
class Divergence:
    """Where the implementation first answered differently from the reference."""

    config: dict[str, Any]
    trace: list[Any]
    request: dict[str, Any]
    expected: dict[str, Any]
    actual: dict[str, Any]
    path: str
    choices: list[int] = field(default_factory=list)
    seed: int | None = None
    minimal: bool | None = None
    original_length: int | None = None
    shrink_checks: int = 0

    @property
    def kind(self) -> str:
        """The command and the field that differ, e.g. ``apply:.result.state``."""
        return f"{self.request.get('cmd')}:{_kind(self.path)}"

    @property
    def family(self) -> str:
        """What must persist while shrinking: a wrong answer to the same command."""
        return str(self.request.get("cmd"))

    def to_json(self) -> dict[str, Any]:
        return {
            "config": self.config, "seed": self.seed, "trace": self.trace, "length": len(self.trace),
            "original_length": self.original_length, "minimal": self.minimal, "request": self.request,
            "field": self.path, "expected": self.expected, "actual": self.actual, "choices": self.choices,
            "shrink_checks": self.shrink_checks,
        }

    def describe(self) -> str:
        def show(v: Any) -> str:
            text = json.dumps(v, sort_keys=True)
            return text if len(text) < 400 else text[:400] + " ..."

        first = compare(self.expected, self.actual) or (self.path, None, None)
        lines = [
            f"DIVERGENCE ({self.kind}) in {Config(**self.config).label() if 'game' in self.config else self.config}",
            f"  trace of {len(self.trace)} actions from the root"
            + (f" (shrunk from {self.original_length})" if self.original_length is not None else "")
            + {True: "; minimal (no shorter game diverges)", False: "; the shortest found (not proven minimal)",
               None: ""}[self.minimal],
        ]
        for i, a in enumerate(self.trace, 1):
            lines.append(f"    {i}. {json.dumps(a)}")
        lines += [
            f"  request: {show(self.request)}",
            f"  first difference at {first[0]}: expected {show(first[1])}, got {show(first[2])}",
            f"  expected: {show(self.expected)}",
            f"  actual:   {show(self.actual)}",
        ]
        return "\n".join(lines)


@dataclass
class CaseResult:
    suite: str
    name: str
    ok: bool
    message: str = ""
    detail: str = ""
    seconds: float = 0.0


@dataclass
class HarnessReport:
    cases: list[CaseResult] = field(default_factory=list)
    divergence: Divergence | None = None
    seconds: float = 0.0
    requests: int = 0

    @property
    def ok(self) -> bool:
        return all(c.ok for c in self.cases) and self.divergence is None

    @property
    def failures(self) -> list[CaseResult]:
        return [c for c in self.cases if not c.ok]

    def summary(self) -> str:
        n, bad = len(self.cases), len(self.failures)
        rate = self.requests / self.seconds if self.seconds else 0.0
        head = "PASS" if self.ok else "FAIL"
        return (f"{head}: {n - bad}/{n} checks passed in {self.seconds:.1f} s "
                f"({self.requests} requests, {rate:.0f}/s)")


# ---------------------------------------------------------------------- lockstep games


class Lockstep:
    """Plays games from choice lists on the reference and the implementation side by side."""

    def __init__(self, ref: Local, impl: Backend, strict_text: bool = False, max_steps: int = 300) -> None:
        self.ref = ref
        self.impl = impl
        self.strict_text = strict_text
        self.max_steps = max_steps

    def check(self, request: dict[str, Any], trace: list[Any], choices: list[int],
              config: dict[str, Any]) -> tuple[dict[str, Any], Divergence | None]:
        expected = self.ref.ask(request)
        actual = self.impl.ask(request)
        cmd = str(request.get("cmd"))
        e, a = normalise(cmd, expected, self.strict_text), normalise(cmd, actual, self.strict_text)
        diff = compare(e, a)
        if diff is None:
            return expected, None
        return expected, Divergence(config, list(trace), request, e, a, diff[0], list(choices))

    def play(self, config: dict[str, Any], choices: Sequence[int] = (),
             rng: random.Random | None = None) -> tuple[Divergence | None, list[Any], list[int]]:
        """Play until terminal, ``max_steps``, or (without ``rng``) the end of ``choices``.

        Returns the divergence (if any), the actions played, and the normalised choices used.
        """
        game = self.ref.oracle.game(config)
        position: dict[str, Any] = {"history": []}
        state = game.root_state()
        trace: list[Any] = []
        used: list[int] = []
        for i in range(self.max_steps):
            if game.is_terminal(state):
                req = {**config, "cmd": "legal_actions", **position}
                _, div = self.check(req, trace, used, config)
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
            else:
                req = {**config, "cmd": "legal_actions", **position}
                expected, div = self.check(req, trace, used, config)
                if div:
                    return div, trace, used
                actions = [r["action"] for r in expected["result"]["actions"]] if expected.get("ok") else []
                if not actions:
                    break
                c %= len(actions)
                action = actions[c]
            used.append(c)
            req = {**config, "cmd": "apply", **position, "action": action}
            expected, div = self.check(req, [*trace, action], used, config)
            if div:
                return div, [*trace, action], used
            trace.append(action)
            if not expected.get("ok"):
                break
            position = {"state": expected["result"]["state"]}
            state = game.apply(state, game.action_from_json(action)).state
        if trace:
            req = {**config, "cmd": "legal_actions", "history": trace}
            _, div = self.check(req, trace, used, config)
            if div:
                return div, trace, used
        return None, trace, used

    def shortest(self, config: dict[str, Any], below: int, kind: str, budget: int,
                 candidate: Callable[[Hashable, Action, Any], bool] | None = None,
                 local_budget: int = 50_000) -> tuple[Divergence | None, bool]:
        """Breadth-first over every game shorter than ``below`` actions for a wrong answer to ``kind``
        (a command).

        The reference walks the game tree locally; the implementation is asked only the requests
        that can show ``kind`` (its ``apply`` answers, or its ``legal_actions`` answers), and with
        ``candidate(state, action, reference step)`` only for the pairs it selects. Returns (the
        shortest divergence found or None, whether the search covered every shorter game).
        Gives up (incomplete) past ``budget`` implementation requests or ``local_budget``
        reference steps, or at a node with more than :data:`MAX_SEARCH_OUTCOMES` actions (a deal).
        """
        game = self.ref.oracle.game(config)
        cmd = kind
        start = self.impl_requests()
        steps = 0
        complete = candidate is None

        def position(state: Hashable, trace: list[Any]) -> dict[str, Any]:
            return {"state": game.state_to_json(state)} if trace else {"history": []}

        level: list[tuple[Hashable, list[Any], list[int]]] = [(game.root_state(), [], [])]
        seen: set[Hashable] = set()
        for depth in range(below):
            if cmd == "legal_actions" and candidate is None:
                for state, trace, used in level:
                    if game.is_chance_node(state):
                        continue
                    if self.impl_requests() - start >= budget:
                        return None, False
                    req = {**config, "cmd": "legal_actions", **position(state, trace)}
                    _, div = self.check(req, trace, used, config)
                    if div and div.family == kind:
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
                    ask = cmd == "apply" and (candidate is None or candidate(state, action, step))
                    if ask:
                        if self.impl_requests() - start >= budget:
                            return None, False
                        req = {**config, "cmd": "apply", **position(state, trace), "action": aj}
                        _, div = self.check(req, [*trace, aj], [*used, c], config)
                        if div and div.family == kind:
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
        pos = {k: div.request[k] for k in ("state", "history") if k in div.request}
        try:
            state = self.ref.oracle.position(game, pos)
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
    seeds: int = 10,
    max_steps: int = 300,
    strict_text: bool = False,
    shrink: bool = True,
    configs: Sequence[Config] | None = None,
    oracle: Oracle | None = None,
    search_budget: int = 4_000,
    shrink_budget: int = 300,
) -> HarnessReport:
    """Check ``impl`` against the reference; see the module docstring for what is checked."""
    t0 = time.perf_counter()
    report = HarnessReport()
    try:
        _run(impl, report, vectors=vectors, games=games, seeds=seeds, max_steps=max_steps,
             strict_text=strict_text, shrink=shrink, configs=configs, oracle=oracle, search_budget=search_budget,
             shrink_budget=shrink_budget)
    except HarnessError as exc:
        report.cases.append(CaseResult("harness", "implementation", False, str(exc)))
    report.seconds = time.perf_counter() - t0
    report.requests = int(getattr(impl, "requests", 0))
    return report


def _run(impl: Backend, report: HarnessReport, *, vectors: str | None, games: Iterable[str] | None, seeds: int,
         max_steps: int, strict_text: bool, shrink: bool, configs: Sequence[Config] | None,
         oracle: Oracle | None, search_budget: int, shrink_budget: int) -> None:
    ref = Local(oracle)
    wanted = sorted(games) if games is not None else None

    # 1. hello
    hello = impl.ask({"cmd": "hello"})
    ref_hello = ref.ask({"cmd": "hello"})
    offered = {g.get("game") for g in hello.get("result", {}).get("games", [])} if hello.get("ok") else set()
    protocol = hello.get("result", {}).get("protocol") if hello.get("ok") else None
    names = wanted or sorted(g["game"] for g in ref_hello["result"]["games"])
    missing = [g for g in names if g not in offered]
    report.cases.append(CaseResult(
        "hello", "protocol", protocol == PROTOCOL and not missing,
        "" if protocol == PROTOCOL else f"protocol {protocol!r}, expected {PROTOCOL!r}",
        f"games not offered: {missing}" if missing else ""))

    # 2. vectors
    if vectors is not None:
        for rel, doc in load_vectors(vectors, wanted):
            for case in doc["cases"]:
                t = time.perf_counter()
                if "line" in case:
                    actual = impl.ask_line(case["line"]) if hasattr(impl, "ask_line") else {}
                    cmd = "line"
                else:
                    actual = impl.ask(case["request"])
                    cmd = str(case["request"].get("cmd"))
                diff = compare(normalise(cmd, case["expect"], strict_text), normalise(cmd, actual, strict_text))
                msg = detail = ""
                if diff:
                    msg = f"{diff[0]}: expected {json.dumps(diff[1])[:300]}, got {json.dumps(diff[2])[:300]}"
                    detail = json.dumps({"request": case.get("request", case.get("line")), "expected": case["expect"],
                                         "actual": actual}, sort_keys=True)
                report.cases.append(CaseResult(f"vectors:{rel}", case["id"], diff is None, msg, detail,
                                               time.perf_counter() - t))

    # 3. random games in lockstep
    lock = Lockstep(ref, impl, strict_text, max_steps)
    chosen = list(configs) if configs is not None else [c for g in names for c in configs_for(g)]
    chosen.sort(key=lambda c: c.deck == "full")  # small decks first: their divergences shrink best
    first: Divergence | None = None
    for config in chosen:
        for seed in range(seeds):
            t = time.perf_counter()
            name = f"{config.label()}/seed-{seed}"
            div, trace, _ = lock.play(config.request(), rng=random.Random(seed))
            if div is not None:
                div.seed = seed
                first = first or div
                report.cases.append(CaseResult(f"games:{config.label()}", name, False,
                                               f"{div.kind} after {len(div.trace)} actions", div.describe(),
                                               time.perf_counter() - t))
                break
            report.cases.append(CaseResult(f"games:{config.label()}", name, True, f"{len(trace)} actions", "",
                                           time.perf_counter() - t))
        if first is not None:
            break
    if first is not None:
        report.divergence = first
        if shrink:
            report.divergence = shrink_divergence(lock, first, budget=shrink_budget, search_budget=search_budget)


def write_junit(report: HarnessReport, path: str) -> None:
    """JUnit XML: one test suite per vector file or game configuration, one test case per check."""
    suites: dict[str, list[CaseResult]] = {}
    for c in report.cases:
        suites.setdefault(c.suite, []).append(c)
    root = ET.Element("testsuites", name="rulecheck conformance", tests=str(len(report.cases)),
                      failures=str(len(report.failures)), time=f"{report.seconds:.3f}")
    for suite, cases in suites.items():
        el = ET.SubElement(root, "testsuite", name=suite, tests=str(len(cases)),
                           failures=str(sum(not c.ok for c in cases)),
                           time=f"{sum(c.seconds for c in cases):.3f}")
        for c in cases:
            tc = ET.SubElement(el, "testcase", classname=suite, name=c.name, time=f"{c.seconds:.3f}")
            if not c.ok:
                fail = ET.SubElement(tc, "failure", message=c.message[:500])
                fail.text = c.detail
    if report.divergence is not None:
        el = ET.SubElement(root, "testsuite", name="shrunk-divergence", tests="1", failures="1", time="0")
        tc = ET.SubElement(el, "testcase", classname="shrunk-divergence", name=report.divergence.kind)
        fail = ET.SubElement(tc, "failure", message=f"minimal trace of {len(report.divergence.trace)} actions")
        fail.text = report.divergence.describe()
    ET.ElementTree(root).write(path, encoding="utf-8", xml_declaration=True)
