-- House rule: "the starter card" -- after the deal the top card of the
-- stock is turned face up onto the tableau, on the pile of its rank, before
-- the first turn.
--
-- Sackson's rules otherwise: the starter lies on its pile like a discard
-- (counted to the dealer), so its pile needs one card fewer for a zetema.

return {
  id = "starter_card",
  name = "The starter card (Sackson with a card turned after the deal)",
  source = "house rules (no historical source)",
  follows = "our table's custom, on top of sources/sackson.txt",
  extends = "sackson",

  -- House rule (no historical source), on Sackson's deal ("the rest of the
  -- deck is placed face down as the stock"): its top card is turned face up
  -- onto the tableau.
  after_deal = function(_state)
    return { effects = { { move = "top", to = "tableau", reason = "the starter card" } } }
  end,
}
