"""A finding explained: its witness replayed step by step in the rulebook's words.
"""

from __future__ import annotations

from collections.abc import Mapping

from rulecheck.check.detectors import all_clauses
from rulecheck.check.explore import Config
from rulecheck.core.game import Game, action_from_json
from rulecheck.engine import replay
from rulecheck.findings import Finding


def _witness_game(f: Finding) -> Game:
    assert f.witness is not None
    return Config.from_json(f.witness.config).load()


def witness_lines(f: Finding) -> list[tuple[int, str, str]]:
    """(step index, marker, text) for the interesting steps: the problem step, the loop."""
    assert f.witness is not None
    w = f.witness
    game = _witness_game(f)
    steps, _ = replay(game, [action_from_json(a) for a in w.actions])
    keep = []
    for i, s in enumerate(steps):
        marker = ""
        if w.loop_start is not None and i == w.loop_start:
            marker = "loop starts"
        elif i == w.problem_step:
            marker = "problem"
        if marker:
            keep.append((i, marker, f"{game.actor_text(s.actor, s.action)}: {s.text}"))
    return keep


def explain_finding(f: Finding, clause_text: Mapping[str, str] | None = None) -> str:
    """The finding and its witness replayed step by step in the rulebook's words."""
    texts = clause_text if clause_text is not None else {
        cid: " ".join(c.text.split()) for cid, c in all_clauses(f.game).items()
    }
    lines = [f"{f.id}: {f.title}", f"kind {f.kind}, severity {f.severity}, "
             f"{'verified (exhaustive)' if f.verified else 'not verified exhaustively'}"]
    if f.detail:
        lines.append(f.detail)
    for cid in f.clauses:
        lines.append(f"  clause {cid}: {texts.get(cid, '(text not in the clause index)')}")
    if f.ruling:
        lines.append(f"  ruling point: {f.ruling}")
    fd = f.data.get("full_deck")
    if fd:
        lines.append(f"Full deck: {fd['status']}: {fd['how']}.")
        fw = fd.get("witness")
        if fw:
            c = fw["config"]
            lines.append(f"  play that game: rulecheck simulate {c['game']} -v {c['variant']} -n {c['players']} "
                         f"-r {c['ruleset']} --seed {fw['seed']} --cite")
    if f.witness is None:
        lines.append("No witness trace: this finding is a claim about all explored plays, not one play.")
        return "\n".join(lines)
    w = f.witness
    game = _witness_game(f)
    cfg = Config.from_json(w.config)
    lines.append(f"Witness: {len(w.actions)} steps in {cfg.label()}")
    actions = [action_from_json(a) for a in w.actions]
    steps, final = replay(game, actions)
    state = game.root_state()
    width = len(str(len(steps)))
    loop_state = None
    for i, (s, a) in enumerate(zip(steps, actions, strict=True)):
        if w.loop_start is not None and i == w.loop_start:
            loop_state = state
            lines.append(f"{'':>{width}}  --- the loop starts here: from now on play can repeat forever ---")
        tag = ""
        if s.provenance.clauses:
            tag += f"  [{', '.join(s.provenance.clauses)}]"
        if s.provenance.rulings:
            tag += f"  ruling: {', '.join(s.provenance.rulings)}"
        if s.provenance.gap:
            tag += f"  GAP: {s.provenance.gap} (the text does not decide this)"
        mark = ""
        if i == w.problem_step and w.loop_start is None:
            mark = f"   <== the problem ({f.kind}) appears here"
        lines.append(f"{i + 1:>{width}}. {game.actor_text(s.actor, s.action)}: {s.text}{tag}{mark}")
        state = game.apply(state, a).state
    lines.append(f"State reached: {game.describe_state(final.before if hasattr(final, 'before') else final)}")
    if w.loop_start is not None:
        same = loop_state == final
        lines.append(
            f"After step {len(steps)} the state is {'exactly' if same else 'NOT'} the one before step "
            f"{w.loop_start + 1}: steps {w.loop_start + 1}-{len(steps)} can repeat forever."
        )
    if f.kind == "deadlock":
        lines.append(f"Legal actions here: {len(game.legal_actions(final))} (and the game is not over).")
    if isinstance(getattr(final, "ruling", None), str):
        rp = game.ruling_points[final.ruling]  # type: ignore[attr-defined]
        lines.append(f"Open question ({rp.kind}): {rp.question}")
        for o in rp.options:
            lines.append(f"  - {o.id}: {o.text}{'  (recommended)' if o.id == rp.recommended else ''}")
    lines.append(f"Replay it: the witness actions are in the audit report (finding {f.id}).")
    return "\n".join(lines)
