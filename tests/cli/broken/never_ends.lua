-- Loads fine and plays, but no game can end: zetemas score nothing and
-- nothing else is ever declared (every declaration is refused).
return {
  id = "never_ends", name = "Never ends", source = "test",
  extends = "sackson",
  zetema_points = { other = 0 },
  allow_declaration = function(state, decl) return false, "house: no declarations" end,
}
