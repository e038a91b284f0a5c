# Real input on the editor (issue 14, problem 5): tests/studio/editor_input.sh
# runs this script and, at each export-layout, clicks, types or closes the
# window with real X events; each await runs frames until they took effect.
window 1600 1000
open-replay replays/samples/sackson-3p-greedy-vs-random.json
open-variant sackson
# 1. The driver clicks into the code, types "zz typed" and closes the window.
export-layout $SHOTS/editor-input/1-code.txt
await 30 editor-contains zz typed
await 30 prompt close the studio
expect quit false
screenshot $SHOTS/editor-input/prompt.png
# 2. The driver clicks the prompt's Cancel: the window and the text stay.
export-layout $SHOTS/editor-input/2-prompt.txt
await 30 prompt none
expect quit false
expect editor-contains zz typed
# 3. The driver clicks "defined at variants/sackson.lua:N" in the explanation.
seek 0
next-score
expect quote-contains sackson.txt
export-layout $SHOTS/editor-input/3-link.txt
await 30 editor-cursor-line 51
expect editor-file sackson.lua
expect editor-contains zz typed
screenshot $SHOTS/editor-input/at-link.png
# 4. File > Open, then the driver clicks variants/ and book1881.lua in the
# browser: with unsaved edits the prompt asks first (it replaced the text
# silently); Cancel keeps the file and the edits.
files open
export-layout $SHOTS/editor-input/4-folder.txt
await 30 files-folder variants
frames 2
export-layout $SHOTS/editor-input/5-file.txt
await 30 prompt open
expect editor-file sackson.lua
screenshot $SHOTS/editor-input/open-prompt.png
export-layout $SHOTS/editor-input/6-cancel.txt
await 30 prompt none
expect editor-file sackson.lua
expect editor-contains zz typed
