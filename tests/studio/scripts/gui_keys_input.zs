# Real input for the timeline's buttons, hover and keys, and the layout's
# shortcuts (issue 14, problems 3 and 4): tests/studio/gui_keys_input.sh runs
# this script and, at each export-layout, clicks, hovers, drags or presses
# keys with xdotool; each await runs frames until the events took effect.
window 1280 800
open-replay replays/samples/sackson-3p-greedy-vs-random.json
open-variant sackson
seek 60
# 1. The driver clicks the event list's row of event 57, then "score >":
# the next score after 57 (event 63), not one after the earlier position --
# the row's event is the one position, nothing stays pinned.
export-layout $SHOTS/gui-keys/1-row.txt
await 20 selected-event 57
expect-turns-agree
export-layout $SHOTS/gui-keys/2-next-score.txt
await 20 selected-event 63
expect position 64
# 2. The driver rests the mouse on the dot of scoring event 121: a preview
# of the position after it; the cursor stays.
export-layout $SHOTS/gui-keys/3-hover.txt
await 20 previewed 122
expect position 64
screenshot $SHOTS/gui-keys/hover-dot.png
# 3. Home, then Right, as keys: position 0 (P3 deals, the table's dealer
# is P3), then 1.
export-layout $SHOTS/gui-keys/4-home.txt
await 20 position 0
expect selected-event -1
expect hand 0
export-layout $SHOTS/gui-keys/5-right.txt
await 20 position 1
# 3b. Ten quick taps of Right (10 ms apart, quicker than a frame): each one
# counts, none is lost between two frames.
export-layout $SHOTS/gui-keys/5b-taps.txt
await 20 position 11
expect position 11
# 4. The driver drags the Table's title bar, then presses Ctrl+Shift+R:
# every panel is tiled again.
export-layout $SHOTS/gui-keys/6-drag.txt
await 20 layout-arranged true
export-layout $SHOTS/gui-keys/7-reset.txt
await 20 layout-arranged false
await 5 panels-tiled
# 5. Ctrl+= : text one point larger.
export-layout $SHOTS/gui-keys/8-larger.txt
await 20 font-size 17
screenshot $SHOTS/gui-keys/larger-text.png
