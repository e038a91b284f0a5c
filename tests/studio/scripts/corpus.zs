# The corpus view: the sample replays and a corrupt file re-run under
# book1881; the bad file is listed with its error and the others still run;
# a row opens its game in the Diff panel at its first divergence.
window 1600 1000
only corpus diff
panel corpus focus
corpus-run book1881 bot:greedy replays/samples tests/cli/broken/corrupt_replay.json
expect corpus-games 15
expect corpus-errors 1
expect status-contains 15 replays
# Flipped games first, the file that could not be re-run last.
expect corpus-row 15 error
screenshot $SHOTS/corpus.png
check-screenshot $SHOTS/corpus.png 1600 1000
corpus-open 1
expect divergences-at-least 1
expect corpus-row 1 flipped
expect status-contains first divergence at A event
screenshot $SHOTS/corpus-open.png
check-screenshot $SHOTS/corpus-open.png 1600 1000
