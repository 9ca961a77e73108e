"""The rules of the 3+ player game, and the round machinery the 2-player games share.

Every function here works on a :class:`~rulecheck.games.chomp.state.Work` copy and a
:class:`~rulecheck.core.provenance.Context`; it cites the clauses it applies and asks the
ruling points where the text is silent or contradicts itself. Ruling answers that decide which
slaps are valid are baked into ``race`` flags when a race starts (:func:`start_race`), so that
legal actions stay a pure function of the state.
"""

from __future__ import annotations

from typing import Final

from rulecheck.core.provenance import Context, ruled_cache
from rulecheck.games.chomp import two_player
from rulecheck.games.chomp.cards import (
    CAN_CHOMP,
    CHAIN_CLAUSES,
    EEL,
    GENERAL_CHAIN_CLAUSES,
    OCTOPUS,
    PLANKTON,
    SHARK,
)
from rulecheck.games.chomp.race import BAD_CLAUSES, VALID, classify, highest_creature, lowest, valid_slappers
from rulecheck.games.chomp.state import (
    DOBLE_CHOMP,
    F_AFTER_INK,
    F_AFTER_TIE,
    F_BAD_OK,
    F_DOBLE_BOTH,
    F_FRENZY_BAD,
    F_FRENZY_CURRENT,
    F_FRENZY_SPECIAL_BAD,
    F_LNL_BAD,
    F_LNL_WIN,
    F_OWN_OK,
    KIND_MASK,
    LAST_TWO,
    NEW,
    NEXT_CARD,
    O_COLLECTED_ALL,
    O_COUNT,
    O_COUNT_TIE,
    O_DRAW,
    O_LAST_STANDING,
    O_NOT_PLAYABLE,
    O_SHARED_LAST,
    R_PENALTY,
    R_RACE,
    R_TURN,
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
    UNDERWATER_WAR,
    WAR,
    ChompState,
    Work,
    player_key,
    players_of,
)

__all__ = [
    "bad_chomp",
    "bad_chomp_bars",
    "deal",
    "end_of_round",
    "last_two",
    "nobody_slaps",
    "race_for",
    "reclaim",
    "schedule",
    "shuffle",
    "slap",
    "slap_for",
    "spoils_for",
    "start_race",
    "tie",
    "turn_over",
    "win",
]

SWITCH_MODES: Final = {"underwater-war": UNDERWATER_WAR, "chomp-rapido": 2, "doble-chomp": DOBLE_CHOMP}
"""The 2-player games the last two may switch to (en.ending.3, es.dos-jugadores.0), by name."""


# --------------------------------------------------------------------------- deal and shuffles

def deal(w: Work, ctx: Context, piles: tuple[tuple[int, ...], ...], out: tuple[int, ...]) -> None:
    """Remove the sequence cards, shuffle, deal equally face down; extras out of play.

    en.setup.1-3, es.preparar.1-3; the player count is ruling ``chomp.player_count``.
    """
    ctx.cite("en.setup.1", "es.preparar.1", "en.setup.2", "es.preparar.2", "en.setup.3", "es.preparar.3",
             "en.setup.4", "es.preparar.4")
    w.piles = list(piles)
    w.out = out
    n = len(piles)
    w.active = (1 << n) - 1
    if w.mode == STANDARD:
        ctx.cite("en.gameplay.0")
        if ctx.rule("chomp.player_count") == "three_to_six" and n > 6:
            w.end(O_NOT_PLAYABLE, 0)
            return
    else:
        ctx.cite("es.dos-jugadores.0", "en.underwater-war.0")
    w.step = NEW
    schedule(w, ctx, R_TURN)


def shuffle(w: Work, ctx: Context, p: int, order: tuple[int, ...]) -> None:
    """Shuffle player ``p``'s discard pile and place it face down (under what is left of the pile).

    en.outcomes.5, es.resultados.5. Placing the shuffled discard pile under the cards still in
    the pile is the same as turning those over first and shuffling when the pile runs out.
    """
    ctx.cite("en.outcomes.5", "es.resultados.5")
    w.piles[p] = w.piles[p] + order
    w.empty_discard(p)
    resume = w.resume
    w.shuffle_for = -1
    if resume == R_PENALTY:
        ctx.cite("en.bad-chomp.7", "es.malos-mordiscos.7")
        w.to_centre(w.piles[p][:1])
        w.piles[p] = w.piles[p][1:]
        resume = R_RACE
    schedule(w, ctx, resume)


def cards_to_turn_over(mode: int, step: int) -> int:
    """How many cards each player turns over at a turn-over: three in a war (2 face down, 1 face
    up: en.underwater-war.3), two in Doble Chomp (es.doble-chomp.1) but for the next card after an
    Octopus, else one."""
    if step == WAR:
        return 3
    if mode == DOBLE_CHOMP and step != NEXT_CARD:
        return 2
    return 1


def needs(w: Work, ctx: Context) -> tuple[int, int]:
    """How many cards each player must turn over at the next turn-over, and who must (a mask).
    In Doble Chomp's replays, one or two where it matters (:func:`doble_replay_count`)."""
    step = w.step
    count = cards_to_turn_over(w.mode, step)
    if step in (REPLAY, TIE_REPLAY):
        who = w.replay & w.active
        if count == 2 and w.mode == DOBLE_CHOMP and any(len(w.piles[p]) == 1 for p in players_of(who)):
            count = doble_replay_count(ctx, w.piles, who)  # (only a pile of one card shuffles or not by it)
        return count, who
    return count, w.active


def doble_replay_count(ctx: Context, piles: list[tuple[int, ...]], who: int) -> int:
    """How many cards each player plays in a Doble Chomp replay: the normal game's "each player
    plays another card" (en.ink-out.3, en.tie.2), which Doble Chomp takes (es.doble-chomp.3), in a
    game where every turn-over is two cards (es.doble-chomp.1): ruling
    ``chomp.doble_replay_cards``, asked where it changes something (a player of ``who`` has a
    pile to play from)."""
    if not any(piles[p] for p in players_of(who)):
        return 2
    return 1 if ctx.rule("chomp.doble_replay_cards") == "one_card" else 2


def schedule(w: Work, ctx: Context, resume: int) -> None:
    """Go on to the next turn-over (``R_TURN``) or race (``R_RACE``), shuffling first if needed.

    A player who must turn over more cards than his pile holds shuffles his discard pile first
    (en.outcomes.5). Whether a pile that has run out is shuffled at once or only when a card is
    needed is ruling ``chomp.reshuffle_when``.

    When several players must shuffle, each shuffles once, one after another (a SHUFFLE step
    each, this function choosing the next); the text sets no order among them (en.outcomes.5
    treats the players alike, and there is no seating order). The first is chosen by what the
    players hold (:func:`_shuffles_first`), not by seat, so that the rules treat any permutation
    of the players alike and the explorer's symmetry reduction (``ChompGame.canonical``) is
    exact: it visits one state of every orbit of the reachable states. The shuffles are
    independent and uniform, so the order changes no outcome's probability.
    """
    w.shuffle_for = -1
    w.resume = 0
    piles = w.piles
    discards = w.discards
    # (the loops only look for a pile that is too short: skipped when none is)
    if resume == R_TURN:
        count, who = needs(w, ctx)
        if _shortest(piles) < count:
            first = -1
            for p in players_of(who):
                if len(piles[p]) < count and discards[p] and (first < 0 or _shuffles_first(w, p, first)):
                    first = p
            if first >= 0:
                w.phase, w.shuffle_for, w.resume = SHUFFLE, first, resume
                return
    if () not in piles:
        w.phase = TURN if resume == R_TURN else RACE
        return
    first = -1
    for p in players_of(w.active):
        if not piles[p] and discards[p] and (first < 0 or _shuffles_first(w, p, first)):
            first = p
    if first >= 0 and ctx.rule("chomp.reshuffle_when") == "when_pile_runs_out":
        w.phase, w.shuffle_for, w.resume = SHUFFLE, first, resume
        return
    w.phase = TURN if resume == R_TURN else RACE


def _shuffles_first(w: Work, p: int, q: int) -> bool:
    """Whether player ``p`` shuffles before player ``q`` when both must: the one whose
    :func:`~rulecheck.games.chomp.state.player_key` (what he holds; the key ``canonical`` sorts
    the players on) is smaller. Players with the same key are interchangeable, so which of them
    goes first makes the same situation up to their swap."""
    piles, table = tuple(w.piles), tuple(w.table)
    masks = (w.active, w.ban_win, w.ban_bad, w.bad, w.replay, w.winners)
    return (player_key(piles, w.discards, table, w.aside, w.aside_tie, w.aside_bad, masks, p)
            < player_key(piles, w.discards, table, w.aside, w.aside_tie, w.aside_bad, masks, q))


def _shortest(piles: list[tuple[int, ...]]) -> int:
    """``min(map(len, piles))``, which compiled would be three calls of Python builtins."""
    n = 1 << 30
    for pile in piles:
        if len(pile) < n:
            n = len(pile)
    return n


def _any_cards(group: tuple[tuple[int, ...], ...]) -> bool:
    """Whether any player's entry of ``group`` holds a card: ``any(group)``, which compiled
    would be a call of the Python builtin, where mypyc makes a loop of ``any`` over a generator."""
    return any(cards for cards in group)


# --------------------------------------------------------------------------- turning over

def turn_over(w: Work, ctx: Context) -> None:
    """All players turn over their top card at the same time (or play another card in a replay).

    en.gameplay.1, en.outcomes.4 (new round), en.ink-out.3 / en.tie.2 (replays); Doble Chomp:
    es.doble-chomp.1 (two cards each: the split pile is modelled as one pile whose top two cards
    are turned over, which deals the same cards with the same probabilities). A Doble Chomp player
    short of two cards is ruling ``chomp.doble_short``; under ``loses_game`` every such player
    loses at once, whatever his seat.
    """
    if w.mode in (UNDERWATER_WAR, 2):
        two_player.turn_over(w, ctx)
        return
    step = w.step
    doble = w.mode == DOBLE_CHOMP
    if step == NEW:
        ctx.cite("en.gameplay.1", "es.como-se-juega.1", "en.outcomes.4", "es.resultados.4")
        who = w.active
    else:
        if step == REPLAY:
            ctx.cite("en.ink-out.3", "es.ink-out.3")
        else:
            ctx.cite("en.tie.2", "es.empate.2")
        who = w.replay & w.active
    count = 1
    if doble:
        ctx.cite("es.doble-chomp.1")
        count = 2 if step == NEW else doble_replay_count(ctx, w.piles, who)
        short = _short_of_two(w.piles, who) if count == 2 else 0
        if short and ctx.rule("chomp.doble_short") == "loses_game":
            # every player short of two cards loses, before anyone turns over a card: the text
            # treats the players alike (no seat decides who loses first); if all do, nobody wins
            other = w.active & ~short
            bad_chomp_cards_stay(w, ctx)  # (the round ends with no winner)
            w.end(O_LAST_STANDING if other else O_DRAW, other)
            return
    revealed = 0
    for p in players_of(who):
        pile = w.piles[p]
        if not pile:
            if step != NEW and ctx.rule("chomp.replay_no_card") == "washed_up":
                ctx.cite("en.ending.1", "es.fin.1")
                w.active &= ~(1 << p)
            continue
        w.table[p] = pile[:1] if count == 1 else tuple(sorted(pile[:count]))
        w.piles[p] = pile[count:]
        revealed += 1
    if not revealed:
        opt = ctx.rule("chomp.replay_nobody_can_play") if step != NEW else "owners_reclaim"
        for q in range(len(w.piles)):
            cards = w.aside[q] + w.aside_tie[q]
            if opt == "owners_reclaim":
                give_back(w, q, cards)
            else:
                w.to_centre(cards)
        bad_chomp_cards_stay(w, ctx)
        end_of_round(w, ctx)
        return
    start_race(w, ctx, step)


def _short_of_two(piles: list[tuple[int, ...]], who: int) -> int:
    """The players of ``who`` (a mask) whose pile holds fewer than two cards, as a mask."""
    short = 0
    for p in players_of(who):
        if len(piles[p]) < 2:
            short |= 1 << p
    return short


def start_race(w: Work, ctx: Context, step: int) -> None:
    """Look at the turned-over cards and start the race (3+ player game and Doble Chomp).

    Bakes into ``race`` the ruling answers that decide which slaps are valid (:func:`race_for`).
    """
    has_aside = _any_cards(w.aside) or _any_cards(w.aside_tie) or _any_cards(w.aside_bad)
    w.race = race_for.call(ctx, tuple(sorted(w.table)), step, w.mode == DOBLE_CHOMP, has_aside)
    w.bad = w.ban_win = w.ban_bad = 0
    schedule(w, ctx, R_RACE)


@ruled_cache
def race_for(ctx: Context, table: tuple[tuple[int, ...], ...], step: int, doble: bool, has_aside: bool) -> int:
    """The race the turned-over ``table`` starts: its kind and the ruling answers baked into it.

    A pure function of the face-up cards, the step, the variant and whether cards are set aside
    (memoised). It treats the players alike, so the table may be given in any order of players
    (:func:`start_race` sorts it, which makes far fewer distinct calls). en.gameplay.2,
    en.feeding-frenzy.1, en.ink-out.2, en.octopus-vs-eel.1, es.doble-chomp.2-3.
    """
    cards = [c for cs in table for c in cs]
    replay = step in (REPLAY, TIE_REPLAY)
    race = 0
    if step == REPLAY:
        race |= F_AFTER_INK
    elif step == TIE_REPLAY:
        race |= F_AFTER_TIE
    if doble:
        ctx.cite("es.dos-jugadores.2")
        if ctx.rule("chomp.two_player_bad_chomps") == "apply":
            race |= F_BAD_OK
    else:
        race |= F_BAD_OK
    kind = RK_DOBLE if doble else RK_CHOMP
    if EEL in cards:
        kind = RK_FRENZY
        race |= feeding_frenzy(ctx, table, cards, replay and has_aside, doble)
    elif OCTOPUS in cards:
        if step == REPLAY and ctx.rule("chomp.octopus_in_replay") == "octopus_ignored":
            ctx.cite("en.food-chain.3")
        else:
            ctx.cite("en.ink-out.2", "es.ink-out.2")
            if doble:
                ctx.cite("es.doble-chomp.3")
            kind = RK_INKOUT
    if kind == RK_CHOMP:
        ctx.cite("en.gameplay.2", "es.como-se-juega.2", "en.gameplay.5", "es.como-se-juega.5")
        if _not_lowest_relevant(table):
            opt = ctx.rule("chomp.lower_not_lowest")
            if opt == "bad_chomp":
                race |= F_LNL_BAD
            elif opt == "wins_round":
                race |= F_LNL_WIN
    elif kind == RK_DOBLE:
        ctx.cite("es.doble-chomp.2")
        if ctx.rule("chomp.doble_lowest_yours") == "allowed":
            race |= F_OWN_OK
        if _not_lowest_relevant(table):
            opt = ctx.rule("chomp.lower_not_lowest")
            if opt == "bad_chomp":
                race |= F_LNL_BAD
            elif opt == "wins_round":
                race |= F_LNL_WIN
        low = lowest(table)
        # (where one of a player's two cards can chomp the lowest and the other can't: an ignored
        # Octopus, chomp.octopus_in_replay, chomps nothing, whatever its code)
        if any(CAN_CHOMP[cs[0]][low] != CAN_CHOMP[cs[1]][low] for cs in table if len(cs) == 2) and \
                ctx.rule("chomp.doble_which_card") == "both_cards":
            race |= F_DOBLE_BOTH
    return race | kind


def feeding_frenzy(ctx: Context, table: tuple[tuple[int, ...], ...], cards: list[int], aside: bool,
                   doble: bool) -> int:
    """An Electric Eel turned over starts a Feeding Frenzy (en.feeding-frenzy.1, es.anguila.1), even
    beside an Octopus (en.octopus-vs-eel.1): the race's flags, by the rulings it asks. In a replay
    with cards set aside (``aside``), whether the Eel reaches them (``chomp.eel_in_replay``); and,
    where it matters, whether another player's Octopus or Eel can be chomped
    (``chomp.frenzy_special_cards``: en.feeding-frenzy.2 against en.food-chain.3), and whether a
    Bad Chomp's kinds 1-2 still apply (``chomp.frenzy_vs_bad_chomp``; an Eel or Octopus the same
    as the slapper's is that question only where such cards can be chomped).
    Which slaps win it: :func:`~rulecheck.games.chomp.race.classify` (en.feeding-frenzy.2)."""
    ctx.cite("en.feeding-frenzy.1", "es.anguila.1")
    if doble:
        ctx.cite("es.doble-chomp.3")
    if OCTOPUS in cards:
        ctx.cite("en.octopus-vs-eel.1", "es.pulpo-vs-anguila.1")
    flags = 0
    if aside and ctx.rule("chomp.eel_in_replay") == "current_cards_only":
        flags |= F_FRENZY_CURRENT
    special_bad = False
    if _frenzy_special_relevant(table):
        special_bad = ctx.rule("chomp.frenzy_special_cards") == "bad_chomp"
        if special_bad:
            flags |= F_FRENZY_SPECIAL_BAD
    if _frenzy_bad_relevant(table, special_bad) and ctx.rule("chomp.frenzy_vs_bad_chomp") == "bad_chomp_applies":
        flags |= F_FRENZY_BAD
    return flags


def _frenzy_special_relevant(table: tuple[tuple[int, ...], ...]) -> bool:
    """Whether some player could slap another's Octopus or Eel: the question of
    ``chomp.frenzy_special_cards``."""
    for p, cs in enumerate(table):
        if cs and any(t > SHARK for q, other in enumerate(table) if q != p for t in other):
            return True
    return False


def _frenzy_bad_relevant(table: tuple[tuple[int, ...], ...], special_bad: bool) -> bool:
    """Whether some player could slap another's card that is higher than or the same as his own
    (a creature, or, unless nobody can chomp one (``special_bad``), the same Eel or Octopus):
    the question of ``chomp.frenzy_vs_bad_chomp``."""
    for p, cs in enumerate(table):
        mine = highest_creature(cs)
        for q, other in enumerate(table):
            if q != p and any((mine >= 0 and mine <= t <= SHARK) or (not special_bad and t > SHARK and t in cs)
                              for t in other):
                return True
    return False


def _not_lowest_relevant(table: tuple[tuple[int, ...], ...]) -> bool:
    """Whether some player could slap another's card that his highest creature can chomp but that
    is not the lowest on the table: the question of ``chomp.lower_not_lowest``."""
    low = lowest(table)
    for p, cs in enumerate(table):
        mine = highest_creature(cs)
        if mine < 0:
            continue
        for q, other in enumerate(table):
            if q != p and any(low < t < mine for t in other):
                return True
    return False


# --------------------------------------------------------------------------- race outcomes

def slap(w: Work, ctx: Context, s: ChompState, p: int, o: int, t: int) -> None:
    """Player ``p`` is the first to slap ``o``'s card ``t``: a win or a Bad Chomp."""
    r = slap_for.call(ctx, s.race, s.table[p], o == p, t, lowest(s.table))
    if r != VALID:
        bad_chomp(w, ctx, s, p, r)
        return
    win(w, ctx, s, p)


@ruled_cache
def slap_for(ctx: Context, race: int, mine: tuple[int, ...], own: bool, t: int, low: int) -> int:
    """What it is when a player with the face-up cards ``mine`` slaps card ``t`` (his ``own``),
    ``low`` being the lowest creature on the table: VALID, citing the rule he wins by
    (en.gameplay.2, en.feeding-frenzy.2-3, es.doble-chomp.2, es.chomp-rapido.2,
    en.underwater-war.5), or a Bad Chomp kind (:func:`~rulecheck.games.chomp.race.classify`,
    which reads no other face-up card). Memoised."""
    r = classify(race, (mine,), 0, own, t, low)
    if r != VALID:
        return r
    kind = race & KIND_MASK
    if kind == RK_CHOMP:
        ctx.cite("en.gameplay.2", "es.como-se-juega.2")
    elif kind == RK_FRENZY:
        ctx.cite("en.feeding-frenzy.2", "es.anguila.2", "en.feeding-frenzy.3", "es.anguila.3")
    elif kind == RK_DOBLE:
        ctx.cite("es.doble-chomp.2")
    elif kind == RK_RAPIDO:
        ctx.cite("es.chomp-rapido.2")
    elif kind == RK_EEL:
        ctx.cite("en.underwater-war.5", "es.guerra-submarina.5")
    return r


def bad_chomp(w: Work, ctx: Context, s: ChompState, p: int, r: int) -> None:
    """A Bad Chomp: put the top card of your pile face down in the playing area; the race goes on.

    en.bad-chomp.2-7, es.malos-mordiscos.2-7; in the 2-player games es.dos-jugadores.2. No card
    in the pile, a second Bad Chomp, and winning after one are ruling points. A player whose card
    is a Plankton slaps nothing he may chomp in a chomping race: en.food-chain.11,
    es.cadena-alimentaria.11.
    """
    if s.race & KIND_MASK in (RK_CHOMP, RK_DOBLE) and _all_plankton(s.table[p]):
        ctx.cite(*CHAIN_CLAUSES[PLANKTON])
    bit = 1 << p
    w.bad |= bit
    again, barred = bad_chomp_bars.call(ctx, r, w.mode != STANDARD, p in valid_slappers(s))
    if again:
        w.ban_bad |= bit
    if barred:
        w.ban_win |= bit
    if w.piles[p]:
        w.to_centre(w.piles[p][:1])
        w.piles[p] = w.piles[p][1:]
    elif w.discards[p] and ctx.rule("chomp.bad_chomp_no_card") == "shuffle_then_put":
        w.phase, w.shuffle_for, w.resume = SHUFFLE, p, R_PENALTY
        return
    schedule(w, ctx, R_RACE)


def _all_plankton(cards: tuple[int, ...]) -> bool:
    """Whether a player's face-up cards are all Plankton (and there is one)."""
    for c in cards:
        if c != PLANKTON:
            return False
    return len(cards) > 0


@ruled_cache
def bad_chomp_bars(ctx: Context, r: int, two_player: bool, could_win: bool) -> tuple[bool, bool]:
    """A Bad Chomp of kind ``r``: whether the player may not Bad Chomp again this round (ruling
    ``chomp.bad_chomp_again``) and whether he, who had a valid slap, may no longer win it
    (``chomp.bad_chomper_may_win``). en.bad-chomp.2-7, es.malos-mordiscos.2-7 (memoised)."""
    ctx.cite("en.bad-chomp.2", "es.malos-mordiscos.2", *BAD_CLAUSES[r], "en.bad-chomp.7", "es.malos-mordiscos.7")
    if two_player:
        ctx.cite("es.dos-jugadores.2")
    again = ctx.rule("chomp.bad_chomp_again") == "once_per_round"
    barred = could_win and ctx.rule("chomp.bad_chomper_may_win") == "may_not_win"
    return again, barred


def tie(w: Work, ctx: Context, s: ChompState, group: tuple[int, ...]) -> None:
    """Two or more players chomp at the same time: set aside the cards just played and replay.

    en.tie.1-2, es.empate.1-2 (Doble Chomp: es.doble-chomp.3). Who replays and which cards the
    replay's winner gets are ruling points. In Underwater War and Chomp rápido a tie is a war.
    """
    kind = s.race & KIND_MASK
    if w.mode == UNDERWATER_WAR and kind == RK_EEL and ctx.rule("chomp.eel_race_tie") == "cards_go_back":
        # both slap the Eel at once: Underwater War's tie is two cards the same (ruling)
        ctx.cite("en.underwater-war.5", "es.guerra-submarina.5")
        for q in range(len(w.table)):
            give_back(w, q, w.table[q] + w.aside[q])
        end_of_round(w, ctx)
        return
    if w.mode in (UNDERWATER_WAR, 2) or kind in (RK_EEL, RK_RAPIDO):
        two_player.to_war(w, ctx)
        return
    ctx.cite("en.tie.1", "es.empate.1")
    if w.mode == DOBLE_CHOMP:
        ctx.cite("es.doble-chomp.3")
    set_aside_for_a_tie_replay(w, ctx)
    if ctx.rule("chomp.tie_replay_players") == "tied_only":
        mask = 0
        for q in group:
            mask |= 1 << q
        w.replay = mask
    else:
        w.replay = w.active
    _replay(w, ctx, TIE_REPLAY)


def set_aside_for_a_tie_replay(w: Work, ctx: Context) -> None:
    """The face-up cards set aside before a tie's replay (en.tie.1, es.empate.1): a Bad
    Chomper's apart (en.bad-chomp.8-9 still speak of them); the others, under
    ``chomp.tie_replay_winnings = chompable_only``, as tie-round cards of which the replay's winner
    takes only those she can chomp."""
    tie_bucket = ctx.rule("chomp.tie_replay_winnings") == "chompable_only"
    chained_replay(w, ctx, tie_bucket)
    w.set_aside_table(tie=(1 << len(w.table)) - 1 if tie_bucket else 0, bad=w.bad)


def chained_replay(w: Work, ctx: Context, tie_bucket: bool) -> None:
    """A replay that ends in another replay (a tie or an Ink Out in it, or nobody slapping,
    replayed like a tie) has no winner to take the cards set aside before it, which the text gives
    to the replay's winner (en.ink-out.4, en.tie.3, es.ink-out.4, es.empate.3). Ruling
    ``chomp.chained_replay_cards``: they go to the centre for a later winner, as a Bad Chomp's
    cards when a round has no winner (en.bad-chomp.9), or they join the cards set aside for the
    next replay and share their fate (with the tie-round cards, ``tie_bucket``, where the next
    replay's cards go there). A Bad Chomper's set-aside cards stay aside: the round's winner takes
    them (en.bad-chomp.8)."""
    if (w.step != REPLAY and w.step != TIE_REPLAY) or not (_any_cards(w.aside) or _any_cards(w.aside_tie)):
        return
    ctx.cite("en.ink-out.4", "es.ink-out.4", "en.tie.3", "es.empate.3")
    n = len(w.aside)
    if ctx.rule("chomp.chained_replay_cards") == "join_next_replay":
        joined = tuple(tuple(sorted(w.aside[q] + w.aside_tie[q])) for q in range(n))
        w.aside, w.aside_tie = (((),) * n, joined) if tie_bucket else (joined, ((),) * n)
        return
    ctx.cite("en.bad-chomp.9", "es.malos-mordiscos.9")
    for q in range(n):
        w.to_centre(w.aside[q] + w.aside_tie[q])
    w.aside = w.aside_tie = ((),) * n


def nobody_slaps(w: Work, ctx: Context, s: ChompState) -> None:
    """Nobody slaps. In an Ink Out that is the rule (set aside, everyone plays another card);
    otherwise there is no winner (rulings ``chomp.nobody_can_chomp`` / ``chomp.nobody_slaps``)."""
    if s.race & KIND_MASK == RK_INKOUT:
        ink_out(w, ctx)
        return
    ctx.cite("en.gameplay.2", "es.como-se-juega.2")
    rid = "chomp.nobody_slaps" if valid_slappers(s) else "chomp.nobody_can_chomp"
    opt = ctx.rule(rid)
    if opt == "replay_like_tie" and w.mode in (UNDERWATER_WAR, 2):
        two_player.to_war(w, ctx)  # as after a tie, and in the 2-player games a tie is a war
        return
    if opt == "replay_like_tie":
        set_aside_for_a_tie_replay(w, ctx)
        w.replay = w.active
        _replay(w, ctx, TIE_REPLAY)
        return
    if w.bad:
        ctx.cite("en.bad-chomp.9", "es.malos-mordiscos.9")
    for q in range(len(w.table)):
        cards = w.table[q] + w.aside[q] + w.aside_tie[q]
        if opt == "stay_in_centre" or w.bad >> q & 1:
            w.to_centre(cards)
        else:
            ctx.cite("en.gameplay.4", "es.como-se-juega.4")
            give_back(w, q, cards)
    bad_chomp_cards_stay(w, ctx)
    end_of_round(w, ctx)


def bad_chomp_cards_stay(w: Work, ctx: Context) -> None:
    """The round ends with no winner: the cards a Bad Chomper turned over in an earlier Ink Out
    or tie round of it, set aside since, stay in the centre for the next round's winner, as his
    penalty cards do (en.bad-chomp.9-10, es.malos-mordiscos.9-10)."""
    if _any_cards(w.aside_bad):
        ctx.cite("en.bad-chomp.9", "es.malos-mordiscos.9")
        for cards in w.aside_bad:
            w.to_centre(cards)
        w.aside_bad = ((),) * len(w.aside_bad)


def ink_out(w: Work, ctx: Context) -> None:
    """An Octopus's Ink Out, once nobody has slapped (en.ink-out.2-3, es.ink-out.2-3): every card
    played is set aside and every player still in plays another card, an Ink Out replay. (Slapping
    in an Ink Out is a Bad Chomp, :func:`~rulecheck.games.chomp.race.classify`; the replay's winner
    takes the set-aside cards, :func:`spoils_for`.)"""
    ctx.cite("en.ink-out.2", "es.ink-out.2")
    chained_replay(w, ctx, False)
    w.set_aside_table(bad=w.bad)
    w.replay = w.active
    _replay(w, ctx, REPLAY)


def _replay(w: Work, ctx: Context, step: int) -> None:
    n = len(w.table)
    w.table = [()] * n
    w.bad = w.ban_win = w.ban_bad = 0
    w.race = 0
    w.step = step
    schedule(w, ctx, R_TURN)


def give_back(w: Work, q: int, cards: tuple[int, ...]) -> None:
    """Cards reclaimed by their owner go to his discard pile (to the centre if he is out)."""
    if w.active >> q & 1:
        w.to_discard(q, cards)
    else:
        w.to_centre(cards)


# --------------------------------------------------------------------------- winning a round

def win(w: Work, ctx: Context, s: ChompState, p: int) -> None:
    """Player ``p`` wins the round and collects the cards (en.gameplay.3-4, en.bad-chomp.8,
    en.feeding-frenzy.3, en.ink-out.4-5, en.tie.3-5, es.doble-chomp.2, es.chomp-rapido.3):
    the centre's cards and the round's cards that :func:`spoils_for` says are his; the others go
    back to their owners."""
    if w.mode != STANDARD and w.mode != DOBLE_CHOMP:
        if w.centre:
            ctx.cite("en.bad-chomp.8", "es.malos-mordiscos.8", "en.bad-chomp.10", "es.malos-mordiscos.10")
        taken = list(w.centre)
        w.centre = ()
        two_player.take_all(w, ctx, p, taken)
        return
    won, back, reclaimed = spoils_for(ctx, p, s.table, s.aside, s.aside_tie, s.bad, s.race, w.mode == DOBLE_CHOMP,
                                      bool(w.centre))
    taken = [*w.centre, *won]
    if _any_cards(w.aside_bad):
        # a Bad Chomper's cards of an earlier Ink Out or tie round of this one: 'the winner of
        # the round takes both of your cards', whether he can chomp them or not
        ctx.cite("en.bad-chomp.8", "es.malos-mordiscos.8")
        for cards in w.aside_bad:
            taken.extend(cards)
    w.centre = ()
    for q, cards in enumerate(back):
        give_back(w, q, cards)
    for q, cards in enumerate(reclaimed):
        if cards:
            reclaim(w, ctx, q, cards)
    if w.mode == DOBLE_CHOMP:
        two_player.place_won(w, ctx, p, taken)
    else:
        w.to_discard(p, taken)
    end_of_round(w, ctx)


def reclaim(w: Work, ctx: Context, q: int, cards: tuple[int, ...]) -> None:
    """Cards the replay's winner can't chomp "are reclaimed by the players who turned them over"
    (en.ink-out.5, en.tie.5, es.ink-out.5, es.empate.5): to the owner's discard pile, as a card
    nobody could chomp in an ordinary round (en.gameplay.4), or back to the bottom of his pile, by
    ruling ``chomp.reclaimed_cards`` (a player who is out: to the centre, :func:`give_back`)."""
    if w.active >> q & 1 and ctx.rule("chomp.reclaimed_cards") == "bottom_of_pile":
        w.piles[q] = w.piles[q] + cards
        return
    give_back(w, q, cards)


def spoils_for(ctx: Context, p: int, table: tuple[tuple[int, ...], ...], aside: tuple[tuple[int, ...], ...],
               aside_tie: tuple[tuple[int, ...], ...], bad: int, race: int, doble: bool,
               centre: bool) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
    """The round's cards that the winner ``p`` takes, those that go back to each owner, and those
    each owner reclaims (:func:`reclaim`: the cards of an Ink Out replay and of the round before a
    tie replay that the winner can't chomp) (3+ player game and Doble Chomp). A pure function of the
    round's cards, the Bad Chomps, the race and whether the centre holds cards. en.gameplay.3-4,
    en.bad-chomp.8, en.feeding-frenzy.3, en.ink-out.4-5, en.tie.3-5, es.doble-chomp.2."""
    if centre:
        ctx.cite("en.bad-chomp.8", "es.malos-mordiscos.8", "en.bad-chomp.10", "es.malos-mordiscos.10")
    kind = race & KIND_MASK
    n = len(table)
    taken: list[int] = []
    back: list[list[int]] = [[] for _ in range(n)]
    reclaimed: list[list[int]] = [[] for _ in range(n)]
    if kind == RK_FRENZY:
        for cards in table:
            taken.extend(cards)
        for q in range(n):
            cards = aside[q] + aside_tie[q]
            if race & F_FRENZY_CURRENT:
                back[q].extend(cards)
            else:
                taken.extend(cards)
    elif doble:
        ctx.cite("es.doble-chomp.2")
        mine = table[p]
        # a replay's cards: 'the 4 cards' (es.doble-chomp.2), or the normal game's 'cards she can't
        # chomp are reclaimed' (es.doble-chomp.3, en.ink-out.5, en.tie.5): ruling chomp.doble_replay_winnings
        all_four = not race & (F_AFTER_INK | F_AFTER_TIE) or \
            ctx.rule("chomp.doble_replay_winnings") == "all_four"
        for q in range(n):
            for t in table[q]:
                if all_four or q == p or _one_can_chomp(mine, t):
                    taken.append(t)
                elif bad >> q & 1:
                    (taken if _winner_takes_both(ctx) else back[q]).append(t)  # (as in the 3+ player game)
                elif race & F_AFTER_INK:
                    reclaimed[q].append(t)
                else:
                    back[q].append(t)
            taken.extend(aside[q])
            for t in aside_tie[q]:  # (ruling chomp.tie_replay_winnings = chompable_only)
                if q == p or _one_can_chomp(mine, t):
                    taken.append(t)
                else:
                    reclaimed[q].append(t)
    else:
        c = table[p][0]
        ctx.cite("en.gameplay.3", "es.como-se-juega.3", *GENERAL_CHAIN_CLAUSES, *CHAIN_CLAUSES[c])
        for q, cards in enumerate(table):
            for t in cards:
                if q == p or CAN_CHOMP[c][t]:
                    taken.append(t)
                elif bad >> q & 1:
                    (taken if _winner_takes_both(ctx) else back[q]).append(t)
                elif race & F_AFTER_INK:
                    ctx.cite("en.gameplay.4", "es.como-se-juega.4", "en.ink-out.5", "es.ink-out.5")
                    reclaimed[q].append(t)
                else:
                    ctx.cite("en.gameplay.4", "es.como-se-juega.4")
                    back[q].append(t)
        for q in range(n):
            if aside[q]:
                if race & F_AFTER_INK:
                    ctx.cite("en.ink-out.4", "es.ink-out.4")
                if race & F_AFTER_TIE:
                    ctx.cite("en.tie.3", "es.empate.3")
                taken.extend(aside[q])
            for t in aside_tie[q]:
                ctx.cite("en.tie.4", "es.empate.4")
                if q == p or CAN_CHOMP[c][t]:
                    taken.append(t)
                else:
                    ctx.cite("en.tie.5", "es.empate.5")
                    reclaimed[q].append(t)
    return tuple(taken), tuple(tuple(cards) for cards in back), tuple(tuple(cards) for cards in reclaimed)


def _winner_takes_both(ctx: Context) -> bool:
    """A Bad Chomper's turned-over card the winner can't chomp: 'takes both of your cards' or the
    food chain (en.bad-chomp.8, en.food-chain.2); ruling ``chomp.bad_chomp_both_cards``."""
    ctx.cite("en.bad-chomp.8", "es.malos-mordiscos.8", "en.food-chain.2")
    return ctx.rule("chomp.bad_chomp_both_cards") == "winner_takes_both"


def _one_can_chomp(mine: tuple[int, ...], t: int) -> bool:
    """Whether one of the cards ``mine`` can chomp ``t`` (Doble Chomp: two cards each)."""
    for c in mine:  # noqa: SIM110 (a loop: mypyc compiles any() over a generator to a call)
        if CAN_CHOMP[c][t]:
            return True
    return False


# --------------------------------------------------------------------------- end of a round

def end_of_round(w: Work, ctx: Context) -> None:
    """Clear the round; wash out players without cards; end the game or go on."""
    w.clear_round()
    if w.mode != STANDARD:
        two_player.end_of_round(w, ctx)
        return
    before = w.active
    for p in players_of(before):
        if not w.holdings(p):
            ctx.cite("en.ending.1", "es.fin.1")
            w.active &= ~(1 << p)
    left = players_of(w.active)
    if len(left) >= 3:
        schedule(w, ctx, R_TURN)
        return
    if len(left) == 2:
        ctx.cite("en.ending.2", "es.fin.2")
        w.phase = TURN
        w.step = LAST_TWO
        return
    opt = ctx.rule("chomp.fewer_than_two_left")
    if opt == "shared_last_round":
        w.end(O_SHARED_LAST, before)
    elif left:
        ctx.cite("en.object.2", "es.objeto.2")
        w.end(O_LAST_STANDING if w.centre else O_COLLECTED_ALL, 1 << left[0])
    else:
        w.end(O_DRAW, 0)


def last_two(w: Work, ctx: Context, choice: tuple[str, ...]) -> None:
    """The last two players' choice: ``("count",)`` or ``("switch", game)`` (en.ending.3). Their
    choice, not the rulebook's silence: an action of the players."""
    ctx.cite("en.ending.3", "es.fin.3")
    if choice[0] == "count":
        _count(w, ctx, players_of(w.active))
        return
    ctx.cite("es.dos-jugadores.1")
    w.mode = SWITCH_MODES[choice[1]]
    w.step = NEW
    schedule(w, ctx, R_TURN)


def _count(w: Work, ctx: Context, left: tuple[int, ...]) -> None:
    """The last two count their cards; the one with the most wins (en.ending.3). Whether the count
    declares a winner who has not collected all of the cards (en.object.2) is ruling
    ``chomp.count_declares_winner``; a tie is ruling ``chomp.count_tie``."""
    a, b = left
    if ctx.rule("chomp.count_declares_winner") == "no_winner":
        ctx.cite("en.object.2", "es.objeto.2")
        w.end(O_COUNT, 0)
        return
    ca, cb = w.holdings(a), w.holdings(b)
    if ca != cb:
        w.end(O_COUNT, 1 << (a if ca > cb else b))
    elif ctx.rule("chomp.count_tie") == "shared_win":
        w.end(O_COUNT_TIE, (1 << a) | (1 << b))
    else:
        w.end(O_COUNT_TIE, 0)
