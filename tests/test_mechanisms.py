"""The rulebooks' mechanisms are functions of the engine named in the books' words, whose docstrings
cite the clauses they implement (issue 22: an engine that reads like the rulebook)."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

from rulecheck.check.detectors import all_clauses

MECHANISMS = [
    ("chomp", "rulecheck.games.chomp.standard", "ink_out", "en.ink-out.2"),
    ("chomp", "rulecheck.games.chomp.standard", "feeding_frenzy", "en.feeding-frenzy.1"),
    ("chomp", "rulecheck.games.chomp.standard", "bad_chomp", "en.bad-chomp."),
    ("chomp", "rulecheck.games.chomp.standard", "tie", "en.tie."),
    ("chomp", "rulecheck.games.chomp.race", "classify", "en.bad-chomp."),
    ("chomp", "rulecheck.games.chomp.two_player", "to_war", "en.underwater-war."),
    ("chonker-party", "rulecheck.games.chonker_party.actions", "war", "cp.war."),
    ("chonker-party", "rulecheck.games.chonker_party.rounds", "munchies_master", "cp.round.1"),
    ("chonker-party", "rulecheck.games.chonker_party.rounds", "round_end", "cp.winning.1"),
]


@pytest.mark.parametrize(("game", "module", "name", "cites"), MECHANISMS, ids=[m[2] for m in MECHANISMS])
def test_each_mechanism_is_a_function_citing_its_clauses(game: str, module: str, name: str, cites: str) -> None:
    mod = importlib.import_module(module)
    assert callable(getattr(mod, name))
    # from the source: a compiled engine module keeps no docstrings
    source = Path(__file__).resolve().parents[1] / (module.replace(".", "/") + ".py")
    tree = ast.parse(source.read_text(encoding="utf-8"))
    (fn,) = [n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == name]
    doc = ast.get_docstring(fn) or ""
    assert cites in doc, f"{module}.{name} does not cite {cites}"
    index = all_clauses(game)
    assert any(cid == cites or cid.startswith(cites) for cid in index), cites
