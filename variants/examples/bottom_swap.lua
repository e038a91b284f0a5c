-- House rule: "the bottom swap" -- at the start of each turn, once the
-- player has drawn, he changes his lowest card for the bottom card of the
-- stock.
--
-- Sackson's rules otherwise. The lowest card is the first of the lowest
-- rank (aces low) in the order the hand is listed, as the engine offers no
-- choice at this moment; with the stock empty there is no swap. The player
-- sees the card he takes, the others see only that a card changed places.

local RANKS = "A23456789TJQK"

local function lowest(hand)
  local best, best_rank = nil, 99
  for _, card in ipairs(hand) do
    local rank = RANKS:find(card:sub(1, 1), 1, true)
    if rank < best_rank then
      best, best_rank = card, rank
    end
  end
  return best
end

return {
  id = "bottom_swap",
  name = "The bottom swap (Sackson with a card changed at each turn's start)",
  source = "house rules (no historical source)",
  follows = "our table's custom, on top of sources/sackson.txt",
  extends = "sackson",

  -- House rule (no historical source), on Sackson's turn ("draw cards from
  -- the stock until you hold six"): then the lowest card held goes under
  -- the stock, and its bottom card comes into the hand. The bottom card is
  -- taken first, so the card put under is not taken straight back.
  turn_start = function(state)
    local card = lowest(state:hand_of(state.player))
    if state.stock == 0 or card == nil then
      return nil
    end
    local hand = { hand = state.player }
    return {
      reason = "the bottom swap",
      effects = {
        { move = "bottom", to = hand },
        { move = card, from = hand, to = "stock_bottom" },
      },
    }
  end,
}
