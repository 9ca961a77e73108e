"""The exhaustive search spread over a cluster: states owned by hash, as distributed SPIN and TLC do.

:func:`explore_partitioned` runs the breadth-first search of :func:`~rulecheck.check.explore.explore`
on a Dask cluster (:mod:`rulecheck.cluster`). The state space is cut into ``partitions`` parts by a
hash of each state's exact byte encoding (``game.pack``); each part is held by one
:class:`Partition`, a Dask actor on one worker, which stores the states it owns and expands them.

The search goes one BFS level at a time (the client drives; the workers do the work):

1. every partition expands the states of the level it owns and sorts each successor into an
   outbox by its owner (``crc32`` of its encoding, the same on every machine);
2. a task on each owner's worker fetches the outboxes bound for it straight from the other
   workers (they never pass through the client); the owner looks its arrivals up in its own
   store, and keeps each state it had never seen with the transition that reached it first,
   ``(parent, action)``;
3. the client merges the owners' new states in the order of those transitions and numbers them:
   that is the order in which the one-process search, which expands states in number order and
   actions in order, first meets them, so every state gets the same number as there;
4. each owner learns its new states' numbers, checks the invariants on them and sends back the
   numbers its arrivals resolve to, which the client writes into the successor arrays.

The result is an :class:`~rulecheck.check.explore.ExploreResult` equal to the one-process
search's, state for state and edge for edge (the tests check it), so the same detectors, cycle
and trap analyses and witnesses run on it unchanged. What stays on the workers: the hash tables,
the expansions (the engine's steps, the symmetry reduction, the encoding), the exchange of
successors and the lookups; what reaches the client: per level, each new state's first
transition and each transition's target number (for the graph's arrays, which it keeps as the
one-process search does) and, at the end, the encoded states (about 90 bytes each for Chomp!),
gathered in number order.

A bound (``max_states``, ``max_seconds``) is checked between levels: a stopped search is
*incomplete* and says so, but it stops at a level's end, not at the state where the one-process
search would stop, so only complete searches are the same search.
"""

from __future__ import annotations

import contextlib
import heapq
import time
import zlib
from array import array
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from rulecheck.check.explore import Config, ExploreResult, PackedStates, Progress, _decoder, _encoder, expansion
from rulecheck.check.frontier import note_violations
from rulecheck.check.store import StateStore
from rulecheck.cluster import CONNECT_SECONDS
from rulecheck.core.errors import RulecheckError
from rulecheck.core.game import Game, Pending, Violation

if TYPE_CHECKING:  # pragma: no cover
    from distributed import Client

__all__ = ["Partition", "explore_partitioned", "owner_of"]


def owner_of(encoded: bytes, partitions: int) -> int:
    """The partition that owns a state, from its exact encoding: the same on every machine and
    in every process (unlike Python's ``hash``, which ``PYTHONHASHSEED`` changes)."""
    return zlib.crc32(encoded) % partitions


@dataclass
class _Outbox:
    """The transitions of one level bound for one owner: parent number, action index, encoded
    successor (``blob[starts[k]:starts[k + 1]]``) and, where the step left a ruling open, its ID."""

    parents: array = field(default_factory=lambda: array("q"))
    actions: array = field(default_factory=lambda: array("q"))
    starts: array = field(default_factory=lambda: array("q", [0]))
    blob: bytearray = field(default_factory=bytearray)
    gaps: dict[int, str] = field(default_factory=dict)

    def append(self, parent: int, action: int, encoded: bytes, gap: str | None) -> None:
        if gap is not None:
            self.gaps[len(self.parents)] = gap
        self.parents.append(parent)
        self.actions.append(action)
        self.blob += encoded
        self.starts.append(len(self.blob))

    def __len__(self) -> int:
        return len(self.parents)

    def items(self) -> Iterator[tuple[int, int, bytes, str | None]]:
        blob, starts, gaps = bytes(self.blob), self.starts, self.gaps
        for k in range(len(self.parents)):
            yield self.parents[k], self.actions[k], blob[starts[k]:starts[k + 1]], gaps.get(k)


@dataclass
class _Expanded:
    """What a partition's expansion of one level reports to the client (everything but the
    outboxes, which stay on the worker until delivered)."""

    counts: list[tuple[int, int]]  # (state number, how many actions it has), for every expanded state
    transitions: int
    clauses: set[str]
    rulings_first: dict[str, int]
    terminals: list[int]
    deadlocks: list[int]
    outcomes: dict[Any, tuple[int, int]]  # outcome -> (first state, count)


@dataclass
class _Assigned:
    """What a partition sends back once its new states are numbered: where every arrival went,
    and what the new states showed (open rulings, broken invariants)."""

    parents: array
    actions: array
    targets: array
    pending: dict[str, tuple[int, int]]  # ruling -> (first state, count)
    violations: dict[str, tuple[int, Violation, int]]  # invariant -> (first state, violation, count)


class Partition:
    """One part of a partitioned search, run as a Dask actor: the states whose encoding
    :func:`owner_of` gives to ``index``, stored in a :class:`StateStore`, with their numbers in
    the whole search, and the ones of the current level still to expand."""

    def __init__(self, config: dict[str, Any], index: int, partitions: int, symmetry: bool,
                 check_invariants: bool) -> None:
        self.game: Game = Config.from_json(config).load()
        self.index = index
        self.partitions = partitions
        self.symmetry = symmetry
        self.check_invariants = check_invariants
        self.encode = _encoder(self.game)
        self.decode = _decoder(self.game)
        self.store = StateStore()
        self.numbers = array("q")  # local index -> number in the whole search
        self.frontier: list[int] = []  # local indices to expand, by number
        self.outboxes: list[_Outbox] = []
        self.fresh: dict[int, tuple[int, int, str | None]] = {}  # new local index -> first (parent, action, gap)
        self.arrivals: list[tuple[int, int, int]] = []  # (parent, action, local index)
        self.seen_clauses: set[tuple[str, ...]] = set()

    def seed(self, root: bytes) -> list[tuple[str, Violation]]:
        """Take the root (number 0) if this partition owns it; the invariants it breaks."""
        if owner_of(root, self.partitions) != self.index:
            return []
        self.numbers.append(self.store.add(root))
        self.frontier = [0]
        if not self.check_invariants:
            return []
        return [(v.id, v) for v in self.game.invariants(self.decode(root))]

    def expand(self) -> _Expanded:
        """Expand this partition's states of the current level, as :func:`explore` expands a
        state (Pending: its options; chance: every outcome, lazily; terminal: its outcome)."""
        game, encode, partitions = self.game, self.encode, self.partitions
        canon = game.canonical if self.symmetry else None
        apply = game.apply_unchecked
        self.outboxes = [_Outbox() for _ in range(partitions)]
        report = _Expanded([], 0, set(), {}, [], [], {})
        for local in self.frontier:
            i = self.numbers[local]
            s = self.decode(self.store[local])
            actions = expansion(game, s)
            if actions is None:  # terminal
                report.terminals.append(i)
                o = game.outcome(s)
                first, n = report.outcomes.get(o, (i, 0))
                report.outcomes[o] = (min(first, i), n + 1)
                report.counts.append((i, 0))
                continue
            if not actions:
                report.deadlocks.append(i)
            n_actions = 0
            for a_idx, action in enumerate(actions):
                step = apply(s, action)
                n_actions += 1
                prov = step.provenance
                if prov.clauses and prov.clauses not in self.seen_clauses:
                    self.seen_clauses.add(prov.clauses)
                    report.clauses.update(prov.clauses)
                for r in prov.rulings:
                    if r not in report.rulings_first or i < report.rulings_first[r]:
                        report.rulings_first[r] = i
                t = step.state
                key = t if canon is None or type(t) is Pending else canon(t)
                encoded = encode(key)
                self.outboxes[owner_of(encoded, partitions)].append(i, a_idx, encoded, prov.gap)
            report.counts.append((i, n_actions))
            report.transitions += n_actions
        self.frontier = []
        return report

    def outbox(self, owner: int) -> _Outbox:
        """The transitions of this level bound for partition ``owner`` (handed over once)."""
        box = self.outboxes[owner]
        self.outboxes[owner] = _Outbox()
        return box

    def receive(self, boxes: list[_Outbox]) -> tuple[array, array]:
        """Look up this level's arrivals; return the (parent, action) that first reached each state
        never seen before, in that order (the order the one-process search meets them)."""
        store, fresh, arrivals = self.store, self.fresh, self.arrivals
        fresh.clear()
        arrivals.clear()
        for box in boxes:
            for parent, action, encoded, gap in box.items():
                local = store.get(encoded)
                if local is None:
                    local = store.add(encoded)
                    fresh[local] = (parent, action, gap)
                elif local in fresh and (parent, action) < fresh[local][:2]:
                    fresh[local] = (parent, action, gap)
                arrivals.append((parent, action, local))
        order = sorted(fresh, key=lambda local: fresh[local][:2])
        self.frontier = order
        return array("q", (fresh[x][0] for x in order)), array("q", (fresh[x][1] for x in order))

    def number(self, numbers: array) -> _Assigned:
        """Take the numbers the client gave this level's new states (in :meth:`receive`'s order),
        check the invariants on them, and say where every arrival went."""
        self.numbers.extend(array("q", [-1]) * (len(self.store) - len(self.numbers)))
        for local, n in zip(self.frontier, numbers, strict=True):
            self.numbers[local] = n
        pending: dict[str, tuple[int, int]] = {}
        violations: dict[str, tuple[int, Violation, int]] = {}
        for local in self.frontier:
            gap = self.fresh[local][2]
            n = self.numbers[local]
            if gap is not None:
                first, count = pending.get(gap, (n, 0))
                pending[gap] = (min(first, n), count + 1)
            elif self.check_invariants:
                for v in self.game.invariants(self.decode(self.store[local])):
                    old = violations.get(v.id)
                    if old is None:
                        violations[v.id] = (n, v, 1)
                    else:
                        violations[v.id] = (old[0], old[1], old[2] + 1) if old[0] < n else (n, v, old[2] + 1)
        parents, actions, targets = array("q"), array("q"), array("q")
        for parent, action, local in self.arrivals:
            parents.append(parent)
            actions.append(action)
            targets.append(self.numbers[local])
        self.arrivals.clear()
        self.fresh.clear()
        return _Assigned(parents, actions, targets, pending, violations)

    def states(self) -> tuple[array, bytes, array]:
        """Every state this partition owns, by number: the numbers, the encodings end to end and
        where each starts."""
        order = sorted(range(len(self.numbers)), key=self.numbers.__getitem__)
        numbers, starts, blob = array("q"), array("q", [0]), bytearray()
        for local in order:
            numbers.append(self.numbers[local])
            blob += self.store[local]
            starts.append(len(blob))
        return numbers, bytes(blob), starts


def _pull(owner: Any, sources: list[Any], index: int) -> tuple[array, array]:
    """A task on the worker of partition ``index`` (``owner``): fetch every partition's outbox for
    it from that partition's worker (the transitions never pass through the client), and hand
    them to the owner; what :meth:`Partition.receive` returns."""
    boxes = [src.outbox(index) for src in sources]  # asked of every worker at once
    return owner.receive([box.result() for box in boxes]).result()  # type: ignore[no-any-return]


def _firsts(owner: int, parents: array, actions: array) -> Iterator[tuple[int, int, int, int]]:
    """An owner's new states as (parent, action, owner, rank), in the order :meth:`Partition.receive` gave."""
    for rank, (p, a) in enumerate(zip(parents, actions, strict=True)):
        yield p, a, owner, rank


def _merge_states(parts: list[tuple[array, bytes, array]]) -> Iterator[tuple[int, bytes]]:
    """The partitions' states (each part's in number order) merged into one sequence by number."""

    def each(numbers: array, blob: bytes, starts: array) -> Iterator[tuple[int, bytes]]:
        for k, n in enumerate(numbers):
            yield n, blob[starts[k]:starts[k + 1]]

    return heapq.merge(*(each(*p) for p in parts))


def explore_partitioned(
    client: Client,
    config: Config,
    *,
    partitions: int | None = None,
    symmetry: bool = True,
    check_invariants: bool = True,
    max_states: int | None = None,
    max_seconds: float | None = None,
    progress: Progress | None = None,
) -> ExploreResult:
    """Breadth-first search of ``config`` on the cluster behind ``client``, states owned by hash.

    ``partitions`` (default: one per worker) parts are placed on the workers in turn. The game
    must have an exact byte encoding (``game.pack``): :class:`RulecheckError` otherwise. Every
    worker loads ``config`` itself (a ruleset given as a file must be readable there).

    Returns the :class:`ExploreResult` the one-process :func:`explore` with ``compact`` gives
    (states numbered alike; ``complete`` false if a bound stopped it at a level's end).
    """
    game = config.load()
    root = game.root_state()
    root_key = game.canonical(root) if symmetry else root
    if game.pack(root_key) is None:
        raise RulecheckError(f"{config.label()}: {game.name} has no compact state encoding "
                             "(Game.pack), which a partitioned search needs to own states by hash")
    workers = sorted(client.scheduler_info()["workers"])
    if not workers:
        # the client's view of the cluster may lag behind workers that are (re)starting: ask again
        with contextlib.suppress(OSError, TimeoutError):
            client.wait_for_workers(1, timeout=CONNECT_SECONDS)
        workers = sorted(client.scheduler_info()["workers"])
    if not workers:
        raise RulecheckError(f"the cluster has no workers (none joined within {CONNECT_SECONDS:g} s)")
    parts = partitions or len(workers)
    if parts < 1:
        raise RulecheckError(f"partitions must be at least 1, not {parts}")
    placed = [workers[k % len(workers)] for k in range(parts)]
    try:
        return _search(client, config, game, _encoder(game)(root_key), placed, symmetry, check_invariants,
                       max_states, max_seconds, progress)
    except (OSError, RuntimeError) as exc:  # a worker lost (its partition's states with it), a connection cut
        raise RulecheckError(f"{config.label()}: the partitioned search stopped: {type(exc).__name__}: {exc} "
                             "(a partition's states live only on its worker: run the search again)") from exc


def _search(client: Client, config: Config, game: Game, encoded_root: bytes, placed: list[str], symmetry: bool,
            check_invariants: bool, max_states: int | None, max_seconds: float | None,
            progress: Progress | None) -> ExploreResult:
    """:func:`explore_partitioned` once its arguments are checked: one partition per entry of
    ``placed`` (the worker it lives on)."""
    parts = len(placed)
    t0 = time.monotonic()
    deadline = None if max_seconds is None else t0 + max_seconds
    futures = [client.submit(Partition, config.to_json(), k, parts, symmetry, check_invariants,
                             actor=True, workers=[placed[k]], pure=False)
               for k in range(parts)]
    actors = [f.result() for f in futures]

    parent, parent_action = array("i", [-1]), array("i", [-1])
    offsets, succ = array("q", [0]), array("i")
    res = ExploreResult(game, config, symmetry, False, "", 0, 0, [], {}, parent, parent_action, offsets, succ)
    seeded = [a.seed(encoded_root) for a in actors]
    for found in seeded:
        note_violations(res, 0, [v for _, v in found.result()])
    distinct, expanded, level_end = 1, 0, 1
    stop = "exhausted"
    while expanded < distinct:
        if max_states is not None and distinct >= max_states:
            stop = "max-states"
            break
        if deadline is not None and time.monotonic() >= deadline:
            stop = "max-seconds"
            break
        reports = [f.result() for f in [a.expand() for a in actors]]
        # every state of the level has a slot in succ, in number order
        counts = sorted(c for r in reports for c in r.counts)
        if [i for i, _ in counts] != list(range(expanded, level_end)):
            raise RulecheckError(f"partitioned search: the partitions expanded {len(counts)} states of a level of "
                                 f"{level_end - expanded} (states {expanded}-{level_end - 1})")
        for _, n in counts:
            succ.extend(array("i", [0]) * n)
            offsets.append(len(succ))
        _merge_level(res, reports)
        # each owner's worker fetches its arrivals straight from the other workers
        received = client.gather([client.submit(_pull, actors[k], actors, k, workers=[placed[k]], pure=False)
                                  for k in range(parts)])
        # number the new states in the order their first transitions come in the one-process search
        merged = heapq.merge(*(_firsts(k, *got) for k, got in enumerate(received)))
        numbers = [array("q", [0]) * len(got[0]) for got in received]
        for p, a, k, r in merged:
            numbers[k][r] = distinct
            parent.append(p)
            parent_action.append(a)
            distinct += 1
        assigned = [f.result() for f in [a.number(n) for a, n in zip(actors, numbers, strict=True)]]
        for got in assigned:
            for p, a, j in zip(got.parents, got.actions, got.targets, strict=True):
                succ[offsets[p] + a] = j
            for g, (first, count) in got.pending.items():
                old = res.pending_first.get(g)
                res.pending_first[g] = first if old is None else min(old, first)
                res.pending_count[g] = res.pending_count.get(g, 0) + count
            for vid, (first, v, count) in got.violations.items():
                old_v = res.violations_first.get(vid)
                if old_v is None or first < old_v[0]:
                    res.violations_first[vid] = (first, v)
                res.violation_count[vid] = res.violation_count.get(vid, 0) + count
        expanded, level_end = level_end, distinct
        if progress is not None:
            progress(expanded, distinct, res.transitions, time.monotonic() - t0)
    store = StateStore()
    for n, encoded in _merge_states([f.result() for f in [a.states() for a in actors]]):
        if store.add(encoded) != n:
            raise RulecheckError(f"partitioned search: state {n} is missing or numbered twice")
    res.states, res.index = PackedStates(store, _decoder(game)), store
    res.terminals.sort()
    res.deadlocks.sort()
    res.complete = stop == "exhausted"
    res.stop_reason = stop
    res.expanded = expanded
    res.seconds = time.monotonic() - t0
    del futures, actors
    return res


def _merge_level(res: ExploreResult, reports: list[_Expanded]) -> None:
    """Fold the partitions' reports of one level into ``res`` (first states by minimum)."""
    for r in reports:
        res.transitions += r.transitions
        res.clauses_cited.update(r.clauses)
        for rid, i in r.rulings_first.items():
            if rid not in res.rulings_first or i < res.rulings_first[rid]:
                res.rulings_first[rid] = i
        res.terminals.extend(r.terminals)
        res.deadlocks.extend(r.deadlocks)
        for o, (first, count) in r.outcomes.items():
            old = res.outcomes_first.get(o)
            res.outcomes_first[o] = first if old is None else min(old, first)
            res.outcome_count[o] = res.outcome_count.get(o, 0) + count
