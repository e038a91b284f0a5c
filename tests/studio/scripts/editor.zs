# The variant editor: a broken edit keeps the last good variant and shows
# the error at its line; a good edit reloads and re-applies the open replay.
window 1600 1000
open-replay replays/samples/house_example-3p-marriage-hook.json
expect variant house_example
seek 150
open-variant house_example
expect editor-ok
expect zetema-points-of J 25
edit-replace zetema_points = { J = 25, A = 20 }, => zetema_points = { J = = 25, A = 20 },
save-variant
expect editor-error-line 20
expect status-contains keeping the last good house_example
expect zetema-points-of J 25
expect position 150
screenshot $SHOTS/editor-error.png
check-screenshot $SHOTS/editor-error.png 1600 1000
edit-replace zetema_points = { J = = 25, A = 20 }, => zetema_points = { J = 99, A = 20 },
save-variant
expect editor-ok
expect status-contains the replay re-derives to its end
expect zetema-points-of J 99
expect position 150
screenshot $SHOTS/editor.png
check-screenshot $SHOTS/editor.png 1600 1000
