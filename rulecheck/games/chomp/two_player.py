"""The 2-player games: Underwater War (both editions), Chomp rápido and Doble Chomp (Spanish
edition only: es.dos-jugadores.1-2, es.chomp-rapido.1-4, es.doble-chomp.1-3).

Doble Chomp plays its rounds with the 3+ player machinery of
:mod:`rulecheck.games.chomp.standard` ("as in the normal game", es.doble-chomp.3); this module
holds the turn-over, war and comparison of Underwater War and Chomp rápido, and what the
2-player games share: where won cards go and how the game ends.
"""

from __future__ import annotations

from typing import Final

from rulecheck.core.provenance import Context, ruled_cache
from rulecheck.games.chomp import standard  # circular, resolved at call time
from rulecheck.games.chomp.cards import EEL, OCTOPUS
from rulecheck.games.chomp.state import (
    CHOMP_RAPIDO,
    F_BAD_OK,
    F_EEL_WRONG_BAD,
    F_OWN_EEL,
    F_OWN_OK,
    NEW,
    NEXT_CARD,
    O_COLLECTED_ALL,
    O_DRAW,
    O_LAST_STANDING,
    O_SHARED_LAST,
    R_RACE,
    R_TURN,
    RK_EEL,
    RK_RAPIDO,
    UNDERWATER_WAR,
    WAR,
    Work,
    players_of,
)

__all__ = ["compare_for", "end_of_round", "place_won", "take_all", "to_war", "turn_over", "war_called_off"]


def _cite_mode(mode: int, ctx: Context) -> None:
    if mode == CHOMP_RAPIDO:
        ctx.cite("es.chomp-rapido.4")


def turn_over(w: Work, ctx: Context) -> None:
    """Underwater War / Chomp rápido: each player turns over the top card of his pile at the same
    time (en.underwater-war.1, es.chomp-rapido.1); in a war 2 cards face down and 1 face up
    (en.underwater-war.3); after an Octopus the next card (en.underwater-war.6).

    A war with fewer than 3 cards is ruling ``chomp.war_short`` (its options say what happens to a
    player with none). A player with no card at all for the next card after an Octopus is ruling
    ``chomp.octopus_no_card``.
    """
    step = w.step
    a, b = players_of(w.active)
    if step == WAR:
        ctx.cite("en.underwater-war.3", "es.guerra-submarina.3")
        _cite_mode(w.mode, ctx)
        short = [p for p in (a, b) if len(w.piles[p]) < 3]
        lose = [p for p in (a, b) if not w.piles[p]]
        if short and ctx.rule("chomp.war_short") == "lose_the_war":
            if len(short) == 1:
                lose = short
            elif len(w.piles[a]) != len(w.piles[b]):  # both short: the one with fewer cards
                lose = [a if len(w.piles[a]) < len(w.piles[b]) else b]
            elif not lose:  # both short by as many: the war is called off
                for q in (a, b):
                    standard.give_back(w, q, w.aside[q])
                standard.end_of_round(w, ctx)
                return
        if len(lose) == 2:
            _nobody_can_play(w, ctx)
            return
        if lose:
            _forfeit(w, ctx, lose[0])
            return
        for p in (a, b):
            pile = w.piles[p]
            k = min(3, len(pile))
            w.set_aside(p, pile[: k - 1])
            w.table[p] = (pile[k - 1],)
            w.piles[p] = pile[k:]
    else:
        if step == NEXT_CARD:
            ctx.cite("en.underwater-war.6", "es.guerra-submarina.6")
            _cite_mode(w.mode, ctx)
        elif w.mode == CHOMP_RAPIDO:
            ctx.cite("es.chomp-rapido.1")
        else:
            ctx.cite("en.underwater-war.1", "es.guerra-submarina.1")
        piles = w.piles
        pile_a, pile_b = piles[a], piles[b]
        if not pile_a or not pile_b:
            _no_card(w, ctx, [p for p in (a, b) if not piles[p]])
            return
        w.table[a], piles[a] = pile_a[:1], pile_a[1:]
        w.table[b], piles[b] = pile_b[:1], pile_b[1:]
    _compare(w, ctx, step, a, b)


def _no_card(w: Work, ctx: Context, lose: list[int]) -> None:
    """After an Octopus a player has no card at all to turn over (pile and discard pile empty;
    en.underwater-war.6, es.guerra-submarina.6). The text is silent: ruling
    ``chomp.octopus_no_card``. ``loses_round``: he loses the round and the other takes the cards
    (es.dos-jugadores.1); ``cards_go_back``: the round is called off and the set-aside cards go
    back to their owners. If neither player has a card, the cards go back either way."""
    ctx.cite("en.underwater-war.6", "es.guerra-submarina.6")
    if len(lose) == 2:
        _nobody_can_play(w, ctx)
        return
    if ctx.rule("chomp.octopus_no_card") == "loses_round":
        _forfeit(w, ctx, lose[0])
        return
    for q in players_of(w.active):
        standard.give_back(w, q, w.aside[q])
    standard.end_of_round(w, ctx)


def _nobody_can_play(w: Work, ctx: Context) -> None:
    """Neither player has a card to turn over (for a war, the next card, a replay) while cards of
    the round are set aside. The text is silent: ruling ``chomp.two_player_nobody_can_play``
    (``owners_reclaim``: each takes back his set-aside cards; ``stay_in_centre``)."""
    reclaim = ctx.rule("chomp.two_player_nobody_can_play") == "owners_reclaim"
    for q in players_of(w.active):
        if reclaim:
            standard.give_back(w, q, w.aside[q])
        else:
            w.to_centre(w.aside[q])
    standard.end_of_round(w, ctx)


def _forfeit(w: Work, ctx: Context, loser: int) -> None:
    """The player who cannot turn over a card loses the round; the other takes the cards."""
    ctx.cite("es.dos-jugadores.1")
    (other,) = [p for p in players_of(w.active) if p != loser]
    taken = list(w.centre)
    w.centre = ()
    take_all(w, ctx, other, taken)


# what a comparison of the two face-up cards leads to (see :func:`compare_for`)
C_RACE: Final = 0
C_NEXT_CARD: Final = 1
C_WAR: Final = 2
C_FIRST_WINS: Final = 3
C_SECOND_WINS: Final = 4
C_CALLED_OFF: Final = 5


def _compare(w: Work, ctx: Context, step: int, a: int, b: int) -> None:
    """The card higher on the food chain wins; Eel: slap race; Octopus: next card; tie: war."""
    verdict, race = compare_for.call(ctx, w.table[a][0], w.table[b][0], step, w.mode)
    if verdict == C_RACE:
        _race(w, ctx, race)
    elif verdict == C_WAR:
        to_war(w, ctx)
    elif verdict == C_CALLED_OFF:
        war_called_off(w, ctx)
    elif verdict == C_NEXT_CARD:
        for q in (a, b):
            w.set_aside(q, w.table[q])
        w.table = [()] * len(w.table)
        w.step = NEXT_CARD
        standard.schedule(w, ctx, R_TURN)
    else:
        taken = list(w.centre)
        w.centre = ()
        take_all(w, ctx, a if verdict == C_FIRST_WINS else b, taken)


@ruled_cache
def compare_for(ctx: Context, ca: int, cb: int, step: int, mode: int) -> tuple[int, int]:
    """What the face-up cards ``ca`` (first player) and ``cb`` lead to, and the race flags if a
    slap race: a pure function of the cards, the step and the variant (memoised).

    Eel: a slap race (en.underwater-war.5); Octopus: the next card (en.underwater-war.6); the
    same card: a war (en.underwater-war.3; a war's own tie, ruling ``chomp.war_tie``; the next
    cards after an Octopus, ruling ``chomp.next_card_tie``); otherwise the higher card wins (Underwater War,
    en.underwater-war.2/4) or a slap race for the lowest card (Chomp rápido, es.chomp-rapido.2).
    """
    pair = (ca, cb)
    eel = EEL in pair
    octopus = OCTOPUS in pair
    if eel and octopus:
        ctx.cite("en.octopus-vs-eel.1", "es.pulpo-vs-anguila.1")
        if ctx.rule("chomp.uw_eel_vs_octopus") == "octopus_first":
            eel = False
    if eel and ca == cb and ctx.rule("chomp.uw_eel_pair") == "war":
        return C_WAR, 0  # two Eels: a tie (en.underwater-war.3), not the Eel's race
    if eel:
        ctx.cite("en.underwater-war.5", "es.guerra-submarina.5", "es.dos-jugadores.2")
        _cite_mode(mode, ctx)
        race = RK_EEL
        if ctx.rule("chomp.two_player_bad_chomps") == "apply":
            race |= F_BAD_OK
        if ctx.rule("chomp.uw_own_eel") == "may_slap_own":
            race |= F_OWN_EEL
        if ctx.rule("chomp.eel_race_wrong_card") == "bad_chomp":
            race |= F_EEL_WRONG_BAD
        return C_RACE, race
    if octopus:
        ctx.cite("en.underwater-war.6", "es.guerra-submarina.6")
        _cite_mode(mode, ctx)
        if ca == cb and ctx.rule("chomp.uw_octopus_pair") == "war":
            return C_WAR, 0
        return C_NEXT_CARD, 0
    if ca == cb:
        if step == WAR and ctx.rule("chomp.war_tie") == "called_off":
            return C_CALLED_OFF, 0
        if step == NEXT_CARD and ctx.rule("chomp.next_card_tie") == "called_off":
            return C_CALLED_OFF, 0
        return C_WAR, 0
    if mode == UNDERWATER_WAR or (
        step in (WAR, NEXT_CARD) and ctx.rule("chomp.rapido_after_war") == "higher_wins"
    ):
        if step == WAR:
            ctx.cite("en.underwater-war.4", "es.guerra-submarina.4")
        else:
            ctx.cite("en.underwater-war.2", "es.guerra-submarina.2")
        ctx.cite("en.food-chain.1", "es.cadena-alimentaria.1", "en.food-chain.4", "es.cadena-alimentaria.4")
        return (C_FIRST_WINS if ca > cb else C_SECOND_WINS), 0
    ctx.cite("es.chomp-rapido.2", "es.dos-jugadores.2")
    race = RK_RAPIDO
    if ctx.rule("chomp.two_player_bad_chomps") == "apply":
        race |= F_BAD_OK
    if ctx.rule("chomp.rapido_own_card") == "allowed":
        race |= F_OWN_OK
    return C_RACE, race


def _race(w: Work, ctx: Context, race: int) -> None:
    w.race = race
    w.bad = w.ban_win = w.ban_bad = 0
    standard.schedule(w, ctx, R_RACE)


def to_war(w: Work, ctx: Context) -> None:
    """A tie: the cards just played are set aside; each player places 2 down and 1 up
    (en.underwater-war.3, es.guerra-submarina.3; Chomp rápido: es.chomp-rapido.4)."""
    ctx.cite("en.underwater-war.3", "es.guerra-submarina.3")
    _cite_mode(w.mode, ctx)
    w.set_aside_table()
    w.table = [()] * len(w.table)
    w.bad = w.ban_win = w.ban_bad = 0
    w.race = 0
    w.step = WAR
    standard.schedule(w, ctx, R_TURN)


def war_called_off(w: Work, ctx: Context) -> None:
    """The war's face-up cards tie again (by ruling ``chomp.war_tie = called_off``), or the next
    cards after an Octopus are the same (by ruling ``chomp.next_card_tie = called_off``), and
    nobody wins the round: each player takes back his cards, set aside and face up, to his discard
    pile (en.underwater-war.3-4, en.underwater-war.6; Chomp rápido: es.chomp-rapido.4). The
    centre's cards stay there."""
    ctx.cite("en.underwater-war.4", "es.guerra-submarina.4")
    _cite_mode(w.mode, ctx)
    for q in range(len(w.table)):
        standard.give_back(w, q, w.table[q] + w.aside[q])
    standard.end_of_round(w, ctx)


def take_all(w: Work, ctx: Context, p: int, taken: list[int]) -> None:
    """The winner takes all the cards of the round (en.underwater-war.2/4, es.chomp-rapido.3)."""
    ctx.cite("en.underwater-war.2", "es.guerra-submarina.2")
    if w.mode == CHOMP_RAPIDO:
        ctx.cite("es.chomp-rapido.3")
    for cards in (*w.table, *w.aside, *w.aside_tie, *w.aside_bad):
        taken += cards
    place_won(w, ctx, p, taken)
    standard.end_of_round(w, ctx)


def place_won(w: Work, ctx: Context, p: int, taken: list[int]) -> None:
    """Where a 2-player winner puts the cards: ruling ``chomp.two_player_won_cards``.

    ``bottom_of_pile`` uses a fixed order: the cards by food chain, highest first.
    """
    if ctx.rule("chomp.two_player_won_cards") == "bottom_of_pile":
        w.piles[p] = w.piles[p] + tuple(sorted(taken, reverse=True))
    else:
        w.to_discard(p, taken)


def end_of_round(w: Work, ctx: Context) -> None:
    """The 2-player games end when one player has collected all the cards he can
    (es.dos-jugadores.1, en.object.2): the other has none left."""
    left = players_of(w.active)
    w.step = NEW
    if len(left) < 2:  # a player was washed up during a replay (ruling chomp.replay_no_card)
        ctx.cite("es.dos-jugadores.1")
        if left and w.holdings(left[0]):
            w.end(O_LAST_STANDING if w.centre else O_COLLECTED_ALL, 1 << left[0])
        else:
            w.end(O_DRAW, 0)
        return
    a, b = left
    piles, discards = w.piles, w.discards
    ha, hb = len(piles[a]) + len(discards[a]), len(piles[b]) + len(discards[b])
    if ha and hb:
        standard.schedule(w, ctx, R_TURN)
        return
    ctx.cite("es.dos-jugadores.1", "en.object.2", "es.objeto.2")
    if (w.centre or not (ha or hb)) and ctx.rule("chomp.fewer_than_two_left") == "shared_last_round":
        # nobody has collected all the cards: some are left in the centre, or nobody has any
        w.end(O_SHARED_LAST, (1 << a) | (1 << b))
        return
    if not ha and not hb:
        w.end(O_DRAW, 0)
        return
    winner = a if ha else b
    w.end(O_LAST_STANDING if w.centre else O_COLLECTED_ALL, 1 << winner)
