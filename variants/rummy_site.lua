-- Zetema "rummy style", from a modern rules site in the Sackson line.
--
-- Follows sources/rummy-site.txt: a seven-card turn and no imperial suit.
-- Where it is silent, the default of docs/decisions.md is used and the
-- comment names the decision (D1-D24).

return {
  id = "rummy_site",
  name = "Rummy-style rules site",
  source = "sources/rummy-site.txt",
  follows = "a rummy-style rules site's Zetema page and quick guide",

  -- rummy-site.txt: "13 cards from another deck, all the same suit"; it names
  -- no imperial suit, so spades, with no imperial rules attached (D20).
  imperial_suit = "S",

  -- rummy-site.txt: "dealt 6 cards when 2 to 5 players are playing, 5 cards
  -- when 6 are playing".
  hand_size = { [2] = 6, [3] = 6, [4] = 6, [5] = 6, [6] = 5 },

  -- rummy-site.txt: "A player should start each turn with seven cards after
  -- drawing" -- draw to hand size + 1, meld, discard (D1).
  draw_mode = "refill_plus_one_before",

  -- Melds are as long as the dealt hand; with six players, hold 6, meld 5 (D6).
  short_hand_melds = "shorten",

  -- rummy-site.txt: Straight 10, Flush 30, Straight Flush 50.
  points = { sequence = 10, flush = 30, flush_sequence = 50 },

  -- rummy-site.txt is silent on the ace: low only, no wrap-around (D3).
  ace_high_in_sequence = false,
  wraparound = false,

  -- rummy-site.txt has no imperial concept, so no flush is barred (D5).
  imperial_flush_allowed = true,

  -- rummy-site.txt: Kings or Queens 130, Jacks 120, Aces or 5s 110, others 100.
  assembly_points = { K = 130, Q = 130, J = 120, A = 110, ["5"] = 110, other = 100 },

  -- rummy-site.txt: Kings or Queens 50, Jacks 20, Aces or 5s 15, others 5.
  zetema_points = { K = 50, Q = 50, J = 20, A = 15, ["5"] = 15, other = 5 },

  -- rummy-site.txt: one 10, two 30, three 60, four 100, five 150 at once.
  marriage_base = { 10, 30, 60, 100, 150 },

  -- rummy-site.txt never names an imperial suit: no bonus (D7).
  imperial_bonus = "none",

  -- rummy-site.txt's example pairs a queen from a pile with a king in hand:
  -- each marriage takes its own card from hand (D8).
  marriage_hand_card = "per_marriage",

  -- rummy-site.txt: married cards go "to a separate discard pile" and the
  -- turn still ends with a discard (D9).
  marriage_mode = "declare_then_discard",

  -- rummy-site.txt: "the player will discard one card from the meld shown" (D12).
  discard_from_meld = true,

  -- rummy-site.txt is silent on reusing cards: no limit (D11).
  reuse_limit = false,

  -- rummy-site.txt: "a player will score a meld if possible" -- one a turn (D19).
  max_declarations_per_turn = 1,

  -- No source forbids declaring after the stock runs out (D13).
  declare_after_stock_empty = true,

  -- rummy-site.txt: "Zetemas cannot be scored for queens and kings if a
  -- marriage is melded" -- follows from the cards; no extra rule (D10).
  kq_zetema_requires_assembly = false,

  -- rummy-site.txt: "In a two player game, once the draw deck is out, a
  -- player that scores a zetema will play again" (D15).
  two_player_chain = true,

  -- rummy-site.txt: "the first to score 300 points when playing with two or
  -- three players, or 200 points when playing with four to six" (D16).
  target = { [2] = 300, [3] = 300, [4] = 200, [5] = 200, [6] = 200 },

  -- rummy-site.txt: "The game ends immediately once a player reaches" it.
  end_at_target = "immediate",
  game_length = "until_target",

  -- rummy-site.txt is silent on partnerships: off by default, and may be
  -- switched on as pairs; teams of three are sackson.txt's choice, not this
  -- site's (D17).
  partnerships = {},
  partnerships_compulsory = false,
  teams_of_three_allowed = false,

  -- No penalties in rummy-site.txt (D18).
  penalties_1881 = false,

  -- rummy-site.txt: "The player left of the dealer gets the first turn";
  -- the rest is common practice (D2).
  first_dealer = "high_card_draw",
  first_player = "dealer_left",
  direction = "clockwise",
  deal_rotation = "clockwise",
}
