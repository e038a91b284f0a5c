-- House rule: "the ace tribute" -- a zetema of aces scores its 15 points
-- as usual, and every other side also loses 10.
--
-- Sackson's rules otherwise. The tribute is an award to the other sides,
-- returned by the zetema's own scoring hook, so it is paid at once and can
-- be read in the game's history.

return {
  id = "ace_tribute",
  name = "The ace tribute (Sackson with a zetema that costs the others)",
  source = "house rules (no historical source)",
  follows = "our table's custom, on top of sources/sackson.txt",
  extends = "sackson",

  -- House rule (no historical source), on Sackson's zetema chart ("Aces or
  -- 5's 15"): an ace zetema keeps its points and takes 10 from each other side.
  score_zetema = function(state, z)
    if z.rank ~= "A" then
      return z.points
    end
    local maker_side = state:side_of(z.player)
    local awards = {}
    for side = 1, state.sides do
      if side ~= maker_side then
        awards[#awards + 1] = { side = side, points = -10, reason = "ace tribute" }
      end
    end
    return { points = z.points, awards = awards }
  end,
}
