# After the crash mid-save: the autosave is the last whole one (the game
# after the first action), offered and resumed intact.
window 1200 800
expect autosave-waiting true
resume
expect human-to-move true
# The human's first action and the greedy bot's answer (this seeded game).
expect play-actions 2
