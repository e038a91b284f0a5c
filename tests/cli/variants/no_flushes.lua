-- A test variant for `zetema diff --policy skip`: Sackson, but no flush of
-- any kind may be declared, so a recorded flush is refused and skipped while
-- the game goes on.
return {
  id = "no_flushes",
  name = "Sackson without flushes (test)",
  source = "test",
  extends = "sackson",
  allow_declaration = function(state, d)
    if d.kind == "flush" or d.kind == "flush-sequence" then return false, "no flushes here" end
    return true
  end,
}
