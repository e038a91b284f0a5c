-- A hand that grows by eight cards a turn to thirty and more, ten cards to a
-- meld: trying every ten-card subset of the hand for a sequence or flush
-- took minutes a turn (engine/meld_sets.h now stops it with a limit error).
return {
  id = "grows", name = "grows", source = "fuzz", follows = "fuzz", extends = "sackson",
  hand_size = { [2] = 1, [3] = 1, [4] = 1, [5] = 1, [6] = 1 },
  flow = { turn_start = { draw = 9 } },
  meld_len = { [2] = 10, [3] = 10, [4] = 10, [5] = 10, [6] = 10 },
}
