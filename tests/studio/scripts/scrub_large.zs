# The whole frame while scrubbing a large replay (issue 14, problem 9): a
# 200-hand game of a variant whose target cannot be reached, recorded with
#   zetema play --variant tests/bench/endless.lua --players 3 --seed 1 \
#     --max-hands 200 --record /tmp/endless.json
# and opened with --open. The default panels are open and a diff is run, at
# 1600x1000. frame-stats prints the studio's own work and the whole frame
# (events, work, rendering, swap and glFinish) in wall-clock and CPU time;
# docs/benchmarks.md. The replay carries its own rules: they are run (answer-replay).
window 1600 1000
answer-replay run
expect events-at-least 20000
diff book1881 stop
scrub-bench 400
frame-stats
