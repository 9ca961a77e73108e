"""Between the Chonker Party engine and its specification: situations from engine states, and
engine steps projected onto the specification's outcome variables.

This module reads the engine; :mod:`rulecheck.games.chonker_party.spec` does not. For every step
of the game (every state that is not over, every legal action or chance outcome) it gives

* :func:`situation`: the facts the clauses read
  (:class:`~rulecheck.games.chonker_party.spec.PartySituation`), with the players numbered from
  the Munchies Master clockwise (the rules treat seats alike up to rotation);
* :func:`project`: an engine step (before, action, after) as the specification's outcome values;
* :func:`engine_outcomes`: every outcome the engine can give the step, one per combination of
  the ruling options the step asks (a ``Pending`` state under ``raw``).

The options of a decision (which cards the Munchies Master may continue with, whom a Steal may
target, ...) are fixed by the step that sets the decision up, so they are part of that step's
outcome (``may.*``): the ruling points that shape them are asked, and varied, there.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Hashable
from functools import lru_cache
from typing import Any

from rulecheck.core.game import Game, ruling_leaves
from rulecheck.games.chonker_party import spec
from rulecheck.games.chonker_party.cards import NAMES, NK, NT, SPOILED, WAR_CHONK
from rulecheck.games.chonker_party.state import (
    AFTER_EXTRA,
    AFTER_ROUND,
    AFTER_TURN,
    AFTER_WINDOW,
    PH_CHOOSE,
    PH_CONTINUE,
    PH_DEAL,
    PH_DISCARD,
    PH_DISCARD_RANDOM,
    PH_DRAW,
    PH_MASTER,
    PH_NAME,
    PH_OVER,
    PH_PLAY,
    PH_SHOW,
    PH_STEAL_FROM,
    PH_STOLEN,
    State,
)

__all__ = ["applies", "engine_outcomes", "implicit_rulings", "project", "raw_key", "rename", "situation"]

_STEP = {PH_DEAL: "deal", PH_MASTER: "pick-master", PH_PLAY: "play", PH_CONTINUE: "continue",
         PH_CHOOSE: "choose", PH_STEAL_FROM: "steal-from", PH_STOLEN: "stolen", PH_SHOW: "show",
         PH_DISCARD: "discard", PH_DISCARD_RANDOM: "discarded", PH_DRAW: "draw"}
_THEN_DRAW = {AFTER_EXTRA: "extra-play", AFTER_WINDOW: "back", AFTER_ROUND: "next-round", AFTER_TURN: "their-turn"}
_THEN_DISCARD = {0: "turn-passes", 1: "master-continues", 2: "round-ends"}


def applies(state: Hashable) -> bool:
    """Whether the specification describes the steps from ``state``: every state not over."""
    return type(state) is State and state.phase != PH_OVER  # type: ignore[union-attr]


def raw_key(state: State, action: tuple[Any, ...]) -> tuple[Any, ...]:
    """A cache key of the step (states are canonical already)."""
    return (state, action)


def _vec(v: tuple[int, ...], size: int) -> tuple[int, ...]:
    """An engine count vector in the specification's kind order (the same names, by name)."""
    out = [0] * size
    for k, c in enumerate(v[:size]):
        if c:
            out[spec.K[NAMES[k]]] = c
    return tuple(out)


def _rotation(state: State) -> dict[int, int]:
    n = len(state.hands)
    return {p: (p - state.master) % n for p in range(n)}


def _options(state: State) -> tuple[str, ...]:
    """The labels of a play or continue decision's options (its cards, and ``end``)."""
    hand = state.hands[state.actor]
    kinds = [NAMES[k] for k in range(NK) if state.mask >> k & 1 and hand[k]]
    if state.phase == PH_CONTINUE and (state.can_end or not kinds):
        kinds.append("end")
    if state.phase == PH_PLAY and state.can_end:
        kinds.append("stop")
    return tuple(sorted(kinds))


def situation(state: State, action: tuple[Any, ...], game: Game | None = None) -> tuple[spec.PartySituation,
                                                                                       dict[int, int]]:
    """The facts of a step, in the specification's words, with the players renumbered from the
    Munchies Master; and the renaming (engine player -> situation player). The configuration's
    facts (hand size, the Spoiled in the deck, the deck dealt from) come from ``game`` (without it:
    the book's, 6 cards and four Spoiled)."""
    g: Any = game
    new = _rotation(state)
    n = len(state.hands)
    order = [p for p, _ in sorted(new.items(), key=lambda x: x[1])]

    def r(p: int) -> int:
        return new[p] if p >= 0 else -1

    ph = state.phase
    hands = tuple(_vec(state.hands[p], NK) for p in order)
    draw, discard = _vec(state.draw, NK), _vec(state.discard, NK)
    if ph == PH_DEAL:  # the deal is the step's input: its hands and decks
        counts = [[0] * NK for _ in range(n + 1)]
        for i, pile in enumerate((*action[1], action[2])):
            for c in pile:
                counts[i][spec.K[c]] += 1
        hands = tuple(tuple(counts[p]) for p in order)
        discard = tuple(counts[n])
        deck = _vec(g.counts, NK) if g is not None else (0,) * NK
        draw = tuple(deck[i] - sum(h[i] for h in (*hands, discard)) for i in range(NK))
    step = _STEP.get(ph, "")
    if ph in (PH_PLAY, PH_CONTINUE) and state.window:
        step = "window"
    elif ph == PH_NAME:
        step = "name-see" if state.aux == 0 else "name-force"
    actor = state.actor
    if ph == PH_DRAW:
        actor = state.queue[0]
    waiting = None
    if step == "window":
        waiting = (r(state.actor), "play" if ph == PH_PLAY else "continue", _options(state))
    elif ph == PH_DRAW and state.after == AFTER_WINDOW:
        waiting = (r(state.actor), "play" if state.aux == PH_PLAY else "continue",
                   _options(state._replace(phase=state.aux)))
    then = "none"
    if ph == PH_DRAW:
        then = _THEN_DRAW[state.after]
    elif ph in (PH_DISCARD, PH_DISCARD_RANDOM):
        then = _THEN_DISCARD[state.aux]
    source = ("draw-deck" if state.src == 0 else "discard-deck") if ph in (PH_DRAW, PH_CHOOSE) else "none"
    sit_action = action
    if action[0] in ("steal_from", "call_war"):
        sit_action = (action[0], r(action[1]))
    elif action[0] == "deal":
        sit_action = ("deal",)
    sit = spec.PartySituation(
        players=n,
        hand_size=g.hand if g is not None else 6,
        spoiled_total=g.spoiled_total if g is not None else 4,
        step=step,
        actor=r(actor),
        turn=r(state.turn),
        master=r(state.master),
        trump=NAMES[state.trump] if state.trump >= 0 else None,
        leader=r(state.last) if state.last >= 0 else None,
        war=state.war,
        continuing=state.cont,
        hands=hands,
        draw=draw,
        discard=discard,
        table=_vec(state.table, NT),
        piles=tuple(_vec(state.piles[p], NT) for p in order),
        queue=tuple(r(p) for p in state.queue) if ph == PH_DRAW else (),
        then=then,
        source=source,
        named=NAMES[state.aux] if ph == PH_SHOW or (ph == PH_DRAW and state.after == AFTER_TURN
                                                    and state.aux >= 0) else None,
        showers=tuple(r(p) for p in state.pend) if ph == PH_SHOW else (),
        victim=r(state.aux) if ph == PH_STOLEN else None,
        waiting=waiting,
        action=sit_action,
        owed=tuple(sorted(r(p) for p in state.owed)),
    )
    return sit, new


def situation_in(game: Game, state: State, action: tuple[Any, ...]) -> tuple[spec.PartySituation, dict[int, int]]:
    """:func:`situation` with the configuration's facts (what the determinacy check calls). The
    win piles are left out where the game cannot end with the step (no clause reads them then), so
    that one situation serves every round. The last answer is kept: the check asks for the
    situation of a step, then for the engine's outcomes of the same step."""
    last = _LAST_SITUATION
    if last and last[0] is game and last[1] == state and last[2] == action:
        return last[3], dict(last[4])
    sit, new = situation(state, action, game)
    if any(any(p) for p in sit.piles):
        bare = dataclasses.replace(sit, piles=((0,) * NT,) * len(sit.piles))
        if not _round_may_end(bare) or not spec.game_may_end_with_the_round(sit):
            sit = bare
    _LAST_SITUATION[:] = [game, state, action, sit, dict(new)]
    return sit, new


_LAST_SITUATION: list[Any] = []


@lru_cache(maxsize=8192)
def _round_may_end(bare: spec.PartySituation) -> bool:
    """:func:`spec.round_may_end` of a situation without its win piles (it reads none), remembered:
    the same one recurs in many steps, where the game's end needs it first."""
    return spec.round_may_end(bare)


@lru_cache(maxsize=4096)
def outcome_names(sit: spec.PartySituation) -> frozenset[str]:
    """The outcome variables of a situation (their names only)."""
    return frozenset(spec.party_outcome(sit).vars)


_P = re.compile(r"\bP(\d+)\b")


def rename(key: tuple[Any, ...], new: dict[int, int]) -> tuple[Any, ...]:
    """An outcome key with its players renamed (``new``: old player -> new player)."""
    one = _renamer(tuple(sorted(new.items())))
    return tuple(sorted((one(k), one(v)) for k, v in key))


@lru_cache(maxsize=64)
def _renamer(new: tuple[tuple[int, int], ...]) -> Any:
    """The renaming of the labels and names of an outcome under one renaming of the players (each
    text renamed once)."""
    mapping = dict(new)

    @lru_cache(maxsize=4096)
    def one(text: str) -> str:
        return _P.sub(lambda m: spec.pname(mapping[int(m.group(1)) - 1]), text) if "P" in text else text

    return one


def _who(p: int, new: dict[int, int]) -> str:
    return spec.pname(new[p]) if p >= 0 else "none"


def project(game: Game, before: State, action: tuple[Any, ...], after: State, sit: spec.PartySituation,
            new: dict[int, int], names: Any = None, options: dict[str, Any] | None = None) -> dict[str, str]:
    """An engine step as the specification's outcome values (in the situation's player names);
    ``options``: the ruling options the step took, where its final state does not show them."""
    n = len(before.hands)
    if names is None:
        names = spec.party_outcome(sit).vars
    out: dict[str, str] = {}
    on_table = 1 if sit.played is not None else 0
    ends = sum(before.table) + on_table > 0 and not any(after.table)
    out["round_ends"] = "yes" if ends else "no"
    out["trump"] = NAMES[after.trump] if after.trump >= 0 else "none"
    out["leader"] = _who(after.last, new)
    out["war"] = "on" if after.war else "off"
    out["master"] = _who(after.master, new)
    table = "stays"
    if ends:
        gained = [p for p in range(n) if sum(after.piles[p]) > sum(before.piles[p])]
        table = f"win:{_who(gained[0], new)}" if gained else "discard-deck"
    out["table"] = table
    # (the draw deck grows only so; the discard deck may have been empty before the table went to it)
    out["deck"] = "becomes-draw-deck" if ends and sum(after.draw) > sum(before.draw) else "stays"
    if "card" in names:
        out["card"] = _card(before, action, after, new, options or {})
    # the next decision
    who, does, window, source, then, draws = "none", "over", "no", "none", "none", "-"
    ph = after.phase
    if ph == PH_OVER:
        pass
    elif ph == PH_MASTER:
        does = "pick-master"
    elif ph == PH_DRAW:
        who, does = _who(after.queue[0], new), "draw"
        source = "draw-deck" if after.src == 0 else "discard-deck"
        then = _THEN_DRAW[after.after]
        draws = ",".join(_who(p, new) for p in after.queue)
    else:
        does = {PH_PLAY: "play", PH_CONTINUE: "continue", PH_CHOOSE: "choose", PH_STEAL_FROM: "steal-from",
                PH_SHOW: "show", PH_DISCARD: "discard", PH_DISCARD_RANDOM: "discarded"}.get(ph, "")
        if ph == PH_NAME:
            does = "name-see" if after.aux == 0 else "name-force"
        who = _who(after.actor, new)
        if ph == PH_STOLEN:
            does, who = "stolen", _who(after.aux, new)
        if ph == PH_CHOOSE:
            source = "draw-deck" if after.src == 0 else "discard-deck"
        if ph in (PH_DISCARD, PH_DISCARD_RANDOM):
            then = _THEN_DISCARD[after.aux]
        if ph in (PH_PLAY, PH_CONTINUE) and after.window:
            window = "yes"
    out.update({"next.who": who, "next.does": does, "next.window": window, "next.source": source,
                "next.then": then, "draws": draws})
    for x in names:
        if x.startswith("may."):
            out[x] = "no"
    if ph in (PH_PLAY, PH_CONTINUE, PH_CHOOSE, PH_STEAL_FROM, PH_NAME, PH_SHOW, PH_DISCARD):
        for a in game.legal_actions(after._replace(window=False)):
            if a[0] == "end_round":
                label = "may.end"
            elif a[0] == "play_nothing":
                label = "may.stop"
            elif a[0] == "steal_from":
                label = f"may.{_who(a[1], new)}"
            else:
                label = f"may.{a[1]}"
            if label in names:
                out[label] = "yes"
            else:
                out[label] = "yes?"  # an option the specification has no variable for
    if "result" in names:
        from rulecheck.games.chonker_party.state import OUTCOMES

        for p in range(n):
            out[f"wins.{_who(p, new)}"] = "yes" if ph == PH_OVER and after.mask >> p & 1 else "no"
        out["result"] = OUTCOMES[after.aux] if ph == PH_OVER else "none"
    return out


def _card(before: State, action: tuple[Any, ...], after: State, new: dict[int, int], options: dict[str, Any]) -> str:
    verb = action[0]
    if verb in ("play", "continue_round", "call_war"):
        if verb != "call_war" and action[1] != "war":
            return "table"
        # a War put down as a Chonk: one more War-Chonk on the table and in the win piles together
        # (the table may go to a win pile in the same step, its War-Chonks with it)
        chonk = (after.table[WAR_CHONK] + sum(p[WAR_CHONK] for p in after.piles)
                 > before.table[WAR_CHONK] + sum(p[WAR_CHONK] for p in before.piles))
        return "table-as-chonk" if chonk else "table"
    k = NAMES.index(action[1])
    if verb in ("discard", "discarded"):
        # (a round that ends with this step may send the table, the card just put on it too, to the
        # discard deck: the counts then look alike, and the option taken says where it went)
        to = options.get("cp.skip_discard_to")
        if to is not None and sum(before.table) and not any(after.table):
            return "discard-deck" if to == "discard_deck" else "table"
        return "discard-deck" if after.discard[k] > before.discard[k] else "table"
    for p, (a, b) in enumerate(zip(after.hands, before.hands, strict=True)):
        if a[k] > b[k]:
            return f"hand:{_who(p, new)}"
    if verb == "stolen" and after.hands[before.aux][k] == before.hands[before.aux][k]:
        return f"hand:{_who(before.aux, new)}"  # stolen from oneself: the card stays in that hand
    return "?"


# --------------------------------------------------------------------------- the engine's options

def engine_outcomes(game: Game, state: State, action: tuple[Any, ...]) -> list[tuple[dict[str, str], Any]]:
    """Every outcome the engine (under ``game``'s ruleset) gives the step, with the ruling options
    that lead to it; each a key in the engine's player names (see :func:`rename`)."""
    sit, new = situation_in(game, state, action)
    back = {v: k for k, v in new.items()}
    names = outcome_names(sit)
    out = []
    for fixed, t in ruling_leaves(game, state, action):
        values = project(game, state, action, t, sit, new, names, {**game._choices, **fixed})  # type: ignore[arg-type]
        out.append((fixed, rename(tuple(sorted(values.items())), back)))
    return out


def implicit_rulings(state: State, action: tuple[Any, ...]) -> dict[str, str]:
    """Ruling points an earlier step answered that this situation rests on: a win pile that already
    holds every Spoiled while the game goes on exists only if the game did not end at once
    (``cp.four_spoiled_when``)."""
    total = (sum(h[SPOILED] for h in state.hands) + state.draw[SPOILED] + state.discard[SPOILED]
             + state.table[SPOILED] + sum(p[SPOILED] for p in state.piles))
    if total and any(p[SPOILED] == total for p in state.piles):
        return {"cp.four_spoiled_when": "at_game_end"}
    return {}
