#!/usr/bin/env bash
# Drives the studio's layout and diff chart with real X input (xdotool)
# under Xvfb: resizes the window, clicks the chart, drags a panel, shrinks
# the window; scripts/gui_layout_input.zs awaits each effect.
# Usage: gui_layout_input.sh STUDIO WORK VARIANTS SCRIPTS
set -euo pipefail
studio=$1 work=$2 variants=$3 scripts=$4
if [ -z "${GUI_INPUT_INNER:-}" ]; then
  command -v xdotool >/dev/null || { echo "xdotool is missing (.ci/setup installs it)"; exit 77; }
  rm -rf "$work"
  mkdir -p "$work/config" "$work/variants" "$work/shots/gui-layout"
  cp "$variants"/*.lua "$work/variants/"
  # -noreset: see gui_input.sh (each xdotool call is a client of its own).
  GUI_INPUT_INNER=1 exec xvfb-run -a -s "-screen 0 1920x1200x24 -noreset" "$0" "$@"
fi
shots=$work/shots
"$studio" --script "$scripts/gui_layout_input.zs" --config "$work/config" \
  --variants-dir "$work/variants" --shots "$shots" --open "" &
pid=$!
trap 'kill "$pid" 2>/dev/null || true' EXIT

. "$(dirname "$0")/xdo_lib.sh"

wait_for "$shots/gui-layout/1-start.txt"
wid=$(window)
echo "resize the window to 1600x1000"
xdotool windowsize --sync "$wid" 1600 1000 || xdotool windowsize "$wid" 1600 1000

wait_for "$shots/gui-layout/2-chart.txt"
click "$shots/gui-layout/2-chart.txt" diff-plot 0.5 0.5

wait_for "$shots/gui-layout/3-drag.txt"
drag_title "$shots/gui-layout/3-drag.txt" Table

wait_for "$shots/gui-layout/4-shrink.txt"
echo "shrink the window to 1280x720"
xdotool windowsize --sync "$wid" 1280 720 || xdotool windowsize "$wid" 1280 720
status=0
wait "$pid" || status=$?
trap - EXIT
exit "$status"
