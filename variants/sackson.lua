-- Zetema as modernised by Sid Sackson (A Gamut of Games, 1969).
--
-- Follows sources/sackson.txt, a rules-archive write-up that says it follows
-- Sackson. Where the text is silent, the default of docs/decisions.md is
-- used and the comment names the decision (D1-D24). Every rule is here: this
-- file is the parent of rules_site.lua and of house_example.lua.

return {
  id = "sackson",
  name = "Sackson (A Gamut of Games, 1969)",
  source = "sources/sackson.txt",
  follows = "the cardsanddominoes.com archive of Sackson's rules",

  -- The deck. sackson.txt: "taking the 13 Spades from a second deck ...
  -- The duplicate suit is called the imperial suit. Use Spades".
  imperial_suit = "S",

  -- sackson.txt: "For two to five players, deal 6 cards each. For six
  -- players, deal 5 cards each."
  hand_size = { [2] = 6, [3] = 6, [4] = 6, [5] = 6, [6] = 5 },

  -- sackson.txt, turn step 1: "Draws as many cards as necessary to bring his
  -- hand up to six cards", then one combination, then one discard (D1).
  draw_mode = "refill_before",

  -- Sequences and flushes are as long as the dealt hand; sackson.txt "assume[s]
  -- a 6-card hand", so 5-card melds with six players are a default (D6).
  short_hand_melds = "shorten",

  -- sackson.txt, "Scoring Combinations": sequence 10, flush 30, flush sequence 50.
  points = { sequence = 10, flush = 30, flush_sequence = 50 },

  -- sackson.txt asks for "numerical order": the ace is low only, and no
  -- sequence wraps from king to ace (D3).
  ace_high_in_sequence = false,
  wraparound = false,

  -- sackson.txt strategy notes: flushes "in the imperial suit" are "very
  -- effective" -- they count (D5).
  imperial_flush_allowed = true,

  -- sackson.txt, assembly chart: Kings or Queens 130, Jacks 120, Aces or 5's
  -- 110, all other ranks 100.
  assembly_points = { K = 130, Q = 130, J = 120, A = 110, ["5"] = 110, other = 100 },

  -- sackson.txt, zetema chart: Kings or Queens 50, Jacks 20, Aces or 5's 15,
  -- all other ranks 5.
  zetema_points = { K = 50, Q = 50, J = 20, A = 15, ["5"] = 15, other = 5 },

  -- sackson.txt, marriage chart: 1, 2, 3, 4, 5 at once = 10, 30, 60, 100, 150.
  marriage_base = { 10, 30, 60, 100, 150 },

  -- sackson.txt: "The second marriage in the duplicated suit scores an extra
  -- 10 points, or if both ... are declared at once an extra 20 points ...
  -- already included in the 150 points for 5 marriages" (D7).
  imperial_bonus = "second10_both20",

  -- sackson.txt: "only one card need be from your hand. Any other cards
  -- required may be taken from the tableau" (D8).
  marriage_hand_card = "per_declaration",

  -- sackson.txt: marriages are declared, then the turn ends with the discard (D9).
  marriage_mode = "declare_then_discard",

  -- sackson.txt: "end your turn by discarding one card from the combination" (D12).
  discard_from_meld = true,

  -- sackson.txt strategy notes: after a score, "reconstitute and score for
  -- again, just by adding a single card" -- no limit on reused cards (D11).
  reuse_limit = false,

  -- sackson.txt: "A player can score for one combination in each turn";
  -- several marriages at once count as one (D19).
  max_declarations_per_turn = 1,

  -- No source forbids declaring after the stock runs out (D13).
  declare_after_stock_empty = true,

  -- sackson.txt: after any marriage "no one will ever score a zetema for
  -- Kings or Queens" -- no extra condition is needed (D10).
  kq_zetema_requires_assembly = false,

  -- sackson.txt: "In a two-player game, any player completing a zetema after
  -- the stock is exhausted is required to continue by discarding another
  -- card" (D15).
  two_player_chain = true,

  -- sackson.txt: "For two or three players, the goal is ... at least 300
  -- points ... If four or more play, the winning total is 200 points" (D16).
  target = { [2] = 300, [3] = 300, [4] = 200, [5] = 200, [6] = 200 },

  -- sackson.txt: "Play stops immediately ... even if players are in the
  -- middle of a hand" (D16).
  end_at_target = "immediate",
  game_length = "until_target",

  -- sackson.txt: "4 or 6 play best in partnerships ... either 2 partnerships
  -- of 3 each or 3 partnerships of 2 each": pairs by default, optional (D17).
  partnerships = { [4] = "pairs", [6] = "pairs" },
  partnerships_compulsory = false,
  teams_of_three_allowed = true,

  -- sackson.txt has no penalties (D18).
  penalties_1881 = false,

  -- No source says how the first dealer is chosen: a high-card draw; the
  -- dealer's left starts; play and the deal go clockwise (D2).
  first_dealer = "high_card_draw",
  first_player = "dealer_left",
  direction = "clockwise",
  deal_rotation = "clockwise",
}
