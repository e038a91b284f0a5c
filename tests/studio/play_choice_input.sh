#!/usr/bin/env bash
# Choices in play mode with real X input events (xdotool) under Xvfb: the
# studio runs scripts/play_choice_input.zs, which exports where its items
# are drawn and awaits the effect of each click sent here: the choice's
# "yes" button, a card of the hand (the card chosen), a double click (a
# discard), "no", and later "yes" and a card's key. Then the game the studio saved after every action holds
# the choices in their notation.
# Usage: play_choice_input.sh STUDIO WORK VARIANTS SCRIPTS
set -euo pipefail
studio=$1 work=$2 variants=$3 scripts=$4
if [ -z "${GUI_INPUT_INNER:-}" ]; then
  command -v xdotool >/dev/null || { echo "xdotool is missing (.ci/setup installs it)"; exit 77; }
  rm -rf "$work"
  mkdir -p "$work/config" "$work/variants" "$work/shots/play-choice"
  cp "$variants"/*.lua "$variants/examples/may_swap_bottom.lua" "$work/variants/"
  # -noreset: see gui_input.sh.
  GUI_INPUT_INNER=1 exec xvfb-run -a -s "-screen 0 1280x800x24 -noreset" "$0" "$@"
fi
shots=$work/shots/play-choice
"$studio" --script "$scripts/play_choice_input.zs" --config "$work/config" \
  --variants-dir "$work/variants" --shots "$work/shots" --open "" &
pid=$!
trap 'kill "$pid" 2>/dev/null || true' EXIT

# shellcheck source=xdo_lib.sh
. "$(dirname "$0")/xdo_lib.sh"

# Each option button is found by its label (choice-yes), a card by its
# place in the hand, in the layout the studio exported.
wait_for "$shots/1-yes.txt"
click "$shots/1-yes.txt" choice-yes 0.5 0.5
wait_for "$shots/2-card.txt"
click "$shots/2-card.txt" hand-card-2 0.5 0.6
wait_for "$shots/3-discard.txt"
click "$shots/3-discard.txt" hand-card-0 0.5 0.6 2
wait_for "$shots/4-no.txt"
click "$shots/4-no.txt" choice-no 0.5 0.5
wait_for "$shots/5-discard.txt"
click "$shots/5-discard.txt" hand-card-0 0.5 0.6 2
wait_for "$shots/6-yes.txt"
click "$shots/6-yes.txt" choice-yes 0.5 0.5
wait_for "$shots/7-key.txt"
xdotool mousemove 5 790  # away from the cards
keys 2
status=0
wait "$pid" || status=$?
trap - EXIT
[ "$status" = 0 ] || exit "$status"
# The saved game holds the driver's seven actions in notation, in order,
# among P2's (docs/replay-format.md).
python3 - "$work/config/autosave.json" <<'PY'
import json, sys
actions = json.load(open(sys.argv[1]))["hands"][0]["actions"]
mine = ["choose swap yes", "choose swap_card AH", "discard 6C", "choose swap no",
        "discard 7C", "choose swap yes", "choose swap_card 6D"]
left = iter(actions)
if not all(a in left for a in mine):
    sys.exit(f"the saved game's actions {actions} lack {mine} in order")
print("the saved game holds", ", ".join(mine))
PY
