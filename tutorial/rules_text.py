"""The rules page text, section by section (docs/rules.md in our own words).

Each entry of :data:`SECTIONS` is ``(section id, title, Markdown body)``; the ids,
titles and order are :mod:`tutorial.rulebook`'s, titles and bodies are gettext
message ids. A body cites other sections by id (``§priority``) and rulings by code
(``R2``); the translations put them in words. Rulings are marked as this app's rulings where the
traditional rules are silent.
"""

from . import rulebook
from .i18n import N_

NOT_THIS_MUGGINS = N_(
    "**Not this Muggins.** The name is also used for the *muggins* rule of cribbage, where an opponent may claim "
    "points you failed to count, and for the “fives” games of dominoes and a card game in which a running total "
    "that lands on a multiple of five scores, and whoever spots an unclaimed score shouts “Muggins!”. Those are "
    "about scoring. The Muggins taught here has no points at all: it is about where each card must go."
)

_BODIES = (
    ("§deal", N_(
        "- One standard 52-card pack, no jokers. **Suits play no part.**\n"
        "- Ranks from low to high: A 2 3 4 5 6 7 8 9 10 J Q K. There is **no wrap**: A and K are not neighbours.\n"
        "- Two cards **fit** when their ranks differ by exactly one (A–2, 10–J, Q–K). Equal ranks never fit.\n"
        "- Players sit in a circle and play passes clockwise, to the left. The first dealer is chosen at random; "
        "the player on the dealer's left has the first turn, and the deal passes one seat clockwise each hand.\n"
        "- Each player's cards form a face-down **closed stock**. Nobody looks through a closed stock or rearranges it, "
        "their own included: its cards come up one at a time, in the order they lie. Beside it each player builds a "
        "face-up **personal discard**, which starts empty. The undealt cards are turned face up, one per **common "
        "pile**. There is no draw pile.\n"
        "- Other tables deal and seat differently: see [Other tables play differently](#variants)."
    )),
    ("§counts", N_(
        "The whole pack is always used.\n\n"
        "| Players | Cards each | Common piles |\n|---|---|---|\n"
        "| 3 | 17 | 1 |\n| 4 | 12 | 4 |\n| 5 | 10 | 2 |\n| 6 | 8 | 4 |\n| 7 | 7 | 3 |\n\n"
        "Other numbers of players are not part of the game."
    )),
    ("§turn", N_(
        "On your turn you turn up the top card of your closed stock and must place it, following §priority. Then "
        "your turn ends, whatever happened: a good play never earns another turn. You may not play the top of your "
        "own discard instead of turning up a fresh card. Any player who has no cards at all when their turn comes "
        "passes, however they lost their cards (R2)."
    )),
    ("§priority", N_(
        "Look at the top card of every pile, in this order:\n\n"
        "1. **Common piles first.** If the card fits the top of any common pile, it must go on a common pile. If it "
        "fits more than one, you choose which.\n"
        "2. **Then the nearest opponent.** Only if no common pile fits, look at the other players' discards, starting "
        "with the player on your left and going clockwise. The card must go on the **first** discard whose top fits. "
        "An empty discard is never a destination: you cannot start another player's discard.\n"
        "3. **Otherwise your own discard**, whatever the card.\n\n"
        "A card played on an opponent's discard belongs to that opponent from then on. Cards on common piles belong "
        "to nobody and never move again: a covered card stays where it is for the rest of the hand, and only a "
        "pile's top card counts."
    )),
    ("§recycle", N_(
        "When you need a card from your closed stock (on your turn, or to give as a penalty) and it is empty, turn "
        "your whole discard over **without shuffling**: it becomes your new closed stock. The card that was at the "
        "bottom of the discard, the oldest, is now on top and is the next card turned up. Nobody looks through the "
        "new stock or reorders it. This happens only at the moment a card is needed; until then your discard's top "
        "is still a destination for the other players."
    )),
    ("§muggins", N_(
        "Any other player may call **“Muggins!”** on a placement that breaks §priority. The errors are:\n\n"
        "- the card does not fit the common pile or discard it was put on;\n"
        "- it was put on an opponent's **empty** discard;\n"
        "- it was put on an opponent's discard although a **common pile** fitted;\n"
        "- it was put on an opponent's discard although an **earlier** opponent, clockwise from the player's left, fitted too;\n"
        "- it was put on the player's **own** discard although a common pile or an opponent's discard fitted.\n\n"
        "**When to call.** The call must come **before the next card is turned up**, by anyone. A player with no "
        "cards who passes (R2) turns up no card, so a pass does not close the window: it closes when a card is next "
        "turned up.\n\n"
        "**What happens then**, in this order:\n\n"
        "1. **The card is moved** to where it had to go, whatever the kind of error: to a common pile that fits "
        "(when several fit, R4); if none fits, to the nearest opponent clockwise whose discard "
        "fits; if none does, to the offender's own discard.\n"
        "2. **Then the penalty.** Each other player gives the offender the top card of their "
        "closed stock, one after another (R5). A donor whose closed stock is empty first turns their discard "
        "over (§recycle); if the card was just moved onto that discard, it is turned over with the rest. A donor "
        "with no cards gives nothing. Each penalty card goes **under** the offender's closed stock, even when that "
        "stock is empty (the penalty cards then make up the whole stock); the offender's discard stays as it is "
        "and is not turned over.\n"
        "3. **The offender's turn is over**, and play passes to the next player clockwise.\n\n"
        "These are cards already in play: nothing is created or destroyed, cards only change hands. A call on a "
        "correct placement is unsupported: nothing happens and the caller is not penalised. An error nobody calls in "
        "time stands, even on a pile it does not fit — except on a player's last card, which the finish check always "
        "examines (§finish)."
    )),
    ("§finish", N_(
        "You win the hand at once when a **correct** placement of your last card leaves both your closed stock and "
        "your discard empty, so your last card has gone to a common pile or an opponent's discard.\n\n"
        "**The finish check.** Before a finish counts, the table checks it, whether or not anyone calls. If the "
        "placement of the last card was an error, it is treated as called: the card is moved where it had to go, "
        "each other player gives a penalty card, and you have not finished; play goes on (R11). So an error can "
        "never win a hand, even one that nobody noticed.\n\n"
        "**Emptied by a correction.** If that correction leaves you with no cards at all (no other player had a "
        "card to give), you still have not finished: there was no correct final play. Like any player with no "
        "cards, you pass from then on (R12, R2)."
    )),
    ("§match", N_(
        "Agree a number of hands and count the hands each player wins. A drawn hand counts for nobody. Players level "
        "on wins at the end share the match. Hands carry no points."
    )),
    ("§variants", N_(
        "Muggins is a family game, and not every table plays it the same way. You may meet, for example:\n\n"
        "- an online version in which playing on an opponent's discard is optional, any opponent whose discard "
        "fits may be chosen, and the common piles have no priority;\n"
        "- a Swedish rules page that deals 3 players 16 cards each and turns up 4 common piles;\n"
        "- a children's-games site for 4 to 8 players, with the cards left over on four piles in the centre;\n"
        "- families who play “to the right”, anticlockwise;\n"
        "- families in which only the player who calls gives the offender a penalty card;\n"
        "- games in which the ranks wrap round, so that K and A fit.\n\n"
        "These are other ways to play, not mistakes. This app teaches one set of rules, the one in its source rule "
        "sheet (an English and a Spanish edition with the same content): every card goes to one place fixed by "
        "the rules, common piles first, then the nearest opponent clockwise, a penalty card from every other "
        "player, and no wrap. Because play is forced, every position has one right answer, which the lessons and "
        "the practice table can check and explain. Where that sheet is silent, this app's rulings below settle the "
        "point. At a table that plays differently, agree the rules before the first hand."
    )),
    ("§glossary", N_(
        "- **closed stock**: your face-down pile; you turn up its top card each turn.\n"
        "- **personal discard**: your face-up pile beside it; a card that fits nowhere else goes there.\n"
        "- **common pile**: a face-up pile in the centre that belongs to nobody; only its top card counts.\n"
        "- **fit**: two cards fit when their ranks are one apart (A–2 … Q–K).\n"
        "- **turn up**: take the top card of your closed stock and show it.\n"
        "- **turn the discard over** (recycle): when your closed stock is empty and you need a card, your "
        "discard becomes your closed stock, without shuffling.\n"
        "- **call “Muggins!”**: point out another player's wrong placement before the next card is turned up.\n"
        "- **offender**: the player whose placement was wrong; **donor**: each other player, who gives the "
        "offender a **penalty card**.\n"
        "- **finish**: place your last card correctly and be left with no cards; that wins the hand.\n"
        "- **draw**: a hand that nobody wins (R7)."
    )),
)

SECTIONS = tuple((section.id, section.title, dict(_BODIES)[section.id]) for section in rulebook.SECTIONS)
"""``(section id, title, Markdown body)`` for every section of :data:`tutorial.rulebook.SECTIONS`, in its order."""

RULINGS = (
    ("R1", N_("Deals are reproducible: a seeded shuffle, one card at a time clockwise from the dealer's left, each "
              "card on top of that player's stock; the remaining cards become common piles 1, 2, … in order. The "
              "same generator first draws the dealer.")),
    ("R2", N_("A player with no cards at all when their turn comes simply passes: a donor who gave away their last "
              "card (R6), or a player emptied by a correction (R12).")),
    ("R3", N_("Recycling happens only at the moment a card is needed. Until then an empty stock beside a discard is "
              "a normal state, and that discard's top is still a destination.")),
    ("R4", N_("When a called card could go on several common piles, the offender picks: at the practice table you "
              "pick for your own errors. When the app corrects automatically (the computer players' errors and the "
              "command line) it uses the lowest-numbered fitting pile.")),
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
    ("R11", N_("The finish check: when a player's last card was placed wrongly, the error is treated as called, "
               "whether or not anyone called it: the card is moved, every other player gives a penalty card, and the "
               "player has not finished. An error can never win a hand.")),
    ("R12", N_("A player left with no cards by such a correction (nobody had a card to give) has not finished "
               "either, because there was no correct final play, and passes from then on, like a donor who gave away "
               "their last card (R6).")),
    ("R13", N_("What the explorer's playouts may know: only what every player at the table has seen. The cards dealt "
               "into a closed stock are face down and nobody looks through it, so each playout deals anew the stock "
               "cards nobody has seen, each stock keeping its size. But a discard turned over becomes a stock in an "
               "order everybody watched being built, and nobody reorders it (§recycle), so its cards keep their places. "
               "So does a penalty card: this app names each one as it is given, so the whole table sees it go under "
               "the offender's stock (R5). A card the table saw go onto a stock keeps its place there; only the "
               "unseen cards, always the ones on top, are shuffled.")),
)

VARIANT_RULINGS = (
    ("V1", N_("Without priority for common piles, every fitting common pile and every fitting opponent's discard "
              "(the nearest one only, unless any opponent is allowed) is a correct place; keeping a card that fits "
              "somewhere is still an error.")),
    ("V2", N_("When playing on an opponent is optional, you may keep the card on your own discard whenever no "
              "common pile fits, even though an opponent's discard does; common piles stay compulsory.")),
    ("V3", N_("When only the caller gives a penalty card, the caller gives the top card of their closed stock "
              "(turning their discard over first if needed, nothing if they have no cards). When the finish check "
              "catches an error nobody called, the player at the offender's left gives.")),
    ("V4", N_("When more cards are left after the deal than there are common piles, they are turned up onto the "
              "piles in turn (pile 1, 2, 3, 4, 1, …); only each pile's top counts.")),
)
"""Rulings for the rule variants the explorer compares (not part of the rules taught)."""
