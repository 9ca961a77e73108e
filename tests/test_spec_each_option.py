"""Every ruling option beside `recommended`, one at a time: the clauses plus the ruleset's options
determine every step the explorer reaches, and it is the engine's (issue 16's "any user
ruleset", measured by ``scripts/check_each_option.py``; :mod:`rulecheck.check.each_option`).

The quick tests pin the options whose constraints once left steps open or let the engine
disagree; the slow tests run every option of both games over the default audit plan, and rulesets
that change many ruling points at once (every point's last option; seeded random ones), where the
options' constraints must hold together. An option whose constraint, or the engine under it,
changes so that a step is left open or decided otherwise fails its test.
"""

from __future__ import annotations

import pytest

from rulecheck.audit import DEFAULT_PLAN
from rulecheck.check.each_option import check_option, check_ruleset, last_options, other_options, seeded_ruleset

KNOWN_OPEN: dict[str, str] = {}
"""Options not verified yet, and why (strict: a test that starts passing fails until it is removed)."""


@pytest.mark.parametrize(("game", "ruling", "option", "plan"), [
    # the Master who continues plays alone: his decision again after his card (cp.continue_who_plays)
    ("chonker-party", "cp.continue_who_plays", "master_only", [("standard", 2, "leaf=4,stick=4,choose=1,hand=2")]),
    # a player with no card ends the round; its winner with no card does not lead the next one
    ("chonker-party", "cp.empty_hand_turn", "round_ends",
     [("standard", 4, "sweet=1,salty=1,chonk=1,leaf=1,war=1,hand=1")]),
    # a Steal may target an empty hand: its player picks, even when only empty hands are left
    ("chonker-party", "cp.steal_empty_hand", "any_player",
     [("standard", 3, "sweet=1,salty=1,chonk=1,leaf=1,steal=1,hand=1")]),
    # a War called out of turn as a Chonk draws first
    ("chonker-party", "cp.war_chonk_effect", "chonk_and_draw",
     [("standard", 4, "sweet=1,salty=1,chonk=1,leaf=1,war=1,hand=1")]),
    # a count that declares no winner has no tie to share
    ("chomp", "chomp.count_declares_winner", "no_winner", [("standard", 3, "shark=3,plankton=3")]),
    # a Doble Chomp player short of two cards loses before anyone turns a card over
    ("chomp", "chomp.doble_short", "loses_game", [("standard", 3, "seal=1,bigfish=1,shrimp=1,plankton=1")]),
    # who could have won decides which of the two rulings on nobody slapping is asked
    ("chomp", "chomp.nobody_can_chomp", "stay_in_centre", [("standard", 3, "shark=1,littlefish=1,eel=1,octopus=1")]),
    # in Underwater War the won cards go under the pile: the winner's own card goes under it too
    ("chomp", "chomp.two_player_won_cards", "bottom_of_pile", [("underwater-war", 2, "shark=4,seal=2,plankton=2")]),
])
def test_an_option_that_was_not_verified_is(game: str, ruling: str, option: str,
                                            plan: list[tuple[str, int, str]]) -> None:
    got = check_option(game, ruling, option, plan, 300)
    assert got.searches == len(plan)
    assert got.verified > 0
    assert got.clean, got.examples


def _every_option() -> list[object]:
    out = []
    for game in ("chonker-party", "chomp"):
        for ruling, option in other_options(game):
            key = f"{ruling}={option}"
            marks = [pytest.mark.xfail(reason=KNOWN_OPEN[key], strict=True)] if key in KNOWN_OPEN else []
            out.append(pytest.param(game, ruling, option, id=key, marks=marks))
    return out


@pytest.mark.slow
@pytest.mark.parametrize(("game", "ruling", "option"), _every_option())
def test_every_option_is_verified_over_the_default_plan(game: str, ruling: str, option: str) -> None:
    got = check_option(game, ruling, option, DEFAULT_PLAN[game], 300)  # (as scripts/check_each_option.py)
    assert got.searches > 0
    assert got.clean, got.examples


def _with_known_open_recommended(game: str, choices: tuple[tuple[str, str], ...]) -> tuple[tuple[str, str], ...]:
    """``choices`` with each option of :data:`KNOWN_OPEN` replaced by its point's recommended one
    (that option is tested, and expected to fail, on its own)."""
    from rulecheck.core.rulings import load_ruling_points

    points = load_ruling_points(game)
    return tuple((r, points[r].recommended if f"{r}={o}" in KNOWN_OPEN else o) for r, o in choices)


def _combined() -> list[object]:
    out = []
    for game in ("chonker-party", "chomp"):
        out.append(pytest.param(game, "last", id=f"{game}-last-options"))
        out.extend(pytest.param(game, str(seed), id=f"{game}-seed-{seed}") for seed in range(1, 7))
    return out


@pytest.mark.slow
@pytest.mark.parametrize(("game", "which"), _combined())
def test_rulesets_of_many_options_are_verified_over_the_default_plan(game: str, which: str) -> None:
    choices = last_options(game) if which == "last" else seeded_ruleset(game, int(which))
    got = check_ruleset(game, _with_known_open_recommended(game, choices), DEFAULT_PLAN[game], 300)
    assert got.searches > 0
    assert got.clean, got.examples


def test_a_seeded_ruleset_is_the_same_every_time() -> None:
    assert seeded_ruleset("chomp", 3) == seeded_ruleset("chomp", 3) != seeded_ruleset("chomp", 4)
    assert {r for r, _ in last_options("chonker-party")} == {r for r, _ in seeded_ruleset("chonker-party", 1)}


def test_every_known_open_option_exists() -> None:
    options = {f"{r}={o}" for game in ("chonker-party", "chomp") for r, o in other_options(game)}
    assert set(KNOWN_OPEN) <= options
