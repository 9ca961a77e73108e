"""A Bad Chomper's card of an Ink Out or tie round, set aside with the round's cards: "the winner
of the round takes both of your cards"; "if there is no winner that round, your cards stay in the
center" (en.bad-chomp.8-9). The engine keeps such cards apart (``aside_bad``) and the situation
labels them, so that the specification can say where they go and the engine is checked on it."""

from __future__ import annotations

import textwrap
from collections import Counter
from functools import cache

from chomp_helpers import run_pure_python

from rulecheck.check.explore import Config, explore
from rulecheck.core.game import Pending
from rulecheck.games.chomp import spec_engine
from rulecheck.games.chomp.state import OVER, RACE, REPLAY, TIE_REPLAY, ChompState

CONFIG = Config("chomp", "standard", 3, "shark=1,littlefish=1,plankton=1,octopus=3", "recommended")


@cache
def _steps() -> list[tuple[ChompState, tuple[object, ...], ChompState]]:
    """Every step of the search from a state that holds a Bad Chomper's set-aside card."""
    game = CONFIG.load()
    out = []
    for s in explore(game, config=CONFIG).states:
        if isinstance(s, Pending) or not any(s.aside_bad):
            continue
        for a in game.legal_actions(s):
            after = game.apply(s, a).state
            out.append((s, a, after.before if isinstance(after, Pending) else after))
    return out


def _bad_cards(s: ChompState) -> Counter[int]:
    return Counter(c for cards in s.aside_bad for c in cards)


def test_they_are_set_aside_only_in_a_replay_of_the_round() -> None:
    steps = _steps()
    assert steps
    assert all(s.step in (REPLAY, TIE_REPLAY) or s.phase == OVER for s, _, _ in steps)


def test_with_no_winner_they_go_to_the_centre_and_a_winner_takes_them() -> None:
    """Where the round ends with nobody winning it (nobody slaps, nobody can turn over a card), every
    such card is in the centre after; where a slap wins it, the winner's discard pile has them."""
    no_winner = won = 0
    for before, action, after in _steps():
        cards = _bad_cards(before)
        if any(after.aside_bad) or (after.step in (REPLAY, TIE_REPLAY) and after.phase != OVER):
            continue  # the round goes on (a Bad Chomp, another replay)
        gained_centre = Counter(after.centre) - Counter(before.centre)
        if action[0] == "slap" and before.phase == RACE:
            p = action[1]
            gained = Counter(after.discards[p]) - Counter(before.discards[p])
            assert not gained_centre and gained >= cards, (before, action, after)
            won += 1
        else:
            assert gained_centre >= cards, (before, action, after)
            for q, mine in enumerate(before.aside_bad):
                assert not Counter(mine) & (Counter(after.discards[q]) - Counter(before.discards[q]))
            no_winner += 1
    assert no_winner and won


def test_the_situation_names_them() -> None:
    before, action, _ = next((s, a, t) for s, a, t in _steps() if s.phase == RACE)
    situation, _ = spec_engine.situation(before, action)
    origins = {origin for _, _, origin in situation.aside}
    assert origins & {"tie-bad", "ink-out-bad"}, situation


_PLANTED = textwrap.dedent('''
    import json, sys
    from rulecheck._native import ENGINE_BUILD
    assert ENGINE_BUILD.startswith("pure"), ENGINE_BUILD
    from rulecheck.games.chomp import standard
    from rulecheck.check.explore import Config, explore
    from rulecheck.check.determinacy import check_explored

    if sys.argv[1] == "planted":
        def bad_chomp_cards_stay(w, ctx):
            """The planted fault (the engine before it kept these cards apart): a round nobody won
            gives a Bad Chomper's set-aside card back to him."""
            for q, cards in enumerate(w.aside_bad):
                standard.give_back(w, q, cards)
            w.aside_bad = ((),) * len(w.aside_bad)
        standard.bad_chomp_cards_stay = bad_chomp_cards_stay
    cfg = Config("chomp", "standard", 3, "shark=1,littlefish=1,eel=1,octopus=1", "recommended")
    run = check_explored(explore(cfg.load(), config=cfg), max_situations=None)
    print(json.dumps({"disagreements": sorted(run.disagreements), "verified": run.verified,
                      "complete": not run.bounded,
                      "cores": [e.get("core") for e in run.disagreements.values()]}))
''')


def _planted_run(which: str) -> dict[str, object]:
    return run_pure_python(_PLANTED, which)  # type: ignore[no-any-return]


def test_an_engine_that_gives_them_back_is_caught() -> None:
    clean = _planted_run("clean")
    assert clean["disagreements"] == [] and clean["verified"] and clean["complete"]
    planted = _planted_run("planted")
    assert planted["disagreements"], "a Bad Chomper's card given back went unnoticed"
    assert any("en.bad-chomp.9" in c for core in planted["cores"] for c in core), planted["cores"]  # type: ignore[union-attr]
