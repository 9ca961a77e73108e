"""scripts/cross_check_rulesets.py on the games where it found the engine, the exact encoding and the
specification disagreeing under a random ruleset: each step of each game is checked against both
again (a full-deck game under many options at once reaches what the default plan's checks do not)."""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _script() -> Any:
    spec = importlib.util.spec_from_file_location("cross_check_rulesets", ROOT / "scripts" / "cross_check_rulesets.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["cross_check_rulesets"] = module
    spec.loader.exec_module(module)
    return module


@pytest.mark.slow
@pytest.mark.parametrize(("players", "seed", "steps"), [
    (2, 5, 60),  # a stealer left with no card: the encoding passed the turn without asking cp.empty_hand_turn
    (3, 2, 160),  # drawing up in order from a short deck (cp.refill_shortage = in_order)
    (4, 0, 200),  # the round's cards make the discard deck that becomes the draw deck (cp.game_over_discard)
    (4, 3, 160),  # a victim's draw with the draw deck empty, then a stealer with no card
    (2, 3, 180),  # a See with no effect, and its player plays another (cp.no_effect_then) while the next holds none
    (2, 7, 150),  # a card stolen from one's own hand; the four Spoiled collected in an earlier round
    (2, 32, 160),  # the game's end under at_game_end with cp.game_over_discard = game_over
    (2, 38, 210),  # a Steal with no effect whose round a ruling may end (cp.no_trump_winner applies)
    (3, 6, 60),  # a Force of the Master continuing alone (cp.continue_who_plays = master_only)
    (4, 8, 125),  # a War become a Chonk by the Master continuing alone
    (4, 9, 30),  # a Skip of the Master continuing alone
    (3, 17, 25),  # ... and a War become a Chonk that draws (cp.war_chonk_effect = chonk_and_draw)
    (2, 10, 175),  # ... and a See with no effect after which he plays on (cp.no_effect_then = play_another)
    (3, 32, 160),  # a Choose with no effect as its player's last card: another card to play, and none
    (2, 19, 40),  # a Steal with nobody to steal from as its player's last card: a round a ruling may end
    (3, 37, 85),  # a War ends with the game, won by the four Spoiled: the encoding kept it on
    (3, 49, 157),  # the four Spoiled win at once before the discard deck could become the draw deck
    (4, 20, 150),  # the Master's continuation card ends the round, the next player holding none
    (3, 42, 165),  # a See with no effect ends the round; its Master, with no card, does not start the next
    (3, 78, 125),  # a War become a Chonk ends the War (cp.war_chonk_ends_war = ends_war): the draws resume
    (4, 86, 170),  # a War become a Chonk counted as a War: the chonks' tie-break decides, not the cards'
    (4, 92, 125),  # a Skip the Master continues alone with acts on nobody: he decides again
    (4, 116, 170),  # a skipped player's last card put on the table as the round ends (cp.skip_discard_to)
])
def test_random_ruleset_games_agree_step_by_step(players: int, seed: int, steps: int) -> None:
    # (the ruling points added since take their recommended options: each game stays the one pinned)
    checked, problems = _script().play(players, seed, steps, 1, vary_later=False)
    assert problems == [] and checked > 0


@pytest.mark.slow
def test_a_stealer_who_draws_too_as_the_draw_deck_runs_out() -> None:
    """cp.steal_stealer_draws = stealer_too in a full-deck game: the player stolen from takes the
    draw deck's last card, and the stealer draws from the discard deck (step 143)."""
    script = _script()
    assert script.random_ruleset(random.Random(2247), "random-2p-247").choices[
        "cp.steal_stealer_draws"] == "stealer_too"
    checked, problems = script.play(2, 247, 165, 1)
    assert problems == [] and checked == 165


@pytest.mark.parametrize(("variant", "players", "seed"), [
    ("standard", 3, 0),  # the switch to Doble Chomp; its replay turning one card of two (chomp.doble_replay_cards)
    ("standard", 3, 5),  # a player short of cards at a Doble Chomp replay loses (chomp.doble_short = loses_game)
    ("standard", 4, 1),  # a Feeding Frenzy in a Doble Chomp replay gives the winner's own cards back
    ("standard", 4, 10),  # a Feeding Frenzy in a tie replay: the winner takes all (not chomp.tie_replay_winnings)
    ("doble-chomp", 2, 0),  # both of a Doble Chomp player's cards must chomp, in a tie replay (chomp.doble_which_card)
    ("doble-chomp", 2, 2),  # the winner's own card of an Ink Out replay goes with the cards he wins
    ("doble-chomp", 2, 6),  # ... under its pile (chomp.two_player_won_cards = bottom_of_pile)
    ("doble-chomp", 2, 10),  # an Octopus ignored in an Ink Out replay (chomp.octopus_in_replay)
    ("doble-chomp", 2, 8),  # a Bad Chomper's card in a Doble Chomp replay: chomp.bad_chomp_both_cards, now asked
    ("doble-chomp", 2, 14),  # the one player left (the other washed up in a replay) collects all the cards
    ("standard", 4, 0),  # the winner's own card in a tie replay, though he made a Bad Chomp
    ("standard", 4, 14),  # a lower card not the lowest, in an Ink Out replay whose Octopus is ignored
    ("standard", 5, 8),  # a card a player washed up in the replay would reclaim goes to the centre
    ("doble-chomp", 2, 19),  # ... and a Bad Chomper's card is that ruling's, not chomp.doble_replay_winnings'
    ("standard", 3, 13),  # replays ending in a tie or an Ink Out: the earlier cards to the centre
    ("standard", 3, 9),  # ... or back to their owners (chomp.chained_replay_cards = owners_reclaim)
    ("standard", 5, 27),  # ten chained replays, the tie rounds' cards kept apart (tie_replay_winnings)
    ("standard", 5, 3),  # a Feeding Frenzy in a tie replay gives a washed-up player's set-aside card to the centre
])
def test_random_ruleset_chomp_games_agree_step_by_step(variant: str, players: int, seed: int) -> None:
    checked, problems = _script().play_chomp(variant, players, seed, 400)
    assert problems == [] and checked > 0
