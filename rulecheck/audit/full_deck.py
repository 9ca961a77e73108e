"""Findings made on reduced decks, looked for on the full deck: ruling points and ambiguities met
in the seeded full-deck games, and more seeded games for what the playouts did not meet.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from rulecheck.audit.jobs import readings_job, targeted_job
from rulecheck.audit.runner import Progress, Runner
from rulecheck.check.detectors import ruling_finding, ruling_problem
from rulecheck.check.determinacy import (
    SpecRun,
    check_ruling_steps,
    playout_findings,
    playout_witness,
    ruling_statuses,
    spec_modules,
)
from rulecheck.check.explore import Config
from rulecheck.check.full_deck import SMALL_DECK_ONLY, full_deck_status
from rulecheck.check.stats import PlayoutStats
from rulecheck.core.game import Game, action_to_json
from rulecheck.findings import Finding, Witness

if TYPE_CHECKING:  # pragma: no cover
    from distributed import Client


def unmet_ruling_text(game: str, ruling: str) -> str:
    """The specification's word on a ruling point no checked situation showed deciding a step:
    its options are constraints the check never met, or the specification does not read it."""
    mods = spec_modules(game)
    if mods is not None and any(r.ruling == ruling for r in mods[0].SPEC.rulings):
        return "not met by the check"
    return "outside the specification"


def full_deck_rulings(game: str, runs: list[tuple[Any, str, SpecRun]], stats: list[PlayoutStats],
                       max_steps: int, note: Progress | None) -> list[Finding]:
    """The ruling points the small decks' searches did not show the text open on, asked where
    the full-deck playouts met them (:func:`check_ruling_steps`); each run joins ``runs`` as
    role ``ruling steps``. Returns its findings."""
    if not any(role == "raw" for _, role, _ in runs):
        return []
    shown = ruling_statuses([r for _, role, r in runs if role == "raw"])
    out: list[Finding] = []
    for st in stats:
        if st.config.game != game:
            continue
        targets = sorted(r for r in st.ruling_steps if shown.get(r, {}).get("status") != "confirmed")
        if not targets:
            continue
        cfg = st.config
        raw_cfg = cfg.with_ruleset("raw")
        run = check_ruling_steps(cfg.load(), raw_cfg.load(), st.ruling_steps, targets, max_steps)
        if run is None:
            continue
        runs.append((raw_cfg.to_json(), "ruling steps", run))
        game_obj = cfg.load()
        out.extend(playout_findings(game_obj, cfg, run))
        now = ruling_statuses([run])
        confirmed = [r for r in targets if now.get(r, {}).get("status") == "confirmed"]
        out.extend(_open_on_full_deck(game_obj, cfg, r, run.open_at[r]) for r in confirmed if r in run.open_at)
        if note is not None:
            note(f"  specification {cfg.label()}, its playouts, ruling points {', '.join(targets)}: "
                 f"{run.situations} situations; the text open on {', '.join(confirmed) or 'none'}; {run.seconds:.1f}s")
    return out


def reading_jobs(games: Sequence[str], found: Sequence[Finding], stats: Sequence[PlayoutStats], max_steps: int,
                  note: Progress | None) -> list[tuple[Callable[..., Any], tuple[Any, ...]]]:
    """The :func:`readings_job` calls that look for the ambiguities not yet seen on the full deck:
    each in the first full-deck configuration of ``stats`` with a variant and player count of a
    reduced deck that showed it (one look per ambiguity: the work is bounded). Then those for the
    reading points no search showed at all (a reduced deck may be too small for the situation
    where the readings part): all of a game's such points in one more job, in its first full-deck
    configuration (:func:`unseen_reading_jobs`)."""
    wanted: dict[tuple[str, str], set[tuple[Any, Any]]] = {}
    for f in found:
        point = f.data.get("reading")
        if f.game in games and f.kind == "ambiguity" and isinstance(point, str) \
                and not any(c.get("deck") == "full" for c in f.configs):
            wanted.setdefault((f.game, point), set()).update((c.get("variant"), c.get("players")) for c in f.configs)
    # each ambiguity is looked for in one configuration: the first of the plan's that showed it
    where_first = {key: next((i for i, st in enumerate(stats) if st.config.game == key[0]
                              and (st.config.variant, st.config.players) in where), None)
                   for key, where in wanted.items()}
    calls: list[tuple[Callable[..., Any], tuple[Any, ...]]] = []
    for i, st in enumerate(stats):
        targets = sorted(p for (_, p), at in where_first.items() if at == i)
        if targets:
            calls.append((readings_job, (st.config, targets, st.games, st.seed, max_steps, note)))
    return calls + unseen_reading_jobs(games, found, stats, max_steps, note)


def unseen_reading_jobs(games: Sequence[str], found: Sequence[Finding], stats: Sequence[PlayoutStats],
                        max_steps: int, note: Progress | None) -> list[tuple[Callable[..., Any], tuple[Any, ...]]]:
    """The :func:`readings_job` calls for the reading points of each game's specification that no
    ambiguity finding names: the reduced decks' searches never saw their readings part, which may
    be the deck's doing (the situation needs more cards), not the text's. The game's first
    full-deck configuration looks for all of them, in its seeded games, at most
    :data:`UNSEEN_READING_SITUATIONS` distinct situations (one job per game: the work is bounded); an
    ambiguity found there is one the real game meets (confirmed on the full deck)."""
    seen = {(f.game, f.data.get("reading")) for f in found if f.kind == "ambiguity"}
    calls: list[tuple[Callable[..., Any], tuple[Any, ...]]] = []
    firsts: dict[str, PlayoutStats] = {}
    for st in stats:
        firsts.setdefault(st.config.game, st)
    for game, st in firsts.items():
        mods = spec_modules(game) if game in games else None
        if mods is None:
            continue
        targets = sorted(p for p in mods[0].SPEC.readings if (game, p) not in seen)
        if targets:
            calls.append((readings_job, (st.config, targets, st.games, st.seed, max_steps, note,
                                         UNSEEN_READING_SITUATIONS)))
    return calls


UNSEEN_READING_SITUATIONS = 500
"""The bound of :func:`unseen_reading_jobs`' look, per game (distinct situations: an amount of work,
the same on any machine): a third of a seen ambiguity's (``READING_SITUATIONS``), as these points
are a longer shot (measured: the whole 1,500 spent on Chomp!'s three cost about 22 s of CPU, a
tenth of the determinacy check's time in the audit; Chonker Party's ``steal_any_player`` parts in
its first game)."""


def _targets(f: Finding, stats: Sequence[PlayoutStats]) -> tuple[str, str] | None:
    """What a finding still small-deck only needs a full-deck game to show: its ruling point met
    (a gap or conflict; a ruling point 'never reached'), its clause applied (a dead rule) or a
    loop that keeps the fairness assumption (play that can go on for ever, or a claim that every
    loop needs an unfair move: the same loop confirms the one and refutes the other)."""
    if f.ruling and f.kind in ("gap", "conflict", "dead-rule"):
        target = ("ruling", f.ruling)
    elif f.kind == "dead-rule" and f.clauses:
        target = ("clause", f.clauses[0])
    elif f.kind == "non-termination" and "fair" in f.data:
        target = ("loop", "fair loop")
    else:
        return None  # (an invariant replays the seeded games; traps need more than one game)
    if not stats or f.data.get("out_of_play") or full_deck_status(f, stats)["status"] != SMALL_DECK_ONLY:
        return None
    return target


def _where_to_look(f: Finding, stats: Sequence[PlayoutStats]) -> tuple[int, ...]:
    """The full-deck configurations (indices into ``stats``, in the audit's order) where the
    targeted search looks for its target: every one of the finding's variants and player counts
    for what the errata would publish once seen (a gap, a conflict, a loop), the first of them
    for a claim of absence (a dead rule), which more games can only refute."""
    keys = {(c.get("variant"), c.get("players")) for c in f.configs}
    at = tuple(i for i, st in enumerate(stats) if st.config.game == f.game and st.config.deck == "full"
               and (not keys or (st.config.variant, st.config.players) in keys))
    return at[:1] if f.kind == "dead-rule" else at


def targeted_search(findings: Sequence[Finding], stats: Sequence[PlayoutStats], max_steps: int, jobs: int,
                     note: Progress | None, client: Client | None = None) -> list[PlayoutStats]:
    """More seeded full-deck games for what the playouts left small-deck only (:func:`_targets`):
    in each configuration :func:`_where_to_look` names, in turn, seeds after the playouts', up to
    :data:`TARGETED_GAMES` per configuration, in batches, stopping once every target is met. The
    games that met one come back as statistics that count only for the full-deck statuses (not
    for the reported frequencies)."""
    wanted: dict[tuple[int, ...], set[tuple[str, str]]] = {}
    for f in findings:
        target = _targets(f, stats)
        where = _where_to_look(f, stats) if target is not None else ()
        if target is not None and where:
            wanted.setdefault(where, set()).add(target)
    calls: list[tuple[Callable[..., Any], tuple[Any, ...]]] = [
        (targeted_job, ([(stats[i].config, stats[i].seed + stats[i].games) for i in where], sorted(t),
                        max_steps, note))
        for where, t in sorted(wanted.items())]
    if not calls:
        return []
    runner = Runner(jobs, client)
    try:
        out = [st for got in runner.map(calls) if isinstance(got, list) for st in got]
    except BaseException:
        runner.close(abort=True)
        raise
    runner.close()
    return out


def _open_on_full_deck(game: Game, cfg: Config, rid: str, at: tuple[int, int]) -> Finding:
    """The gap or conflict of ruling point ``rid`` that only the full deck shows: the seeded game
    and step ``at`` (0-based) that the text (under ``raw``) leaves open on it. The witness is that
    game up to and including the step, which the engine decides by the ruleset's answer."""
    seed, step = at
    actions = playout_witness(game, seed, step)
    witness = Witness(cfg.to_json(), tuple(action_to_json(a) for a in actions), step)
    rp = game.ruling_points[rid]
    detail = (f"{rp.question} No reduced deck of the audit shows the text open here; seeded games on the full "
              f"deck do (the witness is one), and there the clauses leave the step open: {ruling_problem(rp.kind)}.")
    return ruling_finding(game, rid, detail, cfg.to_json(), witness, False, {"detected_by": ["spec", "playouts"]})
