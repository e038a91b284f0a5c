# Play mode: a human against two bots; legal choices, an illegal one
# refused with its reason, undo, the autosave. The bots (dealt to play
# first) have made 2 actions when the human is first to move. The counts are
# those of seed 7's packs (the deck stream zetema play deals): the human's
# first legal action is a declaration (the human moves again), and each
# discard after it is answered by the two bots.
window 1600 1000
panel play focus
play sackson 3 7 human greedy random
expect human-to-move true
expect play-actions 2
play-illegal
expect play-actions 2
play-first-legal
expect play-actions 3
play-first-legal
expect play-actions 6
play-first-legal
expect play-actions 9
undo
expect play-actions 6
play-first-legal
expect play-actions 9
expect human-to-move true
screenshot $SHOTS/play.png
check-screenshot $SHOTS/play.png 1600 1000
# File > Save as: the game as a replay, which then opens as one.
save-as game $SHOTS/saved-game.json
expect status-contains saved
open-replay $SHOTS/saved-game.json
expect events-at-least 10
only files
files save my-game.json
screenshot $SHOTS/files.png
check-screenshot $SHOTS/files.png 1600 1000
