# Real input for every action by keyboard: tests/studio/keyboard_input.sh
# runs this script and, at each export-layout, presses keys with xdotool;
# each await runs frames until the keys took effect.
window 1280 800
open-replay replays/samples/book1881-2p-one-deal.json
open-replay replays/samples/sackson-3p-greedy-vs-random.json
# File > Recent is now: sackson (Ctrl+1), book1881 (Ctrl+2).
# 1. ? shows the list of keys; F1 hides it; F1 shows it, Esc hides it.
export-layout $SHOTS/keyboard/1-help.txt
await 20 help-open true
screenshot $SHOTS/keyboard/keys-list.png
export-layout $SHOTS/keyboard/2-f1.txt
await 20 help-open false
export-layout $SHOTS/keyboard/2b-f1-esc.txt
await 20 help-open true
await 20 help-open false
# 2. Ctrl+O: File > Open, the Files dialog.
expect panel-open files false
export-layout $SHOTS/keyboard/3-ctrl-o.txt
await 20 panel-open files true
panel files close
# 3. Ctrl+2: the second recent file.
export-layout $SHOTS/keyboard/4-ctrl-2.txt
await 20 replay book1881-2p-one-deal.json
# 4. F10, then ↓ (File opens) ↓ ↓ (Recent) → (its files) ↓ Enter: the
# second recent file (sackson, after step 3) opens; the bar gives the
# keyboard back.
export-layout $SHOTS/keyboard/5-menu-recent.txt
await 20 replay sackson-3p-greedy-vs-random.json
await 5 menu-keyboard false
# 5. F10 → → (Diff) ↓ ↓ ↓ (Policy) → Enter: the policy picker set to stop,
# by keys only; then Ctrl+D runs the diff with it.
expect diff-of none
export-layout $SHOTS/keyboard/6-menu-policy.txt
await 20 diff-choices sackson stop
await 5 menu-keyboard false
export-layout $SHOTS/keyboard/7-ctrl-d.txt
await 60 diff-of sackson-3p-greedy-vs-random.json (sackson)
expect diff-choices sackson stop
# 6. Alt pressed and released: the menu bar has the keyboard ("File"
# chosen); the arrows no longer step the timeline; Esc gives it back and
# → steps again.
seek 10
export-layout $SHOTS/keyboard/8-alt.txt
await 20 menu-keyboard true
screenshot $SHOTS/keyboard/alt-menu.png
export-layout $SHOTS/keyboard/9-esc.txt
await 20 menu-keyboard false
await 20 position 11
# 7. Tab in the Diff panel: ImGui's navigation drives it (its first item,
# the B picker, chosen): → (the policy picker) Enter ↓ Enter: the policy
# after stop, skip. Esc gives the keys back: → steps again.
panel diff focus
export-layout $SHOTS/keyboard/10-tab.txt
await 20 diff-choices sackson skip
expect panel-keyboard true
screenshot $SHOTS/keyboard/tab-diff.png
export-layout $SHOTS/keyboard/11-esc.txt
await 20 panel-keyboard false
await 20 position 12
