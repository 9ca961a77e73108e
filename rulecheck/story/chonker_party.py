"""Chonker Party told as players tell it.

What a step did is read off the two states: the card that left a hand for the table was
played, a new trump shows on the table, a win pile that grew won the round, a hand that grew
drew a card. Points are counted by :func:`rulecheck.games.chonker_party.scoring.score_line`,
the engine's own scoring.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence

from rulecheck.core.game import Action, Game, Pending
from rulecheck.games.chonker_party.cards import (
    CHONK,
    FILLERS,
    NAMES,
    NK,
    SALTY,
    SPOILED,
    SWEET,
    TITLES,
    WAR,
    WAR_CHONK,
)
from rulecheck.games.chonker_party.scoring import score_line
from rulecheck.games.chonker_party.state import OUTCOMES, PH_DEAL, PH_OVER, PH_PLAY, State
from rulecheck.story import Card, Group, Row, Scene, Story, join

__all__ = ["ChonkerStory", "card_face"]

_KIND = {name: k for k, name in enumerate(NAMES)}


def card_face(kind: int) -> Card:
    """A Chonker Party card as drawn: its printed name, its family and its points."""
    title = TITLES[kind]
    if kind in (SWEET, SALTY):
        name = title.removeprefix("+1 ")
        return Card(name, name.lower(), "+1", f"{name.lower()} food")
    if kind == SPOILED:
        return Card("Spoiled", "spoiled", "-1", "spoiled food")
    if kind == CHONK:
        return Card("Chonk", "chonk", "", "universal trump")
    if kind == WAR_CHONK:
        return Card("War", "chonk", "", "played as a Chonk")
    if kind in FILLERS:
        return Card(title, "filler", "", "filler")
    return Card(title, "action", "", "action card")


def _a(kind: int) -> str:
    title = TITLES[kind]
    return f"an {title}" if title[0] in "AEIOU" else f"a {title}"


PLURALS = (
    "Sweets", "Salty cards", "Chonks", "Spoiled cards", "Sticks", "Leaves", "Bricks", "Stones",
    "Choose cards", "Steals", "Skips", "See a Card cards", "Force cards", "Wars", "Wars played as Chonks",
)


def _cards(vec: Sequence[int]) -> str:
    """``a Leaf and 2 Sticks``: the cards of a count vector (table or win pile), in kind order."""
    parts = []
    for k, n in enumerate(vec):
        if n == 1:
            parts.append(_a(k))
        elif n > 1:
            parts.append(f"{n} {PLURALS[k]}")
    return join(parts) if parts else "no cards"


def _points(n: int) -> str:
    return f"{n} point" if abs(n) == 1 else f"{n} points"


def _chonks(pile: Sequence[int], wars: str) -> str:
    """A win pile's Chonks for the tie-break, saying which of its War cards count (ruling
    cp.war_chonk_scoring, ``wars``): "1 Chonk (a War card played as a War does not count)"."""
    n = score_line(pile, wars)[1]
    said = []
    for count, how, counts in ((pile[WAR_CHONK], "as a Chonk", wars != "counts_as_war"),
                               (pile[WAR], "as a War", wars == "every_war")):
        if count:
            verb = ("counts" if counts else "does not count") if count == 1 else ("count" if counts else "do not count")
            said.append(f"{'a War card' if count == 1 else f'{count} War cards'} played {how} {verb}")
    return f"{n} Chonk{'' if n == 1 else 's'}" + (f" ({'; '.join(said)})" if said else "")


class ChonkerStory(Story):
    """Chonker Party, in English."""

    def __init__(self, game: Game, lang: str = "en") -> None:
        super().__init__(game, "en")

    def player(self, p: int) -> str:
        return f"Player {p + 1}"

    def title(self) -> str:
        cfg = self.game.config_json()
        deck = "" if cfg["deck"] == "full" else f", deck {cfg['deck']}"
        return f"Chonker Party, {cfg['players']} players{deck}"

    def group(self, before: Hashable, action: Action) -> str:
        """Draws after a round, one after the other, are told on one line."""
        return "draw" if action[0] == "draw" else ""

    def new_round(self, before: Hashable, action: Action) -> bool:
        s: State = before  # type: ignore[assignment]
        return action[0] == "play" and s.phase == PH_PLAY and not any(s.table)

    def told(self, before: Hashable, action: Action, after: Hashable) -> tuple[str, ...]:
        b: State = before  # type: ignore[assignment]
        a: State = after  # type: ignore[assignment]
        verb = action[0]
        kind = _KIND.get(action[1], -1) if len(action) > 1 and isinstance(action[1], str) else -1
        me = self.player(b.actor)
        out: list[str] = []
        if verb == "deal":
            hand, rest = sum(a.hands[0]), sum(a.draw)
            deck = {0: "there is no draw deck", 1: "the last card is the draw deck"}.get(
                rest, f"the other {rest} are the draw deck")
            out.append(f"Each player is dealt {hand} cards; {sum(a.discard)} more go face down as the discard "
                       f"deck, and {deck}.")
        elif verb == "munchies_master":
            out.append(f"{self.player(action[1])} is the first Munchies Master.")
        elif verb in ("play", "continue_round"):
            lead = f"{me}, the Munchies Master, keeps the round going with" if verb == "continue_round" else \
                f"{me} plays"
            played = _a(kind)
            if a.table[WAR_CHONK] > b.table[WAR_CHONK]:
                played += ", which counts as a Chonk"
            out.append(f"{lead} {played}.")
            if b.trump < 0 <= a.trump:
                out.append(f"{card_face(a.trump).name} is trump.")
        elif verb == "end_round":
            out.append(f"{me}, the Munchies Master, ends the round.")
        elif verb == "play_nothing":
            out.append(f"{me} plays no card and keeps the card they picked; their turn ends.")
        elif verb == "draw":
            src = "" if b.src == 0 else " from the discard deck"
            out.append(f"{self.player(b.queue[0])} draws {_a(kind)}{src}.")
        elif verb == "call_war":
            out.append(f"{self.player(action[1])} calls out War!")
        elif verb == "choose_card":
            src = "draw deck" if b.src == 0 else "discard deck"
            out.append(f"{me} picks {_a(kind)} from the {src}, which is shuffled.")
        elif verb == "steal_from":
            out.append(f"{me} steals from {self.player(action[1])}.")
        elif verb == "stolen":
            out.append(f"The card {me} snatches from {self.player(b.aux)} is {_a(kind)}.")
        elif verb == "name_type":
            if b.aux == 0:
                out.append(f"{me} asks everyone to show them {_a(kind)}.")
            else:
                out.append(f"{me} makes the next player play {_a(kind)}.")
        elif verb == "show":
            out.append(f"{me} shows {self.player(b.turn)} {_a(kind)}.")
        elif verb in ("discard", "discarded"):
            # how the card was picked and where it goes: the Skip's open questions (cp.skip_discard_choice,
            # cp.skip_discard_to), told from the states so that each answer reads as it plays
            how = ", picked at random from their hand," if verb == "discarded" else ""
            where = " onto the table with the round's cards" if kind >= 0 and a.table[kind] > b.table[kind] else \
                " onto the discard deck" if kind >= 0 and a.discard[kind] > b.discard[kind] else ""
            out.append(f"{me} is skipped and discards {_a(kind)}{how}{where}.")
        out.extend(self._results(b, a))
        return tuple(out)

    def _results(self, b: State, a: State) -> list[str]:
        """Rounds won, War declared or over, the game's end."""
        out: list[str] = []
        war = self.game._war_chonk_scoring()  # type: ignore[attr-defined]
        for p, (pb, pa) in enumerate(zip(b.piles, a.piles, strict=True)):
            won = tuple(x - y for x, y in zip(pa, pb, strict=True))
            if any(won):
                pts = score_line(won, war)[0]
                verb = "goes" if sum(won) == 1 else "go"
                if b.last == p:
                    why = f"{self.player(p)} played the last trump or Chonk and wins the round"
                elif b.last < 0 and p == b.master:
                    why = f"Nobody played a trump or Chonk: {self.player(p)}, the Munchies Master, collects the cards"
                else:
                    why = f"{self.player(p)} wins the round"
                out.append(f"{why}: {_cards(won)} {verb} to their win pile ({_points(pts)}).")
        gone = tuple(x - y for x, y in zip(a.discard, b.discard, strict=True))
        if any(g > 0 for g in gone) and any(b.table) and not any(a.table) and not out:
            out.append("Nobody played a trump or Chonk: the cards go to the discard deck.")
        if a.war and not b.war:
            out.append("War is on: no cards are drawn at the end of a round until everyone runs out.")
        if b.war and not a.war and a.phase != PH_OVER:
            out.append("Everyone has run out of cards: the War is over.")
        return out

    def ending(self, final: Hashable) -> str:
        s: State = final.before if isinstance(final, Pending) else final  # type: ignore[assignment]
        if s.phase != PH_OVER:
            return ""
        war = self.game._war_chonk_scoring()  # type: ignore[attr-defined]
        lines = [score_line(p, war) for p in s.piles]
        winners = [p for p in range(len(lines)) if s.mask >> p & 1]
        outcome = OUTCOMES[s.aux]
        tiebreak = outcome in ("chonk-tiebreak", "cards-tiebreak", "still-tied")  # (the Chonks were counted)
        scores = "; ".join(
            f"{self.player(p)}: {_points(pts)}, "
            + (f"{cards} card{'' if cards == 1 else 's'}" if cards else "no cards")
            + (f", {_chonks(s.piles[p], war)}" if tiebreak else "")
            for p, (pts, _, cards) in enumerate(lines))
        if outcome == "four-spoiled":
            head = f"Game over: {self.player(winners[0])} has collected all the Spoiled cards and wins."
        else:
            head = "Game over: all the cards have been played."
            names = join([self.player(p) for p in winners])
            if not winners:
                head += " Still tied after every tie-break: nobody wins."
            elif outcome == "still-tied":
                head += f" {names} are still tied after every tie-break and share the win."
            else:
                pts, chonks, cards = lines[winners[0]]
                why = {"most-points": f"with {_points(pts)}",
                       "chonk-tiebreak": f"on Chonks: tied on points, they have {chonks}",
                       "cards-tiebreak": f"on cards: tied on points and Chonks, they have {cards}"}[outcome]
                head += f" {names} wins {why}."
        return f"{head} Scores: {scores}."

    def scene(self, state: Hashable) -> Scene:
        s: State = state.before if isinstance(state, Pending) else state  # type: ignore[assignment]
        war = self.game._war_chonk_scoring()  # type: ignore[attr-defined]
        rows = []
        for p in range(len(s.hands)):
            hand = tuple(card_face(k) for k in range(NK) for _ in range(s.hands[p][k]))
            pts = score_line(s.piles[p], war)[0]
            note = "Munchies Master" if p == s.master and s.phase != PH_DEAL else ""
            pile_title = f"win pile, {_points(pts)}" if sum(s.piles[p]) else "win pile"
            pile = Group(pile_title, (), sum(s.piles[p]), counted=True)
            rows.append(Row(self.player(p), (Group("hand", hand, counted=True), pile), note))
        table = tuple(card_face(k) for k in range(len(s.table)) for _ in range(s.table[k]))
        rows.append(Row("Table", (Group("played this round", table), Group("draw deck", (), sum(s.draw), counted=True),
                                  Group("discard deck", (), sum(s.discard), counted=True))))
        notes = []
        if s.trump >= 0:
            notes.append(f"Trump: {card_face(s.trump).name}")
        if s.war:
            notes.append("War is on")
        return Scene(tuple(rows), ". ".join(notes))

