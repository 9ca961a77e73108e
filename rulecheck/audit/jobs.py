"""The audit's jobs, each run in a worker: one configuration's search with its detectors and
determinacy check, the seeded full-deck playouts, the fixed-return-order searches, the full-deck
looks for readings and for what the playouts did not meet. Each returns a picklable result.
"""

from __future__ import annotations

import functools
import multiprocessing
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from rulecheck.audit.runner import STOP, Progress
from rulecheck.check.detectors import Reach, config_findings
from rulecheck.check.determinacy import (
    PLAYOUT_SITUATIONS,
    READING_SITUATIONS,
    SITUATIONS_PER_SEARCH,
    SpecRun,
    check_explored,
    check_playouts,
    check_reading_steps,
    playout_findings,
    spec_findings,
)
from rulecheck.check.ending import ending_of
from rulecheck.check.explore import Config, ExploreResult, explore
from rulecheck.check.full_deck import fair_loop
from rulecheck.check.stats import PlayoutStats, playout_stats
from rulecheck.check.war_loops import WarSearch, climb, war_searches
from rulecheck.core.collector import cyclic_gc_paused
from rulecheck.core.errors import RulecheckError
from rulecheck.findings import Finding


def _summary(res: ExploreResult) -> dict[str, Any]:
    s = res.summary()
    s.pop("config")
    return s


def _progress_hook(progress: Progress | None, label: str) -> Callable[[int, int, int, float], None] | None:
    if progress is None:
        return None

    def hook(expanded: int, distinct: int, transitions: int, elapsed: float) -> None:
        STOP.check()
        rate = transitions / elapsed if elapsed > 0 else 0.0
        progress(f"  {label}: {distinct:,} states ({expanded:,} expanded), {rate:,.0f} transitions/s, {elapsed:.1f}s")

    return hook


@dataclass
class SearchOutcome:
    """What one search job sends back (picklable: no game, no state store)."""

    summary: dict[str, Any] | None = None
    findings: list[Finding] = field(default_factory=list)
    reach: Reach | None = None
    error: str | None = None
    spec: SpecRun | None = None


def search_job(cfg: Config, behaviour: bool, max_seconds: float | None, max_states: int | None,
                note: Progress | None, label: str,
                spec_situations: int | None = SITUATIONS_PER_SEARCH) -> SearchOutcome:
    """Explore one configuration and run the per-configuration detectors on it."""
    try:
        if note is not None:
            note(label)
        res = explore(cfg.load(), max_states=max_states, max_seconds=max_seconds,
                      progress=_progress_hook(note, cfg.label()), config=cfg)
        if note is not None:
            rate = res.transitions / res.seconds if res.seconds > 0 else 0.0
            note(f"  done {cfg.label()}: {res.distinct:,} states, {res.transitions:,} transitions, "
                 f"{'complete' if res.complete else 'INCOMPLETE (' + res.stop_reason + ')'}, "
                 f"{res.seconds:.1f}s, {rate:,.0f}/s")
        found = config_findings(res, rulings=True, behaviour=behaviour)
        summary = _summary(res)
        if behaviour and res.complete and not any(f.kind == "non-termination" for f in found):
            summary["proved"] = [*summary["proved"], "terminates"]
        if behaviour:
            ending = ending_of(res)  # the graph is whole here: how play ends, with what probability
            summary["ending"] = ending.to_json()
            if ending.with_probability_one and "terminates" not in summary["proved"]:
                summary["proved"] = [*summary["proved"], "ends-with-probability-1"]
        run = check_explored(res, max_situations=spec_situations)
        if run is not None:
            found += spec_findings(res, run)
            if note is not None:
                note(f"  specification {cfg.label()}: {run.situations:,} situations "
                     f"({run.determined} determined, {run.gaps} gaps, {run.conflicts} conflicts), "
                     f"{run.verified:,} steps verified, {run.seconds:.1f}s"
                     + (f"; bounded: {run.states_checked:,} of {run.states_total:,} states checked"
                        if run.bounded else ""))
            run.silent = {k: {kk: vv for kk, vv in e.items() if kk != "node"} for k, e in run.silent.items()}
        return SearchOutcome(summary, found, Reach.of(res), spec=run)
    except RulecheckError as exc:
        return SearchOutcome(error=str(exc))
    except Exception as exc:  # a crash in the model: report it for this configuration, go on
        STOP.check()  # ... unless it is the stop request, wrapped on its way (see StopRequest)
        return SearchOutcome(error=f"the model raised {type(exc).__name__}: {exc}")
    except KeyboardInterrupt:
        if multiprocessing.parent_process() is not None:
            return SearchOutcome(error="interrupted")
        raise


@dataclass
class PlayoutOutcome:
    """What one playout job sends back: the statistics, and the determinacy check over the same
    seeded full-deck games with its findings."""

    stats: PlayoutStats
    spec: SpecRun | None = None
    findings: list[Finding] = field(default_factory=list)


def _job(what: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """A pool job's errors as its result: a rule the model refuses or a crash in the model comes
    back as the string ``"<what>: ..."`` (the report lists it for that job, and the audit goes
    on); an interrupt in a worker comes back as ``"interrupted"``, for the main process to act on.
    The job runs with the cyclic garbage collector paused (:mod:`rulecheck.core.collector`)."""

    def wrap(fn: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(fn)
        def job(*args: Any) -> Any:
            try:
                with cyclic_gc_paused():
                    return fn(*args)
            except RulecheckError as exc:
                return f"{what}: {exc}"
            except Exception as exc:  # a crash in the model
                STOP.check()  # ... unless it is the stop request, wrapped on its way
                return f"{what}: the model raised {type(exc).__name__}: {exc}"
            except KeyboardInterrupt:
                if multiprocessing.parent_process() is not None:
                    return "interrupted"
                raise

        return job

    return wrap


@_job("fixed return order")
def war_job(configs: list[Config], seed: int, full_deck_deals: int, max_steps: int,
             note: Progress | None) -> list[WarSearch] | str:
    """Underwater War with a fixed return order (:mod:`rulecheck.check.war_loops`): every deal of
    the plan's reduced decks and ``full_deck_deals`` seeded full-deck deals, each played by one
    fair schedule, looked at for a state that comes back."""
    if note is not None:
        note(f"fixed return order: every deal of {len(configs) - 1} reduced deck(s) and {full_deck_deals} seeded "
             f"full-deck deals of {configs[-1].label()}")
    return war_searches(configs, seed, full_deck_deals, max_steps, note)


@_job("fixed return order")
def climb_job(config: Config, seed: int, evaluations: int, max_steps: int, note: Progress | None) -> WarSearch:
    """Underwater War with a fixed return order on the full deck: deals chosen by hill climbing
    (:func:`rulecheck.check.war_loops.climb`), ``evaluations`` of them scored at most."""
    if note is not None:
        note(f"fixed return order: hill climbing over full-deck deals of {config.label()} from seed {seed} "
             f"(at most {evaluations:,} deals scored)")
    return climb(config.load(), config, seed, evaluations, max_steps, progress=note)


@_job("playouts")
def stats_job(cfg: Config, playouts: int, seed: int, steps: int, note: Progress | None,
               spec_situations: int | None = PLAYOUT_SITUATIONS) -> PlayoutOutcome | str:
    if note is not None:
        note(f"playouts: {playouts} games of {cfg.label()} from seed {seed}")
    game = cfg.load()
    out = PlayoutOutcome(playout_stats(game, playouts, seed, steps, cfg))
    if playouts:
        out.spec = check_playouts(game, playouts, seed, steps, spec_situations, ruleset=cfg.ruleset)
        if out.spec is not None:
            out.findings = playout_findings(game, cfg, out.spec)
            if note is not None:
                r = out.spec
                note(f"  specification {cfg.label()}, its playouts: {r.situations:,} situations, {r.verified:,} "
                     f"steps verified, {len(r.disagreements)} disagreements, {r.seconds:.1f}s"
                     + (f"; bounded: {r.states_checked} of {r.states_total} games checked" if r.bounded else ""))
    return out


@_job("readings")
def readings_job(cfg: Config, targets: list[str], games: int, seed: int, max_steps: int,
                  note: Progress | None, max_situations: int | None = READING_SITUATIONS) -> list[Finding] | str:
    """The ambiguities ``targets`` looked for in the seeded full-deck games of ``cfg``
    (:func:`check_reading_steps`, at most ``max_situations`` distinct situations): each one found
    there comes back as a finding on the full-deck configuration, with ``data["full_deck_at"]``
    naming the seeded game and step that shows it (which :func:`full_deck_status` gives as its
    witness)."""
    game = cfg.load()
    run = check_reading_steps(game, cfg.with_ruleset("raw").load(), targets, games, seed, max_steps, max_situations)
    if run is None:
        return []
    out = []
    for f in playout_findings(game, cfg, run):
        if f.kind != "ambiguity":  # (the rest of the check under raw is the searches' job)
            continue
        _, at_seed, at_step = run.ambiguities[f.data["reading"]]["node"]
        out.append(replace(f, data={**f.data, "full_deck_at": {"config": cfg.to_json(), "seed": at_seed,
                                                               "step": at_step}}))
    if note is not None:
        note(f"  specification {cfg.label()}, its playouts, reading points {', '.join(targets)}: "
             f"{run.situations:,} situations; the readings disagree on "
             f"{', '.join(sorted(run.ambiguities)) or 'none'}; {run.seconds:.1f}s"
             + ("; bounded" if run.bounded else ""))
    return out


TARGETED_GAMES = 5_000


"""The audit's bound on the further seeded full-deck games played per configuration to meet what
the playouts did not (:func:`targeted_search`): an amount of work, the same on any machine."""


_TARGET_BATCH = 500


@_job("targeted search")
def targeted_job(where: list[tuple[Config, int]], targets: list[tuple[str, str]], max_steps: int,
                  note: Progress | None) -> list[PlayoutStats] | str:
    """Seeded games of each configuration of ``where`` in turn, from its seed, in batches, until
    every target is met or :data:`TARGETED_GAMES` are played there: a ruling point consulted, a
    clause applied (the batches that met one: their statistics name the seed and step), a loop
    that keeps the fairness assumption (:func:`rulecheck.check.full_deck.fair_loop`: the game
    that shows it, alone)."""
    found: list[PlayoutStats] = []
    left = set(targets)
    for cfg, seed in where:
        if not left:
            break
        game = cfg.load()
        played = 0
        before = set(left)
        while left and played < TARGETED_GAMES:
            start = seed + played
            played += _TARGET_BATCH
            if any(kind != "loop" for kind, _ in left):
                st = playout_stats(game, _TARGET_BATCH, start, max_steps, cfg)
                met = {t for t in left if t[0] != "loop"
                       and (st.ruling_steps if t[0] == "ruling" else st.clause_steps).get(t[1])}
                if met:
                    found.append(st)
                    left -= met
            if ("loop", "fair loop") in left:
                loop = fair_loop(game, range(start, start + _TARGET_BATCH), max_steps)
                if loop is not None:
                    found.append(playout_stats(game, 1, loop[0], max_steps, cfg))
                    left.discard(("loop", "fair loop"))
        if note is not None:
            met_now = ", ".join(sorted(t for _, t in before - left)) or "none"
            note(f"  full deck {cfg.label()}: {played:,} more seeded games from seed {seed} for "
                 f"{', '.join(t for _, t in sorted(before))}: met {met_now}")
    return found
