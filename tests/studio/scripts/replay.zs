# Replay mode: open a sample, step, scrub, jump by score, hand and turn;
# the keyboard (through the real GLFW backend); the table, timeline and
# score explanation on screen. The state is checked after every command.
window 1600 1000
open-replay replays/samples/sackson-3p-greedy-vs-random.json
expect status-contains opened
expect events 284
expect position 0
seek 120
expect position 120
step 1
expect position 121
step -2
expect position 119
next-score
expect position 122
seek-hand 2
expect hand 2
expect position 133
seek-turn 10
expect turn 10
expect hand 1
next-score
expect position 29
expect turn 13
key right
expect position 30
key left
expect position 29
key pgdn
expect turn 14
key pgup
expect turn 13
key end
expect position 284
key home
expect position 0
key space
expect playing true
key space
expect playing false
screenshot $SHOTS/replay.png
check-screenshot $SHOTS/replay.png 1600 1000
only table
screenshot $SHOTS/table.png
check-screenshot $SHOTS/table.png 1600 1000
only timeline explain table
seek 113
select-event 112
expect selected-event 112
screenshot $SHOTS/explain.png
check-screenshot $SHOTS/explain.png 1600 1000
# The studio's own work per frame while scrubbing a 6-player, 8-hand replay.
open-replay replays/samples/rummy_site-6p.json
expect events 954
scrub-bench 400
frame-stats
