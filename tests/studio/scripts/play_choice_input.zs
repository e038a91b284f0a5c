# Choices in play mode with real input: tests/studio/play_choice_input.sh
# runs this script in the studio and, at each export-layout, clicks with
# xdotool where the layout says the item is drawn; each await then runs
# frames until the real click has had its effect. The variant is the bottom
# swap (variants/examples/may_swap_bottom.lua): at each turn's start while
# the stock lasts, yes or no to a swap, then on yes the card of the hand to
# put under the stock. Seed 3, P2 a random bot: P1's hand is 7C 8C AH AS
# 6S KS', the stock's bottom card 6C.
window 1280 800
only play table timeline explain
play may_swap_bottom 2 3 human random
panel play focus
expect header P1 to choose: swap
expect event-contains 6 P1 is to choose: swap
# 1. The driver clicks the choice's "yes" button: P1 chose yes, and the
# next choice, of a card of the hand, is put to P1.
export-layout $SHOTS/play-choice/1-yes.txt
screenshot $SHOTS/play-choice/yes-no.png
await 20 header P1 to choose: swap_card
expect event-contains 7 P1 chooses swap yes
expect human-moves 1
expect hand-holds 1 AH true
expect hand-holds 1 6C false
frames 3
screenshot $SHOTS/play-choice/card-choice.png
# 2. The driver clicks the hand's third card (AH): it is the card chosen;
# the stock's bottom card came to P1's hand, AH went under the stock, no
# card is left selected, and P1 plays on.
export-layout $SHOTS/play-choice/2-card.txt
await 20 human-moves 2
expect header P1 may declare or discard
expect event-contains 9 P1 chooses swap_card AH
expect event-contains 10 6C moves from the stock to P1's hand
expect event-contains 11 AH moves from P1's hand to the stock's bottom
expect hand-holds 1 AH false
expect hand-holds 1 6C true
expect selected 0
# 3. The driver double-clicks the hand's first card (a discard at once);
# P2 (random) answers; at P1's next turn the swap is put again and the
# driver clicks "no": P1 plays on.
export-layout $SHOTS/play-choice/3-discard.txt
await 20 header P1 to choose: swap
expect human-moves 3
export-layout $SHOTS/play-choice/4-no.txt
await 20 human-moves 4
expect header P1 may declare or discard
expect last-move human
# 4. The driver double-clicks the hand's first card again; P2 answers; at
# P1's next turn (P1 drew 6D) the driver clicks "yes", then presses 2 (the
# key of the hand's second card, 6D): 6D is the card chosen and goes under
# the stock, the stock's bottom card 5H comes to the hand.
export-layout $SHOTS/play-choice/5-discard.txt
await 20 human-moves 5
await 20 header P1 to choose: swap
export-layout $SHOTS/play-choice/6-yes.txt
await 20 header P1 to choose: swap_card
expect hand-holds 1 6D true
expect hand-holds 1 5H false
export-layout $SHOTS/play-choice/7-key.txt
await 20 human-moves 7
expect event-contains 33 P1 chooses swap_card 6D
expect event-contains 34 5H moves from the stock to P1's hand
expect event-contains 35 6D moves from P1's hand to the stock's bottom
expect hand-holds 1 6D false
expect hand-holds 1 5H true
# P2's swap is told without its card: a card of their hand.
expect event-contains 17 P2 chooses swap_card: a card of their hand
# The game, saved after every action, is a replay `zetema replay verify`
# accepts (the driver reads the choices' notation in it too).
expect verifies game
