"""The Chomp! engine's shortcuts give the model's own answers: the winners of an ordinary race
found without building its outcomes, cleared caches, and ruled caches shared by several choices
mappings (a game's own and a pending state's)."""

from __future__ import annotations

import random
from itertools import product

from rulecheck.core.provenance import Context, ruled_cache
from rulecheck.engine import play, playout
from rulecheck.games import load_game
from rulecheck.games.chomp import clear_caches
from rulecheck.games.chomp.race import _chomp_race_slaps, _chomp_winners, _race_slaps, _winners, race_outcomes
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


def test_the_ordinary_race_slaps_are_classify_s_in_sorted_order() -> None:
    """The 3+ player race's slaps, made already sorted with classify inlined, are the slaps the
    general race code finds with classify, sorted; so the race's outcomes need no sort."""
    for players in (3, 4):
        for table in product([(), *((c,) for c in range(8))], repeat=players):
            for flags in (0, F_LNL_BAD, F_LNL_WIN, F_BAD_OK, F_BAD_OK | F_LNL_BAD, F_BAD_OK | F_LNL_WIN):
                race = RK_CHOMP | flags
                acts, wins, winners = _chomp_race_slaps(table, race)
                general, general_wins, general_winners = _race_slaps(table, race)
                slaps = [(a, bool(wins >> i & 1)) for i, a in enumerate(acts)]
                if not flags & F_BAD_OK:  # without Bad Chomps the general code lists winning slaps only
                    slaps = [s for s in slaps if s[1]]
                assert slaps == sorted((a, bool(general_wins >> i & 1)) for i, a in enumerate(general)), (table, race)
                assert winners == general_winners, (table, race)


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
