"""What the two games say about themselves besides their steps: the clauses their outcomes,
claims and invariants cite (each must exist in the clause index), how a state is described to a
person, what each player sees, the invariant messages, and the errors of a bad deck. Mutation
testing (docs/MUTATION.md) showed these could change unnoticed."""

from __future__ import annotations

import pytest

from rulecheck.core.clauses import clauses_for_game
from rulecheck.core.errors import InvalidConfigError, InvalidDealError, InvalidStateError
from rulecheck.games import load_game
from rulecheck.games.chomp.state import OVER
from rulecheck.games.chonker_party.cards import CHOOSE, DECKS, FULL_COUNTS, LEAF, NK, SKIP, WAR, parse_deck
from rulecheck.games.chonker_party.state import PH_OVER

CP = "chonker-party"


@pytest.mark.parametrize(("game", "variant", "players"), [
    ("chomp", "standard", 4), ("chomp", "underwater-war", 2), ("chomp", "chomp-rapido", 2),
    ("chomp", "doble-chomp", 2), (CP, None, 2), (CP, None, 5),
])
def test_every_clause_a_game_names_about_itself_exists(game: str, variant: str | None, players: int) -> None:
    g = load_game(game, variant, players)
    index = set(clauses_for_game(game))
    named = [c for cs in g.declared_outcomes().values() for c in cs]
    named += [c for cs in g.claims().values() for c in cs] + list(g.player_count_clauses())
    assert named and set(named) <= index, sorted(set(named) - index)


def test_the_declared_outcomes_of_chomp() -> None:
    """en.object.1-2 (collect all the cards), en.ending.3 (count the last two's cards)."""
    assert set(load_game("chomp", "standard", 3).declared_outcomes()) == {"collected-all", "count-two-left"}
    two = load_game("chomp", "underwater-war", 2).declared_outcomes()
    assert two == {"collected-all": ("es.dos-jugadores.1", "en.object.2", "es.objeto.2")}


def test_chomp_describes_a_state_in_words() -> None:
    g = load_game("chomp", "standard", 3, "recommended", "full")
    s = g.new_initial_state(7)
    text = g.describe_state(s)
    assert "Player 1: pile" in text and "washed up" not in text and "table" not in text
    s = g.apply(s, g.legal_actions(s)[0]).state  # everyone turns over a card
    assert ", table " in g.describe_state(s)
    gone = s._replace(active=s.active & ~0b100)
    assert "Player 3 (washed up): pile" in g.describe_state(gone)
    over = gone._replace(phase=OVER, winners=0b001, outcome=1)
    assert "over (" in g.describe_state(over) and "winner Player 1" in g.describe_state(over)
    assert "over (" not in text


def test_chomp_collector_must_win_invariant() -> None:
    """en.object.2: the player who collected all of the cards wins; a state that says otherwise
    breaks the claim, and the violation says who."""
    g = load_game("chomp", "underwater-war", 2, "recommended", "tiny")
    s = g.new_initial_state(0)
    every = tuple(sorted(c for p in range(2) for c in s.piles[p]))
    won_by_other = s._replace(phase=OVER, piles=(every, ()), discards=((), ()), table=((), ()), winners=0b10,
                              outcome=1)
    v = [x for x in g.invariants(won_by_other) if x.id == "collector-wins"]
    assert v and v[0].clauses == ("en.object.2", "es.objeto.2") and "Player 1 collected all" in v[0].message
    assert not [x for x in g.invariants(won_by_other._replace(winners=0b01)) if x.id == "collector-wins"]


def test_chonker_party_describes_a_state_in_words() -> None:
    g = load_game(CP, None, 3)
    s = g.new_initial_state(1)
    text = g.describe_state(s)
    assert "Munchies Master: Player 1; trump: none yet; last trump or chonk: nobody; table: -." in text
    s2 = s._replace(trump=LEAF, last=1, table=tuple(2 if k == LEAF else 0 for k in range(len(s.table))))
    text2 = g.describe_state(s2)
    assert "trump: Leaf; last trump or chonk: Player 2; table: 2x Leaf." in text2
    over = s._replace(phase=PH_OVER, mask=0b101, aux=0)
    assert g.describe_state(over).startswith("Player 1 and Player 3 wins (most-points). Win piles: P1: 0 cards")
    assert g.describe_state(over._replace(mask=0, aux=4)).startswith("nobody wins (still-tied)")


@pytest.mark.parametrize("visibility", ["own", "everyone"])
def test_chonker_party_win_piles_are_seen_as_the_ruling_says(visibility: str) -> None:
    """cp.win_pile_visibility: a player sees their own win pile; the others' as a count, or
    everyone's, as the ruleset says. Their hand they see; the others' only as sizes."""
    g = load_game(CP, None, 3)
    options = g.ruling_points["cp.win_pile_visibility"].option_ids
    choice = visibility if visibility in options else next(o for o in options if o != "everyone")
    g = load_game(CP, None, 3, {"choices": {"cp.win_pile_visibility": choice}})
    s = g.new_initial_state(2)
    piles = tuple(tuple(1 if k == LEAF and p == 1 else 0 for k in range(len(pile))) for p, pile in enumerate(s.piles))
    s = s._replace(piles=piles, trump=LEAF)
    mine, other = g.observation(s, 1), g.observation(s, 0)
    assert mine["win_piles"][1] == ["leaf"] and mine["trump"] == "leaf" and mine["player"] == 1
    assert other["hand"] != mine["hand"] or s.hands[0] == s.hands[1]
    if choice == "everyone":
        assert other["win_piles"][1] == ["leaf"]
    else:
        assert other["win_piles"][1] == {"cards": 1} and other["win_piles"][0] == []


def test_chonker_party_conservation_names_the_kind() -> None:
    g = load_game(CP, None, 3)
    s = g.new_initial_state(0)
    assert g.invariants(s) == ()
    lost = s._replace(draw=tuple(max(0, c - 1) if k == LEAF else c for k, c in enumerate(s.draw)))
    v = [x for x in g.invariants(lost) if x.id == "cp.cards-conserved"]
    assert v and v[0].clauses == ("cp.setup.1", "cp.players.1") and "leaf cards in hands" in v[0].message


def test_chonker_party_decks_and_their_errors() -> None:
    """cp.setup.2 (6 cards each), cp.players.1-2 (cards tossed out for 2 and 3 players)."""
    assert parse_deck("full") is DECKS["full"] and DECKS["full"].counts == FULL_COUNTS
    d = parse_deck("sweet=2,leaf=1,hand=3")
    assert (d.name, d.hand, d.counts[0], d.counts[LEAF], sum(d.counts)) == ("sweet=2,leaf=1,hand=3", 3, 2, 1, 3)
    assert parse_deck("sweet=2,leaf=1").hand == 6
    keep, tossed = DECKS["full"].for_players(2)
    assert (keep[WAR], keep[CHOOSE], keep[SKIP], tossed[WAR], tossed[CHOOSE], tossed[SKIP]) == (1, 1, 0, 1, 1, 4)
    keep3, tossed3 = DECKS["full"].for_players(3)
    assert keep3[SKIP] == 0 and tossed3[SKIP] == 4 and keep3[WAR] == 2 and sum(tossed3) == 4
    assert DECKS["full"].for_players(4) == (FULL_COUNTS, (0,) * NK)
    errors = {
        "huge": r"unknown deck 'huge': use full, mini, tiny, micro or a spec like 'sweet=2,leaf=2,chonk=1,hand=2'",
        "sweet=two": r"deck spec 'sweet=two': cannot read 'sweet=two' \(expected kind=count\)",
        "sweet=1,hand=7": r"deck spec 'sweet=1,hand=7': hand must be 1 to 6, not 7",
        "sweet=1,hand=0": r"hand must be 1 to 6, not 0",
        "whale=1": r"deck spec 'whale=1': no such card 'whale' in Chonker Party \(cards: sweet, salty, chonk,",
        "sweet=9": r"deck spec 'sweet=9': 9 sweet cards, but the game has 8",
    }
    for spec, message in errors.items():
        with pytest.raises(InvalidConfigError, match=message):
            parse_deck(spec)
    assert parse_deck("sweet=1,hand=6").hand == 6 and parse_deck("sweet=1,hand=1").hand == 1


def test_chonker_party_state_json_errors_name_the_choices() -> None:
    g = load_game(CP, None, 3)
    data = g.state_to_json(g.new_initial_state(0))
    with pytest.raises(InvalidStateError,
                       match=r"unknown 'after' 'later' \(one of extra-play, window, next-round, turn\)"):
        g.state_from_json({**data, "after": "later"})
    with pytest.raises(InvalidStateError, match=r"state field 'owed' must be a list of player indices 0..2"):
        g.state_from_json({**data, "owed": [3]})
    assert g.state_from_json({k: v for k, v in data.items() if k != "owed"}) == g.state_from_json(data)


def test_chomp_chance_outcomes_are_checked() -> None:
    """A deal or a shuffle given as an action is legal only if it is one the deck and the state
    allow: every card a card, every pile the right size, the cards out of play sorted, the cards
    those of the deck; a shuffle by the player whose pile ran out, of exactly their discard pile."""
    g = load_game("chomp", "standard", 3, "recommended", "tiny")
    root = g.root_state()
    good = g.deal_action([["shark", "seal"], ["bigfish", "littlefish"], ["shrimp", "plankton"]])
    assert g.is_legal(root, good) and good[2] == (6, 7)
    _, piles, rest = good
    bad = [
        ("deal", ((5, "seal"), piles[1], piles[2]), rest),  # not a card
        ("deal", ((5, 9), piles[1], piles[2]), rest),  # out of range
        ("deal", piles, (7, 6)),  # out of play not sorted
        ("deal", ((5, 5), piles[1], piles[2]), rest),  # two Sharks, no Seal
        ("deal", piles, rest, "extra"),
        ("shuffle", piles, rest),
    ]
    assert [g.is_legal(root, a) for a in bad] == [False] * len(bad)
    with pytest.raises(InvalidDealError, match=r"does not use the cards of deck 'tiny': too many shark \(\+1\)"):
        g.deal_action([["shark", "shark"], ["bigfish", "littlefish"], ["shrimp", "plankton"]])
    # a shuffle: find one in a seeded game
    state = g.new_initial_state(0)
    for _ in range(300):
        if g.is_chance_node(state) and state.phase != 0:
            break
        state = g.apply(state, g.legal_actions(state)[0]).state
    assert g.is_chance_node(state)
    p = state.shuffle_for
    order = tuple(sorted(state.discards[p]))
    assert g.is_legal(state, ("shuffle", p, order))
    others = [("shuffle", (p + 1) % 3, order), ("shuffle", p), ("deal", p, order), ("shuffle", p, (*order, 0)),
              ("shuffle", p, tuple(str(c) for c in order))]
    assert [g.is_legal(state, a) for a in others] == [False] * len(others)


def test_chomp_too_many_deal_outcomes_names_an_example_and_the_observer() -> None:
    """A full-deck deal has far too many outcomes to list: the error says how many and shows one
    sampled deal in words. An observation says whose it is."""
    from rulecheck.core.errors import TooManyOutcomesError

    g = load_game("chomp", "standard", 3, "recommended", "full")
    with pytest.raises(TooManyOutcomesError, match=r"distinct outcomes \(more than [\d,]+\); sample one or give it "
                                                   r"explicitly, e\.g\. Shuffle and deal 16 cards face down"):
        g.chance_outcomes(g.root_state())
    s = g.new_initial_state(1)
    assert [g.observation(s, p)["player"] for p in range(3)] == [0, 1, 2]


def test_chomp_state_json_shuffle_phase_names_the_shuffler() -> None:
    g = load_game("chomp", "standard", 3, "recommended", "tiny")
    data = {**g.state_to_json(g.new_initial_state(0)), "phase": "shuffle", "shuffle_for": None}
    with pytest.raises(InvalidStateError, match=r"^state field 'shuffle_for' must name a player in the shuffle phase$"):
        g.state_from_json(data)


def test_chomp_invariant_messages_and_clauses() -> None:
    """Cards conserved (en.setup.1, es.componentes.1): a state that loses a card says which; the
    3+ player game with fewer than 3 players holding cards (en.ending.2) is named, but not while
    cards are still on the table (the round is being settled)."""
    g = load_game("chomp", "standard", 3, "recommended", "tiny")
    s = g.new_initial_state(0)
    assert g.invariants(s) == ()
    lost = s._replace(piles=(s.piles[0][1:], *s.piles[1:]))
    v = [x for x in g.invariants(lost) if x.id == "cards-conserved"]
    assert v and v[0].clauses == ("en.setup.1", "es.componentes.1")
    assert v[0].message.startswith("cards not conserved: have {") and "deck has {" in v[0].message
    two_left = s._replace(active=0b011)
    v2 = [x for x in g.invariants(two_left) if x.id == "three-players-with-cards"]
    assert v2 and v2[0].message == "the 3+ player game goes on with fewer than 3 players"
    settling = two_left._replace(table=((s.piles[0][0],), (), ()), piles=(s.piles[0][1:], *s.piles[1:]))
    assert not [x for x in g.invariants(settling) if x.id == "three-players-with-cards"]
    assert g.outcome(s) == "terminal"  # (not over: no ending to name)
    assert "'nobody slaps'" in g.fairness() and g.fairness().startswith("a player who can win the race")


def test_chomp_state_json_sorts_what_has_no_order_and_names_a_bad_card() -> None:
    """Discard piles, cards set aside (both kinds) and the cards out of play are multisets: given
    out of food-chain order they are refused, naming the field. A card that is not a card name is
    refused, naming the field."""
    g = load_game("chomp", "standard", 3, "recommended", "tiny")
    s = g.new_initial_state(0)
    data = g.state_to_json(s)

    def with_player(p: int, **fields: object) -> dict:
        players = [dict(x) for x in data["players"]]
        players[p] = {**players[p], "pile": [], **fields}
        return {**data, "players": players}

    for field_name, p, cards in (("aside", 0, ["seal", "shrimp"]), ("aside_tie", 1, ["shark", "littlefish"])):
        with pytest.raises(InvalidStateError, match=rf"players\[{p}\]\.{field_name} must be sorted by food chain"):
            g.state_from_json(with_player(p, **{field_name: cards}))
    with pytest.raises(InvalidStateError, match=r"out_of_play.* must be sorted by food chain"):
        g.state_from_json({**data, "out_of_play": ["octopus", "eel"]})
    bad = {**data, "players": [{**data["players"][0], "pile": ["seal", 5]}, *data["players"][1:]]}
    with pytest.raises(InvalidStateError, match=r"players\[0\]\.pile"):
        g.state_from_json(bad)
    with pytest.raises(InvalidDealError, match=r"deal out_of_play does not match the cards left over"):
        g.deal_action({"piles": [["shark", "seal"], ["bigfish", "littlefish"], ["shrimp", "plankton"]],
                       "out_of_play": ["eel", "eel"]})


def test_a_card_owed_for_a_war_is_a_state_only_where_the_ruleset_lets_it_be() -> None:
    """``owed`` (cp.war_draw_when = on_their_turn) is no state of a ruleset that draws at once."""
    at_once = load_game(CP, None, 3)
    later = load_game(CP, None, 3, {"choices": {"cp.war_draw_when": "on_their_turn"}})
    data = {**at_once.state_to_json(at_once.new_initial_state(0)), "owed": [1]}
    assert later.state_from_json(data).owed == (1,)
    with pytest.raises(InvalidStateError, match=r"state field 'owed': under cp\.war_draw_when = at_once"):
        at_once.state_from_json(data)
