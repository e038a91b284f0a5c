# Real input for finding events: tests/studio/find_input.sh runs this script
# and, at each export-layout, clicks or types with xdotool; each await runs
# frames until the input took effect.
window 1280 800
open-replay replays/samples/sackson-3p-greedy-vs-random.json
seek 0
# 1. The driver clicks the event list's search field and types "zetema":
# the list keeps the 22 zetemas, the field has the keys.
export-layout $SHOTS/find-input/1-search.txt
await 20 event-rows 22
expect search-focused true
expect position 0
# 2. Esc leaves the field; N, N, N step through the zetemas kept (93,
# 101, 104), then Shift+N back to 101.
export-layout $SHOTS/find-input/2-keys.txt
await 20 selected-event 104
expect search-focused false
export-layout $SHOTS/find-input/2b-back.txt
await 20 selected-event 101
screenshot $SHOTS/find-input/zetemas.png
# 3. The driver clicks Filter, then "most points first": the largest first.
export-layout $SHOTS/find-input/3-filter.txt
await 20 any-popup true
export-layout $SHOTS/find-input/4-by-points.txt
await 20 event-rows-first 116
screenshot $SHOTS/find-input/by-points.png
# 4. With a diff run, D goes to its divergence; Ctrl+F back to the search.
diff book1881
export-layout $SHOTS/find-input/5-divergence.txt
await 20 selected-event 19
export-layout $SHOTS/find-input/6-ctrl-f.txt
await 20 search-focused true
