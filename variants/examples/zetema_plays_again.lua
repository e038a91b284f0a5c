-- House rule: "a zetema plays again" -- the player who turns a zetema takes
-- another turn straight after this one.
--
-- Sackson's rules otherwise: the zetema scores its table points, the turn
-- ends as usual (drawing back to six), and the same player then begins a
-- new turn.

return {
  id = "zetema_plays_again",
  name = "A zetema plays again (Sackson with turn control)",
  source = "house rules (no historical source)",
  follows = "our table's custom, on top of sources/sackson.txt",
  extends = "sackson",

  -- House rule (no historical source), on Sackson's zetema ("the player
  -- scores points for a zetema"): its points as the table gives them, and
  -- another turn.
  score_zetema = function(_state, z)
    return { points = z.points, turn = { again = true, reason = "a zetema plays again" } }
  end,
}
