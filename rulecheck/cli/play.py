"""`rulecheck simulate`, `rulings`, `clauses`: play a game and read the model."""

from __future__ import annotations

import json

import click

from rulecheck.cli import main
from rulecheck.cli.options import (
    deck_option,
    examples,
    game_argument,
    players_option,
    ruleset_option,
    seed_option,
    variant_option,
)
from rulecheck.core.rulings import load_ruleset, load_ruling_points
from rulecheck.engine import format_trace, play, trace_to_json
from rulecheck.games import load_game


@main.command(epilog=examples(
    "rulecheck simulate chomp --variant underwater-war --seed 7",
    "rulecheck simulate chomp -n 3 --deck mini --ruleset raw",
    "rulecheck simulate chonker-party -n 4 --json > game.json",
    "rulecheck simulate chomp -v doble-chomp --seed 3 --cite",
))
@game_argument
@variant_option
@players_option
@seed_option
@ruleset_option
@deck_option
@click.option("--max-steps", type=click.IntRange(min=1), default=20_000, show_default=True,
              help="Stop (and say so) after this many actions if the game has not ended.")
@click.option("--json", "as_json", is_flag=True, help="Print the trace as replayable JSON.")
@click.option("--cite", is_flag=True,
              help="After each line, the rulebook clauses and ruling points it applied.")
def simulate(game: str, variant: str | None, players: int | None, seed: int, ruleset: str,
             deck: str, max_steps: int, as_json: bool, cite: bool) -> None:
    """Play one whole game with seeded random choices and tell it as a player would: each round,
    who turned over or played what, who slapped, who took which cards and why, and at the end
    who won with how many cards or points. Where the ruleset leaves a ruling point open, the log
    says the rules are silent and what the players agreed."""
    g = load_game(game, variant, players, ruleset, deck)
    trace = play(g, seed=seed, max_steps=max_steps)
    if as_json:
        click.echo(json.dumps(trace_to_json(trace), indent=1, sort_keys=True))
    else:
        click.echo(format_trace(trace, cite=cite), nl=False)


@main.command(epilog=examples("rulecheck rulings chomp", "rulecheck rulings chomp --ruleset house.json",
                              "rulecheck rulings chonker-party --ruleset raw --json"))
@game_argument
@ruleset_option
@click.option("--json", "as_json", is_flag=True, help="Print as JSON.")
def rulings(game: str, ruleset: str, as_json: bool) -> None:
    """List the ruling points, their options, and the ruleset's choice for each."""
    points = load_ruling_points(game)
    rs = load_ruleset(game, ruleset)
    if as_json:
        click.echo(json.dumps({
            "game": game, "ruleset": rs.name,
            "ruling_points": [{
                "id": rp.id, "kind": rp.kind, "question": rp.question, "clauses": list(rp.clauses),
                "options": [{"id": o.id, "text": o.text} for o in rp.options],
                "recommended": rp.recommended, "rationale": rp.rationale,
                "chosen": rs.choices.get(rp.id),
            } for rp in points.values()],
        }, indent=1))
        return
    open_points = 0
    for rp in points.values():
        chosen = rs.choices.get(rp.id)
        click.echo(f"{rp.id}  [{rp.kind}]  clauses: {', '.join(rp.clauses)}")
        click.echo(f"  {rp.question}")
        for o in rp.options:
            marks = []
            if o.id == rp.recommended:
                marks.append("recommended")
            if o.id == chosen:
                marks.append(f"chosen by {rs.name}")
            tag = f"  <- {', '.join(marks)}" if marks else ""
            click.echo(f"    - {o.id}: {o.text}{tag}")
        if chosen is None:
            open_points += 1
            click.echo(f"    (open in {rs.name}: reaching it is a {rp.kind})")
        if rp.rationale:
            click.echo(f"  rationale: {rp.rationale}")
        click.echo("")
    click.echo(f"{len(points)} ruling points; {open_points} open in ruleset {rs.name}.")


@main.command(epilog=examples("rulecheck clauses chomp", "rulecheck clauses chomp --uncited",
                              "rulecheck clauses chonker-party --kind example --json"))
@game_argument
@click.option("--kind", type=click.Choice(["normative", "example", "component", "flavour", "heading"]),
              default=None, help="Only clauses of this kind.")
@click.option("--uncited", is_flag=True, help="Only normative clauses the model does not cite.")
@click.option("--json", "as_json", is_flag=True, help="Print as JSON.")
def clauses(game: str, kind: str | None, uncited: bool, as_json: bool) -> None:
    """List the clause index, marking which clauses the model cites."""
    from rulecheck.core.clauses import clauses_for_game
    from rulecheck.core.coverage import cited_clauses

    index = clauses_for_game(game)
    cited = cited_clauses(game)
    rows = [c for c in index.values() if (kind is None or c.kind == kind)]
    if uncited:
        rows = [c for c in rows if c.kind == "normative" and c.id not in cited]
    if as_json:
        click.echo(json.dumps([{
            "id": c.id, "book": c.book, "kind": c.kind, "text": c.text, "aligned": c.aligned,
            "cited": c.id in cited,
        } for c in rows], indent=1, ensure_ascii=False))
        return
    for c in rows:
        mark = "cited " if c.id in cited else "      "
        align = f"  (= {c.aligned})" if c.aligned else ""
        text = " ".join(c.text.split())
        click.echo(f"{mark}{c.id:<28} {c.kind:<10} {text}{align}")
    normative = [c for c in index.values() if c.kind == "normative"]
    n_cited = sum(1 for c in normative if c.id in cited)
    click.echo(f"{len(rows)} clauses shown; the model cites {n_cited} of {len(normative)} normative clauses.")
