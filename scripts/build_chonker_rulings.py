"""Writes models/chonker-party/rulings.json: the Chonker Party ruling points, as reviewable Python."""
# ruff: noqa: E501
import json
from pathlib import Path

R = []


def rp(id, kind, question, clauses, options, recommended, rationale, players_question):
    R.append({"id": id, "kind": kind, "question": question, "clauses": clauses,
              "options": [{"id": o, "text": t} for o, t in options],
              "recommended": recommended, "rationale": rationale,
              "players_question": players_question})


rp("cp.first_master", "gap",
   "Who is the first Munchies Master? 'Last person to snack' is not part of the game state.",
   ["cp.round.1"],
   [("first_player", "The player the deal calls Player 1 (seat 0) starts."),
    ("chance", "The first Munchies Master is drawn at random (each player equally likely).")],
   "first_player",
   "The criterion is social, not a game state; with the deal random, seat 0 loses no generality and keeps traces short.",
   "Nobody remembers who snacked last. Who starts the first round?")
rp("cp.continue_who_plays", "conflict",
   "When the Munchies Master continues the round, does everyone play another circle, or does only the Master keep playing?",
   ["cp.continuing.1", "cp.continuing.6", "cp.round.5", "cp.summary-example.3", "cp.winning-example.4",
    "cp.round-example.11"],
   [("another_circle", "Play goes on clockwise for another full circle; the round ends again just before it returns to the Master."),
    ("master_only", "Only the Master plays; they continue or end the round after each card.")],
   "another_circle",
   "The 2-player winning example (Player 2 plays a Leaf after Player 1 continued) and the 4-player Round Example (Players 2-4 play after Player 1's Chonk) both play another circle; only the summary example reads otherwise.",
   "I continued the round with a trump. Does everybody get to play again?")
rp("cp.continue_with_action", "conflict",
   "May the Munchies Master continue with an action card (Choose, Steal, See, War)? The summary says only with a trump or chonk; Continuing a Round allows draw-and-play action cards when they have no trump or chonk.",
   ["cp.summary.5", "cp.continuing.2", "cp.continuing.3"],
   [("draw_action_without_trump", "Only if they hold no trump or chonk (Continuing a Round, literally)."),
    ("draw_action_always", "Always, as an alternative to a trump or chonk."),
    ("trump_or_chonk_only", "Never: only a trump or chonk continues the round (the summary).")],
   "draw_action_without_trump",
   "The detailed section is more specific than the summary and says 'No chonk or trump? You can play an action card instead'.",
   "I have no trump left but I hold a Steal. Can I use it to keep the round going?")
rp("cp.continue_after_action", "conflict",
   "After continuing with a draw-and-play action card, what may the Master play? The card says 'play any card'; Continuing a Round says the round ends if they still have no trump or chonk.",
   ["cp.continuing.4", "cp.steal.1", "cp.choose.3", "cp.see.5", "cp.winning-example.8"],
   [("trump_chonk_or_end", "They must play a trump or chonk (or another draw-and-play card), else the round ends and the last trump or chonk player wins."),
    ("any_card", "They play any card, and the round goes on.")],
   "trump_chonk_or_end",
   "'If you still don't have a chonk, or trump, the last player that played one collects the cards', and the 2-player example ends the round after an unsuccessful Steal.",
   "I continued with a Steal and stole a Stick. Can I play the Stick?")
rp("cp.continue_no_trump_yet", "gap",
   "At the end of a circle where only action cards were played there is no trump yet: may the Master continue with a non-action card (which becomes trump), or only with a chonk?",
   ["cp.continuing.1", "cp.round.2"],
   [("any_non_action", "Any non-action card continues the round and becomes the trump."),
    ("chonk_only", "Only a chonk (no trump exists to play).")],
   "any_non_action",
   "The first non-action card played becomes trump, so any such card is a trump when it is played.",
   "Everybody played action cards so far. Can I continue with a Leaf?")
rp("cp.no_trump_winner", "gap",
   "Who wins a round in which nobody put down a trump or chonk (every card was an action card)?",
   ["cp.winning.1", "cp.continuing.4", "cp.round.2"],
   [("master", "The Munchies Master collects the cards and starts the next round."),
    ("discard_deck", "The cards go to the discard deck; the same Master starts the next round.")],
   "master",
   "Keeps every played card in some win pile and gives the round a winner to start the next one.",
   "We all played action cards and nobody played a trump. Who takes the cards?")
rp("cp.empty_hand_turn", "gap",
   "It is the turn of a player with no cards (the draw deck is empty, or they lost cards to Steal or Skip): what happens?",
   ["cp.after-round.3", "cp.round.4"],
   [("pass", "They are passed over; play goes on clockwise."),
    ("round_ends", "The round ends at once (if nothing has been played yet, the next player clockwise leads instead).")],
   "pass",
   "'Continue playing until everyone's empty-handed' implies play goes on while others still hold cards.",
   "I have no cards left but it's my turn. Does the round end?")
rp("cp.refill_shortage", "gap",
   "When the draw deck cannot bring everyone back to 6 cards, how are the last cards 'shared evenly'?",
   ["cp.after-round.1", "cp.after-round.2"],
   [("round_robin", "One card at a time clockwise from the winner, to players below 6, until the deck is empty."),
    ("in_order", "Each player fills up to 6 in turn from the winner; later players get what is left.")],
   "round_robin",
   "Round-robin is the closest to 'evenly'; the first players clockwise from the winner get the odd cards.",
   "Only 5 cards are left and three of us need cards. Who gets them?")
rp("cp.game_over_discard", "gap",
   "'Game over when all cards are played': the discard deck is never played out. Is the game over when the draw deck and all hands are empty?",
   ["cp.finishing.1", "cp.setup.3", "cp.after-round.3"],
   [("game_over", "Yes; the discard deck is set aside unplayed."),
    ("discard_becomes_draw", "No; the discard deck becomes the draw deck and everyone draws back up.")],
   "game_over",
   "The discard deck is a reserve for action cards (cp.empty-draw.1); refills only use the draw deck (cp.after-round.3).",
   "The draw deck is empty and nobody has cards, but the discard deck has cards. Are we done?")
rp("cp.skip_at_round_end", "conflict",
   "A Skip played just before the Munchies Master's turn: does the Master discard and lose the turn (Skip's first sentence), or must they continue the round (its second)?",
   ["cp.skip.1", "cp.skip.2"],
   [("force_continue", "The Master must continue with any card; no discard."),
    ("discard_and_force", "The Master discards a card, then must continue with any card."),
    ("discard_and_end", "The Master discards a card and is skipped: the round ends.")],
   "force_continue",
   "The sentence about the round end is the specific rule for that moment.",
   "The last player before me played Skip at the end of the round. Do I discard, or do I have to keep playing?")
rp("cp.force_war_as_chonk", "gap",
   "A Force names a chonk, and the player it forces holds a War card that would become a Chonk if played now (a War is on, or the draw deck is empty). Is that War 'the required card'?",
   ["cp.force.1", "cp.force.3", "cp.force.4", "cp.war.5", "cp.war.6", "cp.war.7"],
   [("chonk_cards_only", "No: only a Chonk card answers the Force; without one, the player can play whatever they want (or, the Munchies Master, end the round)."),
    ("war_counts", "Yes: the player must play a Chonk card or that War, which becomes a Chonk as it is played.")],
   "chonk_cards_only",
   "'Another War card played during a War' becomes a Chonk as it is played (cp.war.6): in the hand it is still a War card, and 'the required card' (cp.force.4) is a card the player holds.",
   "A Force named chonk. I have no Chonk, but I hold a War and the draw deck is empty. Do I have to play the War?")
rp("cp.war_held_as_chonk", "gap",
   "The Munchies Master holds a War card that would become a Chonk if he put it down now (a War is on, or the draw deck is empty). 'They can decide if they want to continue the round only if they've got a trump or a chonk' (cp.summary.5): has he got a chonk?",
   ["cp.summary.5", "cp.continuing.1", "cp.continuing.2", "cp.war.6", "cp.war.7"],
   [("a_war_card", "No: in his hand it is a War card; it becomes a Chonk only as it is put down. He may continue with it only as a draw-and-play card (cp.continue_with_action)."),
    ("counts", "Yes: it would be put down as a Chonk, so he may continue with it as with any chonk, whatever else he holds.")],
   "a_war_card",
   "As for a Force that names a chonk (cp.force_war_as_chonk): 'another War card played during a War' becomes a Chonk as it is played (cp.war.6); in the hand it is still a War card.",
   "The draw deck is empty and I hold a War. Can I keep the round going with it as a chonk?")
rp("cp.skip_master_empty_handed", "conflict",
   "A Skip at the round's end forces the Munchies Master to continue, trump or not, but he holds no card (or has just discarded his last): he cannot continue, and the round only goes on until he runs out. What happens?",
   ["cp.skip.2", "cp.continuing.6", "cp.skip.1"],
   [("master_ends", "He cannot continue, so he ends the round: the last player to put down a trump or chonk wins it."),
    ("passes_on", "His turn is skipped: play passes on clockwise to the next player, as after any turn (a next player with no card: cp.empty_hand_turn).")],
   "master_ends",
   "'This goes on until the Munchies Master runs out of trumps or chonks' (cp.continuing.6): a Master with no card has run out of everything, and Force, the other card that forces him, lets a Master without the card asked for end the round (cp.force.4).",
   "The last player played a Skip at the end of the round, but I have no cards left. Do I have to keep the round going?")
rp("cp.next_player_empty_handed", "gap",
   "A Skip or a Force acts on 'the next player', and the next player clockwise (not the Munchies Master) holds no card. Does it act on them, or on the next player who still holds a card?",
   ["cp.skip.1", "cp.force.1", "cp.force.4", "cp.after-round.3"],
   [("next_seat", "On them: a Skip skips their turn (they have nothing to discard); a Force finds them with no card, and their turn is that of a player with no cards (cp.empty_hand_turn)."),
    ("next_with_a_card", "On the next player clockwise who still holds a card, who discards (Skip) or must play the card named (Force); if nobody before the Munchies Master holds one, the card acts at round end (cp.skip.2, cp.force.3).")],
   "next_with_a_card",
   "Players with no cards are passed over (cp.empty_hand_turn, 'continue playing until everyone's empty-handed'): they have no turn to skip and no card to play, so 'the next player' is the next one still playing.",
   "I played a Skip, but the next player has no cards left. Who gets skipped?")
rp("cp.skip_discard_choice", "gap",
   "Which card does the skipped player discard?",
   ["cp.skip.1"],
   [("victim_chooses", "The skipped player chooses."),
    ("random", "A random card from their hand.")],
   "victim_chooses",
   "Discarding is normally the holder's choice; Steal says 'random' explicitly when it means it.",
   "Someone skipped me. Do I pick the card I discard?")
rp("cp.skip_discard_to", "gap",
   "Where does the card discarded because of a Skip go?",
   ["cp.skip.1", "cp.setup.3"],
   [("discard_deck", "Onto the discard deck."),
    ("table", "Onto the table with the round's cards (the round's winner collects it).")],
   "discard_deck",
   "The game has one pile called the discard deck.",
   "Where do I put the card I discard after a Skip?")
rp("cp.see_no_such_card", "gap",
   "See a Card: a player without the named type 'can show you any card'. Must they show one, and who picks it?",
   ["cp.see.2"],
   [("shower_chooses", "They show a card of their choice."),
    ("show_nothing", "They show nothing.")],
   "shower_chooses",
   "'They can show you any card they've got' reads as the fallback when they have none of the type.",
   "I have no Sweet. Do I have to show something else?")
rp("cp.spoiled_trump", "gap",
   "A Spoiled card is the trump (the first non-action card of the round). Are the other Spoiled cards trumps too? The four Spoiled cards are four cards with their own names (Toast, Egg, Yogurt, Banana), where each point and filler type is 8 cards alike.",
   ["cp.round.2", "cp.spoiled.4", "cp.winning.1", "cp.continuing.1"],
   [("one_type", "Yes: the Spoiled are one card type; any Spoiled card is a trump when a Spoiled card is."),
    ("each_card", "No: each Spoiled card is a card of its own; after a Spoiled trump only a chonk is a trump.")],
   "one_type",
   "The Card Types give two or more types as 'a x b' (Points (8 x 2): sweet and salty, which the book says are different trumps; Filler Cards (8 x 4)) and one type as a single count: Spoiled (4), like Chonks (6), is one type; the names are flavour, as the six Chonks' are.",
   "The trump is the Toast. Is my Egg a trump?")
rp("cp.steal_from_self", "gap",
   "Steal takes a card 'from any player': may you steal from yourself?",
   ["cp.steal.1"],
   [("others_only", "Only from another player."),
    ("include_self", "From any player, yourself included (then you also draw a card).")],
   "others_only",
   "Stealing from yourself is not stealing.",
   "Can I Steal from my own hand to get a free draw?")
rp("cp.steal_empty_hand", "gap",
   "May Steal target a player with no cards (nothing to snatch, but they would draw)?",
   ["cp.steal.1", "cp.steal.2"],
   [("holders_only", "Only players holding cards; with none, the Steal has no effect."),
    ("any_player", "Any player; with an empty hand nothing is stolen but the victim draws.")],
   "holders_only",
   "A random card cannot be snatched from an empty hand.",
   "Can I play Steal on a player who has no cards?")
rp("cp.steal_victim_draw_fallback", "gap",
   "The player stolen from draws a new card; with the draw deck empty, do they draw from the discard deck?",
   ["cp.steal.2", "cp.empty-draw.1"],
   [("discard_deck", "Yes, the Empty Draw Deck rule applies to them too."),
    ("no_draw", "No, only the player of the action card falls back on the discard deck.")],
   "discard_deck",
   "'If an action card requires you to draw' covers any draw an action card requires.",
   "The draw deck is empty and my card was stolen. Do I draw from the discard deck?")
rp("cp.steal_stealer_draws", "gap",
   "'The player that was stolen from also draws a new card': does the stealer, who got a card by snatching it, draw a new card too before playing another card? The Steal is among the cards that 'entail you to draw and play another card'. (Stealing from yourself, you are the one who draws.)",
   ["cp.steal.1", "cp.steal.2", "cp.continuing.3", "cp.stacking.2", "cp.empty-draw.1"],
   [("victim_only", "Only the player stolen from draws: the snatched card is the stealer's new card."),
    ("stealer_too", "The player stolen from draws a new card, then the stealer draws one too (from the draw deck, or the discard deck when it is empty; nothing when both are), then the stealer plays another card.")],
   "victim_only",
   "'Also' puts the player stolen from beside the stealer, who already got a card by snatching it; with one new card each, everyone keeps the same number of cards, as 'All players should have the same number of cards left' (cp.round.6) expects.",
   "I stole a card. Do I also draw one from the deck?")
rp("cp.named_types", "gap",
   "Which 'card types' may See a Card and Force name: any card type, or only the non-action types?",
   ["cp.see.1", "cp.force.1"],
   [("any_kind", "Any of the 14 types (sweet, salty, chonk, spoiled, the four fillers, the six action cards)."),
    ("non_action", "Only the eight non-action types.")],
   "any_kind",
   "The text gives examples (sweet, chonk) but no limit.",
   "Can I Force the next player to play a Skip?")
rp("cp.no_effect_then", "gap",
   "An action card that 'will have no effect' (nothing to draw; nobody to steal from): does its player still play another card?",
   ["cp.empty-draw.2", "cp.stacking.1"],
   [("turn_ends", "No; the card was their play and the turn passes."),
    ("play_another", "Yes; only the drawing is lost.")],
   "turn_ends",
   "'No effect' covers the whole card, including 'play another card'.",
   "I played See a Card with both decks empty. Do I play another card?")
rp("cp.choose_then_play", "gap",
   "Choose: 'then you can play any new card'. Any card from your hand, or the card you picked?",
   ["cp.choose.3", "cp.stacking.1"],
   [("any_card", "Any card from your hand."),
    ("chosen_card", "The card you picked, if you can.")],
   "any_card",
   "Stacking Action Cards says these cards let you 'play any card'.",
   "After Choose, must I play the card I picked?")
rp("cp.choose_play_optional", "gap",
   "Choose: 'then you can play any new card'. Must the Chooser play a card after the pick, or may they stop there, keeping the card picked (their turn then ends)? (Not the Munchies Master continuing the round with the Choose: his continuation is a card that 'entails you to draw and play another card'.)",
   ["cp.choose.3", "cp.continuing.2", "cp.continuing.3", "cp.stacking.1", "cp.stacking.2", "cp.round-example.4"],
   [("must_play", "They must play a card: 'can' is the choice of card."),
    ("may_stop", "They may play a card or not; if not, their turn ends.")],
   "must_play",
   "The Choose is among the cards that 'entail you to draw and play another card' (Continuing a Round, Stacking Action Cards), and in the Round Example 'Player 2 plays 2 cards, by playing a Choose card'; it keeps everyone's hand the same size (cp.round.6).",
   "I played a Choose and picked a card. Do I have to play a card now?")
rp("cp.war_window", "gap",
   "'You can call out the War card anytime': when, out of turn, may it be called?",
   ["cp.war.1"],
   [("before_each_turn", "Before any player's turn (and the Master's decision to continue), any other player holding a War may call it."),
    ("own_turn", "Only on your own turn, as your card.")],
   "before_each_turn",
   "'Anytime' means out of turn too; one window before each decision captures that without calls in the middle of another card's effect.",
   "It's not my turn. Can I call out War right now?")
rp("cp.war_call_as_chonk", "gap",
   "'You can call out the War card anytime', and a War becomes a Chonk as it is played during a War or with the draw deck empty. May a player call out, before another player's turn, a War that would become a Chonk, and so put down a Chonk (the card that wins the round) out of turn?",
   ["cp.war.1", "cp.war.5", "cp.war.6", "cp.war.7", "cp.summary.3", "cp.round.4"],
   [("anytime", "Yes: a War may be called out anytime, whatever it becomes; called out during a War or with the draw deck empty, it is put down as a Chonk and its player is now the last to have put down a trump or chonk."),
    ("own_turn_only", "No: a War that would become a Chonk is played only on its player's turn, like any other Chonk; out of turn, only a War that starts a War may be called out.")],
   "anytime",
   "'Anytime' has no exception, and the War section says what a called-out War becomes without limiting when it may be called; the second War 'played during a War' is the case the book names (cp.war.6).",
   "A War is on and I hold the other War. It's not my turn: can I call it out now, as a Chonk?")
rp("cp.steal_nothing_to_draw", "gap",
   "A Steal played when the draw deck and the discard deck are both empty: the player stolen from has nothing to draw. Does the Steal still snatch a card, or does Empty Draw Deck's 'the action card that tells you to draw, will have no effect' take the whole card? (The book lists the Steal among the cards that entail you to draw.)",
   ["cp.steal.1", "cp.steal.2", "cp.empty-draw.2", "cp.continuing.3", "cp.stacking.2"],
   [("no_effect", "The Steal has no effect: nothing is snatched (cp.no_effect_then says whether its player still plays another card)."),
    ("snatch", "The Steal snatches a card as usual; only the draw of the player stolen from is lost.")],
   "no_effect",
   "The book counts the Steal among the cards that 'entail you to draw' (Continuing a Round, Stacking Action Cards), and its victim's draw falls back on the discard deck like any draw an action card requires (cp.steal_victim_draw_fallback); so with both decks empty it is the action card that 'will have no effect', as a See a Card is.",
   "Both decks are empty. Can I still play a Steal and take a card?")
rp("cp.war_chonk_effect", "gap",
   "A War that becomes a Chonk: does its player still draw and play another card?",
   ["cp.war.4", "cp.war.5"],
   [("chonk_only", "No; it is played as a Chonk and nothing else."),
    ("chonk_and_draw", "Yes; it is a Chonk and its player also draws (and plays another card on their turn).")],
   "chonk_only",
   "It 'becomes a Chonk'; a Chonk has no action.",
   "My War turned into a Chonk. Do I still draw a card?")
rp("cp.war_draw_when", "gap",
   "A War card called out on another player's turn: 'The player who played a War card must draw a new card from the deck and play another card if/when it is their turn.' Does its player draw the new card at once, or when their turn comes?",
   ["cp.war.1", "cp.war.4"],
   [("at_once", "At once: they draw the new card as they call the War out; 'if/when it is their turn' says when they play another card. Play goes back to the decision the call came before."),
    ("on_their_turn", "When their turn comes: the call only puts the War down, and play goes back to the decision it came before; when their next turn of play begins (the Munchies Master's decision whether to continue the round is not one), they first draw the new card (from the discard deck if the draw deck is empty, none if both are), then play. A player with no card when their turn comes draws nothing then and still owes the card.")],
   "at_once",
   "Only the play needs to wait for their turn ('if/when it is their turn'): a player calling out of turn cannot play until then, but nothing stops the draw, and drawing at once is what a player who plays a War on their own turn does; a card owed for later is something every player would have to remember.",
   "I called out my War on someone else's turn. Do I draw my new card now, or when my turn comes?")
rp("cp.war_chonk_ends_war", "gap",
   "A second War played during a War becomes a Chonk: does the War stay in effect?",
   ["cp.war.3", "cp.war.6"],
   [("keeps_war", "The War stays in effect until everyone runs out of cards."),
    ("ends_war", "The War ends.")],
   "keeps_war",
   "The War's effect ends only 'when all players run out of cards'.",
   "Someone played the second War. Is the War over?")
rp("cp.chonk_sets_trump", "gap",
   "A Chonk is the first non-action card of the round. Does it make Chonk the trump, so that only chonks win the round after it, or is a Chonk, a universal trump, no card type for the trump, so that the next non-action card sets it?",
   ["cp.round.2", "cp.summary.2", "cp.chonks.1", "cp.chonks.2"],
   [("sets_trump", "Yes: it is the first non-action card, so Chonk is the trump; after it only a chonk wins the round."),
    ("no_trump", "No: a Chonk is already a trump; the next non-action card that is not a chonk becomes the trump (and a card of that type played after the Chonk takes the lead).")],
   "sets_trump",
   "'The first non-action card played becomes the trump card' makes no exception, and a Chonk is a non-action card (Card Types, not Action Cards).",
   "The first card of the round was a Chonk. What is trump now?")
rp("cp.war_chonk_sets_trump", "gap",
   "A War played as a Chonk before any trump exists: does it set the trump (to Chonk)?",
   ["cp.round.2", "cp.war.5"],
   [("sets_trump", "Yes: it is the first non-action card, so Chonk is trump."),
    ("no_trump", "No: it is still an action card; the next non-action card sets trump.")],
   "sets_trump",
   "A War that became a Chonk is a Chonk in every respect.",
   "The first card of the round was a War that counted as a Chonk. What is trump?")
rp("cp.war_chonk_scoring", "gap",
   "Which War cards in a win pile count as Chonks for the 'most CHONK cards' tie-break: those that became a Chonk when played, none, or every War card (the draw deck is empty when the game ends, and 'War cards become Chonks if the draw deck is empty')?",
   ["cp.finishing.4", "cp.war.5", "cp.war.7"],
   [("counts_as_chonk", "A War that became a Chonk when it was played counts as a Chonk; a War played as a War does not."),
    ("counts_as_war", "None: in the win pile it is a War card again."),
    ("every_war", "Every War card counts as a Chonk: when the game ends the draw deck is empty, so War cards are Chonks (cp.war.7).")],
   "counts_as_chonk",
   "A War became a Chonk when it was played and stays one; 'War cards become Chonks if the draw deck is empty' is said of a War card being played, and a War played as a War started a War instead.",
   "We're tied on points. Does my War-Chonk count as a Chonk? And my War card?")
rp("cp.four_spoiled_when", "gap",
   "'Collect all four -1 points and you win the game': at once, or when the game ends?",
   ["cp.spoiled.2", "cp.finishing.6"],
   [("immediately", "The game ends when a player's win pile holds all four Spoiled."),
    ("at_game_end", "Play goes on; the player wins when the game ends.")],
   "immediately",
   "'Automatically win' reads as at once; the winner is the same either way, since win piles never lose cards.",
   "I just won the fourth Spoiled. Is the game over?")
rp("cp.final_tie", "gap",
   "Players still tied on points, Chonks and cards: who wins?",
   ["cp.finishing.3", "cp.finishing.4", "cp.finishing.5"],
   [("shared", "They share the win."),
    ("no_winner", "Nobody wins.")],
   "shared",
   "The book gives no further tie-break.",
   "We have the same points, Chonks and number of cards. Who wins?")
rp("cp.win_pile_visibility", "gap",
   "'Peek at any time': may everyone look at every win pile, or only the owner at their own? (Read by the observation of each player, not by the rules.)",
   ["cp.winning.3"],
   [("own_only", "Each player may look at their own win pile; others see only its size."),
    ("everyone", "Win piles are open to everyone.")],
   "own_only",
   "'Place them in front of you ... Peek' suggests a face-down pile its owner peeks at.",
   "May I look through another player's win pile?")


# What the errata and the FAQ print (rulecheck.docs): each option's wording, the rule as the next
# edition would print it, and per ruling point the problem in one plain sentence, what it can
# change, the sentence the erratum amends and how, and (where the players' question names cards
# a drawn game need not show) the FAQ's question.
PUBLISH = {}


def pub(id, problem, consequence, clause, how, wording, question="", settles=()):
    entry = {"problem": {"en": problem}, "consequence": consequence, "clause": clause, "how": how}
    if question:
        entry["question"] = question
    if settles:
        entry["settles"] = list(settles)
    PUBLISH[id] = (entry, wording)


pub("cp.choose_then_play",
    "“Then you can play any new card” does not say whether you play any card from your hand or the card you just picked.",
    "cards", "cp.choose.3", "replace",
    {"any_card": "Shuffle afterward, then play any card from your hand.",
     "chosen_card": "Shuffle afterward, then play the card you picked, if you can."},
    settles=("cp.read.any_new_card",))
pub("cp.choose_play_optional",
    "“Then you can play any new card” does not say whether you must play a card after a Choose, or may stop there.",
    "cards", "cp.choose.3", "add",
    {"must_play": "After a Choose you must play a card.",
     "may_stop": "After a Choose you may play a card, or keep your cards: your turn then ends."},
    question="I played a Choose and picked a card. Do I have to play a card now?",
    settles=("cp.read.choose_may_stop",))
pub("cp.continue_after_action",
    "The action cards say “play any card”, but Continuing a Round says the round ends if the Munchies Master still has no trump or chonk.",
    "cards", "cp.continuing.4", "add",
    {"trump_chonk_or_end": "After such an action card, you must play a trump or a chonk, or another action card that lets you draw and play; if you can't, the round ends and the last player who played a trump or chonk collects the cards.",
     "any_card": "After such an action card, you may play any card, and the round goes on."},
    question="I kept the round going with an action card and then had no trump or chonk to play. Can I play another card?",
    settles=("cp.read.after_continuing_action",))
pub("cp.continue_no_trump_yet",
    "The rules do not say how the Munchies Master can keep the round going when only action cards have been played, so there is no trump yet.",
    "cards", "cp.continuing.1", "add",
    {"any_non_action": "If there is no trump yet, any card that is not an action card keeps the round going, and it becomes the trump.",
     "chonk_only": "If there is no trump yet, only a chonk keeps the round going."},
    question="Only action cards have been played, so there is no trump yet. Can I keep the round going with a card that is not a chonk?",
    settles=("cp.read.trump_before_any",))
pub("cp.continue_who_plays",
    "The rules and their examples do not agree on whether everyone plays again when the Munchies Master keeps the round going, or only the Munchies Master.",
    "cards", "cp.continuing.1", "replace",
    {"another_circle": "The Munchies Master can keep the round going by playing a trump or a chonk; then play goes on clockwise for another full circle, and the round ends again just before it returns to the Munchies Master.",
     "master_only": "The Munchies Master can keep the round going by playing a trump or a chonk; only the Munchies Master plays, and after each card decides again whether to go on or to end the round. A Skip or Force they play then has no effect: nobody plays after them."})
pub("cp.continue_with_action",
    "The Summary says the Munchies Master can keep the round going only with a trump or a chonk, but Continuing a Round also allows some action cards.",
    "cards", "cp.summary.5", "replace",
    {"draw_action_without_trump": "The Munchies Master can keep the round going with a trump or a chonk; with neither, they can play an action card that lets them draw and play another card: Choose, Steal, See a Card or War.",
     "draw_action_always": "The Munchies Master can keep the round going with a trump, a chonk, or an action card that lets them draw and play another card: Choose, Steal, See a Card or War.",
     "trump_or_chonk_only": "The Munchies Master can keep the round going only with a trump or a chonk."},
    question="I have no trump or chonk left, but I hold an action card. Can I use it to keep the round going?")
pub("cp.empty_hand_turn",
    "The rules do not say what happens when it is the turn of a player who has no cards.",
    "cards", "cp.after-round.3", "add",
    {"pass": "A player with no cards is passed over: play goes on clockwise.",
     "round_ends": "When it is the turn of a player with no cards, the round ends at once; if nothing has been played yet, the next player clockwise starts the round instead."})
pub("cp.steal_nothing_to_draw",
    "The rules do not say whether a Steal still snatches a card when both the draw deck and the discard deck are empty, so the player stolen from cannot draw.",
    "cards", "cp.empty-draw.2", "add",
    {"no_effect": "If both the draw deck and the discard deck are empty, a Steal has no effect: nothing is snatched.",
     "snatch": "If both the draw deck and the discard deck are empty, a Steal still snatches a card; only the draw of the player stolen from is lost."},
    question="Both decks are empty. Can I still play a Steal and take a card?",
    settles=("cp.read.tells_you_to_draw",))
pub("cp.final_tie",
    "The rules do not say who wins when players are still tied on points, chonks and cards.",
    "winner", "cp.finishing.5", "add",
    {"shared": "Still tied after that? You share the win.",
     "no_winner": "Still tied after that? Nobody wins."})
pub("cp.first_master",
    "The first Munchies Master is the last person to snack, which the players may not know or agree on.",
    "wording", "cp.round.1", "add",
    {"first_player": "If nobody knows who snacked last, the first player dealt a card is the Munchies Master.",
     "chance": "If nobody knows who snacked last, draw lots: the winner is the Munchies Master."})
pub("cp.four_spoiled_when",
    "The rules do not say whether a player who collects all four Spoiled cards wins at once or when the game ends.",
    "wording", "cp.finishing.6", "replace",
    {"immediately": "If a player collects all four -1 points, they win the game at once, and the game is over.",
     "at_game_end": "If a player collects all four -1 points, they win the game when it is over; play goes on until then."},
    settles=("cp.read.four_spoiled_when",))
pub("cp.game_over_discard",
    "The game is over “when all cards are played”, but the cards of the discard deck are never played.",
    "play", "cp.finishing.1", "replace",
    {"game_over": "Game over when the draw deck is empty and nobody has a card left in hand; the discard deck stays unplayed.",
     "discard_becomes_draw": "When the draw deck is empty and nobody has a card left in hand, the discard deck becomes the draw deck and everyone draws back up to 6 cards; game over when those are played too."})
pub("cp.named_types",
    "The rules do not say which types of card See a Card and Force may name.",
    "cards", "cp.see.1", "add",
    {"any_kind": "You can name any type of card, action cards included.",
     "non_action": "You can name only a type of card that is not an action card."},
    question="Can I name an action card for See a Card or Force?",
    settles=("cp.read.card_type",))
pub("cp.no_effect_then",
    "The rules do not say whether a player whose action card has no effect still plays another card.",
    "cards", "cp.empty-draw.2", "add",
    {"turn_ends": "An action card that has no effect still counts as your card for the turn, and your turn is over.",
     "play_another": "If your action card has no effect, you still play another card; only the drawing is lost."},
    question="My action card had no effect because there was nothing to draw. Do I still play another card?")
pub("cp.no_trump_winner",
    "The rules do not say who wins a round in which nobody played a trump or a chonk.",
    "cards", "cp.winning.1", "add",
    {"master": "If nobody put down a trump or chonk, the Munchies Master collects the cards and starts the next round.",
     "discard_deck": "If nobody put down a trump or chonk, the cards go to the discard deck and the same Munchies Master starts the next round."})
pub("cp.refill_shortage",
    "“If cards run out, share them evenly” does not say who gets the cards that cannot be shared evenly.",
    "cards", "cp.after-round.2", "replace",
    {"round_robin": "If cards run out, deal them one at a time, clockwise from the winner, to the players who have fewer than 6 cards, until the draw deck is empty.",
     "in_order": "If cards run out, each player in turn, starting with the winner, draws back up to 6 cards; later players get what is left."},
    question="There are not enough cards left for everyone to draw back up. Who gets them?")
pub("cp.see_no_such_card",
    "The rules do not say whether a player without the type of card asked for must show another card, and who picks it.",
    "cards", "cp.see.2", "add",
    {"shower_chooses": "If they have no such card, they show you a card of their choice.",
     "show_nothing": "If they have no such card, they show you nothing."},
    question="I don't have the type of card asked for. Do I have to show something else?")
pub("cp.skip_at_round_end",
    "A Skip played just before the Munchies Master's turn both skips the Munchies Master and forces them to keep the round going.",
    "cards", "cp.skip.2", "replace",
    {"force_continue": "A Skip played just before the Munchies Master's turn does not skip them: they must keep the round going with any card, trump or not.",
     "discard_and_force": "A Skip played just before the Munchies Master's turn makes them discard a card and then keep the round going with any card, trump or not.",
     "discard_and_end": "A Skip played just before the Munchies Master's turn makes them discard a card and skips them: the round ends."})
pub("cp.force_war_as_chonk",
    "A War card becomes a Chonk in some situations, and the rules do not say whether a War in your hand is a chonk when a Force names a chonk.",
    "cards", "cp.force.4", "add",
    {"chonk_cards_only": "A War card in your hand is not a chonk for a Force, even when it would become a Chonk if played: only a Chonk card is the required card.",
     "war_counts": "When a War card would become a Chonk if played, it is a chonk for a Force: if you hold no Chonk card, you must play it."},
    question="A Force named chonk. I have no Chonk, but I hold a War and the draw deck is empty. Do I have to play the War?",
    settles=("cp.read.war_answers_force",))
pub("cp.war_held_as_chonk",
    "A War card becomes a Chonk in some situations, and the rules do not say whether a War in the Munchies Master's hand is a chonk that lets him keep the round going.",
    "cards", "cp.summary.5", "add",
    {"a_war_card": "A War card in the Munchies Master's hand is not a chonk for keeping the round going, even when it would become a Chonk if played: he may continue with it only as an action card.",
     "counts": "When a War card would become a Chonk if played, it is a chonk for keeping the round going: the Munchies Master may continue with it."},
    question="The draw deck is empty and I hold a War. Can I keep the round going with it as a chonk?",
    settles=("cp.read.war_held_as_chonk",))
pub("cp.skip_master_empty_handed",
    "A Skip at the round's end forces the Munchies Master to continue, but the rules do not say what happens when he has no card left.",
    "play", "cp.skip.2", "add",
    {"master_ends": "If the Munchies Master has no card left, he cannot continue: the round ends, and the last player who played a trump or chonk wins it.",
     "passes_on": "If the Munchies Master has no card left, his turn is skipped: play passes on clockwise to the next player."},
    question="The last player played a Skip at the end of the round, but I have no cards left. Do I have to keep the round going?")
pub("cp.next_player_empty_handed",
    "The rules do not say whom a Skip or a Force acts on when the next player has no cards left.",
    "play", "cp.skip.1", "add",
    {"next_seat": "A Skip or a Force acts on the next player even if they have no cards left: a Skip skips their turn, and a Force finds them with no card to play.",
     "next_with_a_card": "A Skip or a Force acts on the next player who still has cards; players with no cards are passed over. If nobody before the Munchies Master has a card, it acts at the end of the round."},
    question="I played a Skip, but the next player has no cards left. Who gets skipped?",
    settles=("cp.read.skip_next_player", "cp.read.force_next_player"))
pub("cp.skip_discard_choice",
    "The rules do not say who chooses the card a skipped player discards.",
    "cards", "cp.skip.1", "add",
    {"victim_chooses": "The skipped player chooses the card they discard.",
     "random": "The skipped player discards a card at random from their hand."})
pub("cp.skip_discard_to",
    "The rules do not say where the card discarded because of a Skip goes.",
    "cards", "cp.skip.1", "add",
    {"discard_deck": "The discarded card goes onto the discard deck.",
     "table": "The discarded card goes onto the table with the round's cards, and the winner of the round collects it."})
pub("cp.steal_empty_hand",
    "The rules do not say whether you may Steal from a player who has no cards.",
    "cards", "cp.steal.1", "add",
    {"holders_only": "You may steal only from a player who holds cards; if no such player is left, the Steal has no effect.",
     "any_player": "You may steal from any player: from a player with no cards you snatch nothing, but they still draw a new card."},
    settles=("cp.read.steal_empty_hand",))
pub("cp.spoiled_trump",
    "The four Spoiled cards have their own names, and the rules do not say whether they are one type of card when a Spoiled card is the trump.",
    "cards", "cp.round.2", "add",
    {"one_type": "The four Spoiled cards are one type: if a Spoiled card is the trump, every Spoiled card is a trump.",
     "each_card": "Each Spoiled card is a card of its own: if a Spoiled card is the trump, the other Spoiled cards are not trumps; only a chonk beats it."},
    question="The trump is the Toast. Is my Egg a trump too?",
    settles=("cp.read.spoiled_one_type",))
pub("cp.steal_from_self",
    "“Snatch a random card from any player” does not say whether you may steal from yourself.",
    "cards", "cp.steal.1", "add",
    {"others_only": "You may only steal from another player.",
     "include_self": "You may steal from any player, yourself included; then you also draw a new card."},
    settles=("cp.read.steal_any_player",))
pub("cp.steal_victim_draw_fallback",
    "The rules do not say whether the player stolen from draws from the discard deck when the draw deck is empty.",
    "cards", "cp.steal.2", "add",
    {"discard_deck": "If the draw deck is empty, the player stolen from draws from the discard deck.",
     "no_draw": "If the draw deck is empty, the player stolen from draws nothing."},
    settles=("cp.read.draw_requires_you",))
pub("cp.steal_stealer_draws",
    "“The player that was stolen from also draws a new card” does not say whether the stealer draws a new card too.",
    "cards", "cp.steal.2", "add",
    {"victim_only": "The stealer does not draw: the card snatched is their new card. Only the player stolen from draws.",
     "stealer_too": "After the player stolen from draws a new card, the stealer draws one too (from the discard deck if the draw deck is empty), then plays another card."},
    question="I stole a card. Do I also draw one from the deck?",
    settles=("cp.read.steal_also_draws",))
pub("cp.war_chonk_effect",
    "The rules do not say whether a player whose War card became a Chonk still draws and plays another card.",
    "cards", "cp.war.4", "add",
    {"chonk_only": "A War card that becomes a Chonk is played as a Chonk only: its player does not draw or play another card.",
     "chonk_and_draw": "A War card that becomes a Chonk still makes its player draw a new card and play another card when it is their turn."},
    settles=("cp.read.war_chonk_still_war",))
pub("cp.war_draw_when",
    "“Must draw a new card from the deck and play another card if/when it is their turn” does not say when a player who calls out a War on another player's turn draws the new card.",
    "cards", "cp.war.4", "add",
    {"at_once": "A player who calls out a War on another player's turn draws the new card at once, and plays another card when it is their turn.",
     "on_their_turn": "A player who calls out a War on another player's turn draws the new card when their next turn of play begins, just before they play (the Munchies Master's decision whether to keep the round going is not such a turn); if they have no cards then, they draw it at a later turn, and if both decks are empty then, they draw nothing."},
    question="I called out my War on someone else's turn. When do I draw my new card?",
    settles=("cp.read.war_draw_when",))
pub("cp.war_chonk_ends_war",
    "The rules do not say whether the War is over when a second War card, played during it, becomes a Chonk.",
    "cards", "cp.war.6", "add",
    {"keeps_war": "A second War card played during a War does not end it: the War goes on until all players run out of cards.",
     "ends_war": "A second War card played during a War ends the War."})
pub("cp.war_chonk_scoring",
    "The rules do not say which War cards count as Chonks for the tie-break: one played as a Chonk, or every War card, since the draw deck is empty when the game ends.",
    "winner", "cp.finishing.4", "add",
    {"counts_as_chonk": "A War card that was played as a Chonk counts as a Chonk; one played as a War does not.",
     "counts_as_war": "A War card counts as a War, even if it was played as a Chonk.",
     "every_war": "Every War card in a win pile counts as a Chonk: the draw deck is empty when the game ends."},
    settles=("cp.read.war_chonk_in_pile",))
pub("cp.chonk_sets_trump",
    "The rules do not say whether a Chonk, a universal trump, played as the first card of a round that is not an action card, makes Chonk the trump.",
    "cards", "cp.round.2", "add",
    {"sets_trump": "A Chonk counts too: if it is the first card played that is not an action card, Chonk is the trump, and after it only chonks win the round.",
     "no_trump": "A Chonk does not set the trump: the first card played that is neither an action card nor a Chonk becomes the trump."},
    settles=("cp.read.chonk_first_trump",))
pub("cp.war_chonk_sets_trump",
    "The rules do not say whether a War card played as a Chonk, as the first card of a round that is not an action card, makes Chonk the trump.",
    "cards", "cp.round.2", "add",
    {"sets_trump": "A War card played as a Chonk is not an action card: if it is the first one, Chonk is the trump.",
     "no_trump": "A War card played as a Chonk is still an action card: the next card that is not an action card becomes the trump."},
    settles=("cp.read.war_chonk_non_action",))
pub("cp.war_window",
    "“You can call out the War card anytime” does not say when a player may call it out on another player's turn.",
    "cards", "cp.war.1", "replace",
    {"before_each_turn": "You can call out the War card before any player's turn, yours or not, and before the Munchies Master decides whether to keep the round going.",
     "own_turn": "You can call out the War card only on your own turn, as the card you play."})
pub("cp.war_call_as_chonk",
    "A War card called out during a War, or when the draw deck is empty, becomes a Chonk, and the rules do not say whether it may still be called out on another player's turn.",
    "cards", "cp.war.1", "add",
    {"anytime": "You can call out a War card on another player's turn even when it becomes a Chonk (during a War, or when the draw deck is empty): it is put down as a Chonk, and you are now the last player to have put down a trump or chonk.",
     "own_turn_only": "A War card that would become a Chonk (during a War, or when the draw deck is empty) can only be played on your own turn, like any Chonk."},
    question="A War is on and I hold the other War. It's not my turn: can I call it out now, as a Chonk?",
    settles=("cp.read.chonk_called_out",))
pub("cp.win_pile_visibility",
    "“Peek at any time” does not say whether players may look at other players' win piles.",
    "wording", "cp.winning.3", "replace",
    {"own_only": "Peek at your own win pile at any time, but not at the other players': they may see only how many cards it has. No playing or drawing from this pile during the game.",
     "everyone": "Anyone may look through any win pile at any time, but no playing or drawing from it during the game."})

for r in R:
    entry, wording = PUBLISH[r["id"]]
    assert set(wording) == {o["id"] for o in r["options"]}, r["id"]
    for o in r["options"]:
        o["wording"] = {"en": wording[o["id"]]}
    r["publish"] = entry
assert set(PUBLISH) == {r["id"] for r in R}

PATH = Path(__file__).resolve().parents[1] / "models" / "chonker-party" / "rulings.json"


def document():
    """The ruling points file's content (tests/test_chonker_rulings.py checks the committed file is it)."""
    return {"game": "chonker-party", "ruling_points": sorted(R, key=lambda r: r["id"])}


if __name__ == "__main__":
    PATH.write_text(json.dumps(document(), indent=1) + "\n", encoding="utf-8")
    print(len(R))
