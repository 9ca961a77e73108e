"""Underwater War with a fixed return order: a search over deals for play that repeats for ever.

The books do not say where a 2-player winner puts the cards she wins (en.underwater-war.2,
es.guerra-submarina.2: "that player takes the cards"): ruling point
``chomp.two_player_won_cards``. With ``discard_pile`` they are shuffled back in when the pile
runs out (en.outcomes.5); with ``bottom_of_pile`` they go under her pile in a fixed order
(highest on the food chain first), as in the card game War, where some deals are known to be
played for ever. Then nothing in a game is left to chance after the deal but what the races
decide, and a deal played by a fixed schedule is one play: if it comes back to a state it was
in, it goes round that loop for ever.

The schedule (:func:`scheduled`, :data:`SCHEDULE`) is fixed, deterministic and keeps the game's
fairness assumption (:meth:`Game.fairness`: a player who can win the race slaps):

* in a slap race (the Eel, en.underwater-war.5) the first player in seat order who can win it
  slaps the card that wins it, at once (:func:`winning_slap`); nobody makes a Bad Chomp;
  nobody slaps only when nobody can win it;
* chance after the deal (a shuffle, if cards ever reach a discard pile) is drawn from the deal's
  random source; a loop with a chance step in it does not count (it repeats only while chance
  repeats itself), nor does one with a move the fairness assumption rules out;
* any other choice: the first legal action (turning over, en.underwater-war.1, is the only one).

:func:`play_deal` plays one deal and keeps every state it was in (the engine's states are
hashable): a state seen again, with no chance step and no unfair move since, is a lasso (the
actions from the deal to the loop's start, then the loop) that the engine replays.
:func:`search` plays a list of deals: every deal of a reduced deck (:func:`every_deal`), or
seeded deals of the full deck (:func:`seeded_deals`: deal ``s`` is the one ``rulecheck simulate
... --seed s`` is dealt). The work is an amount, deals and steps, never seconds, so the same
arguments give the same result on any machine. :func:`war_finding` turns what the searches
found into the audit's finding ``chomp.cycle.underwater-war.bottom_of_pile``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from rulecheck.check.explore import Config
from rulecheck.check.full_deck import CONFIRMED, SMALL_DECK_ONLY
from rulecheck.core.game import CHANCE, RACE, TERMINAL, Action, Game, action_to_json
from rulecheck.engine import replay
from rulecheck.findings import Finding, Witness, finding_id
from rulecheck.games.chomp.race import valid_slappers
from rulecheck.games.chomp.state import NEW, TURN, WAR

__all__ = ["CLIMB_CAP", "CLIMB_EVALUATIONS", "CLIMB_PATIENCE", "CLIMB_SEED", "ENDED", "FIXED_ORDER",
           "FULL_DECK_DEALS", "LOOP", "MAX_STEPS", "RULING", "SCHEDULE", "STEP_LIMIT", "Deal", "DealPlay", "WarSearch",
           "climb", "every_deal", "fixed_order", "play_deal", "scheduled", "search", "seeded_deals", "war_configs",
           "war_finding", "war_free_rounds", "war_searches", "winning_slap"]

RULING = "chomp.two_player_won_cards"
FIXED_ORDER = "bottom_of_pile"
"""The option of :data:`RULING` that puts won cards under the pile in a fixed order."""

FULL_DECK_DEALS = 1_000
"""Seeded full-deck deals the audit plays (about a millisecond each)."""
MAX_STEPS = 5_000
"""Actions per deal (the deal included) after which a play counts as neither ended nor looping."""

SCHEDULE = ("in a slap race the first player in seat order who can win it slaps the card that wins it, at once, "
            "and nobody makes a Bad Chomp (nobody slaps only when nobody can win it); every other choice is the "
            "first legal action; chance after the deal is drawn from the deal's seed, and a loop with a chance step "
            "in it does not count")
"""The fixed schedule of :func:`scheduled`, in words."""

ENDED = "ended"
LOOP = "repeats for ever"
STEP_LIMIT = "step limit"

Schedule = Callable[[Game, Hashable, random.Random], Action]


@dataclass(frozen=True)
class Deal:
    """A deal to play: its chance action, the random source for any later chance step, and its
    name in a report (``seed 17`` or ``deal 5 of 120``)."""

    action: Action
    rng: random.Random
    label: str


@dataclass(frozen=True)
class DealPlay:
    """One deal played by a schedule: every action from the root (the deal first), how the play
    stopped (:data:`ENDED`, :data:`LOOP` or :data:`STEP_LIMIT`) and, for a loop, the index of its
    first action (``actions[loop_start:]`` applied to the state after ``actions[:loop_start]``
    give that state again)."""

    actions: tuple[Action, ...]
    outcome: str
    loop_start: int | None = None


def winning_slap(game: Game, state: Hashable) -> Action | None:
    """The slap of the first player in seat order who can win the race at ``state`` that wins it
    (en.underwater-war.5: "the first player to slap the Eel card ... takes the cards"): a slap
    by a player who may still win it after which the race is over (not a Bad Chomp). None if
    nobody can win it."""
    slappers = valid_slappers(state)  # type: ignore[arg-type]
    for action in game.legal_actions(state):
        if action[0] == "slap" and action[1] in slappers and \
                game.current_player(game.apply_unchecked(state, action).state) != RACE:
            return action
    return None


def scheduled(game: Game, state: Hashable, rng: random.Random) -> Action:
    """The action :data:`SCHEDULE` takes at ``state`` (not terminal)."""
    who = game.current_player(state)
    if who == CHANCE:
        return game.sample_chance(state, rng)
    if who == RACE:
        slap = winning_slap(game, state)
        if slap is not None:
            return slap
        return ("nobody_slaps",)
    return game.legal_actions(state)[0]


def play_deal(game: Game, deal: Deal, max_steps: int = MAX_STEPS, schedule: Schedule = scheduled) -> DealPlay:
    """Play ``deal`` by ``schedule`` until the game ends, a state comes back with no chance step
    and no move the fairness assumption rules out since it was last seen (a loop), or
    ``max_steps`` actions (the deal included) have been taken."""
    state = game.apply(game.root_state(), deal.action).state
    actions: list[Action] = [deal.action]
    seen: dict[Hashable, int] = {state: 1}  # state -> how many actions led to it (the last time)
    barrier = 1  # a loop must start at or after this many actions (after the last chance or unfair step)
    while len(actions) < max_steps and game.current_player(state) != TERMINAL:
        action = schedule(game, state, deal.rng)
        if game.is_chance_node(state) or game.unfair(state, action):
            barrier = len(actions) + 1
        state = game.apply(state, action).state
        actions.append(action)
        start = seen.get(state)
        if start is not None and start >= barrier:
            return DealPlay(tuple(actions), LOOP, start)
        seen[state] = len(actions)
    return DealPlay(tuple(actions), ENDED if game.is_terminal(state) else STEP_LIMIT)


def seeded_deals(game: Game, seed: int, count: int) -> Iterator[Deal]:
    """``count`` deals from seeds ``seed .. seed + count - 1``: deal ``s`` is the one
    ``random.Random(s)`` draws first, as :func:`rulecheck.check.stats.playout` and ``rulecheck
    simulate --seed s`` deal it; the same source draws any later chance step."""
    root = game.root_state()
    for s in range(seed, seed + count):
        rng = random.Random(s)
        yield Deal(game.sample_chance(root, rng), rng, f"seed {s}")


def every_deal(game: Game, seed: int = 0) -> Iterator[Deal]:
    """Every deal of the configuration, in the engine's order (a reduced deck: the full deck has
    too many; TooManyOutcomesError); deal ``i`` draws any later chance step from ``seed + i``."""
    outcomes = game.chance_outcomes(game.root_state())
    for i, (action, _) in enumerate(outcomes):
        yield Deal(action, random.Random(seed + i), f"deal {i + 1} of {len(outcomes)}")


@dataclass
class WarSearch:
    """What :func:`search` found in one configuration: how many deals it played (``deals``,
    described by ``which``), how each play stopped, the most actions of a play that ended, and
    the shortest loop found (its deal's name and play)."""

    config: Config
    which: str
    max_steps: int
    deals: int = 0
    outcomes: dict[str, int] = field(default_factory=lambda: {ENDED: 0, LOOP: 0, STEP_LIMIT: 0})
    longest: int = 0
    loop_deal: str | None = None
    loop: DealPlay | None = None

    @property
    def exhaustive(self) -> bool:
        """Whether every deal of the configuration was played."""
        return self.which.startswith("every")

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"config": self.config.to_json(), "deals": self.deals, "which": self.which,
                               "max_steps": self.max_steps, "outcomes": dict(self.outcomes),
                               "longest_ended": self.longest}
        if self.loop is not None and self.loop.loop_start is not None:
            out["loop"] = {"deal": self.loop_deal, "loop_start": self.loop.loop_start,
                           "actions": len(self.loop.actions)}
        return out


def search(game: Game, config: Config, deals: Iterable[Deal], which: str, max_steps: int = MAX_STEPS,
           progress: Callable[[str], None] | None = None, every: int = 10_000) -> WarSearch:
    """Play each of ``deals`` by :data:`SCHEDULE` (:func:`play_deal`) and count how the plays
    stop; keep the shortest loop (the first found among the shortest). ``progress`` hears every
    ``every`` deals how far the search is."""
    out = WarSearch(config, which, max_steps)
    for deal in deals:
        played = play_deal(game, deal, max_steps)
        out.deals += 1
        out.outcomes[played.outcome] += 1
        if played.outcome == ENDED:
            out.longest = max(out.longest, len(played.actions))
        elif played.outcome == LOOP and (out.loop is None or len(played.actions) < len(out.loop.actions)):
            out.loop, out.loop_deal = played, deal.label
        if progress is not None and out.deals % every == 0:
            progress(f"  {config.label()}: {out.deals:,} deals, {out.outcomes[LOOP]} repeating for ever, "
                     f"longest game {out.longest} actions")
    return out


CLIMB_SEED = 15
"""The seed of the audit's hill climb (:func:`climb`): the seed of the first full-deck loop the
climb found when it was written (2026-12-03), after 328,430 deals scored (about 50 s). Any seed
can find one, but the cost varies widely: 0.3 to 4.7 million deals in an earlier search of seeds
1-21 (20 found one), and seed 0 found none in 2.6 million; a fixed seed keeps the audit's work
the same from run to run, and a longer climb from any seed is ``rulecheck war-loops --climb N
--seed S``."""
CLIMB_EVALUATIONS = 400_000
"""Full-deck deals the audit's hill climb scores at most (about 150 µs each)."""
CLIMB_CAP = 3_000
"""Rounds without a war after which a climbed deal is played out, looking for a loop."""
CLIMB_PATIENCE = 20_000
"""Swaps in a row that find no longer war-free play, after which the climb starts again from a new deal."""


def war_free_rounds(game: Game, deal: Action, cap: int, rng: random.Random) -> int:
    """How many rounds :data:`SCHEDULE` plays after ``deal`` before the first war (two cards of
    the same kind turned over, en.underwater-war.4: the state's ``step`` a war; the round that
    ends in it does not count) or the end of the game; at most ``cap``. A round is counted when
    it begins (a turn-over at the start of a new round, en.underwater-war.1)."""
    state = game.apply_unchecked(game.root_state(), deal).state
    current, apply = game.current_player, game.apply_unchecked
    rounds = 0
    while rounds < cap:
        step = state.step  # type: ignore[attr-defined]
        if step == WAR:
            return rounds - 1
        if current(state) == TERMINAL:
            return rounds
        if step == NEW and state.phase == TURN:  # type: ignore[attr-defined]
            rounds += 1
        state = apply(state, scheduled(game, state, rng)).state
    return cap


def climb(game: Game, config: Config, seed: int, evaluations: int, max_steps: int = MAX_STEPS,
          cap: int = CLIMB_CAP, patience: int = CLIMB_PATIENCE,
          progress: Callable[[str], None] | None = None, every: int = 100_000) -> WarSearch:
    """Hill climbing over the deals of ``game`` (its whole deck, dealt evenly) for one that is
    played for ever, within ``evaluations`` deals scored; deterministic from ``seed``.

    A random deal rarely loops (about one in 10^8 on the full deck): wars (two cards of the
    same kind) reshuffle the piles, and a loop needs play that never meets one. So a deal is
    scored by how many rounds :data:`SCHEDULE` plays before the first war (:func:`war_free_rounds`);
    the climb swaps two cards of different kinds and keeps the swap unless the score drops,
    starting again from a random deal after ``patience`` swaps without a longer score. A deal
    that reaches ``cap`` rounds without a war is played out by :func:`play_deal` (up to
    ``max_steps`` actions), and the climb stops at the first that comes back to a state: the
    lasso replays in the engine like any other. The result counts the deals played out; a
    climb that found none says how many deals it scored, which proves nothing of the others."""
    rng = random.Random(seed)
    later = random.Random(seed)  # the chance steps after a deal (the fixed order has none unless both piles empty)
    cards = list(getattr(game, "deck_cards", ()))
    half = len(cards) // 2
    out = WarSearch(config, f"hill climbing from seed {seed}", max_steps)
    scored = restarts = 0

    def deal_of(order: list[int]) -> Action:
        return game.deal_action([order[:half], order[half:2 * half]])  # type: ignore[attr-defined, no-any-return]

    def score(order: list[int]) -> int:
        nonlocal scored
        scored += 1
        if progress is not None and scored % every == 0:
            progress(f"  {config.label()}: {scored:,} deals scored, {restarts} climb(s), {out.deals} played out")
        return war_free_rounds(game, deal_of(order), cap, later)

    while scored < evaluations and out.loop is None:
        order = cards[:]
        rng.shuffle(order)
        restarts += 1
        best, stale = score(order), 0
        while stale < patience and scored < evaluations:
            i, j = rng.randrange(len(order)), rng.randrange(len(order))
            if order[i] == order[j]:
                continue
            order[i], order[j] = order[j], order[i]
            got = score(order)
            if got < best:
                order[i], order[j] = order[j], order[i]
                stale += 1
                continue
            stale = 0 if got > best else stale + 1
            best = got
            if best >= cap:
                played = play_deal(game, Deal(deal_of(order), random.Random(seed), f"climbed deal {out.deals + 1}"),
                                   max_steps)
                out.deals += 1
                out.outcomes[played.outcome] += 1
                if played.outcome == ENDED:
                    out.longest = max(out.longest, len(played.actions))
                if played.outcome == LOOP:
                    out.loop, out.loop_deal = played, f"the deal climbed from seed {seed} after {scored:,} deals scored"
                break  # a deal played out: start again (or stop, with a loop)
    out.which = f"hill climbing from seed {seed}: {scored:,} deals scored in {restarts} climb(s)"
    return out


def fixed_order(config: Config) -> Config:
    """``config`` with the won cards under the pile in a fixed order (:data:`FIXED_ORDER`)."""
    return config.with_choices({RULING: FIXED_ORDER})


def war_configs(entries: Iterable[tuple[str, str, int, str]], ruleset: str) -> list[Config]:
    """The Underwater War configurations of an audit plan (game, variant, players, deck), each
    under ``ruleset`` with the fixed return order, in plan order, then the full deck once."""
    decks = [deck for game, variant, _, deck in entries if game == "chomp" and variant == "underwater-war"]
    if not decks:
        return []
    return [fixed_order(Config("chomp", "underwater-war", 2, deck, ruleset))
            for deck in dict.fromkeys([*(d for d in decks if d != "full"), "full"])]


def war_searches(configs: Sequence[Config], seed: int, full_deck_deals: int, max_steps: int = MAX_STEPS,
                 progress: Callable[[str], None] | None = None) -> list[WarSearch]:
    """:func:`search` on each of ``configs``: every deal of a reduced deck, ``full_deck_deals``
    seeded deals of the full deck from ``seed`` (none: the full deck is left out)."""
    out = []
    for cfg in configs:
        game = cfg.load()
        if cfg.deck == "full":
            if full_deck_deals <= 0:
                continue
            deals: Iterable[Deal] = seeded_deals(game, seed, full_deck_deals)
            which = f"seeds {seed}..{seed + full_deck_deals - 1}"
        else:
            deals, which = every_deal(game, seed), "every deal"
        out.append(search(game, cfg, deals, which, max_steps, progress))
    return out


def war_finding(searches: Sequence[WarSearch], chosen: str | None) -> Finding | None:
    """The finding ``chomp.cycle.underwater-war.bottom_of_pile`` if a search found a loop: the
    full-deck lasso as witness if there is one (confirmed on the full deck), else the shortest
    lasso of a reduced deck (small deck only, with what the full-deck search saw). ``chosen`` is
    the audited ruleset's option for :data:`RULING`: a loop under an option it does not choose
    is information for that choice (severity info), not a defect of its rules."""
    found = [s for s in searches if s.loop is not None]
    if not found:
        return None
    full = [s for s in found if s.config.deck == "full"]
    shown = full[0] if full else min(found, key=lambda s: (len(s.loop.actions) if s.loop else 0))
    assert shown.loop is not None and shown.loop.loop_start is not None
    game = shown.config.load()
    lasso, start = shown.loop.actions, shown.loop.loop_start
    steps, _ = replay(game, lasso)
    clauses = tuple(dict.fromkeys(c for s in steps[start:] for c in s.provenance.clauses))
    where = (f"{shown.loop_deal} of {shown.config.label()} comes back after action {len(lasso)} to the state it was "
             f"in after action {start}: a loop of {len(lasso) - start} actions with no chance step, played again and "
             "again for ever")
    detail = (f"With the cards won put under the pile, highest on the food chain first (ruling {RULING} = "
              f"{FIXED_ORDER}, as in the card game War), a deal played by one fixed schedule that keeps the fairness "
              f"assumption ({SCHEDULE}) can repeat for ever: {where}. Deals searched: "
              + "; ".join(_searched(s) for s in searches) + ".")
    return Finding(
        id=finding_id("chomp", "cycle", f"underwater-war.{FIXED_ORDER}"),
        game="chomp",
        kind="non-termination",
        severity="high" if chosen == FIXED_ORDER else "info",
        title="With the won cards under the pile in a fixed order, a deal can be played for ever (underwater-war)",
        detail=detail,
        clauses=clauses,
        ruling=RULING,
        configs=tuple(s.config.to_json() for s in found),
        witness=Witness(shown.config.to_json(), tuple(action_to_json(a) for a in lasso), len(lasso) - 1, start),
        verified=any(s.exhaustive for s in found),
        source="war-loops",
        data={"option": {RULING: FIXED_ORDER}, "schedule": SCHEDULE, "fair": True, "fairness": game.fairness(),
              "searches": [s.to_json() for s in searches], "full_deck": _full_deck(searches, where if full else None)},
    )


def _searched(s: WarSearch) -> str:
    """One search in words: ``deck full, seeds 0..999: 1000 deals, 998 ended (longest 1377 actions), ...``."""
    o = s.outcomes
    return (f"deck {s.config.deck}, {s.which}: {s.deals} deal(s), {o[ENDED]} ended (the longest after {s.longest} "
            f"actions), {o[LOOP]} repeat(s) for ever, {o[STEP_LIMIT]} stopped at {s.max_steps} actions")


def _full_deck(searches: Sequence[WarSearch], where: str | None) -> dict[str, Any]:
    """The finding's full-deck status (:mod:`rulecheck.check.full_deck`): confirmed by a full-deck
    lasso (the finding's witness), else what the full-deck search saw, or that none ran."""
    if where is not None:
        return {"status": CONFIRMED, "how": f"an endless deal on the full deck (the witness): {where}"}
    full = [s for s in searches if s.config.deck == "full"]
    if not full:
        return {"status": SMALL_DECK_ONLY, "how": "found with a reduced deck; the full deck was not searched"}
    return {"status": SMALL_DECK_ONLY, "how": f"found with a reduced deck; on the full deck no deal searched "
            f"repeats ({_searched(full[0])}), which proves nothing of the deals not searched"}
