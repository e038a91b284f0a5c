-- Every discard's veto runs just under the per-call instruction budget
-- (about 900,000 of 1,000,000): each call is allowed, but thousands of them
-- made `zetema check` run for many minutes. The check's total budget
-- stops it within seconds (issue 13).
return {
  id = "slow_hook",
  name = "A veto just under the budget",
  source = "test",
  extends = "sackson",

  allow_discard = function(state, card)
    local n = 0
    for i = 1, 300000 do
      n = n + i
    end
    return n > 0
  end,
}
