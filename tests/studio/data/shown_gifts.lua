-- A test variant whose hooks move cards (tests/studio, tests/cli): after
-- each deal three cards of the stock are turned face up in the shown area;
-- at the start of every eighth turn the player takes one of them into the
-- hand (in public), and on the other odd turns the stock's bottom card
-- (in secret: the other seats must not learn it).
return {
  id = "shown_gifts",
  name = "Shown gifts (test)",
  source = "test",
  extends = "sackson",
  -- A short game, ended in the middle of a hand (sackson's end_at_target
  -- "immediate"): a replay of it ends with cards still hidden in the hands.
  target = { [2] = 50, [3] = 50, [4] = 50, [5] = 50, [6] = 50 },

  after_deal = function(state)
    if state.stock < 3 then return nil end
    return {
      reason = "three cards turned up",
      effects = {
        { move = "top", to = "shown" },
        { move = "top", to = "shown" },
        { move = "top", to = "shown" },
      },
    }
  end,

  turn_start = function(state)
    local shown = state:shown()
    if state.turn % 8 == 0 and #shown > 0 then
      return {
        effects = {
          { move = shown[1], from = "shown", to = { hand = state.player }, reason = "a shown gift" },
        },
      }
    end
    if state.turn % 2 == 1 and state.stock > 4 then
      return {
        effects = {
          { move = "bottom", to = { hand = state.player }, reason = "a secret gift" },
          { shuffle = "stock", reason = "the stock shuffled after a gift" },
        },
      }
    end
    return nil
  end,
}
