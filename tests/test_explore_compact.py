"""Compact searches (issue 21): states stored as the game's exact byte encoding give the same
search, state for state, and the encoding is exact on every state the rules reach."""

from __future__ import annotations

import random

import pytest

from rulecheck.check.explore import Config, PackedStates, explore
from rulecheck.core.errors import RulecheckError
from rulecheck.core.game import Pending
from rulecheck.engine import replay
from rulecheck.games.chomp.packing import pack, unpack

CONFIGS = [
    Config("chomp", "underwater-war", 2, "shark=1,seal=1,plankton=1,octopus=1,littlefish=1,shrimp=1,bigfish=1",
           "recommended"),
    Config("chomp", "underwater-war", 2, "shark=1,seal=1,eel=1,octopus=1", "raw"),
    Config("chomp", "standard", 3, "shark=1,littlefish=1,eel=1,octopus=1", "raw"),
    Config("chomp", "doble-chomp", 2, "shark=1,seal=1,plankton=1,eel=1,octopus=1", "recommended"),
    Config("chomp", "chomp-rapido", 2, "shark=1,seal=1,eel=1,octopus=1", "raw"),
    Config("chomp", "standard", 7, "plankton=7", "raw"),
]


@pytest.mark.parametrize("cfg", CONFIGS, ids=lambda c: c.label())
def test_a_compact_search_is_the_same_search(cfg: Config) -> None:
    game = cfg.load()
    plain = explore(game, config=cfg)
    packed = explore(game, config=cfg, compact=True)
    assert isinstance(packed.states, PackedStates) and packed.packed
    assert (packed.distinct, packed.expanded, packed.transitions) == (plain.distinct, plain.expanded, plain.transitions)
    assert list(packed.states) == list(plain.states)
    assert packed.succ == plain.succ and packed.parent == plain.parent and packed.parent_action == plain.parent_action
    assert packed.pending_first == plain.pending_first and packed.outcomes_first == plain.outcomes_first
    assert packed.violations_first.keys() == plain.violations_first.keys()
    for state in plain.states:
        if type(state) is not Pending:
            data = pack(state)
            assert unpack(data, cfg.players) == state and packed.node_of(state) == plain.node_of(state)
    for node in (plain.distinct // 2, plain.distinct - 1):
        try:
            want = plain.trace_to(node)
        except RulecheckError:  # (a path the symmetry reduction cannot lift: the same either way)
            with pytest.raises(RulecheckError):
                packed.trace_to(node)
            continue
        assert packed.trace_to(node) == want
        _, end = replay(game, want)
        assert packed._matches(end, node)


def test_the_encoding_keeps_every_field() -> None:
    """Every field of a state is read back, wide player masks and a race's flags included."""
    game = Config("chomp", "standard", 10, "full", "recommended").load()
    state = game.apply(game.root_state(), game.sample_chance(game.root_state(), random.Random(1))).state
    state = state._replace(active=0b1011001101, winners=0b1000000001, race=0b110000010101, shuffle_for=9,
                           out=(3, 4), centre=(0, 7))
    data = pack(state)
    assert unpack(data, 10) == state


def test_a_game_without_an_encoding_says_so() -> None:
    game = Config("chonker-party", "standard", 2, "sweet=1,salty=1,chonk=1,leaf=2,skip=1,hand=1", "raw").load()
    with pytest.raises(ValueError, match="chonker-party has no compact state encoding"):
        explore(game, compact=True)


def test_the_store_numbers_keys_in_order_and_finds_them_by_content() -> None:
    from rulecheck.check.store import StateStore

    rng = random.Random(7)
    keys = list(dict.fromkeys(bytes(rng.randrange(256) for _ in range(rng.randrange(1, 12))) for _ in range(5000)))
    store = StateStore()
    for i, key in enumerate(keys):
        assert store.get(key) is None
        assert store.add(key) == i
    assert len(store) == len(keys) and store.bits > 10  # it grew
    assert all(store.get(key) == i and store[i] == key for i, key in enumerate(keys))
    assert store.get(b"not stored at all, longer than any key") is None
    with pytest.raises(IndexError):
        store[len(keys)]
