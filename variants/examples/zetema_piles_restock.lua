-- House rule: "the second stock" -- the first time the stock runs out in a
-- hand, the zetema piles turned so far are gathered, shuffled and made the
-- new stock.
--
-- Sackson's rules otherwise. The zetemas were made and scored; their cards
-- only come back into play, so a rank's five may meet on the tableau again
-- and make its zetema a second time. Only once a hand: the second time the
-- stock runs out the hand plays out as Sackson's does. The shuffle uses the
-- game's seeded generator, so a replay of the game deals the same new stock.

-- Whether the zetema piles were gathered earlier this hand: the hand's
-- history keeps every card an effect moved.
local function restocked(state)
  for _, entry in ipairs(state:history("hand", "moved")) do
    if entry.from == "zetemas" then
      return true
    end
  end
  return false
end

return {
  id = "zetema_piles_restock",
  name = "The second stock (Sackson with the zetema piles made a new stock once a hand)",
  source = "house rules (no historical source)",
  follows = "our table's custom, on top of sources/sackson.txt",
  extends = "sackson",

  -- House rule (no historical source), on Sackson's end of the stock ("when
  -- the stock is gone, play continues without drawing"): the first time,
  -- the zetema piles become a new stock.
  stock_empty = function(state)
    local piles = state:zetema_cards()
    if #piles == 0 or restocked(state) then
      return nil
    end
    local effects = {}
    for _, card in ipairs(piles) do
      effects[#effects + 1] = { move = card, from = "zetemas", to = "stock" }
    end
    effects[#effects + 1] = { shuffle = "stock" }
    return { reason = "the zetema piles made a new stock", effects = effects }
  end,
}
