# Real input for the layout and the diff chart (issue 14, problems 4 and 7):
# tests/studio/gui_layout_input.sh runs this script and, at each
# export-layout, resizes the real window, clicks or drags with xdotool;
# each await then runs frames until the real events have had their effect.
window 1280 720
open-replay replays/samples/sackson-3p-greedy-vs-random.json
open-variant sackson
diff book1881 bot:greedy
seek 0
expect panels-tiled
# 1. The driver resizes the window (xdotool windowsize): the panels follow.
export-layout $SHOTS/gui-layout/1-start.txt
await 20 display 1600 1000
await 5 panels-tiled
expect-fits tableau marriage-pile zetema-piles run-diff diff-chart explanation tick-strip
# 2. The driver clicks the middle of the diff chart's plot: every panel goes
# to that row's event (the one selected position).
export-layout $SHOTS/gui-layout/2-chart.txt
await 20 diff-row-near 0.5
screenshot $SHOTS/gui-layout/chart-clicked.png
# 3. The driver drags the Table's title bar: the tiling stops there...
export-layout $SHOTS/gui-layout/3-drag.txt
await 20 layout-arranged true
# 4. ...and after the window shrinks, the user's panels are pulled back
# inside it, none under the menu bar.
export-layout $SHOTS/gui-layout/4-shrink.txt
await 20 display 1280 720
frames 3
expect layout-arranged true
expect-fits
