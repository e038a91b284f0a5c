-- Loads and plays, but its hook keeps a counter between calls, so the same
-- game re-derived from its replay scores differently: not a pure function.
local calls = 0
return {
  id = "stateful_hook", name = "Stateful", source = "test",
  extends = "sackson",
  score_zetema = function(state, z)
    calls = calls + 1
    return z.points + calls % 3
  end,
}
