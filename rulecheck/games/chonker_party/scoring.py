"""Scoring at the end of the game: points, then Chonks, then cards; four Spoiled win outright.

Points (cp.points.1, cp.spoiled.1): +1 per sweet or salty, -1 per spoiled in the win pile.
Most points wins (cp.finishing.3); tied: most Chonks (cp.finishing.4, War cards as ruling
cp.war_chonk_scoring says); still tied: most cards
(cp.finishing.5). A player holding all the Spoiled cards of the deck (four in the full deck)
wins outright (cp.spoiled.2, cp.finishing.6).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rulecheck.core.provenance import Context
from rulecheck.games.chonker_party.cards import CHONK, SALTY, SPOILED, SWEET, WAR, WAR_CHONK

if TYPE_CHECKING:
    from rulecheck.games.chonker_party.game import ChonkerParty

__all__ = [
    "CARDS_TIEBREAK",
    "CHONK_TIEBREAK",
    "FOUR_SPOILED",
    "MOST_POINTS",
    "STILL_TIED",
    "chonks",
    "final_result",
    "points",
    "score_line",
]

MOST_POINTS, CHONK_TIEBREAK, CARDS_TIEBREAK, FOUR_SPOILED, STILL_TIED = range(5)


def points(pile: Sequence[int]) -> int:
    """+1 per sweet or salty, -1 per spoiled."""
    return pile[SWEET] + pile[SALTY] - pile[SPOILED]


def chonks(pile: Sequence[int], war_chonk_scoring: str) -> int:
    """The Chonk cards of a win pile for the tie-break (cp.finishing.4): which War cards count is
    ruling ``cp.war_chonk_scoring``: those played as a Chonk (``counts_as_chonk``), none
    (``counts_as_war``), or every War card, the draw deck being empty at the game's end
    (``every_war``, cp.war.7)."""
    n = pile[CHONK]
    if war_chonk_scoring != "counts_as_war":
        n += pile[WAR_CHONK]
    if war_chonk_scoring == "every_war":
        n += pile[WAR]
    return n


def score_line(pile: Sequence[int], war_chonk_scoring: str) -> tuple[int, int, int]:
    """(points, chonks, cards) of one win pile, War cards counted as ``war_chonk_scoring`` says."""
    return points(pile), chonks(pile, war_chonk_scoring), sum(pile)


def final_result(g: ChonkerParty, piles: Sequence[Sequence[int]], ctx: Context) -> tuple[int, int]:
    """(winners as a bitmask, outcome code) from the win piles."""
    for p, pile in enumerate(piles):
        if g.spoiled_total and pile[SPOILED] == g.spoiled_total:
            ctx.cite("cp.finishing.6", "cp.spoiled.2")
            return 1 << p, FOUR_SPOILED
    ctx.cite("cp.finishing.3", "cp.summary.1")
    if any(pile[SPOILED] for pile in piles):
        ctx.cite("cp.spoiled.1")  # a Spoiled card in a win pile counts -1
    contenders = list(range(len(piles)))
    pts = [points(pile) for pile in piles]
    best = max(pts)
    contenders = [p for p in contenders if pts[p] == best]
    if len(contenders) == 1:
        return 1 << contenders[0], MOST_POINTS
    ctx.cite("cp.finishing.4")
    wars = "counts_as_war"
    if any(piles[p][WAR_CHONK] or piles[p][WAR] for p in contenders):
        wars = ctx.rule("cp.war_chonk_scoring")
    counted = {p: chonks(piles[p], wars) for p in contenders}
    best = max(counted.values())
    contenders = [p for p in contenders if counted[p] == best]
    if len(contenders) == 1:
        return 1 << contenders[0], CHONK_TIEBREAK
    ctx.cite("cp.finishing.5")
    cards = {p: sum(piles[p]) for p in contenders}
    best = max(cards.values())
    contenders = [p for p in contenders if cards[p] == best]
    if len(contenders) == 1:
        return 1 << contenders[0], CARDS_TIEBREAK
    if ctx.rule("cp.final_tie") == "shared":
        return sum(1 << p for p in contenders), STILL_TIED
    return 0, STILL_TIED
