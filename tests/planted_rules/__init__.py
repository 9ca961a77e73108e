"""A tiny two-player game with planted defects, for testing the checkers.

Each player is dealt one of the cards 0-3 (12 deals). On your turn: if your card is higher you
may ``win``; if it is lower you may ``pass`` (the turn goes over) or ``concede``.

Game ``planted`` plants one defect per pair of cards dealt:

* {1, 3}: winning asks ruling point ``planted.gap_point`` (a gap);
* {2, 3}: winning asks ``planted.conflict_point`` (a conflict);
* {0, 2}: passing leads to a state where nobody can act (a deadlock);
* {0, 3}: the higher card may also pass, so play can go round forever (a cycle with an exit);
* {1, 2}: passing leads to two states that alternate forever (a trap);
* {0, 1}: winning duplicates a card (breaks the invariant ``cards-conserved``);
* clause ``en.never.1`` is cited only in a branch that cannot happen (a dead rule), one
  normative clause is never cited (a coverage hole), ruling point ``planted.never_point`` is
  never asked and the declared outcome ``agreement`` never happens.

Game ``planted-clean`` is the same game without any of them.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Mapping
from fractions import Fraction
from pathlib import Path
from typing import Any

from rulecheck.core.clauses import Clause
from rulecheck.core.errors import InvalidDealError, InvalidStateError
from rulecheck.core.game import CHANCE, TERMINAL, Action, Game, Violation
from rulecheck.core.provenance import Context
from rulecheck.core.rulings import Ruleset

VARIANTS = ("standard",)
PLAYERS = {"standard": (2,)}
CARDS = (0, 1, 2, 3)
HERE = Path(__file__).parent
UNMODELLED = "en." + "unmodelled.1"  # built so the static citation scan does not see it

State = tuple[str, tuple[int, int], int, int]  # phase, hands, turn, winner (-1: none, 2: draw)


def _clause(cid: str, text: str, kind: str = "normative") -> Clause:
    return Clause(cid, "planted-en", cid.split(".")[1], text, kind, 0, len(text))


CLEAN_CLAUSES = {
    "en.win.1": _clause("en.win.1", "The higher card may win."),
    "en.pass.1": _clause("en.pass.1", "The lower card may pass."),
    "en.concede.1": _clause("en.concede.1", "The lower card may concede."),
    "en.flavour.1": _clause("en.flavour.1", "Have fun.", "flavour"),
}
DEFECTIVE_CLAUSES = {
    **CLEAN_CLAUSES,
    "en.wait.1": _clause("en.wait.1", "While waiting, wait."),
    "en.never.1": _clause("en.never.1", "Equal cards split the pot."),
    UNMODELLED: _clause(UNMODELLED, "A rule nobody modelled."),
}


class PlantedGame(Game):
    """The planted game; ``defective`` switches the defects on."""

    def __init__(self, name: str, variant: str, num_players: int, ruleset: Ruleset, deck: str) -> None:
        self.name = name
        self.defective = name == "planted"
        super().__init__(variant, num_players, ruleset, deck)

    def _root_state(self) -> Hashable:
        return ("deal", (-1, -1), 0, -1)

    def _current_player(self, state: Hashable) -> int:
        phase, _, turn, _ = state  # type: ignore[misc]
        if phase == "deal":
            return CHANCE
        if phase in ("over", "conceded"):
            return TERMINAL
        return int(turn)

    def _legal_actions(self, state: Hashable) -> tuple[Action, ...]:
        phase, hands, turn, _ = state  # type: ignore[misc]
        if phase == "stuck":
            return ()
        if phase in ("loopA", "loopB"):
            return (("wait",),)
        mine, other = hands[turn], hands[1 - turn]
        if mine > other:
            if self.defective and {mine, other} == {0, 3}:
                return (("pass",), ("win",))
            return (("win",),)
        return (("concede",), ("pass",))

    def _chance_outcomes(self, state: Hashable) -> tuple[tuple[Action, Fraction], ...]:
        deals = [("deal", a, b) for a in CARDS for b in CARDS if a != b]
        return tuple((d, Fraction(1, len(deals))) for d in deals)

    def _sample_chance(self, state: Hashable, rng: random.Random) -> Action:
        a, b = rng.sample(CARDS, 2)
        return ("deal", a, b)

    def _is_chance_outcome(self, state: Hashable, action: Action) -> bool:
        return (
            len(action) == 3 and action[0] == "deal" and action[1] in CARDS and action[2] in CARDS
            and action[1] != action[2]
        )

    def _transition(self, state: Hashable, action: Action, ctx: Context) -> Hashable:
        phase, hands, turn, _ = state  # type: ignore[misc]
        name = action[0]
        if name == "deal":
            return ("play", (action[1], action[2]), 0, -1)
        if name == "wait":
            ctx.cite("en.wait.1")
            return ("loopB" if phase == "loopA" else "loopA", hands, 1 - turn, -1)
        pair = set(hands)
        if name == "concede":
            ctx.cite("en.concede.1")
            return ("conceded", hands, turn, 1 - turn)
        if name == "pass":
            ctx.cite("en.pass.1")
            if self.defective and pair == {0, 2}:
                return ("stuck", hands, 1 - turn, -1)
            if self.defective and pair == {1, 2}:
                return ("loopA", hands, 1 - turn, -1)
            return ("play", hands, 1 - turn, -1)
        # win
        ctx.cite("en.win.1")
        if hands[0] == hands[1]:
            ctx.cite("en.never.1")
        if self.defective and pair == {1, 3} and ctx.rule("planted.gap_point") == "draw":
            return ("over", hands, turn, 2)
        if self.defective and pair == {2, 3} and ctx.rule("planted.conflict_point") == "second":
            return ("over", hands, turn, 1 - turn)
        if self.defective and pair == {0, 1}:
            return ("over", (hands[turn], hands[turn]), turn, turn)
        return ("over", hands, turn, turn)

    def _returns(self, state: Hashable) -> tuple[float, ...]:
        winner = state[3]  # type: ignore[index]
        if winner == 2:
            return (0.5, 0.5)
        return tuple(1.0 if p == winner else 0.0 for p in range(2))

    def _state_to_json(self, state: Hashable) -> dict[str, Any]:
        phase, hands, turn, winner = state  # type: ignore[misc]
        return {"phase": phase, "hands": list(hands), "turn": turn, "winner": winner}

    def _state_from_json(self, data: Mapping[str, Any]) -> Hashable:
        try:
            return (str(data["phase"]), tuple(int(h) for h in data["hands"]), int(data["turn"]), int(data["winner"]))
        except (KeyError, TypeError, ValueError) as exc:
            raise InvalidStateError(f"bad planted state: {exc}") from exc

    def deal_action(self, deal: Any) -> Action:
        if not (isinstance(deal, list) and len(deal) == 2):
            raise InvalidDealError("a planted deal is [card, card]")
        return ("deal", int(deal[0]), int(deal[1]))

    def _describe_action(self, state: Hashable, action: Action) -> str:
        if action[0] == "deal":
            return f"deal card {action[1]} to player 1 and card {action[2]} to player 2"
        return f"player {int(state[2]) + 1} does {action[0]}"  # type: ignore[index]

    def describe_state(self, state: Hashable) -> str:
        phase, hands, turn, winner = state  # type: ignore[misc]
        return f"{phase}: hands {list(hands)}, turn of player {turn + 1}, winner {winner}"

    def invariants(self, state: Hashable) -> tuple[Violation, ...]:
        hands = state[1]  # type: ignore[index]
        if hands[0] >= 0 and hands[0] == hands[1]:
            return (Violation("cards-conserved", ("en.win.1",), f"card {hands[0]} is in both hands"),)
        return ()

    def canonical(self, state: Hashable) -> Hashable:
        phase, hands, turn, winner = state  # type: ignore[misc]
        if phase == "deal":
            return state
        swapped = (phase, (hands[1], hands[0]), 1 - turn, winner if winner not in (0, 1) else 1 - winner)
        return min(state, swapped)  # type: ignore[type-var]

    def outcome(self, state: Hashable) -> str:
        if state[3] == 2:  # type: ignore[index]
            return "draw"
        return "concede" if state[0] == "conceded" else "win"  # type: ignore[index]

    def declared_outcomes(self) -> Mapping[str, tuple[str, ...]]:
        if self.defective:
            return {"win": ("en.win.1",), "concede": ("en.concede.1",), "agreement": ("en.concede.1",)}
        return {"win": ("en.win.1",), "concede": ("en.concede.1",)}

    def card_total(self) -> int:
        return 2


def make_game(variant: str, players: int | None, ruleset: Ruleset, deck: str = "full") -> Game:
    return PlantedGame(ruleset.game, variant, players or 2, ruleset, deck)


def register(setitem: Callable[[Any, Any, Any], None]) -> None:
    """Register both planted games (``setitem`` is e.g. pytest's ``monkeypatch.setitem``)."""
    from rulecheck.games import register_game

    register_game("planted", "planted_rules", HERE / "rulings.json", DEFECTIVE_CLAUSES, setitem)
    register_game("planted-clean", "planted_rules", HERE / "rulings-clean.json", CLEAN_CLAUSES, setitem)
