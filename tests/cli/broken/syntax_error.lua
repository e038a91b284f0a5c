-- A variant with a syntax error on line 5.
return {
  id = "syntax_error", name = "Broken", source = "test",
  extends = "sackson",
  points = { sequence = = 20 },
}
