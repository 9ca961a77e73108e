"""Chonker Party's ruling points against the clause specification, one by one: in a situation where
the engine asks the ruling point, the text is open on its question (two readings, or clauses that
allow two of the engine's outcomes, or none of them) or it answers it; and the recommended options'
constraints with the clauses give exactly the engine's step. Each test fails if the clause, the
reading or the engine rule it rests on changes."""

from __future__ import annotations

from itertools import combinations
from typing import Any

import pytest
from chonker_helpers import a_master_continuing_with_a_force, a_war_call_before

from rulecheck.check.determinacy import _readings_to_try
from rulecheck.core.rulings import load_ruleset
from rulecheck.core.spec import determinacy, satisfies
from rulecheck.games import load_game
from rulecheck.games.chonker_party import spec_engine as bridge
from rulecheck.games.chonker_party.cards import ALL_BITS, KIND_OF_NAME, NK, NT, STICK
from rulecheck.games.chonker_party.spec import SPEC, PartySituation
from rulecheck.games.chonker_party.state import PH_CONTINUE, PH_PLAY

Step = tuple[Any, Any, tuple[Any, ...], PartySituation]
"""(game under ``recommended``, engine state, action, situation)."""

FULL = "full"


def _step(players: int, deck: str, deal: dict[str, Any], actions: tuple[tuple[Any, ...], ...],
          action: tuple[Any, ...]) -> Step:
    """The step ``action`` after ``actions`` from ``deal``, under ``recommended``."""
    game = load_game("chonker-party", None, players, "recommended", deck)
    state = game.new_initial_state(deal=deal)
    for a in actions:
        state = game.apply(state, a).state
    return game, state, action, bridge.situation_in(game, state, action)[0]


def _engine(game: Any, state: Any, action: tuple[Any, ...]) -> Any:
    """The engine's outcome of the step, in the situation's player names."""
    (_, key), = bridge.engine_outcomes(game, state, action)
    _, new = bridge.situation_in(game, state, action)
    return bridge.rename(key, new)


def _raw_leaves(step: Step) -> list[tuple[dict[str, str], Any]]:
    """The engine's outcomes of the step under ``raw``: one per combination of the options asked."""
    game, state, action, _ = step
    raw = load_game("chonker-party", None, game.num_players, "raw", game.deck)
    _, new = bridge.situation_in(raw, state, action)
    return [(opts, bridge.rename(key, new)) for opts, key in bridge.engine_outcomes(raw, state, action)]


def _asked(step: Step, ruling: str) -> set[str]:
    """The options of ``ruling`` among the engine's outcomes of the step under ``raw``."""
    return {opts[ruling] for opts, _ in _raw_leaves(step) if ruling in opts}


def _on_its_question(step: Step, ruling: str) -> str:
    """What the text says of ``ruling``'s question in the step: of the engine's outcomes under ``raw``
    that differ only by this ruling's answer, it allows two under some reading (``open``), none
    (``conflict``), or exactly one (``answered``)."""
    sit = step[3]
    _, asked = determinacy(SPEC, sit)
    readings = _readings_to_try(SPEC, asked)

    def allowed(key: Any) -> bool:
        return any(satisfies(SPEC, sit, dict(key), readings=r)[0] for r in readings)

    pairs = [(ka, kb) for (oa, ka), (ob, kb) in combinations(_raw_leaves(step), 2)
             if ka != kb and [r for r in set(oa) & set(ob) if oa[r] != ob[r]] == [ruling]]
    assert pairs, f"the engine does not ask {ruling} here"
    seen = [(allowed(ka), allowed(kb)) for ka, kb in pairs]
    if any(x and y for x, y in seen):
        return "open"
    return "answered" if any(x or y for x, y in seen) else "conflict"


def _recommended_is_the_engines(step: Step) -> dict[str, str]:
    """The clauses with the recommended options' constraints decide the step, as the engine does."""
    game, state, action, sit = step
    ruled, _ = determinacy(SPEC, sit, choices=game._choices)
    assert ruled.kind == "determined", ruled
    assert SPEC.key(dict(ruled.outcome)) == _engine(game, state, action)
    return dict(ruled.outcome)


def _read(sit: PartySituation, point: str, other: str) -> tuple[dict[str, str], dict[str, str]]:
    """The determined outcomes of the default reading and of ``point`` read as ``other``."""
    first, asked = determinacy(SPEC, sit)
    assert point in asked
    second, _ = determinacy(SPEC, sit, readings={point: other})
    assert first.kind == second.kind == "determined", (first, second)
    return dict(first.outcome), dict(second.outcome)


# --------------------------------------------------------------------------- the ruling points

def test_which_card_follows_a_choose_is_an_ambiguity() -> None:
    """'Shuffle afterward, then you can play any new card' (cp.choose.3): any card from the hand, or
    the card just picked (cp.read.any_new_card). cp.choose_then_play decides it."""
    step = _step(2, FULL, {"hands": [["choose", "leaf", "stick", "brick", "stone", "salty"],
                                     ["sweet", "stick", "brick", "stone", "salty", "leaf"]],
                           "discard": ["stick", "brick", "stone", "salty", "sweet", "leaf"]},
                 (("play", "choose"),), ("choose_card", "sweet"))
    a, b = _read(step[3], "cp.read.any_new_card", "the-new-card")
    assert (a["may.sweet"], a["may.leaf"], b["may.sweet"], b["may.leaf"]) == ("yes", "yes", "yes", "no")
    assert _asked(step, "cp.choose_then_play") == {"any_card", "chosen_card"}
    assert _on_its_question(step, "cp.choose_then_play") == "open"
    assert _recommended_is_the_engines(step)["may.leaf"] == "yes"


def _continuing_master_drew_a_trump() -> Step:
    """2 players, trump Leaf: the Munchies Master, with no trump or chonk left, continues the round
    with a Choose and picks a Leaf."""
    return _step(2, FULL, {"hands": [["leaf", "choose", "stick", "brick", "stone", "salty"],
                                     ["sweet", "stick", "brick", "stone", "salty", "spoiled"]],
                           "discard": ["stick", "brick", "stone", "salty", "sweet", "stick"]},
                 (("play", "leaf"), ("play", "stick"), ("continue_round", "choose")), ("choose_card", "leaf"))


def test_after_continuing_with_an_action_card_the_master_who_drew_a_trump_is_an_ambiguity() -> None:
    """The Master continued with a Choose and picked a trump: 'then you can play any new card'
    (cp.choose.3) makes his next card an ordinary extra play, while cp.continuing.4 only says what
    happens if he still has no trump. Read as an extra play, he plays any card; read as still
    continuing, he may play his trump or end the round. cp.continue_after_action decides it."""
    step = _continuing_master_drew_a_trump()
    a, b = _read(step[3], "cp.read.after_continuing_action", "still-continuing")
    assert (a["next.does"], a["may.stick"], a["may.end"]) == ("play", "yes", "no")
    assert (b["next.does"], b["may.stick"], b["may.leaf"], b["may.end"]) == ("continue", "no", "yes", "yes")
    assert _asked(step, "cp.continue_after_action") == {"trump_chonk_or_end", "any_card"}
    assert _on_its_question(step, "cp.continue_after_action") == "open"
    assert _recommended_is_the_engines(step) == b


def test_after_continuing_with_an_action_card_the_master_who_drew_no_trump_ends_by_the_text() -> None:
    """The same, but he picks a Stick: 'If you still don't have a chonk, or trump, the last player that
    played one collects the cards' (cp.continuing.4) answers it: he is at his decision again and can
    only end the round; the option 'any_card' contradicts the text."""
    step = _continuing_master_drew_a_trump()
    step = (*step[:2], ("choose_card", "stick"), bridge.situation_in(step[0], step[1], ("choose_card", "stick"))[0])
    assert _on_its_question(step, "cp.continue_after_action") == "answered"
    out = _recommended_is_the_engines(step)
    assert (out["next.does"], out["may.end"], out["may.stick"]) == ("continue", "yes", "no")


def _state(game: Any, deal: dict[str, Any], **fields: Any) -> Any:
    """An engine state of ``game`` from a valid deal, with ``fields`` replaced (a position reached
    late in a game, written down directly)."""
    return game.new_initial_state(deal=deal)._replace(**fields)


def _vec(size: int, **counts: int) -> tuple[int, ...]:
    from rulecheck.games.chonker_party.cards import KIND_OF_NAME

    out = [0] * size
    for name, n in counts.items():
        out[KIND_OF_NAME[name]] = n
    return tuple(out)


CHOOSE_DECK = "leaf=4,stick=4,choose=1,hand=2"
"""The audit's 2-player deck with a Choose (2 cards each)."""
CHOOSE_DEAL = {"hands": [["leaf", "choose"], ["leaf", "stick"]], "discard": ["leaf", "stick"]}


def test_continuing_a_circle_of_action_cards_with_a_non_action_card_is_an_ambiguity() -> None:
    """P1 holds a Leaf and a Choose, P2 nothing, both decks are empty: P1's Choose has no effect and,
    P2 passed over, the circle ends with no trump yet. 'The Munchies Master can keep the round going
    by playing a trump' (cp.continuing.1): with no trump, a Leaf is no trump, or any non-action card
    is one as it becomes the trump (cp.read.trump_before_any). cp.continue_no_trump_yet decides it."""
    game = load_game("chonker-party", None, 2, "recommended", CHOOSE_DECK)
    state = _state(game, CHOOSE_DEAL, phase=PH_PLAY, actor=0, turn=0, mask=ALL_BITS,
                   hands=(_vec(NK, leaf=1, choose=1), _vec(NK)), draw=_vec(NK), discard=_vec(NK),
                   piles=(_vec(NT, leaf=3, stick=4), _vec(NT)))
    action = ("play", "choose")
    step = (game, state, action, bridge.situation_in(game, state, action)[0])
    assert _asked(step, "cp.continue_no_trump_yet") == {"any_non_action", "chonk_only"}
    assert _on_its_question(step, "cp.continue_no_trump_yet") == "open"
    out = _recommended_is_the_engines(step)
    assert (out["next.who"], out["next.does"], out["may.leaf"]) == ("P1", "continue", "yes")


def test_sharing_a_short_draw_deck_evenly_leaves_the_order_open() -> None:
    """P2 wins a round in which both played two cards; 3 cards are left for 4 needed. 'If cards run
    out, share them evenly' (cp.after-round.2): P2 two and P1 one, each in turn (P2, P2, P1) or one
    at a time (P2, P1, P2): the text does not say. cp.refill_shortage decides it."""
    game = load_game("chonker-party", None, 2, "recommended", CHOOSE_DECK)
    state = _state(game, CHOOSE_DEAL, phase=PH_CONTINUE, actor=0, turn=0, mask=0, can_end=True,
                   hands=(_vec(NK), _vec(NK)), table=_vec(NT, stick=4), trump=STICK, last=1,
                   draw=_vec(NK, leaf=2, choose=1), discard=_vec(NK, leaf=2))
    action = ("end_round",)
    step = (game, state, action, bridge.situation_in(game, state, action)[0])
    v, _ = determinacy(SPEC, step[3])
    assert v.kind == "gap" and v.differ == ("draws",)
    assert {dict(v.outcome)["draws"], dict(v.other)["draws"]} == {"P2,P2,P1", "P2,P1,P2"}
    assert _asked(step, "cp.refill_shortage") == {"round_robin", "in_order"}
    assert _on_its_question(step, "cp.refill_shortage") == "open"
    assert _recommended_is_the_engines(step)["draws"] == "P2,P1,P2"


def test_a_skip_before_a_master_who_holds_a_card_is_a_conflict_the_engine_asks() -> None:
    """4 players, two cards each: P4 plays a Skip just before the Master, who still holds a Leaf.
    'Make the next player discard a card, skipping their turn' (cp.skip.1) against 'At round end,
    forces the first player to continue' (cp.skip.2): no outcome the engine offers satisfies both.
    cp.skip_at_round_end decides it."""
    step = _step(4, "leaf=8,sweet=1,skip=1,hand=2",
                 {"hands": [["sweet", "leaf"], ["leaf", "leaf"], ["leaf", "leaf"], ["skip", "leaf"]],
                  "discard": ["leaf", "leaf"]},
                 (("play", "sweet"), ("play", "leaf"), ("play", "leaf")), ("play", "skip"))
    assert _asked(step, "cp.skip_at_round_end") == {"force_continue", "discard_and_force", "discard_and_end"}
    assert _on_its_question(step, "cp.skip_at_round_end") == "conflict"
    out = _recommended_is_the_engines(step)
    assert (out["next.who"], out["next.does"], out["may.end"]) == ("P1", "continue", "no")


def test_a_second_war_keeps_the_war_by_the_text() -> None:
    """3 players: P1's War starts a War (he draws the Chonk and plays it); P2 plays the second War,
    which becomes a Chonk (cp.war.6). 'Its effect disappears when all players run out of cards'
    (cp.war.3) answers cp.war_chonk_ends_war: the War stays (the option 'ends_war' contradicts the
    text), under every reading, though the step is open on another question (whether that War's
    player draws: cp.war_chonk_effect)."""
    step = _step(3, "sweet=1,chonk=1,leaf=1,war=2,hand=1",
                 {"hands": [["war"], ["war"], ["sweet"]], "discard": ["leaf"]},
                 (("no_war",), ("play", "war"), ("draw", "chonk"), ("play", "chonk")), ("play", "war"))
    assert _asked(step, "cp.war_chonk_ends_war") == {"keeps_war", "ends_war"}
    assert _on_its_question(step, "cp.war_chonk_ends_war") == "answered"
    assert _on_its_question(step, "cp.war_chonk_effect") == "open"
    assert _recommended_is_the_engines(step)["war"] == "on"


STEAL_DECK = "salty=1,leaf=1,sweet=1,steal=1,hand=1"
"""3 players, one card each, one in the discard deck and none in the draw deck."""


def test_whether_the_player_stolen_from_uses_the_discard_deck_is_an_ambiguity() -> None:
    """P1 (the Munchies Master) steals P2's Leaf; the draw deck is empty, the discard deck holds a
    Salty. 'If an action card requires you to draw and the draw deck is empty, use the discard deck'
    (cp.empty-draw.1): the Steal makes the player stolen from draw, not its player. Read as any draw
    an action card requires, he draws the Salty; read as its player's draws only, he draws nothing
    and the stealer plays on. cp.steal_victim_draw_fallback decides it. (Through a helper computed
    once per situation, the stealer's extra play depends on the reading too.)"""
    step = _step(3, STEAL_DECK, {"hands": [["steal"], ["leaf"], ["sweet"]], "discard": ["salty"]},
                 (("play", "steal"), ("steal_from", 1)), ("stolen", "leaf"))
    a, b = _read(step[3], "cp.read.draw_requires_you", "its-player")
    assert (a["next.who"], a["next.does"], a["next.source"]) == ("P2", "draw", "discard-deck")
    assert (b["next.who"], b["next.does"], b["may.leaf"]) == ("P1", "play", "yes")
    assert _asked(step, "cp.steal_victim_draw_fallback") == {"discard_deck", "no_draw"}
    assert _on_its_question(step, "cp.steal_victim_draw_fallback") == "open"
    assert _recommended_is_the_engines(step) == a


STEAL_DRAW_DECK = "salty=1,leaf=1,sweet=1,steal=1,stick=2,hand=1"
"""3 players, one card each, one in the discard deck and two Sticks in the draw deck."""


def test_whether_the_stealer_draws_too_is_an_ambiguity_the_engine_asks() -> None:
    """P1 steals P2's Leaf, two Sticks in the draw deck. 'The player that was stolen from also draws
    a new card' (cp.steal.2): "also" as the stealer, who got a card by snatching it (P2 alone
    draws), or the stealer draws a new card as well: then both draw, in an order the sentence does
    not give (a gap under that reading). cp.steal_stealer_draws decides it; under ``stealer_too``
    P2 draws, then P1, and each option's step is the engine's."""
    step = _step(3, STEAL_DRAW_DECK, {"hands": [["steal"], ["leaf"], ["sweet"]], "discard": ["salty"]},
                 (("play", "steal"), ("steal_from", 1)), ("stolen", "leaf"))
    sit = step[3]
    first, asked = determinacy(SPEC, sit)
    assert "cp.read.steal_also_draws" in asked
    assert first.kind == "determined"
    assert (dict(first.outcome)["next.who"], dict(first.outcome)["draws"]) == ("P2", "P2")
    other, _ = determinacy(SPEC, sit, readings={"cp.read.steal_also_draws": "stealer-too"})
    assert other.kind == "gap" and {"next.who", "draws"} <= set(other.differ)
    assert {dict(other.outcome)["draws"], dict(other.other)["draws"]} == {"P1,P2", "P2,P1"}
    assert _asked(step, "cp.steal_stealer_draws") == {"victim_only", "stealer_too"}
    assert _on_its_question(step, "cp.steal_stealer_draws") == "open"
    assert _recommended_is_the_engines(step)["draws"] == "P2"
    deal = {"hands": [["steal"], ["leaf"], ["sweet"]], "discard": ["salty"]}
    game = load_game("chonker-party", None, 3, "recommended", STEAL_DRAW_DECK)
    start = game.new_initial_state(deal=deal)
    ruled = _under({"cp.steal_stealer_draws": "stealer_too"}, 3, STEAL_DRAW_DECK, deal, ("play", "steal"),
                   **start._asdict())
    g = ruled[0]
    state = g.apply(g.apply(ruled[1], ("play", "steal")).state, ("steal_from", 1)).state
    snatch = ("stolen", "leaf")
    out = _recommended_is_the_engines((g, state, snatch, bridge.situation_in(g, state, snatch)[0]))
    assert (out["next.who"], out["draws"], out["next.source"]) == ("P2", "P2,P1", "draw-deck")


def test_a_steal_with_both_decks_empty_is_an_ambiguity_the_engine_asks() -> None:
    """2 players: P1 plays two See a Card, drawing both cards of the discard deck (the draw deck is
    empty from the deal), then a Leaf; P2 plays a Steal with both decks empty. 'If the discard deck
    is empty, the action card that tells you to draw, will have no effect' (cp.empty-draw.2): the
    Steal makes the player stolen from draw, and the book counts it among the cards that entail you
    to draw. Not read as such a card, it snatches as usual; read as one, it does nothing and the round
    comes back to the Master. The engine asks cp.steal_nothing_to_draw there."""
    step = _step(2, "see=2,steal=1,leaf=2,sweet=1,hand=2",
                 {"hands": [["see", "see"], ["steal", "leaf"]], "discard": ["leaf", "sweet"]},
                 (("play", "see"), ("name_type", "sweet"), ("show", "leaf"), ("draw", "leaf"), ("play", "see"),
                  ("name_type", "sweet"), ("show", "leaf"), ("draw", "sweet"), ("play", "leaf")), ("play", "steal"))
    a, b = _read(step[3], "cp.read.tells_you_to_draw", "steal-too")
    assert (a["next.who"], a["next.does"], a["may.P1"]) == ("P2", "steal-from", "yes")
    assert (b["next.who"], b["next.does"], b["draws"]) == ("P1", "continue", "-")
    assert _asked(step, "cp.steal_nothing_to_draw") == {"snatch", "no_effect"}
    assert _on_its_question(step, "cp.steal_nothing_to_draw") == "open"
    assert _recommended_is_the_engines(step) == b


def test_whether_see_a_card_may_name_an_action_card_is_an_ambiguity() -> None:
    """'Make everyone show you a card type (e.g. everyone shows a sweet) of your choice' (cp.see.1):
    the book's "Card Types" are the points, chonks, spoiled and fillers, and the "Action Cards" a
    section apart. Read as any kind, the asker may name a War; read as those Card Types, he may not.
    cp.named_types decides it (for the Force too, whose text says "a card ... of your choice")."""
    step = _step(2, FULL, {"hands": [["see", "leaf", "stick", "brick", "stone", "salty"],
                                     ["sweet", "stick", "brick", "stone", "salty", "leaf"]],
                           "discard": ["stick", "brick", "stone", "salty", "sweet", "leaf"]},
                 (), ("play", "see"))
    a, b = _read(step[3], "cp.read.card_type", "card-types")
    assert a["next.does"] == b["next.does"] == "name-see"
    assert (a["may.war"], a["may.sweet"], b["may.war"], b["may.sweet"]) == ("yes", "yes", "no", "yes")
    assert _asked(step, "cp.named_types") == {"any_kind", "non_action"}
    assert _on_its_question(step, "cp.named_types") == "open"
    assert _recommended_is_the_engines(step) == a


# --------------------------------------------------------------------------- options taken together
# Each option's constraint meets the others' in long full-deck games under random rulesets
# (scripts/cross_check_rulesets.py): there the clauses and a ruleset's options must still decide
# every step, and as the engine does.

def _ruled_game(choices: dict[str, str], players: int, deck: str = FULL) -> Any:
    """The game of ``players`` on ``deck`` under ``recommended`` with ``choices``."""
    rs = load_ruleset("chonker-party", {"game": "chonker-party", "name": "with", "base": "recommended",
                                        "choices": choices})
    return load_game("chonker-party", None, players, rs, deck)


def _under(choices: dict[str, str], players: int, deck: str, deal: dict[str, Any], action: tuple[Any, ...],
           **fields: Any) -> Step:
    """The step ``action`` from a state written down directly, under ``recommended`` with ``choices``."""
    game = _ruled_game(choices, players, deck)
    state = _state(game, deal, **fields)
    return game, state, action, bridge.situation_in(game, state, action)[0]


FULL_DEAL = {"hands": [["steal", "leaf", "stick", "brick", "stone", "salty"],
                       ["sweet", "stick", "brick", "stone", "salty", "leaf"],
                       ["sweet", "stick", "brick", "stone", "salty", "leaf"]],
             "discard": ["stick", "brick", "stone", "salty", "sweet", "leaf"]}


def test_stealing_from_oneself_as_ruled_is_the_engines_step() -> None:
    """cp.steal_from_self = include_self sets aside what cp.steal.1 says of the Steal's own player
    (other players only, by its default reading): P1 may steal from himself, and the card he takes
    from his own hand stays there."""
    choices = {"cp.steal_from_self": "include_self"}
    game = load_game("chonker-party", None, 3, "recommended", FULL)
    start = game.new_initial_state(deal=FULL_DEAL)
    step = _under(choices, 3, FULL, FULL_DEAL, ("play", "steal"), **start._asdict())
    out = _recommended_is_the_engines(step)
    assert (out["next.does"], out["may.P1"], out["may.P2"]) == ("steal-from", "yes", "yes")
    game = step[0]
    state = game.apply(game.apply(step[1], ("play", "steal")).state, ("steal_from", 0)).state
    stolen = (game, state, ("stolen", "leaf"), bridge.situation_in(game, state, ("stolen", "leaf"))[0])
    assert _recommended_is_the_engines(stolen)["card"] == "hand:P1"


def _nothing_left(choices: dict[str, str], war: bool = False, **fields: Any) -> Step:
    """2 players, the audit's Choose deck: P1, the Munchies Master, ends a round in which only a
    Choose was put down (no trump, no winner); the other cards are in the win piles."""
    base = dict(phase=PH_CONTINUE, actor=0, turn=0, master=0, mask=0, can_end=True, trump=-1, last=-1, war=war,
                hands=(_vec(NK), _vec(NK)), table=_vec(NT, choose=1), draw=_vec(NK), discard=_vec(NK),
                piles=(_vec(NT, leaf=4), _vec(NT, stick=4)))
    return _under(choices, 2, CHOOSE_DECK, CHOOSE_DEAL, ("end_round",), **{**base, **fields})


@pytest.mark.parametrize("option", ["game_over", "discard_becomes_draw"])
def test_a_discard_deck_filled_by_the_last_round_as_ruled_is_the_engines_step(option: str) -> None:
    """Every hand and the draw deck are empty, and the round's cards go to the discard deck
    (cp.no_trump_winner = discard_deck): cp.game_over_discard decides whether the discard deck,
    holding only them, becomes the draw deck (P1 draws the Choose) or the game is over."""
    step = _nothing_left({"cp.no_trump_winner": "discard_deck", "cp.game_over_discard": option})
    out = _recommended_is_the_engines(step)
    if option == "game_over":
        assert (out["next.does"], out["deck"]) == ("over", "stays")
    else:
        assert (out["deck"], out["draws"], out["next.who"]) == ("becomes-draw-deck", "P1", "P1")


def test_a_master_left_with_no_card_to_start_the_next_round_as_ruled_is_the_engines_step() -> None:
    """A War is on (nobody draws, cp.war.2) and P1, the Munchies Master, holding no card, ends a round
    nobody won: he collects it (cp.no_trump_winner = master) and would start the next one with no
    card, so the next player who holds one leads it (cp.empty_hand_turn = round_ends)."""
    step = _nothing_left({"cp.no_trump_winner": "master", "cp.empty_hand_turn": "round_ends"}, war=True,
                         hands=(_vec(NK), _vec(NK, leaf=1)), piles=(_vec(NT, leaf=3), _vec(NT, stick=4)),
                         draw=_vec(NK), discard=_vec(NK))
    out = _recommended_is_the_engines(step)
    assert (out["table"], out["master"], out["next.who"], out["next.does"]) == ("win:P1", "P2", "P2", "play")


def test_drawing_up_in_order_from_a_short_deck_as_ruled_is_the_engines_step() -> None:
    """3 players, every hand empty and 2 cards left for 6 each: cp.refill_shortage = in_order replaces
    'share them evenly' (cp.after-round.2): the winner P1 draws both, though the shares are then 2, 0
    and 0."""
    deal = {"hands": [["leaf", "stick"], ["leaf", "stick"], ["stick", "stick"]], "discard": ["leaf", "stick"]}
    step = _under({"cp.refill_shortage": "in_order"}, 3, "leaf=4,stick=6,hand=2", deal, ("end_round",),
                  phase=PH_CONTINUE, actor=0, turn=0, master=0, mask=0, can_end=True, trump=STICK, last=0,
                  hands=(_vec(NK), _vec(NK), _vec(NK)), table=_vec(NT, stick=3), draw=_vec(NK, leaf=2),
                  discard=_vec(NK), piles=(_vec(NT, leaf=2, stick=1), _vec(NT, stick=2), _vec(NT)))
    assert _recommended_is_the_engines(step)["draws"] == "P1,P1"


@pytest.mark.parametrize("option", ["master_only", "another_circle"])
def test_a_force_of_the_master_continuing_as_ruled_is_the_engines_step(option: str) -> None:
    """The Munchies Master, continuing the round, names brick with a Force. cp.continue_who_plays =
    master_only sets aside what the Force does to the next player (cp.force.1, cp.force.4): nobody
    plays after him, and he decides again (holding no trump, he may only end the round)."""
    choices = {"cp.continue_who_plays": option, "cp.continue_after_action": "any_card"}
    game = _ruled_game(choices, 3)
    state, actions = a_master_continuing_with_a_force(game)
    for a in actions[:-1]:
        state = game.apply(state, a).state
    step = (game, state, actions[-1], bridge.situation_in(game, state, actions[-1])[0])
    out = _recommended_is_the_engines(step)
    if option == "master_only":
        assert (out["next.who"], out["next.does"], out["may.end"], out["may.brick"]) == ("P1", "continue", "yes", "no")
    else:
        assert (out["next.who"], out["next.does"]) == ("P2", "play")


@pytest.mark.parametrize("option", ["turn_ends", "play_another"])
def test_a_card_with_no_effect_as_ruled_is_the_engines_step(option: str) -> None:
    """P1 leads a Choose with both decks empty (no effect, cp.empty-draw.2) and still holds a Leaf;
    P2 holds a Stick. cp.no_effect_then = play_another sets aside "play continues clockwise"
    (cp.round.3): P1 plays on; under turn_ends P2 plays."""
    step = _under({"cp.no_effect_then": option}, 2, CHOOSE_DECK, CHOOSE_DEAL, ("play", "choose"),
                  phase=PH_PLAY, actor=0, turn=0, master=0, mask=ALL_BITS, hands=(_vec(NK, choose=1, leaf=1),
                                                                                  _vec(NK, stick=1)),
                  draw=_vec(NK), discard=_vec(NK), piles=(_vec(NT, leaf=3), _vec(NT, stick=3)))
    out = _recommended_is_the_engines(step)
    assert (out["next.who"], out["next.does"]) == (("P1", "play") if option == "play_another" else ("P2", "play"))


def _written(choices: dict[str, str], players: int, action: tuple[Any, ...], **fields: Any) -> Step:
    """The step ``action`` from a full-deck position written down directly (``fields`` replace those
    of a seeded deal), under ``recommended`` with ``choices``."""
    game = _ruled_game(choices, players)
    state = game.new_initial_state(seed=0)._replace(**fields)
    return game, state, action, bridge.situation_in(game, state, action)[0]


def _tied_ending(choices: dict[str, str], p2: tuple[int, ...]) -> Step:
    """P1, the Master, ends the round and the game: P1's win pile holds 2 sweet and 2 Chonk cards,
    P2's is ``p2``; every hand, the draw deck and the discard deck empty."""
    return _written(choices, 2, ("end_round",), phase=PH_CONTINUE, actor=0, turn=0, master=0, mask=0,
                    can_end=True, trump=STICK, last=0, war=False, hands=(_vec(NK), _vec(NK)),
                    table=_vec(NT, stick=1), draw=_vec(NK), discard=_vec(NK), piles=(_vec(NT, sweet=2, chonk=2), p2))


@pytest.mark.parametrize("option", ["counts_as_chonk", "counts_as_war"])
def test_the_tie_breaks_with_a_war_become_a_chonk_as_ruled_are_the_engines_step(option: str) -> None:
    """The game ends with P1 and P2 tied on points; P1 holds 2 Chonk cards, P2 one and a War become a
    Chonk, and more cards. Counted as a chonk (cp.war_chonk_scoring), the chonks tie too and the
    cards decide (cp.finishing.5): P2; counted as a War, the chonks decide (cp.finishing.4): P1. The
    option sets both tie-breaks aside, as the one decides whether the other is reached."""
    war_chonk = [0] * NT
    war_chonk[NT - 1] = 1
    p2 = tuple(a + b for a, b in zip(_vec(NT, sweet=2, chonk=1, stick=5), war_chonk, strict=True))
    step = _tied_ending({"cp.war_chonk_scoring": option}, p2)
    out = _recommended_is_the_engines(step)
    winner, result = ("P2", "cards-tiebreak") if option == "counts_as_chonk" else ("P1", "chonk-tiebreak")
    assert (out["next.does"], out[f"wins.{winner}"], out["result"]) == ("over", "yes", result)


@pytest.mark.parametrize("option", ["counts_as_chonk", "counts_as_war", "every_war"])
def test_the_tie_breaks_with_a_war_played_as_a_war_as_ruled_are_the_engines_step(option: str) -> None:
    """The game ends with P1 and P2 tied on points; P1 holds 2 Chonk cards, P2 one and a War card
    played as a War, and more cards. Only under every_war (the draw deck is empty at the end, and
    "War cards become Chonks if the draw deck is empty", cp.war.7) does the War count: the chonks
    tie and the cards decide (P2); under the other options the chonks decide (P1)."""
    p2 = _vec(NT, sweet=2, chonk=1, war=1, stick=5)
    step = _tied_ending({"cp.war_chonk_scoring": option}, p2)
    out = _recommended_is_the_engines(step)
    winner, result = ("P2", "cards-tiebreak") if option == "every_war" else ("P1", "chonk-tiebreak")
    assert (out["next.does"], out[f"wins.{winner}"], out["result"]) == ("over", "yes", result)


def test_a_war_played_as_a_war_in_a_tied_pile_is_a_reading_the_ruling_settles() -> None:
    """Under the text alone, the same ending reads two ways (cp.read.war_chonk_in_pile): a War played
    as a War counts as a Chonk under 'every-war' and not under the default reading, so the winner
    differs; the engine under ``raw`` asks cp.war_chonk_scoring there."""
    p2 = _vec(NT, sweet=2, chonk=1, war=1, stick=5)
    _, state, action, sit = _tied_ending({}, p2)
    default, _ = determinacy(SPEC, sit)
    every, _ = determinacy(SPEC, sit, readings={"cp.read.war_chonk_in_pile": "every-war"})
    assert default.kind == every.kind == "determined"
    assert dict(default.outcome)["wins.P1"] == "yes" and dict(every.outcome)["wins.P2"] == "yes"
    raw = load_game("chonker-party", None, 2, load_ruleset("chonker-party", "raw"))
    asked = raw.apply(state, action).state
    assert getattr(asked, "ruling", None) == "cp.war_chonk_scoring"


@pytest.mark.parametrize("option", ["keeps_war", "ends_war"])
def test_a_war_become_a_chonk_that_ends_the_round_as_ruled_is_the_engines_step(option: str) -> None:
    """A War is on; P2 puts down a War (a Chonk, another War during a War) and P3, next, holds no
    card, so the round ends (cp.empty_hand_turn = round_ends), won by P2. If that War ends the War
    (cp.war_chonk_ends_war = ends_war) the draws back up resume (cp.after-round.1): P2 draws first;
    if it keeps it, nobody draws (cp.war.2) and P2 leads the next round."""
    choices = {"cp.war_chonk_ends_war": option, "cp.war_chonk_effect": "chonk_only",
               "cp.empty_hand_turn": "round_ends"}
    step = _written(choices, 3, ("play", "war"), phase=PH_PLAY, actor=1, turn=1, master=0, mask=ALL_BITS,
                    trump=KIND_OF_NAME["chonk"], last=0, war=True, can_end=False,
                    hands=(_vec(NK, leaf=2), _vec(NK, war=1, sweet=1), _vec(NK)), table=_vec(NT, chonk=1),
                    draw=_vec(NK, sweet=2, stick=6), discard=_vec(NK), piles=(_vec(NT), _vec(NT), _vec(NT)))
    out = _recommended_is_the_engines(step)
    assert (out["round_ends"], out["table"], out["master"]) == ("yes", "win:P2", "P2")
    if option == "ends_war":
        assert (out["war"], out["next.who"], out["next.does"]) == ("off", "P2", "draw")
    else:
        assert (out["war"], out["next.who"], out["next.does"], out["draws"]) == ("on", "P2", "play", "-")


def test_a_skip_the_master_continues_with_alone_as_ruled_is_the_engines_step() -> None:
    """4 players; P1, the Munchies Master, keeps the round going with a Skip (cp.continue_with_action
    lets him) and only he plays while he continues (cp.continue_who_plays = master_only): the Skip
    acts on nobody and he decides again, holding only Sweets under a Salty trump: he may only end
    the round."""
    choices = {"cp.continue_who_plays": "master_only", "cp.continue_with_action": "draw_action_always"}
    step = _written(choices, 4, ("continue_round", "skip"), phase=PH_CONTINUE, actor=0, turn=0, master=0,
                    mask=ALL_BITS, trump=KIND_OF_NAME["salty"], last=2, war=False, can_end=True,
                    hands=(_vec(NK, sweet=3, skip=1), _vec(NK, leaf=2), _vec(NK, stick=2), _vec(NK, stone=2)),
                    table=_vec(NT, salty=2), draw=_vec(NK, leaf=2), discard=_vec(NK),
                    piles=(_vec(NT), _vec(NT), _vec(NT), _vec(NT)))
    out = _recommended_is_the_engines(step)
    assert (out["next.who"], out["next.does"], out["may.end"], out["may.sweet"]) == ("P1", "continue", "yes", "no")


@pytest.mark.parametrize("option", ["master", "discard_deck"])
def test_a_master_whose_card_with_no_effect_ends_the_round_as_ruled_is_the_engines_step(option: str) -> None:
    """3 players, both decks empty: P1, the Munchies Master, leads a See a Card, his last card, with
    no effect (cp.no_effect_then = turn_ends); P2 holds no card, so the round ends
    (cp.empty_hand_turn = round_ends), nobody won it (cp.no_trump_winner), and P1 would start the
    next one with no card: P3, the next player who holds one, leads it."""
    choices = {"cp.no_effect_then": "turn_ends", "cp.empty_hand_turn": "round_ends", "cp.no_trump_winner": option}
    step = _written(choices, 3, ("play", "see"), phase=PH_PLAY, actor=0, turn=0, master=0, mask=ALL_BITS,
                    trump=-1, last=-1, war=False, can_end=False,
                    hands=(_vec(NK, see=1), _vec(NK), _vec(NK, leaf=1)), table=_vec(NT), draw=_vec(NK),
                    discard=_vec(NK), piles=(_vec(NT), _vec(NT), _vec(NT)))
    out = _recommended_is_the_engines(step)
    table = "win:P1" if option == "master" else "discard-deck"
    assert (out["table"], out["master"], out["next.who"], out["next.does"]) == (table, "P3", "P3", "play")


OWED_PATHS = {
    "at_once": (("play", "leaf"), ("call_war", 2), ("draw", "sweet"), ("play", "leaf"), ("play", "sweet")),
    "on_their_turn": (("play", "leaf"), ("call_war", 2), ("play", "leaf"), ("draw", "sweet"), ("play", "sweet")),
}
"""P1 leads a Leaf; P3 calls out a War before P2's turn; P2 plays; P3 plays the Sweet he drew: at once
after the call, or as his turn begins (cp.war_draw_when)."""


def _owed_game(option: str) -> tuple[Any, Any]:
    game = _ruled_game({"cp.war_draw_when": option}, 3)
    state, _ = a_war_call_before(game, False)
    return game, state._replace(draw=_vec(NK, sweet=2))


@pytest.mark.parametrize("option", ["at_once", "on_their_turn"])
def test_a_war_called_out_of_turn_draws_as_ruled_and_every_step_is_the_texts(option: str) -> None:
    """cp.war.4, "must draw a new card from the deck and play another card if/when it is their turn",
    under ruling cp.war_draw_when: at every step of the path the clauses with the option decide the
    step, as the engine does; under on_their_turn the card is owed (the situation's ``owed``) and
    drawn as P3's turn begins, and the turn resumes after it."""
    game, state = _owed_game(option)
    for action in OWED_PATHS[option]:
        sit = bridge.situation_in(game, state, action)[0]
        out = _recommended_is_the_engines((game, state, action, sit))
        if action == ("call_war", 2):
            assert (out["next.who"], out["next.does"]) == (("P3", "draw") if option == "at_once" else ("P2", "play"))
        if option == "on_their_turn" and action == ("play", "leaf") and sit.owed:
            # P2's card passes the turn to P3, who owes a card: he draws it first
            assert sit.owed == (2,) and (out["next.who"], out["next.does"], out["next.then"]) == (
                "P3", "draw", "their-turn")
        state = game.apply(state, action).state
    assert not state.owed and state.hands[2][KIND_OF_NAME["sweet"]] == 0  # the Sweet he drew is played


def test_when_a_war_called_out_of_turn_draws_is_open_in_the_text_and_the_engine_asks() -> None:
    """Under ``raw`` the engine asks cp.war_draw_when at the call, and the text allows both answers
    (cp.read.war_draw_when): a gap the ruling settles, not a silent decision."""
    game, state = _owed_game("at_once")
    state = game.apply(state, OWED_PATHS["at_once"][0]).state
    action = ("call_war", 2)
    step = (game, state, action, bridge.situation_in(game, state, action)[0])
    assert _asked(step, "cp.war_draw_when") == {"at_once", "on_their_turn"}
    assert _on_its_question(step, "cp.war_draw_when") == "open"


F6 = ["stick", "brick", "stone", "leaf", "salty", "sweet"]


def _owing(choices: dict[str, str], players: int, before: tuple[tuple[Any, ...], ...], action: tuple[Any, ...],
           **fields: Any) -> Step:
    """The step ``action`` after ``before`` from a position written down directly, under
    ``recommended`` with cp.war_draw_when = on_their_turn and ``choices``."""
    game = _ruled_game({"cp.war_draw_when": "on_their_turn", **choices}, players)
    state = _state(game, {"hands": [F6] * players, "discard": F6}, **fields)
    for a in before:
        state = game.apply(state, a).state
    return game, state, action, bridge.situation_in(game, state, action)[0]


@pytest.mark.parametrize("case", ["a-skips-discard", "the-round-no-one-wins"])
def test_a_card_owed_is_drawn_from_cards_the_step_puts_in_the_discard_deck(case: str) -> None:
    """Both decks empty, a player owes a War's new card, and the step that passes the turn to him
    puts cards in the discard deck: a Skip's victim discards there (cp.skip_discard_to =
    discard_deck), or the round's cards go there when nobody wins them (cp.no_trump_winner =
    discard_deck). He draws from it as his turn begins (cp.empty-draw.1), by the text with the
    options as by the engine."""
    if case == "a-skips-discard":
        step = _owing({}, 4, (("play", "skip"),), ("discard", "leaf"),
                      hands=(_vec(NK, skip=1, stick=1), _vec(NK, leaf=1, stick=1), _vec(NK, stone=1),
                             _vec(NK, brick=1)),
                      draw=_vec(NK), discard=_vec(NK), table=_vec(NT, leaf=1, war=1), trump=KIND_OF_NAME["leaf"],
                      last=3, master=3, turn=0, actor=0, phase=PH_PLAY, mask=ALL_BITS, war=True, owed=(2,))
    else:
        step = _owing({"cp.no_trump_winner": "discard_deck"}, 3, (), ("end_round",),
                      hands=(_vec(NK, stick=1), _vec(NK, leaf=1), _vec(NK, stone=1)), draw=_vec(NK), discard=_vec(NK),
                      table=_vec(NT, see=1, war=1), trump=-1, last=-1, master=0, turn=0, actor=0,
                      phase=PH_CONTINUE, mask=0, can_end=True, war=True, owed=(0,))
    out = _recommended_is_the_engines(step)
    assert (out["next.does"], out["next.source"], out["next.then"]) == ("draw", "discard-deck", "their-turn")
