-- Benchmark variant: Sackson's rules, but every zetema is scored by a Lua
-- hook that gives the table's points (so games play exactly as sackson).
return {
  id = "zetema_hook",
  name = "Sackson with a zetema hook (benchmark)",
  source = "sources/sackson.txt",
  extends = "sackson",
  score_zetema = function(state, z)
    return z.points
  end,
}
