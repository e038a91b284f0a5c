-- House rule: "the zetema prize" -- when a hand ends, the player who turned
-- the most zetemas in it scores 20 more. A tie for the most wins nothing.
--
-- Sackson's rules otherwise. The prize is paid only when a hand is played
-- out: a game that ends at the target in the middle of a hand (D16) ends
-- before its prize.

return {
  id = "most_zetemas_bonus",
  name = "The zetema prize (Sackson with an end-of-hand bonus)",
  source = "house rules (no historical source)",
  follows = "our table's custom, on top of sources/sackson.txt",
  extends = "sackson",

  -- House rule (no historical source), on Sackson's zetema chart: 20 to the
  -- player with the most zetemas of the hand, read from the hand's history.
  score_hand_end = function(state)
    local count = {}
    for _, entry in ipairs(state:history()) do
      if entry.what == "zetema" then
        count[entry.player] = (count[entry.player] or 0) + 1
      end
    end
    local best, best_player, tied = 0, nil, false
    for p = 1, state.players do
      local n = count[p] or 0
      if n > best then
        best, best_player, tied = n, p, false
      elseif n == best and n > 0 then
        tied = true
      end
    end
    if best_player == nil or tied then
      return {}
    end
    return { { player = best_player, points = 20, reason = "most zetemas this hand" } }
  end,
}
