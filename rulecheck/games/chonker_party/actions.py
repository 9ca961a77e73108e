"""Playing a card and the six action cards: Choose, Steal, Skip, See a Card, Force, War.

``play_card`` puts a card from a hand on the table and applies its effect; the handlers below
finish an action card's effect after each of its choices or chance outcomes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulecheck.core.provenance import Context
from rulecheck.games.chonker_party.cards import (
    ALL_BITS,
    CHONK,
    CHOOSE,
    FORCE,
    NONACTION_BITS,
    SKIP,
    SPOILED,
    STEAL,
    WAR,
    WAR_CHONK,
)
from rulecheck.games.chonker_party.rounds import (
    NO_EFFECT,
    SKIP_EFFECT,
    another_spoiled_is_trump,
    begin_turn,
    draw_source,
    end_turn,
    extra_play,
    forced_empty_handed,
    round_end,
    start_draws,
    war_is_a_chonk_now,
    war_may_be_called,
)
from rulecheck.games.chonker_party.state import (
    AFTER_EXTRA,
    AFTER_TURN,
    AFTER_WINDOW,
    PH_CHOOSE,
    PH_CONTINUE,
    PH_NAME,
    PH_SHOW,
    PH_STEAL_FROM,
    PH_STOLEN,
    State,
    add,
    bits_of,
    set_hand,
    sub,
)

if TYPE_CHECKING:
    from rulecheck.games.chonker_party.game import ChonkerParty

__all__ = [
    "call_war",
    "choose_card",
    "discard_card",
    "name_type",
    "play_card",
    "play_nothing",
    "show_card",
    "steal_from",
    "stolen",
]


def _on_table(s: State, p: int, kind: int, slot: int | None = None) -> State:
    """Move ``kind`` from ``p``'s hand face up onto the table (cp.round.4)."""
    return s._replace(hands=set_hand(s.hands, p, sub(s.hands[p], kind)),
                      table=add(s.table, kind if slot is None else slot))


def _trump_or_chonk(s: State, ctx: Context, p: int, kind: int) -> State:
    """The first non-action card sets trump (cp.round.2; a Chonk, itself a universal trump, only if
    cp.chonk_sets_trump says so); a trump or chonk makes ``p`` last (cp.winning.1). A Spoiled card
    after a Spoiled trump is one only if the four Spoiled cards (cp.spoiled.4, four cards with their
    own names) are one type: :func:`another_spoiled_is_trump`."""
    trump = s.trump
    if trump < 0 and (kind != CHONK or ctx.rule("cp.chonk_sets_trump") == "sets_trump"):
        ctx.cite("cp.round.2", "cp.summary.2")
        trump = kind
    elif kind == SPOILED and trump == SPOILED and not another_spoiled_is_trump(ctx):
        return s
    if kind in (trump, CHONK):
        ctx.cite("cp.winning.1", "cp.chonks.1" if kind == CHONK else "cp.points.2")
        return s._replace(trump=trump, last=p)
    if kind < 2:
        ctx.cite("cp.points.2")
    return s._replace(trump=trump)


def play_card(g: ChonkerParty, s: State, ctx: Context, p: int, kind: int) -> State:
    """``p`` plays ``kind`` on their turn (or to continue the round) and its effect follows."""
    ctx.cite("cp.round.4", "cp.summary.3")
    if kind == WAR:
        return war(g, s, ctx, p, in_turn=True)
    if kind < CHOOSE:
        s = _trump_or_chonk(_on_table(s, p, kind), ctx, p, kind)
        return end_turn(g, s, ctx, p, NO_EFFECT)
    s = _on_table(s, p, kind)
    if kind == SKIP:
        return end_turn(g, s, ctx, p, SKIP_EFFECT)
    if kind == FORCE:
        return _ask_type(s, ctx, p, 1)
    if kind == CHOOSE:
        ctx.cite("cp.choose.1")
        src = draw_source(s, ctx)
        if src == 1:
            ctx.cite("cp.choose.4")
        if src < 0:
            return _no_effect(g, s, ctx, p)
        pile = s.draw if src == 0 else s.discard
        return s._replace(phase=PH_CHOOSE, actor=p, src=src, mask=bits_of(pile), window=False)
    if kind == STEAL:
        ctx.cite("cp.steal.1")
        if not any(s.draw) and not any(s.discard):
            # the player stolen from would have nothing to draw: 'the action card that tells you to
            # draw, will have no effect' (cp.empty-draw.2), or only that draw is lost?
            ctx.cite("cp.empty-draw.2")
            if ctx.rule("cp.steal_nothing_to_draw") == "no_effect":
                return _no_effect(g, s, ctx, p)
        victims = 0
        include_self = ctx.rule("cp.steal_from_self") == "include_self"
        holders_only = None
        for q in range(g.n):
            if q == p and not include_self:
                continue
            if not any(s.hands[q]):
                if holders_only is None:
                    holders_only = ctx.rule("cp.steal_empty_hand") == "holders_only"
                if holders_only:
                    continue
            victims |= 1 << q
        if not victims:
            return _no_effect(g, s, ctx, p)
        return s._replace(phase=PH_STEAL_FROM, actor=p, mask=victims, window=False)
    # See a Card
    ctx.cite("cp.see.1")
    if draw_source(s, ctx) < 0:
        return _no_effect(g, s, ctx, p)
    return _ask_type(s, ctx, p, 0)


def _ask_type(s: State, ctx: Context, p: int, which: int) -> State:
    """See a Card (0) or Force (1): ``p`` names a card type."""
    if which:
        ctx.cite("cp.force.1", "cp.force.2")
    names = ALL_BITS if ctx.rule("cp.named_types") == "any_kind" else NONACTION_BITS
    return s._replace(phase=PH_NAME, actor=p, aux=which, mask=names, window=False)


def _no_effect(g: ChonkerParty, s: State, ctx: Context, p: int) -> State:
    """The action card has nothing to draw (or nobody to steal from): it has no effect."""
    ctx.cite("cp.empty-draw.2")
    if ctx.rule("cp.no_effect_then") == "play_another":
        return extra_play(g, s, ctx)
    return end_turn(g, s, ctx, p, NO_EFFECT)


# ----------------------------------------------------------------- War


def war(g: ChonkerParty, s: State, ctx: Context, p: int, in_turn: bool) -> State:
    """``p`` puts down a War, on their turn or called out (cp.war.1-7)."""
    if war_is_a_chonk_now(s):
        ctx.cite("cp.war.5", "cp.war.6" if s.war else "cp.war.7")
        s = _on_table(s, p, WAR, WAR_CHONK)
        if s.trump < 0 and ctx.rule("cp.war_chonk_sets_trump") == "sets_trump":
            s = s._replace(trump=CHONK)
        ctx.cite("cp.winning.1", "cp.chonks.1")
        s = s._replace(last=p)
        if s.war and ctx.rule("cp.war_chonk_ends_war") == "ends_war":
            s = s._replace(war=False)
        if ctx.rule("cp.war_chonk_effect") == "chonk_and_draw":
            if not in_turn and draws_on_their_turn(ctx):
                ctx.cite("cp.war.4")
                return owe_a_draw(s, ctx, p)
            src = draw_source(s, ctx)
            if src >= 0:
                ctx.cite("cp.war.4")
                return start_draws(s, (p,), src, AFTER_EXTRA if in_turn else AFTER_WINDOW,
                                   -1 if in_turn else s.phase)
        if in_turn:
            return end_turn(g, s, ctx, p, NO_EFFECT)
        return s._replace(window=war_may_be_called(s, ctx, s.actor))
    ctx.cite("cp.war.2", "cp.war.4")
    s = _on_table(s, p, WAR)._replace(war=True)
    if not in_turn and draws_on_their_turn(ctx):
        return owe_a_draw(s, ctx, p)
    return start_draws(s, (p,), 0, AFTER_EXTRA if in_turn else AFTER_WINDOW,
                       -1 if in_turn else s.phase)


def draws_on_their_turn(ctx: Context) -> bool:
    """A War called out on another player's turn: "must draw a new card from the deck and play
    another card if/when it is their turn" (cp.war.4). Whether its player draws at once, or when
    their turn comes: ruling ``cp.war_draw_when``."""
    return ctx.rule("cp.war_draw_when") == "on_their_turn"


def owe_a_draw(s: State, ctx: Context, p: int) -> State:
    """``p`` draws the War's new card when their turn comes (:func:`~.rounds.take_turn`); play goes
    back to the decision the call came before."""
    s = s._replace(owed=tuple(sorted((*s.owed, p))))
    return s._replace(window=war_may_be_called(s, ctx, s.actor))




def call_war(g: ChonkerParty, s: State, ctx: Context, q: int) -> State:
    """``q`` calls out a War before another player's decision (cp.war.1)."""
    ctx.cite("cp.war.1")
    return war(g, s, ctx, q, in_turn=False)


# ----------------------------------------------------------------- the other handlers


def choose_card(g: ChonkerParty, s: State, ctx: Context, kind: int) -> State:
    """Choose: take ``kind`` from the draw (or discard) deck, shuffle, play a card (cp.choose.1-4)."""
    p = s.actor
    ctx.cite("cp.choose.1", "cp.choose.3")
    if s.src == 0:
        s = s._replace(draw=sub(s.draw, kind))
    else:
        ctx.cite("cp.choose.4")
        s = s._replace(discard=sub(s.discard, kind))
    s = s._replace(hands=set_hand(s.hands, p, add(s.hands[p], kind)))
    only = kind if ctx.rule("cp.choose_then_play") == "chosen_card" else -1
    out = extra_play(g, s, ctx, only)
    if not s.cont and ctx.rule("cp.choose_play_optional") == "may_stop":
        # "then you can play": he may also play nothing (play_nothing); not the Master continuing
        # the round with the Choose, whose card "entails you to draw and play another" (cp.continuing.2)
        out = out._replace(can_end=True)
    return out


def play_nothing(g: ChonkerParty, s: State, ctx: Context) -> State:
    """After a Choose, the Chooser plays no card (cp.choose.3 under cp.choose_play_optional =
    may_stop): his turn ends."""
    ctx.cite("cp.choose.3")
    return end_turn(g, s._replace(can_end=False), ctx, s.actor, NO_EFFECT)


def steal_from(g: ChonkerParty, s: State, ctx: Context, victim: int) -> State:
    """Steal: the victim is chosen; which card is chance (cp.steal.1)."""
    ctx.cite("cp.steal.1")
    if not any(s.hands[victim]):
        return _victim_draws(g, s, ctx, victim)
    return s._replace(phase=PH_STOLEN, aux=victim)


def stolen(g: ChonkerParty, s: State, ctx: Context, kind: int) -> State:
    victim, p = s.aux, s.actor
    hands = set_hand(s.hands, victim, sub(s.hands[victim], kind))
    hands = set_hand(hands, p, add(hands[p], kind))
    return _victim_draws(g, s._replace(hands=hands), ctx, victim)


def _victim_draws(g: ChonkerParty, s: State, ctx: Context, victim: int) -> State:
    """The player stolen from draws a new card (cp.steal.2), then the stealer plays.

    Where the Steal took from another player (a card, or nothing from an empty hand) and a deck
    holds a card, whether the stealer draws a new card too is ruling ``cp.steal_stealer_draws``:
    under ``stealer_too`` he draws after the player stolen from, from the same deck, or from the
    discard deck once the draw deck is empty (cp.empty-draw.1; the draw step switches,
    :func:`next_drawer_source`); from the discard deck alone where the player stolen from draws
    nothing from it (``cp.steal_victim_draw_fallback = no_draw``)."""
    ctx.cite("cp.steal.2")
    src = draw_source(s, ctx)
    own = src
    if src == 1 and ctx.rule("cp.steal_victim_draw_fallback") == "no_draw":
        src = -1
    if own >= 0 and victim != s.actor and ctx.rule("cp.steal_stealer_draws") == "stealer_too":
        queue = (victim, s.actor) if src >= 0 else (s.actor,)
        return start_draws(s, queue, own, AFTER_EXTRA, -1)
    if src < 0:
        return extra_play(g, s, ctx)
    return start_draws(s, (victim,), src, AFTER_EXTRA, -1)


def next_drawer_source(s: State, ctx: Context) -> State | None:
    """After a draw with players still to draw for an action card (a Steal's two draws, ruling
    ``cp.steal_stealer_draws``; the cards of two Wars one player owes, ruling ``cp.war_draw_when``):
    the deck it drew from is empty, so the next one draws from the discard deck (cp.empty-draw.1);
    with both empty, nobody more draws (cp.empty-draw.2) and None is returned. The state as it is
    otherwise."""
    if s.after not in (AFTER_EXTRA, AFTER_TURN) or any(s.draw if s.src == 0 else s.discard):
        return s
    if s.src == 0 and any(s.discard):
        ctx.cite("cp.empty-draw.1")
        return s._replace(src=1)
    ctx.cite("cp.empty-draw.2")
    return None


def name_type(g: ChonkerParty, s: State, ctx: Context, kind: int) -> State:
    p = s.actor
    if s.aux == 1:  # Force
        return end_turn(g, s, ctx, p, kind)
    ctx.cite("cp.see.1", "cp.see.4")
    order = tuple((p + i) % g.n for i in range(1, g.n))
    return _next_show(g, s._replace(seen=(p, kind, ())), ctx, kind, order)


def _next_show(g: ChonkerParty, s: State, ctx: Context, kind: int, order: tuple[int, ...]) -> State:
    """Everyone shows the asker a card of the named type, or (if none) any card (cp.see.1-3)."""
    asker = s.turn
    for i, q in enumerate(order):
        hand = s.hands[q]
        if hand[kind]:
            ctx.cite("cp.see.3")
            s = s._replace(seen=(asker, kind, (*s.seen[2], (q, kind))))
            continue
        if not any(hand):
            s = s._replace(seen=(asker, kind, (*s.seen[2], (q, -1))))
            continue
        ctx.cite("cp.see.2")
        if ctx.rule("cp.see_no_such_card") == "shower_chooses":
            return s._replace(phase=PH_SHOW, actor=q, aux=kind, pend=order[i + 1 :], mask=bits_of(hand))
        s = s._replace(seen=(asker, kind, (*s.seen[2], (q, -1))))
    ctx.cite("cp.see.5")
    s = s._replace(actor=asker, pend=())
    src = draw_source(s, ctx)
    if src < 0:
        return extra_play(g, s, ctx)
    return start_draws(s, (asker,), src, AFTER_EXTRA, -1)


def show_card(g: ChonkerParty, s: State, ctx: Context, kind: int) -> State:
    s = s._replace(seen=(s.turn, s.aux, (*s.seen[2], (s.actor, kind))))
    return _next_show(g, s, ctx, s.aux, s.pend)


def discard_card(g: ChonkerParty, s: State, ctx: Context, kind: int) -> State:
    """A Skip's victim discards ``kind`` (cp.skip.1); then the turn passes or the round goes on."""
    victim = s.actor
    ctx.cite("cp.skip.1")
    s = s._replace(hands=set_hand(s.hands, victim, sub(s.hands[victim], kind)))
    if ctx.rule("cp.skip_discard_to") == "discard_deck":
        s = s._replace(discard=add(s.discard, kind))
    else:
        s = s._replace(table=add(s.table, kind))
    then = s.aux
    if then == 0:
        return end_turn(g, s._replace(turn=victim), ctx, victim, NO_EFFECT)
    if then == 1:
        ctx.cite("cp.skip.2")
        if not any(s.hands[s.master]):
            return forced_empty_handed(g, s, ctx)
        return begin_turn(g, s, ctx, s.master, ALL_BITS, False, PH_CONTINUE)
    return round_end(g, s, ctx)

