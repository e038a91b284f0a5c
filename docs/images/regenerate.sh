#!/usr/bin/env bash
# Rewrites the screenshots in docs/images/ with the studio's scripted mode
# (the same scripts CI runs), under a virtual display. It runs in a scratch
# folder laid out like the repository (its own copy of the variants, so the
# editor's edits touch nothing here), with relative paths, so the pictures
# show "variants/house_example.lua" and not a temporary folder's name. The
# folder has one readable name, /tmp/zetema-docs (ZETEMA_DOCS_WORK), so the
# Files panel's pictures, which show it, are the same on every run; a lock
# beside it makes a second run wait for the first.
# Usage: regenerate.sh [SCRIPT...] (default: every script named below).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
studio=${STUDIO:-$root/build/release/studio/zetema-studio}
work=${ZETEMA_DOCS_WORK:-/tmp/zetema-docs}
exec 9>"$work.lock"
flock 9
rm -rf "$work" && mkdir "$work"
trap 'rm -rf "$work"' EXIT
ln -s "$root/replays" "$work/replays"
ln -s "$root/tests" "$work/tests"
# The pictures are written through docs/images here, so the saved game they
# show is "docs/images/saved-game.json", not this checkout's absolute path.
mkdir "$work/docs" && ln -s "$root/docs/images" "$work/docs/images"
cd "$work"
for script in ${*:-replay editor editor_trust diff diff_rows play play_cards corpus find_events}; do
  rm -rf variants config && cp -r "$root/variants" variants && mkdir config
  xvfb-run -a -s "-screen 0 1600x1000x24" "$studio" --script "tests/studio/scripts/$script.zs" \
    --config config --variants-dir variants --shots docs/images --open "" \
    | grep -E "^(FAIL|  screenshot|  frame work|launch)" || true
done
# Every panel at 1280x720 and 2560x1440 (issue 14): *-1280x720.png, *-2560x1440.png.
rm -rf variants config && cp -r "$root/variants" variants && mkdir config
xvfb-run -a -s "-screen 0 2560x1440x24" "$studio" --script tests/studio/scripts/layout_fits.zs \
  --config config --variants-dir variants --shots docs/images --open "" \
  | grep -E "^(FAIL|  screenshot)" || true
rm -rf variants config && cp -r "$root/variants" variants && mkdir config
xvfb-run -a -s "-screen 0 2560x1440x24" "$studio" --script tests/studio/scripts/panel_sizes.zs \
  --config config --variants-dir variants --shots docs/images --open "" \
  | grep -E "^(FAIL|  screenshot)" || true
# The fit at four sizes: fit-1280x720.png, fit-2560x1440.png, fit-lab-1280x720.png.
rm -rf variants config && cp -r "$root/variants" variants && mkdir config
xvfb-run -a -s "-screen 0 2560x1440x24" "$studio" --script tests/studio/scripts/fit.zs \
  --config config --variants-dir variants --shots docs/images --open "" \
  | grep -E "^(FAIL|  screenshot)" || true
rm -f "$root/docs/images/saved-game.json" "$root/docs/images/taken-over.json" \
  "$root/docs/images/diff-rows-game.json"
