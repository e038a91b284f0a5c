# The Diff panel's rows at 1280x720: marked where A and B already differ (the
# first divergence its own mark), following the selected position; B's table
# at the aligned row beside A's, as the seats shown could see it.
window 1280 720
open-replay replays/samples/sackson-2p-two-player-chain.json
diff book1881 bot:greedy
frames 2
# The pickers after their labels, the rows and the chart still on screen.
expect-fits run-diff diff-chart points-by-kind
expect-rows diff-row- 3
expect diff-labels-first
# The deal is alike; from the divergence (A event 25, row 27) on, every row differs.
expect diff-row-mark 0 same
expect diff-row-mark 27 first
expect diff-row-mark 28 differs
expect diff-marked-rows 280
# The rows follow the selected position, wherever it moves.
seek 94
expect diff-row-visible 94
step 40
expect diff-row-visible 134
seek-hand 3
frames 2
expect diff-row-visible 270
key home
key end
frames 2
expect diff-row-visible 293
seek 26
expect diff-row-visible 26
screenshot $SHOTS/diff-rows.png
check-screenshot $SHOTS/diff-rows.png 1280 720
# B's table at the aligned row: after B's own event there (B draws later
# than A under its draw_mode, so B is two events on at A's event 93).
show-b-table on
seek 94
expect diff-b-table 95
screenshot $SHOTS/diff-b-table.png
check-screenshot $SHOTS/diff-b-table.png 1280 720
seek 0
expect diff-b-table none
show-b-table off
frames 2
expect-fits run-diff diff-chart
# An unfinished game as a replay, so that some cards were never shown: in
# P1's view B's table shows none of another seat's (B stopped where it
# parted from A: it shows no card A's game does not).
play sackson 3 7 human greedy random
play-first-legal
play-first-legal
save-as game $SHOTS/diff-rows-game.json
open-replay $SHOTS/diff-rows-game.json
only table timeline diff
diff book1881 stop
show-b-table on
key end
expect hidden-cards-found 2
seat-view 1
expect no-hidden-cards
seek 9
expect no-hidden-cards
