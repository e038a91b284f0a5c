#!/usr/bin/env bash
# Rewrites the sample replays from the current build (bot games, each the
# first seed that shows what its name says). Run after a change of rules
# behaviour, and say why in the commit.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
build=${BUILD:-$root/build/release}
rm -f "$here"/*.json
# Run from the repository root so the embedded sources are named variants/<id>.lua.
cd "$root" && "$build/replays/make_samples" variants "$here"
