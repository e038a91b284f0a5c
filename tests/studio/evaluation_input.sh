#!/usr/bin/env bash
# The evaluation line with real X input (xdotool) under Xvfb: a click on
# Evaluate starts the search of every decision in the background (the
# window keeps drawing), then a click on a red mark of the line goes to that
# decision, whose alternatives the explanation lists. The studio runs
# scripts/evaluation_input.zs. Usage: evaluation_input.sh STUDIO WORK VARIANTS SCRIPTS
set -euo pipefail
studio=$1 work=$2 variants=$3 scripts=$4
if [ -z "${GUI_INPUT_INNER:-}" ]; then
  command -v xdotool >/dev/null || { echo "xdotool is missing (.ci/setup installs it)"; exit 77; }
  rm -rf "$work"
  mkdir -p "$work/config" "$work/variants" "$work/shots/evaluation"
  cp "$variants"/*.lua "$work/variants/"
  # -noreset: each xdotool call is an X client of its own (see gui_input.sh).
  GUI_INPUT_INNER=1 exec xvfb-run -a -s "-screen 0 1600x1000x24 -noreset" "$0" "$@"
fi
shots=$work/shots
"$studio" --script "$scripts/evaluation_input.zs" --config "$work/config" \
  --variants-dir "$work/variants" --shots "$shots" --open "" &
pid=$!
trap 'kill "$pid" 2>/dev/null || true' EXIT
# shellcheck source=xdo_lib.sh
. "$(dirname "$0")/xdo_lib.sh"

wait_for "$shots/evaluation/1-start.txt"
click "$shots/evaluation/1-start.txt" evaluation-start 0.5 0.5
wait_for "$shots/evaluation/2-marks.txt"
# The first red mark on the line (a decision that lost the most chance).
mark=$(awk '$1 ~ /^evaluation-mark-/ { print $1; exit }' "$shots/evaluation/2-marks.txt")
[ -n "$mark" ] || { echo "no red mark on the evaluation line"; exit 1; }
click "$shots/evaluation/2-marks.txt" "$mark" 0.5 0.5
status=0
wait "$pid" || status=$?
trap - EXIT
exit "$status"
