"""The Chomp! encodings against the engine where its rules changed: the last two players' choice
(an action: count, with ruling ``chomp.count_declares_winner``, or switch to a 2-player game),
the 2-player endings (``chomp.two_player_nobody_can_play``, ``chomp.fewer_than_two_left``,
``chomp.war_short`` with both players short), the Eel race's wrong card
(``chomp.eel_race_wrong_card``), ``chomp.lower_not_lowest`` in Doble Chomp, the Feeding
Frenzy's Bad Chomps on the same Eel or Octopus, the winnings of a Doble Chomp replay
(``chomp.doble_replay_winnings``, ``chomp.tie_replay_winnings``), two Eels
(``chomp.uw_eel_pair``) and a tie in Underwater War's Eel race (``chomp.eel_race_tie``).

Seeded games from short piles (so that they reach their end), under rulesets with a random
option for every ruling point the encoding covers, are transitions of the encoding step by step,
consulting the engine's ruling points; in positions the new rules decide, the encoding's
successors are exactly the engine's, for every option."""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Mapping
from functools import cache
from typing import Any

import pytest
import z3

from rulecheck.check.symbolic.chomp_encoding import (
    STD_RULINGS,
    UW_RULINGS,
    ChompEncoding,
    standard_game,
    underwater_war,
)
from rulecheck.check.symbolic.chomp_two_player import DOBLE_RULINGS, RAPIDO_RULINGS, chomp_rapido, doble_chomp
from rulecheck.check.symbolic.decode import abstract_chomp, abstract_for
from rulecheck.core.game import Game, Pending
from rulecheck.games import load_game
from rulecheck.games.chomp.cards import EEL, OCTOPUS
from rulecheck.games.chomp.state import F_EEL_WRONG_BAD, LAST_TWO, NEXT_CARD, OVER, TURN, WAR, ChompState

COVERED: dict[str, Mapping[str, tuple[str, ...]]] = {
    "underwater-war": UW_RULINGS, "chomp-rapido": RAPIDO_RULINGS, "doble-chomp": DOBLE_RULINGS, "standard": STD_RULINGS}
MAKE: dict[str, Callable[[Any], ChompEncoding]] = {
    "underwater-war": underwater_war, "chomp-rapido": chomp_rapido, "doble-chomp": doble_chomp,
    "standard": lambda rs: standard_game(3, rs)}
NEW_RULINGS = {"chomp.two_player_nobody_can_play", "chomp.eel_race_wrong_card", "chomp.fewer_than_two_left",
               "chomp.war_short", "chomp.count_declares_winner", "chomp.lower_not_lowest", "chomp.frenzy_vs_bad_chomp"}


def random_choices(variant: str, seed: int) -> dict[str, str]:
    """A ruleset's choices: a random covered option for every ruling point the encoding covers."""
    rng = random.Random(seed)
    return {rid: rng.choice(options) for rid, options in COVERED[variant].items()}


@cache
def encoding(variant: str, choices: tuple[tuple[str, str], ...]) -> ChompEncoding:
    return MAKE[variant]({"choices": dict(choices)})


def values(enc: ChompEncoding, state: Hashable, before: bool = True) -> dict[str, Any]:
    """The engine state as the encoding's variables (Doble Chomp: no remembered top card before
    the step; after it, that memory is left free)."""
    if enc.variant == "doble-chomp":
        out = abstract_for(enc, state)
        if before:
            out.update({f"keep{p}": False for p in range(2)} | {f"first{p}": 0 for p in range(2)})
        return out
    if enc.variant == "standard":
        return abstract_for(enc, state)
    return abstract_chomp(state)


class Checker:
    """One transition of an encoding on an incremental solver."""

    def __init__(self, enc: ChompEncoding) -> None:
        self.enc = enc
        self.s, self.i, self.t = enc.system.state(0, "r"), enc.system.input(0, "r"), enc.system.state(1, "r")
        self.solver = z3.SolverFor("QF_BV")
        self.solver.add(enc.system.step(self.s, self.i, self.t))

    def admits(self, before: Hashable, after: Hashable, used: set[str]) -> bool:
        """Is the engine step ``before`` -> ``after``, consulting the ruling points ``used``, a
        transition of the encoding?"""
        self.solver.push()
        self.solver.add(*[self.s[k] == v for k, v in values(self.enc, before).items()])
        self.solver.add(*[self.t[k] == v for k, v in values(self.enc, after, False).items()])
        self.solver.add(*[self.t[f"used.{r}"] == (r in used) for r in self.enc.rulings])
        ok = self.solver.check() == z3.sat
        self.solver.pop()
        return ok

    def successors(self, state: Hashable, keys: list[str], limit: int = 80,
                   fixed: Mapping[str, Any] | None = None) -> set[tuple]:
        """The encoding's successors of ``state`` (whose variables are ``fixed``, if given),
        projected on ``keys``, with the ruling points each step consults."""
        self.solver.push()
        self.solver.add(*[self.s[k] == v for k, v in values(self.enc, state).items()])
        self.solver.add(*[self.t[k] == v for k, v in (fixed or {}).items()])
        used = [f"used.{r}" for r in self.enc.rulings]
        found: set[tuple] = set()
        while self.solver.check() == z3.sat and len(found) < limit:
            m = self.solver.model()
            vals = {k: m.eval(self.t[k], model_completion=True) for k in [*keys, *used]}
            found.add(tuple(sorted((k, int(z3.is_true(v)) if z3.is_bool(v) else v.as_long()) for k, v in vals.items())))
            self.solver.add(z3.Or([self.t[k] != v for k, v in vals.items()]))
        self.solver.pop()
        return found


def engine_successors(enc: ChompEncoding, g: Game, state: Hashable, keys: list[str]) -> set[tuple]:
    out = set()
    for _, step in g.successors(state):
        vals = values(enc, step.state, False)
        used = set(step.provenance.rulings)
        row = [(k, int(vals[k])) for k in keys] + [(f"used.{r}", int(r in used)) for r in enc.rulings]
        out.add(tuple(sorted(row)))
    return out


def short_piles(g: Game, rng: random.Random, most: int) -> ChompState:
    """A seeded deal with every pile cut to at most ``most`` cards (the rest leave the game: the
    encodings' steps do not assume the deck's counts), so that the game soon ends."""
    state: ChompState = g.apply(g.root_state(), g.sample_chance(g.root_state(), rng)).state  # type: ignore[assignment]
    return state._replace(piles=tuple(p[:rng.randint(1, most)] for p in state.piles))


# --------------------------------------------------------------------------- whole games

@pytest.mark.parametrize("variant", ["underwater-war", "chomp-rapido", "doble-chomp", "standard"])
@pytest.mark.parametrize("options_seed", [0, 1, 2])
def test_short_games_under_random_options_step_by_step(variant: str, options_seed: int) -> None:
    """Seeded games from short piles to their end (standard game: to the end or the last two's
    switch to a 2-player game), every option of every covered ruling point drawn at random: each
    step is a transition of the encoding consulting exactly the engine's ruling points."""
    choices = random_choices(variant, options_seed)
    enc = encoding(variant, tuple(sorted(choices.items())))
    g = load_game("chomp", variant, enc.players, enc.ruleset)
    check = Checker(enc)
    used_all: set[str] = set()
    ended = 0
    for seed in range(12):
        rng = random.Random(seed)
        state = short_piles(g, rng, 6)
        for _ in range(300):
            if g.is_terminal(state) or state.mode != g.mode:  # type: ignore[attr-defined]
                break
            action = g.sample_chance(state, rng) if g.is_chance_node(state) else rng.choice(g.legal_actions(state))
            step = g.apply(state, action)
            used = set(step.provenance.rulings)
            assert check.admits(state, step.state, used), (seed, action, g.describe_state(state))
            used_all |= used
            state = step.state
        ended += g.is_terminal(state) or state.mode != g.mode  # type: ignore[attr-defined]
    assert ended >= 10
    assert used_all & NEW_RULINGS  # the games reach the changed rules


# --------------------------------------------------------------------------- the last two's choice

@pytest.mark.parametrize("declares", ["most_cards_wins", "no_winner"])
def test_last_two_choices_are_the_engines(declares: str) -> None:
    """Two players left: the encoding's successors are the engine's four choices (the count, with
    either option of ``chomp.count_declares_winner``, and the three switches), a tie included."""
    choices = {"chomp.count_declares_winner": declares, "chomp.count_tie": "no_winner"}
    enc = encoding("standard", tuple(sorted(choices.items())))
    g = load_game("chomp", "standard", 3, enc.ruleset)
    check = Checker(enc)
    found = 0
    for seed in range(40):
        rng = random.Random(seed)
        state = short_piles(g, rng, 4)
        while not g.is_terminal(state) and state.step != LAST_TWO:
            action = g.sample_chance(state, rng) if g.is_chance_node(state) else rng.choice(g.legal_actions(state))
            state = g.apply(state, action).state
        if g.is_terminal(state):
            continue
        keys = sorted(values(enc, state))
        engine = engine_successors(enc, g, state, keys)
        assert len(engine) == 4
        assert check.successors(state, keys) == engine, g.describe_state(state)
        found += 1
        if found >= 3:
            break
    assert found >= 3


# --------------------------------------------------------------------------- 2-player endings

def uw_state(g: Game, piles: tuple[tuple[int, ...], ...], aside: tuple[tuple[int, ...], ...], step: int,
             centre: tuple[int, ...] = ()) -> ChompState:
    """An Underwater War / Chomp rápido state before a turn-over: the piles, the set-aside cards
    and the centre given, no discard pile (so no shuffle comes first)."""
    state: ChompState = g.apply(g.root_state(), g.sample_chance(g.root_state(), random.Random(0))).state  # type: ignore[assignment]
    return state._replace(piles=piles, aside=aside, step=step, centre=centre, phase=TURN)


@pytest.mark.parametrize("variant", ["underwater-war", "chomp-rapido"])
@pytest.mark.parametrize("nobody", ["owners_reclaim", "stay_in_centre"])
@pytest.mark.parametrize("fewer", ["survivor_wins", "shared_last_round"])
@pytest.mark.parametrize("short", ["play_what_you_have", "lose_the_war"])
def test_two_player_endings_are_the_engines(variant: str, nobody: str, fewer: str, short: str) -> None:
    """Wars with both players short (fewer cards, as many, none) and the next card after an
    Octopus with neither player holding one: the encoding's successors are the engine's,
    with the ruling points consulted, for every option of the rulings that decide them."""
    choices = {"chomp.two_player_nobody_can_play": nobody, "chomp.fewer_than_two_left": fewer,
               "chomp.war_short": short, "chomp.octopus_no_card": "cards_go_back"}
    enc = encoding(variant, tuple(sorted(choices.items())))
    g = load_game("chomp", variant, 2, enc.ruleset)
    check = Checker(enc)
    cases = [((2, 1), (5,)), ((4,), (1, 3)), ((3, 2), (0, 4)), ((), ()), ((2,), ())]  # the piles
    consulted: set[str] = set()
    for (p0, p1) in cases:
        # (the last: a card in the centre, and nothing set aside for Player 2 to take back)
        for step, aside, centre in ((WAR, ((3,), (3,)), ()), (NEXT_CARD, ((OCTOPUS,), (2,)), (1,)),
                                    (NEXT_CARD, ((OCTOPUS, 2), ()), (1,))):
            state = uw_state(g, (p0, p1), aside, step, centre)
            keys = sorted(values(enc, state))
            engine = engine_successors(enc, g, state, keys)
            assert check.successors(state, keys) == engine, (p0, p1, g.describe_state(state))
            consulted |= {k[5:] for row in engine for k, v in row if k.startswith("used.") and v}
    assert {"chomp.two_player_nobody_can_play", "chomp.fewer_than_two_left", "chomp.war_short"} <= consulted


# --------------------------------------------------------------------------- races

def turn_with(g: Game, tops: list[tuple[int, ...]]) -> ChompState:
    """A state before a turn-over of the cards ``tops`` (one tuple per player, top first)."""
    state: ChompState = g.apply(g.root_state(), g.sample_chance(g.root_state(), random.Random(1))).state  # type: ignore[assignment]
    return state._replace(piles=tuple(top + (3,) * 4 for top in tops))


def race_after(g: Game, tops: list[tuple[int, ...]]) -> ChompState:
    """The race after a turn-over of the cards ``tops`` (one tuple per player, top first)."""
    return g.apply(turn_with(g, tops), ("turn_over",)).state  # type: ignore[return-value]


def assert_race(variant: str, choices: dict[str, str], tops: list[tuple[int, ...]], flag: int) -> set[tuple]:
    """The race after turning over ``tops`` under ``choices``: the encoding starts it as the
    engine does (the same race kind and flags, the same ruling points asked, given the cards
    turned over), and its outcomes are the engine's. Returns them."""
    enc = encoding(variant, tuple(sorted(choices.items())))
    g = load_game("chomp", variant, enc.players, enc.ruleset)
    turn = turn_with(g, tops)
    started = g.apply(turn, ("turn_over",))
    state: ChompState = started.state  # type: ignore[assignment]
    assert state.phase == 2 and state.race & flag == flag, g.describe_state(state)
    after = values(enc, state, False)
    table = {k: v for k, v in after.items() if k.startswith(("tab", "has", "lo", "hi", "cnt"))}
    used = set(started.provenance.rulings)
    flags = ["race"] if "race" in after else ["f_bad", "f_own", "f_wrong"]  # (Underwater War's race flags)
    want = {tuple(sorted([*((k, int(after[k])) for k in flags),
                          *((f"used.{r}", int(r in used)) for r in enc.rulings)]))}
    assert Checker(enc).successors(turn, flags, fixed=table) == want
    # (the standard game and Doble Chomp draw a penalty card symbolically from a pile kept as counts)
    counts = variant in ("standard", "doble-chomp")
    keys = sorted(k for k in values(enc, state, False) if not (counts and k.startswith(("pile", "centre_", "size"))))
    engine = engine_successors(enc, g, state, keys)
    assert Checker(enc).successors(state, keys) == engine, g.describe_state(state)
    return engine


@pytest.mark.parametrize("variant", ["underwater-war", "chomp-rapido"])
def test_eel_race_wrong_card(variant: str) -> None:
    """The Eel race: slapping the other's card that is not the Eel is a Bad Chomp or, under
    ``chomp.eel_race_wrong_card = no_effect``, no outcome at all; either way the encoding's race
    outcomes are the engine's. (Player 1 may slap his own Eel, ``chomp.uw_own_eel =
    may_slap_own``: his slap on Player 2's Big Fish is then his only Bad Chomp.)"""
    own = {"chomp.uw_own_eel": "may_slap_own"}
    bad = assert_race(variant, {**own, "chomp.eel_race_wrong_card": "bad_chomp"}, [(EEL,), (3,)], F_EEL_WRONG_BAD)
    none = assert_race(variant, {**own, "chomp.eel_race_wrong_card": "no_effect"}, [(EEL,), (3,)], 0)
    assert len(none) < len(bad)  # Player 1's slap on Player 2's Big Fish is not offered


def test_doble_lower_not_lowest() -> None:
    """Doble Chomp: Player 1 (Seal and Shark) may slap Player 2's Big Fish, which his cards can
    chomp but which is not the lowest card (Player 2's Plankton); Player 2 has no such slap:
    ruling ``chomp.lower_not_lowest``, baked into the race. For each option the encoding starts the
    race and has its outcomes as the engine does, and each option makes other outcomes."""
    from rulecheck.games.chomp.state import F_LNL_BAD, F_LNL_WIN

    races = [assert_race("doble-chomp", {"chomp.lower_not_lowest": option}, [(4, 5), (0, 3)], flag)
             for option, flag in (("bad_chomp", F_LNL_BAD), ("wins_round", F_LNL_WIN), ("no_effect", 0))]
    assert len({frozenset(r) for r in races}) == 3


@pytest.mark.parametrize(("variant", "tops"), [
    ("standard", [(EEL,), (EEL,), (2,)]), ("standard", [(EEL,), (EEL,), (EEL,)]),
    ("doble-chomp", [(EEL, OCTOPUS), (OCTOPUS, 2)]),
    ("doble-chomp", [(EEL, 4), (EEL, 1)])])
def test_frenzy_bad_chomp_on_the_same_eel_or_octopus(variant: str, tops: list[tuple[int, ...]]) -> None:
    """A Feeding Frenzy under ``chomp.frenzy_vs_bad_chomp = bad_chomp_applies``: slapping another
    player's Eel or Octopus the same as one of your own is a Bad Chomp (the ruling is asked for
    it); the encoding's race outcomes are the engine's, and differ from ``frenzy_overrides``."""
    from rulecheck.games.chomp.state import F_FRENZY_BAD

    applies = assert_race(variant, {"chomp.frenzy_vs_bad_chomp": "bad_chomp_applies"}, tops, F_FRENZY_BAD)
    overrides = assert_race(variant, {"chomp.frenzy_vs_bad_chomp": "frenzy_overrides"}, tops, 0)
    assert applies != overrides


def test_the_checks_can_fail() -> None:
    """A race outcome the ruleset does not have, a war that ends otherwise than the engine says,
    and the last two's count with another winner are rejected (the checks above are not vacuous)."""
    enc = encoding("underwater-war", (("chomp.eel_race_wrong_card", "no_effect"), ("chomp.uw_own_eel", "may_slap_own"),
                                      ("chomp.war_short", "lose_the_war")))
    g = load_game("chomp", "underwater-war", 2, enc.ruleset)
    check = Checker(enc)
    state = race_after(g, [(3,), (EEL,)])
    wrong = ("slap", 1, 0, 3)  # Player 2 slaps Player 1's Big Fish: his only Bad Chomp, under bad_chomp
    assert wrong not in g.legal_actions(state)
    bad = g.apply(state._replace(race=state.race | F_EEL_WRONG_BAD), wrong)  # that Bad Chomp, made anyway
    assert bad.state.bad == 2
    assert not check.admits(state, bad.state._replace(race=state.race), set(bad.provenance.rulings))
    # a war, both short: Player 2 has fewer cards and loses it; Player 1 losing it is not a step
    war = uw_state(g, ((2, 1), (5,)), ((3,), (3,)), WAR)
    step = g.apply(war, ("turn_over",))
    used = set(step.provenance.rulings)
    assert "chomp.war_short" in used and check.admits(war, step.state, used)
    flipped = step.state._replace(discards=step.state.discards[::-1], winners=step.state.winners ^ 3)
    assert not check.admits(war, flipped, used)
    # the last two count: the winner flipped is not a step
    std = encoding("standard", ())
    sg = load_game("chomp", "standard", 3, std.ruleset)
    rng = random.Random(0)
    two = short_piles(sg, rng, 4)
    while two.step != LAST_TWO:
        assert not sg.is_terminal(two)
        action = sg.sample_chance(two, rng) if sg.is_chance_node(two) else rng.choice(sg.legal_actions(two))
        two = sg.apply(two, action).state
    counted = sg.apply(two, ("count",))
    assert counted.state.phase == OVER
    std_check = Checker(std)
    used = set(counted.provenance.rulings)
    assert std_check.admits(two, counted.state, used)
    assert not std_check.admits(two, counted.state._replace(winners=counted.state.winners ^ 0b111), used)
    assert not std_check.admits(two, counted.state, used - {"chomp.count_declares_winner"})


# --------------------------------------------------------------------------- raw: the new ruling points reached

@pytest.mark.parametrize(("variant", "ruling"), [
    ("underwater-war", "chomp.eel_race_wrong_card"), ("chomp-rapido", "chomp.eel_race_wrong_card"),
    ("doble-chomp", "chomp.lower_not_lowest"), ("standard", "chomp.frenzy_vs_bad_chomp"),
    ("underwater-war", "chomp.uw_eel_pair"), ("chomp-rapido", "chomp.uw_eel_pair"),
    ("underwater-war", "chomp.eel_race_tie")])
def test_raw_witnesses_of_the_new_ruling_points_replay(variant: str, ruling: str) -> None:
    """Under ``raw`` (every option open) BMC reaches the ruling point from a symbolic deal, and
    the witness, decoded with the option it chose, replays in the engine."""
    from rulecheck.check.symbolic.queries import run_query

    enc = MAKE[variant]("raw")
    result = run_query(enc, f"ruling:{ruling}", 3, 120.0)
    assert result.status == "witness" and result.replayed, (result.detail, result.meta.get("replay_mismatch"))
    assert any(a[:2] == ["ruling", ruling] for a in result.trace)


# --------------------------------------------------------------------------- Doble Chomp: a replay's winnings

def replay_race(g: Game, tops: list[tuple[int, ...]], first: tuple[Any, ...]) -> ChompState:
    """The race of the replay after turning over the first two cards of ``tops`` each and the
    outcome ``first`` (nobody slaps an Ink Out, or a tie), then the next two."""
    state = g.apply(race_after(g, tops), first).state
    return g.apply(state, ("turn_over",)).state  # type: ignore[return-value]


def replay_outcomes(choices: dict[str, str], first: tuple[Any, ...]) -> set[tuple]:
    """In the replay, Player 1 (Shrimp, Little Fish) wins by slapping Player 2's Plankton, the
    lowest card; Player 2's Shark is a card none of hers can chomp. The encoding's race outcomes
    are the engine's, with the ruling points each asks. Returns them."""
    enc = encoding("doble-chomp", tuple(sorted(choices.items())))
    g = load_game("chomp", "doble-chomp", 2, enc.ruleset)
    tops = [(OCTOPUS, 2, 1, 2), (1, 3, 0, 5)] if first == ("nobody_slaps",) else [(2, 3, 1, 2), (0, 4, 0, 5)]
    state = replay_race(g, tops, first)
    assert state.table == ((1, 2), (0, 5)) and ("slap", 0, 1, 0) in g.legal_actions(state), g.describe_state(state)
    keys = sorted(k for k in values(enc, state, False) if not k.startswith(("pile", "centre_", "size")))
    engine = engine_successors(enc, g, state, keys)
    assert Checker(enc).successors(state, keys) == engine, g.describe_state(state)
    return engine


@pytest.mark.parametrize("first", [("nobody_slaps",), ("tie", 0, 1)])
def test_doble_replay_winnings(first: tuple[Any, ...]) -> None:
    """Doble Chomp's replay after an Ink Out or a tie: the winner takes all 4 cards or only what
    she can chomp (ruling ``chomp.doble_replay_winnings``), and, of a tie round's set-aside cards,
    all or what she can chomp (``chomp.tie_replay_winnings``: the tie round's Seal). Every option
    has its own outcomes, and the encoding's are the engine's."""
    base = {"chomp.doble_lowest_yours": "allowed"}  # (the tie: Player 2 may slap his own Plankton)
    ties = ("all_tie_cards", "chompable_only") if first[0] == "tie" else ("all_tie_cards",)
    outcomes = [replay_outcomes({**base, "chomp.doble_replay_winnings": four, "chomp.tie_replay_winnings": tie}, first)
                for four in ("all_four", "chompable_only") for tie in ties]
    assert len({frozenset(o) for o in outcomes}) == len(outcomes)


# --------------------------------------------------------------------------- two Eels; a tie in the Eel race

@pytest.mark.parametrize("variant", ["underwater-war", "chomp-rapido"])
def test_two_eels(variant: str) -> None:
    """Both players turn up an Electric Eel: the Eel's race or a war (ruling
    ``chomp.uw_eel_pair``); for each option the encoding's successors of the turn-over are the
    engine's, with the ruling points asked, and the options differ."""
    outcomes = []
    for option in ("eel_race", "war"):
        enc = encoding(variant, (("chomp.uw_eel_pair", option),))
        g = load_game("chomp", variant, 2, enc.ruleset)
        turn = turn_with(g, [(EEL,), (EEL,)])
        keys = sorted(values(enc, turn))
        engine = engine_successors(enc, g, turn, keys)
        assert Checker(enc).successors(turn, keys) == engine, option
        assert all(("used.chomp.uw_eel_pair", 1) in row for row in engine)
        outcomes.append(engine)
    assert outcomes[0] != outcomes[1]


@pytest.mark.parametrize("variant", ["underwater-war", "chomp-rapido"])
def test_a_tie_in_the_eel_race(variant: str) -> None:
    """Both players slap Player 1's Eel at once (he may slap his own): in Underwater War a war or
    each takes his cards back (ruling ``chomp.eel_race_tie``); Chomp rápido has a war without
    asking. The encoding's race outcomes are the engine's for each option."""
    own = {"chomp.uw_own_eel": "may_slap_own"}
    if variant == "chomp-rapido":
        assert "chomp.eel_race_tie" not in RAPIDO_RULINGS
        assert_race(variant, own, [(EEL,), (3,)], 0)
        return
    war = assert_race(variant, {**own, "chomp.eel_race_tie": "war"}, [(EEL,), (3,)], 0)
    back = assert_race(variant, {**own, "chomp.eel_race_tie": "cards_go_back"}, [(EEL,), (3,)], 0)
    assert war != back


# --------------------------------------------------------------------------- coverage

@pytest.mark.parametrize("variant", ["underwater-war", "chomp-rapido", "doble-chomp", "standard"])
def test_every_ruling_point_the_engine_asks_is_covered(variant: str) -> None:
    """Seeded ``raw`` games (every ruling point asked, answered at random): each ruling point the
    engine consults in this variant is one the encoding covers, so a rule added to the engine
    without its encoding fails here rather than in a solver query."""
    enc = MAKE[variant]("raw")
    g = load_game("chomp", variant, enc.players, enc.ruleset)
    asked: set[str] = set()

    def answered(step: Any, rng: random.Random) -> Any:
        while isinstance(step.state, Pending):
            asked.add(step.state.ruling)
            step = g.apply(step.state, rng.choice(g.legal_actions(step.state)))
        return step.state

    for seed in range(300):
        rng = random.Random(seed)
        state = answered(g.apply(g.root_state(), g.sample_chance(g.root_state(), rng)), rng)
        state = state._replace(piles=tuple(p[:rng.randint(1, 8)] for p in state.piles))
        for _ in range(300):
            if g.is_terminal(state) or state.mode != g.mode:
                break
            action = g.sample_chance(state, rng) if g.is_chance_node(state) else rng.choice(g.legal_actions(state))
            state = answered(g.apply(state, action), rng)
    assert len(asked) >= 8
    assert asked <= set(COVERED[variant]), sorted(asked - set(COVERED[variant]))
