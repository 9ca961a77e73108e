"""Between the Chomp! engine and its specification: situations from engine states, and engine
steps projected onto the specification's outcome variables.

This module reads the engine; :mod:`rulecheck.games.chomp.spec` does not. For every step of play
(a turn-over, a race step, the last two's choice) it gives

* :func:`situation`: the facts the clauses read (a :class:`~rulecheck.games.chomp.spec.RaceSituation`,
  :class:`~rulecheck.games.chomp.spec.TurnSituation` or
  :class:`~rulecheck.games.chomp.spec.LastTwoSituation`), with the players renamed in a canonical
  order;
* :func:`project`: an engine step (before, action, after) as the specification's comparison key
  (:func:`~rulecheck.games.chomp.spec.vocabulary.compare_key` of the same outcome);
* :func:`engine_outcomes`: every outcome the engine can give the step, one per combination of
  the ruling options it depends on: those asked by the step itself (a ``Pending`` state under
  ``raw``) and those baked into the race when it started (:func:`standard.race_for`,
  :func:`two_player.compare_for`), so that the checker can tell which ruling points decide it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Mapping
from typing import Any

from rulecheck.core.game import Game, ruling_leaves
from rulecheck.core.provenance import Context, Undetermined
from rulecheck.games.chomp import spec, standard, two_player
from rulecheck.games.chomp.cards import CARD_NAMES
from rulecheck.games.chomp.race import VALID, classify, lowest, valid_slappers
from rulecheck.games.chomp.spec.vocabulary import pname
from rulecheck.games.chomp.state import (
    DEAL,
    DOBLE_CHOMP,
    F_AFTER_TIE,
    KIND_MASK,
    LAST_TWO,
    MODE_NAMES,
    NEXT_CARD,
    OVER,
    R_PENALTY,
    R_RACE,
    RACE,
    REPLAY,
    RK_CHOMP,
    RK_DOBLE,
    RK_EEL,
    RK_FRENZY,
    RK_INKOUT,
    RK_RAPIDO,
    SHUFFLE,
    STANDARD,
    TIE_REPLAY,
    TURN,
    WAR,
    ChompState,
    players_of,
)

__all__ = ["applies", "engine_outcomes", "project", "raw_key", "situation"]

_STEP = {0: "new-round", REPLAY: "ink-out-replay", TIE_REPLAY: "tie-replay", WAR: "war", NEXT_CARD: "next-card"}
_RACE = {RK_CHOMP: "chomp", RK_FRENZY: "feeding-frenzy", RK_INKOUT: "ink-out", RK_DOBLE: "chomp",
         RK_EEL: "eel-race", RK_RAPIDO: "rapido"}
_NEXT_STEP = {0: "round-over", REPLAY: "ink-out-replay", TIE_REPLAY: "tie-replay", WAR: "war",
              NEXT_CARD: "next-card", LAST_TWO: "round-over"}


def applies(state: Hashable) -> bool:
    """Whether the specification describes the steps from ``state``: a turn-over, a slap race, or
    the last two's choice, in any game."""
    if type(state) is not ChompState:
        return False
    s: ChompState = state  # type: ignore[assignment]
    if s.phase == TURN or s.phase == DEAL:
        return True
    return s.phase == RACE and s.race & KIND_MASK in _RACE


def _need(s: ChompState) -> int:
    """How many cards each player turns over at this turn-over."""
    return standard.cards_to_turn_over(s.mode, s.step)


def raw_key(state: ChompState, action: tuple[Any, ...]) -> tuple[Any, ...]:
    """Everything a step depends on except the order of the piles' cards below what it can reach
    (a cache key)."""
    if state.phase == DEAL:
        return (state.mode, len(state.piles), _dealt(action))
    if state.phase == TURN:
        k = _need(state)
        return (state.mode, state.step, state.active, state.replay, tuple(p[:k] for p in state.piles),
                tuple(min(len(p), 4) for p in state.piles), tuple(bool(x) for x in state.discards),
                tuple(len(x) for x in state.discards) if state.step == LAST_TWO else (),
                state.aside, state.aside_tie, state.aside_bad, state.centre, action)
    # (not the race's flags: they are a function of the face-up cards, the step and the ruleset, and
    # under raw engine_outcomes tries every option they bake in)
    p = action[1] if action[0] == "slap" else -1
    top = state.piles[p][0] if p >= 0 and state.piles[p] else -1
    return (state.mode, state.step, state.table, state.aside, state.aside_tie, state.aside_bad, state.centre,
            state.active, state.bad, state.ban_win, state.ban_bad, tuple(min(len(x), 2) for x in state.piles),
            tuple(bool(x) for x in state.discards), top, action)


def _name(card: int) -> str:
    return CARD_NAMES[card]


def _names(cards: tuple[int, ...]) -> tuple[str, ...]:
    return tuple(CARD_NAMES[c] for c in cards)


def _aside(state: ChompState, new: dict[int, int]) -> tuple[tuple[int, str, str], ...]:
    n = len(state.piles)
    if state.mode in (STANDARD, DOBLE_CHOMP):
        origin = "tie" if state.race & F_AFTER_TIE or state.step == TIE_REPLAY else "ink-out"
        ties = [(new[p], _name(c), "tie") for p in range(n) for c in state.aside_tie[p]]
        # a Bad Chomper's cards of the round he made it in (en.bad-chomp.8-9 say where they go)
        ties += [(new[p], _name(c), origin + "-bad") for p in range(n) for c in state.aside_bad[p]]
    else:
        origin = "octopus" if state.step == NEXT_CARD else "war"
        ties = []
    return tuple(sorted([(new[p], _name(c), origin) for p in range(n) for c in state.aside[p]] + ties))


def _race_order(state: ChompState, action: tuple[Any, ...]) -> tuple[int, ...]:
    """The players in the order the situation names them: the slapper, then the card's owner (or
    the tied players), then the others by what they hold. The rules treat players alike, so a
    situation and its relabelling are the same question."""
    n = len(state.table)
    first: list[int] = []
    if action[0] == "slap":
        first = [action[1]] + ([action[2]] if action[2] != action[1] else [])
    elif action[0] == "tie":
        first = list(action[1:])
    rest = sorted((p for p in range(n) if p not in first), key=lambda p: (
        not state.active >> p & 1, state.table[p], state.bad >> p & 1, min(len(state.piles[p]), 2),
        bool(state.discards[p]), state.aside[p], state.aside_tie[p], state.aside_bad[p], p))
    return tuple(first + rest)


def _turn_order(state: ChompState) -> tuple[int, ...]:
    k = _need(state)
    counts = tuple(len(x) for x in state.discards) if state.step == LAST_TWO else (0,) * len(state.piles)
    return tuple(sorted(range(len(state.piles)), key=lambda p: (
        not state.active >> p & 1, not state.replay >> p & 1, state.piles[p][:k], min(len(state.piles[p]), 4),
        bool(state.discards[p]), counts[p] + len(state.piles[p]), state.aside[p], state.aside_tie[p],
        state.aside_bad[p], p)))


def situation(state: ChompState, action: tuple[Any, ...]) -> tuple[Any, dict[int, int]]:
    """The facts of a step, in the specification's words, with its players renamed in a canonical
    order; and the renaming (engine player -> situation player)."""
    if state.phase == DEAL:
        return spec.DealSituation(players=len(state.piles), mode=MODE_NAMES[state.mode], cards=_dealt(action)), {
            p: p for p in range(len(state.piles))}
    if state.phase == TURN and state.step == LAST_TWO:
        order = _turn_order(state)
        new = {p: i for i, p in enumerate(order)}
        choice = ("count",) if action[0] == "count" else ("switch", action[1])
        return spec.LastTwoSituation(
            players=len(order), active=tuple(sorted(new[p] for p in players_of(state.active))),
            cards=tuple(len(state.piles[p]) + len(state.discards[p]) for p in order),
            centre=len(state.centre), choice=choice), new
    if state.phase == TURN:
        order = _turn_order(state)
        new = {p: i for i, p in enumerate(order)}
        k = _need(state)
        who = _turning_over(state)
        return spec.TurnSituation(
            players=len(order), mode=MODE_NAMES[state.mode],
            active=tuple(sorted(new[p] for p in players_of(state.active))), step=_STEP[state.step],
            plays=tuple(sorted(new[p] for p in players_of(who))),
            top=tuple(_names(state.piles[p][:k]) for p in order),
            pile=tuple(min(len(state.piles[p]), 4) for p in order),
            has_discard=tuple(bool(state.discards[p]) for p in order),
            aside=_aside(state, new), centre=tuple(sorted(_name(c) for c in state.centre)),
        ), new
    order = _race_order(state, action)
    new = {p: i for i, p in enumerate(order)}
    if action[0] == "slap":
        event: tuple[Any, ...] = ("slap", new[action[1]], new[action[2]], _name(action[3]))
    elif action[0] == "tie":
        event = ("tie", *sorted(new[p] for p in action[1:]))
    else:
        event = ("nobody",)
    # (where nobody slaps: who could have won with a slap, as the race's slap steps show)
    could_win = tuple(sorted(new[p] for p in valid_slappers(state))) if event == ("nobody",) else ()
    return spec.RaceSituation(
        players=len(order), mode=MODE_NAMES[state.mode],
        active=tuple(sorted(new[p] for p in players_of(state.active))),
        step=_STEP[state.step],
        table=tuple(_names(state.table[p]) for p in order),
        aside=_aside(state, new),
        centre=tuple(sorted(_name(c) for c in state.centre)),
        bad_before=tuple(sorted(new[p] for p in players_of(state.bad))),
        pile=tuple(min(len(state.piles[p]), 2) for p in order),
        has_discard=tuple(bool(state.discards[p]) for p in order),
        event=event,
        could_win=could_win,
    ), new


_PREFIXES = ("discard:", "pile:", "replays.", "out.", "wins.", "shuffle.", "")


def rename(key: tuple[Any, ...], new: dict[int, int]) -> tuple[Any, ...]:
    """An engine outcome key (:func:`project`) with its players renamed as in the situation
    (memoised: keys and renamings recur across steps)."""
    memo = (key, tuple(new.items()))
    found = _RENAMED.get(memo)
    if found is None:
        if len(_RENAMED) > 200_000:
            _RENAMED.clear()
        found = _RENAMED[memo] = _rename(key, new)
    return found


_RENAMED: dict[Any, tuple[Any, ...]] = {}


def _rename(key: tuple[Any, ...], new: dict[int, int]) -> tuple[Any, ...]:
    names = {pname(p): pname(i) for p, i in new.items()}

    def one(text: str) -> str:
        for prefix in _PREFIXES:
            if text.startswith(prefix) and text[len(prefix):] in names:
                return prefix + names[text[len(prefix):]]
        return text

    facts = tuple(sorted((one(k), one(v)) for k, v in key if isinstance(v, str)))
    places = tuple(sorted(((one(a), one(b)), v) for (a, b), v in (x for x in key if not isinstance(x[1], str))))
    return facts + places


def _minus(after: tuple[int, ...], before: tuple[int, ...]) -> list[int]:
    """The cards of the sorted pile ``after`` that are not in the sorted pile ``before``."""
    if not before:
        return list(after)
    if after == before:
        return []
    left = Counter(after)
    left.subtract(before)
    return sorted(c for c, k in left.items() for _ in range(max(k, 0)))


def _end_facts(before: ChompState, after: ChompState, facts: dict[str, str]) -> None:
    """The end-of-round block: who is washed up, what follows, who has won the game."""
    if before.mode == STANDARD:
        for q in players_of(before.active):
            facts[f"out.{pname(q)}"] = "no" if after.active >> q & 1 else "yes"
    if after.phase == OVER:
        facts["game"] = "over"
    elif after.phase == TURN and after.step == LAST_TWO:
        facts["game"] = "last-two"
    else:
        facts["game"] = "goes-on"
    for q in players_of(before.active):
        facts[f"wins.{pname(q)}"] = "yes" if after.phase == OVER and after.winners >> q & 1 else "no"


def _race_next(before: ChompState, after: ChompState) -> str:
    if after.phase == OVER:
        return "round-over"
    if after.phase == RACE or (after.phase == SHUFFLE and after.resume in (R_RACE, R_PENALTY)):
        return "race-goes-on"
    return _NEXT_STEP.get(after.step, "round-over") if after.phase in (TURN, SHUFFLE) else "round-over"


def _won_to_piles(before: ChompState, after: ChompState, q: int, kept: int) -> list[int]:
    """Cards added under player q's pile (a 2-player winner's cards under ``bottom_of_pile``),
    ``kept`` being how many of his pile's cards before the step are still in it."""
    return list(after.piles[q][kept:]) if len(after.piles[q]) > kept else []


def _dealt(action: tuple[Any, ...]) -> int:
    """The number of cards a deal action deals and leaves out of play."""
    return sum(len(p) for p in action[1]) + len(action[2])


def project(before: ChompState, action: tuple[Any, ...], after: ChompState) -> tuple[Any, ...]:
    """An engine step as the specification's comparison key (see
    :func:`~rulecheck.games.chomp.spec.vocabulary.compare_key`)."""
    if before.phase == DEAL:
        return (("game", "over" if after.phase == OVER else "goes-on"),)
    if before.phase == TURN and before.step == LAST_TWO:
        facts = {"game": "over" if after.phase == OVER else "goes-on", "mode": MODE_NAMES[after.mode]}
        for q in players_of(before.active):
            facts[f"wins.{pname(q)}"] = "yes" if after.phase == OVER and after.winners >> q & 1 else "no"
        return tuple(sorted(facts.items()))
    if before.phase == TURN:
        return _project_turn(before, after)
    return _project_race(before, action, after)


def _places_key(facts: dict[str, str], places: dict[tuple[str, str], list[str]]) -> tuple[Any, ...]:
    return tuple(sorted(facts.items())) + tuple(sorted((k, tuple(sorted(v))) for k, v in places.items() if v))


def _project_race(before: ChompState, action: tuple[Any, ...], after: ChompState) -> tuple[Any, ...]:
    n = len(before.table)
    nxt = _race_next(before, after)
    facts: dict[str, str] = {"race": _RACE[before.race & KIND_MASK], "next": nxt}
    slap = action[0] == "slap"
    winner = "none"
    penalty_card = None
    places: dict[tuple[str, str], list[str]] = {}

    def put(key: tuple[str, str], cards: list[int] | tuple[int, ...]) -> None:
        if cards:
            places.setdefault(key, []).extend(_name(c) for c in cards)

    if slap:
        p = action[1]
        bad = nxt == "race-goes-on"
        facts["bad_chomp"] = "yes" if bad else "no"
        penalty = "none"
        if bad:
            if after.phase == SHUFFLE and after.resume == R_PENALTY:
                penalty = "centre"
            elif len(after.piles[p]) == len(before.piles[p]) - 1:
                penalty = "centre"
                penalty_card = before.piles[p][0]
        facts["penalty"] = penalty
        if not bad and nxt == "round-over":
            winner = pname(p)
        if len(before.piles[p]) == 1 and before.discards[p]:
            shuffled = after.phase == SHUFFLE and after.shuffle_for == p and after.resume == R_RACE
            facts[f"shuffle.{pname(p)}"] = "yes" if shuffled else "no"
    facts["winner"] = winner
    if before.mode in (STANDARD, DOBLE_CHOMP):
        replay = nxt in ("ink-out-replay", "tie-replay")
        for q in players_of(before.active):
            replays = replay and after.replay >> q & 1 and after.active >> q & 1
            facts[f"replays.{pname(q)}"] = "yes" if replays else "no"
    if action[0] in ("slap", "nobody_slaps"):
        _end_facts(before, after, facts)
    if nxt == "race-goes-on":
        for q in range(n):
            put(("stays", pname(q)), before.table[q])
    for q in range(n):
        put(("set-aside", pname(q)), after.aside[q] + after.aside_tie[q] + after.aside_bad[q])
        put((f"discard:{pname(q)}", ""), _minus(after.discards[q], before.discards[q]))
        kept = len(before.piles[q]) - (1 if slap and q == action[1] and penalty_card is not None else 0)
        put((f"pile:{pname(q)}", ""), _won_to_piles(before, after, q, kept))
    centre = list(after.centre)
    if penalty_card is not None:
        centre.remove(penalty_card)
    put(("centre", ""), centre)
    return _places_key(facts, places)


def _turning_over(state: ChompState) -> int:
    """The players (a mask) who turn cards over at a turn-over: in a replay those who replay."""
    return state.replay & state.active if state.step in (REPLAY, TIE_REPLAY) else state.active


def _project_turn(before: ChompState, after: ChompState) -> tuple[Any, ...]:
    n = len(before.piles)
    k = _need(before)
    facts: dict[str, str] = {}
    if after.phase == RACE or (after.phase == SHUFFLE and after.resume == R_RACE):
        nxt = "race"  # (a pile that ran out as its last card was turned over is shuffled first)
    elif after.phase == OVER or (after.phase in (TURN, SHUFFLE) and after.step in (0, LAST_TWO)):
        nxt = "round-over"
    else:
        nxt = _NEXT_STEP.get(after.step, "round-over")
    facts["next"] = nxt
    places: dict[tuple[str, str], list[str]] = {}

    def put(key: tuple[str, str], cards: list[int] | tuple[int, ...]) -> None:
        if cards:
            places.setdefault(key, []).extend(_name(c) for c in cards)

    received = {q: _minus(after.discards[q], before.discards[q]) for q in range(n)}
    # how many top cards left each pile: the rest of the pile is still there, in order. A pile
    # can read both ways (a winner's own card back under his one-card pile looks unmoved); then
    # it went as the others' did: a turn-over turns every player's cards over, or nobody's
    fits = {q: [j for j in range(len(before.piles[q][:k]) + 1)
                if after.piles[q][:len(before.piles[q]) - j] == before.piles[q][j:]] for q in range(n)}
    who = _turning_over(before)
    turned = any(len(f) == 1 and f[0] > 0 for f in fits.values())
    for q in range(n):
        pile, top = before.piles[q], before.piles[q][:k]
        f = fits[q]
        taken = (max(f) if turned and who >> q & 1 else min(f)) if f else len(top)
        if nxt == "race" and len(after.table[q]) in f:
            taken = len(after.table[q])  # (those turned over are face up: Doble Chomp's replay may turn one of two)
        put(("pile", pname(q)), top[taken:])
        under = list(after.piles[q][len(pile) - taken:])
        received[q] += under
        put((f"pile:{pname(q)}", ""), under)
        put(("face-up", pname(q)), after.table[q] if nxt == "race" else ())
        put(("set-aside", pname(q)), after.aside[q] + after.aside_tie[q] + after.aside_bad[q])
        put((f"discard:{pname(q)}", ""), received[q][:len(received[q]) - len(under)])
    put(("centre", ""), after.centre)
    winner = "none"
    if before.mode not in (STANDARD, DOBLE_CHOMP) and nxt == "round-over":
        takers = [q for q in range(n) if received[q]]
        round_cards = {q: len(before.aside[q]) + min(len(before.piles[q]), k) for q in range(n)}
        if len(takers) == 1 and any(round_cards[q] for q in range(n) if q != takers[0]):
            winner = pname(takers[0])
    facts["winner"] = winner
    _end_facts(before, after, facts)
    return _places_key(facts, places)


# --------------------------------------------------------------------------- the engine's options

def _race_assignments(game: Game, state: ChompState) -> list[tuple[dict[str, str], int]]:
    """Every combination of the options the race's start asks (:func:`standard.race_for`, or
    :func:`two_player.compare_for` in Underwater War and Chomp rápido), with the race it gives:
    [(options, race)]."""
    if state.mode in (STANDARD, DOBLE_CHOMP):
        key: tuple[Any, ...] = (state.mode, tuple(sorted(state.table)), state.step,
                                any(state.aside) or any(state.aside_tie) or any(state.aside_bad))
    else:
        a, b = players_of(state.active)
        key = (state.mode, (state.table[a][0], state.table[b][0]), state.step)
    found = _RACES.get(key)
    if found is None:
        found = _RACES[key] = _race_assignments_of(game, key)
    return found


_RACES: dict[tuple[Any, ...], list[tuple[dict[str, str], int]]] = {}


def _race_assignments_of(game: Game, key: tuple[Any, ...]) -> list[tuple[dict[str, str], int]]:
    base: Mapping[str, str | None] = {rid: None for rid in game.ruling_points}
    out: list[tuple[dict[str, str], int]] = []
    todo: list[dict[str, str]] = [{}]
    while todo:  # invariant: each entry is a partial assignment not yet run
        fixed = todo.pop()
        choices = dict(base)
        choices.update(fixed)
        try:
            if key[0] in (STANDARD, DOBLE_CHOMP):
                race = standard.race_for.fn(Context(choices), key[1], key[2], key[0] == DOBLE_CHOMP, key[3])
            else:
                verdict, race = two_player.compare_for.fn(Context(choices), key[1][0], key[1][1], key[2], key[0])
                if verdict != two_player.C_RACE:
                    continue  # under these options the cards start no race
        except Undetermined as und:
            for opt in game.ruling_points[und.ruling].option_ids:
                todo.append({**fixed, und.ruling: opt})
            continue
        out.append((fixed, race))
    return sorted(out, key=lambda x: sorted(x[0].items()))


NOT_POSSIBLE: tuple[Any, ...] = (("step", "not-possible"),)
"""The outcome key of a step the engine does not offer under some ruling options."""


def engine_outcomes(game: Game, state: ChompState, action: tuple[Any, ...]) -> list[tuple[dict[str, str], Any]]:
    """Every outcome the engine (under ``game``'s ruleset) gives the step, with the ruling options
    that lead to it: for a race, those baked into the race at its start (varied here, whatever the
    state holds) and those the step itself asks. Under a complete ruleset: one outcome."""
    choices = game._choices
    if all(v is not None for v in choices.values()):
        step = game.apply_unchecked(state, action)
        return [({}, project(state, action, step.state))]  # type: ignore[arg-type]
    # many options lead to the same state: projected once. The states the step starts from here
    # (``state`` with each race the options bake in) differ in their race flags alone, and a
    # projection reads of those only the race's kind (:func:`_project_race`)
    seen: dict[Any, tuple[Any, ...]] = {}

    def key(before: ChompState, t: Any) -> tuple[Any, ...]:
        memo = (before.race & KIND_MASK, t)
        found = seen.get(memo)
        if found is None:
            found = seen[memo] = project(before, action, t)
        return found

    if state.phase != RACE:
        return [(more, key(state, t)) for more, t in ruling_leaves(game, state, action)]
    out: list[tuple[dict[str, str], Any]] = []
    for fixed, race in _race_assignments(game, state):
        s2 = state._replace(race=race)
        if action not in game.legal_actions(s2):
            # under these options the race offers no such step (its slaps are other actions):
            # the options decide whether the step happens, so they are relevant to it
            out.append((fixed, NOT_POSSIBLE))
            continue
        for more, t in ruling_leaves(game, s2, action):
            out.append(({**fixed, **more}, key(s2, t)))
    return out


def implicit_rulings(state: ChompState, action: tuple[Any, ...]) -> dict[str, str]:
    """Ruling points the step depends on through what earlier steps did with them: a slap by a
    player who already made a Bad Chomp this race exists only if he may Bad Chomp again
    (``chomp.bad_chomp_again``) or may still win (``chomp.bad_chomper_may_win``); and in a tie
    replay, which of the tie round's set-aside cards its winner takes was settled when the tie set
    them aside (``chomp.tie_replay_winnings``: the engine keeps them in two piles), so a slap there
    depends on that answer. (The last is counted wherever a slap meets set-aside cards in a tie
    replay: more situations than it changes, so it can hide, never invent, a silent decision.)"""
    found: dict[str, str] = {}
    if state.phase != RACE:
        return found
    if action[0] == "slap" and state.step == TIE_REPLAY and (any(state.aside) or any(state.aside_tie)
                                                             or any(state.aside_bad)):
        found["chomp.tie_replay_winnings"] = "earlier"
    if action[0] != "slap" or not state.bad >> action[1] & 1:
        return found
    p, q, t = action[1], action[2], action[3]
    r = classify(state.race, state.table, p, q == p, t, lowest(state.table))
    if r == VALID:
        return {**found, "chomp.bad_chomper_may_win": "may_still_win"}
    return {**found, "chomp.bad_chomp_again": "any_number"}
