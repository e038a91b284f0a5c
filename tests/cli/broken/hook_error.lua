-- Loads fine, then fails during play: the zetema hook divides by a nil.
return {
  id = "hook_error", name = "Broken in play", source = "test",
  extends = "sackson",
  score_zetema = function(state, z)
    local bonus = nil
    return z.points + bonus * 2
  end,
}
