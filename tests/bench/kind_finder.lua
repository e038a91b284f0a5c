-- Benchmark: Sackson with one Lua-defined kind (any two sevens, 15), whose
-- finder runs on every turn that may declare.
return {
  id = "kind_finder",
  name = "Sackson with a pair-of-sevens kind",
  source = "benchmark",
  extends = "sackson",
  kinds = {
    ["pair-of-sevens"] = {
      points = 15,
      find = function(state, hand)
        local sevens = {}
        for _, c in ipairs(hand) do
          if c:sub(1, 1) == "7" then sevens[#sevens + 1] = c end
        end
        local sets = {}
        for i = 1, #sevens do
          for j = i + 1, #sevens do sets[#sets + 1] = { sevens[i], sevens[j] } end
        end
        return sets
      end,
    },
  },
}
