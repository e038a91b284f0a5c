-- House rule: "seven to play" -- at the start of a turn a player draws up to
-- seven cards, one more than the hand of six, so each turn offers one card
-- more to make a combination from.
--
-- Sackson's rules otherwise: sequences and flushes are still six cards long
-- (the dealt hand), and the turn still ends with a discard.

return {
  id = "seven_card_turn",
  name = "Seven to play (Sackson, drawing one card more)",
  source = "house rules (no historical source)",
  follows = "our table's custom, on top of sources/sackson.txt",
  extends = "sackson",

  flow = {
    -- House rule (no historical source), on Sackson's turn step 1 ("bring
    -- his hand up to six cards"): refill to the hand size + 1. With five
    -- players or fewer that is seven cards; with six players, six.
    turn_start = { refill = 1 },
  },
}
