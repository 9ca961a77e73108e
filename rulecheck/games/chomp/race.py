"""The slap race: every distinguishable outcome of a real-time slap, as actions of ``RACE``.

A race action is one of

* ``("slap", slapper, owner, card)``: ``slapper`` is the first to slap ``owner``'s ``card``.
  A valid slap wins the round; a Bad Chomp puts a penalty card down and the race goes on.
* ``("tie", p1, p2, ...)``: two or more players who could validly chomp slap at the same time.
* ``("nobody_slaps",)``: nobody slaps (in an Ink Out that is what should happen).

Merged outcomes: slaps on different cards are one action when they lead to the same state
with the same provenance: two cards of the same kind belonging to other players (the one of
the lowest-numbered owner names the action), and, in an Ink Out, every card (each such slap is
the same Bad Chomp, en.bad-chomp.6). Slaps that the ruleset makes meaningless (a ruling option
"no effect") are not offered at all, so no race outcome leaves the state unchanged.

Which slaps are valid is a pure function of the state: the ruling answers a race depends on are
baked into ``state.race`` when the race starts (see :mod:`rulecheck.games.chomp.standard`).
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations
from typing import Final

from rulecheck.core.game import Action
from rulecheck.games.chomp.cards import CAN_CHOMP, EEL, SHARK
from rulecheck.games.chomp.state import (
    F_BAD_OK,
    F_DOBLE_BOTH,
    F_EEL_WRONG_BAD,
    F_FRENZY_BAD,
    F_FRENZY_SPECIAL_BAD,
    F_LNL_BAD,
    F_LNL_WIN,
    F_OWN_EEL,
    F_OWN_OK,
    KIND_MASK,
    RK_CHOMP,
    RK_DOBLE,
    RK_EEL,
    RK_FRENZY,
    RK_INKOUT,
    RK_RAPIDO,
    Cards,
    ChompState,
)

__all__ = ["BAD_KINDS", "classify", "highest_creature", "lowest", "race_actions", "valid_slappers"]

# slap classes
NONE: Final = 0
VALID: Final = 1
BAD_HIGHER: Final = 2
BAD_SAME: Final = 3
BAD_OWN: Final = 4
BAD_INK: Final = 5
BAD_NOT_LOWEST: Final = 6
BAD_WRONG: Final = 7
BAD_KINDS = {
    BAD_HIGHER: "a card higher on the food chain than his own",
    BAD_SAME: "a card the same as his own",
    BAD_OWN: "his own card",
    BAD_INK: "a card in an Octopus Ink Out",
    BAD_NOT_LOWEST: "a card lower than his own that is not the lowest",
    BAD_WRONG: "a card he may not chomp",
}
BAD_CLAUSES: Final = {
    BAD_HIGHER: ("en.bad-chomp.3", "es.malos-mordiscos.3"),
    BAD_SAME: ("en.bad-chomp.4", "es.malos-mordiscos.4"),
    BAD_OWN: ("en.bad-chomp.5", "es.malos-mordiscos.5"),
    BAD_INK: ("en.bad-chomp.6", "es.malos-mordiscos.6", "en.ink-out.6", "es.ink-out.6"),
    BAD_NOT_LOWEST: ("en.bad-chomp.2", "en.gameplay.2"),
    BAD_WRONG: ("en.bad-chomp.2", "en.food-chain.3"),
}


def lowest(table: tuple[tuple[int, ...], ...]) -> int:
    """The lowest creature on the food chain among the face-up cards (-1 if none is a creature)."""
    low = _LOWEST.get(table)
    if low is None:
        if len(_LOWEST) >= _CACHE_LIMIT:
            _LOWEST.clear()
        low = _LOWEST[table] = _lowest(table)
    return low


_LOWEST: Final[dict[tuple[tuple[int, ...], ...], int]] = {}
""":func:`lowest` by table (a face-up table recurs through a race: every slap asks)."""


def _lowest(table: tuple[tuple[int, ...], ...]) -> int:
    low = 99
    for cards in table:
        for c in cards:
            if c <= SHARK and c < low:
                low = c
    return -1 if low == 99 else low


def classify(race: int, table: tuple[tuple[int, ...], ...], p: int, own: bool, t: int, low: int) -> int:
    """What it means when player ``p`` slaps card ``t`` (his own if ``own``) in this race.

    Returns VALID, NONE (not a possible outcome under this ruleset) or a Bad Chomp kind.
    en.gameplay.2, en.gameplay.5, en.bad-chomp.3-6, en.feeding-frenzy.2, en.food-chain.3,
    en.underwater-war.5, es.chomp-rapido.2, es.doble-chomp.2.
    """
    kind = race & KIND_MASK
    if kind == RK_INKOUT:
        return BAD_INK
    if kind == RK_CHOMP:
        if own:
            return BAD_OWN
        c = table[p][0]
        if c > SHARK:
            return BAD_WRONG
        if t > c:
            return BAD_HIGHER
        if t == c:
            return BAD_SAME
        if t == low:
            return VALID
        if race & F_LNL_BAD:
            return BAD_NOT_LOWEST
        return VALID if race & F_LNL_WIN else NONE
    if kind == RK_FRENZY:
        if own:
            return BAD_OWN
        if t > SHARK and race & F_FRENZY_SPECIAL_BAD:
            return BAD_WRONG  # nobody can chomp an Octopus or an Eel (en.food-chain.3)
        if race & F_FRENZY_BAD:
            if t > SHARK:
                if t in table[p]:
                    return BAD_SAME  # an Eel or Octopus the same as his own (en.bad-chomp.4)
            else:
                mine = highest_creature(table[p])
                if mine >= 0:
                    if t > mine:
                        return BAD_HIGHER
                    if t == mine:
                        return BAD_SAME
        return VALID
    if kind == RK_DOBLE:
        cards = table[p]
        if t != low:
            if own:
                return BAD_OWN
            if not any(CAN_CHOMP[c][t] for c in cards):
                return BAD_SAME if t in cards else BAD_HIGHER
            # a card his can chomp but not the lowest (ruling chomp.lower_not_lowest, in race)
            if race & F_LNL_BAD:
                return BAD_NOT_LOWEST
            return VALID if race & F_LNL_WIN else NONE
        if own:
            return VALID if race & F_OWN_OK else BAD_OWN
        if race & F_DOBLE_BOTH:
            ok = all(CAN_CHOMP[c][t] for c in cards)
        else:
            ok = any(CAN_CHOMP[c][t] for c in cards)
        if ok:
            return VALID
        return BAD_SAME if t in cards else BAD_HIGHER
    if kind == RK_RAPIDO:
        if t != low:
            return BAD_OWN if own else BAD_HIGHER
        if own:
            return VALID if race & F_OWN_OK else BAD_OWN
        return VALID
    if kind == RK_EEL:
        if t == EEL:
            if own:
                return VALID if race & F_OWN_EEL else BAD_OWN
            return VALID
        if own:
            return BAD_OWN
        return BAD_WRONG if race & F_EEL_WRONG_BAD else NONE
    return NONE


def _targets(table: tuple[tuple[int, ...], ...], p: int) -> list[tuple[int, int]]:
    """(owner, card) for each distinct slap target of player ``p``, sorted: his own cards by kind
    and the other players' cards by kind (the lowest-numbered owner stands for all of that kind)."""
    out: list[tuple[int, int]] = []
    seen: set[int] = set()
    for q, cards in enumerate(table):
        if q == p:
            out.extend((p, t) for t in sorted(set(cards)))
            continue
        for t in (cards if len(cards) < 2 else sorted(cards)):
            if t not in seen:
                seen.add(t)
                out.append((q, t))
    return out


_CACHE_LIMIT: Final = 1 << 18


def valid_slappers(s: ChompState) -> tuple[int, ...]:
    """Players who have a valid slap in this race and may still win it, ascending.

    Depends only on the face-up cards, the race flags and the ban mask: the winners of
    :func:`race_outcomes`, found without building the race's outcomes (:func:`_winners`).
    """
    valid = _winners(s.table, s.race)
    ban_win = s.ban_win
    if ban_win:
        return tuple([p for p in valid if not ban_win >> p & 1])
    return valid


def _winners(table: tuple[Cards, ...], race: int) -> tuple[int, ...]:
    """:func:`valid_slappers` before the ban. The 3+ player game's ordinary race with one card
    each (every game deals that) by :func:`_chomp_winners` and a Feeding Frenzy by
    :func:`_frenzy_winners`, not memoised (5-player tables seldom recur, and these cost less
    than a cache lookup that misses); an Ink Out has none; the 2-player races, whose few
    tables recur, by :func:`classify` (memoised on the cards and flags)."""
    kind = race & KIND_MASK
    if kind == RK_CHOMP:
        for cards in table:
            if len(cards) > 1:
                return _valid_slappers(table, race)
        return _chomp_winners(table, race)
    if kind == RK_INKOUT:
        return ()  # every slap in an Ink Out is a Bad Chomp (en.bad-chomp.6)
    if kind == RK_FRENZY:
        return _frenzy_winners(table, race)
    return _valid_slappers(table, race)


def _chomp_winners(table: tuple[Cards, ...], race: int) -> tuple[int, ...]:
    """The players with a winning slap in the 3+ player game's ordinary race, one card each: the
    winners :func:`_chomp_race_slaps` finds, without building the slaps.

    A player with a creature ``c`` wins by slapping another player's card that is lower and the
    lowest creature on the table (en.gameplay.2), and whether slapping a lower card that is not
    the lowest also wins (ruling ``chomp.lower_not_lowest``, in ``race``) changes nothing here:
    a player with any lower card in front of another player also has the lowest one to slap. So
    the winners are the players whose creature is above the lowest.
    """
    low = 99
    for cards in table:
        if cards and cards[0] < low:
            low = cards[0]
    out = []
    for p, cards in enumerate(table):
        if cards:
            c = cards[0]
            if low < c <= SHARK:
                out.append(p)
    return tuple(out)


def highest_creature(cards: Cards) -> int:
    """The highest creature on the food chain among ``cards`` (-1 if none is a creature)."""
    mine = -1
    for c in cards:
        if mine < c <= SHARK:
            mine = c
    return mine


def _frenzy_winners(table: tuple[Cards, ...], race: int) -> tuple[int, ...]:
    """The players with a winning slap in a Feeding Frenzy: the winners :func:`_frenzy_race_slaps`
    finds, without building the slaps. Any other player's card wins (en.feeding-frenzy.2),
    except, if Bad Chomp kinds 1-2 still apply (ruling ``chomp.frenzy_vs_bad_chomp``, in
    ``race``), a creature the same as or higher than the slapper's highest creature, and, if
    nobody can chomp an Octopus or an Eel in a Frenzy either (ruling
    ``chomp.frenzy_special_cards``), those."""
    frenzy_bad = bool(race & F_FRENZY_BAD)
    special_bad = bool(race & F_FRENZY_SPECIAL_BAD)
    out = []
    for p, cards in enumerate(table):
        if not cards:
            continue
        mine = highest_creature(cards) if frenzy_bad else -1
        if any(not _frenzy_bad_slap(frenzy_bad, special_bad, mine, cards, t) for q, other in enumerate(table)
               if q != p for t in other):
            out.append(p)
    return tuple(out)


def _frenzy_bad_slap(frenzy_bad: bool, special_bad: bool, mine: int, cards: Cards, t: int) -> bool:
    """In a Feeding Frenzy, whether slapping another player's card ``t`` is a Bad Chomp: an Eel
    or Octopus where nobody can chomp one (``special_bad``, en.food-chain.3); and where Bad Chomp
    kinds 1-2 still apply (``frenzy_bad``), a creature the same as or higher than the slapper's
    highest creature ``mine``, or an Eel or Octopus the same as one of his ``cards``."""
    if t > SHARK:
        return special_bad or (frenzy_bad and t in cards)
    return frenzy_bad and 0 <= mine <= t


@lru_cache(maxsize=_CACHE_LIMIT)
def _valid_slappers(table: tuple[Cards, ...], race: int) -> tuple[int, ...]:
    low = lowest(table)
    out = []
    for p, cards in enumerate(table):
        if not cards:
            continue
        for q, t in _targets(table, p):
            if classify(race, table, p, q == p, t, low) == VALID:
                out.append(p)
                break
    return tuple(out)


def race_actions(s: ChompState) -> tuple[Action, ...]:
    """Every distinguishable outcome of the race at ``s``, sorted (see the module docstring).

    Depends only on the face-up cards, the race flags and the two ban masks: the outcomes before
    any ban are memoised on the cards and flags (:func:`race_outcomes`); bans filter them.
    """
    if s.ban_win or s.ban_bad:
        return _race_actions(s.table, s.race, s.ban_win, s.ban_bad)
    return race_outcomes(s.table, s.race)[0]


def _race_actions(table: tuple[Cards, ...], race: int, ban_win: int, ban_bad: int) -> tuple[Action, ...]:
    """The race's outcomes once the players in ``ban_win`` may no longer win it and those in
    ``ban_bad`` may no longer Bad Chomp."""
    outcomes, slaps, wins, winners = race_outcomes(table, race)
    acts: list[Action] = []
    for i in range(slaps):
        action = outcomes[1 + i]
        p: int = action[1]
        if not (ban_win if wins >> i & 1 else ban_bad) >> p & 1:
            acts.append(action)
    if ban_win:
        winners = tuple([p for p in winners if not ban_win >> p & 1])
    return (NOBODY_SLAPS, *acts, *_ties(winners))


Outcomes = tuple[tuple[Action, ...], int, int, tuple[int, ...]]
"""A race's outcomes before any ban: every outcome (nobody slaps, then the slaps, sorted, then
the ties), how many slaps there are, which of them win the round (bit ``i`` for the slap
``outcomes[1 + i]``; the others are Bad Chomps), and the players with a winning slap."""

Slaps = tuple[list[Action], int, list[int]]
"""The slaps of a race, sorted (by slapper, then the target's owner, then the card), a bitmask of
those that win the round, and the players with a winning slap (ascending)."""

NOBODY_SLAPS: Final[Action] = ("nobody_slaps",)


@lru_cache(maxsize=_CACHE_LIMIT)
def race_outcomes(table: tuple[Cards, ...], race: int) -> Outcomes:
    """The race's :data:`Outcomes` (Bad Chomps only where the race allows them). Each kind's
    slaps are made in sorted order, so none needs a sort."""
    acts, wins, winners = _race_slaps(table, race)
    won = tuple(winners)
    return (NOBODY_SLAPS, *acts, *_ties(won)), len(acts), wins, won


def _ties(valid: tuple[int, ...]) -> tuple[Action, ...]:
    """Every group of two or more of the ``valid`` players slapping at the same time, sorted."""
    if len(valid) < 2:
        return ()
    return _groups(valid)


@lru_cache(maxsize=1 << 12)
def _groups(valid: tuple[int, ...]) -> tuple[Action, ...]:
    """:func:`_ties` of two or more players (memoised on the players)."""
    ties: list[Action] = []
    for size in range(2, len(valid) + 1):
        for group in combinations(valid, size):
            ties.append(("tie", *group))
    ties.sort()
    return tuple(ties)


def _race_slaps(table: tuple[Cards, ...], race: int) -> Slaps:
    """The slaps of a race, each judged by :func:`classify` (the one statement of which slap is
    valid, which is a Bad Chomp and which the ruleset leaves out), made in sorted order: by
    slapper, then the target's owner, then the card (:func:`_targets`)."""
    kind = race & KIND_MASK
    low = lowest(table)
    bad_ok = bool(race & F_BAD_OK)
    acts: list[Action] = []
    wins = 0
    winners: list[int] = []
    for p, cards in enumerate(table):
        if not cards:
            continue
        if kind == RK_INKOUT:
            if bad_ok:
                others = [(q, min(c)) for q, c in enumerate(table) if c and q != p]
                q, t = others[0] if others else (p, min(cards))
                acts.append(("slap", p, q, t))
            continue
        won = False
        for q, t in _targets(table, p):
            r = classify(race, table, p, q == p, t, low)
            if r == VALID:
                wins |= 1 << len(acts)
                acts.append(("slap", p, q, t))
                won = True
            elif r != NONE and bad_ok:
                acts.append(("slap", p, q, t))
        if won:
            winners.append(p)
    return acts, wins, winners
