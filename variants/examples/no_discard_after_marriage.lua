-- House rule: "marriages are the play" -- a player who declares marriages
-- does not discard that turn; he draws back up to his hand size at once.
--
-- Sackson's rules otherwise (there, marriages are declared and the turn
-- still ends with a discard, D9). The 1881 book plays marriages "instead of
-- playing a card" too, but draws after the play; this table refills at once.

return {
  id = "no_discard_after_marriage",
  name = "Marriages are the play (Sackson, no discard after marriages)",
  source = "house rules (no historical source)",
  follows = "our table's custom, on top of sources/sackson.txt",
  extends = "sackson",

  flow = {
    -- House rule (no historical source), on Sackson's marriage_mode
    -- "declare_then_discard": after marriages, refill to the hand size
    -- (refill = 0: the hand size + 0) and skip the discard.
    after_marriages = { refill = 0, discard = "skip" },
  },
}
