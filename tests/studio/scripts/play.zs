# Play mode: a human against two bots; legal choices, an illegal one
# refused with its reason, undo, the autosave.
window 1600 1000
panel play focus
play sackson 3 7 human greedy random
expect human-to-move true
play-illegal
play-first-legal
play-first-legal
play-first-legal
undo
play-first-legal
expect human-to-move true
screenshot $SHOTS/play.png
check-screenshot $SHOTS/play.png 1600 1000
only files
panel files focus
screenshot $SHOTS/files.png
check-screenshot $SHOTS/files.png 1600 1000
