#!/usr/bin/env bash
# Rewrites the screenshots in docs/images/ with the studio's scripted mode
# (the same scripts CI runs), under a virtual display.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
studio=${STUDIO:-$root/build/release/studio/zetema-studio}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp -r "$root/variants" "$work/variants"
cd "$root"
for script in replay editor diff play; do
  rm -rf "$work/config" && mkdir -p "$work/config"
  xvfb-run -a -s "-screen 0 1600x1000x24" "$studio" --script "tests/studio/scripts/$script.zs" \
    --config "$work/config" --variants-dir "$work/variants" --variants-name variants \
    --shots "$root/docs/images" --open "" \
    | grep -E "^(FAIL|  screenshot|  frame work|launch)" || true
done
rm -f "$root/docs/images/editor-error.png.tmp"
