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

On the way out, what the block allocated and still holds (a search's stored states) is moved to
the oldest generation without a walk (``gc.freeze()`` then ``gc.unfreeze()``, each a constant-time
move of the generation lists). Left in the youngest, those objects were all walked by the first
collection after the block, the whole search's states at once: about 0.19 s after the
yardstick's 8-card search (1.6 million tracked objects), 8 % of its CPU time. In the oldest
generation they are walked only by the next full collection, as any long-lived object, and a
garbage cycle among them is collected then: nothing is frozen for good.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

__all__ = ["cyclic_gc_paused"]


@contextmanager
def cyclic_gc_paused() -> Iterator[None]:
    """The cyclic garbage collector off for the ``with`` block, then as it was (also on an
    error or an interrupt), with what the block allocated moved to the oldest generation.
    Reference counting goes on freeing memory as usual."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            if gc.get_freeze_count() == 0:  # (objects someone else froze stay frozen)
                gc.freeze()  # every tracked object to the permanent generation (no walk) ...
                gc.unfreeze()  # ... and from there to the oldest: long-lived, still collectable
            gc.enable()
