"""The determinacy check: in every situation a search reached, does the text decide the outcome,
and does the engine do what the text (and the ruleset) says?

For each explored state and action that a game's specification describes, the situation is built
(:mod:`rulecheck.games.<game>.spec_engine`) and the solver asked (:func:`rulecheck.core.spec.determinacy`)
under each reading of the clauses it reads:

* under ``raw``: where the text is open (a gap, a conflict, or readings that disagree), the engine
  must consult a ruling point whose answer decides the step; if it consults none, that is a
  *silent decision*. Where the text decides, the engine's outcome must be the text's (else a
  *disagreement*), and every ruling point the engine consults there asks a question the text
  answers. A ruling point the text answers in every situation that consults it is reported as
  *answered by the text*.
* under a complete ruleset: the clauses plus the ruleset's options must determine exactly one
  outcome, and it must be the engine's step: a *verified* situation, else a disagreement (or an
  outcome still open under the ruleset: a silent decision of the ruleset).

Results are cached by situation, so a situation met in many states is solved once. Everything
here is deterministic: states are visited in the search's order, and the first witness of each
kind is the one kept.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from types import ModuleType
from typing import Any

from rulecheck.check.explore import ExploreResult
from rulecheck.core.spec import (
    Reader,
    Spec,
    Verdict,
    View,
    add_when,
    allows_unlike,
    decides,
    determinacy,
    fresh_solver,
    satisfies,
    smt,
)
from rulecheck.games import game_part

__all__ = ["SpecRun", "check_explored", "spec_modules"]


def _fresh() -> None:
    """A new solver, and none of the answers the last check remembered: which questions a check
    asks (so the solver's later models, so the witnesses) must not depend on what ran before it in
    the same process (another search, or another audit job in the same worker)."""
    fresh_solver()
    _ANSWERS.clear()
    _ALLOWS.clear()


def spec_modules(game: str) -> tuple[ModuleType, ModuleType] | None:
    """The game's specification and its engine bridge, or None if the game has none (a game
    registered from outside the package, a test game, a plugin)."""
    spec, bridge = game_part(game, "spec"), game_part(game, "spec_engine")
    return None if spec is None or bridge is None else (spec, bridge)


@dataclass
class SpecRun:
    """What the determinacy check found in one search (picklable; merged across searches)."""

    ruleset: str
    situations: int = 0  # distinct situations checked
    steps: int = 0  # (state, action) pairs looked at
    determined: int = 0
    gaps: int = 0
    conflicts: int = 0
    verified: int = 0
    bounded: bool = False  # stopped at the bound on situations, before the search's last state
    states_checked: int = 0  # the states (in search order) whose steps were all checked
    states_total: int = 0
    seconds: float = 0.0
    solver_calls: int = 0
    reread: int = 0  # under a complete ruleset: decided steps asked again under another reading
    principles: dict[str, int] = field(default_factory=dict)
    # per ruling point: situations where it decides the step, and in how many the text is open
    ruling_relevant: dict[str, int] = field(default_factory=dict)
    ruling_open: dict[str, int] = field(default_factory=dict)
    ruling_contradicts: dict[str, dict[str, int]] = field(default_factory=dict)
    # check_ruling_steps: per ruling point, the (seed, step) of the playout step that showed it open
    open_at: dict[str, tuple[int, int]] = field(default_factory=dict)
    # first witness of each kind: key -> (state node, action, situation text, verdict json, extra)
    silent: dict[str, dict[str, Any]] = field(default_factory=dict)
    disagreements: dict[str, dict[str, Any]] = field(default_factory=dict)
    ambiguities: dict[str, dict[str, Any]] = field(default_factory=dict)
    open_kinds: dict[str, dict[str, Any]] = field(default_factory=dict)
    answered_examples: dict[str, dict[str, Any]] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "ruleset": self.ruleset, "situations": self.situations, "steps": self.steps,
            "determined": self.determined, "gaps": self.gaps, "conflicts": self.conflicts,
            "verified": self.verified, "principles": dict(sorted(self.principles.items())),
            "ruling_relevant": dict(sorted(self.ruling_relevant.items())),
            "ruling_open": dict(sorted(self.ruling_open.items())),
            "disagreements": len(self.disagreements), "silent_decisions": len(self.silent),
            "reread": self.reread, "ambiguities": len(self.ambiguities),
            "complete": not self.bounded, "states_checked": self.states_checked, "states_total": self.states_total,
        }


def _readings_to_try(spec: Spec, asked: set[str]) -> list[dict[str, str]]:
    """The default readings, then each asked reading point varied alone."""
    out: list[dict[str, str]] = [{}]
    for point in sorted(asked):
        for rid, _ in spec.readings[point].options[1:]:
            out.append({point: rid})
    return out


def _text(spec: Spec, sit: Any) -> tuple[list[tuple[dict[str, str], Verdict]], int]:
    """The verdicts of every reading to try, and the number of solver runs."""
    first, asked = determinacy(spec, sit)
    verdicts = [({}, first)]
    for r in _readings_to_try(spec, asked)[1:]:
        v, _ = determinacy(spec, sit, readings=r, principles_used=False)
        verdicts.append((r, v))
    return verdicts, len(verdicts)


def _key(spec: Spec, v: Verdict) -> Any:
    return spec.key(dict(v.outcome)) if v.kind == "determined" else None


def _relevant(leaves: list[tuple[dict[str, str], Any]]) -> set[str]:
    """Ruling points whose answer changes the engine's outcome of the step: two of its outcomes
    differ, and their options differ in that ruling point alone (memoised: the same pattern of
    options and outcomes recurs in many steps)."""
    if len({k for _, k in leaves}) < 2:
        return set()
    memo_key = tuple((tuple(sorted(a.items())), ka) for a, ka in leaves)
    found = _RELEVANT.get(memo_key)
    if found is None:
        found = set()
        for (a, ka), (b, kb) in combinations(leaves, 2):
            if ka == kb:
                continue
            differ = [r for r in a.keys() & b.keys() if a[r] != b[r]]
            if len(differ) == 1:
                found.add(differ[0])
        if len(_RELEVANT) > 100_000:
            _RELEVANT.clear()
        _RELEVANT[memo_key] = found
    return set(found)


_RELEVANT: dict[Any, set[str]] = {}


def _contradicting(leaves: list[tuple[dict[str, str], Any]], relevant: set[str], want: Any) -> list[tuple[str, str]]:
    """The (ruling, option) pairs among ``relevant`` under which the engine never gives ``want``."""
    out = []
    for r in sorted(relevant):
        for o in sorted({opts[r] for opts, _ in leaves if r in opts}):
            if all(k != want for opts, k in leaves if opts.get(r) == o):
                out.append((r, o))
    return out


SITUATIONS_PER_SEARCH = 1500
"""The audit's default bound on the distinct situations checked per search (an amount of work,
so the same on any machine): the check visits states in the search's order and stops at the
first new situation past the bound, and the report says so. ``None`` checks every situation."""


def check_explored(res: ExploreResult, progress: Any = None,
                   max_situations: int | None = SITUATIONS_PER_SEARCH) -> SpecRun | None:
    """The determinacy check over every state and action of a search the game's specification
    describes (None if the game has no specification), up to ``max_situations`` distinct
    situations (then ``run.bounded`` is set and ``run.states_checked`` says how far it got)."""
    mods = spec_modules(res.game.name)
    if mods is None:
        return None
    spec_mod, bridge = mods
    spec: Spec = spec_mod.SPEC
    game = res.game
    choices: Mapping[str, str | None] = game._choices
    complete = all(v is not None for v in choices.values())
    run = SpecRun(res.config.ruleset)
    t0 = time.monotonic()
    _fresh()  # the witnesses depend on this search alone
    seen: set[Any] = set()
    situate = getattr(bridge, "situation_in", None)  # a bridge whose situations need the configuration
    text_cache: dict[Any, _Text] = {}
    ruled_cache: dict[Any, Any] = {}
    cache: dict[Any, Any] = ruled_cache if complete else text_cache
    run.states_total = res.expanded
    run.states_checked = res.expanded
    for node in range(res.expanded):
        state = res.states[node]
        if not bridge.applies(state):
            continue
        if run.bounded:
            break
        for action in game.expand_actions(state):
            if not _check_step(run, spec, bridge, game, choices, complete, state, action, node, seen, cache,
                               situate, max_situations):
                run.bounded = True
                run.states_checked = node
                break
    run.situations = len(cache)
    run.seconds = time.monotonic() - t0
    return run if run.steps else None


PLAYOUT_SITUATIONS = 500
"""The audit's default bound on the distinct situations of the full-deck playouts checked per
configuration (:func:`check_playouts`)."""


@dataclass
class _FullDeckCheck:
    """One determinacy check over steps of seeded full-deck games, judged in ``game`` (its
    ruleset's options, or none under ``raw``): the specification, the engine bridge, and the
    situations met so far (each solved once)."""

    spec: Spec
    bridge: ModuleType
    game: Any
    run: SpecRun
    seen: set[Any] = field(default_factory=set)
    cache: dict[Any, Any] = field(default_factory=dict)
    started: float = field(default_factory=time.monotonic)

    @classmethod
    def start(cls, game: Any, ruleset: str) -> _FullDeckCheck | None:
        """A new check (and a fresh solver: its witnesses depend on it alone); None if the game
        has no specification."""
        mods = spec_modules(game.name)
        if mods is None:
            return None
        _fresh()
        return cls(mods[0].SPEC, mods[1], game, SpecRun(ruleset))

    def step(self, state: Any, action: Any, node: Any, max_situations: int | None) -> bool:
        """Check one step (one the specification does not describe is passed over); False if it is
        a new situation past ``max_situations``, left unchecked."""
        if not self.bridge.applies(state):
            return True
        choices: Mapping[str, str | None] = self.game._choices
        return _check_step(self.run, self.spec, self.bridge, self.game, choices,
                           all(v is not None for v in choices.values()), state, action, node, self.seen,
                           self.cache, getattr(self.bridge, "situation_in", None), max_situations)

    def finish(self) -> SpecRun | None:
        """The run, with its situation count and time; None if it checked no step."""
        self.run.situations = len(self.cache)
        self.run.seconds = time.monotonic() - self.started
        return self.run if self.run.steps else None


def check_playouts(game: Any, games: int, seed: int, max_steps: int,
                   max_situations: int | None = PLAYOUT_SITUATIONS, ruleset: str = "recommended") -> SpecRun | None:
    """The determinacy check over the steps of seeded full-deck games (the audit's playouts,
    :func:`rulecheck.check.stats.playout`: game ``i`` is the one ``seed + i`` plays), in order, up to
    ``max_situations`` distinct situations: under a complete ruleset every step the clauses and
    the ruleset decide is verified on the full deck. A finding's entry names its game and step
    (``playout``: [seed, step]), from which :func:`playout_witness` replays it."""
    from rulecheck.check.stats import playout

    check = _FullDeckCheck.start(game, ruleset)
    if check is None:
        return None
    run = check.run
    for i in range(games):
        for n, (state, action, _) in enumerate(playout(game, seed + i, max_steps)):
            if not check.step(state, action, ("playout", seed + i, n), max_situations):
                run.bounded = True
                break
        if run.bounded:
            break
        run.states_checked = i + 1  # (here: the games whose steps were all checked)
    run.states_total = games
    return check.finish()


def check_ruling_steps(game: Any, raw_game: Any, steps: Mapping[str, Sequence[tuple[int, int]]],
                       targets: Iterable[str], max_steps: int) -> SpecRun | None:
    """The ruling points ``targets`` (those the small decks' searches did not show the text open
    on) asked of the text where the full-deck playouts of ``game`` met them: each step of
    ``steps[r]`` (seed, step: where the playouts consulted ``r``, or earlier in the same phase) is
    replayed and checked under the rules as written (``raw_game``: every option of every ruling
    point the step depends on), in order, until the text is shown open on ``r``. So a ruling
    point whose question does not arise on the small decks, or arises there only where the text
    answers it, is confirmed (or found answered) on the full deck. Findings replay as
    :func:`playout_findings`' do."""
    from rulecheck.check.stats import playout

    check = _FullDeckCheck.start(raw_game, "raw")
    if check is None:
        return None
    run = check.run
    for r in sorted(set(targets)):
        for seed, n in steps.get(r, ()):
            if run.ruling_open.get(r):
                break
            found = next((x for k, x in enumerate(playout(game, seed, max_steps)) if k == n), None)
            if found is None:
                continue
            check.step(found[0], found[1], ("playout", seed, n), None)
            if run.ruling_open.get(r):
                run.open_at[r] = (seed, n)
    return check.finish()


READING_SITUATIONS = 1500
"""The audit's default bound on the distinct full-deck situations :func:`check_reading_steps`
checks per configuration while it looks for the reading points' ambiguities (an amount of work)."""


def check_reading_steps(game: Any, raw_game: Any, points: Iterable[str], games: int, seed: int, max_steps: int,
                        max_situations: int | None = READING_SITUATIONS) -> SpecRun | None:
    """The reading points ``points`` (ambiguities the reduced decks showed) looked for in the
    seeded full-deck games of ``game`` (game ``i`` is the one ``seed + i`` plays): each step is
    checked under the rules as written (``raw_game``), in order, until every point's readings have
    given different results in one situation or ``max_situations`` distinct situations were
    checked. Only steps that can show a point not seen yet are checked (:func:`_reading_filter`),
    so the bound is spent on those. An ambiguity found here is one the real game meets; its
    finding names the game and step (``playout``: [seed, step]), from which
    :func:`playout_witness` replays it."""
    from rulecheck.check.stats import playout

    check = _FullDeckCheck.start(raw_game, "raw")
    if check is None:
        return None
    run = check.run
    wanted = set(points)
    left = set(wanted)  # the points not seen yet: a step passes the filter only for one of them
    meets = _reading_filter(check, left)
    for i in range(games):
        if not left or run.bounded:
            break
        for n, (state, action, _) in enumerate(playout(game, seed + i, max_steps)):
            if not meets(state, action):
                continue
            if not check.step(state, action, ("playout", seed + i, n), max_situations):
                run.bounded = True
                break
            if left & run.ambiguities.keys():
                left = left - run.ambiguities.keys()  # a new set: the old filter keeps its own
                if not left:
                    break
                meets = _reading_filter(check, left)
        run.states_checked = i + 1
    run.states_total = games
    run.ambiguities = {p: e for p, e in run.ambiguities.items() if p in wanted}
    return check.finish()


def _reading_filter(check: _FullDeckCheck, points: set[str]) -> Any:
    """Whether a step can show one of the reading points ``points``: its question is not the same
    under every reading of the point. Steps whose question no reading changes cannot show the
    readings disagree, so :func:`check_reading_steps` spends its bound on the others.

    Two tests, the cheap one first: a clause that declares one of the points
    (``clause(..., readings=...)``) asks it in the situation (that clause alone evaluated, not the
    whole question), or, for a point the specification lets shared helpers ask
    (``Spec.shared_readings``), its test of where it can be asked holds; then
    :func:`_reading_changes`: a clause that asks the point says something else under another of its
    readings. The first is exact because a point is asked only by the clauses that declare it, or
    where its shared test holds (the check refuses anything else,
    :func:`rulecheck.core.spec.check_declared`), and a clause that does not ask it takes the same
    path under every reading. A point that no clause declares and no test covers skips the first
    test."""
    spec, bridge, game = check.spec, check.bridge, check.game
    rules = [(cl, p) for p in sorted(points) for cl in spec.clauses if p in cl.readings]
    shared = [spec.shared_readings[p] for p in sorted(points) if p in spec.shared_readings]
    situate = getattr(bridge, "situation_in", None)
    first = {p for _, p in rules} | (points & spec.shared_readings.keys()) == points
    seen: dict[Any, bool] = {}  # by situation: the same one recurs in many games

    def declares(sit: Any) -> tuple[bool, _LazyOutcome]:
        # each declaring clause under the default readings: one that does not ask its point there
        # takes the same path under every reading of it. Also the outcome, if a clause built it
        # (the second test needs it too)
        kind = getattr(type(sit), "kind", None)
        reader = Reader(spec, {})
        view = View(sit, reader)
        out = _LazyOutcome(spec, view)
        if any(may_ask(sit) for may_ask in shared):
            return True, out
        for cl, point in rules:
            if cl.kinds is not None and kind not in cl.kinds:
                continue
            reader.asked = set()
            cl.fn(view, out)
            if point in reader.asked:
                return True, out
        return False, out

    def meets(state: Any, action: Any) -> bool:
        if not bridge.applies(state):
            return False
        sit, _ = situate(game, state, action) if situate is not None else bridge.situation(state, action)
        found = seen.get(sit)
        if found is None:
            if len(seen) >= _MEETS_MEMO:
                seen.clear()
            if first:
                asks, out = declares(sit)
                found = asks and _reading_changes(spec, sit, points, out.built())
            else:
                found = _reading_changes(spec, sit, points)
            seen[sit] = found
        return found

    return meets


def _reading_changes(spec: Spec, sit: Any, points: set[str], built: tuple[Any, set[str]] | None = None) -> bool:
    """Whether another reading of one of ``points`` changes what a clause says in ``sit`` (its
    constraint, or the outcome variables it names or requires), so that the question is another
    one. Every applicable clause is evaluated once under the default readings, each recording the
    reading points it asks; only those that ask one of ``points`` are evaluated again, under each
    other reading of it. The outcome is built once per reading (under the default readings, it
    may be given: ``built``, the outcome and the points building it asked); one that asks a point
    itself (its variables could differ) counts as a change, and so does a principle that asks one
    (a shared point: principles read what the clauses said, and may ask only those)."""
    reader = Reader(spec, {})
    view = View(sit, reader)
    if built is None:
        out = spec.outcome(view)
        built = out, reader.asked
    out = built[0]
    if built[1] & points:
        return True
    kind = getattr(type(sit), "kind", None)
    varied: dict[tuple[str, str], tuple[View, Any]] = {}
    shared = points & spec.shared_readings.keys()
    touched: set[str] = set()
    named: set[tuple[str, str]] = set()
    when: dict[str, list[Any]] = {}
    for cl in spec.clauses:
        if cl.kinds is not None and kind not in cl.kinds:
            continue
        reader.asked = set()
        out.touched, out.named, out.when = set(), set(), {}
        c = cl.fn(view, out)
        if shared:
            touched |= out.touched
            named |= out.named
            add_when(when, out.when)
        asked = sorted(reader.asked & points)
        if not asked:
            continue
        said = _said(c, out)
        for point in asked:
            for option, _ in spec.readings[point].options[1:]:
                other = varied.get((point, option))
                if other is None:
                    v = View(sit, Reader(spec, {point: option}))
                    other = varied[(point, option)] = (v, spec.outcome(v))
                if _says(cl, *other) != said:
                    return True
    if shared:
        # every clause says the same under each reading: so does a principle that does not ask
        # one of the points (it reads what they said); one that asks one may not
        out.touched, out.named, out.when = touched, named, when
        view.mentioned = set(touched)
        for p in spec.principles:
            reader.asked = set()
            p.fn(view, out)
            if reader.asked & shared:
                return True
    return False


def _says(cl: Any, view: View, out: Any) -> tuple[Any, ...]:
    """What clause ``cl`` says in a situation: its constraint (or parts), as SMT-LIB text, and the
    outcome variables it names and requires and the conditions under which it sets one (what the
    frame principles read of it)."""
    out.touched, out.named, out.when = set(), set(), {}
    return _said(cl.fn(view, out), out)


def _said(c: Any, out: Any) -> tuple[Any, ...]:
    """:func:`_says` of a clause's result ``c``, evaluated with ``out`` just before."""
    text = tuple(sorted((k, smt(v)) for k, v in c.items())) if isinstance(c, dict) else (None if c is None else smt(c))
    when = tuple(sorted((k, tuple(smt(x) for x in v)) for k, v in out.when.items()))
    return text, frozenset(out.touched), frozenset(out.named), when


_MEETS_MEMO = 50_000
"""How many situations :func:`_reading_filter` remembers its answer for (then it starts again)."""


class _LazyOutcome:
    """A situation's outcome variables, built only when a clause first uses them: most clauses
    decide from the situation's facts alone that they do not apply, and building the outcome
    (its domains, under every reading) costs more than asking them."""

    def __init__(self, spec: Spec, view: View) -> None:
        self._spec, self._view, self._built = spec, view, None
        self._asked: set[str] = set()

    def _outcome(self) -> Any:
        if self._built is None:
            reader = self._view.reading
            saved, reader.asked = reader.asked, set()
            try:
                self._built = self._spec.outcome(self._view)
            finally:
                self._asked, reader.asked = reader.asked, saved | reader.asked
        return self._built

    def built(self) -> tuple[Any, set[str]] | None:
        """The outcome, if a clause built it, and the reading points building it asked."""
        return None if self._built is None else (self._built, self._asked)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._outcome(), name)

    def __getitem__(self, name: str) -> Any:
        return self._outcome()[name]


def playout_witness(game: Any, seed: int, step: int) -> list[Any]:
    """The actions of seeded game ``seed`` up to and including its step ``step``."""
    from rulecheck.check.stats import playout

    return [a for _, a, _ in (x for x, _ in zip(playout(game, seed, step + 1), range(step + 1), strict=False))]


def _check_step(run: SpecRun, spec: Spec, bridge: ModuleType, game: Any, choices: Mapping[str, str | None],
                complete: bool, state: Any, action: Any, node: Any, seen: set[Any], cache: dict[Any, Any],
                situate: Any, max_situations: int | None) -> bool:
    """Check one step (False: it is a new situation past the bound, left unchecked)."""
    rk = bridge.raw_key(state, action)
    if rk in seen:
        run.steps += 1
        return True
    sit, new = situate(game, state, action) if situate is not None else bridge.situation(state, action)
    if max_situations is not None and len(cache) >= max_situations and sit not in cache:
        return False
    seen.add(rk)
    run.steps += 1
    if complete:
        _check_ruled(run, spec, bridge, game, choices, state, action, sit, new, node, cache)
    else:
        _check_raw(run, spec, bridge, game, state, action, sit, new, node, cache)
    return True


def check_examples(game_name: str) -> SpecRun | None:
    """The determinacy check over every step of the game's worked examples (each played in its
    own configuration and ruleset, as :mod:`rulecheck.scenarios` replays them): the book's own
    situations, verified against the text. None if the game has no specification or no example."""
    from rulecheck.core.errors import RulecheckError
    from rulecheck.core.game import action_from_json
    from rulecheck.games import load_game
    from rulecheck.scenarios import _deal_action, scenarios_for

    mods = spec_modules(game_name)
    if mods is None:
        return None
    spec_mod, bridge = mods
    situate = getattr(bridge, "situation_in", None)
    run = SpecRun("examples")
    t0 = time.monotonic()
    _fresh()
    for sc in scenarios_for(game_name):
        game = load_game(sc.game, sc.variant, sc.players, sc.ruleset, sc.deck)
        choices: Mapping[str, str | None] = game._choices
        complete = all(v is not None for v in choices.values())
        seen: set[Any] = set()
        cache: dict[Any, Any] = {}
        try:
            state = game.apply(game.root_state(), _deal_action(game, sc.deal)).state
            for raw in sc.actions:
                action = action_from_json(list(raw))
                if bridge.applies(state):
                    _check_step(run, spec_mod.SPEC, bridge, game, choices, complete, state, action, -1, seen,
                                cache, situate, None)
                state = game.apply(state, action).state
        except RulecheckError:
            continue  # an example the engine refuses is the scenarios' own finding
        run.situations += len(cache)
    run.seconds = time.monotonic() - t0
    return run if run.steps else None


def _entry(node: Any, action: Any, sit: Any, **extra: Any) -> dict[str, Any]:
    from rulecheck.core.game import action_to_json

    text = sit.describe() if hasattr(sit, "describe") else repr(sit)
    return {"node": node, "action": action_to_json(action), "situation": text,
            "situation_kind": _kind_label(sit), **extra}


@dataclass(frozen=True)
class _Text:
    """What the text says of one situation, under every reading tried.

    ``verdicts`` holds the full verdict of each reading; it is empty when the quick question
    (:func:`decides`) showed that every reading decides the step as one of the engine's outcomes,
    and :func:`_first_verdict` then asks for the default reading's verdict only if a finding needs it."""

    verdicts: tuple[tuple[tuple[tuple[str, str], ...], Verdict], ...]
    determined: bool  # every reading gives the same determined outcome
    want: Any  # that outcome's comparison key (None unless determined)
    differing: tuple[str, ...]  # reading points whose readings give another verdict
    kind: str  # the default reading's verdict: determined, gap or conflict
    principles: tuple[str, ...]  # the principles the default reading's verdict used


def _read_full(spec: Spec, sit: Any) -> tuple[_Text, int]:
    verdicts, calls = _text(spec, sit)
    first = verdicts[0][1]
    fk = (first.kind, repr(_key(spec, first)))
    differing = tuple(sorted({next(iter(r)) for r, v in verdicts[1:] if (v.kind, repr(_key(spec, v))) != fk}))
    determined = first.kind == "determined" and not differing
    return _Text(tuple((tuple(sorted(r.items())), v) for r, v in verdicts), determined,
                 _key(spec, first) if determined else None, differing, first.kind, first.principles), calls


def _read(spec: Spec, sit: Any, keys: list[Any]) -> tuple[_Text, int]:
    """What the text says of ``sit``: first the quick question for each of the engine's outcomes
    (does every reading decide the step as that outcome?), then, if none is, every reading's verdict."""
    if len(keys) == 1 and spec.key_term is not None:
        k = keys[0]
        d = decides(spec, sit, k)
        if d.decided and _every_reading_decides(spec, sit, k, d.asked):
            return _Text((), True, k, (), "determined", d.principles), 1 + len(_readings_to_try(spec, set(d.asked)))
    elif spec.key_term is not None:
        # several outcomes (the engine's under each ruling option): one full question under the
        # default readings says which outcome the text allows, or that it leaves it open, where a
        # quick question per outcome would build the same question once for each
        first, asked = determinacy(spec, sit)
        if first.kind == "determined":
            k = _key(spec, first)
            if _every_reading_decides(spec, sit, k, frozenset(asked)):
                return _Text((), True, k, (), "determined", first.principles), len(_readings_to_try(spec, asked))
    text, more = _read_full(spec, sit)
    return text, more


def _every_reading_decides(spec: Spec, sit: Any, key: Any, asked: frozenset[str]) -> bool:
    """Whether every varied reading (each asked reading point alone) decides ``sit`` as ``key`` too."""
    return all(decides(spec, sit, key, readings=r).decided for r in _readings_to_try(spec, set(asked))[1:])


def _first_verdict(spec: Spec, sit: Any, text: _Text) -> Verdict:
    return text.verdicts[0][1] if text.verdicts else determinacy(spec, sit)[0]


def _note(store: dict[str, dict[str, Any]], key: str, make: Any) -> None:
    """Keep the first witness of each kind: ``make()`` builds it only if ``key`` is new."""
    if key not in store:
        store[key] = make()


def _check_raw(run: SpecRun, spec: Spec, bridge: ModuleType, game: Any, state: Any, action: Any, sit: Any,
               new: dict[int, int], node: Any, cache: dict[Any, _Text]) -> None:
    leaves = [(opts, bridge.rename(k, new)) for opts, k in bridge.engine_outcomes(game, state, action)]
    impossible = getattr(bridge, "NOT_POSSIBLE", None)
    text = cache.get(sit)
    if text is None:
        text, calls = _read(spec, sit, sorted({k for _, k in leaves if k != impossible}, key=repr))
        cache[sit] = text
        run.solver_calls += calls
        run.determined += text.kind == "determined"
        run.gaps += text.kind == "gap"
        run.conflicts += text.kind == "conflict"
        for p in text.principles:
            run.principles[p] = run.principles.get(p, 0) + 1
    relevant = _relevant(leaves) | set(bridge.implicit_rulings(state, action))
    # a step the engine does not offer under some options: those options decide that it happens,
    # but they are no outcome of it
    leaves = [(o, k) for o, k in leaves if k != impossible]
    for r in relevant:
        run.ruling_relevant[r] = run.ruling_relevant.get(r, 0) + 1
    for point in text.differing:
        _note(run.ambiguities, point, lambda point=point: _entry(node, action, sit, readings=[
            {"reading": dict(rr) or "default", "verdict": vv.to_json()} for rr, vv in text.verdicts],
            settled_by=_settled_by(spec, game, sit, point)))
    if text.determined:
        want = text.want
        if not relevant:
            wrong = sorted({k for _, k in leaves if k != want}, key=repr)
            if wrong:
                _note(run.disagreements, "raw:" + _kind_label(sit), lambda: _entry(
                    node, action, sit, text=_first_verdict(spec, sit, text).to_json(),
                    engine=sorted({repr(k) for _, k in leaves}), core=list(_broken(spec, sit, wrong[0]))))
        else:
            for r in sorted(relevant):
                _note(run.answered_examples, r,
                      lambda: _entry(node, action, sit, text=_first_verdict(spec, sit, text).to_json()))
            for r, o in _contradicting(leaves, relevant, want):
                per = run.ruling_contradicts.setdefault(r, {})
                per[o] = per.get(o, 0) + 1
        return
    first = text.verdicts[0][1]
    for r in sorted(relevant):
        answer = _answers_alone(spec, sit, first, text, leaves, r, impossible, run)
        if answer is None:
            run.ruling_open[r] = run.ruling_open.get(r, 0) + 1
            continue
        # the text is open here, but not on this ruling point's question: it allows the engine's
        # outcome under one of its options only
        _note(run.answered_examples, r, lambda: _entry(node, action, sit, text=first.to_json()))
        for o in answer:
            per = run.ruling_contradicts.setdefault(r, {})
            per[o] = per.get(o, 0) + 1
    kind = "ambiguity" if first.kind == "determined" else first.kind
    _note(run.open_kinds, f"{kind}:{_kind_label(sit)}",
          lambda: _entry(node, action, sit, verdict=first.to_json(), rulings=sorted(relevant)))
    if not relevant:
        # where the default reading decides, the readings of the points in ``differing`` part: the
        # engine picks one of them without asking, and the finding says which sentence and how
        parted = {"points": list(text.differing), "readings": [
            {"reading": dict(rr) or "default", "verdict": vv.to_json()} for rr, vv in text.verdicts
            if not rr or next(iter(dict(rr))) in text.differing]} if text.differing else {}
        _note(run.silent, _silent_key(first, sit), lambda: _entry(
            node, action, sit, verdict=first.to_json(), engine=sorted({repr(k) for _, k in leaves}), **parted))


def _settled_by(spec: Spec, game: Any, sit: Any, point: str) -> dict[str, Any]:
    """Whether the errata settle reading point ``point`` where its readings part (``sit``): with
    every ruling point's recommended option as one more constraint (the rulebook as the errata
    amend it), the readings give one verdict (:func:`_readings_under`). The errata leave an
    ambiguity out only where this is shown, not because someone judged two questions the same."""
    choices = {rid: rp.recommended for rid, rp in game.ruling_points.items()}
    return _readings_under(spec, game, sit, point, choices, "recommended")


def _readings_under(spec: Spec, game: Any, sit: Any, point: str, choices: Mapping[str, str | None],
                    ruleset: str, default: Any = None, names: bool = True) -> dict[str, Any]:
    """The readings of ``point`` in ``sit`` under ``choices``' ruling constraints: ``settled`` if
    they give one verdict (kind and outcome), a reading the new text contradicts being excluded by
    it (:func:`_excluded_by`) and one reading at least left; ``readings``: each one's verdict kind,
    or ``excluded by`` the options that exclude it; ``claimed``: the ruling points whose errata say
    they answer this question (``publish.settles``); ``ruleset``: whose options.

    ``default``: the outcome key the constraints are already known to decide under the default
    readings (:func:`decides`), so its verdict is not asked again. ``names=False``: an excluded
    reading is ``excluded`` without naming the options (naming asks the solver once per option in
    the core), for a caller that needs only ``settled``."""
    reading = spec.readings.get(point)
    claimed = sorted(rid for rid, rp in game.ruling_points.items() if point in rp.publish.settles)
    verdicts: dict[str, str] = {}
    kept: set[tuple[str, str]] = set()
    if reading is None:
        return {"settled": False, "readings": verdicts, "claimed": claimed, "ruleset": ruleset}
    for rid, _ in reading.options:
        if rid == reading.default and default is not None:
            kept.add(("determined", repr(default)))
            verdicts[rid] = "determined"
            continue
        r = {} if rid == reading.default else {point: rid}
        v, _ = determinacy(spec, sit, readings=r, choices=choices, principles_used=False)
        by = _excluded_by(spec, sit, r, choices, v, names)
        if by:
            verdicts[rid] = "excluded by " + ", ".join(by) if names else "excluded"
            continue
        kept.add((v.kind, repr(_key(spec, v))))
        verdicts[rid] = v.kind
    return {"settled": len(kept) == 1, "readings": verdicts, "claimed": claimed, "ruleset": ruleset}


def _excluded_by(spec: Spec, sit: Any, readings: Mapping[str, str], choices: Mapping[str, str | None],
                 v: Verdict, names: bool = True) -> list[str]:
    """The ruling options that exclude a reading in ``sit`` (its verdict under ``choices``: ``v``):
    the text alone read so is no conflict, with the options it is one. Named are the options
    without which it is no longer a conflict (an unsat core need not be the smallest), or every
    option in the core if no one alone lifts it (``names=False``: every option in the core, the
    solver not asked which are needed). Empty: not excluded."""
    by = sorted(c.partition(":")[2] for c in v.core if c.startswith("ruling:"))
    if v.kind != "conflict" or not by:
        return []
    if determinacy(spec, sit, readings=readings, principles_used=False)[0].kind == "conflict":
        return []  # the text itself, read so, is contradictory: no new text excludes it
    if not names:
        return by
    needed = [o for o in by if determinacy(spec, sit, readings=readings, choices={**choices, o.split("=")[0]: None},
                                           principles_used=False)[0].kind != "conflict"]
    return needed or by


def _readings_ruled(run: SpecRun, spec: Spec, game: Any, choices: Mapping[str, str | None], sit: Any, key: Any,
                    asked: Iterable[str], node: Any, action: Any) -> None:
    """Under a complete ruleset, a situation its options and the clauses decide as ``key``: does
    every other reading of a point the clauses asked decide it so too? Where one does not (and the
    new text does not exclude it), the rules as the ruleset amends them are still ambiguous here:
    an ambiguity whose ``settled`` is false, which the errata then publish on its own. One such
    witness per reading point and run."""
    for r in _readings_to_try(spec, set(asked))[1:]:
        point = next(iter(r))
        if point in run.ambiguities:
            continue
        run.solver_calls += 1
        run.reread += 1
        if decides(spec, sit, key, readings=r, choices=choices).decided:
            continue
        if _readings_under(spec, game, sit, point, choices, run.ruleset, default=key, names=False)["settled"]:
            continue
        under = _readings_under(spec, game, sit, point, choices, run.ruleset)
        run.ambiguities[point] = _entry(node, action, sit, settled_by=under, readings=[
            {"reading": rr or "default", "verdict": determinacy(spec, sit, readings=rr, choices=choices,
                                                                 principles_used=False)[0].to_json()}
            for rr in ({}, r)])


def _answers_alone(spec: Spec, sit: Any, first: Verdict, text: _Text, leaves: list[tuple[dict[str, str], Any]],
                   ruling: str, impossible: Any, run: SpecRun) -> list[str] | None:
    """In a situation the text leaves open (a gap, or readings that part), whether it still answers
    ``ruling``'s own question, under every reading: it allows the engine's outcome under exactly one
    of the ruling's options (in what the ruling decides: :func:`_decided_by`), and no outcome it
    allows differs from that option's in what the ruling decides. Returns the options it excludes,
    or None where the question itself is open (two or more options allowed, an allowed outcome
    that differs there, a conflict, readings that answer it differently, or no way to tell). Every
    part of the answer is a question to the solver, or the same answer read off an outcome the
    verdict found allowed (:func:`_answers_of`): never a conclusion drawn from which outcomes showed
    the gap, so it does not depend on which ones the solver found."""
    if spec.key_term is None or any(v.kind == "conflict" for _, v in text.verdicts) or \
            (first.kind != "gap" and not text.differing):
        return None
    by_option: dict[str, set[Any]] = {}
    for opts, k in leaves:
        if ruling in opts:
            by_option.setdefault(opts[ruling], set()).add(k)
    if len(by_option) < 2:
        return None
    decides = _decided_by(leaves, ruling, impossible)
    memo = (sit, ruling, tuple(sorted((o, tuple(sorted(ks, key=repr))) for o, ks in by_option.items())),
            tuple(sorted(map(repr, decides))))
    if memo not in _ANSWERS:
        if len(_ANSWERS) > 100_000:
            _ANSWERS.clear()
        found = None
        for rr, v in text.verdicts if text.differing else (((), first),):
            answer = _answers_of(spec, sit, by_option, decides, impossible, run, dict(rr), _shown(spec, v))
            if answer is None or found not in (None, answer):
                found = None
                break
            found = answer
        _ANSWERS[memo] = found
    found = _ANSWERS[memo]
    return None if found is None else list(found)


def _decided_by(leaves: list[tuple[dict[str, str], Any]], ruling: str, impossible: Any) -> set[Any]:
    """What ``ruling`` decides in the step: the facts and places on which the engine's outcomes
    differ between two of its options, every other ruling point both consulted answered the same
    (where another ruling point is also open in the step, what that one decides is not this one's
    question; one consulted under one option only is part of what the option does). Where
    no two outcomes pair up so, every fact and place on which any two of its options' outcomes
    differ."""
    memo = (tuple((tuple(sorted(a.items())), ka) for a, ka in leaves), ruling, impossible)
    known = _DECIDED.get(memo)
    if known is not None:
        return set(known)
    if len(_DECIDED) > 100_000:
        _DECIDED.clear()
    _DECIDED[memo] = found = frozenset(_decided(leaves, ruling, impossible))
    return set(found)


_DECIDED: dict[Any, frozenset[Any]] = {}


def _decided(leaves: list[tuple[dict[str, str], Any]], ruling: str, impossible: Any) -> set[Any]:
    paired: set[Any] = set()
    for (a, ka), (b, kb) in combinations(leaves, 2):
        if impossible is not None and impossible in (ka, kb):
            continue
        if a.get(ruling) not in (None, b.get(ruling)) and ruling in b and \
                all(a[r] == b[r] for r in (a.keys() & b.keys()) - {ruling}):
            paired |= _aspects(ka, kb)
    if paired:
        return paired
    keys = [k for opts, k in leaves if ruling in opts and (impossible is None or k != impossible)]
    return set().union(*(_aspects(a, b) for a, b in combinations(keys, 2)))


_ANSWERS: dict[Any, tuple[str, ...] | None] = {}


def _shown(spec: Spec, v: Verdict) -> tuple[Any, ...]:
    """The comparison keys of the outcomes a verdict found allowed (none for a conflict)."""
    return tuple(spec.key(dict(o)) for o in (v.outcome, v.other) if o)


def _agrees(a: Any, b: Any, like: frozenset[Any] | None) -> bool:
    """Whether two comparison keys agree in ``like`` (fact names and places; None: in everything)."""
    return a == b if like is None else not (_aspects(a, b) & like)


def _answers_of(spec: Spec, sit: Any, by_option: dict[str, set[Any]], decides: set[Any], impossible: Any,
                run: SpecRun, readings: Mapping[str, str] | None = None,
                shown: tuple[Any, ...] = ()) -> tuple[str, ...] | None:
    # the options whose outcome the text allows, in what the ruling point decides (elsewhere the
    # text may rule out every option's outcome: another ruling point's question): the question is
    # answered if exactly one is. An outcome the verdict under these readings already found allowed
    # (``shown``) answers "allowed" for the keys it agrees with there, without asking again: the
    # same answer the solver gives, so the result does not depend on which outcomes it found
    like = None if "*" in decides else frozenset(decides)
    allowed: dict[str, Any] = {}
    for option, keys in sorted(by_option.items()):
        if len(allowed) > 1:
            return None  # two options allowed: the question is open, whatever the others say
        if impossible in keys:
            allowed[option] = impossible
            continue
        found = next((k for k in sorted(keys, key=repr)
                      if any(_agrees(k, s, like) for s in shown) or _allows(spec, sit, k, run, like, readings)), None)
        if found is not None:
            allowed[option] = found
    if len(allowed) != 1:
        return None
    (option, key), = allowed.items()
    # ... and the text is not open on what the ruling point decides (the facts and places on
    # which its options' outcomes differ): no allowed outcome differs from that option's there.
    # Asked of the solver, so the answer does not depend on which two outcomes showed the gap
    # (a step the engine does not offer under some option has no outcome to compare with there)
    excluded = tuple(o for o in sorted(by_option) if o != option)
    if impossible is not None and key == impossible:
        return excluded
    run.solver_calls += 1
    return None if allows_unlike(spec, sit, key, None if "*" in decides else decides, readings) else excluded


def _aspects(a: Any, b: Any) -> set[Any]:
    """The facts (by name) and places on which two comparison keys differ. A key is a tuple of
    (name, value) facts and (place, cards) entries (Chomp!), or of (name, value) pairs."""
    if not isinstance(a, tuple) or not isinstance(b, tuple):
        return {"*"} if a != b else set()
    da, db = _as_map(a), _as_map(b)
    return {k for k in da.keys() | db.keys() if da.get(k) != db.get(k)}


def _as_map(key: tuple[Any, ...]) -> dict[Any, Any]:
    out: dict[Any, Any] = {}
    for item in key:
        if isinstance(item, tuple) and len(item) == 2:
            out[item[0]] = item[1]
        else:
            out[item] = True
    return out


def _allows(spec: Spec, sit: Any, key: Any, run: SpecRun, aspects: frozenset[Any] | None = None,
            readings: Mapping[str, str] | None = None) -> bool:
    """Whether the clauses (default readings, or ``readings``; no ruling) allow the outcome ``key``
    in ``sit`` (with ``aspects``: an outcome that agrees with it on those facts and places)."""
    memo = (sit, key, aspects, tuple(sorted((readings or {}).items())))
    found = _ALLOWS.get(memo)
    if found is None:
        run.solver_calls += 1
        found = _ALLOWS[memo] = satisfies(spec, sit, key=key, aspects=aspects, readings=readings or None)[0]
        if len(_ALLOWS) > 100_000:
            _ALLOWS.clear()
    return found


_ALLOWS: dict[Any, bool] = {}


def _kind_label(sit: Any) -> str:
    """The situation's kind (a game's situation says it with ``label()``)."""
    return sit.label()


def _silent_key(v: Verdict, sit: Any) -> str:
    what = ",".join(sorted(d for d in v.differ if not d.startswith("card.")) or ["cards"]) if v.kind == "gap" \
        else ",".join(sorted({_clause_of(c) for c in v.core}))
    return f"{v.kind}:{_kind_label(sit)}:{what}"


def _clause_of(name: str) -> str:
    """A tracked name without the card it is about: ``en.tie.5[card.aside-tie.P2.eel.0]`` is
    ``en.tie.5``, ``es.doble-chomp.3[en.ink-out.5:card.table.P2.seal.0]`` is
    ``es.doble-chomp.3[en.ink-out.5]`` (one silent decision, whichever card shows it)."""
    base, _, part = name.partition("[")
    if not part or part.startswith("card."):
        return base
    inner = part.rstrip("]").split(":card.")[0]
    return f"{base}[{inner}]"


def _check_ruled(run: SpecRun, spec: Spec, bridge: ModuleType, game: Any, choices: Mapping[str, str | None],
                 state: Any, action: Any, sit: Any, new: dict[int, int], node: Any, cache: dict[Any, Any]) -> None:
    (_, engine), = bridge.engine_outcomes(game, state, action)
    engine = bridge.rename(engine, new)
    got = cache.get(sit)
    if got is None and spec.key_term is not None:
        # the quick question first: do the clauses and the ruleset allow the engine's outcome, and
        # only it? (two solver checks; the full verdict only where the answer is no)
        run.solver_calls += 1
        decision = decides(spec, sit, engine, choices=choices)
        if decision.decided:
            cache[sit] = _Decided(engine)
            run.determined += 1
            run.verified += 1
            _readings_ruled(run, spec, game, choices, sit, engine, decision.asked, node, action)
            return
    if isinstance(got, _Decided):
        if got.key == engine:
            run.verified += 1
            return
        got = None  # the same situation, another engine outcome: the full verdict says which is right
    asked: set[str] = set()
    if got is None:
        v, asked = determinacy(spec, sit, choices=choices)
        run.solver_calls += 1
        if sit not in cache:
            run.determined += v.kind == "determined"
            run.gaps += v.kind == "gap"
            run.conflicts += v.kind == "conflict"
        cache[sit] = v
    v = cache[sit]
    if v.kind != "determined":
        _note(run.silent, _silent_key(v, sit),
              lambda: _entry(node, action, sit, verdict=v.to_json(), engine=[repr(engine)]))
        return
    want = spec.key(dict(v.outcome))
    if engine == want:
        run.verified += 1
        _readings_ruled(run, spec, game, choices, sit, engine, asked, node, action)
        return
    key = f"{run.ruleset}:{_kind_label(sit)}"
    if key not in run.disagreements:
        run.disagreements[key] = _entry(node, action, sit, text=v.to_json(), engine=repr(engine),
                                        core=list(_broken(spec, sit, engine, choices)))


@dataclass(frozen=True)
class _Decided:
    """A situation whose outcome the clauses and the ruleset decide, and it is ``key``."""

    key: Any


def _broken(spec: Spec, sit: Any, engine: Any, choices: Mapping[str, str | None] | None = None) -> tuple[str, ...]:
    """The clauses (and ruling options) the engine's outcome breaks: an unsat core."""
    if spec.key_term is None:
        return ()
    return satisfies(spec, sit, key=engine, choices=choices)[1]


# --------------------------------------------------------------------------- findings

def _witness_of(res: ExploreResult, entry: Mapping[str, Any]) -> Any:
    from rulecheck.check.detectors import _witness  # (detectors imports this module's results only)
    from rulecheck.core.errors import RulecheckError
    from rulecheck.core.game import action_from_json

    path = res.path_to(entry["node"])
    action = action_from_json(entry["action"])
    try:
        prefix, _ = res.lift(path, exact_end=True) if len(path) > 1 else ([], None)
    except RulecheckError:  # the stored state itself is not reached: the same step elsewhere in its class
        try:
            prefix, state = res.lift(path)
            action = _same_step(res, entry, state, action)
        except RulecheckError:
            return None
    actions = [*prefix, action]
    return _witness(res, actions, len(actions) - 1)


def _same_step(res: ExploreResult, entry: Mapping[str, Any], state: Any, action: Any) -> Any:
    """The action at ``state`` (a concrete state of the class of ``entry``'s node, as a replay
    from the root reaches it) that makes the same step as ``action`` at the stored state: under a
    symmetry reduction the two may differ by the players' or the cards' names, so the action is
    the one that leads into the same class with the same situation (as the check described it),
    else the first that leads into the same class (the same step up to the reduction's symmetry)."""
    from rulecheck.core.errors import RulecheckError

    node = entry["node"]
    stored = res.states[node]
    if state == stored:
        return action
    dst = res.node_of(res.game.apply_unchecked(stored, action).state)
    mods = spec_modules(res.game.name)
    if dst is not None and mods is not None:
        bridge = mods[1]
        situate = getattr(bridge, "situation_in", None)
        candidates = [a for a, _ in res._candidates(state, node, dst)]
        for a in candidates:
            sit, _ = situate(res.game, state, a) if situate is not None else bridge.situation(state, a)
            if (sit.describe() if hasattr(sit, "describe") else repr(sit)) == entry["situation"]:
                return a
        if candidates:
            return candidates[0]
    raise RulecheckError(f"no step at the replayed state matches {action!r} at state {node}")


def _verdict_text(v: Mapping[str, Any]) -> str:
    if v["kind"] == "conflict":
        return "the clauses contradict each other: " + ", ".join(v["core"])
    if v["kind"] == "gap":
        diff = [f"{d} ({dict(v['outcome']).get(d)} or {dict(v['other']).get(d)})" for d in v["differ"]]
        return "the text allows two outcomes, differing in " + "; ".join(diff)
    return "the text decides: " + ", ".join(f"{k}={x}" for k, x in sorted(dict(v["outcome"]).items())
                                           if not k.startswith("card."))


def spec_findings(res: ExploreResult, run: SpecRun) -> list[Any]:
    """The determinacy check's own findings for one search: silent decisions, disagreements
    between the engine and the text (or the ruleset), and ambiguities between readings."""
    return _findings(res.game, res.config.to_json(), res.complete, run, lambda e: _witness_of(res, e), ["spec"])


def playout_findings(game: Any, config: Any, run: SpecRun) -> list[Any]:
    """The findings of :func:`check_playouts` on ``config``'s seeded full-deck games (witnesses
    replay the game up to the step). Seeded games are a sample, never an exhaustive search: what
    they show is real (its witness replays) but not verified exhaustively (``verified`` false)."""
    from rulecheck.core.game import action_to_json
    from rulecheck.findings import Witness

    def witness(e: Mapping[str, Any]) -> Any:
        _, seed, step = e["node"]
        actions = playout_witness(game, seed, step)
        return Witness(config.to_json(), tuple(action_to_json(a) for a in actions), len(actions) - 1)

    return _findings(game, config.to_json(), False, run, witness, ["spec", "playouts"])


def _findings(game: Any, cfg: Any, complete: bool, run: SpecRun, witness_of: Any, detected_by: list[str]) -> list[Any]:
    from rulecheck.findings import Finding, finding_id

    out = []
    mods = spec_modules(game.name)
    readings = mods[0].SPEC.readings if mods else {}
    for key, e in sorted(run.silent.items()):
        v = e["verdict"]
        parted = [readings[p] for p in e.get("points", ()) if p in readings]
        if parted:
            # the default reading decides, another reading of a sentence decides otherwise
            what = "; ".join(f"{r.question} ({r.clause}, reading point {r.id})" for r in parted)
            said = (f"the sentence can be read in more than one way, and here the readings give different "
                    f"results: {what}: {_readings_text(e['readings'])}")
            title = (f"Silent decision: the model settles how {', '.join(r.clause for r in parted)} is read "
                     f"({e['situation_kind']})")
        else:
            said = _verdict_text(v)
            title = f"Silent decision: the model settles what the text leaves open ({e['situation_kind']})"
        applied = tuple(c.split("[")[0] for c in (v.get("core") or v.get("applied") or ()))
        out.append(Finding(
            id=finding_id(game.name, "silent-decision", f"{run.ruleset}.{key}"), game=game.name,
            kind="silent-decision", severity="high", title=title,
            detail=(f"In this situation {said}, but the engine (ruleset {run.ruleset!r}) consults no "
                    f"ruling point whose answer decides it: it decides alone. Situation: {e['situation'].rstrip('.')}. "
                    f"Engine outcome: {e['engine']}."),
            clauses=tuple(dict.fromkeys((*(r.clause for r in parted), *applied))),
            configs=(cfg,), witness=witness_of(e), verified=complete, source="spec",
            data={"detected_by": detected_by, "verdict": v,
                  **({"reading": parted[0].id, "readings": [r.id for r in parted]} if parted else {})}))
    for key, e in sorted(run.disagreements.items()):
        out.append(Finding(
            id=finding_id(game.name, "disagreement", key), game=game.name, kind="disagreement", severity="critical",
            title="The engine does not do what the text (and the ruleset) requires",
            detail=(f"Situation: {e['situation'].rstrip('.')}. {_verdict_text(e['text'])}. "
                    f"The engine's outcome: {e['engine']}"
                    + (f", which breaks {', '.join(e['core'])}." if e.get("core") else ".")),
            clauses=tuple(dict.fromkeys(c.split("[")[0] for c in e.get("core") or e["text"].get("applied", ()))),
            configs=(cfg,),
            witness=witness_of(e), verified=complete, source="spec",
            data={"detected_by": detected_by, "text": e["text"]}))
    for point, e in sorted(run.ambiguities.items()):
        r = readings.get(point)
        options = "; ".join(f"'{rid}': {text}" for rid, text in r.options) if r else ""
        lines = _readings_text(e["readings"])
        out.append(Finding(
            id=finding_id(game.name, "ambiguity", point.split(".")[-1]), game=game.name, kind="ambiguity",
            severity="medium", title=f"Ambiguity: {r.question if r else point}",
            detail=(f"The clause {r.clause if r else '?'} can be read in more than one way ({options}), and in a "
                    f"reachable situation the readings give different results: {lines}. "
                    f"Situation: {e['situation'].rstrip('.')}.{_settled_text(e.get('settled_by'))}"),
            clauses=(r.clause,) if r else (), configs=(cfg,), witness=witness_of(e), verified=complete,
            source="spec", data={"detected_by": detected_by, "reading": point,
                                 **({"settled": e["settled_by"]} if e.get("settled_by") else {})}))
    return out


def _readings_text(readings: Sequence[Mapping[str, Any]]) -> str:
    """Each reading's verdict in words; where two readings both decide the step, what the later
    one decides otherwise than the first (the words name no card, so two outcomes that part only
    in where a card goes would read the same)."""
    out = []
    first = readings[0]["verdict"] if readings else None
    for x in readings:
        v = x["verdict"]
        text = _verdict_text(v)
        if first is not None and x is not readings[0] and v["kind"] == first["kind"] == "determined":
            a, b = dict(first["outcome"]), dict(v["outcome"])
            diff = [f"{k} ({a.get(k)} or {b.get(k)})" for k in sorted(set(a) | set(b)) if a.get(k) != b.get(k)]
            if diff:
                text += " (not the first reading's outcome: " + "; ".join(diff) + ")"
        out.append(f"{x['reading']}: {text}")
    return " / ".join(out)


def _settled_text(settled: Mapping[str, Any] | None) -> str:
    """What the errata (or the ruleset) do to an ambiguity at its witness (:func:`_readings_under`),
    in one sentence."""
    if not settled:
        return ""
    readings = "; ".join(f"'{rid}': {what}" for rid, what in settled["readings"].items())
    claimed = ", ".join(settled["claimed"])
    ruleset = settled.get("ruleset", "recommended")
    under = ("With the errata (every ruling point's recommended option)" if ruleset == "recommended"
             else f"Under ruleset {ruleset!r}")
    if settled["settled"]:
        return (f" {under} the readings no longer part here ({readings})"
                + (f"; {claimed} answers this question in its erratum." if claimed else "."))
    return (f" {under} the readings still part here ({readings})"
            + (f": {claimed} claims to answer this question in its erratum, and does not here." if claimed else "."))


# --------------------------------------------------------------------------- across searches

def ruling_statuses(runs: list[SpecRun]) -> dict[str, dict[str, Any]]:
    """Per ruling point, over the ``raw`` searches: in how many situations its answer decides
    the step, in how many of those the text is open, and the verdict: ``confirmed`` (the text is
    open somewhere the engine asks it) or ``answered by the text`` (it decides everywhere)."""
    out: dict[str, dict[str, Any]] = {}
    for run in runs:
        for r, n in run.ruling_relevant.items():
            e = out.setdefault(r, {"relevant": 0, "open": 0, "contradicting_options": {}, "example": None})
            e["relevant"] += n
            e["open"] += run.ruling_open.get(r, 0)
            for o, k in run.ruling_contradicts.get(r, {}).items():
                e["contradicting_options"][o] = e["contradicting_options"].get(o, 0) + k
            if e["example"] is None and r in run.answered_examples:
                ex = run.answered_examples[r]
                e["example"] = {"situation": ex["situation"], "answer": _verdict_text(ex["text"]) + "."}
    for e in out.values():
        e["status"] = "confirmed" if e["open"] else "answered by the text"
        e["contradicting_options"] = dict(sorted(e["contradicting_options"].items()))
    return dict(sorted(out.items()))


def _scope(doc: str) -> str:
    """The paragraph of a specification module's docstring that says what it specifies (the one
    that begins 'What is specified'), in plain words: without Sphinx roles and without a last
    sentence that only introduces a list."""
    import re

    para = next((p for p in doc.split("\n\n") if p.strip().startswith("What is specified")), "")
    text = re.sub(r":\w+:`~?([^`]+)`", r"\1", " ".join(para.split()))
    sentences = re.split(r"(?<=[.:])\s+(?=[A-Z])", text)
    while sentences and sentences[-1].endswith(":"):
        sentences.pop()
    return " ".join(sentences).removeprefix("What is specified: ")


def clause_coverage(game: str, spec: Spec) -> dict[str, Any]:
    """Every normative clause of the game's books: formalised (a clause function names it, or
    the English clause it is aligned to), or listed with the reason it is not, or missing."""
    from rulecheck.check.detectors import normative_clauses

    clauses = normative_clauses(game) or {}
    formal = spec.formalised()
    done, listed, missing = [], {}, []
    for cid, c in sorted(clauses.items()):
        if cid in formal or (c.aligned is not None and c.aligned in formal):
            done.append(cid)
        elif cid in spec.unformalised or (c.aligned is not None and c.aligned in spec.unformalised):
            listed[cid] = spec.unformalised.get(cid) or spec.unformalised[c.aligned]  # type: ignore[index]
        else:
            missing.append(cid)
    return {"normative": len(clauses), "formalised": len(done), "listed": listed, "missing": missing}


def _examples_summary(run: SpecRun) -> dict[str, Any]:
    def said(e: Mapping[str, Any], what: str) -> str:
        v = e.get("verdict") or e.get("text") or {}
        engine = e["engine"] if isinstance(e["engine"], list) else [e["engine"]]
        return f"{e['situation']} {what}: {_verdict_text(v)}; the engine: {', '.join(map(str, engine))}"

    return {
        "steps": run.steps, "situations": run.situations, "verified": run.verified,
        "disagreements": [said(e, "the text decides") for _, e in sorted(run.disagreements.items())],
        "open": [said(e, "under the example's ruleset") for _, e in sorted(run.silent.items())],
    }


def spec_summary(game: str, runs: list[tuple[Mapping[str, Any], str, SpecRun]],
                 statuses: Mapping[str, Mapping[str, Any]], examples: SpecRun | None = None) -> dict[str, Any]:
    """The specification's part of the audit report for one game (deterministic: no timings);
    ``examples``: the check over the worked examples (:func:`check_examples`)."""
    mods = spec_modules(game)
    assert mods is not None
    spec: Spec = mods[0].SPEC
    configs = []
    principles: dict[str, int] = {}
    for cfg, role, run in runs:
        j = run.to_json()
        configs.append({"config": dict(cfg), "role": role, **{k: j[k] for k in (
            "ruleset", "steps", "situations", "determined", "gaps", "conflicts", "verified",
            "silent_decisions", "disagreements", "complete", "states_checked", "states_total", "reread",
            "ambiguities")}})
        if role == "raw":
            for p, n in run.principles.items():
                principles[p] = principles.get(p, 0) + n
    return {
        "scope": _scope(mods[0].__doc__ or ""),
        "clauses": clause_coverage(game, spec),
        "principles": [{"id": p.id, "text": p.text, "decided": principles.get(p.id, 0)} for p in spec.principles],
        "readings": [{"id": r.id, "clause": r.clause, "question": r.question,
                      "options": [{"id": i, "text": t} for i, t in r.options]} for r in spec.readings.values()],
        "configurations": configs,
        "rulings": {k: dict(v) for k, v in statuses.items()},
        "silent_decisions": sum(c["silent_decisions"] for c in configs),
        "disagreements": sum(c["disagreements"] for c in configs),
        "verified": sum(c["verified"] for c in configs),
        "verified_situations": sum(c["situations"] for c in configs if c["role"] not in ("raw", "ruling steps")),
        "reread": sum(c["reread"] for c in configs),
        "reread_parting": sum(c["ambiguities"] for c in configs if c["ruleset"] != "raw"),
        "bounded": sum(not c["complete"] for c in configs),
        **({"examples": _examples_summary(examples)} if examples is not None else {}),
    }
