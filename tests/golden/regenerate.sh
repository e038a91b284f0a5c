#!/usr/bin/env bash
# Rewrites the golden event logs from the current build. Run only when a
# change of behaviour is intended, and say why in the commit.
set -euo pipefail
cd "$(dirname "$0")"
zetema=${ZETEMA:-../../build/release/studio/zetema}
for spec in sackson-2p-seed11 rules_site-3p-seed12 book1881-4p-seed13 rummy_site-2p-seed14 \
            house_example-6p-seed15 sackson-6p-seed16 book1881-2p-seed17 parlett-3p-seed18; do
  [[ $spec =~ ^(.+)-([2-6])p-seed([0-9]+)$ ]]
  "$zetema" play --variant "${BASH_REMATCH[1]}" --players "${BASH_REMATCH[2]}" \
    --seed "${BASH_REMATCH[3]}" --bots greedy,random > "$spec.log"
  echo "wrote $spec.log"
done
