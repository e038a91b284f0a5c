-- House rule: "the last card shown" -- after the deal the bottom card of
-- the stock is turned face up beside it, for all to see; when the stock
-- runs out, that card is put back as the stock's last card.
--
-- Sackson's rules otherwise. Every player knows which card the stock will
-- give last, and so who holds it once it is drawn.

return {
  id = "shown_last_card",
  name = "The last card shown (Sackson with the stock's bottom card face up)",
  source = "house rules (no historical source)",
  follows = "our table's custom, on top of sources/sackson.txt",
  extends = "sackson",

  -- House rule (no historical source), on Sackson's stock ("the rest of
  -- the deck is placed face down"): its bottom card is shown face up.
  after_deal = function(_state)
    return { effects = { { move = "bottom", to = "shown", reason = "the last card shown" } } }
  end,

  -- House rule (no historical source), on Sackson's end of the stock: the
  -- shown card is the stock's last card.
  stock_empty = function(state)
    local effects = {}
    for _, card in ipairs(state:shown()) do
      effects[#effects + 1] = { move = card, from = "shown", to = "stock" }
    end
    return { reason = "the shown card is the last to draw", effects = effects }
  end,
}
