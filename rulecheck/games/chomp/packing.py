"""A compact, exact encoding of Chomp! states as bytes, for searches too big to keep every state
as objects (``explore(..., compact=True)``).

A :class:`~rulecheck.games.chomp.state.ChompState` kept as a tuple of tuples costs about 650
bytes with its share of the search's tables; encoded (about 35 bytes for 10 cards and 2 players)
in a :class:`~rulecheck.check.store.StateStore`, about 90. The encoding is exact (one
byte string per state, and back): ``unpack(pack(s), n) == s`` for every state of ``n`` players.
Layout, in field order, each number one byte unless said otherwise: ``mode``, ``phase``; for each
of ``piles``, ``discards``, ``table``, ``aside``, ``aside_tie`` and ``aside_bad``, each player's card count and
cards; ``centre`` and ``out`` the same; the player masks ``active``, ``ban_win``, ``ban_bad``,
``bad``, ``replay`` and ``winners`` (one byte each up to 8 players, two beyond); ``race`` (two
bytes); ``step``, ``shuffle_for`` + 1, ``resume``, ``outcome``. A card is its kind's index.
"""

from __future__ import annotations

from typing import Final

from rulecheck.games.chomp.state import ChompState, make_state

__all__ = ["pack", "unpack"]

_GROUPS: Final = 6  # piles, discards, table, aside, aside_tie, aside_bad


def pack(s: ChompState) -> bytes:
    """``s`` as bytes (ValueError if a number does not fit its bytes: not a state of the rules)."""
    out: list[int] = [s.mode, s.phase]
    for group in (s.piles, s.discards, s.table, s.aside, s.aside_tie, s.aside_bad):
        for cards in group:
            out.append(len(cards))
            out.extend(cards)
    out.append(len(s.centre))
    out.extend(s.centre)
    out.append(len(s.out))
    out.extend(s.out)
    wide = len(s.piles) > 8
    for mask in (s.active, s.ban_win, s.ban_bad, s.bad, s.replay, s.winners):
        if wide:
            out.append(mask >> 8)
        out.append(mask & 255)
    out.append(s.race >> 8)
    out.append(s.race & 255)
    out.append(s.step)
    out.append(s.shuffle_for + 1)
    out.append(s.resume)
    out.append(s.outcome)
    return bytes(out)


def unpack(data: bytes, players: int) -> ChompState:
    """The state :func:`pack` made ``data`` from, in a game of ``players`` players."""
    fields: list[object] = [data[0], data[1]]
    i = 2
    for _ in range(_GROUPS):
        group: list[tuple[int, ...]] = []
        for _ in range(players):
            n = data[i]
            group.append(tuple(data[i + 1:i + 1 + n]))
            i += 1 + n
        fields.append(tuple(group))
    n = data[i]
    fields.append(tuple(data[i + 1:i + 1 + n]))  # centre
    i += 1 + n
    n = data[i]
    out = tuple(data[i + 1:i + 1 + n])
    i += 1 + n
    masks: list[int] = []
    for _ in range(6):
        if players > 8:
            masks.append(data[i] << 8 | data[i + 1])
            i += 2
        else:
            masks.append(data[i])
            i += 1
    active, ban_win, ban_bad, bad, replay, winners = masks
    race = data[i] << 8 | data[i + 1]
    step, shuffle_for, resume, outcome = data[i + 2], data[i + 3] - 1, data[i + 4], data[i + 5]
    return make_state([*fields, active, ban_win, ban_bad, bad, race, step, replay, shuffle_for, resume, out,
                       outcome, winners])
