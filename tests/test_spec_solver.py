"""How the determinacy check asks the solver: constraints kept in one solver under guard literals
and shared by the questions that follow, the solver replaced after a fixed number of questions,
and answers that do not depend on which outcomes the solver happens to find."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

import rulecheck.core.spec as core_spec
from rulecheck.check import determinacy as det
from rulecheck.check.determinacy import SpecRun, _answers_of, _decided_by, check_explored
from rulecheck.check.explore import Config, explore
from rulecheck.games.chonker_party.spec import SPEC as PARTY
from rulecheck.games.chonker_party.spec import whole_outcome_is


def _ruling_answers(cfg: Config) -> tuple[Any, ...]:
    res = explore(cfg.load(), config=cfg)
    run = check_explored(res)
    assert run is not None
    return (run.situations, run.determined, run.gaps, run.conflicts, run.ruling_relevant, run.ruling_open,
            run.ruling_contradicts, sorted(run.ambiguities), sorted(run.silent))


@dataclass(frozen=True)
class _Sit:
    strict: bool

    def label(self) -> str:
        return "test"


def _tiny_spec() -> core_spec.Spec:
    """Two outcome variables; the one clause names the winner P1 (``strict``) or only rules out P2."""

    def outcome(_: Any) -> core_spec.Outcome:
        o = core_spec.Outcome()
        o.var("winner", ("none", "P1", "P2"))
        o.var("note", ("a", "b"))
        return o

    def the_winner(s: Any, o: core_spec.Outcome) -> Any:
        return o.eq("winner", "P1") if s.strict else core_spec.neg(o.eq("winner", "P2"))

    return core_spec.Spec("tiny", outcome, clauses=[core_spec.ClauseRule(("t.1",), "the_winner", the_winner)],
                          key_term=whole_outcome_is)


@pytest.mark.parametrize(("strict", "answer"), [(True, ("B",)), (False, None)])
def test_a_ruling_is_answered_by_the_text_only_if_the_text_is_not_open_on_what_it_decides(
        strict: bool, answer: tuple[str, ...] | None) -> None:
    """The ruling's options give the winner P1 (A) or P2 (B). The text allows A's outcome and not
    B's in both situations; it is also open on the note (which the ruling does not decide), and,
    unless ``strict``, on the winner too (none or P1), which leaves the ruling's question open.
    Which second outcome shows the gap does not matter: the solver is asked about the winner."""
    spec = _tiny_spec()
    core_spec.fresh_solver()
    a, b = (("note", "a"), ("winner", "P1")), (("note", "a"), ("winner", "P2"))
    run = SpecRun("raw")
    assert _answers_of(spec, _Sit(strict), {"A": {a}, "B": {b}}, {"winner"}, None, run) == answer


@pytest.mark.parametrize("strict", [True, False])
def test_an_outcome_the_verdict_found_answers_for_the_solver_and_the_same(strict: bool) -> None:
    """An outcome the verdict already found allowed (``shown``) answers "allowed" for the option
    whose outcome agrees with it where the ruling decides, without a question: the answer is the
    one the solver gives, with one question less."""
    spec = _tiny_spec()
    a, b = (("note", "a"), ("winner", "P1")), (("note", "a"), ("winner", "P2"))
    found = []
    for shown in ((), ((("note", "b"), ("winner", "P1")),)):
        core_spec.fresh_solver()
        det._ALLOWS.clear()
        run = SpecRun("raw")
        found.append((_answers_of(spec, _Sit(strict), {"A": {a}, "B": {b}}, {"winner"}, None, run, None, shown),
                      run.solver_calls))
    (asked, calls), (read_off, fewer) = found
    assert asked == read_off == (("B",) if strict else None)
    assert fewer == calls - 1


def test_what_a_ruling_decides_is_where_its_options_alone_part() -> None:
    """Two ruling points open in one step: R decides the winner, S the note. What R decides is
    where R's options alone part the outcomes (the winner), not where S's do (the note): else a
    text open on S's question would look open on R's."""
    a1, b1 = (("note", "a"), ("winner", "P1")), (("note", "a"), ("winner", "P2"))
    a2, b2 = (("note", "b"), ("winner", "P1")), (("note", "b"), ("winner", "P2"))
    leaves = [({"R": "A", "S": "x"}, a1), ({"R": "B", "S": "x"}, b1),
              ({"R": "A", "S": "y"}, a2), ({"R": "B", "S": "y"}, b2)]
    assert _decided_by(leaves, "R", None) == {"winner"}
    assert _decided_by(leaves, "S", None) == {"note"}
    # no two outcomes part on R alone: every place its options' outcomes differ
    assert _decided_by([({"R": "A", "S": "x"}, a1), ({"R": "B", "S": "y"}, b2)], "R", None) == {"note", "winner"}


def test_what_the_check_says_of_the_rulings_does_not_depend_on_the_solver_s_models(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Whether the text answers a ruling point's question where it is open elsewhere
    (``chomp.doble_short``: in which situations its options' outcomes are allowed) is a fact of
    the situations: the same with a solver replaced every 64 questions under the tuned settings,
    and every 5 questions under z3's defaults."""
    cfg = Config("chomp", "doble-chomp", 2, "shark=1,seal=1,plankton=1,eel=1,octopus=1", "raw")
    first = _ruling_answers(cfg)
    monkeypatch.setattr(core_spec, "QUESTIONS_PER_SOLVER", 5)
    monkeypatch.setattr(core_spec, "_PARAMS", {})
    second = _ruling_answers(cfg)
    assert first == second
    assert first[4].get("chomp.doble_short") and first[5].get("chomp.doble_short")


def test_constraints_are_asserted_once_per_solver_and_the_solver_is_replaced_in_time(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(core_spec, "QUESTIONS_PER_SOLVER", 3)
    core_spec.fresh_solver()
    out = core_spec.Outcome()
    out.var("winner", ("none", "P1", "P2"))
    tracked = [("a", out.eq("winner", "P1")), ("b", core_spec.neg(out.eq("winner", "P2")))]
    stores = []
    for _ in range(4):
        with core_spec._Question(out, tracked) as q:
            assert q.check() == core_spec.z3.sat
            assert q.values() == {"winner": "P1"}
            stores.append(q.store)
    assert stores[0] is stores[1] is stores[2] and stores[3] is not stores[0]
    assert len(stores[0].guards) == 3  # the domain and the two clauses, each once
    # a new solver, in the same context; a new check (fresh_solver) gets a context of its own
    assert stores[3].ctx is stores[0].ctx and stores[3].solver is not stores[0].solver
    core_spec.fresh_solver()
    assert core_spec._store().ctx is not stores[0].ctx
    # what a question adds for itself is gone when it closes
    with core_spec._Question(out, tracked) as q:
        q.add(f"(not {out.eq('winner', 'P1')})")
        assert q.check() == core_spec.z3.unsat
        assert q.core() == ("a",)
    with core_spec._Question(out, tracked) as q:
        assert q.check() == core_spec.z3.sat


def test_the_solver_is_replaced_once_it_holds_enough_constraints(monkeypatch: pytest.MonkeyPatch) -> None:
    """Large questions that share little fill a solver before it has answered its questions'
    worth: it is replaced when it holds ``CONSTRAINTS_PER_SOLVER`` constraints, whichever comes
    first."""
    monkeypatch.setattr(core_spec, "CONSTRAINTS_PER_SOLVER", 5)
    core_spec.fresh_solver()
    out = core_spec.Outcome()
    out.var("winner", ("none", "P1", "P2"))
    stores = []
    for who, other in (("P1", "P2"), ("P2", "none"), ("none", "P1")):
        # each question brings two constraints of its own; the domain is shared
        tracked = [("a", out.eq("winner", who)), ("b", core_spec.neg(out.eq("winner", other)))]
        with core_spec._Question(out, tracked) as q:
            assert q.check() == core_spec.z3.sat
            stores.append(q.store)
    assert stores[0] is stores[1] and stores[2] is not stores[0]
    assert len(stores[0].guards) == 5


def test_the_solver_is_replaced_once_its_constraints_are_long_enough(monkeypatch: pytest.MonkeyPatch) -> None:
    """A full-deck question's constraints are long: a solver is also replaced once the text of the
    constraints it holds reaches ``TEXT_PER_SOLVER`` characters, before it holds its count of them."""
    monkeypatch.setattr(core_spec, "TEXT_PER_SOLVER", 40)
    core_spec.fresh_solver()
    out = core_spec.Outcome()
    out.var("winner", ("none", "P1", "P2"))
    stores = []
    for who in ("P1", "P2", "none"):
        tracked = [("a", out.eq("winner", who))]
        with core_spec._Question(out, tracked) as q:
            assert q.check() == core_spec.z3.sat
            stores.append(q.store)
    # the domain (17 characters) and "winner is P1" (14) fit; with "winner is P2" (14) the text
    # reaches 45 characters, so the third question gets a new solver
    assert stores[0] is stores[1] and stores[2] is not stores[0]
    assert stores[0].size == 45 and stores[2].size == 31


def test_chonker_party_compares_whole_outcomes_or_the_aspects_asked() -> None:
    out = core_spec.Outcome()
    out.var("trump", ("none", "sweet", "salty"))
    out.var("round_ends", ("no", "yes"))
    key = (("round_ends", "yes"), ("trump", "sweet"))
    assert whole_outcome_is(out, key) == f"(and {out.eq('round_ends', 'yes')} {out.eq('trump', 'sweet')})"
    assert whole_outcome_is(out, key, {"trump"}) == out.eq("trump", "sweet")
    assert whole_outcome_is(out, (("trump", "sweet"),)) is False  # names too few variables
    assert PARTY.key_term is whole_outcome_is



@pytest.mark.parametrize("name", ["g0", "g17"])
def test_an_outcome_variable_cannot_take_a_guard_literal_s_name(name: str) -> None:
    """The solver's guard literals are named g0, g1, ... (:class:`rulecheck.core.spec._Store`): an
    outcome variable of that name would make every question that declares both fail inside z3, so
    the specification is refused where it declares it, with the reason."""
    out = core_spec.Outcome()
    with pytest.raises(ValueError, match=f"outcome variable '{name}': names like g0, g1 are the solver's guard"):
        out.var(name, ("none", "P1"))
    out.var("g", ("none", "P1"))  # other names are fine, "g" and "g0x" among them
    out.var("g0x", ("a", "b"))
