-- Loads fine, but its hand_over hook never returns.
return {
  id = "endless", name = "Endless", source = "test",
  extends = "sackson",
  hand_over = function(state, by_table)
    while true do end
  end,
}
