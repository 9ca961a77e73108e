"""Chomp!, the rulebook as a clause-by-clause specification (independent of the engine).

Each clause function formalises one normative sentence of the rulebook, quoted in its docstring
with its clause ID (English, and the aligned Spanish sentence), in the module of its section:
:mod:`.game_play` (Game Play, Bad Chomps, Action Cards, ties), :mod:`.ending` (the end of the game
and its object), :mod:`.two_player` (Underwater War, and the Spanish edition's 2-player games). It
says when the sentence applies to a situation and what it then requires of the step's outcome, as a
Z3 constraint. Nothing here imports the engine: :mod:`rulecheck.games.chomp.spec_engine` builds
the situations from engine states and projects engine steps onto the same outcome variables, and
:mod:`rulecheck.check.determinacy` asks the solver whether the text determines each one.

What is specified: the deal, and every step of play in all four games (the 3+ player game, Underwater War,
Chomp rápido and Doble Chomp): the turn-over (a new round, the replays after an Ink Out or a tie, a
war, the next card after an Octopus), every step of a slap race (a first slap, a tie, nobody
slapping: Feeding Frenzies, Ink Outs, Bad Chomps, the 2-player races), the end of a round (who is
washed up, whether play goes on, who wins the game) and the last two players' choice between
counting and a 2-player game. The outcome of a step (:mod:`.vocabulary`):

* ``race``, ``winner``, ``bad_chomp``, ``penalty`` (where a Bad Chomp's penalty card goes),
  ``shuffle.P<k>`` (a player shuffles his discard pile at once);
* ``next``: what follows (the race goes on, the round is over, an Ink Out or tie replay, a war, the
  next card, the race);
* ``replays.P<k>``: who plays another card in a replay;
* ``card.<zone>.<owner>.<kind>.<i>``: where each card on the table, on top of a pile, set aside or
  in the centre ends up (``stays`` face up, ``face-up``, ``pile``, ``centre``, ``set-aside``,
  ``discard:P<k>``, ``pile:P<k>`` under a 2-player winner's pile);
* ``out.P<k>``, ``game`` (play goes on, the last two choose, the game is over), ``wins.P<k>``, and
  at the last two's choice ``mode`` (the 2-player game they switch to).

Which normative clauses are not formalised, and why, is :data:`UNFORMALISED`.
"""

from __future__ import annotations

from rulecheck.core.spec import Spec
from rulecheck.games.chomp.spec import ending, game_play, two_player
from rulecheck.games.chomp.spec.frame import PRINCIPLES
from rulecheck.games.chomp.spec.readings import READINGS
from rulecheck.games.chomp.spec.rulings import RULINGS
from rulecheck.games.chomp.spec.vocabulary import (
    DealSituation,
    LastTwoSituation,
    RaceSituation,
    TurnSituation,
    compare_key,
    key_term,
    outcome,
    race_outcome,
)

__all__ = ["SPEC", "UNFORMALISED", "DealSituation", "LastTwoSituation", "RaceSituation", "TurnSituation",
           "race_outcome"]

UNFORMALISED: dict[str, str] = {
    "en.object.1": "the game's purpose ('Chomp your way to the top of the food chain by collecting all of the "
                   "cards'): what it decides is said by en.object.2, formalised",
    **{f"en.food-chain.{i}": "the food chain: formalised as the relation can_chomp that the clauses use"
       for i in range(1, 12)},
    "en.setup.4": "advice to players ('Don't look!'): no effect on the outcome",
}

SPEC = Spec(
    game="chomp",
    outcome=outcome,
    clauses=[*game_play.CLAUSES, *ending.CLAUSES, *two_player.CLAUSES],
    principles=PRINCIPLES,
    readings=READINGS,
    rulings=RULINGS,
    unformalised=UNFORMALISED,
    compare=compare_key,
    key_term=key_term,
)
