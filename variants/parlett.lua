-- Zetema as David Parlett gives it in The Penguin Book of Card Games
-- (2008 edition), the Zetema entry.
--
-- A child of sackson.lua: only what Parlett changes is written here, each
-- rule citing the book (docs/decisions.md §6, D25, D26). Where the readable
-- part of the entry is silent, Sackson's rule stands. The targets and the
-- partnerships follow the Denexa blog, which follows Parlett.

return {
  id = "parlett",
  name = "Parlett (The Penguin Book of Card Games, 2008)",
  source = "Parlett, The Penguin Book of Card Games (2008), Zetema",
  follows = "David Parlett's Zetema entry; targets and partnerships as the Denexa blog",
  extends = "sackson",

  -- Parlett: a turn begins by drawing one card, then a combination may be
  -- declared, then one card is discarded -- so a player declares holding
  -- seven of a six-card hand (§6, "cards held when declaring").
  flow = {
    turn_start = { draw = 1 },

    -- Parlett: married cards go face up to the wastepile and the player at
    -- once refills to the hand size, with no discard that turn (D26).
    after_marriages = { refill = 0, discard = "skip" },

    -- Parlett: after any other combination one of its cards is discarded.
    after_declaration = { discard = "from_meld" },
  },

  -- Parlett's table: sequence 20; flush 30 and flush sequence 50 as Sackson.
  points = { sequence = 20 },

  -- Parlett: each marriage needs its own card from hand.
  marriage_hand_card = "per_marriage",

  -- Parlett's imperial bonus is counted in score_marriages below, not by
  -- the hand's running count of imperial marriages (D25).
  imperial_bonus = "none",

  -- Parlett: +10 for every marriage in the doubled suit when fewer than five
  -- are declared at once; five at once score a flat 150 (D25: one imperial
  -- marriage alone 20, both at once 50, three with one imperial 70).
  score_marriages = function(_, m)
    if m.marriages == 5 then
      return m.base
    end
    return { points = m.base + 10 * m.imperial,
             reason = m.imperial > 0 and "+10 a marriage in the imperial suit" or nil }
  end,

  -- Denexa: partners in pairs at four and at six (three pairs), never two
  -- teams of three.
  teams_of_three_allowed = false,
}
