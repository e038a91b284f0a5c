-- Zetema as given by a modern rules site that follows Sackson.
--
-- Follows sources/rules-site.txt. It differs from sackson.lua only where the
-- text differs from sources/sackson.txt (docs/decisions.md §3, "The
-- rules_site profile"); everything else is inherited.

return {
  id = "rules_site",
  name = "Rules site (after Sackson)",
  source = "sources/rules-site.txt",
  follows = "a modern rules site's Zetema page",
  extends = "sackson",

  -- rules-site.txt states 5-card melds: "6 (or 5) cards of the same suit".
  -- Where sackson.txt only assumes them, here they are the text's own rule.
  short_hand_melds = "shorten",

  -- rules-site.txt: "If you score the second marriage of the duplicate suit
  -- it is worth an extra 10 points", with no clause for both at once. Read
  -- as a shortened copy of sackson.txt's sentence by default (scored as
  -- sackson does); set rules_site_literal = true to take it literally (+10
  -- for any declaration holding the second imperial marriage, never +20).
  rules_site_literal = false,
}
