"""The readings of Chomp!'s ambiguous sentences: each a named set of meanings, the first the
default. The determinacy check runs every situation under each reading a clause asked, and reports
an ambiguity exactly where two readings decide a reachable step differently."""

from __future__ import annotations

from rulecheck.core.spec import Reading

__all__ = ["READINGS"]

READINGS = {
    r.id: r for r in [
        Reading("chomp.read.gameplay4_scope", "en.gameplay.4",
                "'If your card couldn't be chomped, place it in your discard pile': in which rounds?",
                (("won-rounds", "In a round someone wins: the cards the winner cannot chomp."),
                 ("every-round", "In every round that ends: also when nobody wins, every card nobody chomped."))),
        Reading("chomp.read.frenzy_any_card", "en.feeding-frenzy.2",
                "'Any player can chomp any card': does it lift the Bad Chomps for higher and same cards?",
                (("bad-chomps-stand", "No: the list of Bad Chomps applies in every race."),
                 ("lifts-bad-chomps", "Yes: in a Feeding Frenzy a higher or same card is a valid chomp."))),
        Reading("chomp.read.frenzy_special_cards", "en.feeding-frenzy.2",
                "'Any player can chomp any card, except her own': an Octopus or the Electric Eel too, though "
                "'nobody can chomp an Octopus or an Electric eel' (en.food-chain.3)?",
                (("special-cards-too", "In a Feeding Frenzy a player can chomp any other player's card, an "
                  "Octopus or the Eel too: a slap on one wins the Frenzy."),
                 ("creatures-only", "Nobody can chomp an Octopus or an Electric Eel, in a Feeding Frenzy "
                  "either: a slap on one does not win the Frenzy."))),
        Reading("chomp.read.frenzy_all_cards", "en.feeding-frenzy.3",
                "'takes all the cards': which cards?",
                (("this-rounds-cards", "The cards turned over in this round."),
                 ("every-card-in-play", "Every card in the centre, set-aside cards of an earlier round too."))),
        Reading("chomp.read.your_cards", "en.bad-chomp.9",
                "'If there is no winner that round, your cards stay in the center': which of the Bad "
                "Chomper's cards?",
                (("turned-over-and-penalty", "The two cards of the Bad Chomp: his turned-over card and the one he "
                  "put down."),
                 ("all-his-cards", "Every card of his in the round, the cards he set aside in an Ink Out or a tie "
                  "too."))),
        Reading("chomp.read.tie_previous", "en.tie.4",
                "'any cards from the previous round that she is allowed to chomp': which round?",
                (("the-tie-round", "The tie round (the round before the replay)."),
                 ("the-replay-round", "The round just played, as in the Ink Out rule (en.ink-out.4)."))),
        Reading("chomp.read.reclaimed_where", "en.ink-out.5",
                "'Any cards ... she can't chomp, are reclaimed by the players who turned them over' (en.ink-out.5, "
                "en.tie.5): where do the reclaimed cards go?",
                (("discard-pile", "To the owner's discard pile, where a card nobody could chomp goes in an "
                  "ordinary round (en.gameplay.4)."),
                 ("own-pile", "Back into the owner's pile."))),
        Reading("chomp.read.war_tie", "en.underwater-war.3",
                "'In a tie, each player places 2 cards face down and 1 card face up': also when the war's own "
                "face-up cards are the same again?",
                (("another-tie", "Yes: it is another tie, settled by another war."),
                 ("first-turn-over-only", "No: the sentence speaks of the round's turn-over; what a war's tie "
                  "leads to is not said (en.underwater-war.4 names the higher card, and there is none)."))),
        Reading("chomp.read.next_card_tie", "en.underwater-war.3",
                "'In a tie, each player places 2 cards face down and 1 card face up': also when the next cards "
                "turned over after an Octopus (en.underwater-war.6) are the same?",
                (("a-tie", "Yes: two cards the same are a tie, settled by a war."),
                 ("first-turn-over-only", "No: the sentence speaks of the round's turn-over; what follows when "
                  "the next cards are the same is not said (the Octopus rule names the higher card, and there is "
                  "none)."))),
        Reading("chomp.read.pile_runs_out", "en.outcomes.5",
                "'When your pile runs out, shuffle your discard pile': at which moment?",
                (("at-once", "The moment the last card leaves the pile, even in the middle of a race."),
                 ("when-needed", "When the player next needs a card from his pile."))),
        Reading("chomp.read.doble_your_card", "es.dos-jugadores.2",
                "In Doble Chomp each player has two cards face up: which is 'your card' in 'a card higher "
                "than yours', 'the same as yours', 'the cards she can chomp'?",
                (("highest-card", "His higher card: it is enough that one of his cards can chomp."),
                 ("lowest-card", "His lower card: both of his cards must be able to chomp."))),
        Reading("chomp.read.doble_another_card", "es.doble-chomp.3",
                "Ties and Octopuses in Doble Chomp are 'the same as in the normal game', where 'each player "
                "plays another card' (en.ink-out.3, en.tie.2): one card, or two as at every Doble Chomp "
                "turn-over (es.doble-chomp.1)?",
                (("two-cards", "Two cards each: a turn-over of Doble Chomp is two cards."),
                 ("one-card", "One card each: the normal game's rule, which Doble Chomp takes as it is."))),
        Reading("chomp.read.eel_prevails_where", "en.octopus-vs-eel.1",
                "'If an Octopus and an Electric Eel turn up at the same time, the Eel prevails': in every "
                "game, or in the 3+ player game whose Action Cards section says it?",
                (("every-game", "In every game, Underwater War and Chomp rápido included."),
                 ("3-plus-game-only", "Only in the 3+ player game (and Doble Chomp, which takes its Eel and "
                  "Octopus rules)."))),
        Reading("chomp.read.object_only_way", "en.object.2",
                "'The first player to collect all of the cards wins the game': a way to win, or the only one?",
                (("a-way-to-win", "A way to win: the last two's count can also declare a winner."),
                 ("the-only-way", "The only way: nobody who has not collected all the cards wins."))),
    ]
}
