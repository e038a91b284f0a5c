-- House rule: "the bottom swap, if you like" -- at the start of a turn a
-- player may swap one card with the bottom card of the stock.
--
-- Sackson's rules otherwise. Once the turn's draw is done the player is
-- asked whether to swap (only while the stock holds a card); on yes he
-- picks the card of his hand to put under the stock, and takes the bottom
-- card in its place. The others see that a card changed places, not which.

return {
  id = "may_swap_bottom",
  name = "The bottom swap, if you like (Sackson with a choice at each turn's start)",
  source = "house rules (no historical source)",
  follows = "our table's custom, on top of sources/sackson.txt",
  extends = "sackson",

  -- House rule (no historical source), on Sackson's turn ("draw cards from
  -- the stock until you hold six"): then the player may swap.
  turn_start = function(state)
    if state.stock == 0 then
      return nil
    end
    return { offer = "swap", reason = "a swap with the stock's bottom card" }
  end,

  choices = {
    -- House rule (no historical source): yes or no to the swap.
    swap = {
      options = "yes_no",
      apply = function(_state, yes)
        if not yes then
          return nil
        end
        return { offer = "swap_card", reason = "the card to put under the stock" }
      end,
    },
    -- House rule (no historical source): the card put under the stock. The
    -- bottom card is taken first, so the card put under is not taken
    -- straight back (one hook may not move a card twice).
    swap_card = {
      options = { cards = "hand" },
      apply = function(state, card)
        local hand = { hand = state.player }
        return {
          reason = "the bottom swap",
          effects = {
            { move = "bottom", to = hand },
            { move = card, from = hand, to = "stock_bottom" },
          },
        }
      end,
    },
  },
}
