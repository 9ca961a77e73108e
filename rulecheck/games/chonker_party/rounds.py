"""Round rules: turns clockwise, the end of a circle, continuing, winning, drawing back up.

Every function takes the game ``g`` (for ``g.n`` players and ``g.hand`` cards per hand), a
:class:`State` and the :class:`Context` that records clauses and answers ruling points, and
returns the next state.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulecheck.core.provenance import Context
from rulecheck.games.chonker_party.cards import (
    ALL_BITS,
    CHONK,
    DRAW_ACTION_BITS,
    NK,
    NONACTION_BITS,
    NT,
    SPOILED,
    WAR,
    WAR_CHONK,
)
from rulecheck.games.chonker_party.scoring import final_result
from rulecheck.games.chonker_party.state import (
    AFTER_EXTRA,
    AFTER_ROUND,
    AFTER_TURN,
    AFTER_WINDOW,
    PH_CONTINUE,
    PH_DISCARD,
    PH_DISCARD_RANDOM,
    PH_DRAW,
    PH_OVER,
    PH_PLAY,
    State,
    bits_of,
)

if TYPE_CHECKING:
    from rulecheck.games.chonker_party.game import ChonkerParty

NO_EFFECT, SKIP_EFFECT = -1, -2
"""``effect`` of a finished turn on the next player: none, a Skip, or (>= 0) a Force type."""


def begin_turn(g: ChonkerParty, s: State, ctx: Context, p: int, mask: int = ALL_BITS,
               can_end: bool = False, phase: int = PH_PLAY) -> State:
    """``p``'s turn (PH_PLAY) or the Master's decision (PH_CONTINUE), with a War window."""
    hand = s.hands[p]
    if not any(hand):
        if phase == PH_PLAY:
            ctx.cite("cp.after-round.3")
            if ctx.rule("cp.empty_hand_turn") == "pass":
                return end_turn(g, s._replace(turn=p), ctx, p, NO_EFFECT)
            if not any(s.table) and p == s.master:
                # nothing played yet: the next player clockwise leads instead
                nxt = (p + 1) % g.n
                return take_turn(g, s._replace(master=nxt), ctx, nxt)
            return round_end(g, s, ctx)
        mask, can_end = 0, True
    elif phase == PH_CONTINUE and not can_end and not (bits_of(hand) & mask):
        mask, can_end = ALL_BITS, True
    window = False
    if any(h[WAR] for q, h in enumerate(s.hands) if q != p):
        window = ctx.rule("cp.war_window") == "before_each_turn" and war_may_be_called(s, ctx, p)
    return s._replace(phase=phase, actor=p, turn=p, mask=mask, can_end=can_end, window=window,
                      queue=(), aux=-1)


def war_may_be_called(s: State, ctx: Context, p: int) -> bool:
    """Before ``p``'s decision, whether another player holding a War may call it out (cp.war.1,
    "anytime"; the window itself: cp.war_window). A War called out now would become a Chonk (a War
    is on, or the draw deck is empty: cp.war.6-7), a Chonk put down out of turn, only if the
    ruleset lets a War be called out anytime whatever it becomes (cp.war_call_as_chonk)."""
    if not any(h[WAR] for q, h in enumerate(s.hands) if q != p):
        return False
    if war_is_a_chonk_now(s) and ctx.rule("cp.war_call_as_chonk") == "own_turn_only":
        return False
    ctx.cite("cp.war.1")
    return True


def end_turn(g: ChonkerParty, s: State, ctx: Context, p: int, effect: int) -> State:
    """``p`` has finished; the turn passes clockwise (cp.round.3) or the circle ends. While the
    Munchies Master continues alone (cp.continue_who_plays = master_only), nobody plays after him:
    a Skip or Force of his has no next player to act on (the option's erratum says so)."""
    if s.cont and ctx.rule("cp.continue_who_plays") == "master_only":
        return circle_end(g, s, ctx, NO_EFFECT)
    nxt = (p + 1) % g.n
    ctx.cite("cp.round.3")
    if nxt == s.master:
        return circle_end(g, s, ctx, effect)
    s = s._replace(cont=False)
    if effect != NO_EFFECT and not any(s.hands[nxt]) and passes_over_the_empty_handed(ctx, effect):
        return end_turn(g, s, ctx, nxt, effect)
    if effect == SKIP_EFFECT:
        ctx.cite("cp.skip.1")
        if not any(s.hands[nxt]):
            return end_turn(g, s, ctx, nxt, NO_EFFECT)
        return start_discard(s, ctx, nxt, 0)
    return take_turn(g, s, ctx, nxt, effect)


def take_turn(g: ChonkerParty, s: State, ctx: Context, p: int, effect: int = NO_EFFECT) -> State:
    """``p``'s turn of play begins (``effect``: the card before acting on them, none or a Force's
    type). A War's new card they owe comes first (cp.war.4 "if/when it is their turn", ruling
    ``cp.war_draw_when`` = on_their_turn: every card owed, from the discard deck once the draw deck
    is empty, cp.empty-draw.1, none once both are, cp.empty-draw.2), if they hold a card: a player
    with none passes or ends the round as without it (cp.empty_hand_turn) and owes it still. The
    Master's decision whether to continue the round is not a turn of play."""
    owed = s.owed.count(p)
    if owed and any(s.hands[p]):
        ctx.cite("cp.war.4")
        s = s._replace(owed=tuple(q for q in s.owed if q != p))
        src = draw_source(s, ctx)
        if src >= 0:
            return start_draws(s._replace(actor=p, turn=p), (p,) * owed, src, AFTER_TURN, effect)
    return turn_of(g, s, ctx, p, effect)


def turn_of(g: ChonkerParty, s: State, ctx: Context, p: int, effect: int) -> State:
    """``p`` plays: any card, or under a Force the cards that answer it (cp.force.1; any card if
    none does, cp.force.4)."""
    if effect >= 0:
        ctx.cite("cp.force.1")
        mask = forced_mask(s, ctx, p, effect)
        if mask:
            return begin_turn(g, s, ctx, p, mask)
        ctx.cite("cp.force.4")
    return begin_turn(g, s, ctx, p)


def passes_over_the_empty_handed(ctx: Context, effect: int) -> bool:
    """A Skip or Force acts on "the next player" (cp.skip.1, cp.force.1), who holds no card: whether
    it passes them over to the next player who holds one, the Master's decision ending the search
    (ruling cp.next_player_empty_handed; else it acts on them: a Skip skips their turn, a Force finds
    them without the card, cp.force.4, and with no card at all)."""
    return ctx.rule("cp.next_player_empty_handed") == "next_with_a_card"


def war_is_a_chonk_now(s: State) -> bool:
    """A War card played now becomes a Chonk: a War is on (cp.war.6), or the draw deck is empty
    (cp.war.7)."""
    return s.war or not any(s.draw)


def forced_mask(s: State, ctx: Context, p: int, kind: int) -> int:
    """The cards ``p`` must answer a Force naming ``kind`` with (cp.force.1, cp.force.3); none if he
    holds no such card (cp.force.4). A War that would be a Chonk if played now (a War is on, or the
    draw deck is empty: cp.war.5-7) answers a Force naming a chonk only under ruling
    ``cp.force_war_as_chonk``."""
    bits = 1 << kind if s.hands[p][kind] else 0
    if kind == CHONK and s.hands[p][WAR] and war_is_a_chonk_now(s):
        ctx.cite("cp.war.5")
        if ctx.rule("cp.force_war_as_chonk") == "war_counts":
            bits |= 1 << WAR
    return bits


def start_discard(s: State, ctx: Context, victim: int, then: int) -> State:
    """A Skip makes ``victim`` discard a card; ``then`` says what follows (see state.aux)."""
    if ctx.rule("cp.skip_discard_choice") == "victim_chooses":
        return s._replace(phase=PH_DISCARD, actor=victim, aux=then, window=False,
                          mask=bits_of(s.hands[victim]))
    return s._replace(phase=PH_DISCARD_RANDOM, actor=victim, aux=then, window=False,
                      mask=then)


def circle_end(g: ChonkerParty, s: State, ctx: Context, effect: int) -> State:
    """The round ends just before it returns to the Munchies Master (cp.round.5)."""
    m = s.master
    s = s._replace(cont=False)
    ctx.cite("cp.round.5", "cp.summary.4")
    if effect == SKIP_EFFECT:
        ctx.cite("cp.skip.2")
        opt = ctx.rule("cp.skip_at_round_end")
        if not any(s.hands[m]):
            return round_end(g, s, ctx) if opt == "discard_and_end" else forced_empty_handed(g, s, ctx)
        if opt == "force_continue":
            return begin_turn(g, s, ctx, m, ALL_BITS, False, PH_CONTINUE)
        return start_discard(s, ctx, m, 1 if opt == "discard_and_force" else 2)
    if effect >= 0:
        ctx.cite("cp.force.3")
        mask = forced_mask(s, ctx, m, effect)
        if mask:
            return begin_turn(g, s, ctx, m, mask, False, PH_CONTINUE)
        ctx.cite("cp.force.4")
        return begin_turn(g, s, ctx, m, ALL_BITS, True, PH_CONTINUE)
    return begin_turn(g, s, ctx, m, continuation_mask(s, ctx, m), True, PH_CONTINUE)


def forced_empty_handed(g: ChonkerParty, s: State, ctx: Context) -> State:
    """A Skip at the round's end forces the Munchies Master to continue, trump or not (cp.skip.2),
    and he holds no card (or discarded his last): he cannot, and "this goes on until the Munchies
    Master runs out" (cp.continuing.6) ends the round. Ruling ``cp.skip_master_empty_handed``: he
    ends the round, or his turn is skipped and play passes on clockwise."""
    ctx.cite("cp.continuing.6")
    m = s.master
    if ctx.rule("cp.skip_master_empty_handed") == "master_ends":
        return begin_turn(g, s, ctx, m, 0, True, PH_CONTINUE)
    ctx.cite("cp.skip.1")
    return end_turn(g, s._replace(turn=m), ctx, m, NO_EFFECT)


def another_spoiled_is_trump(ctx: Context) -> bool:
    """When a Spoiled card is the trump, whether another Spoiled card (Toast, Egg, Yogurt, Banana:
    cp.spoiled.4) is a trump too: ruling ``cp.spoiled_trump`` (cp.round.2, cp.winning.1,
    cp.continuing.1)."""
    ctx.cite("cp.spoiled.4")
    return ctx.rule("cp.spoiled_trump") == "one_type"


def continuation_mask(s: State, ctx: Context, m: int) -> int:
    """Cards the Master may continue the round with (cp.continuing.1-3, cp.summary.5). A War he holds
    that would become a Chonk if put down now (cp.war.6-7) is a chonk he has got, or a War card
    (a draw-and-play card, for ``cp.continue_with_action``): ruling ``cp.war_held_as_chonk``."""
    ctx.cite("cp.continuing.1", "cp.continuing.6")
    hand_bits = bits_of(s.hands[m])
    if s.trump >= 0:
        bits = (1 << s.trump) | (1 << CHONK)
        if s.trump == SPOILED and hand_bits & (1 << SPOILED) and not another_spoiled_is_trump(ctx):
            bits = 1 << CHONK
    else:
        bits = 1 << CHONK
        if hand_bits & NONACTION_BITS & ~bits and ctx.rule("cp.continue_no_trump_yet") == "any_non_action":
            bits = NONACTION_BITS
    if war_is_a_chonk_now(s) and not (hand_bits & (1 << WAR) and ctx.rule("cp.war_held_as_chonk") == "a_war_card"):
        bits |= 1 << WAR  # cp.war.6-7: a War played now is a Chonk (held by him: ruling cp.war_held_as_chonk)
    if hand_bits & DRAW_ACTION_BITS & ~bits:
        opt = ctx.rule("cp.continue_with_action")
        if opt == "draw_action_always" or (opt == "draw_action_without_trump" and not hand_bits & bits):
            ctx.cite("cp.continuing.2", "cp.continuing.3")
            bits |= DRAW_ACTION_BITS
    return bits


def extra_play(g: ChonkerParty, s: State, ctx: Context, only: int = -1) -> State:
    """After a card that says draw and play another (cp.stacking.1): the same player plays."""
    p = s.turn
    ctx.cite("cp.stacking.1", "cp.stacking.2")
    if s.cont and ctx.rule("cp.continue_after_action") == "trump_chonk_or_end":
        ctx.cite("cp.continuing.4")
        return s._replace(phase=PH_CONTINUE, actor=p, mask=continuation_mask(s, ctx, p),
                          can_end=True, window=False, queue=(), aux=-1)
    if not any(s.hands[p]):
        # 'then play any card' with no card left: the question of a turn with no cards
        ctx.cite("cp.empty-draw.2", "cp.after-round.3")
        if ctx.rule("cp.empty_hand_turn") == "round_ends":
            return round_end(g, s, ctx)
        return end_turn(g, s, ctx, p, NO_EFFECT)
    mask = (1 << only) if only >= 0 and s.hands[p][only] else ALL_BITS
    return s._replace(phase=PH_PLAY, actor=p, mask=mask, can_end=False, window=False, queue=(), aux=-1)


def draw_source(s: State, ctx: Context) -> int:
    """0 the draw deck, 1 the discard deck (cp.empty-draw.1), -1 nothing (cp.empty-draw.2)."""
    if any(s.draw):
        return 0
    if any(s.discard):
        ctx.cite("cp.empty-draw.1")
        return 1
    ctx.cite("cp.empty-draw.2")
    return -1


def start_draws(s: State, queue: tuple[int, ...], src: int, after: int, aux: int) -> State:
    return s._replace(phase=PH_DRAW, queue=queue, src=src, after=after, aux=aux, window=False)


def after_draws(g: ChonkerParty, s: State, ctx: Context) -> State:
    """The draw queue is empty: go on with what the draws were for."""
    if s.after == AFTER_EXTRA:
        return extra_play(g, s, ctx, s.aux)
    if s.after == AFTER_WINDOW:
        return s._replace(phase=s.aux, window=war_may_be_called(s, ctx, s.actor), queue=(), aux=-1)
    if s.after == AFTER_TURN:
        return turn_of(g, s._replace(queue=()), ctx, s.turn, s.aux)
    return start_round(g, s, ctx)


def start_round(g: ChonkerParty, s: State, ctx: Context) -> State:
    """The Munchies Master starts the round with any card (cp.round.1, cp.after-round.4)."""
    ctx.cite("cp.round.1")
    if not any(any(h) for h in s.hands):
        return game_over(g, s, ctx)
    return take_turn(g, s, ctx, s.master)


def munchies_master(s: State, winner: int) -> int:
    """The next round's Munchies Master: the previous round's winner (cp.round.1, "previous winner
    otherwise"); a round nobody wins (its cards discarded, ruling ``cp.no_trump_winner``) leaves the
    Master as it was. (The first round's Master is a chance action or player 1, by ruling
    ``cp.first_master``.)"""
    return winner if winner >= 0 else s.master


def round_end(g: ChonkerParty, s: State, ctx: Context) -> State:
    """The last player to put down a trump or chonk wins the cards (cp.winning.1-2, cp.war.2-3)."""
    winner = s.last
    table = s.table
    piles = s.piles
    discard = s.discard
    if winner < 0:
        opt = ctx.rule("cp.no_trump_winner")
        if opt == "master":
            winner = s.master
        else:
            discard = tuple(
                discard[k] + table[k] + (table[WAR_CHONK] if k == WAR else 0) for k in range(NK)
            )
    else:
        ctx.cite("cp.winning.1", "cp.summary.3")
    if winner >= 0:
        ctx.cite("cp.winning.2", "cp.winning.3")  # win piles are never drawn from or played
        pile = piles[winner]
        piles = (*piles[:winner], tuple(pile[k] + table[k] for k in range(NT)), *piles[winner + 1 :])
    master = munchies_master(s, winner)
    s = s._replace(piles=piles, discard=discard, table=(0,) * NT, trump=-1, last=-1, master=master,
                   cont=False, seen=(), window=False, queue=(), aux=-1)
    all_empty = not any(any(h) for h in s.hands)
    if s.war and all_empty:
        ctx.cite("cp.war.3")  # the War's effect disappears, even when the game ends here
        s = s._replace(war=False)
    if winner >= 0 and g.spoiled_total and piles[winner][SPOILED] == g.spoiled_total:
        ctx.cite("cp.spoiled.2", "cp.finishing.6")
        if ctx.rule("cp.four_spoiled_when") == "immediately":
            return game_over(g, s, ctx)
    ctx.cite("cp.after-round.4")
    if s.war:
        ctx.cite("cp.war.2")
        return start_round(g, s, ctx)
    return refill(g, s, ctx, all_empty)


def refill(g: ChonkerParty, s: State, ctx: Context, all_empty: bool) -> State:
    """Everyone draws back up to 6, from the winner clockwise (cp.after-round.1-3)."""
    if not any(s.draw):
        ctx.cite("cp.after-round.3")
        if not all_empty:
            return start_round(g, s, ctx)
        if any(s.discard):
            ctx.cite("cp.finishing.1")
            if ctx.rule("cp.game_over_discard") == "discard_becomes_draw":
                s = s._replace(draw=s.discard, discard=(0,) * len(s.discard))
                return refill(g, s, ctx, all_empty)
        return game_over(g, s, ctx)
    ctx.cite("cp.after-round.1")
    order = [(s.master + i) % g.n for i in range(g.n)]
    need = [max(0, g.hand - sum(s.hands[p])) for p in order]
    supply = sum(s.draw)
    queue: list[int] = []
    if sum(need) <= supply:
        for p, k in zip(order, need, strict=True):
            queue.extend([p] * k)
    else:
        ctx.cite("cp.after-round.2")
        if ctx.rule("cp.refill_shortage") == "round_robin":
            while len(queue) < supply:
                for i, p in enumerate(order):
                    if need[i] and len(queue) < supply:
                        queue.append(p)
                        need[i] -= 1
        else:
            for p, k in zip(order, need, strict=True):
                queue.extend([p] * min(k, supply - len(queue)))
    if not queue:
        return start_round(g, s, ctx)
    return start_draws(s, tuple(queue), 0, AFTER_ROUND, -1)


def game_over(g: ChonkerParty, s: State, ctx: Context) -> State:
    """Game over when all cards are played: count up the win piles (cp.finishing.1-6)."""
    ctx.cite("cp.finishing.1", "cp.finishing.2")
    winners, outcome = final_result(g, s.piles, ctx)
    return s._replace(phase=PH_OVER, actor=-1, mask=winners, aux=outcome, window=False, queue=(),
                      can_end=False, cont=False)


__all__ = [
    "NO_EFFECT",
    "SKIP_EFFECT",
    "after_draws",
    "another_spoiled_is_trump",
    "begin_turn",
    "circle_end",
    "continuation_mask",
    "draw_source",
    "end_turn",
    "extra_play",
    "game_over",
    "passes_over_the_empty_handed",
    "refill",
    "round_end",
    "start_discard",
    "start_draws",
    "start_round",
    "take_turn",
    "turn_of",
    "war_may_be_called",
]
