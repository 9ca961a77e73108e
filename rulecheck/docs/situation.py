"""A finding's witness as a concrete situation a player can picture.

The witness is replayed in the engine up to its problem step. The situation shows the state
just before that step (the game's ``describe_state`` and its JSON: cards on the table, who
holds what), the steps that led there in the rulebook's words (who slapped which card), the
step the rulebook does not settle, and, when a ruling option is given, the state that option
produces. Nothing is written by hand: change the ruling and the shown outcome changes.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rulecheck.core.errors import RulecheckError
from rulecheck.core.game import Game, Pending, action_from_json
from rulecheck.core.rulings import Ruleset
from rulecheck.findings import Witness
from rulecheck.games import load_game

__all__ = ["Situation", "situation_from_witness", "situation_markdown"]

CONTEXT_STEPS = 6
"""How many steps before the problem step a situation shows."""


@dataclass(frozen=True)
class Situation:
    """The state at a witness's problem step, in words and as JSON.

    ``before`` is the state the problem step starts from, ``after`` what it leads to (for a
    gap under ``raw``: still undecided) and ``resolved`` the state once ``option`` settles
    ``ruling`` (``None`` if no option was given or the step did not stop at that ruling).
    """

    config: Mapping[str, Any]
    total_steps: int
    problem_step: int
    recent: tuple[tuple[int, str, str], ...]
    problem: tuple[str, str] | None
    before_text: str
    before: Mapping[str, Any]
    after_text: str
    pending: str | None
    ruling: str | None = None
    option: str | None = None
    resolved_text: str | None = None
    resolved: Mapping[str, Any] | None = None
    loop_start: int | None = None
    error: str | None = None
    players: int = 0
    extra: Mapping[str, Any] = field(default_factory=dict)

    @property
    def config_label(self) -> str:
        c = self.config
        parts = [str(c.get("game", "?"))]
        if c.get("variant"):
            parts.append(str(c["variant"]))
        if c.get("players"):
            parts.append(f"{c['players']} players")
        if c.get("deck") and c.get("deck") != "full":
            parts.append(f"deck {c['deck']}")
        return ", ".join(parts)


def _game_for(config: Mapping[str, Any], ruleset: Ruleset | str | None) -> Game:
    rs: Ruleset | str = ruleset if ruleset is not None else str(config.get("ruleset", "raw"))
    return load_game(
        str(config["game"]), config.get("variant"), config.get("players"), rs, str(config.get("deck", "full"))
    )


def situation_from_witness(
    witness: Witness,
    ruling: str | None = None,
    option: str | None = None,
    context: int = CONTEXT_STEPS,
) -> Situation:
    """Replay ``witness`` (under its own configuration's ruleset) and describe its problem step.

    If the problem step stops at ruling point ``ruling`` and ``option`` is given, the
    situation also shows the state that option leads to. A witness that does not replay gives
    a situation whose ``error`` says why (never an exception: documents still render).
    """
    config = dict(witness.config)
    try:
        game = _game_for(config, None)
        actions = [action_from_json(a) if isinstance(a, list) else tuple(a) for a in witness.actions]
    except (RulecheckError, KeyError, TypeError) as exc:
        return _broken(witness, f"cannot load the witness configuration: {exc}")
    step_at = witness.problem_step if witness.problem_step >= 0 else -1
    state: Hashable = game.root_state()
    recent: list[tuple[int, str, str]] = []
    try:
        for i, action in enumerate(actions[: max(step_at, 0)]):
            _check_legal(game, state, action, i)
            actor = game.current_player(state)
            recent.append((i + 1, game.actor_text(actor, action), game.describe_action(state, action)))
            state = game.apply(state, action).state
    except RulecheckError as exc:
        return _broken(witness, f"the witness does not replay at step {len(recent)}: {exc}")
    # A pending state is the step an earlier ruling interrupted: show the state it started from.
    before = state.before if isinstance(state, Pending) else state
    before_text = game.describe_state(before)
    problem: tuple[str, str] | None = None
    after: Hashable = state
    if 0 <= step_at < len(actions):
        action = actions[step_at]
        try:
            _check_legal(game, state, action, step_at)
            problem = _problem(game, state, action)
            after = game.apply(state, action).state
        except RulecheckError as exc:
            return _broken(witness, f"the witness does not replay at its problem step {step_at}: {exc}")
    pending = after.ruling if isinstance(after, Pending) else None
    after_text = (
        f"undecided: ruling point {pending} (the rulebook does not say what happens)"
        if pending
        else game.describe_state(after)
    )
    resolved_text: str | None = None
    resolved: Mapping[str, Any] | None = None
    if pending is not None and ruling == pending and option is not None:
        try:
            settled = game.apply(after, ("ruling", ruling, option)).state
            while isinstance(settled, Pending):  # a later ruling point of the same step
                point = game.ruling_points[settled.ruling]
                chosen = point.recommended or point.option_ids[0]
                settled = game.apply(settled, ("ruling", settled.ruling, chosen)).state
            resolved_text, resolved = game.describe_state(settled), game.state_to_json(settled)
        except RulecheckError as exc:
            resolved_text = f"(option {option} cannot be applied here: {exc})"
    return Situation(
        config=config,
        total_steps=len(actions),
        problem_step=step_at,
        recent=tuple(recent[-context:]),
        problem=problem,
        before_text=before_text,
        before=game.state_to_json(before),
        after_text=after_text,
        pending=pending,
        ruling=ruling,
        option=option,
        resolved_text=resolved_text,
        resolved=resolved,
        loop_start=witness.loop_start,
        players=int(config.get("players") or game.num_players),
    )


def _problem(game: Game, state: Hashable, action: tuple[Any, ...]) -> tuple[str, str]:
    """Who acts at the problem step and what they do; a ruling choice that re-applies an
    interrupted action is shown as that action, with the rulings it was given."""
    if isinstance(state, Pending) and action[:1] == ("ruling",):
        base = state.before
        fixed = [*state.fixed, (action[1], action[2])]
        given = ", ".join(f"{r} = {o}" for r, o in fixed)
        return (game.actor_text(game.current_player(base), state.action),
                f"{game.describe_action(base, state.action)} (with {given})")
    return game.actor_text(game.current_player(state), action), game.describe_action(state, action)


def _check_legal(game: Game, state: Hashable, action: tuple[Any, ...], index: int) -> None:
    if not game.is_legal(state, action):
        game.apply(state, action)  # raises IllegalActionError naming the legal actions


def _broken(witness: Witness, why: str) -> Situation:
    return Situation(
        config=dict(witness.config),
        total_steps=len(witness.actions),
        problem_step=witness.problem_step,
        recent=(),
        problem=None,
        before_text="",
        before={},
        after_text="",
        pending=None,
        loop_start=witness.loop_start,
        error=why,
    )


def _indent(text: str, prefix: str = "    ") -> list[str]:
    return [prefix + line if line.strip() else "" for line in text.splitlines() or [""]]


def situation_markdown(s: Situation, option_label: str | None = None) -> list[str]:
    """The situation as Markdown lines (a short narrative and the state as a code block)."""
    if s.error is not None:
        return [f"*The witness could not be replayed: {s.error}*"]
    lines = [
        f"**Situation** ({s.config_label}; the witness has {_steps(s.total_steps)}"
        + (f", step {s.problem_step + 1} raises the question" if s.problem is not None else "")
        + (f", repeating forever from step {s.loop_start + 1}" if s.loop_start is not None else "")
        + "):",
        "",
    ]
    if s.recent:
        first = s.recent[0][0]
        lines.append("What happened just before" + (f" (from step {first})" if first > 1 else "") + ":")
        lines.append("")
        lines.extend(f"{n}. {who}: {text}" for n, who, text in s.recent)
        lines.append("")
    lines.append("On the table and in hand:")
    lines.append("")
    lines.append("```text")
    lines.extend(state_lines(s.before_text))
    lines.extend(_card_lines(s.before))
    lines.append("```")
    lines.append("")
    if s.problem is not None:
        who, text = s.problem
        lines.append(f"Then {who}: **{text}**. Result: {s.after_text}.")
        lines.append("")
    if s.resolved_text is not None:
        lines.append(f"With the ruling ({option_label or s.option}), play goes on from:")
        lines.append("")
        lines.append("```text")
        lines.extend(state_lines(s.resolved_text))
        lines.extend(_card_lines(s.resolved or {}))
        lines.append("```")
        lines.append("")
    return lines


def _card_lines(state: Mapping[str, Any]) -> list[str]:
    """Every non-empty card list of the state JSON, one per line (who holds which cards)."""
    rows = [f"  {label}: {' '.join(cards)}" for label, cards, _ in state_rows(flatten_state(state)) if cards]
    return ["", "cards:", *rows] if rows else []


def _steps(n: int) -> str:
    return f"{n} step" if n == 1 else f"{n} steps"


def state_lines(text: str) -> list[str]:
    """A state description as lines; a one-line description is split at its "; " separators."""
    lines = text.splitlines()
    if len(lines) == 1 and "; " in lines[0]:
        return lines[0].split("; ")
    return lines or [""]


def cards_in(value: Any) -> list[str] | None:
    """A JSON value as a row of cards, if it is a list of card names (strings or small ints)."""
    if isinstance(value, list) and value and all(isinstance(v, (str, int)) and not isinstance(v, bool) for v in value):
        return [str(v) for v in value]
    return None


def flatten_state(state: Mapping[str, Any], prefix: str = "") -> list[tuple[str, Any]]:
    """(label, value) pairs of a state JSON, nested objects and lists of objects flattened."""
    out: list[tuple[str, Any]] = []
    for key in state:
        value = state[key]
        label = f"{prefix}{key}"
        if isinstance(value, Mapping):
            out.extend(flatten_state(value, label + " · "))
        elif isinstance(value, list) and value and all(isinstance(v, (list, Mapping)) for v in value):
            value = _distinguishing(value)
            for i, item in enumerate(value):
                sub = f"{prefix}player {i + 1}" if key == "players" else (
                    f"{label} · player {i + 1}" if _looks_per_player(key) else f"{label} · {i + 1}")
                if isinstance(item, Mapping):
                    out.extend(flatten_state(item, sub + " · "))
                else:
                    out.append((sub, item))
        else:
            out.append((label, value))
    return out


def _distinguishing(items: list[Any]) -> list[Any]:
    """Objects of a list without the boolean fields that are the same in every one of them
    (``active: true`` for every player tells nothing about the situation)."""
    if len(items) < 2 or not all(isinstance(i, Mapping) for i in items):
        return items
    same = {
        k for k in items[0]
        if isinstance(items[0][k], bool) and all(k in i and i[k] == items[0][k] for i in items)
    }
    return [{k: v for k, v in i.items() if k not in same} for i in items]


def _looks_per_player(key: str) -> bool:
    return key.lower() in {"players", "piles", "hands", "discards", "discard", "decks", "win_piles", "wins", "won"}


def state_rows(state: Sequence[tuple[str, Any]]) -> list[tuple[str, list[str] | None, str]]:
    """(label, cards or None, text) rows for drawing a state."""
    rows: list[tuple[str, list[str] | None, str]] = []
    for label, value in state:
        if value is None or value == [] or value == {}:
            continue
        cards = None if label.endswith("flags") else cards_in(value)
        text = "" if cards is not None else str(value)
        rows.append((label, cards, text))
    return rows
