# The editor keeps its layout after a save with a Lua error, at the size
# where the error's path (the test's variants folder, a long absolute path)
# is wider than the panel: the panel does not scroll sideways, the code stays
# right of the line numbers, the file line and the error (its file:line a
# link, its message wrapped) are drawn whole; the error's line is scrolled
# into view; Revert clears the red marker.
window 1280 720
open-replay replays/samples/sackson-3p-greedy-vs-random.json
open-variant sackson
expect-editor-layout
expect editor-error-marker none
# An error near the end of the file, far below the lines first shown.
edit-replace direction = "clockwise", => direction = = "clockwise",
save-variant
expect editor-error-line 110
frames 5
expect editor-error-marker 110
expect editor-error-line-visible
expect-editor-layout
expect-fits editor-path editor-error-link editor-error-message
screenshot $SHOTS/editor-error-1280x720.png
check-screenshot $SHOTS/editor-error-1280x720.png 1280 720
# Scrolled away, "Go to the error" brings it back (as does the next error).
open-location sackson.lua:1
frames 5
expect editor-cursor-line 1
revert
frames 3
expect editor-ok
expect editor-error-marker none
expect editor-contains direction = "clockwise",
expect-editor-layout
screenshot $SHOTS/editor-reverted-1280x720.png
# A wider window: the same.
window 1920 1080
edit-replace direction = "clockwise", => direction = = "clockwise",
save-variant
frames 5
expect editor-error-line-visible
expect-editor-layout
