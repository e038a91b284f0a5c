-- A benchmark variant, not a game to play: Sackson's rules with a target no
-- game reaches, so `zetema play --max-hands 200` plays all 200 hands and
-- records a replay of about 25,000 events (docs/benchmarks.md, the studio's
-- frame with a large replay).

return {
  id = "endless",
  name = "Sackson without an end (benchmark)",
  source = "no historical source: a benchmark fixture",
  follows = "sources/sackson.txt, with an unreachable target",
  extends = "sackson",
  target = { [2] = 1000000, [3] = 1000000, [4] = 1000000, [5] = 1000000, [6] = 1000000 },
}
