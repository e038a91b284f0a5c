-- House rule: "the imperial marriage turns the table round" -- whoever
-- declares a marriage in the imperial suit reverses the order of play.
--
-- Sackson's rules otherwise: the marriage scores as the tables give it.
-- The order stays reversed for the rest of the hand (or until another
-- imperial marriage turns it back); each hand begins in Sackson's order.

return {
  id = "imperial_marriage_reverses",
  name = "The imperial marriage reverses the play (Sackson with turn control)",
  source = "house rules (no historical source)",
  follows = "our table's custom, on top of sources/sackson.txt",
  extends = "sackson",

  -- House rule (no historical source), on Sackson's marriages ("a king
  -- and queen of the same suit"): a declaration holding an imperial
  -- marriage turns the order of play round.
  score_marriages = function(_state, m)
    if m.imperial == 0 then
      return m.points
    end
    return { points = m.points, turn = { reverse = true, reason = "the imperial marriage turns the table" } }
  end,
}
