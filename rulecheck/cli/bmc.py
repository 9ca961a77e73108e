"""`rulecheck bmc`: symbolic checks with Z3 on the full deck (BMC, k-induction, lassos, rankings)."""

from __future__ import annotations

import json

import click

from rulecheck.cli import main
from rulecheck.cli.options import examples, game_argument, players_option, ruleset_option, variant_option


@main.command(epilog=examples(
    "rulecheck bmc chomp --list",
    "rulecheck bmc chomp -v underwater-war --depth 20 --budget 300",
    "rulecheck bmc chonker-party -n 3 --query 'ruling:*' --json",
))
@game_argument
@variant_option
@players_option
@ruleset_option
@click.option("--depth", "-k", type=click.IntRange(min=1), default=12, show_default=True,
              help="Bound for BMC and lasso search.")
@click.option("--query", "-q", "queries", multiple=True,
              help="A query name (repeatable; a trailing * matches a prefix, e.g. 'ruling:*'). "
                   "Default: the game's standard queries. --list shows them.")
@click.option("--budget", type=click.FloatRange(min=0, min_open=True), default=120.0, show_default=True,
              help="Seconds for all queries together.")
@click.option("--list", "list_only", is_flag=True, help="List the queries and exit.")
@click.option("--json", "as_json", is_flag=True, help="Print results and findings as JSON.")
def bmc(game: str, variant: str | None, players: int | None, ruleset: str, depth: int,
        queries: tuple[str, ...], budget: float, list_only: bool, as_json: bool) -> None:
    """Check GAME symbolically with Z3 on the full deck (there is no --deck).

    Each result says exactly what was shown: "proved for all depths" (k-induction or a
    ranking function), "no witness up to depth k", "witness at depth d" (decoded into an
    engine trace and replayed), or "unknown" (the solver gave up or time ran out).
    """
    from rulecheck.check.symbolic.queries import list_queries, run_symbolic_checks

    if list_only:
        for name in list_queries(game, variant, players, ruleset):
            click.echo(name)
        return
    report = run_symbolic_checks(game, variant, players, ruleset, budget_seconds=budget, depth=depth,
                                 queries=list(queries) or None, note=lambda line: click.echo(line, err=True))
    if as_json:
        click.echo(json.dumps(report.to_json(), indent=1))
        return
    cfg = report.config
    click.echo(f"{cfg['game']} ({cfg['variant']}), {cfg['players']} players, full deck, ruleset {cfg['ruleset']}")
    for r in report.results:
        click.echo(f"{r.query}: {r.statement()}  [{r.seconds:.1f}s]")
        if r.detail and r.status != "witness":
            click.echo(f"    {r.detail}")
        if r.trace is not None:
            mark = "replays in the engine" if r.replayed else f"DOES NOT REPLAY: {r.meta.get('replay_mismatch')}"
            click.echo(f"    trace ({len(r.trace)} actions, {mark}): {json.dumps(r.trace)[:300]}")
    for f in report.findings:
        click.echo(f"finding {f.id} [{f.kind}, {f.severity}]")
