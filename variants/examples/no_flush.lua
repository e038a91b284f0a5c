-- House rule: "no plain flushes" -- six cards of one suit score nothing
-- unless they also run in sequence (a flush sequence, 50).
--
-- Sackson's rules otherwise: sequences, flush sequences, assemblies and
-- marriages score as in sackson.lua.

return {
  id = "no_flush",
  name = "No plain flushes (Sackson without the flush)",
  source = "house rules (no historical source)",
  follows = "our table's custom, on top of sources/sackson.txt",
  extends = "sackson",

  kinds = {
    -- House rule (no historical source), on Sackson's "Scoring
    -- Combinations" (flush 30): the built-in kind is removed.
    flush = false,
  },
}
