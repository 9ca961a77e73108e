"""The Chonker Party state: one flat, hashable NamedTuple of small ints and count vectors.

Fields (players are 0-based seat indices, clockwise; kinds as in :mod:`.cards`):

- ``phase``: what happens next (``PH_*``); ``actor``: who decides in player phases;
  ``turn``: the player whose card is being resolved (the asker of See, the stealer, ...).
- ``hands``: one count vector per player; ``draw``/``discard``: the draw and discard decks as
  count vectors (their order is hidden and every draw is a chance action, so a shuffle is the
  identity on this representation); ``table``: cards played this round (15 slots, War-as-Chonk
  last); ``piles``: win piles (15 slots each).
- ``trump``: trump kind or -1; ``last``: last player to put down a trump or chonk, or -1;
  ``master``: the Munchies Master of this round; ``war``: a War is in effect.
- ``mask``/``can_end``: the decision's options, fixed by the transition that set up the
  decision (so that legal actions never consult the ruleset): playable kinds as a bitmask
  (or nameable types, or stealable players), and whether ``end_round`` is allowed.
- ``window``: before this decision, players holding a War may call it out (actor RACE).
- ``cont``: the current turn is the Munchies Master continuing the round.
- ``queue``: players still to draw one card each (PH_DRAW); ``src``: 0 draw deck, 1 discard
  deck; ``after``: what follows the draws (AFTER_*); ``aux``: phase-specific (see below);
  ``pend``: players still to show (See a Card); ``seen``: the last See a Card, known only to
  its asker: ``(asker, type, ((player, kind or -1), ...))`` or ``()``.
- ``owed``: the players who called out a War and draw its new card when their turn comes (ruling
  ``cp.war_draw_when`` = on_their_turn, cp.war.4), one entry per card owed, sorted.
- At the end (PH_OVER): ``mask`` is the set of winners, ``aux`` the outcome code.

``aux``: PH_NAME 0 See / 1 Force; PH_SHOW the named type; PH_STOLEN / PH_DISCARD_RANDOM the
victim; PH_DISCARD what follows (0 the turn passes, 1 the Master must continue, 2 the round
ends); PH_DRAW after AFTER_EXTRA: -1 any card, k only kind k; after AFTER_WINDOW the phase; after
AFTER_TURN the card acting on the drawer's turn (-1 none, k a Force naming kind k).
"""

from __future__ import annotations

from typing import NamedTuple

__all__ = [
    "AFTER_EXTRA",
    "AFTER_ROUND",
    "AFTER_TURN",
    "AFTER_WINDOW",
    "OUTCOMES",
    "PHASES",
    "PH_CHOOSE",
    "PH_CONTINUE",
    "PH_DEAL",
    "PH_DISCARD",
    "PH_DISCARD_RANDOM",
    "PH_DRAW",
    "PH_MASTER",
    "PH_NAME",
    "PH_OVER",
    "PH_PLAY",
    "PH_SHOW",
    "PH_STEAL_FROM",
    "PH_STOLEN",
    "State",
    "add",
    "bits_of",
    "sub",
]

(PH_DEAL, PH_MASTER, PH_PLAY, PH_CONTINUE, PH_DRAW, PH_CHOOSE, PH_STEAL_FROM, PH_STOLEN,
 PH_NAME, PH_SHOW, PH_DISCARD, PH_DISCARD_RANDOM, PH_OVER) = range(13)
PHASES = ("deal", "munchies-master", "play", "continue", "draw", "choose", "steal-from", "stolen",
          "name-type", "show", "discard", "discard-random", "over")
AFTER_EXTRA, AFTER_WINDOW, AFTER_ROUND, AFTER_TURN = range(4)
AFTERS = ("extra-play", "window", "next-round", "turn")
OUTCOMES = ("most-points", "chonk-tiebreak", "cards-tiebreak", "four-spoiled", "still-tied")

Vec = tuple[int, ...]


class State(NamedTuple):
    phase: int
    actor: int
    turn: int
    hands: tuple[Vec, ...]
    draw: Vec
    discard: Vec
    table: Vec
    piles: tuple[Vec, ...]
    trump: int
    last: int
    master: int
    war: bool
    mask: int
    can_end: bool
    window: bool
    cont: bool
    queue: tuple[int, ...]
    src: int
    after: int
    aux: int
    pend: tuple[int, ...]
    seen: tuple
    owed: tuple[int, ...] = ()


def add(vec: Vec, kind: int, n: int = 1) -> Vec:
    lst = list(vec)
    lst[kind] += n
    return tuple(lst)


def sub(vec: Vec, kind: int) -> Vec:
    lst = list(vec)
    lst[kind] -= 1
    return tuple(lst)


def set_hand(hands: tuple[Vec, ...], p: int, hand: Vec) -> tuple[Vec, ...]:
    return (*hands[:p], hand, *hands[p + 1 :])


def bits_of(vec: Vec) -> int:
    """Bitmask of the kinds present in a count vector."""
    b = 0
    for k, c in enumerate(vec):
        if c:
            b |= 1 << k
    return b
