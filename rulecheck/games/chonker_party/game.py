"""Chonker Party as a :class:`~rulecheck.core.game.Game`: actions, chance, JSON, views.

Actions (players are 0-based seats; cards are kind names, see :mod:`.cards`):

- chance: ``("deal", hands, discard_deck)``, ``("munchies_master", p)``, ``("draw", card)``
  (the next player in the draw queue draws it), ``("stolen", card)``, ``("discarded", card)``;
- players: ``("play", card)``, ``("continue_round", card)``, ``("end_round",)``,
  ``("choose_card", card)``, ``("play_nothing",)`` (after a Choose, under
  ``cp.choose_play_optional = may_stop``), ``("steal_from", p)``, ``("name_type", card)``,
  ``("show", card)``, ``("discard", card)``;
- calling out a War out of turn (cp.war.1): before each player's decision, if anyone else holds
  a War and the ruleset opens such a window (``cp.war_window``; for a War that would become a
  Chonk, ``cp.war_call_as_chonk``), the actor is RACE and the
  actions are ``("call_war", p)`` for each holder and ``("no_war",)``. One node per turn keeps
  the state space small; calls in the middle of an action card's effect are not modelled.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Iterable, Iterator, Mapping, Sequence
from fractions import Fraction
from math import factorial
from typing import Any

from rulecheck.core.errors import (
    IllegalActionError,
    InvalidConfigError,
    InvalidDealError,
    InvalidStateError,
    TooManyOutcomesError,
)
from rulecheck.core.game import CHANCE, RACE, TERMINAL, Action, Game, Pending, Violation
from rulecheck.core.provenance import Context
from rulecheck.core.rulings import Ruleset
from rulecheck.games.chonker_party import actions as act
from rulecheck.games.chonker_party import public, rounds
from rulecheck.games.chonker_party.cards import (
    BRICK,
    LEAF,
    NAMES,
    NK,
    NT,
    SALTY,
    SPOILED,
    STICK,
    STONE,
    SWEET,
    TITLES,
    WAR,
    WAR_CHONK,
    card_kind,
    parse_deck,
    tossed_out_kinds,
)
from rulecheck.games.chonker_party.scoring import score_line
from rulecheck.games.chonker_party.state import (
    AFTER_EXTRA,
    AFTER_ROUND,
    AFTER_TURN,
    AFTER_WINDOW,
    AFTERS,
    OUTCOMES,
    PH_CHOOSE,
    PH_CONTINUE,
    PH_DEAL,
    PH_DISCARD,
    PH_DISCARD_RANDOM,
    PH_DRAW,
    PH_MASTER,
    PH_NAME,
    PH_OVER,
    PH_PLAY,
    PH_SHOW,
    PH_STEAL_FROM,
    PH_STOLEN,
    PHASES,
    State,
    add,
    set_hand,
    sub,
)

__all__ = ["DEAL_OUTCOME_LIMIT", "ChonkerParty"]

DEAL_OUTCOME_LIMIT = 50_000
"""More distinct deals than this: TooManyOutcomesError (sample, or give the deal)."""

_BY_NAME = tuple(sorted(range(NK), key=lambda k: NAMES[k]))
_PLAY = tuple(("play", NAMES[k]) for k in range(NK))
_CONT = tuple(("continue_round", NAMES[k]) for k in range(NK))
_CHOOSE = tuple(("choose_card", NAMES[k]) for k in range(NK))
_NAME = tuple(("name_type", NAMES[k]) for k in range(NK))
_SHOW = tuple(("show", NAMES[k]) for k in range(NK))
_DISCARD = tuple(("discard", NAMES[k]) for k in range(NK))
_END = ("end_round",)
_KIND = {NAMES[k]: k for k in range(NK)}
_NO_WAR = ("no_war",)
_PLAY_NOTHING = ("play_nothing",)
_CARD_ACTIONS = {"play", "continue_round", "choose_card", "name_type", "show", "discard", "draw",
                 "stolen", "discarded"}
_PILE_GROUPS = ((SWEET, SALTY), (STICK, LEAF, BRICK, STONE))
SAME_CARDS_LEFT = "cp.claim.same-cards-left"


def _relabel_seen(seen: tuple[Any, ...], inv: Sequence[int]) -> tuple[Any, ...]:
    """The See a Card memory with its card kinds relabelled (-1, "any card", stays)."""
    if not seen:
        return seen
    asker, kind, shown = seen
    return (asker, inv[kind] if kind >= 0 else kind, tuple((q, inv[k] if k >= 0 else k) for q, k in shown))


def _symmetry_groups(counts: Sequence[int]) -> tuple[tuple[int, ...], ...]:
    """Kinds that may be relabelled into one another: alike in effect (sweet and salty; the
    four fillers) and equally many in this deck, so that relabelling maps the deck to itself
    and a canonical state is still a state of this configuration."""
    groups: list[tuple[int, ...]] = []
    for alike in _PILE_GROUPS:
        by_count: dict[int, list[int]] = {}
        for k in alike:
            by_count.setdefault(counts[k], []).append(k)
        groups.extend(tuple(g) for g in by_count.values() if len(g) > 1)
    return tuple(groups)


def _kind_actions(table: tuple[Action, ...], bits: int, hand: tuple[int, ...] | None) -> list[Action]:
    if hand is None:
        return [table[k] for k in _BY_NAME if bits >> k & 1]
    return [table[k] for k in _BY_NAME if bits >> k & 1 and hand[k]]


def _names(vec: tuple[int, ...]) -> list[str]:
    return [NAMES[k] for k, c in enumerate(vec) for _ in range(c)]


class ChonkerParty(Game):
    """Chonker Party, 2 to 6 players (cp.players.1-3)."""

    name = "chonker-party"

    def __init__(self, variant: str, num_players: int, ruleset: Ruleset, deck: str = "full") -> None:
        if not isinstance(num_players, int) or not 2 <= num_players <= 6:
            raise InvalidConfigError(f"Chonker Party is for 2 to 6 players, not {num_players!r}")
        super().__init__(variant, num_players, ruleset, deck)
        spec = parse_deck(deck)
        self.n = num_players
        self.hand = spec.hand
        self.counts, self.tossed = spec.for_players(num_players)
        self.total = sum(self.counts)
        self.spoiled_total = self.counts[SPOILED]
        self.symmetry_groups = _symmetry_groups(self.counts)
        if (num_players + 1) * self.hand > self.total:
            raise InvalidConfigError(
                f"deck {deck!r} has {self.total} cards for {num_players} players: too few to deal "
                f"{self.hand} each and a discard deck of {self.hand} (cp.setup.2-3)"
            )
        self._root = State(PH_DEAL, -1, -1, ((0,) * NK,) * self.n, (0,) * NK, (0,) * NK, (0,) * NT,
                           ((0,) * NT,) * self.n, -1, -1, 0, False, 0, False, False, False, (), 0, 0,
                           -1, (), ())

    # ------------------------------------------------------------ interface
    def _root_state(self) -> State:
        return self._root

    def _current_player(self, state: Hashable) -> int:
        s: State = state  # type: ignore[assignment]
        ph = s.phase
        if ph == PH_OVER:
            return TERMINAL
        if ph in (PH_DEAL, PH_MASTER, PH_DRAW, PH_STOLEN, PH_DISCARD_RANDOM):
            return CHANCE
        if s.window:
            return RACE
        return s.actor

    def _legal_actions(self, state: Hashable) -> tuple[Action, ...]:
        s: State = state  # type: ignore[assignment]
        ph = s.phase
        if s.window and ph in (PH_PLAY, PH_CONTINUE):
            out: list[Action] = [("call_war", q) for q in range(self.n) if q != s.actor and s.hands[q][WAR]]
            out.append(_NO_WAR)
            return tuple(out)
        if ph == PH_PLAY:
            plays = _kind_actions(_PLAY, s.mask, s.hands[s.actor])
            if s.can_end:  # after a Choose, under cp.choose_play_optional = may_stop
                plays.append(_PLAY_NOTHING)
            return tuple(plays)
        if ph == PH_CONTINUE:
            out = _kind_actions(_CONT, s.mask, s.hands[s.actor])
            if s.can_end or not out:
                out.append(_END)
            return tuple(out)
        if ph == PH_CHOOSE:
            pile = s.draw if s.src == 0 else s.discard
            return tuple(_kind_actions(_CHOOSE, s.mask, pile))
        if ph == PH_STEAL_FROM:
            return tuple(("steal_from", q) for q in range(self.n) if s.mask >> q & 1)
        if ph == PH_NAME:
            return tuple(_kind_actions(_NAME, s.mask, None))
        if ph == PH_SHOW:
            return tuple(_kind_actions(_SHOW, s.mask, s.hands[s.actor]))
        if ph == PH_DISCARD:
            return tuple(_kind_actions(_DISCARD, s.mask, s.hands[s.actor]))
        return ()

    def _chance_vec(self, s: State) -> tuple[str, tuple[int, ...]]:
        if s.phase == PH_DRAW:
            return "draw", s.draw if s.src == 0 else s.discard
        if s.phase == PH_STOLEN:
            return "stolen", s.hands[s.aux]
        return "discarded", s.hands[s.actor]

    def _chance_outcomes(self, state: Hashable) -> tuple[tuple[Action, Fraction], ...]:
        s: State = state  # type: ignore[assignment]
        if s.phase == PH_DEAL:
            return tuple(self._enumerate_deals())
        if s.phase == PH_MASTER:
            return tuple((("munchies_master", p), Fraction(1, self.n)) for p in range(self.n))
        name, vec = self._chance_vec(s)
        total = sum(vec)
        return tuple(((name, NAMES[k]), Fraction(vec[k], total)) for k in _BY_NAME if vec[k])

    def _sample_chance(self, state: Hashable, rng: random.Random) -> Action:
        s: State = state  # type: ignore[assignment]
        if s.phase == PH_DEAL:
            cards = [k for k, c in enumerate(self.counts) for _ in range(c)]
            rng.shuffle(cards)
            h = self.hand
            hands = tuple(tuple(NAMES[k] for k in sorted(cards[i * h : (i + 1) * h])) for i in range(self.n))
            discard = tuple(NAMES[k] for k in sorted(cards[self.n * h : (self.n + 1) * h]))
            return ("deal", hands, discard)
        if s.phase == PH_MASTER:
            return ("munchies_master", rng.randrange(self.n))
        name, vec = self._chance_vec(s)
        r = rng.randrange(sum(vec))
        for k in range(NK):
            r -= vec[k]
            if r < 0:
                return (name, NAMES[k])
        raise AssertionError("unreachable")

    def _is_chance_outcome(self, state: Hashable, action: Action) -> bool:
        s: State = state  # type: ignore[assignment]
        if s.phase == PH_DEAL:
            if len(action) != 3 or action[0] != "deal":
                return False
            try:
                self._deal_vectors(action)
            except InvalidDealError:
                return False
            return True
        if s.phase == PH_MASTER:
            return len(action) == 2 and action[0] == "munchies_master" and action[1] in range(self.n)
        name, vec = self._chance_vec(s)
        if len(action) != 2 or action[0] != name or action[1] not in NAMES[:NK]:
            return False
        return vec[NAMES.index(action[1])] > 0

    def _transition(self, state: Hashable, action: Action, ctx: Context) -> State:
        s: State = state  # type: ignore[assignment]
        verb = action[0]
        kind = _KIND[action[1]] if verb in _CARD_ACTIONS else -1
        if verb == "play":
            return act.play_card(self, s, ctx, s.actor, kind)
        if verb == "draw":
            drawer = s.queue[0]
            hands = set_hand(s.hands, drawer, add(s.hands[drawer], kind))
            if s.src == 0:
                s = s._replace(draw=sub(s.draw, kind), hands=hands, queue=s.queue[1:])
            else:
                s = s._replace(discard=sub(s.discard, kind), hands=hands, queue=s.queue[1:])
            if s.queue:
                more = act.next_drawer_source(s, ctx)
                return more if more is not None else rounds.after_draws(self, s._replace(queue=()), ctx)
            return rounds.after_draws(self, s, ctx)
        if verb == "no_war":
            return s._replace(window=False)
        if verb == "call_war":
            return act.call_war(self, s, ctx, action[1])
        if verb == "continue_round":
            ctx.cite("cp.continuing.1", "cp.continuing.5", "cp.summary.5")
            return act.play_card(self, s._replace(cont=True), ctx, s.actor, kind)
        if verb == "play_nothing":
            return act.play_nothing(self, s, ctx)
        if verb == "end_round":
            ctx.cite("cp.continuing.4", "cp.continuing.6")
            return rounds.round_end(self, s, ctx)
        if verb == "choose_card":
            return act.choose_card(self, s, ctx, kind)
        if verb == "steal_from":
            return act.steal_from(self, s, ctx, action[1])
        if verb == "stolen":
            return act.stolen(self, s, ctx, kind)
        if verb == "name_type":
            return act.name_type(self, s, ctx, kind)
        if verb == "show":
            return act.show_card(self, s, ctx, kind)
        if verb in ("discard", "discarded"):
            return act.discard_card(self, s, ctx, kind)
        if verb == "munchies_master":
            ctx.cite("cp.round.1")
            return rounds.start_round(self, s._replace(master=action[1]), ctx)
        if verb == "deal":
            return self._deal(s, action, ctx)
        raise IllegalActionError(f"unknown action {action!r}")

    def _deal(self, s: State, action: Action, ctx: Context) -> State:
        hands, discard, draw = self._deal_vectors(action)
        ctx.cite("cp.setup.1", "cp.setup.2", "cp.setup.3", "cp.setup.4")
        ctx.cite({2: "cp.players.1", 3: "cp.players.2"}.get(self.n, "cp.players.3"))
        s = s._replace(hands=hands, discard=discard, draw=draw)
        ctx.cite("cp.round.1")
        if ctx.rule("cp.first_master") == "chance":
            return s._replace(phase=PH_MASTER)
        return rounds.start_round(self, s._replace(master=0), ctx)

    def _returns(self, state: Hashable) -> tuple[float, ...]:
        s: State = state  # type: ignore[assignment]
        winners = [p for p in range(self.n) if s.mask >> p & 1]
        if not winners:
            return (0.0,) * self.n
        share = 1.0 / len(winners)
        return tuple(share if p in winners else 0.0 for p in range(self.n))

    # ------------------------------------------------------------ deals
    def _deal_vectors(self, action: Action) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...], tuple[int, ...]]:
        _, hands_raw, discard_raw = action
        if not isinstance(hands_raw, tuple | list) or len(hands_raw) != self.n:
            raise InvalidDealError(f"a deal gives {self.n} hands (one per player), got {hands_raw!r}")
        piles = [*hands_raw, discard_raw]
        vecs: list[tuple[int, ...]] = []
        for i, pile in enumerate(piles):
            where = "the discard deck: " if i == self.n else f"player {i + 1}'s hand: "
            if not isinstance(pile, tuple | list):
                raise InvalidDealError(f"{where}not a list of cards: {pile!r}")
            if len(pile) != self.hand:
                raise InvalidDealError(
                    f"{where}{len(pile)} cards, but the deal is {self.hand} cards each (cp.setup.2-3)"
                )
            v = [0] * NK
            for card in pile:
                v[card_kind(card, where)] += 1
            vecs.append(tuple(v))
        rest = list(self.counts)
        for k in range(NK):
            rest[k] -= sum(v[k] for v in vecs)
            if rest[k] < 0:
                raise InvalidDealError(
                    f"the deal holds {self.counts[k] - rest[k]} {NAMES[k]} cards, but the "
                    f"{self.n}-player deck has {self.counts[k]}"
                )
        return tuple(vecs[: self.n]), vecs[self.n], tuple(rest)

    def deal_action(self, deal: Any) -> Action:
        """The deal action for ``{"hands": [[...], ...], "discard": [...]}`` or a list of
        ``players + 1`` piles (the last is the discard deck); the rest is the draw deck."""
        if isinstance(deal, Mapping):
            if "hands" not in deal or "discard" not in deal:
                raise InvalidDealError("a deal object needs 'hands' (one list per player) and 'discard'")
            if not isinstance(deal["hands"], list | tuple):
                raise InvalidDealError(f"the deal's 'hands' is a list of hands, one per player, got {deal['hands']!r}")
            piles = [*deal["hands"], deal["discard"]]
        elif isinstance(deal, list | tuple):
            piles = list(deal)
            if len(piles) == self.n:
                raise InvalidDealError(
                    f"the deal gives {self.n} hands but no discard deck: add a last pile of {self.hand} "
                    "cards (cp.setup.3)"
                )
        else:
            raise InvalidDealError(f"a deal is a list of piles or an object, got {deal!r}")
        if len(piles) != self.n + 1:
            raise InvalidDealError(f"a deal is {self.n} hands and a discard deck, got {len(piles)} piles")
        for i, pile in enumerate(piles):
            if not isinstance(pile, list | tuple):
                raise InvalidDealError(f"pile {i + 1} of the deal is not a list of cards: {pile!r}")
        action: Action = ("deal", tuple(tuple(p) for p in piles[: self.n]), tuple(piles[self.n]))
        hands, discard, _ = self._deal_vectors(action)
        canon_hands = tuple(tuple(_names(h)) for h in hands)
        return ("deal", canon_hands, tuple(_names(discard)))

    def _enumerate_deals(self) -> Iterator[tuple[Action, Fraction]]:
        h, n = self.hand, self.n
        groups = n + 1
        rest_size = self.total - groups * h
        denom = factorial(self.total) // (factorial(h) ** groups * factorial(rest_size))
        count = 0

        def compositions(avail: list[int], size: int, k: int) -> Iterator[list[int]]:
            if k == NK:
                if size == 0:
                    yield [0] * NK
                return
            for c in range(min(avail[k], size), -1, -1):
                for tail in compositions(avail, size - c, k + 1):
                    tail[k] = c
                    yield tail

        def rec(avail: list[int], chosen: list[tuple[int, ...]]) -> Iterator[tuple[Action, Fraction]]:
            nonlocal count
            if len(chosen) == groups:
                count += 1
                if count > DEAL_OUTCOME_LIMIT:
                    raise TooManyOutcomesError(
                        f"more than {DEAL_OUTCOME_LIMIT} distinct deals for deck {self.deck!r} with "
                        f"{n} players: sample the deal or give it explicitly"
                    )
                num = 1
                for k in range(NK):
                    ways = factorial(self.counts[k])
                    for v in chosen:
                        ways //= factorial(v[k])
                    ways //= factorial(avail[k])
                    num *= ways
                action = ("deal", tuple(tuple(_names(v)) for v in chosen[:n]), tuple(_names(chosen[n])))
                yield action, Fraction(num, denom)
                return
            for comp in compositions(avail, h, 0):
                v = tuple(comp)
                rec_avail = [a - c for a, c in zip(avail, v, strict=True)]
                yield from rec(rec_avail, [*chosen, v])

        if self.total > 40:
            raise TooManyOutcomesError(
                f"the {self.total}-card deck has far too many distinct deals to enumerate: sample "
                "the deal (new_initial_state(seed)) or give it explicitly (deal_action)"
            )
        yield from rec(list(self.counts), [])

    # ------------------------------------------------------------ views
    def _describe_action(self, state: Hashable, action: Action) -> str:
        s: State = state  # type: ignore[assignment]
        verb = action[0]
        title = {NAMES[k]: TITLES[k] for k in range(NK)}
        card = title.get(action[1], str(action[1])) if len(action) > 1 and isinstance(action[1], str) else ""
        who = f"Player {s.actor + 1}"
        if verb == "deal":
            return (f"deal {self.hand} cards to each of {self.n} players and {self.hand} face down as the "
                    f"discard deck; the rest is the draw deck")
        if verb == "munchies_master":
            return f"Player {action[1] + 1} is the Munchies Master (last person to snack)"
        if verb == "play":
            return f"{who} plays a {card}"
        if verb == "continue_round":
            return f"{who} (Munchies Master) continues the round with a {card}"
        if verb == "play_nothing":
            return f"{who} plays no card after the Choose; the turn passes on"
        if verb == "end_round":
            winner = s.last if s.last >= 0 else s.master
            return f"{who} ends the round; Player {winner + 1} wins the cards"
        if verb == "draw":
            src = "draw deck" if s.src == 0 else "discard deck"
            return f"Player {s.queue[0] + 1} draws a {card} from the {src}"
        if verb == "call_war":
            return f"Player {action[1] + 1} calls out War!"
        if verb == "no_war":
            return "nobody calls out a War"
        if verb == "choose_card":
            src = "draw deck" if s.src == 0 else "discard deck"
            return f"{who} picks a {card} from the {src} (Choose) and shuffles it"
        if verb == "steal_from":
            return f"{who} steals from Player {action[1] + 1}"
        if verb == "stolen":
            return f"the random card stolen from Player {s.aux + 1} is a {card}"
        if verb == "name_type":
            what = "shows them" if s.aux == 0 else "must play"
            return f"{who} names {card}: {'everyone' if s.aux == 0 else 'the next player'} {what} a {card}"
        if verb == "show":
            return f"{who} shows Player {s.turn + 1} a {card}"
        if verb in ("discard", "discarded"):
            return f"{who} is skipped and discards a {card}"
        return str(list(action))

    def describe_state(self, state: Hashable) -> str:
        if isinstance(state, Pending):
            return f"undetermined ({state.ruling}) after: {self.describe_state(state.before)}"
        s: State = state  # type: ignore[assignment]
        if s.phase == PH_DEAL:
            return "before the deal"

        def cards(vec: tuple[int, ...]) -> str:
            parts = [f"{c}x {TITLES[k]}" if c > 1 else TITLES[k] for k, c in enumerate(vec) if c]
            return ", ".join(parts) if parts else "-"

        war = self._war_chonk_scoring()
        piles = "; ".join(
            f"P{p + 1}: {len(_names(pile))} cards, {score_line(pile, war)[0]} points"
            for p, pile in enumerate(s.piles)
        )
        if s.phase == PH_OVER:
            winners = [f"Player {p + 1}" for p in range(self.n) if s.mask >> p & 1]
            return f"{' and '.join(winners) or 'nobody'} wins ({OUTCOMES[s.aux]}). Win piles: {piles}"
        hands = "; ".join(f"P{p + 1}: {cards(h)}" for p, h in enumerate(s.hands))
        trump = TITLES[s.trump] if s.trump >= 0 else "none yet"
        last = f"Player {s.last + 1}" if s.last >= 0 else "nobody"
        war_txt = " WAR in effect." if s.war else ""
        return (f"Munchies Master: Player {s.master + 1}; trump: {trump}; last trump or chonk: {last}; "
                f"table: {cards(s.table)}. Hands: {hands}. Draw deck {sum(s.draw)}, discard deck "
                f"{sum(s.discard)}. Win piles: {piles}.{war_txt}")

    def _war_chonk_scoring(self) -> str:
        """Which War cards the win piles count as Chonks, as the ruleset says (recommended where it
        leaves ``cp.war_chonk_scoring`` open): for showing scores, not for the result."""
        return self._choices.get("cp.war_chonk_scoring") or self.ruling_points["cp.war_chonk_scoring"].recommended

    def observation(self, state: Hashable, player: int) -> dict[str, Any]:
        """What ``player`` sees: own hand, others' hand sizes, the table, deck sizes, win piles
        (own only, or everyone's, per ``cp.win_pile_visibility``), and a See a Card result only
        if they asked for it. Force is named blind (cp.force.2)."""
        if isinstance(state, Pending):
            obs = self.observation(state.before, player)
            obs["pending_ruling"] = state.ruling
            return obs
        s: State = state  # type: ignore[assignment]
        if not 0 <= player < self.n:
            raise IllegalActionError(f"no player {player} in a {self.n}-player game")
        vis = self._choices.get("cp.win_pile_visibility")
        piles: list[Any] = []
        for p, pile in enumerate(s.piles):
            if p == player or vis == "everyone":
                piles.append(_names(pile))
            else:
                piles.append({"cards": sum(pile)})
        obs: dict[str, Any] = {
            "player": player,
            "phase": PHASES[s.phase],
            "to_act": self.current_player(s),
            "hand": _names(s.hands[player]),
            "hand_sizes": [sum(h) for h in s.hands],
            "table": _names(s.table),
            "trump": NAMES[s.trump] if s.trump >= 0 else None,
            "last_trump_or_chonk": s.last if s.last >= 0 else None,
            "munchies_master": s.master,
            "war": s.war,
            "draw_deck": sum(s.draw),
            "discard_deck": sum(s.discard),
            "win_piles": piles,
            "war_draws_owed": list(s.owed),
        }
        if s.seen and s.seen[0] == player:
            obs["seen"] = {"type": NAMES[s.seen[1]],
                           "shown": [[q, NAMES[k] if k >= 0 else None] for q, k in s.seen[2]]}
        return obs

    # ------------------------------------------------------------ checks
    def card_total(self) -> int:
        return self.total

    def invariants(self, state: Hashable) -> tuple[Violation, ...]:
        if isinstance(state, Pending):
            return self.invariants(state.before)
        s: State = state  # type: ignore[assignment]
        if s.phase == PH_DEAL:
            return ()
        out: list[Violation] = []
        for k in range(NK):
            n = s.draw[k] + s.discard[k] + s.table[k] + sum(h[k] for h in s.hands) + sum(p[k] for p in s.piles)
            if k == WAR:
                n += s.table[WAR_CHONK] + sum(p[WAR_CHONK] for p in s.piles)
            if n != self.counts[k]:
                out.append(Violation(
                    "cp.cards-conserved", ("cp.setup.1", "cp.players.1"),
                    f"{n} {NAMES[k]} cards in hands, decks, table and win piles; the deck has {self.counts[k]}",
                ))
        if s.phase == PH_CONTINUE and not s.cont and not s.window:
            sizes = [sum(h) for h in s.hands]
            if len(set(sizes)) > 1:
                out.append(Violation(
                    SAME_CARDS_LEFT, self.claims()[SAME_CARDS_LEFT],
                    f"at the end of the circle the players hold {sizes} cards, not the same number",
                ))
        return tuple(out)

    def claims(self) -> Mapping[str, tuple[str, ...]]:
        """"All players should have the same number of cards left" at the end of a round."""
        return {SAME_CARDS_LEFT: ("cp.round.6",)}

    def player_count_clauses(self) -> tuple[str, ...]:
        """The "Nr. of players" toss-out lines, one per player-count range."""
        return ("cp.players.1", "cp.players.2", "cp.players.3")

    def out_of_play_clauses(self, players: int) -> tuple[str, ...]:
        """The clauses of the action cards cp.players.1-3 toss out, every copy, for ``players``
        (the Skips with 2 or 3 players): their section of the rulebook (``cp.skip.*``)."""
        return self._sections(tossed_out_kinds(players))

    def card_clauses(self) -> tuple[str, ...]:
        """The clauses of every card type's section (``cp.skip.*``, ``cp.force.*``, ...)."""
        return self._sections(range(len(NAMES)))

    def _sections(self, kinds: Iterable[int]) -> tuple[str, ...]:
        """The clauses of the rulebook's sections of the card types ``kinds``, sorted."""
        from rulecheck.core.clauses import clauses_for_game

        prefixes = tuple(f"cp.{NAMES[kind]}." for kind in kinds)
        return tuple(cid for cid in sorted(clauses_for_game(self.name)) if cid.startswith(prefixes)) if prefixes else ()

    def canonical(self, state: Hashable) -> Hashable:
        """Identical in effect: sweet and salty; the four fillers. Relabel each group by a
        signature of where its cards are, within groups equally many in this deck. Drop the See
        a Card memory (``seen``) once the showing is over: no rule reads it after that (while
        players are still showing, ``show_card`` extends it). The named Chonks and Spoiled are
        already one kind each."""
        if isinstance(state, Pending):
            return state
        s: State = state  # type: ignore[assignment]
        if s.phase == PH_DEAL:
            return s
        s = _normalise(s)
        kind_mask = s.phase in (PH_PLAY, PH_CONTINUE, PH_CHOOSE, PH_NAME, PH_SHOW, PH_DISCARD) or (
            s.phase == PH_DRAW and s.after == AFTER_WINDOW)
        kind_aux = s.phase == PH_SHOW or (s.phase == PH_DRAW and s.after in (AFTER_EXTRA, AFTER_TURN))
        perm = list(range(NT))
        for group in self.symmetry_groups:
            def sig(k: int) -> tuple[Any, ...]:
                return (tuple(h[k] for h in s.hands), s.draw[k], s.discard[k], s.table[k],
                        tuple(p[k] for p in s.piles), s.trump == k,
                        kind_mask and bool(s.mask >> k & 1), kind_aux and s.aux == k)
            ordered = sorted(group, key=sig)
            for new, old in zip(group, ordered, strict=True):
                perm[new] = old
        inv = [0] * NT
        for new, old in enumerate(perm):
            inv[old] = new

        def vec(v: tuple[int, ...]) -> tuple[int, ...]:
            return tuple(v[perm[i]] for i in range(len(v)))

        mask = s.mask
        if kind_mask:
            mask = sum(1 << inv[k] for k in range(NK) if s.mask >> k & 1)
        aux = inv[s.aux] if kind_aux and s.aux >= 0 else s.aux
        return s._replace(hands=tuple(vec(h) for h in s.hands), draw=vec(s.draw), discard=vec(s.discard),
                          table=vec(s.table), piles=tuple(vec(p) for p in s.piles),
                          trump=inv[s.trump] if s.trump >= 0 else -1, mask=mask, aux=aux,
                          seen=_relabel_seen(s.seen, inv) if s.phase == PH_SHOW else ())

    def outcome(self, state: Hashable) -> str:
        s: State = state  # type: ignore[assignment]
        if isinstance(state, Pending) or s.phase != PH_OVER:
            return "not-over"
        return OUTCOMES[s.aux]

    def declared_outcomes(self) -> Mapping[str, tuple[str, ...]]:
        """Outcomes the rulebook describes ("still-tied" after all tie-breaks is not one)."""
        return {
            "most-points": ("cp.finishing.3",),
            "chonk-tiebreak": ("cp.finishing.4",),
            "cards-tiebreak": ("cp.finishing.5",),
            "four-spoiled": ("cp.finishing.6", "cp.spoiled.2"),
        }

    def scores(self, state: Hashable) -> list[tuple[int, int, int]]:
        """(points, chonks, cards) of each win pile."""
        if isinstance(state, Pending):
            return self.scores(state.before)
        s: State = state  # type: ignore[assignment]
        war = self._war_chonk_scoring()
        return [score_line(p, war) for p in s.piles]

    # ------------------------------------------------------------ JSON
    def _state_to_json(self, state: Hashable) -> dict[str, Any]:
        s: State = state  # type: ignore[assignment]
        return {
            "phase": PHASES[s.phase], "actor": s.actor, "turn": s.turn,
            "hands": [_names(h) for h in s.hands], "draw_deck": _names(s.draw),
            "discard_deck": _names(s.discard), "table": _names(s.table),
            "win_piles": [_names(p) for p in s.piles],
            "trump": NAMES[s.trump] if s.trump >= 0 else None, "last": s.last, "master": s.master,
            "war": s.war, "mask": s.mask, "can_end": s.can_end, "window": s.window, "cont": s.cont,
            "queue": list(s.queue), "src": s.src, "after": AFTERS[s.after], "aux": s.aux,
            "pend": list(s.pend),
            "seen": public.seen_to_json(s.seen),
            "owed": list(s.owed),
        }

    def _state_from_json(self, data: Mapping[str, Any]) -> State:
        return _parse_state(self, data)

    def view(self, state: Hashable) -> dict[str, Any]:
        """The game's facts only (:func:`rulecheck.games.chonker_party.public.view`)."""
        return public.view(self, state)

    def check_state(self, state: Hashable, data: Mapping[str, Any]) -> None:
        """InvalidStateError naming the field if the rules cannot produce ``state``
        (:func:`rulecheck.games.chonker_party.public.check_state`)."""
        public.check_state(self, state, data)


def _normalise(s: State) -> State:
    """Blank the fields no rule reads in this phase (left over from earlier phases)."""
    ph = s.phase
    src = s.src if ph in (PH_DRAW, PH_CHOOSE) else 0
    after = s.after if ph == PH_DRAW else 0
    mask, can_end, actor, turn = s.mask, s.can_end, s.actor, s.turn
    if (ph == PH_DRAW and s.after != AFTER_WINDOW) or ph in (PH_STOLEN, PH_DISCARD_RANDOM):
        mask, can_end = 0, False
    elif ph in (PH_NAME, PH_SHOW, PH_DISCARD, PH_STEAL_FROM, PH_CHOOSE):
        can_end = False
    if ph == PH_DRAW and s.after == AFTER_ROUND:
        actor = turn = -1
    return s._replace(src=src, after=after, mask=mask, can_end=can_end, actor=actor, turn=turn)


# ------------------------------------------------------------------ JSON parsing helpers


def _field(data: Mapping[str, Any], key: str) -> Any:
    if key not in data:
        raise InvalidStateError(f"state is missing field {key!r}")
    return data[key]


def _int(data: Mapping[str, Any], key: str, lo: int, hi: int) -> int:
    v = _field(data, key)
    if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
        raise InvalidStateError(f"state field {key!r} must be an integer from {lo} to {hi}, got {v!r}")
    return v


def _bool(data: Mapping[str, Any], key: str) -> bool:
    v = _field(data, key)
    if not isinstance(v, bool):
        raise InvalidStateError(f"state field {key!r} must be true or false, got {v!r}")
    return v


def _vec(cards: Any, where: str, size: int) -> tuple[int, ...]:
    if not isinstance(cards, list):
        raise InvalidStateError(f"{where} must be a list of card names, got {cards!r}")
    v = [0] * size
    for c in cards:
        if c == "war-chonk" and size == NT:
            v[WAR_CHONK] += 1
            continue
        try:
            v[card_kind(c)] += 1
        except InvalidDealError as exc:
            raise InvalidStateError(f"{where}: {exc}") from None
    return tuple(v)


def _players(data: Mapping[str, Any], key: str, n: int) -> tuple[int, ...]:
    v = _field(data, key)
    if not isinstance(v, list) or not all(isinstance(x, int) and not isinstance(x, bool) and 0 <= x < n for x in v):
        raise InvalidStateError(f"state field {key!r} must be a list of player indices 0..{n - 1}, got {v!r}")
    return tuple(v)


def _parse_state(g: ChonkerParty, data: Mapping[str, Any]) -> State:
    n = g.n
    phase_name = _field(data, "phase")
    if phase_name not in PHASES:
        raise InvalidStateError(f"unknown phase {phase_name!r} (phases: {', '.join(PHASES)})")
    after_name = _field(data, "after")
    if after_name not in AFTERS:
        raise InvalidStateError(f"unknown 'after' {after_name!r} (one of {', '.join(AFTERS)})")
    hands_raw = _field(data, "hands")
    piles_raw = _field(data, "win_piles")
    for key, raw in (("hands", hands_raw), ("win_piles", piles_raw)):
        if not isinstance(raw, list) or len(raw) != n:
            raise InvalidStateError(f"state field {key!r} must hold {n} lists (one per player)")
    trump = _field(data, "trump")
    if trump is not None and trump not in NAMES[:NK]:
        raise InvalidStateError(f"trump {trump!r} is not a card kind")
    seen = public.seen_from_json(_field(data, "seen"), n)
    s = State(
        phase=PHASES.index(phase_name), actor=_int(data, "actor", -1, n - 1), turn=_int(data, "turn", -1, n - 1),
        hands=tuple(_vec(h, f"player {i + 1}'s hand", NK) for i, h in enumerate(hands_raw)),
        draw=_vec(_field(data, "draw_deck"), "draw_deck", NK),
        discard=_vec(_field(data, "discard_deck"), "discard_deck", NK),
        table=_vec(_field(data, "table"), "table", NT),
        piles=tuple(_vec(p, f"player {i + 1}'s win pile", NT) for i, p in enumerate(piles_raw)),
        trump=-1 if trump is None else NAMES.index(trump), last=_int(data, "last", -1, n - 1),
        master=_int(data, "master", 0, n - 1), war=_bool(data, "war"), mask=_int(data, "mask", 0, 1 << 20),
        can_end=_bool(data, "can_end"), window=_bool(data, "window"), cont=_bool(data, "cont"),
        queue=_players(data, "queue", n), src=_int(data, "src", 0, 1), after=AFTERS.index(after_name),
        aux=_int(data, "aux", -2, NK), pend=_players(data, "pend", n), seen=seen,
        owed=tuple(sorted(_players(data, "owed", n))) if "owed" in data else (),
    )
    if s.phase == PH_DRAW and not s.queue:
        raise InvalidStateError("a draw state needs a non-empty 'queue' of players to draw")
    if s.phase != PH_DEAL:
        bad = g.invariants(s)
        for v in bad:
            if v.id == "cp.cards-conserved":
                raise InvalidStateError(f"cards not conserved: {v.message}")
    if s.phase in (PH_PLAY, PH_CONTINUE, PH_CHOOSE, PH_SHOW, PH_DISCARD, PH_NAME, PH_STEAL_FROM) and s.actor < 0:
        raise InvalidStateError(f"phase {phase_name!r} needs an actor (a player index)")
    return s
