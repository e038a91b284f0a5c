#!/usr/bin/env bash
# Drives the timeline and the layout's shortcuts with real X input events
# (xdotool) under Xvfb: a click on an event row then on "score >", a hover
# on a score dot, the Home and Right keys, a panel dragged then
# Ctrl+Shift+R, Ctrl+=. The studio runs scripts/gui_keys_input.zs, which
# exports where its items are drawn and awaits the effect of each event.
# Usage: gui_keys_input.sh STUDIO WORK VARIANTS SCRIPTS
set -euo pipefail
studio=$1 work=$2 variants=$3 scripts=$4
if [ -z "${GUI_INPUT_INNER:-}" ]; then
  command -v xdotool >/dev/null || { echo "xdotool is missing (.ci/setup installs it)"; exit 77; }
  rm -rf "$work"
  mkdir -p "$work/config" "$work/variants" "$work/shots/gui-keys"
  cp "$variants"/*.lua "$work/variants/"
  # -noreset: see gui_input.sh.
  GUI_INPUT_INNER=1 exec xvfb-run -a -s "-screen 0 1280x800x24 -noreset" "$0" "$@"
fi
shots=$work/shots/gui-keys
"$studio" --script "$scripts/gui_keys_input.zs" --config "$work/config" \
  --variants-dir "$work/variants" --shots "$work/shots" --open "" &
pid=$!
trap 'kill "$pid" 2>/dev/null || true' EXIT

# shellcheck source=xdo_lib.sh
. "$(dirname "$0")/xdo_lib.sh"

wait_for "$shots/1-row.txt"
click "$shots/1-row.txt" event-row-57 0.3 0.5
wait_for "$shots/2-next-score.txt"
click "$shots/2-next-score.txt" next-score 0.5 0.5
wait_for "$shots/3-hover.txt"
hover "$shots/3-hover.txt" score-dot-121 0.5 0.5
wait_for "$shots/4-home.txt"
xdotool mousemove 5 790  # off the timeline: no preview over the table
press Home
wait_for "$shots/5-right.txt"
press Right
wait_for "$shots/5b-taps.txt"
xdotool windowfocus --sync "$(window)"
xdotool key --delay 10 Right Right Right Right Right Right Right Right Right Right
wait_for "$shots/6-drag.txt"
drag_title "$shots/6-drag.txt" Table
wait_for "$shots/7-reset.txt"
press ctrl+shift+r
wait_for "$shots/8-larger.txt"
press ctrl+equal
status=0
wait "$pid" || status=$?
trap - EXIT
exit "$status"
