"""`rulecheck simulate` tells the game as a player would, for the four Chomp! games and Chonker
Party: each round says which cards were turned over (or played) and who took which cards, lines
carry no clause or ruling IDs unless asked with --cite, the end says who won with how many
cards or points, and the JSON trace is the engine's, as before."""

from __future__ import annotations

import json
import re
from collections.abc import Hashable

import pytest
from click.testing import CliRunner

from rulecheck.cli import main
from rulecheck.core.game import Game
from rulecheck.docs.lint import tool_words
from rulecheck.engine import Trace, play, trace_to_json
from rulecheck.games import load_game
from rulecheck.games.chomp.cards import DISPLAY_NAMES
from rulecheck.story.log import log_lines, player_log

GAMES = [
    ("chomp", "standard", 3, 1),
    ("chomp", "standard", 5, 2),
    ("chomp", "underwater-war", 2, 3),
    ("chomp", "chomp-rapido", 2, 4),
    ("chomp", "doble-chomp", 2, 5),
    ("chonker-party", "standard", 2, 6),
    ("chonker-party", "standard", 4, 7),
]
IDS = re.compile(r"\b(?:en|es|cp)\.[a-z0-9-]+\.\d+\b|\b(?:chomp|cp)\.[a-z_]+\b")


def _game(game: str, variant: str, players: int) -> tuple[Game, Trace]:
    g = load_game(game, variant, players, "recommended", "full")
    return g, play(g, seed=players * 7 + len(variant), max_steps=5000)


def _states(g: Game, trace: Trace) -> list[tuple[Hashable, tuple, Hashable]]:
    state, out = g.root_state(), []
    for step in trace.steps:
        after = g.apply(state, step.action).state
        out.append((state, step.action, after))
        state = after
    return out


@pytest.mark.parametrize(("game", "variant", "players", "seed"), GAMES)
def test_the_log_reads_as_a_players_account(game: str, variant: str, players: int, seed: int) -> None:
    g = load_game(game, variant, players, "recommended", "full")
    trace = play(g, seed=seed, max_steps=5000)
    text = player_log(trace)
    assert "Round 1" in text and not IDS.search(text), IDS.findall(text)[:5]
    assert not tool_words(text), tool_words(text)[:5]
    if trace.status == "terminal":
        last = text.rstrip().splitlines()[-1]
        winners = [p for p, r in enumerate(g.returns(trace.final)) if r > 0]
        unit = "cards" if game == "chomp" else "point"
        assert last.startswith("Game over"), last
        assert all(f"Player {p + 1}" in last for p in winners), last
        assert unit in last or "collected all" in last, last


@pytest.mark.parametrize(("game", "variant", "players", "seed"), GAMES[:5])
def test_each_round_says_what_was_turned_over_and_who_took_which_cards(
    game: str, variant: str, players: int, seed: int
) -> None:
    g = load_game(game, variant, players, "recommended", "full")
    trace = play(g, seed=seed, max_steps=600)
    lines = log_lines(trace)
    steps = _states(g, trace)
    assert len(lines) == len(steps)  # no ruling is open: one line per step
    for line, (before, action, after) in zip(lines, steps, strict=True):
        if action[0] == "turn_over":
            war = "War!" in line.text  # two cards face down (named when someone takes them), one face up
            for p in range(players):
                gone = len(before.piles[p]) - len(after.piles[p])  # type: ignore[attr-defined]
                turned = before.piles[p][:gone] if gone > 0 else ()  # type: ignore[attr-defined]
                for card in turned[-1:] if war else turned:
                    assert DISPLAY_NAMES[card] in line.text, (line.text, action)
        took = [p for p in range(players) if len(after.discards[p]) > len(before.discards[p])]  # type: ignore[attr-defined]
        if took and action[0] != "shuffle":
            assert "takes" in line.text or "discard pile" in line.text, line.text
            assert all(f"Player {p + 1}" in line.text for p in took), line.text


def test_chonker_party_rounds_say_who_played_what_and_who_won_the_cards() -> None:
    g = load_game("chonker-party", "standard", 3, "recommended", "full")
    trace = play(g, seed=1, max_steps=5000)
    steps = _states(g, trace)
    text = player_log(trace)
    for before, action, _ in steps:
        if action[0] == "play":
            assert f"Player {before.actor + 1} plays a" in text  # type: ignore[attr-defined]
    won = sum(1 for before, _, after in steps if any(sum(a) > sum(b) for a, b in zip(after.piles, before.piles,
                                                                                       strict=True)))
    assert text.count("to their win pile") == won > 0


def test_cite_adds_the_clauses_and_rulings_each_line_applied() -> None:
    runner = CliRunner()
    plain = runner.invoke(main, ["simulate", "chomp", "-v", "doble-chomp", "--seed", "3"])
    cited = runner.invoke(main, ["simulate", "chomp", "-v", "doble-chomp", "--seed", "3", "--cite"])
    assert plain.exit_code == 0 and cited.exit_code == 0, cited.output
    assert not IDS.search(plain.output)
    refs = re.findall(r"^\s+\[(.+)\]$", cited.output, re.M)
    assert refs and all(IDS.search(r) for r in refs)
    # one edition of each clause: a Spanish clause is cited only when its English one is not
    assert "es.malos-mordiscos.2" not in cited.output and "en.bad-chomp.2" in cited.output
    assert "es.doble-chomp.1" in cited.output


def test_the_json_trace_is_the_engines_as_before() -> None:
    runner = CliRunner()
    out = runner.invoke(main, ["simulate", "chomp", "-v", "underwater-war", "--seed", "3", "--json"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    g = load_game("chomp", "underwater-war", 2, "recommended", "full")
    trace = play(g, seed=3)
    assert data == json.loads(json.dumps(trace_to_json(trace)))
    assert set(data) == {"format", "engine", "config", "seed", "status", "steps", "final", "terminal", "returns"}
    state = g.root_state()
    for step, (recorded) in zip(trace.steps, data["steps"], strict=True):
        assert recorded["text"] == g.describe_action(state, step.action)  # the engine's words, not the log's
        state = g.apply(state, step.action).state


def test_higher_on_the_food_chain_names_the_card_that_won_and_only_after_a_comparison() -> None:
    """'P's card is higher on the food chain' only where cards were compared: not when the other
    player had no card to turn over (he loses without one), and with two cards turned (Doble
    Chomp) it names the higher creature, not the last card turned (an erratum's example once read
    "Player 2 turns over a Shark and a Plankton. Player 2's Plankton is higher on the food chain")."""
    from rulecheck.games.chomp.cards import OCTOPUS, PLANKTON, SEAL, SHARK
    from rulecheck.story.chomp import ChompStory

    story = ChompStory(load_game("chomp", "doble-chomp", 2, "raw"))
    assert story._higher(1, {1: (SHARK, PLANKTON)}) == ""
    assert story._higher(1, {0: (), 1: (SHARK, PLANKTON)}) == ""
    assert story._higher(1, {0: (SEAL,), 1: (SHARK, PLANKTON)}) == "Player 2's Shark is higher on the food chain."
    assert story._higher(1, {0: (SEAL,), 1: (OCTOPUS,)}) == ""  # not on the food chain
