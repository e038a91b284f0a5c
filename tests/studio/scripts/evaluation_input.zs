# The evaluation line (tests/studio/evaluation_input.sh clicks for real).
window 1600 1000
open-replay replays/samples/sackson-3p-greedy-vs-random.json
open-variant sackson
seek 10
expect evaluation none
# 1. The driver clicks Evaluate: the review runs while frames are drawn.
export-layout $SHOTS/evaluation/1-start.txt
await 120 evaluation done
expect evaluation-decisions 138
expect evaluation-seats P1 P2 P3
# 2. The driver clicks the first red mark: the table goes to that
# decision, and the explanation lists its alternatives.
export-layout $SHOTS/evaluation/2-marks.txt
await 20 at-evaluation-mark true
screenshot $SHOTS/evaluation/mark-clicked.png
# 3. The single-seat view shows that seat's own decisions only.
seat-view 2
expect evaluation-seats P2
# The event list names no card another seat was dealt or drew.
expect event-text 1 P1 is dealt 6 cards
expect event-text 2 P2 is dealt 2C 7D 8D KD 7H JS'
seat-view 0
expect event-text 1 P1 is dealt 3C TC QC 2H 6H 8S'
screenshot $SHOTS/evaluation/seat-view.png
# 4. Reopening the replay shows the kept review at once.
open-replay replays/samples/sackson-2p-two-player-chain.json
expect evaluation none
open-replay replays/samples/sackson-3p-greedy-vs-random.json
evaluate
expect evaluation done
