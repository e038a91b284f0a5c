#!/usr/bin/env bash
# Drives the studio with real X input events (xdotool) under Xvfb, as a
# person would: the studio runs scripts/gui_input.zs, which exports where
# its items are drawn (export-layout) and then awaits the effect of the
# events sent here. Usage: gui_input.sh STUDIO WORK VARIANTS SCRIPTS
set -euo pipefail
studio=$1 work=$2 variants=$3 scripts=$4
if [ -z "${GUI_INPUT_INNER:-}" ]; then
  command -v xdotool >/dev/null || { echo "xdotool is missing (.ci/setup installs it)"; exit 77; }
  rm -rf "$work"
  mkdir -p "$work/config" "$work/variants" "$work/shots/gui-input"
  cp "$variants"/*.lua "$work/variants/"
  # xvfb-run stops its X server when this script's second run ends.
  # -noreset: by default the server resets whenever its last client leaves,
  # and each xdotool call is a client of its own, so a call made just as
  # the studio exits could find no server ("Can't open display").
  GUI_INPUT_INNER=1 exec xvfb-run -a -s "-screen 0 1280x800x24 -noreset" "$0" "$@"
fi
shots=$work/shots
"$studio" --script "$scripts/gui_input.zs" --config "$work/config" --variants-dir "$work/variants" \
  --shots "$shots" --open "" &
pid=$!
trap 'kill "$pid" 2>/dev/null || true' EXIT

. "$(dirname "$0")/xdo_lib.sh"
# Clicks at a fraction (fx, fy) of the named item's rectangle in FILE.
click() {
  local file=$1 item=$2 fx=$3 fy=$4 x y w h
  read -r x y w h < <(awk -v n="$item" '$1 == n { print $2, $3, $4, $5 }' "$file")
  [ -n "$x" ] || { echo "no $item in $file"; return 1; }
  local wid
  wid=$(window)
  xdotool windowfocus --sync "$wid"
  local px py
  px=$(awk -v a="$x" -v b="$w" -v f="$fx" 'BEGIN { printf "%d", a + b * f }')
  py=$(awk -v a="$y" -v b="$h" -v f="$fy" 'BEGIN { printf "%d", a + b * f }')
  echo "click $item at $px,$py"
  xdotool mousemove --window "$wid" "$px" "$py"
  sleep 0.2
  xdotool click 1
}

wait_for "$shots/gui-input/1-row.txt"
click "$shots/gui-input/1-row.txt" event-row-57 0.3 0.5
wait_for "$shots/gui-input/2-dot.txt"
click "$shots/gui-input/2-dot.txt" score-dot-121 0.2 0.5  # the dot's left half
wait_for "$shots/gui-input/3-diff.txt"
click "$shots/gui-input/3-diff.txt" run-diff 0.5 0.5
wait_for "$shots/gui-input/4-save.txt"
xdotool windowfocus --sync "$(window)"
# Held for a moment, as fingers do: ImGui 1.86 reads keys once a frame.
xdotool keydown ctrl+s
sleep 0.3
xdotool keyup ctrl+s
status=0
wait "$pid" || status=$?
trap - EXIT
exit "$status"
