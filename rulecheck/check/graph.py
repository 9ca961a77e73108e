"""Graph analysis of an explored state space: strongly connected components, cycles, traps,
shortest loops, and export to networkx (GraphML, DOT).

The search stores successors as compressed arrays (see :class:`ExploreResult`); the SCC pass
here works on those arrays directly (an iterative Tarjan: no recursion, no per-edge objects),
which on a million states is several times faster and lighter than building a networkx
``DiGraph`` first. networkx serves the export, and the tests use its
``strongly_connected_components`` as an independent check of this one.
"""

from __future__ import annotations

from array import array
from collections import deque
from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any

import networkx as nx

from rulecheck.check.explore import ExploreResult
from rulecheck.core.errors import InvalidConfigError
from rulecheck.core.game import CHANCE, RACE, RULING, TERMINAL, Pending, action_to_json

__all__ = ["CycleAnalysis", "analyse_cycles", "analyse_fair_cycles", "analyse_graph", "fair_successors",
           "shortest_loop", "to_networkx", "write_dot"]


@dataclass
class CycleAnalysis:
    """Components of the explored graph and which states can still reach an end.

    ``comp[v]`` is the component of state ``v``; ``cyclic[c]`` whether component ``c`` holds a
    cycle (two or more states, or a self-loop); ``can_end[c]`` whether a terminal state, or an
    unexpanded frontier state (which might lead to one), is reachable from ``c``.
    """

    comp: array
    cyclic: bytearray
    can_end: bytearray
    size: array

    def cyclic_states(self) -> int:
        return sum(self.size[c] for c in range(len(self.cyclic)) if self.cyclic[c])

    def first_cyclic_state(self) -> int | None:
        """The lowest-ID (so shallowest) state on a cycle."""
        comp, cyclic = self.comp, self.cyclic
        for v in range(len(comp)):
            if cyclic[comp[v]]:
                return v
        return None

    def first_trap_state(self) -> int | None:
        """The shallowest state on a cycle from which no end is reachable."""
        comp, cyclic, can_end = self.comp, self.cyclic, self.can_end
        for v in range(len(comp)):
            c = comp[v]
            if cyclic[c] and not can_end[c]:
                return v
        return None

    def trap_states(self) -> int:
        """States (cyclic or not) from which no end is reachable."""
        comp, can_end = self.comp, self.can_end
        return sum(1 for v in range(len(comp)) if not can_end[comp[v]])


def analyse_cycles(res: ExploreResult) -> CycleAnalysis:
    """Tarjan's SCC algorithm over the result's successor arrays, iteratively.

    Components complete in reverse topological order (a component after every component it
    leads to), so ``can_end`` is computed in the same pass.
    """
    return _tarjan(res.distinct, res.expanded, res.offsets, res.succ, res.terminals)


def fair_successors(res: ExploreResult, analysis: CycleAnalysis,
                    everywhere: bool = False) -> tuple[array, array] | None:
    """The successor arrays without the moves the game's fairness assumption rules out
    (:meth:`Game.unfair`), or None if the game makes none. Only states on cycles are looked at
    again (removing moves elsewhere makes no cycle), or every state if ``everywhere`` (the graph
    of fair moves exactly, for what they can reach); an edge stays if any fair move makes it."""
    game = res.game
    if not game.fairness():
        return None
    comp, cyclic, expanded = analysis.comp, analysis.cyclic, res.expanded
    offsets, succ = res.offsets, res.succ
    new_offsets = array("i", [0])
    new_succ = array("i")
    for v in range(expanded):
        lo, hi = offsets[v], offsets[v + 1]
        state = res.states[v]
        # (a chance step is nobody's move: fairness never rules one out)
        actions = () if (not everywhere and not cyclic[comp[v]]) or game.is_chance_node(state) \
            else game.legal_actions(state)
        if not any(game.unfair(state, action) for action in actions):
            new_succ.extend(succ[lo:hi])
        else:
            fair: set[int | None] = set()
            unfair: set[int | None] = set()
            for action in actions:
                w = res.node_of(game.apply_unchecked(state, action).state)
                (unfair if game.unfair(state, action) else fair).add(w)
            drop = unfair - fair if None not in fair else set()  # (a move not found: keep all)
            new_succ.extend(w for w in succ[lo:hi] if w not in drop)
        new_offsets.append(len(new_succ))
    return new_offsets, new_succ


def analyse_fair_cycles(res: ExploreResult,
                        analysis: CycleAnalysis) -> tuple[CycleAnalysis, tuple[array, array]] | None:
    """:func:`analyse_cycles` on the graph without the unfair moves (:func:`fair_successors`),
    and that graph's arrays: its cycles are the loops play can go round while every player
    keeps the game's fairness assumption. None if the game makes none."""
    fair = fair_successors(res, analysis)
    if fair is None:
        return None
    return _tarjan(res.distinct, res.expanded, fair[0], fair[1], res.terminals), fair


def analyse_graph(n: int, expanded: int, offsets: array, succ: array, terminals: list[int]) -> CycleAnalysis:
    """:func:`analyse_cycles` over any graph of ``n`` states in compressed form: the successors
    of state ``v < expanded`` are ``succ[offsets[v]:offsets[v + 1]]``; states from ``expanded``
    on are an unexpanded frontier (assumed able to end); ``terminals`` are the ends."""
    return _tarjan(n, expanded, offsets, succ, terminals)


def _tarjan(n: int, expanded: int, offsets: array, succ: array, terminals: list[int]) -> CycleAnalysis:
    good = bytearray(n)
    for t in terminals:
        good[t] = 1
    for v in range(expanded, n):
        good[v] = 1  # frontier: unknown future, so assume it may end (sound for trap claims)
    index = array("i", [-1]) * n
    low = array("i", [0]) * n
    onstack = bytearray(n)
    comp = array("i", [-1]) * n
    cyclic = bytearray()
    can_end = bytearray()
    size = array("i")
    stack: list[int] = []
    counter = 0
    for root in range(n):
        if index[root] != -1:
            continue
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        onstack[root] = 1
        # work items: [state, next edge position, end edge position]
        work = [[root, offsets[root] if root < expanded else 0, offsets[root + 1] if root < expanded else 0]]
        while work:
            item = work[-1]
            v, p, end = item
            if p < end:
                item[1] = p + 1
                w = succ[p]
                if index[w] == -1:
                    index[w] = low[w] = counter
                    counter += 1
                    stack.append(w)
                    onstack[w] = 1
                    if w < expanded:
                        work.append([w, offsets[w], offsets[w + 1]])
                    else:
                        work.append([w, 0, 0])
                elif onstack[w] and index[w] < low[v]:
                    low[v] = index[w]
                continue
            work.pop()
            if low[v] == index[v]:
                c = len(cyclic)
                members = []
                while True:
                    w = stack.pop()
                    onstack[w] = 0
                    comp[w] = c
                    members.append(w)
                    if w == v:
                        break
                is_cyclic = len(members) > 1
                ends = False
                for m in members:
                    if good[m]:
                        ends = True
                    if m < expanded:
                        for q in range(offsets[m], offsets[m + 1]):
                            w = succ[q]
                            cw = comp[w]
                            if cw == c:
                                if w == m:
                                    is_cyclic = True
                            elif can_end[cw]:
                                ends = True
                cyclic.append(1 if is_cyclic else 0)
                can_end.append(1 if ends else 0)
                size.append(len(members))
            if work:
                u = work[-1][0]
                if low[v] < low[u]:
                    low[u] = low[v]
    return CycleAnalysis(comp, cyclic, can_end, size)


def shortest_loop(res: ExploreResult, analysis: CycleAnalysis, entry: int,
                  arrays: tuple[array, array] | None = None) -> list[int]:
    """A shortest cycle of state IDs through ``entry`` (BFS inside its component), over the
    result's successors or the given (offsets, successors) ``arrays``."""
    comp = analysis.comp
    c = comp[entry]
    offsets, succ = arrays if arrays is not None else (res.offsets, res.succ)
    prev: dict[int, int] = {}
    queue = deque([entry])
    while queue:
        v = queue.popleft()
        for w in (succ[offsets[v]:offsets[v + 1]] if v < res.expanded else ()):
            if comp[w] != c:
                continue
            if w == entry:
                path = [entry]
                while v != entry:
                    path.append(v)
                    v = prev[v]
                path.append(entry)
                path.reverse()
                return path
            if w not in prev:
                prev[w] = v
                queue.append(w)
    raise ValueError(f"state {entry} is not on a cycle")


# --------------------------------------------------------------------------- export

_KIND = {CHANCE: "chance", RACE: "race", RULING: "ruling", TERMINAL: "terminal"}


def _state_kind(res: ExploreResult, state: Hashable) -> str:
    who = res.game.current_player(state)
    return _KIND.get(who, f"player {who + 1}")


def to_networkx(res: ExploreResult, max_nodes: int) -> nx.DiGraph:
    """The explored graph as an integer-indexed networkx ``DiGraph`` with readable labels.

    Refuses (InvalidConfigError) a search that is incomplete or larger than ``max_nodes``:
    an export of part of a graph would read as the whole.
    """
    if not res.complete or res.distinct > max_nodes:
        raise InvalidConfigError(
            f"{res.config.label()}: the state graph has more than {max_nodes} states"
            f"{'' if res.complete else ' (search stopped early)'}; export it only for small "
            "configurations (a smaller --deck, fewer --players) or raise --max-nodes"
        )
    game = res.game
    g = nx.DiGraph(name=res.config.label())
    for v, state in enumerate(res.states):
        g.add_node(
            v,
            label=f"GAP {state.ruling}" if isinstance(state, Pending) else game.describe_state(state)[:200],
            kind=_state_kind(res, state),
            depth=res.depth(v),
            pending=state.ruling if isinstance(state, Pending) else "",
        )
    for v, state in enumerate(res.states):
        if v >= res.expanded:
            continue
        for action in game.expand_actions(state):
            step = game.apply_unchecked(state, action)
            t = step.state
            w = res.node_of(t)
            attrs: dict[str, Any] = {
                "action": " ".join(str(x) for x in action_to_json(action)),
                "clauses": " ".join(step.provenance.clauses),
                "rulings": " ".join(step.provenance.rulings),
            }
            if g.has_edge(v, w):
                g.edges[v, w]["action"] += " | " + attrs["action"]
            else:
                g.add_edge(v, w, **attrs)
    return g


def _dot_quote(text: str) -> str:
    return '"' + str(text).replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def write_dot(g: nx.DiGraph, path: str) -> None:
    """Graphviz DOT without extra dependencies (networkx's writer needs pydot)."""
    shapes = {"terminal": "doublecircle", "ruling": "diamond", "chance": "box", "race": "hexagon"}
    lines = [f"digraph {_dot_quote(g.graph.get('name', 'states'))} {{", "  node [fontsize=9];"]
    for v, data in g.nodes(data=True):
        shape = shapes.get(data.get("kind", ""), "ellipse")
        lines.append(f"  {v} [label={_dot_quote(data.get('label', v))}, shape={shape}];")
    for v, w, data in g.edges(data=True):
        lines.append(f"  {v} -> {w} [label={_dot_quote(data.get('action', ''))}];")
    lines.append("}")
    with open(path, "w", encoding="utf-8") as fh:
        fh.write("\n".join(lines) + "\n")
