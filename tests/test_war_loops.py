"""Underwater War with a fixed return order (chomp.two_player_won_cards = bottom_of_pile): deals
played by one fair schedule, searched for a state that comes back (rulecheck.check.war_loops);
the lasso found replays in the engine, and the search reports no loop where the rules, the
schedule or the fairness assumption rule it out."""

from __future__ import annotations

import random
from collections.abc import Hashable
from functools import cache

import planted_rules
import pytest

from rulecheck.audit import explain_finding
from rulecheck.check.explore import Config
from rulecheck.check.full_deck import SMALL_DECK_ONLY
from rulecheck.check.stats import playout
from rulecheck.check.war_loops import (
    ENDED,
    LOOP,
    RULING,
    Deal,
    WarSearch,
    climb,
    every_deal,
    fixed_order,
    play_deal,
    scheduled,
    search,
    seeded_deals,
    war_configs,
    war_finding,
    war_free_rounds,
    war_searches,
    winning_slap,
)
from rulecheck.core.errors import RulesetError
from rulecheck.core.game import CHANCE, RACE, Action, Game, action_from_json
from rulecheck.games import load_game
from rulecheck.games.chomp.race import valid_slappers

EEL_DECK = "shark=1,seal=1,plankton=1,eel=1,octopus=1"  # the audit's reduced deck with an Eel


@cache
def eel_search(ruleset: str = "recommended", fixed: bool = True) -> WarSearch:
    cfg = Config("chomp", "underwater-war", 2, EEL_DECK, ruleset)
    cfg = fixed_order(cfg) if fixed else cfg
    game = cfg.load()
    return search(game, cfg, every_deal(game), "every deal")


def _states(game: Game, actions: tuple[Action, ...]) -> list[Hashable]:
    states = [game.root_state()]
    for a in actions:
        states.append(game.apply(states[-1], a).state)
    return states


def test_a_loop_is_found_where_one_exists_and_its_lasso_replays_to_the_same_state() -> None:
    found = eel_search()
    assert found.deals == 120 and found.outcomes[LOOP] > 0 and found.exhaustive
    assert sum(found.outcomes.values()) == found.deals
    assert found.loop is not None and found.loop.loop_start is not None
    game = found.config.load()
    actions, start = found.loop.actions, found.loop.loop_start
    states = _states(game, actions)
    assert states[start] == states[-1] and start < len(actions)
    loop = actions[start:]
    assert not any(game.is_chance_node(s) or game.unfair(s, a) for s, a in zip(states[start:], loop, strict=False))
    again = _states(game, actions + loop)  # round the loop once more: the same state a third time
    assert again[-1] == states[start]


def test_under_the_recommended_discard_pile_the_same_deals_do_not_repeat_for_ever() -> None:
    """With the won cards shuffled back in (discard_pile) a state that comes back has a shuffle in
    between: no loop is reported, though the fixed order finds some on the same deck."""
    assert eel_search().outcomes[LOOP] > 0
    shuffled = eel_search(fixed=False)
    assert shuffled.config.rules() == "recommended" and shuffled.deals == 120
    assert shuffled.outcomes[LOOP] == 0 and shuffled.loop is None


def test_the_schedule_slaps_to_win_whenever_someone_can_and_never_makes_a_bad_chomp() -> None:
    game = fixed_order(Config("chomp", "underwater-war", 2, EEL_DECK)).load()
    races = 0
    for deal in every_deal(game):
        state = game.apply(game.root_state(), deal.action).state
        for a in play_deal(game, deal).actions[1:]:
            if game.current_player(state) == RACE:
                races += 1
                chosen = scheduled(game, state, random.Random(0))
                assert not game.unfair(state, chosen)
                after = game.apply(state, chosen).state
                assert game.current_player(after) != RACE  # the race is over: no Bad Chomp first
                if valid_slappers(state):
                    assert chosen == winning_slap(game, state) and chosen[1] == min(valid_slappers(state))
                else:
                    assert chosen == ("nobody_slaps",) and winning_slap(game, state) is None
            state = game.apply(state, a).state
    assert races > 0


@pytest.fixture
def planted(monkeypatch: pytest.MonkeyPatch) -> None:
    planted_rules.register(monkeypatch.setitem)


def _always_pass(game: Game, state: Hashable, rng: random.Random) -> Action:
    return ("pass",) if ("pass",) in game.legal_actions(state) else game.legal_actions(state)[0]


def test_a_loop_that_needs_an_unfair_move_is_not_play_for_ever(planted: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """The planted game's cards 0 and 3: the higher card may pass, and passing for ever is a loop.
    Once passing with a winning card is a move the fairness assumption rules out, the same play
    is not reported as repeating for ever."""
    game = load_game("planted", None, 2, "recommended")
    deal = Deal(("deal", 0, 3), random.Random(0), "deal 0 3")
    looped = play_deal(game, deal, 50, _always_pass)
    assert looped.outcome == LOOP and looped.loop_start is not None
    monkeypatch.setattr(type(game), "unfair", lambda self, s, a: a == ("pass",) and ("win",) in self.legal_actions(s))
    assert play_deal(game, deal, 50, _always_pass).outcome != LOOP


def test_seeded_full_deck_deals_are_the_simulated_games_deals_and_the_search_is_work_bounded() -> None:
    cfg = fixed_order(Config("chomp", "underwater-war", 2, "full"))
    game = cfg.load()
    deals = list(seeded_deals(game, 7, 3))
    assert [d.label for d in deals] == ["seed 7", "seed 8", "seed 9"]
    for s, d in zip(range(7, 10), deals, strict=True):
        assert d.action == next(playout(game, s, 1))[1]  # the deal `rulecheck simulate --seed s` plays
    one = search(game, cfg, seeded_deals(game, 7, 20), "seeds 7..26", max_steps=40)
    two = search(game, cfg, seeded_deals(game, 7, 20), "seeds 7..26", max_steps=40)
    assert one.to_json() == two.to_json() and one.deals == 20
    assert one.outcomes["step limit"] > 0  # 40 actions end no full-deck game: the bound is steps, not time
    assert search(game, cfg, seeded_deals(game, 7, 20), "", max_steps=5_000).outcomes[ENDED] > 0


def test_the_finding_has_a_lasso_that_explain_replays_and_its_full_deck_status(tmp_path: object) -> None:
    small = eel_search()
    cfg = fixed_order(Config("chomp", "underwater-war", 2, "full"))
    full = search(cfg.load(), cfg, seeded_deals(cfg.load(), 0, 5), "seeds 0..4")
    f = war_finding([small, full], "discard_pile")
    assert f is not None and f.id == "chomp.cycle.underwater-war.bottom_of_pile"
    assert f.kind == "non-termination" and f.ruling == RULING and f.severity == "info" and f.verified
    assert f.witness is not None and f.witness.config["choices"] == {RULING: "bottom_of_pile"}
    assert f.data["full_deck"]["status"] == SMALL_DECK_ONLY and "seeds 0..4: 5 deal(s)" in f.data["full_deck"]["how"]
    text = explain_finding(f)
    assert "the state is exactly the one before step 2" in text
    assert war_finding([small, full], "bottom_of_pile").severity == "high"  # a defect of a ruleset that chooses it
    assert war_finding([eel_search(fixed=False), full], "discard_pile") is None
    game = Config.from_json(f.witness.config).load()
    states = _states(game, tuple(action_from_json(a) for a in f.witness.actions))
    assert states[f.witness.loop_start] == states[-1]


def test_the_audit_plan_searches_every_reduced_deck_and_the_full_deck_once() -> None:
    plan = [("chomp", "underwater-war", 2, EEL_DECK), ("chomp", "standard", 3, "mini"),
            ("chomp", "underwater-war", 2, "full")]
    cfgs = war_configs(plan, "recommended")
    assert [c.deck for c in cfgs] == [EEL_DECK, "full"] and all(c.choices == ((RULING, "bottom_of_pile"),)
                                                                 for c in cfgs)
    assert war_configs([("chomp", "standard", 3, "mini")], "recommended") == []
    searched = war_searches(cfgs, 0, 0)
    assert [s.config.deck for s in searched] == [EEL_DECK]  # no full-deck deals asked for: none played


def test_a_configuration_with_choices_round_trips_and_refuses_unknown_ones() -> None:
    cfg = Config("chomp", "underwater-war", 2, "mini").with_choices({RULING: "bottom_of_pile"})
    assert Config.from_json(cfg.to_json()) == cfg
    assert cfg.load().ruleset.choices[RULING] == "bottom_of_pile"
    assert Config("chomp", "underwater-war", 2, "mini").load().ruleset.choices[RULING] == "discard_pile"
    assert "chomp.two_player_won_cards=bottom_of_pile" in cfg.label()
    assert "choices" not in cfg.with_ruleset("raw").to_json()
    with pytest.raises(RulesetError, match="no option"):
        cfg.with_choices({RULING: "on_top"}).load()
    with pytest.raises(RulesetError, match="not a ruling point"):
        cfg.with_choices({"chomp.nope": "x"}).load()


def test_chance_after_the_deal_comes_from_the_deals_own_source() -> None:
    game = Config("chomp", "underwater-war", 2, EEL_DECK).load()  # discard_pile: shuffles happen

    def reshuffles(deal: Deal) -> bool:
        return any(game.current_player(s) == CHANCE for s in _states(game, play_deal(game, deal).actions)[1:-1])

    index = next(i for i, deal in enumerate(every_deal(game, 3)) if reshuffles(deal))
    first, again = (list(every_deal(game, 3))[index] for _ in range(2))
    assert first.label == again.label and play_deal(game, first) == play_deal(game, again)
    assert first.rng is not again.rng


def test_the_audit_reports_the_search_the_loop_and_how_play_ends(monkeypatch: pytest.MonkeyPatch) -> None:
    """A quick audit of one Underwater War deck, with the Eel deck added to its fixed-order search
    and 10 full-deck deals: the report lists every search, the loop is a finding whose full-deck
    status is the search's own (small deck only), `explain` replays it from the JSON report, the
    AUDIT.md says how play ends per configuration, and a second run writes the same bytes."""
    from rulecheck.audit import find_finding, report_from_json, run_audit
    from rulecheck.audit import run as audit

    plan = [("chomp", "underwater-war", 2, "shark=1,seal=1,plankton=1,octopus=2")]
    monkeypatch.setattr(audit, "war_configs", lambda entries, ruleset: [
        fixed_order(Config("chomp", "underwater-war", 2, deck, ruleset)) for deck in (plan[0][3], EEL_DECK, "full")])
    monkeypatch.setattr(audit, "FULL_DECK_DEALS", 10)
    monkeypatch.setattr(audit, "CLIMB_EVALUATIONS", 300)
    report = run_audit(["chomp"], plan=plan, playouts=5, write=False, jobs=1)
    assert [(s["config"]["deck"], s["deals"]) for s in report.fixed_order] == [
        (plan[0][3], 60), (EEL_DECK, 120), ("full", 10), ("full", 0)]
    assert report.fixed_order[-1]["which"].startswith("hill climbing from seed 15: 300 deals scored")
    f = find_finding(report.to_json(), "chomp.cycle.underwater-war.bottom_of_pile")
    assert f.data["full_deck"]["status"] == SMALL_DECK_ONLY and "seeds 0..9: 10 deal(s)" in f.data["full_deck"]["how"]
    assert "exactly the one before step" in explain_finding(f)
    ending = report.configurations[0]["chosen"]["ending"]
    assert ending["verdict"] == "not with probability 1" and ending["stuck"] > 0
    md = report.to_markdown()
    assert "## Ending" in md and "### Underwater War with a fixed return order" in md
    assert "| every deal (120) | 112 | 8 |" in md and "chomp underwater-war 2p: 5 of 5 ended" in md
    assert report_from_json(report.to_json()).to_markdown() == md
    assert run_audit(["chomp"], plan=plan, playouts=5, write=False, jobs=1).dumps() == report.dumps()


def test_the_command_prints_the_counts_and_a_lasso_that_replays() -> None:
    import json

    from click.testing import CliRunner

    from rulecheck.cli import main
    from rulecheck.findings import Witness

    res = CliRunner().invoke(main, ["war-loops", "--deck", EEL_DECK, "--json"])
    assert res.exit_code == 0, res.output
    out = json.loads(res.stdout)
    assert out["search"] == eel_search().to_json()
    w = Witness.from_json(out["witness"])
    states = _states(Config.from_json(w.config).load(), tuple(action_from_json(a) for a in w.actions))
    assert w.loop_start is not None and states[w.loop_start] == states[-1]
    text = CliRunner().invoke(main, ["war-loops", "--deals", "3", "--seed", "4"])
    assert text.exit_code == 0 and "3 deal(s) of chomp underwater-war 2p deck=full" in text.stdout
    assert "(seeds 4..6): 3 ended" in text.stdout
    bad = CliRunner().invoke(main, ["war-loops", "--ruleset", "nope.json"])
    assert bad.exit_code == 2 and "nope.json" in bad.output


FULL = fixed_order(Config("chomp", "underwater-war", 2, "full", "recommended"))


def test_war_free_rounds_counts_the_rounds_before_the_first_war() -> None:
    """Piles that meet two Big Fish in round 3 (after a Shark beats a Shrimp and a Seal a Little
    Fish): two rounds played before the war."""
    game = FULL.load()
    rest = ["plankton"] * 5 + ["shrimp"] * 7 + ["littlefish"] * 10 + ["bigfish"] * 8 + ["seal"] * 4 + ["shark"] * 3 \
        + ["eel"] * 3 + ["octopus"] * 4
    first = ["shark", "seal", "bigfish"]
    second = ["shrimp", "littlefish", "bigfish"]
    deal = game.deal_action([first + rest[:22], second + rest[22:]])
    assert war_free_rounds(game, deal, 100, random.Random(0)) == 2
    assert war_free_rounds(game, deal, 1, random.Random(0)) == 1  # the cap


def test_the_climb_is_deterministic_and_says_how_much_it_scored() -> None:
    game = FULL.load()
    a, b = (climb(game, FULL, 5, 1_500) for _ in range(2))
    assert a.to_json() == b.to_json()
    assert a.which == "hill climbing from seed 5: 1,500 deals scored in 1 climb(s)" and a.loop is None


@pytest.mark.slow
def test_the_climb_finds_a_full_deck_deal_that_is_played_for_ever() -> None:
    """The classic War result on the full deck (about 50 s): the climb from seed 15 finds a deal
    whose play by the fair schedule comes back to a state, the lasso replays in the engine, and
    the finding built from it is confirmed on the full deck. The rule that causes it is the fixed
    return order: with the won cards in the discard pile (the recommended option), the same deal
    is not played for ever."""
    from rulecheck.check.full_deck import CONFIRMED
    from rulecheck.check.war_loops import FIXED_ORDER
    from rulecheck.engine import replay

    game = FULL.load()
    found = climb(game, FULL, 15, 400_000)
    assert found.loop is not None and found.loop.loop_start is not None and found.outcomes[LOOP] == 1
    lasso, start = found.loop.actions, found.loop.loop_start
    (_, at_start), (_, at_end) = replay(game, lasso[:start]), replay(game, lasso)
    assert at_start == at_end and len(lasso) > start
    f = war_finding([found], FIXED_ORDER)
    assert f is not None and f.severity == "high" and f.data["full_deck"]["status"] == CONFIRMED
    assert f.witness is not None and f.witness.config["deck"] == "full"
    discard = Config("chomp", "underwater-war", 2, "full", "recommended").load()
    assert play_deal(discard, Deal(lasso[0], random.Random(0), "the same deal")).outcome != LOOP
