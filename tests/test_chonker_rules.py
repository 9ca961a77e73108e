"""Chonker Party's round rules, each pinned by the sentence it implements: turn order, the end of a
circle, the next Munchies Master, drawing back up (and the shortage), the Skip's one card, and the
final count. Written where mutation testing (docs/MUTATION.md) showed a changed rule going
unnoticed; each assertion fails if the rule it names is changed."""

from __future__ import annotations

import pytest
from chonker_helpers import (
    a_chonk_leads,
    a_master_continuing_with_a_force,
    a_war_call_before,
    force_names_a_chonk_before,
    hand_of,
    skip_before_an_empty_handed_master,
)

from rulecheck.core.game import Pending
from rulecheck.core.provenance import Context
from rulecheck.games import load_game
from rulecheck.games.chonker_party.cards import (
    ALL_BITS,
    CHONK,
    FORCE,
    LEAF,
    NT,
    SALTY,
    SKIP,
    SPOILED,
    STICK,
    SWEET,
    WAR,
    WAR_CHONK,
)
from rulecheck.games.chonker_party.scoring import (
    CARDS_TIEBREAK,
    CHONK_TIEBREAK,
    FOUR_SPOILED,
    MOST_POINTS,
    STILL_TIED,
    final_result,
    points,
    score_line,
)
from rulecheck.games.chonker_party.state import AFTER_TURN, PH_CONTINUE, PH_DISCARD, PH_DRAW, PH_PLAY

GAME = "chonker-party"
FILLERS6 = ["stick", "brick", "stone", "leaf", "salty", "sweet"]


def deal4(*hands: list[str]) -> dict[str, list]:
    """Four hands (the first ones given, the rest six fillers) and a discard deck of six."""
    full = [*hands, *([FILLERS6] * (4 - len(hands)))]
    return {"hands": [list(h) for h in full], "discard": list(FILLERS6)}


def play(g, s, *actions):  # type: ignore[no-untyped-def]
    for a in actions:
        assert a in g.legal_actions(s), (a, g.legal_actions(s))
        s = g.apply(s, a).state
    return s


def clauses(g, s, a) -> set[str]:  # type: ignore[no-untyped-def]
    return set(g.apply(s, a).provenance.clauses)


def test_turns_go_clockwise_from_the_master_and_the_circle_ends_before_it_returns() -> None:
    """cp.round.3 (clockwise), cp.round.5 (the round ends just before it returns to the Master)."""
    g = load_game(GAME, None, 4)
    s = g.new_initial_state(deal=deal4(["leaf", "stick", "brick", "stone", "salty", "sweet"]))
    assert (s.phase, g.current_player(s), s.master) == (PH_PLAY, 0, 0)
    assert "cp.round.3" in clauses(g, s, ("play", "leaf"))
    order = []
    for _ in range(3):
        s = play(g, s, ("play", "leaf") if ("play", "leaf") in g.legal_actions(s) else g.legal_actions(s)[0])
        order.append(g.current_player(s))
    assert order == [1, 2, 3]
    s = play(g, s, g.legal_actions(s)[0])
    assert (s.phase, g.current_player(s)) == (PH_CONTINUE, 0)  # back to the Master: continue or end
    # the same with player 2 as Master: 2, 3, 0, 1, then 2 decides
    s = g.new_initial_state(deal=deal4(["leaf", "stick", "brick", "stone", "salty", "sweet"]))
    s = s._replace(master=2, actor=2, turn=2)
    seen = [g.current_player(s)]
    for _ in range(4):
        s = play(g, s, g.legal_actions(s)[0])
        seen.append(g.current_player(s))
    assert seen == [2, 3, 0, 1, 2] and s.phase == PH_CONTINUE


def _a_round_won_by(g, winner_seat: int):  # type: ignore[no-untyped-def]
    """Master 0 leads a Leaf (trump); seat ``winner_seat`` plays the last Leaf; the Master ends."""
    hands = [["stick", "brick", "stone", "salty", "sweet", "salty"] for _ in range(4)]
    hands[0] = ["leaf", "stick", "brick", "stone", "salty", "sweet"]
    hands[winner_seat] = ["leaf", "stick", "brick", "stone", "salty", "sweet"]
    s = g.new_initial_state(deal={"hands": hands, "discard": FILLERS6})
    s = play(g, s, ("play", "leaf"))
    for seat in (1, 2, 3):
        s = play(g, s, ("play", "leaf") if seat == winner_seat else ("play", "stick"))
    assert s.phase == PH_CONTINUE and s.last == winner_seat
    return s


@pytest.mark.parametrize("winner", [1, 2, 3])
def test_the_winner_takes_the_table_becomes_munchies_master_and_draws_first(winner: int) -> None:
    """cp.winning.1-2 (the last trump wins the cards), cp.after-round.1 (everyone draws back up
    to six, the winner first, then clockwise), cp.after-round.4 (the winner starts the next round)."""
    g = load_game(GAME, None, 4)
    s = _a_round_won_by(g, winner)
    table = s.table
    step = g.apply(s, ("end_round",))
    t = step.state
    assert {"cp.winning.1", "cp.winning.2", "cp.after-round.1"} <= set(step.provenance.clauses)
    assert t.piles[winner] == table and all(sum(t.piles[p]) == 0 for p in range(4) if p != winner)
    assert t.master == winner and sum(t.table) == 0 and t.trump == -1 and t.last == -1
    assert t.phase == PH_DRAW
    order = [(winner + i) % 4 for i in range(4)]
    need = {p: 6 - sum(t.hands[p]) for p in range(4)}
    assert list(t.queue) == [p for p in order for _ in range(need[p])]
    assert need == {p: 1 for p in range(4)}  # everyone played one card
    # after the draws the winner leads
    while t.phase == PH_DRAW:
        t = g.apply(t, g.legal_actions(t)[0]).state
    assert all(sum(h) == 6 for h in t.hands) and g.current_player(t) == winner and t.phase == PH_PLAY


@pytest.mark.parametrize(("ruling", "want"), [("round_robin", [1, 2, 3, 0, 1]), ("in_order", [1, 1, 1, 2, 2])])
def test_a_short_draw_deck_is_shared_as_the_ruling_says(ruling: str, want: list[int]) -> None:
    """cp.after-round.2: not enough cards to draw back up; ``cp.refill_shortage`` says who draws."""
    g = load_game(GAME, None, 4, {"choices": {"cp.refill_shortage": ruling}})
    s = _a_round_won_by(g, 1)  # the winner (seat 1) draws first, then 2, 3, 0
    def hand(n: int) -> tuple[int, ...]:
        return tuple(n if k == STICK else 0 for k in range(len(s.draw)))
    # seat 1 needs 3 cards, seat 2 needs 2, seats 3 and 0 one each: 7 wanted, 5 in the draw deck
    s = s._replace(hands=(hand(5), hand(3), hand(4), hand(5)), draw=hand(5))
    step = g.apply(s, ("end_round",))
    assert "cp.after-round.2" in step.provenance.clauses and "cp.refill_shortage" in step.provenance.rulings
    assert list(step.state.queue) == want
    # with enough cards there is no shortage and no ruling: each draws what they need
    enough = g.apply(s._replace(draw=hand(7)), ("end_round",))
    assert list(enough.state.queue) == [1, 1, 1, 2, 2, 3, 0]
    assert "cp.after-round.2" not in enough.provenance.clauses


def test_a_skip_costs_the_next_player_exactly_one_card_and_their_turn() -> None:
    """cp.skip.1: the next player discards a card and loses their turn."""
    g = load_game(GAME, None, 4)
    s = g.new_initial_state(deal=deal4(["skip", *FILLERS6[:5]]))
    s = play(g, s, ("play", "skip"))
    assert s.phase == PH_DISCARD and g.current_player(s) == 1
    before_hand, before_discard = sum(s.hands[1]), sum(s.discard)
    step = g.apply(s, ("discard", "stick"))
    t = step.state
    assert sum(t.hands[1]) == before_hand - 1 and sum(t.discard) == before_discard + 1
    assert t.hands[1][STICK] == s.hands[1][STICK] - 1
    assert g.current_player(t) == 2 and t.phase == PH_PLAY


def _piles(*rows: dict[int, int]) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(r.get(k, 0) for k in range(NT)) for r in rows)


def _result(piles, choices=None):  # type: ignore[no-untyped-def]
    g = load_game(GAME, None, len(piles), {"choices": choices or {}})
    ctx = Context(g._choices)
    return final_result(g, piles, ctx), ctx


def test_points_and_score_line() -> None:
    """cp.points.1, cp.spoiled.1: +1 per Sweet or Salty, -1 per Spoiled; Chonks counted apart."""
    counts = {SWEET: 3, SALTY: 2, SPOILED: 1, CHONK: 2, WAR_CHONK: 1, WAR: 1, STICK: 4}
    pile = tuple(counts.get(k, 0) for k in range(NT))
    assert points(pile) == 4
    assert score_line(pile, "counts_as_war") == (4, 2, 14)
    assert score_line(pile, "counts_as_chonk") == (4, 3, 14)
    assert score_line(pile, "every_war") == (4, 4, 14)


def test_most_points_wins() -> None:
    """cp.finishing.3: the most points wins, whatever the Chonks and cards."""
    (winners, outcome), ctx = _result(_piles({SWEET: 3}, {SWEET: 2, CHONK: 5, STICK: 9}, {}))
    assert (winners, outcome) == (0b001, MOST_POINTS)
    assert "cp.finishing.3" in ctx.clauses and "cp.finishing.4" not in ctx.clauses


def test_tied_on_points_most_chonks_wins() -> None:
    """cp.finishing.4: tied on points, the most Chonks wins (the third player, fewer points, is out)."""
    (winners, outcome), ctx = _result(_piles({SWEET: 2, CHONK: 1}, {SALTY: 2, CHONK: 2}, {SWEET: 1, CHONK: 6}))
    assert (winners, outcome) == (0b010, CHONK_TIEBREAK)
    assert "cp.finishing.4" in ctx.clauses and "cp.finishing.5" not in ctx.clauses


def test_a_war_played_as_a_chonk_counts_as_the_ruling_says() -> None:
    """cp.war_chonk_scoring: does a War played as a Chonk count as a Chonk at the end?"""
    piles = _piles({SWEET: 1, CHONK: 1}, {SWEET: 1, WAR_CHONK: 1, CHONK: 1})
    (w, o), ctx = _result(piles, {"cp.war_chonk_scoring": "counts_as_chonk"})
    assert (w, o) == (0b10, CHONK_TIEBREAK) and "cp.war_chonk_scoring" in ctx.rulings
    (w, o), _ = _result(piles, {"cp.war_chonk_scoring": "counts_as_war"})
    assert (w, o) == (0b10, CARDS_TIEBREAK)  # equal Chonks, and player 2 has one card more


def test_a_war_played_as_a_war_counts_only_under_every_war() -> None:
    """cp.war_chonk_scoring = every_war: the draw deck is empty when the game ends, and "War cards
    become Chonks if the draw deck is empty" (cp.war.7), so a War played as a War counts as a Chonk
    too; under the other options it does not, and the ruling is asked only because a tied pile
    holds a War card."""
    piles = _piles({SWEET: 1, CHONK: 1}, {SWEET: 1, WAR: 1, STICK: 1})
    (w, o), ctx = _result(piles, {"cp.war_chonk_scoring": "every_war"})
    assert (w, o) == (0b10, CARDS_TIEBREAK) and "cp.war_chonk_scoring" in ctx.rulings  # 1 chonk each, 3 cards to 2
    for option in ("counts_as_chonk", "counts_as_war"):
        (w, o), _ = _result(piles, {"cp.war_chonk_scoring": option})
        assert (w, o) == (0b01, CHONK_TIEBREAK)


def test_still_tied_most_cards_wins() -> None:
    """cp.finishing.5: tied on points and Chonks, the most cards wins."""
    (winners, outcome), ctx = _result(_piles({SWEET: 1, CHONK: 1, STICK: 3}, {SALTY: 1, CHONK: 1, LEAF: 4}))
    assert (winners, outcome) == (0b10, CARDS_TIEBREAK) and "cp.finishing.5" in ctx.clauses


@pytest.mark.parametrize(("ruling", "want"), [("shared", 0b011), ("no_winner", 0)])
def test_tied_on_everything_the_ruling_decides(ruling: str, want: int) -> None:
    """cp.final_tie: tied on points, Chonks and cards."""
    g = load_game(GAME, None, 3)
    options = [o for o in g.ruling_points["cp.final_tie"].option_ids]
    choice = ruling if ruling in options else next(o for o in options if o != "shared")
    (winners, outcome), ctx = _result(_piles({SWEET: 2, STICK: 1}, {SALTY: 2, LEAF: 1}, {SWEET: 1}),
                                      {"cp.final_tie": choice})
    assert outcome == STILL_TIED and winners == (want if choice == "shared" else 0)
    assert "cp.final_tie" in ctx.rulings


def test_all_the_spoiled_cards_win_outright() -> None:
    """cp.spoiled.2, cp.finishing.6: the player with all four Spoiled cards wins, whatever the points."""
    (winners, outcome), ctx = _result(_piles({SWEET: 8}, {SPOILED: 4}, {SALTY: 8}))
    assert (winners, outcome) == (0b010, FOUR_SPOILED)
    assert {"cp.finishing.6", "cp.spoiled.2"} <= set(ctx.clauses)
    (winners, outcome), _ = _result(_piles({SWEET: 8}, {SPOILED: 3}, {SALTY: 7, SPOILED: 1}))
    assert (winners, outcome) == (0b001, MOST_POINTS)


@pytest.mark.parametrize(("option", "leader", "spoiled_continues"), [("one_type", 1, True), ("each_card", 0, False)])
def test_another_spoiled_card_after_a_spoiled_trump_is_a_trump_as_the_ruling_says(
        option: str, leader: int, spoiled_continues: bool) -> None:
    """The Master leads a Spoiled card (the trump, cp.round.2); Player 2 plays another Spoiled card
    (four cards with their own names, cp.spoiled.4). Under ``cp.spoiled_trump = one_type`` it is a
    trump and Player 2 is the round's current winner (cp.winning.1), and the Master may continue with
    his own second Spoiled card (cp.continuing.1); under ``each_card`` neither."""
    g = load_game(GAME, None, 4, {"choices": {"cp.spoiled_trump": option}})
    s = g.new_initial_state(deal=deal4(["spoiled", "spoiled", "stick", "brick", "stone", "salty"],
                                       ["spoiled", "stick", "brick", "stone", "salty", "sweet"]))
    s = play(g, s, ("play", "spoiled"))
    assert s.trump == SPOILED and s.last == 0
    step = g.apply(s, ("play", "spoiled"))
    assert "cp.spoiled_trump" in step.provenance.rulings
    assert step.state.last == leader
    s = play(g, step.state, ("play", "stick"), ("play", "stick"))
    assert s.phase == PH_CONTINUE and g.current_player(s) == 0
    assert (("continue_round", "spoiled") in g.legal_actions(s)) == spoiled_continues
    # under raw the engine asks the question where it matters (a Spoiled card on a Spoiled trump)
    # and nowhere else (a Spoiled card on a Leaf trump)
    raw = load_game(GAME, None, 4, "raw")
    for lead, asked in (("leaf", False), ("spoiled", True)):
        r = raw.new_initial_state(deal=deal4([lead, "stick", "brick", "stone", "salty", "sweet"],
                                             ["spoiled", "stick", "brick", "stone", "salty", "sweet"]))
        r = raw.apply(r, ("ruling", "cp.first_master", "first_player")).state
        r = raw.apply(r, ("play", lead)).state
        while isinstance(r, Pending):  # other questions of a raw game (a War window, ...)
            r = raw.apply(r, raw.legal_actions(r)[0]).state
        after = raw.apply(r, ("play", "spoiled")).state
        assert (isinstance(after, Pending) and after.ruling == "cp.spoiled_trump") == asked


@pytest.mark.parametrize(("option", "who", "legal"), [("master_ends", 0, [("end_round",)]),
                                                      ("passes_on", 1, [("play", "stick")])])
def test_a_skip_that_forces_an_empty_handed_master_on_is_settled_by_the_ruling(
        option: str, who: int, legal: list[tuple[str, ...]]) -> None:
    """A Skip at the round's end forces the Master to continue, trump or not (cp.skip.2), and he
    holds no card: he cannot, and the round goes on only until he runs out (cp.continuing.6).
    ``cp.skip_master_empty_handed``: he ends the round, or his turn passes on to Player 2."""
    g = load_game(GAME, None, 4, {"choices": {"cp.skip_master_empty_handed": option}})
    step = g.apply(skip_before_an_empty_handed_master(g), ("play", "skip"))
    assert {"cp.skip_at_round_end", "cp.skip_master_empty_handed"} <= set(step.provenance.rulings)
    assert g.current_player(step.state) == who and list(g.legal_actions(step.state)) == legal
    # a Master who is skipped at the round's end (discard_and_end) has nothing to discard: the
    # round ends, and this ruling is not asked
    ended = load_game(GAME, None, 4, {"choices": {"cp.skip_at_round_end": "discard_and_end",
                                                  "cp.skip_master_empty_handed": option}})
    step = ended.apply(skip_before_an_empty_handed_master(ended), ("play", "skip"))
    assert "cp.skip_master_empty_handed" not in step.provenance.rulings
    assert step.state.piles[0][SWEET] == 1 and step.state.piles[0][SKIP] == 1 and not any(step.state.table)


@pytest.mark.parametrize(("option", "player", "master"), [
    ("chonk_cards_only", [("play", "leaf"), ("play", "war")], [("continue_round", "stick"), ("continue_round", "war"),
                                                              ("end_round",)]),
    ("war_counts", [("play", "war")], [("continue_round", "war")])])
def test_a_force_naming_a_chonk_on_a_war_that_would_be_one_is_as_the_ruling_says(
        option: str, player: list[tuple[str, ...]], master: list[tuple[str, ...]]) -> None:
    """The draw deck is empty, so a War played now would become a Chonk (cp.war.7). A Force names a
    chonk; the player it forces holds a War and no Chonk card. ``cp.force_war_as_chonk``: under
    ``chonk_cards_only`` he has not "the required card" and plays whatever he wants, and the Master
    may end the round (cp.force.4); under ``war_counts`` both must play the War."""
    g = load_game(GAME, None, 3, {"choices": {"cp.force_war_as_chonk": option}})
    for master_forced, want in ((False, player), (True, master)):
        state, naming = force_names_a_chonk_before(g, master_forced)
        step = g.apply(state, naming)
        assert "cp.force_war_as_chonk" in step.provenance.rulings
        assert sorted(g.legal_actions(step.state)) == sorted(want)
    # with a War in hand while the draw deck still has cards (no War on), the ruling is not asked
    state, naming = force_names_a_chonk_before(g, False)
    step = g.apply(state._replace(draw=tuple(1 if k == STICK else 0 for k in range(len(state.draw)))), naming)
    assert "cp.force_war_as_chonk" not in step.provenance.rulings
    assert sorted(g.legal_actions(step.state)) == [("play", "leaf"), ("play", "war")]


@pytest.mark.parametrize("war_on", [False, True])
@pytest.mark.parametrize(("option", "calls"), [("anytime", True), ("own_turn_only", False)])
def test_a_war_that_would_be_a_chonk_is_called_out_of_turn_as_the_ruling_says(
        war_on: bool, option: str, calls: bool) -> None:
    """Player 3 holds a War that would become a Chonk if put down now (the draw deck is empty, or a
    War is on: cp.war.6-7). Before Player 2's turn, ``cp.war_call_as_chonk``: under ``anytime`` he
    may call it out (as a Chonk, and so lead the round); under ``own_turn_only`` no window opens.
    With cards in the draw deck and no War on, the ruling is not asked and the window opens."""
    g = load_game(GAME, None, 3, {"choices": {"cp.war_call_as_chonk": option}})
    state, lead = a_war_call_before(g, war_on)
    step = g.apply(state, lead)
    assert "cp.war_call_as_chonk" in step.provenance.rulings
    plays = [("play", "leaf"), ("play", "stick")]
    assert sorted(g.legal_actions(step.state)) == (sorted([("call_war", 2), ("no_war",)]) if calls else plays)
    if calls:
        called = g.apply(step.state, ("call_war", 2)).state
        assert called.last == 2 and called.table[WAR_CHONK] == 1  # a Chonk, out of turn
    quiet = g.apply(state._replace(draw=tuple(1 if k == STICK else 0 for k in range(len(state.draw))), war=False),
                    lead)
    assert "cp.war_call_as_chonk" not in quiet.provenance.rulings
    assert sorted(g.legal_actions(quiet.state)) == sorted([("call_war", 2), ("no_war",)])


@pytest.mark.parametrize(("option", "again"), [("anytime", True), ("own_turn_only", False)])
def test_after_a_war_is_called_the_other_war_is_a_chonk_called_as_the_ruling_says(option: str, again: bool) -> None:
    """Players 1 and 3 hold a War; before Player 2's turn Player 3 calls his out: a War starts and he
    draws. Now Player 1's War would become a Chonk (cp.war.6): whether he may call it out before
    Player 2's turn is ``cp.war_call_as_chonk``'s (the window after a call's draw)."""
    g = load_game(GAME, None, 3, {"choices": {"cp.war_call_as_chonk": option}})
    state, lead = a_war_call_before(g, False)
    state = state._replace(hands=(hand_of(WAR, LEAF, STICK), *state.hands[1:]),
                           draw=tuple(2 if k == STICK else 0 for k in range(len(state.draw))))
    s = g.apply(state, lead).state
    s = g.apply(s, ("call_war", 2)).state
    assert s.war and s.phase == PH_DRAW
    step = g.apply(s, ("draw", "stick"))
    assert "cp.war_call_as_chonk" in step.provenance.rulings
    want = [("call_war", 0), ("no_war",)] if again else [("play", "leaf"), ("play", "stick")]
    assert sorted(g.legal_actions(step.state)) == sorted(want)


@pytest.mark.parametrize(("option", "trump", "leader_after_leaf"), [("sets_trump", CHONK, 0), ("no_trump", -1, 1)])
def test_a_chonk_leading_the_round_sets_the_trump_as_the_ruling_says(
        option: str, trump: int, leader_after_leaf: int) -> None:
    """The Master leads a Chonk, the round's first non-action card. ``cp.chonk_sets_trump``: under
    ``sets_trump`` Chonk is the trump, and Player 2's Leaf after it wins nothing; under ``no_trump``
    there is no trump yet, and the Leaf becomes the trump and puts Player 2 in the lead. Either way
    the Chonk's player leads first (cp.winning.1)."""
    g = load_game(GAME, None, 3, {"choices": {"cp.chonk_sets_trump": option}})
    state, lead = a_chonk_leads(g)
    step = g.apply(state, lead)
    assert "cp.chonk_sets_trump" in step.provenance.rulings
    assert (step.state.trump, step.state.last) == (trump, 0)
    after = g.apply(step.state, ("play", "leaf"))
    assert "cp.chonk_sets_trump" not in after.provenance.rulings
    assert (after.state.trump, after.state.last) == (CHONK if trump == CHONK else LEAF, leader_after_leaf)


@pytest.mark.parametrize("option", ["must_play", "may_stop"])
def test_after_a_choose_the_chooser_may_play_nothing_as_the_ruling_says(option: str) -> None:
    """"Then you can play any new card" (cp.choose.3). ``cp.choose_play_optional``: under
    ``must_play`` the Chooser must play a card; under ``may_stop`` he may also play nothing, and
    his turn passes on with the card picked in his hand (Player 3 plays next)."""
    g = load_game(GAME, None, 3, {"choices": {"cp.choose_play_optional": option}})
    fillers = ["stick", "brick", "stone", "leaf", "salty", "sweet"]
    s = g.new_initial_state(deal={"hands": [["choose", *fillers[:5]], fillers, fillers], "discard": fillers})
    s = g.apply(s, ("play", "choose")).state
    step = g.apply(s, ("choose_card", "chonk"))
    assert "cp.choose_play_optional" in step.provenance.rulings
    legal = g.legal_actions(step.state)
    assert (("play_nothing",) in legal) == (option == "may_stop")
    assert ("play", "chonk") in legal
    if option == "may_stop":
        after = g.apply(step.state, ("play_nothing",)).state
        assert (after.phase, after.actor) == (PH_PLAY, 1) and after.hands[0][CHONK] == 1
        assert sum(after.hands[0]) == 6 and not after.can_end


@pytest.mark.parametrize(("option", "who", "legal"), [("master_only", 0, [("end_round",)]),
                                                      ("another_circle", 1, [("play", "stick")])])
def test_a_force_of_the_master_continuing_alone_acts_on_nobody(option: str, who: int,
                                                               legal: list[tuple[str, ...]]) -> None:
    """The Munchies Master continues the round and plays a Force naming brick. Under
    ``cp.continue_who_plays`` = master_only nobody plays after him (the option's erratum: "A Skip or
    Force they play then has no effect"): he decides again, and holding no trump can only end the
    round (not forced to continue with his Brick). Under another_circle Player 2 is forced, and
    plays whatever he holds."""
    g = load_game(GAME, None, 3, {"choices": {"cp.continue_who_plays": option, "cp.continue_after_action": "any_card"}})
    s, actions = a_master_continuing_with_a_force(g)
    s = play(g, s, *actions[:-1])
    step = g.apply(s, actions[-1])
    assert "cp.continue_who_plays" in step.provenance.rulings
    assert g.current_player(step.state) == who and list(g.legal_actions(step.state)) == legal


@pytest.mark.parametrize("option", ["at_once", "on_their_turn"])
def test_a_card_owed_for_a_war_is_drawn_as_the_turn_begins_and_may_answer_a_force(option: str) -> None:
    """cp.war.4 under ``cp.war_draw_when``: Player 3 owes the new card of a War he called out on
    another player's turn. Player 2 plays a Force naming a Sweet; Player 3 holds none. Under
    on_their_turn he draws the card he owes as his turn begins, a Sweet, and the Force then makes him
    play it (cp.force.1); with nothing owed he plays what he likes (cp.force.4)."""
    g = load_game(GAME, None, 3, {"choices": {"cp.war_draw_when": option}})
    s = g.new_initial_state(deal={"hands": [FILLERS6] * 3, "discard": FILLERS6})
    s = s._replace(hands=(hand_of(STICK), hand_of(FORCE, STICK), hand_of(LEAF, STICK)), draw=hand_of(SWEET, SWEET),
                   table=hand_of(LEAF), trump=LEAF, last=0, master=0, turn=1, actor=1, phase=PH_PLAY,
                   mask=ALL_BITS, war=True, owed=(2,) if option == "on_their_turn" else ())
    named = g.apply(play(g, s, ("play", "force")), ("name_type", "sweet"))
    s = named.state
    if option == "at_once":
        assert s.phase == PH_PLAY and s.actor == 2
        assert sorted(g.legal_actions(s)) == [("play", "leaf"), ("play", "stick")]
        return
    assert (s.phase, s.queue, s.after, s.owed) == (PH_DRAW, (2,), AFTER_TURN, ())
    assert "cp.war.4" in named.provenance.clauses
    s = g.apply(s, ("draw", "sweet")).state
    assert s.actor == 2 and g.legal_actions(s) == (("play", "sweet"),)
