"""An exact store of encoded states for compact searches (``explore(..., compact=True)``).

A search keeps every state it has seen and looks each new one up. Kept as Python objects in a
dict, a Chomp! state costs about 650 bytes; as a ``bytes`` key of a dict, about 180 (the bytes
object, the dict's entry and the state number's ``int``). :class:`StateStore` keeps the encodings
end to end in one ``bytearray`` and finds them with an open-addressing hash table held in two
arrays (each slot a 64-bit hash and a 32-bit state number), as SPIN's and TLC's state stores do:
no object per state. It is exact: a hash match is confirmed by comparing the stored bytes, so two
states are never confused (nothing is lossy, unlike SPIN's hash compaction or bitstate modes).

States are numbered in the order they are added (``add``), so a search's state numbers do not
depend on the hash function (nor on ``PYTHONHASHSEED``).
"""

from __future__ import annotations

from array import array
from typing import Final

__all__ = ["StateStore"]

_EMPTY: Final = -1
_MIN_BITS: Final = 10


class StateStore:
    """Byte strings numbered 0, 1, ... in insertion order, found by content.

    ``get(key)`` is the number of ``key`` or None; ``add(key)`` stores a key not yet stored and
    returns its number; ``store[i]`` is key ``i``; ``len(store)`` how many. The table (linear
    probing) doubles when more than three quarters full."""

    def __init__(self) -> None:
        self.arena = bytearray()
        self.starts = array("q", [0])  # key i is arena[starts[i]:starts[i + 1]]
        self.bits = _MIN_BITS
        self.mask = (1 << _MIN_BITS) - 1
        self.hashes = array("q", [0]) * (1 << _MIN_BITS)
        self.ids = array("i", [_EMPTY]) * (1 << _MIN_BITS)
        self.count = 0

    def __len__(self) -> int:
        return self.count

    def __getitem__(self, i: int) -> bytes:
        if not 0 <= i < self.count:
            raise IndexError(f"state {i} of {self.count}")
        return bytes(self.arena[self.starts[i]:self.starts[i + 1]])

    def nbytes(self) -> int:
        """Memory held by the store's buffers (the arrays' and the arena's allocated lengths)."""
        return (len(self.arena) + self.starts.itemsize * len(self.starts)
                + self.hashes.itemsize * len(self.hashes) + self.ids.itemsize * len(self.ids))

    def get(self, key: bytes) -> int | None:
        h = hash(key)
        mask = self.mask
        slot = h & mask
        ids, hashes = self.ids, self.hashes
        while True:
            i = ids[slot]
            if i == _EMPTY:
                return None
            if hashes[slot] == h and self.arena[self.starts[i]:self.starts[i + 1]] == key:
                return i
            slot = (slot + 1) & mask

    def add(self, key: bytes) -> int:
        """Store ``key`` (not stored yet: check with :meth:`get` first) as the next number."""
        i = self.count
        self.arena += key
        self.starts.append(len(self.arena))
        self.count = i + 1
        if 4 * self.count > 3 * (self.mask + 1):
            self._grow()
        self._place(hash(key), i)
        return i

    def _place(self, h: int, i: int) -> None:
        mask = self.mask
        slot = h & mask
        ids = self.ids
        while ids[slot] != _EMPTY:
            slot = (slot + 1) & mask
        ids[slot] = i
        self.hashes[slot] = h

    def _grow(self) -> None:
        old_ids, old_hashes = self.ids, self.hashes
        self.bits += 1
        self.mask = (1 << self.bits) - 1
        self.hashes = array("q", [0]) * (1 << self.bits)
        self.ids = array("i", [_EMPTY]) * (1 << self.bits)
        for slot in range(len(old_ids)):
            i = old_ids[slot]
            if i != _EMPTY:
                self._place(old_hashes[slot], i)
