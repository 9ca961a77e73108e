"""Chonker Party, the rulebook as a clause-by-clause specification (independent of the engine).

Each function below formalises one normative sentence of the rulebook (``cp.*`` in
``models/clauses/chonker-party-en.json``), quoted in its docstring with its clause ID. It says
when the sentence applies to a situation and what it then requires of the step's outcome, as a
Z3 constraint. Nothing here imports the engine: :mod:`rulecheck.games.chonker_party.spec_engine`
builds the situations from engine states and projects engine steps onto the same outcome
variables, and :mod:`rulecheck.check.determinacy` asks the solver whether the text determines each.

What is specified: every step of a game from the deal on: a card played on a turn or to continue
the round, a War called out of turn, the six action cards' choices and chance events (a card
chosen, stolen, shown, discarded, drawn), the Munchies Master's decision at the end of a circle,
the end of a round (who collects the cards, the next Munchies Master, the draws back up), and the
end of the game with its winner. What a player may see is no step's outcome and is not specified:
whose win piles he may look at (the ruling point cp.win_pile_visibility, which only each player's
observation reads), that only the asker sees what See a Card shows (cp.see.4), that a Force is named
blind (cp.force.2). The outcome of a step (:func:`party_outcome`):

* ``trump`` and ``leader`` (the trump kind, and the current winner of the round: the last player
  to put down a trump or chonk), ``war`` (a War is in effect), ``master`` (the Munchies Master
  after the step, the next round's when the round ends), ``round_ends``;
* ``card`` (where the card this step moves goes: ``table``, ``table-as-chonk``, ``discard-deck``,
  ``hand:P<k>``), ``table`` (where the cards on the table go: ``stays``, ``win:P<k>``,
  ``discard-deck``), ``deck`` (whether the discard deck becomes the draw deck);
* ``next.who`` / ``next.does``: who acts next and how (``play``, ``continue``, ``choose``,
  ``steal-from``, ``name-see``, ``name-force``, ``show``, ``discard`` a card of one's choice, or the
  chance events ``stolen``, ``discarded``, ``draw``, ``pick-master``; ``over``), with
  ``next.window`` (other players may call out a War first), ``next.source`` (the deck a draw or a
  Choose takes from), ``next.then`` (what follows the draws or the discard) and ``draws`` (the
  players to draw, in order);
* ``may.<x>``: what the next decision lets its player choose (a card kind, ``end`` the round, a
  player ``P<k>`` to steal from): the choices themselves are inputs of the next step, never gaps;
* ``wins.P<k>`` and ``result``: when the game is over, who wins and by which rule.

Which normative clauses are not formalised, and why, is :data:`UNFORMALISED`.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from rulecheck.core.spec import (
    Outcome,
    Principle,
    Reading,
    RulingConstraint,
    Spec,
    clause,
    conj,
    disj,
    implies,
    neg,
    pname,
)

__all__ = ["KINDS", "SPEC", "UNFORMALISED", "PartySituation", "party_outcome"]

# The card kinds (cp.points.1, cp.chonks.3, cp.spoiled.4, cp.fillers.1, the action cards). The
# named Chonks and Spoiled are one kind each: no rule tells them apart; "Rock" is the stone.
KINDS = ("sweet", "salty", "chonk", "spoiled", "stick", "leaf", "brick", "stone",
         "choose", "steal", "skip", "see", "force", "war")
NON_ACTION = KINDS[:8]
ACTIONS = KINDS[8:]
DRAW_ACTIONS = ("choose", "steal", "see", "war")
"""'an action card ... that entails you to draw and play another card' (cp.continuing.2-3)."""
TABLE_KINDS = (*KINDS, "war-chonk")
"""Table and win-pile slots: a War played as a Chonk keeps both facts."""
K = {k: i for i, k in enumerate(TABLE_KINDS)}

DOES = ("play", "continue", "choose", "steal-from", "stolen", "name-see", "name-force", "show",
        "discard", "discarded", "draw", "pick-master", "over")
DECISIONS_FROM_HAND = ("play", "continue", "show", "discard")
THEN = ("none", "extra-play", "back", "next-round", "their-turn", "turn-passes", "master-continues", "round-ends")
RESULTS = ("none", "most-points", "chonk-tiebreak", "cards-tiebreak", "four-spoiled", "still-tied")
NOYES = ("no", "yes")

Cards = tuple[int, ...]
"""A count vector over :data:`KINDS` (hands, decks) or :data:`TABLE_KINDS` (table, win piles)."""


def queue_label(q: Iterable[int]) -> str:
    return ",".join(pname(p) for p in q) or "-"


def held(cards: Cards) -> list[str]:
    return [KINDS[i] for i in range(len(KINDS)) if cards[i]]


def points(pile: Cards) -> int:
    """+1 per sweet or salty point, -1 per Spoiled (cp.points.1, cp.spoiled.1)."""
    return pile[K["sweet"]] + pile[K["salty"]] - pile[K["spoiled"]]


# --------------------------------------------------------------------------- the situation

@dataclass(frozen=True)
class PartySituation:
    """The facts before one step of Chonker Party and the step itself (players numbered from the
    Munchies Master, clockwise: P1 is the Master).

    ``step`` is what the step is: a player's decision (``play`` a card on a turn, ``continue``: the
    Master's decision at the end of a circle, ``window``: other players may call out a War before
    a decision, ``choose``, ``steal-from``, ``name-see``, ``name-force``, ``show``, ``discard``) or a
    chance event (``deal``, ``pick-master``, ``stolen``, ``discarded``, ``draw``). ``actor`` decides
    (the drawer of a draw, the victim of a discard), ``turn`` is the player whose card is being
    resolved. ``continuing``: the card being resolved is the Master's continuation. ``queue`` the
    players still to draw, ``then`` what follows the draws or the discard, ``source`` the deck a
    draw or Choose takes from; ``named`` and ``showers`` the type named in a See a Card and the
    players still to show it; ``victim`` whose hand a card is stolen from; ``waiting`` the decision
    that a War call comes before: (player, ``play``/``continue``, its options). ``action`` is the
    step's input, as the engine names it (``("play", "leaf")``, ``("end_round",)``, ...). ``owed``:
    the players who called out a War and draw its new card when their turn comes (one entry per
    card; under ruling ``cp.war_draw_when`` = on_their_turn), and, at a draw with ``then``
    ``their-turn`` (such a card drawn), ``named`` is the type a Force named for that turn.
    """

    players: int
    hand_size: int
    spoiled_total: int
    step: str
    actor: int
    turn: int
    master: int
    trump: str | None
    leader: int | None
    war: bool
    continuing: bool
    hands: tuple[Cards, ...]
    draw: Cards
    discard: Cards
    table: Cards
    piles: tuple[Cards, ...]
    queue: tuple[int, ...]
    then: str
    source: str
    named: str | None
    showers: tuple[int, ...]
    victim: int | None
    waiting: tuple[int, str, tuple[str, ...]] | None
    action: tuple[Any, ...]
    owed: tuple[int, ...] = ()

    def label(self) -> str:
        """The kind of situation, for grouping findings: the step and its input's verb."""
        return f"{self.step}/{self.action[0]}"

    def describe(self) -> str:
        """The situation in words (players numbered from the Munchies Master)."""
        def cards(v: Cards, names: tuple[str, ...] = KINDS) -> str:
            parts = [f"{c}x {names[i]}" if c > 1 else names[i] for i, c in enumerate(v) if c]
            return ", ".join(parts) or "-"

        parts = [f"{self.players} players, Munchies Master P1; trump {self.trump or 'none yet'}; "
                 f"last trump or chonk: {pname(self.leader) if self.leader is not None else 'nobody'}"
                 + ("; War in effect" if self.war else "")]
        parts.append("hands: " + "; ".join(f"{pname(p)} {cards(h)}" for p, h in enumerate(self.hands)))
        parts.append(f"table: {cards(self.table, TABLE_KINDS)}; draw deck: {cards(self.draw)}; "
                     f"discard deck: {cards(self.discard)}")
        if any(any(p) for p in self.piles):
            parts.append("win piles: " + "; ".join(f"{pname(p)} {cards(v, TABLE_KINDS)}"
                                                   for p, v in enumerate(self.piles)))
        if self.queue:
            parts.append(f"to draw: {queue_label(self.queue)} (then {self.then})")
        if self.continuing:
            parts.append("the Master is continuing the round")
        if self.owed:
            parts.append(f"owing a War's new card, drawn on their turn: {queue_label(self.owed)}")
        who = pname(self.actor) if self.actor >= 0 else "chance"
        parts.append(f"step: {self.step} by {who}: {list(self.action)}")
        return "; ".join(parts) + "."

    # ---------------------------------------------------------------- derived facts

    def next_of(self, p: int) -> int:
        return (p + 1) % self.players

    @cached_property
    def played(self) -> tuple[int, str, bool] | None:
        """(player, kind, on their turn) of the card this step puts down, if it puts one down."""
        a = self.action
        if a[0] in ("play", "continue_round"):
            return self.actor, a[1], True
        if a[0] == "call_war":
            return a[1], "war", False
        return None

    @property
    def war_is_chonk(self) -> bool:
        """'A War card becomes a Chonk ... during a War ... if the draw deck is empty' (cp.war.5-7)."""
        return self.war or not any(self.draw)

    @cached_property
    def as_chonk(self) -> bool:
        pl = self.played
        return pl is not None and pl[1] == "war" and self.war_is_chonk

    @cached_property
    def hands_after(self) -> tuple[Cards, ...]:
        """Every hand after the card this step moves has moved as the step's input says."""
        a, hands = self.action, [list(h) for h in self.hands]
        pl = self.played
        if pl is not None:
            hands[pl[0]][K[pl[1]]] -= 1
        elif a[0] in ("draw", "choose_card"):
            hands[self.actor][K[a[1]]] += 1
        elif a[0] == "stolen":
            hands[self.victim][K[a[1]]] -= 1  # type: ignore[index]
            hands[self.actor][K[a[1]]] += 1
        elif a[0] in ("discard", "discarded"):
            hands[self.actor][K[a[1]]] -= 1
        return tuple(tuple(h) for h in hands)

    @cached_property
    def draw_after(self) -> Cards:
        d = list(self.draw)
        if self.action[0] in ("draw", "choose_card") and self.source == "draw-deck":
            d[K[self.action[1]]] -= 1
        return tuple(d)

    @cached_property
    def discard_after(self) -> Cards:
        d = list(self.discard)
        if self.action[0] in ("draw", "choose_card") and self.source == "discard-deck":
            d[K[self.action[1]]] -= 1
        return tuple(d)

    def holds(self, p: int, kind: str | None = None) -> bool:
        h = self.hands_after[p]
        return any(h) if kind is None else bool(h[K[kind]])

    @property
    def action_source(self) -> str | None:
        """The deck an action card's draw takes from now: the draw deck, else the discard deck
        (cp.empty-draw.1), else none (cp.empty-draw.2)."""
        if any(self.draw_after):
            return "draw-deck"
        if any(self.discard_after):
            return "discard-deck"
        return None

    @property
    def table_cards(self) -> int:
        return sum(self.table) + (1 if self.played is not None else 0)

    @property
    def moves_card(self) -> bool:
        return self.played is not None or self.action[0] in ("draw", "choose_card", "stolen", "discard",
                                                              "discarded")


# --------------------------------------------------------------------------- how play goes on

def _memo(fn: Any) -> Any:
    """Computed once per view of a situation (a view fixes the readings). The reading points the
    computation asked are asked again at every later use, so that each clause that uses the result
    is known to depend on them (the check reuses a clause's result under another reading only if the
    clause asked none of the points varied)."""
    key = "_memo_" + fn.__name__

    def wrapped(s: Any) -> Any:
        d = s.__dict__
        hit = d.get(key)
        if hit is not None:
            for point in hit[1]:
                s.reading(point)
            return hit[0]
        asked: list[str] = []
        outer = s.reading

        def recording(point: str) -> str:
            asked.append(point)
            return outer(point)

        shadowed = "reading" in d
        d["reading"] = recording
        try:
            value = fn(s)
        finally:
            if shadowed:
                d["reading"] = outer
            else:
                del d["reading"]
        d[key] = (value, tuple(dict.fromkeys(asked)))
        return value

    wrapped.__name__ = fn.__name__
    wrapped.__doc__ = fn.__doc__
    return wrapped


@_memo
def turn_passes(s: Any) -> tuple[int, Any] | None:
    """Whether this step ends a player's card, so that the turn passes on from them: (player,
    effect on the next player: None, ``"skip"`` or ``("force", kind)``), or None."""
    a, pl = s.action, s.played
    if pl is not None:
        p, k, in_turn = pl
        if k == "war":
            if not s.as_chonk or s.reading("cp.read.war_chonk_still_war") == "a-chonk-only":
                return (p, None) if in_turn and s.as_chonk else None
            if s.action_source is None and in_turn and s.reading("cp.read.no_effect_scope") == "whole-card":
                return p, None
            return None
        if k in NON_ACTION:
            return p, None
        if k == "skip":
            return p, "skip"
        if k in ("choose", "see") and no_effect(s) and s.reading("cp.read.no_effect_scope") == "whole-card":
            return p, None
        if k == "steal" and in_turn and steal_has_no_effect(s):
            return p, None
        return None
    if a[0] == "name_type" and s.step == "name-force":
        return s.actor, ("force", a[1])
    if a[0] in ("discard", "discarded") and s.then == "turn-passes":
        return s.actor, None
    if a[0] == "play_nothing":
        return s.actor, None  # the Chooser plays no card (cp.read.choose_may_stop, cp.choose_play_optional)
    if owed_drawn(s) and s.actor != s.master:
        # the turn that passed to them, put off for the card they owed (:func:`turn_begins`), resumes
        return (s.actor - 1) % s.players, (None if s.named is None else ("force", s.named))
    return None


def owed_drawn(s: Any) -> bool:
    """This step is the last draw of a War's new card(s) its player owed (:func:`turn_begins`): then
    their turn of play begins, as it would have without the card."""
    return s.action[0] == "draw" and s.then == "their-turn" and (len(s.queue) == 1 or next_draw_source(s) is None)


def turn_begins(s: Any, o: Outcome, q: int) -> Any:
    """A requirement: ``q``'s turn of play begins (not the Master's decision to continue). A War's
    new card they owe (``s.owed``: a War they called out under ruling ``cp.war_draw_when`` =
    on_their_turn, cp.war.4 "if/when it is their turn"), if they hold a card, they draw first: every
    card owed, from the deck an action card's draw takes as the turn begins (cp.empty-draw.1; none if
    both decks are empty, cp.empty-draw.2); then their turn (:func:`owed_drawn`). Both decks empty
    before this step, the discard deck may get cards in it: a Skip's discard put there, or the
    round's cards when nobody wins them (the outcome's ``card`` and ``table``)."""
    n = s.owed.count(q)
    if not n or not s.holds(q):
        return goes_next(o, q, "play")

    def draws_first(source: str) -> Any:
        return conj(goes_next(o, q, "draw"), o.require("draws", queue_label((q,) * n)),
                    o.require("next.source", source), o.require("next.then", "their-turn"))

    source = s.action_source
    if source is not None:
        return draws_first(source)
    filled = disj(o.eq("card", "discard-deck") if "card" in o.vars else False,
                  o.eq("table", "discard-deck") if s.table_cards else False)
    if filled is False:
        return goes_next(o, q, "play")
    return conj(implies(filled, draws_first("discard-deck")), implies(neg(filled), goes_next(o, q, "play")))


@_memo
def _passes_if_nothing_happens(s: Any) -> tuple[int, Any] | None:
    """Where the text is silent on whether a card's turn ends (a Steal with nobody to steal from, a
    card with no effect, a War become a Chonk), the turn passes from its player if it ends."""
    pl = s.played
    if pl is not None and pl[2] and pl[1] in ("steal", "choose", "see", "war"):
        return pl[0], None
    x = extra_target(s)
    if x is not None and not s.holds(x):
        return x, None
    return None


def ruled_pass(s: Any, o: Outcome, p: int) -> Any:
    """Under the ruleset (``s.ruled``): the turn passes on from ``p``; players with no card are
    passed over or end the round (cp.empty_hand_turn)."""
    if _master_plays_alone(s, p):
        return goes_next(o, s.master, "continue")
    q = s.next_of(p)
    while True:
        if q == s.master:
            return goes_next(o, s.master, "continue")
        if s.holds(q):
            return turn_begins(s, o, q)
        if s.ruled("cp.empty_hand_turn") == "round_ends":
            return ends_at_once(s, o)
        q = s.next_of(q)


def ends_at_once(s: Any, o: Outcome) -> Any:
    """Under cp.empty_hand_turn = round_ends: the round ends at once; if the next round's Master
    would start it with no card, nothing is played yet there, and the next player clockwise who
    holds one leads it instead (a round that ends the game has no next turn)."""
    w = starts_without_cards(s)
    if w is None:
        return o.require("round_ends", "yes")
    r, goes_on = _next_holder(s, w), neg(_over(o))
    return conj(o.require("round_ends", "yes"), set_if(o, goes_on, "master", pname(r)),
                implies(goes_on, turn_begins(s, o, r)))


def no_effect(s: Any) -> bool:
    """A Choose or See a Card played with both decks empty (cp.empty-draw.2)."""
    pl = s.played
    return pl is not None and pl[1] in ("choose", "see") and s.action_source is None


def steal_has_no_effect(s: Any) -> bool:
    """A Steal played with both decks empty, if Empty Draw Deck's "the action card that tells you to
    draw, will have no effect" speaks of it (reading ``cp.read.tells_you_to_draw``: it makes the
    player stolen from draw, and the book lists it among the cards that entail you to draw) and takes
    the whole card (``cp.read.no_effect_scope``; taking only the draw, the snatch stays)."""
    pl = s.played
    return (pl is not None and pl[1] == "steal" and s.action_source is None
            and s.reading("cp.read.tells_you_to_draw") == "steal-too"
            and s.reading("cp.read.no_effect_scope") == "whole-card")


def ruled_option(s: Any, ruling: str) -> str | None:
    """The ruleset's option for ``ruling`` where the ruleset's options are seen (``s.ruled``, set by
    Spec.ruling_constraints), else None: the text's own questions, where a helper the clauses share
    must not depend on a ruleset."""
    ruled = s.__dict__.get("ruled")
    return ruled(ruling) if ruled is not None else None


def victim_source(s: Any) -> str | None:
    """The deck the player stolen from draws from now (cp.steal.2): the draw deck; when it is empty,
    the discard deck if Empty Draw Deck's "If an action card requires you to draw" speaks of his draw
    too (reading ``cp.read.draw_requires_you``); else none. Under a ruleset, its answer to
    cp.steal_victim_draw_fallback is the sentence the errata add, and it decides, whatever the
    reading (what follows the draw, cp.continue_after_action, follows it too)."""
    src = s.action_source
    if src != "discard-deck":
        return src
    answer = ruled_option(s, "cp.steal_victim_draw_fallback")
    if answer is not None:
        return src if answer == "discard_deck" else None
    return None if s.reading("cp.read.draw_requires_you") == "its-player" else src


def stolen_from(s: Any) -> int:
    """The player a Steal takes from, at its steps ``stolen`` (the snatch) and ``steal_from`` (the
    pick): the one who then draws (cp.steal.2)."""
    return s.victim if s.action[0] == "stolen" else s.action[1]


def steal_taken(s: Any) -> bool:
    """This step is what a Steal takes: the snatch (``stolen``), or the pick of a player with an empty
    hand, from whom nothing is taken (``steal_from``); then the player stolen from draws."""
    a = s.action
    return a[0] == "stolen" or (a[0] == "steal_from" and not any(s.hands[a[1]]))


def stealer_draws(s: Any) -> bool:
    """Whether, after a Steal took from another player, the stealer draws a new card too
    (cp.steal.2, reading ``cp.read.steal_also_draws``: "also" as the stealer, who got a card by
    snatching it, or the stealer draws as well). Under a ruleset, its answer to
    cp.steal_stealer_draws is the sentence the errata add, and it decides, whatever the reading."""
    if not steal_taken(s) or stolen_from(s) == s.actor:  # (from himself: he is the one who draws)
        return False
    answer = ruled_option(s, "cp.steal_stealer_draws")
    if answer is not None:
        return answer == "stealer_too"
    return s.reading("cp.read.steal_also_draws") == "stealer-too"


def after_the_steal(s: Any, o: Outcome, v: int, source: str) -> Any:
    """The draws after a Steal took, the player stolen from ``v`` drawing from ``source``: he
    alone, then the stealer plays; or, where the stealer draws too (:func:`stealer_draws`), both,
    from the same deck (its next draw: :func:`next_draw_source`): in either order under the
    reading, the player stolen from first under the ruling option (its erratum says so)."""
    if not stealer_draws(s):
        return draw_now(o, v, source, "extra-play")
    p = s.actor
    orders = ((v, p),) if ruled_option(s, "cp.steal_stealer_draws") is not None else ((v, p), (p, v))
    return disj(*(conj(goes_next(o, q[0], "draw"), o.require("draws", queue_label(q)),
                       o.require("next.source", source), o.require("next.then", "extra-play")) for q in orders))


def next_draw_source(s: Any) -> str | None:
    """At a draw with others still to draw: the deck the next one draws from. The same deck while
    it holds a card; for an action card's draws (a Steal's two, :func:`stealer_draws`), the discard
    deck once the draw deck is empty (cp.empty-draw.1), and none once both are (cp.empty-draw.2):
    then nobody more draws."""
    same = s.draw_after if s.source == "draw-deck" else s.discard_after
    if any(same) or s.then not in ("extra-play", "their-turn"):
        return s.source
    if s.source == "draw-deck" and any(s.discard_after):
        return "discard-deck"
    return None


@_memo
def extra_target(s: Any) -> int | None:
    """The player who plays another card after this step, as a card that 'said that you need to
    draw, and play any card' (cp.stacking.1) makes them: after a Choose's pick, a Steal's snatch
    and the victim's draw, the last draw of a See a Card or a War (or, by
    ``cp.read.no_effect_scope``, when such a card had nothing to draw)."""
    a, pl = s.action, s.played
    if a[0] == "draw" and s.then == "extra-play" and (len(s.queue) == 1 or next_draw_source(s) is None):
        return s.turn
    if a[0] == "choose_card":
        return s.actor
    if steal_taken(s) and victim_source(s) is None and not (stealer_draws(s) and s.action_source is not None):
        return s.actor
    if pl is not None and pl[2]:
        if no_effect(s) and s.reading("cp.read.no_effect_scope") == "draw-only":
            return pl[0]
        if (pl[1] == "war" and s.as_chonk and s.action_source is None
                and s.reading("cp.read.war_chonk_still_war") == "still-a-war"
                and s.reading("cp.read.no_effect_scope") == "draw-only"):
            return pl[0]
    return None


@_memo
def continuation_kind(s: Any) -> Any:
    """What kind of decision of the Master's this step leads to, if it leads to one: ``normal``
    (the end of a circle), ``forced-any`` (after a Skip), ``("force", kind)``, ``after-action``
    (the Master continued with a draw-and-play card, cp.continuing.4)."""
    tp = turn_passes(s) or _passes_if_nothing_happens(s)
    if tp is not None and acted_on(s, tp[0], tp[1]) == s.master:
        eff = tp[1]
        return "normal" if eff is None else "forced-any" if eff == "skip" else eff
    if tp is not None and not s.continuing:
        q = s.next_of(tp[0])
        if tp[1] == "skip" and q != s.master:
            q = s.next_of(q)
        while q != s.master and not s.holds(q):
            q = s.next_of(q)  # (if the players with no card are passed over: cp.empty_hand_turn)
        if q == s.master:
            return "normal"
    if s.step in ("discard", "discarded") and s.then == "master-continues":
        return "forced-any"
    if s.continuing and extra_target(s) == s.master:
        return "after-action"
    if s.continuing and tp is not None:
        return "normal"  # only with cp.continue_who_plays = master_only
    # if play stays with him after his continuation card (cp.continue_who_plays); under the
    # ruleset's master_only a Skip or Force of his acts on nobody, and he decides again too
    if s.action[0] == "continue_round" and tp is not None and (
            tp[1] is None or ruled_option(s, "cp.continue_who_plays") == "master_only"):
        return "normal"
    return None


@_memo
def may_end_round(s: Any) -> bool:
    """Whether the round may end with this step: the Master ends it, a skipped Master's discard
    ends it, a Skip at the round's end finds the Master with no card (cp.skip_at_round_end,
    cp.skip_master_empty_handed), or (a gap) the turn passes to a player with no cards."""
    if s.action == ("end_round",) or (s.step in ("discard", "discarded") and s.then == "round-ends"):
        return True
    if forced_empty_handed(s) or empty_turn(s) is not None:
        return True
    # where the text is silent on whether the card's turn ends, a ruling may end it (cp.no_effect_then,
    # cp.war_chonk_effect): then the next player may have no card; or it has its player play another
    # card, and he may have none
    tp = _passes_if_nothing_happens(s)
    if tp is None:
        return False
    q = s.next_of(tp[0])
    return not s.holds(tp[0]) or (q != s.master and not s.holds(q))


def forced_empty_handed(s: Any) -> bool:
    """Whether this step forces the Munchies Master to continue, trump or not (a Skip at the round's
    end, cp.skip.2, or the discard it made him make), and he holds no card."""
    return continuation_kind(s) == "forced-any" and not s.holds(s.master)


@_memo
def empty_turn(s: Any) -> int | None:
    """The player with no cards whose turn comes next with this step (not the Master's decision),
    if any: what happens then the text does not say."""
    tp = turn_passes(s)
    if tp is not None:
        q = acted_on(s, tp[0], tp[1])
        if tp[1] == "skip" and q != s.master and not s.holds(q):
            q = s.next_of(q)  # the skipped player's turn passes on too
        if q != s.master and not s.holds(q):
            return q
    if starts_round_now(s) and not s.holds(s.master):
        return s.master
    x = extra_target(s)
    if x is not None and not s.holds(x) and not (s.continuing and x == s.master):
        return x  # 'then play any card', with no card to play
    if (s.action == ("end_round",) or (s.step in ("discard", "discarded") and s.then == "round-ends")
            or forced_empty_handed(s)):
        return starts_without_cards(s)
    return None


def starts_without_cards(s: Any) -> int | None:
    """The next round's Master, if the round ends with this step and he would start it holding no
    card: nobody draws (the draw deck is empty, or a War stops the draws, cp.war.2) and he holds
    none, while someone still does."""
    m = next_master(s)
    # (under a ruleset: a War put down as a Chonk may end the War)
    ends = s.as_chonk and ruled_option(s, "cp.war_chonk_ends_war") == "ends_war"
    no_draws = (_war_stops_draws(s) and not ends) or not any(s.draw_after)
    if no_draws and not s.holds(m) and any(any(h) for h in s.hands_after):
        return m
    return None


def next_master(s: Any) -> int:
    """The next round's Master when the round ends now: the winner, else (no trump or chonk was put
    down: cp.no_trump_winner) the same Master."""
    leader = leader_now(s)
    return leader if leader is not None else s.master


@_memo
def starts_round_now(s: Any) -> bool:
    """This step ends with a new round starting (the last draw back up, or of a War's new card the
    round's Master owed: :func:`turn_begins`)."""
    if owed_drawn(s) and s.actor == s.master:
        return True
    return s.action[0] == "draw" and len(s.queue) == 1 and s.then == "next-round"


def refill_orders(s: Any, m: int, supply: int | None = None) -> tuple[str, str, list[int]]:
    """The draws back up from ``m`` clockwise: (each in turn drawing up, one card at a time round
    the table, the needs); both end when the draw deck runs out."""
    order = [(m + i) % s.players for i in range(s.players)]
    need = [max(0, s.hand_size - sum(s.hands_after[p])) for p in order]
    supply = sum(s.draw_after) if supply is None else supply
    in_order: list[int] = []
    for p, k in zip(order, need, strict=True):
        in_order += [p] * min(k, supply - len(in_order))
    robin: list[int] = []
    left = list(need)
    while len(robin) < min(supply, sum(need)):
        for i, p in enumerate(order):
            if left[i] and len(robin) < supply:
                robin.append(p)
                left[i] -= 1
    return queue_label(in_order), queue_label(robin), need


class PartyOutcome(Outcome):
    """The outcome variables, and for each variable the conditions under which some clause sets
    it (``when``): the frame keeps it unchanged outside them.

    The draws (``draws``, a sequence of players whose candidates differ from one situation to the
    next) are coded by the sequence itself, not by their place among the candidates: ``-`` is 0 and
    ``P2,P3,P1`` is 231. Every other variable's labels depend only on the number of players, so two
    situations whose questions read the same (the same text) mean the same outcomes by them, and
    the solver's verdict on one is the verdict on the other."""

    CODED = ("draws",)

    def eq(self, name: str, label: str) -> Any:
        if name not in self.CODED:
            return super().eq(name, label)
        self.touched.add(name)
        labels = self.labels[name]
        if label not in labels:
            return False
        return True if len(labels) == 1 else f"(= {self.vars[name]} {draws_code(label)})"

    def domain(self) -> str:
        parts = []
        for n, v in self.vars.items():
            if n in self.CODED:
                parts.append(disj(*[f"(= {v} {draws_code(label)})" for label in self.labels[n]]))
            else:
                parts.append(f"(<= 0 {v} {len(self.labels[n]) - 1})")
        return "true" if not parts else str(conj(*parts))

    def value(self, got: Mapping[str, int]) -> dict[str, str]:
        out = super().value(got)
        for n in self.CODED:
            if n in self.vars:
                # the model's integer k, as the plain reading gave it back (labels[k], or "?k")
                got = out[n]
                out[n] = draws_label(int(got[1:]) if got.startswith("?") else self.labels[n].index(got))
        return out


def draws_code(label: str) -> int:
    """The solver's value for a sequence of draws: the players' numbers as the digits of a decimal
    number (players are numbered 1 to 6), 0 for none."""
    return 0 if label == "-" else int("".join(x[1:] for x in label.split(",")))


def draws_label(code: int) -> str:
    return "-" if code == 0 else ",".join(f"P{d}" for d in str(code))


def set_if(o: Outcome, cond: Any, name: str, label: str) -> Any:
    """A requirement under a condition: if ``cond``, ``name`` is ``label`` (recorded, so that the
    frame leaves ``name`` alone where ``cond`` may hold)."""
    if isinstance(o, PartyOutcome):
        o.when.setdefault(name, []).append(cond)
    return implies(cond, o.require(name, label))


class _Read:
    """A situation seen under fixed readings (for what the outcome's domains must allow)."""

    def __init__(self, sit: PartySituation, chosen: Mapping[str, str]) -> None:
        self._sit = sit
        self._chosen = chosen

    def reading(self, point: str) -> str:
        return self._chosen.get(point) or READINGS[point].default

    def __getattr__(self, name: str) -> Any:
        return getattr(self._sit, name)


def game_may_end_with_the_round(sit: PartySituation) -> bool:
    """Whether the game may end with this step if the round does (:func:`may_end_game`), under
    some reading. The game may end with the step only where this and :func:`round_may_end` hold
    (else the win piles do not matter to it); only this half reads the win piles."""
    return _under_any_reading(sit, may_end_game)


def round_may_end(sit: PartySituation) -> bool:
    """Whether the round may end with this step, under some reading (:func:`may_end_round`, which
    the game's end needs): a question that reads no win pile."""
    return not _round_cannot_end(sit) and _under_any_reading(sit, may_end_round)


def _round_cannot_end(sit: Any) -> bool:
    """Whether the round cannot end with this step under any reading (a quick test, exact): it is
    not the Master ending the round nor a skipped Master's discard that ends it, and every player
    still holds a card after it, so nobody's turn comes with no card to play (cp.empty_hand_turn)."""
    if sit.action == ("end_round",) or (sit.step in ("discard", "discarded") and sit.then == "round-ends"):
        return False
    return all(any(h) for h in sit.hands_after)


def _under_any_reading(sit: PartySituation, fn: Any) -> bool:
    """Whether ``fn`` holds of the situation under some reading of the clauses that say how play
    goes on (the domains are built to allow every reading's outcome)."""
    points = ("cp.read.no_effect_scope", "cp.read.war_chonk_still_war", "cp.read.tells_you_to_draw",
              "cp.read.draw_requires_you", *NEXT_PLAYER_READINGS.values())
    combos = [{}] + [{pt: rid} for pt in points for rid, _ in READINGS[pt].options[1:]] + [
        {pt: READINGS[pt].options[1][0] for pt in points}]
    return any(fn(_Read(sit, c)) for c in combos)


def party_outcome(s: PartySituation) -> Outcome:
    """The outcome variables of a step, with domains built from the situation."""
    ending = not _round_cannot_end(s) and _under_any_reading(s, may_end_round)
    o = PartyOutcome()
    ps = tuple(pname(p) for p in range(s.players))
    o.var("round_ends", NOYES)
    o.var("trump", ("none", *NON_ACTION))
    o.var("leader", ("none", *ps))
    o.var("war", ("off", "on"))
    o.var("master", ps)
    o.var("table", ("stays", "discard-deck", *(f"win:{p}" for p in ps)))
    o.var("deck", ("stays", "becomes-draw-deck"))
    if s.moves_card:
        o.var("card", ("table", "table-as-chonk", "discard-deck", *(f"hand:{p}" for p in ps)))
    o.var("next.who", ("none", *ps))
    o.var("next.does", DOES)
    o.var("next.window", NOYES)
    o.var("next.source", ("none", "draw-deck", "discard-deck"))
    o.var("next.then", THEN)
    o.var("draws", draw_candidates(s, ending))
    for k in option_kinds(s):
        o.var(f"may.{k}", NOYES)
    o.var("may.end", NOYES)
    if s.action[0] == "choose_card":
        o.var("may.stop", NOYES)  # play no card after a Choose (cp.read.choose_may_stop)
    if s.played is not None and s.played[1] == "steal":
        for p in ps:
            o.var(f"may.{p}", NOYES)
    if ending and _under_any_reading(s, may_end_game):
        for p in ps:
            o.var(f"wins.{p}", NOYES)
        o.var("result", RESULTS)
    return o


def option_kinds(s: PartySituation) -> tuple[str, ...]:
    """The kinds a decision after this step could offer: those in a hand or a deck (every kind,
    when a See a Card or a Force is put down: its player names a type)."""
    pl = s.played
    if pl is not None and pl[1] in ("see", "force"):
        return KINDS
    present = [any(v[i] for v in (*s.hands_after, s.draw, s.discard)) for i in range(len(KINDS))]
    return tuple(k for i, k in enumerate(KINDS) if present[i])


@_memo
def may_end_game(s: Any) -> bool:
    """Whether the game may end with this step: the round ends and nobody holds a card, or a win
    pile could hold every Spoiled."""
    if not may_end_round(s):
        return False
    if not any(any(h) for h in s.hands_after):
        return True
    return bool(s.spoiled_total) and any(
        _four_spoiled(s, _pile_after(s, d)) is not None for d in _dests(s))


def draw_candidates(s: PartySituation, ending: bool) -> tuple[str, ...]:
    out = ["-"]
    if s.queue:
        out.append(queue_label(s.queue[1:]))
    if steal_taken(s):  # (reading cp.read.steal_also_draws)
        v = s.victim if s.action[0] == "stolen" else s.action[1]
        out += [queue_label((v, s.actor)), queue_label((s.actor, v))]
    for q in sorted(set(s.owed)):  # a War's new cards owed, drawn when the turn comes (turn_begins)
        out.append(queue_label((q,) * s.owed.count(q)))
    for p in {s.actor, s.turn, *((s.victim,) if s.victim is not None else ()),
              *((s.action[1],) if s.action[0] in ("steal_from", "call_war") else ())}:
        if p is not None and p >= 0:
            out.append(pname(p))
    if ending:
        decks = sum(s.draw_after) + sum(s.discard_after)
        on_table = sum(s.table) + (s.played is not None)  # (the table's cards may go to the discard deck)
        for m in range(s.players):
            for supply in (None, decks, decks + on_table):
                a, b, _ = refill_orders(s, m, supply)
                out += [a, b]
    return tuple(dict.fromkeys(out))


# --------------------------------------------------------------------------- helpers for the clauses

def is_next(o: Outcome, who: int | None, does: str) -> Any:
    """A test: the next decision is ``who``'s, of kind ``does``."""
    return conj(o.eq("next.who", "none" if who is None else pname(who)), o.eq("next.does", does))


def goes_next(o: Outcome, who: int | None, does: str) -> Any:
    """A requirement: the next decision is ``who``'s, of kind ``does``."""
    return conj(o.require("next.who", "none" if who is None else pname(who)), o.require("next.does", does))


def may(o: Outcome, x: str, yes: bool) -> Any:
    """A requirement on an option of the next decision (an option no card could give is no)."""
    if f"may.{x}" not in o.vars:
        return not yes
    return o.require(f"may.{x}", "yes" if yes else "no")


def options(s: Any, o: Outcome, who: int, does: str, allowed: Iterable[str], forbidden: Iterable[str] = (),
            end: bool | None = None) -> Any:
    """If the next decision is ``who``'s ``does``: the kinds ``allowed`` (of those they hold) may be
    chosen, those ``forbidden`` not; ``end`` says whether they may end the round."""
    req = [may(o, k, True) for k in allowed if s.holds(who, k)]
    req += [may(o, k, False) for k in forbidden if s.holds(who, k)]
    if end is not None:
        req.append(may(o, "end", end))
    return implies(is_next(o, who, does), conj(*req)) if req else None


def option_parts(s: Any, o: Outcome, who: int, does: str, allowed: Iterable[str],
                 forbidden: Iterable[str] = ()) -> dict[str, Any]:
    """:func:`options` as one part per kind (``may.<kind>``), so that a ruling can set one aside."""
    parts = {}
    for yes, kinds in ((True, allowed), (False, forbidden)):
        for k in kinds:
            if s.holds(who, k):
                parts[f"may.{k}"] = implies(is_next(o, who, does), may(o, k, yes))
    return parts


def draw_now(o: Outcome, who: int, source: str, then: str) -> Any:
    """The next step is ``who`` drawing one card from ``source``; then ``then``."""
    return conj(goes_next(o, who, "draw"), o.require("draws", pname(who)), o.require("next.source", source),
                o.require("next.then", then))


def owed_draws(s: Any, o: Outcome) -> Any:
    """A test: the draws next are the new cards of a War one player owes, drawn as their turn begins
    (:func:`turn_begins`); false where nobody owes one."""
    return disj(*[conj(o.eq("next.then", "their-turn"), o.eq("draws", queue_label((q,) * s.owed.count(q))))
                  for q in sorted(set(s.owed))])


def no_draws_back_up(s: Any, o: Outcome) -> Any:
    """A requirement: nobody draws back up now. The new cards of a War a player owes, drawn as their
    turn begins, are no draw back up."""
    if not s.owed:
        return o.require("draws", "-")
    return implies(neg(owed_draws(s, o)), o.require("draws", "-"))


def no_draw_back_up(s: Any, o: Outcome) -> Any:
    """A test: nobody draws back up now (the draws next, if any, are a War's owed cards)."""
    return o.eq("draws", "-") if not s.owed else disj(o.eq("draws", "-"), owed_draws(s, o))


def ends_round(o: Outcome) -> Any:
    return o.eq("round_ends", "yes")


def round_goes_on(o: Outcome) -> Any:
    return o.eq("round_ends", "no")


def another_spoiled(s: Any) -> bool:
    """Whether this step puts down a Spoiled card when a Spoiled card is already the trump: the
    four Spoiled cards have their own names (cp.spoiled.4), so this one is another card."""
    pl = s.played
    return pl is not None and pl[1] == "spoiled" and s.trump == "spoiled"


def spoiled_one_type(s: Any) -> bool:
    """Reading ``cp.read.spoiled_one_type``: when a Spoiled card is the trump, the other Spoiled
    cards are trumps too (the Spoiled are one card type), or not (each is a card of its own)."""
    return s.reading("cp.read.spoiled_one_type") == "one-type"


def trump_or_chonk(s: Any) -> bool:
    """Whether the card put down is a trump or a chonk (cp.winning.1, cp.chonks.1): a chonk, a
    War become a Chonk, a card of the trump's kind (another Spoiled card after a Spoiled trump: by
    reading, :func:`spoiled_one_type`), or the first non-action card (it becomes the trump as it is
    played, cp.round.2)."""
    pl = s.played
    if pl is None:
        return False
    k = pl[1]
    if k == "chonk" or s.as_chonk:
        return True
    if s.trump is None:
        return k in NON_ACTION
    if another_spoiled(s):
        return spoiled_one_type(s)
    return k == s.trump


def leader_now(s: Any) -> int | None:
    """The last player to put down a trump or chonk, this step's card included."""
    return s.played[0] if s.played is not None and trump_or_chonk(s) else s.leader


def the_trump(s: Any, war_sets: bool | None = None, chonk_sets: bool | None = None) -> str | None:
    """The trump once this step's card is down (cp.round.2). A War that becomes a Chonk as the
    round's first such card makes Chonk the trump if it is a non-action card (``war_sets``, else by
    reading ``cp.read.war_chonk_non_action``); a Chonk card does if it is a card type for the trump
    (``chonk_sets``, else by reading ``cp.read.chonk_first_trump``)."""
    if s.trump is not None:
        return s.trump
    pl = s.played
    if pl is None:
        return None
    if s.as_chonk:
        if war_sets is None:
            war_sets = s.reading("cp.read.war_chonk_non_action") == "is-a-chonk-card"
        return "chonk" if war_sets else None
    if pl[1] == "chonk":
        if chonk_sets is None:
            chonk_sets = s.reading("cp.read.chonk_first_trump") == "makes-chonk-trump"
        return "chonk" if chonk_sets else None
    return pl[1] if pl[1] in NON_ACTION else None


def trumps_and_chonks(s: Any, m: int, one_type: bool | None = None, war_counts: bool | None = None) -> list[str]:
    """The kinds in ``m``'s hand that are a trump or a chonk (a War that would become a Chonk if put
    down now, cp.war.6-7: ``war_counts``, else by reading ``cp.read.war_held_as_chonk``). A Spoiled
    card held when a Spoiled card is the trump is another Spoiled card: a trump if the Spoiled are
    one type (``one_type``, else by reading :func:`spoiled_one_type`)."""
    t = the_trump(s)
    out = [k for k in ("chonk", *((t,) if t is not None else ())) if s.holds(m, k)]
    if "spoiled" in out and t == "spoiled" and not (spoiled_one_type(s) if one_type is None else one_type):
        out.remove("spoiled")
    if s.holds(m, "war") and war_would_be_a_chonk(s) and (
            s.reading("cp.read.war_held_as_chonk") == "counts" if war_counts is None else war_counts):
        out.append("war")
    return out


def all_of(parts: list[Any]) -> Any:
    return conj(*parts) if parts else None


def new_round_masters(s: Any) -> list[int]:
    return list(range(s.players))


# --------------------------------------------------------------------------- Rounds: how a round looks

@clause("cp.round.1")
def master_starts_the_round_with_any_card(s: Any, o: Outcome) -> Any:
    """"1. The Munchies Master (last person to snack in a brand-new game, previous winner
    otherwise) starts the round by playing any card from their hand face up."

    In a brand-new game the Master is whoever snacked last: a fact outside the game, so the text
    allows any player (or a draw for it). When a round starts (the deal, the Master picked, the
    last draw back up, a round ended with nothing to draw), the Master plays the first card.
    """
    a = s.action
    if a[0] == "deal":
        parts = [o.eq("next.does", "pick-master")]
        for m in range(s.players):
            parts.append(conj(o.eq("master", pname(m)), goes_next(o, m, "play")))
        if isinstance(o, PartyOutcome):
            o.when.setdefault("master", []).append(neg(o.eq("next.does", "pick-master")))
        return disj(*parts)
    if a[0] == "munchies_master":
        return conj(set_if(o, True, "master", pname(a[1])), goes_next(o, a[1], "play")) if s.holds(a[1]) else \
            set_if(o, True, "master", pname(a[1]))
    if starts_round_now(s):
        return turn_begins(s, o, s.master) if s.holds(s.master) else None
    if not may_end_round(s):
        return None
    parts = []
    for m in new_round_masters(s):
        if s.holds(m):
            parts.append(implies(conj(ends_round(o), o.eq("master", pname(m)), no_draw_back_up(s, o),
                                      neg(o.eq("next.does", "over"))), turn_begins(s, o, m)))
    return all_of(parts)


@clause("cp.round.2", "cp.summary.2", readings=("cp.read.war_chonk_non_action", "cp.read.chonk_first_trump"))
def the_first_non_action_card_becomes_trump(s: Any, o: Outcome) -> Any:
    """"2. The first non-action card played becomes the trump card." (and cp.summary.2, "1. The
    first non-action card played becomes the trump card.")

    Reading ``cp.read.war_chonk_non_action``: a War that became a Chonk is a non-action card (a
    Chonk, so Chonk is trump), or it is still an action card. Reading ``cp.read.chonk_first_trump``:
    a Chonk card makes Chonk the trump, or, a universal trump already (cp.chonks.1), it leaves the
    trump to the next non-action card.
    """
    if s.played is None or s.trump is not None:
        return None
    k = the_trump(s)
    return set_if(o, round_goes_on(o), "trump", k) if k is not None else None


@clause("cp.round.3")
def play_continues_clockwise(s: Any, o: Outcome) -> Any:
    """"Play continues clockwise."

    When a player's card is done, the next player clockwise takes their turn (unless that is the
    Master: cp.round.5; a Skip: cp.skip.1). What happens when that player has no card to play the
    text does not say.
    """
    tp = turn_passes(s)
    if tp is None or tp[1] == "skip":
        return None
    q = acted_on(s, tp[0], tp[1])  # (after a Force: "the next player", cp.force.1)
    if q == s.master or not s.holds(q):
        return None
    return turn_begins(s, o, q)


@clause("cp.round.4")
def players_place_one_card_face_up(s: Any, o: Outcome) -> Any:
    """"3. Players take turns placing one card face-up on top of the previous card."

    The card put down goes face up on the table (a War that becomes a Chonk: cp.war.5).
    """
    if s.played is None or s.as_chonk:
        return None
    return o.require("card", "table")


@clause("cp.round.5", "cp.summary.4")
def round_ends_just_before_the_master(s: Any, o: Outcome) -> Any:
    """"4. The round ends just before it returns to the Munchies Master." (and cp.summary.4, "3. The
    round ends when it circles back to the first player.")

    When the turn would pass to the Master, the circle is over: the Master decides whether the round
    ends or goes on (Continuing a Round). After a Skip, cp.skip.1-2 say what happens.
    """
    tp = turn_passes(s)
    if tp is None or tp[1] == "skip" or acted_on(s, tp[0], tp[1]) != s.master:
        return None
    return goes_next(o, s.master, "continue")


def forced_by(s: Any) -> tuple[int, str] | None:
    """(the next player, the type named), when this step's Force names a type (cp.force.1)."""
    tp = turn_passes(s)
    if tp is None or not isinstance(tp[1], tuple):
        return None
    return acted_on(s, tp[0], tp[1]), tp[1][1]


NEXT_PLAYER_READINGS = {"skip": "cp.read.skip_next_player", "force": "cp.read.force_next_player"}
"""The reading point of "the next player" of each card that acts on them (cp.skip.1, cp.force.1)."""


def acted_on(s: Any, p: int, effect: Any) -> int:
    """The player a Skip or Force whose turn ends with ``p`` acts on: "the next player" (cp.skip.1,
    cp.force.1), the next seat clockwise. Where that player holds no card (and is not the Munchies
    Master, whom the card reaches "at round end"), the readings ``cp.read.skip_next_player`` and
    ``cp.read.force_next_player``: them, or the next player clockwise who still holds a card (the
    Master, if nobody before him does). Under a ruleset, its answer to cp.next_player_empty_handed is
    the sentence the errata add, and it decides, whatever the reading."""
    q = s.next_of(p)
    if effect is None or q == s.master or s.holds(q):
        return q
    answer = ruled_option(s, "cp.next_player_empty_handed")
    kind = "skip" if effect == "skip" else "force"
    if answer is not None:
        passed_over = answer == "next_with_a_card"
    else:
        passed_over = s.reading(NEXT_PLAYER_READINGS[kind]) == "next-with-a-card"
    while passed_over and q != s.master and not s.holds(q):
        q = s.next_of(q)
    return q


def next_seat_empty(s: Any) -> bool:
    """A Skip or Force may act on "the next player" with this step (a Skip put down, a Force's type
    named), and the next seat clockwise, not the Master's, holds no card: where :func:`acted_on` can
    ask its reading. A test of the situation's facts alone (no reading asked)."""
    pl = s.played
    if pl is not None and pl[1] == "skip":
        p = pl[0]
    elif s.action[0] == "name_type" and s.step == "name-force":
        p = s.actor
    else:
        return False
    q = s.next_of(p)
    return q != s.master and not s.holds(q)


def forced_target(s: Any) -> int | None:
    """The next player, when a Force names a type they hold (cp.force.1)."""
    f = forced_by(s)
    return f[0] if f is not None and f[0] != s.master and answers_the_force(s, *f) else None


def war_would_be_a_chonk(s: Any) -> bool:
    """A War card played now would become a Chonk: a War is on (cp.war.6), or the draw deck is
    empty (cp.war.7)."""
    return bool(s.war) or not any(s.draw_after)


def war_at_stake(s: Any, p: int, kind: str) -> bool:
    """A Force names a chonk, and ``p`` holds a War that would become a Chonk if played now."""
    return kind == "chonk" and s.holds(p, "war") and war_would_be_a_chonk(s)


def answers_the_force(s: Any, p: int, kind: str, wars: bool | None = None) -> list[str]:
    """The kinds ``p`` holds that are "the required card" of a Force naming ``kind`` (cp.force.1,
    cp.force.4): cards of that kind; and a War that would become a Chonk, for a Force naming a
    chonk, if ``wars`` (else by reading ``cp.read.war_answers_force``)."""
    out = [kind] if s.holds(p, kind) else []
    if wars is None:
        wars = s.reading("cp.read.war_answers_force") == "wars-too"
    if wars and war_at_stake(s, p, kind):
        out.append("war")
    return out


@clause("cp.summary.3", readings=("cp.read.war_answers_force",))
def on_your_turn_play_whatever_card_you_want(s: Any, o: Outcome) -> Any:
    """"2. On your turn, you can play whatever card you want, but whoever plays the last trump or
    chonk wins the round and the cards played in the round."

    A player's turn (the first card of a round included, cp.round.1 "playing any card") lets them
    play any card they hold. Exceptions, written as such: a Force names the card (cp.force.1); the
    card after a draw-and-play card (cp.stacking.1, cp.choose.3). (Who wins: cp.winning.1-2.)
    """
    skip = {extra_target(s), forced_target(s)}
    if continuation_kind(s) == "after-action":
        skip.add(s.master)
    if s.waiting is not None and set(s.waiting[2]) < set(held(s.hands_after[s.waiting[0]])):
        # a decision narrowed before a War window (a Force) resumes as it was (frame.a_call_declined,
        # checked when it was made); one that offers every card he holds is still this clause's
        skip.add(s.waiting[0])
    parts = [implies(is_next(o, x, "play"), conj(*[may(o, k, True) for k in held(s.hands_after[x])]))
             for x in range(s.players) if x not in skip and s.holds(x)]
    return all_of(parts)


# --------------------------------------------------------------------------- Continuing a Round

def _continuation(s: Any) -> tuple[int, Any] | None:
    kind = continuation_kind(s)
    return (s.master, kind) if kind is not None else None


def _deciding_master(s: Any) -> int | None:
    """The Munchies Master at his decision to continue the round (at the end of a circle, or after
    the draw-and-play card he continued it with: a ``normal`` or ``after-action`` continuation);
    None elsewhere."""
    c = _continuation(s)
    return c[0] if c is not None and c[1] in ("normal", "after-action") else None


@clause("cp.continuing.1", readings=("cp.read.trump_before_any", "cp.read.spoiled_one_type",
                                     "cp.read.war_chonk_non_action", "cp.read.chonk_first_trump",
                                     "cp.read.war_held_as_chonk"))
def master_keeps_the_round_going_with_a_trump_or_chonk(s: Any, o: Outcome) -> Any:
    """"The Munchies Master can keep the round going by playing a trump or a chonk."

    At the Master's decision he may play any trump or chonk he holds. Reading
    ``cp.read.trump_before_any``: when no trump exists yet (only action cards were played), "a
    trump" is nothing (only a chonk continues), or any non-action card (it becomes the trump).
    """
    m = _deciding_master(s)
    if m is None:
        return None
    allowed = trumps_and_chonks(s, m)
    if the_trump(s) is None and s.reading("cp.read.trump_before_any") == "any-non-action":
        allowed += [k for k in NON_ACTION if k != "chonk"]
    return option_parts(s, o, m, "continue", allowed) or None


@clause("cp.summary.5", readings=("cp.read.trump_before_any", "cp.read.spoiled_one_type",
                                  "cp.read.war_chonk_non_action", "cp.read.chonk_first_trump",
                                  "cp.read.war_held_as_chonk"))
def continue_only_with_a_trump_or_chonk(s: Any, o: Outcome) -> Any:
    """"They can decide if they want to continue the round only if they've got a trump or a chonk."

    At the Master's decision no card but a trump or a chonk continues the round.
    """
    m = _deciding_master(s)
    if m is None:
        return None
    allowed = set(trumps_and_chonks(s, m))
    if the_trump(s) is None and s.reading("cp.read.trump_before_any") == "any-non-action":
        allowed |= set(NON_ACTION)
    return option_parts(s, o, m, "continue", (), [k for k in KINDS if k not in allowed]) or None


@clause("cp.continuing.2", "cp.continuing.3", readings=("cp.read.trump_before_any", "cp.read.spoiled_one_type",
                                                        "cp.read.war_chonk_non_action", "cp.read.chonk_first_trump",
                                                        "cp.read.war_held_as_chonk"))
def no_chonk_or_trump_play_a_draw_action(s: Any, o: Outcome) -> Any:
    """"No chonk or trump? You can play an action card instead, but only one that entails you to
    draw and play another card." "These include: Choose, Steal, See, or War." (cp.continuing.3)

    A Master who holds no trump or chonk may continue with a Choose, Steal, See a Card or War, not
    with a Skip or a Force.
    """
    m = _deciding_master(s)
    if m is None:
        return None
    allowed = trumps_and_chonks(s, m)
    if the_trump(s) is None and s.reading("cp.read.trump_before_any") == "any-non-action":
        allowed += [k for k in NON_ACTION if s.holds(m, k)]
    if allowed:
        return None
    return option_parts(s, o, m, "continue", DRAW_ACTIONS, ("skip", "force")) or None


def master_continues_again(s: Any, p: int) -> bool:
    """Whether the card ``p`` plays after his draw-and-play card is the Munchies Master's decision to
    continue again rather than an ordinary extra play: he continued the round with that card and
    still holds no trump or chonk (cp.continuing.4), or, by reading
    ``cp.read.after_continuing_action``, whatever he now holds."""
    if not (s.continuing and p == s.master):
        return False
    if not trumps_and_chonks(s, p):
        return True
    return s.reading("cp.read.after_continuing_action") == "still-continuing"


@clause("cp.continuing.4", readings=("cp.read.after_continuing_action", "cp.read.spoiled_one_type",
                                     "cp.read.war_held_as_chonk"))
def still_no_chonk_or_trump_the_last_collects(s: Any, o: Outcome) -> Any:
    """"If you still don't have a chonk, or trump, the last player that played one collects the
    cards played in the round."

    After the Master continued with a draw-and-play card and drew: if he still holds no trump or
    chonk, he does not play on freely: he is at his decision again, where (holding none) he can
    only end the round and the last player to put one down collects the cards. If he now holds one,
    the sentence says nothing, and the draw-and-play card says "play any card": reading
    ``cp.read.after_continuing_action``, that card is an ordinary extra play (cp.stacking.1), or he
    is still continuing, at his decision again (a trump or chonk, or he ends the round).
    """
    if continuation_kind(s) != "after-action" or not master_continues_again(s, s.master):
        return None
    return goes_next(o, s.master, "continue")


@clause("cp.continuing.5")
def if_the_round_continues_cards_stay_and_trump_remains(s: Any, o: Outcome) -> Any:
    """"If the round continues, all cards stay put, and trump remains the same."

    The Master's continuation leaves the table's cards where they are and, once there is a trump,
    the same trump ("remains" presupposes one: with none yet, cp.round.2 sets it).
    """
    if s.action[0] != "continue_round":
        return None
    req = [o.require("table", "stays"), o.require("round_ends", "no")]
    if s.trump is not None:
        req.append(set_if(o, True, "trump", s.trump))
    return conj(*req)


@clause("cp.continuing.6")
def goes_on_until_the_master_runs_out_or_ends_it(s: Any, o: Outcome) -> Any:
    """"This goes on until the Munchies Master runs out of trumps or chonks, or decides to end the
    round."

    At his decision the Master may end the round (and one who holds no card, having run out of
    everything, can do nothing else, even when a Skip forces him on: cp.skip.2); ending it ends the
    round.
    """
    if s.action == ("end_round",):
        return o.require("round_ends", "yes")
    c = _continuation(s)
    if c is None:
        return None
    m, kind = c
    if kind in ("normal", "after-action") or not s.holds(m):
        return implies(is_next(o, m, "continue"), may(o, "end", True))
    return None


# --------------------------------------------------------------------------- Winning a Round

@clause("cp.winning.1", readings=("cp.read.spoiled_one_type",))
def last_to_put_down_a_trump_or_chonk_wins(s: Any, o: Outcome) -> Any:
    """"1. Last player to put down a trump or chonk wins the round."

    A player who puts down a trump (a card of the trump's kind, or the first non-action card, which
    becomes it) is, from then on, the round's current winner. (Chonks: cp.chonks.1; a War become a
    Chonk: cp.war.5.)
    """
    pl = s.played
    if pl is None or not trump_or_chonk(s) or pl[1] == "chonk" or s.as_chonk:
        return None
    return set_if(o, round_goes_on(o), "leader", pname(pl[0]))


@clause("cp.chonks.1")
def chonks_are_universal_trumps(s: Any, o: Outcome) -> Any:
    """"Universal trump cards."

    A Chonk put down, whatever the trump, makes its player the round's current winner.
    """
    pl = s.played
    if pl is None or pl[1] != "chonk":
        return None
    return set_if(o, round_goes_on(o), "leader", pname(pl[0]))


@clause("cp.points.2")
def sweet_trump_does_not_make_salty_trump(s: Any, o: Outcome) -> Any:
    """"If sweet is trump, that doesn't mean salty is as well."

    A point card of the other flavour than the trump does not make its player the current winner.
    """
    pl = s.played
    if pl is None or s.trump not in ("sweet", "salty") or pl[1] not in ("sweet", "salty") or pl[1] == s.trump:
        return None
    return set_if(o, round_goes_on(o), "leader", "none" if s.leader is None else pname(s.leader))


@clause("cp.winning.2", "cp.summary.3", readings=("cp.read.spoiled_one_type",))
def gather_the_played_cards_into_your_win_pile(s: Any, o: Outcome) -> Any:
    """"2. Gather all played cards from the table and place them in front of you - this is your win
    pile." (and cp.summary.3: "whoever plays the last trump or chonk wins the round and the cards
    played in the round")

    When the round ends, every card on the table goes to the win pile of its winner, the last
    player to put down a trump or chonk. A round in which nobody put one down has no winner here.
    """
    leader = leader_now(s) if may_end_round(s) else None
    if leader is None:
        return None
    return implies(ends_round(o), o.require("table", f"win:{pname(leader)}"))


# --------------------------------------------------------------------------- After a Round

def _refill_context(s: Any, o: Outcome, m: int) -> Any:
    """The round ends, ``m`` is the next Master, the game goes on, and the draws are not stopped by
    a War (cp.war.2)."""
    return conj(ends_round(o), o.eq("master", pname(m)), neg(o.eq("next.does", "over")), neg(_draws_stopped(s, o)))


def _war_stops_draws(s: Any) -> bool:
    """A War in effect may stop the draws back up at this round's end (cp.war.2): it is on, and
    someone still holds a card (else it ends, cp.war.3)."""
    return s.war and any(any(h) for h in s.hands_after)


def _draws_stopped(s: Any, o: Outcome) -> Any:
    """Whether the War stops the draws back up at this round's end (cp.war.2): while it lasts. A War
    put down as a Chonk during it may end it (cp.war_chonk_ends_war): then the outcome's ``war``
    says whether it lasts."""
    if not _war_stops_draws(s):
        return False
    return o.eq("war", "on") if s.as_chonk else True


@clause("cp.after-round.1")
def draw_back_up_from_the_winner_clockwise(s: Any, o: Outcome) -> Any:
    """"1. Everyone draws back up to 6 cards, starting with the winner and moving clockwise."

    When the round ends (and no War stops it), each player in turn, from the next round's Master
    (the winner) clockwise, draws from the draw deck until holding the hand size (6 in the book).
    """
    if not may_end_round(s) or _draws_stopped(s, o) is True or not any(s.draw_after):
        return None
    parts = []
    for m in new_round_masters(s):
        in_order, _, need = refill_orders(s, m)
        if sum(need) > sum(s.draw_after):
            continue  # cp.after-round.2
        if in_order == "-":
            req = no_draws_back_up(s, o)
        else:
            first = m if need[0] else next((m + i) % s.players for i in range(s.players) if need[i])
            req = conj(o.require("draws", in_order), goes_next(o, first, "draw"),
                       o.require("next.source", "draw-deck"), o.require("next.then", "next-round"))
        parts.append(implies(_refill_context(s, o, m), req))
    return all_of(parts)


@clause("cp.after-round.2")
def if_cards_run_out_share_them_evenly(s: Any, o: Outcome) -> Any:
    """"2. If cards run out, share them evenly."

    When the draw deck cannot bring everyone back up, all its cards are drawn, from the next
    Master clockwise, and shared so that no player draws two more than another who still needed
    cards. Which order achieves that the text does not say.
    """
    if not may_end_round(s) or _draws_stopped(s, o) is True or not any(s.draw_after):
        return None
    shares, firsts = [], []  # two parts: who draws how many (cp.refill_shortage replaces it), who first
    supply = sum(s.draw_after)
    for m in new_round_masters(s):
        in_order, robin, need = refill_orders(s, m)
        if sum(need) <= supply:
            continue
        order = [(m + i) % s.players for i in range(s.players)]
        even = [q for q in dict.fromkeys((in_order, robin)) if _even(q, order, need)]
        first = pname(next(order[i] for i in range(len(order)) if need[i]))
        for q in even:
            o.named.add(("draws", q))
        here = _refill_context(s, o, m)
        shares.append(implies(here, disj(*[o.eq("draws", q) for q in even])))
        firsts.append(implies(here, conj(o.require("next.who", first), o.require("next.does", "draw"),
                                         o.require("next.source", "draw-deck"), o.require("next.then", "next-round"))))
    return {"evenly": conj(*shares), "first": conj(*firsts)} if shares else None


def _even(label: str, order: list[int], need: list[int]) -> bool:
    got = {p: 0 for p in order}
    for x in label.split(","):
        if x != "-":
            got[int(x[1:]) - 1] += 1
    shares = [got[p] for i, p in enumerate(order) if need[i]]
    short = [got[p] for i, p in enumerate(order) if need[i] and got[p] < need[i]]
    return not short or max(shares) - min(short) <= 1


@clause("cp.after-round.3")
def no_draw_deck_continue_until_empty_handed(s: Any, o: Outcome) -> Any:
    """"3. If no cards are left in the draw deck, continue playing until everyone's empty-handed."

    When the round ends with the draw deck empty, nobody draws; while someone holds cards the next
    round is played (the game's end: cp.finishing.1).
    """
    if not may_end_round(s) or any(s.draw_after):
        return None
    # one part per place the table's cards may go (cp.game_over_discard sets some aside)
    return {d: implies(conj(ends_round(o), o.eq("table", d)), no_draws_back_up(s, o)) for d in _dests(s)}


@clause("cp.after-round.4", readings=("cp.read.spoiled_one_type",))
def the_winner_starts_the_next_round(s: Any, o: Outcome) -> Any:
    """"4. The winner of the previous round starts the next one."

    The round's winner (the last to put down a trump or chonk) is the next Munchies Master.
    """
    leader = leader_now(s) if may_end_round(s) else None
    if leader is None:
        return None
    return set_if(o, ends_round(o), "master", pname(leader))


# --------------------------------------------------------------------------- Action cards

@clause("cp.choose.1")
def choose_pick_any_card_from_the_draw_deck(s: Any, o: Outcome) -> Any:
    """"Pick ANY card from the draw deck."

    A Choose put down: its player picks a card of any kind in the draw deck; the card picked goes
    to their hand.
    """
    a, pl = s.action, s.played
    if a[0] == "choose_card":
        return o.require("card", f"hand:{pname(s.actor)}")
    if pl is None or pl[1] != "choose" or not any(s.draw):
        return None
    p = pl[0]
    return conj(goes_next(o, p, "choose"), o.require("next.source", "draw-deck"),
                *[may(o, k, bool(s.draw[K[k]])) for k in KINDS])


@clause("cp.choose.4")
def choose_from_the_discarded_deck(s: Any, o: Outcome) -> Any:
    """"No more cards in the draw deck? Pick from the discarded one." """
    pl = s.played
    if pl is None or pl[1] != "choose" or any(s.draw) or not any(s.discard):
        return None
    return conj(goes_next(o, pl[0], "choose"), o.require("next.source", "discard-deck"),
                *[may(o, k, bool(s.discard[K[k]])) for k in KINDS])


def _play_any(s: Any, o: Outcome, p: int) -> Any:
    """``p`` plays another card, any they hold (cp.stacking.1: action cards too)."""
    return conj(goes_next(o, p, "play"), *[may(o, k, True) for k in held(s.hands_after[p])])


def _extra_play(s: Any, o: Outcome, cause: str) -> Any:
    """The extra play after a draw-and-play card (``cause``: the action card's verb)."""
    p = extra_target(s)
    if p is None:
        return None
    if cause == "choose" and s.action[0] != "choose_card":
        return None
    if cause == "other" and s.action[0] == "choose_card":
        return None
    if master_continues_again(s, p):
        return None  # cp.continuing.4
    if not s.holds(p):
        return None  # nothing to play: the text does not say
    return _play_any(s, o, p)


@clause("cp.choose.3", readings=("cp.read.any_new_card", "cp.read.choose_may_stop", "cp.read.after_continuing_action",
                                 "cp.read.war_held_as_chonk"))
def choose_then_play_any_new_card(s: Any, o: Outcome) -> Any:
    """"Shuffle afterward, then you can play any new card."

    After the pick, the Chooser plays another card. Reading ``cp.read.any_new_card``: any card
    from their hand, or the card just picked. Reading ``cp.read.choose_may_stop``: "can" gives the
    choice of card, or leaves them free to play none (their turn then ends); not for the Master
    who continues the round with the Choose, whose continuation "entails you to draw and play
    another card" (cp.continuing.2). (The shuffle changes nothing the outcome records.)
    """
    if s.action[0] != "choose_card":
        return None
    p = s.actor
    if master_continues_again(s, p):
        return None  # cp.continuing.4
    if s.reading("cp.read.any_new_card") == "the-new-card":
        k = s.action[1]
        play = conj(goes_next(o, p, "play"), *[may(o, x, x == k) for x in held(s.hands_after[p])])
    else:
        play = _play_any(s, o, p)
    if _extra_of_continuing_master(s):
        return play
    return conj(play, may(o, "stop", s.reading("cp.read.choose_may_stop") == "may-stop"))


@clause("cp.stacking.1", "cp.stacking.2", "cp.see.5", "cp.war.4",
        readings=("cp.read.no_effect_scope", "cp.read.after_continuing_action", "cp.read.war_held_as_chonk"))
def stack_draw_and_play_cards(s: Any, o: Outcome) -> Any:
    """"You can stack action cards, as long as the previous card said that you need to draw, and
    play any card." "These include: Choose, Steal, See, or War." (cp.stacking.2; cp.see.5 "Then,
    draw a card and play a card."; cp.war.4 "... and play another card")

    Once the draw of a Steal, a See a Card or a War is done, its player plays another card: any
    card, an action card too.
    """
    return _extra_play(s, o, "other")


@clause("cp.steal.1", readings=("cp.read.steal_any_player", "cp.read.steal_empty_hand"))
def steal_snatch_a_random_card_from_any_player(s: Any, o: Outcome) -> Any:
    """"Snatch a random card from any player, then play any card."

    A Steal put down: its player picks the player to steal from, and the card taken is a random one
    of that player's hand; it goes to the stealer's hand. Readings: ``cp.read.steal_any_player``
    (other players, or any player, yourself too) and ``cp.read.steal_empty_hand`` (only players
    holding a card, or anyone). With nobody to steal from, the text does not say. With both decks
    empty, by reading ``cp.read.tells_you_to_draw``, Empty Draw Deck takes the whole card
    (cp.empty-draw.2): an exception to this sentence.
    """
    a, pl = s.action, s.played
    if a[0] == "stolen":
        return o.require("card", f"hand:{pname(s.actor)}")
    if a[0] == "steal_from":
        q = a[1]
        return goes_next(o, q, "stolen") if any(s.hands[q]) else None
    if pl is None or pl[1] != "steal" or steal_has_no_effect(s):
        return None
    p = pl[0]
    ok = _steal_targets(s, p)
    if not ok:
        return None
    # one part per player, so that a ruling on who may be stolen from sets aside only its own
    return {"steal-from": goes_next(o, p, "steal-from"),
            **{f"may.{pname(q)}": may(o, pname(q), q in ok) for q in range(s.players)}}


def _steal_targets(s: Any, p: int) -> list[int]:
    out = []
    for q in range(s.players):
        if q == p and s.reading("cp.read.steal_any_player") == "other-players":
            continue
        if not s.holds(q) and s.reading("cp.read.steal_empty_hand") == "holders":
            continue
        out.append(q)
    return out


@clause("cp.steal.2", readings=("cp.read.steal_also_draws",))
def the_player_stolen_from_draws(s: Any, o: Outcome) -> Any:
    """"The player that was stolen from also draws a new card."

    With the snatch, the player stolen from draws one card (from the draw deck; cp.empty-draw.1-2
    when it is empty); then the stealer plays (cp.steal.1, cp.stacking.1). Reading
    ``cp.read.steal_also_draws``: "also" may say that the stealer draws a new card too (the Steal
    is among the cards that "entail you to draw and play another card", cp.continuing.2-3); then,
    after the Steal took from another player, both draw one, in an order the sentence does not
    give (:func:`after_the_steal`).
    """
    if not steal_taken(s) or s.action_source != "draw-deck":
        return None
    return after_the_steal(s, o, stolen_from(s), "draw-deck")


@clause("cp.skip.1", readings=("cp.read.skip_next_player",))
def skip_the_next_player_discards(s: Any, o: Outcome) -> Any:
    """"Make the next player discard a card, skipping their turn."

    A Skip put down: the next player discards a card (onto the discard deck), and their turn is
    skipped: play passes on from them. Who picks the card the text does not say. Before the
    Master's decision, the Master discards and his decision is skipped: the round ends. A next
    player with no card: reading ``cp.read.skip_next_player`` (:func:`acted_on`): they have nothing
    to discard and their turn is still skipped, or the Skip is the next player's who holds a card.
    """
    a = s.action
    if a[0] in ("discard", "discarded"):
        return o.require("card", "discard-deck")
    tp = turn_passes(s)
    if tp is None or tp[1] != "skip":
        return None
    q = acted_on(s, tp[0], tp[1])
    if not s.holds(q):
        if q == s.master:
            return None
        r = s.next_of(q)
        if r == s.master:
            return goes_next(o, s.master, "continue")
        return turn_begins(s, o, r) if s.holds(r) else None
    then = "round-ends" if q == s.master else "turn-passes"
    return conj(o.require("next.who", pname(q)), disj(o.eq("next.does", "discard"), o.eq("next.does", "discarded")),
                o.require("next.then", then),
                implies(o.eq("next.does", "discard"), conj(*[may(o, k, True) for k in held(s.hands_after[q])])))


@clause("cp.skip.2")
def skip_at_round_end_forces_the_master_to_continue(s: Any, o: Outcome) -> Any:
    """"At round end, forces the first player to continue, trump or not."

    A Skip put down just before the Master's decision: the Master must continue the round, with
    any card he holds, and may not end it. (After a discard, when a ruling has him discard first:
    the same.) A Master with no card is still forced, and cannot continue: against "this goes on
    until the Munchies Master runs out" (cp.continuing.6), a conflict.
    """
    if continuation_kind(s) != "forced-any":
        return None
    m = s.master
    return conj(goes_next(o, m, "continue"), *[may(o, k, True) for k in held(s.hands_after[m])],
                may(o, "end", False))


@clause("cp.see.1", readings=("cp.read.card_type",))
def see_everyone_shows_you_a_card_type(s: Any, o: Outcome) -> Any:
    """"Make everyone show you a card type (e.g. everyone shows a sweet) of your choice."

    A See a Card put down (with a deck to draw from, cp.empty-draw.2): its player names a card type;
    then every other player shows one. The order of showing does not matter (only the asker sees,
    cp.see.4): they show clockwise from the asker. Reading ``cp.read.card_type``: any kind of card,
    or the kinds of the book's "Card Types" (points, chonks, spoiled, fillers), a section apart from
    the "Action Cards".
    """
    pl = s.played
    if pl is not None and pl[1] == "see":
        if no_effect(s):
            return None
        nameable = KINDS if s.reading("cp.read.card_type") == "any-kind" else NON_ACTION
        return conj(goes_next(o, pl[0], "name-see"), *[may(o, k, k in nameable) for k in KINDS])
    return None


def _showers_left(s: Any) -> tuple[int, ...] | None:
    a = s.action
    if a[0] == "name_type" and s.step == "name-see":
        return tuple((s.actor + i) % s.players for i in range(1, s.players))
    if a[0] == "show":
        return s.showers
    return None


def _first_to_choose(s: Any, left: tuple[int, ...], kind: str) -> int | None:
    """The first player left who must pick what to show (has no card of the type, has cards)."""
    for q in left:
        if not s.hands[q][K[kind]] and any(s.hands[q]):
            return q
    return None


@clause("cp.see.2")
def see_no_such_card_show_any_card(s: Any, o: Outcome) -> Any:
    """"No such card? They can show you any card they've got."

    A player without the named type shows a card of their choice.
    """
    left = _showers_left(s)
    if left is None:
        return None
    kind = s.action[1] if s.action[0] == "name_type" else s.named
    q = _first_to_choose(s, left, kind)
    if q is None:
        return None
    return conj(goes_next(o, q, "show"), *[may(o, k, True) for k in held(s.hands[q])])


@clause("cp.see.3")
def see_duplicates_one_is_enough(s: Any, o: Outcome) -> Any:
    """"If they have duplicates, just one is enough."

    A player holding the named type shows one card of it: nothing to choose. When nobody is left to
    choose, the asker draws (cp.see.5: "Then, draw a card").
    """
    left = _showers_left(s)
    if left is None:
        return None
    kind = s.action[1] if s.action[0] == "name_type" else s.named
    if _first_to_choose(s, left, kind) is not None:
        return None
    src = s.action_source
    if src is None:
        return None
    return draw_now(o, s.turn, src, "extra-play")


@clause("cp.force.1", readings=("cp.read.war_answers_force",))
def force_the_next_player_to_play_a_card_of_your_choice(s: Any, o: Outcome) -> Any:
    """"Make the next player play a card (e.g. chonk) of your choice."

    A Force put down: its player names any card type; the next player, if they hold one, must play
    a card of that type. A next player with no card: reading ``cp.read.force_next_player``
    (:func:`acted_on`, through :func:`forced_by`).
    """
    pl = s.played
    if pl is not None and pl[1] == "force":
        return conj(goes_next(o, pl[0], "name-force"), *[may(o, k, True) for k in KINDS])
    return _forced_to_play(s, o)


def _forced_to_play(s: Any, o: Outcome, wars: bool | None = None) -> Any:
    """cp.force.1 on the next player who holds the required card (:func:`answers_the_force`)."""
    f = forced_by(s)
    if f is None:
        return None
    q, k = f
    required = answers_the_force(s, q, k, wars)
    if q == s.master or not required:
        return None
    return options(s, o, q, "play", required, [x for x in KINDS if x not in required])


@clause("cp.force.3", readings=("cp.read.war_answers_force",))
def force_at_round_end_forces_the_master_to_continue(s: Any, o: Outcome) -> Any:
    """"If played at the end of a round, it forces the first player to continue, even if they
    didn't play a trump or chonk."

    A Force put down just before the Master's decision: the Master must continue with a card of the
    named type, if he holds one (for a War that would become a Chonk, when a chonk is named: reading
    ``cp.read.war_answers_force``).
    """
    return _forced_to_continue(s, o)


def _forced_to_continue(s: Any, o: Outcome, wars: bool | None = None) -> Any:
    kind = continuation_kind(s)
    if not isinstance(kind, tuple):
        return None
    required = answers_the_force(s, s.master, kind[1], wars)
    if not required:
        return None
    return options(s, o, s.master, "continue", required, [x for x in KINDS if x not in required], end=False)


@clause("cp.force.4", readings=("cp.read.war_answers_force",))
def force_without_the_card_play_anything_or_end(s: Any, o: Outcome) -> Any:
    """"If the player does not have the required card, they can continue with whatever they want, or
    end the round (in the case of the Munchies Master)."

    Whether a War that would become a Chonk is "the required card" of a Force naming a chonk is the
    reading ``cp.read.war_answers_force``.
    """
    return _free_without_the_card(s, o)


def _free_without_the_card(s: Any, o: Outcome, wars: bool | None = None) -> Any:
    f = forced_by(s)
    if f is None:
        return None
    q, k = f
    if not s.holds(q) or answers_the_force(s, q, k, wars):
        return None
    if q == s.master:
        return options(s, o, q, "continue", KINDS, (), end=True)
    return options(s, o, q, "play", KINDS)


@clause("cp.war.1", readings=("cp.read.chonk_called_out",))
def call_out_the_war_card_anytime(s: Any, o: Outcome) -> Any:
    """"You can call out the War card anytime during the game."

    Before each turn and each decision of the Master, every other player holding a War may call it
    out. (Inside a turn, between an action card and the card it lets its player play, and in the
    middle of an action card's effect, the text is formalised as giving no such moment: a call
    comes before a turn.) After a call, and its draw, the others may call again. Reading
    ``cp.read.chonk_called_out``: also a War that would become a Chonk as it is put down (a War is
    on, or the draw deck is empty: cp.war.6-7), or only a War that starts a War.
    """
    if s.action == ("no_war",):
        return None
    chonks = not chonk_call_at_stake(s) or s.reading("cp.read.chonk_called_out") == "any-war"
    return war_windows(s, o, chonks)


def chonk_call_at_stake(s: Any) -> bool:
    """A player holds a War after this step, and a War called out before the next decision could
    become a Chonk: the draw deck is empty, or a War is on or put down now (cp.war.6-7)."""
    if not any(h[K["war"]] for h in s.hands_after):
        return False
    return not any(s.draw_after) or s.war or (s.played is not None and s.played[1] == "war")


def war_windows(s: Any, o: Outcome, chonks: bool) -> Any:
    """Whether the others may call out a War before the next decision (cp.war.1): not within a
    turn; yes if another player holds one, unless ``chonks`` is false and a War called now would
    become a Chonk (the War on after this step, or the draw deck empty)."""
    within = extra_target(s)
    if continuation_kind(s) == "after-action":
        within = s.master
    empty = not any(s.draw_after)
    parts = []
    for x in range(s.players):
        others = any(s.hands_after[q][K["war"]] for q in range(s.players) if q != x)
        for d in ("play", "continue"):
            nxt = is_next(o, x, d)
            if x == within or not others or (not chonks and empty):
                parts.append(implies(nxt, o.require("next.window", "no")))
            elif chonks:
                parts.append(implies(nxt, o.require("next.window", "yes")))
            else:
                on = o.eq("war", "on")
                parts += [implies(conj(nxt, on), o.require("next.window", "no")),
                          implies(conj(nxt, neg(on)), o.require("next.window", "yes"))]
    return all_of(parts)


@clause("cp.war.2")
def war_no_more_cards_drawn_at_round_end(s: Any, o: Outcome) -> Any:
    """"From that moment, no more cards will be drawn at the end of the round."

    A War put down (not as a Chonk) starts a War; while it lasts, nobody draws back up when a round
    ends.
    """
    pl = s.played
    if pl is not None and pl[1] == "war" and not s.as_chonk:
        return set_if(o, True, "war", "on")
    if may_end_round(s) and _war_stops_draws(s):
        return implies(conj(ends_round(o), _draws_stopped(s, o)), no_draws_back_up(s, o))
    return None


@clause("cp.war.3")
def war_ends_when_everyone_runs_out(s: Any, o: Outcome) -> Any:
    """"Its effect disappears when all players run out of cards, thus drawing 6 each from the deck
    again."

    A round that ends with a War in effect and every hand empty ends the War; the draws back up
    happen (cp.after-round.1).
    """
    if not may_end_round(s) or not s.war or any(any(h) for h in s.hands_after):
        return None
    return set_if(o, ends_round(o), "war", "off")


@clause("cp.war.4", readings=("cp.read.war_chonk_still_war", "cp.read.war_draw_when"))
def war_draw_a_new_card_and_play_another(s: Any, o: Outcome) -> Any:
    """"The player who played a War card must draw a new card from the deck and play another card
    if/when it is their turn."

    A War put down: its player draws from the draw deck, then plays another card at once if it is
    their turn, else play goes back to the decision the call came before. Reading
    ``cp.read.war_chonk_still_war``: a War that became a Chonk still says this, or it is only a
    Chonk. Reading ``cp.read.war_draw_when``, for a War called out of turn: "if/when it is their
    turn" says when the player plays (they draw at once), or when they draw and play (the call
    only puts the War down, and play goes back to the decision it came before). Under the ruleset
    the card owed is a fact of the later situations (``owed``), drawn as the turn begins
    (:func:`turn_begins`).
    """
    pl = s.played
    if pl is None or pl[1] != "war":
        return None
    p, _, in_turn = pl
    if s.as_chonk and s.reading("cp.read.war_chonk_still_war") == "a-chonk-only":
        return None
    src = s.action_source if s.as_chonk else "draw-deck"
    if src is None or (src == "discard-deck" and not s.as_chonk):
        return None
    if not in_turn and s.reading("cp.read.war_draw_when") == "on-their-turn":
        return _resume(s, o)
    return draw_now(o, p, src, "extra-play" if in_turn else "back")


@clause("cp.war.5", "cp.war.6", "cp.war.7")
def a_war_card_becomes_a_chonk(s: Any, o: Outcome) -> Any:
    """"A War card becomes a Chonk in 2 different situations:" "1. Another War card played during a
    War." (cp.war.6) "2. War cards become Chonks if the draw deck is empty." (cp.war.7)

    Such a War is put down as a Chonk (a universal trump): its player is the round's current winner.
    """
    if not s.as_chonk:
        return None
    pl = s.played
    return conj(o.require("card", "table-as-chonk"), set_if(o, round_goes_on(o), "leader", pname(pl[0])))


@clause("cp.empty-draw.1", readings=("cp.read.draw_requires_you",))
def empty_draw_deck_use_the_discard_deck(s: Any, o: Outcome) -> Any:
    """"If an action card requires you to draw and the draw deck is empty, use the discard deck."

    The draws of a See a Card and of a War become a Chonk come from the discard deck when the draw
    deck is empty (the Choose: cp.choose.4). The player a Steal makes draw is not its player ("you"):
    reading ``cp.read.draw_requires_you``, the sentence speaks of any draw an action card requires
    (he draws from the discard deck), or only of its player's own draws (he does not).
    """
    a, pl = s.action, s.played
    if s.action_source != "discard-deck":
        return None
    if steal_taken(s):
        if victim_source(s) is None:
            # the player stolen from draws nothing; a stealer who draws too draws from it ("you")
            return draw_now(o, s.actor, "discard-deck", "extra-play") if stealer_draws(s) else None
        return after_the_steal(s, o, stolen_from(s), "discard-deck")
    left = _showers_left(s)
    if left is not None:
        kind = a[1] if a[0] == "name_type" else s.named
        if _first_to_choose(s, left, kind) is None:
            return draw_now(o, s.turn, "discard-deck", "extra-play")
    if pl is not None and pl[1] == "war" and s.as_chonk and s.reading("cp.read.war_chonk_still_war") == "still-a-war":
        return draw_now(o, pl[0], "discard-deck", "extra-play" if pl[2] else "back")
    return None


@clause("cp.empty-draw.2", readings=("cp.read.no_effect_scope", "cp.read.tells_you_to_draw",
                                     "cp.read.after_continuing_action", "cp.read.war_held_as_chonk"))
def empty_decks_the_action_card_has_no_effect(s: Any, o: Outcome) -> Any:
    """"If the discard deck is empty, the action card that tells you to draw, will have no effect."

    A Choose or See a Card put down with both decks empty does nothing. Reading
    ``cp.read.no_effect_scope``: nothing at all (the turn passes on), or only its drawing is lost
    (its player still plays another card). A Steal makes the player stolen from draw, not its player:
    reading ``cp.read.tells_you_to_draw``, the sentence is not about it (it snatches as usual), or it
    is (the book lists it among the cards that entail you to draw), and then the Steal does nothing
    either. A Steal's victim with nothing to draw draws nothing; the stealer plays on (cp.steal.1).
    """
    if steal_has_no_effect(s):
        return o.require("draws", "-")
    if steal_taken(s):
        if s.action_source is not None:
            return None
        return _play_any(s, o, s.actor) if s.holds(s.actor) and not master_continues_again(s, s.actor) else None
    if not no_effect(s):
        return None
    return o.require("draws", "-")


# --------------------------------------------------------------------------- Finishing the Game

def _pile_after(s: Any, dest: str) -> tuple[Cards, ...]:
    piles = [list(p) for p in s.piles]
    if dest.startswith("win:"):
        w = int(dest[5:]) - 1
        for i, c in enumerate(s.table):
            piles[w][i] += c
        pl = s.played
        if pl is not None:
            piles[w][K["war-chonk" if s.as_chonk else pl[1]]] += 1
    return tuple(tuple(p) for p in piles)


def _dests(s: Any) -> list[str]:
    return ["discard-deck", *(f"win:{pname(p)}" for p in range(s.players))]


def _all_played(s: Any) -> bool:
    return not any(any(h) for h in s.hands_after) and not any(s.draw_after) and not any(s.discard_after)


def _four_spoiled(s: Any, piles: tuple[Cards, ...]) -> int | None:
    if not s.spoiled_total:
        return None
    for p, pile in enumerate(piles):
        if pile[K["spoiled"]] == s.spoiled_total:
            return p
    return None


def _over(o: Outcome) -> Any:
    return o.eq("next.does", "over")


@clause("cp.finishing.1", readings=("cp.read.four_spoiled_when",))
def game_over_when_all_cards_are_played(s: Any, o: Outcome) -> Any:
    """"Game over when all cards are played."

    A round that ends with every hand, the draw deck and the discard deck empty ends the game; while
    any card is left unplayed the game is not over (save a player who collects all the Spoiled, by
    reading ``cp.read.four_spoiled_when``: cp.finishing.6).
    """
    if not may_end_round(s):
        return None
    parts = {}  # one part per place the table's cards may go (cp.four_spoiled_when and
    for d in _dests(s):  # cp.game_over_discard set some aside)
        if _all_played(s):
            parts[d] = implies(conj(ends_round(o), o.eq("table", d)), goes_next(o, None, "over"))
            continue
        if _four_spoiled(s, _pile_after(s, d)) is not None and s.reading("cp.read.four_spoiled_when") == "at-once":
            continue
        parts[d] = implies(o.eq("table", d), neg(_over(o)))
    return parts or None


WARS_OF_OPTION = {"counts_as_chonk": "counts-as-chonk", "counts_as_war": "a-war-card", "every_war": "every-war"}
"""The War cards a win pile counts as Chonks under each option of ruling cp.war_chonk_scoring, as
the option of reading ``cp.read.war_chonk_in_pile`` that reads the same."""


def _scores(s: Any, pile: Cards, wars: str | None = None) -> tuple[int, int, int]:
    """(points, chonks, cards) of a win pile; ``wars`` (an option of ``cp.read.war_chonk_in_pile``,
    the reading's own by default) says which War cards count as Chonks."""
    if wars is None:
        wars = s.reading("cp.read.war_chonk_in_pile")
    chonks = pile[K["chonk"]]
    if wars != "a-war-card":
        chonks += pile[K["war-chonk"]]
    if wars == "every-war":
        chonks += pile[K["war"]]
    return points(pile), chonks, sum(pile)


def _ranking(s: Any, o: Outcome, level: int, result: str, wars: str | None = None) -> Any:
    """The winner by the tie-break at ``level`` (0 points, 1 chonks, 2 cards), when the earlier
    levels tie and this one does not; ``wars`` as for :func:`_scores`."""
    parts = []
    for d in _dests(s):
        piles = _pile_after(s, d)
        if _four_spoiled(s, piles) is not None:
            continue  # cp.finishing.6
        scores = [_scores(s, p, wars) for p in piles]
        tied = list(range(s.players))
        for lv in range(level):
            best = max(scores[p][lv] for p in tied)
            tied = [p for p in tied if scores[p][lv] == best]
        if len(tied) < 2 and level:
            continue
        best = max(scores[p][level] for p in tied)
        top = [p for p in tied if scores[p][level] == best]
        if len(top) != 1:
            continue
        w = top[0]
        req = [o.require(f"wins.{pname(p)}", "yes" if p == w else "no") for p in range(s.players)]
        parts.append(implies(conj(_over(o), o.eq("table", d)), conj(*req, o.require("result", result))))
    return all_of(parts)


@clause("cp.finishing.3", "cp.finishing.2", "cp.summary.1", "cp.spoiled.1", readings=("cp.read.war_chonk_in_pile",))
def most_points_wins(s: Any, o: Outcome) -> Any:
    """"Most points? You win!" (cp.finishing.2 "Count up your win piles:"; cp.summary.1 "Collect as
    many points as you can, whether sweet or salty."; cp.spoiled.1 "Worth -1 points.")

    At the end, each win pile counts +1 per sweet or salty point and -1 per Spoiled; the most
    points wins.
    """
    return _ranking(s, o, 0, "most-points") if may_end_game(s) else None


@clause("cp.finishing.4", readings=("cp.read.war_chonk_in_pile",))
def tied_the_most_chonk_cards_wins(s: Any, o: Outcome) -> Any:
    """"Tied? The one with the most CHONK cards wins."

    Reading ``cp.read.war_chonk_in_pile``: a War that became a Chonk counts as a Chonk card, or as
    a War card; or every War card counts, since the draw deck is empty when the game ends and "War
    cards become Chonks if the draw deck is empty" (cp.war.7).
    """
    return _ranking(s, o, 1, "chonk-tiebreak") if may_end_game(s) else None


@clause("cp.finishing.5", readings=("cp.read.war_chonk_in_pile",))
def still_tied_the_most_cards_wins(s: Any, o: Outcome) -> Any:
    """"Still tied? The player with the most cards wins." (Tied again, the text says no more.)"""
    return _ranking(s, o, 2, "cards-tiebreak") if may_end_game(s) else None


@clause("cp.finishing.6", "cp.spoiled.2", readings=("cp.read.four_spoiled_when",))
def all_four_spoiled_win_automatically(s: Any, o: Outcome) -> Any:
    """"If a player collects all four -1 points, they automatically win the game." (cp.spoiled.2:
    "Collect all four -1 points and you win the game.")

    The player whose win pile holds every Spoiled card of the deck wins. Reading
    ``cp.read.four_spoiled_when``: the game ends at once, or that player wins when it ends.
    """
    if not may_end_game(s):
        return None
    parts = []
    for d in _dests(s):
        w = _four_spoiled(s, _pile_after(s, d))
        if w is None:
            continue
        won = conj(*[o.require(f"wins.{pname(p)}", "yes" if p == w else "no") for p in range(s.players)],
                   o.require("result", "four-spoiled"))
        if s.reading("cp.read.four_spoiled_when") == "at-once":
            parts.append(implies(conj(ends_round(o), o.eq("table", d)), conj(goes_next(o, None, "over"), won)))
        else:
            parts.append(implies(conj(_over(o), o.eq("table", d)), won))
    return all_of(parts)


# --------------------------------------------------------------------------- principles (the frame)

def _required(o: Outcome, name: str) -> bool:
    return any(n == name for n, _ in o.named)


def _new_round(s: Any, o: Outcome) -> Any:
    cleared = conj(o.eq("trump", "none"), o.eq("leader", "none"), neg(o.eq("table", "stays")))
    return conj(implies(ends_round(o), cleared),
                implies(round_goes_on(o), o.eq("table", "stays")))


def _round_goes_on(s: Any, o: Outcome) -> Any:
    return None if ("round_ends", "yes") in o.named else o.eq("round_ends", "no")


def _stays(name: str, value: Any) -> Any:
    """``name`` keeps its value outside the conditions under which a clause sets it (the trump and
    the current winner: while the round goes on)."""
    def fn(s: Any, o: Outcome) -> Any:
        conds = o.when.get(name, []) if isinstance(o, PartyOutcome) else []
        if _required(o, name) and not conds:
            return None
        outside = neg(disj(*conds))
        if name in ("trump", "leader"):
            outside = conj(outside, round_goes_on(o))
        return implies(outside, o.eq(name, value(s)))
    return fn


def _options_only_as_allowed(s: Any, o: Outcome) -> Any:
    names = [n for n in o.vars if n.startswith("may.")]
    req = [o.eq(n, "no") for n in names if (n, "yes") not in o.named]
    players_ = [n for n in names if n.startswith("may.P")]
    kinds = [n for n in names if not n.startswith("may.P") and n not in ("may.end", "may.stop")]
    does = o.eq("next.does", "continue"), o.eq("next.does", "steal-from")
    # what a decision offers comes from its player's hand (or the deck, or the players)
    hand_like = disj(*[o.eq("next.does", d) for d in DECISIONS_FROM_HAND])
    for x in range(s.players):
        h = s.hands_after[x]
        missing = [n for n in kinds if not h[K[n[4:]]]]
        if missing:
            req.append(implies(conj(o.eq("next.who", pname(x)), hand_like), conj(*[o.eq(n, "no") for n in missing])))
    req.append(implies(neg(does[0]), o.eq("may.end", "no")))
    if "may.stop" in o.vars:
        req.append(implies(neg(o.eq("next.does", "play")), o.eq("may.stop", "no")))
    if players_:
        req.append(implies(neg(does[1]), conj(*[o.eq(n, "no") for n in players_])))
    req.append(implies(does[1], conj(*[o.eq(n, "no") for n in kinds])))
    free = disj(hand_like, *[o.eq("next.does", d) for d in ("choose", "steal-from", "name-see", "name-force")])
    req.append(implies(neg(free), conj(*[o.eq(n, "no") for n in names])))
    req.append(implies(disj(o.eq("next.does", "over"), o.eq("next.does", "pick-master")), o.eq("next.who", "none")))
    return conj(*req)


def _window_only_before_a_decision(s: Any, o: Outcome) -> Any:
    base = implies(conj(neg(o.eq("next.does", "play")), neg(o.eq("next.does", "continue"))), o.eq("next.window", "no"))
    return base if _required(o, "next.window") else conj(base, o.eq("next.window", "no"))


def _draw_facts_only_for_draws(s: Any, o: Outcome) -> Any:
    req = [implies(neg(o.eq("next.does", "draw")), o.eq("draws", "-")),
           # (a draw before a turn is only of the cards a War's caller owes)
           implies(o.eq("next.then", "their-turn"), owed_draws(s, o)),
           implies(conj(neg(o.eq("next.does", "draw")), neg(o.eq("next.does", "choose"))), o.eq("next.source", "none")),
           implies(conj(*[neg(o.eq("next.does", d)) for d in ("draw", "discard", "discarded")]),
                   o.eq("next.then", "none"))]
    for name, default in (("draws", "-"), ("next.source", "none"), ("next.then", "none")):
        if not _required(o, name):
            req.append(o.eq(name, default))
    return conj(*req)


def _winners_only_at_the_end(s: Any, o: Outcome) -> Any:
    names = [n for n in o.vars if n.startswith("wins.")]
    if not names:
        return neg(_over(o))
    return implies(neg(_over(o)), conj(o.eq("result", "none"), *[o.eq(n, "no") for n in names]))


def _draws_go_on_in_order(s: Any, o: Outcome) -> Any:
    """A draw step: the card goes to the drawer; the others still to draw draw next, from the same
    deck; once the draws are done, what they were for follows."""
    if s.action[0] != "draw":
        return None
    req = [o.eq("card", f"hand:{pname(s.actor)}")]
    if len(s.queue) > 1:
        source = next_draw_source(s)
        if source is not None:  # (else nobody more draws: what the draws were for follows)
            req += [goes_next(o, s.queue[1], "draw"), o.require("draws", queue_label(s.queue[1:])),
                    o.require("next.source", source), o.require("next.then", s.then)]
    elif s.then == "back":
        req.append(_resume(s, o))
    return conj(*req)


def _resume(s: Any, o: Outcome) -> Any:
    """The decision a War call came before resumes, with the same options."""
    who, does, opts = s.waiting
    return conj(goes_next(o, who, does), *[may(o, x[4:], x[4:] in opts) for x in o.vars if x.startswith("may.")])


def _a_call_declined(s: Any, o: Outcome) -> Any:
    """Nobody calls out a War: the decision it came before is taken."""
    if s.action != ("no_war",):
        return None
    return conj(_resume(s, o), o.eq("next.window", "no"))


def _called_war_goes_back(s: Any, o: Outcome) -> Any:
    """A War called out of turn that only counts as a Chonk: the decision it came before resumes."""
    pl = s.played
    if pl is None or pl[2] or s.as_chonk is False:
        return None
    if s.reading("cp.read.war_chonk_still_war") == "still-a-war" and s.action_source is not None:
        return None
    return _resume(s, o)  # whether the others may call again: cp.war.1


PRINCIPLES = [
    Principle("frame.draws_go_on_in_order",
              "A card drawn goes to the drawer's hand; the others still to draw draw next; then what the draws "
              "were for follows.", _draws_go_on_in_order),
    Principle("frame.a_call_declined", "When nobody calls out a War, the decision it came before is taken.",
              _a_call_declined),
    Principle("frame.a_chonk_call_goes_back",
              "A War called out of turn that only counts as a Chonk leaves the decision it came before to be taken.",
              _called_war_goes_back),
    Principle("frame.new_round",
              "When a round ends, the table is cleared and the next round has no trump and no current winner "
              "yet; while it goes on, the table's cards stay.", _new_round),
    Principle("frame.round_goes_on",
              "The round goes on unless a clause ends it.", _round_goes_on),
    Principle("frame.trump_stays", "The trump does not change unless a clause sets it.",
              _stays("trump", lambda s: s.trump or "none")),
    Principle("frame.leader_stays", "The current winner does not change unless a clause says so.",
              _stays("leader", lambda s: pname(s.leader) if s.leader is not None else "none")),
    Principle("frame.war_stays", "A War starts or ends only where a clause says so.",
              _stays("war", lambda s: "on" if s.war else "off")),
    Principle("frame.master_stays", "The Munchies Master changes only where a clause says so.",
              _stays("master", lambda s: pname(s.master))),
    Principle("frame.discard_deck_stays", "The discard deck stays a discard deck unless a clause says otherwise.",
              _stays("deck", lambda s: "stays")),
    Principle("frame.options_only_as_allowed",
              "A decision offers only what a clause lets its player choose, and only cards they hold (or the "
              "deck's, or players).", _options_only_as_allowed),
    Principle("frame.window_only_before_a_decision",
              "Nobody may call out a War unless a clause opens the moment, and only before a turn or the "
              "Master's decision.", _window_only_before_a_decision),
    Principle("frame.draw_facts_only_for_draws",
              "Nobody draws unless a clause says so; a draw's deck and what follows it exist only for draws and "
              "discards.", _draw_facts_only_for_draws),
    Principle("frame.winners_only_at_the_end", "Nobody wins the game before it is over.", _winners_only_at_the_end),
]


READINGS = {
    r.id: r for r in [
        Reading("cp.read.trump_before_any", "cp.continuing.1",
                "'keep the round going by playing a trump': when no trump exists yet, which cards are 'a trump'?",
                (("chonk-only", "None: only a chonk continues the round."),
                 ("any-non-action", "Any non-action card: it becomes the trump as it is played."))),
        Reading("cp.read.spoiled_one_type", "cp.round.2",
                "'The first non-action card played becomes the trump card': when it is a Spoiled card, are the "
                "other Spoiled cards trumps too? The four have their own names (Toast, Egg, Yogurt, Banana: "
                "cp.spoiled.4); each point and filler type is 8 cards alike.",
                (("one-type", "Yes: the Spoiled are one card type ('Spoiled (4)' among the Card Types)."),
                 ("each-card", "No: each Spoiled card is a card of its own, so no other card is of the trump's "
                  "type; only a chonk beats it."))),
        Reading("cp.read.war_chonk_non_action", "cp.round.2",
                "'The first non-action card played becomes the trump': is a War that became a Chonk one?",
                (("is-a-chonk-card", "Yes: it is a Chonk, so Chonk is the trump."),
                 ("still-an-action-card", "No: it is still an action card; it sets no trump."))),
        Reading("cp.read.chonk_first_trump", "cp.round.2",
                "'The first non-action card played becomes the trump card': when it is a Chonk, is Chonk the "
                "trump?",
                (("makes-chonk-trump", "Yes: a Chonk is a non-action card (Card Types), so Chonk is the trump; "
                  "after it only a chonk wins."),
                 ("leaves-trump-open", "No: Chonks are 'universal trump cards' (cp.chonks.1), trumps whatever the "
                  "trump is; the first non-action card that is not a chonk sets the trump."))),
        Reading("cp.read.war_answers_force", "cp.force.4",
                "'If the player does not have the required card': a Force names a chonk, and the player holds a "
                "War card that would become a Chonk if played now (a War is on, or the draw deck is empty: "
                "cp.war.6-7). Is that War the required card?",
                (("chonk-cards", "No: in the hand it is a War card; it becomes a Chonk as it is played."),
                 ("wars-too", "Yes: 'War cards become Chonks if the draw deck is empty': the player must play "
                  "a Chonk card or that War."))),
        Reading("cp.read.chonk_called_out", "cp.war.1",
                "'You can call out the War card anytime': also a War that would become a Chonk as it is put down "
                "(a War is on, or the draw deck is empty: cp.war.6-7), so that a Chonk is put down out of turn?",
                (("any-war", "Yes: any War card, anytime, whatever it becomes."),
                 ("not-as-a-chonk", "No: such a War is put down as a Chonk, and a player puts down cards on their "
                  "turn (cp.summary.3, cp.round.4); only a War that starts a War is called out."))),
        Reading("cp.read.war_chonk_still_war", "cp.war.4",
                "'The player who played a War card must draw ... and play another card': also when it became a Chonk?",
                (("a-chonk-only", "No: it became a Chonk, which has no action."),
                 ("still-a-war", "Yes: it is still a War card."))),
        Reading("cp.read.war_held_as_chonk", "cp.summary.5",
                "'They can decide if they want to continue the round only if they've got a trump or a chonk': the "
                "Munchies Master holds a War card that would become a Chonk if he put it down now (a War is on, or "
                "the draw deck is empty: cp.war.6-7). Has he got a chonk?",
                (("counts", "Yes: it would be put down as a Chonk, a universal trump, so he may continue with it "
                  "as with any chonk."),
                 ("a-war-card", "No: in his hand it is a War card; it becomes a Chonk only as it is put down. "
                  "Holding no trump or chonk, he may continue with any draw-and-play card instead."))),
        Reading("cp.read.war_draw_when", "cp.war.4",
                "'must draw a new card from the deck and play another card if/when it is their turn': a War "
                "called out of turn; does its player draw at once, or when their turn comes?",
                (("at-once", "At once: 'if/when it is their turn' says when they play another card; the draw is "
                  "owed now."),
                 ("on-their-turn", "When their turn comes: 'if/when it is their turn' says when they draw and "
                  "play; the call only puts the War down, and play goes back to the decision it came before."))),
        Reading("cp.read.skip_next_player", "cp.skip.1",
                "'Make the next player discard a card, skipping their turn': the next player clockwise holds no "
                "card. Whose turn does the Skip skip?",
                (("next-seat", "Theirs: they have nothing to discard, and their turn is skipped; play passes on "
                  "to the player after them."),
                 ("next-with-a-card", "The next player's who still holds a card: a player with no card has no "
                  "turn to skip and is passed over, and that player discards."))),
        Reading("cp.read.force_next_player", "cp.force.1",
                "'Make the next player play a card (e.g. chonk) of your choice': the next player clockwise holds "
                "no card. Whom does the Force make play?",
                (("next-seat", "Them: they have no card to play, so their turn is that of a player with no card, "
                  "and the player after them plays freely."),
                 ("next-with-a-card", "The next player who still holds a card: a player with no card is passed "
                  "over, and that player must play the card named if they have one."))),
        Reading("cp.read.no_effect_scope", "cp.empty-draw.2",
                "'the action card that tells you to draw, will have no effect': does its player still play "
                "another card?",
                (("whole-card", "No: the card does nothing; the turn passes on."),
                 ("draw-only", "Yes: only its drawing is lost."))),
        Reading("cp.read.after_continuing_action", "cp.continuing.4",
                "'If you still don't have a chonk, or trump, the last player that played one collects the cards': "
                "the Master continued with a draw-and-play card and now holds a trump or chonk; is the card he "
                "plays next an ordinary extra play, or still his decision to continue?",
                (("an-extra-play", "An ordinary extra play: any card (the action card says 'play any card')."),
                 ("still-continuing", "Still his decision to continue: a trump or chonk (or another draw-and-play "
                  "card), or he ends the round."))),
        Reading("cp.read.any_new_card", "cp.choose.3",
                "'then you can play any new card': which card?",
                (("any-card", "Any card from your hand."), ("the-new-card", "The card just picked."))),
        Reading("cp.read.choose_may_stop", "cp.choose.3",
                "'then you can play any new card': must the Chooser play a card, or may they stop there?",
                (("must-play", "They play one: 'can' is the choice of card. The Choose is among the cards that "
                  "'entail you to draw and play another card' (cp.continuing.2-3, cp.stacking.1-2), and in the "
                  "Round Example 'Player 2 plays 2 cards, by playing a Choose card' (cp.round-example.4)."),
                 ("may-stop", "They may play one or not: 'can' is a permission (Steal says 'then play any card', "
                  "See a Card 'play a card'); if they play none, their turn ends with the card picked in hand."))),
        Reading("cp.read.card_type", "cp.see.1",
                "'Make everyone show you a card type ... of your choice': may the asker name an action card?",
                (("any-kind", "Yes: any kind of card."),
                 ("card-types", "No: the kinds of the book's 'Card Types' (points, chonks, spoiled, fillers); the "
                  "'Action Cards' are a section of their own."))),
        Reading("cp.read.tells_you_to_draw", "cp.empty-draw.2",
                "'If the discard deck is empty, the action card that tells you to draw, will have no effect': "
                "a Steal too, which makes the player stolen from draw?",
                (("its-players-draw", "No: a card whose player draws (Choose, See a Card, War); a Steal played "
                  "with both decks empty still snatches."),
                 ("steal-too", "Yes: the book lists the Steal among the cards that entail you to draw; with both "
                  "decks empty it has no effect."))),
        Reading("cp.read.draw_requires_you", "cp.empty-draw.1",
                "'If an action card requires you to draw and the draw deck is empty, use the discard deck': "
                "also when the card makes another player draw (the player stolen from)?",
                (("any-draw-it-requires", "Yes: any draw an action card requires; the player stolen from draws "
                  "from the discard deck."),
                 ("its-player", "No: only the draws of the card's player ('you'); the player stolen from draws "
                  "from the draw deck or not at all."))),
        Reading("cp.read.steal_any_player", "cp.steal.1",
                "'Snatch a random card from any player': yourself too?",
                (("other-players", "Another player."), ("any-player-even-yourself", "Any player, yourself included."))),
        Reading("cp.read.steal_also_draws", "cp.steal.2",
                "'The player that was stolen from also draws a new card': does the stealer draw a new card "
                "too?",
                (("victim-only", "No: 'also' as the stealer, who got a card by snatching it; only the player "
                  "stolen from draws, and everyone keeps the same number of cards (cp.round.6)."),
                 ("stealer-too", "Yes: the Steal is one of the cards that 'entail you to draw and play another "
                  "card' (cp.continuing.2-3, cp.stacking.1-2), and the player stolen from 'also' draws: both "
                  "draw a card."))),
        Reading("cp.read.steal_empty_hand", "cp.steal.1",
                "'Snatch a random card from any player': a player with no card too?",
                (("holders", "Only a player holding a card."),
                 ("anyone", "Anyone; from an empty hand nothing is snatched."))),
        Reading("cp.read.four_spoiled_when", "cp.finishing.6",
                "'they automatically win the game': does the game end at once?",
                (("at-once", "Yes: the game ends when a win pile holds all the Spoiled."),
                 ("at-the-end", "No: that player wins when the game ends."))),
        Reading("cp.read.war_chonk_in_pile", "cp.finishing.4",
                "'the most CHONK cards': which War cards in a win pile count? A War that became a Chonk when it "
                "was played; and a War card played as a War, now that the draw deck is empty ('War cards become "
                "Chonks if the draw deck is empty', cp.war.7)?",
                (("counts-as-chonk", "Those that became a Chonk when they were played."),
                 ("a-war-card", "None: in the win pile it is a War card."),
                 ("every-war", "Every War card: when the game ends the draw deck is empty, so War cards are "
                  "Chonks."))),
    ]
}


# --------------------------------------------------------------------------- ruling options

def _rc(ruling: str, option: str, fn: Any, overrides: Any = ()) -> RulingConstraint:
    return RulingConstraint(ruling, option, fn, overrides)


def _continuing_master_decides(s: Any, p: int) -> bool:
    """Under the ruleset: ``p`` is the Master who continued the round with a draw-and-play card (or
    is putting it down now), and cp.continue_after_action puts him at his decision again, whatever he
    drew."""
    continuing = s.continuing or s.action[0] == "continue_round"
    return continuing and p == s.master and s.ruled("cp.continue_after_action") == "trump_chonk_or_end"


def _extra_play_ruled(s: Any, o: Outcome, p: int) -> Any:
    """Under the ruleset: ``p`` plays another card, any he holds (cp.stacking.1), or decides again if
    he is the Master continuing the round (cp.continue_after_action)."""
    if _continuing_master_decides(s, p):
        return goes_next(o, p, "continue")
    return _play_any(s, o, p) if s.holds(p) else None


def _choose_then_play(option: str) -> Any:
    def fn(s: Any, o: Outcome) -> Any:
        if s.action[0] != "choose_card" or _continuing_master_decides(s, s.actor):
            return None
        p, k = s.actor, s.action[1]
        if option == "any_card" or not s.holds(p, k):
            return _play_any(s, o, p)
        return conj(goes_next(o, p, "play"), *[may(o, x, x == k) for x in held(s.hands_after[p])])
    return fn


def _choose_play_optional(option: str) -> Any:
    def fn(s: Any, o: Outcome) -> Any:
        if s.action[0] != "choose_card" or _extra_of_continuing_master(s):
            return None
        return may(o, "stop", option == "may_stop")
    return fn


def _extra_of_continuing_master(s: Any) -> bool:
    return s.continuing and extra_target(s) == s.master


def _continue_after_action(option: str) -> Any:
    def fn(s: Any, o: Outcome) -> Any:
        if not _extra_of_continuing_master(s):
            return None
        m = s.master
        if option == "trump_chonk_or_end":
            return goes_next(o, m, "continue")
        if not s.holds(m):
            return None
        if s.action[0] == "choose_card":
            return goes_next(o, m, "play")  # which cards: cp.choose_then_play
        return _play_any(s, o, m)
    return fn


_EXTRA_CLAUSES = ("cp.choose.3", "cp.stacking.1", "cp.empty-draw.2")


def _continuation_extras(s: Any) -> tuple[int, list[str], list[str], list[str]] | None:
    """At the Master's decision at the end of a circle (or after his draw-and-play card): (the
    Master, his trumps and chonks, the non-action cards he holds that would start the trump when
    none exists yet, the draw-and-play cards he holds that are not a trump or chonk); None
    elsewhere or when he holds no card."""
    m = _deciding_master(s)
    if m is None or not s.holds(m):
        return None
    answer, held = s.ruled("cp.spoiled_trump"), s.ruled("cp.war_held_as_chonk")  # (open: the readings say)
    base = trumps_and_chonks(s, m, None if answer is None else answer == "one_type",
                             None if held is None else held == "counts")
    sets, chonk_sets = s.ruled("cp.war_chonk_sets_trump"), s.ruled("cp.chonk_sets_trump")
    trump = the_trump(s, None if sets is None else sets == "sets_trump",
                      None if chonk_sets is None else chonk_sets == "sets_trump")
    starters = [k for k in NON_ACTION if k != "chonk" and s.holds(m, k)] if trump is None else []
    acts = [k for k in DRAW_ACTIONS if s.holds(m, k) and k not in base]
    return m, base, starters, acts


def _continue_options(ruling: str, option: str) -> Any:
    """The kinds the Master may continue with beyond his trumps and chonks (the engine's order: with
    no trump yet, cp.continue_no_trump_yet first, then cp.continue_with_action for the
    draw-and-play cards if he still has nothing to continue with)."""
    def fn(s: Any, o: Outcome) -> Any:
        found = _continuation_extras(s)
        if found is None:
            return None
        m, base, starters, acts = found
        if ruling == "cp.continue_no_trump_yet":
            if not starters:
                return None
            return implies(is_next(o, m, "continue"), conj(*[may(o, k, option == "any_non_action") for k in starters]))
        if not acts:
            return None
        # (with no trump yet, the non-action cards count as a continuation if the Master may play them)
        have = bool(base) or (bool(starters) and s.ruled("cp.continue_no_trump_yet") == "any_non_action")
        yes = option == "draw_action_always" or (option == "draw_action_without_trump" and not have)
        return implies(is_next(o, m, "continue"), conj(*[may(o, k, yes) for k in acts]))
    return fn


def _continue_overrides(ruling: str) -> Any:
    """What each continuation ruling sets aside: the parts (``may.<kind>``) of the three clauses
    about the cards it decides, and no others. ``cp.continue_no_trump_yet`` decides the non-action
    cards that would start the trump; ``cp.continue_with_action`` the draw-and-play cards that are
    not a trump or chonk. What the clauses say of the other cards (a filler that is not the trump,
    a Skip, a Force: never a continuation) stands."""
    def overridden(s: Any, o: Outcome) -> list[str]:
        found = _continuation_extras(s)
        if found is None:
            return []
        _, _, starters, acts = found
        kinds = starters if ruling == "cp.continue_no_trump_yet" else acts
        return [f"{cid}[may.{k}]" for cid in ("cp.continuing.1", "cp.summary.5", "cp.continuing.2") for k in kinds]
    return overridden


def _master_plays_alone(s: Any, p: int) -> bool:
    """Under the ruleset: ``p`` is the Munchies Master continuing the round (or playing the card he
    continues it with) and only he plays (cp.continue_who_plays = master_only): after his card he
    decides again, and a Skip or Force of his acts on nobody."""
    continuing = s.continuing or s.action[0] == "continue_round"
    return continuing and p == s.master and s.ruled("cp.continue_who_plays") == "master_only"


def _continue_who_plays(option: str) -> Any:
    def fn(s: Any, o: Outcome) -> Any:
        tp = turn_passes(s)
        if tp is None or option == "another_circle" or not _master_plays_alone(s, tp[0]) or _card_ruled_elsewhere(s):
            return None  # (a card with its own ruling on what follows: that ruling, through ruled_pass)
        return goes_next(o, s.master, "continue")
    return fn


def _continue_who_plays_overrides(option: str) -> Any:
    """Both options settle who plays after the Master's card (cp.round.3); ``master_only`` also sets
    aside what a Skip or Force he plays would do to the next player (cp.skip.1, cp.force.1, cp.force.4):
    nobody plays after him."""
    def fn(s: Any, o: Outcome) -> list[str]:
        tp = turn_passes(s)
        if option == "master_only" and tp is not None and tp[1] is not None:
            return ["cp.round.3", "cp.skip.1", "cp.force.1", "cp.force.4"]
        return ["cp.round.3"]
    return fn


def _empty_hand_turn(option: str) -> Any:
    def fn(s: Any, o: Outcome) -> Any:
        q = _plays_another_with_none(s)
        if q is None:
            q = empty_turn(s)
            if q is None or _turn_ruled_elsewhere(s):
                return None
        ending = s.action == ("end_round",) or (s.step in ("discard", "discarded") and s.then == "round-ends")
        if forced_empty_handed(s):
            # skipped, the round ends; or his turn passes on (cp.skip_master_empty_handed) to a player
            # with no card, and under this option that ends the round; else that ruling says it all
            passes_to_empty = (option == "round_ends" and s.ruled("cp.skip_master_empty_handed") == "passes_on"
                               and not s.holds(s.next_of(s.master)))
            if not (_skipped_master_ends(s) or passes_to_empty):
                return None
            ending = True
        new_round = (starts_round_now(s) and q == s.master) or (ending and q == next_master(s))
        master = q if new_round else s.master
        # (a round that ends the game, a win pile holding all the Spoiled under
        # cp.four_spoiled_when = immediately, has no next turn: cp.four_spoiled_when says what follows)
        goes_on = neg(_over(o))
        if option == "round_ends":
            if not new_round:
                return ends_at_once(s, o)
            # nothing played yet: the next player clockwise who holds a card leads instead
            r = _next_holder(s, q)
            cond = conj(ends_round(o), goes_on) if ending else goes_on
            return conj(set_if(o, cond, "master", pname(r)), implies(cond, turn_begins(s, o, r)))
        # passed over: the next player clockwise who holds a card takes the turn
        r = s.next_of(q)
        while r != master and not s.holds(r):
            r = s.next_of(r)
        nxt = goes_next(o, master, "continue") if r == master else turn_begins(s, o, r)
        if new_round and ending:
            return implies(conj(ends_round(o), goes_on), nxt)
        return implies(goes_on, nxt) if new_round else nxt
    return fn


def _force_war_as_chonk(option: str) -> Any:
    """``war_counts``: a War that would become a Chonk answers a Force naming a chonk (cp.force.1,
    cp.force.3 and cp.force.4 with it as the required card); ``chonk_cards_only``: it does not."""
    wars = option == "war_counts"

    def fn(s: Any, o: Outcome) -> Any:
        if _force_war_target(s) is None:
            return None
        return all_of([c for c in (_forced_to_play(s, o, wars), _forced_to_continue(s, o, wars),
                                   _free_without_the_card(s, o, wars)) if c is not None])
    return fn


def _force_war_target(s: Any) -> int | None:
    """The player a Force naming a chonk forces, when he holds a War that would become a Chonk."""
    f = forced_by(s)
    return f[0] if f is not None and war_at_stake(s, *f) else None


def _force_war_overrides(s: Any, o: Outcome) -> list[str]:
    # (cp.summary.3 too: it exempts the forced player from "play whatever card you want" by the
    # reading; the option's constraint says what he may play)
    return ["cp.force.1", "cp.force.3", "cp.force.4", "cp.summary.3"] if _force_war_target(s) is not None else []


def _skipped_master_ends(s: Any) -> bool:
    """Under the ruleset: a Skip at the round's end that finds the Master with no card ends the round
    at once (cp.skip_at_round_end = discard_and_end: he is skipped)."""
    return s.step not in ("discard", "discarded") and s.ruled("cp.skip_at_round_end") == "discard_and_end"


def _skip_master_empty_handed(option: str) -> Any:
    def fn(s: Any, o: Outcome) -> Any:
        if not forced_empty_handed(s) or _skipped_master_ends(s):
            return None
        m = s.master
        if option == "master_ends":
            return conj(goes_next(o, m, "continue"), may(o, "end", True))
        return ruled_pass(s, o, m)  # (a next player with no card: cp.empty_hand_turn, as ruled)
    return fn


def _next_holder(s: Any, p: int) -> int:
    """The next player clockwise after ``p`` who holds a card (someone does)."""
    r = s.next_of(p)
    while not s.holds(r):
        r = s.next_of(r)
    return r


def _empty_hand_overrides(option: str) -> Any:
    """``round_ends`` sets cp.after-round.4 aside where the round's winner would start the next
    round with no card: the next player clockwise who holds one leads it instead; and cp.continuing.5
    ("if the round continues, all cards stay put") where the Master's continuation card ends it."""
    def fn(s: Any, o: Outcome) -> list[str]:
        if option != "round_ends":
            return []
        # (the Master's continuation card may end the round itself, the next player holding none)
        out = ["cp.continuing.5"] if s.action[0] == "continue_round" else []
        return [*out, "cp.after-round.4"] if _lead_passes_on(s) else out
    return fn


def _turn_ruled_elsewhere(s: Any) -> bool:
    """Under the ruleset, another ruling says where the turn goes after this step (and, through
    :func:`ruled_pass`, applies cp.empty_hand_turn itself): a card with no effect put down in turn
    (cp.no_effect_then), a War become a Chonk (cp.war_chonk_effect), a card of the Master's while he
    plays alone (cp.continue_who_plays)."""
    tp = turn_passes(s)
    return (tp is not None and _master_plays_alone(s, tp[0])) or _card_ruled_elsewhere(s)


def _card_ruled_elsewhere(s: Any) -> bool:
    """Under the ruleset, the card put down in this step has its own ruling on what follows it: a
    card with no effect put down in turn (cp.no_effect_then), a War become a Chonk
    (cp.war_chonk_effect)."""
    pl = s.played
    if pl is None:
        return False
    void = no_effect(s) or (pl[1] == "steal" and _steal_is_void(s, pl[0]))
    return bool(s.as_chonk) or (pl[2] and void)


def _lead_passes_on(s: Any) -> bool:
    """The round may end with this step, and its winner would start the next one with no card to
    play: under cp.empty_hand_turn = round_ends the next player clockwise who holds one leads it
    instead (:func:`ends_at_once`)."""
    return may_end_round(s) and starts_without_cards(s) is not None


def _lead_overrides(s: Any, o: Outcome) -> list[str]:
    """Where a ruling that says where the turn goes (through :func:`ruled_pass`) may end the round
    and its winner would start the next one with no card: cp.after-round.4 set aside, under
    cp.empty_hand_turn = round_ends (the next player clockwise who holds a card leads)."""
    return ["cp.after-round.4"] if s.ruled("cp.empty_hand_turn") == "round_ends" and _lead_passes_on(s) else []


def _final_tie(option: str) -> Any:
    def fn(s: Any, o: Outcome) -> Any:
        if not may_end_game(s):
            return None
        parts = []
        for d in _dests(s):
            piles = _pile_after(s, d)
            if _four_spoiled(s, piles) is not None:
                continue
            wars = WARS_OF_OPTION.get(s.ruled("cp.war_chonk_scoring"), "counts-as-chonk")
            scores = [_scores(s, p, wars) for p in piles]
            best = max(scores)
            top = [p for p in range(s.players) if scores[p] == best]
            if len(top) < 2:
                continue
            req = [o.require(f"wins.{pname(p)}", "yes" if p in top and option == "shared" else "no")
                   for p in range(s.players)]
            parts.append(implies(conj(_over(o), o.eq("table", d)), conj(*req, o.require("result", "still-tied"))))
        return all_of(parts)
    return fn


def _first_master(option: str) -> Any:
    def fn(s: Any, o: Outcome) -> Any:
        if s.action[0] != "deal":
            return None
        if option == "chance":
            return goes_next(o, None, "pick-master")
        return conj(set_if(o, True, "master", pname(0)), goes_next(o, 0, "play"))
    return fn


def _four_spoiled_when(option: str) -> Any:
    def fn(s: Any, o: Outcome) -> Any:
        if not may_end_game(s):
            return None
        parts = []  # (where a win pile would hold them all, whether collected now or before)
        for d in _dests(s):
            w = _four_spoiled(s, _pile_after(s, d))
            if w is None:
                continue
            won = conj(*[o.require(f"wins.{pname(p)}", "yes" if p == w else "no") for p in range(s.players)],
                       o.require("result", "four-spoiled"))
            here = conj(ends_round(o), o.eq("table", d))
            if option == "immediately" or _game_ends_with(s, d):
                parts.append(implies(here, conj(goes_next(o, None, "over"), won)))
            else:
                parts.append(implies(here, neg(_over(o))))
        return all_of(parts)
    return fn


def _four_spoiled_overrides(s: Any, o: Outcome) -> list[str]:
    """cp.four_spoiled_when settles cp.finishing.6 and, where a win pile would hold all the Spoiled,
    what cp.finishing.1 says of the game going on; elsewhere cp.finishing.1 still holds."""
    return ["cp.finishing.6", *(f"cp.finishing.1[{d}]" for d in _dests(s)
                                if _four_spoiled(s, _pile_after(s, d)) is not None)]


def _game_ends_with(s: Any, d: str) -> bool:
    """Under the ruleset: a round ending with the table's cards going to ``d`` ends the game, every
    card played (cp.finishing.1) or only the discard deck left (cp.game_over_discard = game_over)."""
    if d in _discard_left(s):
        return s.ruled("cp.game_over_discard") == "game_over"
    return _all_played(s)


def _discard_left(s: Any) -> dict[str, int]:
    """Under the ruleset, where the round ends with every hand and the draw deck empty: for each place
    the table's cards may go, the cards the discard deck then holds (the table's too, when they go to
    it), if any, and the game is not won at once by the four Spoiled (cp.four_spoiled_when)."""
    if not may_end_round(s) or any(any(h) for h in s.hands_after) or any(s.draw_after):
        return {}
    on_table = sum(s.table) + (s.played is not None)
    left = {d: sum(s.discard_after) + (on_table if d == "discard-deck" else 0) for d in _dests(s)}
    at_once = s.ruled("cp.four_spoiled_when") == "immediately"  # (a game won so ends first)
    return {d: n for d, n in left.items() if n and not (at_once and _four_spoiled(s, _pile_after(s, d)) is not None)}


def _game_over_discard(option: str) -> Any:
    def fn(s: Any, o: Outcome) -> Any:
        left = _discard_left(s)
        if not left:
            return None
        parts = []
        for d, supply in left.items():
            here = conj(ends_round(o), o.eq("table", d))
            if option == "game_over":
                parts.append(implies(here, goes_next(o, None, "over")))
                continue
            parts.append(set_if(o, here, "deck", "becomes-draw-deck"))
            for m in new_round_masters(s):
                in_order, robin, need = refill_orders(s, m, supply)
                first = next((m + i) % s.players for i in range(s.players) if need[i])
                order = in_order if sum(need) <= supply or s.ruled("cp.refill_shortage") == "in_order" else robin
                parts.append(implies(conj(here, o.eq("master", pname(m))), conj(
                    o.require("draws", order), o.require("next.who", pname(first)), o.require("next.does", "draw"),
                    o.require("next.source", "draw-deck"), o.require("next.then", "next-round"))))
        return all_of(parts)
    return fn


def _game_over_discard_overrides(option: str) -> Any:
    """Where the discard deck holds cards: what cp.finishing.1 says of the game's end (and, when it
    becomes the draw deck, what cp.after-round.3 says of nobody drawing)."""
    def fn(s: Any, o: Outcome) -> list[str]:
        left = _discard_left(s)
        ends = [f"cp.finishing.1[{d}]" for d in left]
        return [*ends, *(f"cp.after-round.3[{d}]" for d in left)] if option == "discard_becomes_draw" else ends
    return fn


def _named_types(option: str) -> Any:
    def fn(s: Any, o: Outcome) -> Any:
        pl = s.played
        if pl is None or pl[1] not in ("see", "force") or (pl[1] == "see" and no_effect(s)):
            return None
        does = "name-see" if pl[1] == "see" else "name-force"
        return conj(goes_next(o, pl[0], does), *[may(o, k, option == "any_kind" or k in NON_ACTION) for k in KINDS])
    return fn


def _no_effect_then(option: str) -> Any:
    def fn(s: Any, o: Outcome) -> Any:
        pl = s.played
        steal_none = pl is not None and pl[1] == "steal" and _steal_is_void(s, pl[0])
        if not (no_effect(s) or steal_none) or not pl[2]:
            return None
        p = pl[0]
        if option == "play_another" and (s.holds(p) or _continuing_master_decides(s, p)):
            return _extra_play_ruled(s, o, p)
        if option == "play_another" and s.ruled("cp.empty_hand_turn") == "round_ends":
            return ends_at_once(s, o)  # (another card to play, and none: cp.empty_hand_turn)
        return ruled_pass(s, o, p)  # (another card to play, and none in hand: the turn passes on)
    return fn


def _no_effect_overrides(option: str) -> Any:
    """Both options settle cp.empty-draw.2 and cp.stacking.1; ``play_another`` sets aside "play
    continues clockwise" (cp.round.3, cp.round.5): its player plays on. Where the turn so ruled
    ends the round, see :func:`_lead_overrides`."""
    def fn(s: Any, o: Outcome) -> list[str]:
        out = ["cp.empty-draw.2", "cp.stacking.1", *_lead_overrides(s, o)]
        return [*out, "cp.round.3", "cp.round.5"] if option == "play_another" else out
    return fn


def _plays_another_with_none(s: Any) -> int | None:
    """Under the ruleset: the player of a card with no effect who must play another card
    (cp.no_effect_then = play_another) and holds none: his turn comes with no card to play."""
    pl = s.played
    if pl is None or not pl[2] or s.ruled("cp.no_effect_then") != "play_another":
        return None
    p = pl[0]
    if not (no_effect(s) or (pl[1] == "steal" and _steal_is_void(s, p))):
        return None
    return None if s.holds(p) or _continuing_master_decides(s, p) else p


def _steal_targets_ruled(s: Any, p: int) -> list[int]:
    """Anyone at all to steal from (the readings' widest: yourself and empty hands included are
    asked by their own ruling points)."""
    return [q for q in range(s.players) if (q != p or s.ruled("cp.steal_from_self") == "include_self")
            and (s.holds(q) or s.ruled("cp.steal_empty_hand") == "any_player")]


def _no_trump_winner(option: str) -> Any:
    def fn(s: Any, o: Outcome) -> Any:
        if not may_end_round(s) or leader_now(s) is not None:  # (may_end_round covers a card with no effect too)
            return None
        dest = f"win:{pname(s.master)}" if option == "master" else "discard-deck"
        table = implies(ends_round(o), o.require("table", dest))
        if s.ruled("cp.empty_hand_turn") == "round_ends" and _lead_passes_on(s):
            return table  # (the same Master, with no card, does not start it: cp.empty_hand_turn)
        return conj(table, set_if(o, ends_round(o), "master", pname(s.master)))
    return fn


def _refill_shortage(option: str) -> Any:
    def fn(s: Any, o: Outcome) -> Any:
        if not may_end_round(s) or _draws_stopped(s, o) is True or not any(s.draw_after):
            return None
        parts = []
        for m in new_round_masters(s):
            in_order, robin, need = refill_orders(s, m)
            if sum(need) <= sum(s.draw_after):
                continue
            order = robin if option == "round_robin" else in_order
            parts.append(implies(_refill_context(s, o, m), o.require("draws", order)))
        return all_of(parts)
    return fn


def _see_no_such_card(option: str) -> Any:
    def fn(s: Any, o: Outcome) -> Any:
        left = _showers_left(s)
        if left is None or option == "shower_chooses":
            return None
        src = s.action_source
        if src is None:
            return None
        kind = s.action[1] if s.action[0] == "name_type" else s.named
        if _first_to_choose(s, left, kind) is None:
            return None
        return draw_now(o, s.turn, src, "extra-play")
    return fn


def _skip_at_round_end(option: str) -> Any:
    def fn(s: Any, o: Outcome) -> Any:
        if s.step in ("discard", "discarded") and s.then == "round-ends":
            # the skipped Master's discard, then (``discard_and_end``) the round ends
            return o.require("round_ends", "yes") if option == "discard_and_end" else None
        tp = turn_passes(s)
        if tp is None or tp[1] != "skip" or acted_on(s, tp[0], tp[1]) != s.master:
            return None
        if not s.holds(s.master):
            # nothing to discard: skipped, the round ends; forced on, cp.skip_master_empty_handed
            return o.require("round_ends", "yes") if option == "discard_and_end" else None
        m = s.master
        if option == "force_continue":
            return conj(goes_next(o, m, "continue"), *[may(o, k, True) for k in held(s.hands_after[m])],
                        may(o, "end", False))
        return conj(o.require("next.who", pname(m)), disj(o.eq("next.does", "discard"), o.eq("next.does", "discarded")),
                    o.require("next.then", "master-continues" if option == "discard_and_force" else "round-ends"),
                    implies(o.eq("next.does", "discard"), conj(*[may(o, k, True) for k in held(s.hands_after[m])])))
    return fn


def _skip_at_round_end_overrides(option: str) -> tuple[str, ...]:
    return {"force_continue": ("cp.skip.1",), "discard_and_force": ("cp.skip.1", "cp.skip.2"),
            "discard_and_end": ("cp.skip.2", "cp.skip.1")}[option]


def _skip_discard_choice(option: str) -> Any:
    def fn(s: Any, o: Outcome) -> Any:
        tp = turn_passes(s)
        if tp is None or tp[1] != "skip":
            return None
        q = acted_on(s, tp[0], tp[1])
        if not s.holds(q):
            return None
        other = "discarded" if option == "victim_chooses" else "discard"
        return implies(o.eq("next.who", pname(q)), neg(o.eq("next.does", other)))
    return fn


def _next_player_empty_handed(option: str) -> Any:
    """Where a Skip or Force acts on "the next player" and the next seat holds no card (not the
    Master's): the clauses follow the option through :func:`acted_on`. ``next_with_a_card``: the next
    player who holds a card is the one who acts next (discards, or plays), unless the card reaches the
    Master's decision; ``next_seat``: the card acts on the player with no card, and the clauses say
    what follows (as read by default), so this option adds nothing of its own."""
    def fn(s: Any, o: Outcome) -> Any:
        if option != "next_with_a_card" or not next_seat_empty(s):
            return None
        tp = turn_passes(s)
        if tp is None or tp[1] is None or _master_plays_alone(s, tp[0]):
            return None
        q = acted_on(s, tp[0], tp[1])
        return None if q == s.master else o.require("next.who", pname(q))
    return fn


def _skip_discard_to(option: str) -> Any:
    def fn(s: Any, o: Outcome) -> Any:
        if s.action[0] not in ("discard", "discarded"):
            return None
        return o.require("card", "discard-deck" if option == "discard_deck" else "table")
    return fn


def _steal_targets_option(ruling: str, option: str) -> Any:
    def fn(s: Any, o: Outcome) -> Any:
        pl = s.played
        if pl is None or pl[1] != "steal":
            return None
        p = pl[0]
        if ruling == "cp.steal_from_self":
            self_ok = option == "include_self" and (s.holds(p) or s.ruled("cp.steal_empty_hand") == "any_player")
            if self_ok and not _steal_is_void(s, p):
                return conj(goes_next(o, p, "steal-from"), may(o, pname(p), True))  # (even if only he is left)
            return implies(is_next(o, p, "steal-from"), may(o, pname(p), self_ok))
        self_ok = s.ruled("cp.steal_from_self") == "include_self"
        parts = [may(o, pname(q), option == "any_player" and (q != p or self_ok))
                 for q in range(s.players) if not s.holds(q)]
        if not parts:
            return None
        if option == "any_player" and not _steal_is_void(s, p):
            return conj(goes_next(o, p, "steal-from"), *parts)  # (even if only empty hands are left)
        return implies(is_next(o, p, "steal-from"), conj(*parts))
    return fn


def _steal_overrides(option: str) -> Any:
    """``any_player`` sets aside what cp.steal.1 says of the players with no card (its default
    reading, ``cp.read.steal_empty_hand``: only players holding one)."""
    def fn(s: Any, o: Outcome) -> list[str]:
        pl = s.played
        if option != "any_player" or pl is None or pl[1] != "steal":
            return []
        return [f"cp.steal.1[may.{pname(q)}]" for q in range(s.players) if not s.holds(q)]
    return fn


def _steal_self_overrides(option: str) -> Any:
    """``include_self`` sets aside what cp.steal.1 says of the Steal's own player (its default
    reading, ``cp.read.steal_any_player``: other players only)."""
    def fn(s: Any, o: Outcome) -> list[str]:
        pl = s.played
        if option != "include_self" or pl is None or pl[1] != "steal":
            return []
        return [f"cp.steal.1[may.{pname(pl[0])}]"]
    return fn


def _steal_is_void(s: Any, p: int) -> bool:
    """Under the ruleset, a Steal put down by ``p`` takes from nobody: nobody may be stolen from,
    or both decks are empty and cp.steal_nothing_to_draw gives it no effect."""
    return not _steal_targets_ruled(s, p) or (
        s.action_source is None and s.ruled("cp.steal_nothing_to_draw") == "no_effect")


def _steal_nothing_to_draw(option: str) -> Any:
    """A Steal played with both decks empty: it snatches as usual (what cp.steal.1 says), or it has
    no effect, and nobody is stolen from (then cp.no_effect_then says what its player does)."""
    def fn(s: Any, o: Outcome) -> Any:
        pl = s.played
        if pl is None or pl[1] != "steal" or s.action_source is not None or option == "snatch":
            return None
        return neg(is_next(o, pl[0], "steal-from"))
    return fn


def _steal_victim_fallback(option: str) -> Any:
    """``discard_deck``: "If the draw deck is empty, the player stolen from draws from the discard
    deck" (stated here, not left to cp.empty-draw.1's default reading, so that the erratum settles
    ``cp.read.draw_requires_you`` under either reading); ``no_draw``: he draws nothing, and the
    Steal's player plays on."""
    def fn(s: Any, o: Outcome) -> Any:
        if not steal_taken(s) or s.action_source != "discard-deck":
            return None
        if option == "discard_deck":
            return after_the_steal(s, o, stolen_from(s), "discard-deck")
        if stealer_draws(s):  # (the stealer's own draw: cp.empty-draw.1, and cp.steal_stealer_draws)
            return draw_now(o, s.actor, "discard-deck", "extra-play")
        return _extra_play_ruled(s, o, s.actor)
    return fn


def _steal_stealer_draws(option: str) -> Any:
    """After a Steal took from another player, with a deck to draw from: ``victim_only``, the
    stealer draws nothing; ``stealer_too``, he draws after the player stolen from (or alone, where
    that player draws nothing from the discard deck: ``cp.steal_victim_draw_fallback = no_draw``)."""
    def fn(s: Any, o: Outcome) -> Any:
        if not steal_taken(s) or s.action_source is None or stolen_from(s) == s.actor:
            return None
        p, v = s.actor, stolen_from(s)
        if option == "victim_only":
            return conj(*(neg(o.eq("draws", q)) for q in (queue_label((v, p)), queue_label((p, v)), pname(p))))
        return o.require("draws", queue_label((v, p)) if victim_source(s) is not None else pname(p))
    return fn


def _war_chonk_effect(option: str) -> Any:
    def fn(s: Any, o: Outcome) -> Any:
        pl = s.played
        if pl is None or not s.as_chonk:
            return None
        p, _, in_turn = pl
        src = s.action_source
        if option == "chonk_and_draw" and not in_turn and s.ruled("cp.war_draw_when") == "on_their_turn":
            return _resume(s, o)  # (the card is owed: drawn when their turn comes, cp.war_draw_when)
        if option == "chonk_and_draw" and src is not None:
            return draw_now(o, p, src, "extra-play" if in_turn else "back")
        if in_turn:
            return ruled_pass(s, o, p)
        return _resume(s, o)
    return fn


def _war_chonk_effect_overrides(option: str) -> Any:
    """Both options settle cp.war.4, cp.empty-draw.1 and where the turn goes (cp.round.3, cp.round.5);
    ``chonk_and_draw`` also sets aside, for a War called out of turn that draws, the principle that
    such a call leaves the decision it came before to be taken (the draw comes first)."""
    def fn(s: Any, o: Outcome) -> list[str]:
        out = ["cp.war.4", "cp.empty-draw.1", "cp.round.3", "cp.round.5", *_lead_overrides(s, o)]
        pl = s.played
        if (option == "chonk_and_draw" and pl is not None and not pl[2] and s.action_source is not None
                and s.ruled("cp.war_draw_when") != "on_their_turn"):
            out.append("frame.a_chonk_call_goes_back")
        return out
    return fn


def _called_out_as_a_war(s: Any) -> bool:
    """A War called out on another player's turn, put down as a War (not become a Chonk)."""
    pl = s.played
    return pl is not None and pl[1] == "war" and not pl[2] and not s.as_chonk


def _war_draw_when(option: str) -> Any:
    """A War called out as a War: its player draws at once, play going back to the decision the call
    came before (``at_once``); or the call only puts it down, and the card is owed till their turn
    (``on_their_turn``: :func:`turn_begins`). (A War called out as a Chonk: cp.war_chonk_effect.)"""
    def fn(s: Any, o: Outcome) -> Any:
        if not _called_out_as_a_war(s):
            return None
        return _resume(s, o) if option == "on_their_turn" else draw_now(o, s.played[0], "draw-deck", "back")
    return fn


def _war_draw_when_overrides(s: Any, o: Outcome) -> list[str]:
    return ["cp.war.4"] if _called_out_as_a_war(s) else []


def _war_chonk_ends_war(option: str) -> Any:
    def fn(s: Any, o: Outcome) -> Any:
        if not s.as_chonk or not s.war:
            return None
        return set_if(o, True, "war", "off" if option == "ends_war" else "on")
    return fn


def _war_chonk_scoring(option: str) -> Any:
    def fn(s: Any, o: Outcome) -> Any:
        if not may_end_game(s) or not (any(p[K["war-chonk"]] or p[K["war"]] for p in s.piles)
                                       or s.table[K["war-chonk"]] or s.table[K["war"]]
                                       or (s.played is not None and s.played[1] == "war")):
            return None
        wars = WARS_OF_OPTION[option]  # (the chonks tie or not by it, so the cards' count is asked or not)
        return conj(*[c for c in (_ranking(s, o, 1, "chonk-tiebreak", wars), _ranking(s, o, 2, "cards-tiebreak", wars))
                      if c is not None])  # (True where neither decides: it still sets both clauses aside)
    return fn


def _scoring_overrides(s: Any, o: Outcome) -> list[str]:
    """Both options settle the chonks' tie-break (cp.finishing.4), and so whether the cards' count
    (cp.finishing.5) is reached."""
    return ["cp.finishing.4", "cp.finishing.5"]


def _first_chonk_sets_trump(option: str, chonk_now: Callable[[Any], bool]) -> Any:
    """A chonk put down before any trump (``chonk_now``: a Chonk card, or a War become one): it is
    the trump (``sets_trump``), or the round still has none (``no_trump``)."""
    def fn(s: Any, o: Outcome) -> Any:
        if s.trump is not None or not chonk_now(s):
            return None
        return set_if(o, round_goes_on(o), "trump", "chonk" if option == "sets_trump" else "none")
    return fn


def _chonk_sets_trump(option: str) -> Any:
    return _first_chonk_sets_trump(option, lambda s: s.played is not None and s.played[1] == "chonk")


def _war_chonk_sets_trump(option: str) -> Any:
    return _first_chonk_sets_trump(option, lambda s: bool(s.as_chonk))


def _spoiled_continuation(s: Any) -> int | None:
    """The Master at his decision to continue, holding a Spoiled card when a Spoiled card is the
    trump (another Spoiled card: cp.spoiled.4); None elsewhere."""
    m = _deciding_master(s)
    if m is None:
        return None
    return m if the_trump(s) == "spoiled" and s.holds(m, "spoiled") else None


def _spoiled_trump(option: str) -> Any:
    """``one_type``: another Spoiled card after a Spoiled trump is a trump (it makes its player the
    round's current winner, and the Master may continue with it); ``each_card``: it is not."""
    one_type = option == "one_type"

    def fn(s: Any, o: Outcome) -> Any:
        parts = []
        m = _spoiled_continuation(s)
        if m is not None:
            parts.append(implies(is_next(o, m, "continue"), may(o, "spoiled", one_type)))
        if another_spoiled(s):
            winner = s.played[0] if one_type else s.leader
            if winner is not None:
                parts.append(set_if(o, round_goes_on(o), "leader", pname(winner)))
                if may_end_round(s):
                    parts.append(implies(ends_round(o), o.require("table", f"win:{pname(winner)}")))
                    parts.append(set_if(o, ends_round(o), "master", pname(winner)))
        return all_of(parts)
    return fn


def _war_held_continuation(s: Any) -> int | None:
    """At the Master's decision (the end of a circle, or after his draw-and-play card): the Master,
    if he holds a War that would become a Chonk if put down now (cp.war.6-7); else None."""
    m = _deciding_master(s)
    if m is None:
        return None
    return m if s.holds(m, "war") and war_would_be_a_chonk(s) else None


def _war_held(option: str) -> Any:
    """``counts``: the War is a chonk he has got, so he may continue with it; ``a_war_card``: it is a
    draw-and-play card, whose continuation ``cp.continue_with_action`` decides with the others
    (:func:`_continuation_extras` counts it among them), so this option adds nothing of its own."""
    def fn(s: Any, o: Outcome) -> Any:
        m = _war_held_continuation(s)
        if m is None or option != "counts":
            return None
        return implies(is_next(o, m, "continue"), may(o, "war", True))
    return fn


def _war_held_overrides(s: Any, o: Outcome) -> list[str]:
    """What the clauses say of continuing with the War (as a chonk, or as none)."""
    if _war_held_continuation(s) is None:
        return []
    return [f"{cid}[may.war]" for cid in ("cp.continuing.1", "cp.summary.5", "cp.continuing.2")]


def _spoiled_trump_overrides(s: Any, o: Outcome) -> list[str]:
    """Where the Spoiled are one type or not decides the step: the clauses that read "a trump"."""
    out = []
    if _spoiled_continuation(s) is not None:
        out += [f"{cid}[may.spoiled]" for cid in ("cp.continuing.1", "cp.summary.5")]
    if another_spoiled(s):
        out += ["cp.winning.1", "cp.winning.2", "cp.after-round.4"]
    return out


def _war_window(option: str) -> Any:
    def fn(s: Any, o: Outcome) -> Any:
        if option == "before_each_turn":
            return None
        parts = []
        for x in range(s.players):
            for d in ("play", "continue"):
                parts.append(implies(is_next(o, x, d), o.require("next.window", "no")))
        if s.action == ("no_war",) or s.action[0] == "call_war" or (s.action[0] == "draw" and s.then == "back"):
            return None
        return all_of(parts)
    return fn


def _war_call_as_chonk(option: str) -> Any:
    def fn(s: Any, o: Outcome) -> Any:
        if s.action == ("no_war",) or s.ruled("cp.war_window") != "before_each_turn" or not chonk_call_at_stake(s):
            return None
        return war_windows(s, o, option == "anytime")
    return fn


def _rulings() -> list[RulingConstraint]:
    out = []
    for opt in ("any_card", "chosen_card"):
        out.append(_rc("cp.choose_then_play", opt, _choose_then_play(opt), ("cp.choose.3",)))
    for opt in ("must_play", "may_stop"):
        out.append(_rc("cp.choose_play_optional", opt, _choose_play_optional(opt), ("cp.choose.3",)))
    for opt in ("trump_chonk_or_end", "any_card"):
        out.append(_rc("cp.continue_after_action", opt, _continue_after_action(opt),
                       ("cp.continuing.4", *_EXTRA_CLAUSES)))
    for opt in ("any_non_action", "chonk_only"):
        out.append(_rc("cp.continue_no_trump_yet", opt, _continue_options("cp.continue_no_trump_yet", opt),
                       _continue_overrides("cp.continue_no_trump_yet")))
    for opt in ("draw_action_without_trump", "draw_action_always", "trump_or_chonk_only"):
        out.append(_rc("cp.continue_with_action", opt, _continue_options("cp.continue_with_action", opt),
                       _continue_overrides("cp.continue_with_action")))
    for opt in ("another_circle", "master_only"):
        out.append(_rc("cp.continue_who_plays", opt, _continue_who_plays(opt), _continue_who_plays_overrides(opt)))
    for opt in ("pass", "round_ends"):
        out.append(_rc("cp.empty_hand_turn", opt, _empty_hand_turn(opt), _empty_hand_overrides(opt)))
    for opt in ("shared", "no_winner"):
        out.append(_rc("cp.final_tie", opt, _final_tie(opt)))
    for opt in ("first_player", "chance"):
        out.append(_rc("cp.first_master", opt, _first_master(opt), ("cp.round.1",)))
    for opt in ("immediately", "at_game_end"):
        out.append(_rc("cp.four_spoiled_when", opt, _four_spoiled_when(opt), _four_spoiled_overrides))
    for opt in ("game_over", "discard_becomes_draw"):
        out.append(_rc("cp.game_over_discard", opt, _game_over_discard(opt), _game_over_discard_overrides(opt)))
    for opt in ("any_kind", "non_action"):
        out.append(_rc("cp.named_types", opt, _named_types(opt), ("cp.see.1", "cp.force.1")))
    for opt in ("turn_ends", "play_another"):
        out.append(_rc("cp.no_effect_then", opt, _no_effect_then(opt), _no_effect_overrides(opt)))
    for opt in ("master", "discard_deck"):
        out.append(_rc("cp.no_trump_winner", opt, _no_trump_winner(opt)))
    for opt in ("round_robin", "in_order"):
        out.append(_rc("cp.refill_shortage", opt, _refill_shortage(opt), ("cp.after-round.2[evenly]",)))
    for opt in ("shower_chooses", "show_nothing"):
        out.append(_rc("cp.see_no_such_card", opt, _see_no_such_card(opt),
                       () if opt == "shower_chooses" else ("cp.see.2",)))
    for opt in ("force_continue", "discard_and_force", "discard_and_end"):
        out.append(_rc("cp.skip_at_round_end", opt, _skip_at_round_end(opt), _skip_at_round_end_overrides(opt)))
    for opt in ("victim_chooses", "random"):
        out.append(_rc("cp.skip_discard_choice", opt, _skip_discard_choice(opt)))
    for opt in ("chonk_cards_only", "war_counts"):
        out.append(_rc("cp.force_war_as_chonk", opt, _force_war_as_chonk(opt), _force_war_overrides))
    for opt in ("master_ends", "passes_on"):
        out.append(_rc("cp.skip_master_empty_handed", opt, _skip_master_empty_handed(opt),
                       lambda s, o: ["cp.skip.2", *_lead_overrides(s, o)]))
    for opt in ("one_type", "each_card"):
        out.append(_rc("cp.spoiled_trump", opt, _spoiled_trump(opt), _spoiled_trump_overrides))
    for opt in ("a_war_card", "counts"):
        out.append(_rc("cp.war_held_as_chonk", opt, _war_held(opt), _war_held_overrides))
    for opt in ("discard_deck", "table"):
        out.append(_rc("cp.skip_discard_to", opt, _skip_discard_to(opt), ("cp.skip.1",)))
    for opt in ("next_seat", "next_with_a_card"):
        out.append(_rc("cp.next_player_empty_handed", opt, _next_player_empty_handed(opt)))
    for opt in ("holders_only", "any_player"):
        out.append(_rc("cp.steal_empty_hand", opt, _steal_targets_option("cp.steal_empty_hand", opt),
                       _steal_overrides(opt)))
    for opt in ("others_only", "include_self"):
        out.append(_rc("cp.steal_from_self", opt, _steal_targets_option("cp.steal_from_self", opt),
                       _steal_self_overrides(opt)))
    for opt in ("no_effect", "snatch"):
        out.append(_rc("cp.steal_nothing_to_draw", opt, _steal_nothing_to_draw(opt),
                       ("cp.steal.1",) if opt == "no_effect" else ()))
    for opt in ("discard_deck", "no_draw"):
        out.append(_rc("cp.steal_victim_draw_fallback", opt, _steal_victim_fallback(opt),
                       () if opt == "discard_deck" else ("cp.empty-draw.1",)))
    for opt in ("victim_only", "stealer_too"):
        out.append(_rc("cp.steal_stealer_draws", opt, _steal_stealer_draws(opt)))
    for opt in ("chonk_only", "chonk_and_draw"):
        out.append(_rc("cp.war_chonk_effect", opt, _war_chonk_effect(opt), _war_chonk_effect_overrides(opt)))
    for opt in ("at_once", "on_their_turn"):
        out.append(_rc("cp.war_draw_when", opt, _war_draw_when(opt), _war_draw_when_overrides))
    for opt in ("keeps_war", "ends_war"):
        out.append(_rc("cp.war_chonk_ends_war", opt, _war_chonk_ends_war(opt)))
    for opt in WARS_OF_OPTION:
        out.append(_rc("cp.war_chonk_scoring", opt, _war_chonk_scoring(opt), _scoring_overrides))
    for opt in ("sets_trump", "no_trump"):
        out.append(_rc("cp.war_chonk_sets_trump", opt, _war_chonk_sets_trump(opt), ("cp.round.2",)))
        out.append(_rc("cp.chonk_sets_trump", opt, _chonk_sets_trump(opt), ("cp.round.2",)))
    for opt in ("before_each_turn", "own_turn"):
        out.append(_rc("cp.war_window", opt, _war_window(opt), () if opt == "before_each_turn" else ("cp.war.1",)))
    for opt in ("anytime", "own_turn_only"):
        out.append(_rc("cp.war_call_as_chonk", opt, _war_call_as_chonk(opt), ("cp.war.1",)))
    return out


# --------------------------------------------------------------------------- what is not formalised

UNFORMALISED: dict[str, str] = {
    **{f"cp.setup.{i}": "set-up: the shuffle and the deal are a chance step, an input of every situation"
       for i in (1, 2, 3, 4)},
    **{f"cp.players.{i}": "the cards tossed out by player count: the deck of the configuration (the explorer "
       "checks cards are conserved)" for i in (1, 2, 3)},
    "cp.round.6": "a claim ('should have the same number of cards'), not a rule: checked as an invariant by the "
                  "explorer (cp.claim.same-cards-left)",
    "cp.winning.3": "'Peek at any time, but no playing or drawing from this pile': what a player sees (whose win "
                    "piles: the ruling point cp.win_pile_visibility, read by the players' observations, not by any "
                    "step), and a prohibition no step's outcome can break (no outcome moves a card out of a win pile)",
    "cp.force.2": "'You don't see their cards before asking': what a player sees, not what a step decides",
    "cp.see.4": "'Only you get to see it': what a player sees, not what a step decides",
}


def whole_outcome_is(o: Outcome, key: tuple[tuple[str, str], ...], aspects: Collection[str] | None = None) -> Any:
    """The outcomes whose comparison key is ``key``: Chonker Party compares whole outcomes (every
    variable's value, :meth:`Spec.key`), so exactly the outcome ``key`` lists, and none if it
    names other variables than the situation's. With ``aspects`` (variable names), the outcomes
    that agree with ``key`` on those variables alone."""
    if len(key) != len(o.vars) or any(n not in o.vars for n, _ in key):
        return False
    return conj(*(o.eq(n, v) for n, v in key if aspects is None or n in aspects))


def _after_a_card_with_no_draw(s: Any) -> bool:
    """A card put down with nothing to draw from (:func:`no_effect`, :func:`steal_has_no_effect`, a War
    become a Chonk with both decks empty): where what "no effect" takes is asked."""
    return s.played is not None and s.action_source is None


def _after_a_war(s: Any) -> bool:
    """A War put down that may count as a Chonk (or any card played out of turn not known to be no
    Chonk, :func:`_called_war_goes_back`): where whether it is still a War is asked."""
    return s.played is not None and s.as_chonk is not False


SHARED_READINGS: dict[str, Any] = {
    "cp.read.no_effect_scope": _after_a_card_with_no_draw,
    "cp.read.tells_you_to_draw": _after_a_card_with_no_draw,
    "cp.read.war_chonk_still_war": _after_a_war,
    "cp.read.draw_requires_you": lambda s: s.action_source == "discard-deck",
    "cp.read.steal_also_draws": steal_taken,
    "cp.read.skip_next_player": next_seat_empty,
    "cp.read.force_next_player": next_seat_empty,
}
"""The reading points asked through what many steps share (whether the turn passes, who draws next
and from where, whether a War is still on: :func:`turn_passes`, :func:`victim_source`,
:func:`stealer_draws`, the principle ``frame.a_chonk_call_goes_back``), each with the situations
in which it can be asked. Every other point is asked only by the clauses that declare it. The
check refuses a point asked anywhere else (:func:`rulecheck.core.spec.check_declared`)."""

SPEC = Spec(
    game="chonker-party",
    outcome=party_outcome,
    key_term=whole_outcome_is,
    shared_readings=SHARED_READINGS,
    clauses=[
        master_starts_the_round_with_any_card, the_first_non_action_card_becomes_trump, play_continues_clockwise,
        players_place_one_card_face_up, round_ends_just_before_the_master, on_your_turn_play_whatever_card_you_want,
        master_keeps_the_round_going_with_a_trump_or_chonk, continue_only_with_a_trump_or_chonk,
        no_chonk_or_trump_play_a_draw_action, still_no_chonk_or_trump_the_last_collects,
        if_the_round_continues_cards_stay_and_trump_remains, goes_on_until_the_master_runs_out_or_ends_it,
        last_to_put_down_a_trump_or_chonk_wins, chonks_are_universal_trumps, sweet_trump_does_not_make_salty_trump,
        gather_the_played_cards_into_your_win_pile, draw_back_up_from_the_winner_clockwise,
        if_cards_run_out_share_them_evenly, no_draw_deck_continue_until_empty_handed,
        the_winner_starts_the_next_round, choose_pick_any_card_from_the_draw_deck, choose_from_the_discarded_deck,
        choose_then_play_any_new_card, stack_draw_and_play_cards, steal_snatch_a_random_card_from_any_player,
        the_player_stolen_from_draws, skip_the_next_player_discards, skip_at_round_end_forces_the_master_to_continue,
        see_everyone_shows_you_a_card_type, see_no_such_card_show_any_card, see_duplicates_one_is_enough,
        force_the_next_player_to_play_a_card_of_your_choice, force_at_round_end_forces_the_master_to_continue,
        force_without_the_card_play_anything_or_end, call_out_the_war_card_anytime,
        war_no_more_cards_drawn_at_round_end, war_ends_when_everyone_runs_out, war_draw_a_new_card_and_play_another,
        a_war_card_becomes_a_chonk, empty_draw_deck_use_the_discard_deck, empty_decks_the_action_card_has_no_effect,
        game_over_when_all_cards_are_played, most_points_wins, tied_the_most_chonk_cards_wins,
        still_tied_the_most_cards_wins, all_four_spoiled_win_automatically,
    ],
    principles=PRINCIPLES,
    readings=READINGS,
    rulings=_rulings(),
    unformalised=UNFORMALISED,
)

