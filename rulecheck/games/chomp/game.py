"""``ChompGame``: the Chomp! model behind the generic :class:`~rulecheck.core.game.Game` interface."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Hashable, Iterator, Mapping
from fractions import Fraction
from typing import Any, Final

from rulecheck.core.errors import InvalidConfigError, InvalidDealError, InvalidStateError, TooManyOutcomesError
from rulecheck.core.game import (
    CHANCE,
    RACE,
    TERMINAL,
    Action,
    Game,
    Pending,
    Violation,
    check_deal_shape,
)
from rulecheck.core.provenance import Context, Step, Undetermined
from rulecheck.core.rulings import Ruleset
from rulecheck.games.chomp import packing, public, standard
from rulecheck.games.chomp.cards import (
    CARD_NAMES,
    DISPLAY_NAMES,
    KINDS,
    card_from_name,
    count_sequences,
    deck_counts,
    multiset_sequences,
    sequence_probability,
)
from rulecheck.games.chomp.race import BAD_KINDS, VALID, classify, lowest, race_actions, valid_slappers
from rulecheck.games.chomp.state import (
    ACTIVE,
    DEAL,
    FLAG_NAMES,
    KIND_MASK,
    LAST_TWO,
    MODE_NAMES,
    O_NONE,
    OUTCOME,
    OUTCOME_NAMES,
    OVER,
    PHASE,
    PHASE_NAMES,
    RACE_KIND_NAMES,
    RESUME_NAMES,
    RK_EEL,
    RK_FRENZY,
    RK_INKOUT,
    SHUFFLE,
    STANDARD,
    STEP,
    STEP_NAMES,
    TURN,
    WAR,
    WINNERS,
    ChompState,
    Work,
    make_state,
    player_key,
    players_of,
    root,
)
from rulecheck.games.chomp.state import RACE as RACE_PHASE

__all__ = ["MAX_OUTCOMES", "ChompGame"]

MAX_OUTCOMES: Final = 200_000
"""Chance nodes with more distinct outcomes than this raise TooManyOutcomesError."""


def _pname(p: int) -> str:
    return f"Player {p + 1}"


DISPLAY_MODES: Final = {"underwater-war": "Underwater War", "chomp-rapido": "Chomp rápido",
                         "doble-chomp": "Doble Chomp"}


def _cards_text(cards: tuple[int, ...]) -> str:
    return ", ".join(DISPLAY_NAMES[c] for c in cards) if cards else "-"


class ChompGame(Game):
    """Chomp!: the 3+ player game and the three 2-player games, over any deck of the same kinds.

    ``mode`` is the variant's index in ``MODE_NAMES``; in the 3+ player game, the last two players
    may switch to a 2-player mode (their choice, en.ending.3), keeping the piles.
    """

    name = "chomp"

    def __init__(self, variant: str, num_players: int, ruleset: Ruleset, deck: str = "full") -> None:
        super().__init__(variant, num_players, ruleset, deck)
        self.mode = MODE_NAMES.index(variant)
        self.counts = deck_counts(deck)
        self.total = sum(self.counts)
        self.per_player = self.total // num_players
        need = 2 if variant == "doble-chomp" else 1
        if self.per_player < need:
            raise InvalidConfigError(
                f"deck {deck!r} has {self.total} cards: too few to deal {need} or more to each of "
                f"{num_players} players"
            )
        self.deck_cards: tuple[int, ...] = tuple(c for c in range(KINDS) for _ in range(self.counts[c]))
        self._root = root(self.mode, num_players)

    # ------------------------------------------------------------------ structure
    def _root_state(self) -> ChompState:
        return self._root

    def _current_player(self, state: Hashable) -> int:
        phase = state[PHASE]  # type: ignore[index]
        if phase == TURN:
            active = state[ACTIVE]  # type: ignore[index]
            return (active & -active).bit_length() - 1
        if phase == RACE_PHASE:
            return RACE
        if phase == OVER:
            return TERMINAL
        return CHANCE

    def _legal_actions(self, state: Hashable) -> tuple[Action, ...]:
        if state[PHASE] == TURN:  # type: ignore[index]
            return _LAST_TWO_CHOICES if state[STEP] == LAST_TWO else _TURN_OVER  # type: ignore[index]
        return race_actions(state)  # type: ignore[arg-type]

    def card_total(self) -> int:
        return self.total

    # ------------------------------------------------------------------ chance
    def _chance_outcomes(self, state: Hashable) -> tuple[tuple[Action, Fraction], ...]:
        s: ChompState = state  # type: ignore[assignment]
        self._check_outcome_count(s)
        if s.phase == DEAL:
            out: list[tuple[Action, Fraction]] = []
            for action in self._chance_actions(s):
                rest = action[2]
                rest_c = tuple(rest.count(c) for c in range(KINDS))
                out.append((action, sequence_probability(self.counts, rest_c)))
            return tuple(out)
        cards = s.discards[s.shuffle_for]
        prob = sequence_probability(tuple(cards.count(c) for c in range(KINDS)), (0,) * KINDS)
        return tuple((action, prob) for action in self._chance_actions(s))

    def pack(self, state: Hashable) -> bytes | None:
        """:func:`rulecheck.games.chomp.packing.pack` (about 35 bytes for a 10-card 2-player state)."""
        return packing.pack(state) if type(state) is ChompState else None  # type: ignore[arg-type]

    def unpack(self, data: bytes) -> Hashable:
        return packing.unpack(data, self.num_players)

    def _chance_action_list(self, state: Hashable) -> tuple[Action, ...]:
        s: ChompState = state  # type: ignore[assignment]
        self._check_outcome_count(s)
        return tuple(self._chance_actions(s))

    def _chance_actions(self, state: Hashable) -> Iterator[Action]:
        """Every deal (en.setup.1: the piles dealt equally, the extra cards out of play) or every
        order of the discard pile being shuffled (en.outcomes.5), in lexicographic order of the
        cards drawn, one at a time: no probability, no bound."""
        s: ChompState = state  # type: ignore[assignment]
        if s.phase == DEAL:
            n, k = self.num_players, self.per_player
            for seq in multiset_sequences(list(self.counts), n * k):
                rest_c = list(self.counts)
                for c in seq:
                    rest_c[c] -= 1
                rest = tuple([c for c in range(KINDS) for _ in range(rest_c[c])])
                yield ("deal", tuple([seq[i * k:(i + 1) * k] for i in range(n)]), rest)
            return
        p = s.shuffle_for
        cards = s.discards[p]
        for seq in multiset_sequences([cards.count(c) for c in range(KINDS)], len(cards)):
            yield ("shuffle", p, seq)

    def _check_outcome_count(self, s: ChompState) -> None:
        """TooManyOutcomesError if the chance step at ``s`` has more than :data:`MAX_OUTCOMES`
        distinct outcomes (the exact count is made only when a quick upper bound, the orders of
        that many distinct cards, is over it)."""
        if s.phase == DEAL:
            counts, length = self.counts, self.num_players * self.per_player
        else:
            cards = s.discards[s.shuffle_for]
            counts, length = tuple(cards.count(c) for c in range(KINDS)), len(cards)
        bound = 1
        for i in range(sum(counts) - length + 1, sum(counts) + 1):
            bound *= i
        if bound <= MAX_OUTCOMES:
            return
        count = count_sequences(counts, length)
        if count <= MAX_OUTCOMES:
            return
        sample = self.describe_action(s, self._sample_chance(s, random.Random(0)))
        if s.phase == DEAL:
            raise TooManyOutcomesError(
                f"the deal has {count} distinct outcomes (more than {MAX_OUTCOMES}); sample one "
                f"or give it explicitly, e.g. {sample}")
        raise TooManyOutcomesError(
            f"shuffling {_pname(s.shuffle_for)}'s discard pile of {length} cards has {count} distinct "
            f"orders (more than {MAX_OUTCOMES}); sample one instead, e.g. {sample}")

    def _sample_chance(self, state: Hashable, rng: random.Random) -> Action:
        s: ChompState = state  # type: ignore[assignment]
        if s.phase == DEAL:
            cards = list(self.deck_cards)
            rng.shuffle(cards)
            n, k = self.num_players, self.per_player
            piles = tuple(tuple(cards[i * k:(i + 1) * k]) for i in range(n))
            return ("deal", piles, tuple(sorted(cards[n * k:])))
        cards = list(s.discards[s.shuffle_for])
        rng.shuffle(cards)
        return ("shuffle", s.shuffle_for, tuple(cards))

    def _is_chance_outcome(self, state: Hashable, action: Action) -> bool:
        s: ChompState = state  # type: ignore[assignment]
        if s.phase == DEAL:
            if len(action) != 3 or action[0] != "deal":
                return False
            try:
                self._check_deal(action[1], action[2])
            except InvalidDealError:
                return False
            return True
        if s.phase != SHUFFLE or len(action) != 3 or action[0] != "shuffle" or action[1] != s.shuffle_for:
            return False
        order = action[2]
        return isinstance(order, tuple) and tuple(sorted(order)) == s.discards[s.shuffle_for] and all(
            type(c) is int for c in order
        )

    def _check_deal(self, piles: Any, rest: Any) -> None:
        n, k = self.num_players, self.per_player
        if not isinstance(piles, tuple) or len(piles) != n:
            raise InvalidDealError(f"a deal is {n} piles, one per player; got {piles!r}")
        for i, pile in enumerate(piles):
            if not isinstance(pile, tuple) or len(pile) != k:
                raise InvalidDealError(
                    f"pile {i} (player {i + 1}) must have {k} cards (the deck's {self.total} cards dealt "
                    f"equally to {n} players), got {len(pile) if isinstance(pile, tuple) else pile!r}"
                )
            for c in pile:
                if type(c) is not int or not 0 <= c < KINDS:
                    raise InvalidDealError(f"pile {i}: {c!r} is not a card")
        if not isinstance(rest, tuple) or tuple(sorted(rest)) != rest:
            raise InvalidDealError("the cards out of play must be a sorted list")
        got = Counter(c for pile in piles for c in pile) + Counter(rest)
        want = Counter(self.deck_cards)
        if got != want:
            extra = got - want
            missing = want - got
            parts = []
            if extra:
                parts.append("too many " + ", ".join(f"{CARD_NAMES[c]} (+{m})" for c, m in sorted(extra.items())))
            if missing:
                parts.append("missing " + ", ".join(f"{CARD_NAMES[c]} (-{m})" for c, m in sorted(missing.items())))
            raise InvalidDealError(f"the deal does not use the cards of deck {self.deck!r}: {'; '.join(parts)}")

    def deal_action(self, deal: Any) -> Action:
        """The deal as a chance action. ``deal`` is a list of piles (top card first) of card names
        or numbers, or an object ``{"piles": [...], "out_of_play": [...]}``; cards of the deck not
        in the piles are out of play. InvalidDealError names what is wrong."""
        rest_given = None
        if isinstance(deal, Mapping):
            rest_given = deal.get("out_of_play")
            deal = deal.get("piles")
        check_deal_shape(deal, self.num_players)
        try:
            piles = tuple(tuple(card_from_name(c) for c in pile) for pile in deal)
        except ValueError as exc:
            raise InvalidDealError(f"deal: {exc}") from exc
        left = Counter(self.deck_cards) - Counter(c for pile in piles for c in pile)
        rest = tuple(sorted(left.elements()))
        if rest_given is not None:
            try:
                given = tuple(sorted(card_from_name(c) for c in rest_given))
            except (ValueError, TypeError) as exc:
                raise InvalidDealError(f"deal out_of_play: {exc}") from exc
            if given != rest:
                raise InvalidDealError("deal out_of_play does not match the cards left over")
        self._check_deal(piles, rest)
        return ("deal", piles, rest)

    # ------------------------------------------------------------------ transitions
    def _transition(self, state: Hashable, action: Action, ctx: Context) -> Hashable:
        w = Work(state)  # type: ignore[arg-type]
        _dispatch(w, ctx, state, action)  # type: ignore[arg-type]
        return w.freeze()

    # The public methods below are :class:`Game`'s, with the generic layer's checks and calls
    # folded in for a ChompState (the explorer's and the playouts' hot path); anything else (a
    # Pending state) goes to Game's own code.
    def current_player(self, state: Hashable) -> int:
        if type(state) is ChompState:
            phase = state[PHASE]
            if phase == TURN:
                active = state[ACTIVE]
                return (active & -active).bit_length() - 1
            if phase == RACE_PHASE:
                return RACE
            return TERMINAL if phase == OVER else CHANCE
        return Game.current_player(self, state)

    def is_terminal(self, state: Hashable) -> bool:
        if type(state) is ChompState:
            return state[PHASE] == OVER
        return Game.is_terminal(self, state)

    def legal_actions(self, state: Hashable) -> tuple[Action, ...]:
        if type(state) is ChompState:
            phase = state[PHASE]
            if phase == RACE_PHASE:
                return race_actions(state)
            if phase == TURN:
                return _LAST_TWO_CHOICES if state[STEP] == LAST_TWO else _TURN_OVER
            if phase == OVER:
                return ()
        return Game.legal_actions(self, state)

    def sample_chance(self, state: Hashable, rng: random.Random) -> Action:
        return self._sample_chance(state, rng)

    def apply_unchecked(self, state: Hashable, action: Action) -> Step:
        if type(state) is not ChompState:
            return Game.apply_unchecked(self, state, action)
        ctx = Context(self._choices)
        w = Work(state)
        try:
            _dispatch(w, ctx, state, action)
        except Undetermined as und:
            return Step(Pending(state, action, (), und.ruling), ctx.provenance(gap=und.ruling))
        return Step(w.freeze(), ctx)

    def _returns(self, state: Hashable) -> tuple[float, ...]:
        winners = state[WINNERS]  # type: ignore[index]
        k = bin(winners).count("1")
        if not k:
            return (0.0,) * self.num_players
        return tuple(1.0 / k if winners >> p & 1 else 0.0 for p in range(self.num_players))

    # ------------------------------------------------------------------ checks
    def invariants(self, state: Hashable) -> tuple[Violation, ...]:
        """Cards conserved (every card in exactly one place), and the rulebook's own claims:
        a 3+ player game in progress has 3 or more players with cards (en.ending.2), and a
        player who collected all of the cards has won (en.object.2)."""
        if isinstance(state, Pending):
            state = state.before
        s: ChompState = state  # type: ignore[assignment]
        out: list[Violation] = []
        got = [0] * KINDS
        for c in _all_cards(s):
            if 0 <= c < KINDS:
                got[c] += 1
            else:
                got.append(c)  # not a card: never equal to the deck's counts
        want = self.counts if s.phase != DEAL else _NO_CARDS  # before the deal: in the box
        if tuple(got) != want:
            have = Counter(_all_cards(s))
            deck = Counter(self.deck_cards) if s.phase != DEAL else Counter()
            out.append(Violation("cards-conserved", ("en.setup.1", "es.componentes.1"),
                                 f"cards not conserved: have {dict(sorted(have.items()))}, "
                                 f"deck has {dict(sorted(deck.items()))}"))
        if s.phase in (TURN, RACE_PHASE, SHUFFLE) and s.mode == STANDARD and bin(s.active).count("1") < 3 and \
                s.step == 0 and not any(s.table):  # (the last two's choice is step LAST_TWO)
            out.append(Violation("three-players-with-cards", ("en.ending.2",),
                                 "the 3+ player game goes on with fewer than 3 players"))
        if s.phase == OVER:
            for p in range(len(s.piles)):
                held = len(s.piles[p]) + len(s.discards[p])
                if held == self.total - len(s.out) and not s.winners >> p & 1:
                    out.append(Violation("collector-wins", ("en.object.2", "es.objeto.2"),
                                         f"{_pname(p)} collected all of the cards but did not win"))
        return tuple(out)

    def fairness(self) -> str:
        """A player who can win the race takes it: the race is to chomp first (en.gameplay.2,
        en.gameplay.4), so nobody lets a winning chomp pass for ever."""
        return ("a player who can win the race by slapping slaps: 'nobody slaps' is not what happens "
                "every time round while someone can still chomp a card and win the round")

    def unfair(self, state: Hashable, action: Action) -> bool:
        """'Nobody slaps' while a player may still win the race (:func:`valid_slappers`)."""
        return (type(state) is ChompState and action == ("nobody_slaps",) and self.current_player(state) == RACE
                and bool(valid_slappers(state)))

    def canonical(self, state: Hashable) -> Hashable:
        """Players sorted: every variant treats the players alike (no seating order), so a
        permutation of players is the same situation. Discard piles are already sorted."""
        if isinstance(state, Pending):
            return state
        s: ChompState = state  # type: ignore[assignment]
        n = len(s.piles)
        keys = []
        masks = (s.active, s.ban_win, s.ban_bad, s.bad, s.replay, s.winners)
        for p in range(n):
            keys.append((player_key(s.piles, s.discards, s.table, s.aside, s.aside_tie, s.aside_bad, masks, p),
                         s.shuffle_for == p, p))
        order = [k[-1] for k in sorted(keys)]
        if order == list(range(n)):
            return s

        def perm_mask(m: int) -> int:
            return sum(1 << i for i, p in enumerate(order) if m >> p & 1)

        return make_state([
            s.mode, s.phase, tuple(s.piles[p] for p in order), tuple(s.discards[p] for p in order),
            tuple(s.table[p] for p in order), tuple(s.aside[p] for p in order),
            tuple(s.aside_tie[p] for p in order), tuple(s.aside_bad[p] for p in order), s.centre,
            perm_mask(s.active), perm_mask(s.ban_win),
            perm_mask(s.ban_bad), perm_mask(s.bad), s.race, s.step, perm_mask(s.replay),
            order.index(s.shuffle_for) if s.shuffle_for >= 0 else -1, s.resume, s.out, s.outcome,
            perm_mask(s.winners),
        ])

    def view(self, state: Hashable) -> dict[str, Any]:
        """The state's facts only (:func:`rulecheck.games.chomp.public.view`)."""
        return public.view(self, state)

    def observation(self, state: Hashable, player: int) -> dict[str, Any]:
        """What ``player`` sees: the face-up cards and the size of every face-down pile
        (:func:`rulecheck.games.chomp.public.observation`)."""
        return public.observation(self, state, player)

    def check_state(self, state: Hashable, data: Mapping[str, Any]) -> None:
        """InvalidStateError naming the field if the rules cannot produce ``state``
        (:func:`rulecheck.games.chomp.public.check_state`)."""
        public.check_state(self, state, data)

    def outcome(self, state: Hashable) -> str:
        code = state[OUTCOME]  # type: ignore[index]
        return OUTCOME_NAMES[code] if code != O_NONE else "terminal"

    def declared_outcomes(self) -> Mapping[str, tuple[str, ...]]:
        if self.mode == STANDARD:
            return {
                "collected-all": ("en.object.1", "en.object.2", "es.objeto.1", "es.objeto.2"),
                "count-two-left": ("en.ending.3", "es.fin.3"),
            }
        return {"collected-all": ("es.dos-jugadores.1", "en.object.2", "es.objeto.2")}

    # ------------------------------------------------------------------ text
    def actor_text(self, actor: int, action: Action) -> str:
        """A turn-over is the players' at once (en.gameplay.1, en.underwater-war.1,
        es.doble-chomp.1; in a replay those who replay), and the last two's choice theirs together
        (en.ending.3), not the player's whose index the engine gives those steps."""
        if action[:1] == ("turn_over",):
            return "players"
        if action[:1] in (("count",), ("switch",)):
            return "the last two players"
        return Game.actor_text(self, actor, action)

    def _describe_action(self, state: Hashable, action: Action) -> str:
        s: ChompState = state  # type: ignore[assignment]
        name = action[0]
        if name == "deal":
            piles, rest = action[1], action[2]
            shown = "; ".join(f"{_pname(i)}: {_cards_text(pl)}" for i, pl in enumerate(piles))
            return (f"Shuffle and deal {len(piles[0])} cards face down to each player ({shown}); "
                    f"{len(rest)} extra card(s) out of play")
        if name == "shuffle":
            return (f"{_pname(action[1])}'s pile has run out: shuffle the discard pile and place it face "
                    f"down ({_cards_text(action[2])})")
        if name == "turn_over":
            return {
                0: "All players turn over the top card of their pile at the same time",
                1: "Ink Out: each player plays another card",
                WAR: "War: each player places 2 cards face down and 1 card face up",
                3: "Each player turns over the next card in his school",
                4: "Tie: each player plays another card",
            }[s.step]
        if name == "count":
            return "The last two players count their cards: the one with the most cards wins"
        if name == "switch":
            return f"The last two players switch to {DISPLAY_MODES[action[1]]} and go on playing"
        if name == "nobody_slaps":
            if s.race & KIND_MASK == RK_INKOUT:
                return "Ink Out! No one can see, no one slaps: all cards played are set aside"
            return "Nobody slaps"
        if name == "tie":
            who = " and ".join(_pname(p) for p in action[1:])
            return f"{who} chomp at the same time: a tie"
        if name == "slap":
            p, o, t = action[1], action[2], action[3]
            whose = "his own" if o == p else f"{_pname(o)}'s"
            r = classify(s.race, s.table, p, o == p, t, lowest(s.table))
            kind = s.race & KIND_MASK
            shout = "Feeding Frenzy!" if kind in (RK_FRENZY, RK_EEL) else "Chomp!"
            base = f"{_pname(p)} slaps {whose} {DISPLAY_NAMES[t]} and shouts {shout}"
            if r == VALID:
                return base
            return (f"{base}: a Bad Chomp ({BAD_KINDS.get(r, 'a wrong card')}); he puts the top card of "
                    "his pile face down in the playing area")
        return repr(action)

    def describe_state(self, state: Hashable) -> str:
        if isinstance(state, Pending):
            return f"waiting for ruling {state.ruling}; before: {self.describe_state(state.before)}"
        s: ChompState = state  # type: ignore[assignment]
        parts = [f"{MODE_NAMES[s.mode]}, {PHASE_NAMES[s.phase]}"]
        for p in range(len(s.piles)):
            status = "" if s.active >> p & 1 else " (washed up)"
            table = f", table {_cards_text(s.table[p])}" if s.table[p] else ""
            aside = len(s.aside[p]) + len(s.aside_tie[p]) + len(s.aside_bad[p])
            extra = f", {aside} set aside" if aside else ""
            parts.append(f"{_pname(p)}{status}: pile {len(s.piles[p])}, discard {len(s.discards[p])}{table}{extra}")
        if s.centre:
            parts.append(f"centre: {_cards_text(s.centre)}")
        if s.phase == OVER:
            won = ", ".join(_pname(p) for p in players_of(s.winners)) or "nobody"
            parts.append(f"over ({OUTCOME_NAMES[s.outcome]}): winner {won}")
        return "; ".join(parts)

    # ------------------------------------------------------------------ JSON
    def _state_to_json(self, state: Hashable) -> dict[str, Any]:
        s: ChompState = state  # type: ignore[assignment]

        def names(cards: tuple[int, ...]) -> list[str]:
            return [CARD_NAMES[c] for c in cards]

        return {
            "mode": MODE_NAMES[s.mode],
            "phase": PHASE_NAMES[s.phase],
            "players": [
                {
                    "pile": names(s.piles[p]),
                    "discard": names(s.discards[p]),
                    "table": names(s.table[p]),
                    "aside": names(s.aside[p]),
                    "aside_tie": names(s.aside_tie[p]),
                    "aside_bad": names(s.aside_bad[p]),
                    "active": bool(s.active >> p & 1),
                    "bad_chomp": bool(s.bad >> p & 1),
                    "may_win": not s.ban_win >> p & 1,
                    "may_bad_chomp": not s.ban_bad >> p & 1,
                    "replays": bool(s.replay >> p & 1),
                    "winner": bool(s.winners >> p & 1),
                }
                for p in range(len(s.piles))
            ],
            "centre": names(s.centre),
            "out_of_play": names(s.out),
            "race": RACE_KIND_NAMES[s.race & KIND_MASK],
            "race_flags": [n for f, n in FLAG_NAMES if s.race & f],
            "step": STEP_NAMES[s.step],
            "shuffle_for": s.shuffle_for if s.shuffle_for >= 0 else None,
            "resume": RESUME_NAMES[s.resume],
            "outcome": OUTCOME_NAMES[s.outcome] or None,
        }

    def _state_from_json(self, data: Mapping[str, Any]) -> Hashable:
        def field(obj: Mapping[str, Any], key: str, where: str) -> Any:
            if not isinstance(obj, Mapping) or key not in obj:
                raise InvalidStateError(f"state field {where}{key!r} is missing")
            return obj[key]

        def choice(key: str, names: tuple[str, ...]) -> int:
            v = field(data, key, "")
            if v not in names:
                raise InvalidStateError(f"state field {key!r}: {v!r} is not one of {', '.join(names)}")
            return names.index(v)

        def cards(v: Any, where: str, sort: bool = False) -> tuple[int, ...]:
            if not isinstance(v, list):
                raise InvalidStateError(f"state field {where} must be a list of cards, got {v!r}")
            try:
                out = tuple(card_from_name(c) for c in v if isinstance(c, str) or _fail(where, c))
            except ValueError as exc:
                raise InvalidStateError(f"state field {where}: {exc}") from exc
            if sort and tuple(sorted(out)) != out:
                raise InvalidStateError(f"state field {where} must be sorted by food chain (it is a multiset)")
            return out

        def flag(obj: Mapping[str, Any], key: str, where: str) -> bool:
            v = field(obj, key, where)
            if not isinstance(v, bool):
                raise InvalidStateError(f"state field {where}{key!r} must be true or false, got {v!r}")
            return v

        mode = choice("mode", MODE_NAMES)
        phase = choice("phase", PHASE_NAMES)
        step = choice("step", STEP_NAMES)
        resume = choice("resume", RESUME_NAMES)
        race_kind = choice("race", RACE_KIND_NAMES)
        outcome_v = field(data, "outcome", "")
        if outcome_v is not None and outcome_v not in OUTCOME_NAMES[1:]:
            raise InvalidStateError(f"state field 'outcome': {outcome_v!r} is not an outcome")
        outcome = OUTCOME_NAMES.index(outcome_v) if outcome_v else O_NONE
        flags_v = field(data, "race_flags", "")
        flag_by_name = {n: f for f, n in FLAG_NAMES}
        if not isinstance(flags_v, list) or any(f not in flag_by_name for f in flags_v):
            raise InvalidStateError(f"state field 'race_flags' must list known flags ({', '.join(flag_by_name)})")
        race = race_kind | sum(flag_by_name[f] for f in set(flags_v))
        players = field(data, "players", "")
        if not isinstance(players, list) or len(players) != self.num_players:
            raise InvalidStateError(f"state field 'players' must list {self.num_players} players")
        groups = ("pile", "discard", "table", "aside", "aside_tie", "aside_bad")
        cols: dict[str, list[tuple[int, ...]]] = {k: [] for k in groups}
        masks = dict.fromkeys(("active", "bad_chomp", "may_win", "may_bad_chomp", "replays", "winner"), 0)
        for p, pl in enumerate(players):
            where = f"players[{p}]."
            for k in cols:
                cols[k].append(cards(field(pl, k, where), f"{where}{k}", sort=k not in ("pile", "table")))
            for k in masks:
                if flag(pl, k, where):
                    masks[k] |= 1 << p
        full = (1 << self.num_players) - 1
        shuffle_for = field(data, "shuffle_for", "")
        if shuffle_for is None:
            shuffle_for = -1
        elif type(shuffle_for) is not int or not 0 <= shuffle_for < self.num_players:
            raise InvalidStateError(f"state field 'shuffle_for' must be a player index or null, got {shuffle_for!r}")
        if phase == SHUFFLE and shuffle_for < 0:
            raise InvalidStateError("state field 'shuffle_for' must name a player in the shuffle phase")
        if phase == TURN and not masks["active"]:
            raise InvalidStateError("state field 'players': nobody is active in the turn phase")
        s = make_state([
            mode, phase, tuple(cols["pile"]), tuple(cols["discard"]), tuple(cols["table"]), tuple(cols["aside"]),
            tuple(cols["aside_tie"]), tuple(cols["aside_bad"]), cards(field(data, "centre", ""), "'centre'", sort=True),
            masks["active"],
            full & ~masks["may_win"], full & ~masks["may_bad_chomp"], masks["bad_chomp"], race, step,
            masks["replays"], shuffle_for, resume, cards(field(data, "out_of_play", ""), "'out_of_play'", sort=True),
            outcome, masks["winner"],
        ])
        if Counter(_all_cards(s)) != (Counter(self.deck_cards) if phase != DEAL else Counter()):
            raise InvalidStateError(
                f"state cards do not match deck {self.deck!r}: every card must be in exactly one place "
                "(and before the deal, none is dealt)"
            )
        return s


_TURN_OVER: Final[tuple[Action, ...]] = (("turn_over",),)
_LAST_TWO_CHOICES: Final[tuple[Action, ...]] = (
    ("count",), ("switch", "chomp-rapido"), ("switch", "doble-chomp"), ("switch", "underwater-war"),
)
"""The last two players' choice (en.ending.3): count their cards, or switch to a 2-player game
(es.dos-jugadores.0: Underwater War, Chomp rápido, Doble Chomp)."""


def _dispatch(w: Work, ctx: Context, s: ChompState, action: Action) -> None:
    """Apply ``action`` to the working copy ``w`` of ``s`` by the rules in
    :mod:`rulecheck.games.chomp.standard` (and through it :mod:`~rulecheck.games.chomp.two_player`)."""
    name: str = action[0]
    if name == "slap":
        standard.slap(w, ctx, s, action[1], action[2], action[3])
    elif name == "turn_over":
        standard.turn_over(w, ctx)
    elif name == "nobody_slaps":
        standard.nobody_slaps(w, ctx, s)
    elif name == "shuffle":
        standard.shuffle(w, ctx, action[1], action[2])
    elif name == "tie":
        standard.tie(w, ctx, s, action[1:])
    elif name == "deal":
        standard.deal(w, ctx, action[1], action[2])
    elif name in ("count", "switch"):
        standard.last_two(w, ctx, action)
    else:  # pragma: no cover - apply() checks legality first
        raise InvalidStateError(f"unknown action {action!r}")


def _fail(where: str, c: Any) -> bool:
    raise InvalidStateError(f"state field {where}: {c!r} is not a card name")


_NO_CARDS: Final = (0,) * KINDS


def _all_cards(s: ChompState) -> list[int]:
    out: list[int] = list(s.centre) + list(s.out)
    for group in (s.piles, s.discards, s.table, s.aside, s.aside_tie, s.aside_bad):
        for cards in group:
            out.extend(cards)
    return out


