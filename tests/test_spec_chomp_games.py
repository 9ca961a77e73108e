"""Chomp!'s specification beyond the 3+ player game's race: the turn-overs, the 2-player games,
the end of a round and of the game, and the last two players' choice; and the determinacy check
finding a decision the engine takes alone (a silent decision) or against the text."""

from __future__ import annotations

import dataclasses
import textwrap

from chomp_helpers import run_pure_python

from rulecheck.check.determinacy import check_explored
from rulecheck.check.explore import Config, explore
from rulecheck.core.spec import determinacy
from rulecheck.games.chomp.spec import SPEC, LastTwoSituation, RaceSituation, TurnSituation


def _turn(mode: str, top: tuple[tuple[str, ...], ...], step: str = "new-round", **kw: object) -> TurnSituation:
    n = len(top)
    base = dict(players=n, mode=mode, active=tuple(range(n)), step=step, plays=tuple(range(n)), top=top,
                pile=(4,) * n, has_discard=(False,) * n, aside=(), centre=())
    base.update(kw)
    return TurnSituation(**base)  # type: ignore[arg-type]


def _out(sit: object, **choices: str) -> tuple[str, dict[str, str]]:
    v, _ = determinacy(SPEC, sit, choices=choices or None)
    return v.kind, dict(v.outcome)


def test_underwater_war_the_higher_card_wins_at_the_turn_over() -> None:
    """en.underwater-war.1-2: the cards turned over decide the round; where the winner puts them is
    not said (ruling chomp.two_player_won_cards), and once it is, the outcome is determined."""
    sit = _turn("underwater-war", (("seal",), ("shrimp",)))
    kind, _ = _out(sit)
    assert kind == "gap"
    kind, out = _out(sit, **{"chomp.two_player_won_cards": "discard_pile"})
    assert kind == "determined" and out["winner"] == "P1" and out["next"] == "round-over"
    assert out["card.top.P2.shrimp.0"] == out["card.top.P1.seal.0"] == "discard:P1"


def test_a_tie_starts_a_war_and_the_war_places_two_down_one_up() -> None:
    tie = _turn("underwater-war", (("seal",), ("seal",)))
    kind, out = _out(tie)
    assert kind == "determined" and out["next"] == "war"
    assert out["card.top.P1.seal.0"] == out["card.top.P2.seal.0"] == "set-aside"
    war = _turn("underwater-war", (("plankton", "shrimp", "shark"), ("plankton", "shrimp", "seal")), step="war",
                aside=((0, "seal", "war"), (1, "seal", "war")))
    kind, out = _out(war, **{"chomp.two_player_won_cards": "discard_pile"})
    assert kind == "determined" and out["winner"] == "P1"  # en.underwater-war.4: the Shark takes all
    assert all(v == "discard:P1" for k, v in out.items() if k.startswith("card."))


def test_two_octopuses_are_a_conflict_between_the_tie_and_the_octopus_rule() -> None:
    """en.underwater-war.3 (a tie: war) against en.underwater-war.6 (an Octopus: the next card)."""
    v, _ = determinacy(SPEC, _turn("underwater-war", (("octopus",), ("octopus",))))
    assert v.kind == "conflict"
    assert {"en.underwater-war.3", "en.underwater-war.6"} <= {c.split("[")[0] for c in v.core}
    for option, nxt in (("next_card", "next-card"), ("war", "war")):
        kind, out = _out(_turn("underwater-war", (("octopus",), ("octopus",))), **{"chomp.uw_octopus_pair": option})
        assert kind == "determined" and out["next"] == nxt


def test_rapido_after_a_war_is_a_conflict_between_its_race_and_underwater_war() -> None:
    """es.chomp-rapido.2 (race for the lowest card) against es.chomp-rapido.4 bringing in
    Underwater War's 'the higher face-up card takes all' (en.underwater-war.4)."""
    war = _turn("chomp-rapido", (("plankton", "plankton", "shark"), ("shrimp", "shrimp", "seal")), step="war")
    v, _ = determinacy(SPEC, war)
    assert v.kind == "conflict" and "es.chomp-rapido.2" in {c.split("[")[0] for c in v.core}


def test_a_player_without_cards_is_out_and_two_left_choose() -> None:
    """en.ending.1-2: at the end of a round, players who have no cards are out; with two left the
    last two choose what happens (en.ending.3)."""
    sit = RaceSituation(players=3, mode="standard", active=(0, 1, 2), step="new-round",
                        table=(("shark",), ("plankton",), ("littlefish",)), aside=(), centre=(), bad_before=(),
                        pile=(2, 0, 2), has_discard=(False, False, False), event=("slap", 0, 1, "plankton"))
    kind, out = _out(sit)
    assert kind == "determined" and out["winner"] == "P1"
    assert out["out.P2"] == "yes" and out["out.P1"] == out["out.P3"] == "no" and out["game"] == "last-two"


def test_the_last_two_count_and_a_tie_is_open() -> None:
    count = LastTwoSituation(players=3, active=(0, 1), cards=(7, 4, 0), centre=0, choice=("count",))
    kind, out = _out(count)
    assert kind == "determined" and out["game"] == "over" and out["wins.P1"] == "yes" and out["wins.P2"] == "no"
    tied = dataclasses.replace(count, cards=(5, 5, 0))
    assert _out(tied)[0] == "gap"  # en.ending.3 declares 'the one with the most cards': nobody has more
    kind, out = _out(tied, **{"chomp.count_tie": "shared_win"})
    assert kind == "determined" and out["wins.P1"] == out["wins.P2"] == "yes"
    kind, out = _out(dataclasses.replace(count, choice=("switch", "doble-chomp")))
    assert kind == "determined" and out["mode"] == "doble-chomp" and out["game"] == "goes-on"


def test_the_object_read_as_the_only_way_to_win_contradicts_the_count() -> None:
    count = LastTwoSituation(players=3, active=(0, 1), cards=(7, 4, 0), centre=0, choice=("count",))
    v, _ = determinacy(SPEC, count, readings={"chomp.read.object_only_way": "the-only-way"})
    assert v.kind == "conflict" and {"en.ending.3[winner]", "en.object.2"} <= set(v.core)


def test_every_game_is_verified_on_a_small_deck_under_recommended() -> None:
    for variant, players, deck in (("underwater-war", 2, "shark=1,seal=1,plankton=1,eel=1,octopus=1"),
                                   ("chomp-rapido", 2, "shark=1,seal=1,eel=1,octopus=1"),
                                   ("doble-chomp", 2, "shark=1,seal=1,plankton=1,eel=1,octopus=1")):
        cfg = Config("chomp", variant, players, deck, "recommended")
        run = check_explored(explore(cfg.load(), config=cfg), max_situations=None)
        assert run is not None and run.verified, variant
        assert run.disagreements == {} and run.silent == {}, (variant, run.disagreements, run.silent)
        assert run.determined == run.situations, variant


# --------------------------------------------------------------------------- planted faults

_PLANTED = textwrap.dedent('''
    import json, sys
    from rulecheck._native import ENGINE_BUILD
    assert ENGINE_BUILD.startswith("pure"), ENGINE_BUILD
    from rulecheck.games.chomp import two_player
    from rulecheck.check.explore import Config, explore
    from rulecheck.check.determinacy import check_explored

    ruleset = "raw" if sys.argv[1] in ("silent", "clean-raw") else "recommended"
    if sys.argv[1] == "lower-wins":
        real = two_player.compare_for.fn
        def compare_for(ctx, ca, cb, step, mode):
            """The planted fault: in Underwater War the card lower on the food chain wins."""
            verdict, race = real(ctx, ca, cb, step, mode)
            if verdict in (two_player.C_FIRST_WINS, two_player.C_SECOND_WINS):
                verdict = two_player.C_SECOND_WINS if verdict == two_player.C_FIRST_WINS else two_player.C_FIRST_WINS
            return verdict, race
        two_player.compare_for.fn = compare_for
    if sys.argv[1] == "silent":
        def nobody_can_play(w, ctx):
            """The planted silence: the engine settles it without asking the ruling point."""
            from rulecheck.games.chomp import standard
            for q in (0, 1):
                standard.give_back(w, q, w.aside[q])
            standard.end_of_round(w, ctx)
        two_player._nobody_can_play = nobody_can_play
    cfg = Config("chomp", "underwater-war", 2, "shark=4,seal=2,plankton=2", ruleset)
    run = check_explored(explore(cfg.load(), config=cfg), max_situations=None)
    print(json.dumps({"disagreements": sorted(run.disagreements), "silent": sorted(run.silent),
                      "cores": [e.get("core") for e in run.disagreements.values()]}))
''')


def _planted(which: str) -> dict[str, list[object]]:
    return run_pure_python(_PLANTED, which)  # type: ignore[no-any-return]


def test_a_planted_fault_in_underwater_war_is_caught() -> None:
    assert _planted("clean")["disagreements"] == []
    planted = _planted("lower-wins")
    assert planted["disagreements"], "the changed rule went unnoticed"
    assert any(c.startswith(("en.underwater-war.2", "en.underwater-war.4")) for core in planted["cores"]
               for c in core), planted["cores"]  # type: ignore[union-attr]


def test_a_decision_the_engine_takes_alone_is_a_silent_decision() -> None:
    """Where neither player has a card for a war, the engine asks chomp.two_player_nobody_can_play;
    an engine that settles it alone is reported."""
    assert not any("war/turn-over" in k for k in _planted("clean-raw")["silent"])  # type: ignore[operator]
    assert any("war/turn-over" in k for k in _planted("silent")["silent"]), "the silent decision went unnoticed"  # type: ignore[operator]


def test_a_clause_says_nothing_of_the_kinds_of_step_it_is_not_asked_about() -> None:
    """``@clause(..., kinds=...)`` lets the check skip a sentence for other kinds of step: that is
    sound only if the sentence would say nothing there."""
    from rulecheck.core.spec import Reader, View
    from rulecheck.games.chomp.spec import DealSituation

    samples = [
        _turn("standard", (("seal",), ("shrimp",), ("shark",))),
        _turn("underwater-war", (("octopus",), ("eel",))),
        _turn("doble-chomp", (("seal", "shrimp"), ("shark", "plankton")), step="tie-replay",
              aside=((0, "seal", "tie"),)),
        RaceSituation(players=2, mode="chomp-rapido", active=(0, 1), step="war", table=(("eel",), ("seal",)),
                      aside=((0, "shark", "war"),), centre=("plankton",), bad_before=(1,), pile=(1, 0),
                      has_discard=(True, False), event=("slap", 0, 1, "seal")),
        RaceSituation(players=3, mode="standard", active=(0, 1, 2), step="ink-out-replay",
                      table=(("seal",), ("shrimp",), ()), aside=((2, "octopus", "ink-out"),), centre=(),
                      bad_before=(), pile=(2, 2, 0), has_discard=(False, False, True), event=("nobody",)),
        LastTwoSituation(players=3, active=(0, 2), cards=(3, 0, 3), centre=1, choice=("count",)),
        DealSituation(players=4, mode="standard", cards=50),
    ]
    for sit in samples:
        out = SPEC.outcome(View(sit, Reader(SPEC, {})))
        for rule in SPEC.clauses:
            if rule.kinds is None or sit.kind in rule.kinds:
                continue
            assert rule.fn(View(sit, Reader(SPEC, {})), out) is None, (rule.id, sit.kind)


def test_a_ruling_point_the_small_decks_never_ask_is_confirmed_on_the_full_deck() -> None:
    """Two Eels turned up together need a deck with two Eels: the searches' small decks have one,
    so chomp.uw_eel_pair is met only in the full-deck playouts, where its steps are asked of the
    text under raw and it leaves the question open (the Eel's race or a war). Were the engine to
    settle it alone, the ruling point would decide no step and the check would have no status."""
    from rulecheck.check.determinacy import check_ruling_steps, ruling_statuses
    from rulecheck.check.stats import playout_stats

    cfg = Config("chomp", "underwater-war", 2)
    game = cfg.load()
    stats = playout_stats(game, 40, 0, 5_000, cfg)
    assert stats.ruling_steps.get("chomp.uw_eel_pair"), "no full-deck game turned up two Eels together"
    run = check_ruling_steps(game, cfg.with_ruleset("raw").load(), stats.ruling_steps, ["chomp.uw_eel_pair"], 5_000)
    assert run is not None
    status = ruling_statuses([run]).get("chomp.uw_eel_pair")
    assert status is not None and status["status"] == "confirmed", status
