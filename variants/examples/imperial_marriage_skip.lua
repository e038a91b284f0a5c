-- House rule: "the imperial marriage stops the next player" -- whoever
-- declares a marriage in the imperial suit makes the next player miss a
-- turn.
--
-- Sackson's rules otherwise: the marriage scores as the tables give it.

return {
  id = "imperial_marriage_skip",
  name = "The imperial marriage stops the next player (Sackson with turn control)",
  source = "house rules (no historical source)",
  follows = "our table's custom, on top of sources/sackson.txt",
  extends = "sackson",

  -- House rule (no historical source), on Sackson's marriages ("a king
  -- and queen of the same suit"): a declaration holding an imperial
  -- marriage makes the next player in the order of play miss a turn.
  score_marriages = function(_state, m)
    if m.imperial == 0 then
      return m.points
    end
    return { points = m.points, turn = { skip = "next", reason = "stopped by the imperial marriage" } }
  end,
}
