#!/usr/bin/env bash
# Every action by keyboard, with real X key events (xdotool) under Xvfb: the
# list of keys (?, F1, Esc), Ctrl+O, Ctrl+2 (a recent file), the menu bar by
# F10 and by Alt with the arrows and Enter (File > Recent, Diff > Policy),
# Ctrl+D (Run diff), Tab in the Diff panel to its policy picker. The studio runs scripts/keyboard_input.zs, which awaits
# the effect of each key.
# Usage: keyboard_input.sh STUDIO WORK VARIANTS SCRIPTS
set -euo pipefail
studio=$1 work=$2 variants=$3 scripts=$4
if [ -z "${GUI_INPUT_INNER:-}" ]; then
  command -v xdotool >/dev/null || { echo "xdotool is missing (.ci/setup installs it)"; exit 77; }
  rm -rf "$work"
  mkdir -p "$work/config" "$work/variants" "$work/shots/keyboard"
  cp "$variants"/*.lua "$work/variants/"
  # -noreset: see gui_input.sh.
  GUI_INPUT_INNER=1 exec xvfb-run -a -s "-screen 0 1280x800x24 -noreset" "$0" "$@"
fi
shots=$work/shots/keyboard
"$studio" --script "$scripts/keyboard_input.zs" --config "$work/config" \
  --variants-dir "$work/variants" --shots "$work/shots" --open "" &
pid=$!
trap 'kill "$pid" 2>/dev/null || true' EXIT

# shellcheck source=xdo_lib.sh
. "$(dirname "$0")/xdo_lib.sh"

wait_for "$shots/1-help.txt"
keys question
wait_for "$shots/2-f1.txt"
keys F1
wait_for "$shots/2b-f1-esc.txt"
keys F1 Escape
wait_for "$shots/3-ctrl-o.txt"
keys ctrl+o
wait_for "$shots/4-ctrl-2.txt"
keys ctrl+2
wait_for "$shots/5-menu-recent.txt"
keys F10 Down Down Down Right Down Return
wait_for "$shots/6-menu-policy.txt"
keys F10 Right Right Down Down Down Right Return
wait_for "$shots/7-ctrl-d.txt"
keys ctrl+d
wait_for "$shots/8-alt.txt"
keys Alt_L Right
wait_for "$shots/9-esc.txt"
keys Escape Right
wait_for "$shots/10-tab.txt"
keys Tab Right Return Down Return
wait_for "$shots/11-esc.txt"
keys Escape Right
status=0
wait "$pid" || status=$?
trap - EXIT
exit "$status"
