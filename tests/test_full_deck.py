"""Findings and the full deck: each finding made on a reduced deck gets a status for the real game
(confirmed, refuted, small deck only, text) from the seeded full-deck games, with a witness that
`rulecheck simulate` replays; the errata drop what the full deck refutes and hold back (list apart,
unpublished) what only the small decks showed; the FAQ labels it."""

from __future__ import annotations

from functools import cache
from typing import Any

import pytest

from rulecheck.check.determinacy import playout_witness
from rulecheck.check.explore import Config
from rulecheck.check.full_deck import (
    CONFIRMED,
    REFUTED,
    SMALL_DECK_ONLY,
    TEXT,
    full_deck_status,
    small_deck_only,
    status_counts,
)
from rulecheck.check.stats import PlayoutStats, playout, playout_stats
from rulecheck.core.rulings import load_ruleset
from rulecheck.docs.errata import HELD_BACK_TITLE, build_errata, errata_markdown, erratum_markdown, held_back, published
from rulecheck.docs.html import errata_html
from rulecheck.docs.text import LABELS
from rulecheck.findings import Finding
from rulecheck.games import load_game

UW_SMALL = {"game": "chomp", "variant": "underwater-war", "players": 2, "ruleset": "recommended",
            "deck": "shark=1,seal=1,eel=1,octopus=1"}


@cache
def uw_full() -> PlayoutStats:
    """Seeded full-deck games of Underwater War, as the audit plays them."""
    cfg = Config("chomp", "underwater-war", 2, "full", "recommended")
    return playout_stats(cfg.load(), 40, 0, 5_000, cfg)


def finding(kind: str, ruling: str | None = None, clauses: tuple[str, ...] = (), deck: str = UW_SMALL["deck"],
            **data: object) -> Finding:
    fid = f"chomp.{kind}.{ruling or 'x'}"
    return Finding(fid, "chomp", kind, "high", fid, clauses=clauses, ruling=ruling,
                   configs=({**UW_SMALL, "deck": deck},), data=data)


def test_a_ruling_point_never_reached_on_a_small_deck_is_refuted_by_a_full_deck_game() -> None:
    """Two Eels face up at once: a 4-card deck with one Eel never shows it, so the small search
    says ruling point chomp.uw_eel_pair is never reached; the full deck reaches it, and the
    witness (seed and step) is a game in which the engine asks it at that step."""
    stats = uw_full()
    st = full_deck_status(finding("dead-rule", "chomp.uw_eel_pair"), [stats])
    assert st["status"] == REFUTED, st
    w = st["witness"]
    assert w["config"]["deck"] == "full"
    game = load_game("chomp", "underwater-war", 2, "recommended")
    actions = playout_witness(game, w["seed"], w["step"])
    state = game.root_state()
    for a in actions[:-1]:
        state = game.apply(state, a).state
    assert "chomp.uw_eel_pair" in game.apply(state, actions[-1]).provenance.rulings


def test_a_proof_that_the_set_up_rules_it_out_gives_way_to_a_full_deck_game_that_reaches_it() -> None:
    """A finding that something never happens because the set-up takes its cards out of play
    (``out_of_play``) is proved for any deal, unless a seeded full-deck game reaches it: then the
    proof was wrong, and the game refutes it."""
    stats = uw_full()
    taken_out = finding("dead-rule", "chomp.uw_eel_pair", out_of_play=True)
    assert full_deck_status(taken_out, [stats])["status"] == REFUTED
    assert full_deck_status(taken_out, [])["status"] == CONFIRMED


def test_a_gap_is_confirmed_where_the_full_deck_meets_its_ruling_point_and_not_elsewhere() -> None:
    stats = uw_full()
    met = full_deck_status(finding("gap", "chomp.two_player_won_cards"), [stats])
    assert met["status"] == CONFIRMED and met["witness"]["seed"] >= 0
    # a ruling point Underwater War never asks (a Doble Chomp one): not met there
    assert full_deck_status(finding("gap", "chomp.doble_which_card"), [stats])["status"] == SMALL_DECK_ONLY
    # the same gap with another player count than the games played: not met either
    other = Finding("chomp.gap.y", "chomp", "gap", "high", "y", ruling="chomp.two_player_won_cards",
                    configs=({**UW_SMALL, "players": 3, "variant": "standard"},))
    assert full_deck_status(other, [stats])["status"] == SMALL_DECK_ONLY


def test_loops_and_traps_stay_small_deck_only_and_text_findings_need_no_deck() -> None:
    stats = uw_full()
    assert full_deck_status(finding("trap"), [stats])["status"] == SMALL_DECK_ONLY
    assert full_deck_status(finding("non-termination"), [stats])["status"] == SMALL_DECK_ONLY
    assert full_deck_status(finding("trap", deck="full"), [stats])["status"] == CONFIRMED
    assert full_deck_status(finding("translation"), [stats])["status"] == TEXT


def test_a_clause_and_an_ending_never_seen_on_a_small_deck_are_refuted_when_the_full_deck_has_them() -> None:
    stats = uw_full()
    eel = full_deck_status(finding("dead-rule", clauses=("en.underwater-war.5", "es.guerra-submarina.5")), [stats])
    assert eel["status"] == REFUTED and "step" in eel["witness"]
    ending = next(iter(stats.outcomes))
    assert full_deck_status(finding("unreachable-outcome", outcome=ending), [stats])["status"] == REFUTED
    never = full_deck_status(finding("unreachable-outcome", outcome="no-such-ending"), [stats])
    assert never["status"] == SMALL_DECK_ONLY


def test_the_errata_drop_refuted_findings_and_hold_back_small_deck_ones() -> None:
    stats = uw_full()
    rulesets = {"chomp": load_ruleset("chomp", "recommended")}

    def with_status(f: Finding) -> Finding:
        return Finding(**{**f.__dict__, "data": {**f.data, "full_deck": full_deck_status(f, [stats])}})

    small = with_status(finding("gap", "chomp.doble_which_card"))
    met = with_status(finding("gap", "chomp.two_player_won_cards"))
    assert small_deck_only([small]) and not small_deck_only([met]) and not small_deck_only([])
    errata = {e.key: e for e in build_errata([small, met], rulesets)}
    assert errata["chomp.doble_which_card"].small_deck and not errata["chomp.two_player_won_cards"].small_deck
    for key, labelled in (("chomp.doble_which_card", True), ("chomp.two_player_won_cards", False)):
        e = errata[key]
        assert (LABELS[e.lang]["small_deck"] in "\n".join(erratum_markdown(1, e))) is labelled, key
    counts = status_counts([small, met])
    assert counts == {"gap": {CONFIRMED: 1, SMALL_DECK_ONLY: 1}}
    # a finding the full deck refutes is no erratum at all
    refuted = Finding(**{**small.__dict__, "data": {"full_deck": {"status": REFUTED, "how": "reached"}}})
    assert build_errata([refuted], rulesets) == []
    assert len(build_errata([small], rulesets)) == 1
    # only what the full deck confirms is published: the small-deck one is listed apart, unnumbered
    all_errata = build_errata([small, met], rulesets)
    assert [e.key for e in published(all_errata)] == ["chomp.two_player_won_cards"]
    assert [e.key for e in held_back(all_errata)] == ["chomp.doble_which_card"]
    md = errata_markdown(all_errata, rulesets)
    numbered, _, apart = md.partition(f"## {HELD_BACK_TITLE}")
    held = held_back(all_errata)[0]
    assert "### 1." in numbered and "### 2." not in numbered and held.problem not in numbered
    assert held.problem in apart and "### " not in apart
    html = errata_html(all_errata, rulesets)
    assert html.count('class="entry"') == 1 and html.count("<li>") == 1


def test_a_claim_broken_on_a_small_deck_is_confirmed_where_a_full_deck_game_breaks_it() -> None:
    """Chonker Party's 'all players should have the same number of cards left' at the end of a
    circle: broken on a small deck, and again in a seeded full-deck game, whose step is the
    witness; an invariant no full-deck game breaks stays small deck only."""
    cfg = Config("chonker-party", "standard", 4, "full", "recommended")
    stats = playout_stats(cfg.load(), 10, 0, 5_000, cfg)
    small = {"game": "chonker-party", "variant": "standard", "players": 4, "ruleset": "recommended",
             "deck": "mini"}

    def claim(vid: str) -> Finding:
        return Finding(f"chonker-party.invariant.{vid}", "chonker-party", "invariant", "high", vid,
                       configs=(small,), data={"invariant": vid})

    st = full_deck_status(claim("cp.claim.same-cards-left"), [stats])
    assert st["status"] == CONFIRMED and st["how"].startswith("broken on the full deck: seeded game"), st
    w = st["witness"]
    game = cfg.load()
    state = game.root_state()
    for a in playout_witness(game, w["seed"], w["step"]):
        state = game.apply(state, a).state
    assert "cp.claim.same-cards-left" in {v.id for v in game.invariants(state)}
    assert full_deck_status(claim("cp.cards-conserved"), [stats])["status"] == SMALL_DECK_ONLY


def test_a_loop_is_confirmed_by_a_full_deck_game_that_comes_back_to_a_state() -> None:
    """A seeded full-deck game of the 3-player game that returns to a state it was in, with no
    move the fairness assumption rules out, confirms the small deck's loop (its actions repeated
    are a play that never ends) and refutes a finding that said every loop needs such a move."""
    cfg = Config("chomp", "standard", 3, "full", "recommended")
    stats = playout_stats(cfg.load(), 40, 49_160, 5_000, cfg)  # seed 49174 loops
    small = {"game": "chomp", "variant": "standard", "players": 3, "ruleset": "recommended", "deck": "mini"}
    fair = Finding("chomp.cycle.standard", "chomp", "non-termination", "high", "loop", configs=(small,),
                   data={"fair": True})
    st = full_deck_status(fair, [stats])
    assert st["status"] == CONFIRMED and st["how"].startswith("a loop on the full deck: seeded game"), st
    w = st["witness"]
    game = cfg.load()
    actions = playout_witness(game, w["seed"], w["step"])
    states = [game.root_state()]
    for a in actions:
        states.append(game.apply(states[-1], a).state)
    assert states[w["loop_start"]] == states[-1] and w["loop_start"] < len(actions)
    assert not any(game.unfair(states[i], actions[i]) for i in range(w["loop_start"], len(actions)))
    unfair = Finding("chomp.unfair-cycle.standard", "chomp", "non-termination", "info", "loop", configs=(small,),
                     data={"fair": False})
    assert full_deck_status(unfair, [stats])["status"] == REFUTED
    assert full_deck_status(fair, [playout_stats(cfg.load(), 5, 0, 5_000, cfg)])["status"] == SMALL_DECK_ONLY


def test_an_ambiguity_of_a_small_deck_is_confirmed_where_a_full_deck_game_meets_it() -> None:
    """'then you can play any new card' (cp.read.any_new_card) was read two ways on a reduced deck;
    the seeded full-deck games are checked step by step under the rules as written until its
    readings give different results, and that game and step are the witness: replayed, the
    situation there has two readings with different verdicts. A reading point no clause asks
    lets no step through, so the look ends with its games; one the text asks but that never
    parts is looked for until the bound of situations stops the search."""
    from rulecheck.check.determinacy import check_reading_steps, playout_findings, spec_modules
    from rulecheck.core.spec import determinacy

    cfg = Config("chonker-party", "standard", 3, "full", "recommended")
    game, raw = cfg.load(), cfg.with_ruleset("raw").load()
    point = "cp.read.any_new_card"
    run = check_reading_steps(game, raw, [point, "cp.read.no_such_point"], 20, 0, 2_000, max_situations=300)
    assert run is not None and set(run.ambiguities) == {point} and not run.bounded
    assert run.situations == 1 and run.states_checked == 20
    bounded = check_reading_steps(game, raw, [point, "cp.read.war_chonk_in_pile"], 20, 0, 2_000, max_situations=1)
    assert bounded is not None and set(bounded.ambiguities) == {point} and bounded.bounded
    _, seed, step = run.ambiguities[point]["node"]
    state, action = next((s, a) for n, (s, a, _) in enumerate(playout(game, seed, step + 1)) if n == step)
    spec_mod, bridge = spec_modules("chonker-party")  # type: ignore[misc]
    sit, _ = bridge.situation_in(raw, state, action)
    readings = [rid for rid, _ in spec_mod.SPEC.readings[point].options]
    verdicts = {(v.kind, v.outcome)
                for v in (determinacy(spec_mod.SPEC, sit, readings={point: r})[0] for r in readings)}
    assert len(verdicts) > 1
    (f,) = playout_findings(game, cfg, run)
    assert f.kind == "ambiguity" and f.configs[0]["deck"] == "full" and f.witness is not None
    assert not f.verified  # seeded games are a sample: real (the witness replays), not exhaustive
    assert len(f.witness.actions) == step + 1 == len(playout_witness(game, seed, step))
    confirmed = full_deck_status(Finding(**{**f.__dict__, "data": {**f.data, "full_deck_at": {
        "config": cfg.to_json(), "seed": seed, "step": step}}}), [])
    assert confirmed["status"] == CONFIRMED and confirmed["witness"] == {"config": cfg.to_json(), "seed": seed,
                                                                         "step": step}


def test_a_gap_the_playouts_miss_is_confirmed_by_more_seeded_games() -> None:
    """Players still tied on points, Chonks and cards (cp.final_tie) is rare: none of the first
    200 seeded 2-player games has it. The targeted search plays more seeded games, in batches,
    until it is met; the batch's statistics then confirm the gap with a game `simulate` replays.
    A ruling point no game consults (the win piles' visibility is read by the players, not the
    rules) is looked for in every game of the budget and stays small-deck only."""
    from rulecheck.audit.jobs import targeted_job

    cfg = Config("chonker-party", "standard", 2, "full", "recommended")
    found = targeted_job([(cfg, 3_900)], [("ruling", "cp.final_tie")], 2_000, None)
    assert isinstance(found, list) and len(found) == 1
    gap = Finding("chonker-party.gap.final_tie", "chonker-party", "gap", "low", "gap", ruling="cp.final_tie",
                  configs=({**cfg.to_json(), "deck": "sweet=1,salty=1,chonk=1,leaf=2,war=2,hand=1"},))
    status = full_deck_status(gap, found)
    assert status["status"] == CONFIRMED and status["witness"]["seed"] >= 3_900
    seed, step = status["witness"]["seed"], status["witness"]["step"]
    assert len(playout_witness(cfg.load(), seed, step)) == step + 1
    assert full_deck_status(gap, [])["status"] == SMALL_DECK_ONLY


def test_a_loop_and_a_gap_the_playouts_miss_are_found_by_more_seeded_games(monkeypatch: pytest.MonkeyPatch) -> None:
    """The targeted search looks for a loop that keeps the fairness assumption as well: seeded
    3-player game 49174 comes back to a state (the game alone is kept, and confirms the loop). A
    gap's ruling point is looked for in each configuration in turn: no 3-player game of the first
    batch consults chomp.two_player_nobody_can_play, 4-player game 730 does."""
    from rulecheck.audit import jobs

    three = Config("chomp", "standard", 3, "full", "recommended")
    four = Config("chomp", "standard", 4, "full", "recommended")
    found = jobs.targeted_job([(three, 49_000)], [("loop", "fair loop")], 5_000, None)
    assert isinstance(found, list) and [(st.seed, st.games) for st in found] == [(49_174, 1)]
    small = {"game": "chomp", "variant": "standard", "players": 3, "ruleset": "recommended", "deck": "mini"}
    cycle = Finding("chomp.cycle.standard", "chomp", "non-termination", "high", "loop", configs=(small,),
                    data={"fair": True})
    assert full_deck_status(cycle, found)["status"] == CONFIRMED

    monkeypatch.setattr(jobs, "TARGETED_GAMES", 500)
    notes: list[str] = []
    found = jobs.targeted_job([(three, 0), (four, 500)], [("ruling", "chomp.two_player_nobody_can_play")],
                              5_000, notes.append)
    assert isinstance(found, list) and [st.config for st in found] == [four]
    assert found[0].ruling_steps["chomp.two_player_nobody_can_play"][0][0] == 730
    assert "met none" in notes[0] and "met chomp.two_player_nobody_can_play" in notes[1]


def test_a_dead_rule_is_looked_for_in_its_first_configuration_and_a_gap_in_each() -> None:
    """A claim of absence is looked for in the first full-deck configuration of its variants and
    player counts; what the errata would publish (a gap, a loop) in every one of them."""
    from rulecheck.audit.full_deck import _where_to_look

    stats = [playout_stats(Config("chomp", v, p, "full", "recommended").load(), 1, 0, 10,
                           Config("chomp", v, p, "full", "recommended"))
             for v, p in (("standard", 3), ("standard", 4), ("underwater-war", 2))]
    configs = tuple({"variant": v, "players": p} for v, p in (("standard", 4), ("standard", 3)))
    gap = Finding("chomp.gap.x", "chomp", "gap", "low", "gap", ruling="chomp.x", configs=configs)
    dead = Finding("chomp.dead-rule.x", "chomp", "dead-rule", "low", "dead", clauses=("en.object.1",),
                   configs=configs)
    assert _where_to_look(gap, stats) == (0, 1)
    assert _where_to_look(dead, stats) == (0,)


def test_an_erratum_confirmed_findings_make_leaves_out_the_small_deck_ones() -> None:
    """A loop confirmed on the full deck and a trap of the same variant seen on a reduced deck
    only make the same erratum: it is published, made of the confirmed loop alone; with the
    trap alone it is held back."""
    rulesets = {"chomp": load_ruleset("chomp", "recommended")}

    def loop(kind: str, status: str) -> Finding:
        return Finding(f"chomp.{kind}.underwater-war", "chomp", kind, "critical", kind, configs=(UW_SMALL,),
                       data={"full_deck": {"status": status, "how": "x"}})

    cycle, trap = loop("non-termination", CONFIRMED), loop("trap", SMALL_DECK_ONLY)
    (e,) = build_errata([cycle, trap], rulesets)
    assert not e.small_deck and e.findings == (cycle.id,)
    (held,) = build_errata([trap], rulesets)
    assert held.small_deck and held.findings == (trap.id,)


def test_the_reading_search_spends_its_bound_on_steps_where_the_clause_applies() -> None:
    """Looking for the Feeding Frenzy reading (chomp.read.frenzy_all_cards) in seeded full-deck
    games, only steps where its clause (en.feeding-frenzy.3) applies under one of its readings are
    checked: a few hundred situations find it, where checking every step would spend them on
    rounds without a Frenzy."""
    from rulecheck.check.determinacy import _FullDeckCheck, _reading_filter, check_reading_steps

    cfg = Config("chomp", "standard", 3, "full", "recommended")
    game, raw = cfg.load(), cfg.with_ruleset("raw").load()
    point = "chomp.read.frenzy_all_cards"
    run = check_reading_steps(game, raw, [point], 40, 0, 5_000, max_situations=300)
    assert run is not None and set(run.ambiguities) == {point} and not run.bounded
    _, seed, step = run.ambiguities[point]["node"]
    check = _FullDeckCheck.start(raw, "raw")
    assert check is not None
    meets = _reading_filter(check, {point})
    steps = [(s, a) for s, a, _ in playout(game, seed, step + 1)]
    assert meets(*steps[step]) and not meets(*steps[0])  # the Frenzy step; the deal
    passed = sum(meets(s, a) for s, a, _ in playout(game, seed, 5_000))
    assert 0 < passed < 0.5 * sum(1 for _ in playout(game, seed, 5_000))
    # a point no clause declares or asks (the check refuses an undeclared ask): no step can show it
    assert not _reading_filter(check, {"chomp.read.no_such_point"})(*steps[step])


def test_the_reading_search_stops_looking_for_a_point_once_its_readings_part() -> None:
    """Looking for the Feeding Frenzy's reading (chomp.read.frenzy_all_cards) and the Eel's
    (chomp.read.eel_prevails_where, which 40 seeded games do not show) together: once the Frenzy's
    readings have parted, the look checks only the steps that can still show the Eel's, so it
    checks no more situations than the two looks apart, and fewer than every step that can show
    either point; the Frenzy's witness is the step its own look finds."""
    from rulecheck.check.determinacy import _FullDeckCheck, _reading_filter, check_reading_steps, spec_modules

    cfg = Config("chomp", "standard", 3, "full", "recommended")
    game, raw = cfg.load(), cfg.with_ruleset("raw").load()
    frenzy, eel = "chomp.read.frenzy_all_cards", "chomp.read.eel_prevails_where"
    alone = {p: check_reading_steps(game, raw, [p], 40, 0, 5_000, max_situations=300) for p in (frenzy, eel)}
    both = check_reading_steps(game, raw, [frenzy, eel], 40, 0, 5_000, max_situations=300)
    assert both is not None and alone[frenzy] is not None and alone[eel] is not None
    assert set(both.ambiguities) == {frenzy} and not both.bounded and both.states_checked == 40
    assert both.ambiguities[frenzy]["node"] == alone[frenzy].ambiguities[frenzy]["node"]
    assert both.situations <= alone[frenzy].situations + alone[eel].situations
    check = _FullDeckCheck.start(raw, "raw")
    mods = spec_modules("chomp")
    assert check is not None and mods is not None
    meets = _reading_filter(check, {frenzy, eel})
    either = {mods[1].situation(s, a)[0] for g in range(40) for s, a, _ in playout(game, g, 5_000) if meets(s, a)}
    assert both.situations < len(either)


def test_the_reading_search_passes_over_steps_whose_question_no_reading_changes(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """'Keep the round going by playing a trump' (cp.continuing.1) before any trump exists: only a
    Chonk, or any non-action card (cp.read.trump_before_any)? No reduced deck shows the readings
    part; the audit looks for it on the full deck with the other points no reduced deck showed,
    at most 500 situations. Its clauses apply wherever the Master keeps a round going, but the
    readings change the question only where no trump exists yet and the player holds a card the
    readings treat differently: the look passes over the other steps, so it reaches seeded
    2-player game 123, where the readings part. Spending the bound on every step where a clause
    applies (as the look did before), it stops short of it; read one way only, the same game
    shows nothing."""
    from rulecheck.audit.full_deck import UNSEEN_READING_SITUATIONS
    from rulecheck.check import determinacy
    from rulecheck.check.determinacy import _FullDeckCheck, _reading_filter, check_reading_steps
    from rulecheck.core import spec as core_spec

    cfg = Config("chonker-party", "standard", 2, "full", "recommended")
    game, raw = cfg.load(), cfg.with_ruleset("raw").load()
    point = "cp.read.trump_before_any"
    unseen = ["cp.read.no_effect_scope", "cp.read.steal_any_player", point, "cp.read.war_chonk_in_pile"]
    run = check_reading_steps(game, raw, unseen, 200, 0, 5_000, UNSEEN_READING_SITUATIONS)
    assert run is not None and point in run.ambiguities
    _, seed, step = run.ambiguities[point]["node"]
    steps = [(s, a) for s, a, _ in playout(game, seed, step + 1)]
    first_games = [(s, a) for g in range(10) for s, a, _ in playout(game, g, 5_000)]
    check = _FullDeckCheck.start(raw, "raw")
    assert check is not None
    sharp = _reading_filter(check, set(unseen))
    assert sharp(*steps[step])
    passed = sum(sharp(s, a) for s, a in first_games)

    def applies(points: set[str]) -> Any:
        """The look as it was: a step passes where a clause that declares a point applies."""
        rules = [cl for cl in check.spec.clauses if set(cl.readings) & points]

        def meets(state: Any, action: Any) -> bool:
            if not check.bridge.applies(state):
                return False
            sit, _ = check.bridge.situation_in(raw, state, action)
            view = core_spec.View(sit, core_spec.Reader(check.spec, {}))
            out = check.spec.outcome(view)
            return any(cl.fn(view, out) is not None for cl in rules
                       if cl.kinds is None or getattr(type(sit), "kind", None) in cl.kinds)
        return meets

    assert passed < 0.2 * sum(applies(set(unseen))(s, a) for s, a in first_games)
    with monkeypatch.context() as m:
        m.setattr(determinacy, "_reading_filter", lambda _, points: applies(points))
        before = check_reading_steps(game, raw, unseen, 200, 0, 5_000, UNSEEN_READING_SITUATIONS)
        assert before is not None and before.bounded and point not in before.ambiguities

    asked = core_spec.Reader.__call__

    def one_reading(self: core_spec.Reader, p: str) -> str:
        return "chonk-only" if p == point else asked(self, p)

    monkeypatch.setattr(core_spec.Reader, "__call__", one_reading)
    one = check_reading_steps(game, raw, [point], 1, seed, 5_000)
    assert one is None or not one.ambiguities  # (None: no reading changes a step's question, none checked)


def test_a_reading_no_reduced_deck_showed_is_looked_for_on_the_full_deck(monkeypatch: pytest.MonkeyPatch) -> None:
    """'Snatch a random card from any player' (cp.steal.1): from yourself too? No reduced deck of
    the plan has a situation where the two readings part, so the audit plans one more look, in
    the game's first full-deck configuration, for every reading point no ambiguity finding names;
    the seeded 2-player games meet it, and the game and step replay. Read one way only (as if the
    book said 'another player'), the same games show nothing."""
    from types import SimpleNamespace

    from rulecheck.audit.full_deck import UNSEEN_READING_SITUATIONS, unseen_reading_jobs
    from rulecheck.audit.jobs import readings_job
    from rulecheck.check.determinacy import READING_SITUATIONS, check_reading_steps
    from rulecheck.core import spec as core_spec

    cfg = Config("chonker-party", "standard", 2, "full", "recommended")
    later = Config("chonker-party", "standard", 3, "full", "recommended")
    stats = [SimpleNamespace(config=c, games=200, seed=0) for c in (cfg, later)]  # what the plan reads
    seen = Finding("chonker-party.ambiguity.any_new_card", "chonker-party", "ambiguity", "medium", "seen",
                   data={"reading": "cp.read.any_new_card"})
    ((fn, args),) = unseen_reading_jobs(["chonker-party"], [seen], stats, 5_000, None)  # type: ignore[arg-type]
    point = "cp.read.steal_any_player"
    assert fn is readings_job and args[0] == cfg and point in args[1] and "cp.read.any_new_card" not in args[1]
    assert args[-1] == UNSEEN_READING_SITUATIONS < READING_SITUATIONS  # a longer shot: a smaller look
    (f,) = readings_job(cfg, [point], 200, 0, 5_000, None)
    assert f.id == "chonker-party.ambiguity.steal_any_player" and f.configs == (cfg.to_json(),)
    at = f.data["full_deck_at"]
    assert full_deck_status(f, [])["status"] == CONFIRMED
    assert len(playout_witness(cfg.load(), at["seed"], at["step"])) == at["step"] + 1

    asked = core_spec.Reader.__call__

    def one_reading(self: core_spec.Reader, p: str) -> str:
        return "other-players" if p == point else asked(self, p)

    monkeypatch.setattr(core_spec.Reader, "__call__", one_reading)
    run = check_reading_steps(cfg.load(), cfg.with_ruleset("raw").load(), [point], at["seed"] + 1, 0, 5_000)
    assert run is None or not run.ambiguities  # (None: no reading changes a step's question, none checked)
