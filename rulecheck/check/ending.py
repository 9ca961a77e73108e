"""Does play end? Surely, with probability 1, or not: the explored graph of one configuration.

Some plays of a game can go on for ever (a loop), yet the game still ends with probability 1:
a loop that needs the same shuffle again and again is left, sooner or later, by chance. The
explored graph of a configuration is a finite Markov decision process: chance (deals, shuffles)
moves by its probabilities, and the races and players choose among their moves. Say every move
that keeps the game's fairness assumption (:meth:`Game.fairness`, in Chomp!: a player who can
win the race slaps) is made with a probability of at least some fixed ``ε > 0`` each time,
whatever happened before (in Chomp!, each possible winner of a slap race wins it sometimes),
and a move the assumption rules out has any probability (none included). Then play ends with
probability 1, whatever those probabilities, exactly when from every reachable state an end can
be reached by chance outcomes and fair moves (:func:`stuck_states`: none): from every state an
end is then at most ``n`` such steps away, each of probability at least ``δ = min(ε, the least
chance probability)``, so play that has not ended after ``k·n`` steps has probability at most
``(1 - δ^n)^k``; and if some reachable state cannot reach an end so, probabilities that lead to
it and then never make an unfair move keep play going for ever with positive probability.

The check needs the whole graph (a complete search): an unexpanded frontier state says nothing.
It speaks of the explored configuration only; for the full deck see
:mod:`rulecheck.check.full_deck` and :mod:`rulecheck.check.war_loops`.

"Ending the Game" is en.ending.1-3 (and "The first player to collect all of the cards wins the
game", en.object.2; for 2 players es.dos-jugadores.1).
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rulecheck.check.explore import ExploreResult
from rulecheck.check.graph import CycleAnalysis, analyse_cycles, analyse_graph, fair_successors

__all__ = ["ALWAYS", "FAIR_PLAY_ENDS", "NOT_CHECKED", "NOT_SURELY", "PROBABILITY_ONE", "VERDICTS", "Ending",
           "ending_of", "stuck_states"]

ALWAYS = "every play ends"
"""No loop at all: every play ends (and no state is stuck)."""
FAIR_PLAY_ENDS = "every fair play ends"
"""Loops exist, but each needs a move the fairness assumption rules out every time round."""
PROBABILITY_ONE = "ends with probability 1"
"""Loops that keep the fairness assumption exist, but from every state an end can be reached."""
NOT_SURELY = "not with probability 1"
"""Some reachable state can reach no end by chance outcomes and fair moves."""
NOT_CHECKED = "not checked"
"""The search did not finish: the graph is not whole."""
VERDICTS = (ALWAYS, FAIR_PLAY_ENDS, PROBABILITY_ONE, NOT_SURELY, NOT_CHECKED)


@dataclass(frozen=True)
class Ending:
    """How play ends in one explored configuration: the ``verdict`` (one of :data:`VERDICTS`),
    how many reachable states lie on loops that keep the fairness assumption (``looping``), and
    how many can reach no end by chance outcomes and fair moves (``stuck``)."""

    verdict: str
    states: int
    looping: int
    stuck: int

    def to_json(self) -> dict[str, Any]:
        return {"verdict": self.verdict, "states": self.states, "looping": self.looping, "stuck": self.stuck}

    @property
    def with_probability_one(self) -> bool:
        """Whether play ends with probability 1 (surely or not)."""
        return self.verdict in (ALWAYS, FAIR_PLAY_ENDS, PROBABILITY_ONE)


def stuck_states(n: int, offsets: Sequence[int], succ: Sequence[int], terminals: Sequence[int]) -> int:
    """How many of the ``n`` states of a graph can reach none of the ``terminals``.

    The graph is in compressed form: the successors of state ``v`` are
    ``succ[offsets[v]:offsets[v + 1]]`` (every state expanded). A state with no successor that
    is not terminal (a deadlock) is stuck; so is every state of a closed class without one.

    >>> stuck_states(3, [0, 1, 1, 2], [1, 2], [1])  # 0 -> 1 (the end); 2 -> 2 for ever
    1
    """
    return _analysis(n, offsets, succ, terminals).trap_states()


def ending_of(res: ExploreResult) -> Ending:
    """How play ends in the explored configuration ``res`` (see the module docstring)."""
    if not res.complete:
        return Ending(NOT_CHECKED, res.distinct, 0, 0)
    analysis = analyse_cycles(res)
    fair = _fair_analysis(res, analysis)
    stuck = fair.trap_states()
    looping = fair.cyclic_states()
    if stuck:
        verdict = NOT_SURELY
    elif analysis.first_cyclic_state() is None:
        verdict = ALWAYS
    elif not looping:
        verdict = FAIR_PLAY_ENDS
    else:
        verdict = PROBABILITY_ONE
    return Ending(verdict, res.distinct, looping, stuck)


def _fair_analysis(res: ExploreResult, analysis: CycleAnalysis) -> CycleAnalysis:
    """The components of the graph of chance outcomes and fair moves: every move the game's
    fairness assumption does not rule out, at every state (all moves if it states none)."""
    fair = fair_successors(res, analysis, everywhere=True)
    if fair is None:
        return analysis
    return analyse_graph(res.distinct, res.expanded, fair[0], fair[1], res.terminals)


def _analysis(n: int, offsets: Sequence[int], succ: Sequence[int], terminals: Sequence[int]) -> CycleAnalysis:
    return analyse_graph(n, n, array("i", offsets), array("i", succ), list(terminals))
