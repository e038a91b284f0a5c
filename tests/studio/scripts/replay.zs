# Replay mode: open a sample, step, scrub, jump by score, hand and turn;
# the table, timeline and score explanation on screen.
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
seek-hand 1
seek-turn 10
next-score
screenshot $SHOTS/replay.png
check-screenshot $SHOTS/replay.png 1600 1000
only table
screenshot $SHOTS/table.png
check-screenshot $SHOTS/table.png 1600 1000
only timeline explain table
select-event 112
screenshot $SHOTS/explain.png
check-screenshot $SHOTS/explain.png 1600 1000
# The studio's own work per frame while scrubbing a 6-player, 8-hand replay.
open-replay replays/samples/rummy_site-6p.json
expect events 954
scrub-bench 400
frame-stats
