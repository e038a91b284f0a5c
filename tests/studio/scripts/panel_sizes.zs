# The panels that layout_fits.zs does not picture, at 1280x720 and 2560x1440
# (issue 14): the editor (line numbers, colouring) beside the diff with its
# chart and the explanation quoting its source; the Corpus panel; the prompt
# for the user's own unsaved rules. At each size every open panel lies on
# screen and the named items are wholly visible. docs/images/regenerate.sh
# writes the pictures: panels-*.png, corpus-*.png, own-rules-*.png.
open-replay replays/samples/sackson-3p-greedy-vs-random.json
open-variant sackson
seek 0
next-score
expect quote-contains sackson.txt
diff book1881 bot:greedy
expect divergences-at-least 1
window 1280 720
expect display 1280 720
expect panels-tiled
expect-fits diff-chart explanation run-diff
# The explanation shows the rule, its value, file:line and the source's
# words without scrolling (issue 14).
expect-fits explain-rule explain-value explain-link explain-quote
# The diff's rows: at least three on screen (the chart left none at 1280x720).
expect-rows diff-row- 3
screenshot $SHOTS/panels-1280x720.png
check-screenshot $SHOTS/panels-1280x720.png 1280 720
window 2560 1440
expect display 2560 1440
expect panels-tiled
expect-fits diff-chart explanation run-diff
expect-fits explain-rule explain-value explain-link explain-quote
screenshot $SHOTS/panels-2560x1440.png
check-screenshot $SHOTS/panels-2560x1440.png 2560 1440
# The Corpus panel, in the editor's place.
panel corpus focus
corpus-run book1881 bot:greedy replays/samples
expect corpus-games 14
expect panels-tiled
expect-fits run-corpus run-diff diff-chart
# Its games table shows several rows, at both sizes (issue 14: less than one
# at 1280x720).
expect-rows corpus-row- 6
expect-rows diff-row- 3
expect-fits diff-legend points-by-kind
screenshot $SHOTS/corpus-2560x1440.png
window 1280 720
expect panels-tiled
# The diff below the Corpus is short: its chart leaves the "points by kind"
# header on screen without scrolling (it was one line below the panel).
expect-fits run-corpus run-diff diff-chart diff-legend points-by-kind
expect-rows corpus-row- 5
# ...and three of its rows (with the Corpus at 22 lines it showed only
# their header).
expect-rows diff-row- 3
screenshot $SHOTS/corpus-1280x720.png
panel corpus close
# Play takes the Corpus' place, and leaves the diff its rows too.
panel play focus
expect panels-tiled
expect-rows diff-row- 3
expect-fits run-diff diff-chart points-by-kind
panel play close
window 1600 1000
panel corpus focus
expect panels-tiled
expect-rows corpus-row- 6
expect-rows diff-row- 3
expect-fits run-corpus run-diff diff-chart diff-legend points-by-kind
panel corpus close
window 1280 720
# The prompt before running the Lua sources a replay carries (its own rules).
open-replay tests/studio/data/own-rules.json
expect replay-prompt own-rules.json
expect-fits
screenshot $SHOTS/own-rules-1280x720.png
window 2560 1440
expect-fits
screenshot $SHOTS/own-rules-2560x1440.png
answer-replay cancel
expect replay sackson-3p-greedy-vs-random.json
# Five players: the chart's legend (ten lines, A and B per player) wraps
# onto more lines rather than running past the panel's right edge.
open-replay replays/samples/rules_site-5p.json
diff sackson bot:greedy
window 1280 720
expect panels-tiled
expect-fits diff-chart diff-legend points-by-kind
panel corpus focus
expect-fits diff-chart diff-legend points-by-kind
screenshot $SHOTS/legend-5p-1280x720.png
panel corpus close
window 2560 1440
expect-fits diff-chart diff-legend points-by-kind
