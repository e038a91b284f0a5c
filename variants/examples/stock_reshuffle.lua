-- House rule: "the reshuffle" -- the first time the stock runs out in a
-- hand, the cards on the tableau are gathered, shuffled and made the new
-- stock.
--
-- Sackson's rules otherwise. Only once a hand: the second time the stock
-- runs out the hand plays out as Sackson's does, so every hand ends. The
-- zetema piles stay where they are. The shuffle uses the game's seeded
-- generator, so a replay of the game deals the same new stock.

-- Whether the tableau was gathered into the stock earlier this hand: the
-- hand's history keeps every card an effect moved.
local function reshuffled(state)
  for _, entry in ipairs(state:history("hand", "moved")) do
    if entry.from == "tableau" and entry.to == "stock" then
      return true
    end
  end
  return false
end

return {
  id = "stock_reshuffle",
  name = "The reshuffle (Sackson with the tableau made a new stock once a hand)",
  source = "house rules (no historical source)",
  follows = "our table's custom, on top of sources/sackson.txt",
  extends = "sackson",

  -- House rule (no historical source), on Sackson's end of the stock ("when
  -- the stock is gone, play continues without drawing"): the first time,
  -- the tableau's cards become a new stock.
  stock_empty = function(state)
    local tableau = state:tableau()
    if #tableau == 0 or reshuffled(state) then
      return nil
    end
    local effects = {}
    for _, card in ipairs(tableau) do
      effects[#effects + 1] = { move = card, from = "tableau", to = "stock" }
    end
    effects[#effects + 1] = { shuffle = "stock" }
    return { reason = "the tableau reshuffled into a new stock", effects = effects }
  end,
}
