-- House rule: "four of a rank" -- four cards of one rank in hand may be
-- declared as a combination worth half of what the table's assembly of that
-- rank (all five) is worth: 65 for four kings under Sackson's table.
--
-- Sackson's rules otherwise. The points are read from the variant's own
-- resolved tables (`state.rules.assembly_points`), so a child of this file
-- that changes the assembly table changes this rule with it, and nothing is
-- copied by hand.

return {
  id = "four_of_a_rank",
  name = "Four of a rank (Sackson with half an assembly for four)",
  source = "house rules (no historical source)",
  follows = "our table's custom, on top of sources/sackson.txt",
  extends = "sackson",

  kinds = {
    -- House rule (no historical source), a new kind beside Sackson's
    -- assembly of five: four of a rank, half the rank's assembly value.
    ["four-of-a-rank"] = {
      discard = "from_meld",
      source = "house rule (no historical source)",
      -- Every four cards of one rank the player holds (five of a rank in
      -- hand give five such sets); a card is "7C", its rank the first letter.
      find = function(_state, hand)
        local by_rank, order = {}, {}
        for _, card in ipairs(hand) do
          local rank = card:sub(1, 1)
          if not by_rank[rank] then
            by_rank[rank] = {}
            order[#order + 1] = rank
          end
          table.insert(by_rank[rank], card)
        end
        local sets = {}
        for _, rank in ipairs(order) do
          local cards = by_rank[rank]
          if #cards == 4 then
            sets[#sets + 1] = cards
          elseif #cards == 5 then -- every four of the five: leave one out
            for left_out = 1, 5 do
              local set = {}
              for i, card in ipairs(cards) do
                if i ~= left_out then set[#set + 1] = card end
              end
              sets[#sets + 1] = set
            end
          end
        end
        return sets
      end,
      -- Half the variant's own assembly value for the rank, rounded down.
      points = function(state, decl)
        local rank = decl.cards[1]:sub(1, 1)
        return state.rules.assembly_points[rank] // 2
      end,
    },
  },
}
