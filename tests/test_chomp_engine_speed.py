"""The Chomp! engine's shortcuts give the model's own answers: the winners of a race found without
building its outcomes, cleared caches, and ruled caches shared by several choices mappings (a
game's own and a pending state's)."""

from __future__ import annotations

import random
from itertools import product

from rulecheck.core.provenance import Context, ruled_cache
from rulecheck.engine import play, playout
from rulecheck.games import load_game
from rulecheck.games.chomp import clear_caches
from rulecheck.games.chomp.race import NONE, VALID, _chomp_winners, _targets, _winners, classify, lowest, race_outcomes
from rulecheck.games.chomp.state import (
    F_BAD_OK,
    F_DOBLE_BOTH,
    F_FRENZY_BAD,
    F_LNL_BAD,
    F_LNL_WIN,
    F_OWN_EEL,
    F_OWN_OK,
    RK_CHOMP,
    RK_DOBLE,
    RK_EEL,
    RK_FRENZY,
    RK_INKOUT,
    RK_RAPIDO,
)


def test_chomp_winners_are_the_race_outcomes_winners() -> None:
    for players in (3, 4):
        for table in product([(), *((c,) for c in range(8))], repeat=players):
            for flags in (0, F_LNL_BAD, F_LNL_WIN, F_LNL_BAD | F_LNL_WIN, F_BAD_OK | F_LNL_BAD):
                race = RK_CHOMP | flags
                assert _chomp_winners(table, race) == race_outcomes(table, race)[3], (table, race)


def test_every_race_s_winners_are_the_race_outcomes_winners() -> None:
    """valid_slappers' shortcut (no outcomes built) names the players race_outcomes finds a
    winning slap for, in every kind of race and under every flag it reads: one or two cards each
    (two in Doble Chomp, or in a 3+ player state given by hand), 2 and 3 players. And every
    kind's slaps come out sorted and distinct, as they are made (race_outcomes sorts none)."""
    hands = [(), *((c,) for c in range(8)), *((a, b) for a in range(8) for b in range(a, 8))]
    flags_of = {
        RK_CHOMP: (0, F_LNL_BAD, F_LNL_WIN, F_BAD_OK | F_LNL_BAD),
        RK_FRENZY: (0, F_BAD_OK, F_FRENZY_BAD, F_BAD_OK | F_FRENZY_BAD),
        RK_INKOUT: (0, F_BAD_OK),
        RK_EEL: (F_BAD_OK, F_BAD_OK | F_OWN_EEL),
        RK_RAPIDO: (F_BAD_OK, F_BAD_OK | F_OWN_OK),
        RK_DOBLE: (0, F_BAD_OK | F_OWN_OK, F_BAD_OK | F_DOBLE_BOTH, F_BAD_OK | F_OWN_OK | F_DOBLE_BOTH),
    }
    checked = 0
    for players in (2, 3):
        for table in product(hands, repeat=players):
            if players == 3 and sum(map(len, table)) > 4:
                continue
            for kind, flag_sets in flags_of.items():
                for flags in flag_sets:
                    race = kind | flags
                    outcomes, slaps, _, winners = race_outcomes(table, race)
                    assert _winners(table, race) == winners, (table, race)
                    made = list(outcomes[1:1 + slaps])
                    assert made == sorted(made) and len(set(made)) == slaps, (table, race)  # no sort needed
                    checked += 1
    assert checked > 100_000


def test_every_race_outcome_is_a_slap_classify_allows() -> None:
    """One statement of which slap is valid: a race's slaps are exactly the targets classify
    calls valid (they win the round) or a Bad Chomp the race allows, for every kind of race, in
    the 3+ player game's tables of one card each."""
    for players in (3, 4):
        for table in product([(), *((c,) for c in range(8))], repeat=players):
            low = lowest(table)
            for kind, flags in product((RK_CHOMP, RK_FRENZY, RK_INKOUT),
                                       (0, F_BAD_OK, F_BAD_OK | F_LNL_BAD, F_BAD_OK | F_LNL_WIN, F_FRENZY_BAD)):
                race = kind | flags
                outcomes, slaps, wins, _ = race_outcomes(table, race)
                made = {a: bool(wins >> i & 1) for i, a in enumerate(outcomes[1:1 + slaps])}
                if kind == RK_INKOUT:
                    continue  # every slap is the same Bad Chomp (en.bad-chomp.6), one per slapper
                want = {}
                for p, cards in enumerate(table):
                    for q, t in _targets(table, p) if cards else ():
                        r = classify(race, table, p, q == p, t, low)
                        if r == VALID or (r != NONE and flags & F_BAD_OK):
                            want[("slap", p, q, t)] = r == VALID
                assert made == want, (table, race)


def test_clearing_the_caches_changes_nothing() -> None:
    for variant, players in (("standard", 4), ("underwater-war", 2), ("doble-chomp", 2)):
        game = load_game("chomp", variant, players, "recommended", "full")
        first = play(game, seed=3, max_steps=400)
        clear_caches()
        again = play(game, seed=3, max_steps=400)
        assert again.steps == first.steps and again.final == first.final


def test_ruled_cache_checks_each_choices_mapping() -> None:
    calls: list[str] = []

    @ruled_cache
    def answer(ctx: Context, x: int) -> str:
        calls.append(ctx.rule("r"))
        ctx.cite(f"c{x}")
        return f"{ctx.rule('r')}{x}"

    a, b = {"r": "one"}, {"r": "two"}
    for choices, want in ((a, "one1"), (a, "one1"), (b, "two1"), (a, "one1"), (dict(a), "one1"), (b, "two1")):
        ctx = Context(choices)
        assert answer(ctx, 1) == want
        assert ctx.clauses == ["c1"] and ctx.rulings == ["r", "r"]
    # computed for a, b, a again and b again; the copy of a reuses a's entry after checking it
    assert calls == ["one", "two", "one", "two"]


def test_playouts_are_seeded() -> None:
    game = load_game("chomp", "standard", 3, "recommended", "full")
    assert playout(game, random.Random(5)) == playout(game, random.Random(5))
