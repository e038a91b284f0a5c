-- House rule: "the imperial marriage stops a seat of your choice" -- whoever
-- declares a marriage in the imperial suit names a seat that misses its
-- next turn.
--
-- Sackson's rules otherwise: the marriage scores as the tables give it.

return {
  id = "marriage_stops_a_seat",
  name = "The imperial marriage stops a seat of your choice (Sackson with a seat choice)",
  source = "house rules (no historical source)",
  follows = "our table's custom, on top of sources/sackson.txt",
  extends = "sackson",

  -- House rule (no historical source), on Sackson's marriages ("a king
  -- and queen of the same suit"): a declaration holding an imperial
  -- marriage lets the declarer name a seat to stop.
  score_marriages = function(_state, m)
    if m.imperial == 0 then
      return m.points
    end
    return { points = m.points, offer = "stop" }
  end,

  choices = {
    -- House rule (no historical source): the seat that misses its next turn.
    stop = {
      options = "seat",
      apply = function(_state, seat)
        return { turn = { skip = seat, reason = "stopped by the imperial marriage" } }
      end,
    },
  },
}
