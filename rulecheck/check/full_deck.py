"""What each finding says about the real game: its status on the full deck.

The exhaustive searches run on reduced decks; a finding they make is a claim about the rulebook
only once it is seen with the full deck of the game and player count. This module gives every
finding one of these statuses, from what the audit ran on the full deck (the seeded playouts of
each full-deck configuration, which :func:`rulecheck.check.stats.playout` replays by seed):

* ``confirmed``: found on the full deck itself, or its ruling point is met in a seeded full-deck
  game (the witness: configuration, seed and step; ``rulecheck simulate`` with that seed plays
  the game);
* ``refuted``: a claim of absence (a rule, ruling point or ending never reached) that a seeded
  full-deck game with the same variant and player count contradicts (the witness: that game);
* ``small deck only``: neither yet; nothing is proved impossible on the full deck either;
* ``text``: a claim about the books alone (the editions compared, the component lists checked,
  a worked example replayed), which no deck enters.

A ruling point or clause the playouts did not meet, and a loop they did not show, is looked for in
more seeded games (the audit's targeted search, up to ``rulecheck.audit.jobs.TARGETED_GAMES`` per
configuration): a gap's or conflict's ruling point and a loop in each full-deck configuration of
the finding's variants and player counts in turn, a rule or ruling point said never to be reached
in the first. The games that met one join the playouts' statistics for the statuses only.

An ambiguity shown on a reduced deck is looked for in the same seeded full-deck games, each step
checked under the rules as written (:func:`rulecheck.check.determinacy.check_reading_steps`): a
step where the readings give different results confirms it (``data["full_deck_at"]``: the game
and step).

An invariant or rulebook claim broken on a reduced deck is looked for in the same seeded
full-deck games (replayed, every state checked; :func:`_violated`): the first state that breaks
it confirms it. A loop is confirmed by a seeded full-deck game that comes back to a state it was
in without an unfair move (:func:`_fair_loop`); the same refutes a finding that said every loop
needs one. Traps and deadlocks found on a reduced deck stay ``small deck only`` until a full-deck
witness is found for them: the seeded games do not look for them.

A checker that searches the full deck itself gives its findings their status (``data["full_deck"]``),
which is kept: Underwater War with a fixed return order (:mod:`rulecheck.check.war_loops`) plays
seeded full-deck deals by one fair schedule, and a deal whose play comes back to a state it was in
confirms its loop with a full-deck lasso that ``rulecheck explain`` replays (the finding's witness);
if none of the deals searched does, the loop stays ``small deck only`` and says how many were.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any

from rulecheck.check.stats import PlayoutStats, playout
from rulecheck.findings import Finding

__all__ = ["CONFIRMED", "REFUTED", "SMALL_DECK_ONLY", "STATUSES", "TEXT", "fair_loop", "full_deck_status",
           "small_deck_only", "status_counts", "status_of"]

CONFIRMED = "confirmed"
REFUTED = "refuted"
SMALL_DECK_ONLY = "small deck only"
TEXT = "text"
STATUSES = (CONFIRMED, REFUTED, SMALL_DECK_ONLY, TEXT)

TEXT_KINDS = frozenset({"translation", "component", "example-mismatch", "coverage"})
"""Findings about the books alone: no deck enters them."""

ABSENCE_KINDS = frozenset({"dead-rule", "unreachable-outcome"})
"""Claims that something never happens: refuted by one full-deck game where it does."""


def full_deck_status(f: Finding, stats: Sequence[PlayoutStats]) -> dict[str, Any]:
    """``f``'s status on the full deck (one of :data:`STATUSES`), how it was settled (``how``, in
    words) and, where a full-deck game shows it, the ``witness`` (configuration, seed, step).
    A status the finding's own checker gave it (a search on the full deck) is kept."""
    given = f.data.get("full_deck")
    if isinstance(given, Mapping) and given.get("status") in STATUSES:
        return dict(given)
    if f.kind in TEXT_KINDS:
        return {"status": TEXT, "how": "a claim about the rulebooks' text: no deck enters it"}
    full = [c for c in f.configs if c.get("deck") == "full"]
    if full and f.kind not in ABSENCE_KINDS:
        at = f.data.get("full_deck_at")
        if isinstance(at, Mapping):  # a seeded full-deck game and step show it
            where = (f"seeded game {at['seed']} of {_label(at['config'])} (deck full), step {int(at['step']) + 1}")
            return {"status": CONFIRMED, "how": f"found on the full deck: {where}",
                    "witness": {"config": dict(at["config"]), "seed": at["seed"], "step": at["step"]}}
        return {"status": CONFIRMED, "how": f"found on the full deck ({_label(full[0])})"}
    played = _matching(f, stats)
    if f.kind in ABSENCE_KINDS:
        # (a full-deck game that reaches it refutes it, even one the set-up was taken to rule out)
        for st in played:
            step = _reached(f, st)
            if step is not None:
                return {"status": REFUTED, "how": f"reached on the full deck: {_where(st, step)}",
                        "witness": _witness(st, step)}
        if f.data.get("out_of_play"):
            return {"status": CONFIRMED, "how": "proved for the full deck: the book's set-up takes these cards out "
                    "of play with this many players, whatever the deal"}
        return {"status": SMALL_DECK_ONLY,
                "how": "not reached in the seeded full-deck games either, but not proved unreachable there"}
    if f.ruling:
        for st in played:
            steps = st.ruling_steps.get(f.ruling)
            if steps:
                return {"status": CONFIRMED, "how": f"its ruling point is met on the full deck: {_where(st, steps[0])}",
                        "witness": _witness(st, steps[0])}
    if f.kind == "non-termination":
        for st in played:
            loop = _fair_loop(st)
            if loop is not None:
                seed, start, end = loop
                where = (f"seeded game {seed} of {st.config.game} {st.config.variant} {st.config.players}p (deck full) "
                         f"comes back after step {end + 1} to the state it was in after step {start}, without a move "
                         "the fairness assumption rules out")
                witness = {**_witness(st, (seed, end)), "loop_start": start}
                if f.data.get("fair") is False:  # it said: no loop that keeps the assumption
                    return {"status": REFUTED, "how": f"a loop that keeps the fairness assumption: {where}",
                            "witness": witness}
                return {"status": CONFIRMED, "how": f"a loop on the full deck: {where}", "witness": witness}
    if f.kind == "invariant":
        for st in played:
            at = _violated(f, st)
            if at is not None:
                return {"status": CONFIRMED, "how": f"broken on the full deck: {_where(st, at)}",
                        "witness": _witness(st, at)}
    return {"status": SMALL_DECK_ONLY, "how": "found with a reduced deck; not yet shown with the full deck"}


def _replays(game: Any, st: PlayoutStats) -> Iterator[tuple[int, Iterator[tuple[int, Any, Any, Any]]]]:
    """The seeded games of ``st`` (``game`` is its configuration loaded) replayed: for each seed,
    its steps as (index, state before, action, step), as :func:`rulecheck.check.stats.playout`
    plays them."""
    for seed in range(st.seed, st.seed + st.games):
        yield seed, ((n, before, action, step) for n, (before, action, step)
                     in enumerate(playout(game, seed, st.max_steps)))


def _fair_loop(st: PlayoutStats) -> tuple[int, int, int] | None:
    """The first seeded game of ``st`` that comes back to a state it was in without an unfair
    move (:func:`fair_loop`)."""
    return fair_loop(st.config.load(), range(st.seed, st.seed + st.games), st.max_steps)


def fair_loop(game: Any, seeds: Iterable[int], max_steps: int) -> tuple[int, int, int] | None:
    """The first of the seeded games ``seeds`` of ``game`` (as :func:`rulecheck.check.stats.playout`
    plays them) that comes back to a state it was in, by a loop with no move its game's fairness
    assumption rules out (:meth:`Game.unfair`): (seed, the index of the loop's first action, the
    index of its last). Repeating the loop's actions (chance outcomes included) is a play that
    goes on for ever."""
    for seed in seeds:
        seen = {game.root_state(): 0}
        last_unfair = -1
        for n, (before, action, step) in enumerate(playout(game, seed, max_steps)):
            if game.unfair(before, action):
                last_unfair = n
            start = seen.get(step.state)
            if start is not None and last_unfair < start:
                return seed, start, n
            seen.setdefault(step.state, n + 1)
    return None


def _violated(f: Finding, st: PlayoutStats) -> tuple[int, int] | None:
    """The first (seed, step) of the seeded games of ``st`` whose resulting state breaks the
    invariant or claim ``f`` reports (``data["invariant"]``), replaying them; None if none does."""
    vid = f.data.get("invariant")
    if not vid:
        return None
    game = st.config.load()
    for seed, steps in _replays(game, st):
        for n, _, _, step in steps:
            if any(v.id == vid for v in game.invariants(step.state)):
                return seed, n
    return None


def status_of(f: Finding) -> str | None:
    """``f``'s full-deck status, None if the audit gave it none (no full-deck games were played)."""
    status = f.data.get("full_deck", {}).get("status")
    return str(status) if status is not None else None


def small_deck_only(findings: Sequence[Finding]) -> bool:
    """Whether every one of ``findings`` (some) was seen with a reduced deck only: what the errata
    and the FAQ say of a problem or question they publish from them."""
    return bool(findings) and all(status_of(f) == SMALL_DECK_ONLY for f in findings)


def status_counts(findings: Iterable[Finding]) -> dict[str, dict[str, int]]:
    """Per finding kind, how many findings have each full-deck status (those that have one)."""
    out: dict[str, dict[str, int]] = {}
    for f in findings:
        status = status_of(f)
        if status is not None:
            per = out.setdefault(f.kind, {})
            per[status] = per.get(status, 0) + 1
    return {k: dict(sorted(v.items())) for k, v in sorted(out.items())}


def _matching(f: Finding, stats: Sequence[PlayoutStats]) -> list[PlayoutStats]:
    """The full-deck playouts of ``f``'s game with a variant and player count of its configurations
    (all of the game's, when it names none)."""
    keys = {(c.get("variant"), c.get("players")) for c in f.configs}
    return [st for st in stats if st.config.game == f.game and st.config.deck == "full"
            and (not keys or (st.config.variant, st.config.players) in keys)]


def _reached(f: Finding, st: PlayoutStats) -> tuple[int, int] | None:
    """Where the seeded games of ``st`` reach what ``f`` says is never reached: (seed, step), or
    (seed, -1) when only the game is known; None if they do not (or cannot tell)."""
    if f.kind == "dead-rule" and f.ruling:  # a ruling point never reached
        steps = st.ruling_steps.get(f.ruling)
        if steps:
            return steps[0]
        return None
    if f.kind == "dead-rule":  # a clause never applied
        return st.clause_steps.get(f.clauses[0]) if f.clauses else None
    outcome = f.data.get("outcome")
    if f.kind == "unreachable-outcome" and isinstance(outcome, str) and st.outcomes.get(outcome):
        return (st.outcome_seeds.get(outcome, st.seed), -1)
    return None


def _label(config: Mapping[str, Any]) -> str:
    return f"{config.get('game')} {config.get('variant')} {config.get('players')}p"


def _where(st: PlayoutStats, at: tuple[int, int]) -> str:
    seed, step = at
    where = f"seeded game {seed} of {st.config.game} {st.config.variant} {st.config.players}p (deck full)"
    return where + (f", step {step + 1}" if step >= 0 else "")


def _witness(st: PlayoutStats, at: tuple[int, int]) -> dict[str, Any]:
    seed, step = at
    out: dict[str, Any] = {"config": st.config.to_json(), "seed": seed}
    if step >= 0:
        out["step"] = step
    return out
