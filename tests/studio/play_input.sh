#!/usr/bin/env bash
# Play mode with real X input events (xdotool) under Xvfb: the studio runs
# scripts/play_input.zs, which exports where its items are drawn and awaits
# the effect of the clicks sent here -- a card of the hand, then "Discard";
# a double click on a card (a discard at once);
# later "Play from here" at an event of a replay, and a hover over the
# event list (its preview).
# Usage: play_input.sh STUDIO WORK VARIANTS SCRIPTS
set -euo pipefail
studio=$1 work=$2 variants=$3 scripts=$4
if [ -z "${GUI_INPUT_INNER:-}" ]; then
  command -v xdotool >/dev/null || { echo "xdotool is missing (.ci/setup installs it)"; exit 77; }
  rm -rf "$work"
  mkdir -p "$work/config" "$work/variants" "$work/shots/play-input"
  cp "$variants"/*.lua "$work/variants/"
  # -noreset: each xdotool call is an X client of its own (see gui_input.sh).
  GUI_INPUT_INNER=1 exec xvfb-run -a -s "-screen 0 1280x800x24 -noreset" "$0" "$@"
fi
shots=$work/shots
"$studio" --script "$scripts/play_input.zs" --config "$work/config" --variants-dir "$work/variants" \
  --shots "$shots" --open "" &
pid=$!
trap 'kill "$pid" 2>/dev/null || true' EXIT
# shellcheck source=xdo_lib.sh
. "$(dirname "$0")/xdo_lib.sh"

wait_for "$shots/play-input/1-card.txt"
click "$shots/play-input/1-card.txt" hand-card-0 0.5 0.6
wait_for "$shots/play-input/2-discard.txt"
click "$shots/play-input/2-discard.txt" discard-selected 0.5 0.5
wait_for "$shots/play-input/2b-double.txt"
click "$shots/play-input/2b-double.txt" hand-card-0 0.5 0.6 2
wait_for "$shots/play-input/3-take.txt"
click "$shots/play-input/3-take.txt" play-from-here 0.5 0.5
wait_for "$shots/play-input/4-hover.txt"
hover "$shots/play-input/4-hover.txt" event-row-56 0.3 0.5
status=0
wait "$pid" || status=$?
trap - EXIT
exit "$status"
