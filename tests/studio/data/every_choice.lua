-- A test variant that asks every kind of question: at each turn's start
-- while the stock lasts, whether to swap (yes or no), then which card of
-- the hand goes under the stock; a zetema's maker picks a number of bonus
-- points, then a seat that misses its next turn.
return {
  id = "every_choice",
  name = "Every kind of choice (test)",
  source = "test variant (no historical source)",
  extends = "sackson",

  turn_start = function(state)
    if state.stock > 0 then return { offer = "swap", reason = "a swap with the stock's bottom" } end
  end,

  score_zetema = function(_state, z)
    return { points = z.points, offer = "bonus", reason = "a zetema's bonus" }
  end,

  choices = {
    swap = {
      options = "yes_no",
      apply = function(_state, yes)
        if yes then return { offer = "swap_card" } end
      end,
    },
    swap_card = {
      options = { cards = "hand" },
      apply = function(_state, card, chooser)
        return { effects = { { move = "bottom", to = { hand = chooser } },
                             { move = card, to = "stock_bottom" } } }
      end,
    },
    bonus = {
      options = { number = { 0, 3 } },
      apply = function(_state, n, chooser)
        return { awards = { { player = chooser, points = n, reason = "bonus" } },
                 offer = "skip" }
      end,
    },
    skip = {
      options = "seat",
      apply = function(_state, seat)
        return { turn = { skip = seat, reason = "chosen to miss a turn" } }
      end,
    },
  },
}
