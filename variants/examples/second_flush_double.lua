-- House rule: "the second flush doubles" -- the second flush declared in a
-- hand, by anyone, scores double: 60 instead of 30.
--
-- Sackson's rules otherwise. Only flushes count (not flush sequences), and
-- only the second of the hand: the third scores 30 again.

return {
  id = "second_flush_double",
  name = "The second flush doubles (Sackson with a history rule)",
  source = "house rules (no historical source)",
  follows = "our table's custom, on top of sources/sackson.txt",
  extends = "sackson",

  -- House rule (no historical source), on Sackson's flush of 30: the hook
  -- counts the flushes already in this hand's history (the one being
  -- declared is not in it yet).
  score_declaration = function(state, decl)
    if decl.kind ~= "flush" then
      return decl.points
    end
    local flushes = 0
    for _, entry in ipairs(state:history()) do
      if entry.what == "declaration" and entry.kind == "flush" then
        flushes = flushes + 1
      end
    end
    if flushes == 1 then
      return { points = 2 * decl.points, reason = "the second flush of the hand doubles" }
    end
    return decl.points
  end,
}
