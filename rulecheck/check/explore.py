"""Exhaustive explicit-state exploration of one configured game.

:func:`explore` runs a breadth-first search from ``game.root_state()`` over every chance
outcome (every deal, every reshuffle), every race outcome, every player choice and, at
:class:`~rulecheck.core.game.Pending` states, every option of the open ruling point. States
are reduced by ``game.canonical`` (symmetry) and stored in a plain dict (state -> integer
ID) with parent pointers (shortest witnesses) and a compressed successor list (CSR arrays),
which the cycle and trap analysis walks afterwards.

It runs on the game model as it is: it calls ``legal_actions`` and ``apply_unchecked`` and
records what the transitions' provenance says (clauses cited, rulings consulted, gaps).

Bounds are honest: a search stopped by ``max_states`` or ``max_seconds`` is *incomplete*
(:attr:`ExploreResult.complete` is false), says how far it got, and :meth:`ExploreResult.proved`
claims nothing for it. What it did find (a gap, a deadlock, a cycle) is real all the same.

Witnesses: the search expands the canonical representative of each state, so a path of
state IDs is turned into concrete actions from the real root by :meth:`ExploreResult.lift`,
which at each step picks an action whose result is in the next state's symmetry class.
"""

from __future__ import annotations

import ast
import time
from array import array
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import islice
from types import MappingProxyType
from typing import Any, overload

from rulecheck.check.frontier import expand_all, note_violations
from rulecheck.check.store import StateStore
from rulecheck.core.collector import cyclic_gc_paused
from rulecheck.core.errors import RulecheckError, RulesetError
from rulecheck.core.game import CHANCE, TERMINAL, Action, Game, Pending, Violation, action_to_json
from rulecheck.core.rulings import Ruleset, load_ruleset, load_ruling_points
from rulecheck.games import load_game

__all__ = [
    "Config",
    "ExploreResult",
    "PackedStates",
    "Progress",
    "expansion",
    "explore",
    "successor_classes",
]

Progress = Callable[[int, int, int, float], None]
"""``progress(expanded, distinct, transitions, elapsed_seconds)``."""

@dataclass(frozen=True, order=True)
class Config:
    """One configuration to explore: game, variant, player count, deck, ruleset.

    ``choices`` are ruling options that replace the ruleset's own, as sorted (ruling, option)
    pairs: a search under another option of a ruling point (e.g. Underwater War with the won
    cards under the pile, :mod:`rulecheck.check.war_loops`) names the ruleset it starts from and
    what it changes, so that its witnesses replay (``rulecheck explain``)."""

    game: str
    variant: str
    players: int
    deck: str = "full"
    ruleset: str = "recommended"
    choices: tuple[tuple[str, str], ...] = ()

    def load(self) -> Game:
        return load_game(self.game, self.variant, self.players, self.rules(), self.deck)

    def rules(self) -> str | Ruleset:
        """What :func:`load_game` takes: the ruleset's name or file, or, with ``choices``, that
        ruleset with those options (RulesetError names an unknown ruling point or option)."""
        if not self.choices:
            return self.ruleset
        base = load_ruleset(self.game, self.ruleset)
        points = load_ruling_points(self.game)
        for rid, option in self.choices:
            if rid not in points:
                raise RulesetError(f"configuration {self.label()}: {rid!r} is not a ruling point of {self.game}")
            points[rid].option(option)
        name = "+".join([base.name, *(f"{rid}={option}" for rid, option in self.choices)])
        return Ruleset(self.game, name, MappingProxyType({**base.choices, **dict(self.choices)}), base.base)

    def with_ruleset(self, ruleset: str) -> Config:
        """The same configuration under ``ruleset`` (its own options: no ``choices``)."""
        return Config(self.game, self.variant, self.players, self.deck, ruleset)

    def with_choices(self, choices: Mapping[str, str]) -> Config:
        """The same configuration with ``choices`` replacing the ruleset's options for those
        ruling points (added to the ones it already replaces)."""
        merged = {**dict(self.choices), **choices}
        return Config(self.game, self.variant, self.players, self.deck, self.ruleset, tuple(sorted(merged.items())))

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "game": self.game,
            "variant": self.variant,
            "players": self.players,
            "deck": self.deck,
            "ruleset": self.ruleset,
        }
        if self.choices:
            out["choices"] = dict(self.choices)
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Config:
        try:
            choices = data.get("choices") or {}
            return cls(
                str(data["game"]),
                str(data["variant"]),
                int(data["players"]),
                str(data.get("deck", "full")),
                str(data.get("ruleset", "recommended")),
                tuple(sorted((str(r), str(o)) for r, o in dict(choices).items())),
            )
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise RulecheckError(f"malformed configuration {data!r}: {exc}") from exc

    @classmethod
    def of(cls, game: Game) -> Config:
        c = game.config_json()
        return cls(str(c["game"]), str(c["variant"]), int(c["players"]), str(c["deck"]), str(c["ruleset"]))

    def label(self) -> str:
        changed = "".join(f" {rid}={option}" for rid, option in self.choices)
        return f"{self.game} {self.variant} {self.players}p deck={self.deck} ruleset={self.ruleset}{changed}"


def successor_classes(game: Game, state: Hashable) -> set[Hashable]:
    """The symmetry classes (``game.canonical``) of the states ``state`` leads to in one step,
    through :class:`Pending` states to the states their options lead to: a symmetry reduction is
    exact only if every state has the same ones as its canonical twin."""
    out: set[Hashable] = set()
    todo = [game.apply_unchecked(state, a).state for a in game.expand_actions(state)]
    while todo:
        t = todo.pop()
        if isinstance(t, Pending):
            todo.extend(game.apply_unchecked(t, a).state for a in game.legal_actions(t))
        else:
            out.add(game.canonical(t))
    return out


def expansion(game: Game, state: Hashable) -> Iterable[Action] | None:
    """What a search expands at ``state``: a :class:`Pending` state's options, a chance node's
    outcomes one at a time (however many the step has), a player's legal actions (none: a
    deadlock), as :meth:`Game.expand_actions`; None at a terminal state. :func:`explore` and the
    partitioned search (:mod:`rulecheck.check.partitioned`) both expand states with it, so they
    are the same search."""
    if type(state) is Pending:
        return game.legal_actions(state)
    who = game._current_player(state)
    if who == CHANCE:
        return game._chance_actions(state)
    return None if who == TERMINAL else game.legal_actions(state)


def _encoder(game: Game) -> Callable[[Hashable], bytes]:
    """A state as bytes for a compact search: ``game.pack`` (which never starts with byte 0xFF),
    or a :class:`Pending` state as a 0xFF byte, the length and encoding of the state before it,
    and the ``repr`` of its action, fixed options and ruling point (plain tuples, strings and
    numbers). The encoding is canonical: equal states give equal bytes in any process (a pickle
    would not: it refers back to an object met twice, so it depends on how objects are shared)."""
    pack = game.pack

    def encode(state: Hashable) -> bytes:
        if type(state) is Pending:
            before: bytes = pack(state.before)  # type: ignore[assignment]
            rest = repr((state.action, state.fixed, state.ruling)).encode()
            return b"\xff" + len(before).to_bytes(4, "little") + before + rest
        return pack(state)  # type: ignore[return-value]

    return encode


def _decoder(game: Game) -> Callable[[bytes], Hashable]:
    unpack = game.unpack

    def decode(data: bytes) -> Hashable:
        if data[0] != 0xFF:
            return unpack(data)
        size = int.from_bytes(data[1:5], "little")
        action, fixed, ruling = ast.literal_eval(data[5 + size:].decode())
        return Pending(unpack(data[5:5 + size]), action, fixed, ruling)

    return decode


class PackedStates(Sequence[Hashable]):
    """The states of a compact search (:func:`explore` with ``compact``), kept encoded in a
    :class:`~rulecheck.check.store.StateStore` and decoded when read."""

    def __init__(self, stored: StateStore, unpack: Callable[[bytes], Hashable]) -> None:
        self.stored = stored
        self.unpack = unpack

    def __len__(self) -> int:
        return len(self.stored)

    @overload
    def __getitem__(self, i: int) -> Hashable: ...

    @overload
    def __getitem__(self, i: slice) -> list[Hashable]: ...

    def __getitem__(self, i: int | slice) -> Hashable | list[Hashable]:
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(len(self.stored)))]
        return self.unpack(self.stored[i])


@dataclass
class ExploreResult:
    """Everything one search saw. States are numbered in BFS order (so by depth).

    ``states[i]`` is the canonical state with ID ``i``; ``parent[i]`` the ID it was first
    reached from (-1 for the root) and ``parent_action[i]`` the index of that action in the
    parent's legal actions. Successors of an expanded state ``i < expanded`` are
    ``succ[offsets[i]:offsets[i + 1]]``; states ``>= expanded`` are the unexpanded frontier.
    ``*_first`` maps map a thing (open ruling point, outcome, invariant) to the first state
    (so the shortest witness) where it appears; ``rulings_first`` maps a ruling point the
    ruleset decided to the first state whose expansion consulted it.
    """

    game: Game
    config: Config
    symmetry: bool
    complete: bool
    stop_reason: str
    expanded: int
    transitions: int
    states: list[Hashable] | PackedStates
    index: dict[Hashable, int] | StateStore
    parent: array
    parent_action: array
    offsets: array
    succ: array
    terminals: list[int] = field(default_factory=list)
    deadlocks: list[int] = field(default_factory=list)
    pending_first: dict[str, int] = field(default_factory=dict)
    pending_count: dict[str, int] = field(default_factory=dict)
    rulings_first: dict[str, int] = field(default_factory=dict)
    clauses_cited: set[str] = field(default_factory=set)
    outcomes_first: dict[str, int] = field(default_factory=dict)
    outcome_count: dict[str, int] = field(default_factory=dict)
    violations_first: dict[str, tuple[int, Violation]] = field(default_factory=dict)
    violation_count: dict[str, int] = field(default_factory=dict)
    seconds: float = 0.0

    # ------------------------------------------------------------------ summary
    @property
    def packed(self) -> bool:
        """Whether the states are stored as the game's byte encoding (``explore(..., compact=True)``)."""
        return isinstance(self.index, StateStore)

    @property
    def distinct(self) -> int:
        return len(self.states)

    def depth(self, node: int) -> int:
        d = 0
        parent = self.parent
        while parent[node] >= 0:
            node = parent[node]
            d += 1
        return d

    def proved(self) -> list[str]:
        """Properties established by this search: none unless it ran to completion."""
        if not self.complete:
            return []
        out = []
        if not self.deadlocks:
            out.append("no-deadlock")
        if not self.violations_first:
            out.append("invariants-hold")
        if not self.pending_first:
            out.append("no-open-ruling-reached")
        return out

    def summary(self) -> dict[str, Any]:
        """Deterministic figures (no timings)."""
        return {
            "config": self.config.to_json(),
            "complete": self.complete,
            "stop_reason": self.stop_reason,
            "states_explored": self.transitions,
            "distinct_states": self.distinct,
            "expanded_states": self.expanded,
            "terminal_states": len(self.terminals),
            "max_depth": self.depth(self.distinct - 1) if self.states else 0,
            "symmetry_reduction": self.symmetry,
            "proved": self.proved(),
        }

    # ------------------------------------------------------------------ graph access
    def successors(self, node: int) -> array:
        if node >= self.expanded:
            return array("i")
        return self.succ[self.offsets[node] : self.offsets[node + 1]]

    def path_to(self, node: int) -> list[int]:
        """State IDs from the root to ``node`` along parent pointers (a shortest path)."""
        path = [node]
        parent = self.parent
        while parent[node] >= 0:
            node = parent[node]
            path.append(node)
        path.reverse()
        return path

    def node_of(self, state: Hashable) -> int | None:
        """The ID of the stored state ``state`` stands for (as the search looked it up), or None."""
        lookup: Callable[[Any], int | None] = self.index.get
        if isinstance(self.index, StateStore):  # (self.packed, narrowed for the type checker)
            get, encode = self.index.get, _encoder(self.game)

            def lookup(s: Hashable) -> int | None:
                return get(encode(s))

        j = lookup(state)
        if j is None and self.symmetry and type(state) is not Pending:
            j = lookup(self.game.canonical(state))
        return j

    # ------------------------------------------------------------------ witnesses
    def _key(self, state: Hashable) -> Hashable:
        if type(state) is Pending or not self.symmetry:
            return state
        return self.game.canonical(state)

    def _matches(self, state: Hashable, node: int) -> bool:
        target = self.states[node]
        if type(target) is Pending:
            if type(state) is not Pending:
                return False
            if state == target:
                return True
            return (
                state.ruling == target.ruling
                and state.fixed == target.fixed
                and self._key(state.before) == target.before
            )
        return type(state) is not Pending and self._key(state) == target

    def _candidates(self, state: Hashable, src: int, dst: int, prefer: Callable[[Hashable], Action | None] | None = None
                    ) -> Iterator[tuple[Action, Hashable]]:
        """Actions at concrete ``state`` (in class ``src``) leading into class ``dst``, one at a
        time: first ``prefer``'s action for the state, if any, then the search's own (the parent
        action, if ``state`` is the stored state), then every other (a chance node's outcomes are
        never listed whole)."""
        game = self.game
        first: Action | None = None
        wanted = prefer(state) if prefer is not None else None
        if wanted is not None:
            nxt = game.apply_unchecked(state, wanted).state
            if self._matches(nxt, dst):
                first = wanted
                yield wanted, nxt
        if first is None and state == self.states[src] and self.parent[dst] == src:
            idx = self.parent_action[dst]
            action = next(islice(game.expand_actions(state), idx, None), None) if idx >= 0 else None
            if action is not None:
                nxt = game.apply_unchecked(state, action).state
                if self._matches(nxt, dst):
                    first = action
                    yield action, nxt
        for action in game.expand_actions(state):
            if action == first:
                continue
            nxt = game.apply_unchecked(state, action).state
            if self._matches(nxt, dst):
                yield action, nxt

    def lift(self, nodes: list[int], start: Hashable | None = None, exact_end: bool = False,
             prefer: Callable[[Hashable], Action | None] | None = None) -> tuple[list[Action], Hashable]:
        """Concrete actions that follow the path of state IDs ``nodes`` from ``start``.

        ``start`` (default: the game's real root) must be in the class of ``nodes[0]``; with
        ``exact_end`` the path must end on the stored state of ``nodes[-1]`` itself, not only
        another member of its class (so that an action enumerated there applies as it is).
        ``prefer`` names, for a concrete state, the action to try first where several lead on.
        Backtracks where two actions lead into the same class (a pending state can match
        loosely); raises :class:`RulecheckError` if the path cannot be followed, which means
        ``game.canonical`` is not a symmetry of the rules.
        """
        state = self.game.root_state() if start is None else start
        if not self._matches(state, nodes[0]):
            raise RulecheckError("lift: the start state is not in the class of the path's first state")
        # explicit stack of candidate iterators: invariant: len(chosen) == len(stack)
        stack: list[Iterator[tuple[Action, Hashable]]] = []
        chosen: list[tuple[Action, Hashable]] = []
        current = state
        i = 0
        steps = 0
        while i < len(nodes) - 1:
            steps += 1
            if steps > 100_000:
                break
            cands = self._candidates(current, nodes[i], nodes[i + 1], prefer)
            if exact_end and i + 2 == len(nodes):
                end = self.states[nodes[i + 1]]
                cands = (c for c in cands if c[1] == end)
            pick = next(cands, None)
            while pick is None:
                if not stack:
                    raise RulecheckError(
                        f"{self.config.label()}: cannot replay a path through state {nodes[i]}: "
                        "the game's canonical() does not look like a symmetry of its rules"
                    )
                cands = stack.pop()
                chosen.pop()
                i -= 1
                pick = next(cands, None)
            stack.append(cands)
            chosen.append(pick)
            current = pick[1]
            i += 1
        if i < len(nodes) - 1:
            raise RulecheckError(f"{self.config.label()}: giving up lifting a path of {len(nodes)} states")
        return [a for a, _ in chosen], current

    def trace_to(self, node: int) -> list[Action]:
        """The shortest concrete action list from the root to a state of class ``node``."""
        actions, _ = self.lift(self.path_to(node))
        return actions

    def lasso(self, entry: int, loop: list[int], max_rounds: int = 2000) -> tuple[list[Action], int]:
        """A concrete lasso: actions from the root, and the index where the loop starts.

        ``loop`` is a cycle of state IDs starting and ending at ``entry``. Going round it once
        concretely may land on another member of ``entry``'s class (players permuted); it is
        repeated until a concrete state repeats, which a finite class guarantees.
        """
        prefix, state = self.lift(self.path_to(entry))
        seen: dict[Hashable, int] = {state: 0}
        rounds: list[list[Action]] = []
        for r in range(1, max_rounds + 1):
            acts, state = self.lift(loop, state)
            rounds.append(acts)
            if state in seen:
                first = seen[state]
                head = prefix + [a for rnd in rounds[:first] for a in rnd]
                body = [a for rnd in rounds[first:] for a in rnd]
                return head + body, len(head)
            seen[state] = r
        raise RulecheckError(f"{self.config.label()}: no concrete repetition after {max_rounds} rounds of a loop")

    def witness_json(self, actions: list[Action]) -> list[Any]:
        return [action_to_json(a) for a in actions]


def explore(
    game: Game,
    *,
    max_states: int | None = None,
    max_seconds: float | None = None,
    symmetry: bool = True,
    check_invariants: bool = True,
    progress: Progress | None = None,
    progress_seconds: float = 2.0,
    config: Config | None = None,
    compact: bool = False,
) -> ExploreResult:
    """Breadth-first search of every state reachable from ``game.root_state()``.

    Parameters
    ----------
    game: a configured game (any :class:`~rulecheck.core.game.Game`).
    max_states: stop expanding once this many distinct states are stored.
    max_seconds: stop expanding after this much wall time.
    symmetry: reduce states with ``game.canonical`` (off: count distinct concrete states);
        ``canonical`` must be idempotent (a representative is its own representative).
    check_invariants: call ``game.invariants`` on every new state.
    progress: called about every ``progress_seconds`` with the running figures.
    config: how to name the configuration (default: from the game; pass it to keep a ruleset
        file's path so that witnesses reload it).
    compact: store each state as the game's exact byte encoding (``game.pack``; about a tenth
        of the memory, a little more time); ``states`` then decodes a state when it is read.

    Returns
    -------
    An :class:`ExploreResult`; ``complete`` is false if a bound stopped it.
    """
    t0 = time.monotonic()
    deadline = None if max_seconds is None else t0 + max_seconds
    limit = max_states if max_states is not None else 1 << 62
    pack = _encoder(game) if compact else None
    canon = game.canonical if symmetry else None
    invariants = game.invariants if check_invariants else None

    root = game.root_state()
    root_key = root if canon is None else canon(root)
    store: StateStore | None = None
    states: list[Hashable] | PackedStates = [root_key]
    index: dict[Hashable, int] | StateStore = {root_key: 0}
    if pack is not None:
        if game.pack(root_key) is None:
            raise ValueError(f"{game.name} has no compact state encoding (explore it without compact)")
        store = StateStore()
        store.add(pack(root_key))
        states, index = PackedStates(store, _decoder(game)), store
    parent = array("i", [-1])
    parent_action = array("i", [-1])
    offsets = array("q", [0])
    succ = array("i")
    res = ExploreResult(
        game, config or Config.of(game), symmetry, False, "", 0, 0, states, index, parent, parent_action, offsets, succ
    )
    if invariants is not None:
        note_violations(res, 0, invariants(root_key))

    with cyclic_gc_paused():
        stop, i, transitions = expand_all(game, res, expansion, canon, invariants, pack, limit, deadline,
                                          progress, progress_seconds, t0)

    res.complete = stop == "exhausted"
    res.stop_reason = stop
    res.expanded = i
    res.transitions = transitions
    res.seconds = time.monotonic() - t0
    if progress is not None:
        progress(i, len(states), transitions, res.seconds)
    return res
