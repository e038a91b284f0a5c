#!/bin/sh
# Runs a command with a busy loop on every core beside it: the sandbox's
# verdicts come from budgets, not the clock, so a loaded machine must give
# the same results as a quiet one. Usage: beside_cpu_hogs.sh COMMAND [ARG...]
set -u
hogs=""
for _ in $(seq "$(nproc)"); do
  sh -c 'while :; do :; done' &
  hogs="$hogs $!"
done
trap 'kill $hogs 2>/dev/null' EXIT INT TERM
"$@"
status=$?
kill $hogs 2>/dev/null
wait 2>/dev/null
exit "$status"
