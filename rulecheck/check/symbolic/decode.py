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
    CHOICES,
    KINDS,
    SLOTS,
    STD_ACTS,
    STD_RULINGS,
    UW_RULINGS,
    ChompEncoding,
)
from rulecheck.check.symbolic.system import Witness
from rulecheck.core.game import Action, Game, Pending, action_to_json
from rulecheck.games import load_game
from rulecheck.games.chomp.state import (
    F_BAD_OK,
    F_EEL_WRONG_BAD,
    F_OWN_EEL,
    F_OWN_OK,
    KIND_MASK,
    LAST_TWO,
    RK_RAPIDO,
    SHUFFLE,
    TURN,
)

__all__ = ["Replay", "abstract_chomp", "abstract_doble", "abstract_for", "abstract_standard", "chomp_action",
           "decode_chomp", "engine_game", "replay_doble", "replay_from", "replay_witness"]


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
    out["f_bad"] = bool(s.race & F_BAD_OK)
    # may a player slap his own card: F_OWN_OK in the rápido race, F_OWN_EEL in the Eel race
    out["f_own"] = bool(s.race & (F_OWN_OK if s.race & KIND_MASK == RK_RAPIDO else F_OWN_EEL))
    out["f_wrong"] = bool(s.race & F_EEL_WRONG_BAD)  # (the Eel race's: a wrong card is a Bad Chomp)
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


def covered_rulings(variant: str) -> Mapping[str, tuple[str, ...]]:
    """The ruling points a 2-player encoding consults, with the options it covers."""
    from rulecheck.check.symbolic.chomp_two_player import RAPIDO_RULINGS

    return RAPIDO_RULINGS if variant == "chomp-rapido" else UW_RULINGS


def _ruling_answer(rid: str, inputs: Mapping[str, Any], covered: Mapping[str, tuple[str, ...]] = UW_RULINGS) -> str:
    options = covered[rid]
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
    if enc.variant == "standard":
        return replay_standard(enc, witness, g)
    if enc.variant == "doble-chomp":
        return replay_doble(enc, witness, g)
    deal = deal_of(witness.states[0])
    return replay_from(enc, g.apply(g.root_state(), deal).state, [deal], witness, g)


def replay_from(enc: ChompEncoding, state: Hashable, prefix: list[Action], witness: Witness,
                game: Game | None = None) -> Replay:
    """Replay a 2-player (Underwater War, Chomp rápido) witness whose first state is the engine
    state ``state``, reached by the actions ``prefix`` from the root: the decoded trace is the
    prefix and then the witness's steps, every state compared."""
    g = game or engine_game(enc)
    out = Replay(actions=list(prefix))
    covered = covered_rulings(enc.variant)
    if abstract_chomp(state) != _strip(witness.states[0]):
        return _fail(out, state, 0, abstract_chomp(state), witness.states[0])
    for i, inputs in enumerate(witness.inputs):
        action = chomp_action(witness.states[i], inputs)
        try:
            state = g.apply(state, action).state
            out.actions.append(action)
            while isinstance(state, Pending):
                answer = ("ruling", state.ruling, _ruling_answer(state.ruling, inputs, covered))
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


# --------------------------------------------------------------------------- the 3+ player game

def abstract_standard(state: Hashable, players: int, *, tie_bucket: bool = False,
                      mode: bool = False) -> dict[str, int | bool]:
    """The engine's standard-game state as the variables of
    :func:`~.chomp_encoding.standard_game` (``used.*`` and ``chain`` excluded): piles as counts
    by kind. ``tie_bucket`` / ``mode``: the encoding has the ``aside_tie*`` / ``mode`` variables
    (its ``system.meta``; :func:`abstract_for`). A state outside the encoding (a 2-player mode or
    tie-bucket cards the encoding has no variables for) gets an extra key, so that it never
    compares equal."""
    s: Any = state.before if isinstance(state, Pending) else state
    out: dict[str, int | bool] = {
        "phase": s.phase, "step": s.step, "resume": s.resume, "shuf": max(s.shuffle_for, 0),
        "outcome": s.outcome, "winners": s.winners, "race": s.race,
    }
    for p in range(players):
        for v in range(KINDS):
            out[f"pile{p}_{v}"] = s.piles[p].count(v)
            out[f"disc{p}_{v}"] = s.discards[p].count(v)
            out[f"aside{p}_{v}"] = s.aside[p].count(v)
            out[f"aside_bad{p}_{v}"] = s.aside_bad[p].count(v)
            if tie_bucket:
                out[f"aside_tie{p}_{v}"] = s.aside_tie[p].count(v)
        out[f"tab{p}"] = s.table[p][0] if s.table[p] else 0
        out[f"size{p}"] = len(s.piles[p])
        out[f"has{p}"] = bool(s.table[p])
        for name, mask in (("act", s.active), ("rep", s.replay), ("bad", s.bad), ("banw", s.ban_win),
                           ("banb", s.ban_bad)):
            out[f"{name}{p}"] = bool(mask >> p & 1)
    for v in range(KINDS):
        out[f"centre_{v}"] = s.centre.count(v)
        out[f"out_{v}"] = s.out.count(v)
    if mode:
        out["mode"] = s.mode
    if (s.mode != 0 and not mode) or (any(s.aside_tie) and not tie_bucket) or any(len(t) > 1 for t in s.table):
        out["outside-the-encoding"] = True
    return out


def abstract_for(enc: ChompEncoding, state: Hashable) -> dict[str, int | bool]:
    """:func:`abstract_standard` (Doble Chomp: :func:`abstract_doble`) with the optional
    variables ``enc`` has."""
    meta = enc.system.meta
    if enc.variant == "doble-chomp":
        return abstract_doble(state, tie_bucket=bool(meta.get("tie_bucket")))
    return abstract_standard(state, enc.players, tie_bucket=bool(meta.get("tie_bucket")),
                             mode=bool(meta.get("mode")))


def _std_answer(rid: str, inputs: Mapping[str, Any]) -> str:
    options = STD_RULINGS[rid]
    x = inputs.get(f"opt.{rid}")
    if x is None or len(options) == 1:
        return options[0]
    return options[int(x)]


def _draws(witness: Witness, players: int) -> tuple[list[list[int | None]], list[list[tuple[int, ...]]]]:
    """Which card each player takes from his pile at each step (from the pile counts), and the
    order of each pile segment (the deal, then one per shuffle): the cards drawn from it in
    order, then the rest sorted (never seen, so any order is the same to the encoding)."""
    states = witness.states
    drawn: list[list[int | None]] = []
    segments: list[list[tuple[list[int], list[int]]]] = [
        [([int(states[0][f"pile{p}_{v}"]) for v in range(KINDS)], [])] for p in range(players)]
    for i in range(witness.depth):
        before, after = states[i], states[i + 1]
        row: list[int | None] = []
        for p in range(players):
            shuffled = before["phase"] == SHUFFLE and before["shuf"] == p
            if shuffled:
                segments[p].append(([int(before[f"disc{p}_{v}"]) for v in range(KINDS)], []))
            added = [int(before[f"disc{p}_{v}"]) if shuffled else 0 for v in range(KINDS)]
            delta = [before[f"pile{p}_{v}"] + added[v] - after[f"pile{p}_{v}"] for v in range(KINDS)]
            card = next((v for v in range(KINDS) if delta[v] == 1), None) if sum(delta) == 1 else None
            if card is not None:
                segments[p][-1][1].append(card)
            row.append(card)
        drawn.append(row)
    return drawn, _segment_orders(segments)


def _segment_orders(segments: list[list[tuple[list[int], list[int]]]]) -> list[list[tuple[int, ...]]]:
    """Each player's pile orders, one per segment (the deal, then each shuffle): the cards the
    witness draws from it in order, then the rest sorted. ValueError if it draws a card the
    segment does not hold."""
    orders: list[list[tuple[int, ...]]] = []
    for p, player_segments in enumerate(segments):
        mine = []
        for counts, seq in player_segments:
            rest = list(counts)
            for c in seq:
                rest[c] -= 1
            if min(rest, default=0) < 0:
                raise ValueError(f"player {p}: the witness draws cards its pile does not hold")
            mine.append(tuple(seq) + tuple(v for v in range(KINDS) for _ in range(rest[v])))
        orders.append(mine)
    return orders


def _std_apply(g: Game, state: Hashable, action: Action, inputs: Mapping[str, Any]) -> tuple[
        Hashable, list[Action], tuple[str, ...]]:
    step = g.apply(state, action)
    actions = [action]
    while isinstance(step.state, Pending):
        answer = ("ruling", step.state.ruling, _std_answer(step.state.ruling, inputs))
        step = g.apply(step.state, answer)
        actions.append(answer)
    return step.state, actions, step.provenance.rulings


def replay_standard(enc: ChompEncoding, witness: Witness, g: Game) -> Replay:
    """Decode a standard-game witness and replay it. The deal and every shuffle are rebuilt from
    the cards the witness draws; a race outcome is the engine's legal action of the witness's
    kind that reaches the witness's next state (several slaps can be one engine outcome);
    the last two's choice is the engine's ``("count",)`` or ``("switch", game)`` of the input
    ``choice``; every state and the set of ruling points consulted at every step are compared."""
    n = enc.players
    out = Replay()
    try:
        _, orders = _draws(witness, n)
    except ValueError as exc:
        out.ok, out.mismatch = False, str(exc)
        return out
    seg = [1] * n
    s0 = witness.states[0]
    rest = tuple(v for v in range(KINDS) for _ in range(int(s0[f"out_{v}"])))
    deal = ("deal", tuple(orders[p][0] for p in range(n)), rest)
    try:
        state, acts, rulings = _std_apply(g, g.root_state(), deal, {})
    except Exception as exc:  # an illegal deal is a disagreement
        out.ok, out.mismatch = False, f"the engine rejects the deal {deal}: {exc}"
        return out
    out.actions += acts
    if abstract_for(enc, state) != _strip(s0):
        return _fail(out, state, 0, abstract_for(enc, state), s0)
    for i, inputs in enumerate(witness.inputs):
        before, after = witness.states[i], witness.states[i + 1]
        want_rulings = {k[5:] for k, v in after.items() if k.startswith("used.") and v}
        if before["phase"] == SHUFFLE:
            p = int(before["shuf"])
            candidates: list[Action] = [("shuffle", p, orders[p][seg[p]])]
            seg[p] += 1
        elif before["phase"] == TURN and before["step"] == LAST_TWO:
            candidates = [CHOICES[int(inputs["choice"])]]  # the last two's choice (en.ending.3)
        elif before["phase"] == TURN:
            candidates = [("turn_over",)]
        else:
            name = STD_ACTS[int(inputs["act"])]
            candidates = [a for a in g.legal_actions(state) if a[0] == name]
        first: tuple[Hashable, dict[str, Any]] | None = None
        for action in candidates:
            try:
                nxt, acts, rulings = _std_apply(g, state, action, inputs)
            except Exception as exc:  # an illegal action is a disagreement
                out.ok = False
                out.mismatch = f"step {i + 1}: the engine rejects {action_to_json(action)}: {exc}"
                out.final = state
                return out
            got = abstract_for(enc, nxt)
            if got == _strip(after) and set(rulings) == want_rulings:
                out.actions += acts
                state = nxt
                break
            if first is None:
                first = (nxt, got)
                if got == _strip(after):
                    out.mismatch = f"rulings consulted: engine {sorted(rulings)}, encoding {sorted(want_rulings)}"
        else:
            if first is None:
                out.ok, out.mismatch, out.final = False, f"step {i + 1}: no engine action of that kind", state
                return out
            if out.mismatch:
                out.ok = False
                out.mismatch = f"state {i + 1}: {out.mismatch}"
                out.final = first[0]
                return out
            return _fail(out, first[0], i + 1, first[1], after)
    out.final = state
    return out


# --------------------------------------------------------------------------- Doble Chomp

def abstract_doble(state: Hashable, *, tie_bucket: bool = False) -> dict[str, int | bool]:
    """The engine's Doble Chomp state as the variables of
    :func:`~.chomp_two_player.doble_chomp` (``used.*``, ``chain``, ``keep*`` and ``first*``
    excluded: history): piles as counts by kind, ``aside`` and ``aside_tie`` together (apart
    when ``tie_bucket``: the encoding's ``aside_tie`` under ``chomp.tie_replay_winnings =
    chompable_only`` or open), the face-up cards sorted (``lo``, ``hi``, ``cnt``). A state outside
    the encoding (another mode) gets an extra key, so that it never compares equal."""
    s: Any = state.before if isinstance(state, Pending) else state
    out: dict[str, int | bool] = {
        "phase": s.phase, "step": s.step, "resume": s.resume, "shuf": max(s.shuffle_for, 0),
        "outcome": s.outcome, "winners": s.winners, "race": s.race,
    }
    for p in range(2):
        for v in range(KINDS):
            out[f"pile{p}_{v}"] = s.piles[p].count(v)
            out[f"disc{p}_{v}"] = s.discards[p].count(v)
            if tie_bucket:
                out[f"aside{p}_{v}"] = s.aside[p].count(v)
                out[f"aside_tie{p}_{v}"] = s.aside_tie[p].count(v)
            else:
                out[f"aside{p}_{v}"] = s.aside[p].count(v) + s.aside_tie[p].count(v)
            out[f"aside_bad{p}_{v}"] = s.aside_bad[p].count(v)
        table = s.table[p]
        out[f"lo{p}"] = table[0] if table else 0
        out[f"hi{p}"] = table[1] if len(table) > 1 else 0
        out[f"cnt{p}"] = len(table)
        out[f"size{p}"] = len(s.piles[p])
        for name, mask in (("act", s.active), ("rep", s.replay), ("bad", s.bad), ("banw", s.ban_win),
                           ("banb", s.ban_bad)):
            out[f"{name}{p}"] = bool(mask >> p & 1)
    for v in range(KINDS):
        out[f"centre_{v}"] = s.centre.count(v)
    if s.mode != 3 or s.out:
        out["outside-the-encoding"] = True
    return out


def _doble_answer(rid: str, inputs: Mapping[str, Any]) -> str:
    from rulecheck.check.symbolic.chomp_two_player import DOBLE_RULINGS

    options = DOBLE_RULINGS[rid]
    x = inputs.get(f"opt.{rid}")
    if x is None or len(options) == 1:
        return options[0]
    return options[int(x)]


def _doble_orders(witness: Witness) -> list[list[tuple[int, ...]]]:
    """The order of each pile segment of a Doble witness (the deal, then one per shuffle): the
    cards drawn from it in order, then the rest sorted. A turn-over draws up to two cards; the
    card a shuffle left on top of the pile (``keep``/``first``) belongs to the segment before."""
    states = witness.states
    segments: list[list[tuple[list[int], list[int]]]] = [
        [([int(states[0][f"pile{p}_{v}"]) for v in range(KINDS)], [])] for p in range(2)]
    for i in range(witness.depth):
        before, after = states[i], states[i + 1]
        for p in range(2):
            shuffled = before["phase"] == SHUFFLE and before["shuf"] == p
            if shuffled:
                segments[p].append(([int(before[f"disc{p}_{v}"]) for v in range(KINDS)], []))
            added = [int(before[f"disc{p}_{v}"]) if shuffled else 0 for v in range(KINDS)]
            delta = [before[f"pile{p}_{v}"] + added[v] - after[f"pile{p}_{v}"] for v in range(KINDS)]
            drawn = [v for v in range(KINDS) for _ in range(max(delta[v], 0))]
            if before.get(f"keep{p}") and int(before[f"first{p}"]) in drawn and before["phase"] != SHUFFLE:
                drawn.remove(int(before[f"first{p}"]))
            segments[p][-1][1].extend(drawn)
    return _segment_orders(segments)


def _doble_strip(values: Mapping[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in _strip(values).items() if not k.startswith(("keep", "first"))}


def replay_doble(enc: ChompEncoding, witness: Witness, g: Game) -> Replay:
    """Decode a Doble Chomp witness and replay it, as :func:`replay_standard` does for the 3+
    player game: the deal and every shuffle rebuilt from the cards drawn, a race outcome the
    engine's legal action of that name (and slapper) reaching the witness's next state; every
    state and the ruling points consulted at every step compared."""
    from rulecheck.check.symbolic.chomp_two_player import D_ACTS

    out = Replay()
    try:
        orders = _doble_orders(witness)
    except ValueError as exc:
        out.ok, out.mismatch = False, str(exc)
        return out
    seg = [1, 1]
    deal: Action = ("deal", (orders[0][0], orders[1][0]), ())
    try:
        state, acts, _ = _apply_answering(g, g.root_state(), deal, {}, _doble_answer)
    except Exception as exc:  # an illegal deal is a disagreement
        out.ok, out.mismatch = False, f"the engine rejects the deal {deal}: {exc}"
        return out
    out.actions += acts
    if abstract_for(enc, state) != _doble_strip(witness.states[0]):
        return _fail(out, state, 0, abstract_for(enc, state), _doble_strip(witness.states[0]))
    for i, inputs in enumerate(witness.inputs):
        before, after = witness.states[i], witness.states[i + 1]
        want = _doble_strip(after)
        want_rulings = {k[5:] for k, v in after.items() if k.startswith("used.") and v}
        if before["phase"] == SHUFFLE:
            p = int(before["shuf"])
            candidates: list[Action] = [("shuffle", p, orders[p][seg[p]])]
            seg[p] += 1
        elif before["phase"] == TURN:
            candidates = [("turn_over",)]
        else:
            name = D_ACTS[int(inputs["act"])]
            candidates = [a for a in g.legal_actions(state)
                          if a[0] == name and (name != "slap" or a[1] == int(inputs["slapper"]))]
        tried: list[tuple[Hashable, dict[str, Any], tuple[str, ...]]] = []
        for action in candidates:
            try:
                nxt, acts, rulings = _apply_answering(g, state, action, inputs, _doble_answer)
            except Exception as exc:  # an illegal action is a disagreement
                out.ok, out.final = False, state
                out.mismatch = f"step {i + 1}: the engine rejects {action_to_json(action)}: {exc}"
                return out
            got = abstract_for(enc, nxt)
            if got == want and set(rulings) == want_rulings:
                out.actions += acts
                state = nxt
                break
            tried.append((nxt, got, rulings))
        else:
            if not tried:
                out.ok, out.mismatch, out.final = False, f"step {i + 1}: no engine action of that kind", state
                return out
            nxt, got, rulings = tried[0]
            if got == want:
                out.ok, out.final = False, nxt
                out.mismatch = (f"state {i + 1}: rulings consulted: engine {sorted(rulings)}, "
                                f"encoding {sorted(want_rulings)}")
                return out
            return _fail(out, nxt, i + 1, got, want)
    out.final = state
    return out


def _apply_answering(g: Game, state: Hashable, action: Action, inputs: Mapping[str, Any],
                     answer: Any) -> tuple[Hashable, list[Action], tuple[str, ...]]:
    """Apply ``action``, answering Pending ruling states from the witness's inputs; returns the
    state, the actions (with the ruling answers) and every ruling point consulted."""
    step = g.apply(state, action)
    actions = [action]
    rulings = list(step.provenance.rulings)
    while isinstance(step.state, Pending):
        reply = ("ruling", step.state.ruling, answer(step.state.ruling, inputs))
        step = g.apply(step.state, reply)
        actions.append(reply)
        rulings += step.provenance.rulings
    return step.state, actions, tuple(dict.fromkeys(rulings))
