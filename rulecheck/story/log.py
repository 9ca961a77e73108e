"""The player's log of a whole game (``rulecheck simulate``): one paragraph per round, each line
what happened at the table, and at the end who won with how many cards or points.

With ``cite``, each line ends with the rulebook clauses the engine applied for it (one edition
of each: a Spanish clause whose English original is cited too is left out) and the ruling
points it consulted. The log is made by replaying the trace's actions, so the trace itself
(and its JSON) stays as it is.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from dataclasses import dataclass

from rulecheck.core.game import Pending
from rulecheck.engine import Trace, TraceStep
from rulecheck.story import Story, story_for

__all__ = ["LogLine", "log_lines", "player_log"]


@dataclass(frozen=True)
class LogLine:
    """One line of the log: its sentences, whether a round starts with it, its citations."""

    text: str
    new_round: bool = False
    clauses: tuple[str, ...] = ()
    rulings: tuple[str, ...] = ()
    open: str = ""


def log_lines(trace: Trace, story: Story | None = None) -> list[LogLine]:
    """The trace's steps told by ``story`` (the game's own): a step that stops at a ruling point
    is told with the ruling that settles it (its round mark and citations carried there), and
    steps of one group in a row share a line."""
    game = trace.game
    story = story or story_for(game)
    state: Hashable = game.root_state()
    told: list[tuple[LogLine, str]] = []
    for step in trace.steps:
        after = game.apply(state, step.action).state
        settled = not isinstance(state, Pending)
        line = LogLine(" ".join(story.step(state, step.action, after)),
                       settled and story.new_round(state, step.action), _clauses(step),
                       tuple(step.provenance.rulings), step.provenance.gap or "")
        told.append((line, story.group(state, step.action) if settled else ""))
        state = after
    out: list[LogLine] = []
    carry: LogLine | None = None
    last = ""
    for line, key in told:
        if carry is not None:
            line = LogLine(line.text, carry.new_round or line.new_round, _unique((*carry.clauses, *line.clauses)),
                           _unique((*carry.rulings, *line.rulings)), carry.open or line.open)
        if not line.text:
            carry = line
            continue
        carry = None
        if key and key == last and out and not line.new_round:
            out[-1] = _merge(out[-1], line)
        else:
            out.append(line)
        last = key
    return out


def _merge(a: LogLine, b: LogLine) -> LogLine:
    return LogLine(f"{a.text} {b.text}".strip(), a.new_round, _unique((*a.clauses, *b.clauses)),
                   _unique((*a.rulings, *b.rulings)), a.open or b.open)


def _unique(items: Iterable[str]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(items))


def _clauses(step: TraceStep) -> tuple[str, ...]:
    """The step's clauses, one edition each: a translation whose original is cited is dropped."""
    from rulecheck.docs.report import all_clauses

    cited = tuple(step.provenance.clauses)
    index = all_clauses()
    return tuple(c for c in cited if not (index.get(c) and index[c].aligned in cited))


def player_log(trace: Trace, cite: bool = False, lang: str = "en") -> str:
    """The whole game as a player's log (see the module docstring)."""
    game = trace.game
    story = story_for(game, lang)
    seed = f" (seed {trace.seed})" if trace.seed is not None else ""
    out = [f"{story.title()}{seed}", ""]
    rounds = 0
    for line in log_lines(trace, story):
        if line.new_round:
            rounds += 1
            out += ["", f"Round {rounds}"]
        indent = "  " if rounds else ""
        out.append(f"{indent}{line.text}")
        if cite and (line.clauses or line.rulings):
            refs = ", ".join(line.clauses)
            if line.rulings:
                refs += ("; " if refs else "") + "ruling " + ", ".join(line.rulings)
            if line.open:
                refs += f"; open in this ruleset: {line.open}"
            out.append(f"{indent}    [{refs}]")
    out.append("")
    final = trace.final
    if trace.status == "terminal":
        out.append(story.ending(final))
    elif trace.status == "step-limit":
        out.append(f"The game was stopped after {len(trace.steps)} steps without ending (the step limit).")
    if isinstance(final, Pending):
        point = game.ruling_points.get(final.ruling)
        question = (point.publish.question or point.players_question or point.question) if point else ""
        out.append(f"The rules do not say what happens next: {question}".rstrip())
    return "\n".join(out).rstrip() + "\n"
