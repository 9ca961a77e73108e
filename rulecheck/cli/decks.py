"""`rulecheck decks GAME`: the named decks, the small decks the audit explores, the deck syntax;
and the configuration `rulecheck graph` picks when no deck is given."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import click

from rulecheck.cli import main
from rulecheck.cli.options import examples, game_argument, ruleset_option
from rulecheck.core.errors import RulecheckError
from rulecheck.core.game import Game
from rulecheck.core.rulings import load_ruleset
from rulecheck.games import game_module, load_game, variants

if TYPE_CHECKING:  # pragma: no cover
    from rulecheck.check.explore import Config

__all__ = ["DeckRow", "audit_decks", "deck_rows", "deck_syntax", "explored_config", "graph_config", "player_counts"]


@dataclass(frozen=True)
class DeckRow:
    """One deck: its name (or spec string), card count, composition and where it can be played."""

    name: str
    cards: int
    composition: str
    fits: Mapping[str, tuple[int, ...]] = field(default_factory=dict)
    """variant -> the player counts the deck can be dealt to."""

    def to_json(self) -> dict[str, Any]:
        return {"deck": self.name, "cards": self.cards, "composition": self.composition,
                "fits": {v: list(ns) for v, ns in self.fits.items()}}


def player_counts(game: str, variant: str) -> tuple[int, ...]:
    """The player counts the game module declares for ``variant`` (``PLAYERS``)."""
    declared = getattr(game_module(game), "PLAYERS", range(2, 7))
    counts = declared.get(variant, ()) if isinstance(declared, Mapping) else declared
    return tuple(counts)


def _load(game: str, variant: str, players: int | None, ruleset: str, deck: str) -> Game | None:
    try:
        return load_game(game, variant, players, ruleset, deck)
    except RulecheckError:
        return None


def _chomp_composition(deck: str) -> str:
    from rulecheck.games.chomp.cards import CARD_NAMES, deck_counts

    return ",".join(f"{CARD_NAMES[k]}={n}" for k, n in enumerate(deck_counts(deck)) if n)


def _chonker_composition(deck: str) -> str:
    from rulecheck.games.chonker_party.cards import NAMES, parse_deck

    spec = parse_deck(deck)
    return ",".join([*(f"{NAMES[k]}={n}" for k, n in enumerate(spec.counts) if n), f"hand={spec.hand}"])


_COMPOSITION: dict[str, Callable[[str], str]] = {"chomp": _chomp_composition, "chonker-party": _chonker_composition}

_SYNTAX: dict[str, str] = {
    "chomp": "kinds plankton, shrimp, littlefish, bigfish, seal, shark, eel, octopus "
             "(e.g. --deck shark=1,seal=1,eel=1,octopus=1); the cards are dealt out evenly, "
             "the rest stay out of play",
    "chonker-party": "kinds sweet, salty, chonk, spoiled, stick, leaf, brick, stone, choose, steal, skip, see, "
                     "force, war, and hand=N for the hand size (1-6, default 6) "
                     "(e.g. --deck sweet=1,salty=1,chonk=1,leaf=1,steal=1,hand=1); the deck must fill "
                     "every hand and one more",
}


def _composition(game: str, deck: str) -> str:
    describe = _COMPOSITION.get(game)
    try:
        return describe(deck) if describe else ""
    except RulecheckError:
        return ""


def _named_decks(game: str) -> tuple[str, ...]:
    return tuple(getattr(game_module(game), "DECKS", ("full",)))


def deck_row(game: str, deck: str, ruleset: str = "recommended") -> DeckRow:
    """Where ``deck`` fits: every variant and player count of the game it can be dealt to."""
    fits: dict[str, tuple[int, ...]] = {}
    cards = 0
    for variant in variants(game):
        loaded = [(n, _load(game, variant, n, ruleset, deck)) for n in player_counts(game, variant)]
        ok = tuple(n for n, g in loaded if g is not None)
        if ok:
            fits[variant] = ok
        cards = max([cards, *(g.card_total() for _, g in loaded if g is not None)])
    return DeckRow(deck, cards, _composition(game, deck), fits)


def deck_rows(game: str, ruleset: str = "recommended") -> list[DeckRow]:
    """The game's named decks (``DECKS``), each with where it fits."""
    return [deck_row(game, d, ruleset) for d in _named_decks(game)]


def audit_decks(game: str) -> list[tuple[str, int, str]]:
    """(variant, players, deck) of every configuration the audit explores (quick plan first),
    without repeats: decks small enough to explore exhaustively."""
    from rulecheck.audit import default_plan

    plan = [*default_plan([game], quick=True), *default_plan([game])]
    return list(dict.fromkeys((v, p, d) for _, v, p, d in plan))


def graph_config(game: str, variant: str | None, players: int | None, deck: str | None,
                 ruleset: str = "recommended") -> tuple[str | None, int | None, str, str]:
    """The configuration to export when ``deck`` is not given: the audit configuration of the
    variant (and player count, if given) with the fewest cards, else the smallest named deck
    that fits. Returns (variant, players, deck, why) where ``why`` says what was chosen ("" if
    the deck was given)."""
    if deck is not None:
        return variant, players, deck, ""
    v = variant or variants(game)[0]
    audited = audit_decks(game)
    found = [(g, "the smallest deck the audit explores")
             for pv, p, d in audited if pv == v and players in (None, p)
             if (g := _load(game, v, p, ruleset, d)) is not None]
    if not found:  # a player count the audit does not explore: its decks dealt to that count
        found = [(g, f"the smallest deck the audit explores that deals to {players} players")
                 for d in dict.fromkeys(d for _, _, d in audited)
                 if (g := _load(game, v, players, ruleset, d)) is not None]
    if not found:
        found = [(g, "the smallest named deck that fits") for d in _named_decks(game)
                 if (g := _load(game, v, players, ruleset, d)) is not None]
    if not found:
        return variant, players, "full", ""
    g, why = min(found, key=lambda c: (c[0].card_total(), c[0].num_players))
    return v, g.num_players, g.deck, (f"no --deck given: {game} {v}, {g.num_players} players, deck {g.deck} "
                                      f"({g.card_total()} cards, {why}); `rulecheck decks {game}` lists others")


def explored_config(command: str, game: str, variant: str | None, players: int | None, deck: str | None,
                    ruleset: str) -> tuple[Game, Config]:
    """The game and configuration a one-configuration command (``graph``, ``search``) explores:
    the deck given, or :func:`graph_config`'s choice, named on stderr as ``<command>: ...``; the
    configuration keeps ``ruleset`` as given (a file's path), so that witnesses reload it."""
    from rulecheck.check.explore import Config
    from rulecheck.cli.options import say

    load_ruleset(game, ruleset)  # before choosing a deck: a bad ruleset fits none
    variant, players, deck, why = graph_config(game, variant, players, deck, ruleset)
    if why:
        say(f"{command}: {why}")
    g = load_game(game, variant, players, ruleset, deck)
    cfg = Config.of(g)
    return g, Config(cfg.game, cfg.variant, cfg.players, cfg.deck, ruleset)


def _span(counts: Sequence[int]) -> str:
    """``(2, 3, 4, 6)`` -> ``"2-4, 6"``."""
    runs: list[list[int]] = []
    for n in counts:
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    return ", ".join(f"{r[0]}-{r[-1]}" if len(r) > 1 else str(r[0]) for r in runs)


def _fits_text(fits: Mapping[str, tuple[int, ...]]) -> str:
    return "; ".join(f"{v} {_span(ns)}p" for v, ns in fits.items()) or "no variant or player count"


def deck_syntax(game: str) -> str:
    """How to write a deck for ``game`` on the command line."""
    names = ", ".join(d for d in _named_decks(game) if "=" not in d)
    spec = _SYNTAX.get(game, "kind=count,...")
    return f"--deck NAME ({names}) or --deck kind=count,...: {spec}; kinds not named have no copies."


def _table(rows: Iterable[tuple[str, ...]]) -> list[str]:
    rows = list(rows)
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]) - 1)] if rows else []
    return ["  " + "  ".join([*(c.ljust(w) for c, w in zip(r, widths, strict=False)), r[-1]]).rstrip()
            for r in rows]


@main.command(epilog=examples("rulecheck decks chomp", "rulecheck decks chonker-party --json",
                              "rulecheck simulate chomp --deck mini",
                              "rulecheck graph chomp --deck shark=1,seal=1,eel=1,octopus=1 -v underwater-war"))
@game_argument
@ruleset_option
@click.option("--json", "as_json", is_flag=True, help="Print as JSON.")
def decks(game: str, ruleset: str, as_json: bool) -> None:
    """List GAME's named decks (cards, composition, the variants and player counts each fits),
    the small decks the audit explores, and the kind=count,... syntax for any other deck."""
    load_ruleset(game, ruleset)  # a bad ruleset is an error, not a deck that fits nothing
    rows = deck_rows(game, ruleset)
    small = [deck_row(game, d, ruleset) for d in dict.fromkeys(d for _, _, d in audit_decks(game))]
    if as_json:
        click.echo(json.dumps({"game": game, "ruleset": ruleset, "decks": [r.to_json() for r in rows],
                               "audit_decks": [r.to_json() for r in small], "syntax": deck_syntax(game)}, indent=1))
        return
    click.echo(f"{game}: named decks")
    for line in _table((r.name, f"{r.cards} cards", _fits_text(r.fits), r.composition) for r in rows):
        click.echo(line)
    click.echo("\nsmall decks the audit explores exhaustively (`rulecheck graph` picks the smallest)")
    for line in _table((r.name, f"{r.cards} cards", _fits_text(r.fits)) for r in small):
        click.echo(line)
    click.echo(f"\n{deck_syntax(game)}")
