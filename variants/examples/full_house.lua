-- House rule: "a full house" -- three cards of one rank and two of another,
-- all from hand, may be declared for 25 points.
--
-- Sackson's rules otherwise. A full house is declared like any combination
-- (`full-house 4C 4H 4S JD JS'`); the turn then ends with a discard, which
-- must be one of its five cards.

-- The ranks in order. Hooks walk them in this order, not with pairs(), so
-- the sets come out in the same order in every run.
local RANKS = { "A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K" }

-- The cards of a hand, grouped by rank: { ["4"] = {"4C", "4H", "4S"}, ... }.
local function by_rank(hand)
  local groups = {}
  for _, card in ipairs(hand) do
    local rank = card:sub(1, 1)
    groups[rank] = groups[rank] or {}
    table.insert(groups[rank], card)
  end
  return groups
end

-- Every way of choosing `k` cards from the list `cards`, each a new list.
local function choose(cards, k)
  local out = {}
  local function pick(from, chosen)
    if #chosen == k then
      out[#out + 1] = table.move(chosen, 1, k, 1, {})
      return
    end
    for i = from, #cards do
      chosen[#chosen + 1] = cards[i]
      pick(i + 1, chosen)
      chosen[#chosen] = nil
    end
  end
  pick(1, {})
  return out
end

return {
  id = "full_house",
  name = "Full house (Sackson with a new combination)",
  source = "house rules (no historical source)",
  follows = "our table's custom, on top of sources/sackson.txt",
  extends = "sackson",

  kinds = {
    -- House rule (no historical source), a new kind beside Sackson's
    -- combinations, borrowed from poker: three of a rank and two of
    -- another, 25 points. The discard after it is one of its cards, as
    -- Sackson asks after any combination.
    ["full-house"] = {
      points = 25,
      discard = "from_meld",
      source = "house rule (no historical source)",
      find = function(_state, hand)
        local groups = by_rank(hand)
        local found = {}
        for _, three_rank in ipairs(RANKS) do
          for _, two_rank in ipairs(RANKS) do
            local threes, twos = groups[three_rank] or {}, groups[two_rank] or {}
            if three_rank ~= two_rank and #threes >= 3 and #twos >= 2 then
              for _, three in ipairs(choose(threes, 3)) do
                for _, two in ipairs(choose(twos, 2)) do
                  found[#found + 1] = { three[1], three[2], three[3], two[1], two[2] }
                end
              end
            end
          end
        end
        return found
      end,
    },
  },
}
