"""Chomp!'s public forms of a state: the canonical view, what each player sees, and the check
that a state read from JSON is one the rules can produce.

* :func:`view` is the state's facts only (piles, discard piles, the table, the set-aside cards,
  the centre, who is still in, the race, what the next turn-over is, the outcome): the state's
  JSON without the engine's bookkeeping (``race_flags``, the ruling answers a race was started
  with, and ``resume``, what the engine does after a shuffle). Another implementation can
  produce it from its own state; the conformance harness compares it when asked to.
* :func:`observation` is what one player sees: the face-up cards on the table and how many
  cards are in every face-down pile (piles, discard piles, set-aside stacks, the centre, the
  cards out of play). Nobody looks at a pile ("Don't look!", en.setup.5), not even his own.
* :func:`check_state` rejects what the rules cannot produce: a state of another variant (its
  ``mode``), bookkeeping of a phase in another (a shuffle without a player, a Bad Chomp outside
  a race, an outcome before the end), cards of a player who is out, a race whose ruling answers
  are not the ones this ruleset gives for its cards. Card conservation is checked when parsing.

The field descriptions here are the source of the JSON Schemas in ``docs/schemas/`` and of the
field tables of ``docs/encoding/chomp.md`` (``rulecheck.oracle.schemas``).
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from typing import Any

from rulecheck.core.encoding import ActionKind, Arg, Encoding, Field
from rulecheck.core.errors import InvalidStateError
from rulecheck.core.game import Pending, action_to_json
from rulecheck.core.provenance import Context, Undetermined
from rulecheck.games.chomp.cards import CARD_NAMES, KINDS, count_sequences
from rulecheck.games.chomp.state import (
    CHOMP_RAPIDO,
    DEAL,
    DOBLE_CHOMP,
    FLAG_NAMES,
    KIND_MASK,
    LAST_TWO,
    MODE_NAMES,
    OUTCOME_NAMES,
    OVER,
    PHASE_NAMES,
    R_NONE,
    R_PENALTY,
    R_RACE,
    RACE,
    RACE_KIND_NAMES,
    REPLAY,
    RESUME_NAMES,
    RK_CHOMP,
    RK_DOBLE,
    RK_EEL,
    RK_FRENZY,
    RK_INKOUT,
    RK_NONE,
    RK_RAPIDO,
    SHUFFLE,
    STANDARD,
    STEP_NAMES,
    TIE_REPLAY,
    TURN,
    UNDERWATER_WAR,
    WAR,
    ChompState,
    players_of,
)

__all__ = [
    "ACTIONS",
    "OBSERVATION_FIELDS",
    "OBSERVED_PLAYER_FIELDS",
    "OUTCOMES",
    "PLAYER_FIELDS",
    "STATE_FIELDS",
    "VIEW_FIELDS",
    "VIEW_OMITS",
    "chance_count",
    "check_state",
    "deal_input",
    "encoding",
    "observation",
    "view",
]

_CARD = {"$ref": "#/$defs/card"}
_CARDS = {"$ref": "#/$defs/cards"}
_CODES = {"$ref": "#/$defs/codes"}
_PLAYER = {"$ref": "#/$defs/player"}
_COUNT = {"type": "integer", "minimum": 0}
_BOOL = {"type": "boolean"}

DEFS: Mapping[str, Mapping[str, Any]] = {
    "card": {"enum": list(CARD_NAMES), "description": "a card by name, in states, views and observations; its "
             "code (in actions) is its place in this list: 0 plankton, 1 shrimp, 2 littlefish, 3 bigfish, "
             "4 seal, 5 shark (the food chain, lowest first), 6 eel (Electric Eel), 7 octopus"},
    "cards": {"type": "array", "items": _CARD},
    "code": {"type": "integer", "minimum": 0, "maximum": len(CARD_NAMES) - 1,
             "description": "a card by code, in actions (see card)"},
    "codes": {"type": "array", "items": {"$ref": "#/$defs/code"}},
    "player": {"type": "integer", "minimum": 0, "maximum": 9, "description": "a player's seat, 0 first"},
}
"""Shared JSON Schema definitions of the Chomp! encoding."""

PLAYER_FIELDS: tuple[Field, ...] = (
    Field("pile", _CARDS, "his face-down pile, top card first (the order cards are turned over)"),
    Field("discard", _CARDS, "his discard pile, face down: the cards he won or got back, sorted by code "
                             "(shuffled before use)"),
    Field("table", _CARDS, "his face-up cards of this round (what can be slapped): one card, two in Doble Chomp, "
                           "the face-up card of a war"),
    Field("aside", _CARDS, "his set-aside cards of this round, sorted by code: the cards of an Ink Out or tie "
                           "round, the face-down cards of a war, the first cards after an Octopus in a 2-player "
                           "game; the round's winner takes them all"),
    Field("aside_tie", _CARDS, "his set-aside cards of a tie round of which the replay's winner takes only those "
                               "she can chomp (ruling chomp.tie_replay_winnings = chompable_only), sorted by code"),
    Field("aside_bad", _CARDS, "his set-aside cards of an Ink Out or tie round in which he made a Bad Chomp, sorted "
                               "by code: the round's winner takes them all; if nobody wins, they go to the centre "
                               "(en.bad-chomp.8-9)"),
    Field("active", _BOOL, "still in the game (false: washed up, en.ending.1)"),
    Field("bad_chomp", _BOOL, "made a Bad Chomp in this race"),
    Field("may_win", _BOOL, "may still win this race (false: barred by chomp.bad_chomper_may_win after a Bad "
                            "Chomp)"),
    Field("may_bad_chomp", _BOOL, "may still make a Bad Chomp in this race (false: chomp.bad_chomp_again after "
                                  "one)"),
    Field("replays", _BOOL, "plays a card in the current or coming replay (after an Ink Out or a tie); the engine "
                            "keeps the last replay's players until the round ends (the view: false unless the "
                            "step is a replay)"),
    Field("winner", _BOOL, "won the game (terminal states only; several on a shared win)"),
)
"""Each field of a player's entry in ``players`` of a Chomp! state (and view)."""

STATE_FIELDS: tuple[Field, ...] = (
    Field("mode", {"enum": list(MODE_NAMES)}, "the rules in force: the variant, or the 2-player game a 3+ player "
          "game switched to when two players were left (ruling chomp.two_left)"),
    Field("phase", {"enum": list(PHASE_NAMES)}, "what happens next: deal (chance: the deal), turn (the players "
          "turn over cards), race (the slap race), shuffle (chance: a discard pile is shuffled into a pile), over "
          "(the game ended)"),
    Field("players", {"type": "array", "items": {"$ref": "#/$defs/playerState"}, "minItems": 2, "maxItems": 10},
          "one entry per player, in seat order (player 0 first)"),
    Field("centre", _CARDS, "ownerless face-down cards in the centre (Bad Chomp penalty cards, cards left for the "
          "next round's winner), sorted by code"),
    Field("out_of_play", _CARDS, "the cards left over by the deal, back in the box (en.setup.3), sorted by code"),
    Field("race", {"enum": list(RACE_KIND_NAMES)}, "the slap race under way: none, chomp (the lowest card), "
          "feeding-frenzy (an Electric Eel), ink-out (an Octopus: nobody may slap), eel (the 2-player Eel race), "
          "rapido (Chomp rápido), doble (Doble Chomp)"),
    Field("race_flags", {"type": "array", "items": {"enum": [n for _, n in FLAG_NAMES]}, "uniqueItems": True},
          "engine bookkeeping: the ruling answers the race was started with (bad-chomps: Bad Chomps count; "
          "not-lowest-is-bad / not-lowest-wins: chomp.lower_not_lowest; frenzy-bad-chomps: "
          "chomp.frenzy_vs_bad_chomp; own-card-ok: chomp.rapido_own_card / chomp.doble_lowest_yours; doble-both: "
          "chomp.doble_which_card; own-eel-ok: chomp.uw_own_eel; frenzy-current-only: chomp.eel_in_replay; "
          "after-ink-out / after-tie: the race follows an Ink Out / a tie; eel-race-wrong-card-is-bad: "
          "chomp.eel_race_wrong_card; frenzy-special-cards-bad: chomp.frenzy_special_cards), in this order. A "
          "function of the "
          "table, the step and the ruleset; not in the view"),
    Field("step", {"enum": list(STEP_NAMES)}, "what the current or next turn-over is: new-round, ink-out-replay, "
          "war (2 cards face down, 1 face up), next-card (after an Octopus in a 2-player game), tie-replay"),
    Field("shuffle_for", {"oneOf": [_PLAYER, {"type": "null"}]}, "in the shuffle phase, the player whose discard "
          "pile is shuffled; otherwise null"),
    Field("resume", {"enum": list(RESUME_NAMES)}, "engine bookkeeping: what follows the shuffle (turn, race, or "
          "penalty: the Bad Chomp card is then put down and the race goes on); none outside the shuffle phase; "
          "not in the view"),
    Field("outcome", {"enum": [*OUTCOME_NAMES[1:], None]}, "how the game ended (terminal states only, else "
          "null): see the outcomes"),
)
"""Each field of a Chomp! state as the reference engine writes it (``state`` in responses)."""

VIEW_OMITS = ("race_flags", "resume")
"""The state's fields that are engine bookkeeping: the view has every other field."""

VIEW_FIELDS: tuple[Field, ...] = tuple(f for f in STATE_FIELDS if f.name not in VIEW_OMITS)
"""Each field of the Chomp! view (``view`` in responses): the state's facts."""

OBSERVED_PLAYER_FIELDS: tuple[Field, ...] = (
    Field("pile", _COUNT, "how many cards are in his face-down pile"),
    Field("discard", _COUNT, "how many cards are in his face-down discard pile"),
    Field("table", _CARDS, "his face-up cards of this round (everyone sees them)"),
    Field("aside", _COUNT, "how many set-aside cards of his are in the centre (aside, aside_tie, aside_bad together)"),
    Field("active", _BOOL, "still in the game"),
    Field("bad_chomp", _BOOL, "made a Bad Chomp in this race"),
    Field("winner", _BOOL, "won the game"),
)
"""Each field of a player's entry in ``players`` of a Chomp! observation."""

OBSERVATION_FIELDS: tuple[Field, ...] = (
    Field("player", _PLAYER, "the observing player"),
    Field("mode", {"enum": list(MODE_NAMES)}, "the rules in force (as in the state)"),
    Field("phase", {"enum": list(PHASE_NAMES)}, "what happens next (as in the state)"),
    Field("players", {"type": "array", "items": {"$ref": "#/$defs/observedPlayer"}, "minItems": 2, "maxItems": 10},
          "what the observer sees of each player, in seat order"),
    Field("centre", _COUNT, "how many face-down cards are in the centre"),
    Field("out_of_play", _COUNT, "how many cards are out of play"),
    Field("race", {"enum": list(RACE_KIND_NAMES)}, "the slap race under way (as in the state)"),
    Field("step", {"enum": list(STEP_NAMES)}, "what the current or next turn-over is (as in the state)"),
    Field("shuffle_for", {"oneOf": [_PLAYER, {"type": "null"}]}, "whose discard pile is being shuffled, or null"),
    Field("outcome", {"enum": [*OUTCOME_NAMES[1:], None]}, "how the game ended, or null"),
    Field("pending_ruling", {"type": "string"}, "only at a pending state (an open ruling point under the raw "
          "ruleset): its ID"),
)
"""Each field of a Chomp! observation (``observation`` command): what one player sees."""

OUTCOMES: Mapping[str, str] = {
    "collected-all": "one player collected all of the cards in play (en.object.2, es.dos-jugadores.1)",
    "last-player-standing": "one player has cards left and the others none, but some cards are in the centre",
    "count-two-left": "two players were left and counted their cards: the one with more wins (en.ending.3)",
    "count-tie": "two players were left and counted the same number (chomp.count_tie: shared win or no winner)",
    "draw": "nobody has a card left: nobody wins",
    "shared-last-round": "several players were washed up in the same round and share the win "
                         "(chomp.fewer_than_two_left)",
    "not-playable": "the ruleset does not allow this player count (chomp.player_count): the game ends at the deal",
}
"""The ``outcome`` of a terminal Chomp! step."""

_SLAPPER = Arg("slapper", _PLAYER, "the player who slaps first")
ACTIONS: tuple[ActionKind, ...] = (
    ActionKind("deal", "chance", "shuffle and deal the deck face down, equally; the cards left over are out of "
               "play (en.setup.2-3). The root's only actions", (
                   Arg("piles", {"type": "array", "items": _CODES}, "each player's pile, top card first, as codes"),
                   Arg("out_of_play", _CODES, "the cards left over, as codes sorted ascending"))),
    ActionKind("shuffle", "chance", "a player's pile ran out (or is too short for the coming turn-over): his "
               "discard pile is shuffled and put face down under what is left of his pile (en.outcomes.5)", (
                   Arg("player", _PLAYER, "whose discard pile (shuffle_for)"),
                   Arg("order", _CODES, "the shuffled discard pile, top card first, as codes"))),
    ActionKind("turn_over", "player", "all players (in a replay those who replay) turn over their top card at the "
               "same time, or 2 face down and 1 face up in a war, or 2 in Doble Chomp (in its replays as "
               "chomp.doble_replay_cards says); the actor is the "
               "lowest-numbered player still in the game, acting for everyone"),
    ActionKind("nobody_slaps", "race", "nobody slaps (in an Ink Out, what should happen)"),
    ActionKind("count", "player", "the last two players of the 3+ player game count their cards (en.ending.3); "
               "the actor is the lower-numbered of them, acting for both"),
    ActionKind("switch", "player", "the last two players of the 3+ player game switch to a 2-player game with the "
               "same piles (en.ending.3); the actor is the lower-numbered of them, acting for both", (
                   Arg("game", {"enum": ["chomp-rapido", "doble-chomp", "underwater-war"]}, "the 2-player game"),)),
    ActionKind("slap", "race", "a player is the first to slap a card and shout: a win, or a Bad Chomp after which "
               "the race goes on", (
                   _SLAPPER, Arg("owner", _PLAYER, "whose card he slaps (the lowest-numbered owner of that "
                                 "card among the other players stands for all of them)"),
                   Arg("card", {"$ref": "#/$defs/code"}, "the card he slaps, as a code"))),
    ActionKind("tie", "race", "two or more players who could win chomp at the same time (en.tie.1; a war in "
               "Underwater War and Chomp rápido)", (), Arg("players", _PLAYER, "the players who tie, ascending"),
               2),
    ActionKind("ruling", "ruling", "at a pending state (raw ruleset), the ruleset's answer to the open ruling "
               "point; the pending action is then applied with it", (
                   Arg("ruling", {"type": "string"}, "the ruling point's ID (the state's pending)"),
                   Arg("option", {"type": "string"}, "one of its options (rulecheck rulings chomp)"))),
)
"""Every kind of Chomp! action."""

_CARD_OR_CODE = {"oneOf": [_CARD, {"$ref": "#/$defs/code"}]}
DEAL_INPUT: Mapping[str, Any] = {
    "description": "an explicit deal for new_game: the piles (one per player, top card first, each as long as "
                   "the deck dealt equally allows), as card names or codes; or an object with them and the cards "
                   "left over (out_of_play), which must be exactly the rest of the deck",
    "oneOf": [
        {"type": "array", "items": {"type": "array", "items": _CARD_OR_CODE}},
        {"type": "object", "properties": {
            "piles": {"type": "array", "items": {"type": "array", "items": _CARD_OR_CODE}},
            "out_of_play": {"type": "array", "items": _CARD_OR_CODE}},
         "required": ["piles"], "additionalProperties": False},
    ],
}


def deal_input(action: list[Any]) -> dict[str, Any]:
    """The ``deal`` of a ``new_game`` request that plays the deal action ``action`` (JSON)."""
    return {"piles": action[1], "out_of_play": action[2]}


def encoding() -> Encoding:
    """Chomp!'s encoding on the wire (:mod:`rulecheck.core.encoding`)."""
    return Encoding(
        game="chomp", title="Chomp!", defs=DEFS, state=STATE_FIELDS, view=VIEW_FIELDS,
        observation=OBSERVATION_FIELDS, actions=ACTIONS, deal=DEAL_INPUT,
        nested={"playerState": PLAYER_FIELDS, "observedPlayer": OBSERVED_PLAYER_FIELDS}, outcomes=OUTCOMES,
    )


# ---------------------------------------------------------------------- view and observation


def view(game: Any, state: Hashable) -> dict[str, Any]:
    """The canonical public form of ``state`` (a pending state keeps its wrapper around the view
    of ``before``)."""
    if isinstance(state, Pending):
        return {"pending": state.ruling, "before": view(game, state.before),
                "action": action_to_json(state.action), "fixed": [list(f) for f in state.fixed]}
    data = game.state_to_json(state)
    out = {k: v for k, v in data.items() if k not in VIEW_OMITS}
    if data["step"] not in ("ink-out-replay", "tie-replay"):  # the engine keeps the last replay's players
        out["players"] = [{**entry, "replays": False} for entry in out["players"]]
    return out


def observation(game: Any, state: Hashable, player: int) -> dict[str, Any]:
    """What ``player`` sees (see the module docstring); at a pending state, what he sees of
    ``before`` and the open ruling point."""
    if isinstance(state, Pending):
        out = observation(game, state.before, player)
        out["pending_ruling"] = state.ruling
        return out
    s: ChompState = state  # type: ignore[assignment]
    return {
        "player": player,
        "mode": MODE_NAMES[s.mode],
        "phase": PHASE_NAMES[s.phase],
        "players": [
            {
                "pile": len(s.piles[p]),
                "discard": len(s.discards[p]),
                "table": [CARD_NAMES[c] for c in s.table[p]],
                "aside": len(s.aside[p]) + len(s.aside_tie[p]) + len(s.aside_bad[p]),
                "active": bool(s.active >> p & 1),
                "bad_chomp": bool(s.bad >> p & 1),
                "winner": bool(s.winners >> p & 1),
            }
            for p in range(len(s.piles))
        ],
        "centre": len(s.centre),
        "out_of_play": len(s.out),
        "race": RACE_KIND_NAMES[s.race & KIND_MASK],
        "step": STEP_NAMES[s.step],
        "shuffle_for": s.shuffle_for if s.shuffle_for >= 0 else None,
        "outcome": game.outcome(s) if s.phase == OVER else None,
    }


def chance_count(game: Any, state: Hashable) -> int:
    """How many distinct outcomes the chance node ``state`` has (without listing them): the
    distinct deals, or the distinct orders of the discard pile being shuffled."""
    s: ChompState = state  # type: ignore[assignment]
    if s.phase == DEAL:
        return count_sequences(game.counts, game.num_players * game.per_player)
    cards = s.discards[s.shuffle_for]
    return count_sequences(tuple(cards.count(c) for c in range(KINDS)), len(cards))


# ---------------------------------------------------------------------- checks

_RACES_OF_MODE: Mapping[int, frozenset[int]] = {
    STANDARD: frozenset({RK_NONE, RK_CHOMP, RK_FRENZY, RK_INKOUT}),
    UNDERWATER_WAR: frozenset({RK_NONE, RK_EEL}),
    CHOMP_RAPIDO: frozenset({RK_NONE, RK_EEL, RK_RAPIDO}),
    DOBLE_CHOMP: frozenset({RK_NONE, RK_DOBLE, RK_FRENZY, RK_INKOUT}),
}
_TWO_PLAYER_STEPS = frozenset({0, WAR, 3, TIE_REPLAY})
_STEPS_OF_MODE: Mapping[int, frozenset[int]] = {
    STANDARD: frozenset({0, REPLAY, TIE_REPLAY, LAST_TWO}),
    UNDERWATER_WAR: _TWO_PLAYER_STEPS,
    CHOMP_RAPIDO: _TWO_PLAYER_STEPS,
    DOBLE_CHOMP: frozenset({0, REPLAY, TIE_REPLAY}),
}


def check_state(game: Any, state: Hashable, data: Mapping[str, Any]) -> None:
    """Raise InvalidStateError naming the field if the rules of ``game`` cannot produce ``state``."""
    s: ChompState = state  # type: ignore[assignment]
    _check_fields(data)
    _check_mode(game, s)
    if s.phase == DEAL:
        if s != game.root_state():
            raise InvalidStateError("state field 'phase': before the deal nothing is dealt, played or set")
        return
    _check_phase(s)
    _check_players(game, s)
    _check_race(game, s)


def _check_fields(data: Mapping[str, Any]) -> None:
    extra = sorted(set(data) - {f.name for f in STATE_FIELDS})
    if extra:
        raise InvalidStateError(f"state field {extra[0]!r} is not a field of a chomp state")
    for p, entry in enumerate(data.get("players", ())):
        extra = sorted(set(entry) - {f.name for f in PLAYER_FIELDS}) if isinstance(entry, Mapping) else []
        if extra:
            raise InvalidStateError(f"state field players[{p}].{extra[0]} is not a field of a player")


def _check_mode(game: Any, s: ChompState) -> None:
    if s.mode == game.mode:
        return
    if game.mode != STANDARD:
        raise InvalidStateError(
            f"state field 'mode': {MODE_NAMES[s.mode]!r} is not the variant {game.variant!r} of this request"
        )
    if bin(s.active).count("1") > 2:
        raise InvalidStateError(f"state field 'mode': {MODE_NAMES[s.mode]!r} is played by the last 2 players only")


def _check_phase(s: ChompState) -> None:
    if (s.phase == OVER) != bool(s.outcome):
        raise InvalidStateError("state field 'outcome' is set exactly when the phase is 'over'")
    if s.winners and s.phase != OVER:
        raise InvalidStateError("state field players[].winner is true only when the game is over")
    if (s.phase == SHUFFLE) != (s.shuffle_for >= 0):
        raise InvalidStateError("state field 'shuffle_for' names a player exactly in the shuffle phase")
    if (s.phase == SHUFFLE) != (s.resume != R_NONE):
        raise InvalidStateError("state field 'resume' is not 'none' exactly in the shuffle phase")
    if s.phase == SHUFFLE and (not s.active >> s.shuffle_for & 1 or not s.discards[s.shuffle_for]):
        raise InvalidStateError(
            f"state field 'shuffle_for': player {s.shuffle_for} has no discard pile to shuffle (or is out)"
        )
    in_race = s.phase == RACE or (s.phase == SHUFFLE and s.resume in (R_RACE, R_PENALTY))
    if not in_race and (s.bad or s.ban_win or s.ban_bad):
        raise InvalidStateError(
            "state field players[].bad_chomp / may_win / may_bad_chomp: only a slap race has Bad Chomps"
        )
    if in_race != bool(s.race & KIND_MASK):
        raise InvalidStateError(f"state field 'race': {RACE_KIND_NAMES[s.race & KIND_MASK]!r} in phase "
                                f"{PHASE_NAMES[s.phase]!r} (a race is under way exactly in the race phase)")
    if not s.race & KIND_MASK and s.race:
        raise InvalidStateError("state field 'race_flags' must be empty when no race is under way")
    if s.phase == TURN and any(s.table):
        raise InvalidStateError("state field players[].table: the table is empty before a turn-over")
    if s.step == LAST_TWO and (s.phase not in (TURN, OVER) or bin(s.active).count("1") != 2 or any(s.aside)
                               or any(s.aside_tie) or any(s.aside_bad)):
        raise InvalidStateError("state field 'step': 'last-two' is the turn-over phase's choice of exactly two "
                                "players in, with nothing set aside")


def _check_players(game: Any, s: ChompState) -> None:
    if s.mode in (UNDERWATER_WAR, CHOMP_RAPIDO) and s.phase != OVER and bin(s.active).count("1") != 2:
        raise InvalidStateError(f"state field players[].active: {MODE_NAMES[s.mode]} is played by exactly 2 "
                                "players in the game until it ends")
    for p in range(len(s.piles)):
        if not s.active >> p & 1 and (s.piles[p] or s.discards[p] or s.table[p]):
            raise InvalidStateError(f"state field players[{p}]: a player who is out holds no pile, discard "
                                    "pile or face-up card")
        most = 2 if s.mode == DOBLE_CHOMP else 1
        if len(s.table[p]) > most:
            raise InvalidStateError(f"state field players[{p}].table: at most {most} face-up card(s) each")
        if s.mode == DOBLE_CHOMP and tuple(sorted(s.table[p])) != s.table[p]:
            raise InvalidStateError(f"state field players[{p}].table: Doble Chomp's two cards are sorted by code")
    if s.mode not in (STANDARD, DOBLE_CHOMP) and any(s.aside_tie):
        raise InvalidStateError("state field players[].aside_tie: the 2-player games have no tie replays")
    if s.mode not in (STANDARD, DOBLE_CHOMP) and any(s.aside_bad):
        raise InvalidStateError("state field players[].aside_bad: the 2-player games have no Ink Out or tie replays")
    if s.phase != OVER and s.step not in (REPLAY, TIE_REPLAY) and any(s.aside_bad):
        raise InvalidStateError("state field players[].aside_bad: Bad Chompers' cards are set aside only until "
                                "the replay after an Ink Out or a tie is over")


def _check_race(game: Any, s: ChompState) -> None:
    kind = s.race & KIND_MASK
    if kind not in _RACES_OF_MODE[s.mode]:
        raise InvalidStateError(f"state field 'race': {MODE_NAMES[s.mode]} has no {RACE_KIND_NAMES[kind]} race")
    if s.step not in _STEPS_OF_MODE[s.mode]:
        raise InvalidStateError(f"state field 'step': {MODE_NAMES[s.mode]} has no {STEP_NAMES[s.step]} turn-over")
    if kind == RK_NONE:
        return
    expected = _race_started(game, s)
    if expected is not None and expected != s.race:
        raise InvalidStateError(
            f"state field 'race'/'race_flags': these face-up cards start a different race under ruleset "
            f"{game.ruleset.name!r}"
        )


def _race_started(game: Any, s: ChompState) -> int | None:
    """The race (kind and flags) the face-up cards start under the game's ruleset, or None where
    the ruleset leaves a ruling of it open (under ``raw`` any option may have been chosen)."""
    from rulecheck.games.chomp import standard, two_player

    ctx = Context(game.ruleset.choices)
    try:
        if s.mode in (UNDERWATER_WAR, CHOMP_RAPIDO):
            a, b = players_of(s.active)
            if len(s.table[a]) != 1 or len(s.table[b]) != 1:
                raise InvalidStateError("state field players[].table: a 2-player race has one face-up card each")
            verdict, race = two_player.compare_for.call(ctx, s.table[a][0], s.table[b][0], s.step, s.mode)
            return race if verdict == two_player.C_RACE else -1
        has_aside = any(s.aside) or any(s.aside_tie) or any(s.aside_bad)
        return standard.race_for.call(ctx, tuple(sorted(s.table)), s.step, s.mode == DOBLE_CHOMP, has_aside)
    except Undetermined:
        return None
    except ValueError as exc:  # two players not active
        raise InvalidStateError(f"state field players[].active: a 2-player race needs two players ({exc})") from None
