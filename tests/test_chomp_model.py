"""Chomp! model: the books' worked examples, cards, decks, deals, chance nodes, bad input."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from chomp_helpers import deal_with_tops

from rulecheck.core.errors import (
    IllegalActionError,
    InvalidConfigError,
    InvalidDealError,
    InvalidStateError,
    RulesetError,
    TooManyOutcomesError,
    UnknownRulingError,
    UnknownVariantError,
)
from rulecheck.core.game import CHANCE, RACE
from rulecheck.games import load_game
from rulecheck.games.chomp import DECKS, PLAYERS, VARIANTS
from rulecheck.games.chomp.cards import (
    BIG_FISH,
    EEL,
    OCTOPUS,
    PLANKTON,
    SEAL,
    SHARK,
    SHRIMP,
    can_chomp,
    count_sequences,
    deck_counts,
)
from rulecheck.games.chomp.state import RACE as PHASE_RACE


def _example_game(ruleset: str = "recommended"):
    game = load_game("chomp", "standard", 4, ruleset, "full")
    deal = deal_with_tops(game, [["seal"], ["shark"], ["bigfish"], ["bigfish"]])
    state = game.new_initial_state(deal=deal)
    state = game.apply(state, ("turn_over",)).state
    return game, state


# --------------------------------------------------------------------------- the books' examples

def test_example_only_seal_and_shark_can_chomp() -> None:
    """en.example.1-3: Seal, Shark, Big Fish, Big Fish: only the Seal and Shark players can chomp;
    slapping either Big Fish wins."""
    game, s = _example_game()
    assert s.phase == PHASE_RACE and game.current_player(s) == RACE
    acts = game.legal_actions(s)
    valid = [a for a in acts if a[0] == "slap" and "Bad Chomp" not in game.describe_action(s, a)]
    assert valid == [("slap", 0, 2, BIG_FISH), ("slap", 1, 2, BIG_FISH)]
    assert ("tie", 0, 1) in acts
    assert game.describe_action(s, valid[0]) == "Player 1 slaps Player 3's Big Fish and shouts Chomp!"


def test_example_shark_chomps_first_takes_all() -> None:
    """en.outcomes.1: the Shark player chomps first and takes all the cards."""
    game, s = _example_game()
    step = game.apply(s, ("slap", 1, 2, BIG_FISH))
    after = step.state
    assert sorted(after.discards[1]) == sorted((SEAL, SHARK, BIG_FISH, BIG_FISH))
    assert after.discards[0] == after.discards[2] == after.discards[3] == ()
    assert "en.gameplay.3" in step.provenance.clauses
    assert not game.invariants(after)


def test_example_seal_chomps_first_takes_big_fish_and_own() -> None:
    """en.outcomes.2-3: the Seal player takes both Big Fish and her own card; the Shark goes to
    its owner's discard pile."""
    game, s = _example_game()
    after = game.apply(s, ("slap", 0, 3, BIG_FISH) if ("slap", 0, 3, BIG_FISH) in game.legal_actions(s)
                       else ("slap", 0, 2, BIG_FISH)).state
    assert after.discards[0] == (BIG_FISH, BIG_FISH, SEAL)
    assert after.discards[1] == (SHARK,)
    assert not game.invariants(after)


def test_example_under_raw_asks_the_ruling_it_needs() -> None:
    """Under raw the example reaches chomp.lower_not_lowest (the Shark player could slap the Seal)."""
    game = load_game("chomp", "standard", 4, "raw", "full")
    deal = deal_with_tops(game, [["seal"], ["shark"], ["bigfish"], ["bigfish"]])
    s = game.apply(game.root_state(), game.deal_action(deal)).state
    assert game.current_player(s) == -6 and s.ruling == "chomp.player_count"
    s = game.apply(s, ("ruling", "chomp.player_count", "three_or_more")).state
    step = game.apply(s, ("turn_over",))
    assert step.provenance.gap == "chomp.lower_not_lowest"
    assert game.legal_actions(step.state)[0][:2] == ("ruling", "chomp.lower_not_lowest")


# --------------------------------------------------------------------------- cards and decks

def test_food_chain() -> None:
    assert can_chomp(SHARK, SEAL) and can_chomp(SHRIMP, PLANKTON)
    assert not can_chomp(SHARK, SHARK) and not can_chomp(SEAL, SHARK)
    assert not can_chomp(SHARK, EEL) and not can_chomp(SHARK, OCTOPUS)
    assert not can_chomp(EEL, PLANKTON) and not can_chomp(PLANKTON, PLANKTON)


def test_decks() -> None:
    assert sum(DECKS["full"]) == 50
    assert deck_counts("full") == (5, 8, 11, 10, 5, 4, 3, 4)
    assert deck_counts("shark=1,seal=1,bigfish=2,littlefish=2,shrimp=1,plankton=1,eel=1,octopus=1") == DECKS["mini"]
    for bad in ("huge", "shark=x", "whale=1", "shark=1,shark=2", "shark=0"):
        with pytest.raises(InvalidConfigError):
            deck_counts(bad)


def test_config_errors() -> None:
    with pytest.raises(UnknownVariantError, match="variants: standard"):
        load_game("chomp", "solitaire")
    with pytest.raises(InvalidConfigError, match="2 players"):
        load_game("chomp", "underwater-war", 3)
    with pytest.raises(InvalidConfigError, match="too few"):
        load_game("chomp", "standard", 10, "recommended", "tiny")
    with pytest.raises(InvalidConfigError, match="three_to_six"):
        load_game("chomp", "standard", 7, {"choices": {"chomp.player_count": "three_to_six"}})
    assert set(PLAYERS) == set(VARIANTS)


def test_ruleset_errors() -> None:
    with pytest.raises(UnknownRulingError, match=r"chomp\.nope"):
        load_game("chomp", "standard", 3, {"choices": {"chomp.nope": "x"}})
    with pytest.raises(RulesetError, match="no option"):
        load_game("chomp", "standard", 3, {"choices": {"chomp.count_tie": "arm_wrestle"}})


# --------------------------------------------------------------------------- deals and chance

def test_small_deal_outcomes_are_exact() -> None:
    game = load_game("chomp", "underwater-war", 2, "recommended", "shark=1,seal=1,bigfish=2,plankton=1")
    outcomes = game.chance_outcomes(game.root_state())
    assert len(outcomes) == count_sequences((1, 0, 0, 2, 1, 1, 0, 0), 4) == 60
    assert sum(p for _, p in outcomes) == 1
    assert len({a for a, _ in outcomes}) == len(outcomes)
    assert all(game.is_legal(game.root_state(), a) for a, _ in outcomes[:5])


def test_big_deal_raises_with_count_and_sample() -> None:
    game = load_game("chomp", "standard", 4)
    with pytest.raises(TooManyOutcomesError, match=r"distinct outcomes.*Shuffle and deal"):
        game.chance_outcomes(game.root_state())


def test_shuffle_outcomes_are_exact() -> None:
    import random

    from rulecheck.engine import random_policy

    game = load_game("chomp", "standard", 3, "recommended", "mini")
    rng = random.Random(3)
    found = 0
    for seed in range(40):
        rng.seed(seed)
        s = game.root_state()
        while not game.is_terminal(s) and found < 5:
            if game.is_chance_node(s) and s.phase != 0:
                outs = game.chance_outcomes(s)
                assert sum(p for _, p in outs) == Fraction(1)
                found += 1
            s = game.apply(s, random_policy(game, s, rng)).state
    assert found


def test_chance_actions_are_the_legal_actions_one_at_a_time() -> None:
    """A search's lazy enumeration (no probabilities, no bound) gives the chance outcomes of
    ``chance_outcomes`` in the same order, at deals and at shuffles: the witnesses' action
    indices mean the same either way."""
    import random

    from rulecheck.engine import random_policy

    for variant, players, deck in (("underwater-war", 2, "shark=1,seal=1,bigfish=2,plankton=1,octopus=1"),
                                   ("standard", 3, "shark=1,littlefish=1,plankton=1,octopus=3"),
                                   ("doble-chomp", 2, "shark=1,seal=1,plankton=1,eel=1,octopus=1")):
        game = load_game("chomp", variant, players, "recommended", deck)
        rng = random.Random(5)
        checked = 0
        for seed in range(30):
            rng.seed(seed)
            s = game.root_state()
            for _ in range(300):
                if game.is_terminal(s):
                    break
                if game.is_chance_node(s):
                    lazy = list(game.chance_actions(s))
                    assert lazy == [a for a, _ in game.chance_outcomes(s)] == list(game.legal_actions(s))
                    assert list(game.expand_actions(s)) == lazy
                    checked += 1
                s = game.apply(s, random_policy(game, s, rng)).state
        assert checked > 30, (variant, checked)


def test_a_search_expands_a_deal_with_more_outcomes_than_the_bound() -> None:
    """A deal of 453,600 outcomes (over MAX_OUTCOMES: ``legal_actions`` refuses to list it) is
    expanded by the explorer one outcome at a time, and a path through it replays."""
    from rulecheck.check.explore import explore
    from rulecheck.engine import replay
    from rulecheck.games.chomp.game import MAX_OUTCOMES

    game = load_game("chomp", "underwater-war", 2, "recommended",
                     "shark=1,seal=2,plankton=2,octopus=2,littlefish=1,shrimp=1,bigfish=1")
    with pytest.raises(TooManyOutcomesError, match="453600 distinct outcomes"):
        game.legal_actions(game.root_state())
    res = explore(game, symmetry=False, max_states=460_000)
    assert not res.complete
    assert len(res.successors(0)) == 453_600 > MAX_OUTCOMES  # every deal, each its own state
    up = tuple(sorted(game.deck_cards))  # the deals come in lexicographic order
    down = up[::-1]
    assert res.trace_to(res.successors(0)[-1]) == [("deal", (down[:5], down[5:]), ())]  # the last one
    actions = res.trace_to(res.successors(1)[0])  # a turn after the first deal
    steps, _ = replay(game, actions)
    assert len(steps) == 2 and actions[0] == ("deal", (up[:5], up[5:]), ())


def test_deal_validation() -> None:
    game = load_game("chomp", "standard", 4)
    good = deal_with_tops(game, [[], [], [], []])
    assert game.deal_action(good)[0] == "deal"
    bad = [list(p) for p in good]
    bad[0][0] = "whale"
    with pytest.raises(InvalidDealError, match="unknown card 'whale'"):
        game.deal_action(bad)
    bad = [list(p) for p in good]
    bad[0][0] = "shark" if bad[0][0] != "shark" else "seal"
    bad[1][0] = "shark" if bad[1][0] != "shark" else "seal"
    bad[2][0] = "shark"
    bad[3][0] = "shark"
    bad[2][1] = "shark"
    with pytest.raises(InvalidDealError, match="too many shark"):
        game.deal_action(bad)
    with pytest.raises(InvalidDealError, match="4 piles"):
        game.deal_action(good[:3])
    short = [list(p) for p in good]
    short[0] = short[0][:-1]
    with pytest.raises(InvalidDealError, match="must have 12 cards"):
        game.deal_action(short)


def test_illegal_action_rejected() -> None:
    game, s = _example_game()
    with pytest.raises(IllegalActionError, match="slap race"):
        game.apply(s, ("slap", 2, 3, BIG_FISH, 9))
    with pytest.raises(IllegalActionError):
        game.apply(s, ("turn_over",))
    with pytest.raises(IllegalActionError):
        game.apply(game.root_state(), ("turn_over",))


def test_malformed_json_state_rejected() -> None:
    game, s = _example_game()
    data = game.state_to_json(s)
    for mutate, msg in (
        (lambda d: d.pop("phase"), "'phase' is missing"),
        (lambda d: d.__setitem__("mode", "poker"), "'mode'"),
        (lambda d: d["players"][0].__setitem__("pile", "shark"), "players\\[0\\].pile"),
        (lambda d: d["players"][1]["pile"].append("whale"), "unknown card"),
        (lambda d: d["players"][1]["pile"].append("shark"), "do not match deck"),
        (lambda d: d["players"][0].__setitem__("active", 1), "true or false"),
        (lambda d: d.__setitem__("players", []), "4 players"),
    ):
        bad = json.loads(json.dumps(data))
        mutate(bad)
        with pytest.raises(InvalidStateError, match=msg):
            game.state_from_json(bad)
    assert game.state_from_json(json.loads(json.dumps(data))) == s


def test_canonical_sorts_players() -> None:
    game, s = _example_game()
    c = game.canonical(s)
    assert game.canonical(c) == c
    perm = game.state_from_json(_permuted(game.state_to_json(s), [3, 2, 1, 0]))
    assert game.canonical(perm) == c
    assert len(game.legal_actions(perm)) == len(game.legal_actions(s))


def _permuted(data: dict, order: list[int]) -> dict:
    data = json.loads(json.dumps(data))
    data["players"] = [data["players"][p] for p in order]
    return data


def test_chance_actor_and_terminal() -> None:
    game = load_game("chomp", "chomp-rapido", 2)
    assert game.current_player(game.root_state()) == CHANCE
    assert game.declared_outcomes()["collected-all"]
    assert load_game("chomp").declared_outcomes()["count-two-left"]


# --------------------------------------------------------------------------- action cards and ties

def _start(tops: list[list[str]], choices: dict[str, str] | None = None):
    game = load_game("chomp", "standard", len(tops), {"choices": choices or {}})
    s = game.new_initial_state(deal=deal_with_tops(game, tops))
    return game, game.apply(s, ("turn_over",)).state


def test_ink_out_sets_aside_and_replay_winner_takes_them() -> None:
    """en.ink-out.2-5: nobody can chomp, the cards are set aside, everyone plays another card;
    the replay's winner gets all the Ink Out cards and the current cards she can chomp."""
    game, s = _start([["octopus", "shark"], ["seal", "plankton"], ["bigfish", "shrimp"], ["littlefish", "seal"]])
    acts = game.legal_actions(s)
    assert all("Bad Chomp" in game.describe_action(s, a) for a in acts if a[0] == "slap")
    assert not [a for a in acts if a[0] == "tie"]
    s = game.apply(s, ("nobody_slaps",)).state
    assert sorted(c for a in s.aside for c in a) == [2, 3, 4, 7]
    s = game.apply(s, ("turn_over",)).state
    step = game.apply(s, ("slap", 0, 1, PLANKTON))
    assert "en.ink-out.4" in step.provenance.clauses
    assert sorted(step.state.discards[0]) == [0, 1, 2, 3, 4, 4, 5, 7]
    assert not game.invariants(step.state)


def test_bad_chomp_in_ink_out() -> None:
    """en.bad-chomp.6, en.ink-out.6: slapping in an Ink Out is a Bad Chomp: a card goes face down."""
    game, s = _start([["octopus", "shark"], ["seal", "plankton"], ["bigfish", "shrimp"], ["littlefish", "seal"]])
    slap = next(a for a in game.legal_actions(s) if a[0] == "slap" and a[1] == 2)
    after = game.apply(s, slap).state
    assert after.centre == (SHRIMP,) and after.bad == 0b100
    assert "Octopus Ink Out" in game.describe_action(s, slap)


@pytest.mark.parametrize(("option", "valid"), [("frenzy_overrides", True), ("bad_chomp_applies", False)])
def test_feeding_frenzy_with_octopus(option: str, valid: bool) -> None:
    """en.octopus-vs-eel.1: the Eel prevails; en.feeding-frenzy.2-3: any card but your own, takes all."""
    game, s = _start([["eel"], ["shark"], ["plankton"], ["octopus"]], {"chomp.frenzy_vs_bad_chomp": option})
    slap = ("slap", 2, 1, SHARK)
    assert slap in game.legal_actions(s)
    after = game.apply(s, slap).state
    if valid:
        assert sorted(after.discards[2]) == [PLANKTON, SHARK, EEL, OCTOPUS]
    else:
        assert after.bad == 0b100 and after.phase == PHASE_RACE


@pytest.mark.parametrize(("option", "special"), [
    ("any_card", "any_card"), ("bad_chomp_applies", "any_card"),
    ("frenzy_overrides", "bad_chomp"), ("bad_chomp_applies", "bad_chomp"),
])
def test_feeding_frenzy_on_the_eel_and_an_octopus(option: str, special: str) -> None:
    """en.feeding-frenzy.2 against en.food-chain.3 (ruling chomp.frenzy_special_cards): a slap on
    another player's Eel or Octopus wins the Frenzy, or nobody can chomp one and it is a Bad
    Chomp; an Octopus on an Octopus is the same card (chomp.frenzy_vs_bad_chomp) only where
    such cards can be chomped."""
    option = "frenzy_overrides" if option == "any_card" else option
    game, s = _start([["eel"], ["shark"], ["plankton"], ["octopus"], ["octopus"]],
                     {"chomp.frenzy_vs_bad_chomp": option, "chomp.frenzy_special_cards": special})
    for slap in (("slap", 1, 0, EEL), ("slap", 2, 3, OCTOPUS)):
        after = game.apply(s, slap).state
        if special == "any_card":
            assert after.phase != PHASE_RACE and EEL in after.discards[slap[1]], slap
        else:
            assert after.bad == 1 << slap[1] and after.phase == PHASE_RACE, slap
            assert "Bad Chomp" in game.describe_action(s, slap)
    same = game.apply(s, ("slap", 4, 3, OCTOPUS)).state  # his Octopus on another Octopus
    ok = special == "any_card" and option == "frenzy_overrides"
    assert (same.phase != PHASE_RACE) == ok and (same.bad == 1 << 4) == (not ok)


@pytest.mark.parametrize(("option", "expected"), [
    ("all_tie_cards", [BIG_FISH, BIG_FISH, SEAL, SHARK, PLANKTON, SHRIMP]),
    ("chompable_only", [SHARK, PLANKTON, SHRIMP]),
])
def test_tie_replay_winnings(option: str, expected: list[int]) -> None:
    """en.tie.3-5 conflict: all the tie round's cards, or only those the winner can chomp."""
    game, s = _start([["seal", "plankton"], ["shark", "shrimp"], ["bigfish", "littlefish"], ["bigfish", "bigfish"]],
                     {"chomp.tie_replay_winnings": option})
    s = game.apply(s, ("tie", 0, 1)).state
    s = game.apply(s, ("turn_over",)).state
    after = game.apply(s, ("slap", 1, 0, PLANKTON)).state
    assert sorted(after.discards[1]) == sorted(expected)
    assert not game.invariants(after)
