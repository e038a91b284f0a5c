-- House rule: "a zetema draws a card" -- whoever turns a zetema draws one
-- card from the stock at once, before the next player's turn.
--
-- Sackson's rules otherwise. The zetema-maker holds one card more until his
-- next turn, when he draws up to six as usual.

return {
  id = "draw_after_zetema",
  name = "A zetema draws a card (Sackson with a reward)",
  source = "house rules (no historical source)",
  follows = "our table's custom, on top of sources/sackson.txt",
  extends = "sackson",

  flow = {
    -- House rule (no historical source), on Sackson's zetema ("the player
    -- scores points for a zetema"): the maker also draws exactly one card.
    -- An empty stock gives nothing.
    after_zetema = { draw = 1 },
  },
}
