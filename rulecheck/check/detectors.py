"""Detectors: turn what an exploration saw into :class:`~rulecheck.findings.Finding` records.

Per configuration (one :class:`ExploreResult`):

* :func:`find_rulings_open` gaps and conflicts: every ruling point that a reachable state
  leaves open (a ``Pending`` state); the ruling point's ``kind`` says gap or conflict.
* :func:`find_deadlocks` a non-terminal, non-pending state with no legal action.
* :func:`find_cycles` non-termination (a cycle: a play that can go on forever) and traps (a
  cycle from which no terminal state can be reached), each with a lasso witness.
* :func:`find_invariant_violations` ``game.invariants`` failures (cards conserved, the
  rulebooks' own claims).

Across the configurations of one game (absence claims, only from complete searches):

* :func:`find_dead` clauses the model cites but no explored transition applies (dead rules),
  ruling points never reached, declared outcomes never reached.
* :func:`find_coverage_holes` normative clauses the model never cites at all (static).

Every witness is the shortest trace from the root (the search is breadth-first) to a state that
shows the problem (for an open ruling point, one where its options make a difference, if the
first states where it is open include one); detectors never print, they return findings.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rulecheck.check.explore import Config, ExploreResult
from rulecheck.check.graph import CycleAnalysis, analyse_cycles, analyse_fair_cycles, shortest_loop
from rulecheck.core.clauses import Clause, clauses_for_game
from rulecheck.core.errors import RulecheckError
from rulecheck.core.game import Action, Game, Pending, action_to_json, options_differ
from rulecheck.findings import Finding, Witness, finding_id

__all__ = [
    "EXTRA_CLAUSES",
    "TELLING_LOOKS",
    "Reach",
    "config_findings",
    "find_coverage_holes",
    "find_cycles",
    "find_dead",
    "find_deadlocks",
    "find_invariant_violations",
    "find_rulings_open",
    "normative_clauses",
    "static_citations",
    "telling_nodes",
]

EXTRA_CLAUSES: dict[str, Mapping[str, Clause]] = {}
"""Clause maps for games registered from elsewhere (a test's planted game)."""

DEFAULT_SEVERITY = {
    "gap": "high",
    "conflict": "high",
    "deadlock": "critical",
    "trap": "critical",
    "non-termination": "high",
    "invariant": "high",
    "dead-rule": "low",
    "unreachable-outcome": "medium",
    "coverage": "info",
    "ambiguity": "medium",
    "silent-decision": "high",
    "disagreement": "critical",
    "answered": "info",
}


# --------------------------------------------------------------------------- clauses


def normative_clauses(game: str) -> dict[str, Clause] | None:
    """Clause ID -> normative clause over the game's books, or None if no index exists yet."""
    if game in EXTRA_CLAUSES:
        index: Mapping[str, Clause] = EXTRA_CLAUSES[game]
    else:
        try:
            index = clauses_for_game(game)
        except RulecheckError:
            return None
    return {cid: c for cid, c in index.items() if c.kind == "normative"}


def all_clauses(game: str) -> dict[str, Clause]:
    """Every clause of the game's books (any kind), empty if there is no index."""
    if game in EXTRA_CLAUSES:
        return dict(EXTRA_CLAUSES[game])
    try:
        return clauses_for_game(game)
    except RulecheckError:
        return {}


def static_citations(game: str) -> frozenset[str]:
    """Clause IDs that appear in the model's code."""
    from rulecheck.core.coverage import cited_clauses

    return cited_clauses(game)


def _cited(clause: Clause, cited: set[str] | frozenset[str], aligned_to: Mapping[str, list[str]]) -> bool:
    """A clause counts as cited if it, its original, or a translation aligned to it is."""
    if clause.id in cited:
        return True
    if clause.aligned is not None and clause.aligned in cited:
        return True
    return any(t in cited for t in aligned_to.get(clause.id, ()))


def _aligned_to(clauses: Mapping[str, Clause]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for c in clauses.values():
        if c.aligned is not None:
            out.setdefault(c.aligned, []).append(c.id)
    return out


# --------------------------------------------------------------------------- helpers


def _subject(game: Game, ident: str) -> str:
    """A ruling or invariant ID without its namespace (``cp.final_tie`` -> ``final_tie``), so
    finding IDs read ``<game>.<word>.<name>`` whatever prefix the model uses."""
    namespaces = {rid.split(".", 1)[0] for rid in game.ruling_points if "." in rid} | {game.name}
    head, dot, rest = ident.partition(".")
    return rest if dot and head in namespaces else ident


def _witness(res: ExploreResult, actions: Sequence[Action], problem: int, loop: int | None = None) -> Witness:
    return Witness(
        res.config.to_json(), tuple(action_to_json(a) for a in actions), problem, loop
    )


def _replay_provenance(game: Game, actions: Sequence[Action]) -> list[tuple[str, ...]]:
    """Clause IDs of each step of ``actions`` from the root."""
    state = game.root_state()
    out = []
    for a in actions:
        step = game.apply(state, a)
        out.append(step.provenance.clauses)
        state = step.state
    return out


def _final_state(game: Game, actions: Sequence[Action]) -> Any:
    state = game.root_state()
    for a in actions:
        state = game.apply(state, a).state
    return state


def _lift_or_note(res: ExploreResult, node: int, path: Sequence[int] | None = None
                  ) -> tuple[list[Action] | None, str]:
    """The concrete actions to ``node``: along ``path`` (state IDs from the root), trying each ruling
    point's recommended option first, or the search's own shortest path; or a note why not."""
    try:
        if path is None:
            return res.trace_to(node), ""
        return res.lift(list(path), prefer=_recommended_action(res.game))[0], ""
    except RulecheckError as exc:
        return None, f" (No replayable witness: {exc})"


def _incomplete_note(res: ExploreResult) -> str:
    if res.complete:
        return ""
    return (
        f" The search stopped early ({res.stop_reason}, {res.distinct} states), so there may be"
        " more such states."
    )


# --------------------------------------------------------------------------- per configuration


TELLING_LOOKS = 200
"""How many states at which a ruling point is open :func:`telling_nodes` looks at, per ruling point,
for one where its options make a difference."""

AGREEING_VISITS = 100_000
"""How many states :func:`telling_nodes` visits along the searched graph answering every ruling point
as recommended, looking for witnesses whose traces agree with the errata."""


@dataclass(frozen=True)
class Telling:
    """Where the witness of an open ruling point ends: the state ``node``; ``path``, the state IDs
    from the root to it along which every ruling point is answered by its recommended option, or
    None for the search's own shortest path."""

    node: int
    path: tuple[int, ...] | None


def telling_nodes(res: ExploreResult) -> dict[str, Telling]:
    """For each ruling point the search left open, a state at which its options lead to different
    states (:func:`~rulecheck.core.game.options_differ`), best first:

    - the first reached on the searched graph with every ruling point on the way answered by its
      recommended option (:func:`_agreeing_nodes`), so that the example the errata print from it
      agrees with the other errata;
    - else the first in search order (the shortest trace), among the first :data:`TELLING_LOOKS`
      states at which it is open.

    A ruling point none of those shows is left out. The engine may ask a question where every
    answer plays the same (a Skip on a player with no card when nobody holds one): such a witness
    shows where the question is asked, not why it matters."""
    game, states, firsts = res.game, res.states, res.pending_first
    found = _agreeing_nodes(res)
    looks: dict[str, int] = {}
    left = set(firsts) - set(found)
    for j in range(min((firsts[r] for r in left), default=res.distinct), res.distinct):
        if not left:
            break
        s = states[j]
        if type(s) is not Pending or s.ruling not in left:
            continue
        rid = s.ruling
        looks[rid] = looks.get(rid, 0) + 1
        if options_differ(game, s):
            found[rid] = Telling(j, None)
            left.discard(rid)
        elif looks[rid] >= TELLING_LOOKS:
            left.discard(rid)
    return found


def _agreeing_nodes(res: ExploreResult) -> dict[str, Telling]:
    """A breadth-first walk of the searched graph that follows, at each open ruling point, only its
    recommended option (at most :data:`AGREEING_VISITS` states): for each ruling point, the first
    state reached where its options lead to different states (among the first
    :data:`TELLING_LOOKS` where it is open), with its path."""
    game, states, succ, offsets = res.game, res.states, res.succ, res.offsets
    points = game.ruling_points
    left = set(res.pending_first)
    found: dict[str, Telling] = {}
    if not left or not res.distinct:
        return found
    looks: dict[str, int] = {}
    parent = {0: -1}
    queue = deque([0])
    while queue and left and len(parent) <= AGREEING_VISITS:
        u = queue.popleft()
        s = states[u]
        if type(s) is Pending:
            rid = s.ruling
            if rid in left:
                looks[rid] = looks.get(rid, 0) + 1
                if options_differ(game, s):
                    found[rid] = Telling(u, _path(parent, u))
                    left.discard(rid)
                elif looks[rid] >= TELLING_LOOKS:
                    left.discard(rid)
            if u >= res.expanded:
                continue
            rp = points[rid]
            nexts: Sequence[int] = (succ[offsets[u] + rp.option_ids.index(rp.recommended)],)
        elif u >= res.expanded:
            continue
        else:
            nexts = succ[offsets[u] : offsets[u + 1]]
        for v in nexts:
            if v not in parent:
                parent[v] = u
                queue.append(v)
    return found


def _path(parent: Mapping[int, int], node: int) -> tuple[int, ...]:
    out = [node]
    while parent[node] >= 0:
        node = parent[node]
        out.append(node)
    return tuple(reversed(out))


def _agrees(game: Game, actions: Sequence[Action]) -> bool:
    """Whether ``actions`` answer every ruling point on the way with its recommended option."""
    points = game.ruling_points
    return all(a[2] == points[a[1]].recommended for a in actions if a[0] == "ruling")


def _recommended_action(game: Game) -> Any:
    """For :meth:`ExploreResult.lift`: at a pending state, its ruling point's recommended option."""
    def prefer(state: Any) -> Action | None:
        if type(state) is not Pending:
            return None
        return ("ruling", state.ruling, game.ruling_points[state.ruling].recommended)
    return prefer


def find_rulings_open(res: ExploreResult) -> list[Finding]:
    """A gap or conflict finding for every open ruling point a reachable state reaches. Its witness
    is a trace to a state where the ruling point's options lead to different states
    (``data["options_differ"]``), preferably one that answers every ruling point on the way as
    recommended (``data["on_recommended"]``), else the shortest trace to it (:func:`telling_nodes`)."""
    game = res.game
    telling = telling_nodes(res)
    out = []
    for rid, first in sorted(res.pending_first.items()):
        rp = game.ruling_points[rid]
        tell = telling.get(rid)
        actions, note = _lift_or_note(res, first) if tell is None else _lift_or_note(res, tell.node, tell.path)
        agreed = actions is not None and _agrees(game, actions)
        count = res.pending_count.get(rid, 0)
        asked = actions is not None and any(a[0] == "ruling" for a in actions)
        if actions is None:
            trace = ""
        elif tell is not None:
            trace = ("; the shortest trace to one where its options lead to different states"
                     + (" and every question on the way is answered as its erratum answers it" if agreed and asked
                        else "") + f" has {len(actions)} steps")
            if not agreed:
                trace += (" (it answers another question on the way otherwise than its erratum: no trace that "
                          "answers them all so was found)")
        else:
            trace = (f"; the shortest trace has {len(actions)} steps (at none of the first {TELLING_LOOKS} such "
                     "states do its options lead to different states)")
        detail = (
            f"{rp.question} Under ruleset {res.config.ruleset!r} play reaches this point: {ruling_problem(rp.kind)}. "
            f"{count} distinct reachable state(s) of {res.config.label()} lead here{trace}."
            + _incomplete_note(res) + note
        )
        out.append(ruling_finding(game, rid, detail, res.config.to_json(),
                                  None if actions is None else _witness(res, actions, len(actions) - 1),
                                  res.complete, {"states": count, "options_differ": tell is not None,
                                                 "on_recommended": agreed}))
    return out


def ruling_problem(kind: str) -> str:
    """What an open ruling point of ``kind`` (gap or conflict) means, in words."""
    return "the text does not say what happens" if kind == "gap" else "two clauses say different things"


def ruling_finding(game: Game, rid: str, detail: str, config: Mapping[str, Any], witness: Witness | None,
                   verified: bool, data: Mapping[str, Any]) -> Finding:
    """The gap or conflict finding of ruling point ``rid`` (its kind), seen on ``config``."""
    rp = game.ruling_points[rid]
    kind = rp.kind
    return Finding(
        id=finding_id(game.name, kind, _subject(game, rid)),
        game=game.name,
        kind=kind,
        severity=DEFAULT_SEVERITY[kind],
        title=f"{'Gap' if kind == 'gap' else 'Conflict'}: {rp.question}",
        detail=detail,
        clauses=tuple(rp.clauses),
        ruling=rid,
        configs=(config,),
        witness=witness,
        verified=verified,
        data=dict(data),
    )


def find_deadlocks(res: ExploreResult) -> list[Finding]:
    """One finding per variant: states that are not over but where nobody can act."""
    if not res.deadlocks:
        return []
    game = res.game
    node = res.deadlocks[0]
    actions, note = _lift_or_note(res, node)
    clauses: tuple[str, ...] = ()
    picture = ""
    if actions is not None:
        cl = _replay_provenance(game, actions)
        clauses = cl[-1] if cl else ()
        picture = f" The shortest trace ends in: {game.describe_state(_final_state(game, actions))}."
    return [
        Finding(
            id=finding_id(game.name, "deadlock", res.config.variant),
            game=game.name,
            kind="deadlock",
            severity=DEFAULT_SEVERITY["deadlock"],
            title=f"Play can get stuck ({res.config.variant}): the game is not over but nobody can act",
            detail=(
                f"{len(res.deadlocks)} reachable state(s) of {res.config.label()} are not terminal and "
                f"have no legal action.{picture}" + _incomplete_note(res) + note
            ),
            clauses=clauses,
            configs=(res.config.to_json(),),
            witness=None if actions is None else _witness(res, actions, len(actions) - 1),
            verified=res.complete,
            data={"states": len(res.deadlocks)},
        )
    ]


def find_cycles(res: ExploreResult) -> list[Finding]:
    """Non-termination (a cycle) and traps (a cycle with no way to any end), with lassos.

    Where the game states a fairness assumption (:meth:`Game.fairness`), a cycle counts as play
    that goes on for ever only if it keeps it (:func:`analyse_fair_cycles`): a loop that needs
    an unfair move every time round (in Chomp!, 'nobody slaps' while someone can win the race)
    is reported, with its lasso, as possible only without the assumption (ID ``unfair-cycle``,
    ``data["fair"]`` False, severity info), and the errata leave it out. Traps (no end reachable
    whatever anyone does) do not depend on it."""
    analysis = analyse_cycles(res)
    game = res.game
    out = []
    fair_graph = analyse_fair_cycles(res, analysis) if analysis.first_cyclic_state() is not None else None
    # the loop to report: (entry state, states on such loops, its graph, that graph's arrays, fair?)
    cycle: tuple[int | None, int, CycleAnalysis, Any, bool | None]
    if fair_graph is None:
        cycle = (analysis.first_cyclic_state(), analysis.cyclic_states(), analysis, None, None)
    elif fair_graph[0].first_cyclic_state() is not None:
        fair, arrays = fair_graph
        cycle = (fair.first_cyclic_state(), fair.cyclic_states(), fair, arrays, True)
    else:
        cycle = (analysis.first_cyclic_state(), analysis.cyclic_states(), analysis, None, False)
    specs = (
        ("non-termination", "cycle", *cycle),
        ("trap", "trap", analysis.first_trap_state(), analysis.trap_states(), analysis, None, None),
    )
    for kind, word, entry, count, where, arrays, is_fair in specs:
        if entry is None:
            continue
        loop = shortest_loop(res, where, entry, arrays)
        try:
            actions, loop_start = res.lasso(entry, loop)
        except RulecheckError as exc:
            actions, loop_start, note = None, None, f" (No replayable witness: {exc})"
        else:
            note = ""
        clauses: tuple[str, ...] = ()
        if actions is not None:
            per_step = _replay_provenance(game, actions)
            clauses = tuple(dict.fromkeys(c for step in per_step[loop_start:] for c in step))
        if kind == "trap":
            title = f"Play can enter a loop it can never leave ({res.config.variant})"
            what = (
                f"{count} reachable state(s) of {res.config.label()} can never reach the end of the game; "
                "from them play goes round forever whatever anyone does."
            )
        elif is_fair is False:
            title = f"Play goes on forever only if players let a winning move pass ({res.config.variant})"
            what = (f"{count} reachable state(s) of {res.config.label()} lie on cycles, but every one of those "
                    f"loops needs a move the fairness assumption rules out each time round ({game.fairness()}). "
                    "Under that assumption no play goes on forever here.")
        else:
            title = f"Play can go on forever ({res.config.variant})"
            what = f"{count} reachable state(s) of {res.config.label()} lie on cycles: play can repeat forever."
            if is_fair:
                what += f" The loop keeps the fairness assumption ({game.fairness()})."
        shape = (
            ""
            if actions is None
            else f" Shortest lasso found: {loop_start} step(s) to the loop, then a loop of "
            f"{len(actions) - (loop_start or 0)} step(s) that returns to exactly the same state."
        )
        data: dict[str, Any] = {"states": count}
        if is_fair is not None:
            data["fair"] = is_fair
            data["fairness"] = game.fairness()
        out.append(
            Finding(
                id=finding_id(game.name, "unfair-cycle" if is_fair is False else word, res.config.variant),
                game=game.name,
                kind=kind,
                severity="info" if is_fair is False else DEFAULT_SEVERITY[kind],
                title=title,
                detail=what + shape + _incomplete_note(res) + note,
                clauses=clauses,
                configs=(res.config.to_json(),),
                witness=None if actions is None else _witness(res, actions, loop_start or 0, loop_start),
                verified=res.complete,
                data=data,
            )
        )
    return out


def find_invariant_violations(res: ExploreResult) -> list[Finding]:
    """One finding per invariant or rulebook claim that fails at some reachable state."""
    game = res.game
    out = []
    for vid, (node, violation) in sorted(res.violations_first.items()):
        actions, note = _lift_or_note(res, node)
        message = violation.message
        if actions is not None:
            state = _final_state(game, actions)
            if not isinstance(state, Pending):
                found = [v for v in game.invariants(state) if v.id == vid]
                if found:
                    message = found[0].message
        count = res.violation_count.get(vid, 0)
        out.append(
            Finding(
                id=finding_id(game.name, "invariant", _subject(game, vid)),
                game=game.name,
                kind="invariant",
                severity=DEFAULT_SEVERITY["invariant"],
                title=f"Invariant or rulebook claim fails: {vid}",
                detail=(
                    f"{message} ({count} reachable state(s) of {res.config.label()} break it.)"
                    + _incomplete_note(res) + note
                ),
                clauses=tuple(violation.clauses),
                configs=(res.config.to_json(),),
                witness=None if actions is None else _witness(res, actions, len(actions) - 1),
                verified=res.complete,
                data={"states": count, "invariant": vid},
            )
        )
    return out


def config_findings(res: ExploreResult, *, rulings: bool = True, behaviour: bool = True) -> list[Finding]:
    """The per-configuration detectors: open rulings (``rulings``) and deadlocks, cycles,
    traps and invariants (``behaviour``)."""
    out: list[Finding] = []
    if rulings:
        out += find_rulings_open(res)
    if behaviour:
        out += find_deadlocks(res)
        out += find_cycles(res)
        out += find_invariant_violations(res)
    return out


# --------------------------------------------------------------------------- across configurations


@dataclass(frozen=True)
class Reach:
    """What one search reached, kept after its state store is dropped (for absence claims)."""

    config: Config
    complete: bool
    distinct: int
    stop_reason: str
    clauses: frozenset[str]
    rulings: frozenset[str]
    outcomes: frozenset[str]

    @classmethod
    def of(cls, res: ExploreResult) -> Reach:
        return cls(
            res.config,
            res.complete,
            res.distinct,
            res.stop_reason,
            frozenset(res.clauses_cited),
            frozenset(res.rulings_first) | frozenset(res.pending_first),
            frozenset(res.outcomes_first),
        )


def _configs_note(results: Sequence[Reach]) -> str:
    done = [r.config.label() for r in results if r.complete]
    partial = [f"{r.config.label()} (stopped at {r.distinct} states)" for r in results if not r.complete]
    text = f"Explored exhaustively: {', '.join(done) or 'none'}."
    if partial:
        text += f" Explored in part: {', '.join(partial)}."
    return text


def _by_design(game: Game) -> str:
    return (f" The book itself takes these cards out of play with this many players "
            f"({', '.join(game.player_count_clauses())}): so on the full deck too, by design, not a defect.")


def find_dead(
    game: Game,
    results: Sequence[Reach | ExploreResult],
    reach_results: Sequence[Reach | ExploreResult] = (),
    clauses: Mapping[str, Clause] | None = None,
    static: Iterable[str] | None = None,
) -> list[Finding]:
    """Dead rules, unreached ruling points and unreachable outcomes of one game.

    ``results`` are the searches under the chosen ruleset; ``reach_results`` more searches (e.g.
    under ``raw``: every option of every ruling point) that also count as reaching a clause, a
    ruling point or an ending: a sentence that only the chosen ruleset sets aside (its ruling
    replaces it) is live text, not a dead rule. A thing is dead only if no search of the game
    reaches it, and is reported only if at least one search was complete; ``verified`` only if
    all were. What the book itself takes out of play for the searches' player counts
    (:meth:`Game.out_of_play_clauses`: the rules of cards tossed out at set-up) is no finding.
    """
    runs = [r if isinstance(r, Reach) else Reach.of(r) for r in results]
    extra = [r if isinstance(r, Reach) else Reach.of(r) for r in reach_results]
    name = game.name
    complete = [r for r in runs if r.complete]
    if not complete:
        return []
    all_complete = len(complete) == len(runs) and all(r.complete for r in extra)
    configs = tuple(r.config.to_json() for r in runs)
    note = _configs_note([*runs, *extra])
    by_design = frozenset.intersection(*(frozenset(game.out_of_play_clauses(r.config.players)) for r in runs))
    out: list[Finding] = []

    if clauses is None:
        clauses = normative_clauses(name)
    if clauses is not None:
        static_set = frozenset(static if static is not None else static_citations(name))
        dynamic: set[str] = set()
        for r in (*runs, *extra):
            dynamic |= r.clauses
        for claim_clauses in game.claims().values():  # checked at every state, not applied
            dynamic.update(claim_clauses)
        aligned_to = _aligned_to(clauses)
        dead = [
            cid for cid, clause in sorted(clauses.items())
            # never cited at all is a coverage hole (find_coverage_holes), not a dead rule
            if _cited(clause, static_set, aligned_to) and not _cited(clause, dynamic, aligned_to)
        ]
        dead_set = set(dead)
        for cid in dead:
            clause = clauses[cid]
            if clause.aligned is not None and clause.aligned in dead_set:
                continue  # a translation of a dead original: listed with the original
            translations = tuple(t for t in aligned_to.get(cid, ()) if t in dead_set)
            out.append(
                Finding(
                    id=finding_id(name, "dead-rule", cid),
                    game=name,
                    kind="dead-rule",
                    severity="info" if cid in by_design else DEFAULT_SEVERITY["dead-rule"],
                    title=f"Rule never applies: {cid}",
                    detail=(
                        f"The model cites {cid} (\"{' '.join(clause.text.split())}\") but no transition of any "
                        f"explored play applies it. {note}" + (_by_design(game) if cid in by_design else "")
                    ),
                    clauses=(cid, *translations),
                    configs=configs,
                    verified=all_complete,
                    data={"out_of_play": True} if cid in by_design else {},
                )
            )

    reached: set[str] = set()
    for r in (*runs, *extra):
        reached |= r.rulings
    in_play_cards = frozenset(game.card_clauses()) - by_design  # rules of cards not tossed out
    for rid, rp in game.ruling_points.items():
        if rid in reached:
            continue
        # a question about a card tossed out (and about no card still in play)
        out_of_play = bool(set(rp.clauses) & by_design) and not set(rp.clauses) & in_play_cards
        out.append(
            Finding(
                id=finding_id(name, "dead-ruling", _subject(game, rid)),
                game=name,
                kind="dead-rule",
                severity="info",
                title=f"Ruling point never reached: {rid}",
                detail=f"No explored play consults ruling point {rid} ({rp.question}). {note}"
                + (_by_design(game) if out_of_play else ""),
                clauses=tuple(rp.clauses),
                ruling=rid,
                configs=configs,
                verified=all_complete,
                data={"out_of_play": True} if out_of_play else {},
            )
        )

    outcomes: set[str] = set()
    for r in (*runs, *extra):
        outcomes |= r.outcomes
    for outcome, oclauses in sorted(game.declared_outcomes().items()):
        if outcome in outcomes:
            continue
        out.append(
            Finding(
                id=finding_id(name, "unreachable-outcome", outcome),
                game=name,
                kind="unreachable-outcome",
                severity=DEFAULT_SEVERITY["unreachable-outcome"],
                title=f"Outcome never reached: {outcome}",
                detail=f"The rulebook describes the ending {outcome!r}, but no explored play ends that way. {note}",
                clauses=tuple(oclauses),
                configs=configs,
                verified=all_complete,
                data={"outcome": outcome},
            )
        )
    return out


def find_coverage_holes(
    game: str, clauses: Mapping[str, Clause] | None = None, static: Iterable[str] | None = None
) -> list[Finding]:
    """Normative clauses that the model's code never cites (static)."""
    if clauses is None:
        clauses = normative_clauses(game)
    if clauses is None:
        return []
    static_set = frozenset(static if static is not None else static_citations(game))
    aligned_to = _aligned_to(clauses)
    out = []
    for cid, clause in sorted(clauses.items()):
        if _cited(clause, static_set, aligned_to):
            continue
        out.append(
            Finding(
                id=finding_id(game, "coverage", cid),
                game=game,
                kind="coverage",
                severity=DEFAULT_SEVERITY["coverage"],
                title=f"Clause not modelled: {cid}",
                detail=(
                    f"The normative clause {cid} (\"{' '.join(clause.text.split())}\") is not cited anywhere in "
                    "the model's code: either the model does not implement it, or it implements it without "
                    "saying so."
                ),
                clauses=(cid,),
                verified=True,
                source="coverage",
            )
        )
    return out
