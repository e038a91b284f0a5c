-- House rule: "the feeder pays" -- whoever discarded the fourth card of a
-- pile (and so fed the zetema) pays 5 points to the player who turns it, at
-- once. A player who fed his own zetema, or his partner's, pays nothing.
--
-- Sackson's rules otherwise.

local FEE = 5

return {
  id = "feeder_pays",
  name = "The feeder pays (Sackson with points moving between sides)",
  source = "house rules (no historical source)",
  follows = "our table's custom, on top of sources/sackson.txt",
  extends = "sackson",

  -- House rule (no historical source), on Sackson's zetema: the `z` table
  -- names the feeder (`fed_by`); the maker scores 5 more and the feeder's
  -- side gives them up, as an award of its own.
  score_zetema = function(state, z)
    if state:side_of(z.fed_by) == state:side_of(z.player) then
      return z.points
    end
    return { points = z.points + FEE, reason = "took 5 from the feeder",
             awards = { { player = z.fed_by, points = -FEE, reason = "fed the pile" } } }
  end,
}
