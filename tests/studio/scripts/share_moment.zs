# Share a moment: the position as text on the clipboard (the replay's file,
# the event, the table in card notation), hiding in a seat's view what that
# seat never saw; the Table panel saved as a PNG of its own size.
window 1280 720
open-replay replays/samples/sackson-3p-greedy-vs-random.json
seek 40
copy-position
expect clipboard-contains [Replay "sackson-3p-greedy-vs-random.json"]
expect clipboard-contains [Position "40"]
expect clipboard-contains [Event "39"] { P3 draws QD }
expect clipboard-contains P3 may declare or discard
expect clipboard-contains tableau
expect status-contains copied the position
# P1's view: the others' hands are counts, their draws unnamed.
seat-view 1
frames 1
copy-position
expect clipboard-contains P2 hand: 
expect clipboard-contains hidden card(s)
expect clipboard-hides-secrets
seat-view 0
frames 1
save-table-png $SHOTS/table-position-40.png
expect table-png $SHOTS/table-position-40.png
expect status-contains saved the table
