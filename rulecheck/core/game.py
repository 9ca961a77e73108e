"""The game interface every model implements, in the spirit of OpenSpiel's Python games.

A :class:`Game` holds the fixed parameters (game, variant, player count, deck, ruleset) and
answers questions about immutable, hashable states: who acts, which actions are legal, what
the chance outcomes are, what applying an action gives (with its :class:`Provenance`),
whether the state is terminal and what each player gets.

Actions are tuples whose first element names the action in the rulebook's words, e.g.
``("turn_over",)``, ``("slap", 2, 0)``, ``("ruling", "chomp.nobody_can_chomp", "to_discards")``;
they round-trip through JSON as lists.

Nondeterminism is explicit: chance (deals, shuffles, random steals) is the player
:data:`CHANCE`; real-time races (who slaps first) are the player :data:`RACE`, whose actions
are every distinguishable outcome of the race; and a state that the ruleset leaves
undetermined is a :class:`Pending` state whose actor is :data:`RULING`, whose actions are the
ruling point's options. Under ``raw`` those pending states are the gaps and conflicts.

Subclasses implement the underscore methods; the public methods here add validation,
pending-ruling handling and JSON.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Hashable, Iterator, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from rulecheck.core.errors import (
    IllegalActionError,
    InvalidDealError,
    InvalidStateError,
    RulecheckError,
)
from rulecheck.core.provenance import Context, Step, Undetermined
from rulecheck.core.rulings import Ruleset, RulingPoint, load_ruling_points

__all__ = [
    "CHANCE",
    "RACE",
    "RULING",
    "TERMINAL",
    "Action",
    "Game",
    "Pending",
    "Step",
    "Violation",
    "action_from_json",
    "action_to_json",
    "actor_name",
    "check_deal_shape",
    "options_differ",
    "ruling_leaves",
    "settle_recommended",
    "upcoming_steps",
]

CHANCE = -1
"""Chance acts: deals, shuffles, random draws and steals."""
RACE = -2
"""A real-time race (a slap): the actions are its distinguishable outcomes."""
RULING = -6
"""The ruleset must decide a ruling point before play can go on (a gap or conflict)."""
TERMINAL = -4
"""The game is over."""

Action = tuple[Any, ...]


def actor_name(actor: int) -> str:
    """A log's name for an actor: ``chance``, ``race``, ``ruling``, ``-`` (terminal) or ``player N``
    (1-based)."""
    return {CHANCE: "chance", RACE: "race", RULING: "ruling", TERMINAL: "-"}.get(actor, f"player {actor + 1}")


@dataclass(frozen=True, slots=True)
class Pending:
    """A state the rules leave undetermined: applying ``action`` to ``before`` needs ``ruling``.

    ``fixed`` holds the options already chosen for earlier ruling points of the same step.
    Choosing an option re-applies ``action`` to ``before`` with that option fixed.
    """

    before: Hashable
    action: Action
    fixed: tuple[tuple[str, str], ...]
    ruling: str


@dataclass(frozen=True, slots=True)
class Violation:
    """A broken invariant or a false rulebook claim at a state."""

    id: str
    clauses: tuple[str, ...]
    message: str


def action_to_json(action: Action) -> list[Any]:
    """Tuples become lists, recursively."""
    return [action_to_json(x) if isinstance(x, tuple) else x for x in action]


def action_from_json(data: Any) -> Action:
    """Lists become tuples, recursively; rejects anything but lists, strings, ints, bools, null."""
    if not isinstance(data, list) or not data or not isinstance(data[0], str):
        raise IllegalActionError(
            f"an action is a JSON list starting with its name, e.g. [\"turn_over\"]; got {data!r}"
        )
    return _tuplify(data)


def _tuplify(x: Any) -> Any:
    if isinstance(x, list):
        return tuple(_tuplify(v) for v in x)
    if x is None or isinstance(x, (str, int, bool)):
        return x
    raise IllegalActionError(f"action element {x!r} is not a string, integer or list")


class Game(ABC):
    """One configured game: parameters, ruleset and the transition function over states."""

    #: registry name, e.g. ``"chomp"``
    name: str = ""

    def __init__(
        self, variant: str, num_players: int, ruleset: Ruleset, deck: str = "full"
    ) -> None:
        self.variant = variant
        self.num_players = num_players
        self.ruleset = ruleset
        self.deck = deck
        self.ruling_points: Mapping[str, RulingPoint] = load_ruling_points(self.name)
        self._choices = dict(ruleset.choices)

    # ----------------------------------------------------------------- to implement
    @abstractmethod
    def _root_state(self) -> Hashable:
        """The state before the deal (a chance node)."""

    @abstractmethod
    def _current_player(self, state: Hashable) -> int:
        """Player index, CHANCE, RACE or TERMINAL."""

    @abstractmethod
    def _legal_actions(self, state: Hashable) -> tuple[Action, ...]:
        """Sorted legal actions of a non-chance, non-terminal state."""

    @abstractmethod
    def _chance_outcomes(self, state: Hashable) -> tuple[tuple[Action, Fraction], ...]:
        """Every chance outcome with its probability; TooManyOutcomesError if too many."""

    @abstractmethod
    def _sample_chance(self, state: Hashable, rng: random.Random) -> Action:
        """One chance outcome drawn with the right probability from ``rng``."""

    @abstractmethod
    def _is_chance_outcome(self, state: Hashable, action: Action) -> bool:
        """Whether ``action`` is a possible chance outcome at ``state`` (without enumerating)."""

    @abstractmethod
    def _transition(self, state: Hashable, action: Action, ctx: Context) -> Hashable:
        """The next state; cites clauses and asks ruling points through ``ctx``."""

    @abstractmethod
    def _returns(self, state: Hashable) -> tuple[float, ...]:
        """Each player's result at a terminal state (1 win, 0 loss; shared on ties)."""

    @abstractmethod
    def _state_to_json(self, state: Hashable) -> dict[str, Any]: ...

    @abstractmethod
    def _state_from_json(self, data: Mapping[str, Any]) -> Hashable:
        """Parse and validate; raise InvalidStateError naming what is wrong."""

    @abstractmethod
    def deal_action(self, deal: Any) -> Action:
        """The chance action for an explicit deal (JSON form); InvalidDealError if wrong."""

    def describe_action(self, state: Hashable, action: Action) -> str:
        """The action in the rulebook's words, as seen at ``state``; at a pending state, the
        ruling point's option in its own words."""
        if isinstance(state, Pending):
            if not self.is_legal(state, action):
                raise IllegalActionError(self._illegal_message(state, action))
            rp = self.ruling_points[state.ruling]
            return f"Ruling {rp.id}: {rp.option(str(action[2])).text}"
        return self._describe_action(state, action)

    def actor_text(self, actor: int, action: Action) -> str:
        """Who takes ``action`` (``actor`` being the state's current player), as a log shows it:
        :func:`actor_name`; a game where everyone takes an action at once says so."""
        return actor_name(actor)

    @abstractmethod
    def _describe_action(self, state: Hashable, action: Action) -> str:
        """The action in the rulebook's words, as seen at ``state`` (never a pending state)."""

    @abstractmethod
    def describe_state(self, state: Hashable) -> str:
        """A short readable picture of the state (piles, table, hands)."""

    def invariants(self, state: Hashable) -> tuple[Violation, ...]:
        """Invariants and rulebook claims that fail at ``state`` (cards conserved, ...)."""
        return ()

    def claims(self) -> Mapping[str, tuple[str, ...]]:
        """The rulebook's own checkable claims, by Violation ID, with their clause IDs.

        :meth:`invariants` checks them at every state; their clauses are checked rather than
        applied by a transition, so they are never reported as dead rules.
        """
        return {}

    def player_count_clauses(self) -> tuple[str, ...]:
        """Clauses that by their own words apply to some player counts only ("For 2 players:
        ..."); that they are dead for the other counts is no finding."""
        return ()

    def out_of_play_clauses(self, players: int) -> tuple[str, ...]:
        """Clauses the book itself takes out of play with ``players`` players (the rules of
        cards it tosses out at set-up for that count): that they never apply then is the
        book's design, not a dead rule."""
        return ()

    def card_clauses(self) -> tuple[str, ...]:
        """The rules of each card type (its section of the rulebook), whether or not the set-up
        tosses it out: a question that also cites a card still in play is not one about a card
        tossed out (:meth:`out_of_play_clauses`). Empty by default."""
        return ()

    def fairness(self) -> str:
        """The fairness assumption the cycle check makes, in words ("" for none): which moves no
        player makes for ever (:meth:`unfair`). A loop that needs such a move every time round
        is reported as possible only without it, not as play that goes on for ever."""
        return ""

    def unfair(self, state: Hashable, action: Action) -> bool:
        """Whether taking ``action`` at ``state`` is a move the :meth:`fairness` assumption
        says players do not make for ever (False by default)."""
        return False

    def canonical(self, state: Hashable) -> Hashable:
        """A representative of the state's symmetry class (identity by default)."""
        return state

    def outcome(self, state: Hashable) -> str:
        """A label for how a terminal state ended (e.g. ``"count-two-left"``)."""
        return "terminal"

    def declared_outcomes(self) -> Mapping[str, tuple[str, ...]]:
        """Outcomes the rulebook describes, with their clause IDs, for reachability checks."""
        return {}

    def observation(self, state: Hashable, player: int) -> dict[str, Any]:
        """What ``player`` may see; the full state by default (perfect information)."""
        return self.state_to_json(state)

    def view(self, state: Hashable) -> dict[str, Any]:
        """The state's canonical public form: the game's facts only (piles, hands, table, turn, ...),
        without the engine's bookkeeping; the full state JSON by default. Another implementation
        of the game can produce it from its own state, so the conformance harness compares it."""
        return self.state_to_json(state)

    def check_state(self, state: Hashable, data: Mapping[str, Any]) -> None:
        """Raise :class:`InvalidStateError`, naming the field, if ``state`` (parsed from ``data``)
        is not one the rules of this configuration can produce. Nothing by default."""
        return

    def card_total(self) -> int:
        """How many cards are in play (for conservation checks)."""
        return 0

    # ----------------------------------------------------------------- public API
    def root_state(self) -> Hashable:
        """The state before the deal; its actor is CHANCE and its outcomes are the deals."""
        return self._root_state()

    def new_initial_state(self, seed: int | None = None, deal: Any = None) -> Hashable:
        """The state after the deal: a seeded random deal, or the explicit ``deal`` given."""
        root = self._root_state()
        if deal is not None:
            action = self.deal_action(deal)
        else:
            action = self._sample_chance(root, random.Random(seed))
        return self.apply(root, action).state

    def current_player(self, state: Hashable) -> int:
        if isinstance(state, Pending):
            return RULING
        return self._current_player(state)

    def is_terminal(self, state: Hashable) -> bool:
        return not isinstance(state, Pending) and self._current_player(state) == TERMINAL

    def is_chance_node(self, state: Hashable) -> bool:
        return not isinstance(state, Pending) and self._current_player(state) == CHANCE

    def returns(self, state: Hashable) -> tuple[float, ...]:
        if not self.is_terminal(state):
            return (0.0,) * self.num_players
        return self._returns(state)

    def legal_actions(self, state: Hashable) -> tuple[Action, ...]:
        """Sorted legal actions; the chance outcomes at a chance node; options at a Pending."""
        if isinstance(state, Pending):
            rp = self.ruling_points[state.ruling]
            return tuple(("ruling", rp.id, o) for o in rp.option_ids)
        player = self._current_player(state)
        if player == TERMINAL:
            return ()
        if player == CHANCE:
            return self._chance_action_list(state)
        return self._legal_actions(state)

    def chance_outcomes(self, state: Hashable) -> tuple[tuple[Action, Fraction], ...]:
        if not self.is_chance_node(state):
            raise IllegalActionError("chance outcomes asked of a state that is not a chance node")
        return self._chance_outcomes(state)

    def chance_actions(self, state: Hashable) -> Iterator[Action]:
        """The chance outcomes' actions at a chance node, one at a time and in the order of
        :meth:`legal_actions`, with no probability computed and no bound on how many: what a
        search expands, so that a deal with millions of outcomes is never listed whole."""
        if not self.is_chance_node(state):
            raise IllegalActionError("chance actions asked of a state that is not a chance node")
        return self._chance_actions(state)

    def expand_actions(self, state: Hashable) -> Iterator[Action] | tuple[Action, ...]:
        """The actions a search follows from ``state``: :meth:`legal_actions`, except that a
        chance node's outcomes come one at a time (:meth:`chance_actions`)."""
        if not isinstance(state, Pending) and self._current_player(state) == CHANCE:
            return self._chance_actions(state)
        return self.legal_actions(state)

    def pack(self, state: Hashable) -> bytes | None:
        """A compact, exact encoding of a state that is not :class:`Pending` (``unpack`` gives it
        back), for searches too big to keep states as objects; None if the game has none. It
        never starts with byte 0xFF (a compact search marks a :class:`Pending` state so)."""
        return None

    def unpack(self, data: bytes) -> Hashable:
        """The state :meth:`pack` encoded as ``data``."""
        raise NotImplementedError(f"{self.name} has no compact state encoding")

    def _chance_actions(self, state: Hashable) -> Iterator[Action]:
        """The actions of :meth:`_chance_outcomes` (a game whose chance steps can have many
        outcomes produces them lazily instead, in the same order)."""
        return iter([a for a, _ in self._chance_outcomes(state)])

    def _chance_action_list(self, state: Hashable) -> tuple[Action, ...]:
        """``legal_actions`` at a chance node: every outcome's action (TooManyOutcomesError
        past the game's bound, as :meth:`chance_outcomes`)."""
        return tuple(a for a, _ in self._chance_outcomes(state))

    def sample_chance(self, state: Hashable, rng: random.Random) -> Action:
        return self._sample_chance(state, rng)

    def is_legal(self, state: Hashable, action: Action) -> bool:
        if isinstance(state, Pending):
            return (
                len(action) == 3
                and action[0] == "ruling"
                and action[1] == state.ruling
                and action[2] in self.ruling_points[state.ruling].option_ids
            )
        player = self._current_player(state)
        if player == TERMINAL:
            return False
        if player == CHANCE:
            return self._is_chance_outcome(state, action)
        return action in self._legal_actions(state)

    def apply(self, state: Hashable, action: Action) -> Step:
        """Apply a legal action; IllegalActionError (naming it) otherwise."""
        if not isinstance(action, tuple) or not action:
            raise IllegalActionError(f"an action is a non-empty tuple, got {action!r}")
        if not self.is_legal(state, action):
            raise IllegalActionError(self._illegal_message(state, action))
        return self.apply_unchecked(state, action)

    def apply_unchecked(self, state: Hashable, action: Action) -> Step:
        """Apply without the legality check (the explorer's hot path)."""
        if isinstance(state, Pending):
            fixed = (*state.fixed, (action[1], action[2]))
            return self._resolve(state.before, state.action, fixed)
        ctx = Context(self._choices)
        try:
            nxt = self._transition(state, action, ctx)
        except Undetermined as und:
            return Step(Pending(state, action, (), und.ruling), ctx.provenance(gap=und.ruling))
        return Step(nxt, ctx)

    def _resolve(self, state: Hashable, action: Action, fixed: tuple[tuple[str, str], ...]) -> Step:
        """Apply ``action`` to a state with the options ``fixed`` chosen for earlier ruling points."""
        choices: Mapping[str, str | None] = self._choices
        if fixed:
            choices = dict(self._choices)
            choices.update(fixed)
        ctx = Context(choices)
        try:
            nxt = self._transition(state, action, ctx)
        except Undetermined as und:
            return Step(Pending(state, action, fixed, und.ruling), ctx.provenance(gap=und.ruling))
        return Step(nxt, ctx)

    def successors(self, state: Hashable) -> Iterator[tuple[Action, Step]]:
        """Every (action, step) from ``state``: chance outcomes enumerated, races and choices."""
        for action in self.legal_actions(state):
            yield action, self.apply_unchecked(state, action)

    def _illegal_message(self, state: Hashable, action: Action) -> str:
        player = self.current_player(state)
        if player == TERMINAL:
            return f"illegal action {action_to_json(action)}: the game is over"
        if player == CHANCE:
            return f"illegal action {action_to_json(action)}: not a possible chance outcome here"
        legal = self.legal_actions(state)
        shown = ", ".join(str(action_to_json(a)) for a in legal[:12])
        more = f" and {len(legal) - 12} more" if len(legal) > 12 else ""
        who = {RACE: "the slap race", RULING: "the ruleset"}.get(player, f"player {player + 1}")
        return (
            f"illegal action {action_to_json(action)}: it is {who}'s move; "
            f"legal actions are {shown}{more}"
        )

    # ----------------------------------------------------------------- JSON
    def state_to_json(self, state: Hashable) -> dict[str, Any]:
        if isinstance(state, Pending):
            return {
                "pending": state.ruling,
                "before": self.state_to_json(state.before),
                "action": action_to_json(state.action),
                "fixed": [list(f) for f in state.fixed],
            }
        return self._state_to_json(state)

    def state_from_json(self, data: Any) -> Hashable:
        """A state from its JSON, checked: the fields of this game's states, values the rules can
        produce (:meth:`check_state`), and for a pending state a ruling point this ruleset leaves
        open that applying its action to its ``before`` really stops at. InvalidStateError names
        the field that is wrong."""
        if not isinstance(data, Mapping):
            raise InvalidStateError(f"a state is a JSON object, got {type(data).__name__}")
        if "pending" in data:
            return self._pending_from_json(data)
        state = self._state_from_json(data)
        self.check_state(state, data)
        return state

    def _pending_from_json(self, data: Mapping[str, Any]) -> Pending:
        extra = sorted(set(data) - {"pending", "before", "action", "fixed"})
        if extra:
            raise InvalidStateError(f"state field {extra[0]!r} is not a field of a pending state "
                                    "(pending, before, action, fixed)")
        ruling = data["pending"]
        if not isinstance(ruling, str) or ruling not in self.ruling_points:
            raise InvalidStateError(f"state field 'pending': {ruling!r} is not a ruling point of {self.name}")
        if "before" not in data or not isinstance(data["before"], Mapping) or "pending" in data["before"]:
            raise InvalidStateError("state field 'before' must be the (non-pending) state the action applies to")
        before = self.state_from_json(data["before"])
        try:
            action = action_from_json(data.get("action"))
        except IllegalActionError as exc:
            raise InvalidStateError(f"state field 'action': {exc}") from None
        fixed = _fixed_from_json(self, data.get("fixed", []))
        for rid in (*(r for r, _ in fixed), ruling):
            if self._choices.get(rid) is not None:
                raise InvalidStateError(
                    f"state field 'pending'/'fixed': ruleset {self.ruleset.name!r} settles {rid} "
                    f"({self._choices[rid]}), so no state of it waits for that ruling"
                )
        if not self.is_legal(before, action):
            raise InvalidStateError(f"state field 'action': {action_to_json(action)} is not legal in 'before'")
        step = self._resolve(before, action, fixed)
        if not isinstance(step.state, Pending) or step.state.ruling != ruling:
            raise InvalidStateError(
                f"state field 'pending': applying 'action' to 'before' with 'fixed' {[list(f) for f in fixed]} "
                f"does not wait for ruling {ruling}"
            )
        return step.state

    def action_to_json(self, action: Action) -> list[Any]:
        return action_to_json(action)

    def action_from_json(self, data: Any) -> Action:
        return action_from_json(data)

    def config_json(self) -> dict[str, Any]:
        return {
            "game": self.name,
            "variant": self.variant,
            "players": self.num_players,
            "deck": self.deck,
            "ruleset": self.ruleset.name,
        }

    def __repr__(self) -> str:
        return (
            f"<{type(self).__name__} {self.name} variant={self.variant} players={self.num_players}"
            f" deck={self.deck} ruleset={self.ruleset.name}>"
        )


def ruling_leaves(game: Game, state: Hashable, action: Action) -> Iterator[tuple[dict[str, str], Hashable]]:
    """The states a step can lead to, one per combination of the ruling options it asks (the
    :class:`Pending` states it passes through, each option tried), with those options."""
    step = game.apply_unchecked(state, action)
    todo: list[tuple[dict[str, str], Hashable]] = [({}, step.state)]
    while todo:  # invariant: each entry's state is the result of its options so far
        fixed, t = todo.pop()
        if type(t) is Pending:
            for opt in game.ruling_points[t.ruling].option_ids:
                todo.append(({**fixed, t.ruling: opt}, game.apply_unchecked(t, ("ruling", t.ruling, opt)).state))
            continue
        yield fixed, t


def settle_recommended(game: Game, state: Hashable) -> Hashable:
    """``state``, each ruling point it stops at settled by its recommended option (else its first),
    in turn: where play goes once the other open questions take the answers the errata give."""
    while type(state) is Pending:
        point = game.ruling_points[state.ruling]
        state = game.apply(state, ("ruling", state.ruling, point.recommended or point.option_ids[0])).state
    return state


def upcoming_steps(game: Game, state: Hashable) -> list[tuple[Action, Hashable]]:
    """Every legal action at ``state`` (none if the game is over) with the state it leads to, a
    ruling point it meets settled by :func:`settle_recommended`: what can happen next."""
    if game.is_terminal(state):
        return []
    return [(a, settle_recommended(game, game.apply(state, a).state)) for a in game.legal_actions(state)]


def options_differ(game: Game, pending: Pending) -> bool:
    """Whether the options of the ruling point ``pending`` stops at lead to different states (the
    ruling points met after it settled by :func:`settle_recommended`): a state where the question
    matters, not one where the engine asks it and every answer plays the same."""
    seen = set()
    for option in game.ruling_points[pending.ruling].option_ids:
        try:
            seen.add(settle_recommended(game, game.apply(pending, ("ruling", pending.ruling, option)).state))
        except RulecheckError:
            continue
        if len(seen) > 1:
            return True
    return False


def _fixed_from_json(game: Game, raw: Any) -> tuple[tuple[str, str], ...]:
    """A pending state's ``fixed``: [ruling, option] pairs of the game's ruling points, each once."""
    if not isinstance(raw, list):
        raise InvalidStateError("state field 'fixed' must be a list of [ruling, option] pairs")
    out: list[tuple[str, str]] = []
    for i, pair in enumerate(raw):
        if not (isinstance(pair, list) and len(pair) == 2 and all(isinstance(x, str) for x in pair)):
            raise InvalidStateError(f"state field 'fixed'[{i}] must be a [ruling, option] pair of strings")
        rid, option = pair
        rp = game.ruling_points.get(rid)
        if rp is None or option not in rp.option_ids:
            raise InvalidStateError(f"state field 'fixed'[{i}]: {rid!r} = {option!r} is not a ruling point and "
                                    "one of its options")
        if any(r == rid for r, _ in out):
            raise InvalidStateError(f"state field 'fixed'[{i}]: ruling {rid} fixed twice")
        out.append((rid, option))
    return tuple(out)


def check_deal_shape(deal: Any, players: int) -> list[list[Any]]:
    """Common validation of an explicit deal: a list of ``players`` lists."""
    if not isinstance(deal, list) or len(deal) != players:
        raise InvalidDealError(f"a deal is a list of {players} piles (one per player), got {deal!r}")
    for i, pile in enumerate(deal):
        if not isinstance(pile, list):
            raise InvalidDealError(f"pile {i} of the deal is not a list of cards: {pile!r}")
    return deal

