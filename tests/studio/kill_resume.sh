#!/usr/bin/env bash
# Crash safety of play mode: start a game, play, kill -9 the studio while it
# runs, restart it, and check the autosaved game is offered with every
# action kept (the count is the seeded game's own, pinned by the script).
#   kill_resume.sh STUDIO WORK VARIANTS SCRIPTS_DIR
set -euo pipefail
studio=$1 work=$2 variants=$3 scripts=$4
rm -rf "$work" && mkdir -p "$work/config" "$work/variants"
cp "$variants"/*.lua "$work/variants/"
cat > "$work/play_then_wait.zs" <<'ZS'
window 1200 800
play book1881 2 5 human greedy
play-first-legal
play-first-legal
play-first-legal
play-first-legal
frames 1000000
ZS
xvfb-run -a -s "-screen 0 1200x800x24" "$studio" --script "$work/play_then_wait.zs" \
  --config "$work/config" --variants-dir "$work/variants" --open "" > "$work/first.log" 2>&1 &
pid=$!
# Wait for the four human actions (and the bot's answers) to be played.
for _ in $(seq 1 300); do
  [ "$(grep -c '^ok .*play-first-legal' "$work/first.log" || true)" -ge 4 ] && break
  sleep 0.1
done
grep -q "^ok .*play-first-legal" "$work/first.log" || { cat "$work/first.log"; echo "the game did not start"; exit 1; }
# Kill the studio itself (xvfb-run's child) and only it: xvfb-run's own
# command line holds the same arguments, and killing it too would leave its
# Xvfb server running for ever.
pkill -9 -f -- "^$studio --script $work/play_then_wait.zs" || true
wait "$pid" 2>/dev/null || true
ls "$work/config"/*.tmp.* 2>/dev/null && { echo "a half-written file was left behind"; exit 1; }
xvfb-run -a -s "-screen 0 1200x800x24" "$studio" --script "$scripts/resume_after_crash.zs" \
  --config "$work/config" --variants-dir "$work/variants" --shots "$work" --open ""
