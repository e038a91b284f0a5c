-- A house rule not installed anywhere: a replay recorded under it carries
-- this file, and the studio asks before running it (tests/studio).
return {
  id = "own_rules",
  name = "Own rules (not installed)",
  source = "test",
  extends = "sackson",
}
