-- House rule: "the trailing hand draws one more" -- a player whose side has
-- the lowest score, alone, draws up to the hand size + 1 at the start of
-- his turn, to help him catch up.
--
-- Sackson's rules otherwise. Which players are trailing changes with every
-- score, so a table cannot say it: the flow_step hook decides, turn by turn.

-- Whether `side` has fewer points than every other side.
local function trails_alone(state, side)
  for other = 1, state.sides do
    if other ~= side and state:score(other) <= state:score(side) then
      return false
    end
  end
  return true
end

return {
  id = "catch_up_draw",
  name = "The trailing hand draws one more (Sackson with a catch-up rule)",
  source = "house rules (no historical source)",
  follows = "our table's custom, on top of sources/sackson.txt",
  extends = "sackson",

  -- House rule (no historical source), on Sackson's turn step 1 ("bring his
  -- hand up to six cards"): at the turn's start the trailing side's player
  -- refills to the hand size + 1. Every other step, and every other player,
  -- keeps the tables' rule (nil).
  flow_step = function(state, step, rule)
    if step == "turn_start" and rule.refill == 0 and trails_alone(state, state:side_of(state.player)) then
      return { refill = 1 }
    end
    return nil
  end,
}
