-- House rule: "no snap" -- a player may not discard a card of the rank the
-- last discard of the hand was, while he has any other card he could
-- discard.
--
-- Sackson's rules otherwise. The last discard is read from the hand's
-- public history (`state:last_discard()`), so the rule sees exactly what
-- the table saw; when every card a player may discard is of that rank, he
-- discards one.

return {
  id = "no_snap",
  name = "No snap (Sackson with a rule on the last discard)",
  source = "house rules (no historical source)",
  follows = "our table's custom, on top of sources/sackson.txt",
  extends = "sackson",

  -- House rule (no historical source), on Sackson's discard ("end your turn
  -- by discarding one card"): not the rank just laid. The engine lifts the
  -- veto when it would leave no card to discard.
  allow_discard = function(state, card)
    local last = state:last_discard()
    if last and last.rank == card:sub(1, 1) then
      return false, "no snap: " .. last.card .. " was just laid (house rule)"
    end
    return true
  end,
}
