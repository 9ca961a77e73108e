"""The named symbolic queries per game, and :func:`run_symbolic_checks` for ``rulecheck audit``.

Chomp! Underwater War (the full 50-card deck, engine-step encoding
:mod:`.chomp_encoding`):

* ``ruling:<id>``: is there a deal and a sequence of choices reaching the ruling point within
  k steps? (BMC; the witness replays in the engine);
* ``over``, ``eel-race``, ``war``, ``short-war``, ``unable-to-play``: reachability (BMC);
* ``longest-chain``: the most turn-overs one round can take within k steps (a war /
  Octopus chain; BMC maximisation);
* ``deadlock``: no reachable state without a legal action (k-induction: for all depths);
* ``invariant:<name>``: ``collector-wins``, ``phase-has-moves``, ``total-50`` (k-induction);
  ``cards-conserved`` (every card of each kind in exactly one place): 1-induction by cases on the
  encoding with the piles as integer counts, their order forgotten (``int_counts``: it has every
  step of the ordered encoding and of the engine, so the proof holds for both), proved for all
  depths in about 25 s, with either option of ``chomp.two_player_won_cards`` (on the 50 ordered
  cells the step case had no answer after 10 minutes); ``collector-wins`` and ``phase-has-moves``
  are proved on that encoding too, ``total-50`` only on the ordered one;
* ``lasso``: an infinite play (a state repeated) within k steps; Chomp! need not end, so the
  strongest statement is a lasso witness or "no lasso within k steps";
* ``lasso-after-stem`` (ruleset with ``chomp.two_player_won_cards = bottom_of_pile``): an
  infinite play whose loop starts after ~100 steps, beyond the symbolic search from the deal:
  an engine stem from a seeded deal, then a Z3 lasso over every choice from its last state
  (:mod:`.uw_lasso`); the whole trace replays and the engine shows the repeated state.

Chomp rápido (:func:`.chomp_two_player.chomp_rapido`: Underwater War's encoding with the
rápido race for the lower card) has Underwater War's queries (ruling points ``RAPIDO_RULINGS``,
``rapido-race`` for the race itself; ``invariant:cards-conserved`` proved the same way, about 30 s).
Doble Chomp (:func:`.chomp_two_player.doble_chomp`: two
cards each, the 3+ player race machinery, piles as counts; ``DOBLE_RULINGS``, not
``two_player_won_cards = bottom_of_pile``) has the standard game's queries (``ink-out``,
``feeding-frenzy``, ``longest-chain`` of Ink Outs) and ``invariant:cards-conserved`` (proved for
all depths by cases in about 50 s, on the encoding with integer counts).

Chomp! 3+ player standard game (3 to 6 players, the full deck, piles as counts by kind:
:func:`.chomp_encoding.standard_game`; every ruling point it consults, with every option):

* ``ruling:<id>``: reach each ruling point the standard game consults (BMC; under ``raw`` a
  witness is a gap or conflict; the witness replays in the engine);
* ``ink-out``, ``feeding-frenzy``, ``over``, ``unable-to-play`` (a replay with nothing to play):
  reachability (BMC); ``invariant:collector-wins`` (k-induction); ``lasso``;
* ``invariant:cards-conserved``: every card in exactly one place, with the shape of reachable
  states (1-induction with the step case split into cases, :func:`.induction.induction_by_cases`,
  on the same encoding with integer counts, ``int_counts``: proved for all depths with 3, 4, 5 and
  6 players in about 80, 120, 200 and 500 s; with bit-vector counts only 3 players was proved, in
  750 s; see docs/BENCHMARKS.md);
* ``last-two``: two players are left and make their choice (count their cards, or switch to a
  2-player game: an action of theirs, en.ending.3); ``switch``: they switch to a 2-player game. The
  encoding ends there, so every query holds "up to the switch";
* ``longest-chain``: the longest chain of Ink Outs (consecutive Ink Out replays in one round)
  within k steps (BMC maximisation; the witness replays);
* ``deadlock``: every reachable state is terminal or has a legal action (k-induction).

Chonker Party, exact encoding :mod:`.chonker_exact` (the engine's transition relation on the
full deck, 2-6 players; engine actions plus micro-steps for the engine's recursive calls;
queries in :mod:`.chonker_checks`, witnesses decoded and replayed by :mod:`.chonker_decode`):

* ``ruling:<id>``: reach each of the 26 ruling points the engine's transitions consult
  (BMC; under ``raw`` a witness is a gap or conflict);
* ``over``, ``unable-to-play`` (a player whose turn it is to play holds no card): reachability;
* ``invariant:same-cards-left``: the book's claim cp.round.6 (known false: BMC finds a
  violation that replays);
* ``deadlock``: a non-terminal engine state with no legal action (BMC, bounded);
* ``stacked-chain``: the most draw-and-play action cards put down in a row in one turn
  (BMC maximisation);
* ``exact-admitted``: seeded engine playouts are paths of the exact encoding.

Chonker Party, card-flow encoding :mod:`.chonker_encoding` and phase machine:

* ``invariant:cards-conserved`` (k-induction, for all depths);
* ``plays-bounded``: the unplayed cards never increase and every play consumes one (proved
  for all transitions of the abstraction, which is checked against engine playouts);
* ``terminates``: every game ends (recommended ruleset): the phase machine
  :mod:`.chonker_phases` (the counts refined with the model's phases, War window, draw queue
  and pending shows) has an inductive invariant and a lexicographic ranking that Z3 proves
  >= 0 and decreasing on every step (for all depths);
* ``engine-admitted``: seeded engine playouts are admitted step by step by both encodings.

Every result says exactly what was proved (:meth:`.system.CheckResult.statement`).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import z3

from rulecheck.check.symbolic import chonker_phases
from rulecheck.check.symbolic.bmc import bmc, bmc_maximize
from rulecheck.check.symbolic.chomp_encoding import ChompEncoding, standard_game, underwater_war
from rulecheck.check.symbolic.chomp_two_player import chomp_rapido, doble_chomp
from rulecheck.check.symbolic.chonker_checks import exact_queries, run_exact_query
from rulecheck.check.symbolic.chonker_encoding import ChonkerEncoding, card_flow, check_engine_step
from rulecheck.check.symbolic.chonker_exact import exact_encoding
from rulecheck.check.symbolic.decode import replay_witness
from rulecheck.check.symbolic.induction import induction_by_cases, k_induction
from rulecheck.check.symbolic.lasso import lasso
from rulecheck.check.symbolic.system import CheckResult
from rulecheck.check.symbolic.uw_lasso import lasso_after_stem
from rulecheck.core.errors import InvalidConfigError
from rulecheck.core.rulings import Ruleset, load_ruleset
from rulecheck.games import game_parts, load_game

__all__ = ["DEFAULT_QUERIES", "SymbolicReport", "list_queries", "run_query", "run_symbolic_checks"]

DEFAULT_QUERIES: dict[str, tuple[str, ...]] = {
    g: tuple(queries) for g, queries in game_parts("plan", "SYMBOLIC_QUERIES").items()}
"""The queries run by default per game: each game's ``plan.SYMBOLIC_QUERIES``."""


@dataclass
class SymbolicReport:
    """The results of one configuration and the findings made from them."""

    config: dict[str, Any]
    results: list[CheckResult] = field(default_factory=list)
    findings: list[Any] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {
            "config": self.config,
            "results": [r.to_json() for r in self.results],
            "findings": [f.to_json() for f in self.findings],
        }


def _encoding(game: str, variant: str | None, players: int | None, ruleset: Ruleset) -> Any:
    if game == "chomp":
        v = variant or "underwater-war"
        if v == "standard":
            return standard_game(players or 3, ruleset)
        if v == "chomp-rapido":
            return chomp_rapido(ruleset)
        if v == "doble-chomp":
            return doble_chomp(ruleset)
        if v != "underwater-war":
            raise InvalidConfigError(f"no symbolic encoding of chomp variant {v!r}")
        return underwater_war(ruleset)
    if game == "chonker-party":
        n = players or 4
        g = load_game("chonker-party", None, n, ruleset)
        enc = card_flow(n, g.card_total())
        enc.ruleset = ruleset
        enc.exact = exact_encoding(n, ruleset)  # type: ignore[attr-defined]
        return enc
    raise InvalidConfigError(f"no symbolic encoding for game {game!r}")


def list_queries(game: str, variant: str | None = None, players: int | None = None,
                 ruleset: str | Ruleset = "recommended") -> list[str]:
    """Every query name available for the configuration."""
    rs = ruleset if isinstance(ruleset, Ruleset) else load_ruleset(game, ruleset)
    enc = _encoding(game, variant, players, rs)
    if isinstance(enc, ChompEncoding):
        names = [k for k in enc.targets]
        names += [f"invariant:{k}" for k in enc.invariants]
        extra = ["lasso-after-stem"] if enc.variant == "underwater-war" else []
        return [*names, "deadlock", "longest-chain", "lasso", *extra]
    return ([f"invariant:{k}" for k in enc.invariants] + ["plays-bounded", "terminates", "engine-admitted"]
            + exact_queries(enc.exact))


PROOF_WEIGHT = 3.0
"""How many shares of a configuration's time :func:`run_symbolic_checks` gives a proof by cases
(``invariant:cards-conserved`` of a Chomp! encoding): it is all or nothing, while a bounded search
given less time still reports the depth it reached."""


def _weight(name: str) -> float:
    return PROOF_WEIGHT if name == "invariant:cards-conserved" else 1.0


def _expand(names: Sequence[str], available: Sequence[str]) -> list[str]:
    out: list[str] = []
    for n in names:
        if n.endswith("*"):
            out += [a for a in available if a.startswith(n[:-1])]
        elif n in available:
            out.append(n)
        else:
            raise InvalidConfigError(f"unknown query {n!r}; queries: {', '.join(available)}")
    return out


def run_query(enc: Any, name: str, depth: int, budget_seconds: float | None,
              note: Callable[[str], None] | None = None) -> CheckResult:
    """One named query on an encoding; Chomp! witnesses are replayed in the engine. ``note``
    receives progress lines of a long proof (an invariant proved case by case)."""
    if isinstance(enc, ChonkerEncoding):
        return _chonker_query(enc, name, depth, budget_seconds)
    system = enc.system
    if name in enc.targets:
        desc, target = enc.targets[name]
        result = bmc(system, target, depth, query=name, budget_seconds=budget_seconds)
        result.meta["question"] = desc
    elif name.startswith("invariant:"):
        key = name.split(":", 1)[1]
        if enc.int_counts is not None:  # proved on the encoding with integer counts, where it has it
            ints = enc.int_counts()
            if key in ints.invariants:
                enc = ints
        desc, prop = enc.invariants[key]
        result = _prove_invariant(enc, prop, name, depth, budget_seconds, note)
        result.meta["question"] = desc
        result.meta["counts"] = enc.counts
        if enc.counts == "int":
            what = enc.system.meta.get("counts_note", "the encoding with integer counts")
            result.detail = f"on {what}: {result.detail}"
    elif name == "deadlock":
        desc, prop = enc.invariants["phase-has-moves"]
        result = k_induction(system, prop, min(depth, 4), query=name, budget_seconds=budget_seconds)
        result.meta["question"] = "a reachable non-terminal state with no legal action"
    elif name == "longest-chain" and enc.variant in ("standard", "doble-chomp"):
        result = bmc_maximize(system, lambda s: s["chain"], depth, query=name, budget_seconds=budget_seconds)
        result.meta["question"] = "the longest chain of Ink Outs (consecutive Ink Out replays in one round)"
    elif name == "longest-chain":
        result = bmc_maximize(system, lambda s: s["chain"], min(depth, 8), query=name, budget_seconds=budget_seconds)
        result.meta["question"] = "the most turn-overs in one round (a war / Octopus chain)"
    elif name == "lasso":
        result = lasso(system, depth, query=name, budget_seconds=budget_seconds)
        result.meta["question"] = "an infinite play: a state that repeats"
    elif name == "lasso-after-stem":
        return lasso_after_stem(enc, min(depth, 12), budget_seconds)  # replayed there
    else:
        raise InvalidConfigError(f"unknown query {name!r}")
    if result.witness is not None:
        result.attach_replay(replay_witness(enc, result.witness))
    return result


CASE_SECONDS = 60.0
"""How long one case of a split induction step may take before it is split further."""


def _prove_invariant(enc: Any, prop: Any, name: str, depth: int, budget_seconds: float | None,
                     note: Callable[[str], None] | None = None) -> CheckResult:
    """An invariant of a Chomp! encoding for all depths (:func:`run_query` passes the encoding with
    integer counts where there is one: linear arithmetic proves sums of counts where bit-vector
    adders are beyond the solver). Where the encoding says how to split
    the induction step into cases (``case_split``), 1-induction by cases first
    (:func:`.induction.induction_by_cases`: the unsplit step case of card conservation is
    beyond 300 s on the full deck); if that finds the invariant not 1-inductive (a counterexample
    to induction), k-induction with the budget left."""
    split = getattr(enc, "case_split", None)
    if split is None:
        return k_induction(enc.system, prop, min(depth, 4), query=name, budget_seconds=budget_seconds)
    start = time.monotonic()
    first = induction_by_cases(enc.system, prop, split_on=split, query=name, budget_seconds=budget_seconds,
                               case_seconds=CASE_SECONDS, progress=note)
    if "cti" not in first.meta:  # proved, a witness, or a case without an answer: k-induction
        return first               # would ask the same unsplit step case, and fare worse
    left = None if budget_seconds is None else budget_seconds - (time.monotonic() - start)
    if left is not None and left < 1.0:
        return first
    second = k_induction(enc.system, prop, min(depth, 4), query=name, budget_seconds=left)
    second.seconds += first.seconds
    second.detail = f"{second.detail}; by cases: {first.detail}"
    return second


def _chonker_query(enc: ChonkerEncoding, name: str, depth: int, budget: float | None) -> CheckResult:
    system = enc.system
    exact = getattr(enc, "exact", None)
    if exact is not None and name in exact_queries(exact):
        return run_exact_query(exact, name, depth, budget)
    if name.startswith("invariant:"):
        desc, prop = enc.invariants[name.split(":", 1)[1]]
        r = k_induction(system, prop, min(depth, 4), query=name, budget_seconds=budget)
        r.meta["question"] = desc
        return r
    if name == "plays-bounded":
        t0 = time.monotonic()
        s, i, t = system.state(0, "pb"), system.input(0, "pb"), system.state(1, "pb")
        _, conserved = enc.invariants["cards-conserved"]

        def unplayed(x: Any) -> Any:
            return x["D"] + x["X"] + x["H"]

        solver = z3.Solver()
        solver.add(conserved(s), system.trans(s, i, t))
        solver.add(z3.Not(z3.And(unplayed(t) <= unplayed(s), unplayed(s) >= 0,
                                 z3.Implies(i["move"] == 0, unplayed(t) < unplayed(s)))))
        answer = solver.check()
        status = "proved" if answer == z3.unsat else "unknown"
        r = CheckResult(name, status, 1, time.monotonic() - t0, None, [],
                        "U = draw + discard + hands is >= 0, never increases, and every play decreases it: "
                        f"at most {enc.total} plays in any game (idle steps are not ranked)")
        r.meta["question"] = "ranking of card plays"
        return r
    if name == "terminates":
        return _chonker_terminates(enc, budget)
    if name == "engine-admitted":
        t0 = time.monotonic()
        g = load_game("chonker-party", None, enc.players, "recommended")
        pm = chonker_phases.phase_machine(enc.players, enc.total)
        steps = 0
        for seed in range(3):
            rng = random.Random(seed)
            st = g.new_initial_state(seed=seed)
            while not g.is_terminal(st) and steps < 600:
                a = g.sample_chance(st, rng) if g.is_chance_node(st) else rng.choice(g.legal_actions(st))
                nxt = g.apply(st, a).state
                if not check_engine_step(enc, st, nxt):
                    return CheckResult(name, "witness", steps, time.monotonic() - t0, None, [],
                                       f"engine step {a} is not admitted by the card-flow encoding")
                if chonker_phases.check_engine_step(pm, st, nxt) is None or not chonker_phases.holds(pm, nxt):
                    return CheckResult(name, "witness", steps, time.monotonic() - t0, None, [],
                                       f"engine step {a} is not admitted by the phase machine")
                st, steps = nxt, steps + 1
        return CheckResult(name, "no-witness", steps, time.monotonic() - t0, None, [],
                           f"{steps} engine steps of seeded playouts (recommended ruleset) all admitted by the "
                           "card-flow encoding and the phase machine (sampled, not proved)")
    raise InvalidConfigError(f"unknown query {name!r}")


def _chonker_terminates(enc: ChonkerEncoding, budget: float | None) -> CheckResult:
    """``terminates``: the ranking proof on the phase machine (recommended ruleset only)."""
    rs = enc.ruleset
    recommended = load_ruleset("chonker-party", chonker_phases.RULESET)
    if rs is not None and dict(rs.choices) != dict(recommended.choices):
        r = CheckResult("terminates", "unknown", 0, 0.0, None, [],
                        f"not checked: the phase machine follows the {chonker_phases.RULESET} ruleset, "
                        f"not {rs.name!r}")
        r.meta["question"] = "every game ends (a ranking function decreases on every step)"
        return r
    pm = chonker_phases.phase_machine(enc.players, enc.total)
    return chonker_phases.prove_terminates(pm, budget_seconds=budget)


def run_symbolic_checks(
    game: str,
    variant: str | None = None,
    players: int | None = None,
    ruleset: str | Ruleset = "recommended",
    budget_seconds: float = 120.0,
    depth: int = 20,
    queries: Sequence[str] | None = None,
    progress: Callable[[CheckResult], None] | None = None,
    note: Callable[[str], None] | None = None,
) -> SymbolicReport:
    """Run the symbolic queries of one configuration within ``budget_seconds`` (shared).

    This is what ``rulecheck audit --symbolic`` calls. Parameters: ``game`` (``chomp`` or
    ``chonker-party``), ``variant`` (chomp: ``underwater-war``, ``standard``, ``chomp-rapido`` or
    ``doble-chomp``), ``players``,
    ``ruleset`` (name, path or :class:`Ruleset`), ``budget_seconds`` (wall clock for all
    queries; each query gets an equal share of what is left, a proof by cases :data:`PROOF_WEIGHT`
    shares), ``depth`` (the BMC/lasso bound),
    ``queries`` (names or prefixes with ``*``; default :data:`DEFAULT_QUERIES`).

    Returns a :class:`SymbolicReport`: every :class:`CheckResult` (``statement()`` says
    exactly what was proved) and :class:`rulecheck.findings.Finding` records for what was
    found: a ruling point the ruleset leaves open reached (``gap``), an infinite play
    (``non-termination``), a deadlock, a broken invariant. Findings carry the decoded engine
    trace only when it replayed in the engine. ``progress`` receives each result as it is
    done; ``note``, progress lines within a long query (``rulecheck bmc`` prints them to stderr).
    """
    rs = ruleset if isinstance(ruleset, Ruleset) else load_ruleset(game, ruleset)
    enc = _encoding(game, variant, players, rs)
    available = list_queries(game, variant, players, rs)
    defaults = DEFAULT_QUERIES.get(f"{game}/{getattr(enc, 'variant', '')}", DEFAULT_QUERIES[game])
    names = _expand(queries or defaults, available)
    config = {"game": game, "variant": getattr(enc, "variant", None) or "default",
              "players": enc.players, "deck": "full", "ruleset": rs.name}
    report = SymbolicReport(config)
    deadline = time.monotonic() + budget_seconds
    for n, name in enumerate(names):
        left = deadline - time.monotonic()
        if left <= 0:
            result = CheckResult(name, "unknown", 0, 0.0, None, [], "not run: the time budget was spent")
        else:
            share = left * _weight(name) / sum(_weight(m) for m in names[n:])
            result = run_query(enc, name, depth, max(1.0, share), note)
        report.results.append(result)
        if progress is not None:
            progress(result)
    report.findings = _findings(game, config, enc, report.results, rs)
    return report


def _findings(game: str, config: dict[str, Any], enc: Any, results: list[CheckResult], rs: Ruleset) -> list[Any]:
    try:
        from rulecheck.findings import Finding, Witness, finding_id
    except ImportError:  # pragma: no cover - the findings module is optional
        return []
    from rulecheck.core.rulings import load_ruling_points

    points = load_ruling_points(game)
    out = []
    for r in results:
        kind = None
        ruling = None
        if r.query.startswith("ruling:") and r.status == "witness":
            ruling = r.query.split(":", 1)[1]
            if rs.choices.get(ruling) is None:
                kind = "gap" if points[ruling].kind == "gap" else "conflict"
        elif r.query in ("lasso", "lasso-after-stem") and r.status == "witness":
            kind = "non-termination"
        elif r.query == "deadlock" and r.status == "witness":
            kind = "deadlock"
        elif r.query.startswith("invariant:") and r.status == "witness":
            kind = "invariant"
        if kind is None:
            continue
        witness = None
        if r.trace is not None and r.replayed:
            loop = None
            if "loop_start_action" in r.meta:
                loop = r.meta["loop_start_action"]
            elif r.witness is not None and r.witness.loop_start is not None:
                loop = r.witness.loop_start + 1  # the deal is action 0
            witness = Witness(config=config, actions=tuple(r.trace), problem_step=len(r.trace) - 1,
                              loop_start=loop)
        subject = ruling or f"{config['variant']}.{r.query.replace(':', '.')}"
        clauses = points[ruling].clauses if ruling else ()
        out.append(Finding(
            id=finding_id(game, kind, subject), game=game, kind=kind,
            severity="high" if kind in ("non-termination", "deadlock", "invariant") else "medium",
            title=f"{r.meta.get('question', r.query)}: {r.statement()} (full deck, Z3)",
            detail=r.detail, clauses=tuple(clauses), ruling=ruling, configs=(config,), witness=witness,
            verified=True, source="symbolic", data=r.to_json() | {"trace": None},
        ))
    return out
