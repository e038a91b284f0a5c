#!/usr/bin/env bash
# Finding events with real X input (xdotool) under Xvfb: a click in the
# event list's search field and "zetema" typed, Esc, N N N Shift+N, a click on
# Filter and on "most points first", D after a diff, Ctrl+F. The studio runs
# scripts/find_input.zs, which exports where its items are drawn and awaits
# the effect of each input.
# Usage: find_input.sh STUDIO WORK VARIANTS SCRIPTS
set -euo pipefail
studio=$1 work=$2 variants=$3 scripts=$4
if [ -z "${GUI_INPUT_INNER:-}" ]; then
  command -v xdotool >/dev/null || { echo "xdotool is missing (.ci/setup installs it)"; exit 77; }
  rm -rf "$work"
  mkdir -p "$work/config" "$work/variants" "$work/shots/find-input"
  cp "$variants"/*.lua "$work/variants/"
  # -noreset: see gui_input.sh.
  GUI_INPUT_INNER=1 exec xvfb-run -a -s "-screen 0 1280x800x24 -noreset" "$0" "$@"
fi
shots=$work/shots/find-input
"$studio" --script "$scripts/find_input.zs" --config "$work/config" \
  --variants-dir "$work/variants" --shots "$work/shots" --open "" &
pid=$!
trap 'kill "$pid" 2>/dev/null || true' EXIT

# shellcheck source=xdo_lib.sh
. "$(dirname "$0")/xdo_lib.sh"

wait_for "$shots/1-search.txt"
click "$shots/1-search.txt" event-search 0.5 0.5
sleep 0.2
xdotool type --delay 60 zetema
wait_for "$shots/2-keys.txt"
xdotool mousemove 5 790  # off the list: no preview
press Escape
press n
press n
press n
wait_for "$shots/2b-back.txt"
press shift+n
wait_for "$shots/3-filter.txt"
click "$shots/3-filter.txt" event-filter 0.5 0.5
wait_for "$shots/4-by-points.txt"
click "$shots/4-by-points.txt" event-filter-by-points 0.1 0.5
wait_for "$shots/5-divergence.txt"
press Escape  # the popup closes
xdotool mousemove 5 790
press d
wait_for "$shots/6-ctrl-f.txt"
press ctrl+f
status=0
wait "$pid" || status=$?
trap - EXIT
exit "$status"
