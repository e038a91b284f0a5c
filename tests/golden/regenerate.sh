#!/usr/bin/env bash
# Rewrites the golden event logs from the current build. Run only when a
# change of behaviour is intended, and say why in the commit.
set -euo pipefail
cd "$(dirname "$0")"
zetema=${ZETEMA:-../../build/release/studio/zetema}
for spec in sackson-2p-seed11 rules_site-3p-seed12 book1881-4p-seed13 rummy_site-2p-seed14 \
            house_example-6p-seed15 sackson-6p-seed16 book1881-2p-seed17 parlett-3p-seed18 \
            sackson-2p-seed19-ismcts book1881-3p-seed20-ismcts; do
  [[ $spec =~ ^(.+)-([2-6])p-seed([0-9]+)(-ismcts)?$ ]]
  bots=greedy,random
  [ -n "${BASH_REMATCH[4]}" ] && bots=ismcts,greedy  # the search bot's games
  "$zetema" play --variant "${BASH_REMATCH[1]}" --players "${BASH_REMATCH[2]}" \
    --seed "${BASH_REMATCH[3]}" --bots "$bots" > "$spec.log"
  echo "wrote $spec.log"
done
