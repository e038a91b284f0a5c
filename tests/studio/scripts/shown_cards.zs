# Cards a variant's hooks move (engine/effects.h): the shown area drawn in
# the table, labelled, for every view; in P1's view no card an effect gave
# another seat in secret, in the table, the event list, the explanation or
# the position as text. The replay is of tests/studio/data/shown_gifts.lua
# (three cards turned up after the deal; on odd turns the stock's bottom
# card to the player's hand; the game ends mid-hand, gifts still held),
# recorded with
#   zetema play --variant tests/studio/data/shown_gifts.lua --players 3
#     --seed 8 --record tests/studio/data/shown-gifts.json
window 1600 1000
only table timeline explain
open-replay tests/studio/data/shown-gifts.json
expect replay-prompt shown-gifts.json
answer-replay run
expect replay shown-gifts.json
expect variant shown_gifts
# Position 17: the three cards turned up lie in the shown area; P3 was
# given 7C from the stock (event 11), P2 9C (event 16).
seek 17
expect-fits shown-cards tableau marriage-pile zetema-piles
screenshot $SHOTS/shown-cards/every-hand.png
# The event list names P2's gift 9C (and P2's later discard of it) and
# P3's gift 3D (event 41) in the whole replay; in P1's view only the discard.
filter-events text=9C
expect event-rows 2
filter-events text=3D
expect event-rows 1
seat-view 1
filter-events text=9C
expect event-rows 1
filter-events text=3D
expect event-rows 0
filter-events clear
expect no-hidden-cards
select-event 16
expect no-hidden-cards
seek 17
expect-fits shown-cards
screenshot $SHOTS/shown-cards/p1-view.png
copy-position
expect clipboard-contains shown 2C 8S' KS'
expect clipboard-hides-secrets
# In a small window the hands (seven, seven and six cards) take two rows at
# the cards' least size, and the table scrolls: the shown area, scrolled to,
# is drawn whole, and no text is cut off.
window 1280 720
expect no-clipped-text
scroll-to shown-cards
expect-fits shown-cards marriage-pile zetema-piles
screenshot $SHOTS/shown-cards/small.png
window 1600 1000
seek 42
expect no-hidden-cards
copy-position
expect clipboard-hides-secrets
# The end: the game ended mid-hand, gifts (3D, TC) still in P2's and P3's
# hands. Every hand shows: the check finds them; P1's view hides them.
key end
seat-view 0
expect hidden-cards-found 1
seat-view 1
expect no-hidden-cards
select-event 92
expect no-hidden-cards
seat-view 2
expect no-hidden-cards
