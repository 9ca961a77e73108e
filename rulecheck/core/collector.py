"""Python's cyclic garbage collector, paused around the searches.

An exhaustive search allocates a few containers per transition and keeps most of them (the
states it stores), and the garbage it makes is freed by reference counting: it makes no cycles
worth collecting. The cyclic collector still walks every tracked object, the stored states
included, each time enough allocations have piled up, and so took about a quarter of the
explorer's CPU time on the yardstick's Underwater War decks (a native profile: ``gc_collect_main``
22 % of the samples, ``benchmarks/spin/bench_uw.py``). It is switched off for the search and back
on after it (as it was), where any cycle left over is collected as usual. The audit's jobs run
the same way (a search, its determinacy check, the playouts): the check makes no garbage cycles
worth collecting either (four of the plan's checks in one process, the collector off throughout:
the same peak memory, 4 % less CPU time).
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

__all__ = ["cyclic_gc_paused"]


@contextmanager
def cyclic_gc_paused() -> Iterator[None]:
    """The cyclic garbage collector off for the ``with`` block, then as it was (also on an
    error or an interrupt). Reference counting goes on freeing memory as usual."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()
