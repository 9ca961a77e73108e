"""Chomp!'s rule areas for the conformance vectors (:mod:`rulecheck.oracle.vectors`): a step
belongs to an area by the clauses and ruling points of its provenance, its action, or its variant.
Clause sections that no area here covers get an area of their own."""

from __future__ import annotations

from rulecheck.oracle.areas import Area
from rulecheck.oracle.areas import sections as _sections

AREAS: tuple[Area, ...] = (
    Area("deal", "the deal: every card dealt face down, equally",
         _sections("en.setup", "es.preparar"), actions=("deal",)),
    Area("turn-over", "all players turn over their top card in unison",
         _sections("en.gameplay", "es.como-se-juega"), actions=("turn_over",)),
    Area("chomp", "the food chain: who may chomp what, and what a chomp collects",
         _sections("en.food-chain", "en.outcomes", "es.cadena-alimentaria", "es.resultados"),
         actions=("chomp", "slap")),
    Area("bad-chomp", "slapping a card you may not chomp",
         _sections("en.bad-chomp", "es.malos-mordiscos"), ("chomp.bad",), ("bad_chomp",)),
    Area("feeding-frenzy", "the Electric Eel: Feeding Frenzy",
         _sections("en.feeding-frenzy", "es.anguila"), ("chomp.frenzy", "chomp.feeding"),
         ("feeding_frenzy", "frenzy")),
    Area("ink-out", "the Octopus: Ink Out", _sections("en.ink-out", "es.ink-out"), ("chomp.ink",),
         ("ink_out",)),
    Area("octopus-vs-eel", "Octopus and Electric Eel in the same round",
         _sections("en.octopus-vs-eel", "es.pulpo-vs-anguila")),
    Area("tie", "ties", _sections("en.tie", "es.empate"), ("chomp.tie",)),
    Area("reshuffle", "a player's pile runs out: the discards are shuffled into a new pile",
         rulings=("chomp.reshuffle",), actions=("reshuffle", "shuffle")),
    Area("elimination", "a player whose cards are all chomped is out of the game",
         ("en.ending.1", "es.fin.1")),
    Area("ending", "the end of the game", _sections("en.ending", "es.fin")),
    Area("underwater-war", "2 players: Underwater War",
         _sections("en.underwater-war", "es.guerra-submarina"), variants=("underwater-war",)),
    Area("chomp-rapido", "2 players: Chomp rápido", _sections("es.chomp-rapido"),
         variants=("chomp-rapido",)),
    Area("doble-chomp", "2 players: Doble Chomp", _sections("es.doble-chomp"), variants=("doble-chomp",)),
)
