"""`rulecheck war-loops`: Underwater War with a fixed return order, deals searched for play that
repeats for ever (:mod:`rulecheck.check.war_loops`)."""

from __future__ import annotations

import json

import click

from rulecheck.check.explore import Config
from rulecheck.check.war_loops import (
    FULL_DECK_DEALS,
    LOOP,
    MAX_STEPS,
    SCHEDULE,
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
    note=("Every deal of a reduced deck is played unless --deals is given; the full deck's deals are",
          "seeded (deal s is the one `rulecheck simulate chomp -v underwater-war --seed s` is dealt)."),
))
@deck_option
@click.option("--deals", type=click.IntRange(min=1), default=None,
              help=f"Seeded deals to play [default: every deal of a reduced deck; {FULL_DECK_DEALS} of the full deck].")
@seed_option
@click.option("--max-steps", type=click.IntRange(min=2), default=MAX_STEPS, show_default=True,
              help="Actions per deal (the deal included) after which a play is left undecided.")
@ruleset_option
@click.option("--json", "as_json", is_flag=True, help="Print the search and the lasso found as JSON.")
def war_loops(deck: str, deals: int | None, seed: int, max_steps: int, ruleset: str, as_json: bool) -> None:
    """Search Underwater War deals for a play that repeats for ever, with the won cards under the
    pile in a fixed order (ruling chomp.two_player_won_cards = bottom_of_pile, over --ruleset).

    Each deal is played by one fixed schedule that keeps the fairness assumption (in a slap race
    the first player who can win it slaps the card that wins it; no Bad Chomps) until the game
    ends, a state comes back (the play repeats for ever: the lasso is printed) or --max-steps.
    The work is deals and steps, so the result is the same on any machine; progress on stderr.
    """
    cfg = fixed_order(Config("chomp", "underwater-war", 2, deck, ruleset))
    game = cfg.load()
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
    click.echo(f"{found.deals} deal(s) of {cfg.label()} ({which}): {o['ended']} ended (the longest after "
               f"{found.longest} actions), {o[LOOP]} repeat(s) for ever, {o['step limit']} stopped at {max_steps} "
               "actions")
    if witness is not None and witness.loop_start is not None:
        click.echo(f"shortest loop: {found.loop_deal}: after action {len(witness.actions)} the state is the one after "
                   f"action {witness.loop_start}; --json prints the lasso (deal, then every action)")
