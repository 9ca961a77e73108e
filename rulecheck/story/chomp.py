"""Chomp! told as players tell it, in English or in Spanish (the Spanish edition's own games,
Chomp rápido and Doble Chomp, have their errata in Spanish).

Every sentence is read off two states: the cards that left a pile were turned over, the cards
that reached a discard pile were taken, the cards that reached the middle were a Bad Chomp's
penalty. Why a slap was a Bad Chomp comes from :func:`rulecheck.games.chomp.race.classify`,
the engine's own test, so the story cannot disagree with the game.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass

from rulecheck.core.game import Action, Game
from rulecheck.games.chomp.cards import EEL, OCTOPUS, SHARK
from rulecheck.games.chomp.race import (
    BAD_HIGHER,
    BAD_INK,
    BAD_NOT_LOWEST,
    BAD_OWN,
    BAD_SAME,
    BAD_WRONG,
    classify,
    highest_creature,
    lowest,
)
from rulecheck.games.chomp.state import (
    DEAL,
    KIND_MASK,
    LAST_TWO,
    NEW,
    NEXT_CARD,
    OVER,
    RACE,
    REPLAY,
    RK_EEL,
    RK_FRENZY,
    RK_INKOUT,
    STANDARD,
    TIE_REPLAY,
    TURN,
    WAR,
    ChompState,
    players_of,
)
from rulecheck.story import Card, Group, Row, Scene, Story, join, multiset_minus, sentence

__all__ = ["CARD_WORDS", "ChompStory", "card_face"]


@dataclass(frozen=True)
class CardWords:
    """A card's name in one language: singular, plural, and the article it takes."""

    one: str
    many: str
    article: str


CARD_WORDS: dict[str, tuple[CardWords, ...]] = {
    "en": (
        CardWords("Plankton", "Plankton", "a"), CardWords("Shrimp", "Shrimp", "a"),
        CardWords("Little Fish", "Little Fish", "a"), CardWords("Big Fish", "Big Fish", "a"),
        CardWords("Seal", "Seals", "a"), CardWords("Shark", "Sharks", "a"),
        CardWords("Electric Eel", "Electric Eels", "an"), CardWords("Octopus", "Octopuses", "an"),
    ),
    "es": (
        CardWords("Plancton", "Plancton", "un"), CardWords("Camarón", "Camarones", "un"),
        CardWords("Pez pequeño", "Peces pequeños", "un"), CardWords("Pez grande", "Peces grandes", "un"),
        CardWords("Foca", "Focas", "una"), CardWords("Tiburón", "Tiburones", "un"),
        CardWords("Anguila eléctrica", "Anguilas eléctricas", "una"), CardWords("Pulpo", "Pulpos", "un"),
    ),
}
"""Card names as the editions print them (the Spanish edition's right words: ``Foca``, not
``Sello``; ``Plancton``, not ``Punkton``)."""

VARIANT_NAMES = {
    "en": ("the 3+ player game", "Underwater War", "Chomp rápido", "Doble Chomp"),
    "es": ("el juego normal", "Guerra submarina", "¡Chomp rápido!", "¡Doble Chomp!"),
}

EDITION_TWO_PLAYER_GAMES = {
    "en": ("underwater-war",),
    "es": ("underwater-war", "chomp-rapido", "doble-chomp"),
}
"""The 2-player games each edition prints (en.ending.3 and the sections after it)."""

WORDS: dict[str, dict[str, str]] = {
    "en": {
        "player": "Player {n}",
        "deal": "The cards are shuffled and dealt face down: {n} to each player.",
        "deal_rest": "The {n} cards left over go back in the box.",
        "replay": "Everyone plays another card.",
        "tie_replay": "To break the tie, everyone plays another card.",
        "war": "War!",
        "next_card": "Each player turns over the next card.",
        "turns": "{p} turns over {card}",
        "turns_two": "{p} turns over {a} and {b}",
        "turns_war": "{p} puts {n} face down and turns up {card}",
        "n_cards": "{n} cards",
        "one_card": "1 card",
        "turns_short": "{p} {card}",
        "no_card": "{p} has no card to play",
        "frenzy": "An Electric Eel: Feeding Frenzy!",
        "inkout": "An Octopus: Ink Out!",
        "eel": "An Electric Eel: the first to slap it takes the cards.",
        "slap": "{p} slaps {whose} {card}",
        "own": "their own",
        "whose": "{q}'s",
        "bad": "a Bad Chomp ({why})",
        "penalty": "{p} puts the top card of their pile face down in the middle.",
        "why_higher": "it is higher on the food chain than their {mine}",
        "why_same": "it is the same as their {mine}",
        "why_own": "it is their own card",
        "why_ink": "nobody may chomp in an Ink Out",
        "why_not_lowest": "it is not the lowest card",
        "why_wrong": "their card cannot chomp it",
        "why_special": "nobody can chomp an Octopus or an Electric Eel",
        "wins": "{p} was first and wins the round.",
        "frenzy_wins": "{p} was first: the Feeding Frenzy is theirs.",
        "tie": "{ps} slap at the same time: a tie. The cards are set aside.",
        "nobody_ink": "Nobody can see, so nobody chomps: the cards are set aside.",
        "nobody": "Nobody slaps.",
        "higher": "{p}'s {card} is higher on the food chain.",
        "takes": "{p} takes {cards}",
        "and_own": "and gets back their own {cards}",
        "and_own_one": "and gets back their own {cards}",
        "keeps": "{p} puts their {cards} in their discard pile",
        "keeps_many": "{p} puts their {cards} in their discard pile",
        "under_pile": "under their pile",
        "centre_stays": "The cards in the middle stay there for the winner of the next round.",
        "shuffle": "{p}'s pile has run out: they shuffle their discard pile ({n}) into a new pile.",
        "washed_up": "{p} has no cards left: they are washed up and out of the game.",
        "washed_up_many": "{ps} have no cards left: they are washed up and out of the game.",
        "switch": "They choose to go on with {variant}.",
        "last_two": "Only two players still have cards: they choose to count them or to go on with a 2-player game.",
        "choose_count": "They choose to count their cards.",
        "collected_all": "{p} has collected all of the cards and wins the game.",
        "last_standing": "{p} is the only player left with cards and wins the game with {n} cards.",
        "count": "The players count their cards: {counts}.",
        "count_one": "{p} has {n}",
        "wins_with": "{p} wins with {n} cards.",
        "share": "{ps} share the win.",
        "nobody_wins": "Nobody wins.",
        "shared_last": "{ps}, still in the game when the round began, share the win.",
        "not_playable": "The game cannot be played with these cards.",
        "over": "Game over.",
        "face_up": "face up",
        "pile": "pile",
        "discard": "discard pile",
        "set_aside": "set aside",
        "middle": "Middle",
        "in_middle": "face down in the middle",
        "out": "out of the game",
        "nothing": "nothing",
    },
    "es": {
        "player": "Jugador {n}",
        "deal": "Se barajan las cartas y se reparten boca abajo: {n} a cada jugador.",
        "deal_rest": "Las {n} cartas que sobran vuelven a la caja.",
        "replay": "Cada jugador juega otra carta.",
        "tie_replay": "Para romper el empate, cada jugador juega otra carta.",
        "war": "¡Guerra!",
        "next_card": "Cada jugador da la vuelta a la siguiente carta.",
        "turns": "{p} da la vuelta a {card}",
        "turns_two": "{p} da la vuelta a {a} y {b}",
        "turns_war": "{p} pone {n} boca abajo y da la vuelta a {card}",
        "n_cards": "{n} cartas",
        "one_card": "1 carta",
        "turns_short": "{p} a {card}",
        "no_card": "{p} no tiene carta que jugar",
        "frenzy": "Una anguila eléctrica: ¡frenesí de alimentación!",
        "inkout": "Un pulpo: ¡Ink Out!",
        "eel": "Una anguila eléctrica: el primero en golpearla se lleva las cartas.",
        "slap": "{p} golpea {whose} ({card})",
        "own": "su propia carta",
        "whose": "la carta de {q}",
        "bad": "una mala mordida ({why})",
        "penalty": "{p} pone la carta superior de su pila boca abajo en el centro.",
        "why_higher": "está más arriba en la cadena alimentaria que su {mine}",
        "why_same": "es igual que su {mine}",
        "why_own": "es su propia carta",
        "why_ink": "nadie puede morder en un Ink Out",
        "why_not_lowest": "no es la carta más baja",
        "why_wrong": "su carta no puede morderla",
        "why_special": "nadie puede morder un pulpo o una anguila eléctrica",
        "wins": "{p} fue el primero y gana la ronda.",
        "frenzy_wins": "{p} fue el primero: el frenesí es suyo.",
        "tie": "{ps} golpean a la vez: un empate. Las cartas se apartan.",
        "nobody_ink": "Nadie ve nada y nadie muerde: las cartas se apartan.",
        "nobody": "Nadie golpea.",
        "higher": "La carta de {p} ({card}) está más arriba en la cadena alimentaria.",
        "takes": "{p} se lleva {cards}",
        "and_own": "y recupera las suyas: {cards}",
        "and_own_one": "y recupera la suya: {cards}",
        "keeps": "{p} pone su carta ({cards}) en su pila de descarte",
        "keeps_many": "{p} pone sus cartas ({cards}) en su pila de descarte",
        "under_pile": "debajo de su pila",
        "centre_stays": "Las cartas del centro se quedan allí para el ganador de la ronda siguiente.",
        "shuffle": "A {p} se le acaba la pila: baraja su pila de descarte ({n}) y sigue jugando.",
        "washed_up": "{p} se queda sin cartas: está acabado y fuera del juego.",
        "washed_up_many": "{ps} se quedan sin cartas: están acabados y fuera del juego.",
        "switch": "Eligen seguir con {variant}.",
        "last_two": "Solo dos jugadores tienen cartas: eligen contarlas o seguir con un juego de 2 jugadores.",
        "choose_count": "Eligen contar sus cartas.",
        "collected_all": "{p} ha recogido todas las cartas y gana el juego.",
        "last_standing": "{p} es el único jugador con cartas y gana el juego con {n} cartas.",
        "count": "Los jugadores cuentan sus cartas: {counts}.",
        "count_one": "{p} tiene {n}",
        "wins_with": "{p} gana con {n} cartas.",
        "share": "{ps} comparten la victoria.",
        "nobody_wins": "Nadie gana.",
        "shared_last": "{ps}, que seguían en el juego al empezar la ronda, comparten la victoria.",
        "not_playable": "No se puede jugar con estas cartas.",
        "over": "Fin del juego.",
        "face_up": "boca arriba",
        "pile": "pila",
        "discard": "pila de descarte",
        "set_aside": "apartadas",
        "middle": "Centro",
        "in_middle": "boca abajo en el centro",
        "out": "fuera del juego",
        "nothing": "nada",
        "open": "Las reglas no dicen qué pasa aquí; los jugadores acuerdan:",
        "next": "Lo que puede pasar a continuación:",
        "or": "o",
        "more": "otra cosa",
        "now_possible": "Ahora es posible:",
        "no_longer": "Ya no es posible:",
    },
}

FAMILIES = ("plankton", "shrimp", "little-fish", "big-fish", "seal", "shark", "eel", "octopus")
"""The colour of each card in the drawings (one per kind)."""
ACTION_CAPTIONS = {
    "en": {EEL: "Feeding Frenzy!", OCTOPUS: "Ink Out!"},
    "es": {EEL: "¡Frenesí!", OCTOPUS: "Ink Out!"},
}


def card_face(card: int, lang: str = "en") -> Card:
    """A Chomp! card as drawn: its name, its rank on the food chain (1 for Plankton up to 6 for
    the Shark) or, for the two action cards, what they start."""
    words = CARD_WORDS[lang][card]
    if card <= SHARK:
        return Card(words.one, FAMILIES[card], str(card + 1), "creature" if lang == "en" else "criatura")
    return Card(words.one, FAMILIES[card], "", ACTION_CAPTIONS[lang][card])


class ChompStory(Story):
    """Chomp!: every variant, in English or Spanish."""

    def __init__(self, game: Game, lang: str = "en") -> None:
        super().__init__(game, lang if lang in WORDS else "en", WORDS.get(lang, WORDS["en"]))

    def in_edition(self, action: Action) -> bool:
        """The English edition's only 2-player game is Underwater War (en.ending.3); Chomp rápido
        and Doble Chomp are the Spanish edition's, so an English story does not offer them."""
        return not (action[:1] == ("switch",) and action[1] not in EDITION_TWO_PLAYER_GAMES[self.lang])

    # ------------------------------------------------------------------ words
    def w(self, key: str, **kw: object) -> str:
        return self.words[key].format(**kw)

    def player(self, p: int) -> str:
        return self.w("player", n=p + 1)

    def players(self, mask_or_list: int | Sequence[int]) -> str:
        ps = players_of(mask_or_list) if isinstance(mask_or_list, int) else tuple(mask_or_list)
        return join([self.player(p) for p in ps], self.lang)

    def name(self, card: int) -> str:
        return CARD_WORDS[self.lang][card].one

    def a(self, card: int) -> str:
        words = CARD_WORDS[self.lang][card]
        return f"{words.article} {words.one}"

    def cards(self, cards: Sequence[int]) -> str:
        """``2 Plankton and a Shark``: kinds in food-chain order, with their numbers."""
        parts = []
        for c in sorted(set(cards)):
            n = cards.count(c)
            words = CARD_WORDS[self.lang][c]
            parts.append(f"{words.article} {words.one}" if n == 1 else f"{n} {words.many}")
        return join(parts, self.lang) if parts else self.w("nothing")

    def names(self, cards: Sequence[int]) -> str:
        """``Shark``, ``2 Plankton and Shark``: the cards without articles (after "their")."""
        parts = []
        for c in sorted(set(cards)):
            n = cards.count(c)
            words = CARD_WORDS[self.lang][c]
            parts.append(words.one if n == 1 else f"{n} {words.many}")
        return join(parts, self.lang)

    def title(self) -> str:
        cfg = self.game.config_json()
        variant = VARIANT_NAMES[self.lang][self.game.mode]  # type: ignore[attr-defined]
        deck = "" if cfg["deck"] == "full" else f", deck {cfg['deck']}"
        return f"Chomp!, {variant}, {cfg['players']} players{deck}"

    # ------------------------------------------------------------------ steps
    def new_round(self, before: Hashable, action: Action) -> bool:
        s: ChompState = before  # type: ignore[assignment]
        return action[:1] == ("turn_over",) and s.step == NEW

    def told(self, before: Hashable, action: Action, after: Hashable) -> tuple[str, ...]:
        b: ChompState = before  # type: ignore[assignment]
        a: ChompState = after  # type: ignore[assignment]
        name = action[0]
        out: list[str] = []
        if name == "deal":
            out.append(self.w("deal", n=len(action[1][0])))
            if action[2]:
                out.append(self.w("deal_rest", n=len(action[2])))
            return tuple(out)
        if name == "shuffle":
            k = len(action[2])
            size = self.w("one_card") if k == 1 else self.w("n_cards", n=k)
            return (self.w("shuffle", p=self.player(action[1]), n=size),)
        turned = _turned(b, a) if name == "turn_over" else {}
        if name == "turn_over":
            out.extend(self._turn_over(b, a, turned))
        elif name == "slap":
            out.extend(self._slap(b, a, action))
        elif name == "tie":
            out.append(self.w("tie", ps=self.players(action[1:])))
        elif name == "nobody_slaps":
            out.append(self.w("nobody_ink") if b.race & KIND_MASK == RK_INKOUT else self.w("nobody"))
        elif name == "count":
            return (self.w("choose_count"),)
        elif name == "switch":
            return (self.w("switch", variant=VARIANT_NAMES[self.lang][a.mode]),)
        out.extend(self._results(b, a, turned))
        if a.phase == TURN and a.step == LAST_TWO:
            out.append(self.w("last_two"))
        return tuple(out)

    def _turn_over(self, b: ChompState, a: ChompState, turned: dict[int, tuple[int, ...]]) -> list[str]:
        out = []
        lead = {REPLAY: "replay", TIE_REPLAY: "tie_replay", WAR: "war", NEXT_CARD: "next_card"}.get(b.step)
        if lead:
            out.append(self.w(lead))
        plays = [p for p in sorted(turned) if turned[p]]
        if plays and all(len(turned[p]) == 1 for p in plays):
            first, *rest = plays
            parts = [self.w("turns", p=self.player(first), card=self.a(turned[first][0]))]
            parts += [self.w("turns_short", p=self.player(p), card=self.a(turned[p][0])) for p in rest]
            out.append(sentence(join(parts, self.lang)))
        else:
            for p in plays:
                cards = turned[p]
                if b.step == WAR and len(cards) > 1:
                    k = len(cards) - 1
                    hidden = self.w("one_card") if k == 1 else self.w("n_cards", n=k)
                    out.append(sentence(self.w("turns_war", p=self.player(p), n=hidden, card=self.a(cards[-1]))))
                elif len(cards) == 2:
                    out.append(sentence(self.w("turns_two", p=self.player(p), a=self.a(cards[0]), b=self.a(cards[1]))))
                else:
                    out.append(sentence(join([self.w("turns", p=self.player(p), card=self.a(c)) for c in cards])))
        if a.phase == RACE:
            kind = a.race & KIND_MASK
            key = {RK_FRENZY: "frenzy", RK_INKOUT: "inkout", RK_EEL: "eel"}.get(kind)
            if key:
                out.append(self.w(key))
        return out

    def _slap(self, b: ChompState, a: ChompState, action: Action) -> list[str]:
        p, owner, card = action[1], action[2], action[3]
        whose = self.w("own") if owner == p else self.w("whose", q=self.player(owner))
        said = self.w("slap", p=self.player(p), whose=whose, card=self.name(card))
        if a.bad >> p & 1 and not b.bad >> p & 1:
            why = self._why_bad(b, p, owner == p, card)
            out = [sentence(f"{said}: {self.w('bad', why=why)}")]
            if len(a.centre) > len(b.centre):
                out.append(self.w("penalty", p=self.player(p)))
            return out
        kind = b.race & KIND_MASK
        ended = a.phase != RACE
        if not ended:
            return [sentence(said)]
        key = "frenzy_wins" if kind in (RK_FRENZY, RK_EEL) else "wins"
        return [sentence(said), self.w(key, p=self.player(p))]

    def _why_bad(self, b: ChompState, p: int, own: bool, card: int) -> str:
        verdict = classify(b.race, b.table, p, own, card, lowest(b.table))
        cards = b.table[p]
        if verdict == BAD_SAME and cards:
            # the card of his that is the same (with two cards, Doble Chomp: the one that matches)
            return self.w("why_same", mine=self.name(card if card in cards else cards[0]))
        if verdict == BAD_HIGHER and cards:
            # higher than his card; with two or more, higher than the highest of them
            mine = highest_creature(cards) if len(cards) > 1 else cards[0]
            return self.w("why_higher", mine=self.name(mine if mine >= 0 else cards[0]))
        if verdict == BAD_WRONG and card > SHARK and (b.race & KIND_MASK) == RK_FRENZY:
            return self.w("why_special")  # (ruling chomp.frenzy_special_cards, en.food-chain.3)
        return self.w({BAD_OWN: "why_own", BAD_INK: "why_ink", BAD_NOT_LOWEST: "why_not_lowest"}.get(
            verdict, "why_wrong"))

    def _results(self, b: ChompState, a: ChompState, turned: dict[int, tuple[int, ...]]) -> list[str]:
        """Who took which cards, what was set aside, who is out, how the game goes on or ends."""
        out: list[str] = []
        n = len(b.piles)
        gains = {p: _gained(b, a, p, turned.get(p, ())) for p in range(n)}
        owned = {p: (*b.table[p], *b.aside[p], *b.aside_tie[p], *b.aside_bad[p], *turned.get(p, ())) for p in range(n)}
        takers = [p for p in range(n) if multiset_minus(gains[p][0] + gains[p][1], owned[p])]
        if len(takers) == 1 and b.mode != STANDARD and turned and b.race & KIND_MASK != RK_EEL:
            higher = self._higher(takers[0], turned)
            if higher:
                out.append(higher)
        for p in range(n):
            got = gains[p][0] + gains[p][1]
            if not got:
                continue
            others = multiset_minus(got, owned[p])
            own = multiset_minus(got, others)
            where = f" {self.w('under_pile')}" if gains[p][1] and not gains[p][0] else ""
            if others:
                text = self.w("takes", p=self.player(p), cards=self.cards(others))
                if own:
                    text += " " + self.w("and_own" if len(own) > 1 else "and_own_one", cards=self.names(own))
                out.append(sentence(text + where))
            else:
                key = "keeps" if len(own) == 1 else "keeps_many"
                out.append(sentence(self.w(key, p=self.player(p), cards=self.names(own))))
        round_over = a.step == NEW and a.phase != RACE and (b.phase == RACE or bool(turned))
        if round_over and a.centre and not takers and a.phase != OVER:
            out.append(self.w("centre_stays"))
        out_now = players_of(b.active & ~a.active)
        if len(out_now) == 1:
            out.append(self.w("washed_up", p=self.player(out_now[0])))
        elif out_now:
            out.append(self.w("washed_up_many", ps=self.players(out_now)))
        return out

    def _higher(self, winner: int, turned: dict[int, tuple[int, ...]]) -> str:
        """"P's card is higher on the food chain", where the round was won by comparing the cards
        just turned over: the winner's highest creature among them (Doble Chomp turns two), and
        only if another player turned a card over too (a player with none loses without a
        comparison; an Octopus or an Eel is not on the food chain)."""
        if not turned.get(winner) or not any(cards for p, cards in turned.items() if p != winner):
            return ""
        card = highest_creature(turned[winner])
        return self.w("higher", p=self.player(winner), card=self.name(card)) if card >= 0 else ""

    # ------------------------------------------------------------------ the end
    def ending(self, final: Hashable) -> str:
        s: ChompState = final  # type: ignore[assignment]
        if s.phase != OVER:
            return ""
        from rulecheck.games.chomp.state import OUTCOME_NAMES

        outcome = OUTCOME_NAMES[s.outcome]
        held = [len(s.piles[p]) + len(s.discards[p]) for p in range(len(s.piles))]
        winners = players_of(s.winners)
        parts = [self.w("over")]
        if outcome == "collected-all" and winners:
            parts.append(self.w("collected_all", p=self.player(winners[0])))
        elif outcome == "last-player-standing" and winners:
            parts.append(self.w("last_standing", p=self.player(winners[0]), n=held[winners[0]]))
        elif outcome in ("count-two-left", "count-tie"):
            left = [p for p in range(len(held)) if held[p]] or list(winners)
            counts = join([self.w("count_one", p=self.player(p), n=held[p]) for p in left], self.lang)
            parts.append(self.w("count", counts=counts))
            if len(winners) == 1:
                parts.append(self.w("wins_with", p=self.player(winners[0]), n=held[winners[0]]))
            elif winners:
                parts.append(self.w("share", ps=self.players(s.winners)))
            else:
                parts.append(self.w("nobody_wins"))
        elif outcome == "shared-last-round" and winners:
            parts.append(self.w("shared_last", ps=self.players(s.winners)))
        elif outcome == "not-playable":
            parts.append(self.w("not_playable"))
        elif winners:
            parts.append(self.w("share", ps=self.players(s.winners)) if len(winners) > 1 else self.w(
                "wins_with", p=self.player(winners[0]), n=held[winners[0]]))
        else:
            parts.append(self.w("nobody_wins"))
        return " ".join(parts)

    # ------------------------------------------------------------------ drawing
    def scene(self, state: Hashable) -> Scene:
        from rulecheck.core.game import Pending

        s: ChompState = state.before if isinstance(state, Pending) else state  # type: ignore[assignment]
        rows = []
        for p in range(len(s.piles)):
            groups = [Group(self.w("face_up"), tuple(card_face(c, self.lang) for c in s.table[p]))]
            aside = (*s.aside[p], *s.aside_tie[p], *s.aside_bad[p])
            if aside:
                groups.append(Group(self.w("set_aside"), tuple(card_face(c, self.lang) for c in aside)))
            groups.append(Group(self.w("pile"), (), len(s.piles[p]), counted=True))
            groups.append(Group(self.w("discard"), (), len(s.discards[p]), counted=True))
            out = s.phase != DEAL and not s.active >> p & 1
            rows.append(Row(self.player(p), tuple(groups), self.w("out") if out else ""))
        if s.centre:
            rows.append(Row(self.w("middle"), (Group(self.w("in_middle"), tuple(card_face(c, self.lang)
                                                                                  for c in s.centre)),)))
        return Scene(tuple(rows))


def _turned(b: ChompState, a: ChompState) -> dict[int, tuple[int, ...]]:
    """The cards each player took off the top of their pile in a turn-over, top card first."""
    if b.step in (REPLAY, TIE_REPLAY) and b.replay:
        playing = players_of(b.replay)
    else:
        playing = players_of(b.active)
    out: dict[int, tuple[int, ...]] = {}
    for p in playing:
        bp, ap = b.piles[p], a.piles[p]
        for k in range(1, len(bp) + 1):
            if ap[: len(bp) - k] == bp[k:]:
                out[p] = bp[:k]
                break
        else:
            out[p] = ()
    return out


def _gained(b: ChompState, a: ChompState, p: int, turned: tuple[int, ...]) -> tuple[list[int], list[int]]:
    """The cards player ``p`` gained in the step: into the discard pile, and under the pile."""
    to_discard = multiset_minus(a.discards[p], b.discards[p]) if len(a.discards[p]) >= len(b.discards[p]) else []
    left = b.piles[p][len(turned):]
    under = list(a.piles[p][len(left):]) if a.piles[p][: len(left)] == left else []
    return to_discard, under

