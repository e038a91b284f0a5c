-- House rule: "the zetema gift, as you choose" -- a player who completes a
-- zetema gives a card of their choice to the side with the lowest score.
--
-- Sackson's rules otherwise: the zetema scores its table points. The card
-- goes to the first player, in seat order, of the side lowest in score
-- when the gift is made (after the zetema's points). No gift when the
-- maker's own side is lowest (or ties for it), or when he holds no card.
-- Only the giver and the receiver see the card.

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
  id = "zetema_gift_choice",
  name = "The zetema gift, as you choose (Sackson with a card given by choice)",
  source = "house rules (no historical source)",
  follows = "our table's custom, on top of sources/sackson.txt",
  extends = "sackson",

  -- House rule (no historical source), on Sackson's zetema ("the player
  -- scores points for a zetema"): its points as the table gives them, and
  -- the maker is asked for a card to give.
  score_zetema = function(state, z)
    local low = lowest_side(state)
    if state:score(state:side_of(z.player)) == low or #state:hand_of(z.player) == 0 then
      return z.points
    end
    return { points = z.points, offer = { choice = "gift", player = z.player } }
  end,

  choices = {
    -- House rule (no historical source): the card given to the lowest side.
    gift = {
      options = { cards = "hand" },
      apply = function(state, card)
        local low, side = lowest_side(state)
        -- The chooser holds the card; the turn may have passed on already.
        local giver = nil
        for p = 1, state.players do
          for _, c in ipairs(state:hand_of(p)) do
            if c == card then
              giver = p
            end
          end
        end
        if giver == state.player and #state:hand_of(giver) <= 1 then
          return nil
        end
        if giver == nil or state:score(state:side_of(giver)) == low then
          return nil
        end
        local to = nil
        for p = 1, state.players do
          if to == nil and state:side_of(p) == side then
            to = p
          end
        end
        return {
          effects = {
            { move = card, from = { hand = giver }, to = { hand = to }, reason = "the zetema gift" },
          },
        }
      end,
    },
  },
}
