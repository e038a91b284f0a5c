-- House rule: "a pair of sevens" -- any two sevens in hand may be declared
-- as a combination worth 15 points.
--
-- Sackson's rules otherwise. The new kind is declared like any combination
-- (`pair-of-sevens 7C 7D` in notation) and, as after a sequence, the turn
-- ends by discarding one of its two cards.

return {
  id = "pair_of_sevens",
  name = "Pair of sevens (Sackson with a new combination)",
  source = "house rules (no historical source)",
  follows = "our table's custom, on top of sources/sackson.txt",
  extends = "sackson",

  kinds = {
    -- House rule (no historical source), a new kind beside Sackson's
    -- sequence, flush, assembly and marriages: two sevens, 15 points.
    ["pair-of-sevens"] = {
      points = 15,
      discard = "from_meld",
      source = "house rule (no historical source)",
      -- Every pair of sevens the player holds; the hand is a list of cards
      -- such as "7C" or "7S'" (the second imperial seven).
      find = function(_state, hand)
        local sevens = {}
        for _, card in ipairs(hand) do
          if card:sub(1, 1) == "7" then
            sevens[#sevens + 1] = card
          end
        end
        local pairs_found = {}
        for i = 1, #sevens do
          for j = i + 1, #sevens do
            pairs_found[#pairs_found + 1] = { sevens[i], sevens[j] }
          end
        end
        return pairs_found
      end,
    },
  },
}
