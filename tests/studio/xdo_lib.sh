# Shell helpers for the real-input tests (gui_input.sh, gui_layout_input.sh),
# sourced after the studio is started in the background as $pid.

# Waits for the studio to write a layout file; fails if it exits first.
wait_for() {
  for _ in $(seq 1 600); do
    [ -s "$1" ] && return 0
    kill -0 "$pid" 2>/dev/null || { echo "the studio ended before writing $1"; return 1; }
    sleep 0.1
  done
  echo "no $1 after 60 s"
  return 1
}
# The window (there is no window manager to give it focus).
window() {
  xdotool search --name "Zetema Studio" | head -1
}
# The point "x y" at fractions (fx, fy) of the named item's rectangle in FILE.
point() {
  local file=$1 item=$2 fx=$3 fy=$4 x y w h
  read -r x y w h < <(awk -v n="$item" '$1 == n { print $2, $3, $4, $5 }' "$file")
  [ -n "$x" ] || { echo "no $item in $file" >&2; return 1; }
  awk -v x="$x" -v y="$y" -v w="$w" -v h="$h" -v fx="$fx" -v fy="$fy" \
    'BEGIN { printf "%d %d\n", x + w * fx, y + h * fy }'
}
