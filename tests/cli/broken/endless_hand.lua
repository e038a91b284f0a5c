-- A variant whose hands never end: nobody draws, and a kind lets a player
-- take a tableau card back into his hand instead of discarding. The greedy
-- bot takes whenever it can, so cards go round for ever; `zetema check`
-- must stop the hand and name it.
return {
  id = "endless_hand",
  name = "A hand that never ends",
  source = "test",
  extends = "sackson",
  flow = { turn_start = { draw = 0 } },
  target = { [2] = 1000000, [3] = 1000000, [4] = 1000000, [5] = 1000000, [6] = 1000000 },
  kinds = {
    take = {
      points = 1,
      tableau = true,
      discard = "skip",
      find = function(_, hand, tableau)
        local sets = {}
        for _, card in ipairs(tableau) do
          sets[#sets + 1] = { hand[1], card }
        end
        return sets
      end,
    },
  },
}
