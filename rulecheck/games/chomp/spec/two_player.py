"""The 2-player games, clause by clause: Underwater War (both editions), and the Spanish edition's
Juegos de dos jugadores, Chomp rápido and Doble Chomp.

Chomp rápido takes Underwater War's ties, Eels and Octopuses (es.chomp-rapido.4), Doble Chomp the
3+ player game's (es.doble-chomp.3), and every 2-player game keeps the Bad Chomps
(es.dos-jugadores.2): those sentences are formalised as the rules they bring in, in parts named by
the clause brought in (``es.doble-chomp.3[en.tie.3]``), so that an unsat core says which rule
came in by which sentence.
"""

from __future__ import annotations

from typing import Any

from rulecheck.core.spec import Outcome, clause, conj, implies, neg
from rulecheck.games.chomp.spec import game_play
from rulecheck.games.chomp.spec.game_play import BAD_CHOMP_BODIES, NORMAL_GAME_BODIES, for_each_winner, tvar
from rulecheck.games.chomp.spec.vocabulary import (
    all_of,
    card_names,
    card_var,
    goes,
    higher,
    is_race,
    pname,
    rank,
    round_over,
    takes,
    wins,
)

# --------------------------------------------------------------------------- the turn-over's cards


def face_up(s: Any, p: int) -> tuple[str, int] | None:
    """The card player p turns face up in this turn-over, and its place in the top cards: the
    third in a war (en.underwater-war.3: 2 face down, 1 face up), else the first."""
    top = s.top[p]
    i = 2 if s.step == "war" else 0
    return (top[i], i) if len(top) > i else None


def faces(s: Any) -> list[tuple[int, str, int]] | None:
    """Both players' face-up cards (owner, card, place), or None if a player has none."""
    out = []
    for p in s.plays:
        f = face_up(s, p)
        if f is None:
            return None
        out.append((p, *f))
    return out if len(out) == 2 else None


def _face_var(p: int, c: str, i: int) -> str:
    return card_var("top", p, c, i)


def _round_cards(s: Any, o: Outcome) -> list[str]:
    """Every card of the round a winner of a 2-player turn-over takes: the cards turned over now
    (face up or face down), and the set-aside cards of a war or an Octopus round."""
    names = [_face_var(p, c, i) for p, c, i in s.top_cards() if i <= (2 if s.step == "war" else 0)]
    return names + card_names(o, "aside")


def _turned_over(s: Any, o: Outcome) -> Any:
    """Each player turns his card(s) over: in a war the first two face down (set aside), the third
    face up; otherwise his top card. A card turned face up leaves the pile; where it ends up is
    what the cards turned over lead to (a race keeps it face up: :func:`_race_on_the_cards`)."""
    req = []
    for p in s.plays:
        if s.step == "war" and len(s.top[p]) < 3:
            continue  # fewer than three cards for the war: the sentence does not say
        for i, c in enumerate(s.top[p][:3 if s.step == "war" else 1]):
            req.append(neg(goes(o, _face_var(p, c, i), "pile")))
    return req


def race_on_the_cards(s: Any, o: Outcome) -> Any:
    """The cards turned up start a race: they stay face up (a war's face-down cards set aside),
    and nobody has won yet."""
    f = faces(s) or []
    up = {_face_var(p, c, i) for p, c, i in f}
    down = [n for n in _round_cards(s, o) if n.startswith("card.top.") and n not in up]
    return conj(o.eq("next", "race"), o.eq("winner", "none"), *(goes(o, n, "face-up") for n in sorted(up)),
                *(goes(o, n, "set-aside") for n in down))


def _higher_takes_all(s: Any, o: Outcome) -> Any:
    """The player whose face-up card is higher on the food chain wins the round and takes all the
    cards of the round (en.underwater-war.2/4/6)."""
    f = faces(s)
    if f is None:
        return None
    (a, ca, _), (b, cb, _) = f
    if rank(ca) is None or rank(cb) is None or ca == cb:
        return None
    w = a if higher(ca, cb) else b
    return conj(wins(o, w), o.eq("next", "round-over"), *(takes(s, o, n, w) for n in _round_cards(s, o)))


def _kinds_up(s: Any) -> set[str]:
    f = faces(s)
    return {c for _, c, _ in f} if f else set()


def _uw_like(s: Any) -> bool:
    """Underwater War's ties, Eels and Octopuses apply: in Underwater War, and in Chomp rápido by
    es.chomp-rapido.4."""
    return s.mode in ("underwater-war", "chomp-rapido")


# --------------------------------------------------------------------------- Underwater War

@clause("en.underwater-war.1", "es.guerra-submarina.1", kinds=("turn",))
def each_player_turns_over_the_top_card(s: Any, o: Outcome) -> Any:
    """"Each player turns over the top card in his pile at the same time.\""""
    if s.kind != "turn" or s.mode != "underwater-war" or s.step != "new-round":
        return None
    return all_of(_turned_over(s, o))


@clause("en.underwater-war.2", "es.guerra-submarina.2", kinds=("turn",))
def the_higher_card_wins(s: Any, o: Outcome) -> Any:
    """"The card higher on the food chain wins, and that player takes the cards.\""""
    if s.kind != "turn" or s.mode != "underwater-war" or s.step != "new-round":
        return None
    return _higher_takes_all(s, o)


_LATER_TIE_READINGS = {"war": "chomp.read.war_tie", "next-card": "chomp.read.next_card_tie"}
"""The turn-overs after the round's first whose tie the sentence may not speak of, and the reading
point that asks it: a war's face-up cards, the next cards after an Octopus."""


def _a_tie_is_a_war(s: Any, o: Outcome) -> Any:
    """"In a tie, each player places 2 cards face down and 1 card face up in the center": two cards
    the same start a war (the cards set aside); the war's turn-over places 2 down and 1 up. Two
    creatures the same turned over later (a war's face-up cards, an Octopus's next cards) are a tie
    or not by the readings of :data:`_LATER_TIE_READINGS`."""
    if s.kind != "turn":
        return None
    parts: dict[str, Any] = {}
    if s.step == "war":
        parts["war"] = all_of(_turned_over(s, o))
    f = faces(s)
    later = _LATER_TIE_READINGS.get(s.step)
    if f is not None and f[0][1] == f[1][1] and not (
            later is not None and rank(f[0][1]) is not None and s.reading(later) == "first-turn-over-only"):
        parts["tie"] = conj(o.eq("next", "war"), o.eq("winner", "none"),
                            *(goes(o, n, "set-aside") for n in _round_cards(s, o)))
    return {k: v for k, v in parts.items() if v is not None} or None


@clause("en.underwater-war.3", "es.guerra-submarina.3", readings=("chomp.read.war_tie", "chomp.read.next_card_tie"),
        kinds=("turn",))
def in_a_tie_two_down_one_up(s: Any, o: Outcome) -> Any:
    """"In a tie, each player places 2 cards face down and 1 card face up in the center."

    A tie is two cards the same: the cards are set aside and a war follows; in the war each player
    places two cards face down and one face up. (A player with fewer than three cards: the
    sentence does not say.) Reading ``chomp.read.war_tie``: the war's own face-up cards the same
    again are another tie (another war), or the sentence speaks only of the round's turn-over, and
    of a war's tie nothing is said. Reading ``chomp.read.next_card_tie``: the same question of the
    next cards turned over after an Octopus (en.underwater-war.6).
    """
    return _a_tie_is_a_war(s, o) if s.mode == "underwater-war" else None


def _war_higher_takes_all(s: Any, o: Outcome) -> Any:
    if s.kind != "turn" or s.step != "war":
        return None
    return _higher_takes_all(s, o)


@clause("en.underwater-war.4", "es.guerra-submarina.4", kinds=("turn",))
def the_higher_face_up_card_takes_all(s: Any, o: Outcome) -> Any:
    """"The face-up card that's higher on the food chain takes all of the cards.\""""
    return _war_higher_takes_all(s, o) if s.mode == "underwater-war" else None


def _eel_race(s: Any, o: Outcome) -> Any:
    if s.kind == "turn":
        if "eel" not in _kinds_up(s):
            return None
        return race_on_the_cards(s, o)
    if s.kind != "race" or not s.eel:
        return None
    parts: dict[str, Any] = {"race": is_race(o, "eel-race")}
    slap = s.slap
    if slap is not None and slap[2] == "eel" and s.table[slap[0]]:
        p = slap[0]
        won = [takes(s, o, tvar(q, c, i), p) for q, c, i in s.table_cards()]
        won += [takes(s, o, n, p) for n in card_names(o, "aside")]
        parts["slap"] = implies(is_race(o, "eel-race"), conj(wins(o, p), round_over(o), *won))
    return parts


@clause("en.underwater-war.5", "es.guerra-submarina.5", kinds=("turn", "race"))
def the_first_to_slap_the_eel_takes_the_cards(s: Any, o: Outcome) -> Any:
    """"If an Electric Eel is turned up, the first player to slap the Eel card and shout "Feeding
    Frenzy!" takes the cards."

    At the turn-over an Eel face up starts a race; in it, the first to slap the Eel card wins
    the round and takes the cards (whose Eel it is, the sentence does not say).
    """
    return _eel_race(s, o) if s.mode == "underwater-war" else None


def _octopus_next_card(s: Any, o: Outcome) -> Any:
    if s.kind != "turn":
        return None
    parts: dict[str, Any] = {}
    if s.step == "next-card":
        parts = {"turn": all_of(_turned_over(s, o)), "higher": _higher_takes_all(s, o)}
    if "octopus" in _kinds_up(s):
        parts["octopus"] = conj(o.eq("next", "next-card"), o.eq("winner", "none"),
                                *(goes(o, n, "set-aside") for n in _round_cards(s, o)))
    return {k: v for k, v in parts.items() if v is not None} or None


@clause("en.underwater-war.6", "es.guerra-submarina.6", kinds=("turn",))
def octopus_each_turns_over_the_next_card(s: Any, o: Outcome) -> Any:
    """"If an Octopus card is turned up, each player turns over the next card in her school; the
    player with card that's higher on the food chain takes all the cards."

    An Octopus face up: the cards are set aside and each player turns over the next card; the
    higher of those takes all the cards of the round. (A player with no next card: the sentence
    does not say.)
    """
    return _octopus_next_card(s, o) if s.mode == "underwater-war" else None


def eel_prevails_in_a_two_player_game(s: Any, o: Outcome) -> Any:
    """en.octopus-vs-eel.1 in Underwater War and Chomp rápido, under the reading
    ``chomp.read.eel_prevails_where`` = ``every-game``: an Eel and an Octopus turned up together
    start the Eel's race, not the Octopus's next card."""
    if s.mode == "doble-chomp":
        return game_play.NORMAL_GAME_BODIES["en.octopus-vs-eel.1"](s, o)
    if s.kind != "turn" or not {"eel", "octopus"} <= _kinds_up(s):
        return None
    if s.reading("chomp.read.eel_prevails_where") != "every-game":
        return None
    return race_on_the_cards(s, o)


# --------------------------------------------------------------------------- Juegos de dos jugadores

@clause("es.dos-jugadores.1", kinds=("race", "turn"))
def the_object_is_to_collect_all_the_cards(s: Any, o: Outcome) -> Any:
    """"El objeto de estos tres juegos es recoger todas las cartas." (The object of these three
    games is to collect all the cards.)

    In a 2-player game the play goes on while both players have cards; once one of them has
    collected all the cards (the other has none, and none is left in the centre), the game is over
    and he has won.
    """
    if s.kind not in ("race", "turn") or s.mode == "standard" or "game" not in o.vars:
        return None
    from rulecheck.games.chomp.spec.ending import holds, nothing_in_the_centre, the_round_ends

    over = the_round_ends(s, o)
    if over is False:
        return None
    if len(s.active) == 1:  # (the other was washed up in a replay, chomp.replay_no_card = washed_up)
        (p,) = s.active
        return implies(conj(over, holds(s, o, p), nothing_in_the_centre(s, o)),
                       conj(o.require("game", "over"), o.require(f"wins.{pname(p)}", "yes")))
    if len(s.active) != 2:
        return None  # (both washed up: chomp.fewer_than_two_left)
    a, b = s.active
    ha, hb = holds(s, o, a), holds(s, o, b)
    parts = [implies(conj(over, ha, hb), o.eq("game", "goes-on"))]
    centre_empty = nothing_in_the_centre(s, o)
    for p, q, hp, hq in ((a, b, ha, hb), (b, a, hb, ha)):
        parts.append(implies(conj(over, hp, neg(hq), centre_empty), conj(
            o.require("game", "over"), o.require(f"wins.{pname(p)}", "yes"), o.eq(f"wins.{pname(q)}", "no"))))
    return conj(*parts)


@clause("es.dos-jugadores.2", readings=("chomp.read.doble_your_card", "chomp.read.frenzy_any_card"),
        kinds=("race",))
def bad_chomps_are_still_bad_chomps(s: Any, o: Outcome) -> Any:
    """"Las reglas son ligeramente diferentes del juego normal, pero los Bad Chomps siguen siendo Bad
    Chomps." (The rules are slightly different from the normal game, but Bad Chomps are still Bad
    Chomps.)

    In every 2-player game the Bad Chomps of the 3+ player game are Bad Chomps (en.bad-chomp.2-6),
    one part per sentence brought in.
    """
    if s.kind != "race" or s.mode == "standard":
        return None
    parts = {cid: body(s, o) for cid, body in BAD_CHOMP_BODIES.items()}
    return {k: v for k, v in parts.items() if v is not None} or None


# --------------------------------------------------------------------------- Chomp rápido

@clause("es.chomp-rapido.1", kinds=("turn",))
def rapido_each_player_turns_over_the_top_card(s: Any, o: Outcome) -> Any:
    """"Cada jugador da la vuelta a la carta superior de su pila al mismo tiempo." (Each player turns
    over the top card of his pile at the same time.)"""
    if s.kind != "turn" or s.mode != "chomp-rapido" or s.step != "new-round":
        return None
    return all_of(_turned_over(s, o))


def _lowest_slapper(s: Any) -> int | None:
    """The slapper, if this step is the first slap on the lowest card on the table (whoever turned
    it over)."""
    slap = s.slap
    if slap is None or s.lowest is None or slap[2] != s.lowest or not s.table[slap[0]]:
        return None
    return slap[0]


@clause("es.chomp-rapido.2", kinds=("turn", "race"))
def both_race_to_slap_the_lowest_card(s: Any, o: Outcome) -> Any:
    """"Ambos jugadores corren para golpear la carta más abajo en la cadena alimentaria,
    independientemente de quién la haya entregado." (Both players race to slap the card lowest on
    the food chain, regardless of who turned it over.)

    At the turn-over, two different creatures face up start the race; in it, the first to slap the
    lowest card wins the round, whoever's card it is.
    """
    if s.mode != "chomp-rapido":
        return None
    if s.kind == "turn":
        f = faces(s)
        if f is None or rank(f[0][1]) is None or rank(f[1][1]) is None or f[0][1] == f[1][1]:
            return None
        return race_on_the_cards(s, o)
    if s.kind != "race" or s.eel:
        return None
    parts: dict[str, Any] = {"race": is_race(o, "rapido")}
    p = _lowest_slapper(s)
    if p is not None:
        parts["slap"] = implies(is_race(o, "rapido"), conj(wins(o, p), round_over(o)))
    return parts


@clause("es.chomp-rapido.3", kinds=("race",))
def the_winner_takes_both_cards(s: Any, o: Outcome) -> Any:
    """"El ganador toma ambas cartas." (The winner takes both cards.)"""
    if s.kind != "race" or s.mode != "chomp-rapido" or s.eel:
        return None
    return for_each_winner(s, o, lambda w: all_of([takes(s, o, tvar(q, c, i), w) for q, c, i in s.table_cards()]))


@clause("es.chomp-rapido.4", readings=("chomp.read.war_tie", "chomp.read.next_card_tie"), kinds=("turn", "race"))
def rapido_ties_eels_and_octopuses_as_in_underwater_war(s: Any, o: Outcome) -> Any:
    """"Los desempates, las cartas de anguila eléctrica y las cartas de pulpo son los mismos que en
    "Guerra submarina"." (Tie-breaks, Electric Eel cards and Octopus cards are the same as in
    Underwater War.)

    Underwater War's tie (en.underwater-war.3-4), Eel (.5) and Octopus (.6) rules in Chomp rápido;
    a tie in the race (both slap at once) is broken as a tie is: by a war.
    """
    if s.mode != "chomp-rapido" or s.kind not in ("race", "turn"):
        return None
    parts = {"en.underwater-war.3": _a_tie_is_a_war(s, o), "en.underwater-war.4": _war_higher_takes_all(s, o),
             "en.underwater-war.5": _eel_race(s, o), "en.underwater-war.6": _octopus_next_card(s, o)}
    if s.kind == "race" and s.event[0] == "tie":
        parts["tie"] = conj(o.eq("next", "war"), o.eq("winner", "none"),
                            *(goes(o, tvar(q, c, i), "set-aside") for q, c, i in s.table_cards()))
    out: dict[str, Any] = {}
    for cid, part in parts.items():
        if isinstance(part, dict):
            out.update({f"{cid}:{k}": v for k, v in part.items() if v is not None})
        elif part is not None:
            out[cid] = part
    return out or None


# --------------------------------------------------------------------------- Doble Chomp

@clause("es.doble-chomp.1", kinds=("turn",))
def split_the_pile_and_turn_over_two(s: Any, o: Outcome) -> Any:
    """"Cada jugador divide su pila en dos y da la vuelta a las dos cartas superiores al mismo
    tiempo." (Each player splits his pile in two and turns over the two top cards at the same time.)

    A new round of Doble Chomp: each player turns over two cards (splitting the pile in two and
    turning the top of each is the same draw as the two top cards of one pile), and the race begins.
    With a single card left, the sentence does not say.
    """
    if s.kind != "turn" or s.mode != "doble-chomp" or s.step != "new-round":
        return None
    req = [goes(o, card_var("top", p, c, i), "face-up") for p in s.plays if len(s.top[p]) == 2
           for i, c in enumerate(s.top[p])]
    return conj(o.eq("next", "race"), *req)


@clause("es.doble-chomp.2", kinds=("race",))
def the_first_to_slap_the_lowest_takes_the_four(s: Any, o: Outcome) -> Any:
    """"El primer jugador en dar una palmada a la carta más baja de la cadena alimentaria y gritar
    "¡Chomp!" toma las 4 cartas." (The first player to slap the lowest card on the food chain and
    shout "Chomp!" takes the 4 cards.)

    In a Doble Chomp race with no Eel and no Octopus, whoever's card it is.
    """
    if s.kind != "race" or s.mode != "doble-chomp":
        return None
    parts: dict[str, Any] = {}
    p = _lowest_slapper(s)
    if p is not None:
        parts["winner"] = implies(is_race(o, "chomp"), conj(wins(o, p), round_over(o)))
    won = for_each_winner(s, o, lambda w: all_of([takes(s, o, tvar(q, c, i), w) for q, c, i in s.table_cards()]))
    if won is not None:
        parts["cards"] = implies(is_race(o, "chomp"), won)
    return parts or None


@clause("es.doble-chomp.3", readings=("chomp.read.doble_another_card", "chomp.read.doble_your_card",
                                       "chomp.read.frenzy_all_cards", "chomp.read.frenzy_special_cards",
                                       "chomp.read.reclaimed_where", "chomp.read.tie_previous"),
        kinds=("race", "turn"))
def doble_ties_eels_and_octopuses_as_in_the_normal_game(s: Any, o: Outcome) -> Any:
    """"Los desempates, las cartas de anguila eléctrica y las cartas de pulpo son los mismos que en el
    juego normal." (Tie-breaks, Electric Eel cards and Octopus cards are the same as in the normal
    game.)

    The 3+ player game's tie (en.tie.1-5), Feeding Frenzy (en.feeding-frenzy.1-3), Ink Out
    (en.ink-out.2-6) and Octopus vs. Eel (en.octopus-vs-eel.1) rules in Doble Chomp. Reading
    ``chomp.read.doble_another_card``: whether "each player plays another card" is one card or
    two here.
    """
    if s.mode != "doble-chomp" or s.kind not in ("race", "turn"):
        return None
    out: dict[str, Any] = {}
    for cid, body in NORMAL_GAME_BODIES.items():
        part = body(s, o)
        if isinstance(part, dict):
            out.update({f"{cid}:{k}": v for k, v in part.items() if v is not None})
        elif part is not None:
            out[cid] = part
    return out or None


def ordinary_doble_race(s: Any) -> bool:
    """A Doble Chomp race with no Eel and no Octopus."""
    return s.kind == "race" and s.mode == "doble-chomp" and not s.eel and not s.octopus


CLAUSES = [
    each_player_turns_over_the_top_card, the_higher_card_wins, in_a_tie_two_down_one_up,
    the_higher_face_up_card_takes_all, the_first_to_slap_the_eel_takes_the_cards,
    octopus_each_turns_over_the_next_card, the_object_is_to_collect_all_the_cards, bad_chomps_are_still_bad_chomps,
    rapido_each_player_turns_over_the_top_card, both_race_to_slap_the_lowest_card, the_winner_takes_both_cards,
    rapido_ties_eels_and_octopuses_as_in_underwater_war, split_the_pile_and_turn_over_two,
    the_first_to_slap_the_lowest_takes_the_four, doble_ties_eels_and_octopuses_as_in_the_normal_game,
]

__all__ = ["CLAUSES", "eel_prevails_in_a_two_player_game", "face_up", "faces"]
