"""Every ruling option beside `recommended`, one at a time: does the determinacy check still verify
every situation under that ruleset?

"Verified" holds for `recommended` by the audit; this module checks the rulesets one option away
from it, which is how a user's ruleset differs from it in practice. For a ruling point and one of
its options other than the recommended one, the configurations of a plan are searched under
`recommended` with that one option changed, and the clause specification is checked over each
search. A *disagreement* is the engine doing something else than the clauses and the options
require (an engine fault under that option); a situation left *open* is one the clauses and the
options leave open or contradictory (the option's constraint does not state all it decides). Both
are findings of ``rulecheck audit --ruleset FILE`` with that ruleset; here they are counted.

Used by ``scripts/check_each_option.py`` and ``tests/test_spec_each_option.py`` (every option, and
rulesets that change every ruling point at once, over the default plan).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from rulecheck.check.determinacy import check_explored
from rulecheck.check.explore import Config, explore
from rulecheck.core.errors import RulecheckError
from rulecheck.core.rulings import load_ruling_points

PlanRows = Iterable[tuple[str, int, str]]
"""(variant, players, deck) rows, as in :data:`rulecheck.audit.DEFAULT_PLAN`."""


@dataclass
class OptionCheck:
    """What the check found under `recommended` with ``ruling=option``, over a plan."""

    ruling: str
    option: str
    searches: int = 0
    verified: int = 0
    disagreements: int = 0
    open: int = 0
    examples: list[str] = field(default_factory=list)

    @property
    def clean(self) -> bool:
        return not self.disagreements and not self.open

    def summary(self) -> str:
        flag = "" if self.clean else "   <- not verified"
        return (f"{self.ruling}={self.option}: {self.disagreements} disagreements, {self.open} open, "
                f"{self.verified:,} steps verified in {self.searches} searches{flag}")


def other_options(game: str) -> Iterator[tuple[str, str]]:
    """Every (ruling point, option) of ``game`` whose option is not the recommended one."""
    for rid, rp in sorted(load_ruling_points(game).items()):
        for option in rp.option_ids:
            if option != rp.recommended:
                yield rid, option


def check_option(game: str, ruling: str, option: str, plan: PlanRows, bound: int | None) -> OptionCheck:
    """The determinacy check over every configuration of ``plan`` under `recommended` with
    ``ruling=option`` (at most ``bound`` distinct situations per search; None: all). A
    configuration the game refuses is an example, not a search."""
    return check_ruleset(game, ((ruling, option),), plan, bound, OptionCheck(ruling, option))


def last_options(game: str) -> tuple[tuple[str, str], ...]:
    """A ruleset far from `recommended`: every ruling point's last option."""
    return tuple(sorted((rid, rp.option_ids[-1]) for rid, rp in load_ruling_points(game).items()))


def seeded_ruleset(game: str, seed: int) -> tuple[tuple[str, str], ...]:
    """A ruleset of options drawn at random (seeded: the same seed, the same ruleset)."""
    rng = random.Random(seed)
    return tuple(sorted((rid, rng.choice(rp.option_ids)) for rid, rp in sorted(load_ruling_points(game).items())))


def check_ruleset(game: str, choices: tuple[tuple[str, str], ...], plan: PlanRows, bound: int | None,
                  got: OptionCheck | None = None) -> OptionCheck:
    """The determinacy check over every configuration of ``plan`` under `recommended` with the
    options ``choices`` (as :func:`check_option`; ``got`` names what is checked)."""
    if got is None:
        got = OptionCheck("ruleset", ",".join(f"{r}={o}" for r, o in choices))
    for variant, players, deck in plan:
        cfg = Config(game, variant, players, deck, "recommended", choices=choices)
        try:
            run = check_explored(explore(cfg.load(), config=cfg), max_situations=bound)
        except RulecheckError as exc:
            got.examples.append(f"{game} {variant} {players}p {deck}: refused: {str(exc)[-160:]}")
            continue
        if run is None:
            continue
        got.searches += 1
        got.verified += run.verified
        got.disagreements += len(run.disagreements)
        got.open += len(run.silent)
        for key, e in [*run.disagreements.items(), *run.silent.items()][:1]:
            if len(got.examples) < 5:
                got.examples.append(f"{game} {variant} {players}p {deck}: {key}: {e['situation']} "
                                    f"(core: {e.get('core')})")
    return got
