"""Chonker Party's public forms of a state: the canonical view, and the check that a state read
from JSON is one the rules can produce. (What each player sees is
:meth:`~rulecheck.games.chonker_party.game.ChonkerParty.observation`.)

* :func:`view` is the game's facts only: hands, decks, table, win piles, trump, the last player
  to put down a trump or chonk, the Munchies Master, the War, whose turn it is and who decides,
  who is still to draw or to show, what a See a Card showed its asker, and at the end the
  outcome and winners. It leaves out the engine's bookkeeping (``mask`` and ``can_end``, the
  options of the decision, which the legal actions say; ``aux``, ``after`` and ``src``, whose
  meaning depends on the phase, become named fields of the phases they belong to) and blanks
  what earlier phases left behind.
* :func:`check_state` rejects what the rules cannot produce: fields of the wrong type or out of
  range (``seen`` with strings, floats, negatives or huge numbers), bookkeeping of one phase in
  another (a draw queue outside a draw, players to show outside a See a Card, a War window
  with nobody to call a War), winners and outcome before the end. Card conservation is checked
  when parsing.

The field descriptions here are the source of the JSON Schemas in ``docs/schemas/`` and of the
field tables of ``docs/encoding/chonker-party.md`` (``rulecheck.oracle.schemas``).
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from typing import Any

from rulecheck.core.encoding import ActionKind, Arg, Encoding, Field
from rulecheck.core.errors import InvalidStateError
from rulecheck.core.game import Pending, action_to_json
from rulecheck.games.chonker_party.cards import CHOOSE, NAMES, NK, WAR
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
)

__all__ = [
    "ACTIONS",
    "OBSERVATION_FIELDS",
    "SEEN_FIELDS",
    "STATE_FIELDS",
    "VIEW_FIELDS",
    "chance_count",
    "check_state",
    "deal_input",
    "encoding",
    "seen_from_json",
    "seen_to_json",
    "view",
]

_THEN_DISCARD = ("turn-passes", "master-continues", "round-ends")
_CARD = {"$ref": "#/$defs/card"}
_CARDS = {"$ref": "#/$defs/cards"}
_TABLE_CARDS = {"$ref": "#/$defs/tableCards"}
_PLAYER = {"$ref": "#/$defs/player"}
_PLAYER_OR_NONE = {"oneOf": [_PLAYER, {"type": "null"}]}
_PLAYERS = {"type": "array", "items": _PLAYER}
_SEAT = {"type": "integer", "minimum": -1, "maximum": 5}
_COUNT = {"type": "integer", "minimum": 0}
_BOOL = {"type": "boolean"}
_PER_PLAYER = {"minItems": 2, "maxItems": 6}

DEFS: Mapping[str, Mapping[str, Any]] = {
    "card": {"enum": list(NAMES[:NK]), "description": "a card type by name (everywhere: states, views, "
             "observations and actions); its code is its place in this list, 0 sweet ... 13 war. The named "
             "Chonks and Spoiled are one type each; a deal also accepts the names (raccoon, toast, rock, ...)"},
    "tableCard": {"enum": list(NAMES), "description": "a card on the table or in a win pile: a card type, or "
                  "war-chonk (code 14), a War played as a Chonk (cp.war.5-7)"},
    "cards": {"type": "array", "items": _CARD},
    "tableCards": {"type": "array", "items": {"$ref": "#/$defs/tableCard"}},
    "player": {"type": "integer", "minimum": 0, "maximum": 5, "description": "a player's seat, 0 first, "
               "clockwise"},
    "seen": {"oneOf": [{"type": "null"}, {"$ref": "#/$defs/seenMemory"}]},
}
"""Shared JSON Schema definitions of the Chonker Party encoding."""

SEEN_FIELDS: tuple[Field, ...] = (
    Field("asker", _PLAYER, "the player who played the See a Card"),
    Field("type", _CARD, "the card type the asker named"),
    Field("shown", {"type": "array", "items": {"type": "array", "prefixItems": [_PLAYER, {"oneOf": [
          _CARD, {"type": "null"}]}], "minItems": 2, "maxItems": 2, "items": False}},
          "what each other player showed, in the order they showed: [player, card]; card null: nothing the "
          "asker may know (no card at all, or under cp.see_no_such_card a player without the type named)"),
)
"""The fields of a See a Card memory (``seen``)."""

STATE_FIELDS: tuple[Field, ...] = (
    Field("phase", {"enum": list(PHASES)}, "what happens next: deal (chance: the deal), munchies-master (chance: "
          "who is the first Munchies Master), play (actor plays a card), continue (the Munchies Master continues "
          "the round or ends it), draw (chance: the first player of queue draws a card), choose (Choose: actor "
          "picks a card from the deck src), steal-from (Steal: actor picks whom to steal from), stolen (chance: "
          "which card is stolen), name-type (See a Card or Force: actor names a card type), show (See a Card: "
          "actor shows the asker a card), discard (Skip: actor discards a card of his choice), discard-random "
          "(chance: Skip, the card actor discards), over (the game ended)"),
    Field("actor", _SEAT, "the player who decides in a player phase (in stolen: the stealer; in discard and "
          "discard-random: the skipped player); -1 none; elsewhere left over"),
    Field("turn", _SEAT, "the player whose turn it is (the asker of a See a Card, the stealer, ...); -1 none"),
    Field("hands", {"type": "array", "items": _CARDS, **_PER_PLAYER}, "each player's hand, sorted by code"),
    Field("draw_deck", _CARDS, "the draw deck, sorted by code (its order is hidden: every draw is a chance "
          "action)"),
    Field("discard_deck", _CARDS, "the discard deck (dealt face down at the start, cp.setup.3), sorted by code"),
    Field("table", _TABLE_CARDS, "the cards played this round, sorted by code"),
    Field("win_piles", {"type": "array", "items": _TABLE_CARDS, **_PER_PLAYER}, "each player's win pile (the "
          "rounds he won), sorted by code"),
    Field("trump", {"enum": [*NAMES[:CHOOSE], None]}, "the trump card type, or null before the first non-action "
          "card of the round"),
    Field("last", _SEAT, "the last player to put down a trump or chonk this round (who would win it now); "
          "-1 nobody"),
    Field("master", _PLAYER, "the Munchies Master of this round (who started it)"),
    Field("war", _BOOL, "a War is in effect: no cards are drawn after a round (cp.war.2)"),
    Field("mask", {"type": "integer", "minimum": 0, "maximum": (1 << NK) - 1}, "engine bookkeeping, a bitmask "
          "whose meaning depends on the phase: in play, continue, choose, name-type, show and discard the card "
          "types the decision may take (bit k: card code k); in steal-from the players who may be stolen from "
          "(bit p); at the end the winners (bit p); in other phases left over. Not in the view: the legal "
          "actions say the same"),
    Field("can_end", _BOOL, "engine bookkeeping: in continue, whether end_round is allowed; in play, whether "
          "play_nothing is (after a Choose, under cp.choose_play_optional = may_stop); elsewhere left over"),
    Field("window", _BOOL, "before this play or continue decision, the players holding a War may call it out "
          "(cp.war.1; the actor is then race)"),
    Field("cont", _BOOL, "this turn is the Munchies Master continuing the round"),
    Field("queue", _PLAYERS, "in draw, the players still to draw one card each, in order; empty elsewhere"),
    Field("src", {"enum": [0, 1]}, "in draw and choose, 0: from the draw deck, 1: from the discard deck (the draw "
          "deck is empty, cp.empty-draw.1); elsewhere left over"),
    Field("after", {"enum": list(AFTERS)}, "in draw, what follows the draws: extra-play (the drawer plays another "
          "card), window (back to the decision a War was called out before; aux is its phase code), next-round, "
          "turn (the drawer's turn of play follows: the new card of a War they called out, cp.war_draw_when); "
          "elsewhere left over"),
    Field("aux", {"type": "integer", "minimum": -1, "maximum": NK}, "engine bookkeeping whose meaning depends on "
          "the phase: name-type 0 See a Card, 1 Force; show: the type named (card code); stolen: the player stolen "
          "from; discard and discard-random: what follows (0 the turn passes, 1 the Munchies Master must "
          "continue, 2 the round ends); draw after window: the phase to go back to (2 play, 3 continue); draw "
          "after turn: the type a Force named for that turn (card code), -1 none; over: "
          "the outcome (0 most-points, 1 chonk-tiebreak, 2 cards-tiebreak, 3 four-spoiled, 4 still-tied); "
          "otherwise -1"),
    Field("pend", _PLAYERS, "in show, the players still to show the asker a card, in order; empty elsewhere"),
    Field("seen", {"$ref": "#/$defs/seen"}, "the last See a Card of this round, known only to its asker: "
          "{asker, type, shown}, or null"),
    Field("owed", _PLAYERS, "the players who called out a War on another player's turn and draw its new card "
          "when their turn of play comes (cp.war.4, ruling cp.war_draw_when = on_their_turn), one entry per card, "
          "sorted; read as empty if left out"),
)
"""Each field of a Chonker Party state as the reference engine writes it (``state`` in responses)."""

VIEW_FIELDS: tuple[Field, ...] = (
    Field("phase", {"enum": list(PHASES)}, "what happens next (as in the state)"),
    Field("actor", _PLAYER_OR_NONE, "the player who decides now, or whose hidden card chance picks (stolen: the "
          "stealer; discard-random: the skipped player); null in the deal, munchies-master, draw and over phases"),
    Field("turn", _PLAYER_OR_NONE, "the player whose turn it is (the asker of a See a Card, the stealer, ...); "
          "null before the first round, between rounds and at the end"),
    Field("hands", {"type": "array", "items": _CARDS, **_PER_PLAYER}, "each player's hand, sorted by code"),
    Field("draw_deck", _CARDS, "the draw deck, sorted by code"),
    Field("discard_deck", _CARDS, "the discard deck, sorted by code"),
    Field("table", _TABLE_CARDS, "the cards played this round, sorted by code"),
    Field("win_piles", {"type": "array", "items": _TABLE_CARDS, **_PER_PLAYER}, "each player's win pile, sorted "
          "by code"),
    Field("trump", {"enum": [*NAMES[:CHOOSE], None]}, "the trump card type, or null"),
    Field("last_trump_or_chonk", _PLAYER_OR_NONE, "the last player to put down a trump or chonk this round, or "
          "null"),
    Field("munchies_master", _PLAYER_OR_NONE, "the Munchies Master of this round (null before the first one is "
          "chosen)"),
    Field("war", _BOOL, "a War is in effect"),
    Field("continuing", _BOOL, "this turn is the Munchies Master continuing the round"),
    Field("war_window", _BOOL, "before this decision the players holding a War may call it out (the actor is "
          "race)"),
    Field("drawing", _PLAYERS, "in draw, the players still to draw one card each, in order; else empty"),
    Field("draw_from", {"enum": ["draw-deck", "discard-deck", None]}, "in draw and choose, the deck drawn from; "
          "else null"),
    Field("then", {"enum": ["play-another-card", "back-to-play", "back-to-continue", "next-round", "their-turn",
                            *_THEN_DISCARD, None]},
          "in draw: play-another-card, back-to-play or back-to-continue (a War was called out before that "
          "decision), next-round, their-turn (the drawer owed a War's new card; their turn follows); in discard "
          "and discard-random: turn-passes, master-continues, round-ends; else null"),
    Field("naming_for", {"enum": ["see", "force", None]}, "in name-type, see (See a Card) or force (Force); else "
          "null"),
    Field("named", {"oneOf": [_CARD, {"type": "null"}]}, "in show, the card type the asker named; else null"),
    Field("victim", _PLAYER_OR_NONE, "in stolen, the player stolen from; else null"),
    Field("to_show", _PLAYERS, "in show, the players still to show the asker a card, in order; else empty"),
    Field("seen", {"$ref": "#/$defs/seen"}, "the last See a Card of this round (as in the state), or null"),
    Field("war_draws_owed", _PLAYERS, "the players who owe a War's new card, drawn when their turn comes (as "
          "'owed' in the state)"),
    Field("outcome", {"enum": [*OUTCOMES, None]}, "at the end, how the game ended (see the outcomes); else null"),
    Field("winners", _PLAYERS, "at the end, the winners (several on a shared win, none if nobody wins); else "
          "empty"),
)
"""Each field of the Chonker Party view (``view`` in responses): the game's facts only."""

OBSERVATION_FIELDS: tuple[Field, ...] = (
    Field("player", _PLAYER, "the observing player"),
    Field("phase", {"enum": list(PHASES)}, "what happens next (as in the state)"),
    Field("to_act", {"type": "integer", "minimum": -6, "maximum": 5}, "who acts: a player, or -1 chance, -2 race "
          "(a War may be called out), -6 ruling, -4 terminal"),
    Field("hand", _CARDS, "the observer's own hand, sorted by code"),
    Field("hand_sizes", {"type": "array", "items": _COUNT, **_PER_PLAYER}, "how many cards each player holds"),
    Field("table", _TABLE_CARDS, "the cards played this round (face up), sorted by code"),
    Field("trump", {"enum": [*NAMES[:CHOOSE], None]}, "the trump card type, or null"),
    Field("last_trump_or_chonk", _PLAYER_OR_NONE, "the last player to put down a trump or chonk this round, or "
          "null"),
    Field("munchies_master", _PLAYER, "the Munchies Master of this round"),
    Field("war", _BOOL, "a War is in effect"),
    Field("draw_deck", _COUNT, "how many cards are in the draw deck"),
    Field("discard_deck", _COUNT, "how many cards are in the discard deck"),
    Field("win_piles", {"type": "array", "items": {"oneOf": [_TABLE_CARDS, {
          "type": "object", "properties": {"cards": _COUNT}, "required": ["cards"], "additionalProperties": False}]},
          **_PER_PLAYER},
          "each player's win pile: its cards where the observer may look at it (his own; everyone's under "
          "cp.win_pile_visibility = everyone), else {\"cards\": how many}"),
    Field("war_draws_owed", _PLAYERS, "the players who owe a War's new card, drawn when their turn comes (a "
          "call everyone saw)"),
    Field("seen", {"type": "object", "properties": {"type": _CARD, "shown": SEEN_FIELDS[2].schema},
                   "required": ["type", "shown"], "additionalProperties": False},
          "only for the asker of the round's last See a Card: what he saw, {type, shown} (as in the state)"),
    Field("pending_ruling", {"type": "string"}, "only at a pending state (an open ruling point under the raw "
          "ruleset): its ID"),
)
"""Each field of a Chonker Party observation (``observation`` command): what one player sees."""

OUTCOME_MEANINGS: Mapping[str, str] = {
    "most-points": "the player with the most points in his win pile wins (cp.finishing.3)",
    "chonk-tiebreak": "tied on points: the one with the most CHONK cards wins (cp.finishing.4)",
    "cards-tiebreak": "still tied: the one with the most cards wins (cp.finishing.5)",
    "four-spoiled": "a player collected all the Spoiled cards of the deck and wins outright (cp.finishing.6)",
    "still-tied": "tied after every tie-break: shared win or nobody wins (ruling cp.final_tie)",
}
"""The ``outcome`` of a terminal Chonker Party step."""

_KIND = Arg("card", _CARD, "the card type")
ACTIONS: tuple[ActionKind, ...] = (
    ActionKind("deal", "chance", "shuffle, deal a hand to each player and one face down as the discard deck; the "
               "rest is the draw deck (cp.setup.1-4). The root's only actions", (
                   Arg("hands", {"type": "array", "items": _CARDS}, "each player's hand, sorted by code"),
                   Arg("discard", _CARDS, "the discard deck, sorted by code"))),
    ActionKind("munchies_master", "chance", "who is the first Munchies Master (cp.round.1: 'last person to "
               "snack'; under cp.first_master = chance)", (Arg("player", _PLAYER, "the Munchies Master"),)),
    ActionKind("draw", "chance", "the first player of the draw queue draws this card from the deck src", (_KIND,)),
    ActionKind("stolen", "chance", "Steal: the random card taken from the victim (aux)", (_KIND,)),
    ActionKind("discarded", "chance", "Skip: the random card the skipped player discards (under "
               "cp.skip_discard_choice = random)", (_KIND,)),
    ActionKind("play", "player", "the actor plays this card from his hand face up (cp.round.3-4)", (_KIND,)),
    ActionKind("continue_round", "player", "the Munchies Master keeps the round going with this card "
               "(cp.continuing.1-3)", (_KIND,)),
    ActionKind("end_round", "player", "the Munchies Master ends the round: the last player to put down a trump or "
               "chonk takes the cards (cp.continuing.4, cp.winning.1)"),
    ActionKind("play_nothing", "player", "after a Choose, the actor plays no card and his turn ends (cp.choose.3, "
               "under cp.choose_play_optional = may_stop)"),
    ActionKind("choose_card", "player", "Choose: the actor takes this card from the deck src (cp.choose.1)",
               (_KIND,)),
    ActionKind("steal_from", "player", "Steal: the actor steals a random card from this player (cp.steal.1)",
               (Arg("player", _PLAYER, "the victim"),)),
    ActionKind("name_type", "player", "See a Card or Force: the actor names this card type (cp.see.1, "
               "cp.force.1)", (_KIND,)),
    ActionKind("show", "player", "See a Card: the actor shows the asker this card (cp.see.1-3)", (_KIND,)),
    ActionKind("discard", "player", "Skip: the skipped player discards this card (cp.skip.1)", (_KIND,)),
    ActionKind("call_war", "race", "this player calls out a War before the actor's decision (cp.war.1)",
               (Arg("player", _PLAYER, "who calls the War"),)),
    ActionKind("no_war", "race", "nobody calls out a War; the actor decides"),
    ActionKind("ruling", "ruling", "at a pending state (raw ruleset), the ruleset's answer to the open ruling "
               "point; the pending action is then applied with it", (
                   Arg("ruling", {"type": "string"}, "the ruling point's ID (the state's pending)"),
                   Arg("option", {"type": "string"}, "one of its options (rulecheck rulings chonker-party)"))),
)
"""Every kind of Chonker Party action."""

_DEAL_CARDS = {"type": "array", "items": {"type": "string"}}
DEAL_INPUT: Mapping[str, Any] = {
    "description": "an explicit deal for new_game: {hands: one list per player, discard: the discard deck}, or a "
                   "list of players + 1 piles (the last is the discard deck); each as many cards as a hand; card "
                   "names (case-insensitive, with the aliases raccoon, duck, ..., toast, ..., rock); the rest of "
                   "the deck is the draw deck",
    "oneOf": [
        {"type": "object", "properties": {"hands": {"type": "array", "items": _DEAL_CARDS}, "discard": _DEAL_CARDS},
         "required": ["hands", "discard"]},
        {"type": "array", "items": _DEAL_CARDS},
    ],
}


def deal_input(action: list[Any]) -> dict[str, Any]:
    """The ``deal`` of a ``new_game`` request that plays the deal action ``action`` (JSON)."""
    return {"hands": action[1], "discard": action[2]}


def encoding() -> Encoding:
    """Chonker Party's encoding on the wire (:mod:`rulecheck.core.encoding`)."""
    return Encoding(
        game="chonker-party", title="Chonker Party", defs=DEFS, state=STATE_FIELDS, view=VIEW_FIELDS,
        observation=OBSERVATION_FIELDS, actions=ACTIONS, deal=DEAL_INPUT, nested={"seenMemory": SEEN_FIELDS},
        outcomes=OUTCOME_MEANINGS,
    )


_PLAYER_PHASES = frozenset({PH_PLAY, PH_CONTINUE, PH_CHOOSE, PH_STEAL_FROM, PH_NAME, PH_SHOW, PH_DISCARD})


# ---------------------------------------------------------------------- seen


def seen_to_json(seen: tuple[Any, ...]) -> dict[str, Any] | None:
    """``seen`` as JSON: ``{"asker": p, "type": name, "shown": [[q, name or null], ...]}`` or null."""
    if not seen:
        return None
    asker, kind, shown = seen
    return {"asker": asker, "type": NAMES[kind], "shown": [[q, NAMES[k] if k >= 0 else None] for q, k in shown]}


def seen_from_json(raw: Any, players: int) -> tuple[Any, ...]:
    """``seen`` from JSON, every part checked; InvalidStateError naming the part otherwise."""
    if raw is None:
        return ()
    if not isinstance(raw, Mapping) or set(raw) != {f.name for f in SEEN_FIELDS}:
        raise InvalidStateError("state field 'seen' must be null or an object {asker, type, shown}")
    asker = _player(raw["asker"], players, "seen.asker")
    kind = _kind(raw["type"], "seen.type")
    shown = raw["shown"]
    if not isinstance(shown, list):
        raise InvalidStateError("state field 'seen.shown' must be a list of [player, card or null] pairs")
    out: list[tuple[int, int]] = []
    for i, pair in enumerate(shown):
        where = f"seen.shown[{i}]"
        if not isinstance(pair, list) or len(pair) != 2:
            raise InvalidStateError(f"state field '{where}' must be a [player, card or null] pair")
        q = _player(pair[0], players, where)
        if q == asker or any(q == r for r, _ in out):
            raise InvalidStateError(f"state field '{where}': player {q} is the asker or has already shown")
        out.append((q, -1 if pair[1] is None else _kind(pair[1], where)))
    return (asker, kind, tuple(out))


def _player(value: Any, players: int, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < players:
        raise InvalidStateError(f"state field '{where}' must be a player index 0..{players - 1}, got {value!r}")
    return value


def _kind(value: Any, where: str) -> int:
    if not isinstance(value, str) or value not in NAMES[:NK]:
        raise InvalidStateError(f"state field '{where}' must be a card type name, got {value!r}")
    return NAMES.index(value)


# ---------------------------------------------------------------------- view


def view(game: Any, state: Hashable) -> dict[str, Any]:
    """The canonical public form of ``state`` (see the module docstring); a pending state keeps
    its wrapper around the view of ``before``."""
    if isinstance(state, Pending):
        return {"pending": state.ruling, "before": view(game, state.before),
                "action": action_to_json(state.action), "fixed": [list(f) for f in state.fixed]}
    s: State = state  # type: ignore[assignment]
    ph = s.phase
    names = game.state_to_json(s)
    over = ph == PH_OVER
    between = ph in (PH_DEAL, PH_MASTER, PH_OVER) or (ph == PH_DRAW and s.after == AFTER_ROUND)
    return {
        "phase": PHASES[ph],
        "actor": s.actor if ph in _PLAYER_PHASES or ph in (PH_STOLEN, PH_DISCARD_RANDOM) else None,
        "turn": None if between else s.turn,
        "hands": names["hands"],
        "draw_deck": names["draw_deck"],
        "discard_deck": names["discard_deck"],
        "table": names["table"],
        "win_piles": names["win_piles"],
        "trump": names["trump"],
        "last_trump_or_chonk": s.last if s.last >= 0 else None,
        "munchies_master": None if ph in (PH_DEAL, PH_MASTER) else s.master,
        "war": s.war,
        "continuing": s.cont,
        "war_window": s.window,
        "drawing": list(s.queue),
        "draw_from": ("draw-deck", "discard-deck")[s.src] if ph in (PH_DRAW, PH_CHOOSE) else None,
        "then": _then(s),
        "naming_for": ("see", "force")[s.aux] if ph == PH_NAME else None,
        "named": NAMES[s.aux] if ph == PH_SHOW else None,
        "victim": s.aux if ph == PH_STOLEN else None,
        "to_show": list(s.pend),
        "seen": seen_to_json(s.seen),
        "war_draws_owed": list(s.owed),
        "outcome": OUTCOMES[s.aux] if over else None,
        "winners": [p for p in range(game.n) if s.mask >> p & 1] if over else [],
    }


def _then(s: State) -> str | None:
    if s.phase == PH_DRAW:
        if s.after == AFTER_EXTRA:
            return "play-another-card"
        if s.after == AFTER_WINDOW:
            return "back-to-play" if s.aux == PH_PLAY else "back-to-continue"
        if s.after == AFTER_TURN:
            return "their-turn"
        return "next-round"
    if s.phase in (PH_DISCARD, PH_DISCARD_RANDOM):
        return _THEN_DISCARD[s.aux]
    return None


def chance_count(game: Any, state: Hashable) -> int | None:
    """How many distinct outcomes the chance node ``state`` has: None for the deal (too many to
    count cheaply), else the players (munchies-master) or the card types in the hand or deck."""
    s: State = state  # type: ignore[assignment]
    if s.phase == PH_DEAL:
        return None
    return len(game.chance_outcomes(s))


# ---------------------------------------------------------------------- checks


def check_state(game: Any, state: Hashable, data: Mapping[str, Any]) -> None:
    """Raise InvalidStateError naming the field if the rules of ``game`` cannot produce ``state``."""
    s: State = state  # type: ignore[assignment]
    extra = sorted(set(data) - {f.name for f in STATE_FIELDS})
    if extra:
        raise InvalidStateError(f"state field {extra[0]!r} is not a field of a chonker-party state")
    if s.owed and game._choices.get("cp.war_draw_when") == "at_once":
        raise InvalidStateError("state field 'owed': under cp.war_draw_when = at_once a War's new card is drawn at "
                                "once, so nobody owes one")
    if s.phase == PH_DEAL:
        if s != game.root_state():
            raise InvalidStateError("state field 'phase': before the deal nothing is dealt, played or set")
        return
    n = game.n
    _check_bookkeeping(s, n)
    _check_cards(s)
    if s.window and (s.phase not in (PH_PLAY, PH_CONTINUE)
                     or not any(h[WAR] for q, h in enumerate(s.hands) if q != s.actor)):
        raise InvalidStateError("state field 'window': a War can be called out only before a play or continue "
                                "decision, by another player holding a War")


def _check_bookkeeping(s: State, n: int) -> None:
    ph = s.phase
    if ph in _PLAYER_PHASES and s.actor < 0:
        raise InvalidStateError(f"state field 'actor': phase {PHASES[ph]!r} needs a player to decide")
    if (ph == PH_DRAW) != bool(s.queue):
        raise InvalidStateError("state field 'queue' lists players to draw exactly in the draw phase")
    if s.pend and ph != PH_SHOW:
        raise InvalidStateError("state field 'pend' lists players to show only in the show phase")
    limits = {PH_NAME: (0, 1), PH_SHOW: (0, NK - 1), PH_STOLEN: (0, n - 1), PH_DISCARD: (0, 2),
              PH_DISCARD_RANDOM: (0, 2), PH_OVER: (0, len(OUTCOMES) - 1)}
    if ph == PH_DRAW and s.after == AFTER_WINDOW:
        limits[PH_DRAW] = (PH_PLAY, PH_CONTINUE)
    if ph == PH_DRAW and s.after == AFTER_TURN:
        limits[PH_DRAW] = (-1, NK - 1)
        if set(s.queue) != {s.turn}:
            raise InvalidStateError("state field 'queue': a War's owed cards are drawn by the player whose turn "
                                    "comes ('turn'), and only by them")
    lo, hi = limits.get(ph, (-1, -1))
    if not lo <= s.aux <= hi:
        raise InvalidStateError(f"state field 'aux' must be {lo}..{hi} in phase {PHASES[ph]!r}, got {s.aux}")
    if ph == PH_OVER:
        if s.mask >> n:
            raise InvalidStateError(f"state field 'mask': at the end it is the winners, players 0..{n - 1}")
        if s.actor != -1 or s.cont or s.can_end:
            raise InvalidStateError("state field 'actor'/'cont'/'can_end': nobody decides when the game is over")
    elif ph == PH_STEAL_FROM:
        if not s.mask or s.mask >> n:
            raise InvalidStateError(f"state field 'mask': in steal-from, a non-empty set of players 0..{n - 1}")
    elif ph in (PH_PLAY, PH_CHOOSE, PH_NAME, PH_SHOW, PH_DISCARD) and not s.mask:
        raise InvalidStateError(f"state field 'mask': phase {PHASES[ph]!r} needs the card types it may take")
    if s.mask >> NK:
        raise InvalidStateError(f"state field 'mask' must be below 2^{NK}, got {s.mask}")
    if ph in (PH_DEAL, PH_MASTER) and (s.turn != -1 or s.last != -1):
        raise InvalidStateError("state field 'turn'/'last': nobody has played before the first round")


def _check_cards(s: State) -> None:
    if s.trump >= CHOOSE:
        raise InvalidStateError(f"state field 'trump': {NAMES[s.trump]} is an action card, never trump")
    if s.phase == PH_CHOOSE and not any(s.draw if s.src == 0 else s.discard):
        raise InvalidStateError("state field 'src': Choose picks from a deck that is empty")
    deck = sum(s.draw if s.src == 0 else s.discard)
    if s.phase == PH_DRAW and s.after in (AFTER_EXTRA, AFTER_TURN) and not deck:
        raise InvalidStateError("state field 'src': the next player to draw draws from a deck that is empty")
    if s.phase == PH_DRAW and s.after in (AFTER_WINDOW, AFTER_ROUND) and deck < len(s.queue):
        raise InvalidStateError("state field 'queue': more players to draw than cards in the deck they draw from")
    if s.phase in (PH_STOLEN,) and not any(s.hands[s.aux]):
        raise InvalidStateError("state field 'aux': the player stolen from holds no card")
    if s.phase == PH_DISCARD_RANDOM and not any(s.hands[s.actor]):
        raise InvalidStateError("state field 'actor': the skipped player holds no card to discard")
    if s.seen and s.seen[0] != s.turn and s.phase == PH_SHOW:
        raise InvalidStateError("state field 'seen.asker': while players show, the asker is the player whose "
                                "turn it is")
