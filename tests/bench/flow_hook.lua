-- Benchmark: Sackson with a flow_step hook that runs at every step of every
-- turn and keeps the tables' rule (so the game is Sackson's, event for event,
-- and the cost measured is the hook call alone).
return {
  id = "flow_hook",
  name = "Sackson with a flow_step hook at every step",
  source = "benchmark",
  extends = "sackson",
  flow_step = function(state, step, rule)
    return nil
  end,
}
