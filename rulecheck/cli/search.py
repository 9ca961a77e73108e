"""``rulecheck search``: one configuration explored exhaustively, here or spread over a cluster."""

from __future__ import annotations

import json
import sys
import time
from typing import Any

import click

from rulecheck.cli import main
from rulecheck.cli.audit import EXIT_INCOMPLETE, EXIT_TIME_LIMITED
from rulecheck.cli.options import (
    STDOUT,
    emit,
    examples,
    explored_deck_option,
    game_argument,
    players_option,
    ruleset_option,
    say,
    variant_option,
)
from rulecheck.cluster import LOCAL

__all__ = ["search"]

_CLUSTER_HELP = (
    "Spread the search over a Dask cluster: the scheduler's address (tcp://host:8786), or, with "
    "no address, a cluster of -j worker processes started on this machine. States are owned by "
    "hash; the result is the same as without --cluster.")


def _throttled(seconds: float) -> Any:
    """A progress hook that writes a line on stderr at most every ``seconds``."""
    last = [0.0]

    def hook(expanded: int, distinct: int, transitions: int, elapsed: float) -> None:
        now = time.monotonic()
        if now - last[0] >= seconds:
            last[0] = now
            say(f"  {distinct:,} states ({expanded:,} expanded), {transitions:,} transitions, {elapsed:.0f}s")

    return hook


@main.command(epilog=examples(
    "rulecheck search chomp -v underwater-war -n 2 --deck shark=1,seal=1,bigfish=1,littlefish=1,shrimp=1,plankton=1",
    "rulecheck search chomp -v underwater-war -n 2 --deck shark=1,seal=1,bigfish=2,littlefish=2,shrimp=1,plankton=1 "
    "--cluster -j 2",
    "rulecheck search chomp -v underwater-war -n 2 --deck shark=1,seal=1,bigfish=2,littlefish=2,shrimp=2,plankton=2 "
    "--cluster tcp://scheduler:8786 --partitions 16",
))
@game_argument
@variant_option
@players_option
@explored_deck_option
@ruleset_option
@click.option("--cluster", default=None, is_flag=False, flag_value=LOCAL, metavar="[ADDRESS]", help=_CLUSTER_HELP)
@click.option("--jobs", "-j", type=click.IntRange(min=1), default=2, show_default=True,
              help="Worker processes of a local cluster (--cluster with no address).")
@click.option("--partitions", type=click.IntRange(min=1), default=None,
              help="Parts the states are cut into on a cluster [default: one per worker].")
@click.option("--max-states", type=click.IntRange(min=1), default=None,
              help="Stop once this many distinct states are stored (on a cluster: at the end of a level).")
@click.option("--max-seconds", type=click.FloatRange(min=0, min_open=True), default=None,
              help="Stop after this much time (the report then depends on the machine: exit 4).")
@click.option("--no-symmetry", is_flag=True, help="Do not merge symmetric states.")
@click.option("--json", "json_path", type=click.Path(dir_okay=False, allow_dash=True), default=None,
              help="Also write the figures and findings as JSON ('-': standard output).")
def search(game: str, variant: str | None, players: int | None, deck: str | None, ruleset: str,
           cluster: str | None, jobs: int, partitions: int | None, max_states: int | None,
           max_seconds: float | None, no_symmetry: bool, json_path: str | None) -> None:
    """Explore one configuration exhaustively and list what its search finds.

    The breadth-first search of the audit (every deal, race outcome, choice and open ruling
    option), then its per-configuration detectors: open ruling points, deadlocks, cycles and
    traps, broken invariants, each with a witness that replays. Standard output gives the
    figures (states, transitions, depth, what was proved) and the findings; exit 3 if a
    --max-states bound stopped the search, 4 if --max-seconds did.
    """
    from rulecheck.check.detectors import config_findings
    from rulecheck.check.explore import explore
    from rulecheck.cli.decks import explored_config

    ctx = click.get_current_context()
    if cluster is None:
        for name in ("partitions", "jobs"):
            if ctx.get_parameter_source(name) is click.core.ParameterSource.COMMANDLINE:
                raise click.UsageError(f"--{name} sets how a search is spread over a cluster: give --cluster too "
                                       "(without it the search runs in this process)")
    g, cfg = explored_config("search", game, variant, players, deck, ruleset)
    hook = _throttled(2.0)
    t0 = time.monotonic()
    if cluster is None:
        say(f"search: {cfg.label()}")
        res = explore(g, max_states=max_states, max_seconds=max_seconds, symmetry=not no_symmetry,
                      progress=hook, config=cfg)
    else:
        from rulecheck.check.partitioned import explore_partitioned
        from rulecheck.cluster import cluster_client

        with cluster_client(cluster, jobs) as client:
            workers = len(client.scheduler_info()["workers"])
            say(f"search: {cfg.label()} on {workers} worker(s) at {client.scheduler.address}, "
                f"{partitions or workers} partition(s)")
            res = explore_partitioned(client, cfg, partitions=partitions, symmetry=not no_symmetry,
                                      max_states=max_states, max_seconds=max_seconds, progress=hook)
    say(f"search: {res.distinct:,} states, {res.transitions:,} transitions in {time.monotonic() - t0:.1f}s; "
        "running the detectors")
    found = config_findings(res, rulings=True, behaviour=True)
    summary = res.summary()
    lines = [
        cfg.label(),
        f"{'complete' if res.complete else 'INCOMPLETE (' + res.stop_reason + ')'}: {res.distinct:,} states, "
        f"{res.transitions:,} transitions, {summary['terminal_states']:,} terminal, depth {summary['max_depth']}",
        f"proved: {', '.join(summary['proved']) or 'nothing'}",
        f"findings: {len(found)}",
        *(f"  {f.severity:<8} {f.kind:<19} {f.id}  {f.title}" for f in found),
    ]
    if json_path is not None:
        data = {"summary": summary, "findings": [f.to_json() for f in found]}
        emit(json_path, json.dumps(data, indent=2, sort_keys=True) + "\n", "the search's figures and findings")
    click.echo("\n".join(lines), err=json_path == STDOUT)
    if not res.complete:
        sys.exit(EXIT_TIME_LIMITED if res.stop_reason == "max-seconds" else EXIT_INCOMPLETE)
