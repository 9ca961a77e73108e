"""The immutable, compact Chomp! state and a mutable working copy for transitions.

A state is a :class:`ChompState`, a tuple of small ints and tuples of card ints, hashable and
cheap to compare. Fields (index constants in capitals):

* ``mode``: which rules apply now (0 the 3+ player game, 1 Underwater War, 2 Chomp rápido,
  3 Doble Chomp); the 3+ player game may switch to a 2-player mode with the same piles.
* ``phase``: DEAL (chance: the deal), TURN (the players turn over cards), RACE (the slap race),
  SHUFFLE (chance: a discard pile is shuffled), OVER (terminal).
* ``piles``: each player's face-down pile, top card first.
* ``discards``: each player's discard pile, sorted (a multiset: it is shuffled before use).
* ``table``: each player's face-up cards of the current round (the ones that can be slapped).
* ``aside``: each player's set-aside cards (Ink Out rounds, tie rounds, war cards) that the
  round's winner takes all of.
* ``aside_tie``: set-aside tie-round cards of which the winner takes only those she can chomp
  (ruling ``chomp.tie_replay_winnings``).
* ``aside_bad``: the set-aside cards a player turned over in an Ink Out or tie round in which he
  made a Bad Chomp: "the winner of the round takes both of your cards"; "if there is no winner
  that round, your cards stay in the center" (en.bad-chomp.8-9), whatever becomes of the other
  set-aside cards.
* ``centre``: ownerless cards in the centre (Bad Chomp cards, carry-overs), sorted.
* ``active``: bitmask of players still in the game.
* ``ban_win`` / ``ban_bad``: players who may no longer win / Bad Chomp in this race.
* ``bad``: players who made a Bad Chomp this race.
* ``race``: the kind of race (low 4 bits) and the ruling answers baked in for it (flag bits).
* ``step``: what the next turn-over is: a new round, a replay, a war, the next card; or (``LAST_TWO``)
  the last two players' choice between counting and a 2-player game.
* ``replay``: bitmask of players who play in the next replay.
* ``shuffle_for`` / ``resume``: whose discard pile the SHUFFLE phase shuffles, and what follows.
* ``out``: cards out of play (the remainder of the deal), sorted.
* ``outcome`` / ``winners``: how a terminal state ended and the winners' bitmask.
"""

from __future__ import annotations

from typing import Final, NamedTuple

__all__ = ["ChompState", "Work", "player_key"]

# modes
STANDARD: Final = 0
UNDERWATER_WAR: Final = 1
CHOMP_RAPIDO: Final = 2
DOBLE_CHOMP: Final = 3
MODE_NAMES = ("standard", "underwater-war", "chomp-rapido", "doble-chomp")

# phases
DEAL: Final = 0
TURN: Final = 1
RACE: Final = 2
SHUFFLE: Final = 3
OVER: Final = 4
PHASE_NAMES = ("deal", "turn", "race", "shuffle", "over")

# steps (what the next turn-over is)
NEW: Final = 0
REPLAY: Final = 1
WAR: Final = 2
NEXT_CARD: Final = 3
TIE_REPLAY: Final = 4
LAST_TWO: Final = 5  # (phase TURN) only two players have cards: they count or switch (en.ending.3)
STEP_NAMES = ("new-round", "ink-out-replay", "war", "next-card", "tie-replay", "last-two")

# resume after a shuffle
R_NONE: Final = 0
R_TURN: Final = 1
R_RACE: Final = 2
R_PENALTY: Final = 3
RESUME_NAMES = ("none", "turn", "race", "penalty")

# race kinds (low 4 bits of ``race``)
RK_NONE: Final = 0
RK_CHOMP: Final = 1
RK_FRENZY: Final = 2
RK_INKOUT: Final = 3
RK_EEL: Final = 4
RK_RAPIDO: Final = 5
RK_DOBLE: Final = 6
RACE_KIND_NAMES = ("none", "chomp", "feeding-frenzy", "ink-out", "eel", "rapido", "doble")
KIND_MASK: Final = 0xF
# ruling answers baked into the race when it starts
F_BAD_OK: Final = 1 << 4  # Bad Chomps are possible in this race
F_LNL_BAD: Final = 1 << 5  # slapping a lower card that is not the lowest is a Bad Chomp
F_LNL_WIN: Final = 1 << 6  # ... or wins the round
F_FRENZY_BAD: Final = 1 << 7  # Bad Chomp kinds 1-2 still apply in a Feeding Frenzy
F_OWN_OK: Final = 1 << 8  # the lowest card may be slapped by its owner (rápido / Doble)
F_DOBLE_BOTH: Final = 1 << 9  # in Doble both your cards must be able to chomp the lowest
F_OWN_EEL: Final = 1 << 10  # a player may slap his own Eel (2-player Eel race)
F_FRENZY_CURRENT: Final = 1 << 11  # a Frenzy in a replay takes only the current round's cards
F_AFTER_INK: Final = 1 << 12  # this race follows an Ink Out (for citations)
F_AFTER_TIE: Final = 1 << 13  # this race follows a tie (for citations)
F_EEL_WRONG_BAD: Final = 1 << 14  # in the 2-player Eel race, slapping another card than the Eel is a Bad Chomp
F_FRENZY_SPECIAL_BAD: Final = 1 << 15  # in a Feeding Frenzy, slapping another's Octopus or Eel is a Bad Chomp
FLAG_NAMES = (
    (F_BAD_OK, "bad-chomps"), (F_LNL_BAD, "not-lowest-is-bad"), (F_LNL_WIN, "not-lowest-wins"),
    (F_FRENZY_BAD, "frenzy-bad-chomps"), (F_OWN_OK, "own-card-ok"), (F_DOBLE_BOTH, "doble-both"),
    (F_OWN_EEL, "own-eel-ok"), (F_FRENZY_CURRENT, "frenzy-current-only"), (F_AFTER_INK, "after-ink-out"),
    (F_AFTER_TIE, "after-tie"), (F_EEL_WRONG_BAD, "eel-race-wrong-card-is-bad"),
    (F_FRENZY_SPECIAL_BAD, "frenzy-special-cards-bad"),
)

# outcomes
OUTCOME_NAMES = (
    "", "collected-all", "last-player-standing", "count-two-left", "count-tie", "draw",
    "shared-last-round", "not-playable",
)
O_NONE: Final = 0
O_COLLECTED_ALL: Final = 1
O_LAST_STANDING: Final = 2
O_COUNT: Final = 3
O_COUNT_TIE: Final = 4
O_DRAW: Final = 5
O_SHARED_LAST: Final = 6
O_NOT_PLAYABLE: Final = 7

MODE: Final = 0
PHASE: Final = 1
PILES: Final = 2
DISCARDS: Final = 3
TABLE: Final = 4
ASIDE: Final = 5
ASIDE_TIE: Final = 6
ASIDE_BAD: Final = 7
CENTRE: Final = 8
ACTIVE: Final = 9
BAN_WIN: Final = 10
BAN_BAD: Final = 11
BAD: Final = 12
RACE_F: Final = 13
STEP: Final = 14
REPLAY_F: Final = 15
SHUFFLE_FOR: Final = 16
RESUME: Final = 17
OUT: Final = 18
OUTCOME: Final = 19
WINNERS: Final = 20

Cards = tuple[int, ...]


class ChompState(NamedTuple):
    """One Chomp! state (see the module docstring for the fields)."""

    mode: int
    phase: int
    piles: tuple[Cards, ...]
    discards: tuple[Cards, ...]
    table: tuple[Cards, ...]
    aside: tuple[Cards, ...]
    aside_tie: tuple[Cards, ...]
    aside_bad: tuple[Cards, ...]
    centre: Cards
    active: int
    ban_win: int
    ban_bad: int
    bad: int
    race: int
    step: int
    replay: int
    shuffle_for: int
    resume: int
    out: Cards
    outcome: int
    winners: int


_new: Final = tuple.__new__
_STATE: Final = ChompState  # (Final: compiled, read from a C static rather than the module's dict)


def make_state(fields: list[object]) -> ChompState:
    """Build a state from its 21 fields without NamedTuple's keyword overhead."""
    return _new(_STATE, fields)  # type: ignore[no-any-return]


def root(mode: int, players: int) -> ChompState:
    """The state before the deal."""
    empty: tuple[Cards, ...] = ((),) * players
    return make_state([mode, DEAL, empty, empty, empty, empty, empty, empty, (), 0, 0, 0, 0, 0, NEW, 0,
                       -1, R_NONE, (), O_NONE, 0])


def _players_of(mask: int) -> tuple[int, ...]:
    return tuple(i for i in range(mask.bit_length()) if mask >> i & 1)


_PLAYERS_OF: Final[tuple[tuple[int, ...], ...]] = tuple(_players_of(m) for m in range(1 << 10))


def players_of(mask: int) -> tuple[int, ...]:
    """Player indices in a bitmask, ascending (precomputed for up to 10 players)."""
    if mask < 1024:
        return _PLAYERS_OF[mask]
    return _players_of(mask)


PlayerKey = tuple[Cards, Cards, Cards, Cards, Cards, Cards, tuple[int, ...]]


def player_key(piles: tuple[Cards, ...], discards: tuple[Cards, ...], table: tuple[Cards, ...],
               aside: tuple[Cards, ...], aside_tie: tuple[Cards, ...], aside_bad: tuple[Cards, ...],
               masks: tuple[int, ...], p: int) -> PlayerKey:
    """Everything of a state that is player ``p``'s: his cards in each group, and whether he is in
    each of the per-player bitmasks ``masks`` (active, ban_win, ban_bad, bad, replay, winners).
    Two players with the same key are interchangeable. ``ChompGame.canonical`` sorts the players
    by it, and a rule that treats the players alike but must still order them (who shuffles
    first: :func:`~rulecheck.games.chomp.standard.schedule`) orders them by it too."""
    return (piles[p], discards[p], table[p], aside[p], aside_tie[p], aside_bad[p], tuple([m >> p & 1 for m in masks]))


def _with(group: tuple[Cards, ...], p: int, cards: Cards) -> tuple[Cards, ...]:
    """``group`` (one entry per player) with player ``p``'s entry replaced by ``cards``."""
    return (*group[:p], cards, *group[p + 1:])


def _merge(cards: Cards, more: Cards | list[int]) -> Cards:
    """A sorted pile (a multiset: a discard pile, set-aside cards) with ``more`` cards added."""
    return tuple(sorted((*cards, *more)))


class Work:
    """A mutable copy of a state for one transition; :meth:`freeze` makes the next state."""

    __slots__ = ("active", "aside", "aside_bad", "aside_tie", "bad", "ban_bad", "ban_win", "centre", "discards",
                 "mode", "out", "outcome", "phase", "piles", "race", "replay", "resume", "shuffle_for",
                 "step", "table", "winners")

    def __init__(self, s: ChompState) -> None:
        (self.mode, self.phase, piles, discards, table, aside, aside_tie, aside_bad, centre, self.active,
         self.ban_win, self.ban_bad, self.bad, self.race, self.step, self.replay, self.shuffle_for,
         self.resume, self.out, self.outcome, self.winners) = s
        self.piles: list[Cards] = list(piles)
        self.table: list[Cards] = list(table)
        # changed only through the methods below, so copied only when they change
        self.discards: tuple[Cards, ...] = discards
        self.aside: tuple[Cards, ...] = aside
        self.aside_tie: tuple[Cards, ...] = aside_tie
        self.aside_bad: tuple[Cards, ...] = aside_bad
        self.centre: Cards = centre

    def freeze(self) -> ChompState:
        return _new(_STATE, (  # type: ignore[no-any-return]
            self.mode, self.phase, tuple(self.piles), self.discards, tuple(self.table),
            self.aside, self.aside_tie, self.aside_bad, self.centre, self.active, self.ban_win, self.ban_bad,
            self.bad, self.race, self.step, self.replay, self.shuffle_for, self.resume, self.out, self.outcome,
            self.winners))

    # ------------------------------------------------------------ card moves
    def to_discard(self, p: int, cards: Cards | list[int]) -> None:
        if cards:
            self.discards = _with(self.discards, p, _merge(self.discards[p], cards))

    def empty_discard(self, p: int) -> None:
        self.discards = _with(self.discards, p, ())

    def to_centre(self, cards: Cards | list[int]) -> None:
        if cards:
            self.centre = _merge(self.centre, cards)

    def set_aside(self, p: int, cards: Cards | list[int]) -> None:
        """``cards`` of player ``p`` set aside (the tie bucket: :meth:`set_aside_table`)."""
        if cards:
            self.aside = _with(self.aside, p, _merge(self.aside[p], cards))

    def set_aside_table(self, tie: int = 0, bad: int = 0) -> None:
        """Every player's face-up cards set aside: those of the players in the bitmask ``bad``
        (who made a Bad Chomp this race) with the Bad Chompers' cards, those of the players in
        ``tie`` with the tie-round cards, the others with the rest; each group built once."""
        aside = list(self.aside)
        aside_tie = list(self.aside_tie)
        aside_bad = list(self.aside_bad)
        moved = moved_tie = moved_bad = False
        for p, cards in enumerate(self.table):
            if not cards:
                continue
            if bad >> p & 1:
                aside_bad[p] = _merge(aside_bad[p], cards)
                moved_bad = True
            elif tie >> p & 1:
                aside_tie[p] = _merge(aside_tie[p], cards)
                moved_tie = True
            else:
                aside[p] = _merge(aside[p], cards)
                moved = True
        if moved:
            self.aside = tuple(aside)
        if moved_tie:
            self.aside_tie = tuple(aside_tie)
        if moved_bad:
            self.aside_bad = tuple(aside_bad)

    def holdings(self, p: int) -> int:
        """Cards the player owns outside the centre: pile and discard pile."""
        return len(self.piles[p]) + len(self.discards[p])

    def clear_round(self) -> None:
        """Nothing on the table or set aside any more; a new round comes next."""
        n = len(self.piles)
        self.table = [()] * n
        self.aside = self.aside_tie = self.aside_bad = ((),) * n
        self.bad = self.ban_win = self.ban_bad = 0
        self.race = 0
        self.step = NEW
        self.replay = 0

    def end(self, outcome: int, winners: int) -> None:
        self.phase = OVER
        self.outcome = outcome
        self.winners = winners
        self.shuffle_for = -1
        self.resume = R_NONE
