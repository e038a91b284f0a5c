#!/usr/bin/env bash
# Play mode by keyboard with real X events (xdotool) under Xvfb: 1 selects
# the first card, Backspace clears, Enter discards, 2 then D declares a
# marriage, Ctrl+Z undoes (the status says what); and a double click
# quicker than a frame discards.
# The studio runs scripts/play_keys_input.zs, which awaits each effect.
# Usage: play_keys_input.sh STUDIO WORK VARIANTS SCRIPTS
set -euo pipefail
studio=$1 work=$2 variants=$3 scripts=$4
if [ -z "${GUI_INPUT_INNER:-}" ]; then
  command -v xdotool >/dev/null || { echo "xdotool is missing (.ci/setup installs it)"; exit 77; }
  rm -rf "$work"
  mkdir -p "$work/config" "$work/variants" "$work/shots/play-keys"
  cp "$variants"/*.lua "$work/variants/"
  # -noreset: see gui_input.sh.
  GUI_INPUT_INNER=1 exec xvfb-run -a -s "-screen 0 1280x800x24 -noreset" "$0" "$@"
fi
shots=$work/shots/play-keys
"$studio" --script "$scripts/play_keys_input.zs" --config "$work/config" \
  --variants-dir "$work/variants" --shots "$work/shots" --open "" &
pid=$!
trap 'kill "$pid" 2>/dev/null || true' EXIT

# shellcheck source=xdo_lib.sh
. "$(dirname "$0")/xdo_lib.sh"

wait_for "$shots/1-select.txt"
xdotool mousemove 5 790  # away from the cards
keys 1
wait_for "$shots/2-clear.txt"
keys 2 BackSpace
wait_for "$shots/3-discard.txt"
keys 1 Return
wait_for "$shots/4-undo.txt"
keys ctrl+z
wait_for "$shots/4b-declare.txt"
keys 2 d
wait_for "$shots/4c-undo.txt"
keys ctrl+z
wait_for "$shots/5-double.txt"
hover "$shots/5-double.txt" hand-card-0 0.5 0.6
sleep 0.5
xdotool click --repeat 2 --delay 5 1
status=0
wait "$pid" || status=$?
trap - EXIT
exit "$status"
