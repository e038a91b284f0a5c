-- House rule: "aces turn the table round" -- a zetema of aces reverses the
-- order of play for the rest of the hand.
--
-- Sackson's rules otherwise: the zetema scores as the table gives it; a
-- second zetema of aces in a hand cannot happen (a rank's pile is made
-- once), so the order turns round at most once a hand. Each hand begins in
-- the variant's own direction again.

return {
  id = "ace_zetema_reverses",
  name = "Aces turn the table round (Sackson with turn control)",
  source = "house rules (no historical source)",
  follows = "our table's custom, on top of sources/sackson.txt",
  extends = "sackson",

  -- House rule (no historical source), on Sackson's zetema: an ace zetema
  -- scores its table points and turns the order of play round.
  score_zetema = function(_state, z)
    if z.rank ~= "A" then
      return z.points
    end
    return { points = z.points, turn = { reverse = true, reason = "aces turn the table round" } }
  end,
}
