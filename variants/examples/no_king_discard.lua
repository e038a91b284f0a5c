-- House rule: "kings stay in hand" -- a king may not be discarded while the
-- player has any other card he could discard.
--
-- Sackson's rules otherwise. A king can still leave the hand in a marriage
-- or an assembly; and when every card a player may discard is a king (the
-- last cards of a hand, or after an assembly of kings), he discards one.

return {
  id = "no_king_discard",
  name = "Kings stay in hand (Sackson with a discard rule)",
  source = "house rules (no historical source)",
  follows = "our table's custom, on top of sources/sackson.txt",
  extends = "sackson",

  -- House rule (no historical source), on Sackson's discard ("end your turn
  -- by discarding one card"): a king is refused, with a reason. The engine
  -- lifts the veto when it would leave no card to discard.
  allow_discard = function(_state, card)
    if card:sub(1, 1) == "K" then
      return false, "kings stay in hand (house rule)"
    end
    return true
  end,
}
