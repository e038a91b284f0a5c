-- A fuzz seed: scoring hooks that move cards and change the turn.
return {
  id = "scoring_effects", name = "Scoring effects", source = "test", extends = "sackson",
  score_declaration = function(state, d)
    if state.stock == 0 then return d.points end
    return { points = d.points, reason = "a card to the table",
             effects = { { move = "top", to = "shown" } } }
  end,
  score_marriages = function(state, d)
    if state.stock == 0 then return d.points end
    return { points = d.points, effects = { { move = "bottom", to = "shown" } },
             turn = { skip = "next" } }
  end,
  score_zetema = function(state, z)
    local t = {}
    for i, c in ipairs(state:shown()) do t[i] = { move = c, to = { hand = z.player } } end
    return { points = z.points, effects = t, turn = { again = true } }
  end,
  score_hand_end = function(state)
    local n = #state:shown()
    return { awards = { { player = 1, points = n } }, reason = "cards shown" }
  end,
}
