"""The rulings are real: every ruling the code asks exists, every clause cited exists, and
changing an option changes what happens."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from chomp_helpers import deal_with_tops

from rulecheck.core.clauses import clauses_for_game
from rulecheck.core.coverage import cited_clauses
from rulecheck.core.rulings import load_ruling_points
from rulecheck.engine import play
from rulecheck.games import load_game
from rulecheck.games.chomp.cards import BIG_FISH, LITTLE_FISH, OCTOPUS, PLANKTON, SEAL, SHARK, SHRIMP
from rulecheck.games.chomp.state import LAST_TWO, OVER, TURN, WAR

PACKAGE = Path(__file__).resolve().parents[1] / "rulecheck" / "games" / "chomp"


def _asked_rulings() -> set[str]:
    found: set[str] = set()
    for path in PACKAGE.glob("*.py"):
        found.update(re.findall(r"""ctx\.rule\(\s*["']([a-z_.]+)["']""", path.read_text(encoding="utf-8")))
        found.update(re.findall(r"""["'](chomp\.nobody_(?:slaps|can_chomp))["']""", path.read_text(encoding="utf-8")))
    return found


def test_every_ruling_asked_exists_and_every_ruling_is_asked() -> None:
    points = load_ruling_points("chomp")
    asked = _asked_rulings()
    assert asked - set(points) == set()
    assert set(points) - asked == set()
    assert len(points) >= 25


def test_ruling_points_are_complete() -> None:
    index = clauses_for_game("chomp")
    for rp in load_ruling_points("chomp").values():
        assert rp.kind in ("gap", "conflict")
        assert len(rp.options) >= 2 and rp.recommended in rp.option_ids
        assert rp.rationale and rp.players_question and rp.question
        assert rp.clauses and all(c in index for c in rp.clauses), rp.id


def test_every_cited_clause_exists() -> None:
    index = clauses_for_game("chomp")
    cited = cited_clauses("chomp")
    assert cited and cited <= set(index), sorted(cited - set(index))
    normative = {c.id for c in index.values() if c.kind == "normative"}
    assert normative <= cited, sorted(normative - cited)


def _race(variant: str, players: int, tops: list[list[str]], choices: dict[str, str]):
    game = load_game("chomp", variant, players, {"choices": choices})
    state = game.new_initial_state(deal=deal_with_tops(game, tops))
    return game, game.apply(state, ("turn_over",)).state


def test_bad_chomp_both_cards_changes_who_gets_the_shark() -> None:
    tops = [["seal"], ["shark"], ["bigfish"], ["bigfish"]]
    out = {}
    for opt in ("winner_takes_both", "only_if_can_chomp"):
        game, s = _race("standard", 4, tops, {"chomp.bad_chomp_both_cards": opt})
        s = game.apply(s, ("slap", 1, 1, SHARK)).state  # the Shark player slaps his own card
        s = game.apply(s, ("slap", 0, 2, BIG_FISH)).state  # the Seal player wins
        out[opt] = (s.discards[0], s.discards[1])
        assert not game.invariants(s)
    assert SHARK in out["winner_takes_both"][0] and SHARK not in out["winner_takes_both"][1]
    assert SHARK in out["only_if_can_chomp"][1] and SHARK not in out["only_if_can_chomp"][0]


@pytest.mark.parametrize("option", ["winner_takes_both", "only_if_can_chomp"])
def test_bad_chomp_both_cards_in_a_doble_chomp_replay(option: str) -> None:
    """Doble Chomp, the replay after an Ink Out, the winner taking only what one of her cards can
    chomp (chomp.doble_replay_winnings = chompable_only): Player 2 slaps his own Plankton (a Bad
    Chomp), Player 1 wins. Player 2's Shark, which neither her Seal nor her Big Fish can chomp, is
    the 3+ player game's question: 'takes both of your cards' or the food chain
    (chomp.bad_chomp_both_cards), asked there too."""
    tops = [["octopus", "shrimp", "seal", "bigfish", "shrimp"], ["plankton", "littlefish", "shark", "plankton", "seal"]]
    choices = {"chomp.doble_replay_winnings": "chompable_only", "chomp.bad_chomp_both_cards": option,
               "chomp.doble_replay_cards": "two_cards", "chomp.two_player_bad_chomps": "apply",
               "chomp.doble_lowest_yours": "not_allowed", "chomp.two_player_won_cards": "discard_pile"}
    game, s = _race("doble-chomp", 2, tops, choices)
    s = game.apply(s, ("nobody_slaps",)).state  # the Ink Out: every card set aside
    s = game.apply(s, ("turn_over",)).state  # the replay: Seal, Big Fish against Shark, Plankton
    s = game.apply(s, ("slap", 1, 1, PLANKTON)).state  # a Bad Chomp
    step = game.apply(s, ("slap", 0, 1, PLANKTON))
    assert "chomp.bad_chomp_both_cards" in step.provenance.rulings
    t = step.state
    if option == "winner_takes_both":
        assert SHARK in t.discards[0] and SHARK not in t.discards[1]
    else:
        assert SHARK in t.discards[1] and SHARK not in t.discards[0]
    assert not game.invariants(t)


CHAINED = [["octopus", "octopus", "seal"], ["shrimp", "shark", "bigfish"], ["plankton", "littlefish", "shrimp"]]
"""Two Ink Outs in a row (chomp.octopus_in_replay = ink_out_again): the first replay ends in another."""


@pytest.mark.parametrize("option", ["stay_in_centre", "join_next_replay"])
def test_chained_replay_cards_options(option: str) -> None:
    """An Ink Out, and in its replay another Octopus: the replay ends in another replay, so it has
    no winner for the first Ink Out's cards (Octopus, Shrimp, Plankton), which en.ink-out.4 gives to
    the replay's winner. They go to the centre for a later winner, or stay set aside with the second
    Ink Out's cards (ruling chomp.chained_replay_cards); either way the next replay's winner (a
    Seal) takes them."""
    game, s = _race("standard", 3, CHAINED, {"chomp.octopus_in_replay": "ink_out_again",
                                             "chomp.chained_replay_cards": option})
    first = game.apply(s, ("nobody_slaps",))  # the first Ink Out: nothing is asked
    assert "chomp.chained_replay_cards" not in first.provenance.rulings
    s = game.apply(first.state, ("turn_over",)).state  # the replay: Octopus, Shark, Little Fish
    step = game.apply(s, ("nobody_slaps",))
    t = step.state
    assert "chomp.chained_replay_cards" in step.provenance.rulings and t.discards == ((), (), ())
    if option == "stay_in_centre":
        assert sorted(t.centre) == sorted([OCTOPUS, SHRIMP, PLANKTON])
        assert t.aside == ((OCTOPUS,), (SHARK,), (LITTLE_FISH,))
    else:
        assert t.centre == ()
        assert t.aside == ((OCTOPUS, OCTOPUS), (SHRIMP, SHARK), (PLANKTON, LITTLE_FISH))
    assert not game.invariants(t)
    s = game.apply(t, ("turn_over",)).state  # Seal, Big Fish, Shrimp
    t = game.apply(s, ("slap", 0, 2, SHRIMP)).state
    assert PLANKTON in t.discards[0] and LITTLE_FISH in t.discards[0] and t.centre == ()
    assert not game.invariants(t)


def test_lower_not_lowest_options() -> None:
    tops = [["seal"], ["shark"], ["bigfish"], ["bigfish"]]
    slap_seal = ("slap", 1, 0, SEAL)
    game, s = _race("standard", 4, tops, {"chomp.lower_not_lowest": "no_effect"})
    assert slap_seal not in game.legal_actions(s)
    game, s = _race("standard", 4, tops, {"chomp.lower_not_lowest": "bad_chomp"})
    assert "Bad Chomp" in game.describe_action(s, slap_seal)
    assert game.apply(s, slap_seal).state.phase == s.phase  # the race goes on
    game, s = _race("standard", 4, tops, {"chomp.lower_not_lowest": "wins_round"})
    after = game.apply(s, slap_seal).state
    assert sorted(after.discards[1]) == [BIG_FISH, BIG_FISH, SEAL, SHARK]


def test_rapido_own_card_options() -> None:
    own = ("slap", 0, 0, PLANKTON)
    results = {}
    for opt in ("allowed", "bad_chomp"):
        game, s = _race("chomp-rapido", 2, [["plankton"], ["shark"]], {"chomp.rapido_own_card": opt})
        results[opt] = game.describe_action(s, own)
        after = game.apply(s, own).state
        results[opt + "-table"] = after.table
    assert "Bad Chomp" not in results["allowed"] and "Bad Chomp" in results["bad_chomp"]
    assert results["allowed-table"] == ((), ()) and results["bad_chomp-table"] != ((), ())


def test_tie_replay_players_options() -> None:
    tops = [["seal", "shrimp"], ["shark", "shrimp"], ["bigfish", "plankton"], ["littlefish", "plankton"]]
    for opt, expect in (("all_players", 0b1111), ("tied_only", 0b0011)):
        game, s = _race("standard", 4, tops, {"chomp.tie_replay_players": opt})
        after = game.apply(s, ("tie", 0, 1)).state
        assert after.replay == expect
        replay = game.apply(after, ("turn_over",)).state
        assert sum(1 for t in replay.table if t) == bin(expect).count("1")


def test_the_last_two_choose_to_count_or_switch() -> None:
    """en.ending.3: when only two players have cards, they choose (an action of theirs, not a
    ruling): counting ends the game with the one who has more cards the winner; switching goes on
    with the same piles in the 2-player game chosen."""
    game = load_game("chomp", "standard", 3)
    for seed in range(40):
        trace = play(game, seed=seed, max_steps=3000)
        states = [game.root_state()]
        for a in trace.actions:
            states.append(game.apply(states[-1], a).state)
        at = next((s for s in states if s.phase == TURN and s.step == LAST_TWO), None)
        if at is not None:
            break
    else:
        raise AssertionError("no seeded game reached the last two")
    assert game.legal_actions(at) == (("count",), ("switch", "chomp-rapido"), ("switch", "doble-chomp"),
                                      ("switch", "underwater-war"))
    a, b = (p for p in range(3) if at.active >> p & 1)
    counted = game.apply(at, ("count",))
    held = [len(at.piles[p]) + len(at.discards[p]) for p in (a, b)]
    assert counted.state.phase == OVER and "en.ending.3" in counted.provenance.clauses
    if held[0] != held[1]:
        assert counted.state.winners == 1 << (a if held[0] > held[1] else b)
    for name, mode in (("underwater-war", 1), ("chomp-rapido", 2), ("doble-chomp", 3)):
        switched = game.apply(at, ("switch", name)).state
        assert switched.mode == mode and switched.phase != OVER
        assert switched.piles[a] + tuple(sorted(switched.discards[a])) != () or at.discards[a] == ()


@pytest.mark.parametrize("variant", ["underwater-war", "chomp-rapido", "doble-chomp"])
def test_won_cards_destination(variant: str) -> None:
    finals = {}
    for opt in ("discard_pile", "bottom_of_pile"):
        game = load_game("chomp", variant, 2, {"choices": {"chomp.two_player_won_cards": opt}})
        finals[opt] = play(game, seed=11, max_steps=400).actions
    assert finals["discard_pile"] != finals["bottom_of_pile"]


def test_octopus_no_card_is_a_ruling_point() -> None:
    """After an Octopus, a player with no card at all for the next card: the text is silent
    (chomp.octopus_no_card). Under raw it is a gap; the two options differ."""
    from rulecheck.core.game import Pending
    from rulecheck.engine import replay

    game = load_game("chomp", "underwater-war", 2, "raw", "octopus=2,shark=2,seal=2,plankton=2,bigfish=2")
    prefix = [("deal", ((3, 3, 0, 0, 7), (5, 5, 4, 4, 7)), ()), ("turn_over",)]
    for opt in ("discard_pile", "bottom_of_pile", "discard_pile", "discard_pile"):
        prefix += [("ruling", "chomp.two_player_won_cards", opt), ("turn_over",)]
    prefix += [("ruling", "chomp.uw_octopus_pair", "next_card"), ("turn_over",),
               ("ruling", "chomp.octopus_no_card", "cards_go_back"), ("shuffle", 0, (7,)), ("turn_over",),
               ("turn_over",)]
    steps, pending = replay(game, prefix)
    assert isinstance(pending, Pending) and pending.ruling == "chomp.octopus_no_card"
    assert steps[-1].provenance.gap == "chomp.octopus_no_card"
    assert pending.before.piles[0] == () and pending.before.discards[0] == () and pending.before.piles[1]
    lost = game.apply(pending, ("ruling", "chomp.octopus_no_card", "loses_round")).state
    lost = game.apply(lost, ("ruling", "chomp.two_player_won_cards", "discard_pile")).state
    assert game.is_terminal(lost) and lost.winners == 0b10
    back = game.apply(pending, ("ruling", "chomp.octopus_no_card", "cards_go_back")).state
    assert not game.is_terminal(back) and back.discards[0] == (7,)


@pytest.mark.parametrize("game", ["chomp", "chonker-party"])
def test_the_specification_citing_a_clause_does_not_make_the_engine_cite_it(game: str) -> None:
    """The coverage holes are clauses the engine never cites; the clause specification names
    every clause it formalises, so a clause named only there must still count as uncited."""
    from pathlib import Path

    from rulecheck.core.coverage import CLAUSE_ID_RE, rule_code
    from rulecheck.games import game_module

    root = Path(game_module(game).__file__).parent  # type: ignore[arg-type]
    engine = {p.resolve() for p in rule_code(game)}
    spec = {p for p in root.rglob("*.py") if p.name.startswith("spec") or "spec" in p.relative_to(root).parts}
    assert spec and not engine & {p.resolve() for p in spec}
    named_by_spec = {cid for p in spec for cid in CLAUSE_ID_RE.findall(p.read_text(encoding="utf-8"))}
    named_by_engine = {cid for p in engine for cid in CLAUSE_ID_RE.findall(p.read_text(encoding="utf-8"))}
    assert cited_clauses(game) == named_by_engine
    assert not (named_by_spec - named_by_engine) & cited_clauses(game)


@pytest.mark.parametrize(("option", "cards"), [("two_cards", 2), ("one_card", 1)])
def test_doble_replay_cards_options(option: str, cards: int) -> None:
    """es.doble-chomp.3 takes the normal game's "each player plays another card" (en.tie.2) into a
    game of two cards a turn-over (es.doble-chomp.1): ruling chomp.doble_replay_cards."""
    tops = [["plankton", "seal", "shark", "shrimp"], ["plankton", "bigfish", "littlefish", "seal"]]
    game, s = _race("doble-chomp", 2, tops, {"chomp.doble_replay_cards": option})
    tie = next(a for a in game.legal_actions(s) if a[0] == "tie")
    s = game.apply(s, tie).state
    step = game.apply(s, ("turn_over",))
    assert [len(t) for t in step.state.table] == [cards, cards]
    assert "chomp.doble_replay_cards" in step.provenance.rulings
    assert not game.invariants(step.state)


@pytest.mark.parametrize("option", ["discard_pile", "bottom_of_pile"])
def test_reclaimed_cards_options(option: str) -> None:
    """After an Ink Out, the replay's winner (a Seal) can't chomp Player 2's Shark: it 'is
    reclaimed by the player who turned it over' (en.ink-out.5): into his discard pile, or back to
    the bottom of his pile (ruling chomp.reclaimed_cards). Asked only where a card is reclaimed."""
    tops = [["octopus", "seal"], ["shrimp", "shark"], ["plankton", "bigfish"]]
    game, s = _race("standard", 3, tops, {"chomp.reclaimed_cards": option})
    s = game.apply(s, ("nobody_slaps",)).state  # the Ink Out: every card set aside
    s = game.apply(s, ("turn_over",)).state  # the replay: Seal, Shark, Big Fish
    pile_before = s.piles[1]
    step = game.apply(s, ("slap", 0, 2, BIG_FISH))
    t = step.state
    assert "chomp.reclaimed_cards" in step.provenance.rulings and "en.ink-out.5" in step.provenance.clauses
    if option == "discard_pile":
        assert SHARK in t.discards[1] and t.piles[1] == pile_before
    else:
        assert SHARK not in t.discards[1] and t.piles[1] == (*pile_before, SHARK)
    assert SHARK not in t.discards[0] and BIG_FISH in t.discards[0]
    assert not game.invariants(t)
    # an ordinary round's card nobody chomped goes to the discard pile, and nothing is asked
    game, s = _race("standard", 3, [["seal"], ["shark"], ["bigfish"]], {"chomp.reclaimed_cards": option})
    step = game.apply(s, ("slap", 0, 2, BIG_FISH))
    assert "chomp.reclaimed_cards" not in step.provenance.rulings and SHARK in step.state.discards[1]


@pytest.mark.parametrize("option", ["war", "called_off"])
def test_next_card_tie_options(option: str) -> None:
    """Underwater War: an Octopus is turned up, and the next cards turned over are two Big Fish. A
    war (a tie, en.underwater-war.3), or the round is called off and each player takes his cards
    back to his discard pile: ruling chomp.next_card_tie, asked only at the next card's tie."""
    tops = [["octopus", "bigfish", "plankton", "shrimp", "shark"], ["seal", "bigfish", "shrimp", "plankton", "seal"]]
    game = load_game("chomp", "underwater-war", 2, {"choices": {"chomp.next_card_tie": option}})
    first = game.apply(game.new_initial_state(deal=deal_with_tops(game, tops)), ("turn_over",))
    assert "chomp.next_card_tie" not in first.provenance.rulings  # the Octopus: the next card, nothing asked
    step = game.apply(first.state, ("turn_over",))
    assert step.provenance.rulings == ("chomp.next_card_tie",)
    t = step.state
    assert not game.invariants(t)
    if option == "war":
        assert t.step == WAR and sum(len(a) for a in t.aside) == 4 and not any(t.discards)
    else:
        assert t.step != WAR and not any(t.aside)
        assert sorted(t.discards[0]) == sorted((OCTOPUS, BIG_FISH))
        assert sorted(t.discards[1]) == sorted((SEAL, BIG_FISH))


@pytest.mark.parametrize("option", ["another_war", "called_off"])
def test_war_tie_options(option: str) -> None:
    """Underwater War: a tie (two Seals) makes a war, and the war's face-up cards (two Sharks) are the
    same again. Another war (en.underwater-war.3 read for the war's own tie), or the war is called
    off and each player takes his cards back to his discard pile: ruling chomp.war_tie, asked only
    at a war's tie."""
    tops = [["seal", "plankton", "plankton", "shark", "bigfish"], ["seal", "shrimp", "shrimp", "shark", "littlefish"]]
    game = load_game("chomp", "underwater-war", 2, {"choices": {"chomp.war_tie": option}})
    s = game.new_initial_state(deal=deal_with_tops(game, tops))
    first = game.apply(s, ("turn_over",))
    assert "chomp.war_tie" not in first.provenance.rulings  # the round's own tie: a war, nothing asked
    step = game.apply(first.state, ("turn_over",))  # the war: two down, a Shark up each
    assert "chomp.war_tie" in step.provenance.rulings
    t = step.state
    if option == "another_war":
        assert sum(len(a) for a in t.aside) == 8 and not any(t.discards)
    else:
        assert not any(t.aside) and sorted(t.discards[0]) == sorted([SEAL, PLANKTON, PLANKTON, SHARK])
        assert sorted(t.discards[1]) == sorted([SEAL, SHRIMP, SHRIMP, SHARK])
    assert not game.invariants(t)
