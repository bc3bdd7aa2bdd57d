"""The rules page text, section by section (RULES.md in our own words).

Each entry is ``(section id, title, Markdown body)``; titles and bodies are
gettext message ids. Rulings are marked as this app's rulings where the
traditional rules are silent.
"""

from .i18n import N_

NOT_THIS_MUGGINS = N_(
    "**Not this Muggins.** The name is also used for the *muggins* rule of cribbage, where an opponent may claim "
    "points you failed to count, and for the “fives” games of dominoes and a card game in which a running total "
    "that lands on a multiple of five scores, and whoever spots an unclaimed score shouts “Muggins!”. Those are "
    "about scoring. The Muggins taught here has no points at all: it is about where each card must go."
)

SECTIONS = (
    ("§deal", N_("Cards, seats and the deal"), N_(
        "- One standard 52-card pack, no jokers. **Suits play no part.**\n"
        "- Ranks from low to high: A 2 3 4 5 6 7 8 9 10 J Q K. There is **no wrap**: A and K are not neighbours.\n"
        "- Two cards **fit** when their ranks differ by exactly one (A–2, 10–J, Q–K). Equal ranks never fit.\n"
        "- Players sit in a circle and play passes clockwise, to the left. The first dealer is chosen at random; "
        "the player on the dealer's left has the first turn, and the deal passes one seat clockwise each hand.\n"
        "- Each player's cards form a face-down **closed stock**; nobody looks through a stock. Beside it each player "
        "builds a face-up **personal discard**, which starts empty. The undealt cards are turned face up, one per "
        "**common pile**. There is no draw pile."
    )),
    ("§counts", N_("Cards and common piles by number of players"), N_(
        "The whole pack is always used.\n\n"
        "| Players | Cards each | Common piles |\n|---|---|---|\n"
        "| 3 | 17 | 1 |\n| 4 | 12 | 4 |\n| 5 | 10 | 2 |\n| 6 | 8 | 4 |\n| 7 | 7 | 3 |\n\n"
        "Other numbers of players are not part of the game."
    )),
    ("§turn", N_("One card per turn"), N_(
        "On your turn you turn up the top card of your closed stock and must place it, following §priority. Then "
        "your turn ends, whatever happened: a good play never earns another turn. You may not play the top of your "
        "own discard instead of turning up a fresh card."
    )),
    ("§priority", N_("Where the turned card must go"), N_(
        "Look at the top card of every pile, in this order:\n\n"
        "1. **Common piles first.** If the card fits the top of any common pile, it must go on a common pile. If it "
        "fits more than one, you choose which.\n"
        "2. **Then the nearest opponent.** Only if no common pile fits, look at the other players' discards, starting "
        "with the player on your left and going clockwise. The card must go on the **first** discard whose top fits. "
        "An empty discard is never a destination: you cannot start another player's discard.\n"
        "3. **Otherwise your own discard**, whatever the card.\n\n"
        "A card played on an opponent's discard belongs to that opponent from then on. Cards on common piles belong "
        "to nobody and never move again; only a pile's top card counts."
    )),
    ("§recycle", N_("When the stock runs out"), N_(
        "When you need a card from your closed stock (on your turn, or to give as a penalty) and it is empty, turn "
        "your whole discard over **without shuffling**: it becomes your new closed stock. The card that was at the "
        "bottom of the discard, the oldest, is now on top and is the next card turned up. This happens only at the "
        "moment a card is needed; until then your discard's top is still a destination for the other players."
    )),
    ("§muggins", N_("Calling Muggins and the penalty"), N_(
        "Any other player may call **“Muggins!”** on a placement that breaks §priority. The errors are:\n\n"
        "- the card does not fit the common pile or discard it was put on;\n"
        "- it was put on an opponent's **empty** discard;\n"
        "- it was put on an opponent's discard although a **common pile** fitted;\n"
        "- it was put on an opponent's discard although an **earlier** opponent, clockwise from the player's left, fitted too;\n"
        "- it was put on the player's **own** discard although a common pile or an opponent's discard fitted.\n\n"
        "The call must come **before the next player turns up a card**. Then the card is moved to where it should "
        "have gone (if several common piles fit, the offender picks), and **each other player** gives the offender "
        "the top card of their closed stock, which goes **under** the offender's closed stock. A donor whose stock is "
        "empty turns their discard over first; a donor with no cards gives nothing. A call on a correct placement is "
        "unsupported: nothing happens and the caller is not penalised. An error nobody calls in time stands."
    )),
    ("§finish", N_("Winning a hand"), N_(
        "You win the hand at once when a **correct** placement of your last card leaves both your closed stock and "
        "your discard empty, so your last card has gone to a common pile or an opponent's discard. If that last "
        "placement was an error and is called in time, it is corrected and penalised, and you have not finished."
    )),
    ("§match", N_("Several hands"), N_(
        "Agree a number of hands and count the hands each player wins. A drawn hand counts for nobody. Players level "
        "on wins at the end share the match. Hands carry no points."
    )),
)

RULINGS = (
    ("R1", N_("Deals are reproducible: a seeded shuffle, one card at a time clockwise from the dealer's left, each "
              "card on top of that player's stock; the remaining cards become common piles 1, 2, … in order. The "
              "same generator first draws the dealer.")),
    ("R2", N_("A player with no cards at all when their turn comes simply passes.")),
    ("R3", N_("Recycling happens only at the moment a card is needed. Until then an empty stock beside a discard is "
              "a normal state, and that discard's top is still a destination.")),
    ("R4", N_("When a called card could go on several common piles, the offender picks; when the app corrects "
              "automatically (computer players, the command line, and your errors in practice) it uses the "
              "lowest-numbered fitting pile.")),
    ("R5", N_("Penalty cards are given in clockwise order starting at the offender's left; each goes beneath the "
              "ones already given, so the last donor's card ends at the very bottom.")),
    ("R6", N_("A donor who gives away their last card has not finished, because finishing needs a play. They stay "
              "in the hand with no cards, pass on their turns and give nothing to later penalties.")),
    ("R7", N_("Players may agree a turn limit; a hand still running at the limit is drawn. The app also ends a hand "
              "as drawn the first time a whole position (every pile and the player to move) comes round again: with "
              "forced play it would only repeat. With three players this happens in more than a quarter of deals.")),
    ("R8", N_("The computer players follow the rules perfectly (except in the practice table's Table mode, where "
              "they slip as often as you choose) and, when several common piles fit, pick the lowest-numbered one.")),
    ("R9", N_("A turn is one player's turn in rotation, a pass included.")),
    ("R10", N_("Lesson positions may hold fewer than 52 cards, but never the same card twice; a full game always "
               "holds exactly 52.")),
    ("R11", N_("An error that nobody calls in time stands even when it was the player's last card: the player has "
               "then finished, because the placement stands. (The rule book says an uncalled error stands and that "
               "only a called one takes the finish away.)")),
)
