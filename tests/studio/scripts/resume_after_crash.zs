# Second half: the restarted studio offers the autosaved game, whole.
window 1200 800
expect autosave-waiting true
resume
expect human-to-move true
table game
only table play
screenshot $SHOTS/resumed.png
check-screenshot $SHOTS/resumed.png 1200 800
# Every action kept: the four human plays and the bot's five (this seeded
# game's greedy bot moves first).
expect play-actions 9
