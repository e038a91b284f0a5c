# Real input (issue 14): tests/studio/gui_input.sh runs this script and, at
# each export-layout, clicks or types into the window with xdotool; each
# await then runs frames until the real events have had their effect.
window 1280 800
open-replay replays/samples/sackson-3p-greedy-vs-random.json
open-variant sackson
seek 60
# 1. The driver clicks the event list's row of event 57 (a discard): every
# panel moves to it, and the table's turn is the timeline's.
export-layout $SHOTS/gui-input/1-row.txt
await 20 selected-event 57
expect position 58
expect turn 26
screenshot $SHOTS/gui-input/row-clicked.png
# 2. The driver clicks the left half of the dot of scoring event 121.
export-layout $SHOTS/gui-input/2-dot.txt
await 20 selected-event 121
expect position 122
# 3. The driver clicks "Run diff"; opening another replay clears it.
export-layout $SHOTS/gui-input/3-diff.txt
await 60 diff-of sackson-3p-greedy-vs-random.json (sackson)
open-replay replays/samples/sackson-2p-two-player-chain.json
expect diff-of none
screenshot $SHOTS/gui-input/diff-cleared.png
# 4. A rule edit saved with a real Ctrl+S keeps the game to its divergence.
open-replay replays/samples/sackson-3p-greedy-vs-random.json
seek 100
edit-replace marriage_base = { 10, => marriage_base = { 50,
export-layout $SHOTS/gui-input/4-save.txt
await 20 status-contains events, up to the first divergence
expect events 114
expect position 100
expect status-contains position 100 kept
screenshot $SHOTS/gui-input/reloaded.png
# 5. A replay carrying its own Lua: the driver clicks the prompt's Cancel;
# nothing opens and the replay open before is as it was.
open-replay tests/studio/data/own-rules.json
expect replay-prompt own-rules.json
export-layout $SHOTS/gui-input/5-prompt-cancel.txt
await 20 replay-prompt none
expect replay sackson-3p-greedy-vs-random.json
expect position 100
expect status-contains not opened
# 6. Again, and the driver clicks "Run the replay's own rules".
open-replay tests/studio/data/own-rules.json
export-layout $SHOTS/gui-input/6-prompt-run.txt
await 20 replay own-rules.json
expect replay-prompt none
expect variant own_rules
expect status-contains NOTE: variant 'own_rules' is not installed
screenshot $SHOTS/gui-input/own-rules-opened.png
