-- House rule: "the stock is the clock" -- the hand ends as soon as the stock
-- is empty, and every player then loses a point for each card still in his
-- hand.
--
-- Sackson's rules otherwise (there the hand is played out until nobody holds
-- a card, D14, so no card is ever left over).

return {
  id = "cards_left_penalty",
  name = "The stock is the clock (Sackson with a penalty for cards held)",
  source = "house rules (no historical source)",
  follows = "our table's custom, on top of sources/sackson.txt",
  extends = "sackson",

  -- House rule (no historical source), on D14's end of the hand: the hand
  -- ends at the end of the turn that empties the stock.
  hand_over = function(state, by_table)
    return by_table or state.stock == 0
  end,

  -- House rule (no historical source): -1 a card held when the hand ends,
  -- to each player's side.
  score_hand_end = function(state)
    local awards = {}
    for p = 1, state.players do
      local held = state:held(p)
      if held > 0 then
        awards[#awards + 1] = { player = p, points = -held, reason = "a point a card still held" }
      end
    end
    return awards
  end,
}
