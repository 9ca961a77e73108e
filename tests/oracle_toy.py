"""A tiny card game over the Game interface, for testing the oracle before the real games.

Two or three players each get a pile; in turn they play the top card (``play``) or the bottom
card (``sneak``) into the center. When every player has played, the highest card takes the
center (clause ``en.toy-compare.1``); a tie at the top is the ruling point ``toy.tie``.
Sneaking one's last card is the open conflict ``toy.last_card`` (undecided in recommended).
The game ends when the piles are empty; most cards won wins.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Hashable, Mapping
from fractions import Fraction
from pathlib import Path
from typing import Any

from rulecheck.core.errors import InvalidConfigError, InvalidDealError, InvalidStateError, TooManyOutcomesError
from rulecheck.core.game import CHANCE, TERMINAL, Action, Game, check_deal_shape
from rulecheck.core.provenance import Context
from rulecheck.core.rulings import Ruleset

NAME = "oracle-toy"
VARIANTS = ("standard", "sneaky")
PLAYERS = {"standard": (2, 3), "sneaky": (2,)}
DECKS = ("full", "small")
CARDS = {"full": (1, 1, 2, 2, 3, 3, 4, 4), "small": (1, 1, 2, 3)}
MAX_OUTCOMES = 5000
RULINGS = Path(__file__).parent / "oracle_fixtures" / "toy_rulings.json"

# state: (dealt, piles, center, turn, won)


class ToyGame(Game):
    name = NAME

    def __init__(self, variant: str, num_players: int, ruleset: Ruleset, deck: str = "full") -> None:
        if deck not in CARDS:
            raise InvalidConfigError(f"unknown deck {deck!r}; decks: {', '.join(CARDS)}")
        if num_players not in PLAYERS[variant]:
            raise InvalidConfigError(f"{variant} is for {PLAYERS[variant]} players, not {num_players}")
        super().__init__(variant, num_players, ruleset, deck)
        self.cards = CARDS[deck]
        self.per_player = len(self.cards) // num_players

    def _root_state(self) -> Hashable:
        return (False, (), (), 0, (0,) * self.num_players)

    def _current_player(self, state: Any) -> int:
        dealt, piles, _center, turn, _won = state
        if not dealt:
            return CHANCE
        if not any(piles):
            return TERMINAL
        return turn

    def _legal_actions(self, state: Any) -> tuple[Action, ...]:
        _dealt, piles, _center, turn, _won = state
        acts: list[Action] = [("play", turn)]
        if self.variant == "sneaky" and len(piles[turn]) > 1:
            acts.append(("sneak", turn))
        if self.variant == "sneaky" and len(piles[turn]) == 1:
            acts.append(("sneak", turn))
        return tuple(sorted(acts))

    def _deals(self) -> list[Action]:
        n = self.per_player
        used = self.cards[: n * self.num_players]
        seen = sorted(set(itertools.permutations(used)))
        return [("deal", *(tuple(p[i * n:(i + 1) * n]) for i in range(self.num_players))) for p in seen]

    def _chance_outcomes(self, state: Hashable) -> tuple[tuple[Action, Fraction], ...]:
        if len(self.cards) > 6:
            raise TooManyOutcomesError("too many deals of the full deck; sample one or give it")
        deals = self._deals()
        return tuple((d, Fraction(1, len(deals))) for d in deals)

    def _sample_chance(self, state: Hashable, rng: random.Random) -> Action:
        cards = list(self.cards)
        rng.shuffle(cards)
        n = self.per_player
        return ("deal", *(tuple(cards[i * n:(i + 1) * n]) for i in range(self.num_players)))

    def _is_chance_outcome(self, state: Hashable, action: Action) -> bool:
        if len(action) != self.num_players + 1 or action[0] != "deal":
            return False
        piles = action[1:]
        if not all(isinstance(p, tuple) and len(p) == self.per_player for p in piles):
            return False
        flat = sorted(c for p in piles for c in p)
        return all(flat.count(c) <= self.cards.count(c) for c in set(flat)) and all(
            isinstance(c, int) for c in flat
        )

    def _transition(self, state: Any, action: Action, ctx: Context) -> Hashable:
        _dealt, piles, center, turn, won = state
        if action[0] == "deal":
            ctx.cite("en.toy-setup.1")
            return (True, tuple(action[1:]), (), 0, won)
        pile = piles[turn]
        if action[0] == "sneak" and len(pile) == 1:
            ctx.cite("en.toy-play.2", "en.toy-play.3")
            if ctx.rule("toy.last_card") == "counts_as_play":
                action = ("play", turn)
        if action[0] == "play":
            ctx.cite("en.toy-play.1")
            card, rest = pile[0], pile[1:]
        else:
            ctx.cite("en.toy-play.2")
            card, rest = pile[-1], pile[:-1]
        piles = (*piles[:turn], rest, *piles[turn + 1:])
        center = (*center, card)
        turn = (turn + 1) % self.num_players
        if len(center) == self.num_players:
            ctx.cite("en.toy-compare.1")
            top = max(center)
            winners = [i for i, c in enumerate(center) if c == top]
            won = list(won)
            if len(winners) == 1:
                won[winners[0]] += len(center)
            else:
                ctx.cite("en.toy-compare.2")
                if ctx.rule("toy.tie") == "split":
                    for i in range(len(center)):
                        won[i] += 1
            center, won = (), tuple(won)
            if not any(piles):
                ctx.cite("en.toy-end.1")
        return (True, piles, center, turn, won)

    def _returns(self, state: Any) -> tuple[float, ...]:
        won = state[4]
        best = max(won)
        n = sum(1 for w in won if w == best)
        return tuple(1.0 / n if w == best else 0.0 for w in won)

    def _state_to_json(self, state: Any) -> dict[str, Any]:
        dealt, piles, center, turn, won = state
        return {"dealt": dealt, "piles": [list(p) for p in piles], "center": list(center), "turn": turn,
                "won": list(won)}

    def _state_from_json(self, data: Mapping[str, Any]) -> Hashable:
        try:
            piles = tuple(tuple(int(c) for c in p) for p in data["piles"])
            state = (bool(data["dealt"]), piles, tuple(int(c) for c in data["center"]), int(data["turn"]),
                     tuple(int(w) for w in data["won"]))
        except (KeyError, TypeError, ValueError) as exc:
            raise InvalidStateError(f"toy state: bad or missing field {exc}") from exc
        if (state[0] and len(piles) != self.num_players) or len(state[4]) != self.num_players:
            raise InvalidStateError("toy state: one pile and one score per player")
        if not 0 <= state[3] < self.num_players:
            raise InvalidStateError(f"toy state: turn {state[3]} out of range")
        return state

    def deal_action(self, deal: Any) -> Action:
        piles = check_deal_shape(deal, self.num_players)
        action = ("deal", *(tuple(p) for p in piles))
        if not self._is_chance_outcome(self._root_state(), action):
            raise InvalidDealError(f"not a deal of this deck: {deal!r}")
        return action

    def _describe_action(self, state: Hashable, action: Action) -> str:
        if action[0] == "deal":
            return "deal " + " | ".join(" ".join(map(str, p)) for p in action[1:])
        return f"player {action[1] + 1} {action[0]}s"

    def describe_state(self, state: Any) -> str:
        return repr(state)


def make_game(variant: str, players: int | None, ruleset: Ruleset, deck: str = "full") -> ToyGame:
    return ToyGame(variant, players or 2, ruleset, deck)


def register() -> None:
    """Put the toy game into the registry (idempotent)."""
    from rulecheck.games import register_game

    register_game(NAME, __name__, RULINGS)
