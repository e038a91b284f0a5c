# Real-input helpers for the studio's xdotool tests (sourced): wait for a
# layout file the studio exports, find its window, point at or click a named
# item. The caller sets $pid to the studio's process.

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
# Focuses the window and moves the mouse to a fraction (fx, fy) of the named
# item's rectangle in FILE.
hover() {
  local file=$1 item=$2 fx=$3 fy=$4 wid px py
  read -r px py < <(point "$file" "$item" "$fx" "$fy") || return 1
  [ -n "$px" ] || return 1
  wid=$(window)
  xdotool windowfocus --sync "$wid"
  echo "pointer on $item at $px,$py"
  xdotool mousemove --window "$wid" "$px" "$py"
}
# Clicks (CLICKS times, default 1) at a fraction (fx, fy) of the named
# item's rectangle in FILE.
click() {
  local file=$1 item=$2 fx=$3 fy=$4 clicks=${5:-1}
  hover "$file" "$item" "$fx" "$fy" || return 1
  sleep 0.2
  xdotool click --repeat "$clicks" 1
}
# Presses a key (xdotool's name, e.g. ctrl+shift+r), held for a moment as
# fingers do: ImGui 1.86 reads keys once a frame (shorter than its 0.275 s
# key repeat).
press() {
  xdotool windowfocus --sync "$(window)"
  xdotool keydown "$1"
  sleep 0.15
  xdotool keyup "$1"
}
# Presses each key in turn, as a person does.
keys() {
  for k in "$@"; do
    press "$k"
    sleep 0.2
  done
}
# Drags the named panel (its window-NAME item in FILE) by its title bar, 60
# pixels right and 48 down, in small steps as a hand would.
drag_title() {
  local file=$1 panel=$2 wid px py
  wid=$(window)
  read -r px py < <(point "$file" "window-$panel" 0.5 0) || return 1
  py=$((py + 8))  # inside the title bar
  echo "drag the $panel's title bar from $px,$py"
  xdotool mousemove --window "$wid" "$px" "$py"
  sleep 0.2
  xdotool mousedown 1
  for step in 1 2 3 4 5 6; do
    sleep 0.1
    xdotool mousemove --window "$wid" $((px + step * 10)) $((py + step * 8))
  done
  sleep 0.2
  xdotool mouseup 1
}
