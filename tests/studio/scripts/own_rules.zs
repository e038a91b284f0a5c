# Issue 13: a replay that carries its own Lua (a variant not installed) is
# not opened at once: a prompt says what it carries and why it differs, and
# nothing runs or changes until the answer. Cancel keeps what was open;
# Run opens it under its own rules. tests/studio/gui_input.sh clicks the
# same prompt's buttons with real input.
window 1280 800
open-replay replays/samples/sackson-3p-greedy-vs-random.json
seek 60
open-replay tests/studio/data/own-rules.json
expect replay-prompt own-rules.json
expect replay-prompt-contains It carries the Lua sources of variant 'own_rules': ./own_rules.lua (8 lines), variants/sackson.lua (
expect replay-prompt-contains Why: variant 'own_rules' is not installed: running the Lua sources embedded in the replay
expect replay sackson-3p-greedy-vs-random.json
expect position 60
expect variant sackson
expect status-contains waiting for an answer
screenshot $SHOTS/own-rules/prompt.png
answer-replay cancel
expect replay-prompt none
expect replay sackson-3p-greedy-vs-random.json
expect position 60
expect variant sackson
expect status-contains not opened
open-replay tests/studio/data/own-rules.json
expect replay-prompt own-rules.json
answer-replay run
expect replay-prompt none
expect replay own-rules.json
expect variant own_rules
expect status-contains NOTE: variant 'own_rules' is not installed: running the Lua sources embedded
