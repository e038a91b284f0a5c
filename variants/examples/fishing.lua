-- House rule: "fishing" -- a player may fish a card from the tableau: one
-- card from his hand and one of the same rank from that rank's pile make a
-- "fish", worth 10 for a court card (J, Q, K) and 5 for any other rank. The
-- fished card joins his hand, and he ends the turn with a discard as usual.
--
-- Sackson's rules otherwise. Each rank may be fished once a hand (by
-- anyone); fishing takes a card back from a pile, so the zetema of that
-- rank is one discard further away.

local COURT = { J = true, Q = true, K = true }

return {
  id = "fishing",
  name = "Fishing (Sackson with a combination that uses the tableau)",
  source = "house rules (no historical source)",
  follows = "our table's custom, on top of sources/sackson.txt",
  extends = "sackson",

  kinds = {
    -- House rule (no historical source), a new kind beside Sackson's
    -- combinations. `tableau = true`: the finder also gets the tableau's
    -- cards, and a card of the set found there is taken into the hand.
    fish = {
      tableau = true,
      discard = "required",
      source = "house rule (no historical source)",
      -- Every pair of a held card and a tableau card of its rank, for the
      -- ranks not yet fished in this hand (read from the hand's history).
      find = function(state, hand, tableau)
        local fished = {}
        for _, entry in ipairs(state:history()) do
          if entry.what == "declaration" and entry.kind == "fish" then
            fished[entry.cards[1]:sub(1, 1)] = true
          end
        end
        local found = {}
        for _, mine in ipairs(hand) do
          for _, theirs in ipairs(tableau) do
            local rank = mine:sub(1, 1)
            if rank == theirs:sub(1, 1) and not fished[rank] then
              found[#found + 1] = { mine, theirs }
            end
          end
        end
        return found
      end,
      -- The points depend on the cards, so they are a function: `decl` is
      -- the declaration (decl.cards, decl.player, ...), as in
      -- score_declaration.
      points = function(_state, decl)
        if COURT[decl.cards[1]:sub(1, 1)] then
          return 10
        end
        return 5
      end,
    },
  },
}
