# One truth: the status bar, the window's title, the Table, the Timeline and
# the turn header name the same file and moment; the header says whose turn
# it is and what they do in a player's words; a panel opened from View
# comes to the front.
window 1280 720
open-replay replays/samples/sackson-3p-greedy-vs-random.json
open-replay replays/samples/rummy_site-2p-seven-card-turn.json
expect status-names rummy_site-2p-seven-card-turn.json
# File > Recent's second entry: that file, named by the status and the title.
open-recent 2
expect replay sackson-3p-greedy-vs-random.json
expect status-names sackson-3p-greedy-vs-random.json
expect title-names sackson-3p-greedy-vs-random.json
# The header at the start, after the last card dealt, after a draw, after a
# discard (the next player draws), never the engine's "after-declare".
seek 0
frames 1
expect header P3 to deal
expect status-shows position 0
seek 4
frames 1
expect header P1 may declare or discard
seek 41
frames 1
expect header P1 to draw
expect status-shows position 41
expect-turns-agree
step 1
frames 1
expect header P1 may declare or discard
expect status-shows position 42
screenshot $SHOTS/one-truth-1280x720.png
check-screenshot $SHOTS/one-truth-1280x720.png 1280 720
# View > Play while the Lab covers the right column: Play comes to the front.
panel lab open
frames 2
view play
expect front play
view lab
expect front lab
view editor
expect front editor
