# Real input for play mode (issue 14): tests/studio/play_input.sh runs this
# script and, at each export-layout, clicks into the window with xdotool;
# each await then runs frames until the real clicks have had their effect.
window 1280 800
only play table timeline explain
play sackson 3 7 human greedy random
panel play focus
expect moves 2
# 1. The driver clicks the first card of the hand: it is selected.
export-layout $SHOTS/play-input/1-card.txt
await 20 selected 1
# 2. The driver clicks "Discard" beside the selection: the discard is the
# human's move in the log, the two bots answered, the last move highlighted.
export-layout $SHOTS/play-input/2-discard.txt
await 20 human-moves 1
expect moves 5
expect last-move random
expect selected 0
screenshot $SHOTS/play-input/discarded.png
# 2b. The driver double-clicks the first card of the hand: it is discarded
# at once, and both bots answer.
export-layout $SHOTS/play-input/2b-double.txt
await 20 human-moves 2
expect moves 8
# 3. The driver clicks "Play from here" at event 57 of a replay (every seat
# human): the table is the replay's at that position, and the new game's
# own replay verifies.
open-replay replays/samples/sackson-3p-greedy-vs-random.json
seek 58
play-seats human human human
panel play focus
export-layout $SHOTS/play-input/3-take.txt
await 20 following-game true
expect position 58
expect play-events 58
expect verifies game
screenshot $SHOTS/play-input/taken-over.png
# 4. The driver rests the mouse on the event list's row of event 56 (next
# to the selected one, so always in view): the hover preview shows the
# position after it, in P1's single-seat view; the cursor stays at 58.
seat-view 1
export-layout $SHOTS/play-input/4-hover.txt
await 20 previewed 57
expect position 58
# The preview, the table and the event list show no card of the bots'.
expect no-hidden-cards
frames 5
screenshot $SHOTS/play-input/hover-preview.png
