#!/usr/bin/env bash
# The editor with real X input (issue 14, problem 5): xdotool clicks into the
# code and types, the window is asked to close as a window manager's close
# button does (wm_close), the prompt's Cancel is clicked; then a file:line
# link in the explanation is clicked. The studio runs scripts/editor_input.zs,
# which exports where its items are and awaits each effect.
# Usage: editor_input.sh STUDIO WM_CLOSE WORK VARIANTS SCRIPTS
set -euo pipefail
studio=$1 wm_close=$2 work=$3 variants=$4 scripts=$5
if [ -z "${GUI_INPUT_INNER:-}" ]; then
  command -v xdotool >/dev/null || { echo "xdotool is missing (.ci/setup installs it)"; exit 77; }
  rm -rf "$work"
  mkdir -p "$work/config" "$work/variants" "$work/shots/editor-input"
  cp "$variants"/*.lua "$work/variants/"
  # -noreset: each xdotool call is an X client; see gui_input.sh.
  GUI_INPUT_INNER=1 exec xvfb-run -a -s "-screen 0 1600x1000x24 -noreset" "$0" "$@"
fi
shots=$work/shots
"$studio" --script "$scripts/editor_input.zs" --config "$work/config" --variants-dir "$work/variants" \
  --shots "$shots" --open "" &
pid=$!
trap 'kill "$pid" 2>/dev/null || true' EXIT

# shellcheck source=xdo_lib.sh
. "$(dirname "$0")/xdo_lib.sh"

# 1. Type into the editor, then close the window: the prompt must ask.
wait_for "$shots/editor-input/1-code.txt"
click "$shots/editor-input/1-code.txt" editor-code 0.5 0.3
sleep 0.3
xdotool type --delay 60 "zz typed"
sleep 0.5
echo "close the window (WM_DELETE_WINDOW)"
"$wm_close" "$(window)"
# 2. The prompt is up: Cancel keeps the window and the text.
wait_for "$shots/editor-input/2-prompt.txt"
click "$shots/editor-input/2-prompt.txt" prompt-cancel 0.5 0.5
# 3. The explanation's "defined at" link opens the editor at that line.
wait_for "$shots/editor-input/3-link.txt"
click "$shots/editor-input/3-link.txt" explain-link 0.05 0.5
# 4. File > Open: the browser's variants/ folder, then book1881.lua; the
# prompt asks (unsaved edits) and Cancel is clicked.
wait_for "$shots/editor-input/4-folder.txt"
click "$shots/editor-input/4-folder.txt" file-variants/ 0.1 0.5
wait_for "$shots/editor-input/5-file.txt"
click "$shots/editor-input/5-file.txt" file-book1881.lua 0.1 0.5
wait_for "$shots/editor-input/6-cancel.txt"
click "$shots/editor-input/6-cancel.txt" prompt-cancel 0.5 0.5
status=0
wait "$pid" || status=$?
trap - EXIT
exit "$status"
