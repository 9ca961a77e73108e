"""Z3 witnesses -> engine traces that replay, and engine states -> the encodings' variables.

:func:`decode_chomp` turns a :class:`~.system.Witness` of the Underwater War encoding into the
engine's actions from the root (the deal first), answering any Pending ruling state with the
option the witness chose; :func:`replay_witness` applies them in the engine step by step and
checks that after every step the engine state, abstracted by :func:`abstract_chomp`, equals
the witness state (the two encodings check each other).
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import dataclass, field
from typing import Any

from rulecheck.check.symbolic.chomp_encoding import (
    A_NOBODY,
    A_SHUFFLE,
    A_SLAP,
    A_TIE,
    A_TURN,
    KINDS,
    SLOTS,
    UW_RULINGS,
    ChompEncoding,
)
from rulecheck.check.symbolic.system import Witness
from rulecheck.core.game import Action, Game, Pending, action_to_json
from rulecheck.games import load_game

__all__ = ["Replay", "abstract_chomp", "chomp_action", "decode_chomp", "engine_game", "replay_witness"]


def engine_game(enc: ChompEncoding) -> Game:
    return load_game("chomp", enc.variant, enc.players, enc.ruleset, "full")


def abstract_chomp(state: Hashable, chain: int | None = None) -> dict[str, int | bool]:
    """The engine's Underwater War state as the encoding's variables (``used.*`` excluded;
    ``chain``, the turn-overs of the round so far, is history: given by the caller)."""
    s: Any = state.before if isinstance(state, Pending) else state
    out: dict[str, int | bool] = {
        "phase": s.phase, "step": s.step, "resume": s.resume,
        "shuf": max(s.shuffle_for, 0), "outcome": s.outcome, "winners": s.winners,
    }
    if chain is not None:
        out["chain"] = chain
    out["f_bad"] = bool(s.race & 1 << 4)  # F_BAD_OK
    out["f_own"] = bool(s.race & 1 << 10)  # F_OWN_EEL
    for p in range(2):
        pile = s.piles[p]
        out[f"len{p}"] = len(pile)
        for k in range(SLOTS):
            out[f"pile{p}_{k}"] = pile[k] if k < len(pile) else 0
        for v in range(KINDS):
            out[f"disc{p}_{v}"] = s.discards[p].count(v)
            out[f"aside{p}_{v}"] = s.aside[p].count(v)
        out[f"tab{p}"] = s.table[p][0] if s.table[p] else 0
        out[f"has{p}"] = bool(s.table[p])
        out[f"bad{p}"] = bool(s.bad >> p & 1)
        out[f"banw{p}"] = bool(s.ban_win >> p & 1)
        out[f"banb{p}"] = bool(s.ban_bad >> p & 1)
    for v in range(KINDS):
        out[f"centre_{v}"] = s.centre.count(v)
    return out


def deal_of(state0: Mapping[str, Any], players: int = 2, per_player: int = 25) -> Action:
    piles = tuple(tuple(int(state0[f"pile{p}_{k}"]) for k in range(per_player)) for p in range(players))
    return ("deal", piles, ())


def chomp_action(before: Mapping[str, Any], inputs: Mapping[str, Any]) -> Action:
    """The engine action of one encoding step."""
    act = inputs["act"]
    if act == A_TURN:
        return ("turn_over",)
    if act == A_SHUFFLE:
        p = before["shuf"]
        d = sum(before[f"disc{p}_{v}"] for v in range(KINDS))
        return ("shuffle", p, tuple(int(inputs[f"ord_{k}"]) for k in range(d)))
    if act == A_NOBODY:
        return ("nobody_slaps",)
    if act == A_SLAP:
        p = inputs["slapper"]
        owner = p if inputs["own"] else 1 - p
        return ("slap", p, owner, before[f"tab{owner}"])
    if act == A_TIE:
        return ("tie", 0, 1)
    raise ValueError(f"unknown encoded action {act}")


def _ruling_answer(rid: str, inputs: Mapping[str, Any]) -> str:
    options = UW_RULINGS[rid]
    return options[1] if inputs.get(f"opt.{rid}") else options[0]


@dataclass
class Replay:
    """The decoded trace and how its replay went."""

    actions: list[Action] = field(default_factory=list)
    ok: bool = True
    mismatch: str = ""
    final: Hashable = None

    def json_actions(self) -> list[Any]:
        return [action_to_json(a) for a in self.actions]


def decode_chomp(enc: ChompEncoding, witness: Witness, game: Game | None = None) -> Replay:
    """Alias of :func:`replay_witness` (decoding needs the engine to answer Pending states)."""
    return replay_witness(enc, witness, game)


def replay_witness(enc: ChompEncoding, witness: Witness, game: Game | None = None) -> Replay:
    """Decode ``witness`` into engine actions and replay them, comparing every state."""
    g = game or engine_game(enc)
    out = Replay()
    state = g.root_state()
    deal = deal_of(witness.states[0])
    state = g.apply(state, deal).state
    out.actions.append(deal)
    if abstract_chomp(state) != _strip(witness.states[0]):
        return _fail(out, state, 0, abstract_chomp(state), witness.states[0])
    for i, inputs in enumerate(witness.inputs):
        action = chomp_action(witness.states[i], inputs)
        try:
            state = g.apply(state, action).state
            out.actions.append(action)
            while isinstance(state, Pending):
                answer = ("ruling", state.ruling, _ruling_answer(state.ruling, inputs))
                state = g.apply(state, answer).state
                out.actions.append(answer)
        except Exception as exc:  # an illegal action is a disagreement
            out.ok = False
            out.mismatch = f"step {i + 1}: the engine rejects {action_to_json(action)}: {exc}"
            out.final = state
            return out
        got = abstract_chomp(state)
        if got != _strip(witness.states[i + 1]):
            return _fail(out, state, i + 1, got, witness.states[i + 1])
    out.final = state
    return out


def _strip(values: Mapping[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in values.items() if not k.startswith("used.") and k != "chain"}


def _fail(out: Replay, state: Hashable, i: int, got: Mapping[str, Any], want: Mapping[str, Any]) -> Replay:
    diff = {k: (got.get(k), want.get(k)) for k in _strip(want) if got.get(k) != want.get(k)}
    out.ok = False
    out.mismatch = f"state {i}: engine != encoding on {dict(list(diff.items())[:8])}"
    out.final = state
    return out
