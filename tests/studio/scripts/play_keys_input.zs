# Real input for play mode by keyboard, and a quick double click:
# tests/studio/play_keys_input.sh runs this script and, at each
# export-layout, presses keys or clicks with xdotool; each await runs frames
# until they took effect.
window 1280 800
only play table timeline explain
play sackson 3 7 human greedy random
panel play focus
expect moves 2
# 1. The driver presses 1: the first card is selected; 2 then Backspace:
# the selection is cleared; 1 again, then Enter: the first card is
# discarded, and the bots answer.
export-layout $SHOTS/play-keys/1-select.txt
await 20 selected 1
export-layout $SHOTS/play-keys/2-clear.txt
await 20 selected 0
export-layout $SHOTS/play-keys/3-discard.txt
await 20 human-moves 1
expect moves 5
# 2. Ctrl+Z: the discard and the bots' answers are undone, and the status
# bar says which.
export-layout $SHOTS/play-keys/4-undo.txt
await 20 human-moves 0
expect moves 2
expect status-contains undid P1's discard
expect status-contains the 2 bot moves after it
# 2b. 2 (KC, which marries the table's QC) then D: the first declaration
# offered, the marriage, is made; Ctrl+Z takes it back.
export-layout $SHOTS/play-keys/4b-declare.txt
await 20 human-moves 1
expect moves 3
expect human-to-move true
export-layout $SHOTS/play-keys/4c-undo.txt
await 20 human-moves 0
expect status-contains undid P1's
# 3. A quick double click on the first card (the two presses 5 ms apart,
# within one frame, which ImGui alone sees as one click): it is discarded.
export-layout $SHOTS/play-keys/5-double.txt
await 20 human-moves 1
expect moves 5
expect selected 0
