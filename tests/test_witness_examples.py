"""A witness of an open ruling point shows why the question matters, and the example the errata
print from it tells what the answer changes: the shortest trace to a state where the ruling
point's options lead to different states, and, where the step itself reads the same under every
option, what can happen next under the chosen one and no longer (or now) can."""

from __future__ import annotations

from collections.abc import Hashable
from functools import cache

import pytest

from rulecheck.check.detectors import find_rulings_open, telling_nodes
from rulecheck.check.explore import Config, ExploreResult, explore
from rulecheck.core.game import Game, Pending, action_from_json, options_differ
from rulecheck.docs.situation import situation_from_witness, tell
from rulecheck.engine import play
from rulecheck.findings import Finding, Witness, merge
from rulecheck.games import load_game
from rulecheck.games.chomp.state import LAST_TWO, TURN
from rulecheck.story import story_for

SKIP_DECK = Config("chonker-party", "standard", 4, "leaf=8,sweet=1,skip=1,hand=2", "raw")


@cache
def _searched() -> ExploreResult:
    return explore(SKIP_DECK.load(), config=SKIP_DECK)


@cache
def _finding(rid: str) -> Finding:
    return next(f for f in find_rulings_open(_searched()) if f.ruling == rid)


def _problem_state(f: Finding) -> Pending:
    assert f.witness is not None
    game = SKIP_DECK.load()
    state = game.root_state()
    for a in f.witness.actions:
        state = game.apply(state, action_from_json(a)).state
    assert type(state) is Pending
    return state


def _told(rid: str, option: str) -> tuple[str, ...]:
    """The example of ``rid``'s finding as the errata tell it under ``option``: what happens."""
    f = _finding(rid)
    assert f.witness is not None
    s = situation_from_witness(f.witness, f.ruling, option)
    return tell(s, story_for(s.game, "en")).event


def test_the_witness_of_an_open_ruling_point_is_one_where_its_options_differ() -> None:
    res = _searched()
    rid = "cp.next_player_empty_handed"
    first = res.states[res.pending_first[rid]]
    # the first state where the engine asks it: a Skip when nobody else holds a card, every answer
    # plays the same there ...
    assert not options_differ(res.game, first)
    # ... so the witness is the shortest trace to one where the answer matters
    assert rid in telling_nodes(res) and telling_nodes(res)[rid].node > res.pending_first[rid]
    f = _finding(rid)
    assert f.data["options_differ"] is True
    assert options_differ(res.game, _problem_state(f))
    assert "where its options lead to different states" in f.detail


def _merging_keeps_it_before_a_shorter_one_without(rid: str, flag: str) -> None:
    """Merged with the same finding whose witness is one step shorter but lacks ``flag``, in either
    order, the finding keeps its own witness, detail and ``flag``."""
    f = _finding(rid)
    assert f.witness is not None and f.data[flag] is True
    short = Witness(f.witness.config, f.witness.actions[:-1], len(f.witness.actions) - 2)
    other = Finding(f.id, f.game, f.kind, f.severity, f.title, "other", f.clauses, f.ruling, f.configs, short,
                    data={**f.data, flag: False})
    for a, b in ((other, f), (f, other)):
        merged = merge(a, b)
        assert merged.witness == f.witness and merged.data[flag] is True and merged.detail == f.detail


def test_merging_keeps_a_witness_where_the_options_differ_before_a_shorter_one() -> None:
    _merging_keeps_it_before_a_shorter_one_without("cp.next_player_empty_handed", "options_differ")


@pytest.mark.parametrize(("option", "said"), [
    ("next_with_a_card", "No longer possible: Player 3, the Munchies Master, ends the round."),
    ("next_seat", "Now possible: Player 3, the Munchies Master, ends the round."),
])
def test_the_example_tells_what_the_answer_changes_next(option: str, said: str) -> None:
    # the Skip is told the same under both answers; what differs is whether the Master, the only
    # one left with a card, must keep the round going (the Skip acts at the round's end)
    told = _told("cp.next_player_empty_handed", option)
    assert told[0] == "Player 3 plays a Skip."
    assert told[-1] == said


@pytest.mark.parametrize(("option", "said"), [
    ("random", ", picked at random from their hand, onto the discard deck."),
    ("victim_chooses", " onto the discard deck."),
])
def test_a_skipped_players_discard_is_told_as_it_was_picked(option: str, said: str) -> None:
    told = " ".join(_told("cp.skip_discard_choice", option))
    assert "is skipped and discards" in told and said in told
    assert (", picked at random" in told) == (option == "random")


AGREEING_DECK = Config("chonker-party", "standard", 2, "sweet=1,leaf=1,spoiled=1,choose=1,force=1,hand=1", "raw")


def test_the_witness_agrees_with_the_other_errata_where_a_trace_can() -> None:
    """Who wins a round with no trump or chonk (cp.no_trump_winner): the shortest trace to a state
    where its options differ has the Chooser play no card after a Choose (cp.choose_play_optional =
    may_stop), which the errata rule out (must_play); the witness is the shortest trace that answers
    every ruling point on the way as recommended, so the example agrees with the other errata."""
    res = explore(AGREEING_DECK.load(), config=AGREEING_DECK)
    game, rid = res.game, "cp.no_trump_winner"
    first_differing = next(j for j in range(res.pending_first[rid], res.distinct)
                           if type(s := res.states[j]) is Pending and s.ruling == rid and options_differ(game, s))
    off = [a for a in res.trace_to(first_differing) if a[0] == "ruling"
           and a[2] != game.ruling_points[a[1]].recommended]
    assert off, "the shortest such trace answers another question otherwise than its erratum"
    f = next(f for f in find_rulings_open(res) if f.ruling == rid)
    assert f.witness is not None and f.data["options_differ"] is True and f.data["on_recommended"] is True
    actions = [action_from_json(a) for a in f.witness.actions]
    assert all(a[2] == game.ruling_points[a[1]].recommended for a in actions if a[0] == "ruling")
    assert len(actions) > len(res.trace_to(first_differing))
    state = game.root_state()
    for a in actions:
        state = game.apply(state, a).state
    assert type(state) is Pending and state.ruling == rid and options_differ(game, state)
    assert "every question on the way is answered as its erratum answers it" in f.detail


def test_merging_keeps_a_witness_that_agrees_with_the_errata_before_a_shorter_one() -> None:
    _merging_keeps_it_before_a_shorter_one_without("cp.skip_discard_to", "on_recommended")


def test_an_english_example_offers_only_the_english_editions_two_player_game() -> None:
    """en.ending.3: the last two 'can switch to one of the 2-player games', and the English edition
    prints one, Underwater War; the model (both editions) offers Chomp rápido and Doble Chomp too,
    so what can happen next is told per edition."""
    game = load_game("chomp", "standard", 3)
    at = next(s for seed in range(40) for s in _states(game, seed) if s.phase == TURN and s.step == LAST_TWO)
    english, spanish = story_for(game, "en").next_steps(at), story_for(game, "es").next_steps(at)
    assert "Underwater War" in english and "rápido" not in english and "Doble" not in english
    assert "Chomp rápido" in spanish and "Doble Chomp" in spanish and "Guerra submarina" in spanish


def _states(game: Game, seed: int) -> list[Hashable]:
    trace = play(game, seed=seed, max_steps=3000)
    states = [game.root_state()]
    for a in trace.actions:
        states.append(game.apply(states[-1], a).state)
    return states
