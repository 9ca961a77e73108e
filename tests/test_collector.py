"""The cyclic garbage collector is paused for a search and then left as it was."""

from __future__ import annotations

import gc

import pytest

from rulecheck.check.explore import Config, explore
from rulecheck.core.collector import cyclic_gc_paused


@pytest.mark.parametrize("enabled", [True, False])
def test_a_search_leaves_the_collector_as_it_found_it(enabled: bool) -> None:
    """Off during the search, then on again only if it was on; the search is the same search."""
    cfg = Config("chomp", "underwater-war", 2, "shark=1,seal=1,plankton=1,eel=1,octopus=1", "recommended")
    seen: list[bool] = []
    was = gc.isenabled()
    try:
        gc.enable() if enabled else gc.disable()
        res = explore(cfg.load(), config=cfg, progress=lambda *_: seen.append(gc.isenabled()), progress_seconds=0.0)
        assert gc.isenabled() is enabled
    finally:
        gc.enable() if was else gc.disable()
    # (every progress call but the last comes from inside the search; the last reports its end)
    assert len(seen) > 1 and not any(seen[:-1]) and seen[-1] is enabled
    assert res.complete and res.distinct > 100


def test_the_collector_comes_back_on_after_an_error() -> None:
    was = gc.isenabled()
    gc.enable()
    try:
        with pytest.raises(KeyboardInterrupt), cyclic_gc_paused():
            assert not gc.isenabled()
            raise KeyboardInterrupt
        assert gc.isenabled()
    finally:
        gc.enable() if was else gc.disable()


class _Node:
    """A container that can be put in a cycle and watched by a weak reference."""

    def __init__(self) -> None:
        self.other: object = None


def test_what_the_block_keeps_goes_to_the_oldest_generation_and_a_cycle_is_still_collected() -> None:
    """What a search allocates and keeps is not walked by the next young collection (moved to the
    oldest generation on the way out), and nothing is frozen for good: a garbage cycle made in the
    block is collected by a full collection."""
    import weakref

    was = gc.isenabled()
    gc.enable()
    try:
        with cyclic_gc_paused():
            kept = [[i] for i in range(100)]
            a, b = _Node(), _Node()
            a.other, b.other = b, a
            gone = weakref.ref(a)
            del a, b
        assert gc.get_freeze_count() == 0
        oldest = {id(o) for o in gc.get_objects(generation=2)}
        assert id(kept) in oldest and id(kept[0]) in oldest
        assert gone() is not None  # the cycle is garbage, not collected yet ...
        gc.collect()
        assert gone() is None  # ... and collected by a full collection
    finally:
        gc.enable() if was else gc.disable()
