#!/usr/bin/env python3
"""Underwater War (Chomp!, 2 players), an independent implementation of the oracle protocol.

Written from the documents only: the rulebooks, docs/ORACLE.md, docs/encoding/chomp.md,
docs/schemas/chomp.schema.json and `rulecheck rulings chomp` (the recommended options). It
imports nothing from rulecheck and shares no code with it: its state is its own (``"uw"``
objects), its rules follow the guide's "How the reference plays a game, step by step".

It supports one configuration family: chomp / underwater-war / 2 players / decks full, half,
mini, tiny / ruleset recommended; anything else is ``unsupported``.

``--mutant NAME`` plants one deliberate defect, for the tests that the harness catches it:

* ``own-eel``: a player may slap his own Eel and win (as if chomp.uw_own_eel = may_slap_own);
* ``shuffle-on-top``: a shuffled discard pile goes on top of the pile instead of under it;
* ``war-two-cards``: a war places 1 card face down and 1 face up instead of 2 and 1.

Usage: ``python underwater_war.py [--mutant NAME]``, then JSON lines on stdin/stdout.
"""

from __future__ import annotations

import json
import math
import sys
import time
from collections.abc import Iterator
from fractions import Fraction
from typing import Any

PROTOCOL = "rulecheck-oracle/2"
COMMANDS = ["hello", "new_game", "legal_actions", "apply", "perft", "observation", "describe", "stop"]
POSITION_COMMANDS = {"legal_actions", "apply", "perft", "observation", "describe"}

# Cards: codes in actions, names in views and observations (the guide's "Cards and codes").
NAMES = ["plankton", "shrimp", "littlefish", "bigfish", "seal", "shark", "eel", "octopus"]
EEL, OCTOPUS = 6, 7
DECKS = {  # the guide's deck table
    "full": {"plankton": 5, "shrimp": 8, "littlefish": 11, "bigfish": 10, "seal": 5, "shark": 4, "eel": 3,
             "octopus": 4},
    "half": {"plankton": 3, "shrimp": 4, "littlefish": 6, "bigfish": 5, "seal": 3, "shark": 2, "eel": 2,
             "octopus": 2},
    "mini": {"plankton": 1, "shrimp": 1, "littlefish": 2, "bigfish": 2, "seal": 1, "shark": 1, "eel": 1,
             "octopus": 1},
    "tiny": {"plankton": 1, "shrimp": 1, "littlefish": 1, "bigfish": 1, "seal": 1, "shark": 1, "eel": 1,
             "octopus": 1},
}
MAX_OUTCOMES = 200_000  # the guide's limit on listed chance outcomes
MAX_PERFT_DEPTH, DEFAULT_NODES, MAX_NODES = 12, 100_000, 5_000_000
DEFAULT_SECONDS, MAX_SECONDS = 10.0, 60.0
MAX_HISTORY = 200_000
CHANCE, RACE, TERMINAL = -1, -2, -4
MUTANT = ""


class ProtocolError(Exception):
    """An error answer: its code and message."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


# ---------------------------------------------------------------------- the game


class Game:
    """Underwater War on one deck, recommended rules."""

    def __init__(self, deck: str) -> None:
        self.deck = deck
        self.counts = [DECKS[deck][n] for n in NAMES]
        self.cards = sorted(c for c, n in enumerate(self.counts) for _ in range(n))
        self.per_player = len(self.cards) // 2

    # -- states: plain dicts of my own; piles top first, every multiset sorted
    def root(self) -> dict[str, Any]:
        return {"uw": 1, "phase": "deal", "piles": [[], []], "discards": [[], []], "table": [[], []],
                "aside": [[], []], "centre": [], "out": [], "race": "none", "step": "new-round",
                "bad": [False, False], "no_more_bad": [False, False], "shuffling": None, "after": None,
                "outcome": None, "winners": []}

    def actor(self, s: dict[str, Any]) -> int:
        return {"deal": CHANCE, "shuffle": CHANCE, "turn": 0, "race": RACE, "over": TERMINAL}[s["phase"]]

    def label(self, s: dict[str, Any]) -> str:
        return {CHANCE: "chance", RACE: "race", TERMINAL: "terminal"}.get(self.actor(s), "player")

    # -- legal actions
    def legal(self, s: dict[str, Any]) -> list[list[Any]]:
        phase = s["phase"]
        if phase == "over":
            return []
        if phase == "turn":
            return [["turn_over"]]
        if phase == "race":
            return self.race_actions(s)
        return [a for a, _ in self.chance_outcomes(s)]

    def race_actions(self, s: dict[str, Any]) -> list[list[Any]]:
        """The Eel race: nobody slaps; each player's slap on his own card and on the other's (a win only on
        the other's Eel; the rest are Bad Chomps, listed while he may still Bad Chomp); a tie if both can win."""
        out: list[list[Any]] = [["nobody_slaps"]]
        winners = []
        for p in (0, 1):
            for owner in (p, 1 - p):
                card = s["table"][owner][0]
                wins = card == EEL and (owner != p or MUTANT == "own-eel")
                if wins:
                    out.append(["slap", p, owner, card])
                    if p not in winners:
                        winners.append(p)
                elif not s["no_more_bad"][p]:
                    out.append(["slap", p, owner, card])
        if len(winners) == 2:
            out.append(["tie", 0, 1])
        return sorted(out, key=canonical)

    # -- chance
    def chance_count(self, s: dict[str, Any]) -> int:
        if s["phase"] == "deal":
            return distinct_sequences(self.counts, 2 * self.per_player)
        pile = s["discards"][s["shuffling"]]
        return math.factorial(len(pile)) // math.prod(math.factorial(pile.count(c)) for c in set(pile))

    def chance_outcomes(self, s: dict[str, Any]) -> list[tuple[list[Any], Fraction]]:
        if self.chance_count(s) > MAX_OUTCOMES:
            raise ProtocolError("too-many-outcomes", "too many chance outcomes to list")
        out = []
        if s["phase"] == "deal":
            k = self.per_player
            n = len(self.cards)
            for order in orders(self.cards, 2 * k):
                rest = list(self.cards)
                for c in order:
                    rest.remove(c)
                prob = Fraction(math.factorial(len(rest)) * math.prod(math.factorial(c) for c in self.counts),
                                math.factorial(n) * math.prod(math.factorial(rest.count(c)) for c in set(rest)))
                out.append((["deal", [list(order[:k]), list(order[k:])], sorted(rest)], prob))
        else:
            p = s["shuffling"]
            pile = s["discards"][p]
            prob = Fraction(math.prod(math.factorial(pile.count(c)) for c in set(pile)), math.factorial(len(pile)))
            for order in orders(pile, len(pile)):
                out.append((["shuffle", p, list(order)], prob))
        return sorted(out, key=lambda r: canonical(r[0]))

    def is_chance_outcome(self, s: dict[str, Any], action: list[Any]) -> bool:
        if s["phase"] == "deal":
            if len(action) != 3 or not isinstance(action[1], list) or len(action[1]) != 2:
                return False
            piles, rest = action[1], action[2]
            if not all(isinstance(p, list) and len(p) == self.per_player for p in piles) or not isinstance(rest, list):
                return False
            every = [*piles[0], *piles[1], *rest]
            return all(is_code(c) for c in every) and sorted(every) == self.cards and sorted(rest) == rest
        return (len(action) == 3 and action[0] == "shuffle" and action[1] == s["shuffling"]
                and isinstance(action[2], list) and all(is_code(c) for c in action[2])
                and sorted(action[2]) == s["discards"][s["shuffling"]])

    # -- apply
    def apply(self, s: dict[str, Any], action: list[Any]) -> dict[str, Any]:
        if not self.is_legal(s, action):
            shown = ", ".join(json.dumps(a) for a in self.legal_or_none(s)[:12])
            raise ProtocolError("illegal-action", f"illegal action {json.dumps(action)}; legal: {shown}")
        s = json.loads(json.dumps(s))  # a copy: states are values
        name = action[0]
        if name == "deal":
            s["piles"], s["out"] = [list(action[1][0]), list(action[1][1])], list(action[2])
            self.schedule_turn(s)
        elif name == "shuffle":
            self.shuffle(s, action[1], action[2])
        elif name == "turn_over":
            self.turn_over(s)
        elif name == "nobody_slaps":
            self.nobody_slaps(s)
        elif name == "tie":
            self.war(s)
        else:
            self.slap(s, action[1], action[2])
        return s

    def is_legal(self, s: dict[str, Any], action: list[Any]) -> bool:
        if s["phase"] in ("deal", "shuffle"):
            return self.is_chance_outcome(s, action)
        return action in self.legal(s)

    def legal_or_none(self, s: dict[str, Any]) -> list[list[Any]]:
        try:
            return self.legal(s)
        except ProtocolError:
            return []

    def schedule_turn(self, s: dict[str, Any]) -> None:
        """Before a turn-over: a player whose pile is too short (1 card, 3 in a war) and who has a discard
        pile shuffles it, one chance node each; then the players turn over. If both must, the one with
        the smaller key goes first (pile, discard pile, face-up cards, set-aside cards as lists of codes,
        then the mask bits), player 1 only if his key is smaller."""
        need = 3 if s["step"] == "war" else 1
        must = [p for p in (0, 1) if len(s["piles"][p]) < need and s["discards"][p]]
        if must:
            first = min(must, key=lambda p: (self.key(s, p), p))
            s["phase"], s["shuffling"], s["after"] = "shuffle", first, "turn"
            return
        s["phase"], s["shuffling"], s["after"] = "turn", None, None

    @staticmethod
    def key(s: dict[str, Any], p: int) -> tuple[Any, ...]:
        """What the guide orders the players who must shuffle by (both are in; no tie cards here)."""
        return (s["piles"][p], s["discards"][p], s["table"][p], s["aside"][p], [],
                (1, 0, int(s["no_more_bad"][p]), int(s["bad"][p]), 0, 0))

    def shuffle(self, s: dict[str, Any], p: int, order: list[int]) -> None:
        s["piles"][p] = list(order) + s["piles"][p] if MUTANT == "shuffle-on-top" else s["piles"][p] + list(order)
        s["discards"][p] = []
        after = s["after"]
        if after == "penalty":  # the Bad Chomp card, then the race goes on
            s["centre"] = sorted(s["centre"] + s["piles"][p][:1])
            s["piles"][p] = s["piles"][p][1:]
            s["phase"], s["shuffling"], s["after"] = "race", None, None
            return
        self.schedule_turn(s)

    def turn_over(self, s: dict[str, Any]) -> None:
        piles = s["piles"]
        if s["step"] == "war":
            empty = [p for p in (0, 1) if not piles[p]]
            if len(empty) == 2:
                return self.call_off(s)
            if empty:
                return self.take_all(s, 1 - empty[0])
            for p in (0, 1):
                k = min(2 if MUTANT == "war-two-cards" else 3, len(piles[p]))
                s["aside"][p] = sorted(s["aside"][p] + piles[p][: k - 1])
                s["table"][p] = [piles[p][k - 1]]
                piles[p] = piles[p][k:]
        else:
            empty = [p for p in (0, 1) if not piles[p]]
            if len(empty) == 2:
                return self.call_off(s)
            if empty:
                return self.take_all(s, 1 - empty[0])
            for p in (0, 1):
                s["table"][p], piles[p] = piles[p][:1], piles[p][1:]
        return self.compare(s)

    def compare(self, s: dict[str, Any]) -> None:
        a, b = s["table"][0][0], s["table"][1][0]
        if EEL in (a, b):  # the Eel prevails over an Octopus
            s["race"], s["phase"] = "eel", "race"
            s["bad"], s["no_more_bad"] = [False, False], [False, False]
            return None
        if OCTOPUS in (a, b):  # the next card (a pair of Octopuses too)
            for p in (0, 1):
                s["aside"][p] = sorted(s["aside"][p] + s["table"][p])
            s["table"] = [[], []]
            s["step"] = "next-card"
            return self.schedule_turn(s)
        if a == b:
            return self.war(s)
        return self.take_all(s, 0 if a > b else 1)

    def war(self, s: dict[str, Any]) -> None:
        for p in (0, 1):
            s["aside"][p] = sorted(s["aside"][p] + s["table"][p])
        s["table"] = [[], []]
        s["race"], s["bad"], s["no_more_bad"] = "none", [False, False], [False, False]
        s["step"] = "war"
        self.schedule_turn(s)

    def slap(self, s: dict[str, Any], p: int, owner: int) -> None:
        card = s["table"][owner][0]
        if card == EEL and (owner != p or MUTANT == "own-eel"):
            return self.take_all(s, p)
        s["bad"][p] = True  # a Bad Chomp: once per race; the top card of his pile goes to the centre
        s["no_more_bad"][p] = True
        if s["piles"][p]:
            s["centre"] = sorted(s["centre"] + s["piles"][p][:1])
            s["piles"][p] = s["piles"][p][1:]
        elif s["discards"][p]:
            s["phase"], s["shuffling"], s["after"] = "shuffle", p, "penalty"
        return None

    def nobody_slaps(self, s: dict[str, Any]) -> None:
        for p in (0, 1):
            cards = s["table"][p] + s["aside"][p]
            if s["bad"][p]:
                s["centre"] = sorted(s["centre"] + cards)
            else:
                s["discards"][p] = sorted(s["discards"][p] + cards)
        self.end_round(s)

    def take_all(self, s: dict[str, Any], winner: int) -> None:
        won = s["centre"] + [c for p in (0, 1) for c in s["table"][p] + s["aside"][p]]
        s["centre"] = []
        s["discards"][winner] = sorted(s["discards"][winner] + won)
        self.end_round(s)

    def call_off(self, s: dict[str, Any]) -> None:
        for p in (0, 1):
            s["discards"][p] = sorted(s["discards"][p] + s["aside"][p])
        self.end_round(s)

    def end_round(self, s: dict[str, Any]) -> None:
        s["table"], s["aside"] = [[], []], [[], []]
        s["race"], s["bad"], s["no_more_bad"], s["step"] = "none", [False, False], [False, False], "new-round"
        holds = [len(s["piles"][p]) + len(s["discards"][p]) for p in (0, 1)]
        if all(holds):
            return self.schedule_turn(s)
        s["phase"], s["shuffling"], s["after"] = "over", None, None
        if not any(holds):
            s["outcome"], s["winners"] = "draw", []
        else:
            s["outcome"] = "last-player-standing" if s["centre"] else "collected-all"
            s["winners"] = [0 if holds[0] else 1]
        return None

    # -- results
    def returns(self, s: dict[str, Any]) -> list[int | float]:
        won = s["winners"] if s["phase"] == "over" else []
        return [number(1 / len(won)) if p in won else 0 for p in (0, 1)]

    def view(self, s: dict[str, Any]) -> dict[str, Any]:
        """The canonical public state (the schema's view)."""
        players = []
        for p in (0, 1):
            players.append({
                "pile": names(s["piles"][p]), "discard": names(s["discards"][p]), "table": names(s["table"][p]),
                "aside": names(s["aside"][p]), "aside_tie": [], "aside_bad": [], "active": True,
                "bad_chomp": s["bad"][p],
                "may_win": True, "may_bad_chomp": not s["no_more_bad"][p], "replays": False,
                "winner": p in s["winners"]})
        return {"mode": "underwater-war", "phase": s["phase"], "players": players, "centre": names(s["centre"]),
                "out_of_play": names(s["out"]), "race": s["race"], "step": s["step"], "shuffle_for": s["shuffling"],
                "outcome": s["outcome"]}

    def observation(self, s: dict[str, Any], player: int) -> dict[str, Any]:
        return {
            "player": player, "mode": "underwater-war", "phase": s["phase"],
            "players": [{"pile": len(s["piles"][p]), "discard": len(s["discards"][p]), "table": names(s["table"][p]),
                         "aside": len(s["aside"][p]), "active": True, "bad_chomp": s["bad"][p],
                         "winner": p in s["winners"]} for p in (0, 1)],
            "centre": len(s["centre"]), "out_of_play": len(s["out"]), "race": s["race"], "step": s["step"],
            "shuffle_for": s["shuffling"], "outcome": s["outcome"],
        }

    def check(self, s: Any) -> dict[str, Any]:
        """One of my own states back: the right shape and every card of the deck in one place."""
        keys = set(self.root())
        if not isinstance(s, dict) or set(s) != keys or s.get("uw") != 1:
            raise ProtocolError("invalid-state", "not a state of this implementation")
        try:
            cards = [c for group in ("piles", "discards", "table", "aside") for pile in s[group] for c in pile]
            cards += s["centre"] + s["out"]
            ok = s["phase"] == "deal" or sorted(cards) == self.cards
            ok = ok and all(is_code(c) for c in cards) and s["phase"] in ("deal", "turn", "race", "shuffle", "over")
        except (TypeError, KeyError):
            ok = False
        if not ok:
            raise ProtocolError("invalid-state", "state field cards: not the cards of this deck")
        return s


def distinct_sequences(counts: list[int], length: int) -> int:
    """How many distinct sequences of ``length`` cards a multiset can give: length! [x^length] prod_k
    sum_{j<=c_k} x^j / j!."""
    poly = [Fraction(1)]
    for c in counts:
        nxt = [Fraction(0)] * (len(poly) + c)
        for i, a in enumerate(poly):
            for j in range(c + 1):
                nxt[i + j] += a / math.factorial(j)
        poly = nxt
    return int(poly[length] * math.factorial(length)) if length < len(poly) else 0


def orders(cards: list[int], length: int) -> Iterator[tuple[int, ...]]:
    """Every distinct sequence of ``length`` cards from the multiset ``cards``, in ascending order."""
    left = {c: cards.count(c) for c in sorted(set(cards))}

    def extend(prefix: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
        if len(prefix) == length:
            yield prefix
            return
        for c in left:
            if left[c]:
                left[c] -= 1
                yield from extend((*prefix, c))
                left[c] += 1

    return extend(())


def is_code(c: Any) -> bool:
    return type(c) is int and 0 <= c < len(NAMES)


def names(cards: list[int]) -> list[str]:
    return [NAMES[c] for c in cards]


def number(x: float) -> int | float:
    return int(x) if float(x).is_integer() else x


def canonical(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), sort_keys=True, ensure_ascii=False)


def card_code(value: Any) -> int:
    if is_code(value):
        return value
    if isinstance(value, str):
        key = value.strip().lower().replace(" ", "").replace("-", "").replace("_", "")
        key = {"electriceel": "eel"}.get(key, key)
        if key in NAMES:
            return NAMES.index(key)
    raise ProtocolError("invalid-deal", f"{value!r} is not a card")


# ---------------------------------------------------------------------- the protocol


def hello() -> dict[str, Any]:
    return {"protocol": PROTOCOL, "version": 2, "engine": "independent underwater-war 1.0" + (
        f" (mutant {MUTANT})" if MUTANT else ""), "commands": COMMANDS, "positions": ["history", "state"],
        "games": [{"game": "chomp", "variants": [{"name": "underwater-war", "players": [2]}],
                   "decks": list(DECKS), "rulesets": ["recommended"]}]}


def configure(req: dict[str, Any]) -> Game:
    game, variant, players, deck = req.get("game"), req.get("variant"), req.get("players"), req.get("deck", "full")
    ruleset = req.get("ruleset", "recommended")
    if not isinstance(game, str):
        raise ProtocolError("bad-request", "missing game")
    if variant is not None and not isinstance(variant, str):
        raise ProtocolError("bad-request", "variant must be a string")
    if players is not None and (isinstance(players, bool) or not isinstance(players, int)):
        raise ProtocolError("bad-request", "players must be an integer")
    if deck is not None and not isinstance(deck, str):
        raise ProtocolError("bad-request", "deck must be a string")
    if game != "chomp":
        raise ProtocolError("unknown-game" if game != "chonker-party" else "unsupported", f"game {game}")
    if isinstance(ruleset, str) and ruleset not in ("raw", "recommended"):
        raise ProtocolError("invalid-ruleset", f"ruleset {ruleset}")
    if not isinstance(ruleset, (str, dict)):
        raise ProtocolError("invalid-ruleset", "a ruleset is a name or an object")
    if variant not in (None, "standard", "underwater-war", "chomp-rapido", "doble-chomp"):
        raise ProtocolError("unknown-variant", f"variant {variant}")
    if variant in (None, "standard", "chomp-rapido", "doble-chomp") or ruleset != "recommended":
        raise ProtocolError("unsupported", "only underwater-war under the recommended rules")
    if players not in (None, 2):
        raise ProtocolError("invalid-config", "underwater war is for 2 players")
    deck = deck or "full"
    if deck not in DECKS:
        raise ProtocolError("unsupported" if "=" in deck else "invalid-config", f"deck {deck}")
    return Game(deck)


def action_of(value: Any) -> list[Any]:
    if not isinstance(value, list) or not value or not isinstance(value[0], str):
        raise ProtocolError("illegal-action", "an action is a list starting with its name")
    return value


def position(g: Game, req: dict[str, Any]) -> dict[str, Any]:
    if ("state" in req) == ("history" in req):
        raise ProtocolError("bad-request", "give exactly one of state or history")
    if "state" in req:
        return g.check(req["state"])
    history = req["history"]
    if not isinstance(history, list):
        raise ProtocolError("bad-request", "history is a list")
    if len(history) > MAX_HISTORY:
        raise ProtocolError("too-large", "history too long")
    s = g.root()
    for i, raw in enumerate(history):
        try:
            s = g.apply(s, action_of(raw))
        except ProtocolError as exc:
            raise ProtocolError("illegal-action", f"history step {i}: {exc}") from None
    return s


def step_result(g: Game, before: dict[str, Any], action: list[Any], after: dict[str, Any]) -> dict[str, Any]:
    out = {"state": after, "view": g.view(after), "actor": g.label(after), "player": g.actor(after),
           "terminal": after["phase"] == "over", "returns": g.returns(after), "gap": None,
           "provenance": {"clauses": [], "rulings": []}, "text": f"{action[0]}"}
    if after["phase"] == "over":
        out["outcome"] = after["outcome"]
    return out


def perft(g: Game, s: dict[str, Any], depth: int, max_nodes: int, seconds: float) -> tuple[int, list[dict[str, Any]]]:
    generated = 0
    deadline = time.monotonic() + seconds

    def successors(state: dict[str, Any]) -> list[tuple[list[Any], dict[str, Any]]]:
        nonlocal generated
        out = []
        for a in g.legal(state):
            generated += 1
            if generated > max_nodes or time.monotonic() > deadline:
                raise ProtocolError("too-large", "perft too large")
            out.append((a, g.apply(state, a)))
        return out

    def count(state: dict[str, Any], d: int) -> int:
        return 1 if d == 0 else sum(count(t, d - 1) for _, t in successors(state))

    if depth == 0:
        return 1, []
    rows = [{"action": a, "nodes": count(t, depth - 1)} for a, t in successors(s)]
    rows.sort(key=lambda r: canonical(r["action"]))
    return sum(r["nodes"] for r in rows), rows


def integer(req: dict[str, Any], key: str, required: bool) -> int | None:
    value = req.get(key)
    if value is None:
        if required:
            raise ProtocolError("bad-request", f"missing {key}")
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise ProtocolError("bad-request", f"{key} must be an integer")
    return value


def dispatch(req: Any) -> dict[str, Any]:
    if not isinstance(req, dict):
        raise ProtocolError("bad-request", "a request is an object")
    cmd = req.get("cmd")
    if not isinstance(cmd, str):
        raise ProtocolError("bad-request", "missing cmd")
    if cmd not in COMMANDS:
        raise ProtocolError("unknown-command", f"unknown command {cmd}")
    if cmd == "hello":
        return hello()
    if cmd == "stop":
        return {"stopping": True}
    g = configure(req)
    if cmd == "new_game":
        deal = req.get("deal")
        if deal is None:
            raise ProtocolError("bad-request", "this implementation deals only explicit deals")
        piles = deal.get("piles") if isinstance(deal, dict) else deal
        if not isinstance(piles, list) or len(piles) != 2 or not all(isinstance(p, list) for p in piles):
            raise ProtocolError("invalid-deal", "a deal is two piles")
        piles = [[card_code(c) for c in p] for p in piles]
        rest = list(g.cards)
        for c in piles[0] + piles[1]:
            if c not in rest:
                raise ProtocolError("invalid-deal", "cards not in the deck")
            rest.remove(c)
        action = ["deal", piles, rest]
        root = g.root()
        if not g.is_chance_outcome(root, action):
            raise ProtocolError("invalid-deal", "piles of the wrong size")
        return {**step_result(g, root, action, g.apply(root, action)), "deal": action}
    s = position(g, req)
    if cmd == "legal_actions":
        actor = g.actor(s)
        if actor == CHANCE:
            rows = [{"action": a, "text": a[0], "probability": f"{p.numerator}/{p.denominator}"}
                    for a, p in g.chance_outcomes(s)]
        else:
            rows = [{"action": a, "text": a[0]} for a in g.legal(s)]
        return {"actor": g.label(s), "player": actor, "terminal": s["phase"] == "over", "actions": rows}
    if cmd == "apply":
        if "action" not in req:
            raise ProtocolError("bad-request", "apply needs an action")
        action = action_of(req["action"])
        return step_result(g, s, action, g.apply(s, action))
    if cmd == "observation":
        player = integer(req, "player", True)
        if not 0 <= player < 2:  # type: ignore[operator]
            raise ProtocolError("bad-request", "no such player")
        return {"player": player, "observation": g.observation(s, player)}  # type: ignore[arg-type]
    if cmd == "perft":
        depth = integer(req, "depth", True)
        assert depth is not None
        if depth < 0:
            raise ProtocolError("bad-request", "negative depth")
        if depth > MAX_PERFT_DEPTH:
            raise ProtocolError("too-large", "too deep")
        nodes = integer(req, "max_nodes", False) or DEFAULT_NODES
        if not 1 <= nodes <= MAX_NODES:
            raise ProtocolError("too-large", "max_nodes out of range")
        seconds = req.get("max_seconds") or DEFAULT_SECONDS
        total, rows = perft(g, s, depth, nodes, min(float(seconds), MAX_SECONDS))
        return {"depth": depth, "nodes": total, "breakdown": rows}
    out = {"text": "an underwater war", "actor": g.label(s)}
    if "action" in req:
        action = action_of(req["action"])
        if not g.is_legal(s, action):
            raise ProtocolError("illegal-action", "not legal here")
        out["action_text"] = action[0]
    return out


def answer(line: bytes) -> tuple[dict[str, Any], bool]:
    """The response to one line, and whether it stops the server."""
    try:
        req = json.loads(line.decode("utf-8"), parse_constant=lambda c: (_ for _ in ()).throw(ValueError(c)))
    except (ValueError, UnicodeDecodeError, RecursionError) as exc:
        return {"id": None, "ok": False, "error": {"code": "bad-json", "message": str(exc)[:200]}}, False
    rid = req.get("id") if isinstance(req, dict) else None
    try:
        result = dispatch(req)
    except ProtocolError as exc:
        return {"id": rid, "ok": False, "error": {"code": exc.code, "message": str(exc)}}, False
    return {"id": rid, "ok": True, "result": result}, isinstance(req, dict) and req.get("cmd") == "stop"


def main() -> None:
    global MUTANT
    if len(sys.argv) == 3 and sys.argv[1] == "--mutant":
        MUTANT = sys.argv[2]
    for line in sys.stdin.buffer:
        if not line.strip():
            continue
        response, stop = answer(line.rstrip(b"\r\n"))
        sys.stdout.write(json.dumps(response, sort_keys=True, separators=(",", ":"), ensure_ascii=False) + "\n")
        sys.stdout.flush()
        if stop:
            break


if __name__ == "__main__":
    main()
