-- House rule: "the zetema gift" -- a player who turns a zetema gives his
-- highest card to the side with the lowest score.
--
-- Sackson's rules otherwise: the zetema scores its table points. The gift
-- is the first card of the highest rank (kings high) in the order the hand
-- is listed; it goes to the first player, in seat order, of the side
-- lowest in score before the zetema's points. No gift when the maker's own
-- side is lowest (or ties for it), or when he holds no card.

local RANKS = "A23456789TJQK"

local function highest(hand)
  local best, best_rank = nil, 0
  for _, card in ipairs(hand) do
    local rank = RANKS:find(card:sub(1, 1), 1, true)
    if rank > best_rank then
      best, best_rank = card, rank
    end
  end
  return best
end

-- The lowest score of the sides, and the first side that has it.
local function lowest_side(state)
  local low, side = nil, nil
  for s = 1, state.sides do
    if low == nil or state:score(s) < low then
      low, side = state:score(s), s
    end
  end
  return low, side
end

return {
  id = "zetema_gift",
  name = "The zetema gift (Sackson with a card given to the lowest side)",
  source = "house rules (no historical source)",
  follows = "our table's custom, on top of sources/sackson.txt",
  extends = "sackson",

  -- House rule (no historical source), on Sackson's zetema ("the player
  -- scores points for a zetema"): its points as the table gives them, and
  -- a card from the maker's hand to the lowest side.
  score_zetema = function(state, z)
    local low, side = lowest_side(state)
    local card = highest(state:hand_of(z.player))
    if state:score(state:side_of(z.player)) == low or card == nil then
      return z.points
    end
    local to = nil
    for p = 1, state.players do
      if to == nil and state:side_of(p) == side then
        to = p
      end
    end
    return {
      points = z.points,
      effects = {
        { move = card, from = { hand = z.player }, to = { hand = to }, reason = "the zetema gift" },
      },
    }
  end,
}
