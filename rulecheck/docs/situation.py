"""A finding's witness as a situation at the table: the cards, what led there, what happens.

The witness is replayed in the engine (under its own configuration's ruleset). The situation
keeps every step of the replay as (state before, action, state after), the index of the step
that shows the problem, and, when a ruling option is given for the ruling point that step
stops at, the state that option leads to. :mod:`rulecheck.story` tells it in words and draws
it as cards; nothing here is written by hand: change the ruling and the outcome shown changes.

:func:`witness_numbers` is every number the situation has (card counts of every place in
every state, cards moved by a step, players): the published documents may quote only those.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Any

from rulecheck.core.errors import RulecheckError
from rulecheck.core.game import Action, Game, Pending, action_from_json, settle_recommended, upcoming_steps
from rulecheck.findings import Witness
from rulecheck.games import load_game
from rulecheck.story import Scene, Story, story_for

__all__ = ["Situation", "Told", "situation_from_witness", "tell", "witness_numbers"]

LEAD_LINES = 4
"""How many told steps before the problem step a situation shows (the current round's)."""


@dataclass(frozen=True)
class Situation:
    """A replayed witness.

    ``steps``: every step as (before, action, after); ``problem``: the index of the step that
    shows the problem (-1: none); ``resolved``: that step's result once ``option`` settles
    ``ruling`` (``None`` if no option was given or the step did not stop at that ruling);
    ``loop_start``: for a play that repeats forever, the index of the loop's first step;
    ``then``: the steps after ``resolved`` that show what ``option`` changes, where the resolved
    step alone reads the same under every option (:func:`_what_it_changes`); ``others_next``: where
    there are no such steps (the step itself already reads otherwise, or nothing within reach
    does), the states the other options lead to in which what can happen next (who decides, and
    what they may do) is not what it is in ``resolved`` (:func:`_next_differs`): the example tells
    the difference.
    """

    game: Game | None
    config: Mapping[str, Any]
    steps: tuple[tuple[Hashable, Action, Hashable], ...]
    problem: int
    ruling: str | None = None
    option: str | None = None
    resolved: Hashable | None = None
    loop_start: int | None = None
    error: str | None = None
    then: tuple[tuple[Hashable, Action, Hashable], ...] = ()
    others_next: tuple[Hashable, ...] = ()

    @property
    def pending(self) -> str | None:
        """The ruling point the problem step stops at, if it does."""
        if 0 <= self.problem < len(self.steps):
            after = self.steps[self.problem][2]
            return after.ruling if isinstance(after, Pending) else None
        return None

    @property
    def shortened(self) -> bool:
        """Played with fewer cards than the full deck."""
        return str(self.config.get("deck", "full")) != "full"

    def states(self) -> list[Hashable]:
        """Every state of the replay, settled (a pending state as the state it started from),
        the resolved one last."""
        out: list[Hashable] = []
        for before, _, after in self.steps:
            out += [_settled(before), _settled(after)]
        if self.resolved is not None:
            out.append(_settled(self.resolved))
        for _, _, after in self.then:
            out.append(_settled(after))
        return out


def _settled(state: Hashable) -> Hashable:
    return state.before if isinstance(state, Pending) else state


def _game_for(config: Mapping[str, Any]) -> Game:
    return load_game(str(config["game"]), config.get("variant"), config.get("players"),
                     str(config.get("ruleset", "raw")), str(config.get("deck", "full")))


def situation_from_witness(witness: Witness, ruling: str | None = None, option: str | None = None) -> Situation:
    """Replay ``witness`` and keep every step. If its problem step stops at ``ruling`` and
    ``option`` is given, also the state that option leads to (later rulings of the same step
    settled by their recommended options). A witness that does not replay gives a situation
    whose ``error`` says why (never an exception: documents still render)."""
    config = dict(witness.config)
    try:
        game = _game_for(config)
        actions = [action_from_json(a) if isinstance(a, list) else tuple(a) for a in witness.actions]
    except (RulecheckError, KeyError, TypeError) as exc:
        return _broken(config, f"cannot load the game it was found in: {exc}")
    state: Hashable = game.root_state()
    steps: list[tuple[Hashable, Action, Hashable]] = []
    for i, action in enumerate(actions):
        if not game.is_legal(state, action):
            return _broken(config, f"it does not replay at step {i + 1}")
        after = game.apply(state, action).state
        steps.append((state, action, after))
        state = after
    problem = witness.problem_step if 0 <= witness.problem_step < len(steps) else -1
    resolved = _resolve(game, steps[problem][2], ruling, option) if problem >= 0 else None
    if resolved is None:
        return Situation(game, config, tuple(steps), problem, ruling, option, None, witness.loop_start)
    # the states the ruling point's other options lead to, settled once for both uses
    point = game.ruling_points[str(ruling)]
    others = [(o, st) for o in point.option_ids if o != option
              for st in [_resolve(game, steps[problem][2], ruling, o)] if st is not None]
    then = _what_it_changes(game, steps[problem][2], str(ruling), str(option), resolved, others)
    differ = () if then else _next_differs(game, resolved, [st for _, st in others])
    return Situation(game, config, tuple(steps), problem, ruling, option, resolved, witness.loop_start, then=then,
                     others_next=differ)


def _resolve(game: Game, after: Hashable, ruling: str | None, option: str | None) -> Hashable | None:
    if not isinstance(after, Pending) or ruling is None or option is None or after.ruling != ruling:
        return None
    try:
        return settle_recommended(game, game.apply(after, ("ruling", ruling, option)).state)
    except RulecheckError:
        return None


THEN_DEPTH = 3
"""At most how many steps after the ruling an example plays to show what the option changes."""
THEN_NODES = 400
"""At most how many pairs of states that search visits."""


def _what_it_changes(game: Game, after: Hashable, ruling: str, option: str, resolved: Hashable,
                     others: list[tuple[str, Hashable]]) -> tuple[tuple[Hashable, Action, Hashable], ...]:
    """Where the step settled by ``option`` reads the same as under the ruling point's other
    options (``others``: each with the state it leads to; a ruling taken as a race starts changes
    nothing you can see yet), the fewest steps
    after it, at most :data:`THEN_DEPTH`, after which the story differs from one other option's:
    the same actions played from both settled states, breadth first in the game's order of
    legal actions, chance steps not taken. Empty where the step itself already differs, or
    nothing within reach does."""
    story = story_for(game, "en")
    mine = story.step(after, ("ruling", ruling, option), resolved, rulings=False)
    if not others or any(story.step(after, ("ruling", ruling, o), st, rulings=False) != mine for o, st in others):
        return ()
    queue: list[tuple[tuple[tuple[Hashable, Action, Hashable], ...], Hashable, Hashable]] = \
        [((), resolved, st) for _, st in others]
    visited = 0
    while queue and visited < THEN_NODES:
        path, a, b = queue.pop(0)
        visited += 1
        if len(path) >= THEN_DEPTH or game.is_terminal(a) or game.is_terminal(b) \
                or game.is_chance_node(a) or game.is_chance_node(b):
            continue
        theirs = set(game.legal_actions(b))
        for action in game.legal_actions(a):
            if action not in theirs:
                continue
            try:
                a2 = settle_recommended(game, game.apply(a, action).state)
                b2 = settle_recommended(game, game.apply(b, action).state)
            except RulecheckError:
                continue
            step = (a, action, a2)
            if story.step(a, action, a2, rulings=False) != story.step(b, action, b2, rulings=False):
                return (*path, step)
            queue.append(((*path, step), a2, b2))
    return ()


def _next_differs(game: Game, resolved: Hashable, others: list[Hashable]) -> tuple[Hashable, ...]:
    """Of ``others`` (the states the ruling point's other options lead to), those where what can
    happen next (who decides, and the legal actions) is not what it is in ``resolved`` (the chosen
    option's state): what an option changes may be who decides next or what they may do (a Master
    who must continue, a card picked at random). Empty if none differs or the game is over."""
    if game.is_terminal(resolved):
        return ()

    def upcoming(state: Hashable) -> tuple[Any, ...]:
        if game.is_terminal(state):
            return ("over",)
        return game.current_player(state), tuple(game.legal_actions(state))

    mine = upcoming(resolved)
    return tuple(st for st in others if upcoming(st) != mine)


def _broken(config: Mapping[str, Any], why: str) -> Situation:
    return Situation(None, config, (), -1, error=why)


@dataclass(frozen=True)
class Told:
    """A situation in words and cards: what led there, the table drawn, what happens next, and
    (for a play that repeats) the steps of the loop."""

    lead: tuple[str, ...]
    scene: Scene | None
    event: tuple[str, ...]
    loop: tuple[str, ...] = ()
    turn: str = ""


def tell(s: Situation, story: Story) -> Told:
    """Tell the situation with ``story``: the lines of the current round before the problem
    step, the table just before it, and that step under the ruling (or as played)."""
    if s.error is not None or s.game is None or not s.steps:
        return Told((), None, ())
    if s.loop_start is not None:
        start = min(max(s.loop_start, 0), len(s.steps) - 1)
        loop = _lines(story, s.steps[start:])
        return Told(_lead(story, s.steps, start), story.scene(_settled(s.steps[start][0])), (), loop)
    if s.problem < 0:
        last = s.steps[-1][2]
        return Told(_lead(story, s.steps, len(s.steps)), story.scene(_settled(last)), (), (), _whose_turn(s.game, last))
    before, action, after = s.steps[s.problem]
    if s.resolved is not None:
        event = story.step(after, ("ruling", s.ruling, s.option), s.resolved, rulings=False)
        shown = s.resolved
        for b, a, c in s.then:
            event = (*event, *story.step(b, a, c, rulings=False))
            shown = c
    else:
        event = story.step(before, action, after, rulings=False)
        shown = after
    if not isinstance(shown, Pending) and s.game.is_terminal(shown):
        event = (*event, story.ending(shown))
    elif s.others_next:
        event = (*event, story.next_steps(_settled(shown), [_settled(o) for o in s.others_next]))
    start_state = _settled(before)
    if _told_action(before, action)[:1] == ("deal",):
        return Told(event, story.scene(_settled(shown)), ())
    return Told(_lead(story, s.steps, s.problem), story.scene(start_state), event)


def _told_action(before: Hashable, action: Action) -> Action:
    """The action a step tells: a ruling's step tells the action it settles."""
    return before.action if isinstance(before, Pending) and action[:1] == ("ruling",) else action


def _lead(story: Story, steps: Sequence[tuple[Hashable, Action, Hashable]], end: int) -> tuple[str, ...]:
    """The told lines of the round the step ``end`` belongs to, before it (at most
    :data:`LEAD_LINES`); the deal is not told."""
    start = 0
    for i in range(end):
        before, action, after = steps[i]
        told = _told_action(before, action)
        if told[:1] == ("deal",) and not isinstance(after, Pending):
            start = i + 1
        elif not isinstance(before, Pending) and story.new_round(before, action):
            start = i
    return _lines(story, steps[start:end])[-LEAD_LINES:]


def _lines(story: Story, steps: Sequence[tuple[Hashable, Action, Hashable]]) -> tuple[str, ...]:
    out = []
    for before, action, after in steps:
        text = " ".join(story.step(before, action, after, rulings=False))
        if text:
            out.append(text)
    return tuple(out)


def _whose_turn(game: Game, state: Hashable) -> str:
    player = game.current_player(_settled(state))
    return f"Player {player + 1}" if player >= 0 else ""


def witness_numbers(s: Situation) -> set[int]:
    """Every number the situation has: the players (and their numbers), the number of cards in
    every place of every state and of each kind there, every other count in the state, and the
    cards a step moved in or out of each place; where the example tells what can happen next
    (``others_next``), the same of each step that can."""
    if s.game is None:
        return set()
    players = int(s.config.get("players") or s.game.num_players)
    found = set(range(players + 1))
    data = [s.game.state_to_json(st) for st in s.states()]
    views = [_places(d) for d in data]
    upcoming: list[tuple[dict[str, list[str]], dict[str, list[str]]]] = []
    for st in (s.resolved, *s.others_next) if s.others_next and s.resolved is not None else ():
        # what can happen next, told where the options differ there (tell): each step that can
        before = s.game.state_to_json(_settled(st))
        for _, after in upcoming_steps(s.game, _settled(st)):
            data += [before, s.game.state_to_json(after)]
            upcoming.append((_places(before), _places(data[-1])))
    for view in views + [v for step in upcoming for v in step]:
        for cards in view.values():
            found.add(len(cards))
            found.update(Counter(cards).values())
        found.update(_totals(view))
    for d in data:
        found.update(_ints(d))
    for a, b in (*pairwise(views), *upcoming):
        for key in set(a) | set(b):
            x, y = Counter(a.get(key, [])), Counter(b.get(key, []))
            found.add(sum((y - x).values()))
            found.add(sum((x - y).values()))
    return found


def _places(data: Any, path: str = "") -> dict[str, list[str]]:
    """Every list of cards in a state's JSON, by its path."""
    out: dict[str, list[str]] = {}
    if isinstance(data, Mapping):
        for k, v in data.items():
            out.update(_places(v, f"{path}/{k}"))
    elif isinstance(data, list):
        if data and all(isinstance(v, str) for v in data):
            out[path] = list(data)
        elif data == []:
            out[path] = []
        else:
            for i, v in enumerate(data):
                out.update(_places(v, f"{path}/{i}"))
    return out


def _totals(view: Mapping[str, list[str]]) -> set[int]:
    """The cards of each player (all their places) and of each kind of place over all players."""
    by_owner: Counter[str] = Counter()
    by_place: Counter[str] = Counter()
    for path, cards in view.items():
        parts = path.strip("/").split("/")
        owner = "/".join(p for p in parts if p.isdigit())
        place = "/".join(p for p in parts if not p.isdigit())
        by_owner[owner] += len(cards)
        by_place[place] += len(cards)
    return {*by_owner.values(), *by_place.values(), sum(len(c) for c in view.values())}


def _ints(data: Any) -> set[int]:
    if isinstance(data, bool):
        return set()
    if isinstance(data, int):
        return {abs(data)}
    if isinstance(data, Mapping):
        return set().union(*(_ints(v) for v in data.values())) if data else set()
    if isinstance(data, list):
        return set().union(*(_ints(v) for v in data)) if data else set()
    return set()
