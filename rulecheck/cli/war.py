"""`rulecheck war-loops`: Underwater War with a fixed return order, deals searched for play that
repeats for ever (:mod:`rulecheck.check.war_loops`)."""

from __future__ import annotations

import json

import click

from rulecheck.check.explore import Config
from rulecheck.check.war_loops import (
    CLIMB_CAP,
    FULL_DECK_DEALS,
    LOOP,
    MAX_STEPS,
    SCHEDULE,
    climb,
    every_deal,
    fixed_order,
    search,
    seeded_deals,
)
from rulecheck.cli import main
from rulecheck.cli.options import deck_option, examples, ruleset_option, say, seed_option
from rulecheck.core.game import action_to_json
from rulecheck.findings import Witness


@main.command("war-loops", epilog=examples(
    "rulecheck war-loops", "rulecheck war-loops --deals 100000 --seed 1000",
    "rulecheck war-loops --deck shark=1,seal=1,plankton=1,eel=1,octopus=1 --json",
    "rulecheck war-loops --climb 2000000 --seed 3 --json",
    note=("Every deal of a reduced deck is played unless --deals is given; the full deck's deals are",
          "seeded (deal s is the one `rulecheck simulate chomp -v underwater-war --seed s` is dealt).",
          "--climb N scores N deals by hill climbing instead (deals whose play meets no war for long)."),
))
@deck_option
@click.option("--deals", type=click.IntRange(min=1), default=None,
              help=f"Seeded deals to play [default: every deal of a reduced deck; {FULL_DECK_DEALS} of the full deck].")
@click.option("--climb", "climb_deals", type=click.IntRange(min=1), default=None, metavar="N",
              help="Hill-climb over deals instead: score up to N deals by how long they are played before the "
                   "first war, and play out each that reaches 3,000 rounds without one (--deals is then not used).")
@seed_option
@click.option("--max-steps", type=click.IntRange(min=2), default=MAX_STEPS, show_default=True,
              help="Actions per deal (the deal included) after which a play is left undecided.")
@ruleset_option
@click.option("--json", "as_json", is_flag=True, help="Print the search and the lasso found as JSON.")
def war_loops(deck: str, deals: int | None, climb_deals: int | None, seed: int, max_steps: int, ruleset: str,
              as_json: bool) -> None:
    """Search Underwater War deals for a play that repeats for ever, with the won cards under the
    pile in a fixed order (ruling chomp.two_player_won_cards = bottom_of_pile, over --ruleset).

    Each deal is played by one fixed schedule that keeps the fairness assumption (in a slap race
    the first player who can win it slaps the card that wins it; no Bad Chomps) until the game
    ends, a state comes back (the play repeats for ever: the lasso is printed) or --max-steps.
    The work is deals and steps, so the result is the same on any machine; progress on stderr.
    """
    if climb_deals is not None and deals is not None:
        raise click.UsageError("--deals and --climb choose the deals two different ways: give one")
    cfg = fixed_order(Config("chomp", "underwater-war", 2, deck, ruleset))
    game = cfg.load()
    if climb_deals is not None:
        say(f"war-loops: {cfg.label()}, hill climbing from seed {seed} (at most {climb_deals:,} deals scored); "
            f"schedule: {SCHEDULE}")
        found = climb(game, cfg, seed, climb_deals, max_steps, progress=say)
        which = found.which
    else:
        if deals is None and deck != "full":
            chosen, which = every_deal(game, seed), "every deal"
        else:
            count = deals or FULL_DECK_DEALS
            chosen, which = seeded_deals(game, seed, count), f"seeds {seed}..{seed + count - 1}"
        say(f"war-loops: {cfg.label()}, {which}; schedule: {SCHEDULE}")
        found = search(game, cfg, chosen, which, max_steps, progress=say)
    witness = None
    if found.loop is not None and found.loop.loop_start is not None:
        lasso = found.loop.actions
        witness = Witness(cfg.to_json(), tuple(action_to_json(a) for a in lasso), len(lasso) - 1,
                          found.loop.loop_start)
    if as_json:
        click.echo(json.dumps({"search": found.to_json(), "witness": witness and witness.to_json()}, indent=1,
                              sort_keys=True))
        return
    o = found.outcomes
    what = (f"{found.deals} deal(s) of {cfg.label()} ({which})" if climb_deals is None else
            f"{cfg.label()}, {which}: {found.deals} deal(s) played {CLIMB_CAP:,} rounds without a war and were "
            "played out")
    click.echo(f"{what}: {o['ended']} ended (the longest after {found.longest} actions), {o[LOOP]} repeat(s) for "
               f"ever, {o['step limit']} stopped at {max_steps} actions")
    if witness is not None and witness.loop_start is not None:
        click.echo(f"shortest loop: {found.loop_deal}: after action {len(witness.actions)} the state is the one after "
                   f"action {witness.loop_start}; --json prints the lasso (deal, then every action)")
