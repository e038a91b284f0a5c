-- House rule: "the dealer's head start" -- the dealer of the game's first
-- hand, who plays last in its first round, starts the game 5 points up.
--
-- Sackson's rules otherwise: later hands start level with the last one.

return {
  id = "dealer_head_start",
  name = "The dealer's head start (Sackson with a score at the game's start)",
  source = "house rules (no historical source)",
  follows = "our table's custom, on top of sources/sackson.txt",
  extends = "sackson",

  -- House rule (no historical source), on Sackson's first turn ("the player
  -- to the left of the dealer starts"): 5 points to the first dealer's
  -- side, once, when the game begins (no player's turn has begun yet, so
  -- the award names the dealer).
  game_start = function(state)
    return { awards = { { player = state.dealer, points = 5, reason = "the dealer's head start" } } }
  end,
}
