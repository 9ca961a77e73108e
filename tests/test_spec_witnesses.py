"""The determinacy check's witnesses replay from the root, also under a symmetry reduction: the
search stores one state per class, and a replay of the shortest path reaches another member of
the class (two Sticks swapped, say), where the stored state's action may be no legal move; the
witness takes the action there that makes the same step."""

from __future__ import annotations

from rulecheck.check.determinacy import check_explored, spec_findings
from rulecheck.check.explore import Config, explore
from rulecheck.core.game import action_from_json, action_to_json


def _replays(cfg: Config, actions: tuple[object, ...]) -> bool:
    game = cfg.load()
    state = game.root_state()
    for a in actions:
        act = action_from_json(list(a))  # type: ignore[call-overload]
        if act not in game.legal_actions(state):
            return False
        state = game.apply(state, act).state
    return True


def test_every_spec_witness_replays_where_the_replay_reaches_another_member_of_the_class() -> None:
    cfg = Config("chonker-party", "standard", 2, "leaf=4,stick=4,choose=1,hand=2", "raw")
    res = explore(cfg.load(), config=cfg)
    run = check_explored(res)
    assert run is not None
    found = spec_findings(res, run)
    ambiguity = [f for f in found if f.id == "chonker-party.ambiguity.any_new_card"]
    assert ambiguity and ambiguity[0].witness is not None
    for f in found:
        assert f.witness is not None, f.id
        assert _replays(Config.from_json(f.witness.config), f.witness.actions), f.id
    # the witness that needed it: the stored state's own action, after the shortest replay into
    # its class, is no legal move (what the check used to publish)
    entry = run.ambiguities["cp.read.any_new_card"]
    plain = tuple(action_to_json(a) for a in res.trace_to(entry["node"]))
    assert not _replays(cfg, (*plain, entry["action"]))
