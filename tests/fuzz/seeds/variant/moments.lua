-- A fuzz seed: every moment acting, with moves between all the zones.
return {
  id = "moments", name = "Moments", source = "test", extends = "sackson",
  game_start = function(state)
    return { effects = { { move = "top", to = "shown", reason = "the first card turned up" } } }
  end,
  after_deal = function(state)
    return { effects = { { shuffle = "stock" }, { move = "bottom", to = "stock" } },
             reason = "cut" }
  end,
  turn_start = function(state)
    local p = state.player
    if state.stock > 0 and state:held(p) < 3 then
      return { effects = { { move = "bottom", from = "stock_bottom", to = { hand = p } } },
               reason = "short hand" }
    end
    for _, c in ipairs(state:shown()) do
      return { effects = { { move = c, from = "shown", to = "stock_bottom" } } }
    end
  end,
  stock_empty = function(state)
    local moved = #state:history("hand", "moved")
    return { awards = { { side = 1, points = moved } }, reason = "stock out" }
  end,
}
