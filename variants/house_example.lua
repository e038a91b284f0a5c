-- A house variant: Sackson's rules with three changes of our own.
--
-- Start here to write your own: copy this file, give it a new id (the file
-- is named <id>.lua), keep `extends` and write only what you change.
-- docs/variant-authoring.md explains every table and hook; check your file
-- with `zetema check yourfile.lua`.

return {
  id = "house_example",
  name = "House example (Sackson with three house rules)",
  source = "house rules (no historical source)",
  follows = "our table's custom, on top of sources/sackson.txt",
  extends = "sackson",

  -- House table 1: a plain sequence is worth 15, not 10. Only the entry
  -- given changes; flush and flush_sequence stay as sackson.lua has them.
  points = { sequence = 15 },

  -- House table 2: the knave trick is worth 25 and the ace trick 20.
  zetema_points = { J = 25, A = 20 },

  -- House hook: marriages declared once the stock is empty score half as
  -- much again -- a reward for holding kings and queens to the end.
  -- `m.points` is what the tables give (base plus imperial bonus).
  score_marriages = function(state, m)
    if state.stock == 0 then
      return m.points + m.points // 2
    end
    return m.points
  end,
}
